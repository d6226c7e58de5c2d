import * as React from 'react';
import { Ban, FileBarChart, Pencil } from 'lucide-react';
import { toast } from 'sonner';
import type { CapitationReceipt, CapitationResponse } from '@shared/contracts/capitation';
import { formatDay } from '@shared/dates';
import { CAPITATION_BAND_LABELS, capitationMessages } from '@shared/messages/capitation';
import { ApiError } from '@/lib/api';
import { downloadFile, useBusyDownloads } from '@/lib/download';
import { cn } from '@/lib/utils';
import { formatMoney } from '@/components/money';
import { ActionDialog } from '@/components/action-dialog';
import { FormDialog } from '@/components/form-dialog';
import { ExportButtons } from '@/components/export-buttons';
import { SkeletonStack } from '@/components/skeleton-stack';
import { QueryErrorCard } from '@/components/query-error-card';
import { Pill } from '@/components/status-pill';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { DateField } from '@/components/date-field';
import { NativeSelect } from '@/features/school-setup';
import { capitationFileUrl, useCapitation, usePutRates, usePutSettings, useVoidGrant } from './capitation-api';

/**
 * The capitation report (issue 35 §3): a year picker, the year's terms (counted on, learners, expected,
 * received, shortfall), the grants received (the finance officer voids one recorded wrongly, with a
 * reason; a voided grant stays listed, muted and marked, and counts nowhere), and the rates per learner
 * per band and vote head, which the finance officer edits; the shortfall report as Excel or PDF (GET
 * /api/capitation?format=).
 */

const r = capitationMessages.report;
const c = capitationMessages.card;

const th = 'py-1 pr-3 font-medium';
const num = 'py-1.5 pr-2 text-right tabular-nums whitespace-nowrap sm:pr-3';

