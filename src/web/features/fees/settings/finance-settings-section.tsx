import { BellRing, Landmark, MessagesSquare, Scale, Smartphone } from 'lucide-react';
import { voteHeadsMessages } from '@shared/messages/vote-heads';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { IconTabsList } from '@/components/icon-tabs';
import { useFeesLiveRefresh } from '../api/fees';
import { mm, PickSchool, SectionFrame, useFeesAccess, useTabParam } from '../mpesa/common';
import { FeeSettingsTab } from './fee-settings';
import { MpesaSetupTab } from './mpesa-setup';
import { RemindersTab } from './reminders';
import { SmsLogTab } from './sms-log';
import { VoteHeadsTab } from './vote-heads-tab';
import { perLocale } from '@shared/i18n/localized';

const t = mm.settings;
const ALL_TABS = ['mpesa', 'fees', 'voteHeads', 'reminders', 'sms'] as const;
const READ_TABS = ['mpesa', 'fees', 'voteHeads', 'sms'] as const;

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

const TAB_ICONS = { mpesa: Smartphone, fees: Scale, voteHeads: Landmark, reminders: BellRing, sms: MessagesSquare } as const;
const TAB_LABELS = perLocale(() => ({ ...t.tabs, voteHeads: voteHeadsMessages.ui.tab }));

function FinanceSettings({ schoolId, canManage }: { schoolId: string | null; canManage: boolean }) {
  useFeesLiveRefresh();
  const tabs = canManage ? ALL_TABS : READ_TABS;
  const [tab, setTab] = useTabParam<(typeof ALL_TABS)[number]>(tabs);
  return (
    <Tabs value={tab} onValueChange={setTab}>
      <IconTabsList label={t.tabsLabel} dataTab tabs={tabs.map((id) => ({ value: id, icon: TAB_ICONS[id], label: TAB_LABELS[id], testId: `finance-settings-tab-${id}` }))} />
      <TabsContent value="mpesa">
        <MpesaSetupTab schoolId={schoolId} canManage={canManage} />
      </TabsContent>
      <TabsContent value="fees">
        <FeeSettingsTab schoolId={schoolId} canManage={canManage} />
      </TabsContent>
      <TabsContent value="voteHeads">
        {/* Issue 35 §3: vote heads are the school's own (no platform-staff view). */}
        {schoolId ? null : <VoteHeadsTab canManage={canManage} />}
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
