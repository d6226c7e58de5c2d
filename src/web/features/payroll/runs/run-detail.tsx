import * as React from 'react';
import { toast } from 'sonner';
import { ArrowLeft, ChevronDown, Lock, PencilLine, RefreshCw, Search, Send, Trash2, UserMinus, UserPlus, Hourglass, AlertTriangle } from 'lucide-react';
import type { PayrollRunDetail, PayrollRunLine } from '@shared/contracts/payroll';
import { payrollScreens as m } from '@shared/messages/payroll-screens';
import { nextMonth } from '@shared/payroll/run';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadErrorCard } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/components/money';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { deleteRun, runAction, usePayrollMutation, usePayrollRun } from '../api/payroll';
import { AddComponentDialog } from '../components-view/pay-components-view';
import { RunDocuments } from '../documents/run-documents';
import { RunStatusBadge, monthName } from './run-status';
import { schoolTimeFormat } from '@/lib/format';

const r = m.run;
const when = (iso: string) => schoolTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }, 'en-KE').format(new Date(iso));

/**
 * One payroll run (issue 14 §3): status and who did what, the totals against last month, joiners and
 * leavers, every line (expand for earnings, benefits and deductions), the draft's actions (recompute,
 * submit for approval, discard) and, once approved, the documents (payslips, bank files, returns).
 */
export function RunDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const run = usePayrollRun(id);
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="payroll-run">
      <div>
        <Button variant="ghost" size="sm" onClick={onBack} className="-ml-2" data-testid="run-back">
          <ArrowLeft aria-hidden />
          {m.runs.back}
        </Button>
      </div>
      {run.isPending ? (
        <div className="flex flex-col gap-3">
          <Skeleton className="h-24 w-full rounded-xl" />
          <Skeleton className="h-40 w-full rounded-xl" />
        </div>
      ) : run.isError ? (
        <LoadErrorCard title={m.runs.loadFailed} detail={run.error.message} retryLabel={m.runs.retry} onRetry={() => void run.refetch()} />
      ) : (
        <RunBody run={run.data} onBack={onBack} />
      )}
    </div>
  );
}

function RunBody({ run, onBack }: { run: PayrollRunDetail; onBack: () => void }) {
  const [confirm, setConfirm] = React.useState<'submit' | 'discard' | null>(null);
  const action = usePayrollMutation(runAction);
  const discard = usePayrollMutation(deleteRun);
  const fail = (err: Error) => toast.error(err instanceof ApiError ? err.message : m.runs.failed);
  /** The `mutate` options of a confirmed action: either way the dialog closes; then a toast saying `done` (and `after`), or the failure. */
  const closeConfirm = (done: string, after?: () => void) => ({
    onSuccess: () => {
      setConfirm(null);
      toast.success(done);
      after?.();
    },
    onError: (err: Error) => {
      setConfirm(null);
      fail(err);
    },
  });
  const draft = run.status === 'draft';

  return (
    <>
      <header className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 shadow-xs sm:flex-row sm:items-start sm:justify-between sm:p-5">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-xl font-semibold tracking-tight" data-testid="run-title">
              {monthName(run.month)}
            </h2>
            <RunStatusBadge status={run.status} />
          </div>
          <p className="mt-1 text-sm text-muted-foreground">
            {r.payDate(run.payDate)} · {r.staffCount(run.staffCount)}
          </p>
          <ul className="mt-2 flex flex-col gap-0.5 text-xs text-muted-foreground">
            <li>{r.computedBy(run.createdBy, when(run.computedAt))}</li>
            {run.submittedAt && <li>{r.submittedBy(run.submittedBy, when(run.submittedAt))}</li>}
            {run.approvedAt && <li data-testid="run-approved-by">{r.approvedBy(run.approvedBy, when(run.approvedAt))}</li>}
          </ul>
        </div>
        {draft && (
          <div className="flex flex-wrap gap-2 sm:justify-end">
            <Button variant="outline" onClick={() => action.mutate({ id: run.id, action: 'recompute' }, { onSuccess: () => toast.success(r.recomputed), onError: fail })} disabled={action.isPending} data-testid="run-recompute">
              <RefreshCw className={cn(action.isPending && action.variables?.action === 'recompute' && 'animate-spin')} aria-hidden />
              {r.recompute}
            </Button>
            <Button variant="outline" onClick={() => setConfirm('discard')} data-testid="run-discard">
              <Trash2 aria-hidden />
              {r.discard}
            </Button>
            <Button onClick={() => setConfirm('submit')} data-testid="run-submit">
              <Send aria-hidden />
              {r.submit}
            </Button>
          </div>
        )}
      </header>

      {draft && run.rejectionNote && (
        <p role="status" className="flex gap-2 rounded-lg border border-amber-500/30 bg-amber-500/8 px-3 py-2 text-sm text-amber-800 dark:text-amber-200" data-testid="run-rejection">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            <strong className="font-medium">{r.rejected}:</strong> {run.rejectionNote}
          </span>
        </p>
      )}
      {run.status === 'submitted' && (
        <p role="status" className="flex gap-2 rounded-lg border border-amber-500/30 bg-amber-500/8 px-3 py-2 text-sm text-amber-800 dark:text-amber-200" data-testid="run-waiting">
          <Hourglass className="mt-0.5 size-4 shrink-0" aria-hidden />
          {r.waiting}
        </p>
      )}
      {run.status === 'approved' && (
        <p role="status" className="flex gap-2 rounded-lg border border-emerald-500/30 bg-emerald-500/8 px-3 py-2 text-sm text-emerald-800 dark:text-emerald-200" data-testid="run-locked">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
          {r.locked}
        </p>
      )}

      <Totals run={run} />
      {(run.joiners.length > 0 || run.leavers.length > 0) && (
        <div className="grid min-w-0 gap-3 sm:grid-cols-2">
          {run.joiners.length > 0 && <People icon={UserPlus} title={r.joiners} names={run.joiners.map((j) => j.name)} testId="run-joiners" />}
          {run.leavers.length > 0 && <People icon={UserMinus} title={r.leavers} names={run.leavers.map((j) => j.name)} testId="run-leavers" />}
        </div>
      )}
      <Lines run={run} />
      <RunDocuments runId={run.id} month={run.month} status={run.status} />

      <ConfirmDialog
        open={confirm === 'submit'}
        tone="success"
        icon={Send}
        title={r.submitTitle}
        text={r.submitText}
        cancelLabel={r.cancel}
        confirmLabel={r.submit}
        pending={action.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => action.mutate({ id: run.id, action: 'submit' }, closeConfirm(r.submitted))}
        testId="run-submit-dialog"
        confirmTestId="run-submit-confirm"
      />
      <ConfirmDialog
        open={confirm === 'discard'}
        tone="danger"
        icon={Trash2}
        title={r.discardTitle}
        text={r.discardText}
        cancelLabel={r.cancel}
        confirmLabel={r.discard}
        pending={discard.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => discard.mutate(run.id, closeConfirm(r.discarded, onBack))}
        testId="run-discard-dialog"
        confirmTestId="run-discard-confirm"
      />
    </>
  );
}

