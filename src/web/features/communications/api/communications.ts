import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Communication,
  CommunicationStats,
  CreateCommunicationInput,
  ListCommunicationsResponse,
} from '@shared/contracts/communications';
import { api, ApiError } from '@/lib/api';
import { useLiveEvent } from '@/lib/live-events';
import { NOTIFICATIONS_KEY } from './notifications';
import { RECEIVED_KEY } from './received';

/** Root of the Communication Center's queries. */
export const ADMIN_KEY = ['communications', 'admin'] as const;

/** Spec §9: all communications stale 2 min; stats stale 5 min. */
const LIST_STALE_MS = 2 * 60_000;
const STATS_STALE_MS = 5 * 60_000;

/** Filters of the Communication Center; empty strings mean "any". */
export interface CommunicationFilters {
  search: string;
  priority: string;
  status: string;
  role: string;
}

export const EMPTY_FILTERS: CommunicationFilters = { search: '', priority: '', status: '', role: '' };

/** No retries for answers that will not change: bad input, signed out, denied, not found. */
function retry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && [400, 401, 403, 404].includes(error.status)) return false;
  return failureCount < 1;
}

export function communicationsPath(f: CommunicationFilters, page: number, pageSize: number): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v.trim()) qs.set(k, v.trim());
  qs.set('page', String(page));
  qs.set('pageSize', String(pageSize));
  return `/api/communications?${qs.toString()}`;
}

/** Refreshes the Communication Center when any communication changes (another admin, another tab). */
export function useAdminLiveRefresh() {
  const qc = useQueryClient();
  useLiveEvent('communications.changed', () => {
    void qc.invalidateQueries({ queryKey: ADMIN_KEY });
  });
}

/** One page of every communication (GET /api/communications). */
export function useCommunications(filters: CommunicationFilters, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'list', filters, page, pageSize],
    queryFn: () => api<ListCommunicationsResponse>(communicationsPath(filters, page, pageSize)),
    staleTime: LIST_STALE_MS,
    refetchOnMount: true,
    retry,
    placeholderData: keepPreviousData,
  });
}

/** Stats cards (GET /api/communications/stats). */
export function useCommunicationStats() {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'stats'],
    queryFn: () => api<CommunicationStats>('/api/communications/stats'),
    staleTime: STATS_STALE_MS,
    refetchOnMount: true,
    retry,
  });
}

/** After any write: the center, the admin's own banners and bell may all change. */
function useInvalidateAll() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: ADMIN_KEY });
    void qc.invalidateQueries({ queryKey: RECEIVED_KEY });
    void qc.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  };
}

export function useCreateCommunication() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: async (body: CreateCommunicationInput) =>
      (await api<{ communication: Communication }>('/api/communications', { method: 'POST', json: body })).communication,
    onSuccess: invalidate,
  });
}

export function useUpdateCommunication() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: Partial<CreateCommunicationInput> }) =>
      (await api<{ communication: Communication }>(`/api/communications/${id}`, { method: 'PATCH', json: body })).communication,
    onSuccess: invalidate,
  });
}

export function useSetCommunicationActive() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: async ({ id, isActive }: { id: string; isActive: boolean }) =>
      (await api<{ communication: Communication }>(`/api/communications/${id}/status`, { method: 'PATCH', json: { isActive } })).communication,
    onSuccess: invalidate,
  });
}

export function useDeleteCommunication() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/communications/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
