import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Loader2, Phone, Smartphone, Store } from 'lucide-react';
import type { MpesaConfig } from '@shared/contracts/mpesa';
import { messages } from '@shared/messages';
import { normaliseKenyanPhone } from '@shared/phone';
import { FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { DIALOG_ICON_TONE, FormDialog } from '@/components/form-dialog';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { formatPhone } from '@/lib/format';
import { describedBy, Field } from '@/components/field';
import { useStudent } from '@/features/learners';
import { LearnerPicker, type PickedLearner } from '@/features/movements';
import { FEES_KEY, useRegisterUrls, useSimulateC2b, useStudentAccount } from '../api/fees';
import { Money } from '@/components/money';
import { Captioned } from '@/components/captioned';
import { PayWithMpesaDialog } from '../components/pay-with-mpesa-dialog';
import { errorText, mm, MPESA_DIALOG, wholeShillings } from './common';

const q = mm.request;
const s = mm.simulate;

/**
 * "Request payment" (issue 11 §3, the finance officer's STK Push): choose the learner (their balance
 * and primary guardian's phone are shown and prefilled), then the shared "Pay with M-Pesa" dialog
 * sends the push and follows it live.
 */
export function RequestPaymentDialog({ open, onOpenChange, simulator }: { open: boolean; onOpenChange: (open: boolean) => void; simulator: boolean }) {
  const [learner, setLearner] = React.useState<PickedLearner | null>(null);
  const [error, setError] = React.useState<string | undefined>();
  const [paying, setPaying] = React.useState<PickedLearner | null>(null);
  const account = useStudentAccount(learner?.id ?? null);
  const detail = useStudent(learner?.id ?? null);

  React.useEffect(() => {
    if (!open) return;
    setLearner(null);
    setError(undefined);
  }, [open]);

  const guardians = detail.data?.guardians ?? [];
  const guardian = guardians.find((g) => g.isPrimary && g.phone) ?? guardians.find((g) => g.phone) ?? null;
  const balance = account.data?.balance ?? null;
  const loading = !!learner && (account.isLoading || detail.isLoading);
  const payTo = paying && paying.id === learner?.id ? { phone: guardian?.phone ?? null, amount: Math.max(0, balance ?? 0) } : { phone: null, amount: 0 };

  const next = (e: React.FormEvent) => {
    e.preventDefault();
    if (!learner) {
      setError(messages.fees.learnerRequired);
      return;
    }
    setPaying(learner);
    onOpenChange(false);
  };

  return (
    <>
      <FormDialog open={open} onClose={() => onOpenChange(false)} {...MPESA_DIALOG} testId="request-payment-dialog" icon={Smartphone} iconClassName={DIALOG_ICON_TONE.success} title={q.title} description={q.description}>
        <form className="grid grid-cols-[minmax(0,1fr)] gap-4" onSubmit={next} noValidate>
          <Field id="request-learner" label={q.learner} error={error}>
            <LearnerPicker
              id="request-learner"
              value={learner}
              onChange={(l) => {
                setLearner(l);
                if (l) setError(undefined);
              }}
              invalid={!!error}
              testId="request-picker"
            />
          </Field>
          {learner && (
            <div className="grid gap-3 min-[420px]:grid-cols-2" data-testid="request-learner-facts">
              <Captioned caption={q.balance} className="rounded-lg border p-3">
                {balance !== null ? <Money value={balance} tone className="mt-0.5 block font-semibold" /> : <Loader2 className="mt-1.5 size-4 animate-spin text-muted-foreground" aria-hidden />}
              </Captioned>
              <Captioned caption={q.guardianPhone} className="min-w-0 rounded-lg border p-3">
                {detail.isLoading ? (
                  <Loader2 className="mt-1.5 size-4 animate-spin text-muted-foreground" aria-hidden />
                ) : guardian ? (
                  <p className="mt-0.5 flex items-center gap-1.5 truncate font-medium tabular-nums">
                    <Phone className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                    {formatPhone(guardian.phone)}
                  </p>
                ) : (
                  <p className="mt-0.5 text-xs text-muted-foreground">{q.noGuardianPhone}</p>
                )}
              </Captioned>
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {mm.common.cancel}
            </Button>
            <Button type="submit" disabled={loading} data-testid="request-continue">
              {loading && <Loader2 className="animate-spin" aria-hidden />}
              {q.continue}
            </Button>
          </DialogFooter>
        </form>
      </FormDialog>
      {paying && (
        <PayWithMpesaDialog
          open={!!paying}
          onOpenChange={(o) => !o && setPaying(null)}
          learner={{ id: paying.id, name: paying.name }}
          defaultPhone={payTo.phone}
          defaultAmount={payTo.amount}
          simulator={simulator}
        />
      )}
    </>
  );
}

interface SimErrors {
  amount?: string;
  phone?: string;
  accountReference?: string;
}

/**
 * "Simulate paybill payment" (simulator and sandbox only): a parent paying the paybill from the M-Pesa
 * menu, through Daraja's C2B simulate. The payment then arrives through the real callbacks, matched
 * to a learner or in the unmatched queue. The simulator needs the C2B URLs registered: done first
 * when they never were, and offered again when M-Pesa refuses (the simulator forgets on restart).
 */
export function SimulateC2bDialog({ open, onOpenChange, config }: { open: boolean; onOpenChange: (open: boolean) => void; config: MpesaConfig }) {
  const qc = useQueryClient();
  const [amount, setAmount] = React.useState('');
  const [phone, setPhone] = React.useState('');
  const [account, setAccount] = React.useState('');
  const [errors, setErrors] = React.useState<SimErrors>({});
  const [sent, setSent] = React.useState(false);
  const simulate = useSimulateC2b();
  const register = useRegisterUrls();
  const pending = simulate.isPending || register.isPending;

  React.useEffect(() => {
    if (!open) return;
    setSent(false);
    setErrors({});
    simulate.reset();
    register.reset();
    // Keep what was typed between openings: trying several payments in a row is the point.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // The payment arrives through the callbacks a moment after M-Pesa accepts it, and an unmatched one
  // raises no live event: refresh the lists a few times.
  React.useEffect(() => {
    if (!sent) return;
    const timers = [1500, 4000, 8000].map((ms) => setTimeout(() => void qc.invalidateQueries({ queryKey: FEES_KEY }), ms));
    return () => timers.forEach(clearTimeout);
  }, [sent, qc]);

  const send = async (registerFirst: boolean) => {
    const next: SimErrors = {};
    const n = wholeShillings(amount);
    if (n === null) next.amount = messages.fees.stkAmountWhole;
    else if (n < 1 || n > 250_000) next.amount = messages.fees.stkAmountRange;
    if (!normaliseKenyanPhone(phone.trim())) next.phone = messages.fees.phoneInvalid;
    if (!account.trim()) next.accountReference = mm.common.accountRequired;
    setErrors(next);
    if (next.amount || next.phone || next.accountReference) return;
    simulate.reset();
    try {
      if (registerFirst || !config.c2bRegisteredAt) await register.mutateAsync();
      await simulate.mutateAsync({ amount: n!, phone: phone.trim(), accountReference: account.trim() });
      setSent(true);
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors({ amount: err.fields.amount, phone: err.fields.phone, accountReference: err.fields.accountReference });
    }
  };

  const failure = simulate.error ?? register.error;
  const refused = simulate.error instanceof ApiError && simulate.error.code === 'MPESA_REFUSED';

  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      pending={pending}
      {...MPESA_DIALOG}
      testId="simulate-dialog"
      icon={Store}
      iconClassName="bg-violet-500/10 text-violet-600 dark:text-violet-400"
      title={s.title}
      description={sent ? undefined : s.description}
    >
      {sent ? (
        <div className="flex flex-col items-center gap-3 py-2 text-center" role="status" data-testid="simulate-sent">
          <CheckCircle2 className="size-11 text-emerald-600" aria-hidden />
          <p className="text-lg font-semibold">{s.sent}</p>
          <p className="max-w-sm text-sm text-muted-foreground">{s.sentText}</p>
          <DialogFooter className="mt-2 w-full sm:justify-center">
            <Button variant="outline" onClick={() => setSent(false)} data-testid="simulate-another">
              {s.sendAnother}
            </Button>
            <Button onClick={() => onOpenChange(false)}>{mm.common.close}</Button>
          </DialogFooter>
        </div>
      ) : (
        <form
          className="grid grid-cols-[minmax(0,1fr)] gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void send(false);
          }}
          noValidate
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="sim-amount" label={s.amount} error={errors.amount} hint={mm.common.kesWhole}>
              <Input id="sim-amount" inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder={mm.common.kesPlaceholder} {...describedBy('sim-amount', errors.amount, true)} data-testid="simulate-amount" />
            </Field>
            <Field id="sim-phone" label={s.phone} error={errors.phone} hint={s.phoneHint}>
              <Input id="sim-phone" inputMode="tel" autoComplete="off" value={phone} onChange={(e) => setPhone(e.target.value)} placeholder={s.phonePlaceholder} {...describedBy('sim-phone', errors.phone, true)} data-testid="simulate-phone" />
            </Field>
          </div>
          <Field id="sim-account" label={s.account} error={errors.accountReference} hint={s.accountHint}>
            <Input id="sim-account" value={account} maxLength={20} onChange={(e) => setAccount(e.target.value)} placeholder={s.accountPlaceholder} className="font-mono" {...describedBy('sim-account', errors.accountReference, true)} data-testid="simulate-account" />
          </Field>
          {failure && (
            <div className="grid gap-2">
              <FormErrorAlert title={s.failed} detail={errorText(failure, s.failed)} testId="simulate-error" />
              {refused && <p className="text-xs text-muted-foreground">{s.registerFirst}</p>}
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              {mm.common.cancel}
            </Button>
            {refused ? (
              <Button type="button" onClick={() => void send(true)} disabled={pending} data-testid="simulate-register-retry">
                {pending && <Loader2 className="animate-spin" aria-hidden />}
                {s.registerAndRetry}
              </Button>
            ) : (
              <Button type="submit" disabled={pending} data-testid="simulate-send">
                {pending && <Loader2 className="animate-spin" aria-hidden />}
                {pending ? s.sending : s.send}
              </Button>
            )}
          </DialogFooter>
        </form>
      )}
    </FormDialog>
  );
}