export function Totals({ run }: { run: PayrollRunDetail }) {
  const prev = run.previous;
  const tiles: { key: keyof PayrollRunDetail['totals']; label: string; strong?: boolean }[] = [
    { key: 'grossPay', label: r.tiles.gross },
    { key: 'paye', label: r.tiles.paye },
    { key: 'nssf', label: r.tiles.nssf },
    { key: 'shif', label: r.tiles.shif },
    { key: 'ahl', label: r.tiles.ahl },
    { key: 'otherDeductions', label: r.tiles.other },
    { key: 'netPay', label: r.tiles.net, strong: true },
    { key: 'employerCost', label: r.tiles.cost },
  ];
  return (
    <section className="grid min-w-0 grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4" aria-label={r.linesTitle} data-testid="run-totals">
      {tiles.map((t) => {
        const value = run.totals[t.key];
        const diff = prev ? Math.round((value - prev.totals[t.key]) * 100) / 100 : null;
        return (
          <div key={t.key} className={cn('min-w-0 rounded-xl border bg-card p-3 shadow-xs sm:p-4', t.strong && 'border-primary/30 bg-primary/5')} data-testid={`run-total-${t.key}`}>
            <p className="text-[11px] font-medium tracking-wide text-muted-foreground uppercase">{t.label}</p>
            <p className={cn('mt-1 truncate text-sm font-semibold tabular-nums sm:text-lg', t.strong && 'text-primary')}>
              <span className="text-xs font-medium text-muted-foreground">KES </span>
              {formatMoney(value)}
            </p>
            <p className="mt-0.5 truncate text-xs text-muted-foreground">
              {diff === null ? (
                r.noPrevious
              ) : (
                <>
                  <span className={cn('font-medium tabular-nums', diff > 0 && 'text-amber-700 dark:text-amber-300', diff < 0 && 'text-sky-700 dark:text-sky-300')}>
                    {diff > 0 ? '+' : diff < 0 ? '−' : '±'}
                    {formatMoney(Math.abs(diff))}
                  </span>{' '}
                  {r.vsLast(monthName(prev!.month))}
                </>
              )}
            </p>
          </div>
        );
      })}
    </section>
  );
}

