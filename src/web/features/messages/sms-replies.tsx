import { Check, Loader2, MessageSquareReply, UserRound } from 'lucide-react';
import { toast } from 'sonner';
import type { SmsReply } from '@shared/contracts/sms';
import { conversationScreens } from '@shared/messages/conversations-screens';
import { smsRepliesScreens as t } from '@shared/messages/sms-replies';
import { formatKenyanPhone } from '@shared/phone';
import { cn } from '@/lib/utils';
import { EmptyListState } from '@/components/list-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { SkeletonStack } from '@/components/skeleton-stack';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from './format';
import { useMarkSmsReplyRead, useSmsReplies } from './messages-api';

/** One reply: who (the guardian and their learners, or "Unknown number"), when, the text, read state. */
function ReplyRow({ reply, onRead, pending }: { reply: SmsReply; onRead: (id: string) => void; pending: boolean }) {
  const unread = !reply.readAt;
  const phone = formatKenyanPhone(reply.fromPhone) || reply.fromPhone;
  return (
    <li className={cn('flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:justify-between', unread && 'bg-primary/5')} data-testid="sms-reply" data-unread={unread}>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <UserRound className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="font-medium" data-testid="sms-reply-from">
            {reply.guardian ? reply.guardian.name : t.unknownNumber}
          </span>
          <span className="text-sm text-muted-foreground">{phone}</span>
          {unread && <Badge data-testid="sms-reply-unread">{t.unread}</Badge>}
          {reply.keyword && <Badge variant="outline">{reply.keyword === 'stop' ? t.keywordStop : t.keywordStart}</Badge>}
        </div>
        {reply.guardian && reply.guardian.learners.length > 0 && <p className="mt-0.5 text-sm text-muted-foreground">{t.learners(reply.guardian.learners.join(', '))}</p>}
        <p className="mt-1 whitespace-pre-wrap break-words" data-testid="sms-reply-text">
          {reply.text}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">
          {formatDateTime(reply.receivedAt)} · {reply.forMe ? t.forYou : t.schoolInbox}
        </p>
      </div>
      {unread ? (
        <Button variant="outline" size="sm" onClick={() => onRead(reply.id)} disabled={pending} data-testid="sms-reply-mark-read">
          {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Check aria-hidden />}
          {t.markRead}
        </Button>
      ) : (
        <span className="text-xs text-muted-foreground">{t.read}</span>
      )}
    </li>
  );
}

/**
 * The "SMS replies" tab of Messages (issue 36 §2): guardians' replies to the school's SMS, newest
 * first, unread ones marked; the principal and director see the whole school's, other staff replies to
 * what they sent.
 */
export function SmsRepliesTab() {
  const list = useSmsReplies(true);
  const markRead = useMarkSmsReplyRead();
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const onRead = (id: string) => markRead.mutate(id, { onError: () => toast.error(t.markReadFailed) });
  return (
    <div className="flex flex-col gap-3" data-testid="sms-replies">
      <p className="text-sm text-muted-foreground">{t.intro}</p>
      {list.isError ? (
        <QueryErrorCard query={list} title={t.loadFailed} retryLabel={conversationScreens.tryAgain} />
      ) : !list.data ? (
        <SkeletonStack className="grid gap-2" cells={['h-20 rounded-lg', 'h-20 rounded-lg']} />
      ) : rows.length === 0 ? (
        <EmptyListState icon={MessageSquareReply} title={t.empty} testId="sms-replies-empty" />
      ) : (
        <>
          <ul className="divide-y overflow-hidden rounded-lg border bg-card shadow-xs">
            {rows.map((r) => (
              <ReplyRow key={r.id} reply={r} onRead={onRead} pending={markRead.isPending && markRead.variables === r.id} />
            ))}
          </ul>
          {list.hasNextPage && (
            <Button variant="outline" className="self-center" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {list.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden />}
              {t.loadMore}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
