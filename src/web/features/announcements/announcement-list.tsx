import { Megaphone, Paperclip, Pin, SearchX } from 'lucide-react';
import type { Announcement } from '@shared/contracts/announcements';
import { announcementScreens as t } from '@shared/messages/announcements-screens';
import { cn } from '@/lib/utils';
import { EmptyListState, LoadErrorCard } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { AnnouncementPriorityBadge, AnnouncementStatusBadge, AttachmentChips, formatDateTime, formatRelative } from './announcement-bits';
import { StatutoryBadge, authorLine } from './announcement-detail';
import { plainText } from './formatted-text';

const PRIORITY_EDGE: Record<Announcement['priority'], string> = {
  normal: 'before:bg-transparent',
  high: 'before:bg-amber-400',
  urgent: 'before:bg-red-600',
};

/** One announcement in the inbox: a card whose title opens the detail; attachments open on their own. */
function AnnouncementCard({ a, onOpen }: { a: Announcement; onOpen: (a: Announcement) => void }) {
  const unread = !a.read && !a.mine;
  const when = a.publishedAt ?? a.publishAt;
  return (
    <li
      className={cn(
        'group relative flex min-w-0 gap-3 overflow-hidden rounded-xl border bg-card p-4 shadow-xs transition-colors hover:border-primary/30 hover:bg-accent/40 sm:gap-4 sm:p-5',
        'before:absolute before:inset-y-0 before:left-0 before:w-1',
        PRIORITY_EDGE[a.priority],
        unread && 'border-primary/25 bg-primary/[0.03]',
      )}
      data-testid="announcement-item"
      data-id={a.id}
      data-read={unread ? 'false' : 'true'}
    >
      <span className="flex w-2.5 shrink-0 justify-center pt-2" aria-hidden>
        {unread && <span className="size-2.5 rounded-full bg-primary ring-4 ring-primary/15" data-testid="announcement-unread-dot" />}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          {a.pinned && (
            <span className="inline-flex items-center gap-1 text-xs font-medium text-primary" data-testid="announcement-pinned">
              <Pin className="size-3.5" aria-hidden />
              {t.pinned}
            </span>
          )}
          <AnnouncementPriorityBadge priority={a.priority} />
          {a.statutory && <StatutoryBadge />}
          {a.status !== 'published' && <AnnouncementStatusBadge status={a.status} />}
          <time className="ml-auto shrink-0 text-xs text-muted-foreground" dateTime={when} title={formatDateTime(when)}>
            {a.status === 'scheduled' ? t.scheduledFor(formatDateTime(a.publishAt)) : formatRelative(when)}
          </time>
        </div>
        <h2 className={cn('mt-1 leading-snug break-words', unread ? 'font-semibold' : 'font-medium')}>
          <button
            type="button"
            onClick={() => onOpen(a)}
            className="text-left outline-none after:absolute after:inset-0 after:content-[''] focus-visible:after:rounded-xl focus-visible:after:ring-2 focus-visible:after:ring-ring"
            data-testid="announcement-open"
          >
            {unread && <span className="sr-only">{t.unread}: </span>}
            {a.title}
          </button>
        </h2>
        <p className={cn('mt-1 line-clamp-2 text-sm break-words', unread ? 'text-foreground/90' : 'text-muted-foreground')}>{plainText(a.body)}</p>
        <div className="mt-2.5 flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2 text-xs text-muted-foreground">
          <span className="min-w-0 truncate">{authorLine(a)}</span>
          {a.attachments.length > 0 && (
            <span className="inline-flex items-center gap-1 sm:hidden">
              <Paperclip className="size-3.5" aria-hidden />
              {t.attachmentCount(a.attachments.length)}
            </span>
          )}
        </div>
        {a.attachments.length > 0 && <AttachmentChips announcementId={a.id} attachments={a.attachments} className="relative z-10 mt-2.5 hidden sm:flex" />}
      </div>
    </li>
  );
}

/**
 * The inbox list: pinned first then newest (the server's order), unread marked with a dot and bold
 * title, priority as a coloured edge and badge, author and time in Nairobi, attachment chips.
 */
export function AnnouncementList({
  items,
  loading,
  error,
  onRetry,
  searching,
  onOpen,
  hasMore,
  onMore,
  fetching,
}: {
  items: Announcement[] | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  searching: boolean;
  onOpen: (a: Announcement) => void;
  hasMore: boolean;
  onMore: () => void;
  fetching: boolean;
}) {
  if (error && !items) return <LoadErrorCard title={t.errorTitle} text={t.errorText} detail={error.message} retryLabel={t.tryAgain} onRetry={onRetry} testId="announcements-error" />;
  if (loading || !items)
    return (
      <div className="grid gap-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
    );
  if (items.length === 0)
    return searching ? (
      <EmptyListState icon={SearchX} title={t.emptySearchTitle} hint={t.emptySearchHint} testId="announcements-empty" />
    ) : (
      <EmptyListState icon={Megaphone} title={t.emptyTitle} hint={t.emptyHint} testId="announcements-empty" />
    );
  return (
    <div className="grid gap-3">
      <ul className={cn('grid gap-3 transition-opacity', fetching && 'opacity-70')} data-testid="announcements-list">
        {items.map((a) => (
          <AnnouncementCard key={a.id} a={a} onOpen={onOpen} />
        ))}
      </ul>
      {hasMore && (
        <Button variant="outline" className="mx-auto" onClick={onMore} data-testid="announcements-more">
          {t.loadMore}
        </Button>
      )}
    </div>
  );
}
