import * as React from 'react';
import { toast } from 'sonner';
import { CheckCircle2, KeyRound, Mail, MessageSquareText, Save, Send, XCircle } from 'lucide-react';
import type { EmailSettings, SmsSettings } from '@shared/contracts/system-settings';
import { systemSettingsScreens as s } from '@shared/messages/system-settings-screens';
import { InputField, FormErrorAlert, useFormError } from '@/components/form-feedback';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import { useEmailSettings, useSaveEmail, useSaveSms, useSmsSettings, useTestEmail, useTestSms } from './settings-api';
import { SettingsCard } from './settings-card';
import { PendingButton } from '@/components/pending-button';
import { ChoiceButtons } from '@/components/choice-buttons';

/** "Set" / "Not set" beside a secret's label: the value itself never comes back from the server. */
function SecretBadge({ set, testId }: { set: boolean; testId: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-medium',
        set ? 'bg-emerald-500/12 text-emerald-700 dark:text-emerald-300' : 'bg-muted text-muted-foreground',
      )}
      data-testid={testId}
    >
      <KeyRound className="size-3" aria-hidden />
      {set ? s.secretBadge.set : s.secretBadge.notSet}
    </span>
  );
}

/** Two choices as a segmented control (radio group semantics). */
function Segmented<T extends string>({ testId, ...choice }: { value: T; options: { value: T; label: string }[]; onChange: (v: T) => void; label: string; testId: string }) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <span className="text-sm font-medium">{choice.label}</span>
      <ChoiceButtons
        {...choice}
        className="inline-flex w-full rounded-lg border bg-muted/40 p-1 sm:w-auto sm:justify-self-start"
        buttonClassName={(_, on) =>
          cn(
            'min-w-0 flex-1 cursor-pointer rounded-md px-3 py-1.5 text-center text-sm leading-tight font-medium transition-colors sm:flex-none sm:whitespace-nowrap',
            on ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
          )
        }
        buttonTestId={(o) => `${testId}-${o.value}`}
      >
        {(o) => o.label}
      </ChoiceButtons>
    </div>
  );
}

/** "Send test" with its target input and the outcome (the server's message) under it. */
function TestSender({ title, label, type, placeholder, run, pending, testId }: { title: string; label: string; type: string; placeholder: string; run: (target: string) => Promise<{ message: string }>; pending: boolean; testId: string }) {
  const [target, setTarget] = React.useState('');
  const [result, setResult] = React.useState<{ ok: boolean; message: string } | null>(null);
  const send = async () => {
    setResult(null);
    try {
      setResult({ ok: true, message: (await run(target)).message });
    } catch (e) {
      setResult({ ok: false, message: e instanceof Error ? e.message : String(e) });
    }
  };
  return (
    <div className="mt-5 rounded-lg border border-dashed bg-muted/30 p-4" data-testid={testId}>
      <p className="text-sm font-medium">{title}</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <InputField id={`${testId}-target`} label={label} type={type} placeholder={placeholder} value={target} onChange={(e) => setTarget(e.target.value)} className="flex-1" data-testid={`${testId}-target`} />
        <PendingButton type="button" variant="outline" onClick={() => void send()} pending={pending} icon={Send} disabled={pending || !target.trim()} data-testid={`${testId}-send`}>
          {pending ? s.email.testing : s.email.test}
        </PendingButton>
      </div>
      {result && (
        <p
          role="status"
          className={cn('mt-3 flex items-start gap-2 text-sm', result.ok ? 'text-emerald-700 dark:text-emerald-300' : 'text-destructive')}
          data-testid={`${testId}-result`}
        >
          {result.ok ? <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden /> : <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden />}
          <span className="min-w-0 break-words">{result.message}</span>
        </p>
      )}
    </div>
  );
}

