import { Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { ToneDialog, type ToneDialogProps } from '@/components/form-dialog';

export type ConfirmTone = 'danger' | 'warning' | 'success';

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
  cancelLabel,
  confirmLabel,
  onConfirm,
  confirmTestId,
  ...frame
}: ToneDialogProps & {
  tone: ConfirmTone;
  text: string;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  confirmTestId: string;
}) {
  const button = BUTTON_TONE[frame.tone];
  return (
    <ToneDialog {...frame}>
      <DialogFooter>
        <Button variant="outline" onClick={frame.onCancel} disabled={frame.pending}>
          {cancelLabel}
        </Button>
        <Button variant={button.variant} className={button.className} onClick={onConfirm} disabled={frame.pending} data-testid={confirmTestId}>
          {frame.pending && <Loader2 className="animate-spin" aria-hidden />}
          {confirmLabel}
        </Button>
      </DialogFooter>
    </ToneDialog>
  );
}
