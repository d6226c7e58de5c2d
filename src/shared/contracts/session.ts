import type { Locale } from '../i18n/locale.js';
import type { Role } from '../roles.js';

/**
 * The signed-in user as the web app sees it (spec §3 User, client view, plus the school): what GET /api/auth/session answers and the
 * server keeps per request (one declaration for both).
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
  themePreference: 'light' | 'dark' | 'system';
  /** The language of the person's screens, e-mails and notifications (issue 36 §1), saved per user. */
  locale: Locale;
  dashboardPreferences: { compactMode: boolean; defaultView: 'dashboard' | 'analytics' | 'overview' };
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

/**
 * Request header with which a caller asks GET /api/auth/session to answer a visitor with no live
 * session as 200 `{ user: null }` instead of 401 UNAUTHENTICATED (issue 34: the public login page asks
 * "is anyone signed in?" without a 401 in the browser console). Value "1". Without it the route
 * answers as before; a sign-in waiting for its two-factor code stays 401 TWO_FACTOR_REQUIRED either way.
 */
export const SESSION_PROBE_HEADER = 'x-edufam-session-probe';
