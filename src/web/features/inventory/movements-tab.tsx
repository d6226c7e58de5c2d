import * as React from 'react';
import { ArrowLeftRight } from 'lucide-react';
import { MOVEMENT_TYPES, type Movement } from '@shared/contracts/inventory';
import { inventoryMessages } from '@shared/messages/inventory';
import { cn } from '@/lib/utils';
import { DataTable, pagedTableProps, ListToolbar, useListParams, type ColumnDef, listSearchProps } from '@/components/data-table';
import { FilterSelect } from '@/components/filter-select';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { Money } from '@/components/money';
import { useMovements } from './inventory-api';
import { formatDay } from '@shared/dates';

const m = inventoryMessages.ui;
const day = (d: string) => formatDay(d);

const TONE: Record<string, string> = {
  opening: 'bg-sky-500/10 text-sky-700 dark:text-sky-300',
  stock_in: 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  issue: 'bg-amber-500/10 text-amber-700 dark:text-amber-300',
  sale: 'bg-primary/10 text-primary',
  adjustment: 'bg-muted text-muted-foreground',
};

export function TypeBadge({ type }: { type: string }) {
  return <Badge className={cn('whitespace-nowrap', TONE[type])}>{m.typeLabels[type] ?? type}</Badge>;
}

/** Who or what the movement went to or came from. */
function details(x: Movement): string {
  if (x.type === 'sale' || (x.studentName && x.type === 'issue')) return `${x.studentName ?? ''}${x.admissionNumber ? ` (${x.admissionNumber})` : ''}${x.invoiceNumber ? ` · ${m.invoiceRef(x.invoiceNumber)}` : ''}`;
  if (x.department) return x.department;
  if (x.supplierName) return `${x.supplierName}${x.reference ? ` · ${x.reference}` : ''}`;
  return x.reason ?? x.reference ?? '—';
}

const Qty = ({ q }: { q: number }) => <span className={cn('font-medium tabular-nums', q > 0 ? 'text-emerald-700 dark:text-emerald-400' : 'text-destructive')}>{q > 0 ? `+${q}` : q}</span>;

/** A movement's quantity (signed, coloured) over the balance it left, at the right of a row or card. */
function QtyAndBalance({ x }: { x: Movement }) {
  return (
    <div className="shrink-0 text-right">
      <Qty q={x.quantity} />
      <div className="text-xs text-muted-foreground">
        {m.colBalance}: {x.balanceAfter}
      </div>
    </div>
  );
}

/** A short list of movements (the item sheet's history). */
export function MovementList({ items, loading, compact }: { items: Movement[] | undefined; loading: boolean; compact?: boolean }) {
  if (loading) return <Skeleton className="h-40 rounded-lg" />;
  if (!items?.length) return <p className="text-sm text-muted-foreground">{m.noHistory}</p>;
  return (
    <ul className="divide-y rounded-lg border bg-card text-sm" data-testid="movement-history">
      {items.map((x) => (
        <li key={x.id} className="flex items-start justify-between gap-3 p-3">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <TypeBadge type={x.type} />
              <span className="text-xs text-muted-foreground">{day(x.movedOn)}</span>
            </div>
            <div className={cn('mt-1 truncate', compact && 'text-muted-foreground')}>{details(x)}</div>
            {x.reason && x.type !== 'adjustment' ? null : x.type === 'adjustment' && x.reason ? <div className="text-xs text-muted-foreground">{x.reason}</div> : null}
          </div>
          <QtyAndBalance x={x} />
        </li>
      ))}
    </ul>
  );
}

/** The Movements tab: every movement with type and date filters. */
export function MovementsTab() {
  const list = useListParams({ mq: '', type: '', from: '', to: '' }, { pageKey: 'mpage' });
  const params = new URLSearchParams();
  if (list.values.mq) params.set('q', list.values.mq);
  if (list.values.type) params.set('type', list.values.type);
  if (list.values.from) params.set('from', list.values.from);
  if (list.values.to) params.set('to', list.values.to);
  params.set('page', String(list.page));
  params.set('pageSize', '25');
  const query = useMovements(params);
  const columns = React.useMemo<ColumnDef<Movement, unknown>[]>(
    () => [
      { id: 'date', header: m.colDate, cell: ({ row }) => <span className="whitespace-nowrap">{day(row.original.movedOn)}</span> },
      {
        id: 'item',
        header: m.colItem,
        meta: { alwaysVisible: true },
        cell: ({ row }) => (
          <div className="min-w-0">
            <div className="truncate font-medium">{row.original.itemName}</div>
            <div className="text-xs text-muted-foreground">{row.original.itemCode}</div>
          </div>
        ),
      },
      { id: 'type', header: m.colType, cell: ({ row }) => <TypeBadge type={row.original.type} /> },
      { id: 'qty', header: m.colQty, meta: { className: 'text-right' }, cell: ({ row }) => <Qty q={row.original.quantity} /> },
      { id: 'cost', header: m.colUnitCost, meta: { className: 'text-right' }, cell: ({ row }) => <Money value={row.original.unitCost} prefix={false} /> },
      { id: 'details', header: m.colDetails, cell: ({ row }) => <span className="line-clamp-2 max-w-72">{details(row.original)}</span> },
      { id: 'balance', header: m.colBalance, meta: { className: 'text-right' }, cell: ({ row }) => <span className="tabular-nums">{row.original.balanceAfter}</span> },
      { id: 'by', header: m.colBy, meta: { defaultHidden: true }, cell: ({ row }) => row.original.createdBy ?? '—' },
    ],
    [],
  );
  return (
    <DataTable
      id="inventory-movements"
      columns={columns}
      {...pagedTableProps(list, query, { pageSize: 25, rows: (d) => d.items, sortable: false })}
      getRowId={(r) => r.id}
      rowTestId="inventory-movement"
      empty={{ icon: ArrowLeftRight, title: m.noMovements }}
      toolbar={
        <ListToolbar
          {...listSearchProps(list, m.searchItems, 'mq')}
          filters={<FilterSelect value={list.values.type} onChange={(type) => list.set({ type })} all={m.allTypes} label={m.colType} options={MOVEMENT_TYPES.map((t) => ({ value: t, label: m.typeLabels[t]! }))} />}
        />
      }
      renderCard={(x) => (
        <div className="flex items-start justify-between gap-3 rounded-xl border bg-card p-3.5 shadow-sm">
          <div className="min-w-0">
            <div className="truncate font-medium">{x.itemName}</div>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <TypeBadge type={x.type} />
              {day(x.movedOn)}
            </div>
            <div className="mt-1 truncate text-sm text-muted-foreground">{details(x)}</div>
          </div>
          <QtyAndBalance x={x} />
        </div>
      )}
    />
  );
}
