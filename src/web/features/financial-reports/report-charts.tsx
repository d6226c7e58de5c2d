import { Bar, BarChart, CartesianGrid, Cell, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '@/components/money';
import { CHART, AXIS_TICK, BAR_CURSOR } from '@/components/charts';

/**
 * Money charts of the financial reports (recharts, theme colours): axes in compact KES (1.2M, 350K)
 * and a tooltip with the exact amount, so millions never crowd the axis.
 */

const grid = { stroke: 'var(--color-border)', strokeDasharray: '3 3' } as const;
const compact = new Intl.NumberFormat('en-KE', { notation: 'compact', maximumFractionDigits: 1 });
const kesCompact = (v: number) => compact.format(v);

function MoneyTooltip({ active, payload, name }: { active?: boolean; payload?: readonly { payload?: unknown; value?: unknown }[]; name: string }) {
  const p = payload?.[0];
  if (!active || !p) return null;
  const row = p.payload as { label: string };
  return (
    <div className="min-w-36 rounded-lg border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-lg">
      <p className="mb-1 font-medium">{row.label}</p>
      <p className="flex justify-between gap-4">
        <span className="text-muted-foreground">{name}</span>
        <span className="font-medium tabular-nums">KES {formatMoney(Number(p.value))}</span>
      </p>
    </div>
  );
}

/** Vertical bars over time (collections per day or month). */
export function MoneyColumns({ data, name, height = 240, testId }: { data: { label: string; short: string; value: number }[]; name: string; height?: number; testId?: string }) {
  return (
    <div className="w-full" data-testid={testId}>
      <BarChart responsive style={{ width: '100%', height }} data={data} margin={{ top: 8, right: 4, left: 0, bottom: 0 }}>
        <CartesianGrid {...grid} vertical={false} />
        <XAxis dataKey="short" tick={AXIS_TICK} tickLine={false} axisLine={false} interval="equidistantPreserveStart" minTickGap={8} />
        <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} width={44} tickFormatter={kesCompact} />
        <Tooltip cursor={BAR_CURSOR} content={(p) => <MoneyTooltip active={p.active} payload={p.payload} name={name} />} />
        <Bar dataKey="value" name={name} fill={CHART[1]} radius={[4, 4, 0, 0]} maxBarSize={40} isAnimationActive={false} />
      </BarChart>
    </div>
  );
}

/** Horizontal bars, one per row (ageing buckets, categories, streams), with the amount at the bar's end. */
export function MoneyBars({ data, name, yWidth = 110, testId }: { data: { label: string; value: number; color?: string }[]; name: string; yWidth?: number; testId?: string }) {
  const h = Math.max(150, data.length * 40 + 24);
  return (
    <div className="w-full" data-testid={testId}>
      <BarChart responsive layout="vertical" style={{ width: '100%', height: h }} data={data} margin={{ top: 0, right: 56, left: 0, bottom: 0 }} barCategoryGap="24%">
        <CartesianGrid {...grid} horizontal={false} />
        <XAxis type="number" tick={AXIS_TICK} tickLine={false} axisLine={false} tickFormatter={kesCompact} />
        <YAxis type="category" dataKey="label" tick={AXIS_TICK} tickLine={false} axisLine={false} width={yWidth} />
        <Tooltip cursor={BAR_CURSOR} content={(p) => <MoneyTooltip active={p.active} payload={p.payload} name={name} />} />
        <Bar dataKey="value" name={name} fill={CHART[1]} radius={[0, 5, 5, 0]} maxBarSize={26} isAnimationActive={false}>
          {data.map((d, i) => (
            <Cell key={i} fill={d.color ?? CHART[1]} />
          ))}
          <LabelList dataKey="value" position="right" offset={6} fill="var(--color-muted-foreground)" fontSize={12} formatter={(v: unknown) => kesCompact(Number(v))} />
        </Bar>
      </BarChart>
    </div>
  );
}
