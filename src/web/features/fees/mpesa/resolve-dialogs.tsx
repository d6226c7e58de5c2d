import * as React from 'react';
import { ArrowLeft, CheckCircle2, Download, HandCoins, Loader2, Undo2, UserRound } from 'lucide-react';
import { toast } from 'sonner';
import type { MpesaTransaction } from '@shared/contracts/mpesa';
import { messages } from '@shared/messages';
import { FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DIALOG_ICON_TONE, FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { describedBy, Field } from '@/components/field';
import { Textarea } from '@/components/ui/textarea';
import { LearnerPicker, type PickedLearner } from '@/features/movements';
import { receiptPdfUrl, useAllocateTransaction, useRefundTransaction, useStudentAccount } from '../api/fees';
import { formatMoney, Money } from '@/components/money';
import { NewTabButton } from '@/components/new-tab-link';
import { Captioned } from '@/components/captioned';
import { errorText, formatMsisdn, formatWhen, mm, MPESA_DIALOG } from './common';
import { AccountCell } from './transactions-tab';
import { IconBadge } from '@/components/icon-badge';

const a = mm.allocate;
const r = mm.refund;
const NOTE_MAX = 500;

/** The payment being resolved, as a compact card at the top of both dialogs. */
function PaymentCard({ tx }: { tx: MpesaTransaction }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border bg-muted/30 p-3.5 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center sm:gap-5" data-testid="resolve-payment">
      <div>
        <p className="text-xs text-muted-foreground">{a.payment}</p>
        <Money value={tx.amount} className="text-xl font-semibold" />
        <p className="font-mono text-xs text-muted-foreground">{tx.transId}</p>
      </div>
      <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-xs text-muted-foreground">{a.accountTyped}</dt>
        <dd className="min-w-0 truncate">
          <AccountCell value={tx.billRef} />
        </dd>
        <dt className="text-xs text-muted-foreground">{a.payer}</dt>
        <dd className="min-w-0 truncate">
          {tx.payerName || '—'}
          {tx.msisdn && <span className="block truncate text-xs text-muted-foreground tabular-nums">{formatMsisdn(tx.msisdn)}</span>}
        </dd>
        <dt className="text-xs text-muted-foreground">{mm.transactions.time}</dt>
        <dd className="tabular-nums">{formatWhen(tx.transTime)}</dd>
      </dl>
    </div>
  );
}

/**
 * "Allocate to learner" (issue 11 §3 unmatched queue): pick the learner (and an optional note), confirm
 * the learner and amount, then the receipt number, the new balance and the receipt PDF. What was typed
 * survives a failed attempt; two clicks post once (the server locks the row, 409 after the first).
 */
