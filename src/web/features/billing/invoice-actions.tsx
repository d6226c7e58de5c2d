import * as React from 'react';
import { toast } from 'sonner';
import { Ban, Landmark, ReceiptText, type LucideIcon } from 'lucide-react';
import type { PlatformInvoiceDetail } from '@shared/contracts/billing';
import { schoolToday } from '@shared/dates';
import { billingScreens as s } from '@shared/messages/billing-screens';
import { FormErrorAlert } from '@/components/form-feedback';
import { Field } from '@/components/field';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { DateField } from '@/components/date-field';
import { apiErrorOf, centsToInput, kes, KesInput, newKey, parseKesInput, TextArea, TextBox } from './billing-bits';
import { useCreateCreditNote, useRecordBankPayment, useVoidInvoice } from './billing-api';

export type InvoiceAction = 'payment' | 'credit' | 'void';

type FrameMutation = { isPending: boolean; isError: boolean; error: unknown; reset: () => void };

/** Runs `reset` each time the dialog opens (fresh fields, no old error). */
function useOnOpen(open: boolean, reset: () => void) {
  React.useEffect(() => {
    if (open) reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
}

/** The `mutate` options of every invoice dialog: on success, a toast saying `done` and the dialog closes. */
function closeOnSuccess(done: string, onClose: () => void) {
  return {
    onSuccess: () => {
      toast.success(done);
      onClose();
    },
  };
}

/** The frame of the three small invoice dialogs: icon, title, text, the form, its error and buttons. */
function ActionFrame({
  open,
  onClose,
  icon: Icon,
  tone,
  title,
  text,
  mutation,
  inField = (fields) => Object.keys(fields).length > 0,
  confirmLabel,
  destructive,
  onSubmit,
  testId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  icon: LucideIcon;
  tone: string;
  title: string;
  text: string;
  /** The dialog's mutation: pending disables the buttons, its refusal shows as the form's error. */
  mutation: FrameMutation;
  /** Whether the server's field errors already show the refusal under a field (then no form error). */
  inField?: (fields: Record<string, string>) => boolean;
  confirmLabel: string;
  destructive?: boolean;
  onSubmit: () => void;
  testId: string;
  children: React.ReactNode;
}) {
  const pending = mutation.isPending;
  const server = apiErrorOf(mutation.error);
  const error = mutation.isError && !inField(server.fields) ? server.message : null;
  return (
    <FormDialog open={open} onClose={onClose} pending={pending} className="max-w-md gap-5" testId={testId} icon={Icon} iconClassName={tone} title={title} description={text} descriptionClassName="leading-relaxed">
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!pending) onSubmit();
        }}
      >
        {children}
        {error && <FormErrorAlert title={s.common.actionFailed} detail={error} testId={`${testId}-error`} />}
        <FormDialogFooter cancelLabel={s.common.cancel} onCancel={onClose} label={confirmLabel} pending={pending} variant={destructive ? 'destructive' : 'default'} submitTestId={`${testId}-confirm`} />
      </form>
    </FormDialog>
  );
}

/** Record a bank payment (issue 18 §1): amount (≤ balance), the bank's reference and the day received. */
function PaymentDialog({ inv, open, onClose }: { inv: PlatformInvoiceDetail; open: boolean; onClose: () => void }) {
  const t = s.payment;
  const [amount, setAmount] = React.useState('');
  const [reference, setReference] = React.useState('');
  const [paidOn, setPaidOn] = React.useState('');
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [key, setKey] = React.useState(newKey);
  const record = useRecordBankPayment();
  useOnOpen(open, () => {
    setAmount(centsToInput(Math.max(0, inv.balanceCents)));
    setReference('');
    setPaidOn(schoolToday());
    setErrors({});
    setKey(newKey());
    record.reset();
  });
  const server = apiErrorOf(record.error);
  const err = (f: string) => errors[f] ?? server.fields[f];

  const submit = () => {
    const next: Record<string, string> = {};
    const parsed = parseKesInput(amount, { max: inv.balanceCents });
    if ('error' in parsed) next.amountCents = parsed.error;
    if (!reference.trim()) next.reference = s.validation.required;
    if (!paidOn) next.paidOn = s.validation.required;
    setErrors(next);
    if (Object.keys(next).length || 'error' in parsed) return;
    record.mutate(
      { id: inv.id, key, body: { method: 'bank', amountCents: parsed.cents, reference: reference.trim(), paidOn } },
      closeOnSuccess(t.done, onClose),
    );
  };

  return (
    <ActionFrame
      open={open}
      onClose={onClose}
      icon={Landmark}
      tone="bg-emerald-500/10 text-emerald-600 dark:text-emerald-400"
      title={t.title}
      text={t.text(inv.number)}
      mutation={record}
      confirmLabel={t.confirm}
      onSubmit={submit}
      testId="billing-payment-dialog"
    >
      <Field id="pay-amount" label={t.amount} hint={t.amountHint(kes(inv.balanceCents))} error={err('amountCents')}>
        <KesInput id="pay-amount" value={amount} onChange={setAmount} invalid={!!err('amountCents')} testId="billing-payment-amount" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="pay-reference" label={t.reference} hint={t.referenceHint} error={err('reference')}>
          <TextBox id="pay-reference" value={reference} maxLength={60} onValue={setReference} invalid={!!err('reference')} testId="billing-payment-reference" />
        </Field>
        <Field id="pay-date" label={t.paidOn} error={err('paidOn')}>
          <DateField id="pay-date" value={paidOn} max={schoolToday()} onValueChange={setPaidOn} aria-invalid={!!err('paidOn') || undefined} data-testid="billing-payment-date" />
        </Field>
      </div>
    </ActionFrame>
  );
}

