import type * as React from 'react';
import { Link } from 'react-router';
import { Area, Bar, BarChart, CartesianGrid, Cell, ComposedChart, LabelList, Line, Tooltip, XAxis, YAxis } from 'recharts';
import type { FinancialAnalytics } from '@shared/contracts/financial-analytics';
import { METHOD_LABELS, financialAnalyticsMessages as fm } from '@shared/messages/financial-analytics';
import { CHART, PALETTE, AXIS_TICK, GRID, BAR_CURSOR, rowTooltip, areaFillDefs } from '@/components/charts';
import { formatShortDate, shortGrade } from '@/lib/format';
import { formatMoney } from '@/components/money';
import { clampRate, kesCompact, kesWhole, RATE_COLOUR, rateTone } from '@/lib/kes-format';
import { METHOD_COLOURS } from '@/components/finance-charts';
import { useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { AmountDonut, TooltipCard } from '@/components/finance-charts';

/**
 * The charts of Financial Analytics (issue 15 §3), in the finance overview's style: weekly cumulative
 * collections against last year (area and dashed line), collection rate by level (bars coloured by how
 * good the rate is), payment methods (donut), expenses by category (horizontal bars), the projected
 * term-end collection (a gauge) and the top arrears (table, cards on phones).
 */

const w = fm.web;
const pct: typeof fm.pct = (...args) => fm.pct(...args);

export const THIS_TERM_COLOUR = CHART[1];
export const LAST_YEAR_COLOUR = 'var(--color-muted-foreground)';
export const methodColour = (method: string) => METHOD_COLOURS[method as keyof typeof METHOD_COLOURS] ?? CHART[5];
export const categoryColour = (i: number) => PALETTE[i % PALETTE.length]!;


/** A centred note over an empty chart. */
function Overlay({ children, testId }: { children: React.ReactNode; testId?: string }) {
  return (
    <div className="pointer-events-none absolute inset-0 flex items-center justify-center" data-testid={testId}>
      <p className="rounded-md border bg-card/90 px-3 py-1.5 text-sm text-muted-foreground shadow-xs">{children}</p>
    </div>
  );
}

/** Whether last year's figures exist (a matching term with money received in it). */
export const hasLastYear = (a: FinancialAnalytics) => !!a.lastYearTerm && a.weekly.some((x) => (x.lastYearCollected ?? 0) !== 0);

/** Cumulative collections week by week: this term (area) against last year's (dashed line). */
export function WeeklyTrendChart({ data, height }: { data: FinancialAnalytics; height: number }) {
  const lastYear = hasLastYear(data);
  const rows = data.weekly.map((x) => ({ ...x, short: w.weekShort(x.week) }));
  const empty = data.weekly.every((x) => !x.collected);
  return (
    <div className="relative w-full" data-testid="chart-weekly" data-last-year={lastYear || undefined}>
      <div className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span className="flex items-center gap-1.5">
          <span className="h-2.5 w-4 rounded-sm" style={{ background: THIS_TERM_COLOUR }} />
          {data.term ? `${data.term.name} ${data.term.academicYear}` : w.thisTerm}
        </span>
        {lastYear ? (
          <span className="flex items-center gap-1.5">
            <span className="w-4 border-t-2 border-dashed" style={{ borderColor: LAST_YEAR_COLOUR }} />
            {`${data.lastYearTerm!.name} ${data.lastYearTerm!.academicYear}`}
          </span>
        ) : (
          <span className="rounded-full bg-muted px-2 py-0.5 text-[11px] font-medium" data-testid="weekly-no-last-year">
            {w.noLastYear}
          </span>
        )}
      </div>
      <ComposedChart responsive style={{ width: '100%', height }} data={rows} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        {areaFillDefs('fa-weekly-fill', THIS_TERM_COLOUR, 0.28)}
        <CartesianGrid {...GRID} />
        <XAxis dataKey="short" tick={AXIS_TICK} tickLine={false} axisLine={false} interval="preserveStartEnd" minTickGap={12} />
        <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} width={48} tickFormatter={(v: number) => kesCompact(v)} />
        <Tooltip
          cursor={{ stroke: 'var(--color-border)' }}
          content={rowTooltip<(typeof rows)[number]>((d) => (
            <TooltipCard
              title={w.weekOf(d.week, formatShortDate(d.weekStart))}
              rows={[
                { label: `${w.thisTerm} · ${w.inWeek}`, value: d.collected === null ? '—' : `KES ${formatMoney(d.collected)}`, colour: THIS_TERM_COLOUR },
                { label: `${w.thisTerm} · ${w.cumulativeLabel}`, value: d.cumulative === null ? '—' : `KES ${formatMoney(d.cumulative)}` },
                ...(lastYear
                  ? [
                      { label: `${w.lastYear} · ${w.inWeek}`, value: `KES ${formatMoney(d.lastYearCollected ?? 0)}`, colour: LAST_YEAR_COLOUR },
                      { label: `${w.lastYear} · ${w.cumulativeLabel}`, value: `KES ${formatMoney(d.lastYearCumulative ?? 0)}` },
                    ]
                  : []),
              ]}
            />
          ))}
        />
        {lastYear && (
          <Line dataKey="lastYearCumulative" name={w.lastYear} type="monotone" stroke={LAST_YEAR_COLOUR} strokeWidth={2} strokeDasharray="6 4" dot={false} isAnimationActive={false} />
        )}
        <Area
          dataKey="cumulative"
          name={w.thisTerm}
          type="monotone"
          stroke={THIS_TERM_COLOUR}
          strokeWidth={2.5}
          fill="url(#fa-weekly-fill)"
          dot={{ r: 2.5, fill: THIS_TERM_COLOUR, strokeWidth: 0 }}
          activeDot={{ r: 5 }}
          connectNulls={false}
          isAnimationActive={false}
        />
      </ComposedChart>
      {empty && <Overlay>{w.noCollections}</Overlay>}
    </div>
  );
}

