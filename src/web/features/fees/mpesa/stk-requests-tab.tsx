import * as React from 'react';
import { Smartphone, Store } from 'lucide-react';
import { STK_STATUSES, type MpesaConfig, type StkRequest, type StkStatus } from '@shared/contracts/mpesa';
import { DataTable, ListToolbar, useListParams, type ColumnDef, pagedTableProps } from '@/components/data-table';
import { FilterSelect } from '@/components/filter-select';
import { Button } from '@/components/ui/button';
import { DateRange } from '@/components/date-range';
import { useStkRequests } from '../api/fees';
import { Money } from '@/components/money';
import { formatMsisdn, formatWhen, mm, StkStatusBadge, useFoldedFilters } from './common';
import { RequestPaymentDialog, SimulateC2bDialog } from './request-dialogs';
import { NameLines } from '@/components/name-lines';

const k = mm.stk;
const PAGE_SIZE = 25;
const FILTERS = { status: '', from: '', to: '' };
const STATUS_OPTIONS = STK_STATUSES.map((v) => ({ value: v, label: mm.stkStatuses[v] }));

type Row = StkRequest & { studentName: string; admissionNumber: string };

/** The outcome of a push: the M-Pesa receipt when paid, else Daraja's reason. */
function ResultCell({ row }: { row: Row }) {
  if (row.status === 'succeeded' && row.mpesaReceipt)
    return (
      <div className="min-w-0">
        <p className="font-mono text-xs font-medium">{k.receipt(row.mpesaReceipt)}</p>
        {row.receiptNumber && <p className="font-mono text-xs text-muted-foreground">{row.receiptNumber}</p>}
      </div>
    );
  if (row.status === 'pending') return <span className="text-xs text-muted-foreground">{row.customerMessage}</span>;
  return <span className="line-clamp-2 text-xs text-muted-foreground">{row.resultDesc}</span>;
}

/**
 * STK Push requests (issue 11 §3): every push with its status (pending ones pulse and are re-read every
 * few seconds until answered). The finance officer requests a payment for a learner and, with the
 * simulator or the sandbox, simulates a parent paying the paybill.
 */
export function StkRequestsTab({ schoolId, canManage, config }: { schoolId: string | null; canManage: boolean; config: MpesaConfig | null | undefined }) {
  const list = useListParams(FILTERS);
  const qs = list.query({ page: list.page, pageSize: PAGE_SIZE }).toString();
  const query = useStkRequests(qs, schoolId);
  const fold = useFoldedFilters(list.values, 'mpesa-stk');
  const [requesting, setRequesting] = React.useState(false);
  const [simulating, setSimulating] = React.useState(false);

  const anyPending = !!query.data?.items.some((r) => r.status === 'pending');
  const { refetch } = query;
  React.useEffect(() => {
    if (!anyPending) return;
    const timer = setInterval(() => void refetch(), 3000);
    return () => clearInterval(timer);
  }, [anyPending, refetch]);

  const columns = React.useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      { id: 'time', header: k.time, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatWhen(row.original.createdAt)}</span>, meta: { className: 'w-36' } },
      {
        id: 'learner',
        header: k.learner,
        cell: ({ row }) => (
          <NameLines name={row.original.studentName} detail={row.original.admissionNumber} />
        ),
        meta: { alwaysVisible: true, className: 'max-w-56' },
      },
      { id: 'phone', header: k.phone, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatMsisdn(row.original.phone)}</span> },
      { id: 'amount', header: k.amount, cell: ({ row }) => <Money value={row.original.amount} className="font-medium" />, meta: { className: 'text-right' } },
      { id: 'status', header: k.status, cell: ({ row }) => <StkStatusBadge status={row.original.status} /> },
      { id: 'result', header: k.result, cell: ({ row }) => <ResultCell row={row.original} />, meta: { className: 'max-w-64' } },
    ],
    [],
  );

  const canSimulate = canManage && !!config && config.environment !== 'production';
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <p className="max-w-3xl text-sm text-muted-foreground">{k.intro}</p>
      <DataTable
        id="mpesa-stk"
        columns={columns}
        {...pagedTableProps(list, query, { pageSize: PAGE_SIZE, rows: (d) => d.items, sortable: false })}
        getRowId={(r) => r.id}
        errorTitle={k.loadFailed}
        minWidth={900}
        rowTestId="stk-row"
        empty={{ icon: Smartphone, title: list.filtered ? k.emptyFiltered : k.emptyTitle, hint: list.filtered ? undefined : k.emptyHint }}
        toolbar={
          <ListToolbar
            testId="mpesa-stk-toolbar"
            filtered={list.filtered}
            onClear={list.reset}
            filters={fold.wrap(
              <>
                <FilterSelect value={list.values.status as StkStatus | ''} onChange={(status) => list.set({ status })} all={k.allStatuses} options={STATUS_OPTIONS} label={k.statusLabel} testId="mpesa-stk-status" />
                <DateRange from={list.values.from} to={list.values.to} onChange={(r) => list.set(r)} idPrefix="mpesa-stk" />
              </>,
            )}
            actions={
              <>
                {fold.toggle}
                {canSimulate && (
                  <Button variant="outline" size="sm" onClick={() => setSimulating(true)} data-testid="mpesa-simulate">
                    <Store aria-hidden />
                    {k.simulate}
                  </Button>
                )}
                {canManage && config && (
                  <Button size="sm" onClick={() => setRequesting(true)} data-testid="mpesa-request-payment">
                    <Smartphone aria-hidden />
                    {k.requestPayment}
                  </Button>
                )}
              </>
            }
          />
        }
        renderCard={(r) => (
          <div className="flex min-w-0 flex-col gap-2">
            <div className="flex items-start justify-between gap-3">
              <NameLines
                name={r.studentName}
                detail={
                  <>
                    {r.admissionNumber} · {formatMsisdn(r.phone)}
                  </>
                }
              />
              <Money value={r.amount} className="font-semibold" />
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <StkStatusBadge status={r.status} />
              <span className="text-xs text-muted-foreground tabular-nums">{formatWhen(r.createdAt)}</span>
            </div>
            {r.status !== 'pending' && <ResultCell row={r} />}
          </div>
        )}
      />
      {canManage && config && (
        <>
          <RequestPaymentDialog open={requesting} onOpenChange={setRequesting} simulator={config.environment === 'simulator'} />
          {canSimulate && <SimulateC2bDialog open={simulating} onOpenChange={setSimulating} config={config} />}
        </>
      )}
    </div>
  );
}
