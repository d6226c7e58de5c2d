import * as React from 'react';
import { CheckCheck, Mail, MessageSquare, Users } from 'lucide-react';
import type { Announcement, AnnouncementRecipients, DeliveryStatus } from '@shared/contracts/announcements';
import { ANNOUNCEMENT_DELIVERY_LABELS } from '@shared/messages/announcements';
import { announcementScreens as t } from '@shared/messages/announcements-screens';
import { roleDisplayName } from '@shared/roles';
import { cn } from '@/lib/utils';
import { FilterSelect } from '@/components/filter-select';
import { QueryErrorCard } from '@/components/query-error-card';
import { SearchField } from '@/components/search-field';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useRecipients } from './announcements-api';
import { ReadBar, formatDateTime } from './announcement-bits';

type Row = AnnouncementRecipients['recipients'][number];
type Channel = Row['sms'];

/** A row's key: the account, or the guardian reached without one. */
const rowKey = (r: Row) => r.userId ?? `g:${r.guardianId}`;

/** "No account": a guardian reached by SMS or e-mail only (issue 36 §2). */
function NoAccountBadge() {
  return (
    <span className="inline-flex items-center rounded-full border border-amber-500/40 bg-amber-500/10 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-800 dark:text-amber-300" title={t.noAccountHint} data-testid="no-account-badge">
      {t.noAccount}
    </span>
  );
}

/** The read column: the read time, "Not read yet", or for a guardian without an account "Not in the app". */
function ReadCell({ r, prefix = false }: { r: Row; prefix?: boolean }) {
  if (!r.hasAccount) return <span className="text-muted-foreground">{t.noAccountRead}</span>;
  if (!r.readAt) return <span className="text-muted-foreground">{t.notRead}</span>;
  return <>{prefix ? `${t.colReadAt}: ${formatDateTime(r.readAt)}` : formatDateTime(r.readAt)}</>;
}

const DELIVERY_CLASS: Record<DeliveryStatus, string> = {
  queued: 'bg-muted text-muted-foreground',
  sent: 'bg-sky-500/10 text-sky-700 dark:text-sky-300',
  delivered: 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  failed: 'bg-red-500/10 text-red-700 dark:text-red-300',
};

function DeliveryPill({ channel }: { channel: Channel }) {
  if (!channel) return <span className="text-muted-foreground">{t.notChosen}</span>;
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', DELIVERY_CLASS[channel.status])}
      title={[channel.to, channel.error].filter(Boolean).join(' · ') || undefined}
      data-testid="delivery-status"
      data-status={channel.status}
    >
      {ANNOUNCEMENT_DELIVERY_LABELS[channel.status]}
    </span>
  );
}

function Stat({ icon: Icon, label, value, sub, testId, children }: { icon: typeof Users; label: string; value: string; sub?: string; testId: string; children?: React.ReactNode }) {
  return (
    <div className="min-w-0 rounded-xl border bg-card p-3 sm:p-4" data-testid={testId}>
      <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
        <Icon className="size-3.5" aria-hidden />
        {label}
      </p>
      <p className="mt-1 text-xl font-semibold tabular-nums" data-testid={`${testId}-value`}>
        {value}
      </p>
      {sub && <p className="mt-0.5 text-xs text-muted-foreground">{sub}</p>}
      {children}
    </div>
  );
}

/**
 * Delivery of one announcement (author, principal, director): recipients, read count and percentage,
 * SMS and e-mail outcome counts, and per person the read time (Nairobi) and each channel's status
 * (the reason of a failure shows on hover). Guardians reached without an account carry a "No account"
 * badge and their SMS/e-mail status. Search by name, filter read / not read yet; refreshes live.
 */
