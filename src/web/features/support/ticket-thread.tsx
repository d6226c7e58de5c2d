import * as React from 'react';
import { Headset, Lock, MessageSquareText, Send, StickyNote } from 'lucide-react';
import { toast } from 'sonner';
import type { CannedReply, SupportTicketDetail } from '@shared/contracts/support';
import { supportScreens as ss } from '@shared/messages/support-screens';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { FieldError, useFormError } from '@/components/form-feedback';
import { Textarea } from '@/components/ui/textarea';
import { PendingButton } from '@/components/pending-button';
import { ChoiceButtons } from '@/components/choice-buttons';
import { AttachmentLinks, AttachmentPicker, formatWhen, useAttachmentUploads } from './support-bits';
import { useReply } from './support-api';

const t = ss.thread;
/** The staff's two ways of answering: a reply the opener sees, or an internal note. */
const REPLY_MODES = [{ value: 'reply' }, { value: 'note' }] as const;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');
}

/**
 * The ticket's conversation, oldest first: the opening description, then replies. EduFam staff's replies
 * are marked "EduFam Support"; internal notes (staff only; the server never sends them to the school)
 * are yellow and labelled "Internal note". Bodies are plain text (never HTML), line breaks kept.
 */
export function TicketThread({ ticket, viewerId }: { ticket: SupportTicketDetail; viewerId: string | null }) {
  const entries = [
    {
      id: 'opening',
      body: ticket.description,
      fromSupport: false,
      internal: false,
      author: ticket.openedBy,
      attachments: ticket.attachments,
      createdAt: ticket.createdAt,
      opening: true,
    },
    ...ticket.thread.map((r) => ({ ...r, opening: false })),
  ];
  return (
    <ol className="flex flex-col gap-3" data-testid="support-thread">
      {entries.map((e) => {
        const mine = !!viewerId && e.author?.id === viewerId;
        const name = e.author?.name ?? (e.fromSupport ? t.support : '—');
        return (
          <li
            key={e.id}
            className={cn(
              'min-w-0 rounded-xl border p-3 sm:p-4',
              e.internal
                ? 'border-amber-400/60 bg-amber-50 dark:border-amber-500/40 dark:bg-amber-500/10'
                : e.fromSupport
                  ? 'border-primary/20 bg-primary/[0.04]'
                  : 'bg-card',
            )}
            data-testid={e.internal ? 'support-internal-note' : e.opening ? 'support-opening' : 'support-reply'}
            data-from-support={e.fromSupport || undefined}
          >
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span
                className={cn(
                  'flex size-7 shrink-0 items-center justify-center rounded-full text-[11px] font-semibold',
                  e.fromSupport ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
                )}
                aria-hidden
              >
                {e.fromSupport ? <Headset className="size-3.5" /> : initials(name)}
              </span>
              <span className="min-w-0 truncate text-sm font-medium">{mine ? t.you : name}</span>
              {e.fromSupport && !e.internal && name !== t.support && <span className="rounded bg-primary/10 px-1.5 py-0.5 text-[11px] font-medium text-primary">{t.support}</span>}
              {e.internal && (
                <span className="inline-flex items-center gap-1 rounded bg-amber-200/70 px-1.5 py-0.5 text-[11px] font-semibold text-amber-900 dark:bg-amber-500/25 dark:text-amber-200">
                  <Lock className="size-3" aria-hidden />
                  {t.internalNote}
                </span>
              )}
              {e.opening && <span className="text-xs text-muted-foreground">{t.opened}</span>}
              <time className="ml-auto text-xs text-muted-foreground" dateTime={e.createdAt}>
                {formatWhen(e.createdAt)}
              </time>
            </div>
            <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-wrap" data-testid="support-entry-body">
              {e.body}
            </p>
            <AttachmentLinks ticketId={ticket.id} files={e.attachments} className="mt-2.5" />
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The reply box under the thread. School users send replies; EduFam staff choose "Reply" (the school
 * sees it) or "Internal note" (staff only, yellow), and can insert a canned reply to adjust. Files are
 * uploaded when picked (errors as toasts: too large, wrong type) and sent with the reply.
 */
export function ReplyBox({ ticket, staff, canned }: { ticket: SupportTicketDetail; staff: boolean; canned?: CannedReply[] }) {
  const [mode, setMode] = React.useState<'reply' | 'note'>('reply');
  const [body, setBody] = React.useState('');
  const uploads = useAttachmentUploads(staff ? ticket.schoolId : null);
  const reply = useReply();
  const err = useFormError();
  const area = React.useRef<HTMLTextAreaElement>(null);
  const note = staff && mode === 'note';

  const insert = (text: string) => {
    const el = area.current;
    if (!el) return setBody((b) => (b ? `${b}\n${text}` : text));
    const start = el.selectionStart ?? body.length;
    const end = el.selectionEnd ?? body.length;
    const next = body.slice(0, start) + text + body.slice(end);
    setBody(next);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return err.set(t.empty);
    err.clear();
    reply.mutate(
      { id: ticket.id, body: { body: body.trim(), internal: note, attachmentIds: uploads.ids.length ? uploads.ids : undefined } },
      {
        onSuccess: () => {
          toast.success(note ? t.noteAdded : t.sent);
          setBody('');
          uploads.reset();
        },
        onError: (e2) => {
          err.fail(e2);
          toast.error(t.sendFailed, { description: e2.message });
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      className={cn('flex min-w-0 flex-col gap-2.5 rounded-xl border p-3 transition-colors', note ? 'border-amber-400/70 bg-amber-50/70 dark:bg-amber-500/10' : 'bg-card')}
      data-testid="support-reply-form"
    >
      {staff && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <ChoiceButtons
            options={REPLY_MODES}
            value={mode}
            onChange={setMode}
            label={t.reply}
            className="inline-flex rounded-lg bg-muted p-0.5"
            buttonClassName={({ value: m }, on) =>
              cn('inline-flex items-center gap-1.5 rounded-md px-3 py-1 text-xs font-medium text-muted-foreground transition-colors', on && (m === 'note' ? 'bg-amber-200 text-amber-950 shadow-sm' : 'bg-background text-foreground shadow-sm'))
            }
            buttonTestId={({ value: m }) => `support-mode-${m}`}
          >
            {({ value: m }) => (
              <>
                {m === 'note' ? <StickyNote className="size-3.5" aria-hidden /> : <MessageSquareText className="size-3.5" aria-hidden />}
                {m === 'note' ? t.note : t.reply}
              </>
            )}
          </ChoiceButtons>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button type="button" variant="ghost" size="sm" data-testid="support-canned-picker">
                <MessageSquareText aria-hidden />
                {t.cannedReplies}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" className="max-h-80 w-72 overflow-y-auto">
              <DropdownMenuLabel>{t.cannedReplies}</DropdownMenuLabel>
              <DropdownMenuSeparator />
              {(canned ?? []).length === 0 ? (
                <p className="px-2 py-1.5 text-sm text-muted-foreground">{t.noCanned}</p>
              ) : (
                (canned ?? []).map((c) => (
                  <DropdownMenuItem key={c.id} onSelect={() => insert(c.body)} className="flex-col items-start gap-0.5" data-testid="support-canned-option">
                    <span className="font-medium">{c.title}</span>
                    <span className="line-clamp-2 text-xs text-muted-foreground">{c.body}</span>
                  </DropdownMenuItem>
                ))
              )}
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      )}
      {note && <p className="text-xs font-medium text-amber-800 dark:text-amber-300">{t.internalHint}</p>}
      <Textarea
        ref={area}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        rows={4}
        maxLength={10_000}
        placeholder={note ? t.notePlaceholder : t.replyPlaceholder}
        aria-label={note ? t.note : t.reply}
        aria-invalid={!!err.error || undefined}
        aria-describedby={err.error ? 'support-reply-error' : undefined}
        className="resize-y bg-background"
        data-testid="support-reply-body"
      />
      <FieldError id="support-reply-error" message={err.field('body') ?? err.error?.message} />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <AttachmentPicker uploads={uploads} disabled={reply.isPending} testId="support-reply-attach" compact />
        <PendingButton pending={reply.isPending} icon={note ? StickyNote : Send} type="submit" size="sm" disabled={reply.isPending || uploads.busy} className={cn('ml-auto', note && 'bg-amber-600 text-white hover:bg-amber-600/90')} data-testid="support-reply-send">
          {reply.isPending ? t.sending : note ? t.addNote : t.send}
        </PendingButton>
      </div>
    </form>
  );
}
