import { payrollScreens as m } from '@shared/messages/payroll-screens';
import { cn } from '@/lib/utils';

export { monthName } from '@shared/dates';

const TONE: Record<string, string> = {
  draft: 'bg-slate-500/10 text-slate-700 dark:text-slate-300',
  submitted: 'bg-amber-500/12 text-amber-700 dark:text-amber-300',
  approved: 'bg-emerald-500/12 text-emerald-700 dark:text-emerald-300',
};

/** A run's status as a coloured pill: Draft, Awaiting approval, Approved. */
export function RunStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium', TONE[status], className)} data-testid="run-status" data-status={status}>
      {m.status[status] ?? status}
    </span>
  );
}
