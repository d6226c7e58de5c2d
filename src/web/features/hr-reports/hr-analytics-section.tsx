import type * as React from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { Banknote, CalendarDays, UserCheck, Users } from 'lucide-react';
import type { HrSummaryResponse } from '@shared/contracts/hr-reports';
import { hrReportsMessages as m } from '@shared/messages/hr-reports';
import { cn } from '@/lib/utils';
import { PageHeader } from '@/components/page-header';
import { QueryErrorCard } from '@/components/query-error-card';
import { CHART, DonutChart, HorizontalBarChart, PALETTE, AXIS_TICK, GRID, LegendText, rowTooltip, BAR_CURSOR } from '@/components/charts';
import { EmptyNote, Panel, StatGrid } from '@/components/page-layout';
import { StatCard } from '@/components/stat-card';
import { SkeletonStack } from '@/components/skeleton-stack';
import { formatDay, kes, kesCompact, longMonth, PeriodFilter, rate, shortMonth, useCanViewHrReports, usePeriod } from './hr-bits';
import { useHrSummary } from './hr-reports-api';
import { NoAccess } from './hr-reports-section';
import { perLocale } from '@shared/i18n/localized';

const a = m.analytics;
const r = m.reports;
type Summary = HrSummaryResponse;

const CHART_HEIGHT = 280;

/**
 * HR Analytics (issue 14 §4 "Charts"): for the period (shared with HR Reports through the address),
 * headcount by department, gender and employment type donuts, the payroll cost trend by month, earnings
 * by component as stacked bars, the staff attendance rate by month and leave taken by type.
 */
export function HrAnalyticsSection() {
  const access = useCanViewHrReports();
  if (!access.ready) return null;
  if (!access.allowed) return <NoAccess sectionId="hr-analytics" title={a.title} />;
  return <HrAnalyticsPage />;
}

