import { Banknote, CircleDollarSign, HandCoins, Landmark, ReceiptText } from 'lucide-react';
import type { FinancialOverview } from '@shared/contracts/fees';
import { messages } from '@shared/messages';
import { formatDate } from '@/lib/format';
import { StatCard } from '@/components/stat-card';
import { cn } from '@/lib/utils';
import { kesWhole, rateTone } from '@/lib/kes-format';
import { FigureCard, KesFigure, ProgressRing, SplitBar } from '@/components/figures';

const TONE_BADGE = {
  good: 'bg-emerald-500/12 text-emerald-700 ring-emerald-500/25 dark:text-emerald-300',
  fair: 'bg-amber-500/12 text-amber-700 ring-amber-500/25 dark:text-amber-300',
  poor: 'bg-destructive/10 text-destructive ring-destructive/25',
} as const;

const m = messages.financeOverview.overview;

const PAID = 'var(--color-chart-1)';
const OWING = 'color-mix(in oklab, var(--color-destructive) 70%, transparent)';

/** A count under its legend (the colour dot of the bar below and `label`). */
function DotCount({ colour, label, count, testId }: { colour: string; label: string; count: number; testId: string }) {
  return (
    <div className="min-w-0">
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <span className="size-2 shrink-0 rounded-full" style={{ background: colour }} aria-hidden />
        <span className="truncate">{label}</span>
      </p>
      <p className="mt-0.5 text-xl font-semibold tabular-nums sm:text-2xl" data-testid={testId}>
        {count.toLocaleString('en-KE')}
      </p>
    </div>
  );
}

/** The term's money: expected, paid against it, collected during it, outstanding. */
export function MoneyKpis({ data }: { data: FinancialOverview }) {
  const term = data.term;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" data-testid="overview-kpis">
      <StatCard testId="kpi-expected" label={m.expected} value={<KesFigure value={data.expected} shrink />} hint={m.expectedHint(data.learnersInvoiced)} icon={ReceiptText} accent={3} />
      <StatCard testId="kpi-paid" label={m.paidAgainstTerm} value={<KesFigure value={data.paidAgainstTerm} shrink />} hint={m.paidAgainstTermHint} icon={HandCoins} accent={1} />
      <StatCard
        testId="kpi-collected"
        label={m.collected}
        value={<KesFigure value={data.collected} shrink />}
        hint={term ? m.collectedHint(formatDate(term.startsOn), formatDate(term.endsOn)) : undefined}
        icon={Banknote}
        accent={4}
      />
      <StatCard testId="kpi-outstanding" label={m.outstanding} value={<KesFigure value={data.outstanding} shrink />} hint={m.outstandingHint} icon={CircleDollarSign} accent={2} />
    </div>
  );
}

/** Collection rate (ring and bar), total arrears, learners cleared and owing. */
export function RateKpis({ data }: { data: FinancialOverview }) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-3">
      <FigureCard testId="kpi-rate" className="sm:col-span-2 xl:col-span-1">
        <div className="flex h-full items-center gap-4 sm:gap-5">
          <ProgressRing rate={data.collectionRate} size={104} stroke={10} label={m.collectionRate} testId="kpi-rate-ring" valueTestId="kpi-rate-value" />
          <div className="min-w-0 flex-1">
            <p className="text-[13px] font-medium text-muted-foreground">{m.collectionRate}</p>
            <p className="mt-1 text-lg leading-6 font-semibold tracking-tight">
              <KesFigure value={data.paidAgainstTerm} />
            </p>
            <p className="text-xs text-muted-foreground">{m.collectionRateOf(kesWhole(data.expected))}</p>
            <span className={cn('mt-2 inline-flex rounded-full px-2 py-0.5 text-[11px] font-medium ring-1 ring-inset', TONE_BADGE[rateTone(data.collectionRate)])}>
              {m.rateTone[rateTone(data.collectionRate)]}
            </span>
          </div>
        </div>
      </FigureCard>

      <StatCard testId="kpi-arrears" label={m.arrears} value={<KesFigure value={data.totalArrears} />} hint={m.arrearsHint(data.learnersOwing)} icon={Landmark} accent={5} />

      <FigureCard testId="kpi-learners">
        <p className="text-[13px] font-medium text-muted-foreground">{m.learners}</p>
        <div className="mt-2 grid grid-cols-2 gap-3">
          <DotCount colour={PAID} label={m.cleared} count={data.learnersCleared} testId="kpi-cleared-value" />
          <DotCount colour={OWING} label={m.owing} count={data.learnersOwing} testId="kpi-owing-value" />
        </div>
        <SplitBar
          className="mt-3"
          parts={[
            { value: data.learnersCleared, colour: PAID, label: m.cleared },
            { value: Math.max(0, data.learnersInvoiced - data.learnersCleared), colour: OWING, label: m.owing },
          ]}
        />
        <p className="mt-2 text-xs text-muted-foreground">{m.clearedOf(data.learnersCleared, data.learnersInvoiced)}</p>
      </FigureCard>
    </div>
  );
}
