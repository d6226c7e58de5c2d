import type { Role } from '@shared/roles';

/** The signed-in user as GET /api/auth/session returns it (server: modules/auth/session-user.ts). */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  firstName: string;
  role: Role | null;
  rawRole: string | null;
  schoolId: string | null;
  school: { id: string; name: string; curriculum: string; status: string; logoUrl: string | null } | null;
  status: string;
  avatarUrl: string | null;
  phone: string | null;
  mfaEnabled: boolean;
  themePreference: 'light' | 'dark' | 'system';
  dashboardPreferences: { compactMode: boolean; defaultView: 'dashboard' | 'analytics' | 'overview' };
  mustChangePassword: boolean;
  lastLoginAt: string | null;
  createdAt: string;
  updatedAt: string;
}
