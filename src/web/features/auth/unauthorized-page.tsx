import * as React from 'react';
import { useNavigate } from 'react-router';
import { ArrowLeft, LayoutDashboard, LogOut, ShieldAlert } from 'lucide-react';
import { homePathFor } from '@shared/access';
import { messages } from '@shared/messages';
import { useAuth } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { AuthScreen, ScreenIcon } from './components/auth-screen';

const t = messages.unauthorized;

/** /unauthorized (spec §2): Access Denied with Go Back, Go to Dashboard and Sign Out. */
export function UnauthorizedPage() {
  const { state, signOut } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = React.useState(false);
  const user = state.status === 'ready' ? state.user : null;
  const home = user ? homePathFor(user.role) : '/login';

  function goBack() {
    // History back; a tab opened straight on this page has nothing to go back to, so go home instead.
    if (window.history.length > 1) navigate(-1);
    else navigate(home, { replace: true });
  }

  async function onSignOut() {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      navigate('/login', { replace: true });
    }
  }

  return (
    <AuthScreen>
      <div className="flex flex-col items-center text-center">
        <ScreenIcon tone="destructive">
          <ShieldAlert aria-hidden="true" />
        </ScreenIcon>
        <h1 className="text-2xl font-semibold tracking-tight">{t.title}</h1>
        <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{t.text}</p>
        <div className="mt-8 grid w-full gap-2.5 sm:grid-cols-2">
          <Button variant="outline" onClick={goBack}>
            <ArrowLeft aria-hidden="true" />
            {t.goBack}
          </Button>
          <Button onClick={() => navigate(home)}>
            <LayoutDashboard aria-hidden="true" />
            {t.goToDashboard}
          </Button>
          <Button variant="ghost" className="text-muted-foreground sm:col-span-2" onClick={onSignOut} disabled={signingOut}>
            <LogOut aria-hidden="true" />
            {t.signOut}
          </Button>
        </div>
      </div>
    </AuthScreen>
  );
}
