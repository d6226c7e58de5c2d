import * as React from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@/lib/zod-resolver';
import { z } from 'zod';
import { AlertTriangle, FlaskConical, KeyRound, Link2, Radio, RefreshCcw, Save, ShieldCheck, Smartphone, Store, TestTube2, Wallet } from 'lucide-react';
import { toast } from 'sonner';
import { MPESA_ENVIRONMENTS, SHORTCODE_TYPES, type MpesaConfig, type MpesaEnvironment, type PutMpesaConfigBody } from '@shared/contracts/mpesa';
import { messages } from '@shared/messages';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormErrorAlert } from '@/components/form-feedback';
import { QueryErrorCard } from '@/components/query-error-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PendingButton } from '@/components/pending-button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { describedBy, Field, FormSection } from '@/components/field';
import { cn } from '@/lib/utils';
import { useMpesaConfig, useRegisterUrls, useRotateToken, useSaveMpesaConfig } from '../api/fees';
import { CopyButton, EnvironmentBadge, errorText, Fact, formatWhen, mm } from '../mpesa/common';
import { applyServerErrors, ChoiceCards, SecretInput, type Choice } from './form-bits';
import { SwitchRow } from '@/components/switch-row';
import { EmptyStateCard } from '@/components/page-states';

const s = mm.mpesaSetup;
const c = mm.callbacks;
const f = messages.fees;

const SECRETS = ['consumerKey', 'consumerSecret', 'passkey'] as const;
type SecretName = (typeof SECRETS)[number];
const FIELDS = ['shortcodeType', 'shortcode', 'tillNumber', 'environment', ...SECRETS, 'strictValidation'] as const;

const TYPE_CHOICES: Choice<(typeof SHORTCODE_TYPES)[number]>[] = [
  { value: 'paybill', label: s.paybill, text: s.paybillHint, icon: Wallet },
  { value: 'till', label: s.till, text: s.tillHint, icon: Store },
];
const ENV_ICONS: Record<MpesaEnvironment, typeof FlaskConical> = { simulator: FlaskConical, sandbox: TestTube2, production: Radio };
const ENV_CHOICES: Choice<MpesaEnvironment>[] = MPESA_ENVIRONMENTS.map((e) => ({ value: e, label: s.environments[e].label, text: s.environments[e].text, icon: ENV_ICONS[e] }));

interface SetupForm {
  shortcodeType: 'paybill' | 'till';
  shortcode: string;
  tillNumber: string;
  environment: MpesaEnvironment;
  consumerKey: string;
  consumerSecret: string;
  passkey: string;
  strictValidation: boolean;
}

function defaultsOf(cfg: MpesaConfig | null): SetupForm {
  return {
    shortcodeType: cfg?.shortcodeType ?? 'paybill',
    shortcode: cfg?.shortcode ?? '',
    tillNumber: cfg?.tillNumber ?? '',
    environment: cfg?.environment ?? 'simulator',
    consumerKey: '',
    consumerSecret: '',
    passkey: '',
    strictValidation: cfg?.strictValidation ?? false,
  };
}

/** The client's rules, worded as the server words them (messages.fees). Secrets: required outside the simulator unless stored. */
function schemaFor(cfg: MpesaConfig | null) {
  const code = z.string().trim().regex(/^\d{5,7}$/, f.shortcodeInvalid);
  return z
    .object({
      shortcodeType: z.enum(SHORTCODE_TYPES),
      shortcode: code,
      tillNumber: z.string(),
      environment: z.enum(MPESA_ENVIRONMENTS),
      consumerKey: z.string().max(200),
      consumerSecret: z.string().max(200),
      passkey: z.string().max(200),
      strictValidation: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (v.shortcodeType === 'till' && !/^\d{5,7}$/.test(v.tillNumber.trim())) ctx.addIssue({ code: 'custom', path: ['tillNumber'], message: f.shortcodeInvalid });
      if (v.environment === 'simulator') return;
      for (const k of SECRETS) if (!v[k].trim() && !cfg?.[k]) ctx.addIssue({ code: 'custom', path: [k], message: f.credentialsRequired });
    });
}

/**
 * The M-Pesa tab of Finance Settings (issue 11 §3): the set-up form for the finance officer (a read-only
 * summary for the others) and the callback URLs with Register C2B URLs and Rotate callback token. A
 * school with no set-up yet gets an empty state with the form.
 */
