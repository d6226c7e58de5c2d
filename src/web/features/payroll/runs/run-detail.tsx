import * as React from 'react';
import { toast } from 'sonner';
import { ArrowLeft, Lock, RefreshCw, Send, Trash2, UserMinus, UserPlus, Hourglass, AlertTriangle } from 'lucide-react';
import type { PayrollRunDetail } from '@shared/contracts/payroll';
import { payrollScreens as m } from '@shared/messages/payroll-screens';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/components/money';
import { SkeletonStack } from '@/components/skeleton-stack';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { deleteRun, runAction, usePayrollMutation, usePayrollRun } from '../api/payroll';
import { RunDocuments } from '../documents/run-documents';
import { Lines } from './run-lines';
import { RunStatusBadge, monthName } from './run-status';
import { formatDay, formatDayTime } from '@shared/dates';

const r = m.run;
const when = (iso: string) => formatDayTime(iso);

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
        <SkeletonStack className="flex flex-col gap-3" cells={['h-24 w-full rounded-xl', 'h-40 w-full rounded-xl']} />
      ) : run.isError ? (
        <QueryErrorCard query={run} title={m.runs.loadFailed} retryLabel={m.runs.retry} />
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
  /** The two confirmations of a draft run, by the action they confirm. */
  const confirms = {
    submit: { tone: 'success', icon: Send, title: r.submitTitle, text: r.submitText, confirmLabel: r.submit, pending: action.isPending, onConfirm: () => action.mutate({ id: run.id, action: 'submit' }, closeConfirm(r.submitted)) },
    discard: { tone: 'danger', icon: Trash2, title: r.discardTitle, text: r.discardText, confirmLabel: r.discard, pending: discard.isPending, onConfirm: () => discard.mutate(run.id, closeConfirm(r.discarded, onBack)) },
  } as const;

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
            {r.payDate(formatDay(run.payDate))} · {r.staffCount(run.staffCount)}
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
      <Lines run={run} payslips />
      <RunDocuments runId={run.id} month={run.month} status={run.status} />

      {(['submit', 'discard'] as const).map((kind) => (
        <ConfirmDialog
          key={kind}
          open={confirm === kind}
          {...confirms[kind]}
          cancelLabel={r.cancel}
          onCancel={() => setConfirm(null)}
          testId={`run-${kind}-dialog`}
          confirmTestId={`run-${kind}-confirm`}
        />
      ))}
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
