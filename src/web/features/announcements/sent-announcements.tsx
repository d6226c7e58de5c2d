import * as React from 'react';
import { BarChart3, Send } from 'lucide-react';
import { ANNOUNCEMENT_STATUSES, type Announcement, type AnnouncementStatus } from '@shared/contracts/announcements';
import { ANNOUNCEMENT_STATUS_LABELS } from '@shared/messages/announcements';
import { announcementScreens as t } from '@shared/messages/announcements-screens';
import { DataTable, ListToolbar, queryTableProps, type ColumnDef } from '@/components/data-table';
import { FilterSelect } from '@/components/filter-select';
import { Button } from '@/components/ui/button';
import { useAnnouncements } from './announcements-api';
import { AnnouncementPriorityBadge, AnnouncementStatusBadge, ReadBar, formatDateTime } from './announcement-bits';
import { readPercent } from './announcement-detail';

function ReadCell({ a }: { a: Announcement }) {
  const pct = readPercent(a);
  if (a.status !== 'published' || pct === null) return <span className="text-muted-foreground">{t.notYet}</span>;
  return (
    <span className="grid w-28 gap-1" data-testid="sent-read" data-read={a.readCount ?? 0}>
      <span className="text-xs tabular-nums">
        {(a.readCount ?? 0).toLocaleString('en-KE')} · {t.readPercent(pct)}
      </span>
      <ReadBar percent={pct} />
    </span>
  );
}

/**
 * The author's view ("Sent"): what the caller wrote with status, audience, recipients, read
 * percentage, and a Delivery button per published one; search and a status filter. Live like the inbox.
 */
export function SentAnnouncements({ onOpen, onDelivery, onCompose }: { onOpen: (a: Announcement) => void; onDelivery: (a: Announcement) => void; onCompose: () => void }) {
  const [q, setQ] = React.useState('');
  const [status, setStatus] = React.useState<AnnouncementStatus | ''>('');
  const query = useAnnouncements({ mine: true, q, status, pageSize: 100 });

  const columns = React.useMemo<ColumnDef<Announcement, unknown>[]>(
    () => [
      {
        id: 'title',
        header: t.colTitle,
        meta: { alwaysVisible: true, className: 'min-w-52' },
        cell: ({ row }) => (
          <div className="min-w-0">
            <p className="font-medium break-words">{row.original.title}</p>
            <div className="mt-1 flex flex-wrap gap-1.5">
              <AnnouncementPriorityBadge priority={row.original.priority} />
            </div>
          </div>
        ),
      },
      { id: 'audience', header: t.colAudience, meta: { className: 'min-w-36' }, cell: ({ row }) => <span className="text-muted-foreground">{row.original.audienceLabel}</span> },
      { id: 'status', header: t.colStatus, cell: ({ row }) => <AnnouncementStatusBadge status={row.original.status} /> },
      {
        id: 'recipients',
        header: t.colRecipients,
        meta: { className: 'text-right' },
        cell: ({ row }) => <span className="tabular-nums">{row.original.status === 'published' ? (row.original.recipientCount ?? 0).toLocaleString('en-KE') : t.notYet}</span>,
      },
      { id: 'read', header: t.colRead, cell: ({ row }) => <ReadCell a={row.original} /> },
      {
        id: 'when',
        header: t.colWhen,
        cell: ({ row }) => {
          const a = row.original;
          return (
            <time className="whitespace-nowrap text-muted-foreground" dateTime={a.publishedAt ?? a.publishAt}>
              {formatDateTime(a.publishedAt ?? a.publishAt)}
            </time>
          );
        },
      },
      {
        id: 'actions',
        header: '',
        meta: { alwaysVisible: true, className: 'text-right' },
        cell: ({ row }) =>
          row.original.status === 'published' ? (
            <Button size="sm" variant="outline" onClick={() => onDelivery(row.original)} data-testid="sent-delivery">
              <BarChart3 aria-hidden />
              {t.delivery}
            </Button>
          ) : null,
      },
    ],
    [onDelivery],
  );

  return (
    <DataTable
      id="announcements-sent"
      columns={columns}
      data={query.data?.items}
      getRowId={(a) => a.id}
      {...queryTableProps(query)}
      errorTitle={t.errorTitle}
      onRowClick={onOpen}
      rowTestId="sent-row"
      minWidth={900}
      empty={
        q || status
          ? { icon: Send, title: t.emptySearchTitle, hint: t.emptySearchHint }
          : {
              icon: Send,
              title: t.sentEmptyTitle,
              hint: t.sentEmptyHint,
              action: (
                <Button onClick={onCompose} size="sm">
                  {t.newAnnouncement}
                </Button>
              ),
            }
      }
      toolbar={
        <ListToolbar
          search={q}
          onSearch={setQ}
          searchPlaceholder={t.search}
          filters={
            <FilterSelect
              value={status}
              onChange={setStatus}
              all={t.allStatuses}
              label={t.statusFilter}
              options={ANNOUNCEMENT_STATUSES.map((s) => ({ value: s, label: ANNOUNCEMENT_STATUS_LABELS[s] }))}
              testId="sent-status-filter"
            />
          }
          filtered={!!q || !!status}
          onClear={() => {
            setQ('');
            setStatus('');
          }}
          testId="sent-toolbar"
        />
      }
      renderCard={(a) => (
        <div className="grid gap-2" data-id={a.id}>
          <div className="flex items-start justify-between gap-2">
            <p className="min-w-0 font-medium break-words">{a.title}</p>
            <AnnouncementStatusBadge status={a.status} />
          </div>
          <p className="text-xs text-muted-foreground">
            {a.audienceLabel} · {a.status === 'scheduled' ? t.scheduledFor(formatDateTime(a.publishAt)) : formatDateTime(a.publishedAt ?? a.publishAt)}
          </p>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex items-center gap-3 text-xs">
              {a.status === 'published' && <span className="tabular-nums">{t.recipients(a.recipientCount ?? 0)}</span>}
              <ReadCell a={a} />
            </div>
            {a.status === 'published' && (
              <Button size="sm" variant="outline" onClick={() => onDelivery(a)} data-testid="sent-delivery">
                <BarChart3 aria-hidden />
                {t.delivery}
              </Button>
            )}
          </div>
        </div>
      )}
    />
  );
}