export function DeliverySheet({ announcement, onClose }: { announcement: Announcement | null; onClose: () => void }) {
  const [q, setQ] = React.useState('');
  const [read, setRead] = React.useState<'read' | 'unread' | ''>('');
  const debounced = useDebouncedValue(q, 300);
  const query = useRecipients(announcement?.id ?? null, { q: debounced, read });
  const data = query.data;
  const s = data?.summary;

  return (
    <Sheet open={!!announcement} onOpenChange={(o) => !o && onClose()}>
      <SheetContent side="right" className="w-full max-w-3xl overflow-y-auto bg-background sm:w-[48rem]" data-testid="delivery-sheet" onOpenAutoFocus={(e) => e.preventDefault()}>
        <div className="flex min-w-0 flex-col gap-5 p-4 sm:p-6">
          <div className="pr-8">
            <SheetTitle className="text-lg">{t.deliveryTitle}</SheetTitle>
            <SheetDescription className="mt-1">
              <span className="font-medium text-foreground">{announcement?.title}</span>
              {announcement && <> · {announcement.audienceLabel}</>}
            </SheetDescription>
            <p className="mt-1 text-xs text-muted-foreground">{t.deliveryDescription}</p>
          </div>

          {query.isError && !data ? (
            <QueryErrorCard query={query} title={t.deliveryError} retryLabel={t.tryAgain} />
          ) : !s ? (
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-busy="true">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-24" />
              ))}
            </div>
          ) : (
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="delivery-summary">
              <Stat icon={Users} label={t.summaryRecipients} value={s.recipients.toLocaleString('en-KE')} testId="delivery-recipients" />
              <Stat icon={CheckCheck} label={t.summaryRead} value={`${s.read.toLocaleString('en-KE')}`} sub={t.readPercent(s.readPercent)} testId="delivery-read">
                <ReadBar percent={s.readPercent} className="mt-2" />
              </Stat>
              <Stat icon={MessageSquare} label={t.summarySms} value={(s.sms.sent + s.sms.delivered).toLocaleString('en-KE')} sub={t.channelStats(s.sms.sent, s.sms.delivered, s.sms.failed, s.sms.queued)} testId="delivery-sms" />
              <Stat icon={Mail} label={t.summaryEmail} value={(s.email.sent + s.email.delivered).toLocaleString('en-KE')} sub={t.channelStats(s.email.sent, s.email.delivered, s.email.failed, s.email.queued)} testId="delivery-email" />
            </div>
          )}

          <div className="grid gap-2 sm:grid-cols-[1fr_12rem]">
            <SearchField value={q} onChange={setQ} placeholder={t.searchRecipients} testId="delivery-search" />
            <FilterSelect
              value={read}
              onChange={setRead}
              all={t.allRecipients}
              label={t.readFilter}
              options={[
                { value: 'read', label: t.readOnly },
                { value: 'unread', label: t.unreadOnlyFilter },
              ]}
              testId="delivery-read-filter"
            />
          </div>

          {!data ? (
            <Skeleton className="h-64" />
          ) : data.recipients.length === 0 ? (
            <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">{t.noRecipients}</p>
          ) : (
            <>
              {/* Table from md up, cards below. */}
              <div className="hidden overflow-x-auto rounded-xl border md:block">
                <table className="w-full text-sm" data-testid="delivery-table">
                  <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
                    <tr>
                      <th className="px-3 py-2 font-medium">{t.colName}</th>
                      <th className="px-3 py-2 font-medium">{t.colRole}</th>
                      <th className="px-3 py-2 font-medium">{t.colReadAt}</th>
                      <th className="px-3 py-2 font-medium">{t.colSms}</th>
                      <th className="px-3 py-2 font-medium">{t.colEmail}</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y">
                    {data.recipients.map((r) => (
                      <tr key={rowKey(r)} data-testid="delivery-row" data-read={r.readAt ? 'true' : 'false'} data-account={r.hasAccount ? 'true' : 'false'} data-channel={r.channel} data-status={r.status}>
                        <td className="px-3 py-2 font-medium">
                          <span className="inline-flex flex-wrap items-center gap-2">
                            {r.name}
                            {!r.hasAccount && <NoAccountBadge />}
                          </span>
                        </td>
                        <td className="px-3 py-2 text-muted-foreground">{roleDisplayName(r.role)}</td>
                        <td className="px-3 py-2 whitespace-nowrap">
                          <ReadCell r={r} />
                        </td>
                        <td className="px-3 py-2">
                          <DeliveryPill channel={r.sms} />
                        </td>
                        <td className="px-3 py-2">
                          <DeliveryPill channel={r.email} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <ul className="grid gap-2 md:hidden">
                {data.recipients.map((r) => (
                  <li key={rowKey(r)} className="rounded-lg border bg-card p-3 text-sm" data-testid="delivery-card" data-account={r.hasAccount ? 'true' : 'false'} data-channel={r.channel} data-status={r.status}>
                    <div className="flex items-baseline justify-between gap-2">
                      <p className="flex min-w-0 items-center gap-2 font-medium">
                        <span className="truncate">{r.name}</span>
                        {!r.hasAccount && <NoAccountBadge />}
                      </p>
                      <p className="shrink-0 text-xs text-muted-foreground">{roleDisplayName(r.role)}</p>
                    </div>
                    <p className="mt-1 text-xs">
                      <ReadCell r={r} prefix />
                    </p>
                    <div className="mt-2 flex flex-wrap gap-3 text-xs">
                      <span className="inline-flex items-center gap-1">
                        {t.colSms} <DeliveryPill channel={r.sms} />
                      </span>
                      <span className="inline-flex items-center gap-1">
                        {t.colEmail} <DeliveryPill channel={r.email} />
                      </span>
                    </div>
                  </li>
                ))}
              </ul>
              {data.total > data.recipients.length && (
                <p className="text-center text-xs text-muted-foreground">
                  {data.recipients.length.toLocaleString('en-KE')} / {data.total.toLocaleString('en-KE')}
                </p>
              )}
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