function TermsTable({ data }: { data: CapitationResponse }) {
  if (!data.terms.length) return <p className="py-4 text-sm text-muted-foreground">{r.noTerms}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-xs sm:min-w-[34rem] sm:text-sm" data-testid="capitation-terms">
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th className={th}>{r.term}</th>
            <th className={cn(th, 'hidden sm:table-cell')}>{r.countedOn}</th>
            <th className={cn(th, 'hidden text-right sm:table-cell')}>{r.learners}</th>
            <th className={cn(th, 'text-right')}>{c.expected}</th>
            {/* On a phone: expected and shortfall (what is still owed); received is their difference. */}
            <th className={cn(th, 'hidden text-right sm:table-cell')}>{c.received}</th>
            <th className={cn(th, 'text-right')}>{c.shortfall}</th>
          </tr>
        </thead>
        <tbody>
          {data.terms.map((t) => (
            <tr key={t.termId} className="border-t" data-testid="capitation-term-row" data-term={t.termId}>
              <td className="py-1.5 pr-3 whitespace-nowrap">
                {t.termName} <span className="hidden text-xs text-muted-foreground sm:inline">({t.share}%)</span>
              </td>
              <td className="hidden py-1.5 pr-3 whitespace-nowrap sm:table-cell">{formatDay(t.countOn)}</td>
              <td className={cn(num, 'hidden sm:table-cell')}>{(t.learners.primary + t.learners.junior + t.learners.senior).toLocaleString('en-KE')}</td>
              <td className={num}>{formatMoney(t.expected)}</td>
              <td className={cn(num, 'hidden sm:table-cell')}>{formatMoney(t.received)}</td>
              <td className={cn(num, t.shortfall > 0 && 'text-destructive')}>{t.excess > 0 ? `+${formatMoney(t.excess)}` : formatMoney(t.shortfall)}</td>
            </tr>
          ))}
          <tr className="border-t font-semibold">
            <td className="py-1.5 pr-3">{r.total}</td>
            <td className="hidden sm:table-cell" colSpan={2} />
            <td className={num}>{formatMoney(data.totals.expected)}</td>
            <td className={cn(num, 'hidden sm:table-cell')}>{formatMoney(data.totals.received)}</td>
            <td className={cn(num, data.totals.shortfall > 0 && 'text-destructive')}>{formatMoney(data.totals.shortfall)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

function ReceiptsTable({ data }: { data: CapitationResponse }) {
  const voidGrant = useVoidGrant();
  const [voiding, setVoiding] = React.useState<CapitationReceipt | null>(null);
  const rows = data.terms.flatMap((t) => t.receipts.map((g) => ({ ...g, termName: t.termName })));
  if (!rows.length) return <p className="py-2 text-sm text-muted-foreground">{r.noReceipts}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm sm:min-w-[28rem]" data-testid="capitation-receipts">
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th className={cn(th, 'hidden sm:table-cell')}>{r.term}</th>
            <th className={cn(th, 'hidden sm:table-cell')}>{r.receivedOn}</th>
            <th className={th}>{r.reference}</th>
            <th className={cn(th, 'text-right')}>{r.amount}</th>
            {data.canManage && (
              <th className={cn(th, 'w-px pr-0')}>
                <span className="sr-only">{r.actions}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((g) => {
            const voided = !!g.voidedAt;
            return (
              <React.Fragment key={g.id}>
                <tr className={cn('border-t align-top', voided && 'text-muted-foreground')} data-testid="capitation-receipt" data-reference={g.reference} data-voided={voided || undefined}>
                  <td className="hidden py-1.5 pr-3 whitespace-nowrap sm:table-cell">{g.termName}</td>
                  <td className="hidden py-1.5 pr-3 whitespace-nowrap sm:table-cell">{formatDay(g.receivedOn)}</td>
                  <td className="py-1.5 pr-3">
                    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span className={cn('break-all', voided && 'line-through decoration-1')}>{g.reference}</span>
                      {voided && (
                        <Pill tone="grey" dot={false} testId="capitation-receipt-voided">
                          {r.voided}
                        </Pill>
                      )}
                    </span>
                    <span className="block text-xs text-muted-foreground sm:hidden">
                      {g.termName} · {formatDay(g.receivedOn)}
                    </span>
                  </td>
                  <td className={cn(num, voided && 'line-through decoration-1')}>{formatMoney(g.amount)}</td>
                  {data.canManage && (
                    <td className="py-1.5 text-right whitespace-nowrap">
                      {!voided && (
                        <button
                          type="button"
                          className="inline-flex cursor-pointer items-center gap-1 rounded-sm p-0.5 text-xs font-medium text-muted-foreground underline-offset-4 hover:text-destructive hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                          onClick={() => {
                            voidGrant.reset();
                            setVoiding(g);
                          }}
                          aria-label={r.voidFor(g.reference)}
                          data-testid="capitation-receipt-void"
                        >
                          <Ban className="size-3.5 sm:size-3" aria-hidden />
                          <span className="hidden sm:inline">{r.void}</span>
                        </button>
                      )}
                    </td>
                  )}
                </tr>
                {voided && (
                  <tr data-testid="capitation-receipt-void-note" data-reference={g.reference}>
                    <td colSpan={data.canManage ? 5 : 4} className="pb-2 text-xs break-words text-muted-foreground">
                      {r.voidedOn(formatDay(g.voidedAt), g.voidReason ?? '')}
                      {g.voidedBy && ` (${r.voidedBy(g.voidedBy)})`}
                    </td>
                  </tr>
                )}
              </React.Fragment>
            );
          })}
        </tbody>
      </table>
      <ActionDialog
        open={!!voiding}
        tone="warning"
        icon={Ban}
        title={r.voidTitle(voiding?.reference ?? '')}
        text={r.voidText(formatMoney(voiding?.amount ?? 0))}
        reason={{ label: r.voidReason, placeholder: r.voidPlaceholder }}
        confirmLabel={r.voidConfirm}
        pending={voidGrant.isPending}
        error={voidGrant.error}
        errorTitle={r.voidFailed}
        onCancel={() => setVoiding(null)}
        onConfirm={(reason) =>
          voiding &&
          voidGrant.mutate(
            { id: voiding.id, reason },
            {
              onSuccess: () => {
                toast.success(r.voidDone);
                setVoiding(null);
              },
            },
          )
        }
        testId="capitation-void-dialog"
      />
    </div>
  );
}

