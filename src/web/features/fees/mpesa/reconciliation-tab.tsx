import * as React from 'react';
import { Bar, BarChart, BarStack, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { CalendarSearch, RotateCcw } from 'lucide-react';
import type { Reconciliation } from '@shared/contracts/mpesa';
import { addDays, schoolToday } from '@shared/dates';
import { ExportMenu, useListParams } from '@/components/data-table';
import { EmptyListState } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { SkeletonStack } from '@/components/skeleton-stack';
import { CHART, AXIS_TICK, BAR_CURSOR } from '@/components/charts';
import { formatDate, formatShortDate } from '@/lib/format';
import { DateRange } from '@/components/date-range';
import { cn } from '@/lib/utils';
import { useReconciliation, withSchool } from '../api/fees';
import { formatMoney } from '@/components/money';
import { mm } from './common';
import { QueryErrorCard } from '@/components/query-error-card';

const r = mm.reconciliation;
type Day = Reconciliation['days'][number];
type Totals = Reconciliation['totals'];

const compact = new Intl.NumberFormat('en-KE', { notation: 'compact', maximumFractionDigits: 1 });

/** A count over its KES amount; muted when zero. */
function Figure({ count, amount, tone }: { count: number; amount?: number; tone?: 'amber' | 'red' }) {
  const zero = count === 0;
  if (zero) return <p className="text-right text-muted-foreground/60">—</p>;
  return (
    <div className={cn('text-right tabular-nums', zero && 'text-muted-foreground/70')}>
      <p className={cn('font-medium', !zero && tone === 'amber' && 'text-amber-700 dark:text-amber-300', !zero && tone === 'red' && 'text-destructive')}>{count.toLocaleString('en-KE')}</p>
      {amount !== undefined && <p className="text-xs text-muted-foreground">{formatMoney(amount)}</p>}
    </div>
  );
}

function DayCells({ d }: { d: Day | Totals }) {
  return (
    <>
      {(
        [
          [d.matched, d.matchedAmount, undefined],
          [d.unmatched, d.unmatchedAmount, 'amber'],
          [d.refunded, d.refundedAmount, undefined],
          [d.failed, undefined, 'red'],
        ] as const
      ).map(([count, amount, tone], i) => (
        <td key={i} className="border-b px-3 py-2.5">
          <Figure count={count} amount={amount} tone={tone} />
        </td>
      ))}
    </>
  );
}

/** Matched and unmatched KES per day, oldest on the left. */
function DailyChart({ days }: { days: Day[] }) {
  const data = [...days].reverse().map((d) => ({ label: formatDate(d.date), short: formatShortDate(d.date), matched: d.matchedAmount, unmatched: d.unmatchedAmount }));
  return (
    <div className="w-full" role="img" aria-label={r.chartLabel} data-testid="reconciliation-chart">
      <BarChart responsive style={{ width: '100%', height: 220 }} data={data} margin={{ top: 8, right: 4, left: 0, bottom: 0 }} barCategoryGap="24%">
        <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="short" tick={AXIS_TICK} tickLine={false} axisLine={false} interval="equidistantPreserveStart" minTickGap={8} />
        <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} width={52} tickFormatter={(v: number) => compact.format(v)} />
        <Tooltip
          cursor={BAR_CURSOR}
          content={(p) => {
            if (!p.active || !p.payload?.length) return null;
            const row = p.payload[0]!.payload as (typeof data)[number];
            return (
              <div className="min-w-40 rounded-lg border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-lg">
                <p className="mb-1.5 font-medium">{row.label}</p>
                {p.payload.map((item) => (
                  <p key={String(item.dataKey)} className="flex items-center justify-between gap-4">
                    <span className="flex items-center gap-1.5 text-muted-foreground">
                      <span className="size-2.5 rounded-sm" style={{ background: item.color }} />
                      {item.name}
                    </span>
                    <span className="font-medium tabular-nums">{formatMoney(Number(item.value))}</span>
                  </p>
                ))}
              </div>
            );
          }}
        />
        <Legend verticalAlign="top" align="right" height={28} iconType="circle" iconSize={8} formatter={(v: string) => <span className="text-xs text-muted-foreground">{v}</span>} />
        <BarStack radius={[4, 4, 0, 0]}>
          <Bar dataKey="matched" name={r.matched} fill={CHART[1]} maxBarSize={28} />
          <Bar dataKey="unmatched" name={r.unmatched} fill={CHART[4]} maxBarSize={28} />
        </BarStack>
      </BarChart>
    </div>
  );
}

/**
 * Reconciliation (issue 11 §3): M-Pesa payments by day for a date range (default the last 30 days, in
 * the URL): matched, unmatched and refunded counts and KES, failed STK pushes, a totals row; a chart of
 * the money; export with the same dates.
 */
