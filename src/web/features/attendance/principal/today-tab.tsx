import * as React from 'react';
import { CalendarCheck2, CalendarOff, CheckCircle2, ChevronRight, Clock3, Gauge, ListChecks, School, UserCheck, UserX } from 'lucide-react';
import { dayLabel } from '@shared/attendance-calendar';
import { isCalendarDate } from '@shared/contracts/learners';
import type { CalendarResponse, StreamDay, StreamsResponse } from '@shared/contracts/attendance';
import { attendancePrincipalScreens as m } from '@shared/messages/attendance-principal-screens';
import { schoolToday } from '@shared/dates';
import { cn } from '@/lib/utils';
import { usePatchedSearchParams } from '@/lib/search-params';
import { NameLines } from '@/components/name-lines';
import { EmptyStateCard } from '@/components/page-states';
import { Button } from '@/components/ui/button';
import { SearchField } from '@/components/search-field';
import { DataTable, parseSort, type ColumnDef } from '@/components/data-table';
import { QueryErrorCard } from '@/components/query-error-card';
import { StatCard } from '@/components/stat-card';
import { DateField } from '@/components/date-field';
import { useAttendanceStreams } from '../api/reports';
import type { AttendanceScope } from './attendance-scope';
import { DaySkeleton, FilterField, formatCount, formatRate, Notice, RatePill, Segmented } from './bits';
import { RegisterSheet } from './register-sheet';

const t = m.today;
type Show = 'all' | 'missing' | 'marked';

/** "Marked" (green) or "Missing" (amber) for a stream's register of the day; "1 of 2 marked" with two sessions. */
function RegisterBadge({ row, sessions }: { row: StreamDay; sessions: number }) {
  const partial = sessions > 1 && row.markedSessions.length > 0 && row.markedSessions.length < sessions;
  const missing = !row.marked && !partial;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        missing ? 'bg-amber-500/12 text-amber-700 ring-amber-500/25 dark:text-amber-300' : partial ? 'bg-sky-500/10 text-sky-700 ring-sky-500/20 dark:text-sky-300' : 'bg-emerald-500/10 text-emerald-700 ring-emerald-500/20 dark:text-emerald-300',
      )}
      data-testid="register-state"
      data-state={missing ? 'missing' : partial ? 'partial' : 'marked'}
    >
      {missing ? <Clock3 className="size-3" aria-hidden /> : <CheckCircle2 className="size-3" aria-hidden />}
      {missing ? t.missing : partial ? t.sessionsMarked(row.markedSessions.length, sessions) : t.marked}
    </span>
  );
}

const SORTERS: Record<string, (a: StreamDay, b: StreamDay) => number> = {
  stream: (a, b) => a.levelOrder - b.levelOrder || a.name.localeCompare(b.name, undefined, { numeric: true }),
  learners: (a, b) => a.learners - b.learners,
  absent: (a, b) => a.absent - b.absent,
  rate: (a, b) => (a.rate ?? -1) - (b.rate ?? -1),
};

/**
 * The "Today" tab (issue 13 §1: "the principal sees today's picture"): a date defaulting to the
 * latest school day (the API's), why today has no register when it is not a school day, the day's
 * figures, and every stream with its register marked or missing and its counts. A stream opens its
 * register in a sheet (`?stream=` in the address): the principal may mark or change it, the
 * director reads it.
 */
