import * as React from 'react';
import { CheckCircle2, Smartphone, XCircle } from 'lucide-react';
import type { StkStatus } from '@shared/contracts/mpesa';
import { Button } from '@/components/ui/button';
import { Captioned } from '@/components/captioned';
import { NewTabButton } from '@/components/new-tab-link';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/** Where a "Pay with M-Pesa" dialog is: the form, waiting for the phone, or one of the request's outcomes. */
export type StkDialogState = 'form' | StkStatus;

/**
 * The state of an STK Push dialog from the request it sent (`checkoutId`, null before sending) and that
 * request's polled status (undefined while loading): the form, then pending until the callback.
 */
export function stkDialogState(checkoutId: string | null, status: { status: StkStatus } | undefined): StkDialogState {
  return !checkoutId ? 'form' : !status || status.status === 'pending' ? 'pending' : status.status;
}

/** True for the outcomes where nothing was paid. */
export function isStkNotPaid(state: StkDialogState): state is 'cancelled' | 'failed' | 'timeout' {
  return state === 'cancelled' || state === 'failed' || state === 'timeout';
}

/**
 * An STK Push dialog's end: a tick (`paid`, announced as a status) or a cross (announced as an alert),
 * the `title` and `text`, then `children` (e.g. the new balance) and the buttons (`actions`) centred.
 * `padding` is the panel's vertical padding (`py-2`, `py-4`).
 */
export function StkOutcomePanel({
  paid,
  title,
  text,
  testId,
  padding,
  children,
  actions,
}: {
  paid: boolean;
  title: React.ReactNode;
  text: React.ReactNode;
  testId: string;
  padding: string;
  children?: React.ReactNode;
  actions: React.ReactNode;
}) {
  return (
    <div className={`flex flex-col items-center gap-3 ${padding} text-center`} role={paid ? 'status' : 'alert'} data-testid={testId}>
      {paid ? <CheckCircle2 className="size-12 text-emerald-600" aria-hidden /> : <XCircle className="size-12 text-destructive" aria-hidden />}
      <p className="text-lg font-semibold">{title}</p>
      <p className="text-sm text-muted-foreground">{text}</p>
      {children}
      <DialogFooter className="w-full sm:justify-center">{actions}</DialogFooter>
    </div>
  );
}

/** The wording of the paid outcome (the fees and billing `pay` messages both fit). */
interface StkPaidMessages {
  succeededTitle: string;
  newBalance: string;
  receipt: string;
  close: string;
}

/**
 * The outcome where the payment arrived: `text` (amount and M-Pesa receipt), the new `balance` when
 * known, the receipt PDF (`receiptHref`, with `receiptIcon`) once the payment is posted, and Close.
 */
export function StkPaidPanel({
  m,
  text,
  balance,
  receiptHref,
  receiptIcon,
  receiptTestId,
  closeTestId,
  testId,
  padding,
  onClose,
}: {
  m: StkPaidMessages;
  text: React.ReactNode;
  balance?: React.ReactNode;
  receiptHref: string | null;
  receiptIcon?: React.ReactNode;
  receiptTestId?: string;
  closeTestId?: string;
  testId: string;
  padding: string;
  onClose: () => void;
}) {
  return (
    <StkOutcomePanel
      paid
      title={m.succeededTitle}
      text={text}
      testId={testId}
      padding={padding}
      actions={
        <>
          {receiptHref && (
            <NewTabButton variant="outline" href={receiptHref} icon={receiptIcon} testId={receiptTestId}>
              {m.receipt}
            </NewTabButton>
          )}
          <Button onClick={onClose} data-testid={closeTestId}>
            {m.close}
          </Button>
        </>
      }
    >
      {balance !== undefined && (
        <Captioned caption={m.newBalance} className="rounded-lg border px-4 py-2">
          {balance}
        </Captioned>
      )}
    </StkOutcomePanel>
  );
}

/** The wording of the not-paid outcomes (the fees and billing `pay` messages both fit). */
interface StkNotPaidMessages {
  cancelledTitle: string;
  cancelledText: string;
  timeoutTitle: string;
  timeoutText: string;
  failedTitle: string;
  close: string;
  tryAgain: string;
}

/**
 * The outcome where nothing was paid (cancelled on the phone, failed with `reason`, or no answer in
 * time), with Close and Try again.
 */
export function StkNotPaidPanel({
  state,
  reason,
  m,
  testId,
  padding,
  onClose,
  onRetry,
}: {
  state: 'cancelled' | 'failed' | 'timeout';
  reason: string;
  m: StkNotPaidMessages;
  testId: string;
  padding: string;
  onClose: () => void;
  onRetry: () => void;
}) {
  return (
    <StkOutcomePanel
      paid={false}
      title={state === 'cancelled' ? m.cancelledTitle : state === 'timeout' ? m.timeoutTitle : m.failedTitle}
      text={state === 'cancelled' ? m.cancelledText : state === 'timeout' ? m.timeoutText : reason}
      testId={testId}
      padding={padding}
      actions={
        <>
          <Button variant="outline" onClick={onClose}>
            {m.close}
          </Button>
          <Button onClick={onRetry}>{m.tryAgain}</Button>
        </>
      }
    />
  );
}

/** A "Pay with M-Pesa" dialog's heading: the green phone icon and `title`, then `description`. */
export function StkDialogHeader({ title, description, descriptionClassName }: { title: React.ReactNode; description: React.ReactNode; descriptionClassName?: string }) {
  return (
    <DialogHeader>
      <DialogTitle className="flex items-center gap-2">
        <Smartphone className="size-5 text-emerald-600" aria-hidden />
        {title}
      </DialogTitle>
      <DialogDescription className={descriptionClassName}>{description}</DialogDescription>
    </DialogHeader>
  );
}

/**
 * The wait for the phone's answer (announced as a status): `icon`, the `title` and `text`, then
 * `children` (e.g. a spinner).
 */
export function StkPendingPanel({ testId, icon, title, text, children }: { testId: string; icon: React.ReactNode; title: React.ReactNode; text: React.ReactNode; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 py-6 text-center" role="status" data-testid={testId}>
      {icon}
      <p className="text-lg font-semibold">{title}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{text}</p>
      {children}
    </div>
  );
}
