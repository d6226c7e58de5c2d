import * as React from 'react';
import { useSearchParams } from 'react-router';

/** A copy of `prev` with each key of `changes` set to its value, or removed when the value is null or empty. */
export function patchSearchParams(prev: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const q = new URLSearchParams(prev);
  for (const [k, v] of Object.entries(changes)) {
    if (v) q.set(k, v);
    else q.delete(k);
  }
  return q;
}

/**
 * The URL's search params and a stable setter that patches them (patchSearchParams). The setter adds a
 * history entry, or replaces the current one when `replace` (its second argument, else `replaceByDefault`).
 * Each patch starts from the address this hook last wrote, not from the last render's: React Router's
 * functional setSearchParams would lose the first of two patches made before the next render (the same
 * rule as the list kit's useListParams).
 */
export function usePatchedSearchParams(replaceByDefault = false) {
  const [params, setParams] = useSearchParams();
  const latest = React.useRef(params);
  React.useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const patch = React.useCallback(
    (changes: Record<string, string | null>, replace = replaceByDefault) => {
      const next = patchSearchParams(latest.current, changes);
      latest.current = next;
      setParams(next, { replace });
    },
    [setParams, replaceByDefault],
  );
  return [params, patch] as const;
}
