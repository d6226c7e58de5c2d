import * as React from 'react';
import { CheckCircle2, Printer } from 'lucide-react';
import { PAYMENT_METHODS, type PaymentMethod, type RecordPaymentResponse } from '@shared/contracts/fees';
import { schoolToday } from '@shared/dates';
import { messages } from '@shared/messages';
import { formatKenyanPhone, normaliseKenyanPhone } from '@shared/phone';
import { kesInWords } from '@shared/money';
import { cn } from '@/lib/utils';
import { FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/form-dialog';
import { DialogOutcome } from '@/components/dialog-outcome';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Field, describedBy } from '@/components/field';
import { Textarea } from '@/components/ui/textarea';
import { receiptPdfUrl, useRecordPayment } from '../api/fees';
import { Money, formatMoney } from '@/components/money';
import { NewTabButton } from '@/components/new-tab-link';
import { Captioned } from '@/components/captioned';
import { DateField } from '@/components/date-field';
import { amountError, amountValue, apiFields, hasFieldErrors, newIdempotencyKey, paymentDateError } from '../fee-management/form';
import { AmountInput } from '../fee-management/inputs';
import { voteHeadsMessages } from '@shared/messages/vote-heads';

const m = messages.feeManagement;
const t = m.payment;
const methods = messages.feesScreens.methods;

interface Draft {
  amount: string;
  method: PaymentMethod;
  reference: string;
  paidOn: string;
  payerName: string;
  payerPhone: string;
  notes: string;
}
const emptyDraft = (): Draft => ({ amount: '', method: 'cash', reference: '', paidOn: schoolToday(), payerName: '', payerPhone: '', notes: '' });

/**
 * "Record payment" (issue 11 §2): amount, method, reference (required unless cash), date (today by
 * default, never in the future), payer and notes. One Idempotency-Key per opened form: a double click or
 * a retry after a dropped connection records the payment once. On success: the receipt number, the new
 * balance, the payer (phone as 0722 334 455), the amount in words and "Print receipt" (the receipt PDF).
 */
