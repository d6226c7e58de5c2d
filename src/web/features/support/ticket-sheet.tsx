import * as React from 'react';
import { CheckCircle2, Loader2, RotateCcw, Star, UserCheck, XCircle } from 'lucide-react';
import { toast } from 'sonner';
import {
  SUPPORT_STATUSES,
  type SupportStatus,
  type SupportTicketDetail,
  type UpdateTicketBody,
} from '@shared/contracts/support';
import { SUPPORT_STATUS_LABELS } from '@shared/messages/support';
import { formatDuration, supportScreens as ss } from '@shared/messages/support-screens';
import { cn } from '@/lib/utils';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { FieldError, useFormError } from '@/components/form-feedback';
import { Textarea } from '@/components/ui/textarea';
import { PriorityBadge, PrioritySelect, SlaIndicator, StatusBadge, categoryLabel, formatWhen, useNow } from './support-bits';
import { useCannedReplies, useRateTicket, useSupportStaff, useTicket, useUpdateTicket } from './support-api';
import { ReplyBox, TicketThread } from './ticket-thread';
import { LabelledField } from '@/components/field';

const t = ss.thread;
const NOBODY = '__nobody__';

/**
 * A ticket opened from a list: its subject, status and targets, the thread and the reply box. School
 * users get "Close ticket" / "Reopen" once support has resolved it and then the 1-5 star rating; EduFam
 * staff (detail.can.manage) get the workspace controls: status, priority, assignee ("Assign to me"),
 * "Mark resolved", internal notes and canned replies.
 */
export function TicketSheet({ ticketId, onClose, viewerId, staff }: { ticketId: string | null; onClose: () => void; viewerId: string | null; staff: boolean }) {
  const ticket = useTicket(ticketId);
  const d = ticket.data;
  return (
    <Sheet open={!!ticketId} onOpenChange={(o) => !o && onClose()}>
      <SheetContent side="right" className="w-full overflow-y-auto bg-background sm:max-w-2xl lg:max-w-3xl" data-testid="support-ticket-sheet" aria-describedby={undefined}>
        {ticket.isError && !d ? (
          <div className="p-5">
            <SheetTitle className="sr-only">{ss.ticketLoadFailed}</SheetTitle>
            <QueryErrorCard query={ticket} title={ss.ticketLoadFailed} retryLabel={ss.tryAgain} testId="support-ticket-error" />
          </div>
        ) : !d || d.id !== ticketId ? (
          <div className="grid gap-3 p-5">
            <SheetTitle className="sr-only">{ss.refresh}</SheetTitle>
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-24" />
            <Skeleton className="h-48" />
          </div>
        ) : (
          <TicketBody ticket={d} viewerId={viewerId} staff={staff} />
        )}
      </SheetContent>
    </Sheet>
  );
}

function TicketBody({ ticket: d, viewerId, staff }: { ticket: SupportTicketDetail; viewerId: string | null; staff: boolean }) {
  const now = useNow();
  const manage = staff && d.can.manage;
  const canned = useCannedReplies(manage);
  return (
    <div className="flex min-w-0 flex-col gap-5 p-4 sm:p-6">
      <div className="pr-8">
        <p className="font-mono text-xs font-medium text-muted-foreground" data-testid="support-ticket-reference">
          {d.reference}
        </p>
        <SheetTitle className="mt-0.5 text-lg leading-snug break-words" data-testid="support-ticket-subject">
          {d.subject}
        </SheetTitle>
        <div className="mt-2 flex flex-wrap items-center gap-1.5">
          <StatusBadge status={d.status} />
          <PriorityBadge priority={d.priority} />
          <span className="rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground">{categoryLabel(d.category)}</span>
          {manage && <SlaIndicator ticket={d} now={now} className="ml-1" />}
        </div>
        <SheetDescription className="mt-2 text-xs">
          {[manage ? d.schoolName : null, d.openedBy ? ss.school.openedBy(d.openedBy.name) : null, t.openedOn(formatWhen(d.createdAt))].filter(Boolean).join(' · ')}
        </SheetDescription>
      </div>

      {manage ? <StaffControls ticket={d} viewerId={viewerId} /> : <SchoolActions ticket={d} />}

      <TicketThread ticket={d} viewerId={viewerId} />

      {(d.can.rate || d.rating !== null) && <RatingCard ticket={d} mine={!!viewerId && d.openedBy?.id === viewerId} />}

      {d.can.reply ? (
        <ReplyBox key={d.id} ticket={d} staff={manage} canned={canned.data} />
      ) : (
        d.status === 'closed' && <p className="rounded-lg border border-dashed px-4 py-3 text-center text-sm text-muted-foreground">{t.closedHint}</p>
      )}
    </div>
  );
}

