import * as React from 'react';
import { Popover } from 'radix-ui';
import { Link } from 'react-router';
import { ArrowRight, Bell, BellOff, Check, CheckCheck, Loader2, MessagesSquare } from 'lucide-react';
import { toast } from 'sonner';
import { can, pathForSection } from '@shared/access';
import type { Notification } from '@shared/contracts/communications';
import { messages } from '@shared/messages';
import { conversationScreens } from '@shared/messages/conversations-screens';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { useUnreadMessages } from '@/features/messages';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from './api/notifications';
import { formatDateTime, formatRelative } from '@/lib/message-format';
import { PRIORITY_STYLES, PriorityBadge } from './components/priority';
import { PendingButton } from '@/components/pending-button';
import { IconBadge } from '@/components/icon-badge';

const m = messages.communications;

/** The badge text (spec §2, §9): the count, "9+" above 9. */
export function badgeText(count: number): string {
  return count > 9 ? '9+' : String(count);
}

function failedToast() {
  toast.error(m.errorTitle, { description: m.markReadFailed });
}

function NotificationRow({ n, onOpen, onMarkRead, marking }: { n: Notification; onOpen: () => void; onMarkRead: () => void; marking: boolean }) {
  const s = PRIORITY_STYLES[n.communication.priority];
  const Icon = s.icon;
  return (
    <li className="group relative" data-testid="notification-item" data-priority={n.communication.priority}>
      <button
        type="button"
        onClick={onOpen}
        className="flex w-full cursor-pointer items-start gap-3 rounded-lg px-3 py-2.5 pr-11 text-left outline-none transition-colors hover:bg-accent focus-visible:bg-accent"
      >
        <IconBadge icon={Icon} className={cn('mt-0.5 size-8 rounded-full', s.iconWrap)} />
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-2">
            <span className="truncate text-sm font-semibold">{n.communication.title}</span>
            <span className={cn('size-1.5 shrink-0 rounded-full', s.dot)} aria-hidden />
          </span>
          <span className="mt-0.5 line-clamp-2 text-[13px] leading-snug text-muted-foreground">{n.communication.message}</span>
          <span className="mt-1 block text-xs text-muted-foreground/80">
            <time dateTime={n.createdAt} title={formatDateTime(n.createdAt)}>
              {formatRelative(n.createdAt)}
            </time>
          </span>
        </span>
      </button>
      <PendingButton
        type="button"
        variant="ghost"
        size="icon"
        className="absolute top-2 right-1.5 size-8 text-muted-foreground opacity-100 hover:text-foreground sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100"
        onClick={onMarkRead}
        pending={marking}
        icon={Check}
        aria-label={`${m.markAsRead}: ${n.communication.title}`}
        title={m.markAsRead}
        data-testid="notification-mark-read"
      />
    </li>
  );
}

