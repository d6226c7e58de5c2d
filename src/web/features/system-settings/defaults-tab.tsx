import * as React from 'react';
import { toast } from 'sonner';
import { BookOpen, CalendarRange, Gauge, Hash, Save } from 'lucide-react';
import { checkAdmissionPattern, formatAdmissionNumber } from '@shared/admission-number';
import {
  checkNewSchoolDefaults,
  DEFAULT_CURRICULA,
  isMonthDay,
  type NewSchoolDefaults,
  type NewSchoolDefaultsResponse,
  type TermTemplate,
} from '@shared/contracts/system-settings';
import type { ScaleKey } from '@shared/grading';
import { formatShortDay } from '@shared/dates';
import { systemSettingsScreens as s } from '@shared/messages/system-settings-screens';
import { InputField, FieldError, FormErrorAlert, useFormError } from '@/components/form-feedback';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { formatInstant } from '@/lib/format';
import { useNewSchoolDefaults, useSaveDefaults } from './settings-api';
import { SettingsCard } from './settings-card';
import { PendingButton } from '@/components/pending-button';
import { HeadCells } from '@/components/head-cells';
import { ChoiceButtons } from '@/components/choice-buttons';

const d = s.defaults;
/** "01-05" → "5 Jan" (or '' while it is not a day): shared formatShortDay of that day in 2000, a leap year, so 02-29 reads. */
const humanDay = (v: string | null) => (v && isMonthDay(v) ? formatShortDay(`2000-${v}`) : '');

/**
 * Defaults for new schools (issue 18 §4): curricula offered, the three-term template (month-days),
 * the grading scales' band minimums, the SMS sender ID and the admission-number pattern with a live
 * example. Checked in the browser with the server's rule (checkNewSchoolDefaults) before saving.
 */
export function DefaultsTab() {
  const q = useNewSchoolDefaults();
  if (!q.data) return <Skeleton className="h-[40rem] rounded-xl" />;
  return <DefaultsForm key={q.data.updatedAt ?? 'built-in'} data={q.data} />;
}

