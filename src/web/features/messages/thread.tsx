import * as React from 'react';
import { AlertCircle, Archive, ArchiveRestore, ArrowLeft, Bot, Check, CheckCheck, Flag, Loader2, Megaphone, MoreHorizontal, RotateCw, Users } from 'lucide-react';
import { toast } from 'sonner';
import type { ConversationAttachment, ConversationDetail, ConversationMessage } from '@shared/contracts/conversations';
import { conversationScreens as t } from '@shared/messages/conversations-screens';
import { cn } from '@/lib/utils';
import { LoadErrorCard } from '@/components/list-states';
import { Avatar, AvatarFallback, initialsOf } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { SkeletonStack } from '@/components/skeleton-stack';
import { AttachmentIcon, Composer } from './composer';
import { formatBytes, formatClock, formatDateTime, formatDayHeading, nairobiDay } from './format';
import { attachmentUrl, sendMessage, useAddSentMessage, useArchive, useConversation, useMarkRead, useThread } from './messages-api';
import { pendingStore, usePending, type PendingMessage } from './pending-store';
import { ReportMessageDialog } from './report-dialog';
import { BroadcastDeliverySheet } from './broadcast-delivery';

const th = t.thread;

/** The people of a conversation other than the viewer, and its title (subject, else their names). */
export function conversationTitle<P extends { userId: string; name: string }>(c: { subject: string | null; participants: P[] }, meId: string) {
  const others = c.participants.filter((p) => p.userId !== meId);
  const names = (others.length ? others : c.participants).map((p) => p.name).join(', ');
  return { others, names, title: c.subject || names };
}

/** Sends (or re-sends with the same Idempotency-Key) a pending message; the confirmed copy replaces it. */
function useDeliver() {
  const addSent = useAddSentMessage();
  return React.useCallback(
    (p: PendingMessage) => {
      pendingStore.update(p.key, { status: 'sending', error: undefined });
      sendMessage(
        p.conversationId,
        p.key,
        p.body,
        p.attachments.map((a) => a.fileId),
      ).then(
        (message) => {
          addSent(message);
          pendingStore.remove(p.key);
        },
        (err: Error) => {
          pendingStore.update(p.key, { status: 'failed', error: err.message });
          toast.error(t.composer.sendFailed, { description: err.message });
        },
      );
    },
    [addSent],
  );
}

/** The page is in front: read receipts are sent only then. */
function useDocumentVisible() {
  return React.useSyncExternalStore(
    (cb) => {
      document.addEventListener('visibilitychange', cb);
      window.addEventListener('focus', cb);
      return () => {
        document.removeEventListener('visibilitychange', cb);
        window.removeEventListener('focus', cb);
      };
    },
    () => document.visibilityState === 'visible',
  );
}

