import * as React from 'react';
import { CalendarDays, FileSpreadsheet, FileText, Gauge, Users, UserX } from 'lucide-react';
import type { SummaryResponse, SummaryRow } from '@shared/contracts/attendance';
import { formatShortDay } from '@shared/dates';
import { attendancePrincipalScreens as m } from '@shared/messages/attendance-principal-screens';
import { Select, SelectContent, SelectGroup, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { DataTable, queryTableProps, type ColumnDef } from '@/components/data-table';
import { StatCard } from '@/components/stat-card';
import { PendingButton } from '@/components/pending-button';
import { useAttendanceSummary, useSchoolStreams, useSummaryDownload, type SummaryParams } from '../api/reports';
import type { AttendanceScope, TermChoice } from './attendance-scope';
import { countColumn, FilterField, formatCount, Panel, RatePill, TermFilter } from './bits';
import { LearnerCell, LearnerSummaryTable, useLearnerSearch } from './chronic-tab';

const s = m.summaries;
/** "24 Aug" of a YYYY-MM-DD date. */
const shortDay = (day: string) => formatShortDay(day);
const WHOLE = '__school__';
type StreamRow = SummaryResponse['streams'][number];
/** The day counts both summary tables show, in order. */
const TALLIES = ['present', 'absent', 'late', 'excused'] as const;

/**
 * The "Summaries & exports" tab (issue 13 §4 "attendance summary per learner per term (days open,
 * present, absent, late, excused, rate), class and school summaries, exports to PDF and Excel"): a term
 * and the whole school, a level or a stream; the totals, each stream's summary, every learner's row
 * (searchable, 25 a page) and the same summary as a PDF or Excel file.
 */
export function SummariesTab({ scope, terms, defaultTermId }: { scope: AttendanceScope; terms: TermChoice[]; defaultTermId: string | null }) {
  const [termId, setTermId] = React.useState<string | null>(defaultTermId);
  const [target, setTarget] = React.useState(WHOLE);
  const classes = useSchoolStreams(scope.schoolId);
  const levels = React.useMemo(() => {
    const byId = new Map<string, { id: string; name: string; order: number }>();
    for (const c of classes.data ?? []) if (c.levelId && !byId.has(c.levelId)) byId.set(c.levelId, { id: c.levelId, name: c.level, order: c.levelOrder });
    return [...byId.values()].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
  }, [classes.data]);
  const streams = React.useMemo(() => [...(classes.data ?? [])].sort((a, b) => a.levelOrder - b.levelOrder || a.name.localeCompare(b.name, undefined, { numeric: true })), [classes.data]);

  const params: SummaryParams = {
    termId,
    levelId: target.startsWith('level:') ? target.slice(6) : null,
    classId: target.startsWith('class:') ? target.slice(6) : null,
  };
  const query = useAttendanceSummary(params, scope.schoolId);
  const data = query.data;
  const threshold = data?.threshold ?? 90;
  const download = useSummaryDownload(s.downloadFailed);
  const term = terms.find((x) => x.id === termId);
  const learners = useLearnerSearch(data?.items);
  const reset = () => learners.setSearch('');

  const learnerColumns = React.useMemo<ColumnDef<SummaryRow, unknown>[]>(
    () => [
      { id: 'learner', header: s.col.learner, cell: ({ row }) => <LearnerCell row={row.original} href={scope.learnerPath(row.original.studentId)} />, meta: { alwaysVisible: true } },
      { id: 'stream', header: s.col.stream, cell: ({ row }) => <span className="whitespace-nowrap">{row.original.className}</span> },
      countColumn('daysOpen', s.col.daysOpen),
      ...TALLIES.map((k) => countColumn(k, s.col[k])),
      { id: 'rate', header: s.col.rate, cell: ({ row }) => <RatePill rate={row.original.rate} threshold={threshold} />, meta: { className: 'text-right', alwaysVisible: true } },
    ],
    [scope, threshold],
  );
  const streamColumns = React.useMemo<ColumnDef<StreamRow, unknown>[]>(
    () => [
      { id: 'stream', header: s.col.stream, cell: ({ row }) => <span className="font-medium whitespace-nowrap">{row.original.className}</span>, meta: { alwaysVisible: true } },
      { id: 'level', header: s.col.level, cell: ({ row }) => <span className="text-muted-foreground">{row.original.level}</span> },
      countColumn('learners', s.col.learners),
      ...TALLIES.map((k) => countColumn(k, s.col[k])),
      { id: 'rate', header: s.col.rate, cell: ({ row }) => <RatePill rate={row.original.rate} threshold={threshold} />, meta: { className: 'text-right', alwaysVisible: true } },
      { id: 'chronic', header: s.col.chronic, cell: ({ row }) => <span className={row.original.chronic ? 'font-medium text-red-600 dark:text-red-400' : 'text-muted-foreground'}>{formatCount(row.original.chronic)}</span>, meta: { className: 'text-right tabular-nums' } },
    ],
    [threshold],
  );

  const fileName = (ext: string) => s.fileName(term?.label ?? 'term', ext);
  return (
    <div className="flex min-w-0 flex-col gap-4 sm:gap-5" data-testid="attendance-summaries">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <div className="grid gap-3 sm:grid-cols-2 lg:flex lg:items-end">
          <TermFilter
            terms={terms}
            value={termId}
            onChange={(id) => {
              setTermId(id);
              reset();
            }}
            testId="summary-term"
          />
          <FilterField label={s.scope}>
            <Select
              value={target}
              onValueChange={(v) => {
                setTarget(v);
                reset();
              }}
            >
              <SelectTrigger aria-label={s.scope} className="w-full lg:w-56" data-testid="summary-scope">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={WHOLE}>{s.wholeSchool}</SelectItem>
                {levels.length > 0 && (
                  <SelectGroup>
                    <p className="px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground">{s.levels}</p>
                    {levels.map((l) => (
                      <SelectItem key={l.id} value={`level:${l.id}`}>
                        {l.name}
                      </SelectItem>
                    ))}
                  </SelectGroup>
                )}
                {streams.length > 0 && (
                  <SelectGroup>
                    <p className="px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground">{s.streams}</p>
                    {streams.map((c) => (
                      <SelectItem key={c.id} value={`class:${c.id}`} data-testid="summary-scope-stream">
                        {c.name}
                      </SelectItem>
                    ))}
                  </SelectGroup>
                )}
              </SelectContent>
            </Select>
          </FilterField>
        </div>
        <div className="grid grid-cols-2 gap-2 lg:ml-auto lg:flex">
          {(
            [
              ['pdf', FileText, s.downloadPdf],
              ['xlsx', FileSpreadsheet, s.downloadExcel],
            ] as const
          ).map(([format, Icon, label]) => (
            <PendingButton key={format} pending={download.isBusy(format)} icon={Icon} variant="outline" disabled={!termId || download.isBusy(format)} onClick={() => void download.start(params, scope.schoolId, format, fileName(format))} data-testid={`summary-download-${format}`}>
              {download.isBusy(format) ? s.downloading : label}
            </PendingButton>
          ))}
        </div>
      </div>

      {data && (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="summary-figures">
          <StatCard label={s.figures.learners} value={formatCount(data.totals.learners)} icon={Users} accent={1} testId="summary-learners" />
          <StatCard label={s.figures.daysOpen} value={formatCount(data.items.reduce((n, i) => Math.max(n, i.daysOpen), 0))} hint={s.figures.daysOpenHint(shortDay(data.term.startsOn), shortDay(data.term.endsOn))} icon={CalendarDays} accent={3} testId="summary-days" />
          <StatCard label={s.figures.rate} value={<RateValue rate={data.totals.rate} />} icon={Gauge} accent={2} testId="summary-rate" />
          <StatCard label={s.figures.chronic} value={formatCount(data.totals.chronic)} hint={s.figures.chronicHint(threshold)} icon={UserX} accent={5} testId="summary-chronic" />
        </div>
      )}

      {!params.classId && (
        <Panel title={s.streamsTitle} flush testId="summary-streams-panel">
          <DataTable
            id="summary-streams"
            className="rounded-none border-0 shadow-none"
            columns={streamColumns}
            data={data?.streams}
            getRowId={(r) => r.classId}
            {...queryTableProps(query)}
            errorTitle={m.common.loadFailed}
            empty={{ icon: Users, title: s.empty, hint: s.emptyHint }}
            rowTestId="summary-stream-row"
            minWidth={760}
            renderCard={(r) => (
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="truncate font-medium">{r.className}</p>
                  <p className="text-xs text-muted-foreground">
                    {m.common.learners(r.learners)} · {s.col.absent} {formatCount(r.absent)} · {s.col.late} {formatCount(r.late)} · {s.col.chronic} {formatCount(r.chronic)}
                  </p>
                </div>
                <RatePill rate={r.rate} threshold={threshold} />
              </div>
            )}
          />
        </Panel>
      )}

      <Panel title={s.learnersTitle} flush testId="summary-learners-panel">
        <LearnerSummaryTable
          id="summary-learners"
          columns={learnerColumns}
          learners={learners}
          query={query}
          icon={Users}
          empty={{ title: s.empty, hint: s.emptyHint }}
          emptySearch={s.emptySearch}
          search={{ placeholder: s.searchPlaceholder, testId: 'summary-search' }}
          rowTestId="summary-learner-row"
          minWidth={820}
          renderCard={(r) => (
            <div className="flex flex-col gap-2">
              <div className="flex items-start justify-between gap-3">
                <LearnerCell row={r} href={scope.learnerPath(r.studentId)} />
                <RatePill rate={r.rate} threshold={threshold} />
              </div>
              <dl className="grid grid-cols-5 gap-1 rounded-md bg-muted/40 px-2 py-1.5 text-center text-xs">
                {(
                  [
                    [s.col.daysOpen, r.daysOpen],
                    [s.col.present, r.present],
                    [s.col.absent, r.absent],
                    [s.col.late, r.late],
                    [s.col.excused, r.excused],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label} className="min-w-0">
                    <dt className="truncate text-[11px] text-muted-foreground">{label}</dt>
                    <dd className="font-semibold tabular-nums">{formatCount(value)}</dd>
                  </div>
                ))}
              </dl>
            </div>
          )}
        />
      </Panel>
    </div>
  );
}

function RateValue({ rate }: { rate: number | null }) {
  return <>{rate === null ? m.common.dash : m.common.percent(rate.toLocaleString('en-KE', { maximumFractionDigits: 1 }))}</>;
}
