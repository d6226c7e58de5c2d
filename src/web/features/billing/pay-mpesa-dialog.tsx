import * as React from 'react';
import { Download, Loader2, Smartphone } from 'lucide-react';
import type { PlatformInvoice } from '@shared/contracts/billing';
import { billingScreens as s } from '@shared/messages/billing-screens';
import { formatKenyanPhone, normaliseKenyanPhone } from '@shared/phone';
import { FormErrorAlert } from '@/components/form-feedback';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/form-dialog';
import { isStkNotPaid, StkDialogHeader, StkNotPaidPanel, StkPaidPanel, StkPendingPanel, stkDialogState } from '@/components/stk-push-outcome';
import { ApiError } from '@/lib/api';
import { Field } from '@/components/field';
import { Kes, kes, TextBox } from './billing-bits';
import { receiptPdfUrl, useBillingStkPush, useBillingStkStatus } from './billing-api';

const m = s.pay;

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
    setPhone(formatKenyanPhone(defaultPhone));
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
  const state = stkDialogState(checkoutId, r);
  const pushFailed = push.error && !(push.error instanceof ApiError && push.error.fields?.phone);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md" data-testid="billing-pay-dialog" data-state={state}>
        <StkDialogHeader title={m.title} description={m.description(invoice.number, kes(Math.max(0, invoice.balanceCents)))} descriptionClassName={state === 'form' ? undefined : 'sr-only'} />

        {state === 'form' && (
          <form className="grid gap-4" onSubmit={submit} noValidate>
            <div className="flex items-center justify-between gap-3 rounded-lg border bg-muted/30 px-3.5 py-3">
              <span className="text-sm text-muted-foreground">{m.amount}</span>
              <Kes cents={Math.ceil(Math.max(0, invoice.balanceCents) / 100) * 100} className="text-lg font-semibold" />
            </div>
            <Field id="billing-pay-phone" label={m.phone} hint={m.phoneHint} error={phoneError}>
              <TextBox
                id="billing-pay-phone"
                inputMode="tel"
                autoComplete="tel"
                value={phone}
                onValue={setPhone}
                invalid={!!phoneError}
                aria-describedby={phoneError ? 'billing-pay-phone-error' : undefined}
                testId="billing-pay-phone"
              />
            </Field>
            {pushFailed && <FormErrorAlert title={m.sendFailed} detail={push.error.message} testId="billing-pay-error" />}
            <FormDialogFooter
              cancelLabel={s.common.cancel}
              onCancel={() => onOpenChange(false)}
              label={push.isPending ? m.sending : m.send}
              pending={push.isPending}
              icon={<Smartphone aria-hidden />}
              submitClassName="bg-emerald-600 text-white hover:bg-emerald-600/90"
              submitTestId="billing-pay-send"
            />
          </form>
        )}

        {state === 'pending' && (
          <StkPendingPanel
            testId="billing-pay-pending"
            icon={
              <span className="relative flex size-16 items-center justify-center">
                <span className="absolute inset-0 animate-ping rounded-full bg-emerald-500/15" aria-hidden />
                <Smartphone className="size-9 text-emerald-600" aria-hidden />
              </span>
            }
            title={m.pendingTitle}
            text={m.pendingText}
          >
            <Loader2 className="size-5 animate-spin text-muted-foreground" aria-hidden />
          </StkPendingPanel>
        )}

        {state === 'succeeded' && r && (
          <StkPaidPanel
            m={m}
            text={m.succeededText(kes(r.amountCents), r.mpesaReceipt ?? '')}
            balance={<Kes cents={r.invoiceBalanceCents} tone className="text-xl font-semibold" />}
            receiptHref={r.paymentId ? receiptPdfUrl(r.paymentId) : null}
            receiptIcon={<Download aria-hidden />}
            receiptTestId="billing-pay-receipt"
            closeTestId="billing-pay-close"
            testId="billing-pay-succeeded"
            padding="py-2"
            onClose={() => onOpenChange(false)}
          />
        )}

        {isStkNotPaid(state) && r && (
          <StkNotPaidPanel
            state={state}
            reason={r.resultDesc ?? m.failedText}
            m={m}
            testId="billing-pay-failed"
            padding="py-2"
            onClose={() => onOpenChange(false)}
            onRetry={() => {
              push.reset();
              setCheckoutId(null);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
