import * as React from 'react';
import { Link } from 'react-router';
import { CalendarClock, PartyPopper, type LucideIcon } from 'lucide-react';
import type { SummaryRow } from '@shared/contracts/attendance';
import { attendancePrincipalScreens as m } from '@shared/messages/attendance-principal-screens';
import { DataTable, queryTableProps, useLocalPage, type ColumnDef } from '@/components/data-table';
import { SearchField } from '@/components/search-field';
import { useAttendanceSummary } from '../api/reports';
import type { AttendanceScope, TermChoice } from './attendance-scope';
import { countColumn, formatCount, Panel, RatePill, TermFilter } from './bits';

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
 * The learner rows of a summary, searched by name or admission number and paged 25 a page on the
 * screen: searches `items` (undefined while loading) with `searchRows` and pages the result on the screen; a
 * new search goes back to page 1. `tableProps` are the DataTable's data, total and paging props.
 */
export function useLearnerSearch<T extends { name: string; admissionNumber: string }>(items: T[] | undefined) {
  const [search, setSearchText] = React.useState('');
  const rows = React.useMemo(() => searchRows(items ?? [], search), [items, search]);
  const paged = useLocalPage(rows, { pageSize: PAGE_SIZE, loaded: !!items });
  const setSearch = (value: string) => {
    setSearchText(value);
    paged.setPage(1);
  };
  return { search, setSearch, rows, ...paged };
}

/**
 * The learners of an attendance summary as a flush table inside a panel: `learners` (a
 * `useLearnerSearch` list) with its search box in the toolbar, the summary `query`'s dimming and error,
 * and `empty` (with `emptySearch` as its title while a search finds no one).
 */
export function LearnerSummaryTable({
  id,
  columns,
  learners,
  query,
  icon,
  empty,
  emptySearch,
  search,
  rowTestId,
  minWidth,
  renderCard,
}: {
  id: string;
  columns: ColumnDef<SummaryRow, unknown>[];
  learners: ReturnType<typeof useLearnerSearch<SummaryRow>>;
  query: Parameters<typeof queryTableProps>[0];
  icon: LucideIcon;
  empty: { title: string; hint: string };
  emptySearch: string;
  search: { placeholder: string; testId: string };
  rowTestId: string;
  minWidth: number;
  renderCard: (row: SummaryRow) => React.ReactNode;
}) {
  return (
    <DataTable
      id={id}
      className="rounded-none border-0 shadow-none"
      columns={columns}
      getRowId={(r) => r.studentId}
      {...learners.tableProps}
      {...queryTableProps(query)}
      errorTitle={m.common.loadFailed}
      empty={learners.search ? { icon, title: emptySearch } : { icon, ...empty }}
      rowTestId={rowTestId}
      minWidth={minWidth}
      toolbar={<SearchField value={learners.search} onChange={learners.setSearch} placeholder={search.placeholder} className="sm:w-80" testId={search.testId} maxLength={60} />}
      renderCard={renderCard}
    />
  );
}

/**
 * The "Chronic absentees" tab (issue 13 §1 "chronic absentees (below a rate the school sets)"): the
 * learners of the term whose attendance rate is below the school's threshold, lowest first, with their
 * stream, absences and lates; a learner opens their profile. The threshold is the principal's setting.
 */
export function ChronicTab({ scope, terms, defaultTermId }: { scope: AttendanceScope; terms: TermChoice[]; defaultTermId: string | null }) {
  const [termId, setTermId] = React.useState<string | null>(defaultTermId);
  const query = useAttendanceSummary({ termId, belowThreshold: true }, scope.schoolId);
  const data = query.data;
  const threshold = data?.threshold ?? 90;
  const term = terms.find((x) => x.id === termId);
  const learners = useLearnerSearch(data?.items);
  // Under CHRONIC_MIN_DAYS school days into the term nobody is listed: say so rather than celebrate.
  const tooEarly = !!data && data.daysCounted < data.chronicMinDays;

  const columns = React.useMemo<ColumnDef<SummaryRow, unknown>[]>(
    () => [
      { id: 'learner', header: c.col.learner, cell: ({ row }) => <LearnerCell row={row.original} href={scope.learnerPath(row.original.studentId)} />, meta: { alwaysVisible: true } },
      { id: 'stream', header: c.col.stream, cell: ({ row }) => row.original.className },
      { id: 'rate', header: c.col.rate, cell: ({ row }) => <RatePill rate={row.original.rate} threshold={threshold} testId="chronic-rate" />, meta: { className: 'text-right', alwaysVisible: true } },
      { id: 'absent', header: c.col.absences, cell: ({ row }) => <span className="font-medium text-red-600 dark:text-red-400">{formatCount(row.original.absent)}</span>, meta: { className: 'text-right tabular-nums' } },
      countColumn('late', c.col.late),
      countColumn('excused', c.col.excused),
      countColumn('daysOpen', c.col.daysOpen),
    ],
    [scope, threshold],
  );

  return (
    <div className="flex min-w-0 flex-col gap-4 sm:gap-5" data-testid="attendance-chronic">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TermFilter
          terms={terms}
          value={termId}
          onChange={(id) => {
            setTermId(id);
            learners.setPage(1);
          }}
          testId="chronic-term"
        />
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
        <LearnerSummaryTable
          id="chronic-list"
          columns={columns}
          learners={learners}
          query={query}
          icon={tooEarly ? CalendarClock : PartyPopper}
          empty={tooEarly ? { title: c.tooEarlyTitle, hint: c.tooEarly(data.chronicMinDays) } : { title: c.empty, hint: c.emptyHint(threshold) }}
          emptySearch={m.summaries.emptySearch}
          search={{ placeholder: c.searchPlaceholder, testId: 'chronic-search' }}
          rowTestId="chronic-row"
          minWidth={720}
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
