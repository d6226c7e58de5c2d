import type { UseQueryResult } from '@tanstack/react-query';
import type { DataTableProps } from './data-table';
import type { ListParams } from './use-list-params';

/** The DataTable props a paged list query gives (see `pagedTableProps`). */
export type PagedTableProps<T> = Pick<DataTableProps<T>, 'data' | 'total' | 'page' | 'pageSize' | 'onPageChange' | 'sort' | 'onSortChange' | 'fetching' | 'error' | 'onRetry'>;

/**
 * Wires a paged list query into the DataTable (issue 33: the 13 lines every list screen repeated):
 * the rows and total of the answer, the page and sort kept in the URL by `useListParams`, the dimming
 * while the next page loads (`placeholderData: keepPreviousData`), and the error with Try Again.
 *
 *   const list = useListParams({ search: '' }, { sort: 'name' });
 *   const query = useQuery({ queryKey: ['x', list.query().toString()], queryFn: ..., placeholderData: keepPreviousData });
 *   <DataTable id="x" columns={columns} getRowId={(r) => r.id} empty={...}
 *     {...pagedTableProps(list, query, { pageSize: 25, rows: (d) => d.items })} />
 *
 * `sortable: false` leaves sorting out (lists the server orders itself).
 */
export function pagedTableProps<T, D extends { total: number }, F extends Record<string, string>>(
  list: ListParams<F>,
  query: Pick<UseQueryResult<D, Error>, 'data' | 'isPlaceholderData' | 'error' | 'refetch'>,
  opts: { pageSize: number; rows: (data: D) => T[]; sortable?: boolean },
): PagedTableProps<T> {
  const sortable = opts.sortable ?? true;
  return {
    data: query.data ? opts.rows(query.data) : undefined,
    total: query.data?.total,
    page: list.page,
    pageSize: opts.pageSize,
    onPageChange: list.setPage,
    ...(sortable ? { sort: list.sort, onSortChange: list.setSort } : {}),
    fetching: query.isPlaceholderData,
    error: query.error,
    onRetry: () => void query.refetch(),
  };
}
