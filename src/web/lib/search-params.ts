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
 */
export function usePatchedSearchParams(replaceByDefault = false) {
  const [params, setParams] = useSearchParams();
  const patch = React.useCallback(
    (changes: Record<string, string | null>, replace = replaceByDefault) => setParams((prev) => patchSearchParams(prev, changes), { replace }),
    [setParams, replaceByDefault],
  );
  return [params, patch] as const;
}
