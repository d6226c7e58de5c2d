import * as React from 'react';
import { useSearchParams } from 'react-router';
import { AlarmClock, CircleCheck, CircleAlert, FileText, ImageIcon, Loader2, Paperclip, X } from 'lucide-react';
import { toast } from 'sonner';
import {
  SUPPORT_ACTIVE_STATUSES,
  SUPPORT_MAX_ATTACHMENTS,
  SUPPORT_PRIORITIES,
  type SupportAttachment,
  type SupportPriority,
  type SupportStatus,
  type SupportTicketSummary,
} from '@shared/contracts/support';
import { SUPPORT_CATEGORY_LABELS, SUPPORT_PRIORITY_LABELS, SUPPORT_STATUS_LABELS } from '@shared/messages/support';
import { formatDuration, supportScreens as ss } from '@shared/messages/support-screens';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { attachmentHref, uploadAttachment } from './support-api';
import { schoolToday } from '@shared/dates';
import { formatClock, formatInstant } from '@/lib/format';

const pill = 'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset';

const STATUS_TONE: Record<SupportStatus, { pill: string; dot: string }> = {
  open: { pill: 'bg-sky-500/10 text-sky-700 ring-sky-600/20 dark:text-sky-300', dot: 'bg-sky-500' },
  in_progress: { pill: 'bg-violet-500/10 text-violet-700 ring-violet-600/20 dark:text-violet-300', dot: 'bg-violet-500' },
  waiting_for_school: { pill: 'bg-amber-500/12 text-amber-800 ring-amber-600/25 dark:text-amber-300', dot: 'bg-amber-500' },
  resolved: { pill: 'bg-emerald-500/10 text-emerald-700 ring-emerald-600/20 dark:text-emerald-300', dot: 'bg-emerald-500' },
  closed: { pill: 'bg-muted text-muted-foreground ring-border', dot: 'bg-muted-foreground/60' },
};

const PRIORITY_TONE: Record<SupportPriority, string> = {
  low: 'bg-slate-500/10 text-slate-700 ring-slate-500/20 dark:text-slate-300',
  normal: 'bg-secondary text-secondary-foreground ring-border',
  high: 'bg-orange-500/10 text-orange-700 ring-orange-600/20 dark:text-orange-300',
  urgent: 'bg-red-500/10 text-red-700 ring-red-600/25 dark:text-red-300',
};

/** A ticket's status as a coloured pill ("Waiting for school"). */
export function StatusBadge({ status }: { status: SupportStatus }) {
  const t = STATUS_TONE[status];
  return (
    <span className={cn(pill, t.pill)} data-testid="support-status" data-status={status}>
      <span className={cn('size-1.5 rounded-full', t.dot)} aria-hidden />
      {SUPPORT_STATUS_LABELS[status] ?? status}
    </span>
  );
}

export function PriorityBadge({ priority }: { priority: SupportPriority }) {
  return (
    <span className={cn(pill, PRIORITY_TONE[priority])} data-testid="support-priority" data-priority={priority}>
      {SUPPORT_PRIORITY_LABELS[priority] ?? priority}
    </span>
  );
}

/** The top line of a ticket's card in a list on phones: the subject (wrapping) and the reference. */
export function TicketCardHeading({ ticket: t }: { ticket: SupportTicketSummary }) {
  return (
    <div className="flex items-start justify-between gap-2">
      <p className="min-w-0 font-medium leading-snug break-words">{t.subject}</p>
      <span className="shrink-0 font-mono text-xs text-muted-foreground">{t.reference}</span>
    </div>
  );
}

export const categoryLabel = (c: string) => SUPPORT_CATEGORY_LABELS[c] ?? c;

/**
 * A support list's Ticket cell: the subject on one line (its whole text as the tooltip) over the
 * reference in monospace, then `children` (who opened it, the number of replies). `className` adds to
 * the block's classes (its width); `truncate` keeps the second line on one line too.
 */
export function TicketSubjectCell({ ticket: t, className, truncate, children }: { ticket: SupportTicketSummary; className?: string; truncate?: boolean; children?: React.ReactNode }) {
  return (
    <div className={cn('min-w-0', className)}>
      <p className="truncate font-medium" title={t.subject} data-testid="support-row-subject">
        {t.subject}
      </p>
      <p className={cn('mt-0.5 text-xs text-muted-foreground', truncate && 'truncate')}>
        <span className="font-mono">{t.reference}</span>
        {children}
      </p>
    </div>
  );
}

