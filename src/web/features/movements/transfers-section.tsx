import * as React from 'react';
import { useSearchParams } from 'react-router';
import { History, Inbox, LogIn, LogOut } from 'lucide-react';
import { messages } from '@shared/messages';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { IconTabsList } from '@/components/icon-tabs';
import { CountBadge } from '@/components/count-badge';
import { useTransferRequests } from './api/movements';
import { MovementPage } from './components/movement-page';
import { TransferInForm } from './components/transfer-in-form';
import { TransferOutForm } from './components/transfer-out-form';
import { TransferRequests } from './components/transfer-requests';
import { TransfersHistory } from './components/transfers-history';

const t = messages.movements.transfers;
const TABS = ['out', 'in', 'requests', 'history'] as const;
type Tab = (typeof TABS)[number];

/**
 * Transfer Management (issue 10 §2 Transfers; principal, section `transfer-management`): tabs Transfer
 * out, Transfer in, Requests from other schools (with the number pending) and History. The tab is
 * kept in the URL (?tab=), so Back and a reload return to it.
 */
export function TransfersSection() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = TABS.includes(raw as Tab) ? (raw as Tab) : 'out';
  const incoming = useTransferRequests('incoming');
  // On phones the tab strip scrolls sideways: keep the open tab in view (e.g. after ?tab=requests).
  React.useEffect(() => {
    document.querySelector(`[data-testid="tab-${tab}"]`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  const pending = (incoming.data ?? []).filter((r) => r.status === 'pending').length;
  const setTab = (next: string) =>
    setParams(
      (prev) => {
        const q = new URLSearchParams(prev);
        if (next === 'out') q.delete('tab');
        else q.set('tab', next);
        return q;
      },
      { replace: true },
    );

  return (
    <MovementPage testId="transfers-section" subtitle={t.subtitle}>
      <Tabs value={tab} onValueChange={setTab}>
        <IconTabsList
          label={t.subtitle}
          tabs={[
            { value: 'out', icon: LogOut, label: t.tabs.out, testId: 'tab-out' },
            { value: 'in', icon: LogIn, label: t.tabs.in, testId: 'tab-in' },
            { value: 'requests', icon: Inbox, label: t.tabs.requests, testId: 'tab-requests', badge: <CountBadge count={pending} label={t.pendingCount(pending)} testId="requests-pending" /> },
            { value: 'history', icon: History, label: t.tabs.history, testId: 'tab-history' },
          ]}
        />
        <TabsContent value="out">
          <div className="mx-auto max-w-3xl">
            <TransferOutForm />
          </div>
        </TabsContent>
        <TabsContent value="in">
          <div className="mx-auto max-w-4xl">
            <TransferInForm />
          </div>
        </TabsContent>
        <TabsContent value="requests">
          <TransferRequests />
        </TabsContent>
        <TabsContent value="history">
          <TransfersHistory />
        </TabsContent>
      </Tabs>
    </MovementPage>
  );
}
