import * as React from 'react';
import { Loader2, type LucideIcon } from 'lucide-react';
import { FieldError, FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

const ICON_TONE = {
  warning: 'bg-amber-500/12 text-amber-600 dark:text-amber-400',
  danger: 'bg-destructive/10 text-destructive',
} as const;

/** What a `TextReasonDialog` asks for and how it shows it (all strings from the message catalogue). */
export type TextReasonDialogCopy = {
  icon: LucideIcon;
  /** `warning` (amber icon, default button) or `danger` (red icon, destructive button). */
  tone: keyof typeof ICON_TONE;
  title: string;
  text: string;
  label: string;
  placeholder: string;
  confirmLabel: string;
  cancelLabel: string;
  /** The longest text allowed (characters, after trimming) and what to say above it. */
  max: number;
  tooLong: string;
  required: string;
  rows: number;
  /** The textarea's id; its error line is `${fieldId}-error`. */
  fieldId: string;
  /** Test ids: the dialog `${name}-dialog`, its confirm button `${name}-confirm`. */
  name: string;
  inputTestId: string;
  /** Empty the text each time the dialog opens (else it keeps the last one typed). */
  clearOnOpen?: boolean;
};

/**
 * A dialog that asks for a required free-text reason (a change reason, a return comment) before an
 * action: the text is trimmed, required once the user tries to confirm, and at most `copy.max`
 * characters. Escape and the overlay cancel, except while `pending`. `failure.message` (the failed
 * request's error, or null) shows above the buttons under `failure.title`.
 */
export function TextReasonDialog({
  open,
  pending,
  copy,
  failure,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  pending: boolean;
  copy: TextReasonDialogCopy;
  failure?: { message: string | null; title: string; testId: string };
  onCancel: () => void;
  onConfirm: (text: string) => void;
}) {
  const [value, setValue] = React.useState('');
  const [touched, setTouched] = React.useState(false);
  const { clearOnOpen } = copy;
  React.useEffect(() => {
    if (open) {
      if (clearOnOpen) setValue('');
      setTouched(false);
    }
  }, [open, clearOnOpen]);
  const trimmed = value.trim();
  const fieldError = trimmed.length > copy.max ? copy.tooLong : touched && !trimmed ? copy.required : undefined;
  const Icon = copy.icon;
  const errorId = `${copy.fieldId}-error`;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onCancel()}>
      <DialogContent className="max-w-md gap-5" data-testid={`${copy.name}-dialog`}>
        <DialogHeader className="gap-2">
          <span className={cn('mb-1 inline-flex size-11 items-center justify-center rounded-full', ICON_TONE[copy.tone])}>
            <Icon className="size-5" aria-hidden />
          </span>
          <DialogTitle>{copy.title}</DialogTitle>
          <DialogDescription className="leading-relaxed">{copy.text}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (trimmed && trimmed.length <= copy.max && !pending) onConfirm(trimmed);
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={copy.fieldId}>{copy.label}</Label>
            <textarea
              id={copy.fieldId}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              rows={copy.rows}
              placeholder={copy.placeholder}
              aria-invalid={!!fieldError}
              aria-describedby={fieldError ? errorId : undefined}
              className="w-full resize-y rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
              data-testid={copy.inputTestId}
            />
            <FieldError id={errorId} message={fieldError} />
          </div>
          {failure?.message && <FormErrorAlert title={failure.title} detail={failure.message} testId={failure.testId} />}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
              {copy.cancelLabel}
            </Button>
            <Button type="submit" variant={copy.tone === 'danger' ? 'destructive' : 'default'} disabled={pending} data-testid={`${copy.name}-confirm`}>
              {pending && <Loader2 className="animate-spin" aria-hidden />}
              {copy.confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
