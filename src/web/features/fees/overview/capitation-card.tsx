import * as React from 'react';
import { FileBarChart, Landmark, Plus } from 'lucide-react';
import { toast } from 'sonner';
import { can } from '@shared/access';
import type { CapitationResponse, CapitationTerm } from '@shared/contracts/capitation';
import { formatDay, schoolToday } from '@shared/dates';
import { capitationMessages } from '@shared/messages/capitation';
import type { Role } from '@shared/roles';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { formatMoney } from '@/components/money';
import { Panel } from '@/components/page-layout';
import { QueryErrorCard } from '@/components/query-error-card';
import { SkeletonStack } from '@/components/skeleton-stack';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { LabelledField } from '@/components/field';
import { DateField } from '@/components/date-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { NativeSelect } from '@/features/school-setup';
import { useCapitation, useRecordGrant } from './capitation-api';
import { CapitationReportDialog } from './capitation-report';

/**
 * The Capitation card of the Financial Overview (issue 35 §3): for the term the overview shows, what
 * the Ministry's grant should bring (learners on roll at the count date × rate × the term's share),
 * what arrived, the shortfall (or what came over), by vote head; "Record grant" for the finance officer
 * and "Capitation report" (year, terms, rates, Excel/PDF) for everyone who sees it (finance officer,
 * principal, director; read-only for the latter two). Other roles see nothing.
 */

const c = capitationMessages.card;
const dg = capitationMessages.dialog;
const GRANT_FIELDS = ['termId', 'amount', 'receivedOn', 'reference', 'notes'];

function Figure({ label, value, tone, testId }: { label: string; value: number; tone?: 'danger' | 'success'; testId: string }) {
  return (
    <div className="min-w-0 rounded-lg border bg-muted/30 px-3 py-2" data-testid={testId} data-value={value}>
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className={cn('truncate text-base font-semibold tabular-nums sm:text-lg', tone === 'danger' && 'text-destructive', tone === 'success' && 'text-emerald-600 dark:text-emerald-400')}>
        <span className="text-[0.8em] font-normal text-muted-foreground">{c.currency} </span>
        {formatMoney(value)}
      </p>
    </div>
  );
}

