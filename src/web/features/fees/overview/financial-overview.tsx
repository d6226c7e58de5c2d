import type * as React from 'react';
import { Building2, Loader2, Wallet } from 'lucide-react';
import { canOpenSection, homePathFor, pathForSection } from '@shared/access';
import { messages } from '@shared/messages';
import type { Role } from '@shared/roles';
import { QueryErrorCard } from '@/components/query-error-card';
import { EmptyStateCard, PageSkeleton } from '@/components/page-states';
import { PageHeader } from '@/components/page-header';
import { formatDate } from '@/lib/format';
import { Panel } from '@/components/page-layout';
import { useOverview } from '../api/fees';
import { formatMoney } from '@/components/money';
import { DailyCollectionsChart, LevelChart, MethodsChart } from '@/components/finance-charts';
import { OverviewAlerts } from './overview-alerts';
import { MoneyKpis, RateKpis } from './overview-kpis';
import { DefaultersTable, StreamTable } from './overview-tables';
import { TermPicker, useFinanceTerm } from './term-picker';
import { CapitationCard } from './capitation-card';

const m = messages.financeOverview.overview;
const c = messages.financeOverview.common;

function OverviewSkeleton() {
  return (
    <PageSkeleton
      testId="overview-loading"
      rows={[
        { grid: 'grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-3', cells: ['h-36 rounded-xl', 'h-36 rounded-xl', 'h-36 rounded-xl'] },
        { grid: 'grid gap-4 sm:gap-6 lg:grid-cols-3', cells: ['h-80 rounded-xl lg:col-span-2', 'h-80 rounded-xl'] },
      ]}
    />
  );
}

/** Links out of the overview, by what the role may open. */
function linksFor(role: Role) {
  const accounts = canOpenSection(role, 'student-accounts').allowed ? pathForSection(role, 'student-accounts') : null;
  return {
    account: accounts ? (studentId: string) => `${accounts}?student=${studentId}` : null,
    mpesa: canOpenSection(role, 'mpesa-payments').allowed ? pathForSection(role, 'mpesa-payments') : null,
    // The Approvals card lives on the principal's and director's dashboards (ARCHITECTURE.md "Approvals").
    approvals: role === 'principal' || role === 'school_director' ? `${homePathFor(role)}#approvals` : null,
  };
}

/**
 * The Financial Overview (issue 11 §2) of the finance officer ("Finance"), principal, director and
 * platform staff: the term (picker, default the current one) in KPI cards, daily collections, collections
 * by method and by level, a table per stream, the top defaulters (linking to Student Accounts), and
 * alerts for unmatched M-Pesa payments and pending approvals. Live: every `fees.changed` refetches.
 */
export function FinancialOverview({ role }: { role: Role }) {
  const { schoolId, ready, termParam, terms, pickTerm } = useFinanceTerm(role);
  const overview = useOverview(termParam, schoolId, ready);
  const links = linksFor(role);
  // Headed as the sidebar item that opens it (issue 34): "Finance" for the finance officer and principal.
  const title = role === 'finance_officer' || role === 'principal' ? m.titleFinance : m.titleLeadership;

  const data = overview.data;
  const term = data?.term ?? null;

  const header = (
    <PageHeader
      sectionId="finance"
      title={title}
      subtitle={term ? m.subtitle(m.termOption(term.name, term.academicYear), formatDate(term.startsOn), formatDate(term.endsOn)) : m.subtitleNoTerm}
      testId="overview-header"
      actions={
        ready && (
          <div className="flex w-full items-center gap-2 sm:w-auto">
            {overview.isPlaceholderData && <Loader2 className="size-4 shrink-0 animate-spin text-muted-foreground" aria-label={m.refreshing} />}
            <TermPicker terms={terms.terms} value={termParam ?? term?.id ?? null} onChange={pickTerm} />
          </div>
        )
      }
    />
  );

  let body: React.ReactNode;
  if (!ready) {
    body = <EmptyStateCard icon={Building2} title={c.pickSchoolTitle} hint={c.pickSchoolText} testId="overview-pick-school" />;
  } else if (overview.isPending) {
    body = <OverviewSkeleton />;
  } else if (overview.isError) {
    body = (
      <QueryErrorCard
        query={overview}
        title={c.loadFailedTitle}
        text={c.loadFailedText}
        retryLabel={c.tryAgain}
        testId="overview-error"
        retryTestId="overview-retry"
      />
    );
  } else if (!data!.term) {
    body = <EmptyStateCard icon={Wallet} title={c.noTermTitle} hint={c.noTermText} testId="overview-no-term" />;
  } else {
    const d = data!;
    const dailyTotal = d.daily.reduce((s, x) => s + x.amount, 0);
    body = (
      <div className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="overview" data-term={d.term?.id} aria-busy={overview.isPlaceholderData || undefined}>
        <OverviewAlerts data={d} mpesaHref={links.mpesa} approvalsHref={links.approvals} />
        <div className="flex flex-col gap-3 sm:gap-4">
          <MoneyKpis data={d} />
          <RateKpis data={d} />
        </div>
        <CapitationCard role={role} term={d.term} />

        <div className="grid min-w-0 grid-cols-1 gap-4 sm:gap-6 xl:grid-cols-3">
          <Panel
            title={m.daily}
            description={m.dailyHint}
            className="xl:col-span-2"
            testId="panel-daily"
            action={dailyTotal > 0 && <span className="rounded-md bg-muted px-2 py-1 text-xs font-medium tabular-nums">{m.dailyTotal(formatMoney(dailyTotal))}</span>}
          >
            <DailyCollectionsChart daily={d.daily} height={260} />
          </Panel>
          <Panel title={m.byMethod} description={m.byMethodHint} testId="panel-methods" bodyClassName="flex items-center">
            <MethodsChart byMethod={d.byMethod} />
          </Panel>
        </div>

        <Panel title={m.byLevel} description={m.byLevelHint} testId="panel-levels">
          {d.byLevel.length ? <LevelChart byLevel={d.byLevel} height={280} /> : <p className="py-10 text-center text-sm text-muted-foreground">{m.byLevelEmpty}</p>}
        </Panel>

        <div className="grid min-w-0 grid-cols-1 gap-4 sm:gap-6 2xl:grid-cols-2">
          <Panel title={m.byStream} description={m.byStreamHint} testId="panel-streams">
            {d.byStream.length ? <StreamTable rows={d.byStream} /> : <p className="py-10 text-center text-sm text-muted-foreground">{m.byStreamEmpty}</p>}
          </Panel>
          <Panel title={m.defaulters} description={m.defaultersHint} testId="panel-defaulters">
            {d.topDefaulters.length ? (
              <DefaultersTable rows={d.topDefaulters} accountHref={links.account} />
            ) : (
              <p className="py-10 text-center text-sm text-muted-foreground">{m.defaultersEmpty}</p>
            )}
          </Panel>
        </div>
      </div>
    );
  }

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="financial-overview">
      {header}
      {body}
    </section>
  );
}