// ── Times (Africa/Nairobi) ──────────────────────────────────────────────────────────────────────

/** "12 Mar 2026, 14:30" in Nairobi. */
export const formatWhen = (iso: string) => formatInstant(iso);

/** "14:30" today (Nairobi), else the date and time. */
export function formatShort(iso: string, now = new Date()): string {
  const d = new Date(iso);
  return schoolToday(d) === schoolToday(now) ? formatClock(d) : formatInstant(d);
}

/** The current time, re-read every minute (due-in / overdue texts move on by themselves). */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = React.useState(() => new Date());
  React.useEffect(() => {
    const t = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs]);
  return now;
}

/**
 * Where a ticket stands against its targets: for an active ticket the next due time (first reply until
 * support has answered, then resolution) as "due in" or "overdue by"; for a finished one whether the
 * targets were met.
 */
export function slaState(t: SupportTicketSummary, now: Date): { tone: 'ok' | 'warn' | 'late' | 'done'; text: string } {
  const active = (SUPPORT_ACTIVE_STATUSES as readonly string[]).includes(t.status);
  if (!active) return t.firstResponseBreached || t.resolutionBreached ? { tone: 'late', text: ss.sla.breached } : { tone: 'done', text: ss.sla.met };
  const replyPending = !t.firstResponseAt;
  const due = new Date(replyPending ? t.firstResponseDueAt : t.resolutionDueAt).getTime();
  const mins = (due - now.getTime()) / 60_000;
  if (mins < 0) {
    const by = formatDuration(-mins);
    return { tone: 'late', text: replyPending ? ss.sla.firstResponseOverdue(by) : ss.sla.resolutionOverdue(by) };
  }
  const inText = formatDuration(mins);
  return { tone: mins < 60 ? 'warn' : 'ok', text: replyPending ? ss.sla.firstResponseDue(inText) : ss.sla.resolutionDue(inText) };
}

const SLA_TONE = {
  ok: 'text-muted-foreground',
  warn: 'text-amber-700 dark:text-amber-400',
  late: 'font-medium text-destructive',
  done: 'text-emerald-700 dark:text-emerald-400',
};

export function SlaIndicator({ ticket, now, className }: { ticket: SupportTicketSummary; now: Date; className?: string }) {
  const s = slaState(ticket, now);
  const Icon = s.tone === 'late' ? CircleAlert : s.tone === 'done' ? CircleCheck : AlarmClock;
  return (
    <span className={cn('inline-flex items-center gap-1 text-xs whitespace-nowrap', SLA_TONE[s.tone], className)} data-testid="support-sla" data-tone={s.tone}>
      <Icon className="size-3.5 shrink-0" aria-hidden />
      {s.text}
    </span>
  );
}

/**
 * The ticket open in the sheet, kept in the URL (`?ticket=<id>`) so a reload keeps it open and a link
 * can point straight at a ticket.
 */
