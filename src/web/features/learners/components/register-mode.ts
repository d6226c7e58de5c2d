import { isAdminRole, type Role } from '@shared/roles';

/** Who is looking at the register, which sets its powers (issue 10 §3). */
export type RegisterMode = 'principal' | 'school_director' | 'teacher' | 'finance_officer' | 'platform';

/** The register mode of a role, or null for roles without the register (parent, HR). */
export function registerModeFor(role: Role | null | undefined): RegisterMode | null {
  if (!role) return null;
  if (isAdminRole(role)) return 'platform';
  if (role === 'principal' || role === 'school_director' || role === 'teacher' || role === 'finance_officer') return role;
  return null;
}
