import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CreateCommentBody,
  CreateProjectBody,
  CreateTaskBody,
  HubComment,
  HubProjectDetail,
  HubStaffResponse,
  HubTask,
  ListCommentsResponse,
  ListProjectsResponse,
  ListTasksResponse,
  OnboardingChecklist,
  OnboardingOverview,
  UpdateOnboardingItemBody,
  UpdateProjectBody,
  UpdateTaskBody,
} from '@shared/contracts/project-hub';
import { api } from '@/lib/api';

/**
 * Calls of the Project Hub screens (issue 18 §4; server/modules/project-hub):
 *   GET/POST /api/project-hub/projects, GET/PATCH/DELETE /api/project-hub/projects/:id,
 *   POST /api/project-hub/projects/:id/tasks, GET /api/project-hub/tasks, GET/PATCH/DELETE
 *   /api/project-hub/tasks/:id, GET/POST /api/project-hub/tasks/:id/comments, GET /api/project-hub/staff,
 *   GET /api/project-hub/onboarding, GET /api/project-hub/onboarding/:schoolId,
 *   PATCH /api/project-hub/onboarding/:schoolId/items/:key.
 * Everything lives under HUB_KEY; every write refreshes it, and the screens refetch when the window
 * regains focus (colleagues move cards too; there is no live event for the hub).
 */
export const HUB_KEY = ['project-hub'] as const;

const live = { refetchOnWindowFocus: true, staleTime: 15_000 } as const;
const refresh = (qc: QueryClient) => qc.invalidateQueries({ queryKey: HUB_KEY });

export function useProjects(qs: string) {
  const path = `/api/project-hub/projects${qs ? `?${qs}` : ''}`;
  return useQuery({ queryKey: [...HUB_KEY, 'projects', path], queryFn: () => api<ListProjectsResponse>(path), ...live });
}

export function useProject(id: string | null) {
  return useQuery({ queryKey: [...HUB_KEY, 'project', id], queryFn: () => api<HubProjectDetail>(`/api/project-hub/projects/${id}`), enabled: !!id, ...live });
}

export function useHubStaff() {
  return useQuery({ queryKey: [...HUB_KEY, 'staff'], queryFn: async () => (await api<HubStaffResponse>('/api/project-hub/staff')).staff, staleTime: 5 * 60_000 });
}

export function useTasks(qs: string) {
  const path = `/api/project-hub/tasks?${qs}`;
  return useQuery({ queryKey: [...HUB_KEY, 'tasks', path], queryFn: async () => (await api<ListTasksResponse>(path)).tasks, ...live });
}

export function useTask(id: string | null) {
  return useQuery({ queryKey: [...HUB_KEY, 'task', id], queryFn: () => api<HubTask>(`/api/project-hub/tasks/${id}`), enabled: !!id, ...live });
}

export function useComments(taskId: string | null) {
  return useQuery({
    queryKey: [...HUB_KEY, 'comments', taskId],
    queryFn: async () => (await api<ListCommentsResponse>(`/api/project-hub/tasks/${taskId}/comments`)).comments,
    enabled: !!taskId,
    ...live,
  });
}

export function useOnboardingOverview() {
  return useQuery({ queryKey: [...HUB_KEY, 'onboarding'], queryFn: () => api<OnboardingOverview>('/api/project-hub/onboarding'), ...live });
}

export function useChecklist(schoolId: string | null) {
  return useQuery({
    queryKey: [...HUB_KEY, 'onboarding', schoolId],
    queryFn: () => api<OnboardingChecklist>(`/api/project-hub/onboarding/${schoolId}`),
    enabled: !!schoolId,
    ...live,
  });
}

export function useCreateProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProjectBody) => api<HubProjectDetail>('/api/project-hub/projects', { method: 'POST', json: body }),
    onSuccess: () => refresh(qc),
  });
}

export function useUpdateProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateProjectBody }) => api<HubProjectDetail>(`/api/project-hub/projects/${id}`, { method: 'PATCH', json: body }),
    onSuccess: () => refresh(qc),
  });
}

export function useArchiveProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/project-hub/projects/${id}`, { method: 'DELETE' }),
    onSuccess: () => refresh(qc),
  });
}

export function useCreateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, body }: { projectId: string; body: CreateTaskBody }) => api<HubTask>(`/api/project-hub/projects/${projectId}/tasks`, { method: 'POST', json: body }),
    onSuccess: () => refresh(qc),
  });
}

/**
 * PATCH a task. A move on the open board is shown at once (the card jumps to its column) and put back
 * if the server refuses it.
 */
export function useUpdateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTaskBody; projectId?: string }) => api<HubTask>(`/api/project-hub/tasks/${id}`, { method: 'PATCH', json: body }),
    onMutate: async ({ id, body, projectId }) => {
      if (!projectId || body.status === undefined) return undefined;
      const key = [...HUB_KEY, 'project', projectId];
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<HubProjectDetail>(key);
      if (before) {
        const status = body.status;
        const moving = before.taskList.find((x) => x.id === id);
        if (moving) {
          const rest = before.taskList.filter((x) => x.id !== id);
          const column = rest.filter((x) => x.status === status);
          const at = body.position === undefined ? column.length : Math.min(body.position, column.length);
          const moved = { ...moving, status, position: at - 0.5 };
          qc.setQueryData<HubProjectDetail>(key, { ...before, taskList: [...rest, moved] });
        }
      }
      return { key, before };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.before) qc.setQueryData(ctx.key, ctx.before);
    },
    onSettled: () => refresh(qc),
  });
}

export function useDeleteTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/project-hub/tasks/${id}`, { method: 'DELETE' }),
    onSuccess: () => refresh(qc),
  });
}

export function useAddComment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, body }: { taskId: string; body: CreateCommentBody }) => api<HubComment>(`/api/project-hub/tasks/${taskId}/comments`, { method: 'POST', json: body }),
    onSuccess: () => refresh(qc),
  });
}

export function useUpdateChecklistItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ schoolId, key, body }: { schoolId: string; key: string; body: UpdateOnboardingItemBody }) =>
      api<OnboardingChecklist>(`/api/project-hub/onboarding/${schoolId}/items/${key}`, { method: 'PATCH', json: body }),
    onSuccess: (data) => {
      qc.setQueryData([...HUB_KEY, 'onboarding', data.school.id], data);
      void refresh(qc);
    },
  });
}
