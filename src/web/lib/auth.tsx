import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isAdminRole, isSchoolRole, type AccessType } from '@shared/roles';
import { PROFILE_FETCH_TIMEOUT_MS, SESSION_FETCH_TIMEOUT_MS } from '@shared/constants';
import { SESSION_PROBE_HEADER } from '@shared/contracts/session';
import { messages } from '@shared/messages';
import { api, ApiError, withTimeout } from '@/lib/api';
import type { SessionUser } from '@/lib/types';

/** Auth state (spec §4 Auth): loading, then a user, no user, or an error. */
export type AuthState =
  | { status: 'loading'; user: null; error: null }
  | { status: 'ready'; user: SessionUser | null; error: null }
  | { status: 'error'; user: null; error: ApiError };

/**
 * A sign-in that is not finished (issue 18 §2): the password was right but a two-factor code is still
 * due ('code'), or the user's role requires two-factor and they have none yet ('setup'). Until it is
 * finished the app treats the visitor as signed out (the shell redirects to /login), and /login shows
 * the step. Known after a sign-in and, on reload, from GET /api/auth/session.
 */
export type PendingSignIn =
  | { kind: 'code'; email: string | null; accessType: AccessType | null; rememberMe: boolean }
  | { kind: 'setup'; user: SessionUser; accessType: AccessType | null; rememberMe: boolean };

/** POST /api/auth/sign-in's answer: a user, or a two-factor code still due. */
type SignInAnswer = { user?: SetupFlagged; twoFactorRequired?: boolean; twoFactorSetupRequired?: boolean };
/** The session user; the server also flags twoFactorSetupRequired on it (contracts/security SignInResult). */
type SetupFlagged = SessionUser & { twoFactorSetupRequired?: boolean };

interface AuthContextValue {
  state: AuthState;
  /**
   * Resolves with the user once signed in. When a two-factor code or setup is due it sets `pending`
   * and never resolves: /login swaps the form for the step, which finishes with `completeSignIn`.
   */
  signIn: (input: { email: string; password: string; accessType: AccessType; rememberMe: boolean }) => Promise<SessionUser>;
  /** The unfinished sign-in, if any (two-factor code or setup due). */
  pending: PendingSignIn | null;
  /** Why the user was signed out, for /login to show ("Session expired. Please sign in again."), or null. */
  notice: string | null;
  /** The two-factor step succeeded (or setup finished): the user is signed in. */
  completeSignIn: (user: SessionUser) => void;
  signOut: () => Promise<void>;
  /** Replace the cached user (after a profile save). */
  setUser: (u: SessionUser) => void;
  refresh: () => Promise<unknown>;
}

const AuthContext = React.createContext<AuthContextValue | null>(null);
export const SESSION_KEY = ['auth', 'session'] as const;

/**
 * GET /api/auth/session, with the unfinished two-factor step it may report (401 TWO_FACTOR_REQUIRED, or
 * twoFactorSetupRequired). Sent as a probe (SESSION_PROBE_HEADER), so a signed-out visitor is 200
 * {user: null}, not a 401 in the console (issue 34); a 401 still reads as signed out.
 */
async function fetchSession(onPending: (p: PendingSignIn | null) => void): Promise<SessionUser | null> {
  try {
    const answer = await api<{ user: SetupFlagged | null; twoFactorSetupRequired?: boolean } | null>('/api/auth/session', {
      timeoutMs: SESSION_FETCH_TIMEOUT_MS,
      headers: { [SESSION_PROBE_HEADER]: '1' },
    });
    // An answer that is not the session's (a proxy's empty page): spec §8 "Authentication failed - please refresh the page".
    if (!answer || typeof answer !== 'object' || !('user' in answer)) throw new ApiError(0, AUTH_FAILED, messages.login.authRefresh);
    const { user, twoFactorSetupRequired } = answer;
    if (!user) {
      onPending(null);
      return null;
    }
    if (twoFactorSetupRequired || user.twoFactorSetupRequired) {
      onPending({ kind: 'setup', user, accessType: null, rememberMe: false });
      return null;
    }
    onPending(null);
    return user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      onPending(err.code === 'TWO_FACTOR_REQUIRED' ? { kind: 'code', email: null, accessType: null, rememberMe: false } : null);
      return null;
    }
    throw err;
  }
}

