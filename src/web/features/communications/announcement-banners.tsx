import { ScrollArea } from 'radix-ui';
import { Link } from 'react-router';
import type * as React from 'react';
import { AlertOctagon, AlertTriangle, ArrowRight, X, type LucideIcon } from 'lucide-react';
import { toast } from 'sonner';
import { pathForSection } from '@shared/access';
import type { Announcement } from '@shared/contracts/announcements';
import type { ReceivedCommunication } from '@shared/contracts/communications';
import { messages } from '@shared/messages';
import { ANNOUNCEMENT_PRIORITY_LABELS } from '@shared/messages/announcements';
import { announcementScreens as t } from '@shared/messages/announcements-screens';
import { isSchoolRole } from '@shared/roles';
import { Button } from '@/components/ui/button';
import { IconBadge } from '@/components/icon-badge';
import { useAnnouncements, useAnnouncementsLiveRefresh } from '@/features/announcements';
import { authorLine } from '@/features/announcements';
import { plainText } from '@/features/announcements';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { useBanners, useDismissCommunication } from './api/received';
import { formatDateTime } from '@/lib/message-format';
import { PRIORITY_STYLES, PriorityBadge } from './components/priority';

const m = messages.communications;

/**
 * The frame of a banner: the priority's colours (`look`) and icon, the title with its badge, the body,
 * then `action` at the end of the row.
 */
function BannerFrame({
  look,
  testId,
  priority,
  id,
  title,
  badge,
  children,
  action,
}: {
  look: { icon: LucideIcon; banner: string; iconWrap: string };
  testId: string;
  priority: string;
  id: string;
  title: string;
  badge: React.ReactNode;
  children: React.ReactNode;
  action: React.ReactNode;
}) {
  const Icon = look.icon;
  return (
    <li className={cn('flex items-start gap-3 rounded-xl border px-3 py-3 shadow-xs sm:px-4', look.banner)} data-testid={testId} data-priority={priority} data-id={id}>
      <IconBadge icon={Icon} className={cn('mt-0.5 size-8 rounded-full', look.iconWrap)} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="text-sm font-semibold leading-snug">{title}</p>
          {badge}
        </div>
        {children}
      </div>
      {action}
    </li>
  );
}

function Banner({ c, onDismiss, dismissing }: { c: ReceivedCommunication; onDismiss: () => void; dismissing: boolean }) {
  return (
    <BannerFrame
      look={PRIORITY_STYLES[c.priority]}
      testId="announcement-banner"
      priority={c.priority}
      id={c.id}
      title={c.title}
      badge={<PriorityBadge priority={c.priority} />}
      action={
        c.dismissible && (
          <Button
            variant="ghost"
            size="icon"
            className="-mt-1 -mr-1 size-8 shrink-0 text-current opacity-70 hover:bg-black/5 hover:opacity-100 dark:hover:bg-white/10"
            onClick={onDismiss}
            disabled={dismissing}
            aria-label={m.dismissLabel(c.title)}
            title={m.dismiss}
            data-testid="announcement-dismiss"
          >
            <X aria-hidden />
          </Button>
        )
      }
    >
      <p className="mt-1 text-sm leading-relaxed whitespace-pre-wrap opacity-90">{c.message}</p>
      {c.expiresAt && <p className="mt-1.5 text-xs opacity-70">{m.expires(formatDateTime(c.expiresAt))}</p>}
    </BannerFrame>
  );
}

