import * as React from 'react';
import { CheckCircle2, Download, Files, Loader2, RotateCcw, TriangleAlert } from 'lucide-react';
import { toast } from 'sonner';
import { isTaskRunning, type Task } from '@shared/contracts/tasks';
import { messages } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { PendingButton } from '@/components/pending-button';
import { cn } from '@/lib/utils';
import { useRecentReportCardTasks, useReportCardsTask, useStartBulkReportCards } from '../api/reports';
import type { ReportScope } from './report-scope';

const m = messages.reportsScreens;

/** Does a task (its input) make the cards of this term and scope? A level's task is named by the level's label. */
function taskMatches(t: Task, termId: string, scope: ReportScope, termLabel: string): boolean {
  const input = t.input as { termId?: string; classIds?: string[]; label?: string };
  if (input.termId !== termId) return false;
  if (scope.kind === 'stream') return input.classIds?.length === 1 && input.classIds[0] === scope.id && input.label === `${scope.name} ${termLabel}`;
  return input.label === `${scope.name} ${termLabel}`;
}

/**
 * "Download all (one PDF)": the report cards of a stream or a whole level made by the `report-cards`
 * background task (POST /api/report-cards/bulk), a progress bar while it runs (GET /api/tasks/:id),
 * then the merged PDF (resultFileUrl). The caller keeps the task per scope so switching streams and
 * coming back shows it again; a run still going after a reload is picked up.
 */
export function BulkReportCards({
  termId,
  termLabel,
  scope,
  taskId,
  onTask,
  disabled,
}: {
  termId: string;
  termLabel: string;
  scope: ReportScope;
  taskId: string | null;
  onTask: (taskId: string | null) => void;
  disabled?: boolean;
}) {
  const start = useStartBulkReportCards();
  const recent = useRecentReportCardTasks();
  const task = useReportCardsTask(taskId);
  const t = task.data;

  // A run for this scope still going (e.g. started before a reload): follow it.
  const running = recent.data?.find((x) => isTaskRunning(x) && taskMatches(x, termId, scope, termLabel));
  React.useEffect(() => {
    if (!taskId && running) onTask(running.id);
  }, [taskId, running, onTask]);

  const begin = () =>
    start.mutate(scope.kind === 'stream' ? { termId, classId: scope.id } : { termId, levelId: scope.id }, {
      onSuccess: ({ taskId: id }) => onTask(id),
      onError: (err) => toast.error(m.bulkFailed, { description: err.message }),
    });

  const scopeName = `${scope.name} · ${termLabel}`;
  const frame = 'flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:gap-4 sm:p-5';
  const icon = (Icon: typeof Files, tone: string) => (
    <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', tone)} aria-hidden>
      <Icon className="size-5" />
    </span>
  );

  // The task could not be read (gone, or the network failed past its retries): say so rather than wait forever.
  const lost = !!taskId && !t && task.isError;
  if (taskId && !lost && (!t || isTaskRunning(t))) {
    const done = t?.progress ?? 0;
    const total = t?.total ?? 0;
    const known = !!t && t.status === 'running' && total > 0;
    const pct = known ? Math.min(100, Math.round((done / total) * 100)) : 0;
    return (
      <section className={frame} data-testid="bulk-progress" data-status={t?.status ?? 'queued'} aria-live="polite">
        <div className="flex min-w-0 flex-1 items-start gap-3 sm:items-center">
          {icon(Loader2, 'bg-primary/10 text-primary [&_svg]:animate-spin')}
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
              <p className="text-sm font-semibold">{t?.status === 'running' ? m.bulkRunning : m.bulkQueued}</p>
              <p className="text-xs text-muted-foreground tabular-nums" data-testid="bulk-progress-text">
                {total > 0 ? m.bulkProgress(known ? done : 0, total) : '\u00a0'}
              </p>
            </div>
            <div className="relative h-2.5 overflow-hidden rounded-full bg-muted" role="progressbar" aria-label={m.bulkRunning} aria-valuemin={0} aria-valuemax={100} aria-valuenow={known ? pct : undefined} data-testid="bulk-progress-bar">
              {known && done > 0 ? (
                <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${pct}%` }} />
              ) : (
                <div className="h-full w-full animate-pulse rounded-full bg-primary/40" />
              )}
            </div>
            <p className="truncate text-xs text-muted-foreground">{scopeName}</p>
          </div>
        </div>
      </section>
    );
  }

  if (taskId && t?.status === 'succeeded' && t.resultFileUrl) {
    const cards = Number((t.result as { cards?: number } | null)?.cards ?? t.total);
    return (
      <section className={cn(frame, 'border-emerald-500/30 bg-emerald-500/[0.05]')} data-testid="bulk-ready" aria-live="polite">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          {icon(CheckCircle2, 'bg-emerald-500/12 text-emerald-700 dark:text-emerald-300')}
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold">{m.bulkDone(cards)}</p>
            <p className="truncate text-xs text-muted-foreground">{scopeName}</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <PendingButton pending={start.isPending} icon={RotateCcw} variant="ghost" size="sm" onClick={begin} disabled={start.isPending || disabled} data-testid="bulk-again">
            {m.bulkAgain}
          </PendingButton>
          <Button asChild size="sm" className="flex-1 sm:flex-none">
            <a href={t.resultFileUrl} download data-testid="bulk-download">
              <Download aria-hidden />
              {m.bulkDownload}
            </a>
          </Button>
        </div>
      </section>
    );
  }

  const failed = (taskId && t?.status === 'failed') || lost;
  return (
    <section className={frame} data-testid="bulk-report-cards">
      <div className="flex min-w-0 flex-1 items-start gap-3 sm:items-center">
        {failed ? icon(TriangleAlert, 'bg-destructive/10 text-destructive') : icon(Files, 'bg-primary/10 text-primary')}
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold">{failed ? m.bulkFailed : m.bulkTitle}</p>
          <p className={cn('text-xs', failed ? 'text-destructive' : 'text-muted-foreground')} data-testid={failed ? 'bulk-failed' : undefined}>
            {failed ? (t?.error ?? task.error?.message ?? m.bulkFailed) : m.bulkHint(scopeName)}
          </p>
        </div>
      </div>
      <PendingButton pending={start.isPending} icon={failed ? RotateCcw : Files} onClick={begin} disabled={start.isPending || disabled} className="w-full sm:w-auto" data-testid="bulk-start">
        {start.isPending ? m.bulkStarting : m.bulkStart}
      </PendingButton>
    </section>
  );
}
