import { useSearchParams } from 'react-router';
import { Building2, FileText, Layers, LayoutDashboard, Settings2 } from 'lucide-react';
import { can } from '@shared/access';
import { billingScreens as s } from '@shared/messages/billing-screens';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { IconTabsList } from '@/components/icon-tabs';
import { useAuth } from '@/lib/auth';
import { DirectorBilling } from './director-billing';
import { InvoicesTab } from './invoices-tab';
import { OverviewTab } from './overview-tab';
import { PlansTab } from './plans-tab';
import { SettingsTab } from './settings-tab';
import { SubscriptionsTab } from './subscriptions-tab';

const TABS = ['overview', 'invoices', 'subscriptions', 'plans', 'settings'] as const;
type Tab = (typeof TABS)[number];
/** What a caller without manageBilling may read: the server keeps the dashboard, plans and settings to manageBilling. */
const READ_ONLY_TABS: readonly Tab[] = ['invoices', 'subscriptions'];
const ICONS = { overview: LayoutDashboard, invoices: FileText, subscriptions: Building2, plans: Layers, settings: Settings2 } as const;

/**
 * EduFam staff's "Billing Management" (issue 18 §1): tabs Overview, Invoices, Subscriptions, Plans and
 * Settings, the tab (and the overview's year) in the address. edufam_admin and its alias elimisha_admin
 * change things (manageBilling); without it, invoices and subscriptions read without the write buttons.
 */
function BillingManagement({ canManage }: { canManage: boolean }) {
  const { sectionId, title } = useActiveSectionTitle();
  const [params, setParams] = useSearchParams();
  const tabs = canManage ? TABS : READ_ONLY_TABS;
  const fallback = tabs[0]!;
  const tab: Tab = (tabs as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : fallback;
  const thisYear = new Date().getFullYear();
  const years = [thisYear, thisYear - 1, thisYear - 2];
  const year = years.includes(Number(params.get('year'))) ? Number(params.get('year')) : thisYear;

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="billing-section">
      <PageHeader sectionId={sectionId} title={title} subtitle={canManage ? s.section.adminSubtitle : `${s.section.adminSubtitle} ${s.common.readOnlyNote}`} testId="billing-header" />
      <Tabs value={tab} onValueChange={(next) => setParams(next === fallback ? {} : { tab: next })} className="min-w-0">
        <IconTabsList label={title} tabs={tabs.map((x) => ({ value: x, icon: ICONS[x], label: s.section.tabs[x], testId: `billing-tab-${x}` }))} />
        {canManage && (
          <TabsContent value="overview">
            {tab === 'overview' && <OverviewTab year={year} years={years} onYear={(y) => setParams(y === thisYear ? {} : { year: String(y) })} />}
          </TabsContent>
        )}
        <TabsContent value="invoices">{tab === 'invoices' && <InvoicesTab canManage={canManage} year={year} />}</TabsContent>
        <TabsContent value="subscriptions">{tab === 'subscriptions' && <SubscriptionsTab canManage={canManage} />}</TabsContent>
        {canManage && <TabsContent value="plans">{tab === 'plans' && <PlansTab canManage={canManage} />}</TabsContent>}
        {canManage && <TabsContent value="settings">{tab === 'settings' && <SettingsTab canManage={canManage} />}</TabsContent>}
      </Tabs>
    </section>
  );
}

/**
 * The "billing" section (issue 18 §1): EduFam staff get Billing Management; a school's director their
 * own school's subscription and invoices, paid by M-Pesa.
 */
export function BillingSection() {
  const { state } = useAuth();
  const user = state.user;
  if (!user?.role) return null;
  const actor = { id: user.id, role: user.role, schoolId: user.schoolId };
  if (user.role === 'school_director') return <DirectorBilling schoolName={user.school?.name ?? ''} phone={user.phone} canPay={can(actor, 'payPlatformInvoices')} />;
  return <BillingManagement canManage={can(actor, 'manageBilling')} />;
}
