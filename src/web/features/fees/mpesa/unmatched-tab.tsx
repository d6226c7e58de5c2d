import * as React from 'react';
import { CircleCheckBig, HandCoins, Undo2 } from 'lucide-react';
import type { MpesaTransaction } from '@shared/contracts/mpesa';
import { DataTable, ListToolbar, useListParams, type ColumnDef, pagedTableProps, listSearchProps } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { DateRange } from '@/components/date-range';
import { useUnmatched } from '../api/fees';
import { formatMoney, Money } from '@/components/money';
import { formatWhen, mm, useFoldedFilters } from './common';
import { AllocateDialog, RefundDialog } from './resolve-dialogs';
import { AccountCell, PayerCell } from './transactions-tab';
import { BankUnmatched } from '@/features/bank-statements';

const u = mm.unmatched;
const t = mm.transactions;
const PAGE_SIZE = 25;
const FILTERS = { search: '', from: '', to: '' };

/**
 * The bursar's queue (issue 11 §3): M-Pesa payments whose account matched no learner of the school,
 * oldest concerns first by time. The finance officer allocates each to a learner or marks it refunded;
 * readers see the queue only. A clear queue says so.
 */
export function UnmatchedTab({ schoolId, canManage }: { schoolId: string | null; canManage: boolean }) {
  const list = useListParams(FILTERS);
  const qs = list.query({ page: list.page, pageSize: PAGE_SIZE }).toString();
  const query = useUnmatched(qs, schoolId);
  const fold = useFoldedFilters(list.values, 'mpesa-unmatched');
  const [allocating, setAllocating] = React.useState<MpesaTransaction | null>(null);
  const [refunding, setRefunding] = React.useState<MpesaTransaction | null>(null);

  const actions = React.useCallback(
    (row: MpesaTransaction, wide = false) => (
      <div className={wide ? 'grid grid-cols-2 gap-2' : 'flex justify-end gap-1.5'}>
        <Button size={wide ? 'default' : 'sm'} onClick={() => setAllocating(row)} data-testid="unmatched-allocate">
          <HandCoins aria-hidden />
          {wide ? u.allocateShort : u.allocate}
        </Button>
        <Button size={wide ? 'default' : 'sm'} variant="outline" onClick={() => setRefunding(row)} data-testid="unmatched-refund">
          <Undo2 aria-hidden />
          {u.refund}
        </Button>
      </div>
    ),
    [],
  );

  const columns = React.useMemo<ColumnDef<MpesaTransaction, unknown>[]>(() => {
    const cols: ColumnDef<MpesaTransaction, unknown>[] = [
      { id: 'time', header: t.time, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatWhen(row.original.transTime)}</span>, meta: { className: 'w-36' } },
      {
        id: 'account',
        header: t.account,
        cell: ({ row }) => (
          <div className="min-w-0">
            <AccountCell value={row.original.billRef} />
            <HeldReason note={row.original.note} />
          </div>
        ),
        meta: { alwaysVisible: true },
      },
      { id: 'payer', header: t.payer, cell: ({ row }) => <PayerCell row={row.original} />, meta: { className: 'max-w-56' } },
      { id: 'code', header: t.code, cell: ({ row }) => <span className="font-mono text-xs">{row.original.transId}</span> },
      { id: 'amount', header: t.amount, cell: ({ row }) => <Money value={row.original.amount} className="font-semibold" />, meta: { className: 'text-right' } },
    ];
    if (canManage) cols.push({ id: 'actions', header: '', cell: ({ row }) => actions(row.original), meta: { alwaysVisible: true, className: 'w-px text-right' } });
    return cols;
  }, [canManage, actions]);

  const data = query.data;
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <p className="max-w-3xl text-sm text-muted-foreground">{u.intro}</p>
      <BankUnmatched schoolId={schoolId} canManage={canManage} />
      <DataTable
        id="mpesa-unmatched"
        columns={columns}
        {...pagedTableProps(list, query, { pageSize: PAGE_SIZE, rows: (d) => d.items, sortable: false })}
        getRowId={(r) => r.id}
        errorTitle={u.loadFailed}
        minWidth={canManage ? 880 : 720}
        rowTestId="unmatched-row"
        empty={list.filtered ? { icon: CircleCheckBig, title: u.emptyFiltered } : { icon: CircleCheckBig, title: u.clearTitle, hint: u.clearHint }}
        toolbar={
          <div className="flex flex-col gap-3">
            <ListToolbar
              testId="mpesa-unmatched-toolbar"
              {...listSearchProps(list, u.search)}
              filters={fold.wrap(<DateRange from={list.values.from} to={list.values.to} onChange={(r) => list.set(r)} idPrefix="mpesa-unmatched" />)}
              actions={fold.toggle}
            />
            {data && data.total > 0 && (
              <p className="flex items-center gap-2 text-sm font-medium text-amber-700 tabular-nums dark:text-amber-300" data-testid="mpesa-unmatched-summary">
                <span className="size-2 rounded-full bg-amber-500" aria-hidden />
                {u.summary(mm.common.payments(data.total), formatMoney(data.sum))}
              </p>
            )}
          </div>
        }
        renderCard={(r) => (
          <div className="flex min-w-0 flex-col gap-2.5">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <AccountCell value={r.billRef} />
                <HeldReason note={r.note} />
                <p className="mt-1 text-xs text-muted-foreground tabular-nums">{u.receivedAt(formatWhen(r.transTime))}</p>
              </div>
              <Money value={r.amount} className="font-semibold" />
            </div>
            <div className="flex items-end justify-between gap-3 text-sm">
              <PayerCell row={r} />
              <span className="shrink-0 font-mono text-xs text-muted-foreground">{r.transId}</span>
            </div>
            {canManage && actions(r, true)}
          </div>
        )}
      />
      {canManage && (
        <>
          <AllocateDialog tx={allocating} onClose={() => setAllocating(null)} />
          <RefundDialog tx={refunding} onClose={() => setRefunding(null)} />
        </>
      )}
    </div>
  );
}

/**
 * Why a payment waits here although it may name a learner (issue 32 §2): the server's reason, e.g. an
 * STK callback for another amount than was asked, or a paybill payment above the ceiling.
 */
function HeldReason({ note }: { note: string | null }) {
  if (!note) return null;
  return (
    <p className="mt-1 max-w-72 text-xs leading-snug text-amber-800 dark:text-amber-200" data-testid="unmatched-held-reason">
      {note}
    </p>
  );
}
