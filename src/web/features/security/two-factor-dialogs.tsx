import * as React from 'react';
import { KeyRound, Loader2, ShieldCheck, ShieldOff } from 'lucide-react';
import { toast } from 'sonner';
import { securityScreens as ss } from '@shared/messages/security-screens';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FieldError } from '@/components/form-feedback';
import { DialogIcon, FormDialogFooter, ToneDialog } from '@/components/form-dialog';
import { OneTimeCodeInput } from './one-time-code-input';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { useDisableTwoFactor, useRegenerateRecoveryCodes } from './security-api';
import { StepIndicator, TwoFactorEnrolment, type EnrolmentStep } from './two-factor-enrolment';
import { LabelledField } from '@/components/field';
import { useOnOpen } from '@/lib/use-on-open';

/**
 * "Turn on two-factor" (issue 18 §2): the enrolment in a dialog. While the recovery codes show, Escape
 * and the overlay do not close it: the codes are shown only this once, so only "Done" leaves.
 */
export function EnableTwoFactorDialog({ open, onOpenChange, email, onEnabled }: { open: boolean; onOpenChange: (open: boolean) => void; email: string; onEnabled: () => void }) {
  const [step, setStep] = React.useState<EnrolmentStep>('password');
  const [run, setRun] = React.useState(0);
  React.useEffect(() => {
    if (!open) return;
    setStep('password');
    setRun((r) => r + 1);
  }, [open]);
  const locked = step === 'codes';
  return (
    <Dialog open={open} onOpenChange={(next) => (next || !locked) && onOpenChange(next)}>
      <DialogContent className="max-w-xl gap-5" data-testid="two-factor-enable-dialog" hideClose={locked} onInteractOutside={(ev) => ev.preventDefault()}>
        <DialogHeader className="gap-2">
          <DialogIcon icon={ShieldCheck} />
          <DialogTitle>{step === 'codes' ? ss.enable.codesTitle : ss.enable.title}</DialogTitle>
          <DialogDescription className="sr-only">{ss.account.twoFactorText}</DialogDescription>
          <StepIndicator step={step} />
        </DialogHeader>
        <TwoFactorEnrolment
          key={run}
          email={email}
          step={step}
          onStepChange={setStep}
          onEnabled={() => {
            toast.success(ss.enable.enabledToast);
            onEnabled();
          }}
          onFinished={() => onOpenChange(false)}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

/** "Turn off": the password and a current code (or a recovery code). */
export function DisableTwoFactorDialog({ open, onOpenChange, onDisabled }: { open: boolean; onOpenChange: (open: boolean) => void; onDisabled: () => void }) {
  const id = React.useId();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = React.useState('');
  const [code, setCode] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  useOnOpen(open, () => {
    setPassword('');
    setCode('');
    setError(null);
  });
  const d = ss.disable;

  function submit(ev: React.FormEvent) {
    ev.preventDefault();
    if (disable.isPending) return;
    if (!password || !code.trim()) return setError(d.missing);
    setError(null);
    disable.mutate(
      { password, code: code.trim() },
      {
        onSuccess: () => {
          toast.success(d.done);
          onDisabled();
          onOpenChange(false);
        },
        onError: (err) => setError(err.message),
      },
    );
  }

  return (
    <ToneDialog
      open={open}
      tone="danger"
      icon={ShieldOff}
      title={d.title}
      text={d.text}
      pending={disable.isPending}
      onCancel={() => onOpenChange(false)}
      testId="two-factor-disable-dialog"
    >
      <form className="grid gap-4" noValidate onSubmit={submit}>
        <LabelledField id={`${id}-password`} label={d.password} className="grid gap-2">
          <Input id={`${id}-password`} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} className="h-11" data-testid="two-factor-disable-password" />
        </LabelledField>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-code`}>{d.code}</Label>
          <Input
            id={`${id}-code`}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            placeholder={d.codePlaceholder}
            aria-invalid={!!error || undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            className="h-11 font-mono tracking-widest"
            data-testid="two-factor-disable-code"
          />
          {!error && (
            <p id={`${id}-hint`} className="text-xs text-muted-foreground">
              {d.codeHint}
            </p>
          )}
          <FieldError id={`${id}-error`} message={error ?? undefined} />
        </div>
        <FormDialogFooter cancelLabel={ss.cancel} onCancel={() => onOpenChange(false)} pending={disable.isPending} variant="destructive" submitTestId="two-factor-disable-confirm" label={d.confirm} />
      </form>
    </ToneDialog>
  );
}

/** "New recovery codes": a current code, then the new codes shown once. */
export function RegenerateCodesDialog({ open, onOpenChange, email }: { open: boolean; onOpenChange: (open: boolean) => void; email: string }) {
  const id = React.useId();
  const regenerate = useRegenerateRecoveryCodes();
  const [code, setCode] = React.useState('');
  const [codes, setCodes] = React.useState<string[] | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  useOnOpen(open, () => {
    setCode('');
    setCodes(null);
    setError(null);
  });
  const r = ss.regenerate;

  function submit(value: string = code) {
    if (regenerate.isPending) return;
    if (value.length !== 6) return setError(r.missing);
    setError(null);
    regenerate.mutate(value, { onSuccess: (res) => setCodes(res.recoveryCodes), onError: (err) => (setError(err.message), setCode('')) });
  }

  const locked = !!codes;
  return (
    <Dialog open={open} onOpenChange={(next) => (next || (!locked && !regenerate.isPending)) && onOpenChange(next)}>
      <DialogContent className="max-w-lg gap-5" data-testid="recovery-codes-dialog" hideClose={locked} onInteractOutside={(ev) => locked && ev.preventDefault()}>
        <DialogHeader className="gap-2">
          <DialogIcon icon={KeyRound} />
          <DialogTitle>{codes ? ss.enable.codesTitle : r.title}</DialogTitle>
          <DialogDescription className={codes ? 'sr-only' : 'leading-relaxed'}>{r.text}</DialogDescription>
        </DialogHeader>
        {codes ? (
          <RecoveryCodesPanel codes={codes} email={email} onDone={() => onOpenChange(false)} />
        ) : (
          <form
            className="grid gap-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <div className="grid gap-2">
              <Label htmlFor={`${id}-code`}>{r.code}</Label>
              <OneTimeCodeInput
                id={`${id}-code`}
                value={code}
                onChange={setCode}
                onComplete={submit}
                size="md"
                autoFocus
                disabled={regenerate.isPending}
                invalid={!!error}
                describedBy={error ? `${id}-error` : undefined}
                testId="recovery-codes-code"
              />
              <FieldError id={`${id}-error`} message={error ?? undefined} />
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={regenerate.isPending}>
                {ss.cancel}
              </Button>
              <Button type="submit" disabled={regenerate.isPending || code.length !== 6}>
                {regenerate.isPending && <Loader2 className="animate-spin" aria-hidden />}
                {r.confirm}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
