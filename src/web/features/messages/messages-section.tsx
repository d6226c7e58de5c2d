import * as React from 'react';
import { useSearchParams } from 'react-router';
import { Clock, Megaphone, MessageSquareDashed, PenSquare } from 'lucide-react';
import type { BroadcastResult } from '@shared/contracts/conversations';
import { conversationScreens as t } from '@shared/messages/conversations-screens';
import { smsRepliesScreens as sms } from '@shared/messages/sms-replies';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { IconBadge } from '@/components/icon-badge';
import { ConversationList } from './conversation-list';
import { BroadcastDeliverySheet } from './broadcast-delivery';
import { BroadcastDialog, NewConversationDialog, OfficeHoursDialog } from './dialogs';
import { useMessagesLive } from './messages-api';
import { SafeguardingTab } from './safeguarding';
import { SmsRepliesTab } from './sms-replies';
import { Thread } from './thread';

/** The open conversation lives in the address (?c=), so a reload or a shared link reopens it. */
function useSelected(): [string | null, (id: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const id = params.get('c');
  const set = React.useCallback(
    (next: string | null) =>
      setParams(
        (p) => {
          const q = new URLSearchParams(p);
          if (next) q.set('c', next);
          else q.delete('c');
          return q;
        },
        { replace: false },
      ),
    [setParams],
  );
  return [id, set];
}

/** Left the conversations, right the open thread; on phones the thread takes the whole screen. */
function Messenger({ meId, meName, tall }: { meId: string; meName: string; tall: boolean }) {
  const [selected, setSelected] = useSelected();
  return (
    <div
      className={cn(
        'grid min-h-[30rem] grid-cols-[minmax(0,1fr)] overflow-hidden rounded-xl border bg-card shadow-xs md:grid-cols-[19rem_minmax(0,1fr)] lg:grid-cols-[22rem_minmax(0,1fr)]',
        tall ? 'h-[calc(100svh-12.5rem)]' : 'h-[calc(100svh-15.5rem)]',
      )}
      data-testid="messenger"
    >
      <div className={cn('min-h-0 border-r', selected && 'hidden md:block')}>
        <ConversationList meId={meId} meName={meName} selectedId={selected} onSelect={setSelected} />
      </div>
      {selected ? (
        <div className="fixed inset-0 z-40 min-h-0 bg-card md:static md:z-auto" data-testid="thread-pane">
          <Thread key={selected} conversationId={selected} meId={meId} onBack={() => setSelected(null)} />
        </div>
      ) : (
        <div className="hidden min-h-0 flex-col items-center justify-center gap-3 bg-muted/20 p-8 text-center md:flex" data-testid="thread-placeholder">
          <IconBadge icon={MessageSquareDashed} className="size-14 rounded-full bg-primary/10 text-primary" iconClassName="size-6" />
          <p className="font-medium">{t.thread.pick}</p>
          <p className="max-w-xs text-sm text-muted-foreground">{t.thread.pickHint}</p>
        </div>
      )}
    </div>
  );
}

/**
 * Messages (issue 17 §2): a two-pane messenger for conversations between parents and staff and among
 * staff, live (`messages.changed`), with "New message", teachers' and the principal's "Message all
 * parents of a stream", staff office hours with auto-reply, staff's SMS replies tab (issue 36 §2:
 * guardians' replies to the school's SMS) and the principal's Safeguarding tab (reported messages and
 * the audited review of a conversation).
 */
export function MessagesSection() {
  const { state } = useAuth();
  const user = state.user;
  const [, setSelectedParam] = useSearchParams();
  const [dialog, setDialog] = React.useState<'new' | 'broadcast' | 'office-hours' | null>(null);
  const [sent, setSent] = React.useState<BroadcastResult | null>(null);
  const [tab, setTab] = React.useState<'conversations' | 'sms-replies' | 'safeguarding'>('conversations');
  useMessagesLive();
  if (!user) return null;
  const role = user.role;
  const staff = role !== 'parent';
  const canBroadcast = role === 'teacher' || role === 'principal';
  const principal = role === 'principal';

  const openConversation = (id: string) => {
    setTab('conversations');
    setSelectedParam((p) => {
      const q = new URLSearchParams(p);
      q.set('c', id);
      return q;
    });
  };

  const actions = (
    <>
      {staff && (
        <Button variant="outline" onClick={() => setDialog('office-hours')} data-testid="office-hours-open">
          <Clock aria-hidden />
          {t.actions.officeHours}
        </Button>
      )}
      {canBroadcast && (
        <Button variant="outline" onClick={() => setDialog('broadcast')} data-testid="broadcast-open" title={t.actions.broadcast}>
          <Megaphone aria-hidden />
          <span className="hidden lg:inline">{t.actions.broadcast}</span>
          <span className="lg:hidden">{t.actions.broadcastShort}</span>
        </Button>
      )}
      <Button onClick={() => setDialog('new')} data-testid="new-conversation">
        <PenSquare aria-hidden />
        {t.actions.newMessage}
      </Button>
    </>
  );

  const messenger = <Messenger meId={user.id} meName={user.name} tall={!staff} />;
  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-5" data-testid="messages">
      <PageHeader sectionId="messages" title={t.title} subtitle={t.subtitle} actions={actions} />
      {staff ? (
        <Tabs value={tab} onValueChange={(v) => setTab(v as typeof tab)}>
          <TabsList>
            <TabsTrigger value="conversations" data-testid="tab-conversations">
              {t.tabs.conversations}
            </TabsTrigger>
            <TabsTrigger value="sms-replies" data-testid="tab-sms-replies">
              {sms.tab}
            </TabsTrigger>
            {principal && (
              <TabsTrigger value="safeguarding" data-testid="tab-safeguarding">
                {t.tabs.safeguarding}
              </TabsTrigger>
            )}
          </TabsList>
          <TabsContent value="conversations" className="pt-4">
            {messenger}
          </TabsContent>
          <TabsContent value="sms-replies" className="pt-4">
            <SmsRepliesTab />
          </TabsContent>
          {principal && (
            <TabsContent value="safeguarding" className="pt-4">
              <SafeguardingTab />
            </TabsContent>
          )}
        </Tabs>
      ) : (
        messenger
      )}
      <NewConversationDialog open={dialog === 'new'} onOpenChange={(o) => setDialog(o ? 'new' : null)} staff={staff} onCreated={openConversation} />
      {canBroadcast && <BroadcastDialog open={dialog === 'broadcast'} onOpenChange={(o) => setDialog(o ? 'broadcast' : null)} email={user.email} role={role} onSent={setSent} />}
      {canBroadcast && <BroadcastDeliverySheet broadcastId={sent?.broadcastId ?? null} result={sent} onClose={() => setSent(null)} />}
      {staff && <OfficeHoursDialog open={dialog === 'office-hours'} onOpenChange={(o) => setDialog(o ? 'office-hours' : null)} />}
    </section>
  );
}