/** Collection rate per grade level: bars coloured by rate, the rate on top. */
export function LevelRateChart({ data, height }: { data: FinancialAnalytics['byLevel']; height: number }) {
  const wide = useMediaQuery('(min-width: 640px)');
  const rows = data.map((l) => ({ ...l, short: shortGrade(l.level), shown: clampRate(l.rate), colour: RATE_COLOUR[rateTone(l.rate)] }));
  const tick = wide && rows.length <= 8 ? AXIS_TICK : { ...AXIS_TICK, fontSize: wide ? 11 : 10 };
  return (
    <div className="w-full" data-testid="chart-by-level">
      <BarChart responsive style={{ width: '100%', height }} data={rows} margin={{ top: 22, right: 4, left: 0, bottom: 0 }} barCategoryGap={wide ? '22%' : '14%'}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="short" tick={tick} tickLine={false} axisLine={false} interval={0} />
        <YAxis domain={[0, 1]} ticks={[0, 0.25, 0.5, 0.75, 1]} tick={tick} tickLine={false} axisLine={false} width={wide ? 40 : 34} tickFormatter={(v: number) => `${Math.round(v * 100)}%`} />
        <Tooltip
          cursor={BAR_CURSOR}
          content={rowTooltip<(typeof rows)[number]>((d) => (
            <TooltipCard
              title={d.level}
              rows={[
                { label: w.invoiced, value: `KES ${formatMoney(d.invoiced)}` },
                { label: w.collected, value: `KES ${formatMoney(d.collected)}` },
                { label: w.rate, value: pct(d.rate), colour: d.colour },
              ]}
            />
          ))}
        />
        <Bar dataKey="shown" name={w.rate} radius={[4, 4, 0, 0]} maxBarSize={40} isAnimationActive={false}>
          {rows.map((r) => (
            <Cell key={r.levelId} fill={r.colour} />
          ))}
          {wide && <LabelList dataKey="rate" position="top" offset={6} fill="var(--color-muted-foreground)" fontSize={11} formatter={(v: unknown) => `${Math.round(Number(v) * 100)}%`} />}
        </Bar>
      </BarChart>
    </div>
  );
}

