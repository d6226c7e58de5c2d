import * as React from 'react';
import { Building2, CircleCheck, CircleOff, Plus, RefreshCw, School as SchoolIcon } from 'lucide-react';
import { toast } from 'sonner';
import { can } from '@shared/access';
import type { School } from '@shared/contracts/schools';
import { messages } from '@shared/messages';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { ListToolbar, pagedTableProps, useListParams } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { StatGrid } from '@/components/page-layout';
import { StatCard } from '@/components/stat-card';
import { formatNumber } from '@/lib/format';
import { useSchools, useUpdateSchoolStatus, type SchoolsParams } from './api/schools';
import { SchoolFormDialog } from './components/school-form-dialog';
import { ConfirmSchoolStatusDialog } from './components/school-status';
import { SchoolsTable } from './components/schools-list';
import { SCHOOL_FILTERS, SchoolsFilters, parseSchoolFilters } from './components/schools-toolbar';
import { PageTitle } from '@/components/page-header';

const m = messages.schoolsManagement;
const PAGE_SIZE = 20;

/** The sentence under "Error Loading Schools": timed out, or failed with the server's or network's reason. */
function loadErrorDetail(err: Error): string {
  if (err instanceof ApiError && err.code === 'TIMEOUT') return messages.schools.timedOut;
  return err.message ? `${messages.schools.failedList}: ${err.message}` : messages.schools.failedList;
}

/**
 * Schools Management (spec §2 edufam_admin "schools"): summary cards, search and filters, the paged
 * schools list with users and students per school, the Add / Edit School dialog with owner and
 * principal pickers, and activation / deactivation behind a confirm dialog. edufam_admin and its alias
 * elimisha_admin manage (manageSchools, shared/access.ts); without it the list is read-only.
 */
export function SchoolsSection() {
  const { state } = useAuth();
  const user = state.user;
  const canManage = !!user?.role && can({ id: user.id, role: user.role, schoolId: user.schoolId }, 'manageSchools');

  // Search, filters and page live in the URL (?search=&status=&curriculum=&page=): a filtered list
  // survives a reload and Back, and can be shared.
  const list = useListParams(SCHOOL_FILTERS);
  const search = list.values.search.trim();
  const filters = parseSchoolFilters(list.values);

  const params: SchoolsParams = { search, ...filters, page: list.page, pageSize: PAGE_SIZE };
  const query = useSchools(params);
  const updateStatus = useUpdateSchoolStatus();

  const [dialog, setDialog] = React.useState<{ open: boolean; school: School | null }>({ open: false, school: null });
  const [confirmFor, setConfirmFor] = React.useState<School | null>(null);

  // An old link or a shrunken list points past the last page: go to the last page that exists.
  const lastPage = query.data ? Math.max(1, Math.ceil(query.data.total / PAGE_SIZE)) : null;
  const { page, setPage } = list;
  React.useEffect(() => {
    if (lastPage !== null && !query.isPlaceholderData && page > lastPage) setPage(lastPage);
  }, [lastPage, page, setPage, query.isPlaceholderData]);

  const data = query.data;
  const filtered = !!(search || filters.status || filters.curriculum);
  const openCreate = () => setDialog({ open: true, school: null });

  const confirmStatus = (target: School) => {
    const next = target.status === 'active' ? 'inactive' : 'active';
    updateStatus.mutate(
      { id: target.id, status: next },
      {
        onSuccess: ({ school, message }) => {
          toast.success(m.statusUpdatedTitle, { description: message || m.statusUpdated(school.name, school.status === 'active') });
          setConfirmFor(null);
        },
        onError: (err) => {
          toast.error(m.statusFailed, { description: err instanceof ApiError && err.message ? err.message : undefined });
          setConfirmFor(null);
        },
      },
    );
  };

  const summary = data?.summary;
  const stat = (n: number | undefined) =>
    n !== undefined ? formatNumber(n) : query.isError ? '—' : <span className="inline-block h-7 w-14 animate-pulse rounded-md bg-muted align-middle" aria-hidden />;

  const busyId = updateStatus.isPending ? (updateStatus.variables?.id ?? null) : null;
  const actions = React.useMemo(
    () => (canManage ? { onEdit: (school: School) => setDialog({ open: true, school }), onToggle: setConfirmFor, busyId } : null),
    [canManage, busyId],
  );

  let emptyHint: string | undefined;
  let emptyAction: React.ReactNode = null;
  if (filtered) {
    emptyHint = m.emptyHint;
    emptyAction = (
      <Button variant="outline" size="sm" onClick={list.reset}>
        {m.clearFilters}
      </Button>
    );
  } else if (canManage) {
    emptyHint = m.emptyFirst;
    emptyAction = (
      <Button size="sm" onClick={openCreate}>
        <Plus aria-hidden />
        {m.addSchool}
      </Button>
    );
  }

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="schools-section" data-busy={query.isFetching || undefined}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageTitle icon={<SchoolIcon className="size-5" aria-hidden />} title={m.title} subtitle={canManage ? m.subtitleAdmin : m.subtitleReadOnly} subtitleTestId="schools-subtitle" />
        <div className="flex w-full gap-2 sm:w-auto">
          <Button variant="outline" className="flex-1 sm:flex-none" onClick={() => void query.refetch()} disabled={query.isFetching} data-testid="schools-refresh">
            <RefreshCw className={query.isFetching ? 'animate-spin' : undefined} aria-hidden />
            {m.refresh}
          </Button>
          {canManage && (
            <Button className="flex-1 sm:flex-none" onClick={openCreate} data-testid="schools-add">
              <Plus aria-hidden />
              {m.addSchool}
            </Button>
          )}
        </div>
      </div>

      <StatGrid className="sm:grid-cols-3 xl:grid-cols-3 [&>:first-child]:col-span-2 sm:[&>:first-child]:col-span-1">
        <StatCard label={m.totalSchools} value={stat(summary?.total)} hint={m.totalHint} icon={Building2} accent={1} testId="schools-stat-total" />
        <StatCard label={m.activeSchools} value={stat(summary?.active)} hint={m.activeHint} icon={CircleCheck} accent={3} testId="schools-stat-active" />
        <StatCard label={m.inactiveSchools} value={stat(summary?.inactive)} hint={m.inactiveHint} icon={CircleOff} accent={2} testId="schools-stat-inactive" />
      </StatGrid>

      <SchoolsTable
        table={pagedTableProps(list, query, { pageSize: PAGE_SIZE, rows: (d) => d.schools, sortable: false })}
        errorDetail={loadErrorDetail}
        toolbar={
          <ListToolbar
            testId="schools"
            search={list.values.search}
            onSearch={(value) => list.set({ search: value })}
            searchPlaceholder={m.searchPlaceholder}
            filtered={filtered}
            onClear={list.reset}
            filters={<SchoolsFilters filters={filters} onFilters={list.set} />}
          />
        }
        empty={{ hint: emptyHint, action: emptyAction }}
        actions={actions}
      />

      {canManage && (
        <>
          <SchoolFormDialog open={dialog.open} school={dialog.school} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} />
          <ConfirmSchoolStatusDialog school={confirmFor} pending={updateStatus.isPending} onCancel={() => setConfirmFor(null)} onConfirm={confirmStatus} />
        </>
      )}
    </section>
  );
}
