import * as React from 'react';
import { toast } from 'sonner';
import { Loader2, Save } from 'lucide-react';
import type { PayrollSettingsBody } from '@shared/contracts/payroll';
import { payrollScreens as m } from '@shared/messages/payroll-screens';
import { LabelledField } from '@/components/field';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { saveSettings, usePayrollMutation, usePayrollSettings } from '../api/payroll';
import { ViewHeading } from '../components/view-heading';

const s = m.settings;

/** HR's payroll settings (issue 14 §3): pay day, SHIF rounding, NITA levy, employer numbers on returns. */
export function PayrollSettingsView() {
  const settings = usePayrollSettings();
  if (settings.isPending) return <Skeleton className="h-72 w-full max-w-2xl rounded-xl" />;
  if (settings.isError) return <QueryErrorCard query={settings} title={m.runs.loadFailed} retryLabel={m.runs.retry} />;
  return <SettingsForm initial={settings.data} />;
}

function SettingsForm({ initial }: { initial: PayrollSettingsBody }) {
  const [form, setForm] = React.useState(initial);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const save = usePayrollMutation(saveSettings);
  const set = <K extends keyof PayrollSettingsBody>(k: K, v: PayrollSettingsBody[K]) => setForm((f) => ({ ...f, [k]: v }));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    save.mutate(form, {
      onSuccess: (saved) => {
        setForm(saved);
        toast.success(s.saved);
      },
      onError: (err) => setErrors(err instanceof ApiError ? { ...(err.fields ?? {}), form: err.message } : { form: m.runs.failed }),
    });
  };
  const text = (k: 'employerKraPin' | 'nssfEmployerNumber' | 'shifEmployerNumber', label: string) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`ps-${k}`}>{label}</Label>
      <Input id={`ps-${k}`} value={form[k] ?? ''} onChange={(e) => set(k, e.target.value)} aria-invalid={!!errors[k] || undefined} data-testid={`ps-${k}`} />
      {errors[k] && <p className="text-xs text-destructive">{errors[k]}</p>}
    </div>
  );
  return (
    <form onSubmit={submit} className="grid max-w-2xl min-w-0 gap-5 rounded-xl border bg-card p-4 shadow-xs sm:p-6" data-testid="payroll-settings" noValidate>
      <ViewHeading title={s.title} description={s.description} />
      <LabelledField id="ps-payday" label={s.payDay} className="grid gap-1.5">
        <Input id="ps-payday" type="number" min={1} max={31} className="w-28" value={form.payDay} onChange={(e) => set('payDay', Number(e.target.value))} />
        <p className="text-xs text-muted-foreground">{errors.payDay ?? s.payDayHint}</p>
      </LabelledField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{s.shifRounding}</legend>
        {(['cents', 'shilling'] as const).map((v) => (
          <label key={v} className="flex items-center gap-2 text-sm">
            <input type="radio" name="shif" className="accent-primary" checked={form.shifRounding === v} onChange={() => set('shifRounding', v)} />
            {v === 'cents' ? s.shifCents : s.shifShilling}
          </label>
        ))}
      </fieldset>
      <label className="flex items-start gap-2 text-sm">
        <Checkbox checked={form.nitaLevy} onCheckedChange={(v) => set('nitaLevy', v === true)} className="mt-0.5" />
        {s.nitaLevy}
      </label>
      <div className="grid gap-4 sm:grid-cols-3">
        {text('employerKraPin', s.employerKraPin)}
        {text('nssfEmployerNumber', s.nssfEmployerNumber)}
        {text('shifEmployerNumber', s.shifEmployerNumber)}
      </div>
      {errors.form && (
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive">
          {errors.form}
        </p>
      )}
      <div>
        <Button type="submit" disabled={save.isPending} data-testid="ps-save">
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
          {s.save}
        </Button>
      </div>
    </form>
  );
}
