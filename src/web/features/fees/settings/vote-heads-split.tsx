import * as React from 'react';
import { toast } from 'sonner';
import { Split } from 'lucide-react';
import type { Payment } from '@shared/contracts/fees';
import { voteHeadsMessages } from '@shared/messages/vote-heads';
import { kesToCents } from '@shared/money';
import { FormErrorAlert } from '@/components/form-feedback';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { formatMoney } from '@/components/money';
import { ApiError } from '@/lib/api';
import { useOnOpen } from '@/lib/use-on-open';
import { cn } from '@/lib/utils';
import { useReallocatePayment, useVoteHeads } from './vote-heads-api';
import { voteHeadInputClass } from './vote-heads-tab';

const u = voteHeadsMessages.ui;

/**
 * How a payment split over vote heads (issue 35 §3), as the receipt shows it: "Tuition 10,000.00 ·
 * Lunch 2,000.00", with "Reallocate" for the finance officer when `onReallocate` is given.
 */
export function VoteHeadSplit({ payment, onReallocate, className }: { payment: Payment; onReallocate?: (p: Payment) => void; className?: string }) {
  if (payment.allocations.length === 0 && !onReallocate) return null;
  return (
    <p className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground', className)} data-testid="payment-allocations">
      <span className="font-medium">{u.allocations}:</span>
      {payment.allocations.length === 0 && <span>{u.noAllocations}</span>}
      {payment.allocations.map((a) => (
        <span key={a.voteHeadId} className="tabular-nums" data-testid="payment-allocation">
          {a.voteHead} {formatMoney(a.amount)}
        </span>
      ))}
      {onReallocate && (
        <button
          type="button"
          className="inline-flex cursor-pointer items-center gap-1 rounded-sm font-medium underline-offset-4 hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          onClick={() => onReallocate(payment)}
          data-testid="payment-reallocate"
        >
          <Split className="size-3" aria-hidden />
          {u.reallocate}
        </button>
      )}
    </p>
  );
}

/**
 * Reallocate a payment (PUT /api/fees/payments/:id/allocations): one amount per active vote head (and
 * any the payment already sits on), prefilled with the current split; the amounts must add up to the
 * payment (the server refuses more or less with its message).
 */
export function ReallocateDialog({ payment, onClose }: { payment: Payment | null; onClose: () => void }) {
  const heads = useVoteHeads(!!payment);
  const save = useReallocatePayment();
  const [amounts, setAmounts] = React.useState<Record<string, string>>({});
  useOnOpen(!!payment, () => {
    save.reset();
    setAmounts(Object.fromEntries((payment?.allocations ?? []).map((a) => [a.voteHeadId, String(a.amount)])));
  });
  const rows = (heads.data?.items ?? []).filter((h) => h.active || amounts[h.id]);
  const allocatedCents = Object.values(amounts).reduce((s, v) => s + (kesToCents(v || '0') ?? 0), 0);
  const leftCents = Math.round((payment?.amount ?? 0) * 100) - allocatedCents;
  const error = save.error instanceof ApiError ? save.error.message : save.error ? String(save.error) : null;
  return (
    <FormDialog
      open={!!payment}
      onClose={onClose}
      pending={save.isPending}
      className="max-h-[calc(100dvh-2rem)] max-w-lg gap-4 overflow-y-auto"
      testId="reallocate-dialog"
      icon={Split}
      title={`${u.reallocateTitle} ${payment?.receiptNumber ?? ''}`.trim()}
      description={u.reallocateHelp(formatMoney(payment?.amount ?? 0))}
    >
      <form
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!payment) return;
          const allocations = Object.entries(amounts)
            .filter(([, v]) => v.trim() !== '' && (kesToCents(v) ?? 0) > 0)
            .map(([voteHeadId, amount]) => ({ voteHeadId, amount }));
          save.mutate({ id: payment.id, body: { allocations } }, { onSuccess: () => (toast.success(u.reallocated), onClose()) });
        }}
      >
        <ul className="grid gap-2">
          {rows.map((h) => (
            <li key={h.id} className="grid grid-cols-[minmax(0,1fr)_9rem] items-center gap-3">
              <label htmlFor={`realloc-${h.id}`} className="truncate text-sm">
                {h.name}
              </label>
              <input
                id={`realloc-${h.id}`}
                className={cn(voteHeadInputClass, 'text-right tabular-nums')}
                inputMode="decimal"
                value={amounts[h.id] ?? ''}
                placeholder="0.00"
                onChange={(e) => setAmounts((a) => ({ ...a, [h.id]: e.target.value }))}
                data-testid={`reallocate-${h.code}`}
              />
            </li>
          ))}
        </ul>
        <p className={cn('text-sm font-medium tabular-nums', leftCents === 0 ? 'text-emerald-600 dark:text-emerald-400' : 'text-destructive')} data-testid="reallocate-left">
          {u.remaining(formatMoney(leftCents / 100))}
        </p>
        {error && <FormErrorAlert title={u.failed} detail={error} testId="reallocate-error" />}
        <FormDialogFooter cancelLabel={u.cancel} onCancel={onClose} label={u.save} pending={save.isPending} submitTestId="reallocate-save" />
      </form>
    </FormDialog>
  );
}
