import { useQuery } from '@tanstack/react-query';
import { isTaskRunning, type Task } from '@shared/contracts/tasks';
import { api } from '@/lib/api';

/**
 * A background task (GET /api/tasks/:id), polled every second while it is queued or running (also in a
 * background tab); nothing while `taskId` is null.
 */
export function useTaskQuery(taskId: string | null) {
  return useQuery({
    queryKey: ['tasks', taskId],
    queryFn: () => api<Task>(`/api/tasks/${encodeURIComponent(taskId!)}`),
    enabled: !!taskId,
    refetchInterval: (q) => (!q.state.data || isTaskRunning(q.state.data) ? 1000 : false),
    refetchIntervalInBackground: true,
    retry: 2,
  });
}