/** Issue a credit note (issue 18 §1): an amount up to the balance and the reason. */
function CreditDialog({ inv, open, onClose }: { inv: PlatformInvoiceDetail; open: boolean; onClose: () => void }) {
  const t = s.credit;
  const [amount, setAmount] = React.useState('');
  const [reason, setReason] = React.useState('');
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const credit = useCreateCreditNote();
  useOnOpen(open, () => {
    setAmount('');
    setReason('');
    setErrors({});
    credit.reset();
  });
  const server = apiErrorOf(credit.error);
  const err = (f: string) => errors[f] ?? server.fields[f];

  const submit = () => {
    const next: Record<string, string> = {};
    const parsed = parseKesInput(amount, { max: inv.balanceCents });
    if ('error' in parsed) next.amountCents = parsed.error;
    if (!reason.trim()) next.reason = s.validation.required;
    setErrors(next);
    if (Object.keys(next).length || 'error' in parsed) return;
    credit.mutate(
      { id: inv.id, body: { amountCents: parsed.cents, reason: reason.trim() } },
      closeOnSuccess(t.done, onClose),
    );
  };

  return (
    <ActionFrame
      open={open}
      onClose={onClose}
      icon={ReceiptText}
      tone="bg-sky-500/10 text-sky-600 dark:text-sky-400"
      title={t.title}
      text={t.text(inv.number)}
      mutation={credit}
      confirmLabel={t.confirm}
      onSubmit={submit}
      testId="billing-credit-dialog"
    >
      <Field id="credit-amount" label={t.amount} hint={t.amountHint(kes(inv.balanceCents))} error={err('amountCents')}>
        <KesInput id="credit-amount" value={amount} onChange={setAmount} invalid={!!err('amountCents')} testId="billing-credit-amount" />
      </Field>
      <Field id="credit-reason" label={t.reason} error={err('reason')}>
        <TextArea
          id="credit-reason"
          value={reason}
          maxLength={500}
          placeholder={t.reasonPlaceholder}
          onValue={setReason}
          invalid={!!err('reason')}
          testId="billing-credit-reason"
        />
      </Field>
    </ActionFrame>
  );
}

/** Void an invoice with no payments (issue 18 §1), with the reason kept on record. */
function VoidDialog({ inv, open, onClose }: { inv: PlatformInvoiceDetail; open: boolean; onClose: () => void }) {
  const t = s.voiding;
  const [reason, setReason] = React.useState('');
  const [error, setError] = React.useState<string | undefined>();
  const voiding = useVoidInvoice();
  useOnOpen(open, () => {
    setReason('');
    setError(undefined);
    voiding.reset();
  });
  const server = apiErrorOf(voiding.error);

  const submit = () => {
    if (!reason.trim()) return setError(s.validation.required);
    setError(undefined);
    voiding.mutate(
      { id: inv.id, reason: reason.trim() },
      closeOnSuccess(t.done, onClose),
    );
  };

  return (
    <ActionFrame
      open={open}
      onClose={onClose}
      icon={Ban}
      tone="bg-destructive/10 text-destructive"
      title={t.title(inv.number)}
      text={t.text}
      mutation={voiding}
      inField={(fields) => !!fields.reason}
      confirmLabel={t.confirm}
      destructive
      onSubmit={submit}
      testId="billing-void-dialog"
    >
      <Field id="void-reason" label={s.credit.reason} error={error ?? server.fields.reason}>
        <TextArea
          id="void-reason"
          value={reason}
          maxLength={500}
          onValue={setReason}
          invalid={!!(error ?? server.fields.reason)}
          testId="billing-void-reason"
        />
      </Field>
    </ActionFrame>
  );
}

/** The open action dialog of an invoice sheet. */
export function InvoiceActionDialogs({ inv, action, onClose }: { inv: PlatformInvoiceDetail; action: InvoiceAction | null; onClose: () => void }) {
  return (
    <>
      <PaymentDialog inv={inv} open={action === 'payment'} onClose={onClose} />
      <CreditDialog inv={inv} open={action === 'credit'} onClose={onClose} />
      <VoidDialog inv={inv} open={action === 'void'} onClose={onClose} />
    </>
  );
}
