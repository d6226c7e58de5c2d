import * as React from 'react';
import { useAuth } from '@/lib/auth';

/**
 * Signs out, then goes to /login replacing history so Back does not return to the shell (spec §2, §4:
 * logout goes to /login). A full replace rather than a router navigation: it also drops every piece of
 * the signed-out user's in-memory state (query cache, open dialogs), and it cannot race the auth
 * context, which would otherwise still hold the old user when /login renders and send it back home.
 */
export function useSignOutToLogin(): () => Promise<void> {
  const { signOut } = useAuth();
  return React.useCallback(async () => {
    await signOut();
    window.location.replace('/login');
  }, [signOut]);
}
