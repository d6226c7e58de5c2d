/**
 * Roles of EduFam (spec §1, §6). elimisha_admin is the older alias of edufam_admin.
 * Browser-safe: imported by server and web.
 */
import { roleDisplayNames } from './messages/roles.js';

/** Platform roles: need no school, see every school (spec §6 Admin roles). */
export const ADMIN_ROLES = ['edufam_admin', 'elimisha_admin'] as const;

/** Roles that belong to exactly one school and need a school_id (spec §6 School roles). */
export const SCHOOL_ROLES = ['school_director', 'principal', 'teacher', 'parent', 'finance_officer', 'hr'] as const;

/** Every role: the admin roles, then the school roles. */
export const ROLES = [...ADMIN_ROLES, ...SCHOOL_ROLES] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isAdminRole(role: string | null | undefined): boolean {
  return role === 'edufam_admin' || role === 'elimisha_admin';
}

export function isSchoolRole(role: string | null | undefined): boolean {
  return !!role && (SCHOOL_ROLES as readonly string[]).includes(role);
}

/** The two login areas of /login (spec §2, §6). */
export type AccessType = 'admin' | 'school';

/** Access type a role signs in through (universal login derives it from the role, spec §6). */
export function accessTypeForRole(role: Role): AccessType {
  return isAdminRole(role) ? 'admin' : 'school';
}

/** Display names, spec §6, in the reader's language (messages/roles.ts). */
export const ROLE_DISPLAY_NAMES: Record<Role, string> = roleDisplayNames;

export function roleDisplayName(role: string): string {
  return isRole(role) ? ROLE_DISPLAY_NAMES[role] : role;
}
