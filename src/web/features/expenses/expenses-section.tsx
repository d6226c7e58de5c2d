import { useSearchParams } from 'react-router';
import { AlertTriangle, Hourglass, PiggyBank, Receipt, Settings2, Tags, TrendingDown, Wallet } from 'lucide-react';
import { expensesScreens as s } from '@shared/messages/expenses';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import { PageHeader } from '@/components/page-header';
import { useSchoolContext } from '@/lib/school-context';
import { Money, formatMoney } from '@/components/money';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { IconTabsList } from '@/components/icon-tabs';
import { BudgetsTab } from './budgets-tab';
import { Kpi } from './expense-bits';
import { useExpensesSummary } from './expenses-api';
import { ExpensesTab } from './expenses-tab';
import { CategoriesTab, PettyCashTab, SettingsTab } from './office-tabs';

const TABS = ['expenses', 'budgets', 'petty', 'categories', 'settings'] as const;
const TAB_ICONS = { expenses: Receipt, budgets: PiggyBank, petty: Wallet, categories: Tags, settings: Settings2 } as const;
type Tab = (typeof TABS)[number];

/**
 * The finance officer's Expenses section (issue 15 §1): KPIs (spent this term, waiting for approval,
 * petty cash against its float, categories over budget) and tabs Expenses, Budgets, Petty cash,
 * Categories and Settings. The tab is in the address (`?tab=`).
 */
export function ExpensesSection() {
  const { sectionId, title } = useActiveSectionTitle();
  const { currentSchool } = useSchoolContext();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'expenses';
  const summary = useExpensesSummary().data;
  const k = s.kpi;
  const dash = '–';

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="expenses-section">
      <PageHeader sectionId={sectionId} title={title} subtitle={currentSchool?.name ? `${currentSchool.name} · ${s.subtitle}` : s.subtitle} testId="expenses-header" />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="expenses-kpis">
        <Kpi
          icon={TrendingDown}
          tone="text-primary bg-primary/10"
          label={k.spent}
          value={summary ? <Money value={summary.spentThisTerm} /> : dash}
          hint={summary?.term ? k.spentHint(summary.term.name) : undefined}
          testId="kpi-spent"
        />
        <Kpi
          icon={Hourglass}
          tone="text-amber-600 bg-amber-500/12 dark:text-amber-300"
          label={k.pending}
          value={summary ? summary.pendingCount : dash}
          hint={summary ? k.pendingHint(`KES ${formatMoney(summary.pendingAmount)}`) : undefined}
          testId="kpi-pending"
        />
        <Kpi
          icon={Wallet}
          tone="text-emerald-600 bg-emerald-500/12 dark:text-emerald-300"
          label={k.petty}
          value={summary ? <Money value={summary.pettyCashBalance} /> : dash}
          hint={summary ? k.pettyHint(`KES ${formatMoney(summary.pettyCashFloat)}`) : undefined}
          testId="kpi-petty"
        />
        <Kpi
          icon={AlertTriangle}
          tone={summary && summary.overBudgetCategories > 0 ? 'text-destructive bg-destructive/10' : 'text-muted-foreground bg-muted'}
          label={k.over}
          value={summary ? summary.overBudgetCategories : dash}
          hint={summary ? k.overHint(summary.overBudgetCategories) : undefined}
          testId="kpi-over"
        />
      </div>
      <Tabs value={tab} onValueChange={(next) => setParams(next === 'expenses' ? {} : { tab: next })} className="min-w-0">
        <IconTabsList label={title} tabs={TABS.map((value) => ({ value, icon: TAB_ICONS[value], label: s.tabs[value], testId: `expenses-tab-${value}` }))} />
        <TabsContent value="expenses">{tab === 'expenses' && <ExpensesTab />}</TabsContent>
        <TabsContent value="budgets">{tab === 'budgets' && <BudgetsTab />}</TabsContent>
        <TabsContent value="petty">{tab === 'petty' && <PettyCashTab />}</TabsContent>
        <TabsContent value="categories">{tab === 'categories' && <CategoriesTab />}</TabsContent>
        <TabsContent value="settings">{tab === 'settings' && <SettingsTab />}</TabsContent>
      </Tabs>
    </section>
  );
}
