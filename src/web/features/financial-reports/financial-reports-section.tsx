import * as React from 'react';
import {
  ArrowLeft,
  BookOpenCheck,
  ChevronRight,
  Hourglass,
  PieChart,
  Scale,
  Smartphone,
  Target,
  TrendingUp,
  UserX,
  type LucideIcon,
} from 'lucide-react';
import { can } from '@shared/access';
import { REPORT_IDS, financialReportsMessages as m, type ReportId } from '@shared/messages/financial-reports';
import type { Role } from '@shared/roles';
import type { ReportData } from '@shared/contracts/financial-report-data';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { SkeletonStack, type SkeletonCell } from '@/components/skeleton-stack';
import { useReport, useReportDownload, useReportOptions, type ReportParams } from './financial-reports-api';
import { ReportFilters, useReportState } from './report-filters';
import { ArrearsView, BudgetView, CashBookView, DefaultersView, ExpensesView, FeeCollectionView, IncomeExpenditureView, MpesaView } from './report-views';
import { ExportButtons } from '@/components/export-buttons';
import { IconBadge } from '@/components/icon-badge';
import { QueryErrorCard } from '@/components/query-error-card';
import { LockedSection } from '@/components/not-available-yet';
import { useSearchParams } from 'react-router';
import { Landmark } from 'lucide-react';
import { voteHeadsMessages } from '@shared/messages/vote-heads';
import { VOTE_HEAD_CASH_BOOK, VoteHeadCashBookPage } from './vote-head-cash-book';

/**
 * Financial Reports (issue 15): a picker of the eight reports (each with an icon and the question it
 * answers), then the chosen report with its filters (kept in the address), headline figures, charts
 * where they help, its tables (cards below 768 px), and "Download PDF" / "Download Excel", which ask the
 * same endpoint for format=pdf|xlsx. Finance officer only; other roles see a short notice.
 */

/** The report's loading placeholder: four figure tiles, then the table. */
const LOADING_CELLS: SkeletonCell[] = [{ grid: 'grid grid-cols-2 gap-3 xl:grid-cols-4', cells: ['h-24 rounded-xl', 'h-24 rounded-xl', 'h-24 rounded-xl', 'h-24 rounded-xl'] }, 'h-72 rounded-xl'];

const ICONS: Record<ReportId, LucideIcon> = {
  'fee-collection': TrendingUp,
  arrears: Hourglass,
  defaulters: UserX,
  'cash-book': BookOpenCheck,
  'income-expenditure': Scale,
  'mpesa-reconciliation': Smartphone,
  'expenses-by-category': PieChart,
  'budget-vs-actual': Target,
};
const TONES: Record<ReportId, string> = {
  'fee-collection': 'bg-[color-mix(in_oklab,var(--color-chart-1)_14%,transparent)] text-[var(--color-chart-1)]',
  arrears: 'bg-[color-mix(in_oklab,var(--color-chart-5)_14%,transparent)] text-[var(--color-chart-5)]',
  defaulters: 'bg-destructive/10 text-destructive',
  'cash-book': 'bg-[color-mix(in_oklab,var(--color-chart-2)_14%,transparent)] text-[var(--color-chart-2)]',
  'income-expenditure': 'bg-[color-mix(in_oklab,var(--color-chart-3)_14%,transparent)] text-[var(--color-chart-3)]',
  'mpesa-reconciliation': 'bg-emerald-500/12 text-emerald-700 dark:text-emerald-400',
  'expenses-by-category': 'bg-[color-mix(in_oklab,var(--color-chart-4)_18%,transparent)] text-[color-mix(in_oklab,var(--color-chart-4)_75%,var(--color-foreground))]',
  'budget-vs-actual': 'bg-primary/10 text-primary',
};

function useCanView(): { ready: boolean; allowed: boolean } {
  const { state } = useAuth();
  const u = state.user;
  if (!u?.role) return { ready: state.status !== 'loading', allowed: false };
  return { ready: true, allowed: can({ id: u.id, role: u.role as Role, schoolId: u.schoolId }, 'viewFinancialReports') };
}

export function FinancialReportsSection() {
  const access = useCanView();
  if (!access.ready) return null;
  if (!access.allowed) return <LockedSection sectionId="financial-reports" title={m.title} text={m.noAccess} testId="fr-no-access" />;
  return <FinancialReportsPage />;
}

function FinancialReportsPage() {
  const state = useReportState();
  const [search, setSearch] = useSearchParams();
  // Issue 35 §3: the vote-head cash book, one more report beside the eight of issue 15.
  if (search.get('report') === VOTE_HEAD_CASH_BOOK) return <VoteHeadCashBookPage onBack={() => state.choose(null)} />;
  if (!state.report) return <ReportPicker onChoose={state.choose} onVoteHeads={() => setSearch(new URLSearchParams({ report: VOTE_HEAD_CASH_BOOK }))} />;
  return <ReportPage key={state.report} report={state.report} state={state} />;
}

