import * as React from 'react';
import { KeyRound, Loader2, QrCode } from 'lucide-react';
import type { TwoFactorEnableResponse } from '@shared/contracts/security';
import { securityScreens as ss } from '@shared/messages/security-screens';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FieldError } from '@/components/form-feedback';
import { OneTimeCodeInput } from './one-time-code-input';
import { CopyButton, RecoveryCodesPanel } from './recovery-codes-panel';
import { confirmTwoFactor, startTwoFactor } from './security-api';

const e = ss.enable;

export type EnrolmentStep = 'password' | 'scan' | 'codes';
export const ENROLMENT_STEPS: EnrolmentStep[] = ['password', 'scan', 'codes'];

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP" (easier to type into an app by hand). */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** "Step 2 of 3" with three bars. */
export function StepIndicator({ step }: { step: EnrolmentStep }) {
  const index = ENROLMENT_STEPS.indexOf(step);
  return (
    <div className="flex items-center gap-3" data-testid="two-factor-step-indicator">
      <div className="flex flex-1 gap-1.5" aria-hidden>
        {ENROLMENT_STEPS.map((s, i) => (
          <span key={s} className={cn('h-1.5 flex-1 rounded-full transition-colors', i <= index ? 'bg-primary' : 'bg-muted')} />
        ))}
      </div>
      <span className="shrink-0 text-xs font-medium text-muted-foreground">{e.stepOf(index + 1, ENROLMENT_STEPS.length)}</span>
    </div>
  );
}

/** Cancel and the step's submit button (a spinner while `busy`) under an enrolment step. */
function StepButtons({ cancelLabel, onCancel, busy, disabled, label, testId }: { cancelLabel: string; onCancel: () => void; busy: boolean; disabled: boolean; label: string; testId: string }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <Button type="submit" disabled={disabled} data-testid={testId}>
        {busy && <Loader2 className="animate-spin" aria-hidden />}
        {label}
      </Button>
    </div>
  );
}

/**
 * Turning on two-factor (issue 18 §2), used by the profile's dialog and by the setup a role requires:
 * 1. confirm the password (POST /api/auth/two-factor/enable), 2. scan the QR code drawn by the server
 * (or type the key shown in a copyable monospace block) and enter a code (POST …/verify), 3. the
 * recovery codes, shown once, with Copy, Download and "I have saved these codes". Errors show inline.
 */
export function TwoFactorEnrolment({
  email,
  step,
  onStepChange,
  onEnabled,
  onFinished,
  onCancel,
  cancelLabel = ss.cancel,
  finishLabel,
}: {
  email: string;
  step: EnrolmentStep;
  onStepChange: (step: EnrolmentStep) => void;
  /** Two-factor is on (before the codes are acknowledged): refresh what shows its status. */
  onEnabled?: () => void;
  onFinished: () => void;
  onCancel: () => void;
  cancelLabel?: string;
  finishLabel?: string;
}) {
  const id = React.useId();
  const [password, setPassword] = React.useState('');
  const [setup, setSetup] = React.useState<TwoFactorEnableResponse | null>(null);
  const [code, setCode] = React.useState('');
  const [codes, setCodes] = React.useState<string[]>([]);
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);

  async function submitPassword(ev: React.FormEvent) {
    ev.preventDefault();
    if (busy) return;
    if (!password) return setError(e.passwordRequired);
    setBusy(true);
    setError(null);
    try {
      setSetup(await startTwoFactor(password));
      setPassword('');
      onStepChange('scan');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  async function submitCode(value: string = code) {
    if (busy) return;
    if (value.length !== 6) return setError(ss.code.codeRequired);
    setBusy(true);
    setError(null);
    try {
      const res = await confirmTwoFactor(value);
      setCodes(res.recoveryCodes);
      onEnabled?.();
      onStepChange('codes');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  if (step === 'codes') return <RecoveryCodesPanel codes={codes} email={email} onDone={onFinished} doneLabel={finishLabel} />;

  if (step === 'scan' && setup) {
    return (
      <form
        className="grid gap-5"
        noValidate
        onSubmit={(ev) => {
          ev.preventDefault();
          void submitCode();
        }}
      >
        <div className="grid gap-4 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-start sm:gap-5">
          <div className="mx-auto rounded-xl border bg-white p-2.5 shadow-xs sm:mx-0">
            <img src={setup.qrCode} alt={e.qrAlt} width={176} height={176} className="size-36 [image-rendering:pixelated] sm:size-44" data-testid="two-factor-qr" />
          </div>
          <div className="grid min-w-0 gap-3">
            <div>
              <p className="flex items-center gap-1.5 text-sm font-semibold">
                <QrCode className="size-4 text-primary" aria-hidden />
                {e.scanTitle}
              </p>
              <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{e.scanText}</p>
            </div>
            <div className="grid gap-1.5">
              <p className="text-xs font-medium text-muted-foreground">{e.manualTitle}</p>
              <div className="flex items-stretch gap-2">
                <code
                  className="min-w-0 flex-1 rounded-md border bg-muted/50 px-3 py-2 font-mono text-[13px] leading-relaxed font-semibold tracking-wide break-words select-all"
                  aria-label={e.secretLabel}
                  data-testid="two-factor-secret"
                >
                  {groupSecret(setup.secret)}
                </code>
                <CopyButton text={setup.secret} className="h-auto self-stretch" testId="two-factor-secret-copy" />
              </div>
            </div>
          </div>
        </div>
        <div className="grid gap-2 border-t pt-4">
          <Label htmlFor={`${id}-code`}>{e.confirmTitle}</Label>
          <p className="-mt-1 text-xs text-muted-foreground">{e.confirmText}</p>
          <OneTimeCodeInput
            id={`${id}-code`}
            value={code}
            onChange={(v) => {
              setCode(v);
              if (error) setError(null);
            }}
            onComplete={(v) => void submitCode(v)}
            disabled={busy}
            invalid={!!error}
            describedBy={error ? `${id}-error` : undefined}
            size="md"
            autoFocus
            testId="two-factor-enable-code"
          />
          <FieldError id={`${id}-error`} message={error ?? undefined} />
        </div>
        <StepButtons cancelLabel={cancelLabel} onCancel={onCancel} busy={busy} disabled={busy || code.length !== 6} label={busy ? e.confirming : e.confirm} testId="two-factor-enable-confirm" />
      </form>
    );
  }

  return (
    <form className="grid gap-5" noValidate onSubmit={submitPassword}>
      <div className="flex items-start gap-3 rounded-lg border bg-muted/30 px-3.5 py-3">
        <KeyRound className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        <p className="text-sm leading-relaxed text-muted-foreground">{e.passwordText}</p>
      </div>
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-password`}>{e.password}</Label>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(ev) => {
            setPassword(ev.target.value);
            if (error) setError(null);
          }}
          disabled={busy}
          aria-invalid={!!error || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          autoFocus
          className="h-11"
          data-testid="two-factor-enable-password"
        />
        <FieldError id={`${id}-error`} message={error ?? undefined} />
      </div>
      <StepButtons cancelLabel={cancelLabel} onCancel={onCancel} busy={busy} disabled={busy} label={e.next} testId="two-factor-enable-next" />
    </form>
  );
}
