import { Loader2, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

export type ConfirmTone = 'danger' | 'warning' | 'success';

const ICON_TONE: Record<ConfirmTone, string> = {
  danger: 'bg-destructive/10 text-destructive',
  warning: 'bg-amber-500/12 text-amber-600 dark:text-amber-400',
  success: 'bg-emerald-500/10 text-emerald-600 dark:text-emerald-400',
};

const BUTTON_TONE: Record<ConfirmTone, { variant: 'destructive' | 'default'; className?: string }> = {
  danger: { variant: 'destructive' },
  warning: { variant: 'default', className: 'bg-amber-600 text-white hover:bg-amber-600/90' },
  success: { variant: 'default', className: 'bg-emerald-600 text-white hover:bg-emerald-600/90' },
};

/**
 * A yes/no confirmation before a consequential change (status toggles, maintenance mode). Escape and the
 * overlay cancel, except while `pending`: then the dialog stays open with its buttons disabled, so the
 * outcome's toast is what the user sees next.
 */
export function ConfirmDialog({
  open,
  tone,
  icon: Icon,
  title,
  text,
  cancelLabel,
  confirmLabel,
  pending,
  onCancel,
  onConfirm,
  testId,
  confirmTestId,
}: {
  open: boolean;
  tone: ConfirmTone;
  icon: LucideIcon;
  title: string;
  text: string;
  cancelLabel: string;
  confirmLabel: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  testId: string;
  confirmTestId: string;
}) {
  const button = BUTTON_TONE[tone];
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onCancel()}>
      <DialogContent className="max-w-md gap-5" data-testid={testId}>
        <DialogHeader className="gap-2">
          <span className={cn('mb-1 inline-flex size-11 items-center justify-center rounded-full', ICON_TONE[tone])}>
            <Icon className="size-5" aria-hidden />
          </span>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="leading-relaxed">{text}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button variant={button.variant} className={button.className} onClick={onConfirm} disabled={pending} data-testid={confirmTestId}>
            {pending && <Loader2 className="animate-spin" aria-hidden />}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
