import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReceivedCommunicationsResponse } from '@shared/contracts/communications';
import { api } from '@/lib/api';
import { useLiveEvent } from '@/lib/live-events';

/** Root of the receiver's communication queries (banners and the read view). */
export const RECEIVED_KEY = ['communications', 'received'] as const;
export const BANNERS_KEY = [...RECEIVED_KEY, 'banners'] as const;
export const RECEIVED_LIST_KEY = [...RECEIVED_KEY, 'list'] as const;

/** Spec §9 Communications (user): stale 5 min, refetch every 30 s. */
const STALE_MS = 5 * 60_000;
const REFETCH_MS = 30_000;

function useRefreshOnLiveEvents() {
  const qc = useQueryClient();
  useLiveEvent('communications.changed', () => {
    void qc.invalidateQueries({ queryKey: RECEIVED_KEY });
  });
}

/** The caller's banners (GET /api/communications/banners): active, unexpired, targeted, not dismissed. */
export function useBanners(enabled = true) {
  useRefreshOnLiveEvents();
  return useQuery({
    queryKey: BANNERS_KEY,
    queryFn: async () => (await api<ReceivedCommunicationsResponse>('/api/communications/banners')).communications,
    enabled,
    staleTime: STALE_MS,
    refetchInterval: REFETCH_MS,
    refetchOnMount: true,
    retry: 1,
  });
}

/** The caller's announcements section (GET /api/communications/received), dismissed ones included. */
export function useReceivedCommunications() {
  useRefreshOnLiveEvents();
  return useQuery({
    queryKey: RECEIVED_LIST_KEY,
    queryFn: async () => (await api<ReceivedCommunicationsResponse>('/api/communications/received')).communications,
    staleTime: STALE_MS,
    refetchInterval: REFETCH_MS,
    refetchOnMount: true,
    retry: 1,
  });
}

/** POST /api/communications/:id/dismiss, removing the banner from the cache at once. */
export function useDismissCommunication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ dismissed: true }>(`/api/communications/${id}/dismiss`, { method: 'POST' }),
    onMutate: async (id) => {
      await qc.cancelQueries({ queryKey: BANNERS_KEY });
      const previous = qc.getQueryData<ReceivedCommunicationsResponse['communications']>(BANNERS_KEY);
      qc.setQueryData<ReceivedCommunicationsResponse['communications']>(BANNERS_KEY, (old) => old?.filter((c) => c.id !== id));
      return { previous };
    },
    onError: (_err, _id, ctx) => {
      if (ctx?.previous) qc.setQueryData(BANNERS_KEY, ctx.previous);
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: RECEIVED_KEY });
    },
  });
}
