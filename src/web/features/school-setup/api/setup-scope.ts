import { useQueryClient } from '@tanstack/react-query';
import { isAdminRole } from '@shared/roles';
import { ApiError } from '@/lib/api';
import { SESSION_KEY, useAuth } from '@/lib/auth';
import { SCHOOL_CONTEXT_KEY, useSchoolContext } from '@/lib/school-context';

/** Root of every school-setup query key (invalidated after any change). */
export const SETUP_KEY = ['school-setup'] as const;

/**
 * The school the setup screens read: a school role's own school, or the one platform staff picked in
 * the header (reads carry ?schoolId=). `ready` is false for platform staff with no school picked.
 */
export function useSetupScope() {
  const { state } = useAuth();
  const { currentSchoolId, scopedPath } = useSchoolContext();
  const admin = isAdminRole(state.user?.role);
  return {
    ready: !admin || !!currentSchoolId,
    schoolKey: admin ? (currentSchoolId ?? 'none') : (state.user?.schoolId ?? 'own'),
    path: (p: string) => (admin ? scopedPath(p) : p),
  };
}

/** No retries for answers that will not change (bad input, no access, not found). */
export function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && [400, 401, 403, 404].includes(error.status)) return false;
  return failureCount < 1;
}

/** After a change: every setup query refetches; with `school`, the header's school and session too. */
export function useInvalidateSetup() {
  const qc = useQueryClient();
  return (opts: { school?: boolean; classes?: boolean } = {}) =>
    Promise.all([
      // refetchType 'all': tabs not on screen refetch too (the app's queries do not refetch on mount).
      qc.invalidateQueries({ queryKey: SETUP_KEY, refetchType: 'all' }),
      opts.classes ? qc.invalidateQueries({ predicate: (q) => JSON.stringify(q.queryKey).includes('classes') }) : null,
      opts.school ? qc.invalidateQueries({ queryKey: SCHOOL_CONTEXT_KEY }) : null,
      opts.school ? qc.invalidateQueries({ queryKey: SESSION_KEY }) : null,
    ]);
}
