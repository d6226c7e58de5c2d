import * as React from 'react';
import { CheckCircle2, Download, FileSpreadsheet, Landmark, Loader2, Plus, Upload } from 'lucide-react';
import { toast } from 'sonner';
import { BANK_DATE_FORMATS, type BankAccount, type BankMapping, type ImportStatementResponse, type PreviewLine, type StatementColumns } from '@shared/contracts/bank-statements';
import { formatDay, formatDayTime } from '@shared/dates';
import { BANK_DATE_FORMAT_LABELS, bankStatementMessages } from '@shared/messages/bank-statements';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/field';
import { FormErrorAlert } from '@/components/form-feedback';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { Money } from '@/components/money';
import { OptionSelect } from '@/components/select-parts';
import { PlainTable, Td, Th } from '@/components/plain-table';
import { useFileDownload } from '@/lib/download';
import { cn } from '@/lib/utils';
import { useBankAccounts, useCreateBankAccount, useImportStatement, useStatementColumns, useStatementImports } from './api';

const s = bankStatementMessages.screens;
const FIELDS = ['date', 'reference', 'narration', 'amount'] as const;
type Draft = { [K in keyof BankMapping]: string };

const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

/** The mapping to start from: the account's saved one when the file has its columns, else the guess from the headers. */
function startingMapping(account: BankAccount | undefined, cols: StatementColumns): Draft {
  const have = new Set(cols.headers.map((h) => h.toLowerCase()));
  const saved = account?.mapping;
  if (saved && FIELDS.every((f) => have.has(saved[f].toLowerCase()))) {
    const pick = (name: string) => cols.headers.find((h) => h.toLowerCase() === name.toLowerCase()) ?? name;
    return { ...saved, date: pick(saved.date), reference: pick(saved.reference), narration: pick(saved.narration), amount: pick(saved.amount) };
  }
  const g = cols.suggested;
  return { date: g.date ?? '', reference: g.reference ?? '', narration: g.narration ?? '', amount: g.amount ?? '', amountKind: g.amountKind, dateFormat: g.dateFormat ?? saved?.dateFormat ?? 'DD/MM/YYYY' };
}

/**
 * "Bank statements" (issue 35 §4), a tab of M-Pesa Payments: the finance officer picks (or adds) the
 * school's bank account, uploads the bank's CSV or Excel export, maps its columns (pre-filled from the
 * account's saved mapping or guessed from the headers), sees the dry run (each deposit matched to a
 * learner, a duplicate, or unmatched, with why) and commits; then the result with receipts. Below, the
 * statements imported. Readers (principal, director) see the history only.
 */
export function BankStatementsTab({ schoolId, canManage }: { schoolId: string | null; canManage: boolean }) {
  const accounts = useBankAccounts(schoolId);
  const [accountId, setAccountId] = React.useState('');
  const [adding, setAdding] = React.useState(false);
  const items = React.useMemo(() => accounts.data?.items ?? [], [accounts.data]);
  const account = items.find((a) => a.id === accountId) ?? items[0];
  const sample = useFileDownload(s.failed);

  return (
    <div className="flex min-w-0 flex-col gap-5" data-testid="bank-statements">
      <p className="max-w-3xl text-sm text-muted-foreground">{s.intro}</p>
      {canManage && (
        <div className="flex flex-col gap-4 rounded-xl border p-4 sm:p-5">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <Field id="bank-account" label={s.account} className="grid-cols-[minmax(0,1fr)] sm:max-w-sm sm:flex-1">
              {items.length ? (
                <OptionSelect
                  value={account?.id ?? ''}
                  onValueChange={setAccountId}
                  options={items.map((a) => ({ value: a.id, label: `${a.name} · ${a.bankName} ${a.accountNumber}` }))}
                  placeholder={s.chooseAccount}
                  trigger={{ id: 'bank-account', 'data-testid': 'bank-account-select', className: 'w-full' }}
                />
              ) : (
                <p className="text-sm text-muted-foreground" data-testid="bank-no-accounts">
                  {accounts.isLoading ? <Loader2 className="size-4 animate-spin" aria-hidden /> : s.noAccounts}
                </p>
              )}
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setAdding(true)} data-testid="bank-add-account">
                <Plus aria-hidden />
                {s.addAccount}
              </Button>
              <Button variant="ghost" onClick={() => sample.start('sample', '/api/fees/bank-statements/sample', 'sample-bank-statement.csv')} disabled={sample.isBusy('sample')} data-testid="bank-sample" title={s.sampleHint}>
                {sample.isBusy('sample') ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
                {s.sample}
              </Button>
            </div>
          </div>
          {account && (
            <p className="text-xs text-muted-foreground" data-testid="bank-saved-mapping">
              {account.mapping ? `${s.savedMapping}: ${FIELDS.map((f) => `${s.fields[f]} ← ${account.mapping![f]}`).join(' · ')} · ${account.mapping.dateFormat}` : s.noSavedMapping}
            </p>
          )}
          {account && <ImportFlow key={account.id} account={account} />}
        </div>
      )}
      <ImportHistory schoolId={schoolId} />
      {canManage && <AddAccountDialog open={adding} onClose={() => setAdding(false)} onAdded={(a) => setAccountId(a.id)} />}
    </div>
  );
}

