import type { Role } from '../../../shared/roles.js';
import { isRole } from '../../../shared/roles.js';
import type { ProfileWithSchool } from './auth.repository.js';

/**
 * The signed-in user as the web app sees it (spec §3 User, client view, plus the school).
 * Dates are ISO instants.
 */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  firstName: string;
  role: Role | null;
  /** The stored role when it is not one EduFam knows (shown as "Unknown user role"). */
  rawRole: string | null;
  schoolId: string | null;
  school: { id: string; name: string; curriculum: string; status: string; logoUrl: string | null } | null;
  status: string;
  avatarUrl: string | null;
  phone: string | null;
  /** Two-factor sign-in is on (kept in step with the two-factor credential, modules/security). */
  mfaEnabled: boolean;
  themePreference: string;
  dashboardPreferences: { compactMode: boolean; defaultView: string };
  mustChangePassword: boolean;
  lastLoginAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Issue 18: the session of this request (GET /api/auth/sessions marks it `current`). Not a secret. */
  sessionId?: string;
  /**
   * Issue 18: the security policy requires two-factor for this role and it is off, so every route but
   * two-factor setup, sessions and profile answers 403 TWO_FACTOR_SETUP_REQUIRED until it is on.
   */
  twoFactorSetupRequired?: boolean;
}

/** Display name fallback of spec §3: name, then the part of the e-mail before @, then "User". */
export function displayName(name: string | null | undefined, email: string | null | undefined): string {
  const trimmed = name?.trim();
  if (trimmed) return trimmed;
  const local = email?.split('@')[0];
  return local || 'User';
}

export function toSessionUser(row: ProfileWithSchool): SessionUser {
  const p = row.profile;
  const name = displayName(p.name, p.email);
  return {
    id: p.id,
    email: p.email,
    name,
    firstName: name.split(/\s+/)[0] ?? name,
    role: isRole(p.role) ? p.role : null,
    rawRole: p.role,
    schoolId: p.schoolId,
    school: row.school?.id ? row.school : null,
    status: p.status,
    avatarUrl: p.avatarUrl,
    phone: p.phone,
    mfaEnabled: p.mfaEnabled,
    themePreference: p.themePreference,
    dashboardPreferences: p.dashboardPreferences,
    mustChangePassword: p.mustChangePassword,
    lastLoginAt: p.lastLoginAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
