import * as React from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@/lib/zod-resolver';
import { Building2, Info, Pencil } from 'lucide-react';
import { toast } from 'sonner';
import { CURRICULA, createSchoolBody, type CreateSchoolBody, type CreateSchoolInput, type School, type SchoolLeader } from '@shared/contracts/schools';
import { messages } from '@shared/messages';
import { roleDisplayName } from '@shared/roles';
import { ApiError } from '@/lib/api';
import { FieldError, FormErrorAlert, placeFieldErrors } from '@/components/form-feedback';
import { FormDialogFooter, LongFormDialog } from '@/components/form-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatPhone } from '@/lib/format';
import { useCreateSchool, useSchoolLeaders, useUpdateSchool } from '../api/schools';
import { LabelledField } from '@/components/field';
import { FormSelect } from '@/components/form-select';
import { perLocale } from '@shared/i18n/localized';

const m = messages.schoolsManagement;
const NONE = 'none';

type FormInput = CreateSchoolBody;
type FieldName = keyof FormInput;
const FIELD_NAMES: readonly FieldName[] = ['name', 'code', 'curriculum', 'address', 'county', 'phone', 'email', 'logoUrl', 'motto', 'ownerId', 'principalId'];

function defaultsFor(school: School | null): FormInput {
  return {
    name: school?.name ?? '',
    code: school?.code ?? '',
    curriculum: school?.curriculum ?? (undefined as unknown as FormInput['curriculum']),
    address: school?.address ?? '',
    county: school?.county ?? '',
    phone: school?.phone ? formatPhone(school.phone) : '',
    email: school?.email ?? '',
    logoUrl: school?.logoUrl ?? '',
    motto: school?.motto ?? '',
    ownerId: school?.ownerId ?? '',
    principalId: school?.principalId ?? '',
  };
}

function Optional() {
  return <span className="font-normal text-muted-foreground">({m.optional})</span>;
}

function SectionTitle({ children }: { children: React.ReactNode }) {
  return <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase sm:col-span-2">{children}</p>;
}