function VoteHeadTable({ term }: { term: CapitationTerm }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="capitation-vote-heads">
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th className="py-1 pr-2 font-medium">{c.voteHead}</th>
            <th className="py-1 pr-2 text-right font-medium">{c.expected}</th>
            <th className="py-1 pr-2 text-right font-medium">{c.received}</th>
            <th className="hidden py-1 text-right font-medium sm:table-cell">{c.shortfall}</th>
          </tr>
        </thead>
        <tbody>
          {term.byVoteHead.map((v) => {
            const short = Math.max(0, Math.round((v.expected - v.received) * 100) / 100);
            return (
              <tr key={v.voteHeadId} className="border-t" data-testid="capitation-vote-head" data-code={v.code}>
                <td className="py-1.5 pr-2">{v.voteHead}</td>
                <td className="py-1.5 pr-2 text-right tabular-nums">{formatMoney(v.expected)}</td>
                <td className="py-1.5 pr-2 text-right tabular-nums">{formatMoney(v.received)}</td>
                <td className={cn('hidden py-1.5 text-right tabular-nums sm:table-cell', short > 0 && 'text-destructive')}>{formatMoney(short)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** "Record a capitation grant": term, amount, date received, reference, notes. */
export function RecordGrantDialog({ open, onClose, data, termId }: { open: boolean; onClose: () => void; data: CapitationResponse; termId: string | null }) {
  const record = useRecordGrant();
  const [form, setForm] = React.useState({ termId: termId ?? '', amount: '', receivedOn: schoolToday(), reference: '', notes: '' });
  const [error, setError] = React.useState<{ message?: string; fields?: Record<string, string> } | null>(null);
  React.useEffect(() => {
    if (open) {
      setForm({ termId: termId ?? data.terms[0]?.termId ?? '', amount: '', receivedOn: schoolToday(), reference: '', notes: '' });
      setError(null);
    }
  }, [open, termId, data.terms]);
  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    record.mutate(
      { termId: form.termId, amount: form.amount.replace(/,/g, ''), receivedOn: form.receivedOn, reference: form.reference, notes: form.notes || null, year: data.year },
      {
        onSuccess: () => {
          toast.success(dg.saved);
          onClose();
        },
        onError: (err) => setError(err instanceof ApiError ? { message: err.message, fields: err.fields } : { message: dg.saveFailed }),
      },
    );
  };
  const fieldError = (k: string) => error?.fields?.[k];
  return (
    <FormDialog open={open} onClose={onClose} pending={record.isPending} icon={Landmark} title={dg.title} description={dg.description} testId="capitation-grant-dialog" form={{ onSubmit: submit, noValidate: true }}>
      <div className="grid gap-4 py-2">
        <LabelledField id="grant-term" label={dg.term} error={fieldError('termId')}>
          <NativeSelect
            id="grant-term"
            className="h-9"
            value={form.termId}
            onChange={(e) => set('termId')(e.target.value)}
            data-testid="capitation-grant-term"
          >
            {data.terms.map((t) => (
              <option key={t.termId} value={t.termId}>
                {t.termName} {data.year}
              </option>
            ))}
          </NativeSelect>
        </LabelledField>
        <div className="grid gap-4 sm:grid-cols-2">
          <LabelledField id="grant-amount" label={dg.amount} error={fieldError('amount')}>
            <Input id="grant-amount" inputMode="decimal" value={form.amount} onChange={(e) => set('amount')(e.target.value)} data-testid="capitation-grant-amount" required />
          </LabelledField>
          <LabelledField id="grant-received" label={dg.receivedOn} error={fieldError('receivedOn')}>
            <DateField id="grant-received" value={form.receivedOn} onValueChange={set('receivedOn')} max={schoolToday()} data-testid="capitation-grant-date" />
          </LabelledField>
        </div>
        <LabelledField id="grant-reference" label={dg.reference} error={fieldError('reference')}>
          <Input id="grant-reference" value={form.reference} onChange={(e) => set('reference')(e.target.value)} maxLength={60} data-testid="capitation-grant-reference" />
          <p className="text-xs text-muted-foreground">{dg.referenceHint}</p>
        </LabelledField>
        <LabelledField id="grant-notes" label={dg.notes} optional error={fieldError('notes')}>
          <Textarea id="grant-notes" value={form.notes} onChange={(e) => set('notes')(e.target.value)} maxLength={500} rows={2} />
        </LabelledField>
        {error?.message && !Object.keys(error.fields ?? {}).some((k) => GRANT_FIELDS.includes(k)) && (
          <p className="text-sm text-destructive" role="alert" data-testid="capitation-grant-error">
            {error.message}
          </p>
        )}
      </div>
      <FormDialogFooter cancelLabel={dg.cancel} onCancel={onClose} label={dg.save} pending={record.isPending} submitTestId="capitation-grant-save" />
    </FormDialog>
  );
}

/** The card; `term` is the term the Financial Overview shows (its year is the capitation year). */
export function CapitationCard({ role, term }: { role: Role; term: { id: string; name: string; startsOn: string } | null }) {
  const allowed = can({ id: '', role, schoolId: null }, 'viewVoteHeads');
  const year = term ? Number(term.startsOn.slice(0, 4)) : null;
  const q = useCapitation(year, allowed);
  const [dialog, setDialog] = React.useState<'grant' | 'report' | null>(null);
  if (!allowed) return null;
  if (q.isError) return <QueryErrorCard query={q} title={c.loadFailed} retryLabel={c.tryAgain} testId="capitation-error" />;
  if (!q.data) return <SkeletonStack testId="capitation-loading" cells={['h-48 w-full rounded-xl']} />;
  const data = q.data;
  const shown = data.terms.find((t) => t.termId === term?.id) ?? data.terms.find((t) => t.termId === data.currentTermId) ?? null;
  const learners = shown ? shown.learners.primary + shown.learners.junior + shown.learners.senior : 0;
  return (
    <Panel
      title={c.title}
      description={shown ? c.hint(`${shown.termName} ${data.year}`) : c.noTerm}
      testId="capitation-card"
      action={
        <div className="flex flex-wrap gap-2">
          {data.canManage && shown && (
            <Button size="sm" onClick={() => setDialog('grant')} data-testid="capitation-record">
              <Plus aria-hidden />
              {c.record}
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => setDialog('report')} data-testid="capitation-open-report">
            <FileBarChart aria-hidden />
            {c.open}
          </Button>
        </div>
      }
    >
      {!shown ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{c.noTerm}</p>
      ) : shown.expected === 0 && shown.received === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground" data-testid="capitation-none">
          {c.noCapitation}
        </p>
      ) : (
        <div className="flex flex-col gap-3" data-testid="capitation-term" data-term={shown.termId}>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
            <Figure label={c.expected} value={shown.expected} testId="capitation-expected" />
            <Figure label={c.received} value={shown.received} testId="capitation-received" />
            {shown.excess > 0 ? (
              <Figure label={c.excess} value={shown.excess} tone="success" testId="capitation-excess" />
            ) : (
              <Figure label={c.shortfall} value={shown.shortfall} tone={shown.shortfall > 0 ? 'danger' : undefined} testId="capitation-shortfall" />
            )}
          </div>
          <p className="text-xs text-muted-foreground">
            {c.learners(learners)} · {c.countOn(formatDay(shown.countOn))}
          </p>
          <VoteHeadTable term={shown} />
        </div>
      )}
      {data.canManage && <RecordGrantDialog open={dialog === 'grant'} onClose={() => setDialog(null)} data={data} termId={shown?.termId ?? null} />}
      <CapitationReportDialog open={dialog === 'report'} onClose={() => setDialog(null)} initialYear={data.year} />
    </Panel>
  );
}
