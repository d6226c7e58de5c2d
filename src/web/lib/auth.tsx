import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessType } from '@shared/roles';
import { SESSION_FETCH_TIMEOUT_MS } from '@shared/constants';
import { api, ApiError } from './api';
import type { SessionUser } from './types';

/** Auth state (spec §4 Auth): loading, then a user, no user, or an error. */
export type AuthState =
  | { status: 'loading'; user: null; error: null }
  | { status: 'ready'; user: SessionUser | null; error: null }
  | { status: 'error'; user: null; error: ApiError };

interface AuthContextValue {
  state: AuthState;
  signIn: (input: { email: string; password: string; accessType: AccessType; rememberMe: boolean }) => Promise<SessionUser>;
  signOut: () => Promise<void>;
  /** Replace the cached user (after a profile save). */
  setUser: (u: SessionUser) => void;
  refresh: () => Promise<unknown>;
}

const AuthContext = React.createContext<AuthContextValue | null>(null);
export const SESSION_KEY = ['auth', 'session'] as const;

async function fetchSession(): Promise<SessionUser | null> {
  try {
    const { user } = await api<{ user: SessionUser }>('/api/auth/session', { timeoutMs: SESSION_FETCH_TIMEOUT_MS });
    return user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
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
  const q = useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, retry: 1, staleTime: 5 * 60_000 });

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
      const { user } = await api<{ user: SessionUser }>('/api/auth/sign-in', { method: 'POST', json: input });
      // Drop other users' cached data but keep the session query, whose observer the app watches.
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
      qc.setQueryData(SESSION_KEY, user);
      return user;
    },
    [qc],
  );

  const signOut = React.useCallback(async () => {
    clearStoredAuthKeys();
    await api('/api/auth/sign-out', { method: 'POST' }).catch(() => undefined);
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
    qc.setQueryData(SESSION_KEY, null);
  }, [qc]);

  const setUser = React.useCallback((u: SessionUser) => qc.setQueryData(SESSION_KEY, u), [qc]);
  const refresh = React.useCallback(() => qc.invalidateQueries({ queryKey: SESSION_KEY }), [qc]);

  const value = React.useMemo(() => ({ state, signIn, signOut, setUser, refresh }), [state, signIn, signOut, setUser, refresh]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = React.useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