/** School side: "Close ticket" and "Reopen" once support has marked it resolved. */
function SchoolActions({ ticket }: { ticket: SupportTicketDetail }) {
  const update = useUpdateTicket();
  if (!ticket.can.close && !ticket.can.reopen) return null;
  const go = (status: SupportStatus) =>
    update.mutate(
      { id: ticket.id, body: { status } },
      {
        onSuccess: () => toast.success(status === 'closed' ? ss.actions.closed : ss.actions.reopened),
        onError: (e) => toast.error(t.updateFailed, { description: e.message }),
      },
    );
  return (
    <div className="flex flex-wrap gap-2" data-testid="support-school-actions">
      {ticket.can.reopen && (
        <Button variant="outline" size="sm" onClick={() => go('open')} disabled={update.isPending} data-testid="support-reopen">
          <RotateCcw aria-hidden />
          {ss.actions.reopen}
        </Button>
      )}
      {ticket.can.close && (
        <Button variant="outline" size="sm" onClick={() => go('closed')} disabled={update.isPending} data-testid="support-close">
          <XCircle aria-hidden />
          {ss.actions.close}
        </Button>
      )}
    </div>
  );
}

/** EduFam staff's controls: status, priority, assignee, "Assign to me", "Mark resolved"; figures against targets. */
function StaffControls({ ticket: d, viewerId }: { ticket: SupportTicketDetail; viewerId: string | null }) {
  const staff = useSupportStaff(true);
  const update = useUpdateTicket();
  const closed = d.status === 'closed';
  const save = (body: UpdateTicketBody, done: string = t.updated) =>
    update.mutate(
      { id: d.id, body },
      {
        onSuccess: () => toast.success(done),
        onError: (e) => toast.error(t.updateFailed, { description: e.message }),
      },
    );
  const people = staff.data ?? [];
  const assignedKnown = !d.assignedTo || people.some((p) => p.id === d.assignedTo!.id);
  return (
    <div className="flex flex-col gap-3 rounded-xl border bg-muted/30 p-3 sm:p-4" data-testid="support-staff-controls">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <LabelledField id="support-status" label={t.status} className="grid min-w-0 gap-1.5">
          <Select value={d.status} onValueChange={(v) => save({ status: v as SupportStatus })} disabled={closed || update.isPending}>
            <SelectTrigger id="support-status" data-testid="support-status-select">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SUPPORT_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {SUPPORT_STATUS_LABELS[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </LabelledField>
        <LabelledField id="support-priority" label={t.priority} className="grid min-w-0 gap-1.5">
          <PrioritySelect id="support-priority" testId="support-priority-select" value={d.priority} onChange={(p) => save({ priority: p })} disabled={closed || update.isPending} />
        </LabelledField>
        <LabelledField id="support-assignee" label={t.assignee} className="grid min-w-0 gap-1.5">
          <Select
            value={d.assignedTo?.id ?? NOBODY}
            onValueChange={(v) => save({ assignedTo: v === NOBODY ? null : v })}
            disabled={closed || update.isPending}
          >
            <SelectTrigger id="support-assignee" data-testid="support-assignee-select">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NOBODY}>{t.nobody}</SelectItem>
              {!assignedKnown && d.assignedTo && <SelectItem value={d.assignedTo.id}>{d.assignedTo.name}</SelectItem>}
              {people.map((p) => (
                <SelectItem key={p.id} value={p.id}>
                  {p.id === viewerId ? `${p.name} (${ss.center.mine})` : p.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </LabelledField>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {viewerId && d.assignedTo?.id !== viewerId && !closed && (
          <Button size="sm" variant="outline" onClick={() => save({ assignedTo: viewerId })} disabled={update.isPending} data-testid="support-assign-me">
            <UserCheck aria-hidden />
            {t.assignToMe}
          </Button>
        )}
        {!closed && d.status !== 'resolved' && (
          <Button size="sm" variant="outline" onClick={() => save({ status: 'resolved' }, ss.actions.resolved)} disabled={update.isPending} data-testid="support-resolve">
            <CheckCircle2 aria-hidden />
            {ss.actions.markResolved}
          </Button>
        )}
        {update.isPending && <Loader2 className="size-4 animate-spin text-muted-foreground" aria-hidden />}
        <dl className="ml-auto flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <div className="flex gap-1">
            <dt>{t.firstResponse}:</dt>
            <dd className={cn('font-medium text-foreground', d.firstResponseBreached && 'text-destructive')}>
              {d.firstResponseMinutes !== null ? formatDuration(d.firstResponseMinutes) : t.notYet}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>{t.resolution}:</dt>
            <dd className={cn('font-medium text-foreground', d.resolutionBreached && 'text-destructive')}>
              {d.resolutionMinutes !== null ? formatDuration(d.resolutionMinutes) : t.notYet}
            </dd>
          </div>
        </dl>
      </div>
    </div>
  );
}

function Stars({ value, onPick, size = 'size-6' }: { value: number; onPick?: (n: number) => void; size?: string }) {
  const [hover, setHover] = React.useState(0);
  const shown = hover || value;
  return (
    <div className="flex items-center gap-0.5" role={onPick ? 'radiogroup' : 'img'} aria-label={onPick ? ss.rating.title : ss.rating.star(value)} onMouseLeave={() => setHover(0)}>
      {[1, 2, 3, 4, 5].map((n) => {
        const star = <Star className={cn(size, n <= shown ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground/40')} aria-hidden />;
        return onPick ? (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={value === n}
            aria-label={ss.rating.star(n)}
            className="rounded p-0.5 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            onMouseEnter={() => setHover(n)}
            onClick={() => onPick(n)}
            data-testid={`support-star-${n}`}
          >
            {star}
          </button>
        ) : (
          <span key={n}>{star}</span>
        );
      })}
    </div>
  );
}

/** After resolution: the opener rates 1-5 stars with an optional comment; afterwards the rating shows read-only. */
function RatingCard({ ticket, mine }: { ticket: SupportTicketDetail; mine: boolean }) {
  const [rating, setRating] = React.useState(0);
  const [comment, setComment] = React.useState('');
  const rate = useRateTicket();
  const err = useFormError();
  if (ticket.rating !== null) {
    return (
      <div className="flex flex-col gap-1.5 rounded-xl border bg-card p-4" data-testid="support-rating-given">
        <p className="text-sm font-medium">{mine ? ss.rating.yours : ss.rating.given}</p>
        <Stars value={ticket.rating} size="size-5" />
        {ticket.ratingComment && <p className="text-sm break-words whitespace-pre-wrap text-muted-foreground">{ticket.ratingComment}</p>}
      </div>
    );
  }
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (rating < 1) return err.set(ss.rating.choose);
    err.clear();
    rate.mutate(
      { id: ticket.id, body: { rating, comment: comment.trim() || undefined } },
      {
        onSuccess: () => toast.success(ss.rating.thanks),
        onError: (e2) => {
          err.fail(e2);
          toast.error(ss.rating.failed, { description: e2.message });
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-xl border border-amber-300/60 bg-amber-50/50 p-4 dark:bg-amber-500/5" data-testid="support-rating-form">
      <div>
        <p className="font-medium">{ss.rating.title}</p>
        <p className="text-sm text-muted-foreground">{ss.rating.hint}</p>
      </div>
      <Stars value={rating} onPick={setRating} />
      <LabelledField id="support-rating-comment" label={ss.rating.comment} className="grid gap-1.5">
        <Textarea
          id="support-rating-comment"
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          rows={2}
          maxLength={2000}
          placeholder={ss.rating.commentPlaceholder}
          className="bg-background"
          data-testid="support-rating-comment"
        />
      </LabelledField>
      <FieldError id="support-rating-error" message={err.error?.message} />
      <div>
        <Button type="submit" size="sm" disabled={rate.isPending} data-testid="support-rating-submit">
          {rate.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {ss.rating.submit}
        </Button>
      </div>
    </form>
  );
}
