import { can } from '@shared/access';
import { isAdminRole } from '@shared/roles';
import { useAuth } from '@/lib/auth';
import { useSchoolContext } from '@/lib/school-context';

/**
 * Who is looking at the fee screens and for which school: the finance officer manages (manageFees);
 * the principal, the director and platform staff read. Platform staff read the school picked in the
 * header (`schoolId`, sent as ?schoolId=); `needsSchool` while none is picked.
 */
export function useFeesScope() {
  const { state } = useAuth();
  const user = state.user;
  const school = useSchoolContext();
  const role = user?.role ?? null;
  const platform = isAdminRole(role);
  const actor = user && role ? { id: user.id, role, schoolId: user.schoolId } : null;
  return {
    role,
    platform,
    canManage: !!actor && can(actor, 'manageFees'),
    canView: !!actor && can(actor, 'viewStudentAccount'),
    schoolId: platform ? school.currentSchoolId : null,
    schoolName: platform ? (school.currentSchool?.name ?? null) : null,
    needsSchool: platform && !school.currentSchoolId,
  };
}

export type FeesScope = ReturnType<typeof useFeesScope>;