/** Financial Analytics' donut of the money received by method (methods with money only). */
export function MethodsDonut({ data, size = 176 }: { data: FinancialAnalytics['methods']; size?: number }) {
  const slices = data
    .filter((r) => r.amount > 0)
    .map((r) => ({ key: r.method, name: METHOD_LABELS[r.method] ?? r.method, amount: r.amount, count: r.count, colour: methodColour(r.method) }));
  return (
    <AmountDonut
      slices={slices}
      size={size}
      centerLabel={w.total}
      emptyText={w.methodsEmpty}
      rowTestId={(k) => `analytics-method-${k}`}
      labels={{ amount: fm.cols.amount, payments: fm.cols.payments, share: fm.cols.share, count: w.payments }}
      formatShare={pct}
    />
  );
}

/** Horizontal bars of spending per category, amount and share beside each. */
export function ExpensesChart({ data }: { data: FinancialAnalytics['expensesByCategory'] }) {
  const wide = useMediaQuery('(min-width: 640px)');
  const rows = data.map((c, i) => ({ ...c, colour: categoryColour(i) }));
  const h = Math.max(180, rows.length * 40 + 16);
  return (
    <div className="w-full" data-testid="chart-expenses">
      <BarChart responsive layout="vertical" style={{ width: '100%', height: h }} data={rows} margin={{ top: 0, right: wide ? 64 : 48, left: 0, bottom: 0 }} barCategoryGap="24%">
        <CartesianGrid {...GRID} vertical horizontal={false} />
        <XAxis type="number" tick={AXIS_TICK} tickLine={false} axisLine={false} tickFormatter={(v: number) => kesCompact(v)} />
        <YAxis type="category" dataKey="category" tick={{ ...AXIS_TICK, fontSize: wide ? 12 : 11 }} tickLine={false} axisLine={false} width={wide ? 132 : 92} />
        <Tooltip
          cursor={BAR_CURSOR}
          content={rowTooltip<(typeof rows)[number]>((d) => <TooltipCard title={d.category} rows={[{ label: fm.cols.amount, value: `KES ${formatMoney(d.amount)}`, colour: d.colour }, { label: fm.cols.share, value: pct(d.share) }]} />)}
        />
        <Bar dataKey="amount" name={fm.cols.amount} radius={[0, 5, 5, 0]} maxBarSize={24} isAnimationActive={false}>
          {rows.map((r) => (
            <Cell key={r.category} fill={r.colour} />
          ))}
          <LabelList dataKey="amount" position="right" offset={6} fill="var(--color-muted-foreground)" fontSize={11} formatter={(v: unknown) => kesCompact(Number(v))} />
        </Bar>
      </BarChart>
    </div>
  );
}

