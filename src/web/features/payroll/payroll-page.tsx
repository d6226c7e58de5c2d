import { useSearchParams } from 'react-router';
import { Calculator, ListChecks, Settings2, Wallet } from 'lucide-react';
import { payrollScreens as m } from '@shared/messages/payroll-screens';
import { sectionLabel } from '@shared/sections';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/lib/auth';
import { useSchoolContext } from '@/lib/school-context';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { IconTabsList } from '@/components/icon-tabs';
import { iconTabEntries } from '@/components/icon-tab-entries';
import { StatutoryCalculator } from './components/statutory-calculator';
import { PayComponentsView } from './components-view/pay-components-view';
import { RunsView } from './runs/runs-view';
import { PayrollSettingsView } from './settings/payroll-settings-view';

type Tab = 'runs' | 'components' | 'settings' | 'calculator';
const TABS: Tab[] = ['runs', 'components', 'settings', 'calculator'];

/**
 * HR's Payroll page (issue 14 §3): monthly runs (compute, review against last month, submit for
 * approval, documents once approved), pay components per member of staff, payroll settings and the
 * statutory calculator. The tab is kept in the address (`?tab=`), an open run as `?run=<id>`.
 */
export function PayrollPage() {
  const { state } = useAuth();
  const { currentSchool } = useSchoolContext();
  const role = state.user?.role ?? null;
  const subtitle = currentSchool?.name ? `${currentSchool.name} · ${m.subtitle}` : m.subtitle;
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab') as Tab | null;
  const tab: Tab = raw && TABS.includes(raw) ? raw : 'runs';
  const setTab = (next: string) => setParams(next === 'runs' ? {} : { tab: next });
  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="payroll-page">
      <PageHeader sectionId="payroll" title={role ? sectionLabel(role, 'payroll') : ''} subtitle={subtitle} />
      <Tabs value={tab} onValueChange={setTab} className="min-w-0">
        <IconTabsList
          label={m.tabs.label}
          tabs={iconTabEntries(m.tabs, 'payroll', [['runs', Wallet], ['components', ListChecks], ['settings', Settings2], ['calculator', Calculator]])}
        />
        <TabsContent value="runs">{tab === 'runs' && <RunsView />}</TabsContent>
        <TabsContent value="components">{tab === 'components' && <PayComponentsView />}</TabsContent>
        <TabsContent value="settings">{tab === 'settings' && <PayrollSettingsView />}</TabsContent>
        <TabsContent value="calculator">
          {tab === 'calculator' && (
            <div className="min-w-0" role="region" aria-label={m.tabs.calculator} data-testid="payroll-view" data-view="calculator">
              <StatutoryCalculator />
            </div>
          )}
        </TabsContent>
      </Tabs>
    </section>
  );
}
