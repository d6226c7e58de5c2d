import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { Banknote, Hourglass, Percent, Scale, UserMinus } from 'lucide-react';
import type { BillingDashboard } from '@shared/contracts/billing';
import { billingScreens as s } from '@shared/messages/billing-screens';
import { QueryErrorCard } from '@/components/query-error-card';
import { Skeleton } from '@/components/ui/skeleton';
import { CHART, AXIS_TICK, rowTooltip, BAR_CURSOR } from '@/components/charts';
import { Panel } from '@/components/page-layout';
import { StatCard } from '@/components/stat-card';
import { FilterSelect } from '@/components/filter-select';
import { TooltipCard } from '@/components/finance-charts';
import { useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { kes, kesCompactFromCents, kesWholeFromCents } from './billing-bits';
import { useBillingDashboard } from './billing-api';

const o = s.overview;
const INVOICED = CHART[3];
const PAID = CHART[1];

/** "53.5%" from the API's 0–100 figure; "—" when there is nothing to divide. */
const pct = (v: number | null) => (v === null ? s.common.none : `${v.toLocaleString('en-KE', { maximumFractionDigits: 1 })}%`);

/** Invoiced against paid per term label (grouped bars). */
function RevenueByTermChart({ data, height }: { data: BillingDashboard; height: number }) {
  const rows = data.terms.map((t) => ({ ...t, invoiced: t.invoicedCents, paid: t.paidCents }));
  return (
    <div className="relative w-full" data-testid="billing-chart-terms" data-terms={rows.length}>
      <BarChart responsive style={{ width: '100%', height }} data={rows} margin={{ top: 8, right: 4, left: 0, bottom: 0 }} barCategoryGap="24%" barGap={4}>
        <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="termLabel" tick={AXIS_TICK} tickLine={false} axisLine={false} />
        <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} width={48} tickFormatter={(v: number) => kesCompactFromCents(v)} allowDecimals={false} />
        <Tooltip
          cursor={BAR_CURSOR}
          content={rowTooltip<(typeof rows)[number]>((d) => (
            <TooltipCard
              title={d.termLabel}
              rows={[
                { label: o.invoiced, value: `KES ${kes(d.invoicedCents)}`, colour: INVOICED },
                { label: o.paid, value: `KES ${kes(d.paidCents)}`, colour: PAID },
                { label: s.invoice.balance, value: `KES ${kes(d.outstandingCents)}` },
              ]}
            />
          ))}
        />
        <Legend verticalAlign="top" align="right" height={28} iconType="circle" iconSize={8} formatter={(v: string) => <span className="text-xs text-muted-foreground">{v}</span>} />
        <Bar dataKey="invoiced" name={o.invoiced} fill={INVOICED} radius={[4, 4, 0, 0]} maxBarSize={44} isAnimationActive={false} />
        <Bar dataKey="paid" name={o.paid} fill={PAID} radius={[4, 4, 0, 0]} maxBarSize={44} isAnimationActive={false} />
      </BarChart>
      {rows.length === 0 && (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <p className="rounded-md border bg-card/90 px-3 py-1.5 text-sm text-muted-foreground shadow-xs">{o.noTerms}</p>
        </div>
      )}
    </div>
  );
}

