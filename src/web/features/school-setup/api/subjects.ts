import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreateSubjectBody, Subject, UpdateSubjectBody } from '@shared/contracts/school-setup';
import { api } from '@/lib/api';
import { SETUP_KEY, shouldRetry, useInvalidateSetup, useSetupScope } from './setup-scope';

/** GET /api/school-setup/subjects?band=&includeRetired=true. */
export function useSubjects(band: string, includeRetired: boolean) {
  const scope = useSetupScope();
  return useQuery({
    queryKey: [...SETUP_KEY, scope.schoolKey, 'subjects', band, includeRetired],
    queryFn: async () => {
      const qs = new URLSearchParams();
      if (band) qs.set('band', band);
      if (includeRetired) qs.set('includeRetired', 'true');
      return (await api<{ items: Subject[] }>(scope.path(`/api/school-setup/subjects?${qs.toString()}`))).items;
    },
    enabled: scope.ready,
    retry: shouldRetry,
  });
}

/** POST /api/school-setup/subjects or PATCH /api/school-setup/subjects/:id. */
export function useSaveSubject() {
  const invalidate = useInvalidateSetup();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateSubjectBody | UpdateSubjectBody }) =>
      id ? api<Subject>(`/api/school-setup/subjects/${id}`, { method: 'PATCH', json: body }) : api<Subject>('/api/school-setup/subjects', { method: 'POST', json: body }),
    onSuccess: () => void invalidate(),
  });
}

/** POST /api/school-setup/subjects/catalogue { band, codes }. */
export function useAddFromCatalogue() {
  const invalidate = useInvalidateSetup();
  return useMutation({
    mutationFn: (body: { band: string; codes: string[] }) => api<{ created: Subject[]; skipped: string[] }>('/api/school-setup/subjects/catalogue', { method: 'POST', json: body }),
    onSuccess: () => void invalidate(),
  });
}

/** POST /api/school-setup/subjects/:id/retire or /restore. */
export function useSetRetired() {
  const invalidate = useInvalidateSetup();
  return useMutation({
    mutationFn: ({ id, retire }: { id: string; retire: boolean }) => api<Subject>(`/api/school-setup/subjects/${id}/${retire ? 'retire' : 'restore'}`, { method: 'POST' }),
    onSuccess: () => void invalidate(),
  });
}