function NotificationDialog({
  notification,
  read,
  marking,
  onMarkRead,
  onClose,
}: {
  notification: Notification | null;
  read: boolean;
  marking: boolean;
  onMarkRead: () => void;
  onClose: () => void;
}) {
  const c = notification?.communication;
  const s = c ? PRIORITY_STYLES[c.priority] : null;
  const Icon = s?.icon ?? Bell;
  return (
    <Dialog open={!!notification} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg" data-testid="notification-dialog">
        {c && s && (
          <>
            <DialogHeader className="gap-3 pr-6">
              <div className="flex items-center gap-3">
                <IconBadge icon={Icon} className={cn('size-10 rounded-full', s.iconWrap)} iconClassName="size-5" />
                <div className="flex min-w-0 flex-wrap items-center gap-2">
                  <PriorityBadge priority={c.priority} />
                  <span
                    className={cn(
                      'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
                      read ? 'bg-muted text-muted-foreground' : 'bg-primary/10 text-primary',
                    )}
                    data-testid="notification-read-state"
                  >
                    {read ? (
                      <>
                        <CheckCheck className="size-3.5" aria-hidden /> {m.markedRead}
                      </>
                    ) : (
                      m.unread
                    )}
                  </span>
                </div>
              </div>
              <DialogTitle className="text-xl leading-snug">{c.title}</DialogTitle>
              <DialogDescription>{m.posted(formatDateTime(c.createdAt))}</DialogDescription>
            </DialogHeader>
            <p className="text-sm leading-relaxed whitespace-pre-wrap" data-testid="notification-message">
              {c.message}
            </p>
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                {m.close}
              </Button>
              {!read && (
                <PendingButton onClick={onMarkRead} pending={marking} icon={Check} data-testid="notification-dialog-mark-read">
                  {m.markAsRead}
                </PendingButton>
              )}
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Unread conversation messages for the bell (issue 17 §2), for roles that use Messages; 0 otherwise.
 * Shares the sidebar's query (GET /api/conversations/unread-count, live on `messages.changed`).
 */
function useBellMessages(): { count: number; href: string } {
  const { state } = useAuth();
  const user = state.user;
  const enabled = !!user?.role && can({ id: user.id, role: user.role, schoolId: user.schoolId }, 'useMessages');
  const count = useUnreadMessages(enabled).data?.unread ?? 0;
  return { count: enabled ? count : 0, href: pathForSection(user?.role, 'messages') };
}

/**
 * The header's notification bell (spec §2 Shell chrome, §4 Notification, §7 item 4, §9): the unread
 * count as a badge ("9+" above 9), a dropdown of the newest unread notifications (at most 10) and a
 * detail dialog per notification. Opening an unread one marks it read; each has a Mark as Read
 * button. Failures toast "Error" / "Failed to mark notification as read". Polls every 60 s (stale
 * 30 s) and refreshes on the live event notifications.changed.
 *
 * For roles with Messages (issue 17 §2) unread conversation messages show as their own small blue
 * count under the red one (the red badge stays the notifications' count), and the dropdown starts
 * with "N unread messages" linking to Messages; both follow `messages.changed`.
 */
export function NotificationBell() {
  const query = useNotifications();
  const unreadMessages = useBellMessages();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const [open, setOpen] = React.useState(false);
  const [selected, setSelected] = React.useState<Notification | null>(null);
  const [readIds, setReadIds] = React.useState<ReadonlySet<string>>(new Set());
  const [marking, setMarking] = React.useState<string | null>(null);

  const unread = query.data?.unreadCount ?? 0;
  const list = query.data?.notifications ?? [];

  const mark = React.useCallback(
    async (n: Notification) => {
      setMarking(n.id);
      try {
        await markRead.mutateAsync(n.id);
        setReadIds((prev) => new Set(prev).add(n.id));
      } catch {
        failedToast();
      } finally {
        setMarking(null);
      }
    },
    [markRead],
  );

  const openNotification = (n: Notification) => {
    setOpen(false);
    setSelected(n);
    // Opening an unread item marks it read (spec §4 Notification).
    if (!n.isRead && !readIds.has(n.id)) void mark(n);
  };

  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="relative text-muted-foreground hover:text-foreground"
            aria-label={unreadMessages.count > 0 ? `${m.bellLabel(unread)}, ${conversationScreens.bellUnread(unreadMessages.count)}` : m.bellLabel(unread)}
            data-testid="notification-bell"
          >
            <Bell className="size-5" aria-hidden />
            {unreadMessages.count > 0 && (
              <span
                className="absolute -right-0.5 -bottom-0.5 flex h-[15px] min-w-[15px] items-center justify-center rounded-full bg-primary px-0.5 text-[9px] leading-none font-semibold text-primary-foreground tabular-nums ring-2 ring-background"
                data-testid="bell-messages-badge"
                aria-hidden
              >
                {badgeText(unreadMessages.count)}
              </span>
            )}
            {unread > 0 && (
              <span
                className="absolute -top-0.5 -right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white tabular-nums ring-2 ring-background"
                data-testid="notification-badge"
              >
                {badgeText(unread)}
              </span>
            )}
          </Button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={8}
            collisionPadding={12}
            className="z-50 w-[min(24rem,calc(100vw-1.5rem))] overflow-hidden rounded-xl border bg-popover text-popover-foreground shadow-xl outline-none"
            data-testid="notification-panel"
          >
            {unreadMessages.count > 0 && (
              <Link
                to={unreadMessages.href}
                onClick={() => setOpen(false)}
                className="flex items-center gap-3 border-b bg-primary/5 px-4 py-2.5 text-sm outline-none transition-colors hover:bg-primary/10 focus-visible:bg-primary/10"
                data-testid="bell-messages-row"
              >
                <IconBadge icon={MessagesSquare} className="size-8 rounded-full bg-primary/10 text-primary" />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold">{conversationScreens.bellUnread(unreadMessages.count)}</span>
                  <span className="block text-xs text-muted-foreground">{conversationScreens.bellUnreadHint}</span>
                </span>
                <ArrowRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              </Link>
            )}
            <div className="flex items-center justify-between gap-3 border-b px-4 py-3">
              <div className="flex items-center gap-2">
                <p className="text-sm font-semibold">{m.notifications}</p>
                {unread > 0 && (
                  <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary tabular-nums">{m.unreadCount(unread)}</span>
                )}
              </div>
              {unread > 0 && (
                <button
                  type="button"
                  className="cursor-pointer text-xs font-medium text-primary hover:underline disabled:opacity-50"
                  onClick={() => markAll.mutate(undefined, { onError: failedToast })}
                  disabled={markAll.isPending}
                  data-testid="notification-mark-all"
                >
                  {m.markAllAsRead}
                </button>
              )}
            </div>
            {query.isError && !query.data ? (
              <p className="px-4 py-8 text-center text-sm text-muted-foreground">{m.notificationsError}</p>
            ) : !query.data ? (
              <div className="flex justify-center px-4 py-8">
                <Loader2 className="size-5 animate-spin text-muted-foreground" aria-hidden />
              </div>
            ) : list.length === 0 ? (
              <div className="flex flex-col items-center px-6 py-10 text-center" data-testid="notification-empty">
                <IconBadge icon={BellOff} className="size-11 rounded-full bg-muted text-muted-foreground" iconClassName="size-5" />
                <p className="mt-3 text-sm font-medium">{m.noNotifications}</p>
                <p className="mt-1 text-xs text-muted-foreground">{m.noNotificationsText}</p>
              </div>
            ) : (
              <ul className="max-h-[min(28rem,70vh)] overflow-y-auto p-1.5" data-testid="notification-list">
                {list.map((n) => (
                  <NotificationRow key={n.id} n={n} onOpen={() => openNotification(n)} onMarkRead={() => void mark(n)} marking={marking === n.id} />
                ))}
              </ul>
            )}
            {unread > list.length && list.length > 0 && (
              <p className="border-t px-4 py-2 text-center text-xs text-muted-foreground" data-testid="notification-more">
                {m.moreUnread(unread - list.length)}
              </p>
            )}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <NotificationDialog
        notification={selected}
        read={!!selected && (selected.isRead || readIds.has(selected.id))}
        marking={!!selected && marking === selected.id}
        onMarkRead={() => selected && void mark(selected)}
        onClose={() => setSelected(null)}
      />
    </>
  );
}
