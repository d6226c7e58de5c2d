import * as React from 'react';
import { CartesianGrid, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { TrendingUp } from 'lucide-react';
import type { TrendsResponse } from '@shared/contracts/attendance';
import { formatShortDay } from '@shared/dates';
import { attendancePrincipalScreens as m } from '@shared/messages/attendance-principal-screens';
import { cn } from '@/lib/utils';
import { EmptyStateCard } from '@/components/page-states';
import { SkeletonStack } from '@/components/skeleton-stack';
import { QueryErrorCard } from '@/components/query-error-card';
import { AXIS_TICK, GRID, PALETTE } from '@/components/charts';
import { useMediaQuery } from '@/lib/use-media-query';
import { useAttendanceTrends } from '../api/reports';
import type { AttendanceScope, TermChoice } from './attendance-scope';
import { FilterField, formatRate, Panel, RatePill, Segmented, TermFilter } from './bits';

const t = m.trends;
type GroupBy = 'stream' | 'level';

/** Series colours: the theme's eight, then further blends so a school's two dozen streams stay apart. */
const COLOURS = [
  ...PALETTE,
  'color-mix(in oklab, var(--color-chart-1) 55%, var(--color-foreground))',
  'color-mix(in oklab, var(--color-chart-2) 55%, var(--color-foreground))',
  'color-mix(in oklab, var(--color-chart-3) 55%, var(--color-foreground))',
  'color-mix(in oklab, var(--color-chart-4) 60%, var(--color-foreground))',
  'color-mix(in oklab, var(--color-chart-5) 55%, var(--color-foreground))',
  'color-mix(in oklab, var(--color-chart-1) 50%, var(--color-chart-4))',
  'color-mix(in oklab, var(--color-chart-2) 50%, var(--color-chart-4))',
  'color-mix(in oklab, var(--color-chart-5) 50%, var(--color-chart-4))',
  'color-mix(in oklab, var(--color-chart-1) 45%, var(--color-muted-foreground))',
  'color-mix(in oklab, var(--color-chart-2) 45%, var(--color-muted-foreground))',
  'color-mix(in oklab, var(--color-chart-3) 45%, var(--color-muted-foreground))',
  'color-mix(in oklab, var(--color-chart-4) 45%, var(--color-muted-foreground))',
  'color-mix(in oklab, var(--color-chart-5) 45%, var(--color-muted-foreground))',
  'color-mix(in oklab, var(--color-chart-1) 50%, var(--color-chart-5))',
  'color-mix(in oklab, var(--color-chart-2) 50%, var(--color-chart-3))',
  'color-mix(in oklab, var(--color-chart-4) 50%, var(--color-chart-3))',
];
/** Lines drawn at first; with more groups the lowest rates are shown and the rest are a tap away. */
const MAX_LINES = 6;
const colourOf = (i: number) => COLOURS[i % COLOURS.length]!;

/** "5 Jan" of a week's Monday (YYYY-MM-DD). */
const shortDay = (day: string) => formatShortDay(day);


/**
 * The "Trends" tab (issue 13 §1 "trends per stream and level"): a term and Stream | Level, the
 * weekly attendance rate of each group as lines (chips under the chart hide or show one), the
 * school's chronic-absence threshold as a dashed line, and the same figures as a table.
 */
export function TrendsTab({ scope, terms, defaultTermId, threshold }: { scope: AttendanceScope; terms: TermChoice[]; defaultTermId: string | null; threshold: number }) {
  const [termId, setTermId] = React.useState<string | null>(defaultTermId);
  const [groupBy, setGroupBy] = React.useState<GroupBy>('stream');
  const query = useAttendanceTrends(termId, groupBy, scope.schoolId);
  const term = terms.find((x) => x.id === termId);

  return (
    <div className="flex min-w-0 flex-col gap-4 sm:gap-5" data-testid="attendance-trends">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TermFilter terms={terms} value={termId} onChange={setTermId} testId="trends-term" />
        <FilterField label={t.groupBy}>
          <Segmented value={groupBy} onChange={setGroupBy} label={t.groupBy} testId="trends-group" className="w-full sm:w-56" options={[{ value: 'stream', label: t.groups.stream }, { value: 'level', label: t.groups.level }]} />
        </FilterField>
      </div>
      {query.isError && !query.data ? (
        <QueryErrorCard query={query} title={m.common.loadFailed} retryLabel={m.common.tryAgain} testId="trends-error" />
      ) : !query.data ? (
        <SkeletonStack cells={['h-96 rounded-xl', 'h-64 rounded-xl']} />
      ) : query.data.weeks.length === 0 ? (
        <EmptyStateCard icon={TrendingUp} title={t.empty} hint={t.emptyHint} testId="trends-empty" />
      ) : (
        <TrendsBody key={`${termId}:${groupBy}`} data={query.data} groupBy={groupBy} termLabel={term?.label ?? ''} threshold={threshold} busy={query.isPlaceholderData} />
      )}
    </div>
  );
}

function TrendsBody({ data, groupBy, termLabel, threshold, busy }: { data: TrendsResponse; groupBy: GroupBy; termLabel: string; threshold: number; busy: boolean }) {
  const wide = useMediaQuery('(min-width: 640px)');
  const series = data.series.map((s, i) => ({ ...s, colour: colourOf(i) }));
  // Many lines are unreadable: start with the groups of lowest attendance, the rest a tap away.
  const [hidden, setHidden] = React.useState<ReadonlySet<string>>(() => {
    if (data.series.length <= MAX_LINES) return new Set();
    const lowest = new Set([...data.series].sort((a, b) => (a.rate ?? 101) - (b.rate ?? 101)).slice(0, MAX_LINES).map((s) => s.id));
    return new Set(data.series.filter((s) => !lowest.has(s.id)).map((s) => s.id));
  });
  const rows = data.weeks.map((w, wi) => {
    const row: Record<string, string | number | null> = { week: w, label: shortDay(w) };
    for (const s of series) row[s.id] = s.rates[wi] ?? null;
    return row;
  });
  const values = series.flatMap((s) => s.rates).filter((v): v is number => v !== null);
  const low = Math.max(0, Math.floor((Math.min(threshold, ...values) - 2) / 5) * 5);
  const step = 100 - low > 40 ? 20 : 100 - low > 20 ? 10 : 5;
  const ticks = Array.from({ length: Math.floor((100 - low) / step) + 1 }, (_, i) => 100 - i * step).reverse();
  const toggle = (id: string) =>
    setHidden((h) => {
      const next = new Set(h);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className={cn('flex min-w-0 flex-col gap-4 sm:gap-5 transition-opacity', busy && 'opacity-60')}>
      <Panel title={t.chartTitle} description={t.chartDescription(termLabel)} testId="trends-chart">
        <LineChart responsive style={{ width: '100%', height: wide ? 340 : 260 }} data={rows} margin={{ top: 8, right: wide ? 16 : 8, left: wide ? -8 : -12, bottom: 0 }}>
          <CartesianGrid {...GRID} />
          <XAxis dataKey="label" tick={{ ...AXIS_TICK, fontSize: 11 }} tickLine={false} axisLine={false} interval="preserveStartEnd" minTickGap={wide ? 16 : 8} />
          <YAxis domain={[ticks[0] ?? low, 100]} ticks={ticks} tick={AXIS_TICK} tickLine={false} axisLine={false} width={wide ? 48 : 44} tickFormatter={(v: number) => `${v}%`} />
          <ReferenceLine
            y={threshold}
            stroke="var(--color-destructive)"
            strokeDasharray="5 4"
            strokeOpacity={0.7}
            label={{ value: t.threshold(threshold), position: 'insideBottomRight', fill: 'var(--color-destructive)', fontSize: 11 }}
          />
          <Tooltip
            content={({ active, payload }) => {
              const d = payload?.[0]?.payload as (typeof rows)[number] | undefined;
              if (!active || !d) return null;
              const shown = series.filter((s) => !hidden.has(s.id) && d[s.id] !== null).sort((a, b) => Number(d[b.id]) - Number(d[a.id]));
              return (
                <div className="max-w-64 min-w-44 rounded-lg border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-lg">
                  <p className="mb-1.5 font-medium">{t.week(shortDay(String(d.week)))}</p>
                  <ul className="flex flex-col gap-1">
                    {shown.slice(0, 12).map((s) => (
                      <li key={s.id} className="flex items-center justify-between gap-4">
                        <span className="flex min-w-0 items-center gap-1.5 text-muted-foreground">
                          <span className="size-2.5 shrink-0 rounded-sm" style={{ background: s.colour }} />
                          <span className="truncate">{s.name}</span>
                        </span>
                        <span className={cn('font-medium tabular-nums', Number(d[s.id]) < threshold && 'text-red-600 dark:text-red-400')}>{formatRate(Number(d[s.id]))}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              );
            }}
          />
          {series.map((s) =>
            hidden.has(s.id) ? null : (
              <Line key={s.id} type="monotone" dataKey={s.id} name={s.name} stroke={s.colour} strokeWidth={2} dot={{ r: 2.5, strokeWidth: 0, fill: s.colour }} activeDot={{ r: 4 }} connectNulls isAnimationActive={false} />
            ),
          )}
        </LineChart>
        <ul className="mt-3 flex flex-wrap gap-1.5" data-testid="trends-legend">
          {series.map((s) => {
            const off = hidden.has(s.id);
            return (
              <li key={s.id}>
                <button
                  type="button"
                  onClick={() => toggle(s.id)}
                  aria-pressed={!off}
                  aria-label={t.toggleSeries(s.name)}
                  className={cn('inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none', off && 'text-muted-foreground opacity-60')}
                >
                  <span className="size-2.5 rounded-full" style={{ background: off ? 'var(--color-muted-foreground)' : s.colour }} />
                  {s.name}
                </button>
              </li>
            );
          })}
          {hidden.size > 0 && (
            <li>
              <button type="button" onClick={() => setHidden(new Set())} className="cursor-pointer rounded-full px-2.5 py-1 text-xs font-medium text-primary hover:underline" data-testid="trends-show-all">
                {t.showAll}
              </button>
            </li>
          )}
        </ul>
        {hidden.size > 0 && <p className="mt-2 text-xs text-muted-foreground">{t.showingLowest(series.length - hidden.size, series.length)}</p>}
      </Panel>

      <Panel title={t.tableTitle} testId="trends-table">
        <div className="-mx-4 overflow-x-auto sm:-mx-5">
          <table className="w-full border-separate border-spacing-0 text-sm">
            <thead>
              <tr>
                <th scope="col" className="sticky left-0 z-10 border-b bg-card px-4 py-2 text-left text-xs font-medium whitespace-nowrap text-muted-foreground sm:px-5">
                  {t.name[groupBy]}
                </th>
                <th scope="col" className="border-b px-3 py-2 text-right text-xs font-medium whitespace-nowrap text-muted-foreground">
                  {t.term}
                </th>
                {data.weeks.map((w) => (
                  <th key={w} scope="col" className="border-b px-2 py-2 text-right text-xs font-medium whitespace-nowrap text-muted-foreground" title={t.week(shortDay(w))}>
                    {t.weekShort(shortDay(w))}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {series.map((s) => (
                <tr key={s.id} className="hover:bg-muted/40" data-testid="trend-row">
                  <th scope="row" className="sticky left-0 z-10 border-b bg-card px-4 py-2 text-left font-medium whitespace-nowrap sm:px-5 [tr:last-child_&]:border-b-0">
                    <span className="inline-flex items-center gap-2">
                      <span className="size-2.5 shrink-0 rounded-full" style={{ background: s.colour }} aria-hidden />
                      {s.name}
                    </span>
                  </th>
                  <td className="border-b px-3 py-2 text-right [tr:last-child_&]:border-b-0">
                    <RatePill rate={s.rate} threshold={threshold} />
                  </td>
                  {s.rates.map((r, i) => (
                    <td key={data.weeks[i]} className={cn('border-b px-2 py-2 text-right tabular-nums whitespace-nowrap [tr:last-child_&]:border-b-0', r === null ? 'text-muted-foreground' : r < threshold ? 'font-medium text-red-600 dark:text-red-400' : '')}>
                      {formatRate(r)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Panel>
    </div>
  );
}
