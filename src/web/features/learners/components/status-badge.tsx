import type { StudentStatus } from '@shared/contracts/learners';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';

const tone: Record<StudentStatus, string> = {
  active: 'bg-emerald-500/10 text-emerald-700 ring-emerald-600/20 dark:text-emerald-300 dark:ring-emerald-400/25',
  transferred: 'bg-sky-500/10 text-sky-700 ring-sky-600/20 dark:text-sky-300 dark:ring-sky-400/25',
  exited: 'bg-muted text-muted-foreground ring-border',
  graduated: 'bg-violet-500/10 text-violet-700 ring-violet-600/20 dark:text-violet-300 dark:ring-violet-400/25',
};
const dot: Record<StudentStatus, string> = {
  active: 'bg-emerald-500',
  transferred: 'bg-sky-500',
  exited: 'bg-muted-foreground/60',
  graduated: 'bg-violet-500',
};

/** A learner's status as a small pill: Active, Transferred, Exited or Graduated. */
export function LearnerStatusBadge({ status, className }: { status: StudentStatus; className?: string }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset', tone[status], className)}
      data-testid="learner-status"
      data-status={status}
    >
      <span className={cn('size-1.5 rounded-full', dot[status])} aria-hidden />
      {messages.learners.statuses[status]}
    </span>
  );
}
