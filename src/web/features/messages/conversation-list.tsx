import * as React from 'react';
import { Archive, Inbox, Loader2, Megaphone, MessagesSquare, Users } from 'lucide-react';
import type { ConversationSummary } from '@shared/contracts/conversations';
import { conversationScreens as t } from '@shared/messages/conversations-screens';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import { EmptyListState } from '@/components/list-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { SearchField } from '@/components/search-field';
import { Avatar, AvatarFallback, initialsOf } from '@/components/ui/avatar';
import { Skeleton } from '@/components/ui/skeleton';
import { formatListTime } from './format';
import { useConversations } from './messages-api';
import { conversationTitle } from './thread';

const l = t.list;

function Row({ c, meId, meName, active, onSelect }: { c: ConversationSummary; meId: string; meName: string; active: boolean; onSelect: () => void }) {
  const { others, title } = conversationTitle(c, meId);
  const group = c.participants.length > 2;
  const unread = c.unread > 0;
  const preview = c.lastMessage ? `${c.lastMessage.senderName === meName ? `${l.you}: ` : group ? `${c.lastMessage.senderName.split(' ')[0]}: ` : ''}${c.lastMessage.body}` : l.noMessagesYet;
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={active ? 'true' : undefined}
      className={cn(
        'relative flex w-full items-start gap-3 px-3 py-3 text-left transition-colors outline-none hover:bg-accent/60 focus-visible:bg-accent sm:px-4',
        active && 'bg-primary/8 hover:bg-primary/10',
      )}
      data-testid="conversation-row"
      data-conversation-id={c.id}
      data-unread={c.unread}
    >
      {active && <span aria-hidden className="absolute inset-y-2 left-0 w-[3px] rounded-r-full bg-primary" />}
      <Avatar className="mt-0.5 size-10">
        <AvatarFallback className={cn(group && 'bg-muted text-muted-foreground')}>{group ? <Users className="size-4" aria-hidden /> : initialsOf(others[0]?.name ?? title)}</AvatarFallback>
      </Avatar>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          <span className={cn('min-w-0 flex-1 truncate text-sm', unread ? 'font-semibold text-foreground' : 'font-medium')} data-testid="conversation-title">
            {title}
          </span>
          <time dateTime={c.updatedAt} className={cn('shrink-0 text-[11px]', unread ? 'font-semibold text-primary' : 'text-muted-foreground')}>
            {formatListTime(c.updatedAt)}
          </time>
        </span>
        <span className="mt-0.5 flex items-center gap-1.5 truncate text-xs text-muted-foreground">
          {c.broadcastId && <Megaphone className="size-3 shrink-0" aria-label={l.broadcastTag} />}
          <span className="truncate">{c.subject ? others.map((p) => p.name).join(', ') : others.map((p) => p.roleLabel).join(' · ')}</span>
        </span>
        <span className="mt-1 flex items-center gap-2">
          <span className={cn('line-clamp-1 min-w-0 flex-1 text-[13px] break-all', unread ? 'text-foreground' : 'text-muted-foreground')} data-testid="conversation-preview">
            {preview}
          </span>
          {unread && (
            <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] font-semibold text-primary-foreground" aria-label={l.unread(c.unread)} data-testid="conversation-unread">
              {c.unread > 99 ? '99+' : c.unread}
            </span>
          )}
        </span>
      </span>
    </button>
  );
}

/**
 * The left pane: search, the Inbox/Archived switch and the conversations, newest activity first, with
 * unread counts, the last message's preview and its time (Nairobi).
 */
export function ConversationList({ meId, meName, selectedId, onSelect }: { meId: string; meName: string; selectedId: string | null; onSelect: (id: string) => void }) {
  const [q, setQ] = React.useState('');
  const [archived, setArchived] = React.useState(false);
  const search = useDebouncedValue(q.trim(), 300);
  const list = useConversations(archived, search);
  const rows = React.useMemo(() => {
    const seen = new Set<string>();
    return (list.data?.pages ?? []).flat().filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true)));
  }, [list.data]);

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="conversation-list">
      <div className="shrink-0 space-y-2.5 border-b p-3">
        <SearchField value={q} onChange={setQ} placeholder={l.search} testId="conversation-search" />
        <div className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1" role="tablist" aria-label={l.label}>
          {[false, true].map((a) => (
            <button
              key={String(a)}
              type="button"
              role="tab"
              aria-selected={archived === a}
              onClick={() => setArchived(a)}
              className={cn(
                'flex items-center justify-center gap-1.5 rounded-md py-1.5 text-xs font-medium text-muted-foreground transition-colors',
                archived === a && 'bg-background text-foreground shadow-xs',
              )}
              data-testid={a ? 'conversations-archived' : 'conversations-inbox'}
            >
              {a ? <Archive className="size-3.5" aria-hidden /> : <Inbox className="size-3.5" aria-hidden />}
              {a ? l.archived : l.inbox}
            </button>
          ))}
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {list.isError && !list.data ? (
          <QueryErrorCard query={list} title={t.loadError} retryLabel={t.tryAgain} />
        ) : !list.data ? (
          <div className="grid gap-1 p-3">
            {[0, 1, 2, 3, 4].map((i) => (
              <div key={i} className="flex items-center gap-3 py-2">
                <Skeleton className="size-10 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-3.5 w-2/3" />
                  <Skeleton className="h-3 w-full" />
                </div>
              </div>
            ))}
          </div>
        ) : rows.length === 0 ? (
          <div className="p-3">
            <EmptyListState
              icon={search ? MessagesSquare : archived ? Archive : MessagesSquare}
              title={search ? l.noMatch(search) : archived ? l.emptyArchived : l.emptyInbox}
              hint={search ? undefined : archived ? l.emptyArchivedHint : l.emptyInboxHint}
              testId="conversations-empty"
            />
          </div>
        ) : (
          <ul className="divide-y">
            {rows.map((c) => (
              <li key={c.id}>
                <Row c={c} meId={meId} meName={meName} active={c.id === selectedId} onSelect={() => onSelect(c.id)} />
              </li>
            ))}
            {list.hasNextPage && (
              <li className="p-3 text-center">
                <button type="button" className="inline-flex items-center gap-1.5 text-xs font-medium text-primary hover:underline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                  {list.isFetchingNextPage && <Loader2 className="size-3 animate-spin" aria-hidden />}
                  {l.loadMore}
                </button>
              </li>
            )}
          </ul>
        )}
      </div>
    </div>
  );
}