/** How many schools are in each subscription state, as proportional bars. */
function SchoolsByStatus({ data }: { data: BillingDashboard }) {
  const rows = [
    { key: 'active', label: s.subscriptionStatus.active!, value: data.activeSchools, colour: 'bg-emerald-500' },
    { key: 'trial', label: s.subscriptionStatus.trial!, value: data.schoolsInTrial, colour: 'bg-sky-500' },
    { key: 'arrears', label: s.subscriptionStatus.arrears!, value: data.arrearsSchools, colour: 'bg-amber-500' },
    { key: 'read_only', label: s.subscriptionStatus.read_only!, value: data.readOnlySchools, colour: 'bg-red-500' },
    { key: 'cancelled', label: s.subscriptionStatus.cancelled!, value: data.churn.cancelled, colour: 'bg-muted-foreground/50' },
  ];
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <ul className="flex flex-col gap-3.5" data-testid="billing-schools-by-status">
      {rows.map((r) => (
        <li key={r.key} className="grid gap-1.5" data-status={r.key} data-count={r.value}>
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="flex items-center gap-2 text-muted-foreground">
              <span className={cn('size-2 rounded-full', r.colour)} aria-hidden />
              {r.label}
            </span>
            <span className="font-semibold tabular-nums">{r.value.toLocaleString('en-KE')}</span>
          </div>
          <div className="h-2 overflow-hidden rounded-full bg-muted">
            <div className={cn('h-full rounded-full', r.colour)} style={{ width: `${(r.value / max) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * Billing Management › Overview (issue 18 §1 "Billing dashboard"): revenue, outstanding, collection
 * rate, schools in trial and churn for a year, revenue against invoiced by term, and schools by status.
 */
export function OverviewTab({ year, years, onYear }: { year: number; years: number[]; onYear: (y: number) => void }) {
  const q = useBillingDashboard(year);
  const d = q.data;
  const wide = useMediaQuery('(min-width: 640px)');
  const dash = s.common.none;

  if (q.isError && !d) return <QueryErrorCard query={q} title={s.common.loadFailed} retryLabel={s.common.tryAgain} testId="billing-overview-error" />;

  return (
    <div className={cn('flex min-w-0 flex-col gap-4 sm:gap-5 transition-opacity', q.isPlaceholderData && 'opacity-60')} data-testid="billing-overview">
      <div className="flex items-center justify-end gap-2">
        <span className="text-sm text-muted-foreground">{o.year}</span>
        <FilterSelect
          className="w-28"
          value={year === years[0] ? '' : String(year)}
          onChange={(v) => onYear(Number(v) || years[0]!)}
          all={String(years[0])}
          options={years.slice(1).map((y) => ({ value: String(y), label: String(y) }))}
          label={o.year}
          testId="billing-year"
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-6" data-testid="billing-kpis">
        <StatCard
          label={o.revenue}
          value={d ? `KES ${kesWholeFromCents(d.revenueCents)}` : dash}
          hint={d ? o.revenueHint(kesWholeFromCents(d.invoicedCents)) : undefined}
          icon={Banknote}
          accent={1}
          testId="billing-kpi-revenue"
          className="col-span-2 lg:col-span-3"
        />
        <StatCard
          label={o.outstanding}
          value={d ? `KES ${kesWholeFromCents(d.outstandingCents)}` : dash}
          hint={d && d.overdueCents > 0 ? `KES ${kesWholeFromCents(d.overdueCents)} ${s.invoiceStatus.overdue!.toLowerCase()}` : undefined}
          icon={Scale}
          accent={5}
          testId="billing-kpi-outstanding"
          className="lg:col-span-3"
        />
        <StatCard label={o.collectionRate} value={d ? pct(d.collectionRatePct) : dash} hint={o.collectionRateHint} icon={Percent} accent={2} testId="billing-kpi-rate" className="lg:col-span-2" />
        <StatCard label={o.trial} value={d ? d.schoolsInTrial.toLocaleString('en-KE') : dash} hint={d ? o.trialHint(d.activeSchools) : undefined} icon={Hourglass} accent={3} testId="billing-kpi-trial" className="lg:col-span-2" />
        <StatCard label={o.churn} value={d ? pct(d.churn.ratePct) : dash} hint={d ? o.churnHint(d.churn.cancelled) : undefined} icon={UserMinus} accent={4} testId="billing-kpi-churn" className="lg:col-span-2" />
      </div>
      <div className="grid min-w-0 gap-4 sm:gap-5 lg:grid-cols-3">
        <Panel title={o.chartTitle} description={o.chartText} className="lg:col-span-2" testId="billing-panel-terms">
          {d ? <RevenueByTermChart data={d} height={wide ? 300 : 240} /> : <Skeleton className="h-[240px] w-full sm:h-[300px]" />}
        </Panel>
        <Panel title={o.statusTitle} description={o.statusText} testId="billing-panel-status">
          {d ? <SchoolsByStatus data={d} /> : <Skeleton className="h-48 w-full" />}
        </Panel>
      </div>
    </div>
  );
}
