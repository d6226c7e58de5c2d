import { BellRing, MessagesSquare, Scale, Smartphone } from 'lucide-react';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { IconTabsList } from '@/components/icon-tabs';
import { useFeesLiveRefresh } from '../api/fees';
import { mm, PickSchool, SectionFrame, useFeesAccess, useTabParam } from '../mpesa/common';
import { FeeSettingsTab } from './fee-settings';
import { MpesaSetupTab } from './mpesa-setup';
import { RemindersTab } from './reminders';
import { SmsLogTab } from './sms-log';

const t = mm.settings;
const ALL_TABS = ['mpesa', 'fees', 'reminders', 'sms'] as const;
const READ_TABS = ['mpesa', 'fees', 'sms'] as const;

/**
 * Finance Settings (issue 11 §3, §4, section `finance-settings`): tabs kept in the URL for the M-Pesa
 * set-up (with the callback URLs), fee settings, fee reminders and the SMS log. The finance officer
 * changes them; principal, director and platform staff read them (no Reminders tab: sending is the
 * finance officer's).
 */
export function FinanceSettingsSection() {
  const access = useFeesAccess();
  return (
    <SectionFrame testId="finance-settings" subtitle={access.canManage ? t.subtitle : t.subtitleReadOnly} readOnly={!access.canManage}>
      {access.needsSchool ? <PickSchool testId="finance-settings-pick-school" /> : <FinanceSettings schoolId={access.schoolId} canManage={access.canManage} />}
    </SectionFrame>
  );
}

const TAB_ICONS = { mpesa: Smartphone, fees: Scale, reminders: BellRing, sms: MessagesSquare } as const;

function FinanceSettings({ schoolId, canManage }: { schoolId: string | null; canManage: boolean }) {
  useFeesLiveRefresh();
  const tabs = canManage ? ALL_TABS : READ_TABS;
  const [tab, setTab] = useTabParam<(typeof ALL_TABS)[number]>(tabs);
  return (
    <Tabs value={tab} onValueChange={setTab}>
      <IconTabsList label={t.tabsLabel} dataTab tabs={tabs.map((id) => ({ value: id, icon: TAB_ICONS[id], label: t.tabs[id], testId: `finance-settings-tab-${id}` }))} />
      <TabsContent value="mpesa">
        <MpesaSetupTab schoolId={schoolId} canManage={canManage} />
      </TabsContent>
      <TabsContent value="fees">
        <FeeSettingsTab schoolId={schoolId} canManage={canManage} />
      </TabsContent>
      {canManage && (
        <TabsContent value="reminders">
          <RemindersTab />
        </TabsContent>
      )}
      <TabsContent value="sms">
        <SmsLogTab schoolId={schoolId} />
      </TabsContent>
    </Tabs>
  );
}