export function People({ icon: Icon, title, names, testId }: { icon: typeof UserPlus; title: string; names: string[]; testId: string }) {
  return (
    <div className="min-w-0 rounded-xl border bg-card p-3 shadow-xs sm:p-4" data-testid={testId}>
      <p className="flex items-center gap-2 text-sm font-medium">
        <Icon className="size-4 text-muted-foreground" aria-hidden />
        {title} ({names.length})
      </p>
      <p className="mt-1 text-sm text-muted-foreground">{names.join(', ')}</p>
    </div>
  );
}

export function Lines({ run }: { run: PayrollRunDetail }) {
  const [q, setQ] = React.useState('');
  const [open, setOpen] = React.useState<string | null>(null);
  const needle = q.trim().toLowerCase();
  const lines = needle ? run.lines.filter((l) => `${l.name} ${l.staffNumber} ${l.jobTitle} ${l.department ?? ''}`.toLowerCase().includes(needle)) : run.lines;
  const cols = r.columns;
  return (
    <section className="min-w-0 rounded-xl border bg-card shadow-xs" data-testid="run-lines">
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-2 border-b p-3 sm:px-4">
        <h3 className="text-sm font-semibold">
          {r.linesTitle} <span className="font-normal text-muted-foreground">({run.lines.length})</span>
        </h3>
        <div className="relative w-full sm:w-64">
          <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input value={q} onChange={(e) => setQ(e.target.value)} placeholder={r.search} aria-label={r.search} className="h-9 pl-8" data-testid="run-lines-search" />
        </div>
      </div>
      <ul className="divide-y sm:hidden" data-testid="run-lines-compact">
        {lines.map((l) => (
          <li key={l.id} className="px-3 py-2.5">
            <button type="button" onClick={() => setOpen(open === l.id ? null : l.id)} aria-expanded={open === l.id} className="flex w-full min-w-0 items-center justify-between gap-3 text-left">
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium">{l.name}</span>
                <span className="block truncate text-xs text-muted-foreground">
                  {l.jobTitle} · {m.runs.columns.gross} {formatMoney(l.grossPay)}
                </span>
              </span>
              <span className="shrink-0 text-right text-sm font-semibold tabular-nums">{formatMoney(l.netPay)}</span>
            </button>
            {open === l.id && (
              <div className="mt-2 grid gap-3 rounded-lg bg-muted/30 p-3 text-sm">
                <Items title={r.earnings} items={l.earnings} />
                {l.benefits.length > 0 && <Items title={r.benefits} items={l.benefits} />}
                <Items
                  title={m.breakdown.deductionsTitle}
                  items={[
                    { name: 'NSSF', amount: l.nssf.total },
                    { name: m.breakdown.shif, amount: l.shif },
                    { name: m.breakdown.housingLevy, amount: l.ahl },
                    { name: m.breakdown.paye, amount: l.paye },
                    ...l.deductions,
                  ]}
                />
              </div>
            )}
          </li>
        ))}
      </ul>
      <div className="hidden min-w-0 overflow-x-auto sm:block">
        <table className="w-full min-w-[720px] text-[13px]">
          <thead>
            <tr className="border-b bg-muted/40 text-left text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">
              <th className="px-3 py-2 sm:px-4">{cols.name}</th>
              <th className="px-1.5 py-2 text-right">{cols.gross}</th>
              <th className="px-1.5 py-2 text-right">{cols.nssf}</th>
              <th className="px-1.5 py-2 text-right">{cols.shif}</th>
              <th className="px-1.5 py-2 text-right">{cols.ahl}</th>
              <th className="px-1.5 py-2 text-right">{cols.paye}</th>
              <th className="px-1.5 py-2 text-right">{cols.other}</th>
              <th className="px-3 py-2 text-right sm:px-4">{cols.net}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <LineRow key={l.id} line={l} open={open === l.id} onToggle={() => setOpen(open === l.id ? null : l.id)} correctIn={run.status === 'approved' ? nextMonth(run.month) : null} />
            ))}
            {lines.length === 0 && (
              <tr>
                <td colSpan={8} className="px-4 py-8 text-center text-muted-foreground">
                  {r.noLines}
                </td>
              </tr>
            )}
          </tbody>
          {!needle && (
            <tfoot>
              <tr className="border-t bg-muted/30 font-semibold tabular-nums">
                <td className="px-3 py-2 sm:px-4">{r.total}</td>
                <td className="px-1.5 py-2 text-right">{formatMoney(run.totals.grossPay)}</td>
                <td className="px-1.5 py-2 text-right">{formatMoney(run.totals.nssf)}</td>
                <td className="px-1.5 py-2 text-right">{formatMoney(run.totals.shif)}</td>
                <td className="px-1.5 py-2 text-right">{formatMoney(run.totals.ahl)}</td>
                <td className="px-1.5 py-2 text-right">{formatMoney(run.totals.paye)}</td>
                <td className="px-1.5 py-2 text-right">{formatMoney(run.totals.otherDeductions)}</td>
                <td className="px-3 py-2 text-right sm:px-4" data-testid="run-lines-net-total">
                  {formatMoney(run.totals.netPay)}
                </td>
              </tr>
            </tfoot>
          )}
        </table>
      </div>
    </section>
  );
}

