import * as React from 'react';
import { RefreshCw, ShieldCheck, UserCheck, UserPlus, UserRoundX, Users, UsersRound } from 'lucide-react';
import { toast } from 'sonner';
import type { AdminUser } from '@shared/contracts/users';
import { can } from '@shared/access';
import { messages } from '@shared/messages';
import { sectionLabel } from '@shared/sections';
import { ROLES, SCHOOL_ROLES, isAdminRole, type Role } from '@shared/roles';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { SectionDenied } from '@/components/section-denied';
import { ListToolbar, pagedTableProps, useListParams } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { StatGrid } from '@/components/page-layout';
import { StatCard } from '@/components/stat-card';
import { formatNumber } from '@/lib/format';
import { useSchoolOptions, useUpdateUserStatus, useUsers, type UsersParams } from './api/users';
import { CreateUserDialog } from './components/create-user-dialog';
import { EditUserDialog } from './components/edit-user-dialog';
import { ConfirmStatusDialog } from './components/user-status';
import { UsersTable } from './components/users-table';
import { USER_FILTERS, UsersFilters, parseFilters } from './components/users-toolbar';
import { PageTitle } from '@/components/page-header';

const m = messages.users;
const PAGE_SIZE = 25;

/** Spec §6 User management: the three texts, as the shell shows them for a denied section. */
function AccessDenied({ role }: { role: Role | null }) {
  const d = messages.userManagement;
  return <SectionDenied role={role} title={d.deniedTitle} message={d.deniedText} detail={d.deniedDetail} />;
}

/** The detail under "Error Loading Users" (spec §8 Users, fetch). */
function loadErrorDetail(err: Error): string {
  if (err instanceof ApiError) {
    if (err.status === 401) return m.authRequired;
    if (err.status === 0) return err.message;
  }
  return m.fetchFailed(err.message);
}

/** The server's user-management refusal (not a deactivated account or school, which have their own codes). */
function isAccessDenied(err: unknown): boolean {
  return err instanceof ApiError && err.status === 403 && err.code === 'FORBIDDEN';
}

/** "Action Not Allowed" for refusals, otherwise the generic failure title; the server's words below. */
function statusErrorToast(err: unknown) {
  const server = err instanceof ApiError && err.status > 0 ? err.message : undefined;
  if (err instanceof ApiError && err.status === 403) {
    toast.error(m.actionNotAllowed, { description: server || m.cannotDeactivateAdmin });
    return;
  }
  toast.error(m.statusFailed, { description: server && server !== m.statusFailed ? server : err instanceof Error ? err.message : undefined });
}

/**
 * Users Management (spec §2 Users Management, §5 Create User form, §6 User management, §8 Users, §9
 * users fetch): summary cards, search and filters, the paged users table with status toggles, the
 * Create User dialog, and Edit (name, phone, role; issue 3 §1). Platform admins see every school; directors and principals their own school.
 */
