import * as React from 'react';
import {
  Bar,
  BarChart,
  BarStack,
  CartesianGrid,
  Cell,
  LabelList,
  Legend,
  Pie,
  PieChart,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import { formatShortMonth } from '@shared/dates';
import { messages } from '@shared/messages';
import { formatNumber } from '@/lib/format';

/** Chart colours from the theme (light and dark follow `.dark`). */
export const CHART = {
  1: 'var(--color-chart-1)',
  2: 'var(--color-chart-2)',
  3: 'var(--color-chart-3)',
  4: 'var(--color-chart-4)',
  5: 'var(--color-chart-5)',
} as const;
export const GIRLS = CHART[5];
export const BOYS = CHART[1];
/** Series colours: the five theme colours, then blends of them for longer series. */
export const PALETTE = [
  CHART[1],
  CHART[2],
  CHART[3],
  CHART[4],
  CHART[5],
  'color-mix(in oklab, var(--color-chart-1) 50%, var(--color-chart-3))',
  'color-mix(in oklab, var(--color-chart-2) 50%, var(--color-chart-5))',
  'color-mix(in oklab, var(--color-chart-3) 50%, var(--color-chart-5))',
];

/** The axis ticks of every chart: muted text, 12 px (spread and change `fontSize` for crowded axes). */
export const AXIS_TICK = { fill: 'var(--color-muted-foreground)', fontSize: 12 };
/** The background grid of a chart: dashed horizontal lines in the border colour (`<CartesianGrid {...GRID} />`). */
export const GRID = { stroke: 'var(--color-border)', strokeDasharray: '3 3', vertical: false } as const;
/** The band drawn behind the bars under the pointer. */
export const BAR_CURSOR = { fill: 'var(--color-muted)', opacity: 0.6 };
/**
 * The `<defs>` of an area's fill, to put first inside a chart: `colour` fading from opacity `top` at the
 * top to `bottom` at the base; the area refers to it as `fill="url(#id)"`.
 */
export function areaFillDefs(id: string, colour: string, top: number, bottom = 0.02): React.ReactElement {
  return (
    <defs>
      <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
        <stop offset="0%" stopColor={colour} stopOpacity={top} />
        <stop offset="100%" stopColor={colour} stopOpacity={bottom} />
      </linearGradient>
    </defs>
  );
}
const axisTick = AXIS_TICK;
const grid = GRID;

/**
 * A chart tooltip's `content`: `render(row)` for the data row under the pointer (the first payload's
 * row, of type T), nothing when the pointer is off the chart (or `render` gives null).
 *
 *   <Tooltip cursor={BAR_CURSOR} content={rowTooltip<Row>((d) => <TooltipCard title={d.name} rows={...} />)} />
 */
export function rowTooltip<T>(render: (row: T) => React.ReactNode) {
  return ({ active, payload }: { active?: boolean; payload?: ReadonlyArray<{ payload?: unknown }> }) => {
    const row = payload?.[0]?.payload as T | undefined;
    if (!active || !row) return null;
    return render(row);
  };
}

/** Tooltip matching the cards (popover colours, both themes). */
function ChartTooltip({ active, payload, label }: { active?: boolean; payload?: TooltipContentProps['payload']; label?: React.ReactNode }) {
  if (!active || !payload?.length) return null;
  const total = payload.length > 1 ? payload.reduce((s, p) => s + (Number(p.value) || 0), 0) : null;
  return (
    <div className="min-w-36 rounded-lg border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-lg">
      {label !== undefined && label !== null && label !== '' && <p className="mb-1.5 font-medium">{label}</p>}
      <ul className="flex flex-col gap-1">
        {payload.map((p) => (
          <li key={String(p.dataKey ?? p.name)} className="flex items-center justify-between gap-4">
            <span className="flex items-center gap-1.5 text-muted-foreground">
              <span className="size-2.5 rounded-sm" style={{ background: (p.payload as { color?: string })?.color ?? p.color }} />
              {p.name}
            </span>
            <span className="font-medium tabular-nums">{Array.isArray(p.value) ? '' : formatNumber(Number(p.value))}</span>
          </li>
        ))}
        {total !== null && (
          <li className="mt-0.5 flex items-center justify-between gap-4 border-t pt-1">
            <span className="text-muted-foreground">{messages.dashboard.colTotal}</span>
            <span className="font-semibold tabular-nums">{formatNumber(total)}</span>
          </li>
        )}
      </ul>
    </div>
  );
}

/** A legend entry's text, small and muted (recharts' `<Legend formatter={LegendText} />`). */
export function LegendText(value: string) {
  return <span className="text-xs text-muted-foreground">{value}</span>;
}

/**
 * Stacked bars of girls and boys per category (grade level or class). `label` is the long name for the
 * tooltip; `short` the axis tick.
 */
export function GenderBarChart({
  data,
  height,
  testId,
}: {
  data: { label: string; short: string; female: number; male: number }[];
  height: number;
  testId?: string;
}) {
  const m = messages.dashboard;
  return (
    <div className="w-full" data-testid={testId}>
      <BarChart responsive style={{ width: '100%', height }} data={data} margin={{ top: 8, right: 4, left: -16, bottom: 0 }} barCategoryGap="22%">
        <CartesianGrid {...grid} />
        <XAxis
          dataKey="short"
          tick={data.length > 8 ? { ...axisTick, fontSize: 11 } : axisTick}
          tickLine={false}
          axisLine={false}
          interval="equidistantPreserveStart"
          minTickGap={2}
        />
        <YAxis tick={axisTick} tickLine={false} axisLine={false} allowDecimals={false} width={48} />
        <Tooltip
          cursor={BAR_CURSOR}
          content={(p) => <ChartTooltip active={p.active} payload={p.payload} label={(p.payload?.[0]?.payload as { label?: string })?.label ?? p.label} />}
        />
        <Legend verticalAlign="top" align="right" height={28} iconType="circle" iconSize={8} formatter={LegendText} />
        <BarStack radius={[5, 5, 0, 0]}>
          <Bar dataKey="female" name={m.female} fill={GIRLS} maxBarSize={36} />
          <Bar dataKey="male" name={m.male} fill={BOYS} maxBarSize={36} />
        </BarStack>
      </BarChart>
    </div>
  );
}

/** Horizontal bars of one value per row (users by role, learners per school, staff per role). */
export function HorizontalBarChart({
  data,
  height,
  name,
  color = CHART[1],
  yWidth = 120,
  testId,
}: {
  data: { label: string; value: number; color?: string }[];
  height?: number;
  name: string;
  color?: string;
  yWidth?: number;
  testId?: string;
}) {
  const h = height ?? Math.max(160, data.length * 38 + 24);
  return (
    <div className="w-full" data-testid={testId}>
      <BarChart responsive layout="vertical" style={{ width: '100%', height: h }} data={data} margin={{ top: 0, right: 36, left: 0, bottom: 0 }} barCategoryGap="24%">
        <CartesianGrid {...grid} vertical horizontal={false} />
        <XAxis type="number" tick={axisTick} tickLine={false} axisLine={false} allowDecimals={false} />
        <YAxis type="category" dataKey="label" tick={axisTick} tickLine={false} axisLine={false} width={yWidth} />
        <Tooltip cursor={BAR_CURSOR} content={(p) => <ChartTooltip active={p.active} payload={p.payload} label={p.label} />} />
        <Bar dataKey="value" name={name} fill={color} radius={[0, 5, 5, 0]} maxBarSize={26}>
          {data.map((d, i) => (
            <Cell key={i} fill={d.color ?? color} />
          ))}
          <LabelList dataKey="value" position="right" offset={6} fill="var(--color-muted-foreground)" fontSize={12} formatter={(v: unknown) => formatNumber(Number(v))} />
        </Bar>
      </BarChart>
    </div>
  );
}

/** Vertical bars of one value per category (sign-ins per day). */
export function ColumnChart({
  data,
  height,
  name,
  color = CHART[3],
  testId,
}: {
  data: { label: string; short: string; value: number }[];
  height: number;
  name: string;
  color?: string;
  testId?: string;
}) {
  return (
    <div className="w-full" data-testid={testId}>
      <BarChart responsive style={{ width: '100%', height }} data={data} margin={{ top: 8, right: 4, left: -16, bottom: 0 }}>
        <CartesianGrid {...grid} />
        <XAxis dataKey="short" tick={axisTick} tickLine={false} axisLine={false} />
        <YAxis tick={axisTick} tickLine={false} axisLine={false} allowDecimals={false} width={48} />
        <Tooltip
          cursor={BAR_CURSOR}
          content={(p) => <ChartTooltip active={p.active} payload={p.payload} label={(p.payload?.[0]?.payload as { label?: string })?.label ?? p.label} />}
        />
        <Bar dataKey="value" name={name} fill={color} radius={[5, 5, 0, 0]} maxBarSize={40} />
      </BarChart>
    </div>
  );
}

/** A donut with a figure in the middle and a legend with values beside or below it. */
export function DonutChart({
  data,
  centerValue,
  centerLabel,
  size = 180,
  testId,
}: {
  data: { name: string; value: number; color: string }[];
  centerValue: React.ReactNode;
  centerLabel: string;
  size?: number;
  testId?: string;
}) {
  const total = data.reduce((s, d) => s + d.value, 0);
  return (
    <div className="@container w-full" data-testid={testId}>
      <div className="flex flex-col items-center gap-4 @sm:flex-row @sm:justify-center @sm:gap-6">
      <div className="relative shrink-0" style={{ width: size, height: size }}>
        <PieChart style={{ width: size, height: size }}>
          <Tooltip content={(p) => <ChartTooltip active={p.active} payload={p.payload} />} />
          <Pie
            data={data}
            dataKey="value"
            nameKey="name"
            innerRadius="66%"
            outerRadius="100%"
            paddingAngle={data.filter((d) => d.value > 0).length > 1 ? 2 : 0}
            cornerRadius={4}
            stroke="none"
            isAnimationActive={false}
          >
            {data.map((d) => (
              <Cell key={d.name} fill={d.color} />
            ))}
          </Pie>
        </PieChart>
        <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center">
          <span className="text-2xl font-semibold tabular-nums">{centerValue}</span>
          <span className="text-xs text-muted-foreground">{centerLabel}</span>
        </div>
      </div>
      <ul className="flex w-full max-w-56 flex-col gap-2 text-sm">
        {data.map((d) => (
          <li key={d.name} className="flex items-center justify-between gap-3">
            <span className="flex min-w-0 items-center gap-2">
              <span className="size-2.5 shrink-0 rounded-full" style={{ background: d.color }} />
              <span className="truncate text-muted-foreground">{d.name}</span>
            </span>
            <span className="font-medium tabular-nums">
              {formatNumber(d.value)}
              <span className="ml-1.5 text-xs font-normal text-muted-foreground">{total ? Math.round((d.value / total) * 100) : 0}%</span>
            </span>
          </li>
        ))}
      </ul>
      </div>
    </div>
  );
}

/**
 * Terms of a school year as horizontal range bars on a January–December axis with a line for today.
 * Dates are milliseconds of UTC midnights of the calendar days.
 */
export function TermCalendarChart({
  terms,
  yearStart,
  yearEnd,
  today,
  height,
  testId,
}: {
  terms: { label: string; range: [number, number]; detail: string; current: boolean }[];
  yearStart: number;
  yearEnd: number;
  today: number;
  height?: number;
  testId?: string;
}) {
  const months = React.useMemo(() => {
    const ticks: number[] = [];
    const d = new Date(yearStart);
    while (d.getTime() <= yearEnd) {
      ticks.push(d.getTime());
      d.setUTCMonth(d.getUTCMonth() + 1);
    }
    return ticks;
  }, [yearStart, yearEnd]);
  const monthLabel = (ms: number) => formatShortMonth(new Date(ms).toISOString().slice(0, 7), { year: false });
  const h = height ?? terms.length * 44 + 48;
  return (
    <div className="w-full" data-testid={testId}>
      <BarChart responsive layout="vertical" style={{ width: '100%', height: h }} data={terms} margin={{ top: 16, right: 12, left: 0, bottom: 0 }} barCategoryGap="28%">
        <CartesianGrid {...grid} vertical horizontal={false} />
        <XAxis
          type="number"
          domain={[yearStart, yearEnd]}
          ticks={months}
          tickFormatter={monthLabel}
          tick={axisTick}
          tickLine={false}
          axisLine={false}
          interval="preserveStartEnd"
          minTickGap={8}
        />
        <YAxis type="category" dataKey="label" tick={axisTick} tickLine={false} axisLine={false} width={64} />
        <Tooltip
          cursor={BAR_CURSOR}
          content={rowTooltip<{ label: string; detail: string }>((t) => (
            <div className="rounded-lg border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-lg">
              <p className="font-medium">{t.label}</p>
              <p className="mt-0.5 text-muted-foreground">{t.detail}</p>
            </div>
          ))}
        />
        <Bar dataKey="range" name={messages.dashboard.term} radius={5} maxBarSize={22} isAnimationActive={false}>
          {terms.map((t, i) => (
            <Cell key={i} fill={t.current ? CHART[1] : 'color-mix(in oklab, var(--color-chart-1) 45%, transparent)'} />
          ))}
        </Bar>
        {today >= yearStart && today <= yearEnd && (
          <ReferenceLine
            x={today}
            stroke={CHART[2]}
            strokeWidth={2}
            strokeDasharray="4 3"
            label={{ value: messages.dashboard.today, position: 'top', fill: 'var(--color-muted-foreground)', fontSize: 11 }}
          />
        )}
      </BarChart>
    </div>
  );
}
