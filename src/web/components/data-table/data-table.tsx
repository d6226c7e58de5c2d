import * as React from 'react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowData,
  type VisibilityState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, Columns3, type LucideIcon } from 'lucide-react';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuCheckboxItem, DropdownMenuContent, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyListState, LoadErrorCard } from '@/components/list-states';
import { Pagination } from '@/components/pagination';
import { parseSort, nextSort } from './use-list-params';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Header text for the column menu when `header` is not a string. */
    label?: string;
    /** The API's sort value for this column (server-side sorting); absent: not sortable. */
    sortKey?: string;
    /** Classes for the header and cells (width, alignment). */
    className?: string;
    /** Hidden until the user shows it from the Columns menu. */
    defaultHidden?: boolean;
    /** Not offered in the Columns menu (e.g. the name column, row actions). */
    alwaysVisible?: boolean;
  }
}

const m = messages.dataTable;

export interface DataTableProps<T> {
  /** Test id prefix and the key under which column choices are remembered. */
  id: string;
  columns: ColumnDef<T, unknown>[];
  /** Undefined while the first page loads (skeleton rows). */
  data: T[] | undefined;
  getRowId: (row: T) => string;
  /** Server paging: the number of matching rows, the 1-based page and its size. */
  total?: number;
  page?: number;
  pageSize?: number;
  onPageChange?: (page: number) => void;
  /** Server sorting: the API sort value ("name", "-name") and its setter. */
  sort?: string;
  onSortChange?: (sort: string) => void;
  /** A newer page is loading while the old one shows (dimmed). */
  fetching?: boolean;
  error?: Error | null;
  errorTitle?: string;
  onRetry?: () => void;
  empty: { icon: LucideIcon; title: string; hint?: string; action?: React.ReactNode };
  /** The card shown per row below 768 px (md); without it the table scrolls sideways. */
  renderCard?: (row: T) => React.ReactNode;
  onRowClick?: (row: T) => void;
  /** Search, filters and actions above the table (see ListToolbar). */
  toolbar?: React.ReactNode;
  /** Minimum table width before it scrolls sideways (px). */
  minWidth?: number;
  /** data-testid of each row/card, with data-row-id. */
  rowTestId?: string;
  /** More data-* attributes of a row and its card (e.g. `{ 'data-email': r.email }`: how tests and styles find a row). */
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
  /**
   * A row that opens in place (a payslip's breakdown): the open row's id and what shows under it, in
   * one cell across the table (data-testid `${rowTestId}-detail`). The row's own toggle sets `rowId`.
   */
  expanded?: { rowId: string | null; render: (row: T) => React.ReactNode };
  /** A totals row under the table: each visible column's TanStack `footer` (hidden columns drop out). */
  showFooter?: boolean;
  className?: string;
}

function storedVisibility(id: string): VisibilityState | null {
  try {
    const raw = window.localStorage.getItem(`edufam.table.${id}.columns`);
    return raw ? (JSON.parse(raw) as VisibilityState) : null;
  } catch {
    return null;
  }
}

/**
 * The list-page kit's table (ARCHITECTURE.md "Building a school module"): server-side paging and
 * sorting, a column-visibility menu remembered per list, loading skeleton, error card with Try Again,
 * empty state, dimming while the next page loads, and cards instead of the table below 768 px;
 * optionally rows that open in place (`expanded`) and a totals row from the columns' `footer`.
 * Columns are TanStack Table column definitions; `meta` carries sortKey, className, label,
 * defaultHidden and alwaysVisible.
 */
