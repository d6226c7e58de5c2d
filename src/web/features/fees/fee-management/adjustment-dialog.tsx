import * as React from 'react';
import { Clock3 } from 'lucide-react';
import { toast } from 'sonner';
import { ADJUSTMENT_KINDS, type Adjustment, type AdjustmentKind } from '@shared/contracts/fees';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DIALOG_ICON_TONE, FormDialogFooter } from '@/components/form-dialog';
import { DialogOutcome } from '@/components/dialog-outcome';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Field, describedBy } from '@/components/field';
import { Textarea } from '@/components/ui/textarea';
import { LearnerPicker, type PickedLearner } from '@/features/movements';
import { useCreateAdjustment, useFinanceSettings, useStudentAccount } from '../api/fees';
import { formatMoney } from '@/components/money';
import { amountError, amountValue, apiFields, hasFieldErrors } from './form';
import { AmountInput } from './inputs';
import { ChoiceButtons } from '@/components/choice-buttons';

const m = messages.feeManagement;
const t = m.adjustmentForm;
const NONE = '__none__';
const KIND_CHOICES = ADJUSTMENT_KINDS.map((value) => ({ value }));

/**
 * "New adjustment" (issue 11 §1): a credit note, discount, bursary or waiver for a learner, with an
 * amount, a reason and optionally the invoice it is against (one of that learner's open invoices). A
 * waiver above the school's limit is stored pending: the dialog then says it awaits the principal.
 * `learner` pre-fills the learner (from an account).
 */
export function AdjustmentDialog({ open, onClose, learner: initial }: { open: boolean; onClose: () => void; learner?: PickedLearner | null }) {
  const [learner, setLearner] = React.useState<PickedLearner | null>(initial ?? null);
  const [kind, setKind] = React.useState<AdjustmentKind | ''>('');
  const [amount, setAmount] = React.useState('');
  const [reason, setReason] = React.useState('');
  const [invoiceId, setInvoiceId] = React.useState('');
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [pending, setPending] = React.useState<Adjustment | null>(null);
  const save = useCreateAdjustment();
  const settings = useFinanceSettings();
  const account = useStudentAccount(learner?.id ?? null);
  const openInvoices = (account.data?.invoices ?? []).filter((i) => i.status !== 'cancelled' && i.balance > 0);

  React.useEffect(() => {
    if (!open) return;
    setLearner(initial ?? null);
    setKind('');
    setAmount('');
    setReason('');
    setInvoiceId('');
    setErrors({});
    setPending(null);
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const fields: Record<string, string> = {};
    if (!learner) fields.studentId = messages.fees.learnerRequired;
    if (!kind) fields.kind = messages.fees.adjustmentKindInvalid;
    const amountErr = amountError(amount);
    if (amountErr) fields.amount = amountErr;
    if (!reason.trim()) fields.reason = messages.fees.reasonRequired;
    setErrors(fields);
    if (Object.keys(fields).length || !learner || !kind) return;
    save.mutate(
      { studentId: learner.id, kind, amount: amountValue(amount), reason: reason.trim(), invoiceId: invoiceId || null },
      {
        onSuccess: (adj) => {
          if (adj.status === 'pending') return setPending(adj);
          toast.success(t.applied(messages.feesScreens.adjustmentKinds[adj.kind], adj.number ?? ''));
          onClose();
        },
        onError: (err) => setErrors(apiFields(err)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !o && !save.isPending && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-xl" data-testid="adjustment-dialog">
        {pending ? (
          <DialogOutcome
            icon={Clock3}
            tone={DIALOG_ICON_TONE.warning}
            title={t.pendingTitle}
            description={t.pendingText(formatMoney(pending.amount))}
            descriptionClassName="max-w-sm"
            padding="py-4"
            footerClassName="w-full pt-2 sm:justify-center"
            testId="adjustment-pending"
            actions={
              <Button onClick={onClose} data-testid="adjustment-pending-close">
                {m.common.close}
              </Button>
            }
          />
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-5 [&_[aria-invalid=true]]:border-destructive">
            <DialogHeader>
              <DialogTitle>{t.title}</DialogTitle>
              <DialogDescription>{t.text}</DialogDescription>
            </DialogHeader>
            <Field id="adjustment-learner" label={t.learner} error={errors.studentId}>
              <LearnerPicker
                id="adjustment-learner"
                value={learner}
                onChange={(l) => {
                  setLearner(l);
                  setInvoiceId('');
                }}
                invalid={!!errors.studentId}
                testId="adjustment-learner"
              />
            </Field>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">{t.kind}</legend>
              <ChoiceButtons
                options={KIND_CHOICES}
                value={kind || null}
                onChange={setKind}
                label={t.kind}
                className="grid grid-cols-2 gap-2"
                testId="adjustment-kinds"
                buttonClassName={(_, on) =>
                  cn('rounded-lg border p-3 text-left transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none', on ? 'border-primary bg-primary/5 ring-1 ring-primary' : 'hover:bg-muted/50')
                }
                buttonTestId={(k) => `adjustment-kind-${k.value}`}
              >
                {(k) => (
                  <>
                    <span className="block text-sm font-medium">{messages.feesScreens.adjustmentKinds[k.value]}</span>
                    <span className="mt-0.5 block text-xs text-muted-foreground">{t.kindHints[k.value]}</span>
                  </>
                )}
              </ChoiceButtons>
              {errors.kind && (
                <p className="text-xs font-medium text-destructive" role="alert">
                  {errors.kind}
                </p>
              )}
              {kind === 'waiver' && settings.data && <p className="text-xs text-amber-700 dark:text-amber-300">{t.waiverLimit(formatMoney(settings.data.waiverApprovalLimit))}</p>}
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
              <Field id="adjustment-amount" label={t.amount} error={errors.amount}>
                <AmountInput id="adjustment-amount" value={amount} onChange={(e) => setAmount(e.target.value)} {...describedBy('adjustment-amount', errors.amount)} data-testid="adjustment-amount" />
              </Field>
              <Field id="adjustment-invoice" label={t.invoice} optional error={errors.invoiceId} hint={learner ? t.invoiceHint : t.pickLearnerFirst}>
                <Select value={invoiceId || NONE} onValueChange={(v) => setInvoiceId(v === NONE ? '' : v)} disabled={!learner}>
                  <SelectTrigger id="adjustment-invoice" {...describedBy('adjustment-invoice', errors.invoiceId, true)} data-testid="adjustment-invoice">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={NONE}>{t.invoiceNone}</SelectItem>
                    {openInvoices.map((i) => (
                      <SelectItem key={i.id} value={i.id}>
                        {t.invoiceOption(i.invoiceNumber, i.termName, formatMoney(i.balance))}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </Field>
            </div>
            <Field id="adjustment-reason" label={t.reason} error={errors.reason}>
              <Textarea
                id="adjustment-reason"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                placeholder={t.reasonPlaceholder}
                maxLength={500}
                rows={3}
                {...describedBy('adjustment-reason', errors.reason)}
                data-testid="adjustment-reason"
              />
            </Field>
            {save.isError && !hasFieldErrors(save.error, ['studentId', 'kind', 'amount', 'reason', 'invoiceId']) && <FormErrorAlert title={t.failed} detail={save.error.message} testId="adjustment-error" />}
            <FormDialogFooter cancelLabel={m.common.cancel} onCancel={onClose} label={save.isPending ? m.common.saving : t.submit} pending={save.isPending} submitTestId="adjustment-submit" />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
