import * as React from 'react';
import { Bot, Eye, Loader2, MessagesSquare, SearchX, ShieldAlert, ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import type { ConversationReview, MessageReport, ReviewableConversation } from '@shared/contracts/conversations';
import { REPORT_STATUS_LABELS } from '@shared/messages/conversations';
import { conversationScreens as t } from '@shared/messages/conversations-screens';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import { FilterSelect } from '@/components/filter-select';
import { EmptyListState } from '@/components/list-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { SearchField } from '@/components/search-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { formatDateTime } from './format';
import { reviewConversation, useReports, useReviewable, useUpdateReport } from './messages-api';
import { ReasonField } from './report-dialog';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { SkeletonStack } from '@/components/skeleton-stack';

const s = t.safeguarding;
type Status = 'open' | 'reviewed' | 'dismissed';

/**
 * The principal's audited review of a conversation: asks for the reason first (GET /:id/review?reason=
 * records it in the audit log), then shows the whole conversation read-only, as text.
 */
export function ReviewConversationDialog({ conversationId, onClose }: { conversationId: string | null; onClose: () => void }) {
  const [reason, setReason] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState(false);
  const [review, setReview] = React.useState<ConversationReview | null>(null);
  React.useEffect(() => {
    setReason('');
    setError(null);
    setReview(null);
  }, [conversationId]);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!conversationId) return;
    if (!reason.trim()) return setError(s.reviewReason);
    setPending(true);
    try {
      setReview(await reviewConversation(conversationId, reason.trim()));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setPending(false);
    }
  };
  return (
    <FormDialog
      open={!!conversationId}
      onClose={onClose}
      pending={pending}
      className={cn('max-w-lg grid-cols-1', review && 'max-w-2xl')}
      testId="review-dialog"
      title={s.reviewTitle}
      description={review ? s.reviewAudited : s.reviewDescription}
    >
      {review ? (
        <>
          <p className="text-sm font-medium">{review.conversation.subject || review.conversation.participants.map((p) => p.name).join(', ')}</p>
          <p className="-mt-2 text-xs text-muted-foreground">{review.conversation.participants.map((p) => `${p.name} (${p.roleLabel})`).join(' · ')}</p>
          <ol className="max-h-[50vh] space-y-2 overflow-y-auto rounded-md border bg-muted/30 p-3" data-testid="review-messages">
            {review.messages.map((m) => (
              <li key={m.id} className="rounded-md bg-card px-3 py-2 text-sm shadow-xs">
                <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
                  <span className="font-medium text-foreground">{m.senderName}</span>
                  {m.autoReply && <Bot className="size-3.5" aria-label={t.thread.autoReply} />}
                  <span className="ml-auto">{formatDateTime(m.createdAt)}</span>
                </p>
                <p className="mt-1 break-words whitespace-pre-wrap">{m.body}</p>
                {m.attachments.length > 0 && <p className="mt-1 text-xs text-muted-foreground">{m.attachments.map((a) => a.name).join(', ')}</p>}
              </li>
            ))}
          </ol>
          <DialogFooter>
            <Button onClick={onClose}>{s.reviewClose}</Button>
          </DialogFooter>
        </>
      ) : (
        <form onSubmit={submit} className="grid gap-4">
          <ReasonField id="review-reason" label={s.reviewReason} placeholder={s.reviewReasonPlaceholder} maxLength={500} value={reason} onChange={setReason} error={error} />
          <FormDialogFooter cancelLabel={s.reviewCancel} onCancel={onClose} pending={pending} submitTestId="review-submit" icon={<Eye aria-hidden />} label={s.reviewSubmit} />
        </form>
      )}
    </FormDialog>
  );
}