export function TodayTab({ scope, calendar, threshold }: { scope: AttendanceScope; calendar: CalendarResponse | undefined; threshold: number }) {
  const [params, update] = usePatchedSearchParams();
  const requested = params.get('date');
  const chosen = requested && isCalendarDate(requested) ? requested : null;
  const query = useAttendanceStreams(chosen, scope.schoolId);
  const data = query.data;
  const [show, setShow] = React.useState<Show>('all');
  const [search, setSearch] = React.useState('');
  const [sort, setSort] = React.useState('stream');

  const streamId = params.get('stream');
  const openStream = React.useCallback((row: StreamDay) => update({ stream: row.classId, session: null }), [update]);

  const rows = React.useMemo(() => {
    const items = data?.items ?? [];
    const needle = search.trim().toLowerCase();
    const active = parseSort(sort);
    const sorter = SORTERS[active?.id ?? 'stream'] ?? SORTERS.stream!;
    return items
      .filter((r) => (show === 'missing' ? !r.marked : show === 'marked' ? r.marked : true))
      .filter((r) => !needle || `${r.name} ${r.level} ${r.classTeacher ?? ''}`.toLowerCase().includes(needle))
      .sort((a, b) => (active?.desc ? -1 : 1) * sorter(a, b) || SORTERS.stream!(a, b));
  }, [data, show, search, sort]);

  const columns = React.useMemo<ColumnDef<StreamDay, unknown>[]>(() => {
    const sessions = data?.sessions.length ?? 1;
    const cols: ColumnDef<StreamDay, unknown>[] = [
      { id: 'level', header: t.col.level, cell: ({ row }) => <span className="whitespace-nowrap text-muted-foreground">{row.original.level}</span> },
      {
        id: 'stream',
        header: t.col.stream,
        cell: ({ row }) => (
          <span className="font-medium whitespace-nowrap" data-testid="stream-name">
            {row.original.name}
          </span>
        ),
        meta: { sortKey: 'stream', alwaysVisible: true },
      },
      {
        id: 'classTeacher',
        header: t.col.classTeacher,
        cell: ({ row }) => <span className={cn(!row.original.classTeacher && 'text-muted-foreground')}>{row.original.classTeacher ?? t.noClassTeacher}</span>,
      },
      { id: 'learners', header: t.col.learners, cell: ({ row }) => formatCount(row.original.learners), meta: { sortKey: 'learners', className: 'text-right tabular-nums' } },
      { id: 'register', header: t.col.register, cell: ({ row }) => <RegisterBadge row={row.original} sessions={sessions} />, meta: { alwaysVisible: true } },
      { id: 'present', header: t.col.present, cell: ({ row }) => countCell(row.original, 'present'), meta: { className: 'text-right tabular-nums' } },
      { id: 'absent', header: t.col.absent, cell: ({ row }) => countCell(row.original, 'absent'), meta: { sortKey: 'absent', className: 'text-right tabular-nums' } },
      { id: 'late', header: t.col.late, cell: ({ row }) => countCell(row.original, 'late'), meta: { className: 'text-right tabular-nums' } },
      { id: 'excused', header: t.col.excused, cell: ({ row }) => countCell(row.original, 'excused'), meta: { className: 'text-right tabular-nums' } },
      { id: 'rate', header: t.col.rate, cell: ({ row }) => <RatePill rate={row.original.rate} threshold={threshold} />, meta: { sortKey: 'rate', className: 'text-right' } },
    ];
    if (scope.canOpenRegisters) {
      cols.push({
        id: 'actions',
        // sr-only is absolutely positioned: the relative wrapper keeps it inside the table's scroller.
        header: () => (
          <span className="relative">
            <span className="sr-only">{t.col.actions}</span>
          </span>
        ),
        cell: ({ row }) => {
          const label = scope.readOnly ? t.view : row.original.marked ? t.open : t.mark;
          return (
            <Button variant="ghost" size="icon" className="-my-1 size-8" onClick={() => openStream(row.original)} aria-label={`${label}: ${row.original.name}`} title={label} data-testid="open-register" data-action={label}>
              <ChevronRight aria-hidden />
            </Button>
          );
        },
        meta: { label: t.col.actions, alwaysVisible: true, className: 'w-0 text-right' },
      });
    }
    return cols;
  }, [data?.sessions.length, threshold, scope.canOpenRegisters, scope.readOnly, openStream]);

  if (query.isError && !data) {
    return <QueryErrorCard query={query} title={m.common.loadFailed} retryLabel={m.common.tryAgain} testId="attendance-today-error" />;
  }

  const today = data?.today ?? schoolToday();
  const todayReason = calendar?.closedDays.find((d) => d.date === today)?.reason ?? null;
  const showingDefault = !chosen && !!data && data.date !== data.today;
  const sessions = data?.sessions ?? ['day'];
  const selected = streamId ? (data?.items.find((r) => r.classId === streamId) ?? null) : null;

  return (
    <div className="flex min-w-0 flex-col gap-4 sm:gap-5" data-testid="attendance-today" data-date={data?.date}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FilterField label={t.date} htmlFor="attendance-date" className="sm:w-52">
          <DateField
            id="attendance-date"
            value={chosen ?? data?.date ?? ''}
            max={today}
            onValueChange={(value) => {
              const v = value;
              if (isCalendarDate(v)) update({ date: v, stream: null, session: null });
            }}
            data-testid="attendance-date"
          />
        </FilterField>
        {chosen && (
          <Button variant="outline" onClick={() => update({ date: null, stream: null, session: null })} data-testid="attendance-date-latest">
            <CalendarCheck2 aria-hidden />
            {t.latest}
          </Button>
        )}
        {data && <p className="text-sm font-medium sm:ml-auto sm:pb-2.5" data-testid="attendance-day-label">{dayLabel(data.date)}</p>}
      </div>

      {showingDefault && (
        <Notice icon={CalendarOff} testId="attendance-today-notice">
          {todayReason ? t.todayNotSchoolDay(dayLabel(today), todayReason) : t.todayNotSchoolDayNoReason(dayLabel(today))} {t.showingLatest(dayLabel(data.date))}
        </Notice>
      )}

      {!data ? (
        <DaySkeleton testId="attendance-today-loading" tileHeight="h-28" listHeight="h-80" />
      ) : data.notSchoolDay ? (
        <EmptyStateCard icon={CalendarOff} title={t.dayClosed} hint={data.notSchoolDay} testId="attendance-day-closed" />
      ) : (
        <>
          <DayFigures data={data} />
          <DataTable
            id="attendance-streams"
            columns={columns}
            data={rows}
            getRowId={(r) => r.classId}
            sort={sort}
            onSortChange={(s) => setSort(s || 'stream')}
            fetching={query.isPlaceholderData}
            empty={
              data.items.length === 0
                ? { icon: School, title: t.empty, hint: t.emptyHint }
                : { icon: ListChecks, title: t.emptyFiltered, hint: t.emptyFilteredHint }
            }
            onRowClick={scope.canOpenRegisters ? openStream : undefined}
            rowTestId="stream-row"
            minWidth={900}
            toolbar={
              <div className="flex flex-col gap-2.5 sm:flex-row sm:items-center">
                <Segmented
                  value={show}
                  onChange={setShow}
                  label={t.filter.label}
                  testId="streams-filter"
                  className="w-full sm:w-auto"
                  options={[
                    { value: 'all', label: t.filter.all, count: data.totals.streams },
                    { value: 'missing', label: t.filter.missing, count: data.totals.missing },
                    { value: 'marked', label: t.filter.marked, count: data.totals.marked },
                  ]}
                />
                <SearchField value={search} onChange={setSearch} placeholder={t.searchPlaceholder} className="sm:w-72" testId="streams-search" maxLength={60} />
              </div>
            }
            renderCard={(r) => <StreamCard row={r} sessions={data.sessions.length} threshold={threshold} />}
          />
        </>
      )}

      {scope.canOpenRegisters && data && !data.notSchoolDay && (
        <RegisterSheet
          stream={selected}
          classId={streamId}
          date={data.date}
          sessions={sessions}
          session={params.get('session')}
          readOnly={scope.readOnly}
          onSession={(s) => update({ session: s }, true)}
          onClose={() => update({ stream: null, session: null })}
        />
      )}
    </div>
  );
}

