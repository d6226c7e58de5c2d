import * as React from 'react';
import { useNavigate } from 'react-router';
import { DatabaseZap, LifeBuoy, LogOut, RotateCcw, ShieldAlert, UserX, UserCog } from 'lucide-react';
import { messages } from '@shared/messages';
import { AUTH_FAILED, USER_PROCESSING_FAILED, useAuth } from '@/lib/auth';
import type { ApiError } from '@/lib/api';
import { Button } from '@/components/ui/button';
import { StatusScreen } from '@/components/status-screen';
import { LoadingScreen } from '@/components/loading-screen';
import { useSignOutToLogin } from '@/lib/use-sign-out-to-login';

const s = messages.shell;

function isDatabaseError(e: ApiError): boolean {
  // Failures found in the browser ("Authentication failed - please refresh the page", "User processing
  // failed: …") are authentication errors, not connection errors.
  if (e.code === AUTH_FAILED || e.code === USER_PROCESSING_FAILED) return false;
  return e.status === 0 || e.status >= 500 || /database/i.test(e.code) || /database/i.test(e.message);
}

function isDeactivationError(e: ApiError): boolean {
  return /deactivated|inactive/i.test(e.code) || /deactivated|inactive/i.test(e.message);
}

function SignOutButton({ variant = 'outline' }: { variant?: 'outline' | 'default' }) {
  const signOutToLogin = useSignOutToLogin();
  return (
    <Button variant={variant} onClick={() => void signOutToLogin()}>
      <LogOut /> {messages.unauthorized.signOut}
    </Button>
  );
}

function TryAgainButton() {
  return (
    <Button onClick={() => window.location.reload()}>
      <RotateCcw /> {s.tryAgain}
    </Button>
  );
}

export function AccountDeactivatedScreen() {
  const navigate = useNavigate();
  return (
    <StatusScreen
      icon={UserX}
      title={s.deactivatedTitle}
      text={s.deactivatedText}
      actions={
        <>
          <Button onClick={() => navigate('/support')}>
            <LifeBuoy /> {s.contactSupport}
          </Button>
          <SignOutButton />
        </>
      }
    />
  );
}

/**
 * App content order of spec §4: loading screen while auth loads; database error card; Account
 * Deactivated for deactivation errors, otherwise the Authentication Error card; loading while there is
 * no user (RequireAuth sends them to /login); Account Deactivated for inactive or suspended users;
 * Account Configuration Error without a role; otherwise the app.
 */
export function AppGate({ children }: { children: React.ReactNode }) {
  const { state } = useAuth();

  if (state.status === 'loading') return <LoadingScreen />;

  if (state.status === 'error') {
    const e = state.error;
    if (isDatabaseError(e)) {
      return <StatusScreen icon={DatabaseZap} title={s.dbErrorTitle} text={s.dbErrorText} detail={e.message && e.message !== s.dbErrorText ? e.message : s.dbErrorDetail} actions={<TryAgainButton />} />;
    }
    if (isDeactivationError(e)) return <AccountDeactivatedScreen />;
    return (
      <StatusScreen
        icon={ShieldAlert}
        title={s.authErrorTitle}
        text={s.authErrorText}
        detail={e.message || undefined}
        actions={
          <>
            <TryAgainButton />
            <SignOutButton />
          </>
        }
      />
    );
  }

  const user = state.user;
  if (!user) return <LoadingScreen />;

  if (user.status === 'inactive' || user.status === 'suspended') return <AccountDeactivatedScreen />;

  // A stored role EduFam does not know still reaches the shell, whose dashboard names it (spec §2);
  // no role at all is a configuration error.
  if (!user.role && !user.rawRole?.trim()) {
    return (
      <StatusScreen
        icon={UserCog}
        tone="warning"
        title={s.accountConfigTitle}
        text={s.accountConfigText}
        detail={s.accountConfigDetail}
        actions={<SignOutButton variant="default" />}
      />
    );
  }

  return <>{children}</>;
}
