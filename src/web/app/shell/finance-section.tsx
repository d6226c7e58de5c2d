import { BarChart3, LayoutDashboard, Receipt } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { financialAnalyticsMessages as fm } from '@shared/messages/financial-analytics';
import { useAuth } from '@/lib/auth';
import { FinancialAnalyticsPanel } from '@/features/financial-analytics/financial-analytics-panel';
import { PendingExpensesCard } from '@/features/expenses/pending-expenses-card';
import { FinanceOfficePanel } from '@/features/finance-office/finance-office-panel';
import { financeOfficeMessages as fo } from '@shared/messages/finance-office';
import { IconTabsList } from '@/components/icon-tabs';
import { iconTabEntries } from '@/components/icon-tab-entries';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { FinancialOverview } from '@/features/fees/overview/financial-overview';
import { ParentFees } from '@/features/fees/overview/parent-fees';
import { perLocale } from '@shared/i18n/localized';

/**
 * The "finance" section (spec §2, issue 11 §2): parents see their children's School Fees; the finance
 * officer ("Finance") and platform staff see the school's Financial Overview; the principal and director
 * see it with two more tabs, Analytics (issue 15 §3, the Financial Analytics panel) and Spending (expenses
 * waiting for their approval and the finance office at a glance, issue 15 §1), kept in the address
 * as ?view=analytics|spending so it can be linked and survives a reload. The shell has already checked the role
 * may open the section.
 */
export function FinanceSection() {
  const { state } = useAuth();
  const role = state.user?.role ?? null;
  if (!role) return null;
  if (role === 'parent') return <ParentFees />;
  if (role === 'principal' || role === 'school_director') return <LeadershipFinance role={role} />;
  return <FinancialOverview role={role} />;
}

/** Overview, Analytics and Spending (test ids `finance-tab-<view>`). */
const LEADERSHIP_TABS = perLocale(() => (iconTabEntries({ overview: fm.web.overviewTab, analytics: fm.web.analyticsTab, spending: fo.spendingTab }, 'finance', [
  ['overview', LayoutDashboard],
  ['analytics', BarChart3],
  ['spending', Receipt],
])));

function LeadershipFinance({ role }: { role: 'principal' | 'school_director' }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('view');
  const view = asked === 'analytics' || asked === 'spending' ? asked : 'overview';
  const pick = (next: string) => {
    const p = new URLSearchParams(params);
    if (next === 'analytics' || next === 'spending') p.set('view', next);
    else p.delete('view');
    setParams(p, { replace: true });
  };
  return (
    <Tabs value={view} onValueChange={pick} className="flex min-w-0 flex-col" data-testid="finance-tabs">
      <IconTabsList label={fm.web.tabsLabel} tabs={LEADERSHIP_TABS} />
      <TabsContent value="overview">
        <FinancialOverview role={role} />
      </TabsContent>
      <TabsContent value="analytics">
        <FinancialAnalyticsPanel role={role} sectionId="finance" />
      </TabsContent>
      {/* Issue 15 §1: expenses waiting for the principal or director, and the finance office at a glance. */}
      <TabsContent value="spending" className="flex min-w-0 flex-col gap-4">
        <PendingExpensesCard />
        <FinanceOfficePanel role={role} />
      </TabsContent>
    </Tabs>
  );
}
