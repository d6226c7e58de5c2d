import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@shared/contracts/dashboard';
import { api } from '@/lib/api';

/** Query key of the signed-in user's dashboard (cleared on sign-in and sign-out with the cache). */
export const DASHBOARD_KEY = ['dashboard'] as const;

/** GET /api/dashboard: the caller's dashboard, discriminated by `kind`. Throws ApiError. */
export function fetchDashboard(): Promise<Dashboard> {
  return api<Dashboard>('/api/dashboard');
}

/** The signed-in user's dashboard figures (TanStack Query, key ['dashboard']); idle until `enabled`. */
export function useDashboard(enabled = true) {
  return useQuery({ queryKey: DASHBOARD_KEY, queryFn: fetchDashboard, enabled });
}