function HrAnalyticsPage() {
  const period = usePeriod();
  const query = useHrSummary(period.period);
  const data = query.data;
  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="hr-analytics">
      <PageHeader sectionId="hr-analytics" title={a.title} subtitle={data ? r.periodLine(formatDay(data.from), formatDay(data.to)) : a.subtitle} />
      <PeriodFilter {...period} />
      {query.isError && !data ? (
        <QueryErrorCard query={query} title={a.loadFailed} retryLabel={m.tryAgain} testId="hr-analytics-error" />
      ) : !data ? (
        <SkeletonStack className="grid gap-4 lg:grid-cols-2" cells={Array<string>(4).fill('h-80 rounded-xl')} />
      ) : (
        <div className={cn('flex min-w-0 flex-col gap-4 transition-opacity sm:gap-6', query.isPlaceholderData && 'opacity-60')}>
          <StatGrid>
            <StatCard label={a.activeStaff} value={data.headcount.total.toLocaleString('en-KE')} icon={Users} accent={1} testId="hr-analytics-staff" />
            <StatCard label={`${a.payrollCost} (KES)`} value={kesCompact(data.payroll.totals.employerCost)} hint={`KES ${kes(data.payroll.totals.employerCost)}`} icon={Banknote} accent={3} />
            <StatCard label={a.attendanceRate} value={rate(data.attendance.rate)} icon={UserCheck} accent={2} />
            <StatCard label={a.leaveDays} value={data.leave.days.toLocaleString('en-KE')} hint={r.requests(data.leave.requests)} icon={CalendarDays} accent={5} />
          </StatGrid>
          {chartRows(data).map((row, i) => (
            <div key={i} className="grid min-w-0 grid-cols-1 gap-4 sm:gap-6 lg:grid-cols-2">
              {row.map((c) => (
                <Panel key={c.testId} title={c.title} description={c.description} testId={c.testId}>
                  {c.chart}
                </Panel>
              ))}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

/** One chart card of the page: its title, optional hint, test id and the chart (or the empty note). */
type ChartPanel = { title: string; description?: string; testId: string; chart: React.ReactNode };

/** The page's chart cards, two to a row: headcount, then payroll, then attendance and leave. */
function chartRows(data: Summary): ChartPanel[][] {
  return [
    [
      {
        title: a.headcountByDepartment,
        testId: 'chart-hr-department',
        chart: data.headcount.byDepartment.length ? (
          <HorizontalBarChart data={data.headcount.byDepartment.map((d) => ({ label: d.label, value: d.count }))} name={r.colStaff} yWidth={110} />
        ) : (
          <EmptyNote>{a.noData}</EmptyNote>
        ),
      },
      {
        title: `${a.gender} · ${a.employmentType}`,
        testId: 'chart-hr-donuts',
        chart: (
          <div className="grid grid-cols-1 gap-6 @container sm:grid-cols-2">
            <DonutChart
              data={data.headcount.byGender.map((g) => ({ name: g.label, value: g.count, color: g.key === 'female' ? CHART[5] : g.key === 'male' ? CHART[1] : 'var(--color-muted-foreground)' }))}
              centerValue={data.headcount.total}
              centerLabel={r.colStaff}
              size={150}
              testId="chart-hr-gender"
            />
            <DonutChart
              data={data.headcount.byEmploymentType.map((g, i) => ({ name: g.label, value: g.count, color: PALETTE[i % PALETTE.length]! }))}
              centerValue={data.headcount.total}
              centerLabel={r.colStaff}
              size={150}
              testId="chart-hr-type"
            />
          </div>
        ),
      },
    ],
    [
      { title: a.payrollTrend, description: a.payrollTrendHint, testId: 'chart-hr-payroll', chart: <PayrollTrend data={data} /> },
      { title: a.components, description: a.componentsHint, testId: 'chart-hr-components', chart: <ComponentBars data={data} /> },
    ],
    [
      { title: a.attendanceTrend, description: a.attendanceTrendHint, testId: 'chart-hr-attendance', chart: <AttendanceTrend data={data} /> },
      {
        title: a.leaveByType,
        description: a.leaveByTypeHint,
        testId: 'chart-hr-leave',
        chart: data.leave.byType.length ? (
          <HorizontalBarChart data={data.leave.byType.map((l, i) => ({ label: l.name, value: l.days, color: PALETTE[(i + 2) % PALETTE.length] }))} name={r.colDays} yWidth={130} />
        ) : (
          <EmptyNote>{r.leaveEmpty}</EmptyNote>
        ),
      },
    ],
  ];
}

/** A tooltip in the cards' colours: a title, then label/value rows. */
function TooltipCard({ title, rows }: { title: React.ReactNode; rows: { label: string; value: React.ReactNode; colour?: string }[] }) {
  return (
    <div className="min-w-44 rounded-lg border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-lg">
      <p className="mb-1.5 font-medium">{title}</p>
      <ul className="flex flex-col gap-1">
        {rows.map((x) => (
          <li key={x.label} className="flex items-center justify-between gap-4">
            <span className="flex items-center gap-1.5 text-muted-foreground">
              {x.colour && <span className="size-2.5 rounded-sm" style={{ background: x.colour }} />}
              {x.label}
            </span>
            <span className="font-medium tabular-nums">{x.value}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}


const PAY_SERIES = perLocale(() => ([
  { key: 'employerCost', label: r.colEmployerCost, colour: CHART[3] },
  { key: 'gross', label: r.colGross, colour: CHART[1] },
  { key: 'net', label: r.colNet, colour: CHART[2] },
  { key: 'paye', label: r.colPaye, colour: CHART[5] },
] as const));

function PayrollTrend({ data }: { data: Summary }) {
  const rows = data.payroll.months.map((x) => ({ ...x, short: shortMonth(x.month) }));
  if (!rows.length) return <EmptyNote>{r.payrollEmpty}</EmptyNote>;
  return (
    <LineChart responsive style={{ width: '100%', height: CHART_HEIGHT }} data={rows} margin={{ top: 8, right: 12, left: 0, bottom: 0 }}>
      <CartesianGrid {...GRID} />
      <XAxis dataKey="short" tick={AXIS_TICK} tickLine={false} axisLine={false} padding={{ left: 12, right: 12 }} />
      <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} width={48} tickFormatter={(v: number) => kesCompact(v)} />
      <Tooltip
        content={rowTooltip<(typeof rows)[number]>((d) => <TooltipCard title={longMonth(d.month)} rows={[...PAY_SERIES.map((s) => ({ label: s.label, value: `KES ${kes(d[s.key])}`, colour: s.colour })), { label: r.colStaff, value: d.staffCount }]} />)}
      />
      <Legend verticalAlign="top" align="right" height={28} iconType="circle" iconSize={8} formatter={LegendText} />
      {PAY_SERIES.map((s) => (
        <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={s.colour} strokeWidth={2.25} dot={{ r: 3.5, strokeWidth: 0, fill: s.colour }} activeDot={{ r: 5 }} isAnimationActive={false} />
      ))}
    </LineChart>
  );
}

function ComponentBars({ data }: { data: Summary }) {
  const p = data.payroll;
  if (!p.byComponent.length) return <EmptyNote>{r.payrollEmpty}</EmptyNote>;
  const rows = p.byComponent.map((x) => ({ month: x.month, short: shortMonth(x.month), ...x.amounts }));
  const colour = (i: number) => PALETTE[i % PALETTE.length]!;
  return (
    <BarChart responsive style={{ width: '100%', height: CHART_HEIGHT }} data={rows} margin={{ top: 8, right: 4, left: 0, bottom: 0 }} barCategoryGap="28%">
      <CartesianGrid {...GRID} />
      <XAxis dataKey="short" tick={AXIS_TICK} tickLine={false} axisLine={false} />
      <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} width={48} tickFormatter={(v: number) => kesCompact(v)} />
      <Tooltip
        cursor={BAR_CURSOR}
        content={rowTooltip<{ month: string } & Record<string, number | string>>((d) => <TooltipCard title={longMonth(d.month)} rows={p.components.map((c, i) => ({ label: c.name, value: `KES ${kes(Number(d[c.code] ?? 0))}`, colour: colour(i) }))} />)}
      />
      <Legend verticalAlign="bottom" height={48} iconType="circle" iconSize={8} formatter={LegendText} />
      {p.components.map((c, i) => (
        <Bar key={c.code} dataKey={c.code} name={c.name} stackId="pay" fill={colour(i)} maxBarSize={56} radius={i === p.components.length - 1 ? [5, 5, 0, 0] : 0} isAnimationActive={false} />
      ))}
    </BarChart>
  );
}

function AttendanceTrend({ data }: { data: Summary }) {
  const rows = data.attendance.byMonth.filter((x) => x.rate !== null).map((x) => ({ ...x, short: shortMonth(x.month) }));
  if (!rows.length) return <EmptyNote>{r.attendanceEmpty}</EmptyNote>;
  const low = Math.min(...rows.map((x) => x.rate!));
  return (
    <LineChart responsive style={{ width: '100%', height: CHART_HEIGHT }} data={rows} margin={{ top: 8, right: 12, left: 0, bottom: 0 }}>
      <CartesianGrid {...GRID} />
      <XAxis dataKey="short" tick={AXIS_TICK} tickLine={false} axisLine={false} padding={{ left: 12, right: 12 }} />
      <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} width={44} domain={[Math.max(0, Math.floor((low - 5) / 10) * 10), 100]} tickFormatter={(v: number) => `${v}%`} />
      <Tooltip
        content={rowTooltip<(typeof rows)[number]>((d) => (
          <TooltipCard
            title={longMonth(d.month)}
            rows={[
              { label: r.colRate, value: rate(d.rate), colour: CHART[2] },
              { label: r.colPresent, value: d.present },
              { label: r.colLate, value: d.late },
              { label: r.colAbsent, value: d.absent },
            ]}
          />
        ))}
      />
      <Line type="monotone" dataKey="rate" name={r.colRate} stroke={CHART[2]} strokeWidth={2.5} dot={{ r: 3.5, strokeWidth: 0, fill: CHART[2] }} activeDot={{ r: 5 }} isAnimationActive={false} />
    </LineChart>
  );
}
