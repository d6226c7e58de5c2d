import * as React from 'react';
import { Area, Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import type { HealthMinute } from '@shared/contracts/health';
import { messages } from '@shared/messages';
import { formatInteger, formatMinute, formatMs } from './format';
import { AXIS_TICK, GRID, LegendText, areaFillDefs } from '@/components/charts';

const m = messages.systemHealth;
const REQUESTS = 'var(--color-chart-1)';
const P95 = 'var(--color-chart-3)';
const ERRORS = 'var(--color-destructive)';

interface Point {
  label: string;
  requests: number;
  errors: number;
  p95: number | null;
}

function ChartTooltip({ active, payload, label }: { active?: boolean; payload?: TooltipContentProps['payload']; label?: React.ReactNode }) {
  if (!active || !payload?.length) return null;
  return (
    <div className="min-w-40 rounded-lg border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-lg">
      <p className="mb-1.5 font-medium">{label}</p>
      <ul className="flex flex-col gap-1">
        {payload.map((p) => (
          <li key={String(p.dataKey)} className="flex items-center justify-between gap-4">
            <span className="flex items-center gap-1.5 text-muted-foreground">
              <span className="size-2.5 rounded-sm" style={{ background: p.color }} />
              {p.name}
            </span>
            <span className="font-medium tabular-nums">
              {p.value === null || p.value === undefined ? '–' : p.dataKey === 'p95' ? formatMs(Number(p.value)) : formatInteger(Number(p.value))}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Requests (area) and 5xx errors (bars) per minute on the left axis, p95 latency (line) on the right,
 * for the minutes of the window, oldest first. Not animated, so the 5-second refresh does not jump.
 */
export function TrafficChart({ series, height = 280 }: { series: HealthMinute[]; height?: number }) {
  const data: Point[] = series.map((s) => ({ label: formatMinute(s.minuteStart), requests: s.requests, errors: s.errors, p95: s.p95Ms }));
  return (
    <div
      className="w-full"
      data-testid="health-chart"
      data-points={data.length}
      data-requests={data.reduce((n, p) => n + p.requests, 0)}
      // Each minute's start and requests ("2026-11-28T15:04:00.000Z=12 …"), for the browser journey.
      data-series={series.map((s) => `${s.minuteStart}=${s.requests}`).join(' ')}
    >
      <ComposedChart responsive style={{ width: '100%', height }} data={data} margin={{ top: 8, right: 0, left: -12, bottom: 0 }}>
        {areaFillDefs('health-requests-fill', REQUESTS, 0.3)}
        <CartesianGrid {...GRID} />
        <XAxis dataKey="label" tick={AXIS_TICK} tickLine={false} axisLine={false} interval="preserveStartEnd" minTickGap={18} />
        <YAxis yAxisId="count" tick={AXIS_TICK} tickLine={false} axisLine={false} allowDecimals={false} width={44} />
        <YAxis
          yAxisId="ms"
          orientation="right"
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={false}
          width={52}
          tickFormatter={(v: number) => (v >= 1000 ? `${Math.round(v / 100) / 10}s` : `${Math.round(v)}ms`)}
        />
        <Tooltip cursor={{ stroke: 'var(--color-border)' }} content={(p) => <ChartTooltip active={p.active} payload={p.payload} label={p.label} />} />
        <Legend verticalAlign="top" align="right" height={30} iconType="circle" iconSize={8} formatter={LegendText} />
        <Area
          yAxisId="count"
          type="monotone"
          dataKey="requests"
          name={m.seriesRequests}
          stroke={REQUESTS}
          strokeWidth={2}
          fill="url(#health-requests-fill)"
          isAnimationActive={false}
          dot={false}
          activeDot={{ r: 4 }}
        />
        <Bar yAxisId="count" dataKey="errors" name={m.seriesErrors} fill={ERRORS} radius={[3, 3, 0, 0]} maxBarSize={10} isAnimationActive={false} />
        <Line
          yAxisId="ms"
          type="monotone"
          dataKey="p95"
          name={m.seriesP95}
          stroke={P95}
          strokeWidth={2}
          connectNulls
          isAnimationActive={false}
          dot={{ r: 2.5, strokeWidth: 0, fill: P95 }}
          activeDot={{ r: 4 }}
        />
      </ComposedChart>
    </div>
  );
}
