import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessType } from '@shared/roles';
import { SESSION_FETCH_TIMEOUT_MS } from '@shared/constants';
import { SESSION_PROBE_HEADER } from '@shared/contracts/session';
import { api, ApiError } from '@/lib/api';
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
    const { user, twoFactorSetupRequired } = await api<{ user: SetupFlagged | null; twoFactorSetupRequired?: boolean }>('/api/auth/session', {
      timeoutMs: SESSION_FETCH_TIMEOUT_MS,
      headers: { [SESSION_PROBE_HEADER]: '1' },
    });
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
  const q = useQuery({ queryKey: SESSION_KEY, queryFn: () => fetchSession(onPending), retry: 1, staleTime: 5 * 60_000 });

  const { isPending, isError, error, data } = q;
  const state = React.useMemo<AuthState>(
    () =>
      isPending
        ? { status: 'loading', user: null, error: null }
        : isError
          ? { status: 'error', user: null, error: error instanceof ApiError ? error : new ApiError(0, 'UNKNOWN', String(error)) }
          : { status: 'ready', user: data ?? null, error: null },
    [isPending, isError, error, data],
  );

  const signIn = React.useCallback<AuthContextValue['signIn']>(
    async (input) => {
      clearStoredAuthKeys();
      await api('/api/auth/sign-out', { method: 'POST' }).catch(() => undefined);
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
    await api('/api/auth/sign-out', { method: 'POST' }).catch(() => undefined);
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
    qc.setQueryData(SESSION_KEY, null);
  }, [qc]);

  const setUser = React.useCallback((u: SessionUser) => qc.setQueryData(SESSION_KEY, u), [qc]);
  const refresh = React.useCallback(() => qc.invalidateQueries({ queryKey: SESSION_KEY }), [qc]);

  const value = React.useMemo(
    () => ({ state, signIn, pending, completeSignIn, signOut, setUser, refresh }),
    [state, signIn, pending, completeSignIn, signOut, setUser, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = React.useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