/** ApiError codes of failures found in the browser (not network or server errors): the Authentication Error card. */
export const AUTH_FAILED = 'AUTH_FAILED';
export const USER_PROCESSING_FAILED = 'USER_PROCESSING_FAILED';

/** Spec §7 Profile fetch: retries after 1 s and 2 s, only on timeout, network failure or a server exception. */
export const PROFILE_RETRY_DELAYS_MS = [1_000, 2_000] as const;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The signed-in user's profile (GET /api/auth/profile, spec §4 "if a user exists the profile is
 * loaded"): 5 s timeout, up to 2 retries at 1 s and 2 s when it timed out, the network failed or the
 * server failed (5xx); an answer such as 401 is final. Throws the last error.
 */
export async function fetchProfile(): Promise<SessionUser> {
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await api<{ user: SessionUser } | null>('/api/auth/profile', { timeoutMs: PROFILE_FETCH_TIMEOUT_MS, retries: 0 });
      if (!answer?.user) throw new ApiError(0, AUTH_FAILED, messages.login.authRefresh);
      return answer.user;
    } catch (err) {
      const retryable = !(err instanceof ApiError) || err.status === 0 || err.status >= 500;
      const delay = PROFILE_RETRY_DELAYS_MS[attempt];
      if (!retryable || delay === undefined) throw err;
      await sleep(delay);
    }
  }
}

/**
 * Checks the user the server sent before the app uses it (spec §5: "A user without an email gets 'User
 * account is missing email address'"): throws ApiError USER_PROCESSING_FAILED "User processing failed:
 * {reason}" (spec §8), shown on the Authentication Error card.
 */
export function processUser(user: SessionUser): SessionUser {
  if (!user.id || typeof user.email !== 'string' || !user.email.trim()) {
    throw new ApiError(0, USER_PROCESSING_FAILED, messages.login.userProcessingFailed(messages.login.missingEmail));
  }
  return user;
}

/**
 * The role check of a sign-in's answer against the login area (spec §5 strict access-type login; §8):
 * null when the role fits; "Unable to validate user role" when the answer has no role to check; "Role
 * validation failed" when the role does not fit the area (the server should have refused it).
 */
export function signedInRoleProblem(user: Pick<SessionUser, 'role'> | null | undefined, accessType: AccessType | 'universal'): string | null {
  const role = user?.role;
  if (typeof role !== 'string' || !role) return messages.login.unableToValidateRole;
  const fits = accessType === 'admin' ? isAdminRole(role) : accessType === 'school' ? isSchoolRole(role) : isAdminRole(role) || isSchoolRole(role);
  return fits ? null : messages.login.roleValidationFailed;
}

/**
 * The app's start (spec §4 Auth): the session (8 s limit), then, when there is a user, the profile. A
 * total profile-fetch failure signs the user out (this browser) and reports it through `onExpired`
 * ("Session expired. Please sign in again."); a profile that cannot be used throws USER_PROCESSING_FAILED.
 */
export async function loadSignedInUser(onPending: (p: PendingSignIn | null) => void, onExpired: () => void): Promise<SessionUser | null> {
  const sessionUser = await fetchSession(onPending);
  if (!sessionUser) return null;
  let profile: SessionUser;
  try {
    profile = await fetchProfile();
  } catch {
    await withTimeout(api('/api/auth/sign-out', { method: 'POST', json: { scope: 'local' } })).catch(() => undefined);
    onExpired();
    return null;
  }
  return processUser(profile);
}

/** Old keys a previous sign-in may have left (spec §4: sign-in and logout clear stored auth keys). */
function clearStoredAuthKeys() {
  for (const store of [localStorage, sessionStorage]) {
    for (const key of Object.keys(store)) if (key.startsWith('edufam-auth')) store.removeItem(key);
  }
}

