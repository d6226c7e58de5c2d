import * as React from 'react';
import { Loader2, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/** The colours of a dialog's round icon badge, by tone. */
export const DIALOG_ICON_TONE = {
  primary: 'bg-primary/10 text-primary',
  danger: 'bg-destructive/10 text-destructive',
  warning: 'bg-amber-500/12 text-amber-600 dark:text-amber-400',
  success: 'bg-emerald-500/10 text-emerald-600 dark:text-emerald-400',
} as const;

/** A dialog's round icon badge (44 px) above its title; `className` its colours (`DIALOG_ICON_TONE`). */
export function DialogIcon({ icon: Icon, className = DIALOG_ICON_TONE.primary }: { icon: LucideIcon; className?: string }) {
  return (
    <span className={cn('mb-1 inline-flex size-11 items-center justify-center rounded-full', className)}>
      <Icon className="size-5" aria-hidden />
    </span>
  );
}

/**
 * A dialog's heading: an optional round icon badge (`iconClassName` its colours, the primary tint by
 * default), the title, an optional description and `children`. With an icon the header spaces its lines
 * wider.
 */
export function FormDialogHeader({
  icon: Icon,
  iconClassName = DIALOG_ICON_TONE.primary,
  title,
  description,
  descriptionClassName,
  className,
  children,
}: {
  icon?: LucideIcon;
  iconClassName?: string;
  title: React.ReactNode;
  description?: React.ReactNode;
  descriptionClassName?: string;
  /** The header's own classes; `gap-2` when there is an icon and none are given. */
  className?: string;
  /** More of the heading after the description (a step indicator). */
  children?: React.ReactNode;
}) {
  return (
    <DialogHeader className={className ?? (Icon ? 'gap-2' : undefined)}>
      {Icon && <DialogIcon icon={Icon} className={iconClassName} />}
      <DialogTitle>{title}</DialogTitle>
      {description !== undefined && <DialogDescription className={descriptionClassName}>{description}</DialogDescription>}
      {children}
    </DialogHeader>
  );
}

/**
 * A form's buttons at the foot of a dialog: Cancel (outline, `onCancel`) and the submit button, both
 * disabled while `pending`; the submit button shows a spinner while pending, else `icon` (if any), then
 * `label` (the caller picks the pending wording). `spinnerClassName` adds classes to the spinner and
 * `spinner={false}` leaves it out; `submitClassName` gives the submit button its own colours. In a dialog
 * without a form, `onConfirm` is what the submit button's click does.
 */
export function FormDialogFooter({
  cancelLabel,
  onCancel,
  label,
  pending,
  disabled,
  submitTestId,
  variant,
  icon,
  spinner = true,
  spinnerClassName,
  submitClassName,
  onConfirm,
  className,
}: {
  cancelLabel: React.ReactNode;
  onCancel: () => void;
  label: React.ReactNode;
  pending: boolean;
  /** Disables the submit button (only) for another reason than pending. */
  disabled?: boolean;
  submitTestId?: string;
  variant?: 'default' | 'destructive';
  icon?: React.ReactNode;
  spinner?: boolean;
  spinnerClassName?: string;
  submitClassName?: string;
  /** The submit button's click, for a dialog whose buttons are not in a form. */
  onConfirm?: () => void;
  className?: string;
}) {
  return (
    <DialogFooter className={className}>
      <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant={variant} disabled={pending || disabled} className={submitClassName} onClick={onConfirm} data-testid={submitTestId}>
        {pending && spinner ? <Loader2 className={cn(spinnerClassName, 'animate-spin')} aria-hidden /> : icon}
        {label}
      </Button>
    </DialogFooter>
  );
}

/**
 * A dialog holding a form: `FormDialogHeader` then `children`. Escape and the overlay call `onClose`
 * unless `pending`; `keepOnOutsideClick` ignores clicks outside (long forms). With `form`, the header and
 * children sit inside one `<form>` given those attributes (the dialogs whose heading is part of the form).
 * `className` and `testId` go to the dialog's content box, `headerClassName` to the header.
 */
export function FormDialog({
  open,
  onClose,
  pending = false,
  className,
  testId,
  keepOnOutsideClick,
  form,
  headerClassName,
  children,
  ...header
}: {
  open: boolean;
  onClose: () => void;
  pending?: boolean;
  className?: string;
  testId?: string;
  keepOnOutsideClick?: boolean;
  form?: React.FormHTMLAttributes<HTMLFormElement>;
  /** The header's classes (see `FormDialogHeader`). */
  headerClassName?: string;
  children: React.ReactNode;
} & Omit<React.ComponentProps<typeof FormDialogHeader>, 'className' | 'children'>) {
  const body = (
    <>
      <FormDialogHeader {...header} className={headerClassName} />
      {children}
    </>
  );
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      <DialogContent className={className} onInteractOutside={keepOnOutsideClick ? (e) => e.preventDefault() : undefined} data-testid={testId}>
        {form ? <form {...form}>{body}</form> : body}
      </DialogContent>
    </Dialog>
  );
}

/** What every confirmation dialog is given: open or not, its tone (the icon's colours), icon, title and text, the call in flight, Cancel and the test id. */
export type ToneDialogProps = {
  open: boolean;
  tone: keyof typeof DIALOG_ICON_TONE;
  icon: LucideIcon;
  title: React.ReactNode;
  text: React.ReactNode;
  pending: boolean;
  onCancel: () => void;
  testId: string;
};

/**
 * The frame of a confirmation: a narrow `FormDialog` whose round icon takes `tone`'s colours and whose
 * `text` is the description (relaxed lines); Escape and the overlay call `onCancel` unless `pending`.
 * `form` and `children` as in `FormDialog` (the caller's buttons go in `children`).
 */
export function ToneDialog({
  tone,
  text,
  onCancel,
  ...frame
}: ToneDialogProps & { form?: React.FormHTMLAttributes<HTMLFormElement>; children: React.ReactNode }) {
  return <FormDialog {...frame} onClose={onCancel} className="max-w-md gap-5" iconClassName={DIALOG_ICON_TONE[tone]} description={text ?? null} descriptionClassName="leading-relaxed" />;
}

/**
 * A dialog around a long form (add or edit a record): wide and padded (`className`), not closed by a
 * click outside; Escape calls `onOpenChange(false)`. `children` (the form) render only while open, so
 * each opening starts fresh. The heading props are `FormDialogHeader`'s.
 */
export function LongFormDialog({
  open,
  onOpenChange,
  className = 'max-w-2xl gap-5 sm:p-7',
  testId,
  children,
  ...header
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  className?: string;
  testId?: string;
  children: React.ReactNode;
} & Omit<React.ComponentProps<typeof FormDialogHeader>, 'className' | 'children'>) {
  return (
    <FormDialog {...header} open={open} onClose={() => onOpenChange(false)} className={className} keepOnOutsideClick testId={testId}>
      {open && children}
    </FormDialog>
  );
}
