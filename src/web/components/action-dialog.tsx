import * as React from 'react';
import { Loader2, type LucideIcon } from 'lucide-react';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, describedBy } from '@/components/field';
import { Textarea } from '@/components/ui/textarea';

const c = messages.feeManagement.common;

const ICON_TONE = {
  danger: 'bg-destructive/10 text-destructive',
  warning: 'bg-amber-500/12 text-amber-600 dark:text-amber-400',
} as const;

/**
 * A consequential action confirmed in a dialog (delete a structure, cancel an invoice, reverse a
 * payment), optionally with a required reason. The server's refusal shows inside the dialog; the
 * reason typed is kept; the buttons are disabled while it runs.
 */
export function ActionDialog({
  open,
  tone = 'danger',
  icon: Icon,
  title,
  text,
  reason,
  confirmLabel,
  pending,
  error,
  errorTitle,
  onConfirm,
  onCancel,
  testId,
}: {
  open: boolean;
  tone?: keyof typeof ICON_TONE;
  icon: LucideIcon;
  title: string;
  text: React.ReactNode;
  /** Ask for a reason (required). */
  reason?: { label: string; placeholder: string };
  confirmLabel: string;
  pending: boolean;
  error: Error | null;
  errorTitle: string;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
  testId: string;
}) {
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
    <Dialog open={open} onOpenChange={(o) => !o && !pending && onCancel()}>
      <DialogContent className="max-w-md gap-5" data-testid={testId}>
        <form onSubmit={submit} noValidate className="grid gap-5 [&_[aria-invalid=true]]:border-destructive">
          <DialogHeader className="gap-2">
            <span className={cn('mb-1 inline-flex size-11 items-center justify-center rounded-full', ICON_TONE[tone])}>
              <Icon className="size-5" aria-hidden />
            </span>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription className="leading-relaxed">{text}</DialogDescription>
          </DialogHeader>
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
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
              {c.cancel}
            </Button>
            <Button type="submit" variant={tone === 'danger' ? 'destructive' : 'default'} disabled={pending} data-testid={`${testId}-confirm`}>
              {pending && <Loader2 className="animate-spin" aria-hidden />}
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