/** A picker of one of the school's leaders (owner: directors; principal: principals), or nobody. */
function LeaderPicker({
  control,
  name,
  id,
  label,
  role,
  leaders,
  loading,
  error,
  invalid,
}: {
  control: Control<FormInput>;
  name: 'ownerId' | 'principalId';
  id: string;
  label: string;
  role: SchoolLeader['role'];
  leaders: SchoolLeader[];
  loading: boolean;
  error?: string;
  invalid: Record<string, unknown>;
}) {
  const choices = leaders.filter((l) => l.role === role);
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>
        {label} <Optional />
      </Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select value={field.value || NONE} onValueChange={(v) => field.onChange(v === NONE ? '' : v)} disabled={loading}>
            <SelectTrigger id={id} ref={field.ref} onBlur={field.onBlur} {...invalid} data-testid={`school-${name}`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NONE}>{m.nobody}</SelectItem>
              {choices.map((l) => (
                <SelectItem key={l.id} value={l.id}>
                  {l.name}
                  {l.status !== 'active' ? ` (${messages.users.statusLabels[l.status as 'inactive'] ?? l.status})` : ''}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
      {!loading && choices.length === 0 && <p className="text-xs text-muted-foreground">{m.noLeaders(roleDisplayName(role).toLowerCase())}</p>}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The two leader pickers of an existing school: its owner (a director) and its principal. */
const LEADER_PICKERS = perLocale((): readonly { name: 'ownerId' | 'principalId'; label: string; role: SchoolLeader['role'] }[] => ([
  { name: 'ownerId', label: m.owner, role: 'school_director' },
  { name: 'principalId', label: m.principal, role: 'principal' },
]));

function SchoolForm({ school, onDone }: { school: School | null; onDone: () => void }) {
  const editing = !!school;
  const id = React.useId();
  const [formError, setFormError] = React.useState<string | null>(null);
  const create = useCreateSchool();
  const update = useUpdateSchool();
  const leaders = useSchoolLeaders(school?.id ?? null);

  const form = useForm<FormInput, unknown, CreateSchoolInput>({ resolver: zodResolver(createSchoolBody), defaultValues: defaultsFor(school) });
  const { register, control, handleSubmit, setError, formState } = form;
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (school) {
        const { school: saved } = await update.mutateAsync({ id: school.id, body: values });
        toast.success(m.updatedTitle, { description: m.updated(saved.name) });
      } else {
        const { ownerId: _o, principalId: _p, ...body } = values;
        const { school: saved } = await create.mutateAsync(body);
        toast.success(m.createdTitle, { description: m.created(saved.name) });
      }
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status > 0) {
        const { placed } = placeFieldErrors(err, FIELD_NAMES, setError);
        if (placed.length === 0) setFormError(err.message || m.saveFailed);
      } else {
        setFormError(err instanceof Error && err.message ? err.message : m.saveFailed);
      }
    }
  });

  const pending = formState.isSubmitting || create.isPending || update.isPending;
  const fid = (name: string) => `${id}-${name}`;
  const invalid = (name: FieldName) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': fid(`${name}-error`) } : {});

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="school-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <SectionTitle>{m.sectionIdentity}</SectionTitle>
        <LabelledField id={fid('name')} label={m.name} error={errors.name?.message} className="grid content-start gap-2 sm:col-span-2">
          <Input id={fid('name')} autoComplete="off" maxLength={160} {...register('name')} {...invalid('name')} data-testid="school-name-input" />
        </LabelledField>
        <div className="grid content-start gap-2">
          <Label htmlFor={fid('code')}>
            {m.code} {!editing && <Optional />}
          </Label>
          <Input
            id={fid('code')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            className="font-mono"
            {...register('code')}
            aria-invalid={errors.code ? true : undefined}
            aria-describedby={errors.code ? fid('code-error') : fid('code-hint')}
            data-testid="school-code-input"
          />
          {errors.code ? (
            <FieldError id={fid('code-error')} message={errors.code.message} />
          ) : (
            <p id={fid('code-hint')} className="text-xs text-muted-foreground">
              {m.codeHint}
            </p>
          )}
        </div>
        <LabelledField id={fid('curriculum')} label={m.curriculum} error={errors.curriculum?.message}>
          <FormSelect control={control} name="curriculum" id={fid('curriculum')} invalid={invalid('curriculum')} testId="school-curriculum-input" placeholder={m.curriculumPlaceholder} options={CURRICULA.map((c) => ({ value: c, label: c }))} />
        </LabelledField>
        <LabelledField id={fid('motto')} label={m.motto} optional error={errors.motto?.message}>
          <Input id={fid('motto')} autoComplete="off" maxLength={200} {...register('motto')} {...invalid('motto')} />
        </LabelledField>
        <LabelledField id={fid('logoUrl')} label={m.logoUrl} optional error={errors.logoUrl?.message}>
          <Input id={fid('logoUrl')} type="url" inputMode="url" autoComplete="off" placeholder={m.logoPlaceholder} {...register('logoUrl')} {...invalid('logoUrl')} data-testid="school-logo-input" />
        </LabelledField>

        <SectionTitle>{m.sectionContact}</SectionTitle>
        <LabelledField id={fid('county')} label={m.county} optional error={errors.county?.message}>
          <Input id={fid('county')} autoComplete="off" maxLength={80} {...register('county')} {...invalid('county')} data-testid="school-county-input" />
        </LabelledField>
        <LabelledField id={fid('phone')} label={m.phone} optional error={errors.phone?.message}>
          <Input id={fid('phone')} type="tel" inputMode="tel" autoComplete="off" placeholder={m.phonePlaceholder} {...register('phone')} {...invalid('phone')} data-testid="school-phone-input" />
        </LabelledField>
        <LabelledField id={fid('email')} label={m.email} optional error={errors.email?.message}>
          <Input id={fid('email')} type="email" inputMode="email" autoComplete="off" {...register('email')} {...invalid('email')} data-testid="school-email-input" />
        </LabelledField>
        <LabelledField id={fid('address')} label={m.address} optional error={errors.address?.message}>
          <Input id={fid('address')} autoComplete="off" maxLength={300} {...register('address')} {...invalid('address')} />
        </LabelledField>

        <SectionTitle>{m.sectionPeople}</SectionTitle>
        {editing ? (
          <>
            {LEADER_PICKERS.map(({ name, label, role }) => (
              <LeaderPicker
                key={name}
                control={control}
                name={name}
                id={fid(name)}
                label={label}
                role={role}
                leaders={leaders.data ?? []}
                loading={leaders.isPending}
                error={errors[name]?.message}
                invalid={invalid(name)}
              />
            ))}
            {leaders.isError && <p className="text-xs text-destructive sm:col-span-2">{m.leadersError}</p>}
          </>
        ) : (
          <p className="flex items-start gap-2 rounded-md border bg-muted/40 px-3 py-2.5 text-xs leading-relaxed text-muted-foreground sm:col-span-2" data-testid="school-leaders-later">
            <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden />
            {m.leadersAfterCreate}
          </p>
        )}
      </div>
      {formError && <FormErrorAlert title={formError} testId="school-form-error" />}
      <FormDialogFooter
        className="pt-1"
        cancelLabel={m.cancel}
        onCancel={onDone}
        pending={pending}
        submitTestId="school-form-submit"
        label={editing ? (pending ? m.saving : m.save) : pending ? m.creating : m.create}
      />
    </form>
  );
}

/** Add School / Edit School dialog. Each opening starts with a fresh form. */
export function SchoolFormDialog({ open, school, onOpenChange }: { open: boolean; school: School | null; onOpenChange: (open: boolean) => void }) {
  // Keep the last school while the dialog animates out.
  const [shown, setShown] = React.useState<School | null>(school);
  if (school && school !== shown) setShown(school);
  const target = open ? school : shown;
  const editing = !!target;
  return (
    <LongFormDialog
      open={open}
      onOpenChange={onOpenChange}
      testId="school-dialog"
      icon={editing ? Pencil : Building2}
      title={editing ? m.editTitle : m.createTitle}
      description={target ? m.editDescription(target.name) : m.createDescription}
    >
      <SchoolForm key={school?.id ?? 'new'} school={school} onDone={() => onOpenChange(false)} />
    </LongFormDialog>
  );
}
