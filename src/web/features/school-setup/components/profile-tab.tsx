import * as React from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@/lib/zod-resolver';
import { z } from 'zod';
import { Hash, ImageUp, Languages, Mail, MapPin, Pencil, Phone, Quote, Trash2, BookOpenCheck, Gauge } from 'lucide-react';
import { toast } from 'sonner';
import { checkAdmissionPattern } from '@shared/admission-number';
import { KENYAN_COUNTIES, SETUP_CURRICULA, TEACHER_LOAD_MAX_LIMIT, type SchoolProfile, type SetupCurriculum } from '@shared/contracts/school-setup';
import { LOCALES, LOCALE_NAMES, type Locale } from '@shared/i18n/locale';
import { messages } from '@shared/messages';
import { languageMessages } from '@shared/messages/language';
import { normaliseKenyanPhone } from '@shared/phone';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { FormErrorAlert } from '@/components/form-feedback';
import { QueryErrorCard } from '@/components/query-error-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPhone } from '@/lib/format';
import { useAdmissionPreview, useSchoolProfile, useSetLogo, useUpdateProfile } from '../api/profile';
import { Field } from '@/components/field';
import { FormButtons, NativeSelect, Panel, SetupDialog, applyServerErrors, errorText, invalidProps, useCanEdit, useFieldIds } from './shared';
import { PendingButton } from '@/components/pending-button';
import { MinistryDetailsPanel } from './ministry-details';

const m = messages.schoolSetup;

/** The Profile tab: the school's identity, contacts, curricula and admission-number pattern. */
export function ProfileTab() {
  const query = useSchoolProfile();
  const canEdit = useCanEdit();
  const [editing, setEditing] = React.useState(false);
  if (query.isError) return <QueryErrorCard query={query} title={m.loadErrorTitle} retryLabel={m.tryAgain} />;
  const p = query.data;
  if (!p) return <Skeleton className="h-80 w-full rounded-xl" />;
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Panel
        title={m.profileTitle}
        description={m.profileDescription}
        testId="profile-panel"
        actions={
          canEdit && (
            <Button onClick={() => setEditing(true)} data-testid="profile-edit">
              <Pencil aria-hidden />
              {m.editProfile}
            </Button>
          )
        }
      >
        <div className="flex items-center gap-4 rounded-lg border bg-muted/30 p-4">
          <Logo profile={p} />
          <div className="min-w-0">
            <p className="text-lg font-semibold leading-tight" data-testid="profile-name">
              {p.name}
            </p>
            {p.motto && (
              <p className="mt-1 flex items-start gap-1.5 text-sm text-muted-foreground italic" data-testid="profile-motto">
                <Quote className="mt-0.5 size-3.5 shrink-0" aria-hidden />
                {p.motto}
              </p>
            )}
          </div>
        </div>
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <Item icon={MapPin} label={m.county} value={p.county} testId="profile-county" />
          <Item icon={MapPin} label={m.address} value={p.address} />
          <Item icon={Phone} label={m.phone} value={p.phone ? formatPhone(p.phone) : null} testId="profile-phone" />
          <Item icon={Mail} label={m.email} value={p.email} />
          <Item
            icon={BookOpenCheck}
            label={m.curricula}
            value={
              <span className="flex flex-wrap gap-1.5" data-testid="profile-curricula">
                {p.curricula.map((c) => (
                  <Badge key={c} variant={c === p.curriculum ? 'default' : 'outline'}>
                    {c}
                    {c === p.curriculum && p.curricula.length > 1 ? ` · ${m.mainCurriculumBadge}` : ''}
                  </Badge>
                ))}
              </span>
            }
          />
          <Item icon={Gauge} label={m.maxTeacherLoad} value={m.lessons(p.maxTeacherLoad)} />
          <Item icon={Languages} label={languageMessages.schoolDefaultLabel} value={LOCALE_NAMES[p.defaultLocale]} testId="profile-default-locale" />
        </dl>
      </Panel>
      <Panel title={m.admissionPattern} description={m.admissionPatternHint} testId="profile-admission">
        <div className="rounded-lg border bg-muted/30 p-4">
          <p className="flex items-center gap-2 font-mono text-sm" data-testid="profile-pattern">
            <Hash className="size-4 text-muted-foreground" aria-hidden />
            {p.admissionNumberPattern}
          </p>
          {p.nextAdmissionNumber && (
            <p className="mt-2 text-sm font-medium text-primary" data-testid="profile-next-number">
              {m.admissionPreview(p.nextAdmissionNumber)}
            </p>
          )}
        </div>
      </Panel>
      <MinistryDetailsPanel profile={p} className="lg:col-span-2" />
      <SetupDialog open={editing} onOpenChange={setEditing} icon={Pencil} title={m.editProfileTitle} description={m.editProfileDescription} wide testId="profile-dialog">
        <ProfileForm profile={p} onDone={() => setEditing(false)} />
      </SetupDialog>
    </div>
  );
}

