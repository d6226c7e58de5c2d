import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListSchoolsResponse, School } from '@shared/contracts/schools';
import { SCHOOL_CACHE_MS, SCHOOL_FETCH_TIMEOUT_MS } from '@shared/constants';
import { messages } from '@shared/messages';
import { isAdminRole } from '@shared/roles';
import { api, ApiError } from '@/lib/api';
import { SESSION_KEY, useAuth } from '@/lib/auth';
import type { SessionUser } from '@/lib/types';

/**
 * School context (spec §4 School context, §7 table read 3, §8 Schools, §9 school fetch timeout and cache).
 *
 * - Platform admins load every school (GET /api/schools) and pick the current one, or "All schools"
 *   (null). The pick is kept in localStorage per user, so it survives reloads and is shared by tabs;
 *   signing out clears it. Other screens scope admin views with `currentSchoolId` / `scopedPath`.
 * - School roles load their own school (GET /api/schools/:id); it is always current (pinned). A user
 *   with no school gets an empty list and no error.
 * - Exactly one school in the cached data makes it current.
 * - Cached 5 minutes per role scope (all schools for admins, per school otherwise); one fetch at a
 *   time (a refresh while one is running joins it); 8 s timeout → "School fetch timed out".
 * - Signing out (or no user) clears schools, current school, error and cache.
 */

/** Root of the context's query keys; invalidate it after a school is created, edited or (de)activated. */
export const SCHOOL_CONTEXT_KEY = ['school-context'] as const;

const STORAGE_PREFIX = 'edufam-current-school:';

export interface SchoolContextValue {
  /** The current school: the pinned school of a school role, the admin's pick, or the only school. */
  currentSchool: School | null;
  currentSchoolId: string | null;
  /** Schools of the scope, by name. */
  schools: School[];
  loading: boolean;
  /** One of the §8 Schools messages, or null. */
  error: string | null;
  /** Admins may switch the current school; school roles are pinned. */
  canSwitch: boolean;
  /** Admins: pick a school, or null for "All schools". Ignored for school roles. */
  setCurrentSchool: (schoolId: string | null) => void;
  /** Refetch now (joins a fetch already running). */
  refresh: () => Promise<void>;
  /** `path` with `schoolId=<current>` appended when an admin has picked a school; else `path`. */
  scopedPath: (path: string) => string;
}

// ── The admin's pick, in localStorage (useSyncExternalStore so every mounted hook agrees). ──

const storeListeners = new Set<() => void>();

function storageKey(userId: string): string {
  return `${STORAGE_PREFIX}${userId}`;
}

function readPick(userId: string | null): string | null {
  if (!userId || typeof localStorage === 'undefined') return null;
  try {
    return localStorage.getItem(storageKey(userId));
  } catch {
    return null;
  }
}

function writePick(userId: string, schoolId: string | null): void {
  try {
    if (schoolId) localStorage.setItem(storageKey(userId), schoolId);
    else localStorage.removeItem(storageKey(userId));
  } catch {
    // Storage full or blocked: the pick lasts for this page only.
  }
  for (const l of [...storeListeners]) l();
}

/** Forgets every stored pick (sign-out). */
export function clearStoredSchoolPicks(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(STORAGE_PREFIX)) localStorage.removeItem(key);
  } catch {
    // Nothing stored that we can reach.
  }
  for (const l of [...storeListeners]) l();
}