/** E-mail and SMS provider settings (issue 18 §4): secrets are write-only; "Send test" uses the saved settings. */
export function ProvidersTab() {
  const email = useEmailSettings();
  const sms = useSmsSettings();
  return (
    <div className="grid min-w-0 gap-4 xl:grid-cols-2 xl:items-start" data-testid="providers-tab">
      {email.data ? <EmailForm key={email.data.updatedAt ?? 'none'} current={email.data} /> : <Skeleton className="h-[32rem] rounded-xl" />}
      {sms.data ? <SmsForm key={sms.data.updatedAt ?? 'none'} current={sms.data} /> : <Skeleton className="h-[32rem] rounded-xl" />}
    </div>
  );
}

function EmailForm({ current }: { current: EmailSettings }) {
  const e = s.email;
  const [v, setV] = React.useState({ mode: current.mode, host: current.host, port: String(current.port), secure: current.secure, user: current.user, from: current.from, password: '', clearPassword: false });
  const save = useSaveEmail();
  const test = useTestEmail();
  const err = useFormError();
  const smtp = v.mode === 'smtp';
  const submit = (ev: React.FormEvent) => {
    ev.preventDefault();
    err.clear();
    save.mutate(
      { mode: v.mode, host: v.host, port: Number(v.port) || 0, secure: v.secure, user: v.user, from: v.from, password: v.password || undefined, clearPassword: v.clearPassword || undefined },
      { onSuccess: (res) => toast.success(res.message), onError: (e2) => err.fail(e2) },
    );
  };
  return (
    <SettingsCard icon={Mail} title={e.title} description={e.description} testId="email-settings">
      <form onSubmit={submit} noValidate className="grid min-w-0 grid-cols-1 gap-4">
        <Segmented
          label={e.mode}
          value={v.mode}
          onChange={(mode) => setV((p) => ({ ...p, mode }))}
          options={[
            { value: 'default', label: e.modeDefault },
            { value: 'smtp', label: e.modeSmtp },
          ]}
          testId="email-mode"
        />
        {!smtp && <p className="text-xs text-muted-foreground">{e.modeDefaultHint}</p>}
        {smtp && (
          <>
            <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_7rem]">
              <InputField id="email-host" label={e.host} value={v.host} placeholder="smtp.example.com" onChange={(x) => setV((p) => ({ ...p, host: x.target.value }))} error={err.field('host')} data-testid="email-host" />
              <InputField id="email-port" label={e.port} inputMode="numeric" value={v.port} onChange={(x) => setV((p) => ({ ...p, port: x.target.value }))} error={err.field('port')} data-testid="email-port" />
            </div>
            <label className="flex items-center gap-2 text-sm">
              <Switch checked={v.secure} onCheckedChange={(secure) => setV((p) => ({ ...p, secure }))} data-testid="email-secure" />
              {e.secure}
            </label>
            <div className="grid gap-4 sm:grid-cols-2">
              <InputField id="email-user" label={e.user} autoComplete="off" value={v.user} onChange={(x) => setV((p) => ({ ...p, user: x.target.value }))} error={err.field('user')} data-testid="email-user" />
              <div className="grid gap-1.5">
                <div className="flex items-center justify-between gap-2">
                  <Label htmlFor="email-password">{e.password}</Label>
                  <SecretBadge set={current.password.set && !v.clearPassword} testId="email-password-state" />
                </div>
                <InputField
                  id="email-password"
                  label=""
                  type="password"
                  autoComplete="new-password"
                  value={v.password}
                  placeholder={current.password.set ? (current.password.hint ?? '••••••••') : ''}
                  onChange={(x) => setV((p) => ({ ...p, password: x.target.value }))}
                  error={err.field('password')}
                  hint={current.password.set ? e.passwordSet(current.password.hint) : e.passwordNotSet}
                  className="[&>label]:hidden"
                  data-testid="email-password"
                />
              </div>
            </div>
            {current.password.set && (
              <label className="flex items-center gap-2 text-xs text-muted-foreground">
                <Checkbox checked={v.clearPassword} onCheckedChange={(c) => setV((p) => ({ ...p, clearPassword: c === true }))} />
                {e.clearPassword}
              </label>
            )}
            <InputField id="email-from" label={e.from} placeholder={e.fromPlaceholder} value={v.from} onChange={(x) => setV((p) => ({ ...p, from: x.target.value }))} error={err.field('from')} data-testid="email-from" />
          </>
        )}
        {err.error && <FormErrorAlert title={s.saveFailed} detail={err.error.message} testId="email-error" />}
        <div className="flex justify-end">
          <PendingButton type="submit" pending={save.isPending} icon={Save} data-testid="email-save">
            {e.save}
          </PendingButton>
        </div>
      </form>
      <TestSender title={e.testTitle} label={e.testTo} type="email" placeholder="you@edufam.co.ke" run={(to) => test.mutateAsync(to)} pending={test.isPending} testId="email-test" />
    </SettingsCard>
  );
}

