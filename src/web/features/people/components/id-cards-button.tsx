import { CreditCard, Download, Loader2, RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { PendingButton } from '@/components/pending-button';
import { useStartIdCards, useTask } from '../api/people';

const m = messages.people.classes;

/**
 * "ID cards (PDF)" for a stream (principal): starts the `id-cards` background task, shows its progress
 * ("12 of 26 cards") as a bar while it runs, then a download link. `taskId` is kept by the caller so
 * the progress survives closing and reopening the sheet.
 */
export function IdCardsButton({ classId, taskId, onTask }: { classId: string; taskId: string | null; onTask: (taskId: string | null) => void }) {
  const start = useStartIdCards();
  const task = useTask(taskId);
  const t = task.data;

  const begin = () =>
    start.mutate(classId, {
      onSuccess: ({ taskId: id }) => onTask(id),
      onError: (err) => toast.error(m.idCardsFailed, { description: err.message }),
    });

  if (taskId && (!t || t.status === 'queued' || t.status === 'running')) {
    const done = t?.progress ?? 0;
    const total = t?.total || 1;
    const pct = Math.round((done / total) * 100);
    return (
      <div className="flex flex-col gap-2 rounded-lg border bg-muted/30 p-3" data-testid="id-cards-progress" aria-live="polite">
        <div className="flex items-center justify-between gap-2 text-sm">
          <span className="flex items-center gap-2 font-medium">
            <Loader2 className="size-4 animate-spin text-primary" aria-hidden />
            {m.idCardsStarted}
          </span>
          <span className="text-xs text-muted-foreground tabular-nums">{m.idCardsProgress(done, t?.total ?? 0)}</span>
        </div>
        <div className="h-2 overflow-hidden rounded-full bg-muted" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
          <div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${pct}%` }} />
        </div>
      </div>
    );
  }

  if (taskId && t?.status === 'succeeded' && t.resultFileUrl) {
    const cards = Number(t.result?.cards ?? t.total);
    return (
      <div className="flex flex-col gap-2 rounded-lg border border-emerald-500/30 bg-emerald-500/[0.06] p-3" data-testid="id-cards-ready">
        <p className="text-sm font-medium">{m.idCardsDone(cards)}</p>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm">
            <a href={t.resultFileUrl} download data-testid="id-cards-download">
              <Download aria-hidden />
              {m.idCardsDownload}
            </a>
          </Button>
          <Button variant="ghost" size="sm" onClick={begin} disabled={start.isPending}>
            <RotateCcw aria-hidden />
            {m.idCardsAgain}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-1.5">
      {taskId && t?.status === 'failed' && (
        <p className="text-sm text-destructive" data-testid="id-cards-failed">
          {m.idCardsFailed} {t.error}
        </p>
      )}
      <PendingButton pending={start.isPending} icon={CreditCard} variant="outline" onClick={begin} data-testid="id-cards-start" className="self-start">
        {m.idCards}
      </PendingButton>
      <p className="text-xs text-muted-foreground">{m.idCardsHint}</p>
    </div>
  );
}
