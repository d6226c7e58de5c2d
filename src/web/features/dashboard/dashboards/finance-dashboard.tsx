import { Banknote, CircleDollarSign, Gauge, GraduationCap, Layers, ReceiptText, School, Smartphone, Users, Wallet, type LucideIcon } from 'lucide-react';
import { pathForSection } from '@shared/access';
import { messages } from '@shared/messages';
import type { FinanceDashboard as Data } from '@shared/contracts/dashboard';
import { OnwardLink } from '@/components/onward-link';
import { Skeleton } from '@/components/ui/skeleton';
import { useFeesLiveRefresh, useOverview } from '@/features/fees';
import { formatMoney } from '@/components/money';
import { DailyCollectionsChart } from '@/components/finance-charts';
import { OverviewAlerts } from '@/features/fees';
import { percent } from '@/lib/kes-format';
import { KesFigure, RateBar } from '@/components/figures';
import { FinanceOfficePanel } from '@/features/finance-office';
import { PlainTable, Td, Th } from '@/components/plain-table';
import { useDensity } from '@/lib/density';
import { formatDate, formatNumber } from '@/lib/format';
import { DashboardPage, Panel, PanelGrid, StatGrid } from '@/components/page-layout';
import { GenderPanel, LearnersByGradePanel, TermAside } from '../components/school-widgets';
import { StatCard, type Accent } from '@/components/stat-card';

const m = messages.dashboard;
const f = messages.financeOverview.dashboard;
const o = messages.financeOverview.overview;

/** The term's fee figures (GET /api/fees/overview, shared with the Finance section's cache). */
function FeeFigures() {
  useFeesLiveRefresh();
  const { chartHeight } = useDensity();
  const overview = useOverview(null);
  const d = overview.data;
  if (overview.isPending) {
    return (
      <StatGrid>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </StatGrid>
    );
  }
  if (overview.isError || !d) {
    return (
      <p className="rounded-xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground" data-testid="fees-unavailable">
        {messages.financeOverview.common.loadFailedText}
      </p>
    );
  }
  const term = d.term;
  const mpesaHref = pathForSection('finance_officer', 'mpesa-payments');
  /** The unmatched queue: M-Pesa payments and bank statement deposits (decision 0029). */
  const unmatched = d.mpesa.unmatched + d.bank.unmatched;
  /** Expected, collected and outstanding fees of the term, in KES. */
  const kpis: { testId: string; label: string; amount: number; hint?: string; icon: LucideIcon; accent: Accent }[] = [
    { testId: 'stat-fees-expected', label: f.expected, amount: d.expected, hint: f.expectedHint(d.learnersInvoiced), icon: ReceiptText, accent: 3 },
    { testId: 'stat-fees-collected', label: f.collected, amount: d.collected, hint: term ? f.collectedHint(formatDate(term.startsOn), formatDate(term.endsOn)) : undefined, icon: Banknote, accent: 1 },
    { testId: 'stat-fees-outstanding', label: f.outstanding, amount: d.outstanding, hint: f.outstandingHint(d.learnersOwing), icon: CircleDollarSign, accent: 2 },
  ];
  return (
    <>
      <OverviewAlerts data={d} mpesaHref={mpesaHref} approvalsHref={null} />
      <StatGrid>
        {kpis.map((k) => (
          <StatCard key={k.testId} testId={k.testId} label={k.label} value={<KesFigure value={k.amount} shrink />} hint={k.hint} icon={k.icon} accent={k.accent} />
        ))}
        <div className="flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-3.5 text-card-foreground shadow-sm sm:flex-row sm:items-start sm:gap-3 sm:p-5" data-testid="stat-fees-rate">
          <div className="min-w-0 flex-1">
            <p className="truncate text-[13px] font-medium text-muted-foreground">{f.rate}</p>
            <p className="mt-1 text-[22px] leading-7 font-semibold tracking-tight tabular-nums sm:text-[28px] sm:leading-9" data-testid="stat-fees-rate-value">
              {percent(d.collectionRate)}
            </p>
            <RateBar rate={d.collectionRate} className="mt-2" />
            <p className="mt-1.5 line-clamp-2 text-xs text-muted-foreground sm:truncate">{f.rateHint}</p>
          </div>
          <span className="order-first flex size-8 shrink-0 items-center justify-center rounded-lg bg-[color-mix(in_oklab,var(--color-chart-5)_14%,transparent)] text-[var(--color-chart-5)] sm:order-last sm:size-10">
            <Gauge className="size-4 sm:size-5" aria-hidden />
          </span>
        </div>
      </StatGrid>
      <PanelGrid>
        <Panel title={o.daily} description={o.dailyHint} className="lg:col-span-2" testId="fees-daily">
          <DailyCollectionsChart daily={d.daily} height={chartHeight - 40} />
        </Panel>
        <Panel title={f.mpesa} description={f.mpesaHint} testId="fees-mpesa" bodyClassName="flex flex-col gap-3">
          <div className="flex items-center gap-3 rounded-lg bg-muted/50 px-3 py-3">
            <span className={unmatched > 0 ? 'flex size-9 items-center justify-center rounded-lg bg-amber-500/15 text-amber-700 dark:text-amber-300' : 'flex size-9 items-center justify-center rounded-lg bg-emerald-500/12 text-emerald-600'}>
              <Smartphone className="size-4" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="text-xs text-muted-foreground">{f.unmatched}</p>
              <p className="text-xl font-semibold tabular-nums" data-testid="stat-mpesa-unmatched-value">
                {formatNumber(unmatched)}
              </p>
              {unmatched > 0 && <p className="text-xs text-muted-foreground tabular-nums">{f.unmatchedAmount(formatMoney(d.mpesa.unmatchedAmount + d.bank.unmatchedAmount))}</p>}
            </div>
          </div>
          <div className="flex items-center justify-between gap-3 rounded-lg bg-muted/50 px-3 py-2.5 text-sm">
            <span className="text-muted-foreground">{f.pendingStk}</span>
            <span className="font-semibold tabular-nums">{formatNumber(d.mpesa.pendingStk)}</span>
          </div>
          {unmatched === 0 && <p className="text-xs text-muted-foreground">{f.allMatched}</p>}
          <OnwardLink to={mpesaHref} testId="open-mpesa-payments" className="mt-auto self-start">
            {f.openMpesa}
          </OnwardLink>
        </Panel>
      </PanelGrid>
    </>
  );
}