export function ReconciliationTab({ schoolId }: { schoolId: string | null }) {
  const today = schoolToday();
  const list = useListParams({ from: addDays(today, -29), to: today });
  const { from, to } = list.values;
  const valid = !!from && !!to && from <= to;
  // While the dates are half-typed or reversed, keep showing the last good range.
  const [range, setRange] = React.useState({ from, to });
  if (valid && (range.from !== from || range.to !== to)) setRange({ from, to });
  const query = useReconciliation(range, schoolId);
  const data = query.data;
  const exportHref = (format: 'csv' | 'xlsx') => withSchool(`/api/mpesa/reconciliation/export?${new URLSearchParams({ format, ...range }).toString()}`, schoolId);

  let body: React.ReactNode;
  if (query.error && !data) {
    body = <QueryErrorCard query={query} title={r.loadFailed} retryLabel={mm.common.tryAgain} testId="reconciliation-error" />;
  } else if (!data) {
    body = <SkeletonStack className="flex flex-col gap-2" cells={['h-52 w-full', ...Array<string>(4).fill('h-11 w-full')]} />;
  } else if (data.days.length === 0) {
    body = <EmptyListState icon={CalendarSearch} title={r.emptyTitle} hint={r.emptyHint} testId="reconciliation-empty" />;
  } else {
    const t = data.totals;
    body = (
      <div className={cn('flex flex-col gap-5 transition-opacity', query.isPlaceholderData && 'opacity-60')}>
        <DailyChart days={data.days} />
        <div className="-mx-1 hidden overflow-x-auto px-1 md:block">
          <table className="w-full min-w-[720px] border-separate border-spacing-0 text-sm" data-testid="reconciliation-table">
            <thead>
              <tr className="text-xs text-muted-foreground">
                <th scope="col" className="rounded-l-md border-b bg-muted/50 px-3 py-2 text-left font-medium">
                  {r.date}
                </th>
                {[r.matched, r.unmatched, r.refunded].map((label) => (
                  <th key={label} scope="col" className="border-b bg-muted/50 px-3 py-2 text-right font-medium">
                    {label}
                  </th>
                ))}
                <th scope="col" className="rounded-r-md border-b bg-muted/50 px-3 py-2 text-right font-medium" title={r.failedHint}>
                  {r.failed}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.days.map((d) => (
                <tr key={d.date} className="hover:bg-muted/40" data-testid="reconciliation-day" data-date={d.date}>
                  <th scope="row" className="border-b px-3 py-2.5 text-left font-medium whitespace-nowrap">
                    {formatDate(d.date)}
                  </th>
                  <DayCells d={d} />
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="bg-muted/40 font-semibold [&_td]:border-b-0" data-testid="reconciliation-totals">
                <th scope="row" className="rounded-l-md px-3 py-3 text-left">
                  {r.totals}
                </th>
                <DayCells d={t} />
              </tr>
            </tfoot>
          </table>
        </div>
        <ul className="grid gap-2 md:hidden" data-testid="reconciliation-cards">
          {[...data.days.map((d) => ({ key: d.date, title: formatDate(d.date), d: d as Totals, total: false })), { key: 'totals', title: r.totals, d: t, total: true }].map(({ key, title, d, total }) => (
            <li key={key} className={cn('flex items-start justify-between gap-3 rounded-lg border px-3.5 py-3', total ? 'bg-muted/40' : 'bg-background/60')} data-testid={total ? 'reconciliation-totals-card' : 'reconciliation-day-card'}>
              <p className={cn('text-sm whitespace-nowrap', total ? 'font-semibold' : 'font-medium')}>{title}</p>
              <dl className="grid grid-cols-[auto_auto] justify-end gap-x-3 gap-y-0.5 text-right text-xs">
                {(
                  [
                    [r.matched, d.matched, d.matchedAmount, ''],
                    [r.unmatched, d.unmatched, d.unmatchedAmount, 'text-amber-700 dark:text-amber-300'],
                    [r.refunded, d.refunded, d.refundedAmount, ''],
                    [r.failed, d.failed, null, 'text-destructive'],
                  ] as const
                )
                  .filter(([, n], i) => total || n > 0 || i === 0)
                  .map(([label, n, amount, tone]) => (
                    <React.Fragment key={label}>
                      <dt className="text-muted-foreground">{label}</dt>
                      <dd className={cn('font-medium tabular-nums', n > 0 && tone)}>
                        {n.toLocaleString('en-KE')}
                        {amount !== null && <span className="font-normal text-muted-foreground"> · {formatMoney(amount)}</span>}
                      </dd>
                    </React.Fragment>
                  ))}
              </dl>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <p className="max-w-3xl text-sm text-muted-foreground">{r.intro}</p>
      <div className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5" data-testid="mpesa-reconciliation">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
          <div className="grid min-w-0 grid-cols-1 gap-2 sm:grid-cols-2 lg:flex lg:items-center">
            <DateRange from={from} to={to} onChange={(v) => list.set(v)} idPrefix="reconciliation" />
          </div>
          <div className="flex flex-wrap items-center gap-2 lg:ml-auto">
            {list.filtered && (
              <Button variant="ghost" size="sm" onClick={list.reset} data-testid="reconciliation-last30">
                <RotateCcw aria-hidden />
                {r.last30}
              </Button>
            )}
            <ExportMenu href={exportHref} testId="reconciliation-export" />
          </div>
        </div>
        {!valid && <p className="text-xs font-medium text-destructive">{r.rangeInvalid}</p>}
        {body}
      </div>
    </div>
  );
}
