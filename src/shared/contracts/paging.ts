import { z } from 'zod';

/**
 * The one page query and page response every paged list shares (ARCHITECTURE.md "API conventions";
 * issue 33). Each list keeps its own default and maximum page size (its Public API), so the query is
 * built per list: `z.object({ search: ..., ...pageQuery({ defaultSize: 25, maxSize: 200 }) })`.
 * `page` is 1-based; a page past the last answers an empty `items` with the true `total`.
 */
export interface PageQueryOptions {
  /** Rows per page when the query names none. */
  defaultSize: number;
  /** The most rows a caller may ask for; more is a 400. */
  maxSize: number;
  /** The 400 message when `pageSize` exceeds `maxSize` (zod's own wording when absent). */
  maxSizeMessage?: string;
}

/** Highest page number a list accepts (issue 32: unbounded numbers are refused, not clamped). */
export const MAX_PAGE = 100_000;

/** `{ page, pageSize }` query fields (strings coerced), with this list's default and maximum page size. */
export function pageQuery(o: PageQueryOptions) {
  return {
    page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
    pageSize: z.coerce.number().int().min(1).max(o.maxSize, o.maxSizeMessage).default(o.defaultSize),
  };
}

/** `{ page, pageSize, total }` response fields; the rows sit beside them under the list's own name. */
export const pageFields = {
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
};

/** A page of rows as `paginate()` returns it: `items`, the count of all matching rows, the window. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
