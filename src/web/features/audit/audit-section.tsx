import * as React from 'react';
import { RefreshCw, ScrollText, SearchX } from 'lucide-react';
import type { AuditEntry } from '@shared/contracts/audit';
import { messages } from '@shared/messages';
import { isAdminRole } from '@shared/roles';
import { DataTable, pagedTableProps, useListParams } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { EMPTY_FILTERS, useAuditActions, useAuditLogs, useAuditSchools, type AuditFilters } from './api/audit-logs';
import { AuditDetailsSheet } from './components/audit-details-sheet';
import { AuditFiltersBar } from './components/audit-filters';
import { AuditCard, auditColumns } from './components/audit-list';
import { PageTitle } from '@/components/page-header';

const m = messages.audit;
const PAGE_SIZE = 25;
const SEARCH_DEBOUNCE_MS = 300;
/** The filters as URL parameters (all strings; '' is "any"). */
const URL_FILTERS: Record<keyof AuditFilters, string> = { ...EMPTY_FILTERS };
type TextKey = 'actor' | 'entity';

/**
 * The actor and entity boxes: typed freely, written to the URL 300 ms after the last key (one
 * request per pause); emptied at once. A change of the URL from outside (Clear, Back) resets them.
 */
function useTextDrafts(url: Record<TextKey, string>, commit: (patch: Partial<Record<TextKey, string>>) => void) {
  const [draft, setDraft] = React.useState<Record<TextKey, string>>(url);
  const debounced = useDebouncedValue(draft, SEARCH_DEBOUNCE_MS);
  const report = React.useEffectEvent((next: Record<TextKey, string>) => {
    const patch: Partial<Record<TextKey, string>> = {};
    for (const k of ['actor', 'entity'] as const) if (next[k].trim() !== url[k]) patch[k] = next[k].trim();
    if (Object.keys(patch).length) commit(patch);
  });
  const adopt = React.useEffectEvent((k: TextKey, v: string) => {
    if (v !== draft[k].trim()) setDraft((d) => ({ ...d, [k]: v }));
  });
  React.useEffect(() => report(debounced), [debounced]);
  React.useEffect(() => adopt('actor', url.actor), [url.actor]);
  React.useEffect(() => adopt('entity', url.entity), [url.entity]);
  return [draft, setDraft] as const;
}

/**
 * The Audit Trail section (/audit; admins, school directors and principals): the audit_logs entries
 * of the caller's scope, newest first, from GET /api/audit — platform admins see every school and
 * the platform entries, school leaders their own school. Filters by action, actor, entity, Nairobi
 * date range, result and (admins) school, kept in the URL with the page; server-side paging in the
 * DataTable kit; a row opens a side sheet with the old and new values side by side and the metadata.
 * Loading skeletons, an empty state and an error card with Try Again. Tables from 768 px, cards below.
 */
export function AuditSection() {
  const { state } = useAuth();
  const platform = isAdminRole(state.user?.role);

  const list = useListParams(URL_FILTERS);
  const url = list.values;
  // Only values the API accepts: a result other than true/false, or a school for a school leader, is "any".
  const filters: AuditFilters = {
    ...url,
    success: url.success === 'true' || url.success === 'false' ? url.success : '',
    schoolId: platform ? url.schoolId : '',
  };
  const [draft, setDraft] = useTextDrafts({ actor: url.actor, entity: url.entity }, list.set);
  const shown: AuditFilters = { ...filters, ...draft };
  const dateError = filters.from && filters.to && filters.from > filters.to ? m.dateOrder : null;

  const onFilters = (next: AuditFilters) => {
    setDraft({ actor: next.actor, entity: next.entity });
    const patch: Partial<Record<keyof AuditFilters, string>> = {};
    for (const k of Object.keys(URL_FILTERS) as (keyof AuditFilters)[]) {
      if (k === 'actor' || k === 'entity') {
        if (!next[k].trim() && url[k]) patch[k] = '';
      } else if (next[k] !== filters[k]) patch[k] = next[k];
    }
    if (Object.keys(patch).length) list.set(patch);
  };
  const clear = () => onFilters(EMPTY_FILTERS);

  const query = useAuditLogs(filters, list.page, PAGE_SIZE, !dateError);
  const actionsQuery = useAuditActions();
  const schoolsQuery = useAuditSchools(platform);
  const [selected, setSelected] = React.useState<AuditEntry | null>(null);
  const columns = React.useMemo(() => auditColumns(platform, setSelected), [platform]);

  const data = query.data;
  const filtered = Object.values(shown).some((v) => v !== '');
  const refresh = () => {
    void query.refetch();
    void actionsQuery.refetch();
  };

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="audit-section">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageTitle icon={<ScrollText className="size-5" aria-hidden />} title={m.title} subtitle={platform ? m.subtitleAdmin : m.subtitleSchool} subtitleTestId="audit-subtitle" />
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

      <div className="flex min-w-0 flex-col gap-2">
        <div className="min-w-0 [&_[data-success=false]]:bg-destructive/[0.03] [&_li[data-success=false]]:border-destructive/30">
          <DataTable
            id="audit"
            columns={columns}
            getRowId={(e) => e.id}
            {...pagedTableProps(list, query, { pageSize: PAGE_SIZE, rows: (d) => d.entries, sortable: false })}
            errorTitle={m.errorTitle}
            minWidth={platform ? 860 : 720}
            rowTestId="audit-row"
            rowAttributes={(e) => ({ 'data-action': e.action, 'data-success': String(e.success) })}
            onRowClick={setSelected}
            empty={{
              icon: SearchX,
              title: m.emptyTitle,
              hint: filtered ? m.emptyHint : undefined,
              action: filtered && (
                <Button variant="outline" size="sm" onClick={clear}>
                  {m.clearFilters}
                </Button>
              ),
            }}
            toolbar={
              <AuditFiltersBar
                value={shown}
                onChange={onFilters}
                actions={actionsQuery.data ?? []}
                schools={platform ? (schoolsQuery.data ?? []) : null}
                dateError={dateError}
              />
            }
            renderCard={(e) => <AuditCard entry={e} showSchool={platform} onOpen={setSelected} />}
          />
        </div>
        <p className="px-1 text-xs text-muted-foreground">{m.timeZoneNote}</p>
      </div>

      <AuditDetailsSheet entry={selected} showSchool={platform} onClose={() => setSelected(null)} />
    </section>
  );
}
