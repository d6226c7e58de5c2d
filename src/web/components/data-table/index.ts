/**
 * The list-page kit (ARCHITECTURE.md "Building a school module"): one way to build every list screen.
 *
 *   const list = useListParams({ search: '', classId: '' }, { sort: 'name' });   // filters in the URL
 *   const query = useQuery({ queryKey: ['x', list.query({ page: list.page })], ..., placeholderData: keepPreviousData });
 *   <DataTable id="learners" columns={columns} data={query.data?.items} total={query.data?.total}
 *     page={list.page} pageSize={25} onPageChange={list.setPage} sort={list.sort} onSortChange={list.setSort}
 *     fetching={query.isPlaceholderData} error={query.error} onRetry={query.refetch}
 *     empty={{ icon, title }} renderCard={(row) => ...}
 *     toolbar={<ListToolbar search={list.values.search} onSearch={(search) => list.set({ search })}
 *       filters={<FilterSelect .../>} filtered={list.filtered} onClear={list.reset}
 *       actions={<ExportMenu href={(f) => `/api/x/export?${list.query({ format: f })}`} />} />} />
 */
export { DataTable, type DataTableProps } from './data-table';
export { ExportMenu, ListToolbar } from './toolbar';
export { listSearchProps } from './list-search';
export { nextSort, parseSort, useListParams, type ListParams } from './use-list-params';
export { pagedTableProps, queryTableProps, useLocalPage, type LocalPageProps, type PagedTableProps, type QueryTableProps } from './paged-query';
export { TABLE_MIN_WIDTH, useTableLayoutWide } from './layout';
export type { ColumnDef } from '@tanstack/react-table';