/** Upload → columns → dry run → commit → result, for one account. */
function ImportFlow({ account }: { account: BankAccount }) {
  const [file, setFile] = React.useState<File | null>(null);
  const [cols, setCols] = React.useState<StatementColumns | null>(null);
  const [draft, setDraft] = React.useState<Draft | null>(null);
  const [preview, setPreview] = React.useState<ImportStatementResponse | null>(null);
  const [done, setDone] = React.useState<ImportStatementResponse | null>(null);
  const columns = useStatementColumns();
  const run = useImportStatement();
  const input = React.useRef<HTMLInputElement>(null);

  const reset = () => {
    setFile(null);
    setCols(null);
    setDraft(null);
    setPreview(null);
    setDone(null);
    columns.reset();
    run.reset();
    if (input.current) input.current.value = '';
  };

  const choose = async (f: File | undefined) => {
    if (!f) return;
    reset();
    setFile(f);
    try {
      const c = await columns.mutateAsync(f);
      setCols(c);
      setDraft(startingMapping(account, c));
    } catch {
      // Shown in the alert.
    }
  };

  const mapping = draft && FIELDS.every((f) => draft[f]) ? (draft as BankMapping) : null;
  const dryRun = async () => {
    if (!file || !mapping) return;
    try {
      setPreview(await run.mutateAsync({ file, mapping, bankAccountId: account.id, commit: false }));
    } catch {
      // Shown in the alert.
    }
  };
  const commit = async () => {
    if (!file || !mapping) return;
    try {
      const r = await run.mutateAsync({ file, mapping, bankAccountId: account.id, commit: true });
      setDone(r);
      setPreview(null);
      toast.success(s.committedToast(r.matched));
    } catch {
      // Shown in the alert.
    }
  };

  const step = done ? 'done' : preview ? 'preview' : cols ? 'mapping' : 'file';
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="bank-import" data-step={step}>
      <Steps step={step} />
      {step !== 'done' && (
        <div className="flex flex-wrap items-center gap-3">
          <input ref={input} type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" className="sr-only" id="bank-file" onChange={(e) => void choose(e.target.files?.[0])} data-testid="bank-file" />
          <Button variant={file ? 'outline' : 'default'} onClick={() => input.current?.click()} disabled={columns.isPending}>
            {columns.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
            {columns.isPending ? s.reading : s.chooseFile}
          </Button>
          {file ? (
            <span className="flex min-w-0 items-center gap-1.5 text-sm">
              <FileSpreadsheet className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="truncate font-medium" data-testid="bank-file-name">
                {file.name}
              </span>
            </span>
          ) : (
            <span className="text-xs text-muted-foreground">{s.fileHint}</span>
          )}
        </div>
      )}
      {columns.error && <FormErrorAlert title={s.importFailed} detail={errorText(columns.error, s.importFailed)} testId="bank-columns-error" />}

      {step === 'mapping' && cols && draft && (
        <MappingStep cols={cols} draft={draft} onChange={setDraft}>
          {run.error && <FormErrorAlert title={s.importFailed} detail={errorText(run.error, s.importFailed)} testId="bank-import-error" />}
          <div>
            <Button onClick={dryRun} disabled={!mapping || run.isPending} data-testid="bank-dry-run">
              {run.isPending && <Loader2 className="animate-spin" aria-hidden />}
              {run.isPending ? s.checking : s.dryRun}
            </Button>
          </div>
        </MappingStep>
      )}

      {step === 'preview' && preview && (
        <div className="flex min-w-0 flex-col gap-4">
          <Counts r={preview} />
          <h3 className="text-sm font-semibold">{s.previewTitle}</h3>
          <PreviewTable lines={preview.preview} />
          {run.error && <FormErrorAlert title={s.importFailed} detail={errorText(run.error, s.importFailed)} testId="bank-import-error" />}
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setPreview(null)} disabled={run.isPending} data-testid="bank-back">
              {s.back}
            </Button>
            <Button onClick={commit} disabled={run.isPending} data-testid="bank-commit">
              {run.isPending && <Loader2 className="animate-spin" aria-hidden />}
              {run.isPending ? s.committing : s.commit}
            </Button>
          </div>
        </div>
      )}

      {step === 'done' && done && (
        <div className="flex min-w-0 flex-col gap-4" data-testid="bank-done">
          <div className="flex items-start gap-3 rounded-lg border border-emerald-500/30 bg-emerald-500/5 p-4">
            <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
            <div>
              <p className="font-medium">{s.resultTitle}</p>
              <p className="text-sm text-muted-foreground" data-testid="bank-done-text">
                {done.matched + done.unmatched === 0 ? s.nothingNew : s.resultText(done.matched, done.unmatched)}
              </p>
            </div>
          </div>
          <Counts r={done} />
          <PreviewTable lines={done.preview} receipts />
          <div>
            <Button variant="outline" onClick={reset} data-testid="bank-start-over">
              {s.startOver}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

function Steps({ step }: { step: 'file' | 'mapping' | 'preview' | 'done' }) {
  const order = ['mapping', 'preview', 'done'] as const;
  const labels = { mapping: s.stepMapping, preview: s.stepPreview, done: s.stepDone };
  const at = order.indexOf(step as (typeof order)[number]);
  return (
    <ol className="flex flex-wrap items-center gap-2 text-xs" aria-label={s.tab}>
      {order.map((o, i) => (
        <li key={o} className={cn('flex items-center gap-1.5 rounded-full border px-2.5 py-1', i === at ? 'border-primary bg-primary/10 font-medium text-primary' : i < at ? 'text-foreground' : 'text-muted-foreground')} aria-current={i === at ? 'step' : undefined}>
          <span className="tabular-nums">{i + 1}</span>
          {labels[o]}
        </li>
      ))}
    </ol>
  );
}

/** One select per field, filled from the file's headers, and the first rows of the file for reference. */
function MappingStep({ cols, draft, onChange, children }: { cols: StatementColumns; draft: Draft; onChange: (d: Draft) => void; children: React.ReactNode }) {
  const headerOptions = cols.headers.filter(Boolean).map((h) => ({ value: h, label: h }));
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="bank-mapping">
      <div>
        <h3 className="text-sm font-semibold">{s.mappingTitle}</h3>
        <p className="text-xs text-muted-foreground">{s.mappingHint}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {FIELDS.map((f) => (
          <Field key={f} id={`bank-map-${f}`} label={s.fields[f]}>
            <OptionSelect value={draft[f]} onValueChange={(v) => onChange({ ...draft, [f]: v })} options={headerOptions} placeholder={s.pickColumn} trigger={{ id: `bank-map-${f}`, 'data-testid': `bank-map-${f}`, className: 'w-full' }} />
          </Field>
        ))}
        <Field id="bank-map-amountKind" label={s.fields.amountKind}>
          <OptionSelect
            value={draft.amountKind}
            onValueChange={(v) => onChange({ ...draft, amountKind: v })}
            options={(['credit', 'signed'] as const).map((k) => ({ value: k, label: s.amountKinds[k] }))}
            trigger={{ id: 'bank-map-amountKind', 'data-testid': 'bank-map-amountKind', className: 'w-full' }}
          />
        </Field>
        <Field id="bank-map-dateFormat" label={s.fields.dateFormat}>
          <OptionSelect
            value={draft.dateFormat}
            onValueChange={(v) => onChange({ ...draft, dateFormat: v })}
            options={BANK_DATE_FORMATS.map((f) => ({ value: f, label: BANK_DATE_FORMAT_LABELS[f] ?? f }))}
            trigger={{ id: 'bank-map-dateFormat', 'data-testid': 'bank-map-dateFormat', className: 'w-full' }}
          />
        </Field>
      </div>
      {cols.rows.length > 0 && (
        <PlainTable minWidth={Math.max(520, cols.headers.length * 120)} testId="bank-file-rows">
          <thead>
            <tr>
              {cols.headers.map((h, i) => (
                <Th key={i}>{h}</Th>
              ))}
            </tr>
          </thead>
          <tbody>
            {cols.rows.slice(0, 4).map((r, i) => (
              <tr key={i}>
                {r.map((c, j) => (
                  <Td key={j} className="max-w-56 truncate text-xs text-muted-foreground">
                    {c}
                  </Td>
                ))}
              </tr>
            ))}
          </tbody>
        </PlainTable>
      )}
      {children}
    </div>
  );
}

function Counts({ r }: { r: ImportStatementResponse }) {
  const tiles = [
    { key: 'lines', value: r.lines, tone: '' },
    { key: 'matched', value: r.matched, tone: 'text-emerald-700 dark:text-emerald-300' },
    { key: 'duplicates', value: r.duplicates, tone: 'text-muted-foreground' },
    { key: 'unmatched', value: r.unmatched, tone: 'text-amber-700 dark:text-amber-300' },
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="bank-counts">
      {tiles.map((t) => (
        <div key={t.key} className="rounded-lg bg-muted/50 px-3 py-2">
          <dt className="text-xs text-muted-foreground">{s.counts[t.key]}</dt>
          <dd className={cn('text-xl font-semibold tabular-nums', t.tone)} data-testid={`bank-count-${t.key}`}>
            {t.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const OUTCOME_TONE: Record<PreviewLine['outcome'], string> = {
  matched: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-800 dark:text-emerald-200',
  duplicate: 'border-border bg-muted text-muted-foreground',
  unmatched: 'border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-200',
};

function PreviewTable({ lines, receipts = false }: { lines: PreviewLine[]; receipts?: boolean }) {
  return (
    <>
      <div className="hidden sm:block">
        <PreviewRows lines={lines} receipts={receipts} />
      </div>
      <ul className="flex flex-col gap-2 sm:hidden" data-testid="bank-preview-cards">
        {lines.map((l) => (
          <li key={`${l.row}-${l.reference}`} className="flex min-w-0 flex-col gap-1.5 rounded-lg border p-3" data-testid="bank-preview-card" data-outcome={l.outcome}>
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 text-sm break-words">{l.narration}</p>
              <Money value={l.amount} className="shrink-0 font-semibold" />
            </div>
            <p className="flex flex-wrap gap-x-1 text-xs text-muted-foreground tabular-nums">
              <span>{formatDay(l.date)} ·</span>
              <span className="font-mono break-all">{l.reference}</span>
            </p>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <Badge variant="outline" className={OUTCOME_TONE[l.outcome]}>
                {s.outcomes[l.outcome]}
              </Badge>
              {l.studentName && (
                <span className="min-w-0 truncate font-medium">
                  {l.studentName} <span className="text-xs font-normal text-muted-foreground">{l.admissionNumber}</span>
                </span>
              )}
            </div>
            <p className="text-xs text-muted-foreground">{receipts && l.receiptNumber ? <span className="font-mono text-sm text-foreground">{l.receiptNumber}</span> : l.reason}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

function PreviewRows({ lines, receipts }: { lines: PreviewLine[]; receipts: boolean }) {
  const c = s.columns;
  return (
    <PlainTable minWidth={860} testId="bank-preview">
      <thead>
        <tr>
          <Th>{c.row}</Th>
          <Th>{c.date}</Th>
          <Th>{c.narration}</Th>
          <Th className="text-right">{c.amount}</Th>
          <Th>{c.outcome}</Th>
          <Th>{c.learner}</Th>
          <Th>{receipts ? c.receipt : c.why}</Th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={`${l.row}-${l.reference}`} data-testid="bank-preview-row" data-outcome={l.outcome}>
            <Td className="text-xs text-muted-foreground tabular-nums">{l.row}</Td>
            <Td className="whitespace-nowrap tabular-nums">{formatDay(l.date)}</Td>
            <Td className="max-w-72">
              <p className="line-clamp-2 break-words" title={l.narration}>
                {l.narration}
              </p>
              <p className="truncate font-mono text-xs text-muted-foreground">{l.reference}</p>
            </Td>
            <Td className="text-right">
              <Money value={l.amount} />
            </Td>
            <Td>
              <Badge variant="outline" className={OUTCOME_TONE[l.outcome]}>
                {s.outcomes[l.outcome]}
              </Badge>
            </Td>
            <Td className="max-w-56">
              {l.studentName ? (
                <>
                  <p className="truncate font-medium">{l.studentName}</p>
                  <p className="truncate text-xs text-muted-foreground">{l.admissionNumber}</p>
                </>
              ) : (
                <span className="text-muted-foreground">—</span>
              )}
            </Td>
            <Td className="max-w-64 text-xs text-muted-foreground">{receipts && l.receiptNumber ? <span className="font-mono text-sm text-foreground">{l.receiptNumber}</span> : l.reason}</Td>
          </tr>
        ))}
      </tbody>
    </PlainTable>
  );
}

function ImportHistory({ schoolId }: { schoolId: string | null }) {
  const q = useStatementImports(schoolId);
  const h = s.history;
  const items = q.data?.items ?? [];
  return (
    <div className="flex min-w-0 flex-col gap-3" data-testid="bank-history">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <Landmark className="size-4 text-muted-foreground" aria-hidden />
        {s.historyTitle}
      </h3>
      {q.error ? (
        <FormErrorAlert title={s.loadFailed} detail={errorText(q.error, s.loadFailed)} testId="bank-history-error" />
      ) : q.isLoading ? (
        <Loader2 className="size-4 animate-spin text-muted-foreground" aria-hidden />
      ) : !items.length ? (
        <p className="text-sm text-muted-foreground">{s.historyEmpty}</p>
      ) : (
        <PlainTable minWidth={720}>
          <thead>
            <tr>
              <Th>{h.when}</Th>
              <Th>{h.account}</Th>
              <Th>{h.file}</Th>
              <Th className="text-right">{h.lines}</Th>
              <Th className="text-right">{h.matched}</Th>
              <Th className="text-right">{h.duplicates}</Th>
              <Th className="text-right">{h.unmatched}</Th>
              <Th>{h.by}</Th>
            </tr>
          </thead>
          <tbody>
            {items.map((i) => (
              <tr key={i.id} data-testid="bank-history-row">
                <Td className="whitespace-nowrap tabular-nums">{formatDayTime(i.createdAt)}</Td>
                <Td className="max-w-48 truncate">{i.bankAccountName}</Td>
                <Td className="max-w-48 truncate">{i.fileName}</Td>
                <Td className="text-right tabular-nums">{i.lines}</Td>
                <Td className="text-right tabular-nums">{i.matched}</Td>
                <Td className="text-right tabular-nums">{i.duplicates}</Td>
                <Td className="text-right tabular-nums">{i.unmatched}</Td>
                <Td className="max-w-40 truncate">{i.importedBy ?? '—'}</Td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
      )}
    </div>
  );
}

function AddAccountDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: (a: BankAccount) => void }) {
  const [v, setV] = React.useState({ name: '', bankName: '', accountNumber: '' });
  const [errors, setErrors] = React.useState<Partial<Record<keyof typeof v, string>>>({});
  const create = useCreateBankAccount();
  React.useEffect(() => {
    if (!open) return;
    setV({ name: '', bankName: '', accountNumber: '' });
    setErrors({});
    create.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const api = bankStatementMessages.api;
    const next: typeof errors = {};
    if (!v.name.trim()) next.name = api.nameRequired;
    if (!v.bankName.trim()) next.bankName = api.bankNameRequired;
    if (!v.accountNumber.trim()) next.accountNumber = api.accountNumberRequired;
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      const a = await create.mutateAsync({ name: v.name.trim(), bankName: v.bankName.trim(), accountNumber: v.accountNumber.trim() });
      toast.success(s.accountSaved);
      onAdded(a);
      onClose();
    } catch {
      // Shown in the alert.
    }
  };
  const field = (k: keyof typeof v, label: string, placeholder?: string) => (
    <Field id={`bank-new-${k}`} label={label} error={errors[k]}>
      <Input id={`bank-new-${k}`} value={v[k]} placeholder={placeholder} onChange={(e) => setV({ ...v, [k]: e.target.value })} aria-invalid={!!errors[k] || undefined} data-testid={`bank-new-${k}`} />
    </Field>
  );
  return (
    <FormDialog open={open} onClose={onClose} pending={create.isPending} className="max-w-md grid-cols-[minmax(0,1fr)] gap-5" keepOnOutsideClick testId="bank-account-dialog" icon={Landmark} title={s.addAccount}>
      <form className="grid grid-cols-[minmax(0,1fr)] gap-4" onSubmit={submit} noValidate>
        {field('name', s.accountName, s.accountNamePlaceholder)}
        {field('bankName', s.bankName, s.bankNamePlaceholder)}
        {field('accountNumber', s.accountNumber)}
        {create.error && <FormErrorAlert title={s.failed} detail={errorText(create.error, s.failed)} testId="bank-account-error" />}
        <FormDialogFooter cancelLabel={s.cancel} onCancel={onClose} label={create.isPending ? s.saving : s.save} pending={create.isPending} submitTestId="bank-account-save" />
      </form>
    </FormDialog>
  );
}