/** Finance officer: the term's fee collection and M-Pesa queue first, then learner and class figures. */
export function FinanceDashboard({ data }: { data: Data }) {
  const avg = data.classes ? Math.round(data.learners.total / data.classes) : 0;
  return (
    <DashboardPage kind="finance" icon={Wallet} title={m.financeTitle} subtitle={data.school.name} aside={
        // The learner register, read-only for fees (issue 10 §3), is not in the finance sidebar (spec §2).
        <TermAside
          term={data.term}
          asOf={data.asOf}
          links={[
            { to: pathForSection('finance_officer', 'finance'), icon: Wallet, label: f.openFinance, testId: 'finance-overview-link' },
            { to: '/students', icon: GraduationCap, label: m.learnerRegister, testId: 'learner-register-link' },
          ]}
        />
      }
    >
      <FeeFigures />
      <FinanceOfficePanel role="finance_officer" />
      <StatGrid>
        <StatCard testId="stat-learners" label={m.learners} value={formatNumber(data.learners.total)} hint={m.learnersHint(data.learners.female, data.learners.male)} icon={GraduationCap} accent={1} />
        <StatCard testId="stat-classes" label={m.classes} value={formatNumber(data.classes)} hint={m.streamsHint} icon={School} accent={2} />
        <StatCard testId="stat-grade-levels" label={m.gradeLevels} value={formatNumber(data.gradeLevels)} hint={m.gradeLevelsHint} icon={Layers} accent={3} />
        <StatCard testId="stat-class-size" label={m.avgClassSize} value={formatNumber(avg)} hint={m.avgClassSizeHint} icon={Users} accent={5} />
      </StatGrid>
      <PanelGrid>
        <LearnersByGradePanel data={data.learnersByGrade} className="lg:col-span-2" />
        <GenderPanel learners={data.learners} />
      </PanelGrid>
      <Panel title={m.enrolmentTable} description={m.learnersByGradeHint} testId="grade-table">
        <PlainTable minWidth={280}>
          <thead>
            <tr>
              <Th>{m.colGrade}</Th>
              <Th className="text-right">{m.female}</Th>
              <Th className="text-right">{m.male}</Th>
              <Th className="text-right">{m.colTotal}</Th>
            </tr>
          </thead>
          <tbody>
            {data.learnersByGrade.map((g) => (
              <tr key={g.gradeLevel ?? 'none'} className="hover:bg-muted/40">
                <Td className="font-medium">{g.gradeLevel ?? m.unassigned}</Td>
                <Td className="text-right tabular-nums">{formatNumber(g.female)}</Td>
                <Td className="text-right tabular-nums">{formatNumber(g.male)}</Td>
                <Td className="text-right font-medium tabular-nums">{formatNumber(g.total)}</Td>
              </tr>
            ))}
            <tr>
              <Td className="font-semibold">{m.colTotal}</Td>
              <Td className="text-right font-semibold tabular-nums">{formatNumber(data.learners.female)}</Td>
              <Td className="text-right font-semibold tabular-nums">{formatNumber(data.learners.male)}</Td>
              <Td className="text-right font-semibold tabular-nums">{formatNumber(data.learners.total)}</Td>
            </tr>
          </tbody>
        </PlainTable>
      </Panel>
    </DashboardPage>
  );
}
