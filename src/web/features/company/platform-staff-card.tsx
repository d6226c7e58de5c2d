import * as React from 'react';
import { toast } from 'sonner';
import { ShieldCheck, ShieldOff, UserCheck, UserPlus, UserX, Users } from 'lucide-react';
import { PLATFORM_STAFF_ROLES, type PlatformStaff, type PlatformStaffRole, type UpdatePlatformStaffBody } from '@shared/contracts/company';
import { companyScreens as s } from '@shared/messages/company-screens';
import { roleDisplayName } from '@shared/roles';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, queryTableProps, type ColumnDef } from '@/components/data-table';
import { InputField, FormErrorAlert, useFormError } from '@/components/form-feedback';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { IconMenuItem, RowMenu } from '@/components/row-menu';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { useInviteStaff, usePlatformStaff, useUpdateStaff } from './company-api';
import { formatInstant } from '@/lib/format';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { SelectField } from '@/components/field';
import { NameLines } from '@/components/name-lines';
import { BlockHeading } from '@/components/block-heading';

const t = s.staff;

function StatusPill({ status }: { status: string }) {
  const label = status === 'active' ? t.active : status === 'inactive' ? t.inactive : t.suspended;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium',
        status === 'active' ? 'bg-emerald-500/12 text-emerald-700 dark:text-emerald-300' : 'bg-muted text-muted-foreground',
      )}
      data-testid="staff-status"
    >
      <span className={cn('size-1.5 rounded-full', status === 'active' ? 'bg-emerald-500' : 'bg-muted-foreground/60')} aria-hidden />
      {label}
    </span>
  );
}

function TwoFactor({ on }: { on: boolean }) {
  const Icon = on ? ShieldCheck : ShieldOff;
  return (
    <span className={cn('inline-flex items-center gap-1 text-xs', on ? 'text-emerald-700 dark:text-emerald-300' : 'text-muted-foreground')}>
      <Icon className="size-3.5" aria-hidden />
      {on ? t.twoFactorOn : t.twoFactorOff}
    </span>
  );
}

type Pending = { staff: PlatformStaff; body: UpdatePlatformStaffBody } | null;

/**
 * Platform staff (issue 18 §4): EduFam's own accounts with role, status, last sign-in and two-factor;
 * "Add staff member" invites by e-mail; each row (not your own) can switch role or be deactivated /
 * activated after a confirmation. The server refuses removing the last active EduFam admin.
 */