export function AllocateDialog({ tx, onClose }: { tx: MpesaTransaction | null; onClose: () => void }) {
  const [learner, setLearner] = React.useState<PickedLearner | null>(null);
  const [note, setNote] = React.useState('');
  const [step, setStep] = React.useState<'form' | 'confirm' | 'done'>('form');
  const [errors, setErrors] = React.useState<{ learner?: string; note?: string }>({});
  const [result, setResult] = React.useState<MpesaTransaction | null>(null);
  const allocate = useAllocateTransaction();
  const open = !!tx;

  React.useEffect(() => {
    if (!open) return;
    setLearner(null);
    setNote('');
    setStep('form');
    setErrors({});
    setResult(null);
    allocate.reset();
    // Only when a new payment is opened: typing must not be reset by refetches.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tx?.id]);

  const review = (e: React.FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!learner) next.learner = messages.fees.learnerRequired;
    if (note.trim().length > NOTE_MAX) next.note = mm.common.noteTooLong;
    setErrors(next);
    if (next.learner || next.note) return;
    allocate.reset();
    setStep('confirm');
  };

  const confirm = async () => {
    if (!tx || !learner) return;
    try {
      const done = await allocate.mutateAsync({ id: tx.id, studentId: learner.id, note: note.trim() || undefined });
      setResult(done);
      setStep('done');
      toast.success(a.toast(done.receiptNumber ?? ''));
    } catch {
      // Shown in the alert; the choices stay for another try.
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !allocate.isPending && onClose()}>
      <DialogContent className="max-w-lg grid-cols-[minmax(0,1fr)] gap-5" onInteractOutside={(e) => e.preventDefault()} data-testid="allocate-dialog">
        <DialogHeader className="gap-2">
          <span className="mb-1 inline-flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
            {step === 'done' ? <CheckCircle2 className="size-5 text-emerald-600" aria-hidden /> : <HandCoins className="size-5" aria-hidden />}
          </span>
          <DialogTitle>{step === 'done' ? a.doneTitle : step === 'confirm' ? a.confirmTitle : a.title}</DialogTitle>
          {step === 'form' && <DialogDescription className="leading-relaxed">{a.description}</DialogDescription>}
        </DialogHeader>
        {tx && step !== 'done' && <PaymentCard tx={tx} />}

        {tx && step === 'form' && (
          <form className="grid grid-cols-[minmax(0,1fr)] gap-4" onSubmit={review} noValidate>
            <Field id="allocate-learner" label={a.learner} error={errors.learner}>
              <LearnerPicker
                id="allocate-learner"
                value={learner}
                onChange={(l) => {
                  setLearner(l);
                  if (l) setErrors((e) => ({ ...e, learner: undefined }));
                }}
                invalid={!!errors.learner}
                testId="allocate-picker"
              />
            </Field>
            <Field id="allocate-note" label={a.note} optional error={errors.note}>
              <Textarea id="allocate-note" value={note} onChange={(e) => setNote(e.target.value)} placeholder={a.notePlaceholder} rows={2} maxLength={NOTE_MAX + 50} {...describedBy('allocate-note', errors.note)} data-testid="allocate-note" />
            </Field>
            <FormDialogFooter cancelLabel={mm.common.cancel} onCancel={onClose} label={a.review} pending={false} submitTestId="allocate-review" />
          </form>
        )}

        {tx && learner && step === 'confirm' && (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
            <div className="flex items-center gap-3 rounded-lg border border-primary/30 bg-primary/5 p-3.5" data-testid="allocate-confirm-learner">
              <IconBadge icon={UserRound} className="size-9 rounded-full bg-primary/10 text-primary" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{learner.name}</p>
                <p className="truncate text-xs text-muted-foreground">
                  {learner.admissionNumber}
                  {learner.className && ` · ${learner.className}`}
                </p>
              </div>
              <Money value={tx.amount} className="hidden font-semibold sm:inline" />
            </div>
            <p className="text-sm text-muted-foreground" data-testid="allocate-confirm-text">
              {a.confirmText(formatMoney(tx.amount), learner.name, learner.admissionNumber)}
            </p>
            {note.trim() && <p className="rounded-md bg-muted px-3 py-2 text-sm break-words">{note.trim()}</p>}
            {allocate.error && <FormErrorAlert title={a.failed} detail={errorText(allocate.error, a.failed)} testId="allocate-error" />}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setStep('form')} disabled={allocate.isPending} data-testid="allocate-back">
                <ArrowLeft aria-hidden />
                {mm.common.back}
              </Button>
              <Button type="button" onClick={confirm} disabled={allocate.isPending} data-testid="allocate-confirm">
                {allocate.isPending && <Loader2 className="animate-spin" aria-hidden />}
                {allocate.isPending ? a.allocating : a.confirm}
              </Button>
            </DialogFooter>
          </div>
        )}

        {step === 'done' && result && <AllocationDone tx={result} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

/** The outcome: the receipt number, the learner's new balance and the receipt PDF. */
function AllocationDone({ tx, onClose }: { tx: MpesaTransaction; onClose: () => void }) {
  const account = useStudentAccount(tx.studentId);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4" data-testid="allocate-done">
      <p className="text-sm text-muted-foreground">{a.doneText(formatMoney(tx.amount), tx.studentName ?? '')}</p>
      <div className="grid gap-3 min-[420px]:grid-cols-2">
        <Captioned caption={a.receipt} className="rounded-lg border bg-emerald-500/5 p-3.5">
          <p className="mt-0.5 font-mono text-lg font-semibold" data-testid="allocate-receipt">
            {tx.receiptNumber}
          </p>
        </Captioned>
        <Captioned caption={messages.feesScreens.pay.newBalance} className="rounded-lg border p-3.5">
          {account.data ? <Money value={account.data.balance} tone className="mt-0.5 block text-lg font-semibold" /> : <Loader2 className="mt-2 size-4 animate-spin text-muted-foreground" aria-hidden />}
        </Captioned>
      </div>
      <DialogFooter>
        {tx.paymentId && (
          <NewTabButton variant="outline" href={receiptPdfUrl(tx.paymentId)} icon={<Download aria-hidden />} testId="allocate-receipt-pdf">
            {a.downloadReceipt}
          </NewTabButton>
        )}
        <Button onClick={onClose} data-testid="allocate-close">
          {a.done}
        </Button>
      </DialogFooter>
    </div>
  );
}

/** "Mark refunded": the money went back to the payer; a reason is required (audited). */
export function RefundDialog({ tx, onClose }: { tx: MpesaTransaction | null; onClose: () => void }) {
  const [note, setNote] = React.useState('');
  const [error, setError] = React.useState<string | undefined>();
  const refund = useRefundTransaction();
  const open = !!tx;

  React.useEffect(() => {
    if (!open) return;
    setNote('');
    setError(undefined);
    refund.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tx?.id]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!tx) return;
    const text = note.trim();
    const problem = !text ? messages.fees.reasonRequired : text.length > NOTE_MAX ? mm.common.noteTooLong : undefined;
    setError(problem);
    if (problem) return;
    try {
      await refund.mutateAsync({ id: tx.id, note: text });
      toast.success(r.toast(tx.transId));
      onClose();
    } catch {
      // Shown in the alert.
    }
  };

  return (
    <FormDialog open={open} onClose={onClose} pending={refund.isPending} {...MPESA_DIALOG} testId="refund-dialog" icon={Undo2} iconClassName={DIALOG_ICON_TONE.warning} title={r.title} description={r.description}>
      {tx && <PaymentCard tx={tx} />}
      <form className="grid grid-cols-[minmax(0,1fr)] gap-4" onSubmit={submit} noValidate>
      <Field id="refund-note" label={r.note} error={error}>
        <Textarea id="refund-note" value={note} onChange={(e) => setNote(e.target.value)} placeholder={r.notePlaceholder} rows={3} maxLength={NOTE_MAX + 50} {...describedBy('refund-note', error)} data-testid="refund-note" />
      </Field>
      {refund.error && <FormErrorAlert title={r.failed} detail={errorText(refund.error, r.failed)} testId="refund-error" />}
      <FormDialogFooter cancelLabel={mm.common.cancel} onCancel={onClose} label={refund.isPending ? r.refunding : r.confirm} pending={refund.isPending} submitClassName="bg-amber-600 text-white hover:bg-amber-600/90" submitTestId="refund-confirm" />
      </form>
    </FormDialog>
  );
}
