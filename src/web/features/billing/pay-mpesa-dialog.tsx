import * as React from 'react';
import { CheckCircle2, Download, Loader2, Smartphone, XCircle } from 'lucide-react';
import type { PlatformInvoice } from '@shared/contracts/billing';
import { billingScreens as s } from '@shared/messages/billing-screens';
import { normaliseKenyanPhone } from '@shared/phone';
import { FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api';
import { Field } from '@/components/field';
import { inputClass, Kes, kes } from './billing-bits';
import { receiptPdfUrl, useBillingStkPush, useBillingStkStatus } from './billing-api';

const m = s.pay;

/** "254712345678" → "0712345678" for the phone box. */
const localPhone = (phone: string | null) => (phone && /^254\d{9}$/.test(phone) ? `0${phone.slice(3)}` : (phone ?? ''));

/**
 * "Pay with M-Pesa" for a platform invoice (issue 18 §1), in the fees dialog's manner: the director
 * chooses the phone (prefilled with their own), EduFam's paybill sends the STK Push for the invoice's
 * balance, and the dialog polls the request (every 2 s) through "Check your phone…" to paid — with the
 * new balance and the receipt — or to why nothing was paid, with Try again.
 */
export function PayInvoiceDialog({ invoice, open, onOpenChange, defaultPhone }: { invoice: PlatformInvoice; open: boolean; onOpenChange: (open: boolean) => void; defaultPhone: string | null }) {
  const [phone, setPhone] = React.useState('');
  const [phoneError, setPhoneError] = React.useState<string | undefined>();
  const [checkoutId, setCheckoutId] = React.useState<string | null>(null);
  const push = useBillingStkPush();
  const status = useBillingStkStatus(checkoutId);

  React.useEffect(() => {
    if (!open) return;
    setPhone(localPhone(defaultPhone));
    setPhoneError(undefined);
    setCheckoutId(null);
    push.reset();
    // Only when the dialog opens: later prop changes must not wipe what the user typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (push.isPending) return;
    if (!normaliseKenyanPhone(phone.trim())) return setPhoneError(s.validation.phoneInvalid);
    setPhoneError(undefined);
    try {
      const res = await push.mutateAsync({ id: invoice.id, body: { phone: phone.trim() } });
      setCheckoutId(res.checkoutRequestId);
    } catch (err) {
      if (err instanceof ApiError && err.fields?.phone) setPhoneError(err.fields.phone);
    }
  };

  const r = status.data;
  const state = !checkoutId ? 'form' : !r || r.status === 'pending' ? 'pending' : r.status;
  const pushFailed = push.error && !(push.error instanceof ApiError && push.error.fields?.phone);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md" data-testid="billing-pay-dialog" data-state={state}>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Smartphone className="size-5 text-emerald-600" aria-hidden />
            {m.title}
          </DialogTitle>
          <DialogDescription className={state === 'form' ? undefined : 'sr-only'}>{m.description(invoice.number, kes(Math.max(0, invoice.balanceCents)))}</DialogDescription>
        </DialogHeader>

        {state === 'form' && (
          <form className="grid gap-4" onSubmit={submit} noValidate>
            <div className="flex items-center justify-between gap-3 rounded-lg border bg-muted/30 px-3.5 py-3">
              <span className="text-sm text-muted-foreground">{m.amount}</span>
              <Kes cents={Math.ceil(Math.max(0, invoice.balanceCents) / 100) * 100} className="text-lg font-semibold" />
            </div>
            <Field id="billing-pay-phone" label={m.phone} hint={m.phoneHint} error={phoneError}>
              <input
                id="billing-pay-phone"
                className={inputClass}
                inputMode="tel"
                autoComplete="tel"
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
                aria-invalid={!!phoneError || undefined}
                aria-describedby={phoneError ? 'billing-pay-phone-error' : undefined}
                data-testid="billing-pay-phone"
              />
            </Field>
            {pushFailed && <FormErrorAlert title={m.sendFailed} detail={push.error.message} testId="billing-pay-error" />}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={push.isPending}>
                {s.common.cancel}
              </Button>
              <Button type="submit" disabled={push.isPending} className="bg-emerald-600 text-white hover:bg-emerald-600/90" data-testid="billing-pay-send">
                {push.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Smartphone aria-hidden />}
                {push.isPending ? m.sending : m.send}
              </Button>
            </DialogFooter>
          </form>
        )}

        {state === 'pending' && (
          <div className="flex flex-col items-center gap-3 py-6 text-center" role="status" data-testid="billing-pay-pending">
            <span className="relative flex size-16 items-center justify-center">
              <span className="absolute inset-0 animate-ping rounded-full bg-emerald-500/15" aria-hidden />
              <Smartphone className="size-9 text-emerald-600" aria-hidden />
            </span>
            <p className="text-lg font-semibold">{m.pendingTitle}</p>
            <p className="max-w-sm text-sm text-muted-foreground">{m.pendingText}</p>
            <Loader2 className="size-5 animate-spin text-muted-foreground" aria-hidden />
          </div>
        )}

        {state === 'succeeded' && r && (
          <div className="flex flex-col items-center gap-3 py-2 text-center" role="status" data-testid="billing-pay-succeeded">
            <CheckCircle2 className="size-12 text-emerald-600" aria-hidden />
            <p className="text-lg font-semibold">{m.succeededTitle}</p>
            <p className="text-sm text-muted-foreground">{m.succeededText(kes(r.amountCents), r.mpesaReceipt ?? '')}</p>
            <div className="rounded-lg border px-4 py-2">
              <p className="text-xs text-muted-foreground">{m.newBalance}</p>
              <Kes cents={r.invoiceBalanceCents} tone className="text-xl font-semibold" />
            </div>
            <DialogFooter className="w-full sm:justify-center">
              {r.paymentId && (
                <Button asChild variant="outline">
                  <a href={receiptPdfUrl(r.paymentId)} target="_blank" rel="noreferrer" data-testid="billing-pay-receipt">
                    <Download aria-hidden />
                    {m.receipt}
                  </a>
                </Button>
              )}
              <Button onClick={() => onOpenChange(false)} data-testid="billing-pay-close">
                {m.close}
              </Button>
            </DialogFooter>
          </div>
        )}

        {(state === 'cancelled' || state === 'failed' || state === 'timeout') && r && (
          <div className="flex flex-col items-center gap-3 py-2 text-center" role="alert" data-testid="billing-pay-failed">
            <XCircle className="size-12 text-destructive" aria-hidden />
            <p className="text-lg font-semibold">{state === 'cancelled' ? m.cancelledTitle : state === 'timeout' ? m.timeoutTitle : m.failedTitle}</p>
            <p className="text-sm text-muted-foreground">{state === 'cancelled' ? m.cancelledText : state === 'timeout' ? m.timeoutText : (r.resultDesc ?? m.failedText)}</p>
            <DialogFooter className="w-full sm:justify-center">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                {m.close}
              </Button>
              <Button
                onClick={() => {
                  push.reset();
                  setCheckoutId(null);
                }}
              >
                {m.tryAgain}
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
