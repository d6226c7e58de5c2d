import * as React from 'react';
import { KeyRound, LockKeyhole, LockKeyholeOpen } from 'lucide-react';
import { toast } from 'sonner';
import { STAFF_ACCOUNT_ROLES, type StaffAccountRole } from '@shared/contracts/staff';
import { staffScreens } from '@shared/messages/staff';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormErrorAlert } from '@/components/form-feedback';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { useAccountStatus, useGiveAccount } from './staff-api';
import { roleLabel } from './staff-common';

const a = staffScreens.account;

/** Who an account action is for: the staff record's id, name, e-mail and current account status. */
export interface AccountTarget {
  id: string;
  name: string;
  email: string | null;
  accountStatus: 'active' | 'inactive' | 'suspended' | null;
}

/**
 * "Give account": chooses one of the roles HR may give (teacher, finance officer, HR) and creates the
 * account; the server e-mails a link to choose a password. Without an e-mail on the record it says so.
 */
export function GiveAccountDialog({ target, onClose }: { target: AccountTarget | null; onClose: () => void }) {
  const give = useGiveAccount();
  const [role, setRole] = React.useState<StaffAccountRole>('teacher');
  const [error, setError] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (target) {
      setRole('teacher');
      setError(null);
    }
  }, [target]);
  const submit = async () => {
    if (!target) return;
    setError(null);
    try {
      const res = await give.mutateAsync({ id: target.id, role });
      if (res.notice) toast.warning(a.created, { description: res.notice });
      else toast.success(a.created, { description: res.message });
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : a.failed);
    }
  };
  return (
    <FormDialog
      open={!!target}
      onClose={onClose}
      pending={give.isPending}
      className="max-w-md gap-5"
      testId="give-account-dialog"
      icon={KeyRound}
      title={target ? a.giveTitle(target.name) : ''}
      description={target?.email ? a.giveText(target.email) : a.needsEmail}
    >
      {error && <FormErrorAlert title={a.failed} detail={error} testId="give-account-error" />}
      {target?.email && (
        <div className="grid gap-2">
          <Label>{a.role}</Label>
          <div role="radiogroup" aria-label={a.role} className="grid gap-2 sm:grid-cols-3">
            {STAFF_ACCOUNT_ROLES.map((r) => (
              <button
                key={r}
                type="button"
                role="radio"
                aria-checked={role === r}
                onClick={() => setRole(r)}
                data-testid={`give-account-role-${r}`}
                className={cn('rounded-lg border px-3 py-2 text-sm font-medium transition', role === r ? 'border-primary bg-primary/5 text-primary ring-1 ring-primary' : 'hover:bg-muted/60')}
              >
                {roleLabel(r)}
              </button>
            ))}
          </div>
          <p className="text-xs text-muted-foreground">{a.roleHint}</p>
        </div>
      )}
      <FormDialogFooter
        cancelLabel={a.cancel}
        onCancel={onClose}
        label={a.create}
        pending={give.isPending}
        disabled={!target?.email}
        onConfirm={() => void submit()}
        submitTestId="give-account-confirm"
      />
    </FormDialog>
  );
}

/** Disable / enable confirmation of a staff member's account (disable ends their sessions at once). */
export function AccountStatusDialog({ target, onClose }: { target: AccountTarget | null; onClose: () => void }) {
  const status = useAccountStatus();
  const enable = target?.accountStatus !== 'active';
  return (
    <ConfirmDialog
      open={!!target}
      tone={enable ? 'success' : 'danger'}
      icon={enable ? LockKeyholeOpen : LockKeyhole}
      title={target ? (enable ? a.enableTitle(target.name) : a.disableTitle(target.name)) : ''}
      text={enable ? a.enableText : a.disableText}
      cancelLabel={a.cancel}
      confirmLabel={enable ? a.enable : a.disable}
      pending={status.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!target) return;
        status.mutate(
          { id: target.id, enable },
          {
            onSuccess: (res) => {
              toast.success(a.changed, { description: res.message });
              onClose();
            },
            onError: (e) => toast.error(a.statusFailed, { description: e.message }),
          },
        );
      }}
      testId="account-status-dialog"
      confirmTestId="account-status-confirm"
    />
  );
}