function LineRow({ line: l, open, onToggle, correctIn }: { line: PayrollRunLine; open: boolean; onToggle: () => void; correctIn: string | null }) {
  const change = l.variance?.netPay ?? null;
  const [correcting, setCorrecting] = React.useState(false);
  return (
    <>
      <tr className={cn('border-b tabular-nums transition-colors hover:bg-muted/30', open && 'bg-muted/30')} data-testid="run-line" data-staff={l.name}>
        <td className="px-3 py-2 sm:px-4">
          <button type="button" onClick={onToggle} aria-expanded={open} className="flex min-w-0 items-center gap-2 text-left font-medium hover:text-primary" data-testid="run-line-toggle">
            <ChevronDown className={cn('size-4 shrink-0 text-muted-foreground transition-transform', open && 'rotate-180')} aria-hidden />
            <span className="min-w-0">
              <span className="block max-w-[14rem] truncate">{l.name}</span>
              <span className="block truncate text-xs font-normal text-muted-foreground">
                {l.staffNumber} · {l.jobTitle}
              </span>
            </span>
          </button>
        </td>
        <td className="px-1.5 py-2 text-right">{formatMoney(l.grossPay)}</td>
        <td className="px-1.5 py-2 text-right">{formatMoney(l.nssf.total)}</td>
        <td className="px-1.5 py-2 text-right">{formatMoney(l.shif)}</td>
        <td className="px-1.5 py-2 text-right">{formatMoney(l.ahl)}</td>
        <td className="px-1.5 py-2 text-right">{formatMoney(l.paye)}</td>
        <td className="px-1.5 py-2 text-right">{formatMoney(l.otherDeductions)}</td>
        <td className="px-3 py-2 text-right sm:px-4">
          <span className="block font-semibold" data-testid="run-line-net">
            {formatMoney(l.netPay)}
          </span>
          <span className="block text-[11px]" title={r.columns.change}>
            {change === null ? (
              <span className="rounded bg-sky-500/10 px-1 font-medium text-sky-700 dark:text-sky-300">{r.newLine}</span>
            ) : change === 0 ? (
              <span className="text-muted-foreground">±0.00</span>
            ) : (
              <span className={cn('font-medium', change > 0 ? 'text-amber-700 dark:text-amber-300' : 'text-sky-700 dark:text-sky-300')}>
                {change > 0 ? '+' : '−'}
                {formatMoney(Math.abs(change))}
              </span>
            )}
          </span>
        </td>
      </tr>
      {open && (
        <tr className="border-b bg-muted/20" data-testid="run-line-detail">
          <td colSpan={8} className="px-3 py-3 sm:px-4">
            <div className="grid gap-4 text-sm sm:grid-cols-3">
              <Items title={r.earnings} items={l.earnings.map((e) => ({ name: e.taxable === false ? `${e.name} (${m.components.notTaxable})` : e.name, amount: e.amount }))} />
              <Items title={r.benefits} items={l.benefits} />
              <Items title={r.deductions} items={l.deductions} />
            </div>
            <p className="mt-3 text-xs text-muted-foreground">
              {m.breakdown.taxablePay} {formatMoney(l.taxablePay)} · {m.breakdown.taxBeforeRelief} {formatMoney(l.taxBeforeRelief)} · {m.breakdown.personalRelief} {formatMoney(l.personalRelief)} · NSSF {l.nssf.phase} ·{' '}
              {m.breakdown.totalCost} {formatMoney(l.employer.totalCost)}
            </p>
            {correctIn && (
              <Button variant="outline" size="sm" className="mt-3" onClick={() => setCorrecting(true)} data-testid="run-line-correct">
                <PencilLine aria-hidden />
                {m.components.correct}
              </Button>
            )}
            {correcting && correctIn && <AddComponentDialog staffId={l.staffId} month={correctIn} correction title={m.components.correctTitle(l.name, monthName(correctIn))} onClose={() => setCorrecting(false)} />}
          </td>
        </tr>
      )}
    </>
  );
}

function Items({ title, items }: { title: string; items: { name: string; amount: number }[] }) {
  return (
    <div className="min-w-0">
      <p className="text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">{title}</p>
      {items.length === 0 ? (
        <p className="mt-1 text-muted-foreground">—</p>
      ) : (
        <dl className="mt-1">
          {items.map((i, n) => (
            <div key={n} className="flex justify-between gap-3 py-0.5">
              <dt className="min-w-0 truncate">{i.name}</dt>
              <dd className="tabular-nums">{formatMoney(i.amount)}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
