import * as React from 'react';
import { messages } from '@shared/messages';
import { FormErrorAlert } from '@/components/form-feedback';
import { FormDialogFooter, ToneDialog, type ToneDialogProps } from '@/components/form-dialog';
import { Field, describedBy } from '@/components/field';
import { Textarea } from '@/components/ui/textarea';

const c = messages.feeManagement.common;

/**
 * A consequential action confirmed in a dialog (delete a structure, cancel an invoice, reverse a
 * payment), optionally with a required reason. The server's refusal shows inside the dialog; the
 * reason typed is kept; the buttons are disabled while it runs.
 */
export function ActionDialog({
  tone = 'danger',
  reason,
  confirmLabel,
  error,
  errorTitle,
  onConfirm,
  ...frame
}: Omit<ToneDialogProps, 'tone' | 'title'> & {
  tone?: 'danger' | 'warning';
  title: string;
  /** Ask for a reason (required). */
  reason?: { label: string; placeholder: string };
  confirmLabel: string;
  error: Error | null;
  errorTitle: string;
  onConfirm: (reason: string) => void;
}) {
  const { open, pending, onCancel, testId } = frame;
  const [text_, setText] = React.useState('');
  const [fieldError, setFieldError] = React.useState<string | undefined>();
  React.useEffect(() => {
    if (open) {
      setText('');
      setFieldError(undefined);
    }
  }, [open]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (reason && !text_.trim()) return setFieldError(messages.fees.reasonRequired);
    setFieldError(undefined);
    onConfirm(text_.trim());
  };
  const serverField = error && 'fields' in error ? (error as { fields?: Record<string, string> }).fields?.reason : undefined;

  return (
    <ToneDialog {...frame} tone={tone} form={{ onSubmit: submit, noValidate: true, className: 'grid gap-5 [&_[aria-invalid=true]]:border-destructive' }}>
      {reason && (
        <Field id={`${testId}-reason`} label={reason.label} error={fieldError ?? serverField}>
          <Textarea
            id={`${testId}-reason`}
            value={text_}
            onChange={(e) => setText(e.target.value)}
            placeholder={reason.placeholder}
            maxLength={500}
            rows={3}
            {...describedBy(`${testId}-reason`, fieldError ?? serverField)}
            data-testid={`${testId}-reason`}
          />
        </Field>
      )}
      {error && !serverField && <FormErrorAlert title={errorTitle} detail={error.message} testId={`${testId}-error`} />}
      <FormDialogFooter
        cancelLabel={c.cancel}
        onCancel={onCancel}
        pending={pending}
        variant={tone === 'danger' ? 'destructive' : 'default'}
        submitTestId={`${testId}-confirm`}
        label={confirmLabel}
      />
    </ToneDialog>
  );
}
