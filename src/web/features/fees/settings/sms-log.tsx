import * as React from 'react';
import { CircleCheck, Coins, MessageSquareOff, MessagesSquare, XCircle } from 'lucide-react';
import type { SmsMessage } from '@shared/contracts/fees';
import { DataTable, ListToolbar, useListParams, type ColumnDef, pagedTableProps, listSearchProps } from '@/components/data-table';
import { FilterSelect } from '@/components/filter-select';
import { cn } from '@/lib/utils';
import { useSmsLog } from '../api/fees';
import { Money } from '@/components/money';
import { formatMsisdn, formatWhen, mm, useFoldedFilters } from '../mpesa/common';

const t = mm.sms;
const PAGE_SIZE = 25;
const FILTERS = { search: '', status: '', kind: '' };
type Status = SmsMessage['status'];
type Kind = SmsMessage['kind'];
const STATUS_OPTIONS = (['sent', 'delivered', 'failed', 'queued'] as const).map((v) => ({ value: v, label: t.statuses[v] }));
const KIND_OPTIONS = (['receipt', 'reminder', 'absence', 'other'] as const).map((v) => ({ value: v, label: t.kinds[v] }));

const STATUS_TONE: Record<Status, string> = {
  sent: 'bg-emerald-500/12 text-emerald-700 dark:text-emerald-300',
  delivered: 'bg-emerald-500/20 text-emerald-800 dark:text-emerald-200',
  failed: 'bg-destructive/10 text-destructive',
  queued: 'bg-muted text-muted-foreground',
};

function SmsStatus({ row }: { row: SmsMessage }) {
  return (
    <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', STATUS_TONE[row.status])} title={row.error ?? undefined} data-testid="sms-status" data-status={row.status}>
      {t.statuses[row.status]}
    </span>
  );
}

/**
 * The SMS log (issue 11 §4): every message sent for the school with status, kind and cost; totals sent,
 * failed and cost for the filters; search, status and kind in the URL.
 */
export function SmsLogTab({ schoolId }: { schoolId: string | null }) {
  const list = useListParams(FILTERS);
  const qs = list.query({ page: list.page, pageSize: PAGE_SIZE }).toString();
  const query = useSmsLog(qs, schoolId);
  const data = query.data;
  const fold = useFoldedFilters(list.values, 'sms');

  const columns = React.useMemo<ColumnDef<SmsMessage, unknown>[]>(
    () => [
      { id: 'time', header: t.time, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatWhen(row.original.sentAt ?? row.original.createdAt)}</span>, meta: { className: 'w-36' } },
      {
        id: 'to',
        header: t.to,
        cell: ({ row }) => (
          <div className="min-w-0">
            <p className="whitespace-nowrap tabular-nums">{formatMsisdn(row.original.toPhone)}</p>
            {row.original.studentName && <p className="truncate text-xs text-muted-foreground">{row.original.studentName}</p>}
          </div>
        ),
        meta: { alwaysVisible: true },
      },
      { id: 'kind', header: t.kind, cell: ({ row }) => <span className="text-sm">{t.kinds[row.original.kind]}</span> },
      {
        id: 'message',
        header: t.message,
        cell: ({ row }) => (
          <p className="line-clamp-2 text-xs text-muted-foreground" title={row.original.body}>
            {row.original.body}
          </p>
        ),
        meta: { className: 'max-w-md min-w-64' },
      },
      { id: 'status', header: t.status, cell: ({ row }) => <SmsStatus row={row.original} /> },
      {
        id: 'cost',
        header: t.cost,
        cell: ({ row }) => (row.original.cost !== null ? <Money value={row.original.cost} className="text-xs" /> : <span className="text-muted-foreground">—</span>),
        meta: { className: 'text-right' },
      },
    ],
    [],
  );

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <dl className="grid grid-cols-3 divide-x rounded-xl border bg-card shadow-sm" data-testid="sms-totals">
        {(
          [
            [t.sent, CircleCheck, 'text-emerald-600 dark:text-emerald-400', data ? data.totals.sent.toLocaleString('en-KE') : '…', 'sms-total-sent'],
            [t.failedCount, XCircle, 'text-destructive', data ? data.totals.failed.toLocaleString('en-KE') : '…', 'sms-total-failed'],
            [t.totalCost, Coins, 'text-amber-600 dark:text-amber-400', data ? <Money value={data.totals.cost} /> : '…', 'sms-total-cost'],
          ] as const
        ).map(([label, Icon, tone, value, testId]) => (
          <div key={testId} className="min-w-0 px-3 py-3 sm:px-5 sm:py-4">
            <dt className="flex items-center gap-1.5 truncate text-xs font-medium text-muted-foreground sm:text-[13px]">
              <Icon className={cn('size-3.5 shrink-0 sm:size-4', tone)} aria-hidden />
              {label}
            </dt>
            <dd className="mt-1 truncate text-lg font-semibold tabular-nums sm:text-2xl" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <DataTable
        id="sms-log"
        columns={columns}
        {...pagedTableProps(list, query, { pageSize: PAGE_SIZE, rows: (d) => d.items, sortable: false })}
        getRowId={(r) => r.id}
        errorTitle={t.loadFailed}
        minWidth={900}
        rowTestId="sms-row"
        empty={list.filtered ? { icon: MessageSquareOff, title: t.emptyFiltered } : { icon: MessagesSquare, title: t.emptyTitle, hint: t.emptyHint }}
        toolbar={
          <ListToolbar
            testId="sms-toolbar"
            {...listSearchProps(list, t.search)}
            actions={fold.toggle}
            filters={fold.wrap(
              <>
                <FilterSelect value={list.values.status as Status | ''} onChange={(status) => list.set({ status })} all={t.allStatuses} options={STATUS_OPTIONS} label={t.statusLabel} testId="sms-status-filter" />
                <FilterSelect value={list.values.kind as Kind | ''} onChange={(kind) => list.set({ kind })} all={t.allKinds} options={KIND_OPTIONS} label={t.kindLabel} testId="sms-kind-filter" />
              </>,
            )}
          />
        }
        renderCard={(row) => (
          <div className="flex min-w-0 flex-col gap-2">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium tabular-nums">{formatMsisdn(row.toPhone)}</p>
                <p className="truncate text-xs text-muted-foreground">
                  {t.kinds[row.kind]}
                  {row.studentName && ` · ${row.studentName}`}
                </p>
              </div>
              <SmsStatus row={row} />
            </div>
            <p className="line-clamp-3 text-sm text-muted-foreground">{row.body}</p>
            <div className="flex items-center justify-between text-xs text-muted-foreground">
              <span className="tabular-nums">{formatWhen(row.sentAt ?? row.createdAt)}</span>
              {row.cost !== null && <Money value={row.cost} />}
            </div>
          </div>
        )}
      />
    </div>
  );
}
