import * as React from 'react';
import { toast } from 'sonner';
import { Building2, KeyRound, Save, SlidersHorizontal, type LucideIcon } from 'lucide-react';
import { BILLING_MPESA_ENVIRONMENTS, type BillingSettings, type PutBillingSettingsBody } from '@shared/contracts/billing';
import { billingScreens as s } from '@shared/messages/billing-screens';
import { FormErrorAlert } from '@/components/form-feedback';
import { QueryErrorCard } from '@/components/query-error-card';
import { PendingButton } from '@/components/pending-button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Field } from '@/components/field';
import { apiErrorOf, Fact, TextBox } from './billing-bits';
import { useBillingSettings, useSaveBillingSettings } from './billing-api';
import { IconBadge } from '@/components/icon-badge';

const t = s.settings;
type Env = (typeof BILLING_MPESA_ENVIRONMENTS)[number];

/** "7, 1" → [7, 1]; null when any part is not a whole number of days 0–365. */
function parseDays(text: string): number[] | null {
  const parts = text.split(',').map((x) => x.trim()).filter(Boolean);
  const days = parts.map(Number);
  return days.every((n) => Number.isInteger(n) && n >= 0 && n <= 365) && days.length <= 10 ? days : null;
}

function Card({ icon: Icon, title, text, children, testId }: { icon: LucideIcon; title: string; text: string; children: React.ReactNode; testId?: string }) {
  return (
    <section className="rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-6" data-testid={testId}>
      <div className="mb-5 flex items-start gap-3">
        <IconBadge icon={Icon} className="size-9 rounded-lg bg-primary/10 text-primary" />
        <div className="min-w-0">
          <h2 className="font-semibold tracking-tight">{title}</h2>
          <p className="mt-0.5 text-sm text-muted-foreground">{text}</p>
        </div>
      </div>
      {children}
    </section>
  );
}

