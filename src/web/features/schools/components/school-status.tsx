import * as React from 'react';
import { Building2, PowerOff } from 'lucide-react';
import type { School, SchoolStatus } from '@shared/contracts/schools';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { ConfirmDialog } from '@/components/confirm-dialog';

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
  return (
    <ConfirmDialog
      open={!!school}
      tone={deactivate ? 'danger' : 'success'}
      icon={deactivate ? PowerOff : Building2}
      title={deactivate ? m.confirmDeactivateTitle : m.confirmActivateTitle}
      text={target ? (deactivate ? m.confirmDeactivateText(target.name) : m.confirmActivateText(target.name)) : ''}
      cancelLabel={m.cancel}
      confirmLabel={deactivate ? m.deactivate : m.activate}
      pending={pending}
      onCancel={onCancel}
      onConfirm={() => target && onConfirm(target)}
      testId="confirm-school-status"
      confirmTestId="confirm-school-status-button"
    />
  );
}
