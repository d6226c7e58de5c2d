import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@/lib/zod-resolver';
import { z } from 'zod';
import { BellRing, BookOpenCheck, CalendarClock, Clock, Lock, Save, Sun, SunMoon, Target, UserRoundCheck } from 'lucide-react';
import { toast } from 'sonner';
import type { AttendanceSettings } from '@shared/contracts/attendance';
import { attendancePrincipalScreens as m } from '@shared/messages/attendance-principal-screens';
import { FormErrorAlert } from '@/components/form-feedback';
import { QueryErrorCard } from '@/components/query-error-card';
import { Input } from '@/components/ui/input';
import { FormTimeField, isTimeText } from '@/components/time-field';
import { timeFieldMessages } from '@shared/messages/dates';
import { Skeleton } from '@/components/ui/skeleton';
import { describedBy, Field, FormSection } from '@/components/field';
import { applyServerErrors, ChoiceCards, type Choice } from '@/features/fees';
import { useAttendanceSettings, useSaveAttendanceSettings, type UpdateAttendanceSettings } from '../api/reports';
import type { AttendanceScope } from './attendance-scope';
import { CalendarPanel } from './calendar-panel';
import { SwitchRow } from '@/components/switch-row';
import { PendingButton } from '@/components/pending-button';
import { perLocale } from '@shared/i18n/localized';

const t = m.settings;
const FIELDS = ['sessionsPerDay', 'perLessonRegisters', 'lockAfterDays', 'chronicThreshold', 'smsAbsenceAlerts', 'staffLateAfter', 'staffSelfCheckIn'] as const;
const SESSION_CHOICES = perLocale((): Choice<'1' | '2'>[] => ([
  { value: '1', label: t.sessions.one.label, text: t.sessions.one.text, icon: Sun },
  { value: '2', label: t.sessions.two.label, text: t.sessions.two.text, icon: SunMoon },
]));

const schema = z.object({
  sessionsPerDay: z.enum(['1', '2']),
  perLessonRegisters: z.boolean(),
  lockAfterDays: z.string().refine((v) => v.trim() === '' || (/^\d{1,3}$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= 365), t.lockInvalid),
  chronicThreshold: z.string().refine((v) => /^\d{1,3}$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= 100, t.thresholdInvalid),
  smsAbsenceAlerts: z.boolean(),
  staffLateAfter: z.string().refine((v) => isTimeText(v), timeFieldMessages.invalid),
  staffSelfCheckIn: z.boolean(),
});
type SettingsForm = z.infer<typeof schema>;

function defaultsOf(s: AttendanceSettings): SettingsForm {
  return {
    sessionsPerDay: s.sessionsPerDay === 2 ? '2' : '1',
    perLessonRegisters: s.perLessonRegisters,
    lockAfterDays: s.lockAfterDays === null ? '' : String(s.lockAfterDays),
    chronicThreshold: String(s.chronicThreshold),
    smsAbsenceAlerts: s.smsAbsenceAlerts,
    staffLateAfter: s.staffLateAfter,
    staffSelfCheckIn: s.staffSelfCheckIn,
  };
}

function bodyOf(v: SettingsForm): UpdateAttendanceSettings {
  return {
    sessionsPerDay: v.sessionsPerDay === '2' ? 2 : 1,
    perLessonRegisters: v.perLessonRegisters,
    lockAfterDays: v.lockAfterDays.trim() === '' ? null : Number(v.lockAfterDays),
    chronicThreshold: Number(v.chronicThreshold),
    smsAbsenceAlerts: v.smsAbsenceAlerts,
    staffLateAfter: v.staffLateAfter,
    staffSelfCheckIn: v.staffSelfCheckIn,
  };
}

/**
 * The "Settings" tab (principal only; issue 13 §1-§3): how registers are taken (one or two a day,
 * per-lesson registers), when they lock, the chronic-absence threshold, SMS absence alerts, when staff
 * are late and whether they check themselves in (PUT /api/attendance/settings), then the school
 * calendar's own days and the year's public holidays.
 */
export function SettingsTab({ scope }: { scope: AttendanceScope }) {
  const query = useAttendanceSettings(scope.schoolId);
  return (
    <div className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="attendance-settings-tab">
      {query.isError ? (
        <QueryErrorCard query={query} title={m.common.loadFailed} retryLabel={m.common.tryAgain} testId="attendance-settings-error" />
      ) : !query.data ? (
        <Skeleton className="h-[34rem] w-full rounded-xl" />
      ) : (
        <SettingsFormCard settings={query.data} />
      )}
      <CalendarPanel scope={scope} />
    </div>
  );
}

