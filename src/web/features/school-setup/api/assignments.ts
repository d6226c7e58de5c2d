import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Assignment, CreateAssignmentBody, ListAssignmentsResponse, TeacherLoad, TeacherOption } from '@shared/contracts/school-setup';
import { api } from '@/lib/api';
import { SETUP_KEY, shouldRetry, useInvalidateSetup, useSetupScope } from './setup-scope';

/** GET /api/school-setup/assignments?yearId=&classId=&teacherId=. */
export function useAssignments(params: { yearId: string; classId: string; teacherId: string }) {
  const scope = useSetupScope();
  return useQuery({
    queryKey: [...SETUP_KEY, scope.schoolKey, 'assignments', params],
    queryFn: () => {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(params)) if (v) qs.set(k, v);
      return api<ListAssignmentsResponse>(scope.path(`/api/school-setup/assignments?${qs.toString()}`));
    },
    enabled: scope.ready,
    retry: shouldRetry,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/school-setup/teachers: active teachers with their current-year load (pickers). */
export function useTeachers() {
  const scope = useSetupScope();
  return useQuery({
    queryKey: [...SETUP_KEY, scope.schoolKey, 'teachers'],
    queryFn: async () => (await api<{ items: TeacherOption[] }>(scope.path('/api/school-setup/teachers'))).items,
    enabled: scope.ready,
    retry: shouldRetry,
    staleTime: 30_000,
  });
}

export interface AssignmentResult {
  assignment: Assignment;
  load: TeacherLoad;
  warning: string | null;
}

/** POST /api/school-setup/assignments or PATCH /api/school-setup/assignments/:id. */
export function useSaveAssignment() {
  const invalidate = useInvalidateSetup();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: Partial<CreateAssignmentBody> }) =>
      id
        ? api<AssignmentResult>(`/api/school-setup/assignments/${id}`, { method: 'PATCH', json: body })
        : api<AssignmentResult>('/api/school-setup/assignments', { method: 'POST', json: body }),
    onSuccess: () => void invalidate(),
  });
}

/** DELETE /api/school-setup/assignments/:id. */
export function useDeleteAssignment() {
  const invalidate = useInvalidateSetup();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/school-setup/assignments/${id}`, { method: 'DELETE' }),
    onSuccess: () => void invalidate(),
  });
}

/** POST /api/school-setup/assignments/copy. */
export function useCopyAssignments() {
  const invalidate = useInvalidateSetup();
  return useMutation({
    mutationFn: (body: { fromClassId: string; toClassId: string; replace: boolean }) =>
      api<{ created: number; replaced: number; skipped: number }>('/api/school-setup/assignments/copy', { method: 'POST', json: body }),
    onSuccess: () => void invalidate(),
  });
}
