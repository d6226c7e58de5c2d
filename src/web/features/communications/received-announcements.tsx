import { AlertTriangle, Megaphone, RefreshCw } from 'lucide-react';
import { messages } from '@shared/messages';
import { sectionLabel } from '@shared/sections';
import type { Role } from '@shared/roles';
import type { ReceivedCommunication } from '@shared/contracts/communications';
import { StatusCard } from '@/components/status-screen';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useReceivedCommunications } from './api/received';
import { formatDateTime, formatRelative } from '@/lib/message-format';
import { PRIORITY_STYLES, PriorityBadge } from './components/priority';
import { PageTitle } from '@/components/page-header';
import { IconBadge } from '@/components/icon-badge';

const m = messages.communications;

/**
 * The announcements section of every role but edufam_admin, read-only (School News for parents,
 * Class Announcements for teachers, Finance Notices, HR Announcements, ...): the communications
 * targeted at the caller's role that show now, newest first, dismissed banners included (marked).
 * Read-only; banners are dismissed where they show. Polls every 30 s and refreshes on the live event
 * communications.changed.
 */
export function ReceivedAnnouncements({ role }: { role: Role }) {
  const query = useReceivedCommunications();
  const title = sectionLabel(role, 'announcements');

  let body: React.ReactNode;
  if (query.isError && !query.data) {
    body = (
      <div className="flex justify-center py-6">
        <StatusCard
          icon={AlertTriangle}
          title={m.errorLoadingTitle}
          text={m.errorLoadingText}
          detail={query.error.message}
          actions={
            <Button onClick={() => void query.refetch()}>
              <RefreshCw aria-hidden />
              {m.tryAgain}
            </Button>
          }
        />
      </div>
    );
  } else if (!query.data) {
    body = (
      <div className="flex flex-col gap-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
    );
  } else if (query.data.length === 0) {
    body = (
      <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-14 text-center" data-testid="received-empty">
        <IconBadge icon={Megaphone} className="size-12 rounded-full bg-muted text-muted-foreground" iconClassName="size-5" />
        <p className="mt-4 font-medium">{m.receivedEmptyTitle}</p>
        <p className="mt-1 max-w-sm text-sm text-muted-foreground">{m.receivedEmptyText}</p>
      </div>
    );
  } else {
    body = <ReceivedList items={query.data} />;
  }

  return (
    <section className="mx-auto flex w-full max-w-4xl min-w-0 flex-col gap-4 sm:gap-6" data-testid="received-announcements">
      <PageTitle icon={<Megaphone className="size-5" aria-hidden />} title={title} subtitle={m.receivedSubtitle} />
      {body}
    </section>
  );
}

/**
 * The platform's notices as cards (priority icon and badge, dismissed marked, posted and expiry times):
 * the read view above, and compact under a school's own announcements.
 */
export function ReceivedList({ items, compact = false }: { items: readonly ReceivedCommunication[]; compact?: boolean }) {
  return (
    <ul className={cn('flex flex-col', compact ? 'gap-2.5' : 'gap-3')} data-testid="received-list">
      {items.map((c) => {
        const s = PRIORITY_STYLES[c.priority];
        const Icon = s.icon;
        return (
          <li
            key={c.id}
            className={cn('flex gap-3 rounded-xl border bg-card', compact ? 'p-3.5 sm:p-4' : 'p-4 shadow-sm sm:gap-4 sm:p-5', c.dismissed && 'opacity-75')}
            data-testid="received-item"
            data-id={c.id}
          >
            <IconBadge icon={Icon} className={cn('rounded-full', compact ? 'size-9' : 'size-10', s.iconWrap)} iconClassName={compact ? 'size-4' : 'size-5'} />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                {compact ? <h3 className="text-sm font-semibold leading-snug">{c.title}</h3> : <h2 className="font-semibold leading-snug">{c.title}</h2>}
                <PriorityBadge priority={c.priority} />
                {c.dismissed && <span className="rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">{m.dismissedBadge}</span>}
              </div>
              <p className={cn('text-sm leading-relaxed whitespace-pre-wrap text-foreground/90', compact ? 'mt-1' : 'mt-1.5')}>{c.message}</p>
              <p className={cn('text-xs text-muted-foreground', compact ? 'mt-2' : 'mt-3')}>
                <time dateTime={c.createdAt} title={formatDateTime(c.createdAt)}>
                  {m.posted(formatRelative(c.createdAt))}
                </time>
                {c.expiresAt && <> · {m.expires(formatDateTime(c.expiresAt))}</>}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
