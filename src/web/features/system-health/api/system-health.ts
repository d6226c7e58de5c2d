import { useQuery } from '@tanstack/react-query';
import { HEALTH_REFRESH_MS, type SystemHealth } from '@shared/contracts/health';
import { api, ApiError } from '@/lib/api';

/** Query key of the System Health figures. */
export const SYSTEM_HEALTH_KEY = ['system-health'] as const;

/** No retries for answers that will not change (signed out, denied); one quick retry otherwise. */
function retry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && [400, 401, 403, 404].includes(error.status)) return false;
  return failureCount < 1;
}

/**
 * GET /api/system/health, polled every HEALTH_REFRESH_MS (5 s) while the tab is visible. After a
 * failed poll the last figures stay in `data` and `isError` is true, so the screen can show them as
 * stale; the next poll (or a manual refetch) clears the error.
 */
export function useSystemHealth() {
  return useQuery({
    queryKey: SYSTEM_HEALTH_KEY,
    queryFn: () => api<SystemHealth>('/api/system/health', { timeoutMs: 10_000 }),
    refetchInterval: HEALTH_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    retry,
    retryDelay: 1_000,
  });
}