export function MpesaSetupTab({ schoolId, canManage }: { schoolId: string | null; canManage: boolean }) {
  const query = useMpesaConfig(schoolId);
  if (query.isError) return <QueryErrorCard query={query} title={mm.common.loadFailed} retryLabel={mm.common.tryAgain} testId="mpesa-config-error" />;
  if (query.data === undefined) return <Skeleton className="h-[32rem] w-full rounded-xl" />;
  const cfg = query.data;

  if (!cfg) {
    return (
      <div className="grid gap-4" data-testid="mpesa-setup-empty">
        <EmptyStateCard icon={Smartphone} title={s.emptyTitle} hint={canManage ? s.emptyText : s.emptyReadOnly} testId="mpesa-setup-empty-state" />
        {canManage && <SetupCard config={null} />}
      </div>
    );
  }
  return (
    <div className="grid items-start gap-4 xl:grid-cols-[minmax(0,1fr)_26rem]">
      {canManage ? <SetupCard config={cfg} /> : <SetupSummary config={cfg} />}
      <CallbackUrls config={cfg} canManage={canManage} />
    </div>
  );
}

function SetupCard({ config }: { config: MpesaConfig | null }) {
  const save = useSaveMpesaConfig();
  const [formError, setFormError] = React.useState('');
  const schema = React.useMemo(() => schemaFor(config), [config]);
  const form = useForm<SetupForm>({ resolver: zodResolver(schema), defaultValues: defaultsOf(config) });
  const { register, control, handleSubmit, setError, reset, formState } = form;
  const errors = formState.errors;
  const type = useWatch({ control, name: 'shortcodeType' });
  const environment = useWatch({ control, name: 'environment' });

  const onSubmit = handleSubmit(async (v) => {
    setFormError('');
    const body: PutMpesaConfigBody = {
      shortcode: v.shortcode.trim(),
      shortcodeType: v.shortcodeType,
      tillNumber: v.shortcodeType === 'till' ? v.tillNumber.trim() : null,
      environment: v.environment,
      strictValidation: v.strictValidation,
    };
    for (const k of SECRETS) if (v[k].trim()) body[k] = v[k].trim();
    try {
      const saved = await save.mutateAsync(body);
      // The secrets are stored: the boxes empty again and show the masked hints.
      reset(defaultsOf(saved));
      toast.success(s.saved);
    } catch (err) {
      setFormError(applyServerErrors(err, setError, FIELDS, s.saveFailed, { SHORTCODE_TAKEN: 'shortcode' }));
    }
  });

  const secretField = (k: SecretName, label: string) => {
    const id = `mpesa-${k}`;
    const stored = config?.[k] ?? null;
    return (
      <Field
        id={id}
        label={label}
        error={errors[k]?.message}
        hint={
          <span className="font-mono" data-testid={`${id}-stored`}>
            {stored ? s.stored(stored) : s.notStored}
          </span>
        }
      >
        <SecretInput id={id} stored={stored} maxLength={200} {...register(k)} {...describedBy(id, errors[k]?.message, true)} data-testid={id} />
      </Field>
    );
  };

  return (
    <FormSection title={s.title} description={s.description} icon={<Smartphone />} testId="mpesa-setup">
      <form onSubmit={onSubmit} noValidate className="grid gap-6" data-testid="mpesa-setup-form">
        <fieldset className="grid gap-2.5">
          <legend className="mb-2 text-sm font-medium">{s.type}</legend>
          <Controller control={control} name="shortcodeType" render={({ field }) => <ChoiceCards value={field.value} onChange={field.onChange} choices={TYPE_CHOICES} label={s.type} testId="mpesa-type" />} />
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="mpesa-shortcode" label={s.shortcode} error={errors.shortcode?.message} hint={type === 'till' ? s.shortcodeHintTill : s.shortcodeHintPaybill}>
            <Input id="mpesa-shortcode" inputMode="numeric" autoComplete="off" maxLength={7} className="font-mono" {...register('shortcode')} {...describedBy('mpesa-shortcode', errors.shortcode?.message, true)} data-testid="mpesa-shortcode" />
          </Field>
          {type === 'till' && (
            <Field id="mpesa-till" label={s.tillNumber} error={errors.tillNumber?.message} hint={s.tillNumberHint}>
              <Input id="mpesa-till" inputMode="numeric" autoComplete="off" maxLength={7} className="font-mono" {...register('tillNumber')} {...describedBy('mpesa-till', errors.tillNumber?.message, true)} data-testid="mpesa-till" />
            </Field>
          )}
        </div>

        <fieldset className="grid gap-2.5">
          <legend className="mb-2 text-sm font-medium">{s.environment}</legend>
          <Controller
            control={control}
            name="environment"
            render={({ field }) => (
              <ChoiceCards
                value={field.value}
                onChange={field.onChange}
                choices={ENV_CHOICES}
                label={s.environment}
                columns={3}
                testId="mpesa-environment"
                tone={{ production: 'data-[state=checked]:border-amber-500 data-[state=checked]:bg-amber-500/8 data-[state=checked]:ring-amber-500' }}
              />
            )}
          />
          {environment === 'production' && (
            <Alert className="flex items-start gap-2.5 border-amber-500/50 bg-amber-500/10 text-amber-800 dark:text-amber-200" data-testid="mpesa-production-warning">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>{s.productionWarning}</span>
            </Alert>
          )}
        </fieldset>

        <fieldset className="grid gap-3 rounded-lg border bg-muted/20 p-4">
          <legend className="-ml-1 flex items-center gap-1.5 px-1 text-sm font-medium">
            <KeyRound className="size-4 text-muted-foreground" aria-hidden />
            {s.credentials}
          </legend>
          <p className="-mt-1 text-xs text-muted-foreground">{environment === 'simulator' ? s.credentialsSimulator : s.credentialsHint}</p>
          <div className="grid gap-4 lg:grid-cols-2">
            {secretField('consumerKey', s.consumerKey)}
            {secretField('consumerSecret', s.consumerSecret)}
            <div className="lg:col-span-2">{secretField('passkey', s.passkey)}</div>
          </div>
        </fieldset>

        <Controller
          control={control}
          name="strictValidation"
          render={({ field }) => (
            <SwitchRow
              id="mpesa-strict"
              icon={ShieldCheck}
              label={s.strict}
              text={s.strictText}
              textId="mpesa-strict-text"
              textClassName="mt-1 text-xs leading-relaxed text-muted-foreground"
              checked={field.value}
              onCheckedChange={field.onChange}
              testId="mpesa-strict"
            >
              <p className="mt-2 text-xs font-medium" data-testid="mpesa-strict-state">
                {field.value ? s.strictOn : s.strictOff}
              </p>
            </SwitchRow>
          )}
        />

        {formError && <FormErrorAlert title={s.saveFailed} detail={formError} testId="mpesa-setup-error" />}
        <div className="flex flex-col-reverse gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-muted-foreground">{config && s.updatedAt(formatWhen(config.updatedAt))}</p>
          <PendingButton type="submit" data-testid="mpesa-setup-save" pending={formState.isSubmitting} icon={Save}>
            {formState.isSubmitting ? mm.common.saving : config ? s.save : s.create}
          </PendingButton>
        </div>
      </form>
    </FormSection>
  );
}