function subscribePick(listener: () => void): () => void {
  storeListeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith(STORAGE_PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    storeListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

// ── Fetching ──

/** The role scope a cache entry belongs to: every school for admins, one school otherwise. */
export function schoolScopeKey(user: Pick<SessionUser, 'role' | 'schoolId'> | null): string | null {
  if (!user?.role) return null;
  if (isAdminRole(user.role)) return 'all';
  return user.schoolId ? `school:${user.schoolId}` : null;
}

/** The §8 Schools message for a failed fetch. */
export function schoolFetchError(err: unknown, admin: boolean): string {
  if (err instanceof ApiError && err.code === 'TIMEOUT') return messages.schools.timedOut;
  if (admin) return messages.schools.failedList;
  if (err instanceof ApiError && err.status === 404) return messages.schools.assignedNotFound;
  if (err instanceof ApiError && err.status === 0) return messages.schools.failedData;
  return messages.schools.failedReason(err instanceof Error ? err.message : String(err));
}

async function fetchSchools(user: Pick<SessionUser, 'role' | 'schoolId'>): Promise<School[]> {
  const admin = isAdminRole(user.role);
  try {
    if (admin) return (await api<ListSchoolsResponse>('/api/schools', { timeoutMs: SCHOOL_FETCH_TIMEOUT_MS })).schools;
    if (!user.schoolId) return [];
    const { school } = await api<{ school: School }>(`/api/schools/${encodeURIComponent(user.schoolId)}`, { timeoutMs: SCHOOL_FETCH_TIMEOUT_MS });
    return [school];
  } catch (err) {
    throw new Error(schoolFetchError(err, admin), { cause: err });
  }
}

const EMPTY: School[] = [];

/**
 * The current school of spec §4: exactly one school in the data makes it current (a school role's own
 * school, or an admin's only school); otherwise an admin's stored pick when it is still in the list;
 * otherwise none ("All schools").
 */
export function resolveCurrentSchool<T extends { id: string }>(schools: readonly T[], admin: boolean, pick: string | null): T | null {
  if (schools.length === 1) return schools[0]!;
  if (admin && pick) return schools.find((s) => s.id === pick) ?? null;
  return null;
}

/**
 * The school context for the signed-in user. Usable anywhere under AuthProvider and the query client;
 * every caller shares one cached fetch.
 */
export function useSchoolContext(): SchoolContextValue {
  const { state } = useAuth();
  const qc = useQueryClient();
  const user = state.user;
  const userId = user?.id ?? null;
  const admin = isAdminRole(user?.role);
  const scope = schoolScopeKey(user);

  const query = useQuery({
    queryKey: [...SCHOOL_CONTEXT_KEY, scope, userId],
    queryFn: () => fetchSchools(user!),
    enabled: !!user && !!scope,
    staleTime: SCHOOL_CACHE_MS,
    gcTime: SCHOOL_CACHE_MS,
    retry: false,
  });

  // Sign-out (the session becomes null) forgets the admin's pick; the cache itself is dropped by
  // AuthProvider.signOut. The session query is updated before the shell unmounts, so this runs.
  React.useEffect(() => {
    return qc.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryKey[0] !== SESSION_KEY[0] || event.query.queryKey[1] !== SESSION_KEY[1]) return;
      if (event.query.state.status === 'success' && event.query.state.data === null) clearStoredSchoolPicks();
    });
  }, [qc]);

  const pick = React.useSyncExternalStore(
    subscribePick,
    () => readPick(userId),
    () => null,
  );

  const schools = user && scope ? (query.data ?? EMPTY) : EMPTY;
  const currentSchool = resolveCurrentSchool(schools, admin, pick);
  const currentSchoolId = currentSchool?.id ?? null;

  const setCurrentSchool = React.useCallback(
    (schoolId: string | null) => {
      if (!userId || !admin) return;
      writePick(userId, schoolId);
    },
    [userId, admin],
  );

  const { refetch } = query;
  const refresh = React.useCallback(async () => {
    if (!user || !scope) return;
    await refetch({ cancelRefetch: false });
  }, [refetch, user, scope]);

  const scopedPath = React.useCallback(
    (path: string) => {
      if (!admin || !currentSchoolId) return path;
      return `${path}${path.includes('?') ? '&' : '?'}schoolId=${encodeURIComponent(currentSchoolId)}`;
    },
    [admin, currentSchoolId],
  );

  return {
    currentSchool,
    currentSchoolId,
    schools,
    loading: !!user && !!scope && query.isPending,
    error: user && scope && query.isError ? query.error.message : null,
    canSwitch: admin,
    setCurrentSchool,
    refresh,
    scopedPath,
  };
}
