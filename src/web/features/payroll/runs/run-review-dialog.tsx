import { UserMinus, UserPlus } from 'lucide-react';
import { payrollScreens as m } from '@shared/messages/payroll-screens';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { QueryErrorCard } from '@/components/query-error-card';
import { Skeleton } from '@/components/ui/skeleton';
import { usePayrollRun } from '../api/payroll';
import { People, Totals } from './run-detail';
import { Lines } from './run-lines';
import { RunStatusBadge, monthName } from './run-status';
import { formatDay } from '@shared/dates';

/**
 * A payroll run as the director or principal reviews it from the Approvals card before deciding
 * (issue 14 §3): the totals against last month, joiners and leavers, and every line, read-only.
 */
export function RunReviewDialog({ runId, onClose }: { runId: string; onClose: () => void }) {
  const run = usePayrollRun(runId);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-5xl overflow-y-auto" data-testid="run-review-dialog">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2">
            {run.data ? m.review.title(monthName(run.data.month)) : m.review.loading}
            {run.data && <RunStatusBadge status={run.data.status} />}
          </DialogTitle>
          <DialogDescription>{run.data ? `${m.run.payDate(formatDay(run.data.payDate))} · ${m.run.staffCount(run.data.staffCount)} · ${m.review.hint}` : m.review.hint}</DialogDescription>
        </DialogHeader>
        {run.isPending ? (
          <Skeleton className="h-64 w-full rounded-xl" />
        ) : run.isError ? (
          <QueryErrorCard query={run} title={m.runs.loadFailed} retryLabel={m.runs.retry} />
        ) : (
          <div className="flex min-w-0 flex-col gap-4">
            <Totals run={run.data} />
            {(run.data.joiners.length > 0 || run.data.leavers.length > 0) && (
              <div className="grid min-w-0 gap-3 sm:grid-cols-2">
                {run.data.joiners.length > 0 && <People icon={UserPlus} title={m.run.joiners} names={run.data.joiners.map((j) => j.name)} testId="review-joiners" />}
                {run.data.leavers.length > 0 && <People icon={UserMinus} title={m.run.leavers} names={run.data.leavers.map((j) => j.name)} testId="review-leavers" />}
              </div>
            )}
            <Lines run={run.data} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
