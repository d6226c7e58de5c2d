import { useMutation, useQuery } from '@tanstack/react-query';
import type { ClassItem } from '@shared/contracts/classes';
import type { CreateClassBody, Level, LevelBody, UpdateClassBody } from '@shared/contracts/school-setup';
import { api } from '@/lib/api';
import { SETUP_KEY, shouldRetry, useInvalidateSetup, useSetupScope } from './setup-scope';

/** GET /api/school-setup/levels: lowest first. */
export function useLevels() {
  const scope = useSetupScope();
  return useQuery({
    queryKey: [...SETUP_KEY, scope.schoolKey, 'levels'],
    queryFn: async () => (await api<{ items: Level[] }>(scope.path('/api/school-setup/levels'))).items,
    enabled: scope.ready,
    retry: shouldRetry,
  });
}

/** GET /api/classes?yearId=: the streams of a year (the current year when yearId is empty). */
export function useStreams(yearId: string) {
  const scope = useSetupScope();
  return useQuery({
    queryKey: [...SETUP_KEY, scope.schoolKey, 'classes', yearId],
    queryFn: () => api<ClassItem[]>(scope.path(`/api/classes${yearId ? `?yearId=${yearId}` : ''}`)),
    enabled: scope.ready,
    retry: shouldRetry,
  });
}

/** POST / PATCH /api/school-setup/levels(/:id). */
export function useSaveLevel() {
  const invalidate = useInvalidateSetup();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: Partial<LevelBody> }) =>
      id ? api<Level>(`/api/school-setup/levels/${id}`, { method: 'PATCH', json: body }) : api<Level>('/api/school-setup/levels', { method: 'POST', json: body }),
    onSuccess: () => void invalidate({ classes: true }),
  });
}

/** DELETE /api/school-setup/levels/:id. */
export function useDeleteLevel() {
  const invalidate = useInvalidateSetup();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/school-setup/levels/${id}`, { method: 'DELETE' }),
    onSuccess: () => void invalidate(),
  });
}

/** POST /api/classes or PATCH /api/classes/:id. */
export function useSaveStream() {
  const invalidate = useInvalidateSetup();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateClassBody | UpdateClassBody }) =>
      id ? api<ClassItem>(`/api/classes/${id}`, { method: 'PATCH', json: body }) : api<ClassItem>('/api/classes', { method: 'POST', json: body }),
    onSuccess: () => void invalidate({ classes: true }),
  });
}

/** DELETE /api/classes/:id. */
export function useDeleteStream() {
  const invalidate = useInvalidateSetup();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/classes/${id}`, { method: 'DELETE' }),
    onSuccess: () => void invalidate({ classes: true }),
  });
}
