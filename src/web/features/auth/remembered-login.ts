import type { AccessType } from '@shared/roles';

/**
 * "Remember me" on /login (spec §3 Local storage: remembered email and the remember-me flag 'true').
 * Key names avoid the `edufam-auth` prefix, which sign-in and logout clear.
 */
const EMAIL_KEY = 'edufam-remembered-email';
const FLAG_KEY = 'edufam-remember-me';
const AREA_KEY = 'edufam-remembered-area';

export interface RememberedLogin {
  email: string;
  accessType: AccessType;
}

export function readRememberedLogin(): RememberedLogin | null {
  try {
    if (localStorage.getItem(FLAG_KEY) !== 'true') return null;
    const email = localStorage.getItem(EMAIL_KEY);
    if (!email) return null;
    return { email, accessType: localStorage.getItem(AREA_KEY) === 'admin' ? 'admin' : 'school' };
  } catch {
    return null;
  }
}

export function saveRememberedLogin(remember: boolean, login: RememberedLogin): void {
  try {
    if (remember) {
      localStorage.setItem(EMAIL_KEY, login.email);
      localStorage.setItem(FLAG_KEY, 'true');
      localStorage.setItem(AREA_KEY, login.accessType);
    } else {
      localStorage.removeItem(EMAIL_KEY);
      localStorage.removeItem(FLAG_KEY);
      localStorage.removeItem(AREA_KEY);
    }
  } catch {
    // Storage can be unavailable (private mode); remembering is a convenience only.
  }
}