function Attachments({ conversationId, messageId, items, mine }: { conversationId: string; messageId: string | null; items: ConversationAttachment[]; mine: boolean }) {
  if (items.length === 0) return null;
  return (
    <ul className={cn('mt-1.5 flex flex-wrap gap-1.5', mine && 'justify-end')}>
      {items.map((a) => {
        const chip = (
          <>
            <AttachmentIcon contentType={a.contentType} className="size-3.5 shrink-0" />
            <span className="max-w-44 truncate">{a.name}</span>
            <span className="opacity-70">{formatBytes(a.sizeBytes)}</span>
          </>
        );
        const cls = cn('flex items-center gap-1.5 rounded-md border px-2 py-1 text-xs', mine ? 'border-primary-foreground/25 bg-primary-foreground/10' : 'bg-background');
        return (
          <li key={a.fileId} data-testid="message-attachment">
            {messageId ? (
              <a href={attachmentUrl(conversationId, messageId, a.fileId)} target="_blank" rel="noreferrer" className={cn(cls, 'hover:underline')}>
                {chip}
              </a>
            ) : (
              <span className={cls}>{chip}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

type Row =
  | { type: 'day'; day: string }
  | { type: 'message'; message: ConversationMessage; mine: boolean; firstOfRun: boolean }
  | { type: 'pending'; pending: PendingMessage; firstOfRun: boolean };

/**
 * The open conversation: header (names, relation, archive), messages grouped by Nairobi day with mine on
 * the right, sender names in groups, auto-replies marked, attachment chips, "Seen" under my last message
 * once everyone read it, my unconfirmed messages ("Sending…", or "Not sent — Retry" with the same
 * Idempotency-Key), and the composer. Marks the conversation read while it is open and the page visible.
 */
export function Thread({ conversationId, meId, onBack }: { conversationId: string; meId: string; onBack: () => void }) {
  const detail = useConversation(conversationId);
  const thread = useThread(conversationId);
  const pending = usePending(conversationId);
  const deliver = useDeliver();
  const markRead = useMarkRead();
  const archive = useArchive();
  const visible = useDocumentVisible();
  const [reporting, setReporting] = React.useState<ConversationMessage | null>(null);
  const [deliveryOf, setDeliveryOf] = React.useState<string | null>(null);
  const scrollRef = React.useRef<HTMLDivElement>(null);
  const stickToBottom = React.useRef(true);

  const messages = React.useMemo(() => {
    const pages = thread.data?.pages ?? [];
    const all = [...pages].reverse().flatMap((p) => p.messages);
    const seen = new Set<string>();
    return all.filter((m) => (seen.has(m.id) ? false : (seen.add(m.id), true)));
  }, [thread.data]);

  // A pending message whose stored copy already arrived (live refetch before the POST answered) is hidden.
  const shownPending = pending.filter(
    (p) => p.status === 'failed' || !messages.some((m) => m.senderId === meId && m.body === p.body && Date.parse(m.createdAt) >= p.startedAt - 60_000),
  );

  const last = messages[messages.length - 1];
  const lastId = last?.id ?? null;
  const { mutate: markReadMutate } = markRead;
  React.useEffect(() => {
    if (lastId && visible) markReadMutate(conversationId);
  }, [conversationId, lastId, visible, markReadMutate]);

  // Keep the newest message in view when it arrives, unless the user scrolled up to read older ones.
  const count = messages.length + shownPending.length;
  React.useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [count, conversationId, thread.isSuccess]);

  const send = (body: string, attachments: ConversationAttachment[]) => {
    const p: PendingMessage = { key: crypto.randomUUID(), conversationId, body, attachments, status: 'sending', startedAt: Date.now() };
    pendingStore.add(p);
    stickToBottom.current = true;
    deliver(p);
  };

  const conv: ConversationDetail | undefined = detail.data;
  const group = (conv?.participants.length ?? 0) > 2;
  const { others, title } = conv ? conversationTitle(conv, meId) : { others: [] as ConversationDetail['participants'], title: '' };
  const lastMineId = [...messages].reverse().find((m) => m.senderId === meId)?.id;

  const rows: Row[] = [];
  let prevDay = '';
  let prevSender: string | null | undefined;
  for (const m of messages) {
    const day = nairobiDay(m.createdAt);
    if (day !== prevDay) {
      rows.push({ type: 'day', day });
      prevDay = day;
      prevSender = undefined;
    }
    rows.push({ type: 'message', message: m, mine: m.senderId === meId, firstOfRun: prevSender !== m.senderId });
    prevSender = m.senderId;
  }
  for (const p of shownPending) {
    const day = nairobiDay(new Date(p.startedAt));
    if (day !== prevDay) {
      rows.push({ type: 'day', day });
      prevDay = day;
      prevSender = undefined;
    }
    rows.push({ type: 'pending', pending: p, firstOfRun: prevSender !== meId });
    prevSender = meId;
  }

  const notFound = detail.isError || (thread.isError && !thread.data);
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="message-thread" data-conversation-id={conversationId}>
      <div className="flex shrink-0 items-center gap-2 border-b px-2 py-2 sm:px-4 sm:py-3">
        <Button variant="ghost" size="icon" className="shrink-0 md:hidden" onClick={onBack} aria-label={th.back} data-testid="thread-back">
          <ArrowLeft aria-hidden />
        </Button>
        {conv ? (
          <>
            <Avatar className="size-9">
              <AvatarFallback>{group ? <Users className="size-4" aria-hidden /> : initialsOf(others[0]?.name ?? title)}</AvatarFallback>
            </Avatar>
            <div className="min-w-0 flex-1 leading-tight">
              <h2 className="truncate text-sm font-semibold sm:text-base" data-testid="thread-title">
                {title}
              </h2>
              <p className="truncate text-xs text-muted-foreground">
                {conv.subject ? others.map((p) => p.name).join(', ') : others.map((p) => p.roleLabel).join(' · ')}
                {group && ` · ${th.people(conv.participants.length)}`}
              </p>
            </div>
            {conv.broadcastId && (
              <Badge variant="secondary" className="hidden shrink-0 gap-1 sm:inline-flex">
                <Megaphone className="size-3" aria-hidden />
                {t.list.broadcastTag}
              </Badge>
            )}
            {conv.broadcastId && conv.createdBy === meId && (
              <Button variant="outline" size="sm" className="shrink-0" onClick={() => setDeliveryOf(conv.broadcastId)} data-testid="broadcast-delivery-open">
                {t.delivery.open}
              </Button>
            )}
            <Button
              variant="ghost"
              size="sm"
              className="shrink-0"
              disabled={archive.isPending}
              onClick={() =>
                archive.mutate(
                  { id: conversationId, archived: !conv.archived },
                  {
                    onSuccess: () => toast.success(conv.archived ? th.unarchivedToast : th.archivedToast),
                    onError: (err) => toast.error(err.message),
                  },
                )
              }
              data-testid="thread-archive"
            >
              {conv.archived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
              <span className="hidden sm:inline">{conv.archived ? th.unarchive : th.archive}</span>
            </Button>
          </>
        ) : (
          <div className="flex flex-1 items-center gap-3">
            <Skeleton className="size-9 rounded-full" />
            <Skeleton className="h-4 w-40" />
          </div>
        )}
      </div>

      <div
        ref={scrollRef}
        className="min-h-0 flex-1 overflow-y-auto bg-muted/25 px-3 py-4 sm:px-6"
        onScroll={(e) => {
          const el = e.currentTarget;
          stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
        }}
        data-testid="thread-messages"
        aria-live="polite"
      >
        {notFound ? (
          <LoadErrorCard title={t.loadError} detail={(detail.error ?? thread.error)?.message} retryLabel={t.tryAgain} onRetry={() => void Promise.all([detail.refetch(), thread.refetch()])} />
        ) : !thread.data ? (
          <SkeletonStack className="flex flex-col gap-3" cells={['h-10 w-2/3 rounded-2xl', 'ml-auto h-10 w-1/2 rounded-2xl', 'h-16 w-3/5 rounded-2xl']} />
        ) : (
          <>
            {thread.hasNextPage && (
              <div className="mb-3 flex justify-center">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={thread.isFetchingNextPage}
                  onClick={() => {
                    stickToBottom.current = false;
                    void thread.fetchNextPage();
                  }}
                >
                  {thread.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden />}
                  {th.loadOlder}
                </Button>
              </div>
            )}
            {conv?.broadcastId && <p className="mx-auto mb-3 max-w-sm text-center text-xs text-muted-foreground">{th.broadcastNote}</p>}
            {rows.length === 0 && <p className="py-10 text-center text-sm text-muted-foreground">{th.empty}</p>}
            <ol className="flex flex-col">
              {rows.map((r) => {
                if (r.type === 'day') {
                  return (
                    <li key={`day-${r.day}`} className="my-3 flex items-center gap-3 text-[11px] font-medium tracking-wide text-muted-foreground uppercase first:mt-0">
                      <span className="h-px flex-1 bg-border" aria-hidden />
                      {formatDayHeading(r.day)}
                      <span className="h-px flex-1 bg-border" aria-hidden />
                    </li>
                  );
                }
                if (r.type === 'pending') {
                  const p = r.pending;
                  return (
                    <li key={p.key} className={cn('flex flex-col items-end', r.firstOfRun ? 'mt-3' : 'mt-1')} data-testid="message" data-mine="true" data-status={p.status}>
                      <div className={cn('max-w-[85%] rounded-2xl rounded-br-md px-3.5 py-2 text-sm sm:max-w-[70%]', p.status === 'failed' ? 'border border-destructive/40 bg-destructive/5 text-foreground' : 'bg-primary/80 text-primary-foreground')}>
                        <p className="break-words whitespace-pre-wrap" data-testid="message-body">
                          {p.body}
                        </p>
                        <Attachments conversationId={conversationId} messageId={null} items={p.attachments} mine={p.status !== 'failed'} />
                      </div>
                      {p.status === 'failed' ? (
                        <p className="mt-1 flex items-center gap-1.5 text-xs text-destructive" data-testid="message-failed">
                          <AlertCircle className="size-3.5" aria-hidden />
                          <span>{th.notSent} —</span>
                          <button type="button" className="inline-flex items-center gap-1 font-medium underline-offset-2 hover:underline" onClick={() => deliver(p)} data-testid="message-retry">
                            <RotateCw className="size-3" aria-hidden />
                            {th.retry}
                          </button>
                          <span aria-hidden>·</span>
                          <button type="button" className="text-muted-foreground underline-offset-2 hover:underline" onClick={() => pendingStore.remove(p.key)}>
                            {th.discard}
                          </button>
                        </p>
                      ) : (
                        <p className="mt-1 flex items-center gap-1 text-[11px] text-muted-foreground">
                          <Loader2 className="size-3 animate-spin" aria-hidden />
                          {th.sending}
                        </p>
                      )}
                    </li>
                  );
                }
                const m = r.message;
                const showName = !r.mine && r.firstOfRun && (group || m.autoReply);
                return (
                  <li
                    key={m.id}
                    className={cn('group/msg flex flex-col', r.mine ? 'items-end' : 'items-start', r.firstOfRun ? 'mt-3' : 'mt-1')}
                    data-testid="message"
                    data-mine={r.mine ? 'true' : 'false'}
                    data-message-id={m.id}
                  >
                    {showName && <p className="mb-0.5 px-1 text-xs font-medium text-muted-foreground">{m.senderName}</p>}
                    <div className={cn('flex max-w-full items-center gap-1', r.mine && 'flex-row-reverse')}>
                      <div
                        className={cn(
                          'max-w-[85vw] rounded-2xl px-3.5 py-2 text-sm shadow-xs sm:max-w-[36rem]',
                          r.mine ? 'rounded-br-md bg-primary text-primary-foreground' : 'rounded-bl-md border bg-card text-card-foreground',
                          m.autoReply && 'border-dashed bg-muted text-foreground',
                        )}
                        title={formatDateTime(m.createdAt)}
                      >
                        {m.autoReply && (
                          <p className="mb-1 flex items-center gap-1 text-[11px] font-medium text-muted-foreground" data-testid="message-auto-reply">
                            <Bot className="size-3.5" aria-hidden />
                            {th.autoReply}
                          </p>
                        )}
                        <p className="break-words whitespace-pre-wrap" data-testid="message-body">
                          {m.body}
                        </p>
                        <Attachments conversationId={conversationId} messageId={m.id} items={m.attachments} mine={r.mine && !m.autoReply} />
                      </div>
                      {!r.mine && !m.autoReply && (
                        <DropdownMenu>
                          <DropdownMenuTrigger asChild>
                            <Button
                              variant="ghost"
                              size="icon"
                              className="size-7 shrink-0 text-muted-foreground opacity-60 group-hover/msg:opacity-100 focus-visible:opacity-100 sm:opacity-0"
                              aria-label={th.moreActions}
                              data-testid="message-actions"
                            >
                              <MoreHorizontal aria-hidden />
                            </Button>
                          </DropdownMenuTrigger>
                          <DropdownMenuContent align="start">
                            <DropdownMenuItem onSelect={() => setReporting(m)} data-testid="message-report">
                              <Flag aria-hidden />
                              {th.report}
                            </DropdownMenuItem>
                          </DropdownMenuContent>
                        </DropdownMenu>
                      )}
                    </div>
                    <p className="mt-0.5 flex items-center gap-1 px-1 text-[11px] text-muted-foreground">
                      <time dateTime={m.createdAt}>{formatClock(m.createdAt)}</time>
                      {r.mine && m.id === lastMineId && (
                        <>
                          <span aria-hidden>·</span>
                          {m.readByAll ? (
                            <span className="inline-flex items-center gap-0.5 text-primary" data-testid="message-seen">
                              <CheckCheck className="size-3.5" aria-hidden />
                              {group ? th.seenBy(m.readBy, (conv?.participants.length ?? 1) - 1) : th.seen}
                            </span>
                          ) : (
                            <span className="inline-flex items-center gap-0.5" data-testid="message-sent">
                              <Check className="size-3.5" aria-hidden />
                              {group && m.readBy > 0 ? th.seenBy(m.readBy, (conv?.participants.length ?? 1) - 1) : th.sent}
                            </span>
                          )}
                        </>
                      )}
                    </p>
                  </li>
                );
              })}
            </ol>
          </>
        )}
      </div>

      <Composer onSend={send} disabled={notFound || !conv} />
      <ReportMessageDialog message={reporting} onClose={() => setReporting(null)} />
      <BroadcastDeliverySheet broadcastId={deliveryOf} onClose={() => setDeliveryOf(null)} />
    </div>
  );
}
