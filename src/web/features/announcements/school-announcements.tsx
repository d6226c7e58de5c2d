import * as React from 'react';
import { useSearchParams } from 'react-router';
import { Inbox, Plus, Send } from 'lucide-react';
import { can } from '@shared/access';
import type { Announcement } from '@shared/contracts/announcements';
import { announcementScreens as t } from '@shared/messages/announcements-screens';
import type { Role } from '@shared/roles';
import { sectionLabel } from '@shared/sections';
import { cn } from '@/lib/utils';
import { PageHeader } from '@/components/page-header';
import { SearchField } from '@/components/search-field';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { IconTabsList } from '@/components/icon-tabs';
import { useAuth } from '@/lib/auth';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAnnouncements, useAnnouncementsLiveRefresh } from './announcements-api';
import { AnnouncementDetailSheet } from './announcement-detail';
import { AnnouncementList } from './announcement-list';
import { ComposeSheet } from './compose-sheet';
import { DeliverySheet } from './delivery-sheet';
import { SentAnnouncements } from './sent-announcements';

const PAGE = 30;

/** What the caller may read: search, "Unread only", pinned first, newest next; "Show more" pages on. */
function InboxView({ onOpen }: { onOpen: (a: Announcement) => void }) {
  const [q, setQ] = React.useState('');
  const [unreadOnly, setUnreadOnly] = React.useState(false);
  const [size, setSize] = React.useState(PAGE);
  const search = useDebouncedValue(q, 300);
  const query = useAnnouncements({ q: search, unread: unreadOnly, pageSize: size });
  const data = query.data;
  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchField value={q} onChange={setQ} placeholder={t.search} className="sm:max-w-sm sm:flex-1" testId="announcements-search" maxLength={200} />
        <Button
          variant={unreadOnly ? 'default' : 'outline'}
          size="sm"
          className="self-start sm:self-auto"
          aria-pressed={unreadOnly}
          onClick={() => setUnreadOnly((v) => !v)}
          data-testid="announcements-unread-only"
        >
          {t.unreadOnly}
          {!!data?.unread && <span className={cn('rounded-full px-1.5 text-xs tabular-nums', unreadOnly ? 'bg-primary-foreground/20' : 'bg-primary/10 text-primary')}>{data.unread}</span>}
        </Button>
      </div>
      <AnnouncementList
        items={data?.items}
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        searching={!!search.trim() || unreadOnly}
        onOpen={onOpen}
        hasMore={!!data && data.total > data.items.length}
        onMore={() => setSize((s) => Math.min(100, s + PAGE))}
        fetching={query.isPlaceholderData}
      />
    </div>
  );
}

/**
 * The school announcements section (issue 17 §1) of every school role, titled by role (School News,
 * Class Announcements, Finance Notices, HR Announcements, Announcements): the inbox with the detail
 * sheet (opening marks it read; `?open=<id>` opens one, as the banners link); for posting roles also
 * "New announcement" and the "Sent" tab with delivery. `platformNotices` (EduFam's own notices) shows
 * under the inbox. Live on `announcements.changed`, polling every 30 s as the fallback.
 */
export function SchoolAnnouncements({ role, platformNotices }: { role: Role; platformNotices?: React.ReactNode }) {
  useAnnouncementsLiveRefresh();
  const { state } = useAuth();
  const user = state.user;
  const canPost = !!user && can({ id: user.id, role, schoolId: user.schoolId }, 'postAnnouncements');
  const [params, setParams] = useSearchParams();
  const openId = params.get('open');
  const [opened, setOpened] = React.useState<Announcement | null>(null);
  const [delivery, setDelivery] = React.useState<Announcement | null>(null);
  const [composing, setComposing] = React.useState(false);
  const [tab, setTab] = React.useState<'inbox' | 'sent'>('inbox');
  const unread = useAnnouncements({ pageSize: 1, unread: true }).data?.total;

  const open = React.useCallback(
    (a: Announcement) => {
      setOpened(a);
      setParams((p) => {
        p.set('open', a.id);
        return p;
      });
    },
    [setParams],
  );
  const close = () =>
    setParams(
      (p) => {
        p.delete('open');
        return p;
      },
      { replace: true },
    );

  const title = sectionLabel(role, 'announcements');
  const inbox = (
    <div className="grid min-w-0 gap-8">
      <InboxView onOpen={open} />
      {platformNotices}
    </div>
  );

  return (
    <section className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-5 sm:gap-6" data-testid="school-announcements">
      <PageHeader
        sectionId="announcements"
        title={title}
        subtitle={t.subtitle}
        testId="announcements-header"
        actions={
          canPost ? (
            <Button onClick={() => setComposing(true)} data-testid="announcement-new">
              <Plus aria-hidden />
              {t.newAnnouncement}
            </Button>
          ) : undefined
        }
      />

      {canPost ? (
        <Tabs value={tab} onValueChange={(v) => setTab(v as 'inbox' | 'sent')} className="min-w-0">
          <IconTabsList label={t.tabsLabel}
            tabs={[
              { value: 'inbox', icon: Inbox, label: t.tabInbox, testId: 'announcements-tab-inbox', badge: !!unread && <span className="rounded-full bg-primary px-1.5 text-[0.7rem] font-semibold text-primary-foreground tabular-nums">{unread}</span> },
              { value: 'sent', icon: Send, label: t.tabSent, testId: 'announcements-tab-sent' },
            ]}
          />
          <TabsContent value="inbox">{inbox}</TabsContent>
          <TabsContent value="sent">
            <SentAnnouncements onOpen={open} onDelivery={setDelivery} onCompose={() => setComposing(true)} />
          </TabsContent>
        </Tabs>
      ) : (
        inbox
      )}

      <AnnouncementDetailSheet id={openId} initial={opened} onClose={close} onDelivery={setDelivery} />
      <DeliverySheet announcement={delivery} onClose={() => setDelivery(null)} />
      {canPost && <ComposeSheet open={composing} onClose={() => setComposing(false)} />}
    </section>
  );
}
