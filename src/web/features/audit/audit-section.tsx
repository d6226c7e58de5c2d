import * as React from 'react';
import { AlertTriangle, ChevronLeft, ChevronRight, Loader2, RefreshCw, ScrollText, SearchX } from 'lucide-react';
import type { AuditEntry } from '@shared/contracts/audit';
import { messages } from '@shared/messages';
import { isAdminRole } from '@shared/roles';
import { StatusCard } from '@/components/status-screen';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { EMPTY_FILTERS, useAuditActions, useAuditLogs, useAuditSchools, type AuditFilters } from './api/audit-logs';
import { AuditDetailsSheet } from './components/audit-details-sheet';
import { AuditFiltersBar } from './components/audit-filters';
import { AuditList, AuditListSkeleton } from './components/audit-list';
import { useDebouncedValue } from './use-debounced-value';

const m = messages.audit;
const PAGE_SIZE = 25;
const SEARCH_DEBOUNCE_MS = 300;

function Pagination({ page, pages, total, shown, busy, onPage }: { page: number; pages: number; total: number; shown: number; busy: boolean; onPage: (p: number) => void }) {
  const from = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const to = total === 0 ? 0 : from + shown - 1;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4 text-sm" data-testid="audit-pagination">
      <p className="flex items-center gap-2 text-muted-foreground tabular-nums" data-testid="audit-showing">
        {m.showing(from, to, total)}
        {busy && <Loader2 className="size-3.5 animate-spin" aria-hidden />}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label={m.previous} data-testid="audit-prev">
          <ChevronLeft aria-hidden />
          <span className="hidden sm:inline">{m.previous}</span>
        </Button>
        <span className="min-w-24 text-center font-medium tabular-nums" data-testid="audit-page">
          {m.pageOf(Math.min(page, pages), pages)}
        </span>
        <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages} aria-label={m.next} data-testid="audit-next">
          <span className="hidden sm:inline">{m.next}</span>
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </div>
  );
}

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed px-6 py-12 text-center" data-testid="audit-empty">
      <span className="flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <SearchX className="size-5" aria-hidden />
      </span>
      <p className="mt-4 font-medium">{m.emptyTitle}</p>
      {filtered && (
        <>
          <p className="mt-1 text-sm text-muted-foreground">{m.emptyHint}</p>
          <Button variant="outline" size="sm" className="mt-4" onClick={onClear}>
            {m.clearFilters}
          </Button>
        </>
      )}
    </div>
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
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const filtered = Object.values(filters).some((v) => v !== '');
  const refresh = () => {
    void query.refetch();
    void actionsQuery.refetch();
  };

  let body: React.ReactNode;
  if (query.isError && !query.isFetching) {
    body = (
      <div className="flex justify-center py-6 sm:py-10">
        <StatusCard
          icon={AlertTriangle}
          title={m.errorTitle}
          text={m.errorText}
          detail={query.error.message}
          className="shadow-none"
          actions={
            <Button onClick={() => void query.refetch()} data-testid="audit-retry">
              <RefreshCw aria-hidden />
              {m.tryAgain}
            </Button>
          }
        />
      </div>
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
          <Pagination page={page} pages={pages} total={data.total} shown={data.entries.length} busy={query.isPlaceholderData} onPage={setPage} />
        )}
        <p className="-mt-1 text-xs text-muted-foreground">{m.timeZoneNote}</p>
      </div>

      <AuditDetailsSheet entry={selected} showSchool={platform} onClose={() => setSelected(null)} />
    </section>
  );
}