function Item({ icon: Icon, label, value, testId }: { icon: React.ComponentType<{ className?: string }>; label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
        <Icon className="size-3.5" aria-hidden />
        {label}
      </dt>
      <dd className="mt-1 text-sm break-words" data-testid={testId}>
        {value || <span className="text-muted-foreground">{m.notSet}</span>}
      </dd>
    </div>
  );
}

/** The logo with upload, replace and remove (the principal). */
function Logo({ profile }: { profile: SchoolProfile }) {
  const canEdit = useCanEdit();
  const setLogo = useSetLogo();
  const input = React.useRef<HTMLInputElement>(null);
  const initial = profile.name.trim().charAt(0).toUpperCase();
  const run = (file: File | null) =>
    setLogo.mutate(file, {
      onSuccess: () => toast.success(file ? m.logoUploaded : m.logoRemoved),
      onError: (err) => toast.error(m.saveFailed, { description: errorText(err) }),
    });
  return (
    <div className="flex shrink-0 flex-col items-center gap-2">
      <span className="flex size-20 items-center justify-center overflow-hidden rounded-xl border bg-card text-2xl font-semibold text-primary" data-testid="profile-logo">
        {profile.logoUrl ? <img src={profile.logoUrl} alt={m.logo} className="size-full object-contain" /> : initial}
      </span>
      {canEdit && (
        <div className="flex gap-1">
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="sr-only"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) run(file);
            }}
            data-testid="profile-logo-input"
          />
          <PendingButton size="sm" variant="outline" onClick={() => input.current?.click()} pending={setLogo.isPending} icon={ImageUp} title={m.logoHint}>
            {profile.logoUrl ? m.replaceLogo : m.uploadLogo}
          </PendingButton>
          {profile.logoUrl && (
            <Button size="icon" variant="ghost" className="size-8" onClick={() => run(null)} disabled={setLogo.isPending} aria-label={m.removeLogo}>
              <Trash2 aria-hidden />
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

interface ProfileForm {
  name: string;
  motto: string;
  address: string;
  county: string;
  phone: string;
  email: string;
  curricula: SetupCurriculum[];
  curriculum: SetupCurriculum;
  admissionNumberPattern: string;
  maxTeacherLoad: string;
  defaultLocale: Locale;
}
const FIELDS = ['name', 'motto', 'address', 'county', 'phone', 'email', 'curricula', 'curriculum', 'admissionNumberPattern', 'maxTeacherLoad', 'defaultLocale'] as const;

function ProfileForm({ profile, onDone }: { profile: SchoolProfile; onDone: () => void }) {
  const f = useFieldIds();
  const update = useUpdateProfile();
  const [formError, setFormError] = React.useState('');
  const initialPhone = profile.phone ? formatPhone(profile.phone) : '';
  const schema = React.useMemo(
    () =>
      z
        .object({
          name: z.string().trim().min(1, m.nameRequired).max(160, m.nameTooLong),
          motto: z.string().max(200, m.textTooLong(200)),
          address: z.string().max(300, m.textTooLong(300)),
          county: z.string(),
          phone: z.string().refine((v) => !v.trim() || v === initialPhone || !!normaliseKenyanPhone(v), m.invalidPhone),
          email: z.union([z.literal(''), z.email(m.invalidEmail)]),
          curricula: z.array(z.enum(SETUP_CURRICULA)).min(1, m.curriculaRequired),
          curriculum: z.enum(SETUP_CURRICULA),
          admissionNumberPattern: z.string().superRefine((v, ctx) => {
            const r = checkAdmissionPattern(v);
            if (!r.ok) ctx.addIssue({ code: 'custom', message: r.message });
          }),
          maxTeacherLoad: z.string().refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= TEACHER_LOAD_MAX_LIMIT, m.maxTeacherLoadInvalid),
          defaultLocale: z.enum(LOCALES, languageMessages.invalid),
        })
        .refine((v) => v.curricula.includes(v.curriculum), { path: ['curriculum'], message: m.curriculumNotOffered }),
    [initialPhone],
  );
  const form = useForm<ProfileForm>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: profile.name,
      motto: profile.motto ?? '',
      address: profile.address ?? '',
      county: profile.county ?? '',
      phone: initialPhone,
      email: profile.email ?? '',
      curricula: profile.curricula,
      curriculum: profile.curriculum,
      admissionNumberPattern: profile.admissionNumberPattern,
      maxTeacherLoad: String(profile.maxTeacherLoad),
      defaultLocale: profile.defaultLocale,
    },
  });
  const { register, control, handleSubmit, setError, formState } = form;
  const errors = formState.errors;
  const pattern = useWatch({ control, name: 'admissionNumberPattern' });
  const curricula = useWatch({ control, name: 'curricula' });
  const debounced = useDebouncedValue(pattern, 300);
  const patternOk = checkAdmissionPattern(debounced).ok;
  const preview = useAdmissionPreview(debounced.trim(), patternOk);
  const counties: string[] = [...KENYAN_COUNTIES];
  if (profile.county && !counties.includes(profile.county)) counties.unshift(profile.county);

  const onSubmit = handleSubmit(async (v) => {
    setFormError('');
    try {
      await update.mutateAsync({
        name: v.name,
        motto: v.motto,
        address: v.address,
        county: v.county || null,
        phone: v.phone === initialPhone ? profile.phone : v.phone,
        email: v.email,
        curricula: v.curricula,
        curriculum: v.curriculum,
        admissionNumberPattern: v.admissionNumberPattern.trim(),
        maxTeacherLoad: Number(v.maxTeacherLoad),
        defaultLocale: v.defaultLocale,
      });
      toast.success(m.saved, { description: m.profileSaved });
      onDone();
    } catch (err) {
      setFormError(applyServerErrors(err, setError, FIELDS));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="profile-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={f('name')} label={m.name} error={errors.name?.message} className="sm:col-span-2">
          <Input id={f('name')} maxLength={160} {...register('name')} {...invalidProps(f('name'), errors.name?.message)} data-testid="profile-name-input" />
        </Field>
        <Field id={f('motto')} label={m.motto} optional error={errors.motto?.message} className="sm:col-span-2">
          <Input id={f('motto')} maxLength={200} {...register('motto')} {...invalidProps(f('motto'), errors.motto?.message)} data-testid="profile-motto-input" />
        </Field>
        <Field id={f('county')} label={m.county} optional error={errors.county?.message}>
          <NativeSelect id={f('county')} {...register('county')} {...invalidProps(f('county'), errors.county?.message)} data-testid="profile-county-input">
            <option value="">{m.countyPlaceholder}</option>
            {counties.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id={f('phone')} label={m.phone} optional error={errors.phone?.message}>
          <Input id={f('phone')} type="tel" inputMode="tel" placeholder={m.phonePlaceholder} {...register('phone')} {...invalidProps(f('phone'), errors.phone?.message)} data-testid="profile-phone-input" />
        </Field>
        <Field id={f('email')} label={m.email} optional error={errors.email?.message}>
          <Input id={f('email')} type="email" inputMode="email" {...register('email')} {...invalidProps(f('email'), errors.email?.message)} data-testid="profile-email-input" />
        </Field>
        <Field id={f('address')} label={m.address} optional error={errors.address?.message}>
          <Input id={f('address')} maxLength={300} {...register('address')} {...invalidProps(f('address'), errors.address?.message)} />
        </Field>
        <fieldset className="grid content-start gap-2">
          <legend className="mb-2 text-sm font-medium">{m.curricula}</legend>
          <Controller
            control={control}
            name="curricula"
            render={({ field }) => (
              <div className="flex flex-wrap gap-3" data-testid="profile-curricula-input">
                {SETUP_CURRICULA.map((c) => (
                  <label key={c} className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5">
                    <Checkbox
                      checked={field.value.includes(c)}
                      onCheckedChange={(on) => field.onChange(on ? SETUP_CURRICULA.filter((x) => x === c || field.value.includes(x)) : field.value.filter((x) => x !== c))}
                      data-testid={`profile-curriculum-${c}`}
                    />
                    {c}
                  </label>
                ))}
              </div>
            )}
          />
          {errors.curricula ? <p className="text-xs font-medium text-destructive">{errors.curricula.message}</p> : <p className="text-xs text-muted-foreground">{m.curriculaHint}</p>}
        </fieldset>
        <Field id={f('curriculum')} label={m.mainCurriculum} error={errors.curriculum?.message}>
          <NativeSelect id={f('curriculum')} {...register('curriculum')} {...invalidProps(f('curriculum'), errors.curriculum?.message)} data-testid="profile-main-curriculum">
            {SETUP_CURRICULA.filter((c) => curricula.includes(c)).map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field
          id={f('pattern')}
          label={m.admissionPattern}
          error={errors.admissionNumberPattern?.message}
          hint={m.admissionPatternHint}
        >
          <Input id={f('pattern')} className="font-mono" autoComplete="off" spellCheck={false} maxLength={30} {...register('admissionNumberPattern')} {...invalidProps(f('pattern'), errors.admissionNumberPattern?.message)} data-testid="profile-pattern-input" />
          <p className="min-h-5 text-sm font-medium text-primary" aria-live="polite" data-testid="profile-pattern-preview">
            {patternOk && preview.data && debounced === pattern ? m.admissionPreview(preview.data.next) : checkAdmissionPattern(pattern).ok ? '…' : ''}
          </p>
        </Field>
        <Field id={f('maxLoad')} label={m.maxTeacherLoad} error={errors.maxTeacherLoad?.message} hint={m.maxTeacherLoadHint}>
          <Input id={f('maxLoad')} type="number" inputMode="numeric" min={1} max={TEACHER_LOAD_MAX_LIMIT} {...register('maxTeacherLoad')} {...invalidProps(f('maxLoad'), errors.maxTeacherLoad?.message)} />
        </Field>
        <Field id={f('defaultLocale')} label={languageMessages.schoolDefaultLabel} error={errors.defaultLocale?.message} hint={languageMessages.schoolDefaultHint}>
          <NativeSelect id={f('defaultLocale')} {...register('defaultLocale')} {...invalidProps(f('defaultLocale'), errors.defaultLocale?.message)} data-testid="profile-default-locale-input">
            {LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LOCALE_NAMES[l]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      {formError && <FormErrorAlert title={formError} testId="profile-form-error" />}
      <FormButtons pending={formState.isSubmitting} onCancel={onDone} testId="profile-save" />
    </form>
  );
}
