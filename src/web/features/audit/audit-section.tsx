import * as React from 'react';
import { RefreshCw, ScrollText, SearchX } from 'lucide-react';
import type { AuditEntry } from '@shared/contracts/audit';
import { messages } from '@shared/messages';
import { isAdminRole } from '@shared/roles';
import { Pagination } from '@/components/pagination';
import { EmptyListState, LoadErrorCard } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { EMPTY_FILTERS, useAuditActions, useAuditLogs, useAuditSchools, type AuditFilters } from './api/audit-logs';
import { AuditDetailsSheet } from './components/audit-details-sheet';
import { AuditFiltersBar } from './components/audit-filters';
import { AuditList, AuditListSkeleton } from './components/audit-list';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const m = messages.audit;
const PAGE_SIZE = 25;
const SEARCH_DEBOUNCE_MS = 300;

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <EmptyListState
      icon={SearchX}
      title={m.emptyTitle}
      hint={filtered ? m.emptyHint : undefined}
      action={
        filtered && (
          <Button variant="outline" size="sm" onClick={onClear}>
            {m.clearFilters}
          </Button>
        )
      }
      testId="audit-empty"
    />
  );
}

/**
 * The Audit Trail section (/audit; admins, school directors and principals): the audit_logs entries
 * of the caller's scope, newest first, from GET /api/audit — platform admins see every school and
 * the platform entries, school leaders their own school. Filters by action, actor, entity, Nairobi
 * date range, result and (admins) school; server-side paging; a row opens a side sheet with the old
 * and new values side by side and the metadata. Loading skeletons, an empty state and an error card
 * with Try Again. Tables from 768 px, cards below.
 */
export function AuditSection() {
  const { state } = useAuth();
  const platform = isAdminRole(state.user?.role);

  const [filters, setFilters] = React.useState<AuditFilters>(EMPTY_FILTERS);
  const actor = useDebouncedValue(filters.actor.trim(), SEARCH_DEBOUNCE_MS);
  const entity = useDebouncedValue(filters.entity.trim(), SEARCH_DEBOUNCE_MS);
  const effective: AuditFilters = { ...filters, actor, entity };
  const dateError = filters.from && filters.to && filters.from > filters.to ? m.dateOrder : null;

  // The page belongs to one filter combination: changing a filter starts again at page 1.
  const filterKey = JSON.stringify(effective);
  const [paging, setPaging] = React.useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = (p: number) => setPaging({ key: filterKey, page: Math.max(1, p) });

  const query = useAuditLogs(effective, page, PAGE_SIZE, !dateError);
  const actionsQuery = useAuditActions();
  const schoolsQuery = useAuditSchools(platform);
  const [selected, setSelected] = React.useState<AuditEntry | null>(null);

  const data = query.data;
  const filtered = Object.values(filters).some((v) => v !== '');
  const refresh = () => {
    void query.refetch();
    void actionsQuery.refetch();
  };

  let body: React.ReactNode;
  if (query.isError && !query.isFetching) {
    body = (
      <LoadErrorCard
        title={m.errorTitle}
        text={m.errorText}
        detail={query.error.message}
        retryLabel={m.tryAgain}
        onRetry={() => void query.refetch()}
        retryTestId="audit-retry"
      />
    );
  } else if (!data) {
    body = <AuditListSkeleton />;
  } else if (data.entries.length === 0) {
    body = <EmptyState filtered={filtered} onClear={() => setFilters(EMPTY_FILTERS)} />;
  } else {
    body = (
      <div className={cn('transition-opacity', query.isPlaceholderData && 'opacity-60')} aria-busy={query.isPlaceholderData || undefined}>
        <AuditList entries={data.entries} showSchool={platform} onOpen={setSelected} />
      </div>
    );
  }

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="audit-section">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary ring-1 ring-primary/15 ring-inset">
            <ScrollText className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h1 className="truncate text-xl font-semibold tracking-tight sm:text-2xl">{m.title}</h1>
            <p className="mt-0.5 text-sm text-muted-foreground" data-testid="audit-subtitle">
              {platform ? m.subtitleAdmin : m.subtitleSchool}
            </p>
          </div>
        </div>
        <div className="flex w-full items-center justify-between gap-3 sm:w-auto">
          {data && (
            <span className="rounded-full border bg-card px-2.5 py-1 text-xs font-medium text-muted-foreground tabular-nums" data-testid="audit-total">
              {m.entries(data.total)}
            </span>
          )}
          <Button variant="outline" onClick={refresh} disabled={query.isFetching} data-testid="audit-refresh">
            <RefreshCw className={query.isFetching ? 'animate-spin' : undefined} aria-hidden />
            {m.refresh}
          </Button>
        </div>
      </div>

      <div className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5">
        <AuditFiltersBar
          value={filters}
          onChange={setFilters}
          actions={actionsQuery.data ?? []}
          schools={platform ? (schoolsQuery.data ?? []) : null}
          dateError={dateError}
        />
        <div className="border-t pt-4">{body}</div>
        {data && !(query.isError && !query.isFetching) && data.total > 0 && (
          <Pagination page={page} pageSize={PAGE_SIZE} total={data.total} shown={data.entries.length} busy={query.isPlaceholderData} onPage={setPage} testId="audit" />
        )}
        <p className="-mt-1 text-xs text-muted-foreground">{m.timeZoneNote}</p>
      </div>

      <AuditDetailsSheet entry={selected} showSchool={platform} onClose={() => setSelected(null)} />
    </section>
  );
}
