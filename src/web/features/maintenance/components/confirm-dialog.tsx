import { Loader2, type LucideIcon } from 'lucide-react';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/** Confirmation before enabling or disabling maintenance mode. Stays open (buttons disabled) while pending. */
export function ConfirmDialog({
  open,
  tone,
  icon: Icon,
  title,
  text,
  confirmLabel,
  pending,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  tone: 'warning' | 'success';
  icon: LucideIcon;
  title: string;
  text: string;
  confirmLabel: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onCancel()}>
      <DialogContent className="max-w-md gap-5" data-testid="maintenance-confirm-dialog">
        <DialogHeader className="gap-2">
          <span
            className={cn(
              'mb-1 inline-flex size-11 items-center justify-center rounded-full',
              tone === 'warning' ? 'bg-amber-500/12 text-amber-600 dark:text-amber-400' : 'bg-emerald-500/10 text-emerald-600 dark:text-emerald-400',
            )}
          >
            <Icon className="size-5" aria-hidden />
          </span>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="leading-relaxed">{text}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            {messages.maintenance.cancel}
          </Button>
          <Button
            className={cn('text-white', tone === 'warning' ? 'bg-amber-600 hover:bg-amber-600/90' : 'bg-emerald-600 hover:bg-emerald-600/90')}
            onClick={onConfirm}
            disabled={pending}
            data-testid="maintenance-confirm"
          >
            {pending && <Loader2 className="animate-spin" aria-hidden />}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
