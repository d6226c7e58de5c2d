import * as React from 'react';
import { Ban, BarChart3, CalendarClock, Pin, PinOff, Scale, Users } from 'lucide-react';
import { toast } from 'sonner';
import type { Announcement } from '@shared/contracts/announcements';
import { ANNOUNCEMENT_CHANNEL_LABELS } from '@shared/messages/announcements';
import { announcementScreens as t } from '@shared/messages/announcements-screens';
import { ROLE_DISPLAY_NAMES, isRole } from '@shared/roles';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { useAnnouncement, useCancelAnnouncement, useMarkRead, usePinAnnouncement } from './announcements-api';
import { AnnouncementPriorityBadge, AnnouncementStatusBadge, AttachmentChips, ReadBar, formatDateTime } from './announcement-bits';
import { FormattedText } from './formatted-text';

/** "Required by law": the announcement's SMS and e-mail also reached guardians who opted out (issue 35 §5). */
export function StatutoryBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-violet-600/30 bg-violet-500/10 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-violet-800 dark:text-violet-300" data-testid="announcement-statutory-badge">
      <Scale className="size-3" aria-hidden />
      {t.statutory}
    </span>
  );
}

/** "Jane Wanjiru · Principal" (the author's name and the role they posted as). */
export function authorLine(a: Pick<Announcement, 'authorName' | 'authorRole'>): string {
  const role = isRole(a.authorRole) ? ROLE_DISPLAY_NAMES[a.authorRole] : null;
  return [a.authorName ?? t.unknownAuthor, role].filter(Boolean).join(' · ');
}

/** Read percentage of an announcement the caller may follow (null when they may not). */
export function readPercent(a: Pick<Announcement, 'recipientCount' | 'readCount'>): number | null {
  if (a.recipientCount === null || a.readCount === null) return null;
  return a.recipientCount === 0 ? 0 : Math.round((a.readCount / a.recipientCount) * 100);
}

/**
 * One announcement in a sheet: title, priority, author and times in Nairobi, the body with its basic
 * formatting (rendered as text), attachments; for the author, principal and director also the audience,
 * read receipts, Pin/Unpin, Cancel (scheduled ones) and the Delivery view. `initial` shows at once
 * while the full record loads.
 */
