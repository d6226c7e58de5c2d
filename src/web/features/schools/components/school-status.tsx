import * as React from 'react';
import { Building2, Loader2, PowerOff } from 'lucide-react';
import type { School, SchoolStatus } from '@shared/contracts/schools';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

const m = messages.schoolsManagement;

const tone: Record<SchoolStatus, string> = {
  active: 'bg-emerald-500/10 text-emerald-700 ring-emerald-600/20 dark:text-emerald-300 dark:ring-emerald-400/25',
  inactive: 'bg-muted text-muted-foreground ring-border',
};
const dot: Record<SchoolStatus, string> = { active: 'bg-emerald-500', inactive: 'bg-muted-foreground/60' };

/** School status as a small pill: Active or Inactive. */
export function SchoolStatusBadge({ status }: { status: SchoolStatus }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset', tone[status])}
      data-testid="school-status"
      data-status={status}
    >
      <span className={cn('size-1.5 rounded-full', dot[status])} aria-hidden />
      {m.statusLabels[status]}
    </span>
  );
}

/** Confirm dialog of an activation or deactivation (deactivating signs the school's people out). */
export function ConfirmSchoolStatusDialog({
  school,
  pending,
  onCancel,
  onConfirm,
}: {
  school: School | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (school: School) => void;
}) {
  // Keep the last target while the dialog animates out.
  const [shown, setShown] = React.useState<School | null>(school);
  if (school && school !== shown) setShown(school);
  const target = school ?? shown;
  const deactivate = target?.status === 'active';
  const Icon = deactivate ? PowerOff : Building2;
  return (
    <Dialog open={!!school} onOpenChange={(open) => !open && !pending && onCancel()}>
      <DialogContent className="max-w-md gap-5" data-testid="confirm-school-status">
        {target && (
          <>
            <DialogHeader className="gap-2">
              <span
                className={cn(
                  'mb-1 inline-flex size-11 items-center justify-center rounded-full',
                  deactivate ? 'bg-destructive/10 text-destructive' : 'bg-emerald-500/10 text-emerald-600 dark:text-emerald-400',
                )}
              >
                <Icon className="size-5" aria-hidden />
              </span>
              <DialogTitle>{deactivate ? m.confirmDeactivateTitle : m.confirmActivateTitle}</DialogTitle>
              <DialogDescription className="leading-relaxed">
                {deactivate ? m.confirmDeactivateText(target.name) : m.confirmActivateText(target.name)}
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" onClick={onCancel} disabled={pending}>
                {m.cancel}
              </Button>
              <Button variant={deactivate ? 'destructive' : 'default'} onClick={() => onConfirm(target)} disabled={pending} data-testid="confirm-school-status-button">
                {pending && <Loader2 className="animate-spin" aria-hidden />}
                {deactivate ? m.deactivate : m.activate}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
