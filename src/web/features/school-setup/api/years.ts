import { useMutation, useQuery } from '@tanstack/react-query';
import type { AcademicYear, CreateYearBody, UpdateYearBody } from '@shared/contracts/school-setup';
import { api } from '@/lib/api';
import { SETUP_KEY, shouldRetry, useInvalidateSetup, useSetupScope } from './setup-scope';

/** GET /api/school-setup/years: newest first, with terms. */
export function useYears() {
  const scope = useSetupScope();
  return useQuery({
    queryKey: [...SETUP_KEY, scope.schoolKey, 'years'],
    queryFn: async () => (await api<{ items: AcademicYear[] }>(scope.path('/api/school-setup/years'))).items,
    enabled: scope.ready,
    retry: shouldRetry,
  });
}

/** POST /api/school-setup/years → the year. */
export function useCreateYear() {
  const invalidate = useInvalidateSetup();
  return useMutation({
    mutationFn: (body: CreateYearBody) => api<AcademicYear>('/api/school-setup/years', { method: 'POST', json: body }),
    onSuccess: () => void invalidate({ classes: true }),
  });
}

/** PATCH /api/school-setup/years/:id. */
export function useUpdateYear() {
  const invalidate = useInvalidateSetup();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateYearBody }) => api<AcademicYear>(`/api/school-setup/years/${id}`, { method: 'PATCH', json: body }),
    onSuccess: () => void invalidate(),
  });
}

/** POST /api/school-setup/terms/:id/current. */
export function useMarkCurrentTerm() {
  const invalidate = useInvalidateSetup();
  return useMutation({
    mutationFn: (termId: string) => api<{ items: AcademicYear[] }>(`/api/school-setup/terms/${termId}/current`, { method: 'POST' }),
    onSuccess: () => void invalidate({ classes: true }),
  });
}

/** POST /api/school-setup/years/:id/close { nextCurrentTermId? }. */
export function useCloseYear() {
  const invalidate = useInvalidateSetup();
  return useMutation({
    mutationFn: ({ id, nextCurrentTermId }: { id: string; nextCurrentTermId?: string }) =>
      api<{ items: AcademicYear[] }>(`/api/school-setup/years/${id}/close`, { method: 'POST', json: nextCurrentTermId ? { nextCurrentTermId } : {} }),
    onSuccess: () => void invalidate({ classes: true }),
  });
}
