import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListNotificationsResponse, Notification } from '@shared/contracts/communications';
import { api } from '@/lib/api';
import { useLiveEvent } from '@/lib/live-events';

/** Query key of the bell (GET /api/notifications). */
export const NOTIFICATIONS_KEY = ['notifications'] as const;

/** Spec §9 Notifications: stale 30 s, refetch every 60 s, one retry. */
const STALE_MS = 30_000;
const REFETCH_MS = 60_000;

/**
 * The caller's newest unread notifications (at most 10) and the unread count, polled every 60 s and
 * refreshed at once on the live event notifications.changed.
 */
export function useNotifications(enabled = true) {
  const qc = useQueryClient();
  useLiveEvent('notifications.changed', () => {
    void qc.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  });
  // A communication edited or deactivated changes what the bell shows too.
  useLiveEvent('communications.changed', () => {
    void qc.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  });
  return useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: () => api<ListNotificationsResponse>('/api/notifications'),
    enabled,
    staleTime: STALE_MS,
    refetchInterval: REFETCH_MS,
    refetchOnMount: true,
    retry: 1,
  });
}

/** POST /api/notifications/:id/read; the bell refetches afterwards. */
export function useMarkNotificationRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api<{ notification: Notification }>(`/api/notifications/${id}/read`, { method: 'POST' })).notification,
    onSuccess: (notification) => {
      // Drop it from the cached list at once, then refetch for the true count.
      qc.setQueryData<ListNotificationsResponse>(NOTIFICATIONS_KEY, (old) =>
        old && old.notifications.some((n) => n.id === notification.id)
          ? { notifications: old.notifications.filter((n) => n.id !== notification.id), unreadCount: Math.max(0, old.unreadCount - 1) }
          : old,
      );
      void qc.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
  });
}

/** POST /api/notifications/read-all. */
export function useMarkAllNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ updated: number }>('/api/notifications/read-all', { method: 'POST' }),
    onSuccess: () => {
      qc.setQueryData<ListNotificationsResponse>(NOTIFICATIONS_KEY, (old) => (old ? { notifications: [], unreadCount: 0 } : old));
      void qc.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
  });
}
