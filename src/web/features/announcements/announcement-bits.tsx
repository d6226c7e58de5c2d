import { AlertOctagon, AlertTriangle, FileText, Image as ImageIcon, Paperclip } from 'lucide-react';
import type { AnnouncementPriority, AnnouncementStatus } from '@shared/contracts/announcements';
import { ANNOUNCEMENT_PRIORITY_LABELS, ANNOUNCEMENT_STATUS_LABELS } from '@shared/messages/announcements';
import { announcementScreens as t } from '@shared/messages/announcements-screens';
import { cn } from '@/lib/utils';
import { attachmentHref } from './announcements-api';

export { formatDateTime, formatRelative } from '@/lib/message-format';

const PRIORITY_CLASS: Record<AnnouncementPriority, string> = {
  normal: 'border-border bg-muted text-muted-foreground',
  high: 'border-amber-500/30 bg-amber-400/15 text-amber-800 dark:text-amber-300',
  urgent: 'border-red-600/30 bg-red-600 text-white',
};

/** The priority pill (normal grey, high amber, urgent red); normal is hidden unless `showNormal`. */
export function AnnouncementPriorityBadge({ priority, showNormal, className }: { priority: AnnouncementPriority; showNormal?: boolean; className?: string }) {
  if (priority === 'normal' && !showNormal) return null;
  const Icon = priority === 'urgent' ? AlertOctagon : priority === 'high' ? AlertTriangle : null;
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap', PRIORITY_CLASS[priority], className)}
      data-testid="announcement-priority"
      data-priority={priority}
    >
      {Icon && <Icon className="size-3" aria-hidden />}
      {ANNOUNCEMENT_PRIORITY_LABELS[priority]}
    </span>
  );
}

const STATUS_CLASS: Record<AnnouncementStatus, string> = {
  scheduled: 'bg-sky-500/10 text-sky-700 dark:text-sky-300',
  published: 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  cancelled: 'bg-muted text-muted-foreground line-through decoration-1',
};

/** Scheduled / Published / Cancelled. */
export function AnnouncementStatusBadge({ status }: { status: AnnouncementStatus }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', STATUS_CLASS[status])} data-testid="announcement-status" data-status={status}>
      {ANNOUNCEMENT_STATUS_LABELS[status]}
    </span>
  );
}

/** "1.2 MB", "340 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Links that open each attachment in a new tab (the server serves PDFs and images inline). */
export function AttachmentChips({
  announcementId,
  attachments,
  className,
}: {
  announcementId: string;
  attachments: { fileId: string; name: string; contentType: string; sizeBytes: number }[];
  className?: string;
}) {
  if (attachments.length === 0) return null;
  return (
    <ul className={cn('flex flex-wrap gap-2', className)} aria-label={t.attachments}>
      {attachments.map((a) => {
        const Icon = a.contentType.startsWith('image/') ? ImageIcon : a.contentType === 'application/pdf' ? FileText : Paperclip;
        return (
          <li key={a.fileId} className="min-w-0 max-w-full">
            <a
              href={attachmentHref(announcementId, a.fileId)}
              target="_blank"
              rel="noreferrer"
              onClick={(e) => e.stopPropagation()}
              className="inline-flex max-w-full items-center gap-1.5 rounded-full border bg-background px-2.5 py-1 text-xs font-medium text-foreground shadow-xs transition-colors hover:border-primary/40 hover:bg-primary/5 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              aria-label={t.openAttachment(a.name)}
              data-testid="announcement-attachment"
            >
              <Icon className="size-3.5 shrink-0 text-primary" aria-hidden />
              <span className="truncate">{a.name}</span>
              <span className="shrink-0 text-muted-foreground">{formatBytes(a.sizeBytes)}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** A small percentage bar (read receipts). */
export function ReadBar({ percent, className }: { percent: number; className?: string }) {
  return (
    <span className={cn('block h-1.5 w-full overflow-hidden rounded-full bg-muted', className)} aria-hidden>
      <span className="block h-full rounded-full bg-primary transition-[width]" style={{ width: `${Math.min(100, Math.max(0, percent))}%` }} />
    </span>
  );
}
