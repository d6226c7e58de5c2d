import * as React from 'react';
import { CheckCircle2, Loader2, Smartphone, XCircle } from 'lucide-react';
import { messages } from '@shared/messages';
import { normaliseKenyanPhone } from '@shared/phone';
import { FieldError, FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
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
  const state = !checkoutId ? 'form' : !s || s.status === 'pending' ? 'pending' : s.status;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="pay-mpesa-dialog">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Smartphone className="size-5 text-emerald-600" aria-hidden />
            {m.title}
          </DialogTitle>
          <DialogDescription>{m.description(learner.name)}</DialogDescription>
        </DialogHeader>

        {state === 'form' && (
          <form className="grid gap-4" onSubmit={submit} noValidate>
            <div className="grid gap-2">
              <Label htmlFor="pay-phone">{m.phone}</Label>
              <Input id="pay-phone" inputMode="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} aria-invalid={!!errors.phone} aria-describedby="pay-phone-hint" />
              {errors.phone ? <FieldError id="pay-phone-hint" message={errors.phone} /> : <p id="pay-phone-hint" className="text-xs text-muted-foreground">{m.phoneHint}</p>}
            </div>
            <div className="grid gap-2">
              <Label htmlFor="pay-amount">{m.amount}</Label>
              <Input id="pay-amount" inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} aria-invalid={!!errors.amount} aria-describedby="pay-amount-hint" />
              {errors.amount ? <FieldError id="pay-amount-hint" message={errors.amount} /> : <p id="pay-amount-hint" className="text-xs text-muted-foreground">{m.amountHint}</p>}
            </div>
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

        {state === 'pending' && (
          <div className="flex flex-col items-center gap-3 py-6 text-center" role="status" data-testid="pay-mpesa-pending">
            <Loader2 className="size-10 animate-spin text-emerald-600" aria-hidden />
            <p className="text-lg font-semibold">{m.pendingTitle}</p>
            <p className="max-w-sm text-sm text-muted-foreground">{m.pendingText}</p>
          </div>
        )}

        {state === 'succeeded' && s && (
          <div className="flex flex-col items-center gap-3 py-4 text-center" role="status" data-testid="pay-mpesa-succeeded">
            <CheckCircle2 className="size-12 text-emerald-600" aria-hidden />
            <p className="text-lg font-semibold">{m.succeededTitle}</p>
            <p className="text-sm text-muted-foreground">{m.succeededText(formatMoney(s.amount), s.mpesaReceipt ?? '')}</p>
            {s.balance !== null && (
              <div className="rounded-lg border px-4 py-2">
                <p className="text-xs text-muted-foreground">{m.newBalance}</p>
                <Money value={s.balance} tone className="text-xl font-semibold" />
              </div>
            )}
            <DialogFooter className="w-full sm:justify-center">
              {s.paymentId && (
                <Button asChild variant="outline">
                  <a href={receiptPdfUrl(s.paymentId)} target="_blank" rel="noreferrer">
                    {m.receipt}
                  </a>
                </Button>
              )}
              <Button onClick={() => onOpenChange(false)}>{m.close}</Button>
            </DialogFooter>
          </div>
        )}

        {(state === 'cancelled' || state === 'failed' || state === 'timeout') && s && (
          <div className="flex flex-col items-center gap-3 py-4 text-center" role="alert" data-testid="pay-mpesa-failed">
            <XCircle className="size-12 text-destructive" aria-hidden />
            <p className="text-lg font-semibold">{state === 'cancelled' ? m.cancelledTitle : state === 'timeout' ? m.timeoutTitle : m.failedTitle}</p>
            <p className="text-sm text-muted-foreground">{state === 'cancelled' ? m.cancelledText : state === 'timeout' ? m.timeoutText : (s.resultDesc ?? '')}</p>
            <DialogFooter className="w-full sm:justify-center">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                {m.close}
              </Button>
              <Button onClick={() => setCheckoutId(null)}>{m.tryAgain}</Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