function ReportPicker({ onChoose, onVoteHeads }: { onChoose: (r: ReportId) => void; onVoteHeads: () => void }) {
  return (
    <section className="flex min-w-0 flex-col gap-6" data-testid="fr-picker">
      <PageHeader sectionId="financial-reports" title={m.title} subtitle={m.subtitle} />
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-4" aria-label={m.picker.label}>
        {REPORT_IDS.map((id) => {
          const Icon = ICONS[id];
          const info = m.reports[id];
          return (
            <li key={id} className="min-w-0">
              <button
                type="button"
                onClick={() => onChoose(id)}
                className="group flex h-full w-full items-start gap-3 rounded-xl border bg-card p-4 text-left shadow-sm transition hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:flex-col sm:p-5"
                data-testid={`fr-pick-${id}`}
              >
                <IconBadge icon={Icon} className={cn('size-10 rounded-lg', TONES[id])} iconClassName="size-5" />
                <span className="min-w-0 flex-1">
                  <span className="flex items-center justify-between gap-2 font-semibold tracking-tight">
                    {info.title}
                    <ChevronRight className="size-4 text-muted-foreground transition group-hover:translate-x-0.5 group-hover:text-primary sm:hidden" aria-hidden />
                  </span>
                  <span className="mt-1 block text-sm leading-snug text-muted-foreground">{info.blurb}</span>
                </span>
              </button>
            </li>
          );
        })}
        <li className="min-w-0">
          <button
            type="button"
            onClick={onVoteHeads}
            className="group flex h-full w-full items-start gap-3 rounded-xl border bg-card p-4 text-left shadow-sm transition hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:flex-col sm:p-5"
            data-testid={`fr-pick-${VOTE_HEAD_CASH_BOOK}`}
          >
            <IconBadge icon={Landmark} className="size-10 rounded-lg bg-amber-500/12 text-amber-700 dark:text-amber-400" iconClassName="size-5" />
            <span className="min-w-0 flex-1">
              <span className="flex items-center justify-between gap-2 font-semibold tracking-tight">
                {voteHeadsMessages.report.title}
                <ChevronRight className="size-4 text-muted-foreground transition group-hover:translate-x-0.5 group-hover:text-primary sm:hidden" aria-hidden />
              </span>
              <span className="mt-1 block text-sm leading-snug text-muted-foreground">{voteHeadsMessages.report.blurb}</span>
            </span>
          </button>
        </li>
      </ul>
    </section>
  );
}

function ReportPage({ report, state }: { report: ReportId; state: ReturnType<typeof useReportState> }) {
  const options = useReportOptions();
  const params: ReportParams = state.params;
  const query = useReport<unknown>(report, params);
  const download = useReportDownload(m.download.failed);
  const Icon = ICONS[report];
  const info = m.reports[report];
  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="fr-report" data-report={report}>
      <div className="flex flex-col gap-3">
        <Button variant="ghost" size="sm" className="-ml-2 w-fit text-muted-foreground" onClick={() => state.choose(null)} data-testid="fr-back">
          <ArrowLeft aria-hidden />
          {m.picker.back}
        </Button>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <IconBadge icon={Icon} className={cn('size-10 rounded-xl', TONES[report])} iconClassName="size-5" />
            <div className="min-w-0">
              <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">{info.title}</h1>
              <p className="mt-0.5 text-sm text-muted-foreground">{info.blurb}</p>
            </div>
          </div>
          <div className="flex w-full gap-2 sm:w-auto [&>*]:flex-1 sm:[&>*]:flex-none">
            <ExportButtons
              isBusy={download.isBusy}
              onDownload={(format) => void download.start(report, params, format)}
              pdfLabel={m.download.pdf}
              excelLabel={m.download.excel}
              testIds={{ pdf: 'fr-download-pdf', xlsx: 'fr-download-xlsx' }}
            />
          </div>
        </div>
      </div>
      <ReportFilters report={report} params={params} setParams={state.setParams} reset={state.reset} options={options.data} effective={query.data as React.ComponentProps<typeof ReportFilters>['effective']} />
      {query.isError ? (
        <QueryErrorCard query={query} title={m.loadFailed} retryLabel={m.tryAgain} testId="fr-error" />
      ) : !query.data ? (
        <SkeletonStack testId="fr-loading" cells={LOADING_CELLS} />
      ) : (
        <div className={cn('flex min-w-0 flex-col gap-4 transition-opacity sm:gap-6', query.isFetching && 'opacity-60')} data-testid="fr-body">
          <ReportBody report={report} data={query.data} />
        </div>
      )}
    </section>
  );
}

/** The view of each report; each takes its own report's answer as `r`. */
const REPORT_VIEWS: { [K in ReportId]: React.ComponentType<{ r: ReportData[K] }> } = {
  'fee-collection': FeeCollectionView,
  arrears: ArrearsView,
  defaulters: DefaultersView,
  'cash-book': CashBookView,
  'income-expenditure': IncomeExpenditureView,
  'mpesa-reconciliation': MpesaView,
  'expenses-by-category': ExpensesView,
  'budget-vs-actual': BudgetView,
};

function ReportBody({ report, data }: { report: ReportId; data: unknown }) {
  const View = REPORT_VIEWS[report] as React.ComponentType<{ r: unknown }>;
  return <View r={data} />;
}
