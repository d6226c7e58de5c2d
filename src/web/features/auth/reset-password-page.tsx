import * as React from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CheckCircle2, KeyRound, Link2Off, Loader2 } from 'lucide-react';
import { messages } from '@shared/messages';
import { MIN_PASSWORD_LENGTH, RESET_SUCCESS_REDIRECT_MS } from '@shared/constants';
import { ApiError } from '@/lib/api';
import { Button } from '@/components/ui/button';
import { resetPassword, validateResetToken } from './api/reset-password';
import { AuthScreen, ScreenIcon } from './components/auth-screen';
import { serverMessageOr } from './error-message';
import { AuthAlert, AuthInput, AuthSubmit } from './components/auth-form-parts';

type LinkState = { kind: 'validating' } | { kind: 'valid' } | { kind: 'invalid'; message: string } | { kind: 'done' };

const t = messages.passwordReset;

/**
 * /reset-password?token= (spec §4 Reset password, §5 Password reset): validate the link, then the
 * new-password form; on success a confirmation, then /login after RESET_SUCCESS_REDIRECT_MS.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [link, setLink] = React.useState<LinkState>(() => (token ? { kind: 'validating' } : { kind: 'invalid', message: t.invalidLink }));

  React.useEffect(() => {
    if (!token) {
      setLink({ kind: 'invalid', message: t.invalidLink });
      return;
    }
    let cancelled = false;
    setLink({ kind: 'validating' });
    validateResetToken(token).then(
      () => !cancelled && setLink({ kind: 'valid' }),
      (err: unknown) => {
        if (cancelled) return;
        // The server's refusal (4xx) is shown as it is; no answer or a server fault cannot tell.
        const refused = err instanceof ApiError && err.status >= 400 && err.status < 500;
        setLink({ kind: 'invalid', message: refused ? err.message || t.invalidOrExpired : t.unableToValidate });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token]);

  React.useEffect(() => {
    if (link.kind !== 'done') return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [link.kind, navigate]);

  return (
    <AuthScreen>
      {link.kind === 'validating' && (
        <div role="status" className="flex flex-col items-center py-8 text-center">
          <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
          <p className="mt-4 text-sm text-muted-foreground">{t.validating}</p>
        </div>
      )}

      {link.kind === 'invalid' && (
        <div>
          <ScreenIcon tone="destructive">
            <Link2Off aria-hidden="true" />
          </ScreenIcon>
          <h1 className="text-xl font-semibold tracking-tight">{t.invalidTitle}</h1>
          <AuthAlert className="mt-4">{link.message}</AuthAlert>
          <Button asChild className="mt-6 w-full" size="lg">
            <Link to="/login">{t.backToLogin}</Link>
          </Button>
        </div>
      )}

      {link.kind === 'valid' && <ResetForm token={token} onDone={() => setLink({ kind: 'done' })} />}

      {link.kind === 'done' && (
        <div className="flex flex-col items-center py-4 text-center">
          <ScreenIcon tone="success">
            <CheckCircle2 aria-hidden="true" />
          </ScreenIcon>
          <h1 className="text-xl font-semibold tracking-tight">{t.successTitle}</h1>
          <p role="status" className="mt-2 text-sm text-muted-foreground">
            {t.success}
          </p>
          <Button asChild variant="outline" className="mt-6 w-full">
            <Link to="/login" replace>
              {t.backToLogin}
            </Link>
          </Button>
        </div>
      )}
    </AuthScreen>
  );
}

function ResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const id = React.useId();
  const [password, setPassword] = React.useState('');
  const [confirmPassword, setConfirmPassword] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const [submitting, setSubmitting] = React.useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submitting) return;
    // Spec §5 Reset form, in this order.
    if (!password || !confirmPassword) return setError(t.bothRequired);
    if (password.length < MIN_PASSWORD_LENGTH) return setError(t.tooShort);
    if (password !== confirmPassword) return setError(t.mismatch);
    setError(null);
    setSubmitting(true);
    try {
      await resetPassword({ token, password, confirmPassword });
      onDone();
    } catch (err) {
      setError(serverMessageOr(err, t.updateFailed));
      setSubmitting(false);
    }
  }

  return (
    <div>
      <ScreenIcon>
        <KeyRound aria-hidden="true" />
      </ScreenIcon>
      <h1 className="text-xl font-semibold tracking-tight">{t.pageTitle}</h1>
      <p className="mt-1.5 text-sm text-muted-foreground">{t.pageDescription}</p>
      <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-5">
        <AuthInput id={`${id}-new`} label={t.newPassword} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} disabled={submitting} />
        <AuthInput
          id={`${id}-confirm`}
          label={t.confirmPassword}
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
          disabled={submitting}
        />
        {error && <AuthAlert>{error}</AuthAlert>}
        <AuthSubmit pending={submitting} label={t.submit} pendingLabel={t.updating} />
        <Link to="/login" className="justify-self-center rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t.backToLogin}
        </Link>
      </form>
    </div>
  );
}
