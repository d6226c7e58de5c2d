import * as React from 'react';
import { ReceiptText } from 'lucide-react';
import { TRANSACTION_STATUSES, type MpesaTransaction, type TransactionStatus } from '@shared/contracts/mpesa';
import { DataTable, ExportMenu, ListToolbar, useListParams, type ColumnDef, pagedTableProps, listSearchProps } from '@/components/data-table';
import { FilterSelect } from '@/components/filter-select';
import { DateRange } from '@/components/date-range';
import { useMpesaTransactions, withSchool } from '../api/fees';
import { formatMoney, Money } from '@/components/money';
import { formatClock, formatInstantDay } from '@/lib/format';
import { formatMsisdn, formatWhen, mm, SourceBadge, TxStatusBadge, useFoldedFilters } from './common';

const t = mm.transactions;
const PAGE_SIZE = 25;
const FILTERS = { search: '', status: '', source: '', from: '', to: '' };

const STATUS_OPTIONS = TRANSACTION_STATUSES.map((s) => ({ value: s, label: mm.statuses[s] }));
const SOURCE_OPTIONS = (['c2b', 'stk'] as const).map((s) => ({ value: s, label: mm.sources[s] }));

/** The payer column: name over the (often masked) phone. */
export function PayerCell({ row }: { row: Pick<MpesaTransaction, 'payerName' | 'msisdn'> }) {
  return (
    <div className="min-w-0">
      <p className="font-medium break-words" data-testid="payer-name">
        {row.payerName || '—'}
      </p>
      {row.msisdn && <p className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">{formatMsisdn(row.msisdn)}</p>}
    </div>
  );
}

/** The account the payer typed, in monospace (it is what the bursar compares with admission numbers). */
export function AccountCell({ value }: { value: string | null }) {
  return value ? <span className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{value}</span> : <span className="text-xs text-muted-foreground italic">{t.noAccount}</span>;
}

/**
 * Every M-Pesa payment of the school (issue 11 §3/§5 GET /api/mpesa/transactions): status, source,
 * date range and search in the URL; export with the same filters; cards on phones.
 */
export function TransactionsTab({ schoolId }: { schoolId: string | null }) {
  const list = useListParams(FILTERS);
  const qs = list.query({ page: list.page, pageSize: PAGE_SIZE }).toString();
  const query = useMpesaTransactions(qs, schoolId);
  const fold = useFoldedFilters(list.values, 'mpesa-transactions');

  const columns = React.useMemo<ColumnDef<MpesaTransaction, unknown>[]>(
    () => [
      // Day over time of day: one line of "30/11/2026 14:09" cost the table the room its Receipt column needs.
      {
        id: 'time',
        header: t.time,
        cell: ({ row }) => (
          <div className="tabular-nums whitespace-nowrap" title={formatWhen(row.original.transTime)}>
            <p>{formatInstantDay(row.original.transTime)}</p>
            <p className="text-xs text-muted-foreground">{formatClock(row.original.transTime)}</p>
          </div>
        ),
      },
      {
        id: 'code',
        header: t.code,
        cell: ({ row }) => <span className="font-mono text-xs font-medium">{row.original.transId}</span>,
        meta: { alwaysVisible: true },
      },
      { id: 'source', header: t.source, cell: ({ row }) => <SourceBadge source={row.original.source} /> },
      { id: 'payer', header: t.payer, cell: ({ row }) => <PayerCell row={row.original} />, meta: { className: 'max-w-48' } },
      { id: 'account', header: t.account, cell: ({ row }) => <AccountCell value={row.original.billRef} /> },
      {
        id: 'learner',
        header: t.learner,
        cell: ({ row }) =>
          row.original.studentName ? (
            <div className="min-w-0">
              <p className="font-medium break-words" data-testid="learner-name">
                {row.original.studentName}
              </p>
              <p className="text-xs whitespace-nowrap text-muted-foreground">{row.original.admissionNumber}</p>
            </div>
          ) : (
            <span className="text-muted-foreground">—</span>
          ),
        meta: { className: 'max-w-52' },
      },
      { id: 'amount', header: t.amount, cell: ({ row }) => <Money value={row.original.amount} className="font-medium" />, meta: { className: 'text-right' } },
      { id: 'status', header: t.status, cell: ({ row }) => <TxStatusBadge status={row.original.status} /> },
      {
        id: 'receipt',
        header: t.receipt,
        cell: ({ row }) => (row.original.receiptNumber ? <span className="font-mono text-xs whitespace-nowrap">{row.original.receiptNumber}</span> : <span className="text-muted-foreground">—</span>),
      },
      {
        id: 'note',
        header: t.note,
        cell: ({ row }) => (
          <div className="text-xs text-muted-foreground">
            {row.original.note && <p className="line-clamp-2">{row.original.note}</p>}
            {row.original.resolvedBy && <p className="italic">{t.resolvedBy(row.original.resolvedBy)}</p>}
          </div>
        ),
        meta: { defaultHidden: true, className: 'max-w-56' },
      },
    ],
    [],
  );

  const data = query.data;
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <DataTable
        id="mpesa-transactions"
        columns={columns}
        {...pagedTableProps(list, query, { pageSize: PAGE_SIZE, rows: (d) => d.items, sortable: false })}
        getRowId={(r) => r.id}
        errorTitle={t.loadFailed}
        minWidth={1040}
        rowTestId="mpesa-transaction"
        empty={{ icon: ReceiptText, title: t.emptyTitle, hint: list.filtered ? t.emptyFiltered : t.emptyHint }}
        toolbar={
          <div className="flex flex-col gap-3">
            <ListToolbar
              testId="mpesa-transactions-toolbar"
              {...listSearchProps(list, t.search)}
              filters={fold.wrap(
                <>
                  <FilterSelect value={list.values.status as TransactionStatus | ''} onChange={(status) => list.set({ status })} all={t.allStatuses} options={STATUS_OPTIONS} label={t.statusLabel} testId="mpesa-transactions-status" />
                  <FilterSelect value={list.values.source as 'stk' | 'c2b' | ''} onChange={(source) => list.set({ source })} all={t.allSources} options={SOURCE_OPTIONS} label={t.sourceLabel} testId="mpesa-transactions-source" />
                </>,
              )}
              actions={
                <>
                  {fold.toggle}
                  <ExportMenu href={(format) => withSchool(`/api/mpesa/transactions/export?${list.query({ format }).toString()}`, schoolId)} testId="mpesa-transactions-export" />
                </>
              }
            />
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              {fold.wrap(<DateRange from={list.values.from} to={list.values.to} onChange={(r) => list.set(r)} idPrefix="mpesa-transactions" />)}
              {data && data.total > 0 && (
                <p className="text-sm text-muted-foreground tabular-nums" data-testid="mpesa-transactions-summary">
                  {t.summary(mm.common.payments(data.total), formatMoney(data.sum))}
                </p>
              )}
            </div>
          </div>
        }
        renderCard={(r) => (
          <div className="flex min-w-0 flex-col gap-2">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-mono text-sm font-semibold">{r.transId}</p>
                <p className="text-xs text-muted-foreground tabular-nums">{formatWhen(r.transTime)}</p>
              </div>
              <Money value={r.amount} className="font-semibold" />
            </div>
            <div className="flex flex-wrap items-center gap-1.5">
              <TxStatusBadge status={r.status} />
              <SourceBadge source={r.source} />
              {r.billRef && <AccountCell value={r.billRef} />}
            </div>
            <p className="text-sm break-words">
              {r.studentName ? (
                <>
                  <span className="font-medium">{r.studentName}</span>
                  <span className="text-muted-foreground"> · {r.admissionNumber}</span>
                </>
              ) : (
                <span className="text-muted-foreground">
                  {r.payerName} {r.msisdn && `· ${formatMsisdn(r.msisdn)}`}
                </span>
              )}
            </p>
            {r.receiptNumber && <p className="font-mono text-xs text-muted-foreground">{r.receiptNumber}</p>}
          </div>
        )}
      />
    </div>
  );
}