export function UsersSection() {
  const { state } = useAuth();
  const user = state.user;
  const role = user?.role ?? null;
  // Spec §6 User management: the same rule the API applies (shared/access.ts manageUsers).
  const canManage = !!user && !!role && can({ id: user.id, role, schoolId: user.schoolId }, 'manageUsers');
  const platform = isAdminRole(role);
  // Headed as the sidebar item that opens it: "User Management" for platform staff, "Staff Management"
  // for the director (issue 34; spec §2's "Users Management" title matched no sidebar label).

  const roles = platform ? ROLES : SCHOOL_ROLES;
  // Search, filters and page live in the URL (?search=&role=&status=&schoolId=&page=): a filtered list
  // survives a reload and Back, and can be shared.
  const list = useListParams(USER_FILTERS);
  const search = list.values.search.trim();
  const filters = parseFilters(list.values, roles, platform);
  const page = list.page;

  const params: UsersParams = { search, ...filters, page, pageSize: PAGE_SIZE };
  const query = useUsers(params, canManage);
  const schoolsQuery = useSchoolOptions(canManage && platform);
  const schools = schoolsQuery.data ?? [];

  const [createOpen, setCreateOpen] = React.useState(false);
  const [confirmFor, setConfirmFor] = React.useState<AdminUser | null>(null);
  const [editFor, setEditFor] = React.useState<AdminUser | null>(null);
  const updateStatus = useUpdateUserStatus();

  // The list shrank under the current page (a status change with a status filter, another manager's
  // change, or an old link): go to the last page that exists.
  const lastPage = query.data ? Math.max(1, Math.ceil(query.data.total / PAGE_SIZE)) : null;
  const { setPage } = list;
  React.useEffect(() => {
    if (lastPage !== null && !query.isPlaceholderData && page > lastPage) setPage(lastPage);
  }, [lastPage, page, setPage, query.isPlaceholderData]);

  if (!canManage || isAccessDenied(query.error)) return <AccessDenied role={role} />;

  const data = query.data;
  const filtered = !!(search || filters.role || filters.status || filters.schoolId);

  const confirmStatus = (target: AdminUser) => {
    const next = target.status === 'active' ? 'inactive' : 'active';
    updateStatus.mutate(
      { id: target.id, status: next },
      {
        onSuccess: ({ user: saved, message }) => {
          toast.success(m.statusUpdatedTitle, { description: message || m.statusUpdated(saved.name, saved.status === 'active') });
          setConfirmFor(null);
        },
        onError: (err) => {
          statusErrorToast(err);
          setConfirmFor(null);
        },
      },
    );
  };

  const summary = data?.summary;
  const stat = (n: number | undefined) =>
    n !== undefined ? formatNumber(n) : query.isError ? '—' : <span className="inline-block h-7 w-14 animate-pulse rounded-md bg-muted align-middle" aria-hidden />;

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="users-section" data-search={search} data-busy={query.isFetching || undefined}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageTitle icon={<UsersRound className="size-5" aria-hidden />} title={role ? sectionLabel(role, 'users') : m.title} subtitle={platform ? m.subtitleAdmin : m.subtitleSchool} subtitleTestId="users-subtitle" />
        <div className="flex w-full gap-2 sm:w-auto">
          <Button variant="outline" className="flex-1 sm:flex-none" onClick={() => void query.refetch()} disabled={query.isFetching} data-testid="users-refresh">
            <RefreshCw className={query.isFetching ? 'animate-spin' : undefined} aria-hidden />
            {m.refresh}
          </Button>
          <Button className="flex-1 sm:flex-none" onClick={() => setCreateOpen(true)} data-testid="users-add">
            <UserPlus aria-hidden />
            {m.addUser}
          </Button>
        </div>
      </div>

      <StatGrid>
        <StatCard label={m.totalUsers} value={stat(summary?.total)} hint={m.summaryTotalHint} icon={Users} accent={1} testId="users-stat-total" />
        <StatCard label={m.activeUsers} value={stat(summary?.active)} hint={m.summaryActiveHint} icon={UserCheck} accent={3} testId="users-stat-active" />
        <StatCard label={m.inactiveUsers} value={stat(summary?.inactive)} hint={m.summaryInactiveHint} icon={UserRoundX} accent={2} testId="users-stat-inactive" />
        <StatCard label={m.adminUsers} value={stat(summary?.admins)} hint={m.summaryAdminsHint} icon={ShieldCheck} accent={5} testId="users-stat-admins" />
      </StatGrid>

      <UsersTable
        table={pagedTableProps(list, query, { pageSize: PAGE_SIZE, rows: (d) => d.users, sortable: false })}
        errorDetail={loadErrorDetail}
        toolbar={
          <ListToolbar
            testId="users"
            search={list.values.search}
            onSearch={(value) => list.set({ search: value })}
            searchPlaceholder={m.searchPlaceholder}
            filtered={filtered}
            onClear={list.reset}
            filters={<UsersFilters filters={filters} onFilters={list.set} roles={roles} schools={platform ? schools : null} />}
          />
        }
        emptyHint={filtered ? m.emptyHint : undefined}
        emptyAction={
          filtered && (
            <Button variant="outline" size="sm" onClick={list.reset}>
              {m.clearFilters}
            </Button>
          )
        }
        selfId={user?.id ?? null}
        busyId={updateStatus.isPending ? (updateStatus.variables?.id ?? null) : null}
        onToggle={setConfirmFor}
        onEdit={setEditFor}
      />

      <CreateUserDialog open={createOpen} onOpenChange={setCreateOpen} creatorRole={role} creatorSchool={user?.school?.name ?? null} schools={schools} />
      <EditUserDialog target={editFor} editorRole={role} selfId={user?.id ?? null} onClose={() => setEditFor(null)} />
      <ConfirmStatusDialog user={confirmFor} pending={updateStatus.isPending} onCancel={() => setConfirmFor(null)} onConfirm={confirmStatus} />
    </section>
  );
}