export function RecordPaymentDialog({ open, onClose, learner, balance }: { open: boolean; onClose: () => void; learner: { id: string; name: string }; balance: number }) {
  const [draft, setDraft] = React.useState<Draft>(emptyDraft);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [key, setKey] = React.useState(newIdempotencyKey);
  const [done, setDone] = React.useState<RecordPaymentResponse | null>(null);
  const record = useRecordPayment();

  const reset = React.useCallback(() => {
    setDraft(emptyDraft());
    setErrors({});
    setKey(newIdempotencyKey());
    setDone(null);
    record.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  React.useEffect(() => {
    if (open) reset();
  }, [open, reset]);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const fields: Record<string, string> = {};
    const amountErr = amountError(draft.amount);
    if (amountErr) fields.amount = amountErr;
    if (draft.method !== 'cash' && !draft.reference.trim()) fields.reference = messages.fees.referenceRequired;
    const dateErr = paymentDateError(draft.paidOn);
    if (dateErr) fields.paidOn = dateErr;
    if (draft.payerPhone.trim() && !normaliseKenyanPhone(draft.payerPhone.trim())) fields.payerPhone = messages.fees.phoneInvalid;
    setErrors(fields);
    if (Object.keys(fields).length) return;
    record.mutate(
      {
        idempotencyKey: key,
        body: {
          studentId: learner.id,
          amount: amountValue(draft.amount),
          method: draft.method,
          // M-Pesa codes are upper case (QGH7XK2L9P); other references are kept as typed.
          reference: (draft.method === 'mpesa' ? draft.reference.trim().toUpperCase() : draft.reference.trim()) || null,
          paidOn: draft.paidOn,
          payerName: draft.payerName.trim() || null,
          payerPhone: draft.payerPhone.trim() || null,
          notes: draft.notes.trim() || null,
        },
      },
      { onSuccess: setDone, onError: (err) => setErrors(apiFields(err)) },
    );
  };

  const pending = record.isPending;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !pending && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-xl" data-testid="payment-dialog">
        {done ? (
          <DialogOutcome
            icon={CheckCircle2}
            title={t.doneTitle}
            description={t.doneText(formatMoney(done.amount), done.studentName)}
            padding="py-2"
            footerClassName="w-full pt-1"
            testId="payment-done"
            actions={
              <>
                <Button variant="outline" onClick={reset} data-testid="payment-another">
                  {t.another}
                </Button>
                <NewTabButton variant="outline" href={receiptPdfUrl(done.id)} icon={<Printer aria-hidden />} testId="payment-print">
                  {t.print}
                </NewTabButton>
                <Button onClick={onClose} data-testid="payment-close">
                  {t.done}
                </Button>
              </>
            }
          >
            <div className="grid w-full grid-cols-2 gap-2.5">
              <Captioned caption={t.receiptNumber} className="rounded-lg border bg-card px-3 py-2.5">
                <p className="font-mono text-lg font-semibold" data-testid="payment-receipt-number">
                  {done.receiptNumber}
                </p>
              </Captioned>
              <Captioned caption={t.newBalance} className="rounded-lg border bg-card px-3 py-2.5">
                <Money value={done.balance} tone className="text-lg font-semibold" />
              </Captioned>
              {(done.payerName || done.payerPhone) && (
                <Captioned caption={t.payerName} className="col-span-2 rounded-lg border bg-card px-3 py-2.5">
                  <p className="text-sm font-medium" data-testid="payment-done-payer">
                    {[done.payerName, formatKenyanPhone(done.payerPhone)].filter(Boolean).join(', ')}
                  </p>
                </Captioned>
              )}
              {done.allocations.length > 0 && (
                <Captioned caption={voteHeadsMessages.ui.allocations} className="col-span-2 rounded-lg border bg-card px-3 py-2.5">
                  <ul className="grid gap-0.5 text-sm" data-testid="payment-done-allocations">
                    {done.allocations.map((a) => (
                      <li key={a.voteHeadId} className="flex justify-between gap-3" data-testid="payment-done-allocation">
                        <span>{a.voteHead}</span>
                        <Money value={a.amount} className="font-medium" />
                      </li>
                    ))}
                  </ul>
                </Captioned>
              )}
              <Captioned caption={messages.fees.amountInWords} className="col-span-2 rounded-lg border bg-card px-3 py-2.5">
                <p className="text-sm font-medium" data-testid="payment-amount-words">
                  {kesInWords(Math.round(done.amount * 100))}
                </p>
              </Captioned>
            </div>
          </DialogOutcome>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-5 [&_[aria-invalid=true]]:border-destructive">
            <DialogHeader>
              <DialogTitle>{t.title}</DialogTitle>
              <DialogDescription>{t.text(learner.name)}</DialogDescription>
            </DialogHeader>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="payment-amount" label={t.amount} error={errors.amount} hint={balance > 0 ? t.amountHint(formatMoney(balance)) : undefined}>
                <AmountInput id="payment-amount" value={draft.amount} onChange={(e) => set({ amount: e.target.value })} autoFocus {...describedBy('payment-amount', errors.amount, balance > 0)} data-testid="payment-amount" />
              </Field>
              <Field id="payment-method" label={t.method} error={errors.method}>
                <Select value={draft.method} onValueChange={(v) => set({ method: v as PaymentMethod })}>
                  <SelectTrigger id="payment-method" {...describedBy('payment-method', errors.method)} data-testid="payment-method">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {PAYMENT_METHODS.map((x) => (
                      <SelectItem key={x} value={x}>
                        {methods[x]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </Field>
              <Field id="payment-reference" label={t.reference} optional={draft.method === 'cash'} error={errors.reference} hint={t.referenceHints[draft.method]}>
                <Input
                  id="payment-reference"
                  value={draft.reference}
                  onChange={(e) => set({ reference: e.target.value })}
                  maxLength={60}
                  autoComplete="off"
                  className={cn('font-mono', draft.method === 'mpesa' && 'uppercase')}
                  {...describedBy('payment-reference', errors.reference, true)}
                  data-testid="payment-reference"
                />
              </Field>
              <Field id="payment-date" label={t.paidOn} error={errors.paidOn}>
                <DateField id="payment-date" value={draft.paidOn} max={schoolToday()} onValueChange={(value) => set({ paidOn: value })} {...describedBy('payment-date', errors.paidOn)} data-testid="payment-date" />
              </Field>
              <Field id="payment-payer" label={t.payerName} optional error={errors.payerName}>
                <Input id="payment-payer" value={draft.payerName} onChange={(e) => set({ payerName: e.target.value })} placeholder={t.payerNamePlaceholder} maxLength={120} autoComplete="off" data-testid="payment-payer" />
              </Field>
              <Field id="payment-phone" label={t.payerPhone} optional error={errors.payerPhone}>
                <Input
                  id="payment-phone"
                  value={draft.payerPhone}
                  onChange={(e) => set({ payerPhone: e.target.value })}
                  placeholder={t.payerPhonePlaceholder}
                  inputMode="tel"
                  maxLength={30}
                  autoComplete="off"
                  {...describedBy('payment-phone', errors.payerPhone)}
                  data-testid="payment-phone"
                />
              </Field>
              <Field id="payment-notes" label={t.notes} optional error={errors.notes} className="sm:col-span-2">
                <Textarea id="payment-notes" value={draft.notes} onChange={(e) => set({ notes: e.target.value })} placeholder={t.notesPlaceholder} rows={2} maxLength={500} data-testid="payment-notes" />
              </Field>
            </div>
            {record.isError && !hasFieldErrors(record.error, ['amount', 'method', 'reference', 'paidOn', 'payerName', 'payerPhone', 'notes']) && <FormErrorAlert title={t.failed} detail={record.error.message} testId="payment-error" />}
            <FormDialogFooter cancelLabel={m.common.cancel} onCancel={onClose} label={pending ? t.saving : t.submit} pending={pending} submitTestId="payment-submit" />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