function countCell(row: StreamDay, key: 'present' | 'absent' | 'late' | 'excused') {
  if (!row.marked && row.markedSessions.length === 0) return <span className="text-muted-foreground">{m.common.dash}</span>;
  const n = row[key];
  return <span className={cn(n === 0 && 'text-muted-foreground', key === 'absent' && n > 0 && 'font-medium text-red-600 dark:text-red-400')}>{formatCount(n)}</span>;
}

/** A stream on phones: name, level and teacher, the register badge and the counts in a row. */
function StreamCard({ row, sessions, threshold }: { row: StreamDay; sessions: number; threshold: number }) {
  const marked = row.marked || row.markedSessions.length > 0;
  return (
    <div className="flex flex-col gap-2.5">
      <div className="flex items-start justify-between gap-3">
        <NameLines name={row.name} detail={<>{row.level} · {row.classTeacher ?? t.noClassTeacher}</>} />
        <RegisterBadge row={row} sessions={sessions} />
      </div>
      <dl className="grid grid-cols-5 gap-1 rounded-md bg-muted/40 px-2 py-1.5 text-center text-xs">
        {(
          [
            [t.col.learners, formatCount(row.learners)],
            [t.col.present, marked ? formatCount(row.present) : m.common.dash],
            [t.col.absent, marked ? formatCount(row.absent) : m.common.dash],
            [t.col.late, marked ? formatCount(row.late) : m.common.dash],
            [t.col.rate, formatRate(row.rate)],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="truncate text-[11px] text-muted-foreground">{label}</dt>
            <dd className={cn('font-semibold tabular-nums', label === t.col.rate && row.rate !== null && row.rate < threshold && 'text-red-600 dark:text-red-400')}>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The day's headline figures: registers marked and missing, present, absent, late and the rate. */
function DayFigures({ data }: { data: StreamsResponse }) {
  const x = data.totals;
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 2xl:grid-cols-6" data-testid="attendance-figures">
      <StatCard label={t.figures.marked} value={formatCount(x.marked)} hint={t.figures.markedHint(x.marked, x.streams)} icon={ListChecks} accent={1} testId="figure-marked" />
      <StatCard label={t.figures.missing} value={formatCount(x.missing)} hint={t.figures.missingHint(x.missing)} icon={Clock3} accent={4} testId="figure-missing" />
      <StatCard label={t.figures.present} value={formatCount(x.present)} hint={t.figures.presentHint(x.learners)} icon={UserCheck} accent={2} testId="figure-present" />
      <StatCard label={t.figures.absent} value={formatCount(x.absent)} hint={t.figures.absentHint(x.excused)} icon={UserX} accent={5} testId="figure-absent" />
      <StatCard label={t.figures.late} value={formatCount(x.late)} hint={t.figures.lateHint} icon={Clock3} accent={3} testId="figure-late" />
      <StatCard label={t.figures.rate} value={formatRate(x.rate)} hint={t.figures.rateHint} icon={Gauge} accent={1} testId="figure-rate" />
    </div>
  );
}
