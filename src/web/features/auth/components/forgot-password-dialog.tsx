import * as React from 'react';
import { AlertCircle, CheckCircle2, Loader2, Mail } from 'lucide-react';
import { messages } from '@shared/messages';
import { FORGOT_PASSWORD_CLOSE_MS } from '@shared/constants';
import type { AccessType } from '@shared/roles';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { requestPasswordReset } from '../api/forgot-password';
import { serverMessageOr } from '../error-message';
import { FormDialog } from '@/components/form-dialog';
import { LabelledField } from '@/components/field';

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
        <LabelledField id={`${id}-email`} label={messages.login.email} className="grid gap-2">
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={messages.login.emailPlaceholder}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            disabled={sending || sent}
            aria-invalid={status.kind === 'error' || undefined}
            className="h-11"
          />
        </LabelledField>
        {status.kind === 'error' && (
          <Alert variant="destructive" className="flex items-start gap-2.5 leading-relaxed">
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{status.message}</span>
          </Alert>
        )}
        {sent && (
          <Alert variant="success" className="flex items-start gap-2.5 leading-relaxed">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{messages.passwordReset.sent}</span>
          </Alert>
        )}
        <Button type="submit" size="lg" className="w-full font-semibold" disabled={sending || sent}>
          {sending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {sending ? messages.passwordReset.sending : messages.passwordReset.send}
        </Button>
      </form>
    </FormDialog>
  );
}
