import type { SessionUser } from '../../../shared/contracts/session.js';
import { isRole } from '../../../shared/roles.js';
import { DEFAULT_LOCALE, parseLocale } from '../../../shared/i18n/locale.js';
import type { ProfileWithSchool } from './auth.repository.js';

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
    themePreference: p.themePreference as SessionUser['themePreference'],
    locale: parseLocale(p.locale) ?? DEFAULT_LOCALE,
    dashboardPreferences: p.dashboardPreferences as SessionUser['dashboardPreferences'],
    mustChangePassword: p.mustChangePassword,
    lastLoginAt: p.lastLoginAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
