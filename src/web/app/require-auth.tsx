import * as React from 'react';
import { Navigate, useLocation } from 'react-router';
import { decideRoute } from '@shared/access';
import { useAuth } from '@/lib/auth';
import { AppGate } from '@/app/app-gate';

/**
 * Signed-in routes: the route prefix rules of spec §6 (the same decideRoute the server applies), then
 * the app content order of spec §4 (AppGate).
 */
export function RequireAuth({ children }: { children: React.ReactNode }) {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === 'ready') {
    const decision = decideRoute(location.pathname, state.user ? { role: state.user.role } : null);
    if (decision.kind === 'login') return <Navigate to="/login" replace />;
    if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  }
  return <AppGate>{children}</AppGate>;
}
