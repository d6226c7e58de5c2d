import * as React from 'react';
import { Link } from 'react-router';
import { PartyPopper } from 'lucide-react';
import type { SummaryRow } from '@shared/contracts/attendance';
import { attendancePrincipalScreens as m } from '@shared/messages/attendance-principal-screens';
import { DataTable, type ColumnDef } from '@/components/data-table';
import { SearchField } from '@/components/search-field';
import { useAttendanceSummary } from '../api/reports';
import type { AttendanceScope, TermChoice } from './attendance-scope';
import { FilterField, formatCount, Panel, RatePill, TermPicker } from './bits';

const c = m.chronic;
const PAGE_SIZE = 25;

/** The learner's name (a link to their profile when the role has the Students section) and admission number. */
export function LearnerCell({ row, href }: { row: Pick<SummaryRow, 'name' | 'admissionNumber'>; href: string | null }) {
  return (
    <div className="min-w-0">
      {href ? (
        <Link to={href} className="font-medium underline-offset-4 hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" aria-label={c.openLearner(row.name)} data-testid="learner-link">
          {row.name}
        </Link>
      ) : (
        <span className="font-medium">{row.name}</span>
      )}
      <p className="font-mono text-xs text-muted-foreground">{row.admissionNumber}</p>
    </div>
  );
}

/** Rows of `items` whose name or admission number holds `search`. */
export function searchRows<T extends { name: string; admissionNumber: string }>(items: T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  return needle ? items.filter((r) => r.name.toLowerCase().includes(needle) || r.admissionNumber.toLowerCase().includes(needle)) : items;
}

/**
 * The "Chronic absentees" tab (issue 13 §1 "chronic absentees (below a rate the school sets)"): the
 * learners of the term whose attendance rate is below the school's threshold, lowest first, with their
 * stream, absences and lates; a learner opens their profile. The threshold is the principal's setting.
 */
export function ChronicTab({ scope, terms, defaultTermId }: { scope: AttendanceScope; terms: TermChoice[]; defaultTermId: string | null }) {
  const [termId, setTermId] = React.useState<string | null>(defaultTermId);
  const [search, setSearch] = React.useState('');
  const [page, setPage] = React.useState(1);
  const query = useAttendanceSummary({ termId, belowThreshold: true }, scope.schoolId);
  const data = query.data;
  const threshold = data?.threshold ?? 90;
  const term = terms.find((x) => x.id === termId);
  const rows = React.useMemo(() => searchRows(data?.items ?? [], search), [data, search]);
  const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  const columns = React.useMemo<ColumnDef<SummaryRow, unknown>[]>(
    () => [
      { id: 'learner', header: c.col.learner, cell: ({ row }) => <LearnerCell row={row.original} href={scope.learnerPath(row.original.studentId)} />, meta: { alwaysVisible: true } },
      { id: 'stream', header: c.col.stream, cell: ({ row }) => row.original.className },
      { id: 'rate', header: c.col.rate, cell: ({ row }) => <RatePill rate={row.original.rate} threshold={threshold} testId="chronic-rate" />, meta: { className: 'text-right', alwaysVisible: true } },
      { id: 'absent', header: c.col.absences, cell: ({ row }) => <span className="font-medium text-red-600 dark:text-red-400">{formatCount(row.original.absent)}</span>, meta: { className: 'text-right tabular-nums' } },
      { id: 'late', header: c.col.late, cell: ({ row }) => formatCount(row.original.late), meta: { className: 'text-right tabular-nums' } },
      { id: 'excused', header: c.col.excused, cell: ({ row }) => formatCount(row.original.excused), meta: { className: 'text-right tabular-nums' } },
      { id: 'daysOpen', header: c.col.daysOpen, cell: ({ row }) => formatCount(row.original.daysOpen), meta: { className: 'text-right tabular-nums' } },
    ],
    [scope, threshold],
  );

  return (
    <div className="flex min-w-0 flex-col gap-4 sm:gap-5" data-testid="attendance-chronic">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FilterField label={m.common.term}>
          <TermPicker
            terms={terms}
            value={termId}
            onChange={(id) => {
              setTermId(id);
              setPage(1);
            }}
            testId="chronic-term"
          />
        </FilterField>
      </div>
      <Panel
        title={
          <span className="flex items-center gap-2">
            {c.title}
            {data && (
              <span className="rounded-full bg-red-500/10 px-2 py-0.5 text-xs font-medium text-red-700 tabular-nums dark:text-red-300" data-testid="chronic-count">
                {c.count(data.items.length)}
              </span>
            )}
          </span>
        }
        description={c.description(threshold, term?.label ?? '')}
        flush
      >
        <DataTable
          id="chronic-list"
          className="rounded-none border-0 shadow-none"
          columns={columns}
          data={data ? shown : undefined}
          getRowId={(r) => r.studentId}
          total={rows.length}
          page={page}
          pageSize={PAGE_SIZE}
          onPageChange={setPage}
          fetching={query.isPlaceholderData}
          error={query.error}
          errorTitle={m.common.loadFailed}
          onRetry={() => void query.refetch()}
          empty={search ? { icon: PartyPopper, title: m.summaries.emptySearch } : { icon: PartyPopper, title: c.empty, hint: c.emptyHint(threshold) }}
          rowTestId="chronic-row"
          minWidth={720}
          toolbar={
            <SearchField
              value={search}
              onChange={(v) => {
                setSearch(v);
                setPage(1);
              }}
              placeholder={c.searchPlaceholder}
              className="sm:w-80"
              testId="chronic-search"
              maxLength={60}
            />
          }
          renderCard={(r) => (
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <LearnerCell row={r} href={scope.learnerPath(r.studentId)} />
                <p className="mt-1 text-xs text-muted-foreground">
                  {r.className} · {c.absencesOf(r.absent, r.daysOpen)}
                </p>
              </div>
              <RatePill rate={r.rate} threshold={threshold} />
            </div>
          )}
        />
      </Panel>
    </div>
  );
}
