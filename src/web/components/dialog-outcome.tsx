import type * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { DIALOG_ICON_TONE } from '@/components/form-dialog';
import { DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';

/** The large round icon badge (56 px) over a dialog's outcome; `className` its colours (`DIALOG_ICON_TONE`). */
export function OutcomeIcon({ icon: Icon, className = DIALOG_ICON_TONE.success }: { icon: LucideIcon; className?: string }) {
  return (
    <span className={cn('flex size-14 items-center justify-center rounded-full', className)}>
      <Icon className="size-7" aria-hidden />
    </span>
  );
}

/**
 * What a dialog shows once its form is done (saved, sent for approval), announced as a status: the
 * `OutcomeIcon` (`icon`, `tone`), the dialog's title and description, `children`, then the buttons
 * (`actions`) in a footer with `footerClassName`. `padding` is the panel's vertical padding (`py-2`).
 */
export function DialogOutcome({
  icon,
  tone,
  title,
  description,
  descriptionClassName,
  padding,
  footerClassName,
  testId,
  children,
  actions,
}: {
  icon: LucideIcon;
  tone?: string;
  title: React.ReactNode;
  description: React.ReactNode;
  descriptionClassName?: string;
  padding: string;
  footerClassName?: string;
  testId: string;
  children?: React.ReactNode;
  actions: React.ReactNode;
}) {
  return (
    <div className={`flex flex-col items-center gap-3 ${padding} text-center`} role="status" data-testid={testId}>
      <OutcomeIcon icon={icon} className={tone} />
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription className={descriptionClassName}>{description}</DialogDescription>
      {children}
      <DialogFooter className={footerClassName}>{actions}</DialogFooter>
    </div>
  );
}
