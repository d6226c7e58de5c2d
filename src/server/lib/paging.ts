import type { Page } from '../../shared/contracts/paging.js';

export type { Page } from '../../shared/contracts/paging.js';

/** A requested page: 1-based `page`, rows per page `pageSize` (validated by `pageQuery`). */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/** The LIMIT/OFFSET window of a page request. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** The SQL window of a 1-based page: `{ limit: pageSize, offset: (page - 1) * pageSize }`. */
export function pageWindow(p: PageRequest): PageWindow {
  return { limit: p.pageSize, offset: (p.page - 1) * p.pageSize };
}

/**
 * One page of a list, the way every paged endpoint answers (issue 33: one paging helper, not 29).
 * `rows(window)` reads the page (its ORDER BY must end on a unique key, so pages neither repeat nor
 * skip a row); `total()` counts every matching row. Both run in the caller's transaction, one after
 * the other (a transaction has one connection). Errors from either propagate unchanged.
 */
export async function paginate<T>(p: PageRequest, rows: (w: PageWindow) => Promise<T[]>, total: () => Promise<number>): Promise<Page<T>> {
  const items = await rows(pageWindow(p));
  const count = await total();
  return { items, total: count, page: p.page, pageSize: p.pageSize };
}