function SettingsFormCard({ settings }: { settings: AttendanceSettings }) {
  const save = useSaveAttendanceSettings();
  const [formError, setFormError] = React.useState('');
  const form = useForm<SettingsForm>({ resolver: zodResolver(schema), defaultValues: defaultsOf(settings) });
  const { register, control, handleSubmit, setError, reset, formState } = form;
  const errors = formState.errors;

  // The last saved settings: only what differs from them is sent.
  const [lastSaved, setLastSaved] = React.useState(settings);
  const onSubmit = handleSubmit(async (v) => {
    setFormError('');
    const next = bodyOf(v);
    const changed = Object.fromEntries(Object.entries(next).filter(([k, value]) => lastSaved[k as keyof AttendanceSettings] !== value)) as UpdateAttendanceSettings;
    if (Object.keys(changed).length === 0) {
      toast.info(t.unchanged);
      return;
    }
    try {
      const saved = await save.mutateAsync(changed);
      setLastSaved(saved);
      reset(defaultsOf(saved));
      toast.success(t.saved);
    } catch (err) {
      setFormError(applyServerErrors(err, setError, FIELDS, t.saveFailed));
    }
  });

  return (
    <FormSection title={t.title} description={t.description} icon={<CalendarClock />} testId="attendance-settings">
      <form onSubmit={onSubmit} noValidate data-testid="attendance-settings-form">
        <div className="grid gap-6">
          <section className="grid gap-4" aria-labelledby="settings-registers">
            <h3 id="settings-registers" className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {t.registers}
            </h3>
            <div className="grid gap-2.5">
              <p className="text-sm font-medium">{t.sessionsPerDay}</p>
              <Controller control={control} name="sessionsPerDay" render={({ field }) => <ChoiceCards value={field.value} onChange={field.onChange} choices={SESSION_CHOICES} label={t.sessionsPerDay} testId="settings-sessions" />} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="settings-lock" label={t.lockAfter} error={errors.lockAfterDays?.message} hint={t.lockAfterHint}>
                <div className="relative">
                  <Lock className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
                  <Input id="settings-lock" type="number" inputMode="numeric" min={1} max={365} placeholder={t.lockNever} className="pr-28 pl-9 tabular-nums" {...register('lockAfterDays')} {...describedBy('settings-lock', errors.lockAfterDays?.message, true)} data-testid="settings-lock" />
                  <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-xs text-muted-foreground">{t.lockAfterSuffix}</span>
                </div>
              </Field>
              <Field id="settings-threshold" label={t.threshold} error={errors.chronicThreshold?.message} hint={t.thresholdHint}>
                <div className="relative">
                  <Target className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
                  <Input id="settings-threshold" type="number" inputMode="numeric" min={1} max={100} className="pr-9 pl-9 tabular-nums" {...register('chronicThreshold')} {...describedBy('settings-threshold', errors.chronicThreshold?.message, true)} data-testid="settings-threshold" />
                  <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground">%</span>
                </div>
              </Field>
            </div>
            <Controller control={control} name="perLessonRegisters" render={({ field }) => <SwitchRow id="settings-per-lesson" icon={BookOpenCheck} label={t.perLesson} text={t.perLessonText} textId="settings-per-lesson-text" textClassName="mt-1 text-xs leading-relaxed text-muted-foreground" checked={field.value} onCheckedChange={field.onChange} testId="settings-per-lesson" />} />
            <Controller control={control} name="smsAbsenceAlerts" render={({ field }) => <SwitchRow id="settings-sms" icon={BellRing} label={t.smsAlerts} text={t.smsAlertsText} textId="settings-sms-text" textClassName="mt-1 text-xs leading-relaxed text-muted-foreground" checked={field.value} onCheckedChange={field.onChange} testId="settings-sms" />} />
          </section>

          <section className="grid gap-4 border-t pt-5" aria-labelledby="settings-staff">
            <h3 id="settings-staff" className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {t.staff}
            </h3>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="settings-late-after" label={t.staffLateAfter} error={errors.staffLateAfter?.message} hint={t.staffLateAfterHint}>
                <div className="relative">
                  <Clock className="pointer-events-none absolute top-5 left-3 z-10 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
                  <FormTimeField control={control} name="staffLateAfter" id="settings-late-after" className="pl-9" {...describedBy('settings-late-after', errors.staffLateAfter?.message, true)} data-testid="settings-late-after" />
                </div>
              </Field>
            </div>
            <Controller control={control} name="staffSelfCheckIn" render={({ field }) => <SwitchRow id="settings-self-check-in" icon={UserRoundCheck} label={t.selfCheckIn} text={t.selfCheckInText} textId="settings-self-check-in-text" textClassName="mt-1 text-xs leading-relaxed text-muted-foreground" checked={field.value} onCheckedChange={field.onChange} testId="settings-self-check-in" />} />
          </section>
        </div>
        {formError && (
          <div className="mt-5">
            <FormErrorAlert title={t.saveFailed} detail={formError} testId="attendance-settings-error-alert" />
          </div>
        )}
        <div className="mt-6 flex justify-end border-t pt-4">
          <PendingButton pending={formState.isSubmitting} icon={Save} type="submit" className="max-sm:w-full" data-testid="attendance-settings-save">
            {formState.isSubmitting ? m.common.saving : t.save}
          </PendingButton>
        </div>
      </form>
    </FormSection>
  );
}
