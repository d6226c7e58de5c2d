import { ScrollArea } from 'radix-ui';
import { X } from 'lucide-react';
import { toast } from 'sonner';
import type { ReceivedCommunication } from '@shared/contracts/communications';
import { messages } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useBanners, useDismissCommunication } from './api/received';
import { formatDateTime } from './components/format';
import { PRIORITY_STYLES, PriorityBadge } from './components/priority';

const m = messages.communications;

function Banner({ c, onDismiss, dismissing }: { c: ReceivedCommunication; onDismiss: () => void; dismissing: boolean }) {
  const s = PRIORITY_STYLES[c.priority];
  const Icon = s.icon;
  return (
    <li
      className={cn('flex items-start gap-3 rounded-xl border px-3 py-3 shadow-xs sm:px-4', s.banner)}
      data-testid="announcement-banner"
      data-priority={c.priority}
      data-id={c.id}
    >
      <span className={cn('mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full', s.iconWrap)}>
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="text-sm font-semibold leading-snug">{c.title}</p>
          <PriorityBadge priority={c.priority} />
        </div>
        <p className="mt-1 text-sm leading-relaxed whitespace-pre-wrap opacity-90">{c.message}</p>
        {c.expiresAt && <p className="mt-1.5 text-xs opacity-70">{m.expires(formatDateTime(c.expiresAt))}</p>}
      </div>
      {c.dismissible && (
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
      )}
    </li>
  );
}

/**
 * Admin announcement banners under the header (spec §2 Shell chrome: a scroll area of at most 16rem;
 * §7 item 7): the caller's active, unexpired communications not yet dismissed, newest first, coloured
 * by priority (spec §9). Dismissible ones have a dismiss button (kept across reloads, per user). Polls
 * every 30 s (stale 5 min) and refreshes on the live event communications.changed.
 */
export function AnnouncementBanners() {
  const query = useBanners();
  const dismiss = useDismissCommunication();
  const banners = query.data ?? [];
  if (banners.length === 0) return null;
  return (
    <section aria-label={m.bannersLabel} className="px-4 pt-4 sm:px-6 lg:px-8" data-testid="announcement-banners">
      <div className="mx-auto w-full max-w-7xl">
        <ScrollArea.Root type="auto" className="overflow-hidden rounded-xl">
          <ScrollArea.Viewport className="max-h-[16rem] w-full" data-testid="announcement-banners-viewport">
            <ul className="flex flex-col gap-2 pr-0.5">
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