/** What principal, director and platform staff see: the set-up without a form. */
function SetupSummary({ config }: { config: MpesaConfig }) {
  const hint = (v: string | null) => <span className="font-mono">{v ?? s.notStored}</span>;
  return (
    <FormSection title={s.title} description={s.description} icon={<Smartphone />} testId="mpesa-setup-summary" actions={<EnvironmentBadge environment={config.environment} />}>
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <Fact label={s.summaryType}>{config.shortcodeType === 'till' ? s.till : s.paybill}</Fact>
        <Fact label={s.shortcode} testId="mpesa-summary-shortcode">
          <span className="font-mono">{config.shortcode}</span>
        </Fact>
        {config.shortcodeType === 'till' && (
          <Fact label={s.tillNumber}>
            <span className="font-mono">{config.tillNumber ?? s.notStored}</span>
          </Fact>
        )}
        <Fact label={s.summaryEnvironment}>{s.environments[config.environment].label}</Fact>
        <Fact label={s.consumerKey}>{hint(config.consumerKey)}</Fact>
        <Fact label={s.consumerSecret}>{hint(config.consumerSecret)}</Fact>
        <Fact label={s.passkey}>{hint(config.passkey)}</Fact>
        <Fact label={s.summaryStrict}>{config.strictValidation ? s.strictOn : s.strictOff}</Fact>
      </dl>
      <p className="mt-4 border-t pt-3 text-xs text-muted-foreground">{s.updatedAt(formatWhen(config.updatedAt))}</p>
    </FormSection>
  );
}

