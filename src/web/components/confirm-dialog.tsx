import { Loader2, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { DIALOG_ICON_TONE, FormDialog } from '@/components/form-dialog';

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
    <FormDialog
      open={open}
      onClose={onCancel}
      pending={pending}
      className="max-w-md gap-5"
      testId={testId}
      icon={Icon}
      iconClassName={DIALOG_ICON_TONE[tone]}
      title={title}
      description={text}
      descriptionClassName="leading-relaxed"
    >
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button variant={button.variant} className={button.className} onClick={onConfirm} disabled={pending} data-testid={confirmTestId}>
          {pending && <Loader2 className="animate-spin" aria-hidden />}
          {confirmLabel}
        </Button>
      </DialogFooter>
    </FormDialog>
  );
}
