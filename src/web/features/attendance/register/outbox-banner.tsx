import { AlertCircle, CloudOff, CloudUpload, RefreshCw, X } from 'lucide-react';
import { dayLabel } from '@shared/attendance-calendar';
import { attendanceRegisterScreens as m } from '@shared/messages/attendance-register-screens';
import { PendingButton } from '@/components/pending-button';
import { cn } from '@/lib/utils';
import type { Outbox, OutboxItem, OutboxState } from './outbox';
import { formatClock } from '@/lib/format';

const o = m.outbox;

const time = (iso: string) => formatClock(iso);

/** A session label for the banner: only when it says something ("Morning", "Lesson 3"). */
export function sessionLabel(session: string): string {
  if (session === 'day' || session === 'morning' || session === 'afternoon') return m.sessions[session];
  const n = /^period-(\d+)$/.exec(session)?.[1];
  return n ? m.sessions.period(n) : session;
}

const itemLabel = (i: OutboxItem) => o.item(i.meta.className, dayLabel(i.meta.date), i.meta.session === 'day' ? null : sessionLabel(i.meta.session));

/**
 * What the outbox holds (issue 13 §1 "says what is waiting to sync"): "Offline — N registers waiting to
 * sync" with each waiting register (stream, day, session, when it was saved here, attempts and the last
 * error) and a "Sync now" button; and each register the server refused, with its reason, until dismissed.
 * Nothing when the outbox is empty and the browser online.
 */
export function OutboxBanner({ box, state, online }: { box: Outbox; state: OutboxState; online: boolean }) {
  const { pending, rejected, syncing } = state;
  return (
    <>
      {(pending.length > 0 || !online) && (
        <div
          role="status"
          className={cn('rounded-xl border p-3 text-sm sm:p-4', online ? 'border-sky-500/30 bg-sky-500/[0.06]' : 'border-amber-500/35 bg-amber-500/[0.08]')}
          data-testid="outbox-banner"
          data-pending={pending.length}
          data-online={online}
        >
          <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
            <span
              className={cn(
                'flex size-8 shrink-0 items-center justify-center rounded-lg',
                online ? 'bg-sky-500/15 text-sky-700 dark:text-sky-300' : 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
              )}
            >
              {online ? <CloudUpload className="size-4" aria-hidden /> : <CloudOff className="size-4" aria-hidden />}
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-semibold" data-testid="outbox-title">
                {pending.length === 0 ? o.offlineOnly : online ? o.onlineTitle(pending.length) : o.offlineTitle(pending.length)}
              </p>
              {pending.length > 0 && <p className="mt-0.5 text-xs text-muted-foreground">{o.hint}</p>}
            </div>
            {pending.length > 0 && online && (
              <PendingButton pending={syncing} icon={RefreshCw} variant="outline" size="sm" onClick={() => void box.flush()} className="max-sm:w-full" data-testid="outbox-retry">
                {syncing ? o.syncing : o.retryNow}
              </PendingButton>
            )}
          </div>
          {pending.length > 0 && (
            <ul className="mt-3 flex flex-col gap-1.5 sm:pl-11">
              {pending.map((i) => (
                <li key={i.id} className="rounded-lg bg-card/70 px-3 py-2 ring-1 ring-border/60" data-testid="outbox-item" data-key={i.id}>
                  <p className="font-medium">{itemLabel(i)}</p>
                  <p className="mt-0.5 text-xs text-muted-foreground">
                    {o.queuedAt(time(i.queuedAt))}
                    {i.attempts > 0 && (
                      <>
                        <span aria-hidden> · </span>
                        {o.attempts(i.attempts)}
                      </>
                    )}
                    {i.lastError && (
                      <>
                        <span aria-hidden> · </span>
                        {i.lastError}
                      </>
                    )}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {rejected.map((r) => (
        <div key={r.id} role="alert" className="flex items-start gap-3 rounded-xl border border-red-500/30 bg-red-500/[0.06] p-3 text-sm sm:p-4" data-testid="outbox-rejected">
          <AlertCircle className="mt-0.5 size-4 shrink-0 text-red-600 dark:text-red-400" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{o.rejected(r.meta.className, dayLabel(r.meta.date))}</p>
            <p className="mt-0.5 break-words" data-testid="outbox-rejected-error">
              {r.error}
            </p>
            <p className="mt-1 text-xs text-muted-foreground">{o.rejectedHint}</p>
          </div>
          <button
            type="button"
            onClick={() => box.dismiss(r.id)}
            className="flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            aria-label={o.dismiss}
            data-testid="outbox-dismiss"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      ))}
    </>
  );
}
