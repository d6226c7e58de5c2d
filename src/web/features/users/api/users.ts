import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, CreateUserBody, ListUsersResponse, UpdateUserBody } from '@shared/contracts/users';
import { USERS_FETCH_TIMEOUT_MS } from '@shared/constants';
import type { Role } from '@shared/roles';
import { api, ApiError } from '@/lib/api';

/** Root of every users-management query key (invalidated after a create or a status change). */
export const USERS_KEY = ['users'] as const;

/** Filters and page of the users table (empty values mean "any"). */
export interface UsersParams {
  search: string;
  role: Role | '';
  status: AdminUser['status'] | '';
  schoolId: string;
  page: number;
  pageSize: number;
}

export function usersPath(p: UsersParams): string {
  const qs = new URLSearchParams();
  if (p.search.trim()) qs.set('search', p.search.trim());
  if (p.role) qs.set('role', p.role);
  if (p.status) qs.set('status', p.status);
  if (p.schoolId) qs.set('schoolId', p.schoolId);
  qs.set('page', String(p.page));
  qs.set('pageSize', String(p.pageSize));
  return `/api/users?${qs.toString()}`;
}

/** Users fetch of spec §9: stale 5 min, up to 2 retries, never on authentication or access denied. */
const USERS_STALE_MS = 5 * 60_000;
const NO_RETRY = /auth|access denied|permission/i;

export function shouldRetryUsers(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && [400, 401, 403, 404].includes(error.status)) return false;
  if (NO_RETRY.test(error.message)) return false;
  return failureCount < 2;
}

/** GET /api/users with the filters; the previous page stays on screen while the next one loads. */
export function useUsers(params: UsersParams, enabled = true) {
  return useQuery({
    queryKey: [...USERS_KEY, 'list', params],
    queryFn: () => api<ListUsersResponse>(usersPath(params), { timeoutMs: USERS_FETCH_TIMEOUT_MS }),
    enabled,
    staleTime: USERS_STALE_MS,
    refetchOnWindowFocus: false,
    retry: shouldRetryUsers,
    retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
    placeholderData: keepPreviousData,
  });
}

export interface SchoolOption {
  id: string;
  name: string;
  status: string;
}

/** Schools for the school filter and the Create User form (GET /api/schools, ordered by name). */
export function useSchoolOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...USERS_KEY, 'school-options'],
    queryFn: async () => (await api<{ schools: SchoolOption[] }>('/api/schools')).schools,
    enabled,
    staleTime: USERS_STALE_MS,
    retry: shouldRetryUsers,
  });
}

/** POST /api/users → 201 {user}. Refreshes the list on success. */
export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserBody) => api<{ user: AdminUser }>('/api/users', { method: 'POST', json: body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...USERS_KEY, 'list'] }),
  });
}

/** PATCH /api/users/:id/status → {user, message}. Updates the row in place, then refreshes counts. */
export function useUpdateUserStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'active' | 'inactive' }) =>
      api<{ user: AdminUser; message: string }>(`/api/users/${encodeURIComponent(id)}/status`, { method: 'PATCH', json: { status } }),
    onSuccess: ({ user }) => {
      qc.setQueriesData<ListUsersResponse>({ queryKey: [...USERS_KEY, 'list'] }, (old) =>
        old ? { ...old, users: old.users.map((u) => (u.id === user.id ? user : u)) } : old,
      );
      void qc.invalidateQueries({ queryKey: [...USERS_KEY, 'list'] });
    },
  });
}

/**
 * PATCH /api/users/:id {name?, phone?, role?} → {user, message} (issue 3 §1: role changes). Updates the
 * row in place, then refreshes the list and counts (a role change can move the Admin Users count).
 */
export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateUserBody }) =>
      api<{ user: AdminUser; message: string }>(`/api/users/${encodeURIComponent(id)}`, { method: 'PATCH', json: body }),
    onSuccess: ({ user }) => {
      qc.setQueriesData<ListUsersResponse>({ queryKey: [...USERS_KEY, 'list'] }, (old) =>
        old ? { ...old, users: old.users.map((u) => (u.id === user.id ? user : u)) } : old,
      );
      void qc.invalidateQueries({ queryKey: [...USERS_KEY, 'list'] });
    },
  });
}