export function PlatformStaffCard() {
  const q = usePlatformStaff();
  const me = useAuth().state.user?.id;
  const update = useUpdateStaff();
  const [inviting, setInviting] = React.useState(false);
  const [pending, setPending] = React.useState<Pending>(null);

  const confirm = () => {
    if (!pending) return;
    update.mutate(
      { id: pending.staff.id, body: pending.body },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          setPending(null);
        },
        onError: (e) => {
          toast.error(e.message);
          setPending(null);
        },
      },
    );
  };

  const actions = (p: PlatformStaff) =>
    p.id === me ? (
      <Badge variant="secondary">{t.you}</Badge>
    ) : (
      <RowMenu label={t.actionsFor(p.name)} testId="staff-actions" triggerClassName="">
        {p.role === 'elimisha_admin' ? (
          <IconMenuItem icon={ShieldCheck} label={t.makeAdmin} onSelect={() => setPending({ staff: p, body: { role: 'edufam_admin' } })} testId="staff-make-admin" />
        ) : (
          <IconMenuItem icon={ShieldOff} label={t.makeElimisha} onSelect={() => setPending({ staff: p, body: { role: 'elimisha_admin' } })} testId="staff-make-elimisha" />
        )}
        {p.status === 'active' ? (
          <IconMenuItem icon={UserX} label={t.deactivate} danger onSelect={() => setPending({ staff: p, body: { status: 'inactive' } })} testId="staff-deactivate" />
        ) : (
          <IconMenuItem icon={UserCheck} label={t.activate} onSelect={() => setPending({ staff: p, body: { status: 'active' } })} testId="staff-activate" />
        )}
      </RowMenu>
    );

  const columns = React.useMemo<ColumnDef<PlatformStaff, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t.columns.name,
        meta: { alwaysVisible: true, className: 'min-w-56' },
        cell: ({ row: { original: p } }) => <NameLines name={p.name} detail={p.email} nameTestId="staff-name" />,
      },
      { id: 'role', header: t.columns.role, cell: ({ row }) => <span className="whitespace-nowrap text-sm" data-testid="staff-role">{roleDisplayName(row.original.role)}</span> },
      { id: 'status', header: t.columns.status, cell: ({ row }) => <StatusPill status={row.original.status} /> },
      {
        id: 'lastSignIn',
        header: t.columns.lastSignIn,
        cell: ({ row }) => <span className="whitespace-nowrap text-xs text-muted-foreground">{row.original.lastLoginAt ? formatInstant(row.original.lastLoginAt) : t.never}</span>,
      },
      { id: 'twoFactor', header: t.columns.twoFactor, cell: ({ row }) => <TwoFactor on={row.original.twoFactorEnabled} /> },
      { id: 'actions', header: () => <span className="sr-only">{t.columns.actions}</span>, meta: { alwaysVisible: true, className: 'w-12 text-right' }, cell: ({ row }) => actions(row.original) },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [me],
  );

  const target = pending?.staff;
  const deactivating = pending?.body.status === 'inactive';
  return (
    <section className="flex min-w-0 flex-col gap-3" data-testid="platform-staff">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <BlockHeading title={t.title} description={t.description} />
        <Button onClick={() => setInviting(true)} data-testid="staff-invite" className="shrink-0">
          <UserPlus aria-hidden />
          {t.invite}
        </Button>
      </div>
      <DataTable
        id="platform-staff"
        columns={columns}
        data={q.data?.staff}
        getRowId={(p) => p.id}
        {...queryTableProps(q)}
        errorTitle={t.loadFailed}
        empty={{ icon: Users, title: t.empty }}
        minWidth={760}
        rowTestId="staff-row"
        renderCard={(p) => (
          <div className="flex min-w-0 items-start justify-between gap-3">
            <div className="flex min-w-0 flex-col gap-1.5">
              <p className="truncate font-medium">{p.name}</p>
              <p className="truncate text-xs text-muted-foreground">{p.email}</p>
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-xs">{roleDisplayName(p.role)}</span>
                <StatusPill status={p.status} />
                <TwoFactor on={p.twoFactorEnabled} />
              </div>
              <p className="text-xs text-muted-foreground">
                {t.columns.lastSignIn}: {p.lastLoginAt ? formatInstant(p.lastLoginAt) : t.never}
              </p>
            </div>
            <div className="shrink-0">{actions(p)}</div>
          </div>
        )}
      />
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <ConfirmDialog
        open={!!pending}
        tone={deactivating ? 'danger' : 'warning'}
        icon={deactivating ? UserX : ShieldCheck}
        title={target ? (deactivating || pending?.body.status ? t.confirmDeactivateTitle(target.name) : t.confirmRoleTitle(target.name)) : ''}
        text={
          deactivating
            ? t.confirmDeactivateText
            : pending?.body.role
              ? t.confirmRoleText(roleDisplayName(pending.body.role))
              : ''
        }
        cancelLabel={t.cancel}
        confirmLabel={pending?.body.status === 'active' ? t.activate : deactivating ? t.deactivate : t.confirm}
        pending={update.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
        testId="staff-confirm"
        confirmTestId="staff-confirm-button"
      />
    </section>
  );
}

function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const invite = useInviteStaff();
  const err = useFormError();
  const [name, setName] = React.useState('');
  const [email, setEmail] = React.useState('');
  const [role, setRole] = React.useState<PlatformStaffRole>('edufam_admin');
  const i = s.inviteDialog;

  React.useEffect(() => {
    if (!open) {
      setName('');
      setEmail('');
      setRole('edufam_admin');
      err.clear();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    err.clear();
    invite.mutate(
      { name, email, role },
      {
        onSuccess: (res) => {
          if (res.notice) toast.warning(res.notice);
          else toast.success(res.message);
          onClose();
        },
        onError: (e2) => err.fail(e2),
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      pending={invite.isPending}
      className="max-w-md"
      testId="staff-invite-dialog"
      form={{ onSubmit: submit, noValidate: true, className: 'grid gap-5' }}
      title={i.title}
      description={i.description}
      descriptionClassName="leading-relaxed"
    >
      <div className="grid gap-4">
        <InputField id="invite-name" label={i.name} value={name} onChange={(e) => setName(e.target.value)} error={err.field('name')} autoComplete="name" data-testid="invite-name" />
        <InputField id="invite-email" label={i.email} type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={err.field('email')} autoComplete="email" data-testid="invite-email" />
        <SelectField id="invite-role" label={i.role} value={role} onValueChange={setRole} options={PLATFORM_STAFF_ROLES} labelOf={roleDisplayName} testId="invite-role" className="grid gap-1.5" />
        {err.error && <FormErrorAlert title={i.failed} detail={err.error.message} testId="invite-error" />}
      </div>
      <FormDialogFooter
        cancelLabel={i.cancel}
        onCancel={onClose}
        pending={invite.isPending}
        submitTestId="invite-submit"
        spinner={false}
        label={invite.isPending ? i.submitting : i.submit}
      />
    </FormDialog>
  );
}
