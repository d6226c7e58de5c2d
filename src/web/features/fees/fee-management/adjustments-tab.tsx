import * as React from 'react';
import { BadgePercent, Plus } from 'lucide-react';
import { ADJUSTMENT_KINDS, type Adjustment } from '@shared/contracts/fees';
import { messages } from '@shared/messages';
import { formatDate } from '@/lib/format';
import { DataTable, pagedTableProps, ListToolbar, useListParams, type ColumnDef } from '@/components/data-table';
import { FilterSelect } from '@/components/filter-select';
import { Button } from '@/components/ui/button';
import { useAdjustments } from '../api/fees';
import { Money } from '@/components/money';
import { AdjustmentDialog } from './adjustment-dialog';
import { AdjustmentKindBadge, AdjustmentStatusBadge } from '@/components/status-pill';
import { CodeText } from '@/components/code-text';
import type { FeesScope } from './fees-scope';
import { perLocale } from '@shared/i18n/localized';

const m = messages.feeManagement;
const t = m.adjustments;
const s = messages.feesScreens;
const PAGE_SIZE = 25;
const FILTERS = { status: '', kind: '' };
const STATUSES = ['applied', 'pending', 'rejected'] as const;

const columns = perLocale((): ColumnDef<Adjustment, unknown>[] => ([
  { id: 'date', header: t.colDate, meta: { label: t.colDate, className: 'w-28' }, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDate(row.original.effectiveOn)}</span> },
  {
    id: 'learner',
    header: t.colLearner,
    meta: { alwaysVisible: true, className: 'min-w-48' },
    cell: ({ row }) => (
      <div className="min-w-0">
        <p className="truncate font-medium">{row.original.studentName}</p>
        <p className="truncate font-mono text-xs text-muted-foreground">{row.original.admissionNumber}</p>
      </div>
    ),
  },
  { id: 'kind', header: t.colKind, meta: { label: t.colKind }, cell: ({ row }) => <AdjustmentKindBadge kind={row.original.kind} /> },
  { id: 'number', header: t.colNumber, meta: { label: t.colNumber }, cell: ({ row }) => <CodeText>{row.original.number ?? '—'}</CodeText> },
  { id: 'amount', header: t.colAmount, meta: { label: t.colAmount, className: 'text-right' }, cell: ({ row }) => <Money value={row.original.amount} prefix={false} className="font-medium" /> },
  { id: 'invoice', header: t.colInvoice, meta: { label: t.colInvoice }, cell: ({ row }) => <CodeText>{row.original.invoiceNumber ?? '—'}</CodeText> },
  {
    id: 'reason',
    header: t.colReason,
    meta: { label: t.colReason, className: 'max-w-72' },
    cell: ({ row }) => (
      <p className="line-clamp-2 text-muted-foreground" title={row.original.reason}>
        {row.original.reason}
      </p>
    ),
  },
  { id: 'status', header: t.colStatus, meta: { label: t.colStatus }, cell: ({ row }) => <AdjustmentStatusBadge status={row.original.status} /> },
  { id: 'requestedBy', header: t.colRequestedBy, meta: { label: t.colRequestedBy, defaultHidden: true }, cell: ({ row }) => row.original.requestedBy ?? '—' },
  { id: 'decidedBy', header: t.colDecidedBy, meta: { label: t.colDecidedBy, defaultHidden: true }, cell: ({ row }) => row.original.decidedBy ?? '—' },
]));

function AdjustmentCard({ a }: { a: Adjustment }) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium">{a.studentName}</p>
          <p className="truncate font-mono text-xs text-muted-foreground">{a.admissionNumber}</p>
        </div>
        <Money value={a.amount} className="shrink-0 font-semibold" />
      </div>
      <p className="line-clamp-2 text-sm text-muted-foreground">{a.reason}</p>
      <div className="flex flex-wrap items-center gap-1.5">
        <AdjustmentKindBadge kind={a.kind} />
        <AdjustmentStatusBadge status={a.status} />
        <span className="ml-auto text-xs text-muted-foreground">
          {a.number && <span className="font-mono">{a.number} · </span>}
          {formatDate(a.effectiveOn)}
        </span>
      </div>
    </div>
  );
}

/**
 * Adjustments (issue 11 §1): credit notes, discounts, bursaries and waivers, filtered by status and
 * kind (in the URL), newest first. The finance officer adds one with "New adjustment".
 */
export function AdjustmentsTab({ scope }: { scope: FeesScope }) {
  const list = useListParams(FILTERS);
  const [adding, setAdding] = React.useState(false);
  const qs = list.query({ page: list.page, pageSize: PAGE_SIZE });
  const adjustments = useAdjustments(qs.toString(), scope.schoolId);
  const data = adjustments.data;

  const addButton = scope.canManage && (
    <Button size="sm" onClick={() => setAdding(true)} data-testid="adjustments-add">
      <Plus aria-hidden />
      {t.add}
    </Button>
  );

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="adjustments-tab">
      <DataTable
        id="adjustments"
        columns={columns}
        {...pagedTableProps(list, adjustments, { pageSize: PAGE_SIZE, rows: (d) => d.items, sortable: false })}
        getRowId={(a) => a.id}
        errorTitle={t.loadFailed}
        empty={{ icon: BadgePercent, title: t.empty, hint: list.filtered ? t.emptyFiltered : t.emptyHint, action: list.filtered ? undefined : addButton || undefined }}
        renderCard={(a) => <AdjustmentCard a={a} />}
        rowTestId="adjustment-row"
        minWidth={900}
        toolbar={
          <ListToolbar
            filters={
              <>
                <FilterSelect
                  value={list.values.status}
                  onChange={(status) => list.set({ status })}
                  all={t.allStatuses}
                  options={STATUSES.map((x) => ({ value: x, label: s.adjustmentStatus[x] }))}
                  label={t.status}
                  testId="adjustments-filter-status"
                />
                <FilterSelect
                  value={list.values.kind}
                  onChange={(kind) => list.set({ kind })}
                  all={t.allKinds}
                  options={ADJUSTMENT_KINDS.map((x) => ({ value: x, label: s.adjustmentKinds[x] }))}
                  label={t.kind}
                  testId="adjustments-filter-kind"
                />
              </>
            }
            filtered={list.filtered}
            onClear={list.reset}
            actions={
              <>
                {data && <span className="mr-1 text-sm whitespace-nowrap text-muted-foreground tabular-nums">{t.count(data.total)}</span>}
                {addButton}
              </>
            }
            testId="adjustments-toolbar"
          />
        }
      />
      {scope.canManage && <AdjustmentDialog open={adding} onClose={() => setAdding(false)} />}
    </div>
  );
}
