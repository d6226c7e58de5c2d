import { QueryClient } from '@tanstack/react-query';
import { QUERY_GC_MS, QUERY_STALE_MS } from '@shared/constants';
import { ApiError } from '@/lib/api';

const NO_RETRY = /auth|unauthori[sz]ed|validation|permission/i;

/**
 * Data cache of spec §7: stale 10 min, kept 15 min, one retry except for auth, unauthorized,
 * validation or permission errors, no refetch on focus/mount/reconnect, retry delay doubling from 1 s
 * capped at 5 s.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        gcTime: QUERY_GC_MS,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && [400, 401, 403, 404].includes(error.status)) return false;
          if (NO_RETRY.test(error.message)) return false;
          return failureCount < 1;
        },
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 5000),
      },
    },
  });
}