export function AuthProvider({ children }: { children: React.ReactNode }) {
  const qc = useQueryClient();
  const [pending, setPending] = React.useState<PendingSignIn | null>(null);
  // A reload keeps what the sign-in knew (e-mail, remember me) when the server still reports the same step.
  const onPending = React.useCallback(
    (p: PendingSignIn | null) =>
      setPending((prev) => {
        if (!p || !prev || prev.kind !== p.kind) return p;
        return prev.kind === 'setup' && p.kind === 'setup' ? { ...prev, user: p.user } : prev;
      }),
    [],
  );
  const [notice, setNotice] = React.useState<string | null>(null);
  const onExpired = React.useCallback(() => setNotice(messages.login.sessionExpired), []);
  const q = useQuery({ queryKey: SESSION_KEY, queryFn: () => loadSignedInUser(onPending, onExpired), retry: 1, staleTime: 5 * 60_000 });

  const { isPending, isError, error, data } = q;
  const state = React.useMemo<AuthState>(
    () =>
      isPending
        ? { status: 'loading', user: null, error: null }
        : isError
          ? { status: 'error', user: null, error: error instanceof ApiError ? error : new ApiError(0, AUTH_FAILED, messages.login.authRefresh) }
          : { status: 'ready', user: data ?? null, error: null },
    [isPending, isError, error, data],
  );

  const signIn = React.useCallback<AuthContextValue['signIn']>(
    async (input) => {
      clearStoredAuthKeys();
      setNotice(null);
      // A local sign-out first (spec §4): only this browser's old session, never the user's other devices.
      await api('/api/auth/sign-out', { method: 'POST', json: { scope: 'local' } }).catch(() => undefined);
      const answer = await api<SignInAnswer>('/api/auth/sign-in', { method: 'POST', json: input });
      // Drop other users' cached data but keep the session query, whose observer the app watches.
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
      if (answer.twoFactorRequired || !answer.user) {
        setPending({ kind: 'code', email: input.email, accessType: input.accessType, rememberMe: input.rememberMe });
        qc.setQueryData(SESSION_KEY, null);
        return new Promise<SessionUser>(() => undefined);
      }
      if (answer.twoFactorSetupRequired || answer.user.twoFactorSetupRequired) {
        setPending({ kind: 'setup', user: answer.user, accessType: input.accessType, rememberMe: input.rememberMe });
        qc.setQueryData(SESSION_KEY, null);
        return new Promise<SessionUser>(() => undefined);
      }
      const roleProblem = signedInRoleProblem(answer.user, input.accessType);
      if (roleProblem) {
        await api('/api/auth/sign-out', { method: 'POST', json: { scope: 'local' } }).catch(() => undefined);
        qc.setQueryData(SESSION_KEY, null);
        throw new ApiError(403, 'ROLE_VALIDATION', roleProblem);
      }
      setPending(null);
      qc.setQueryData(SESSION_KEY, answer.user);
      return answer.user;
    },
    [qc],
  );

  const completeSignIn = React.useCallback(
    (user: SessionUser) => {
      setPending(null);
      qc.setQueryData(SESSION_KEY, user);
    },
    [qc],
  );

  const signOut = React.useCallback(async () => {
    setPending(null);
    clearStoredAuthKeys();
    // Logout signs out globally (spec §4): every session of the user ends, on every device. A server
    // that does not answer within the default 10 s (spec §9) does not keep the user waiting.
    await withTimeout(api('/api/auth/sign-out', { method: 'POST', json: { scope: 'global' } })).catch(() => undefined);
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
    qc.setQueryData(SESSION_KEY, null);
  }, [qc]);

  const setUser = React.useCallback((u: SessionUser) => qc.setQueryData(SESSION_KEY, u), [qc]);
  const refresh = React.useCallback(() => qc.invalidateQueries({ queryKey: SESSION_KEY }), [qc]);

  const value = React.useMemo(
    () => ({ state, signIn, pending, notice, completeSignIn, signOut, setUser, refresh }),
    [state, signIn, pending, notice, completeSignIn, signOut, setUser, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = React.useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