function ReportCard({ r, onReview }: { r: MessageReport; onReview: () => void }) {
  const update = useUpdateReport();
  const act = (status: 'reviewed' | 'dismissed') =>
    update.mutate({ id: r.id, status }, { onSuccess: () => toast.success(s.updated), onError: (err) => toast.error(err.message) });
  return (
    <li className="rounded-lg border bg-card p-4 shadow-xs" data-testid="report-card">
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <Badge variant={r.status === 'open' ? 'default' : 'secondary'} className={cn(r.status === 'open' && 'bg-destructive/10 text-destructive')}>
          {REPORT_STATUS_LABELS[r.status] ?? r.status}
        </Badge>
        {r.reportedBy && <span>{s.reportedBy(r.reportedBy.name)}</span>}
        <span>· {formatDateTime(r.createdAt)}</span>
        {r.reviewedBy && <span>· {s.reviewedBy(r.reviewedBy.name)}</span>}
      </div>
      <blockquote className="mt-3 rounded-md border-l-4 border-destructive/40 bg-muted/40 px-3 py-2 text-sm">
        <p className="text-xs text-muted-foreground">
          <span className="font-medium text-foreground">{r.message.senderName}</span> · {formatDateTime(r.message.createdAt)}
        </p>
        <p className="mt-1 break-words whitespace-pre-wrap">{r.message.body}</p>
      </blockquote>
      <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="text-muted-foreground">{s.reason}</dt>
        <dd className="break-words">{r.reason}</dd>
        <dt className="text-muted-foreground">{s.between}</dt>
        <dd className="break-words">{r.conversation.participants.map((p) => `${p.name} (${p.roleLabel})`).join(', ')}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onReview} data-testid="report-review">
          <Eye aria-hidden />
          {s.reviewConversation}
        </Button>
        {r.status === 'open' && (
          <>
            <Button size="sm" onClick={() => act('reviewed')} disabled={update.isPending}>
              <ShieldCheck aria-hidden />
              {s.markReviewed}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => act('dismissed')} disabled={update.isPending}>
              {s.dismiss}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

function ReviewableRow({ c, onReview }: { c: ReviewableConversation; onReview: () => void }) {
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4" data-testid="reviewable-row" data-conversation-id={c.id}>
      <div className="min-w-0 flex-1">
        <p className={cn('truncate text-sm font-medium', !c.subject && 'text-muted-foreground italic')}>{c.subject || s.findNoSubject}</p>
        <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs" aria-label={s.between}>
          {c.participants.map((p) => (
            <li key={p.userId} className="min-w-0 break-words">
              <span className={cn('font-medium', p.role === 'parent' ? 'text-foreground' : 'text-muted-foreground')}>{p.name}</span>
              <span className="text-muted-foreground"> · {p.roleLabel}</span>
            </li>
          ))}
        </ul>
        <p className="mt-1 text-xs text-muted-foreground">
          {s.findMessages(c.messageCount)} · {s.findLastActivity(formatDateTime(c.lastActivityAt))}
        </p>
      </div>
      <Button size="sm" variant="outline" className="self-start sm:self-center" onClick={onReview} data-testid="reviewable-review">
        <Eye aria-hidden />
        {s.findReview}
      </Button>
    </li>
  );
}

/**
 * "Find a conversation": the school's conversations that involve a parent, searched by parent, learner,
 * staff name or subject. Shows only who took part (never messages); "Review" opens the reason-first,
 * audited review.
 */
function FindConversation({ onReview }: { onReview: (id: string) => void }) {
  const [text, setText] = React.useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const list = useReviewable(q, true);
  const rows = list.data?.pages.flat() ?? [];
  return (
    <section className="flex min-w-0 flex-col gap-3" aria-labelledby="find-conversation-title" data-testid="find-conversation">
      <div>
        <h2 id="find-conversation-title" className="text-base font-semibold">
          {s.findTitle}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{s.findIntro}</p>
      </div>
      <SearchField value={text} onChange={setText} placeholder={s.findSearch} maxLength={200} testId="reviewable-search" />
      {list.isError && !list.data ? (
        <QueryErrorCard query={list} title={t.loadError} retryLabel={t.tryAgain} />
      ) : !list.data ? (
        <SkeletonStack className="grid gap-2" cells={['h-20 rounded-lg', 'h-20 rounded-lg']} />
      ) : rows.length === 0 ? (
        q ? (
          <EmptyListState icon={SearchX} title={s.findNoMatch(q)} testId="reviewable-empty" />
        ) : (
          <EmptyListState icon={MessagesSquare} title={s.findEmpty} testId="reviewable-empty" />
        )
      ) : (
        <div className={cn('overflow-hidden rounded-lg border bg-card shadow-xs transition-opacity', list.isPlaceholderData && 'opacity-60')}>
          <ul className="divide-y" data-testid="reviewable-list">
            {rows.map((c) => (
              <ReviewableRow key={c.id} c={c} onReview={() => onReview(c.id)} />
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="border-t p-2 text-center">
              <Button variant="ghost" size="sm" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden />}
                {s.findMore}
              </Button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * The principal's "Safeguarding" tab: reported messages by status, and "Find a conversation" among
 * those involving a parent; both lead to the same reason-first, audited review.
 */
export function SafeguardingTab() {
  const [status, setStatus] = React.useState<Status | ''>('open');
  const reports = useReports(status || 'all', true);
  const [reviewing, setReviewing] = React.useState<string | null>(null);
  return (
    <div className="flex flex-col gap-4" data-testid="safeguarding">
      <p className="max-w-3xl text-sm text-muted-foreground">{s.intro}</p>
      <div className="grid items-start gap-8 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] xl:gap-6">
        <section className="flex min-w-0 flex-col gap-3" aria-labelledby="reported-messages-title">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="reported-messages-title" className="text-base font-semibold">
              {s.reportsTitle}
            </h2>
            <FilterSelect<Status>
              value={status}
              onChange={setStatus}
              all={s.statuses.all!}
              options={(['open', 'reviewed', 'dismissed'] as const).map((v) => ({ value: v, label: s.statuses[v]! }))}
              label={s.filter}
              className="w-40"
              testId="reports-filter"
            />
          </div>
          {reports.isError && !reports.data ? (
            <QueryErrorCard query={reports} title={t.loadError} retryLabel={t.tryAgain} />
          ) : !reports.data ? (
            <SkeletonStack className="grid gap-3" cells={['h-40 rounded-lg', 'h-40 rounded-lg']} />
          ) : reports.data.length === 0 ? (
            <EmptyListState icon={ShieldAlert} title={s.empty} hint={s.emptyHint} testId="reports-empty" />
          ) : (
            <ul className="grid gap-3">
              {reports.data.map((r) => (
                <ReportCard key={r.id} r={r} onReview={() => setReviewing(r.conversation.id)} />
              ))}
            </ul>
          )}
        </section>
        <FindConversation onReview={setReviewing} />
      </div>
      <ReviewConversationDialog conversationId={reviewing} onClose={() => setReviewing(null)} />
    </div>
  );
}
