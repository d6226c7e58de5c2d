import { useMutation, useQuery } from '@tanstack/react-query';
import type { RemindersBody, RemindersResponse } from '@shared/contracts/fees';
import type { Task } from '@shared/contracts/tasks';
import { api } from '@/lib/api';
import { useTaskQuery } from '@/lib/task-query';

/**
 * The few calls Finance Settings needs beyond features/fees/api/fees.ts: the reminders preview (a POST
 * that writes nothing, so it refreshes nothing) and the reminder task the page follows.
 */

export const REMINDER_TASK_KIND = 'fee-reminders';

/** POST /api/fees/reminders with preview: counts and the sample SMS; writes nothing. */
export const usePreviewReminders = () =>
  useMutation({ mutationFn: (body: Omit<RemindersBody, 'preview'>) => api<RemindersResponse>('/api/fees/reminders', { method: 'POST', json: { ...body, preview: true } }) });

/** The reminder task, polled every second while it is queued or running (GET /api/tasks/:id). */
export const useReminderTask = useTaskQuery;

/** The user's latest reminder task (GET /api/tasks?kind=fee-reminders&limit=1): a run still going after a reload. */
export function useLatestReminderTask(enabled: boolean) {
  return useQuery({
    queryKey: ['tasks', 'latest', REMINDER_TASK_KIND],
    queryFn: async () => (await api<{ items: Task[] }>(`/api/tasks?kind=${REMINDER_TASK_KIND}&limit=1`)).items[0] ?? null,
    enabled,
    staleTime: Infinity,
    retry: 1,
  });
}
