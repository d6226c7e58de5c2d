import * as React from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filters, page and sort kept in the URL (ARCHITECTURE.md list-page kit: "filters in the
 * URL"), so a filtered list can be bookmarked, shared, and survives a reload and Back. Values are
 * strings; '' means "any" and is left out of the URL. Changing a filter goes back to page 1.
 *
 *   const list = useListParams({ search: '', classId: '', status: 'active' }, { sort: 'name' });
 *   list.values.classId; list.set({ classId }); list.page; list.setPage(2); list.sort; list.setSort('-name');
 */
export interface ListParams<F extends Record<string, string>> {
  values: F;
  page: number;
  sort: string;
  set(patch: Partial<F>): void;
  setPage(page: number): void;
  setSort(sort: string): void;
  /** Back to the defaults (filters, page 1, default sort). */
  reset(): void;
  /** True when any filter differs from its default. */
  filtered: boolean;
  /** The filters, page and sort as query parameters for the API ('' values left out). */
  query(extra?: Record<string, string | number | undefined>): URLSearchParams;
}

export function useListParams<F extends Record<string, string>>(defaults: F, opts: { sort?: string; pageKey?: string } = {}): ListParams<F> {
  const [params, setParams] = useSearchParams();
  const pageKey = opts.pageKey ?? 'page';
  const defaultSort = opts.sort ?? '';
  // The defaults of the first render: a list's defaults do not change while it is on screen.
  const [initial] = React.useState(defaults);

  const values = React.useMemo(() => {
    const out = { ...initial };
    for (const key of Object.keys(out) as (keyof F)[]) {
      const v = params.get(key as string);
      if (v !== null) out[key] = v as F[keyof F];
    }
    return out;
  }, [params, initial]);
  const page = Math.max(1, Number(params.get(pageKey)) || 1);
  const sort = params.get('sort') ?? defaultSort;

  // The address as this hook last wrote it. React Router's functional setSearchParams starts from the
  // params of the last render, so two changes before the next render (a start date, then an end date,
  // typed quickly) would lose the first; each change starts from the one before it instead.
  const latest = React.useRef(params);
  React.useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const update = React.useCallback(
    (mutate: (next: URLSearchParams) => void) => {
      const next = new URLSearchParams(latest.current);
      mutate(next);
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );

  const set = React.useCallback(
    (patch: Partial<F>) =>
      update((next) => {
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined) continue;
          if (v === '' || v === initial[k]) next.delete(k);
          else next.set(k, v as string);
        }
        next.delete(pageKey);
      }),
    [update, pageKey, initial],
  );
  const setPage = React.useCallback(
    (p: number) =>
      update((next) => {
        if (p <= 1) next.delete(pageKey);
        else next.set(pageKey, String(p));
      }),
    [update, pageKey],
  );
  const setSort = React.useCallback(
    (s: string) =>
      update((next) => {
        if (!s || s === defaultSort) next.delete('sort');
        else next.set('sort', s);
        next.delete(pageKey);
      }),
    [update, defaultSort, pageKey],
  );
  const reset = React.useCallback(
    () =>
      update((next) => {
        for (const k of Object.keys(initial)) next.delete(k);
        next.delete(pageKey);
        next.delete('sort');
      }),
    [update, pageKey, initial],
  );

  const filtered = (Object.keys(initial) as (keyof F)[]).some((k) => values[k] !== initial[k]);

  const query = React.useCallback(
    (extra: Record<string, string | number | undefined> = {}) => {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(values)) if (v) q.set(k, v);
      if (sort) q.set('sort', sort);
      for (const [k, v] of Object.entries(extra)) if (v !== undefined && v !== '') q.set(k, String(v));
      return q;
    },
    [values, sort],
  );

  return { values, page, sort, set, setPage, setSort, reset, filtered, query };
}

/** "-name" → { id: 'name', desc: true }; '' → null. */
export function parseSort(sort: string): { id: string; desc: boolean } | null {
  if (!sort) return null;
  return sort.startsWith('-') ? { id: sort.slice(1), desc: true } : { id: sort, desc: false };
}

/** Next sort when a column header is clicked: ascending, then descending, then ascending again. */
export function nextSort(current: string, columnId: string): string {
  const s = parseSort(current);
  if (s?.id === columnId && !s.desc) return `-${columnId}`;
  return columnId;
}
