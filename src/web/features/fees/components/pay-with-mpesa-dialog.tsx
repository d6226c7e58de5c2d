import * as React from 'react';
import { Loader2 } from 'lucide-react';
import { messages } from '@shared/messages';
import { normaliseKenyanPhone } from '@shared/phone';
import { FieldError, FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isStkNotPaid, StkDialogHeader, StkNotPaidPanel, StkPaidPanel, StkPendingPanel, stkDialogState } from '@/components/stk-push-outcome';
import { ApiError } from '@/lib/api';
import { receiptPdfUrl, useFeesLiveRefresh, useStkPush, useStkStatus } from '../api/fees';
import { formatMoney, Money } from '@/components/money';

const m = messages.feesScreens.pay;

/**
 * "Pay with M-Pesa" (issue 11 §2): sends an STK Push for a learner to a phone the user chooses
 * (prefilled), then shows the request's status live (SSE `fees.changed`, and a poll every 2 s) until
 * the callback arrives: the new balance and the receipt, or why nothing was paid. Used by the parent's
 * School Fees and by the finance officer's screens.
 */
export function PayWithMpesaDialog({
  open,
  onOpenChange,
  learner,
  defaultPhone,
  defaultAmount,
  simulator = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  learner: { id: string; name: string };
  defaultPhone: string | null;
  /** KES; rounded up to whole shillings. */
  defaultAmount: number;
  /** The school uses the built-in simulator (a note says no money moves). */
  simulator?: boolean;
}) {
  useFeesLiveRefresh();
  const [phone, setPhone] = React.useState('');
  const [amount, setAmount] = React.useState('');
  const [errors, setErrors] = React.useState<{ phone?: string; amount?: string }>({});
  const [checkoutId, setCheckoutId] = React.useState<string | null>(null);
  const push = useStkPush();
  const status = useStkStatus(checkoutId);

  React.useEffect(() => {
    if (!open) return;
    setPhone(defaultPhone ? `0${defaultPhone.slice(3)}` : '');
    setAmount(defaultAmount > 0 ? String(Math.ceil(defaultAmount)) : '');
    setErrors({});
    setCheckoutId(null);
    push.reset();
    // Only when the dialog opens: later prop changes must not wipe what the user typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!normaliseKenyanPhone(phone.trim())) next.phone = messages.fees.phoneInvalid;
    const n = Number(amount.replace(/,/g, ''));
    if (!Number.isInteger(n)) next.amount = messages.fees.stkAmountWhole;
    else if (n < 1 || n > 250_000) next.amount = messages.fees.stkAmountRange;
    setErrors(next);
    if (next.phone || next.amount) return;
    try {
      const res = await push.mutateAsync({ studentId: learner.id, phone: phone.trim(), amount: n });
      setCheckoutId(res.checkoutRequestId);
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors({ phone: err.fields.phone, amount: err.fields.amount });
    }
  };

  const s = status.data;
  const state = stkDialogState(checkoutId, s);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="pay-mpesa-dialog">
        <StkDialogHeader title={m.title} description={m.description(learner.name)} />

        {state === 'form' && (
          <form className="grid gap-4" onSubmit={submit} noValidate>
            <HintedInput id="pay-phone" label={m.phone} hint={m.phoneHint} error={errors.phone} inputMode="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
            <HintedInput id="pay-amount" label={m.amount} hint={m.amountHint} error={errors.amount} inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} />
            {simulator && <p className="rounded-md bg-muted px-3 py-2 text-xs text-muted-foreground">{m.simulatorNote}</p>}
            {push.error && !(push.error instanceof ApiError && push.error.fields) && <FormErrorAlert title={m.failedTitle} detail={push.error.message} testId="pay-mpesa-error" />}
            <DialogFooter>
              <Button type="submit" disabled={push.isPending} data-testid="pay-mpesa-send">
                {push.isPending && <Loader2 className="animate-spin" aria-hidden />}
                {push.isPending ? m.sending : m.send}
              </Button>
            </DialogFooter>
          </form>
        )}

        {state === 'pending' && <StkPendingPanel testId="pay-mpesa-pending" icon={<Loader2 className="size-10 animate-spin text-emerald-600" aria-hidden />} title={m.pendingTitle} text={m.pendingText} />}

        {state === 'succeeded' && s && (
          <StkPaidPanel
            m={m}
            text={m.succeededText(formatMoney(s.amount), s.mpesaReceipt ?? '')}
            balance={s.balance !== null ? <Money value={s.balance} tone className="text-xl font-semibold" /> : undefined}
            receiptHref={s.paymentId ? receiptPdfUrl(s.paymentId) : null}
            testId="pay-mpesa-succeeded"
            padding="py-4"
            onClose={() => onOpenChange(false)}
          />
        )}

        {isStkNotPaid(state) && s && <StkNotPaidPanel state={state} reason={s.resultDesc ?? ''} m={m} testId="pay-mpesa-failed" padding="py-4" onClose={() => onOpenChange(false)} onRetry={() => setCheckoutId(null)} />}
      </DialogContent>
    </Dialog>
  );
}

/** A labelled input whose hint (id `${id}-hint`, the input's description) gives way to its error. */
function HintedInput({ id, label, hint, error, ...input }: { id: string; label: string; hint: string; error?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...input} aria-invalid={!!error} aria-describedby={`${id}-hint`} />
      {error ? <FieldError id={`${id}-hint`} message={error} /> : <p id={`${id}-hint`} className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}