export function AnnouncementDetailSheet({
  id,
  initial,
  onClose,
  onDelivery,
}: {
  id: string | null;
  initial: Announcement | null;
  onClose: () => void;
  onDelivery: (a: Announcement) => void;
}) {
  const query = useAnnouncement(id);
  const a = query.data ?? (initial?.id === id ? initial : null);
  const pin = usePinAnnouncement();
  const cancel = useCancelAnnouncement();
  const [confirmCancel, setConfirmCancel] = React.useState(false);
  const pct = a ? readPercent(a) : null;

  // Opening it marks it read (once per opening; authors' own are read already).
  const markRead = useMarkRead();
  const marked = React.useRef<string | null>(null);
  const { mutate: mark } = markRead;
  React.useEffect(() => {
    if (!id) marked.current = null;
    else if (a && a.id === id && !a.read && !a.mine && a.status === 'published' && marked.current !== id) {
      marked.current = id;
      mark(id);
    }
  }, [id, a, mark]);

  return (
    <Sheet open={!!id} onOpenChange={(o) => !o && onClose()}>
      <SheetContent side="right" className="w-full max-w-2xl overflow-y-auto bg-background sm:w-[40rem]" data-testid="announcement-detail">
        {!a && query.isError ? (
          <div className="p-5">
            <SheetTitle className="sr-only">{t.errorTitle}</SheetTitle>
            <QueryErrorCard query={query} title={t.errorTitle} retryLabel={t.tryAgain} />
          </div>
        ) : !a ? (
          <div className="grid gap-3 p-5" aria-busy="true">
            <SheetTitle className="sr-only">{t.detailLoading}</SheetTitle>
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-48" />
          </div>
        ) : (
          <article className="flex min-w-0 flex-col gap-5 p-4 sm:p-6" data-id={a.id}>
            <header className="pr-8">
              <div className="mb-2 flex flex-wrap items-center gap-1.5">
                {a.pinned && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
                    <Pin className="size-3" aria-hidden />
                    {t.pinned}
                  </span>
                )}
                <AnnouncementPriorityBadge priority={a.priority} />
                {a.statutory && <StatutoryBadge />}
                {a.status !== 'published' && <AnnouncementStatusBadge status={a.status} />}
              </div>
              <SheetTitle className="text-lg leading-snug font-semibold sm:text-xl" data-testid="announcement-detail-title">
                {a.title}
              </SheetTitle>
              <SheetDescription className="mt-1.5 text-sm text-muted-foreground">
                {authorLine(a)}
                {' · '}
                <time dateTime={a.publishedAt ?? a.publishAt}>
                  {a.status === 'scheduled' ? t.scheduledFor(formatDateTime(a.publishAt)) : formatDateTime(a.publishedAt ?? a.publishAt)}
                </time>
              </SheetDescription>
              {a.expiresAt && (
                <p className="mt-1 inline-flex items-center gap-1 text-xs text-muted-foreground">
                  <CalendarClock className="size-3.5" aria-hidden />
                  {new Date(a.expiresAt) < new Date() ? t.expired : t.expires(formatDateTime(a.expiresAt))}
                </p>
              )}
            </header>

            <FormattedText text={a.body} className="text-[0.9375rem] text-foreground/90" testId="announcement-detail-body" />

            {a.attachments.length > 0 && (
              <section>
                <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t.attachments}</h3>
                <AttachmentChips announcementId={a.id} attachments={a.attachments} />
              </section>
            )}

            {(a.mine || a.canManage) && (
              <section className="grid gap-3 rounded-xl border bg-card p-4 text-sm" data-testid="announcement-detail-author">
                <div className="grid gap-1 sm:grid-cols-[7rem_1fr]">
                  <span className="text-muted-foreground">{t.audience}</span>
                  <span className="inline-flex items-center gap-1.5 font-medium">
                    <Users className="size-4 text-muted-foreground" aria-hidden />
                    {a.audienceLabel}
                  </span>
                </div>
                <div className="grid gap-1 sm:grid-cols-[7rem_1fr]">
                  <span className="text-muted-foreground">{t.channels}</span>
                  <span>{a.channels.map((c) => ANNOUNCEMENT_CHANNEL_LABELS[c]).join(', ')}</span>
                </div>
                {a.status === 'published' && pct !== null && (
                  <div className="grid gap-1 sm:grid-cols-[7rem_1fr]">
                    <span className="text-muted-foreground">{t.colRead}</span>
                    <span className="grid gap-1.5">
                      <span data-testid="announcement-detail-reads">{t.readSummary(a.readCount ?? 0, a.recipientCount ?? 0, pct)}</span>
                      <ReadBar percent={pct} className="max-w-xs" />
                    </span>
                  </div>
                )}
                <div className="flex flex-wrap gap-2 pt-1">
                  {a.status === 'published' && a.recipientCount !== null && (
                    <Button size="sm" onClick={() => onDelivery(a)} data-testid="announcement-open-delivery">
                      <BarChart3 aria-hidden />
                      {t.delivery}
                    </Button>
                  )}
                  {a.canManage && a.status !== 'cancelled' && (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={pin.isPending}
                      onClick={() =>
                        pin.mutate(
                          { id: a.id, pinned: !a.pinned },
                          { onSuccess: () => toast.success(a.pinned ? t.unpinnedToast : t.pinnedToast), onError: (e) => toast.error(e.message) },
                        )
                      }
                      data-testid="announcement-pin"
                    >
                      {a.pinned ? <PinOff aria-hidden /> : <Pin aria-hidden />}
                      {a.pinned ? t.unpin : t.pin}
                    </Button>
                  )}
                  {a.canManage && a.status === 'scheduled' && (
                    <Button size="sm" variant="outline" className="text-destructive" onClick={() => setConfirmCancel(true)} data-testid="announcement-cancel">
                      <Ban aria-hidden />
                      {t.cancelScheduled}
                    </Button>
                  )}
                </div>
              </section>
            )}
          </article>
        )}
      </SheetContent>
      <ConfirmDialog
        open={confirmCancel}
        tone="danger"
        icon={Ban}
        title={t.cancelTitle}
        text={t.cancelText}
        cancelLabel={t.keep}
        confirmLabel={t.cancelConfirm}
        pending={cancel.isPending}
        onCancel={() => setConfirmCancel(false)}
        onConfirm={() =>
          a &&
          cancel.mutate(a.id, {
            onSuccess: () => {
              toast.success(t.cancelledToast);
              setConfirmCancel(false);
            },
            onError: (e) => toast.error(e.message),
          })
        }
        testId="announcement-cancel-dialog"
        confirmTestId="announcement-cancel-confirm"
      />
    </Sheet>
  );
}
