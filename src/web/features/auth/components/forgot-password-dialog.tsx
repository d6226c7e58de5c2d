import * as React from 'react';
import { Mail } from 'lucide-react';
import { messages } from '@shared/messages';
import { FORGOT_PASSWORD_CLOSE_MS } from '@shared/constants';
import type { AccessType } from '@shared/roles';
import { requestPasswordReset } from '../api/forgot-password';
import { serverMessageOr } from '../error-message';
import { FormDialog } from '@/components/form-dialog';
import { AuthAlert, AuthEmailInput, AuthSubmit } from './auth-form-parts';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'error'; message: string };

/**
 * Forgot-password dialog (spec §5 Password reset): e-mail required; success message, then the dialog
 * closes after FORGOT_PASSWORD_CLOSE_MS; failure shows the server's message or the spec's fallback.
 * The reset is requested for the login area the dialog was opened from (strict mode).
 */
export function ForgotPasswordDialog({
  open,
  onOpenChange,
  initialEmail,
  accessType,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialEmail: string;
  accessType: AccessType;
}) {
  const [email, setEmail] = React.useState(initialEmail);
  const [status, setStatus] = React.useState<Status>({ kind: 'idle' });
  const closeTimer = React.useRef<ReturnType<typeof setTimeout> | null>(null);
  const id = React.useId();

  // Each opening starts fresh with the e-mail typed in the sign-in form.
  React.useEffect(() => {
    if (open) {
      setEmail(initialEmail);
      setStatus({ kind: 'idle' });
    }
    return () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
      closeTimer.current = null;
    };
  }, [open, initialEmail]);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) {
      setStatus({ kind: 'error', message: messages.passwordReset.emailRequired });
      return;
    }
    setStatus({ kind: 'sending' });
    try {
      await requestPasswordReset({ email: trimmed, accessType });
      setStatus({ kind: 'sent' });
      closeTimer.current = setTimeout(() => onOpenChange(false), FORGOT_PASSWORD_CLOSE_MS);
    } catch (err) {
      setStatus({ kind: 'error', message: serverMessageOr(err, messages.passwordReset.failed) });
    }
  }

  const sending = status.kind === 'sending';
  const sent = status.kind === 'sent';

  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      className="max-w-md gap-5 sm:p-7"
      icon={Mail}
      title={messages.passwordReset.dialogTitle}
      description={messages.passwordReset.dialogDescription}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <AuthEmailInput
          id={`${id}-email`}
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={sending || sent}
          aria-invalid={status.kind === 'error' || undefined}
        />
        {status.kind === 'error' && <AuthAlert>{status.message}</AuthAlert>}
        {sent && <AuthAlert tone="success">{messages.passwordReset.sent}</AuthAlert>}
        <AuthSubmit pending={sending} disabled={sending || sent} label={messages.passwordReset.send} pendingLabel={messages.passwordReset.sending} />
      </form>
    </FormDialog>
  );
}
