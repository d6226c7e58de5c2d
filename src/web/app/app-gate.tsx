import * as React from 'react';
import { useAuth } from '@/lib/auth';

/** App content order of spec §4. Placeholder: loading, then children. */
export function AppGate({ children }: { children: React.ReactNode }) {
  const { state } = useAuth();
  if (state.status !== 'ready' || !state.user) return <p>Loading...</p>;
  return <>{children}</>;
}