function RatesTable({ data }: { data: CapitationResponse }) {
  const put = usePutRates();
  const [editing, setEditing] = React.useState(false);
  const [draft, setDraft] = React.useState<Record<string, string>>({});
  const keyOf = (band: string, voteHeadId: string) => `${band}:${voteHeadId}`;
  const start = () => {
    setDraft(Object.fromEntries(data.rates.map((x) => [keyOf(x.band, x.voteHeadId), String(x.annual)])));
    setEditing(true);
  };
  const save = () => {
    const rates = data.rates
      .filter((x) => draft[keyOf(x.band, x.voteHeadId)] !== String(x.annual))
      .map((x) => ({ band: x.band, voteHeadId: x.voteHeadId, annual: (draft[keyOf(x.band, x.voteHeadId)] ?? '').replace(/,/g, '') }));
    if (!rates.length) return setEditing(false);
    put.mutate(
      { year: data.year, rates },
      {
        onSuccess: () => {
          toast.success(r.ratesSaved);
          setEditing(false);
        },
        onError: (err) => toast.error(r.ratesFailed, { description: err instanceof ApiError ? err.message : undefined }),
      },
    );
  };
  return (
    <div className="flex flex-col gap-2">
      {data.bands
        .filter((b) => data.rates.some((x) => x.band === b.band))
        .map((b) => (
          <div key={b.band} className="rounded-lg border p-3" data-testid="capitation-band" data-band={b.band}>
            <div className="mb-1 flex flex-wrap items-baseline justify-between gap-2">
              <h4 className="text-sm font-semibold">{CAPITATION_BAND_LABELS[b.band]}</h4>
              <span className="text-xs text-muted-foreground">
                {formatMoney(b.annual)} · {b.source === 'school' ? r.schoolSource : r.defaultSource}
              </span>
            </div>
            <ul className="grid gap-x-10 gap-y-1 text-sm sm:grid-cols-2">
              {data.rates
                .filter((x) => x.band === b.band)
                .map((x) => (
                  <li key={x.voteHeadId} className="flex items-center justify-between gap-2">
                    <span className="min-w-0 truncate">{x.voteHead}</span>
                    {editing ? (
                      <Input
                        className="h-8 w-28 text-right"
                        inputMode="decimal"
                        aria-label={`${CAPITATION_BAND_LABELS[b.band]}: ${x.voteHead}`}
                        value={draft[keyOf(x.band, x.voteHeadId)] ?? ''}
                        onChange={(e) => setDraft((d) => ({ ...d, [keyOf(x.band, x.voteHeadId)]: e.target.value }))}
                        data-testid="capitation-rate-input"
                      />
                    ) : (
                      <span className="tabular-nums">{formatMoney(x.annual)}</span>
                    )}
                  </li>
                ))}
            </ul>
          </div>
        ))}
      {data.canManage && (
        <div className="flex justify-end gap-2">
          {editing ? (
            <>
              <Button variant="outline" size="sm" onClick={() => setEditing(false)} disabled={put.isPending}>
                {capitationMessages.dialog.cancel}
              </Button>
              <Button size="sm" onClick={save} disabled={put.isPending} data-testid="capitation-rates-save">
                {r.saveRates}
              </Button>
            </>
          ) : (
            <Button variant="outline" size="sm" onClick={start} data-testid="capitation-rates-edit">
              <Pencil aria-hidden />
              {r.editRates}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The year's term shares (three whole percents adding up to 100) and count date (empty: each term's
 * opening day): shown to all, edited by the finance officer (PUT /api/capitation/settings).
 */
function SettingsPanel({ data }: { data: CapitationResponse }) {
  const put = usePutSettings();
  const [editing, setEditing] = React.useState(false);
  const [shares, setShares] = React.useState<string[]>([]);
  const [countOn, setCountOn] = React.useState('');
  const start = () => {
    setShares(data.termShares.map(String));
    setCountOn(data.countOn ?? '');
    put.reset();
    setEditing(true);
  };
  const numbers = shares.map((x) => Number(x.trim()));
  const total = numbers.reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0);
  const save = () =>
    put.mutate(
      { year: data.year, termShares: numbers, countOn: countOn || null },
      {
        onSuccess: () => {
          toast.success(r.settingsSaved);
          setEditing(false);
        },
      },
    );
  // The field's own message ("Give the share of each of the three terms…") when the API names one.
  const error = put.error instanceof ApiError ? (Object.values(put.error.fields ?? {})[0] ?? put.error.message) : put.error ? r.settingsFailed : null;
  if (!editing)
    return (
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-lg border p-3 text-sm" data-testid="capitation-settings">
        <div>
          <span className="text-xs text-muted-foreground">{r.termShares}</span>
          <p className="tabular-nums" data-testid="capitation-shares">
            {data.termShares.join(' / ')}
          </p>
        </div>
        <div>
          <span className="text-xs text-muted-foreground">{r.countDate}</span>
          <p data-testid="capitation-count-date">{data.countOn ? formatDay(data.countOn) : r.eachTermOpening}</p>
        </div>
        {data.canManage && (
          <Button variant="outline" size="sm" className="ml-auto" onClick={start} data-testid="capitation-settings-edit">
            <Pencil aria-hidden />
            {r.editSettings}
          </Button>
        )}
      </div>
    );
  return (
    <form
      className="flex flex-col gap-3 rounded-lg border p-3"
      data-testid="capitation-settings"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">{r.termShares}</legend>
        <p className="text-xs text-muted-foreground">{r.termSharesHint}</p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          {shares.map((v, i) => (
            <Input
              key={i}
              className="h-9 w-20 text-right"
              inputMode="numeric"
              aria-label={r.termShare(i + 1)}
              value={v}
              onChange={(e) => setShares((s) => s.map((x, j) => (j === i ? e.target.value : x)))}
              data-testid="capitation-share-input"
            />
          ))}
          <span className={cn('text-xs tabular-nums', total === 100 ? 'text-muted-foreground' : 'text-destructive')}>{r.sharesTotal(total)}</span>
        </div>
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor="capitation-count-on" className="text-sm font-medium">
          {r.countDate}
        </label>
        <DateField id="capitation-count-on" wrapperClassName="max-w-56" value={countOn} onValueChange={setCountOn} data-testid="capitation-count-on" />
        <p className="text-xs text-muted-foreground">{r.countDateHint}</p>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive" data-testid="capitation-settings-error">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => setEditing(false)} disabled={put.isPending}>
          {capitationMessages.dialog.cancel}
        </Button>
        <Button type="submit" size="sm" disabled={put.isPending} data-testid="capitation-settings-save">
          {r.saveSettings}
        </Button>
      </div>
    </form>
  );
}

/** The report dialog, opened from the Capitation card. */
export function CapitationReportDialog({ open, onClose, initialYear }: { open: boolean; onClose: () => void; initialYear: number }) {
  const [year, setYear] = React.useState(initialYear);
  React.useEffect(() => {
    if (open) setYear(initialYear);
  }, [open, initialYear]);
  const q = useCapitation(year, open);
  const downloads = useBusyDownloads(r.downloadFailed);
  const years = [initialYear - 2, initialYear - 1, initialYear, initialYear + 1];
  return (
    <FormDialog open={open} onClose={onClose} icon={FileBarChart} title={r.title} description={r.description} className="max-h-[92vh] overflow-y-auto sm:max-w-4xl" testId="capitation-report">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="capitation-year" className="text-sm font-medium">
          {r.year}
        </label>
        <NativeSelect id="capitation-year" className="h-9 w-auto" value={year} onChange={(e) => setYear(Number(e.target.value))} data-testid="capitation-year">
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </NativeSelect>
        <div className="ml-auto flex flex-wrap gap-2">
          <ExportButtons
            isBusy={(f) => downloads.isBusy(f)}
            onDownload={(f) => void downloads.run(f, () => downloadFile(capitationFileUrl(year, f), `capitation-${year}.${f}`))}
            pdfLabel={r.pdf}
            excelLabel={r.excel}
            testIds={{ pdf: 'capitation-pdf', xlsx: 'capitation-xlsx' }}
          />
        </div>
      </div>
      {q.isError ? (
        <QueryErrorCard query={q} title={c.loadFailed} retryLabel={c.tryAgain} testId="capitation-report-error" />
      ) : !q.data ? (
        <SkeletonStack testId="capitation-report-loading" cells={['h-40 w-full rounded-xl']} />
      ) : (
        <div className="flex min-w-0 flex-col gap-5">
          <section className="flex flex-col gap-1">
            <h3 className="text-sm font-semibold">{r.terms}</h3>
            <p className="text-xs text-muted-foreground">{r.shares(q.data.termShares)}</p>
            <SettingsPanel key={q.data.year} data={q.data} />
            <TermsTable data={q.data} />
          </section>
          <section className="flex flex-col gap-1">
            <h3 className="text-sm font-semibold">{r.receipts}</h3>
            <ReceiptsTable data={q.data} />
          </section>
          <section className="flex flex-col gap-1">
            <h3 className="text-sm font-semibold">{r.rates}</h3>
            <p className="text-xs text-muted-foreground">{r.ratesHint}</p>
            <RatesTable data={q.data} />
          </section>
        </div>
      )}
    </FormDialog>
  );
}