function SmsForm({ current }: { current: SmsSettings }) {
  const m = s.sms;
  const [v, setV] = React.useState({ provider: current.provider, username: current.username, senderId: current.senderId, sandbox: current.sandbox, apiKey: '' });
  const save = useSaveSms();
  const test = useTestSms();
  const err = useFormError();
  const at = v.provider === 'africastalking';
  const submit = (ev: React.FormEvent) => {
    ev.preventDefault();
    err.clear();
    save.mutate(
      { provider: v.provider, username: v.username, senderId: v.senderId, sandbox: v.sandbox, apiKey: v.apiKey || undefined },
      { onSuccess: (res) => toast.success(res.message), onError: (e2) => err.fail(e2) },
    );
  };
  return (
    <SettingsCard icon={MessageSquareText} title={m.title} description={m.description} testId="sms-settings">
      <form onSubmit={submit} noValidate className="grid min-w-0 grid-cols-1 gap-4">
        <Segmented
          label={m.provider}
          value={v.provider}
          onChange={(provider) => setV((p) => ({ ...p, provider }))}
          options={[
            { value: 'simulator', label: m.simulator },
            { value: 'africastalking', label: m.africastalking },
          ]}
          testId="sms-provider"
        />
        <InputField id="sms-sender" label={m.senderId} value={v.senderId} maxLength={11} onChange={(x) => setV((p) => ({ ...p, senderId: x.target.value }))} error={err.field('senderId')} className="[&_input]:font-mono" data-testid="sms-sender" />
        {at && (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <InputField id="sms-username" label={m.username} autoComplete="off" value={v.username} onChange={(x) => setV((p) => ({ ...p, username: x.target.value }))} error={err.field('username')} data-testid="sms-username" />
              <div className="grid gap-1.5">
                <div className="flex items-center justify-between gap-2">
                  <Label htmlFor="sms-api-key">{m.apiKey}</Label>
                  <SecretBadge set={current.apiKey.set} testId="sms-api-key-state" />
                </div>
                <InputField
                  id="sms-api-key"
                  label=""
                  type="password"
                  autoComplete="new-password"
                  value={v.apiKey}
                  placeholder={current.apiKey.set ? (current.apiKey.hint ?? '••••••••') : ''}
                  onChange={(x) => setV((p) => ({ ...p, apiKey: x.target.value }))}
                  error={err.field('apiKey')}
                  hint={current.apiKey.set ? m.apiKeySet(current.apiKey.hint) : m.apiKeyNotSet}
                  className="[&>label]:hidden"
                  data-testid="sms-api-key"
                />
              </div>
            </div>
            <label className="flex items-center gap-2 text-sm">
              <Switch checked={v.sandbox} onCheckedChange={(sandbox) => setV((p) => ({ ...p, sandbox }))} data-testid="sms-sandbox" />
              {m.sandbox}
            </label>
          </>
        )}
        {err.error && <FormErrorAlert title={s.saveFailed} detail={err.error.message} testId="sms-error" />}
        <div className="flex justify-end">
          <PendingButton type="submit" pending={save.isPending} icon={Save} data-testid="sms-save">
            {m.save}
          </PendingButton>
        </div>
      </form>
      <TestSender title={m.testTitle} label={m.testPhone} type="tel" placeholder="0712 345 678" run={(phone) => test.mutateAsync(phone)} pending={test.isPending} testId="sms-test" />
    </SettingsCard>
  );
}
