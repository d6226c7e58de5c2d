import * as React from 'react';
import { Building2, CircleCheck, CircleOff, Plus, RefreshCw, School as SchoolIcon } from 'lucide-react';
import { toast } from 'sonner';
import { can } from '@shared/access';
import type { School } from '@shared/contracts/schools';
import { messages } from '@shared/messages';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { Pagination } from '@/components/pagination';
import { EmptyListState, LoadErrorCard } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { StatGrid } from '@/components/page-layout';
import { StatCard } from '@/components/stat-card';
import { formatNumber } from '@/lib/format';
import { useSchools, useUpdateSchoolStatus, type SchoolsParams } from './api/schools';
import { SchoolFormDialog } from './components/school-form-dialog';
import { ConfirmSchoolStatusDialog } from './components/school-status';
import { SchoolsList, SchoolsListSkeleton } from './components/schools-list';
import { SchoolsToolbar, type SchoolFilters } from './components/schools-toolbar';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const m = messages.schoolsManagement;
const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;

function EmptyState({ filtered, canCreate, onClear, onCreate }: { filtered: boolean; canCreate: boolean; onClear: () => void; onCreate: () => void }) {
  let hint: string | undefined;
  let action: React.ReactNode = null;
  if (filtered) {
    hint = m.emptyHint;
    action = (
      <Button variant="outline" size="sm" onClick={onClear}>
        {m.clearFilters}
      </Button>
    );
  } else if (canCreate) {
    hint = m.emptyFirst;
    action = (
      <Button size="sm" onClick={onCreate}>
        <Plus aria-hidden />
        {m.addSchool}
      </Button>
    );
  }
  return <EmptyListState icon={Building2} title={m.emptyTitle} hint={hint} action={action} testId="schools-empty" />;
}

/**
 * Schools Management (spec §2 edufam_admin "schools"): summary cards, search and filters, the paged
 * schools list with users and students per school, the Add / Edit School dialog with owner and
 * principal pickers, and activation / deactivation behind a confirm dialog. edufam_admin manages;
 * elimisha_admin sees the same list read-only (manageSchools, shared/access.ts).
 */
export function SchoolsSection() {
  const { state } = useAuth();
  const user = state.user;
  const canManage = !!user?.role && can({ id: user.id, role: user.role, schoolId: user.schoolId }, 'manageSchools');

  const [searchInput, setSearchInput] = React.useState('');
  const search = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS);
  const [filters, setFilters] = React.useState<SchoolFilters>({ status: '', curriculum: '' });
  const filterKey = JSON.stringify([search.trim(), filters]);
  const [paging, setPaging] = React.useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = (p: number) => setPaging({ key: filterKey, page: Math.max(1, p) });

  const params: SchoolsParams = { search: search.trim(), ...filters, page, pageSize: PAGE_SIZE };
  const query = useSchools(params);
  const updateStatus = useUpdateSchoolStatus();

  const [dialog, setDialog] = React.useState<{ open: boolean; school: School | null }>({ open: false, school: null });
  const [confirmFor, setConfirmFor] = React.useState<School | null>(null);

  const data = query.data;
  const filtered = !!(search.trim() || filters.status || filters.curriculum);
  const clearAll = () => {
    setSearchInput('');
    setFilters({ status: '', curriculum: '' });
  };
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

  let body: React.ReactNode;
  if (query.isError && !query.isFetching) {
    body = (
      <LoadErrorCard
        title={m.errorTitle}
        text={query.error instanceof ApiError && query.error.code === 'TIMEOUT' ? messages.schools.timedOut : messages.schools.failedList}
        detail={query.error.message}
        retryLabel={m.tryAgain}
        onRetry={() => void query.refetch()}
        testId="schools-error"
        retryTestId="schools-retry"
      />
    );
  } else if (!data) {
    body = <SchoolsListSkeleton />;
  } else if (data.schools.length === 0) {
    body = <EmptyState filtered={filtered} canCreate={canManage} onClear={clearAll} onCreate={openCreate} />;
  } else {
    body = (
      <div className={cn('transition-opacity', query.isPlaceholderData && 'opacity-60')} aria-busy={query.isPlaceholderData || undefined}>
        <SchoolsList
          schools={data.schools}
          actions={
            canManage
              ? {
                  onEdit: (school) => setDialog({ open: true, school }),
                  onToggle: setConfirmFor,
                  busyId: updateStatus.isPending ? (updateStatus.variables?.id ?? null) : null,
                }
              : null
          }
        />
      </div>
    );
  }

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="schools-section" data-busy={query.isFetching || undefined}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary ring-1 ring-primary/15 ring-inset">
            <SchoolIcon className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h1 className="truncate text-xl font-semibold tracking-tight sm:text-2xl">{m.title}</h1>
            <p className="mt-0.5 text-sm text-muted-foreground" data-testid="schools-subtitle">
              {canManage ? m.subtitleAdmin : m.subtitleReadOnly}
            </p>
          </div>
        </div>
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

      <div className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5">
        <SchoolsToolbar search={searchInput} onSearch={setSearchInput} filters={filters} onFilters={setFilters} />
        {body}
        {data && !(query.isError && !query.isFetching) && data.total > 0 && (
          <Pagination page={page} pageSize={PAGE_SIZE} total={data.total} shown={data.schools.length} busy={query.isPlaceholderData} onPage={setPage} testId="schools" hideButtonsOnOnePage />
        )}
      </div>

      {canManage && (
        <>
          <SchoolFormDialog open={dialog.open} school={dialog.school} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} />
          <ConfirmSchoolStatusDialog school={confirmFor} pending={updateStatus.isPending} onCancel={() => setConfirmFor(null)} onConfirm={confirmStatus} />
        </>
      )}
    </section>
  );
}
