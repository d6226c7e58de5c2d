import * as React from 'react';
import { Loader2, Pencil, ShieldCheck, UserCheck, UserX } from 'lucide-react';
import type { AdminUser } from '@shared/contracts/users';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Switch } from '@/components/ui/switch';
import { isSystemAdminRow } from './format';

const m = messages.users;

const statusTone: Record<AdminUser['status'], string> = {
  active: 'bg-emerald-500/10 text-emerald-700 ring-emerald-600/20 dark:text-emerald-300 dark:ring-emerald-400/25',
  inactive: 'bg-muted text-muted-foreground ring-border',
  suspended: 'bg-amber-500/10 text-amber-700 ring-amber-600/25 dark:text-amber-300 dark:ring-amber-400/25',
};

const dotTone: Record<AdminUser['status'], string> = {
  active: 'bg-emerald-500',
  inactive: 'bg-muted-foreground/60',
  suspended: 'bg-amber-500',
};

/** Account status as a small pill: Active, Inactive or Suspended. */
export function StatusBadge({ status }: { status: AdminUser['status'] }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset', statusTone[status])}
      data-testid="user-status"
      data-status={status}
    >
      <span className={cn('size-1.5 rounded-full', dotTone[status])} aria-hidden />
      {m.statusLabels[status]}
    </span>
  );
}

/**
 * The Actions cell: "System Admin" for platform admin rows (spec §2), otherwise a switch that asks for
 * confirmation before changing the status, and Edit (name, phone, role). The signed-in user's own row
 * cannot be toggled.
 */
export function StatusAction({
  user,
  isSelf,
  busy,
  onToggle,
  onEdit,
}: {
  user: AdminUser;
  isSelf: boolean;
  busy: boolean;
  onToggle: (user: AdminUser) => void;
  onEdit: (user: AdminUser) => void;
}) {
  if (isSystemAdminRow(user)) {
    return (
      <span
        className="inline-flex items-center gap-1 rounded-md bg-primary/10 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-primary"
        data-testid="system-admin-label"
      >
        <ShieldCheck className="size-3 shrink-0" aria-hidden />
        {m.systemAdmin}
      </span>
    );
  }
  const active = user.status === 'active';
  return (
    <span className="inline-flex items-center gap-1.5">
      <Switch
        checked={active}
        disabled={isSelf || busy}
        onCheckedChange={() => onToggle(user)}
        aria-label={m.toggleStatus(user.name, active)}
        data-testid="user-status-toggle"
      />
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-8 text-muted-foreground hover:text-foreground"
        onClick={() => onEdit(user)}
        aria-label={m.edit.action(user.name)}
        title={m.edit.title}
        data-testid="user-edit"
      >
        {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Pencil className="size-4" aria-hidden />}
      </Button>
    </span>
  );
}

/** Confirm dialog of a status change (spec §4 User status: the toggle goes through a confirm dialog). */
export function ConfirmStatusDialog({
  user,
  pending,
  onCancel,
  onConfirm,
}: {
  user: AdminUser | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (user: AdminUser) => void;
}) {
  // Keep the last target while the dialog animates out.
  const [shown, setShown] = React.useState<AdminUser | null>(user);
  if (user && user !== shown) setShown(user);
  const target = user ?? shown;
  const deactivate = target?.status === 'active';
  return (
    <ConfirmDialog
      open={!!user}
      tone={deactivate ? 'danger' : 'success'}
      icon={deactivate ? UserX : UserCheck}
      title={deactivate ? m.confirmDeactivateTitle : m.confirmActivateTitle}
      text={target ? (deactivate ? m.confirmDeactivateText(target.name) : m.confirmActivateText(target.name)) : ''}
      cancelLabel={m.form.cancel}
      confirmLabel={m.confirm}
      pending={pending}
      onCancel={onCancel}
      onConfirm={() => target && onConfirm(target)}
      testId="confirm-status-dialog"
      confirmTestId="confirm-status"
    />
  );
}
