import * as React from 'react';
import type { BroadcastRecipient, BroadcastResult } from '@shared/contracts/conversations';
import { conversationScreens as t } from '@shared/messages/conversations-screens';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { QueryErrorCard } from '@/components/query-error-card';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { useBroadcastRecipients } from './messages-api';

const STATUS_CLASS: Record<BroadcastRecipient['status'], string> = {
  queued: 'bg-muted text-muted-foreground',
  sent: 'bg-sky-500/10 text-sky-700 dark:text-sky-300',
  delivered: 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  failed: 'bg-red-500/10 text-red-700 dark:text-red-300',
};

/** A delivery status pill; a failure's reason is written beside it. */
function StatusPill({ status, error }: { status: BroadcastRecipient['status']; error: string | null }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', STATUS_CLASS[status])} data-testid="broadcast-delivery-status" data-status={status}>
        {t.delivery.statuses[status]}
      </span>
      {status === 'failed' && error && <span className="text-xs text-muted-foreground">{error}</span>}
    </span>
  );
}

/**
 * The "Delivery" view of one broadcast (issue 36 §2) for its sender (and the principal): the counts by
 * channel (app, SMS, e-mail) and guardians without an account, then each recipient with channel and
 * status (queued, sent, delivered, failed with the reason), 50 a page; refreshes every 10 s.
 * `result` (the send's answer, when just sent) shows the counts before the list has loaded.
 */
export function BroadcastDeliverySheet({ broadcastId, result, onClose }: { broadcastId: string | null; result?: BroadcastResult | null; onClose: () => void }) {
  const d = t.delivery;
  const b = t.broadcast;
  const [page, setPage] = React.useState(1);
  React.useEffect(() => setPage(1), [broadcastId]);
  const query = useBroadcastRecipients(broadcastId, page);
  const data = query.data;
  const byChannel = result?.byChannel ?? data?.summary.byChannel;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Sheet open={!!broadcastId} onOpenChange={(o) => !o && onClose()}>
      <SheetContent side="right" className="w-full max-w-2xl overflow-y-auto bg-background sm:w-[40rem]" data-testid="broadcast-delivery" onOpenAutoFocus={(e) => e.preventDefault()}>
        <div className="flex min-w-0 flex-col gap-4 p-4 sm:p-6">
          <div className="pr-8">
            <SheetTitle className="text-lg">{d.title}</SheetTitle>
            <SheetDescription className="mt-1">{data?.className ? `${data.className} · ${d.description}` : d.description}</SheetDescription>
          </div>
          {byChannel && (
            <div className="grid gap-1 rounded-xl border bg-card p-3 text-sm" data-testid="broadcast-delivery-counts">
              <p className="font-medium" data-testid="broadcast-delivery-channels">
                {b.reached(byChannel.app, byChannel.sms, byChannel.email)}
              </p>
              {result && result.withoutAccount > 0 && <p className="text-muted-foreground">{b.withoutAccount(result.withoutAccount)}</p>}
              {result && result.notReached > 0 && <p className="text-muted-foreground">{b.notReached(result.notReached)}</p>}
              {data && <p className="text-xs text-muted-foreground">{d.summary(data.summary.recipients)}</p>}
            </div>
          )}
          {query.isError && !data ? (
            <QueryErrorCard query={query} title={t.loadError} retryLabel={t.tryAgain} />
          ) : !data ? (
            <Skeleton className="h-64" />
          ) : data.items.length === 0 ? (
            <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">{d.empty}</p>
          ) : (
            <ul className="divide-y rounded-xl border" data-testid="broadcast-delivery-list">
              {data.items.map((r) => (
                <li key={r.id} className="grid gap-1 px-3 py-2 text-sm sm:grid-cols-[1fr_6rem_minmax(8rem,auto)] sm:items-center sm:gap-3" data-testid="broadcast-delivery-row" data-channel={r.channel} data-status={r.status} data-account={r.hasAccount ? 'true' : 'false'}>
                  <span className="flex min-w-0 flex-wrap items-center gap-2 font-medium">
                    <span className="truncate">{r.name}</span>
                    {!r.hasAccount && <span className="rounded-full border border-amber-500/40 bg-amber-500/10 px-2 py-0.5 text-xs font-medium text-amber-800 dark:text-amber-300">{d.noAccount}</span>}
                  </span>
                  <span className="text-xs text-muted-foreground" title={r.to ?? undefined}>
                    {d.channels[r.channel]}
                  </span>
                  <span className="grid gap-1">
                    <StatusPill status={r.status} error={r.error} />
                    {r.email && (
                      <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
                        {d.channels.email} <StatusPill status={r.email.status} error={r.email.error} />
                      </span>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {data && pages > 1 && (
            <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {d.previous}
              </Button>
              <span>
                {page} / {pages}
              </span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                {d.next}
              </Button>
            </div>
          )}
          <Button variant="outline" className="self-end" onClick={onClose} data-testid="broadcast-delivery-close">
            {d.close}
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
