import * as React from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@/lib/zod-resolver';
import { Building2, Eye, EyeOff, UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { createUserBody, creatableRoles, DEFAULT_TEMPORARY_PASSWORD, type CreateUserBody } from '@shared/contracts/users';
import { messages } from '@shared/messages';
import { isAdminRole, roleDisplayName, type Role } from '@shared/roles';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { FormDialogFooter, LongFormDialog } from '@/components/form-dialog';
import { Input } from '@/components/ui/input';
import { useCreateUser, type SchoolOption } from '../api/users';
import { FormErrorAlert, placeFieldErrors } from '@/components/form-feedback';
import { LabelledField } from '@/components/field';
import { FormSelect } from '@/components/form-select';

const m = messages.users;
const f = m.form;

type FormInput = z.input<typeof createUserBody>;
type FieldName = keyof FormInput;
const FIELD_NAMES: readonly FieldName[] = ['name', 'email', 'password', 'phone', 'role', 'schoolId'];

/** Platform admins pick the school of every non-admin user (spec §5); school staff use their own. */
function schemaFor(choosesSchool: boolean) {
  if (!choosesSchool) return createUserBody;
  return createUserBody.refine((v) => v.role === 'edufam_admin' || !!v.schoolId, {
    path: ['schoolId'],
    message: m.schoolRequiredAdmin,
    when: () => true,
  });
}

function CreateUserForm({
  creatorRole,
  creatorSchool,
  schools,
  onDone,
}: {
  creatorRole: Role | null;
  creatorSchool: string | null;
  schools: SchoolOption[];
  onDone: () => void;
}) {
  const choosesSchool = isAdminRole(creatorRole);
  const roleChoices = creatableRoles(creatorRole);
  const id = React.useId();
  const [showPassword, setShowPassword] = React.useState(false);
  const [formError, setFormError] = React.useState<string | null>(null);
  const create = useCreateUser();

  const form = useForm<FormInput, unknown, CreateUserBody>({
    resolver: zodResolver(schemaFor(choosesSchool)),
    defaultValues: { name: '', email: '', password: DEFAULT_TEMPORARY_PASSWORD, phone: '', schoolId: '' },
  });
  const { register, control, handleSubmit, setValue, setError, formState } = form;
  const errors = formState.errors;
  const role = useWatch({ control, name: 'role' });
  const showSchool = choosesSchool && !!role && role !== 'edufam_admin';
  // New accounts go to schools that are open (the server refuses inactive ones).
  const activeSchools = schools.filter((s) => s.status === 'active');

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const body: CreateUserBody = {
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
      role: values.role,
      ...(values.phone?.trim() ? { phone: values.phone.trim() } : {}),
      ...(choosesSchool && values.role !== 'edufam_admin' && values.schoolId ? { schoolId: values.schoolId } : {}),
    };
    try {
      const { user } = await create.mutateAsync(body);
      toast.success(m.createdTitle, { description: m.created(user.name) });
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status > 0) {
        const { placed, others } = placeFieldErrors(err, FIELD_NAMES, setError);
        if (placed.length === 0) setFormError(err.message || m.createFailed);
        else if (others.length > 0) setFormError(others.map(([, v]) => v).join(' '));
      } else {
        // Network failure or timeout: the friendly message under "Failed to create user" (spec §8).
        setFormError(err instanceof ApiError && err.message ? err.message : m.createFailed);
      }
    }
  });

  const pending = formState.isSubmitting || create.isPending;
  const fid = (name: string) => `${id}-${name}`;
  const invalid = (name: FieldName) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': fid(`${name}-error`) } : {});

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="create-user-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <LabelledField id={fid('name')} label={f.fullName} error={errors.name?.message} className="grid content-start gap-2 sm:col-span-2">
          <Input id={fid('name')} autoComplete="off" maxLength={120} {...register('name')} {...invalid('name')} />
        </LabelledField>
        <LabelledField id={fid('email')} label={f.email} error={errors.email?.message} className="grid content-start gap-2 sm:col-span-2">
          <Input id={fid('email')} type="email" inputMode="email" autoComplete="off" {...register('email')} {...invalid('email')} />
        </LabelledField>
        <LabelledField id={fid('password')} label={f.temporaryPassword} error={errors.password?.message} className="grid content-start gap-2 sm:col-span-2">
          <div className="relative">
            <Input
              id={fid('password')}
              type={showPassword ? 'text' : 'password'}
              autoComplete="new-password"
              placeholder={f.passwordPlaceholder}
              className="pr-10"
              {...register('password')}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={cn(fid('password-note'), errors.password && fid('password-error'))}
            />
            <button
              type="button"
              onClick={() => setShowPassword((s) => !s)}
              className="absolute top-1/2 right-1.5 flex size-7 -translate-y-1/2 cursor-pointer items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground"
              aria-label={showPassword ? m.hidePassword : m.showPassword}
            >
              {showPassword ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
            </button>
          </div>
          <p id={fid('password-note')} className="text-xs text-muted-foreground">
            {f.passwordNote}
          </p>
        </LabelledField>
        <LabelledField id={fid('phone')} label={f.phone} optional error={errors.phone?.message}>
          <Input id={fid('phone')} type="tel" inputMode="tel" autoComplete="off" placeholder={m.phonePlaceholder} {...register('phone')} {...invalid('phone')} />
        </LabelledField>
        <LabelledField id={fid('role')} label={f.role} error={errors.role?.message}>
          <FormSelect
              control={control}
              name="role"
              id={fid('role')}
              invalid={invalid('role')}
              testId="create-user-role"
              placeholder={m.rolePlaceholder}
              options={roleChoices.map((r) => ({ value: r, label: roleDisplayName(r) }))}
              onValueChange={(v) => v === 'edufam_admin' && setValue('schoolId', '', { shouldValidate: formState.isSubmitted })}
            />
        </LabelledField>
        {!choosesSchool && creatorSchool && (
          <div className="grid content-start gap-2 sm:col-span-2">
            <span className="text-sm leading-none font-medium">{f.school}</span>
            <p className="flex h-10 items-center gap-2 rounded-md border bg-muted/40 px-3 text-sm text-muted-foreground" data-testid="create-user-own-school">
              <Building2 className="size-4 shrink-0" aria-hidden />
              <span className="truncate">{creatorSchool}</span>
            </p>
          </div>
        )}
        {showSchool && (
          <LabelledField id={fid('schoolId')} label={f.school} error={errors.schoolId?.message} className="grid content-start gap-2 sm:col-span-2">
            <FormSelect control={control} name="schoolId" id={fid('schoolId')} invalid={invalid('schoolId')} testId="create-user-school" placeholder={m.schoolPlaceholder} options={activeSchools.map((s) => ({ value: s.id, label: s.name }))} />
          </LabelledField>
        )}
      </div>
      {formError && <FormErrorAlert title={m.createFailed} detail={formError} testId="create-user-error" />}
      <FormDialogFooter
        className="pt-1"
        cancelLabel={f.cancel}
        onCancel={onDone}
        pending={pending}
        submitTestId="create-user-submit"
        icon={<UserPlus aria-hidden />}
        label={pending ? f.creating : f.submit}
      />
    </form>
  );
}

/** Create User dialog (spec §5 Create User form). Each opening starts with a fresh form. */
export function CreateUserDialog({
  open,
  onOpenChange,
  creatorRole,
  creatorSchool,
  schools,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  creatorRole: Role | null;
  /** The school a director's or principal's new users join (shown read-only). */
  creatorSchool: string | null;
  schools: SchoolOption[];
}) {
  return (
    <LongFormDialog open={open} onOpenChange={onOpenChange} className="max-w-xl gap-5 sm:p-7" icon={UserPlus} title={f.title} description={m.createDescription}>
      <CreateUserForm creatorRole={creatorRole} creatorSchool={creatorSchool} schools={schools} onDone={() => onOpenChange(false)} />
    </LongFormDialog>
  );
}