function UrlRow({ label, url, hint, testId, copy = true }: { label: string; url: string; hint?: string; testId: string; copy?: boolean }) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <div className="flex min-w-0 items-start gap-2">
        <code className="min-w-0 flex-1 rounded-md border bg-muted/40 px-2.5 py-2 font-mono text-xs leading-relaxed break-all select-all" data-testid={testId}>
          {url}
        </code>
        {copy && <CopyButton value={url} label={label} testId={`${testId}-copy`} />}
      </div>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

/** The callback URLs (read-only, each with Copy), C2B registration and token rotation. */
function CallbackUrls({ config, canManage }: { config: MpesaConfig; canManage: boolean }) {
  const registerUrls = useRegisterUrls();
  const rotate = useRotateToken();
  const [confirming, setConfirming] = React.useState(false);
  const urls = config.callbackUrls;
  // The server masks the token for every role but the finance officer (and platform admins).
  const tokenHidden = urls.stk.includes('••••');

  const onRegister = () =>
    registerUrls.mutate(undefined, {
      onSuccess: () => toast.success(c.registeredToast),
      onError: (err) => toast.error(c.registerFailed, { description: errorText(err, c.registerFailed) }),
    });
  const onRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(c.rotated);
      },
      onError: (err) => {
        setConfirming(false);
        toast.error(c.rotateFailed, { description: errorText(err, c.rotateFailed) });
      },
    });

  return (
    <FormSection title={c.title} description={c.description} icon={<Link2 />} testId="mpesa-callbacks">
      <div className="grid gap-4">
        <UrlRow label={c.stk} url={urls.stk} hint={c.stkHint} testId="callback-stk" copy={!tokenHidden} />
        <UrlRow label={c.validation} url={config.registeredUrls.validation} testId="callback-validation" copy={!tokenHidden} />
        <UrlRow label={c.confirmation} url={config.registeredUrls.confirmation} testId="callback-confirmation" copy={!tokenHidden} />
        {tokenHidden && (
          <p className="text-xs text-muted-foreground" data-testid="callback-token-hidden">
            {c.tokenHidden}
          </p>
        )}
        <p className="rounded-md bg-muted/60 px-3 py-2 text-xs leading-relaxed text-muted-foreground">{c.c2bNote}</p>
        <div
          className={cn('flex items-start gap-2 rounded-md px-3 py-2 text-xs font-medium', config.c2bRegisteredAt ? 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-300' : 'bg-amber-500/10 text-amber-800 dark:text-amber-200')}
          data-testid="callback-registered"
          data-registered={config.c2bRegisteredAt ? 'true' : 'false'}
        >
          {config.c2bRegisteredAt ? <ShieldCheck className="mt-px size-4 shrink-0" aria-hidden /> : <AlertTriangle className="mt-px size-4 shrink-0" aria-hidden />}
          <span>{config.c2bRegisteredAt ? c.registered(formatWhen(config.c2bRegisteredAt)) : c.notRegistered}</span>
        </div>
        {canManage && (
          <div className="flex flex-col gap-2 border-t pt-4 sm:flex-row sm:flex-wrap">
            <PendingButton onClick={onRegister} data-testid="callback-register" pending={registerUrls.isPending} icon={Link2}>
              {registerUrls.isPending ? c.registering : c.register}
            </PendingButton>
            <Button variant="outline" onClick={() => setConfirming(true)} data-testid="callback-rotate">
              <RefreshCcw aria-hidden />
              {c.rotate}
            </Button>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        tone="warning"
        icon={RefreshCcw}
        title={c.rotateTitle}
        text={c.rotateText}
        cancelLabel={mm.common.cancel}
        confirmLabel={c.rotateConfirm}
        pending={rotate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={onRotate}
        testId="rotate-dialog"
        confirmTestId="rotate-confirm"
      />
    </FormSection>
  );
}