export function DataTable<T>({
  id,
  columns,
  data,
  getRowId,
  total,
  page = 1,
  pageSize = 25,
  onPageChange,
  sort = '',
  onSortChange,
  fetching,
  error,
  errorTitle,
  onRetry,
  empty,
  renderCard,
  onRowClick,
  toolbar,
  minWidth = 720,
  rowTestId,
  rowAttributes,
  expanded,
  showFooter,
  className,
}: DataTableProps<T>) {
  const initialVisibility = React.useMemo<VisibilityState>(() => {
    const defaults: VisibilityState = {};
    for (const c of columns) {
      const cid = (c.id ?? (c as { accessorKey?: string }).accessorKey) as string | undefined;
      if (cid && c.meta?.defaultHidden) defaults[cid] = false;
    }
    return { ...defaults, ...(storedVisibility(id) ?? {}) };
  }, [columns, id]);
  const [columnVisibility, setColumnVisibility] = React.useState<VisibilityState>(initialVisibility);
  React.useEffect(() => {
    try {
      window.localStorage.setItem(`edufam.table.${id}.columns`, JSON.stringify(columnVisibility));
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }, [id, columnVisibility]);

  // TanStack Table returns fresh functions each render; the React Compiler skips this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<T>({
    data: data ?? [],
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    state: { columnVisibility },
    onColumnVisibilityChange: setColumnVisibility,
  });
  const active = parseSort(sort);
  const hideable = table.getAllLeafColumns().filter((c) => !c.columnDef.meta?.alwaysVisible);

  let body: React.ReactNode;
  if (error && !data) {
    body = (
      <LoadErrorCard
        title={errorTitle ?? m.loadFailed}
        detail={error.message}
        retryLabel={m.tryAgain}
        onRetry={() => onRetry?.()}
        testId={`${id}-error`}
        retryTestId={`${id}-retry`}
      />
    );
  } else if (!data) {
    body = (
      <div className="flex flex-col gap-2" aria-busy="true" data-testid={`${id}-loading`}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-11 w-full" />
        ))}
      </div>
    );
  } else if (data.length === 0) {
    body = <EmptyListState icon={empty.icon} title={empty.title} hint={empty.hint} action={empty.action} testId={`${id}-empty`} />;
  } else {
    const rows = table.getRowModel().rows;
    body = (
      <div className={cn('transition-opacity', fetching && 'opacity-60')} aria-busy={fetching || undefined}>
        <div className={cn('-mx-1 overflow-x-auto px-1', renderCard && 'hidden md:block')} data-testid={`${id}-table`}>
          <table className="w-full border-separate border-spacing-0 text-sm" style={{ minWidth }}>
            <thead>
              {table.getHeaderGroups().map((hg) => (
                <tr key={hg.id}>
                  {hg.headers.map((h) => {
                    const meta = h.column.columnDef.meta;
                    const sortKey = meta?.sortKey;
                    const sorted = sortKey && active?.id === sortKey ? (active.desc ? 'descending' : 'ascending') : undefined;
                    const label = h.isPlaceholder ? null : flexRender(h.column.columnDef.header, h.getContext());
                    return (
                      <th
                        key={h.id}
                        scope="col"
                        aria-sort={sorted ?? (sortKey ? 'none' : undefined)}
                        className={cn(
                          'border-b bg-muted/50 px-3 py-2 text-left text-xs font-medium whitespace-nowrap text-muted-foreground first:rounded-l-md last:rounded-r-md',
                          meta?.className,
                        )}
                      >
                        {sortKey && onSortChange ? (
                          <button
                            type="button"
                            className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                            onClick={() => onSortChange(nextSort(sort, sortKey))}
                            aria-label={m.sortBy(meta?.label ?? String(h.column.columnDef.header ?? h.id))}
                            data-testid={`${id}-sort-${sortKey}`}
                          >
                            {label}
                            {sorted === 'ascending' ? (
                              <ArrowUp className="size-3.5 text-foreground" aria-label={m.sortAscending} />
                            ) : sorted === 'descending' ? (
                              <ArrowDown className="size-3.5 text-foreground" aria-label={m.sortDescending} />
                            ) : (
                              <ArrowUpDown className="size-3.5 opacity-40" aria-hidden />
                            )}
                          </button>
                        ) : (
                          label
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {rows.map((row) => {
                const open = expanded?.rowId === row.id;
                return (
                  <React.Fragment key={row.id}>
                    <tr
                      className={cn('transition-colors hover:bg-muted/40', onRowClick && 'cursor-pointer', open && 'bg-muted/30')}
                      onClick={onRowClick ? (e) => !(e.target as HTMLElement).closest('a,button,input,[role=menuitem]') && onRowClick(row.original) : undefined}
                      data-testid={rowTestId}
                      data-row-id={row.id}
                      {...rowAttributes?.(row.original)}
                    >
                      {row.getVisibleCells().map((cell) => (
                        <td key={cell.id} className={cn('border-b px-3 py-2.5 align-middle [tr:last-child_&]:border-b-0', cell.column.columnDef.meta?.className)}>
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </td>
                      ))}
                    </tr>
                    {open && expanded && (
                      <tr className="bg-muted/20" data-testid={rowTestId ? `${rowTestId}-detail` : undefined}>
                        <td colSpan={row.getVisibleCells().length} className="border-b px-3 py-3 [tr:last-child_&]:border-b-0">
                          {expanded.render(row.original)}
                        </td>
                      </tr>
                    )}
                  </React.Fragment>
                );
              })}
            </tbody>
            {showFooter && (
              <tfoot>
                {table.getFooterGroups().map((fg) => (
                  <tr key={fg.id} className="font-semibold tabular-nums">
                    {fg.headers.map((h) => (
                      <td key={h.id} className={cn('border-t bg-muted/30 px-3 py-2', h.column.columnDef.meta?.className)}>
                        {h.isPlaceholder ? null : flexRender(h.column.columnDef.footer, h.getContext())}
                      </td>
                    ))}
                  </tr>
                ))}
              </tfoot>
            )}
          </table>
        </div>
        {renderCard && (
          <ul className="grid gap-2.5 md:hidden" data-testid={`${id}-cards`}>
            {rows.map((row) => (
              <li
                key={row.id}
                className={cn('min-w-0 rounded-lg border bg-background/60 p-3.5', onRowClick && 'cursor-pointer active:bg-muted/50')}
                onClick={onRowClick ? (e) => !(e.target as HTMLElement).closest('a,button,input') && onRowClick(row.original) : undefined}
                data-testid={rowTestId ? `${rowTestId}-card` : undefined}
                data-row-id={row.id}
                {...rowAttributes?.(row.original)}
              >
                {renderCard(row.original)}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }

  return (
    <div className={cn('flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5', className)} data-testid={id}>
      {(toolbar || hideable.length > 0) && (
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
          <div className="min-w-0 flex-1">{toolbar}</div>
          {hideable.length > 0 && (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="outline" size="sm" className={cn('self-end lg:self-auto', renderCard && 'hidden md:inline-flex')} data-testid={`${id}-columns`}>
                  <Columns3 aria-hidden />
                  {m.columns}
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuLabel>{m.showColumns}</DropdownMenuLabel>
                <DropdownMenuSeparator />
                {hideable.map((c) => (
                  <DropdownMenuCheckboxItem key={c.id} checked={c.getIsVisible()} onCheckedChange={(v) => c.toggleVisibility(!!v)}>
                    {c.columnDef.meta?.label ?? (typeof c.columnDef.header === 'string' ? c.columnDef.header : c.id)}
                  </DropdownMenuCheckboxItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
          )}
        </div>
      )}
      {body}
      {data && data.length > 0 && total !== undefined && onPageChange && (
        <Pagination page={page} pageSize={pageSize} total={total} shown={data.length} busy={fetching} onPage={onPageChange} testId={id} />
      )}
    </div>
  );
}