function DefaultsForm({ data }: { data: NewSchoolDefaultsResponse }) {
  const [v, setV] = React.useState<NewSchoolDefaults>(() => structuredClone(data.defaults));
  const [checked, setChecked] = React.useState<Record<string, string>>({});
  const [scaleKey, setScaleKey] = React.useState<ScaleKey>(data.defaults.gradingScales[0]?.key ?? 'cbc4');
  const save = useSaveDefaults();
  const err = useFormError();
  const fieldError = (k: string) => checked[k] ?? err.field(k);

  const setTerm = (i: number, patch: Partial<TermTemplate>) => setV((p) => ({ ...p, terms: p.terms.map((t, j) => (j === i ? { ...t, ...patch } : t)) }));
  const setMin = (code: string, min: number) =>
    setV((p) => ({
      ...p,
      gradingScales: p.gradingScales.map((sc) => (sc.key === scaleKey ? { ...sc, bands: sc.bands.map((b) => (b.code === code ? { ...b, min } : b)) } : sc)),
    }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    err.clear();
    const problems = checkNewSchoolDefaults(v);
    setChecked(problems);
    if (Object.keys(problems).length) return;
    save.mutate(v, { onSuccess: (res) => toast.success(res.message ?? ''), onError: (e2) => err.fail(e2) });
  };

  const pattern = checkAdmissionPattern(v.admissionNumberPattern);
  const scale = v.gradingScales.find((x) => x.key === scaleKey);
  const year = new Date().getFullYear();

  return (
    <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-4" data-testid="defaults-form">
      <div className="grid min-w-0 gap-4 xl:grid-cols-2">
        <SettingsCard icon={BookOpen} title={d.curricula} description={d.curriculaHint}>
          <div className="flex flex-wrap gap-2" role="group" aria-label={d.curricula}>
            {DEFAULT_CURRICULA.map((c) => {
              const on = v.curricula.includes(c);
              return (
                <label
                  key={c}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm transition-colors',
                    on ? 'border-primary/50 bg-primary/5' : 'hover:bg-muted/50',
                  )}
                >
                  <Checkbox
                    checked={on}
                    onCheckedChange={(next) => setV((p) => ({ ...p, curricula: next ? [...p.curricula, c] : p.curricula.filter((x) => x !== c) }))}
                    data-testid={`defaults-curriculum-${c}`}
                  />
                  {d.curriculumLabels[c] ?? c}
                </label>
              );
            })}
          </div>
          <FieldError id="defaults-curricula-error" message={fieldError('curricula')} />
        </SettingsCard>

        <SettingsCard icon={Hash} title={d.identity}>
          <div className="grid gap-4 sm:grid-cols-2 [&>*]:content-start">
            <InputField
              id="defaults-sender"
              label={d.smsSenderId}
              hint={d.smsSenderIdHint}
              value={v.smsSenderId}
              maxLength={11}
              onChange={(e) => setV((p) => ({ ...p, smsSenderId: e.target.value }))}
              error={fieldError('smsSenderId')}
              className="[&_input]:font-mono"
              data-testid="defaults-sender"
            />
            <InputField
              id="defaults-pattern"
              label={d.admissionPattern}
              hint={pattern.ok ? d.preview(formatAdmissionNumber(v.admissionNumberPattern, year, 1)) : d.admissionPatternHint}
              value={v.admissionNumberPattern}
              onChange={(e) => setV((p) => ({ ...p, admissionNumberPattern: e.target.value }))}
              error={fieldError('admissionNumberPattern')}
              className="[&_input]:font-mono"
              data-testid="defaults-pattern"
            />
          </div>
        </SettingsCard>
      </div>

      <SettingsCard icon={CalendarRange} title={d.terms} description={d.termsHint}>
        <div className="grid gap-3">
          <div className="hidden grid-cols-[minmax(0,1.2fr)_repeat(4,minmax(0,1fr))] gap-3 px-1 text-xs font-medium text-muted-foreground lg:grid">
            <span>{d.termName}</span>
            <span>{d.starts}</span>
            <span>{d.ends}</span>
            <span>{d.halfTermFrom}</span>
            <span>{d.halfTermTo}</span>
          </div>
          {v.terms.map((t, i) => {
            const dateInput = (k: 'startsOn' | 'endsOn' | 'halfTermStartsOn' | 'halfTermEndsOn', label: string) => {
              const value = t[k] ?? '';
              const error = fieldError(`terms.${i}.${k}`);
              return (
                <div className="grid min-w-0 gap-1">
                  <span className="text-xs text-muted-foreground lg:hidden">{label}</span>
                  <Input
                    value={value}
                    placeholder={k.startsWith('half') ? d.noHalfTerm : 'MM-DD'}
                    aria-label={`${t.name || `Term ${i + 1}`} ${label}`}
                    aria-invalid={!!error || undefined}
                    maxLength={5}
                    inputMode="numeric"
                    className="font-mono"
                    onChange={(e) => {
                      const raw = e.target.value;
                      setTerm(i, { [k]: k.startsWith('half') && raw.trim() === '' ? null : raw } as Partial<TermTemplate>);
                    }}
                    data-testid={`defaults-term-${i}-${k}`}
                  />
                  <span className="h-4 text-xs text-muted-foreground">{humanDay(t[k])}</span>
                  <FieldError id={`defaults-term-${i}-${k}-error`} message={error} />
                </div>
              );
            };
            return (
              <div key={i} className="grid min-w-0 grid-cols-2 gap-3 rounded-lg border p-3 lg:grid-cols-[minmax(0,1.2fr)_repeat(4,minmax(0,1fr))] lg:border-0 lg:p-1">
                <div className="col-span-2 grid min-w-0 gap-1 lg:col-span-1">
                  <span className="text-xs text-muted-foreground lg:hidden">{d.termName}</span>
                  <Input value={t.name} aria-label={`${d.termName} ${i + 1}`} onChange={(e) => setTerm(i, { name: e.target.value })} data-testid={`defaults-term-${i}-name`} />
                  <FieldError id={`defaults-term-${i}-name-error`} message={fieldError(`terms.${i}.name`)} />
                </div>
                {dateInput('startsOn', d.starts)}
                {dateInput('endsOn', d.ends)}
                {dateInput('halfTermStartsOn', d.halfTermFrom)}
                {dateInput('halfTermEndsOn', d.halfTermTo)}
              </div>
            );
          })}
        </div>
      </SettingsCard>

      <SettingsCard icon={Gauge} title={d.grading} description={d.gradingHint}>
        <ChoiceButtons
          options={v.gradingScales.map((sc) => ({ value: sc.key, name: sc.name }))}
          value={scaleKey}
          onChange={setScaleKey}
          label={d.grading}
          tabs={{}}
          className="flex flex-wrap gap-1.5"
          buttonClassName={(sc, on) =>
            cn(
              'cursor-pointer rounded-full border px-3 py-1.5 text-xs font-medium transition-colors',
              on ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-muted',
              fieldError(`gradingScales.${sc.value}`) && !on && 'border-destructive text-destructive',
            )
          }
          buttonTestId={(sc) => `defaults-scale-${sc.value}`}
        >
          {(sc) => sc.name}
        </ChoiceButtons>
        {scale && (
          <div className="mt-4 overflow-x-auto rounded-lg border">
            <table className="w-full text-sm">
              <thead className="bg-muted/40 text-xs text-muted-foreground">
                <tr>
                  <HeadCells th="px-3 py-2 text-left font-medium" cols={[{ label: d.band }, { label: d.from }, { label: d.points }]} />
                </tr>
              </thead>
              <tbody className="divide-y">
                {scale.bands.map((b) => (
                  <tr key={b.code}>
                    <td className="px-3 py-1.5">
                      <span className="font-mono font-semibold">{b.code}</span>
                      {b.descriptor && <span className="ml-2 hidden text-muted-foreground sm:inline">{b.descriptor}</span>}
                    </td>
                    <td className="px-3 py-1.5">
                      <Input
                        type="number"
                        min={0}
                        max={100}
                        value={Number.isFinite(b.min) ? b.min : ''}
                        onChange={(e) => setMin(b.code, e.target.value === '' ? Number.NaN : Number(e.target.value))}
                        aria-label={`${scale.name} ${b.code} ${d.from}`}
                        className="h-8 w-20 font-mono sm:w-24"
                        data-testid={`defaults-band-${scale.key}-${b.code}`}
                      />
                    </td>
                    <td className="px-3 py-1.5 text-muted-foreground">{b.points ?? '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <FieldError id="defaults-scale-error" message={fieldError(`gradingScales.${scaleKey}`)} />
      </SettingsCard>

      {err.error && <FormErrorAlert title={s.saveFailed} detail={err.error.message} testId="defaults-error" />}
      <div className="flex flex-col-reverse gap-3 rounded-xl border bg-card px-4 py-3 shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted-foreground">{data.updatedAt ? d.lastSaved(formatInstant(data.updatedAt)) : d.builtIn}</p>
        <PendingButton type="submit" pending={save.isPending} icon={Save} data-testid="defaults-save">
          {save.isPending ? d.saving : d.save}
        </PendingButton>
      </div>
    </form>
  );
}
