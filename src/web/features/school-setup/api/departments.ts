import { useMutation, useQuery } from '@tanstack/react-query';
import type { Department, DepartmentBody } from '@shared/contracts/school-setup';
import { api } from '@/lib/api';
import { SETUP_KEY, shouldRetry, useInvalidateSetup, useSetupScope } from './setup-scope';

/** GET /api/school-setup/departments. */
export function useDepartments() {
  const scope = useSetupScope();
  return useQuery({
    queryKey: [...SETUP_KEY, scope.schoolKey, 'departments'],
    queryFn: async () => (await api<{ items: Department[] }>(scope.path('/api/school-setup/departments'))).items,
    enabled: scope.ready,
    retry: shouldRetry,
  });
}

/** POST /api/school-setup/departments or PATCH /api/school-setup/departments/:id. */
export function useSaveDepartment() {
  const invalidate = useInvalidateSetup();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: Partial<DepartmentBody> }) =>
      id ? api<Department>(`/api/school-setup/departments/${id}`, { method: 'PATCH', json: body }) : api<Department>('/api/school-setup/departments', { method: 'POST', json: body }),
    onSuccess: () => void invalidate(),
  });
}

/** DELETE /api/school-setup/departments/:id. */
export function useDeleteDepartment() {
  const invalidate = useInvalidateSetup();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/school-setup/departments/${id}`, { method: 'DELETE' }),
    onSuccess: () => void invalidate(),
  });
}
