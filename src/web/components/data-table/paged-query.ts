import * as React from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DataTableProps } from './data-table';
import type { ListParams } from './use-list-params';

/** The DataTable props a paged list query gives (see `pagedTableProps`). */
export type PagedTableProps<T> = Pick<DataTableProps<T>, 'data' | 'total' | 'page' | 'pageSize' | 'onPageChange' | 'sort' | 'onSortChange' | 'fetching' | 'error' | 'onRetry'>;

/** The DataTable props any list query gives (see `queryTableProps`). */
export type QueryTableProps = Pick<DataTableProps<unknown>, 'fetching' | 'error' | 'onRetry'>;

/**
 * The part of a query every DataTable shows the same way: the dimming while the next answer loads
 * (`placeholderData: keepPreviousData`) and the error with Try Again. For lists paged on the screen
 * (`useLocalPage`) or not paged; `pagedTableProps` includes it.
 */
export function queryTableProps(query: Pick<UseQueryResult<unknown, Error>, 'isPlaceholderData' | 'error' | 'refetch'>): QueryTableProps {
  return { fetching: query.isPlaceholderData, error: query.error, onRetry: () => void query.refetch() };
}

/** The DataTable props of a list paged on the screen (see `useLocalPage`). */
export type LocalPageProps<T> = Pick<DataTableProps<T>, 'data' | 'total' | 'page' | 'pageSize' | 'onPageChange'>;

/**
 * A list the server sends whole and the screen pages: the page (1-based, in component state), the
 * rows of that page of `rows` (`undefined` while `loaded` is false, so the table shows its skeleton),
 * and `setPage` (a filter change calls `setPage(1)`).
 */
export function useLocalPage<T>(rows: T[], opts: { pageSize: number; loaded: boolean }): { page: number; setPage: (page: number) => void; tableProps: LocalPageProps<T> } {
  const [page, setPage] = React.useState(1);
  const { pageSize } = opts;
  return {
    page,
    setPage,
    tableProps: {
      data: opts.loaded ? rows.slice((page - 1) * pageSize, page * pageSize) : undefined,
      total: rows.length,
      page,
      pageSize,
      onPageChange: setPage,
    },
  };
}

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
    ...queryTableProps(query),
  };
}
