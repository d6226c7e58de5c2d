import * as React from 'react';
import { ShieldCheck } from 'lucide-react';
import { securityScreens as ss } from '@shared/messages/security-screens';
import { useAuth, type PendingSignIn } from '@/lib/auth';
import { StepIndicator, TwoFactorEnrolment, type EnrolmentStep } from '@/features/security';
import { saveRememberedLogin } from '../remembered-login';

const s = ss.setupRequired;

/**
 * The setup a role may require (issue 18 §2 "required for platform staff and finance officers"): the
 * password was right, but until two-factor is on every other call answers 403
 * TWO_FACTOR_SETUP_REQUIRED, so /login walks the user through the enrolment before anything else.
 * "Sign out" leaves; finishing opens EduFam.
 */
export function TwoFactorSetupStep({ pending }: { pending: Extract<PendingSignIn, { kind: 'setup' }> }) {
  const { completeSignIn, signOut, refresh } = useAuth();
  const [step, setStep] = React.useState<EnrolmentStep>('password');
  const id = React.useId();
  const user = pending.user;

  function finish() {
    if (pending.accessType) saveRememberedLogin(pending.rememberMe, { email: user.email, accessType: pending.accessType });
    completeSignIn({ ...user, mfaEnabled: true });
    void refresh();
  }

  return (
    <section className="rounded-2xl border bg-card p-5 shadow-sm sm:p-7" aria-labelledby={`${id}-title`} data-testid="two-factor-setup">
      <span className="mb-5 inline-flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <ShieldCheck className="size-6" aria-hidden />
      </span>
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
        {step === 'codes' ? ss.enable.codesTitle : s.title}
      </h2>
      {step !== 'codes' && <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{s.text}</p>}
      <p className="mt-4 rounded-md border bg-muted/50 px-3 py-2 text-sm [overflow-wrap:anywhere]" title={user.email}>
        <span className="text-muted-foreground">{ss.code.signingInAs} </span>
        <span className="font-medium">{user.email}</span>
      </p>
      {step === 'password' && (
        <ol className="mt-4 grid gap-2 text-sm text-muted-foreground">
          {s.steps.map((text, i) => (
            <li key={text} className="flex items-start gap-2.5">
              <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-primary/10 text-[11px] font-semibold text-primary">{i + 1}</span>
              <span className="leading-snug">{text}</span>
            </li>
          ))}
        </ol>
      )}
      <div className="mt-5 mb-5">
        <StepIndicator step={step} />
      </div>
      <TwoFactorEnrolment
        email={user.email}
        step={step}
        onStepChange={setStep}
        onFinished={finish}
        onCancel={() => void signOut()}
        cancelLabel={s.signOut}
        finishLabel={s.done}
      />
    </section>
  );
}