/** A half-circle gauge: collected so far (solid) and the projection (light) against what was invoiced. */
export function ProjectionGauge({ projection }: { projection: NonNullable<FinancialAnalytics['projection']> }) {
  const p = projection;
  /** The figures under the gauge, two a row (the right-hand one right-aligned); the term's amounts in bold. */
  const figures: { label: string; value: string; strong?: boolean; testId?: string }[] = [
    { label: w.kpiProjected, value: `KES ${kesWhole(p.projectedTermEnd)}`, strong: true, testId: 'projection-amount' },
    { label: w.kpiCollected, value: `KES ${kesWhole(p.collectedToDate)}`, strong: true },
    { label: w.pace, value: `KES ${kesWhole(p.pacePerDay)}` },
    { label: w.daysElapsed, value: `${p.daysElapsed} / ${p.daysInTerm}` },
  ];
  const collectedRate = p.invoiced > 0 ? clampRate(p.collectedToDate / p.invoiced) : 0;
  const projectedRate = clampRate(p.projectedRate);
  const size = 240;
  const stroke = 22;
  const r = (size - stroke) / 2;
  const cx = size / 2;
  const cy = size / 2;
  const arc = (from: number, to: number) => {
    const a0 = Math.PI * (1 - from);
    const a1 = Math.PI * (1 - to);
    const x0 = cx + r * Math.cos(a0);
    const y0 = cy - r * Math.sin(a0);
    const x1 = cx + r * Math.cos(a1);
    const y1 = cy - r * Math.sin(a1);
    return `M ${x0} ${y0} A ${r} ${r} 0 0 1 ${x1} ${y1}`;
  };
  const tone = RATE_COLOUR[rateTone(p.projectedRate)];
  return (
    <div className="flex w-full flex-col items-center" data-testid="chart-projection">
      <svg viewBox={`0 0 ${size} ${size / 2 + 16}`} width="100%" style={{ maxWidth: size }} role="img" aria-label={`${w.projection}: KES ${kesWhole(p.projectedTermEnd)} (${pct(p.projectedRate)})`}>
        <path d={arc(0, 1)} fill="none" stroke="var(--color-muted)" strokeWidth={stroke} strokeLinecap="round" />
        {projectedRate > 0.001 && <path d={arc(0, projectedRate)} fill="none" stroke={tone} strokeOpacity={0.35} strokeWidth={stroke} strokeLinecap="round" />}
        {collectedRate > 0.001 && <path d={arc(0, collectedRate)} fill="none" stroke={tone} strokeWidth={stroke} strokeLinecap="round" />}
        <text x={cx} y={cy - 26} textAnchor="middle" fontSize={30} fontWeight={600} fill="var(--color-foreground)" data-testid="projection-rate">
          {pct(p.projectedRate)}
        </text>
        <text x={cx} y={cy - 4} textAnchor="middle" fontSize={12} fill="var(--color-muted-foreground)">
          {w.projectedOf(kesCompact(p.invoiced))}
        </text>
      </svg>
      <dl className="mt-3 grid w-full grid-cols-2 gap-x-4 gap-y-3 text-sm">
        {figures.map((f, i) => (
          <div key={f.label} className={cn('min-w-0', i % 2 === 1 && 'text-right')}>
            <dt className="text-xs text-muted-foreground">{f.label}</dt>
            <dd className={cn(f.strong ? 'font-semibold' : 'font-medium', 'tabular-nums')} data-testid={f.testId}>
              {f.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 w-full rounded-md bg-muted/60 px-3 py-2 text-[11px] leading-4 text-muted-foreground">{w.projectionRule}</p>
    </div>
  );
}

/** The largest unpaid balances of the term: a table on wide screens, cards on phones. */
export function ArrearsTable({ rows, accountHref }: { rows: FinancialAnalytics['topArrears']; accountHref: ((studentId: string) => string) | null }) {
  const name = (r: (typeof rows)[number]) =>
    accountHref ? (
      <Link to={accountHref(r.studentId)} className="font-medium underline-offset-4 hover:underline">
        {r.name}
      </Link>
    ) : (
      <span className="font-medium">{r.name}</span>
    );
  const overdue = (n: number) => <span className={cn('tabular-nums', n > 30 ? 'text-destructive' : n > 0 ? 'text-amber-700 dark:text-amber-300' : 'text-muted-foreground')}>{w.overdueDays(n)}</span>;
  return (
    <div data-testid="arrears-table">
      <table className="hidden w-full text-sm md:table">
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th className="py-2 pr-3 font-medium">{w.learner}</th>
            <th className="py-2 pr-3 font-medium">{w.stream}</th>
            <th className="py-2 pr-3 text-right font-medium">{w.balance}</th>
            <th className="py-2 text-right font-medium">{w.overdue}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.studentId} className="border-b last:border-0" data-testid="arrears-row">
              <td className="py-2.5 pr-3">
                {name(r)}
                <span className="block text-xs text-muted-foreground">{r.admissionNumber}</span>
              </td>
              <td className="py-2.5 pr-3 whitespace-nowrap text-muted-foreground">{r.stream ?? '—'}</td>
              <td className="py-2.5 pr-3 text-right font-medium whitespace-nowrap tabular-nums">KES {formatMoney(r.balance)}</td>
              <td className="py-2.5 text-right whitespace-nowrap">{overdue(r.daysOverdue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="flex flex-col divide-y md:hidden">
        {rows.map((r) => (
          <li key={r.studentId} className="flex items-start justify-between gap-3 py-2.5" data-testid="arrears-card">
            <div className="min-w-0">
              <p className="truncate text-sm">{name(r)}</p>
              <p className="truncate text-xs text-muted-foreground">
                {r.admissionNumber} · {r.stream ?? '—'}
              </p>
            </div>
            <div className="shrink-0 text-right text-sm">
              <p className="font-medium whitespace-nowrap tabular-nums">KES {kesWhole(r.balance)}</p>
              <p className="text-xs">{overdue(r.daysOverdue)}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

