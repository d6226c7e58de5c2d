import * as React from 'react';
import { KeyRound, LockKeyhole, LockKeyholeOpen, UserCog } from 'lucide-react';
import { can } from '@shared/access';
import type { StaffListItem } from '@shared/contracts/staff';
import { staffScreens as m } from '@shared/messages/staff';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import { DataTable, ListToolbar, useListParams, type ColumnDef, pagedTableProps, listSearchProps } from '@/components/data-table';
import { FilterSelect } from '@/components/filter-select';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { useSchoolContext } from '@/lib/school-context';
import { AccountStatusDialog, GiveAccountDialog, type AccountTarget } from './account-actions';
import { useStaffList } from './staff-api';
import { AccountBadge, StaffAvatar, StaffNameCell, TwoLineCell } from './staff-common';

const l = m.list;
const PAGE_SIZE = 25;
const FILTERS = { search: '', account: '' };
const ACCOUNT_OPTIONS = (['with', 'without'] as const).map((v) => ({ value: v, label: l.accountOptions[v] }));

const targetOf = (r: StaffListItem): AccountTarget => ({ id: r.id, name: r.name, email: r.email, accountStatus: r.accountStatus });

/** The row's one action: give an account, or disable / enable the one they have. */
function AccountAction({ row, onGive, onToggle, self }: { row: StaffListItem; onGive: () => void; onToggle: () => void; self: boolean }) {
  if (!row.hasAccount) {
    return (
      <Button size="sm" variant="outline" onClick={onGive} data-testid="user-give-account">
        <KeyRound aria-hidden />
        {m.account.give}
      </Button>
    );
  }
  if (self) return null;
  const active = row.accountStatus === 'active';
  return (
    <Button size="sm" variant="ghost" className={active ? 'text-destructive hover:text-destructive' : undefined} onClick={onToggle} data-testid={active ? 'user-disable' : 'user-enable'}>
      {active ? <LockKeyhole aria-hidden /> : <LockKeyholeOpen aria-hidden />}
      {active ? m.account.disable : m.account.enable}
    </Button>
  );
}

/**
 * HR's User Management (issue 14 §1, section "user-management"): the school's active staff with their
 * sign-in account (role and status, or none). HR gives an account with a school role (teacher,
 * finance officer, HR; the server e-mails a link to choose a password) and disables or enables it.
 * Staff leave through the exit in Staff Management, which disables the account too.
 */
export function UserManagementSection() {
  const { sectionId, title } = useActiveSectionTitle();
  const { state } = useAuth();
  const { currentSchool } = useSchoolContext();
  const user = state.user;
  const canManage = !!user?.role && can({ id: user.id, role: user.role, schoolId: user.schoolId }, 'manageStaff');
  const list = useListParams(FILTERS);
  const query = useStaffList(list.query({ page: list.page, pageSize: PAGE_SIZE, status: 'active' }).toString());
  const [giving, setGiving] = React.useState<AccountTarget | null>(null);
  const [toggling, setToggling] = React.useState<AccountTarget | null>(null);
  const data = query.data;
  const self = (r: StaffListItem) => !!user && r.email === user.email;

  const columns = React.useMemo<ColumnDef<StaffListItem, unknown>[]>(
    () => [
      {
        id: 'name',
        header: l.columns.name,
        cell: ({ row }) => <StaffNameCell name={row.original.name} sub={row.original.email ?? '—'} />,
        meta: { alwaysVisible: true, className: 'min-w-60' },
      },
      {
        id: 'job',
        header: l.columns.job,
        cell: ({ row }) => <TwoLineCell main={row.original.jobTitle} sub={row.original.staffNumber} mono />,
      },
      { id: 'account', header: l.columns.account, cell: ({ row }) => <AccountBadge role={row.original.role} status={row.original.accountStatus} /> },
      {
        id: 'actions',
        header: '',
        cell: ({ row }) =>
          canManage && (
            <div className="flex justify-end">
              <AccountAction row={row.original} self={self(row.original)} onGive={() => setGiving(targetOf(row.original))} onToggle={() => setToggling(targetOf(row.original))} />
            </div>
          ),
        meta: { alwaysVisible: true, className: 'text-right w-40' },
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [canManage, user?.email],
  );

  const withAccount = data?.summary.withAccount ?? 0;
  const activeCount = data?.summary.active ?? 0;

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="user-management">
      <PageHeader sectionId={sectionId} title={title} subtitle={currentSchool?.name ? `${currentSchool.name} · ${m.usersSubtitle}` : m.usersSubtitle} testId="user-management-header" />
      {data && (
        <div className="flex flex-wrap gap-2 text-sm" data-testid="user-management-summary">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-primary/10 px-3 py-1 font-medium text-primary">
            <KeyRound className="size-3.5" aria-hidden />
            {m.users.summaryWith(withAccount)}
          </span>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-muted px-3 py-1 text-muted-foreground">
            <UserCog className="size-3.5" aria-hidden />
            {m.users.summaryWithout(Math.max(0, activeCount - withAccount))}
          </span>
        </div>
      )}
      <DataTable
        id="user-management-list"
        columns={columns}
        {...pagedTableProps(list, query, { pageSize: PAGE_SIZE, rows: (d) => d.items, sortable: false })}
        getRowId={(r) => r.id}
        errorTitle={l.loadFailed}
        minWidth={760}
        rowTestId="user-row"
        empty={{ icon: UserCog, title: m.users.emptyTitle, hint: list.filtered ? l.emptyFiltered : m.users.emptyHint }}
        toolbar={
          <ListToolbar
            testId="user-management-toolbar"
            {...listSearchProps(list, l.search)}
            filters={<FilterSelect value={list.values.account as 'with' | 'without' | ''} onChange={(account) => list.set({ account })} all={l.allAccounts} options={ACCOUNT_OPTIONS} label={l.accountLabel} testId="user-filter-account" />}
          />
        }
        renderCard={(r) => (
          <div className="flex min-w-0 flex-col gap-2.5">
            <div className="flex min-w-0 items-center gap-3">
              <StaffAvatar name={r.name} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{r.name}</p>
                <p className="truncate text-xs text-muted-foreground">
                  {r.jobTitle} · {r.email ?? '—'}
                </p>
              </div>
            </div>
            <div className="flex items-center justify-between gap-2">
              <AccountBadge role={r.role} status={r.accountStatus} />
              {canManage && <AccountAction row={r} self={self(r)} onGive={() => setGiving(targetOf(r))} onToggle={() => setToggling(targetOf(r))} />}
            </div>
          </div>
        )}
      />
      <GiveAccountDialog target={giving} onClose={() => setGiving(null)} />
      <AccountStatusDialog target={toggling} onClose={() => setToggling(null)} />
    </section>
  );
}
