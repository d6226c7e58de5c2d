import * as React from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2, Info, Loader2, Pencil } from 'lucide-react';
import { toast } from 'sonner';
import { CURRICULA, createSchoolBody, type CreateSchoolBody, type CreateSchoolInput, type School, type SchoolLeader } from '@shared/contracts/schools';
import { messages } from '@shared/messages';
import { roleDisplayName } from '@shared/roles';
import { ApiError } from '@/lib/api';
import { FieldError, FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatPhone } from '@/lib/format';
import { useCreateSchool, useSchoolLeaders, useUpdateSchool } from '../api/schools';

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
        const fields = Object.entries(err.fields ?? {});
        const known = fields.filter(([k]) => (FIELD_NAMES as readonly string[]).includes(k));
        for (const [k, message] of known) setError(k as FieldName, { type: 'server', message }, { shouldFocus: true });
        if (known.length === 0) setFormError(err.message || m.saveFailed);
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
        <div className="grid content-start gap-2 sm:col-span-2">
          <Label htmlFor={fid('name')}>{m.name}</Label>
          <Input id={fid('name')} autoComplete="off" maxLength={160} {...register('name')} {...invalid('name')} data-testid="school-name-input" />
          <FieldError id={fid('name-error')} message={errors.name?.message} />
        </div>
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
        <div className="grid content-start gap-2">
          <Label htmlFor={fid('curriculum')}>{m.curriculum}</Label>
          <Controller
            control={control}
            name="curriculum"
            render={({ field }) => (
              <Select value={field.value ?? ''} onValueChange={field.onChange}>
                <SelectTrigger id={fid('curriculum')} ref={field.ref} onBlur={field.onBlur} {...invalid('curriculum')} data-testid="school-curriculum-input">
                  <SelectValue placeholder={m.curriculumPlaceholder} />
                </SelectTrigger>
                <SelectContent>
                  {CURRICULA.map((c) => (
                    <SelectItem key={c} value={c}>
                      {c}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <FieldError id={fid('curriculum-error')} message={errors.curriculum?.message} />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={fid('motto')}>
            {m.motto} <Optional />
          </Label>
          <Input id={fid('motto')} autoComplete="off" maxLength={200} {...register('motto')} {...invalid('motto')} />
          <FieldError id={fid('motto-error')} message={errors.motto?.message} />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={fid('logoUrl')}>
            {m.logoUrl} <Optional />
          </Label>
          <Input id={fid('logoUrl')} type="url" inputMode="url" autoComplete="off" placeholder={m.logoPlaceholder} {...register('logoUrl')} {...invalid('logoUrl')} data-testid="school-logo-input" />
          <FieldError id={fid('logoUrl-error')} message={errors.logoUrl?.message} />
        </div>

        <SectionTitle>{m.sectionContact}</SectionTitle>
        <div className="grid content-start gap-2">
          <Label htmlFor={fid('county')}>
            {m.county} <Optional />
          </Label>
          <Input id={fid('county')} autoComplete="off" maxLength={80} {...register('county')} {...invalid('county')} data-testid="school-county-input" />
          <FieldError id={fid('county-error')} message={errors.county?.message} />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={fid('phone')}>
            {m.phone} <Optional />
          </Label>
          <Input id={fid('phone')} type="tel" inputMode="tel" autoComplete="off" placeholder={m.phonePlaceholder} {...register('phone')} {...invalid('phone')} data-testid="school-phone-input" />
          <FieldError id={fid('phone-error')} message={errors.phone?.message} />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={fid('email')}>
            {m.email} <Optional />
          </Label>
          <Input id={fid('email')} type="email" inputMode="email" autoComplete="off" {...register('email')} {...invalid('email')} data-testid="school-email-input" />
          <FieldError id={fid('email-error')} message={errors.email?.message} />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={fid('address')}>
            {m.address} <Optional />
          </Label>
          <Input id={fid('address')} autoComplete="off" maxLength={300} {...register('address')} {...invalid('address')} />
          <FieldError id={fid('address-error')} message={errors.address?.message} />
        </div>

        <SectionTitle>{m.sectionPeople}</SectionTitle>
        {editing ? (
          <>
            <LeaderPicker
              control={control}
              name="ownerId"
              id={fid('ownerId')}
              label={m.owner}
              role="school_director"
              leaders={leaders.data ?? []}
              loading={leaders.isPending}
              error={errors.ownerId?.message}
              invalid={invalid('ownerId')}
            />
            <LeaderPicker
              control={control}
              name="principalId"
              id={fid('principalId')}
              label={m.principal}
              role="principal"
              leaders={leaders.data ?? []}
              loading={leaders.isPending}
              error={errors.principalId?.message}
              invalid={invalid('principalId')}
            />
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
      <DialogFooter className="pt-1">
        <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
          {m.cancel}
        </Button>
        <Button type="submit" disabled={pending} data-testid="school-form-submit">
          {pending && <Loader2 className="animate-spin" aria-hidden />}
          {editing ? (pending ? m.saving : m.save) : pending ? m.creating : m.create}
        </Button>
      </DialogFooter>
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
  const Icon = editing ? Pencil : Building2;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl gap-5 sm:p-7" onInteractOutside={(e) => e.preventDefault()} data-testid="school-dialog">
        <DialogHeader className="gap-2">
          <span className="mb-1 inline-flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Icon className="size-5" aria-hidden />
          </span>
          <DialogTitle>{editing ? m.editTitle : m.createTitle}</DialogTitle>
          <DialogDescription>{target ? m.editDescription(target.name) : m.createDescription}</DialogDescription>
        </DialogHeader>
        {open && <SchoolForm key={school?.id ?? 'new'} school={school} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