function SettingsForm({ settings, canManage }: { settings: BillingSettings; canManage: boolean }) {
  const [vat, setVat] = React.useState(String(settings.vatRateBps / 100));
  const [terms, setTerms] = React.useState(String(settings.paymentTermsDays));
  const [grace, setGrace] = React.useState(String(settings.graceDays));
  const [before, setBefore] = React.useState(settings.reminderDaysBefore.join(', '));
  const [after, setAfter] = React.useState(settings.reminderDaysAfter.join(', '));
  const [env, setEnv] = React.useState<Env>(settings.mpesa.environment);
  const [shortCode, setShortCode] = React.useState(settings.mpesa.shortCode);
  const [secrets, setSecrets] = React.useState({ consumerKey: '', consumerSecret: '', passkey: '' });
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const save = useSaveBillingSettings();
  const server = apiErrorOf(save.error);
  const err = (f: string) => errors[f] ?? server.fields[f] ?? server.fields[`mpesa.${f}`];
  const disabled = !canManage;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!canManage || save.isPending) return;
    const v = s.validation;
    const next: Record<string, string> = {};
    const vatNum = Number(vat.trim());
    if (!vat.trim() || !Number.isFinite(vatNum) || vatNum < 0 || vatNum > 50 || Math.round(vatNum * 100) !== vatNum * 100) next.vatRateBps = v.percentInvalid;
    const termsNum = Number(terms.trim());
    if (!terms.trim() || !Number.isInteger(termsNum) || termsNum < 0 || termsNum > 365) next.paymentTermsDays = v.daysInvalid;
    const graceNum = Number(grace.trim());
    if (!grace.trim() || !Number.isInteger(graceNum) || graceNum < 0 || graceNum > 365) next.graceDays = v.daysInvalid;
    const beforeDays = parseDays(before);
    const afterDays = parseDays(after);
    if (!beforeDays) next.reminderDaysBefore = v.reminderDaysInvalid;
    if (!afterDays) next.reminderDaysAfter = v.reminderDaysInvalid;
    if (!/^\d{5,7}$/.test(shortCode.trim())) next.shortCode = t.shortCodeInvalid;
    setErrors(next);
    if (Object.keys(next).length || !beforeDays || !afterDays) return;
    const mpesa: NonNullable<PutBillingSettingsBody['mpesa']> = { environment: env, shortCode: shortCode.trim() };
    for (const k of ['consumerKey', 'consumerSecret', 'passkey'] as const) if (secrets[k].trim()) mpesa[k] = secrets[k].trim();
    save.mutate(
      { vatRateBps: Math.round(vatNum * 100), paymentTermsDays: termsNum, graceDays: graceNum, reminderDaysBefore: beforeDays, reminderDaysAfter: afterDays, mpesa },
      {
        onSuccess: () => {
          toast.success(t.saved);
          setSecrets({ consumerKey: '', consumerSecret: '', passkey: '' });
        },
      },
    );
  };

  const num = (id: string, field: string, label: string, hint: string, value: string, set: (v: string) => void, className?: string) => (
    <Field id={id} label={label} hint={hint} error={err(field)} className={className}>
      <TextBox id={id} inputMode="decimal" className="tabular-nums" value={value} onValue={set} disabled={disabled} invalid={!!err(field)} testId={`billing-settings-${field}`} />
    </Field>
  );
  const c = settings.company;

  return (
    <form className="grid gap-4 sm:gap-5 xl:grid-cols-3" onSubmit={submit} noValidate data-testid="billing-settings">
      <div className="grid gap-4 sm:gap-5 xl:col-span-2">
        <Card icon={SlidersHorizontal} title={t.title} text={t.text}>
          <div className="grid gap-4 sm:grid-cols-3">
            {num('set-vat', 'vatRateBps', t.vatRate, t.vatRateHint, vat, setVat)}
            {num('set-terms', 'paymentTermsDays', t.paymentTermsDays, t.paymentTermsHint, terms, setTerms)}
            {num('set-grace', 'graceDays', t.graceDays, t.graceDaysHint, grace, setGrace)}
          </div>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {num('set-before', 'reminderDaysBefore', t.reminderBefore, t.reminderHint, before, setBefore)}
            {num('set-after', 'reminderDaysAfter', t.reminderAfter, t.reminderHint, after, setAfter)}
          </div>
        </Card>
        <Card icon={KeyRound} title={t.mpesaTitle} text={t.mpesaText} testId="billing-settings-mpesa">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="set-env" label={t.environment}>
              <Select value={env} onValueChange={(x) => setEnv(x as Env)} disabled={disabled}>
                <SelectTrigger id="set-env" className="w-full" data-testid="billing-settings-environment">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {BILLING_MPESA_ENVIRONMENTS.map((x) => (
                    <SelectItem key={x} value={x}>
                      {t.environments[x]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
            <Field id="set-shortcode" label={t.shortCode} error={err('shortCode')}>
              <TextBox id="set-shortcode" inputMode="numeric" className="tabular-nums" value={shortCode} onValue={setShortCode} disabled={disabled} invalid={!!err('shortCode')} testId="billing-settings-shortCode" />
            </Field>
            {(['consumerKey', 'consumerSecret', 'passkey'] as const).map((k) => (
              <Field key={k} id={`set-${k}`} label={t[k]} hint={settings.mpesa[k] ? t.savedValue(settings.mpesa[k]) : t.notSet} error={err(k)}>
                <TextBox
                  id={`set-${k}`}
                  type="password"
                  autoComplete="new-password"
                  placeholder={settings.mpesa[k] ? t.secretPlaceholder : ''}
                  value={secrets[k]}
                  onValue={(v) => setSecrets((cur) => ({ ...cur, [k]: v }))}
                  disabled={disabled}
                  testId={`billing-settings-${k}`}
                />
              </Field>
            ))}
          </div>
          <dl className="mt-5 grid gap-3 border-t pt-4 text-sm">
            <Fact label={t.callbackUrl}>
              <span className="font-mono text-xs font-normal break-all whitespace-normal text-muted-foreground">{settings.mpesa.stkCallbackUrl}</span>
            </Fact>
            <Fact label={t.c2bUrl}>
              <span className="font-mono text-xs font-normal break-all whitespace-normal text-muted-foreground">{settings.mpesa.c2bConfirmationUrl}</span>
            </Fact>
          </dl>
        </Card>
      </div>
      <div className="flex flex-col gap-4 sm:gap-5">
        <Card icon={Building2} title={t.companyTitle} text={t.companyText} testId="billing-settings-company">
          <dl className="grid grid-cols-2 gap-3 text-sm xl:grid-cols-1">
            <Fact label={t.companyName}>{c.name}</Fact>
            <Fact label={t.kraPin}>{c.kraPin ?? s.common.none}</Fact>
            <Fact label={t.shortCode}>{c.paybill ?? settings.mpesa.shortCode}</Fact>
            <Fact label={t.bank}>{c.bankName ? `${c.bankName}${c.bankAccountNumber ? ` · ${c.bankAccountNumber}` : ''}` : s.common.none}</Fact>
          </dl>
        </Card>
        {save.isError && !Object.keys(server.fields).length && <FormErrorAlert title={s.common.actionFailed} detail={server.message} testId="billing-settings-error" />}
        {canManage && (
          <PendingButton type="submit" className="self-stretch sm:self-end xl:self-stretch" data-testid="billing-settings-save" pending={save.isPending} icon={Save}>
            {save.isPending ? s.common.saving : s.common.save}
          </PendingButton>
        )}
      </div>
    </form>
  );
}

/** Billing Management › Settings (issue 18 §1): VAT, payment terms, grace days, reminders and the platform paybill. */
export function SettingsTab({ canManage }: { canManage: boolean }) {
  const q = useBillingSettings();
  if (q.isError) return <QueryErrorCard query={q} title={t.loadFailed} retryLabel={s.common.tryAgain} testId="billing-settings-error-card" />;
  if (!q.data) return <Skeleton className="h-96 w-full rounded-xl" />;
  // Keyed by the saved version: after a save the form starts again from what the server stored.
  return <SettingsForm key={q.data.updatedAt ?? 'new'} settings={q.data} canManage={canManage} />;
}
