import * as React from 'react';
import { Check, X, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DIALOG_ICON_TONE, FormDialog, FormDialogFooter } from '@/components/form-dialog';

/** The colours of an Approve button (green); Reject uses the destructive tone. */
export const APPROVE_BUTTON_CLASS = 'bg-emerald-600 text-white hover:bg-emerald-600/90';

/**
 * A list row's Reject (outline, red) and Approve (green) buttons, in that order: each calls
 * `onDecide(approve)`. Test ids `${testIdPrefix}-reject` and `${testIdPrefix}-approve`; `className`
 * is the pair's wrapper.
 */
export function DecisionButtons({
  labels,
  onDecide,
  testIdPrefix,
  className,
}: {
  labels: { approve: string; reject: string };
  onDecide: (approve: boolean) => void;
  testIdPrefix: string;
  className: string;
}) {
  return (
    <div className={className}>
      <Button size="sm" variant="outline" className="text-destructive hover:bg-destructive/10 hover:text-destructive" onClick={() => onDecide(false)} data-testid={`${testIdPrefix}-reject`}>
        <X aria-hidden />
        {labels.reject}
      </Button>
      <Button size="sm" className={APPROVE_BUTTON_CLASS} onClick={() => onDecide(true)} data-testid={`${testIdPrefix}-approve`}>
        <Check aria-hidden />
        {labels.approve}
      </Button>
    </div>
  );
}

/**
 * Approve or reject one request in a dialog: the heading (with `icon`, green when approving and red
 * when rejecting), `children` (the note field, the failure) inside a form, and Cancel / the decision
 * button (green Approve or destructive Reject, `confirmLabel`, disabled while `pending` or
 * `submitDisabled`). Submitting calls `onSubmit`; Escape and the overlay call `onClose` unless pending.
 */
export function DecisionDialog({
  open,
  approve,
  pending,
  onClose,
  onSubmit,
  testId,
  icon,
  title,
  description,
  descriptionClassName,
  cancelLabel,
  confirmLabel,
  submitDisabled,
  submitTestId,
  children,
}: {
  open: boolean;
  approve: boolean;
  pending: boolean;
  onClose: () => void;
  onSubmit: () => void;
  testId: string;
  icon?: LucideIcon;
  title: string;
  description: React.ReactNode;
  descriptionClassName?: string;
  cancelLabel: string;
  confirmLabel: string;
  submitDisabled: boolean;
  submitTestId: string;
  children: React.ReactNode;
}) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      pending={pending}
      className="max-w-md gap-5"
      testId={testId}
      icon={icon}
      iconClassName={approve ? DIALOG_ICON_TONE.success : DIALOG_ICON_TONE.danger}
      title={title}
      description={description}
      descriptionClassName={descriptionClassName}
    >
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <FormDialogFooter
          cancelLabel={cancelLabel}
          onCancel={onClose}
          label={confirmLabel}
          pending={pending}
          disabled={submitDisabled}
          variant={approve ? 'default' : 'destructive'}
          submitClassName={approve ? APPROVE_BUTTON_CLASS : undefined}
          submitTestId={submitTestId}
        />
      </form>
    </FormDialog>
  );
}
