import * as React from 'react';
import { History, Lock, Undo2 } from 'lucide-react';
import { toast } from 'sonner';
import type { PromotionBatch } from '@shared/contracts/movements';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { usePromotionBatches, useUndoPromotion } from '../api/movements';
import { formatDateTime } from './format';
import { errorText } from './movement-page';
import { LoadingLine } from './notice';

const m = messages.movements.promotion;

/**
 * Recent promotions with "Undo" while the new year has no data; otherwise the server's reason why not
 * (issue 10 §2: "a promotion batch can be undone until the new year has data").
 */
export function PromotionBatches() {
  const batches = usePromotionBatches();
  const undo = useUndoPromotion();
  const [confirm, setConfirm] = React.useState<PromotionBatch | null>(null);

  const run = (b: PromotionBatch) =>
    undo.mutate(b.id, {
      onSuccess: (res) => {
        toast.success(m.undoneToast, { description: res.message });
        setConfirm(null);
      },
      onError: (err) => {
        toast.error(messages.movements.common.actionFailed, { description: errorText(err, '') });
        setConfirm(null);
      },
    });

  return (
    <section className="min-w-0 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5" data-testid="promotion-batches">
      <h2 className="flex items-center gap-2 text-[15px] font-semibold">
        <History className="size-4 text-muted-foreground" aria-hidden />
        {m.recentTitle}
      </h2>
      {batches.isLoading ? (
        <LoadingLine className="py-4" />
      ) : !batches.data?.length ? (
        <p className="py-4 text-sm text-muted-foreground" data-testid="promotion-batches-empty">
          {m.recentEmpty}
        </p>
      ) : (
        <ul className="mt-3 grid gap-2.5">
          {batches.data.map((b) => (
            <li key={b.id} className="flex flex-col gap-3 rounded-lg border p-3.5 sm:flex-row sm:items-center" data-testid="promotion-batch" data-status={b.status}>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-medium">
                    {b.fromYear.name} → {b.toYear.name}
                  </p>
                  <span
                    className={cn(
                      'rounded-full px-2 py-0.5 text-xs font-medium',
                      b.status === 'applied' ? 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-300' : 'bg-muted text-muted-foreground',
                    )}
                  >
                    {messages.movements.batchStatuses[b.status]}
                  </span>
                  {b.madeCurrent && b.status === 'applied' && <span className="text-xs text-muted-foreground">· {m.madeCurrentNote}</span>}
                </div>
                <p className="mt-1 text-sm text-muted-foreground tabular-nums">{m.batchCounts(b.counts.promoted, b.counts.repeated, b.counts.skipped, b.counts.graduated)}</p>
                <p className="mt-0.5 text-xs text-muted-foreground">
                  {b.status === 'undone' && b.undoneAt ? m.undoneOn(formatDateTime(b.undoneAt), b.undoneBy) : m.appliedOn(formatDateTime(b.createdAt), b.createdBy)}
                </p>
                {b.status === 'applied' && b.undoBlockedReason && (
                  <p className="mt-1.5 flex items-start gap-1.5 text-xs text-amber-800 dark:text-amber-300" data-testid="promotion-batch-blocked">
                    <Lock className="mt-0.5 size-3 shrink-0" aria-hidden />
                    {b.undoBlockedReason}
                  </p>
                )}
              </div>
              {b.status === 'applied' && (
                <Button
                  variant="outline"
                  size="sm"
                  className="self-start sm:self-center"
                  disabled={!!b.undoBlockedReason || undo.isPending}
                  title={b.undoBlockedReason ?? undefined}
                  onClick={() => setConfirm(b)}
                  data-testid="promotion-undo"
                >
                  <Undo2 aria-hidden />
                  {m.undo}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={!!confirm}
        tone="warning"
        icon={Undo2}
        title={confirm ? m.undoTitle(confirm.fromYear.name, confirm.toYear.name) : ''}
        text={m.undoText}
        cancelLabel={messages.movements.common.cancel}
        confirmLabel={m.undoConfirm}
        pending={undo.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && run(confirm)}
        testId="promotion-undo-dialog"
        confirmTestId="promotion-undo-confirm"
      />
    </section>
  );
}