const SCHOOL_BANNER = {
  high: { icon: AlertTriangle, banner: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-50', iconWrap: 'bg-amber-100 text-amber-700 dark:bg-amber-900/60 dark:text-amber-200' },
  urgent: { icon: AlertOctagon, banner: 'border-red-300 bg-red-50 text-red-950 dark:border-red-900 dark:bg-red-950/50 dark:text-red-50', iconWrap: 'bg-red-600 text-white' },
} as const;

/** A high or urgent school announcement the caller has not read yet; "Read it" opens it (which marks it read, removing the banner). */
function SchoolBanner({ a, href }: { a: Announcement; href: string }) {
  return (
    <BannerFrame
      look={SCHOOL_BANNER[a.priority === 'urgent' ? 'urgent' : 'high']}
      testId="school-announcement-banner"
      priority={a.priority}
      id={a.id}
      title={a.title}
      badge={<span className="rounded-full border border-current/20 px-2 py-0.5 text-xs font-medium">{ANNOUNCEMENT_PRIORITY_LABELS[a.priority]}</span>}
      action={
        <Button asChild size="sm" variant="outline" className="shrink-0 border-current/25 bg-transparent text-current hover:bg-black/5 dark:hover:bg-white/10">
          <Link to={`${href}?open=${a.id}`} data-testid="school-announcement-banner-open">
            {t.bannerOpen}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      }
    >
      <p className="mt-1 line-clamp-2 text-sm leading-relaxed opacity-90">{plainText(a.body)}</p>
      <p className="mt-1 text-xs opacity-70">{authorLine(a)}</p>
    </BannerFrame>
  );
}

/** The caller's unread high and urgent school announcements (school roles only), live. */
function useSchoolBanners(): { items: Announcement[]; href: string } {
  const { state } = useAuth();
  const role = state.user?.role ?? null;
  const school = isSchoolRole(role);
  useAnnouncementsLiveRefresh();
  const query = useAnnouncements({ unread: true, pageSize: 20 }, school);
  const now = query.dataUpdatedAt;
  const items = school
    ? (query.data?.items ?? []).filter((a) => a.priority !== 'normal' && a.status === 'published' && !a.read && !a.mine && (!a.expiresAt || Date.parse(a.expiresAt) > now)).slice(0, 5)
    : [];
  return { items, href: pathForSection(role, 'announcements') };
}

/**
 * Admin announcement banners under the header (spec §2 Shell chrome: a scroll area of at most 16rem;
 * §7 item 7): the caller's active, unexpired communications not yet dismissed, newest first, coloured
 * by priority (spec §9). Dismissible ones have a dismiss button (kept across reloads, per user). Polls
 * every 30 s (stale 5 min) and refreshes on the live event communications.changed. Above them, for school
 * roles, the unread high and urgent school announcements (issue 17 §1), each with "Read it"; they go
 * once read (live on announcements.changed).
 */
export function AnnouncementBanners() {
  const query = useBanners();
  const dismiss = useDismissCommunication();
  const banners = query.data ?? [];
  const school = useSchoolBanners();
  if (banners.length === 0 && school.items.length === 0) return null;
  return (
    <section aria-label={m.bannersLabel} className="px-4 pt-4 sm:px-6 lg:px-8" data-testid="announcement-banners">
      <div className="mx-auto w-full max-w-7xl">
        <ScrollArea.Root type="auto" className="overflow-hidden rounded-xl">
          <ScrollArea.Viewport className="max-h-[16rem] w-full" data-testid="announcement-banners-viewport">
            <ul className="flex flex-col gap-2 pr-0.5">
              {school.items.map((a) => (
                <SchoolBanner key={a.id} a={a} href={school.href} />
              ))}
              {banners.map((c) => (
                <Banner
                  key={c.id}
                  c={c}
                  dismissing={dismiss.isPending && dismiss.variables === c.id}
                  onDismiss={() =>
                    dismiss.mutate(c.id, {
                      onError: (err) => toast.error(m.errorTitle, { description: err.message }),
                    })
                  }
                />
              ))}
            </ul>
          </ScrollArea.Viewport>
          <ScrollArea.Scrollbar orientation="vertical" className="flex w-2 touch-none p-0.5 select-none">
            <ScrollArea.Thumb className="relative flex-1 rounded-full bg-border" />
          </ScrollArea.Scrollbar>
        </ScrollArea.Root>
      </div>
    </section>
  );
}