export function useOpenTicket(): [string | null, (id: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const id = params.get('ticket');
  const set = React.useCallback(
    (next: string | null) =>
      setParams(
        (prev) => {
          const q = new URLSearchParams(prev);
          if (next) q.set('ticket', next);
          else q.delete('ticket');
          return q;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [id && /^[0-9a-f-]{36}$/i.test(id) ? id : null, set];
}

// ── Attachments ─────────────────────────────────────────────────────────────────────────────────

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);

/** A ticket's or reply's files as links that open them (images and PDFs inline). */
export function AttachmentLinks({ ticketId, files, className }: { ticketId: string; files: SupportAttachment[]; className?: string }) {
  if (files.length === 0) return null;
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)} data-testid="support-attachments">
      {files.map((f) => {
        const Icon = f.contentType.startsWith('image/') ? ImageIcon : FileText;
        return (
          <li key={f.fileId} className="min-w-0 max-w-full">
            <a
              href={attachmentHref(ticketId, f.fileId)}
              target="_blank"
              rel="noreferrer"
              className="inline-flex max-w-full items-center gap-1.5 rounded-md border bg-background px-2 py-1 text-xs hover:bg-muted"
              aria-label={ss.attachments.open(f.name)}
            >
              <Icon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
              <span className="truncate">{f.name}</span>
              <span className="shrink-0 text-muted-foreground">{sizeText(f.sizeBytes)}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** Files chosen for a new ticket or reply: uploaded as soon as they are picked. */
export function useAttachmentUploads(schoolId: string | null) {
  const [files, setFiles] = React.useState<SupportAttachment[]>([]);
  const [uploading, setUploading] = React.useState<string[]>([]);
  const add = async (picked: FileList | null) => {
    if (!picked) return;
    const list = [...picked];
    const room = SUPPORT_MAX_ATTACHMENTS - files.length - uploading.length;
    if (list.length > room) toast.error(ss.attachments.tooMany(SUPPORT_MAX_ATTACHMENTS));
    for (const file of list.slice(0, Math.max(0, room))) {
      setUploading((u) => [...u, file.name]);
      try {
        const ref = await uploadAttachment(file, schoolId);
        setFiles((f) => [...f, ref]);
      } catch (err) {
        toast.error(ss.attachments.failed(file.name), { description: err instanceof Error ? err.message : undefined });
      } finally {
        setUploading((u) => {
          const i = u.indexOf(file.name);
          return i < 0 ? u : [...u.slice(0, i), ...u.slice(i + 1)];
        });
      }
    }
  };
  return {
    files,
    uploading,
    busy: uploading.length > 0,
    add,
    remove: (fileId: string) => setFiles((f) => f.filter((x) => x.fileId !== fileId)),
    reset: () => setFiles([]),
    ids: files.map((f) => f.fileId),
  };
}
export type AttachmentUploads = ReturnType<typeof useAttachmentUploads>;

/** "Attach files" button with the chosen files (removable) and the ones still uploading. */
export function AttachmentPicker({ uploads, disabled, testId, compact }: { uploads: AttachmentUploads; disabled?: boolean; testId: string; compact?: boolean }) {
  const input = React.useRef<HTMLInputElement>(null);
  const full = uploads.files.length + uploads.uploading.length >= SUPPORT_MAX_ATTACHMENTS;
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          type="file"
          multiple
          accept="image/*,application/pdf"
          className="sr-only"
          tabIndex={-1}
          data-testid={`${testId}-input`}
          onChange={(e) => {
            void uploads.add(e.target.files);
            e.target.value = '';
          }}
        />
        <Button type="button" variant="outline" size="sm" disabled={disabled || full} onClick={() => input.current?.click()} data-testid={testId}>
          <Paperclip aria-hidden />
          {ss.attachments.add}
        </Button>
        {!compact && <span className="text-xs text-muted-foreground">{ss.form.attachHint}</span>}
      </div>
      {(uploads.files.length > 0 || uploads.uploading.length > 0) && (
        <ul className="flex flex-wrap gap-1.5" data-testid={`${testId}-list`}>
          {uploads.files.map((f) => (
            <li key={f.fileId} className="inline-flex max-w-full min-w-0 items-center gap-1 rounded-md border bg-muted/40 py-0.5 pr-0.5 pl-2 text-xs">
              <span className="truncate">{f.name}</span>
              <span className="shrink-0 text-muted-foreground">{sizeText(f.sizeBytes)}</span>
              <button
                type="button"
                className="rounded p-0.5 text-muted-foreground hover:bg-muted hover:text-foreground"
                onClick={() => uploads.remove(f.fileId)}
                aria-label={ss.attachments.remove(f.name)}
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
          {uploads.uploading.map((name, i) => (
            <li key={`${name}-${i}`} className="inline-flex max-w-full items-center gap-1.5 rounded-md border border-dashed px-2 py-0.5 text-xs text-muted-foreground">
              <Loader2 className="size-3.5 animate-spin" aria-hidden />
              <span className="truncate">{ss.attachments.uploading(name)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The priority choice of the new-ticket form and the staff ticket workspace. */
export function PrioritySelect({ id, testId, value, onChange, disabled }: { id: string; testId: string; value: SupportPriority; onChange: (p: SupportPriority) => void; disabled?: boolean }) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as SupportPriority)} disabled={disabled}>
      <SelectTrigger id={id} data-testid={testId}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {SUPPORT_PRIORITIES.map((p) => (
          <SelectItem key={p} value={p}>
            {SUPPORT_PRIORITY_LABELS[p]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
