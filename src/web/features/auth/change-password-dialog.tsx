import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@/lib/zod-resolver';
import { Eye, EyeOff, KeyRound, LogOut } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '@shared/constants';
import { messages } from '@shared/messages';
import { api, ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import type { SessionUser } from '@/lib/types';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { InactivityMonitor } from '@/components/inactivity-monitor';
import { useSignOutToLogin } from '@/lib/use-sign-out-to-login';
import { AuthScreen, ScreenIcon } from './components/auth-screen';
import { placeFieldErrors } from '@/components/form-feedback';
import { AuthAlert, AuthSubmit } from './components/auth-form-parts';

const m = messages.changePassword;
/** better-auth's maxPasswordLength (server: modules/auth/better-auth.ts). */
const MAX_PASSWORD_LENGTH = 128;

/** The server's rules (change-password.routes.ts checkChangePassword), in the order it checks them. */
const schema = z
  .object({
    currentPassword: z.string().min(1, m.currentRequired),
    newPassword: z.string().min(1, messages.passwordReset.bothRequired).min(MIN_PASSWORD_LENGTH, m.tooShort).max(MAX_PASSWORD_LENGTH, m.tooLong),
    confirmPassword: z.string().min(1, messages.passwordReset.bothRequired),
  })
  .refine((v) => !v.confirmPassword || v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: m.mismatch, when: () => true })
  .refine((v) => !v.currentPassword || v.newPassword !== v.currentPassword, { path: ['newPassword'], message: m.sameAsCurrent, when: () => true });

type Values = z.infer<typeof schema>;
const FIELDS: readonly (keyof Values)[] = ['currentPassword', 'newPassword', 'confirmPassword'];

/** POST /api/auth/change-password → {user}: the session user with mustChangePassword false, and a fresh session cookie. */
function changePassword(values: Values) {
  return api<{ user: SessionUser }>('/api/auth/change-password', { method: 'POST', json: values });
}

function PasswordField({
  id,
  label,
  autoComplete,
  error,
  disabled,
  registration,
}: {
  id: string;
  label: string;
  autoComplete: string;
  error?: string;
  disabled: boolean;
  registration: ReturnType<ReturnType<typeof useForm<Values>>['register']>;
}) {
  const [shown, setShown] = React.useState(false);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          className="h-11 pr-11"
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...registration}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          className="absolute top-1/2 right-2 flex size-8 -translate-y-1/2 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          aria-label={shown ? messages.users.hidePassword : messages.users.showPassword}
          aria-pressed={shown}
        >
          {shown ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function ChangePasswordForm({ onSignOut }: { onSignOut: () => void }) {
  const { setUser } = useAuth();
  const id = React.useId();
  const [formError, setFormError] = React.useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { user } = await changePassword(values);
      toast.success(m.successTitle, { description: m.success });
      setUser(user);
    } catch (err) {
      // The session ended meanwhile (deactivated, signed out elsewhere): back to the sign-in page.
      if (err instanceof ApiError && (err.status === 401 || err.code === 'ACCOUNT_DEACTIVATED')) {
        onSignOut();
        return;
      }
      const { placed } = placeFieldErrors(err, FIELDS, setError);
      if (placed.length === 0) setFormError(err instanceof ApiError && err.message ? err.message : m.failed);
    }
  });

  const pending = formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-5" data-testid="change-password-form">
      <PasswordField
        id={`${id}-current`}
        label={m.currentPassword}
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        disabled={pending}
        registration={register('currentPassword')}
      />
      <PasswordField
        id={`${id}-new`}
        label={m.newPassword}
        autoComplete="new-password"
        error={errors.newPassword?.message}
        disabled={pending}
        registration={register('newPassword')}
      />
      <PasswordField
        id={`${id}-confirm`}
        label={m.confirmPassword}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        disabled={pending}
        registration={register('confirmPassword')}
      />
      <p className="-mt-2 text-xs text-muted-foreground">{m.rules}</p>
      {formError && <AuthAlert testId="change-password-error">{formError}</AuthAlert>}
      <AuthSubmit pending={pending} label={m.submit} pendingLabel={m.saving} />
      <Button type="button" variant="ghost" className="justify-self-center text-muted-foreground" onClick={onSignOut} disabled={pending}>
        <LogOut aria-hidden />
        {m.signOut}
      </Button>
    </form>
  );
}

/**
 * First sign-in with a temporary password (spec §5 Create User form: "the user will be prompted to
 * change it at first login"). While the session user has mustChangePassword, this page replaces the
 * shell, so nothing else loads and no other screen can be used. Once POST /api/auth/change-password
 * succeeds the session user is replaced (mustChangePassword false) and the shell appears. Inactivity
 * sign-out still applies.
 */
export function ChangePasswordGate({ children }: { children: React.ReactNode }) {
  const { state } = useAuth();
  const signOutToLogin = useSignOutToLogin();
  const signOut = React.useCallback(() => void signOutToLogin(), [signOutToLogin]);
  const user = state.user;
  const mustChange = !!user?.mustChangePassword;
  React.useEffect(() => {
    if (mustChange) document.title = `${m.title} · ${messages.product.title}`;
  }, [mustChange]);
  if (!user || !mustChange) return <>{children}</>;
  return (
    <AuthScreen>
      <section aria-labelledby="change-password-title" data-testid="change-password-gate">
        <ScreenIcon>
          <KeyRound aria-hidden />
        </ScreenIcon>
        <h1 id="change-password-title" className="text-xl font-semibold tracking-tight">
          {m.title}
        </h1>
        <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{m.text}</p>
        <p className="mt-3 truncate rounded-md border bg-muted/50 px-3 py-2 text-sm" title={user.email}>
          <span className="text-muted-foreground">{m.signedInAs} </span>
          <span className="font-medium">{user.email}</span>
        </p>
        <ChangePasswordForm onSignOut={signOut} />
      </section>
      <InactivityMonitor onSignOut={signOut} />
    </AuthScreen>
  );
}
