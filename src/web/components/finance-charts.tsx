import type * as React from 'react';
import { Bar, BarChart, CartesianGrid, Cell, ComposedChart, Legend, Line, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { FinancialOverview, PaymentMethod } from '@shared/contracts/fees';
import { PAYMENT_METHODS } from '@shared/contracts/fees';
import { messages } from '@shared/messages';
import { CHART, AXIS_TICK, GRID, BAR_CURSOR, LegendText, rowTooltip } from '@/components/charts';
import { formatDate, formatShortDate, shortGrade } from '@/lib/format';
import { formatMoney } from '@/components/money';
import { kesCompact, kesWhole, percent } from '@/lib/kes-format';
import { useMediaQuery } from '@/lib/use-media-query';

const m = messages.financeOverview.overview;
const methodLabels = messages.feesScreens.methods;


/** Colours of the payment methods (M-Pesa in its own green). */
export const METHOD_COLOURS: Record<PaymentMethod, string> = {
  mpesa: 'oklch(0.63 0.17 149)',
  bank_deposit: CHART[3],
  cash: CHART[4],
  cheque: CHART[2],
  bank_transfer: CHART[5],
};

const EXPECTED_COLOUR = 'color-mix(in oklab, var(--color-chart-3) 32%, transparent)';
const PAID_COLOUR = CHART[1];
const RATE_COLOUR = CHART[2];

/** A tooltip in the cards' colours: a title, then label/value rows (shared by the finance and assessment charts). */
export function TooltipCard({ title, rows }: { title: React.ReactNode; rows: { label: string; value: React.ReactNode; colour?: string }[] }) {
  return (
    <div className="min-w-40 rounded-lg border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-lg">
      <p className="mb-1.5 font-medium">{title}</p>
      <ul className="flex flex-col gap-1">
        {rows.map((r) => (
          <li key={r.label} className="flex items-center justify-between gap-4">
            <span className="flex items-center gap-1.5 text-muted-foreground">
              {r.colour && <span className="size-2.5 rounded-sm" style={{ background: r.colour }} />}
              {r.label}
            </span>
            <span className="font-medium tabular-nums">{r.value}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}


/** Bars of the money received per day over the last 30 days. */
export function DailyCollectionsChart({ daily, height }: { daily: FinancialOverview['daily']; height: number }) {
  const rows = daily.map((d) => ({ ...d, short: formatShortDate(d.date) }));
  const empty = daily.every((d) => d.amount === 0);
  return (
    <div className="relative w-full" data-testid="chart-daily" data-empty={empty || undefined}>
      <BarChart responsive style={{ width: '100%', height }} data={rows} margin={{ top: 8, right: 4, left: 0, bottom: 0 }} barCategoryGap="18%">
        <CartesianGrid {...GRID} />
        <XAxis dataKey="short" tick={AXIS_TICK} tickLine={false} axisLine={false} interval="preserveStartEnd" minTickGap={18} />
        <YAxis hide={empty} tick={AXIS_TICK} tickLine={false} axisLine={false} width={44} tickFormatter={(v: number) => kesCompact(v)} allowDecimals={false} />
        <Tooltip
          cursor={BAR_CURSOR}
          content={rowTooltip<(typeof rows)[number]>((d) => (
            <TooltipCard
              title={formatDate(d.date)}
              rows={[
                { label: m.amount, value: `KES ${formatMoney(d.amount)}`, colour: PAID_COLOUR },
                { label: m.paymentsLabel, value: d.count.toLocaleString('en-KE') },
              ]}
            />
          ))}
        />
        <Bar dataKey="amount" name={m.amount} fill={PAID_COLOUR} radius={[4, 4, 0, 0]} maxBarSize={28} isAnimationActive={false} />
      </BarChart>
      {empty && (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <p className="rounded-md border bg-card/90 px-3 py-1.5 text-sm text-muted-foreground shadow-xs">{m.dailyEmpty}</p>
        </div>
      )}
    </div>
  );
}

/** One slice of an `AmountDonut`: an amount in KES (not cents), how many payments made it, its colour. */
export interface DonutSlice {
  key: string;
  name: string;
  amount: number;
  count: number;
  colour: string;
}

/**
 * A donut of amounts (KES) with the total in the middle and a legend of amounts, counts and shares:
 * the fees overview's and Financial Analytics' "by payment method" charts. `rowTestId` names each
 * legend row; `emptyText` shows under the chart when the total is 0. Shares are of the slices' total.
 */
export function AmountDonut({
  slices,
  size,
  centerLabel,
  emptyText,
  rowTestId,
  labels,
  formatShare = percent,
}: {
  slices: DonutSlice[];
  size: number;
  centerLabel: string;
  emptyText: string;
  rowTestId: (key: string) => string;
  labels: { amount: string; payments: string; share: string; count: (n: number) => string };
  /** A 0..1 share as text (default one decimal: "53.5%"). */
  formatShare?: (rate: number) => string;
}) {
  const total = slices.reduce((s, r) => s + r.amount, 0);
  const share = (amount: number) => (total ? formatShare(amount / total) : '0%');
  const drawn = slices.filter((r) => r.amount > 0);
  const empty = [{ key: 'none', name: '', amount: 1, count: 0, colour: 'var(--color-muted)' }];
  return (
    <div className="@container w-full" data-testid="chart-methods">
      <div className="flex flex-col items-center gap-5 @md:flex-row @md:justify-center @md:gap-8">
        <div className="relative shrink-0" style={{ width: size, height: size }}>
          <PieChart style={{ width: size, height: size }}>
            <Tooltip
              content={rowTooltip<DonutSlice>((d) => d.key === 'none' ? null : (
                <TooltipCard
                  title={d.name}
                  rows={[
                    { label: labels.amount, value: `KES ${formatMoney(d.amount)}`, colour: d.colour },
                    { label: labels.payments, value: d.count.toLocaleString('en-KE') },
                    { label: labels.share, value: share(d.amount) },
                  ]}
                />
              ))}
            />
            <Pie
              data={total > 0 ? drawn : empty}
              dataKey="amount"
              nameKey="name"
              innerRadius="68%"
              outerRadius="100%"
              paddingAngle={drawn.length > 1 ? 2 : 0}
              cornerRadius={4}
              stroke="none"
              isAnimationActive={false}
            >
              {(total > 0 ? drawn : empty).map((r) => (
                <Cell key={r.key} fill={r.colour} />
              ))}
            </Pie>
          </PieChart>
          <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center">
            <span className="text-[11px] text-muted-foreground">KES</span>
            <span className="text-xl font-semibold tabular-nums">{kesCompact(total)}</span>
            <span className="text-[11px] text-muted-foreground">{centerLabel}</span>
          </div>
        </div>
        {slices.length > 0 && (
          <ul className="flex w-full max-w-72 flex-col gap-2.5 text-sm">
            {slices.map((r) => (
              <li key={r.key} className="flex items-center justify-between gap-3" data-testid={rowTestId(r.key)}>
                <span className="flex min-w-0 items-center gap-2">
                  <span className="size-2.5 shrink-0 rounded-full" style={{ background: r.colour }} />
                  <span className="min-w-0">
                    <span className="block truncate">{r.name}</span>
                    <span className="block text-[11px] text-muted-foreground">{labels.count(r.count)}</span>
                  </span>
                </span>
                <span className="text-right">
                  <span className="block font-medium whitespace-nowrap tabular-nums">{kesWhole(r.amount)}</span>
                  <span className="block text-[11px] text-muted-foreground tabular-nums">{share(r.amount)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {total === 0 && <p className="mt-3 text-center text-sm text-muted-foreground">{emptyText}</p>}
    </div>
  );
}

/** The fees overview's donut of the term's collections by payment method (every method listed). */
export function MethodsChart({ byMethod, size = 168 }: { byMethod: FinancialOverview['byMethod']; size?: number }) {
  const amounts = new Map(byMethod.map((r) => [r.method, r]));
  const slices = PAYMENT_METHODS.map((method) => ({
    key: method,
    name: methodLabels[method],
    amount: Math.max(0, amounts.get(method)?.amount ?? 0),
    count: amounts.get(method)?.count ?? 0,
    colour: METHOD_COLOURS[method],
  })).sort((a, b) => b.amount - a.amount);
  return (
    <AmountDonut
      slices={slices}
      size={size}
      centerLabel={m.byMethodTotal}
      emptyText={m.byMethodEmpty}
      rowTestId={(k) => `method-${k}`}
      labels={{ amount: m.amount, payments: m.paymentsLabel, share: m.share, count: m.payments }}
    />
  );
}

/** Expected and paid per grade level (bars, KES) with the collection rate (line, %). */
export function LevelChart({ byLevel, height }: { byLevel: FinancialOverview['byLevel']; height: number }) {
  const rows = byLevel.map((l) => ({ ...l, short: shortGrade(l.name) }));
  // Phones: no rate axis (the line and the tooltip still show it), smaller ticks, so 11 levels fit.
  const wide = useMediaQuery('(min-width: 640px)');
  const tick = wide && rows.length <= 8 ? AXIS_TICK : { ...AXIS_TICK, fontSize: wide ? 11 : 10 };
  return (
    <div className="w-full" data-testid="chart-levels">
      <ComposedChart responsive style={{ width: '100%', height }} data={rows} margin={{ top: 8, right: 0, left: 0, bottom: 0 }} barCategoryGap={wide ? '20%' : '12%'} barGap={wide ? 2 : 1}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="short" tick={tick} tickLine={false} axisLine={false} interval={0} />
        <YAxis yAxisId="kes" tick={tick} tickLine={false} axisLine={false} width={wide ? 44 : 36} tickFormatter={(v: number) => kesCompact(v)} />
        <YAxis yAxisId="rate" hide={!wide} orientation="right" domain={[0, 1]} tick={tick} tickLine={false} axisLine={false} width={40} tickFormatter={(v: number) => `${Math.round(v * 100)}%`} />
        <Tooltip
          cursor={BAR_CURSOR}
          content={rowTooltip<(typeof rows)[number]>((d) => (
            <TooltipCard
              title={d.name}
              rows={[
                { label: m.expectedSeries, value: `KES ${formatMoney(d.expected)}`, colour: EXPECTED_COLOUR },
                { label: m.paidSeries, value: `KES ${formatMoney(d.paid)}`, colour: PAID_COLOUR },
                { label: m.balanceSeries, value: `KES ${formatMoney(d.balance)}` },
                { label: m.rateSeries, value: percent(d.rate), colour: RATE_COLOUR },
              ]}
            />
          ))}
        />
        <Legend verticalAlign="top" align="right" height={28} iconType="circle" iconSize={8} formatter={LegendText} />
        <Bar yAxisId="kes" dataKey="expected" name={m.expectedSeries} fill={EXPECTED_COLOUR} radius={[4, 4, 0, 0]} maxBarSize={26} isAnimationActive={false} />
        <Bar yAxisId="kes" dataKey="paid" name={m.paidSeries} fill={PAID_COLOUR} radius={[4, 4, 0, 0]} maxBarSize={26} isAnimationActive={false} />
        <Line
          yAxisId="rate"
          dataKey="rate"
          name={m.rateSeries}
          type="monotone"
          stroke={RATE_COLOUR}
          strokeWidth={2}
          dot={{ r: 3, fill: RATE_COLOUR, strokeWidth: 0 }}
          activeDot={{ r: 5 }}
          isAnimationActive={false}
        />
      </ComposedChart>
    </div>
  );
}
