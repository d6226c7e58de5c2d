import * as React from 'react';
import { useNavigate } from 'react-router';
import { startPathFor } from '@shared/default-view';
import { messages } from '@shared/messages';
import type { AccessType } from '@shared/roles';
import { useAuth } from '@/lib/auth';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { signInFailureMessage } from '../error-message';
import { readRememberedLogin, saveRememberedLogin } from '../remembered-login';
import { AuthAlert, AuthEmailInput, AuthSubmit } from './auth-form-parts';

/**
 * One sign-in area of /login (spec §5 Login): email (trimmed) and password required, checked before
 * any call; the server's error is shown word for word, "Login failed. Please try again." when it
 * answered without one, and network and other unexpected failures show the spec's generic message.
 * On success "remember me" is stored and the user goes to their Default View's page (Settings; the
 * dashboard unless they chose another), replacing history.
 */
export function SignInForm({ accessType, onForgotPassword }: { accessType: AccessType; onForgotPassword: (email: string) => void }) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const id = React.useId();
  // The remembered e-mail pre-fills the area it was used in.
  const [remembered] = React.useState(() => {
    const r = readRememberedLogin();
    return r && r.accessType === accessType ? r : null;
  });
  const [email, setEmail] = React.useState(remembered?.email ?? '');
  const [password, setPassword] = React.useState('');
  const [rememberMe, setRememberMe] = React.useState(!!remembered);
  const [submitting, setSubmitting] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submitting) return;
    const trimmed = email.trim();
    if (!trimmed || !password) {
      setError(messages.login.required);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const user = await signIn({ email: trimmed, password, accessType, rememberMe });
      saveRememberedLogin(rememberMe, { email: trimmed, accessType });
      // The user's Default View (Settings) is where they start.
      navigate(startPathFor(user), { replace: true });
    } catch (err) {
      setError(signInFailureMessage(err));
      setSubmitting(false);
    }
  }

  const errorId = `${id}-error`;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-describedby={error ? errorId : undefined}>
      <AuthEmailInput id={`${id}-email`} name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} disabled={submitting} />
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor={`${id}-password`}>{messages.login.password}</Label>
          <button
            type="button"
            onClick={() => onForgotPassword(email.trim())}
            className="cursor-pointer rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {messages.login.forgotPassword}
          </button>
        </div>
        <Input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={submitting}
          className="h-11"
        />
      </div>
      <div className="flex items-center gap-2.5">
        <Checkbox id={`${id}-remember`} checked={rememberMe} onCheckedChange={(v) => setRememberMe(v === true)} disabled={submitting} />
        <Label htmlFor={`${id}-remember`} className="cursor-pointer font-normal text-muted-foreground">
          {messages.login.rememberMe}
        </Label>
      </div>
      {error && <AuthAlert id={errorId}>{error}</AuthAlert>}
      <AuthSubmit pending={submitting} label={messages.login.signIn} pendingLabel={messages.login.signingIn} className="w-full text-sm font-semibold" />
    </form>
  );
}
