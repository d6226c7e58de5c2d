import * as React from 'react';
import { ArrowLeft, KeyRound, ShieldCheck } from 'lucide-react';
import { SECURITY_ERROR_CODES } from '@shared/contracts/security';
import { securityScreens as ss } from '@shared/messages/security-screens';
import { ApiError } from '@/lib/api';
import { useAuth, type PendingSignIn } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { OneTimeCodeInput } from '@/features/security';
import { verifySignInCode } from '@/features/security';
import { saveRememberedLogin } from '../remembered-login';
import { LabelledField } from '@/components/field';
import { AuthAlert, AuthSubmit } from './auth-form-parts';

const c = ss.code;

/**
 * The second step of /login (issue 18 §2) when the account has two-factor on: a 6-digit code from the
 * authenticator app (one field with one-time-code autofill and the numeric keyboard; it sends itself
 * when the sixth digit arrives), or a recovery code instead. A wrong code is refused with the server's
 * message under the field; an expired sign-in sends the visitor back to the password. Shown again on
 * reload while the session still waits for its code (GET /api/auth/session 401 TWO_FACTOR_REQUIRED).
 */
export function TwoFactorCodeStep({ pending }: { pending: Extract<PendingSignIn, { kind: 'code' }> }) {
  const { completeSignIn, signOut } = useAuth();
  const id = React.useId();
  const [mode, setMode] = React.useState<'app' | 'recovery'>('app');
  const [code, setCode] = React.useState('');
  const [recovery, setRecovery] = React.useState('');
  const [submitting, setSubmitting] = React.useState(false);
  const [error, setError] = React.useState<{ message: string; expired: boolean } | null>(null);
  const codeRef = React.useRef<HTMLDivElement>(null);

  async function submit(value?: string) {
    if (submitting) return;
    const body = mode === 'app' ? { code: value ?? code } : { recoveryCode: recovery.trim() };
    if (mode === 'app' && body.code?.length !== 6) return setError({ message: c.codeRequired, expired: false });
    if (mode === 'recovery' && !body.recoveryCode) return setError({ message: c.recoveryRequired, expired: false });
    setSubmitting(true);
    setError(null);
    try {
      const { user } = await verifySignInCode(body);
      if (pending.email && pending.accessType) saveRememberedLogin(pending.rememberMe, { email: pending.email, accessType: pending.accessType });
      completeSignIn(user);
    } catch (err) {
      const expired = err instanceof ApiError && err.code === SECURITY_ERROR_CODES.pendingExpired;
      setError({ message: err instanceof ApiError && err.status > 0 && err.message ? err.message : c.failed, expired });
      setCode('');
      setSubmitting(false);
      codeRef.current?.querySelector('input')?.focus();
    }
  }

  function switchMode() {
    setMode((m) => (m === 'app' ? 'recovery' : 'app'));
    setError(null);
  }

  const errorId = `${id}-error`;
  return (
    <section className="rounded-2xl border bg-card p-5 shadow-sm sm:p-7" aria-labelledby={`${id}-title`} data-testid="two-factor-step">
      <span className="mb-5 inline-flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        {mode === 'app' ? <ShieldCheck className="size-6" aria-hidden /> : <KeyRound className="size-6" aria-hidden />}
      </span>
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
        {c.title}
      </h2>
      <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{mode === 'app' ? c.text : c.recoveryText}</p>
      {pending.email && (
        <p className="mt-4 rounded-md border bg-muted/50 px-3 py-2 text-sm [overflow-wrap:anywhere]" title={pending.email}>
          <span className="text-muted-foreground">{c.signingInAs} </span>
          <span className="font-medium">{pending.email}</span>
        </p>
      )}

      <form
        className="mt-6 grid gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {mode === 'app' ? (
          <div className="grid gap-2" ref={codeRef}>
            <Label htmlFor={`${id}-code`}>{c.codeLabel}</Label>
            <OneTimeCodeInput
              id={`${id}-code`}
              value={code}
              onChange={(v) => {
                setCode(v);
                if (error && !error.expired) setError(null);
              }}
              onComplete={(v) => void submit(v)}
              disabled={submitting}
              invalid={!!error}
              describedBy={error ? errorId : undefined}
              autoFocus
              testId="two-factor-code"
            />
          </div>
        ) : (
          <LabelledField id={`${id}-recovery`} label={c.recoveryLabel} className="grid gap-2">
            <Input
              id={`${id}-recovery`}
              value={recovery}
              onChange={(e) => setRecovery(e.target.value)}
              placeholder={c.recoveryPlaceholder}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              disabled={submitting}
              aria-invalid={!!error || undefined}
              aria-describedby={error ? errorId : undefined}
              autoFocus
              className="h-12 text-center font-mono text-lg tracking-widest"
              data-testid="two-factor-recovery"
            />
          </LabelledField>
        )}

        {error && (
          <AuthAlert id={errorId} testId="two-factor-error">
            {error.message}
          </AuthAlert>
        )}

        {error?.expired ? (
          <Button type="button" size="lg" className="w-full text-sm font-semibold" onClick={() => void signOut()}>
            <ArrowLeft aria-hidden />
            {c.backToSignIn}
          </Button>
        ) : (
          <AuthSubmit pending={submitting} label={c.verify} pendingLabel={c.verifying} className="w-full text-sm font-semibold" testId="two-factor-verify" />
        )}
      </form>

      <div className="mt-5 flex flex-col items-center gap-3 border-t pt-5 text-sm sm:flex-row sm:justify-between">
        <button type="button" onClick={switchMode} className="cursor-pointer rounded-sm font-medium text-primary underline-offset-4 hover:underline" data-testid="two-factor-toggle">
          {mode === 'app' ? c.useRecovery : c.useApp}
        </button>
        <button
          type="button"
          onClick={() => void signOut()}
          className="inline-flex cursor-pointer items-center gap-1.5 rounded-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          data-testid="two-factor-back"
        >
          <ArrowLeft className="size-3.5" aria-hidden />
          {c.backToSignIn}
        </button>
      </div>
      <p className="mt-4 text-center text-xs leading-relaxed text-muted-foreground">{c.help}</p>
    </section>
  );
}
