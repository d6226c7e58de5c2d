import * as React from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2, Eye, EyeOff, Loader2, UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { createUserBody, creatableRoles, DEFAULT_TEMPORARY_PASSWORD, type CreateUserBody } from '@shared/contracts/users';
import { messages } from '@shared/messages';
import { isAdminRole, roleDisplayName, type Role } from '@shared/roles';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useCreateUser, type SchoolOption } from '../api/users';
import { FieldError, FormErrorAlert } from '@/components/form-feedback';

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
        const fields = Object.entries(err.fields ?? {});
        const known = fields.filter(([k]) => (FIELD_NAMES as readonly string[]).includes(k));
        for (const [k, message] of known) setError(k as FieldName, { type: 'server', message }, { shouldFocus: true });
        if (known.length === 0) setFormError(err.message || m.createFailed);
        else if (known.length < fields.length) setFormError(fields.filter((e) => !known.includes(e)).map(([, v]) => v).join(' '));
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
        <div className="grid content-start gap-2 sm:col-span-2">
          <Label htmlFor={fid('name')}>{f.fullName}</Label>
          <Input id={fid('name')} autoComplete="off" maxLength={120} {...register('name')} {...invalid('name')} />
          <FieldError id={fid('name-error')} message={errors.name?.message} />
        </div>
        <div className="grid content-start gap-2 sm:col-span-2">
          <Label htmlFor={fid('email')}>{f.email}</Label>
          <Input id={fid('email')} type="email" inputMode="email" autoComplete="off" {...register('email')} {...invalid('email')} />
          <FieldError id={fid('email-error')} message={errors.email?.message} />
        </div>
        <div className="grid content-start gap-2 sm:col-span-2">
          <Label htmlFor={fid('password')}>{f.temporaryPassword}</Label>
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
          <FieldError id={fid('password-error')} message={errors.password?.message} />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={fid('phone')}>
            {f.phone} <span className="font-normal text-muted-foreground">({m.optional})</span>
          </Label>
          <Input id={fid('phone')} type="tel" inputMode="tel" autoComplete="off" placeholder={m.phonePlaceholder} {...register('phone')} {...invalid('phone')} />
          <FieldError id={fid('phone-error')} message={errors.phone?.message} />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={fid('role')}>{f.role}</Label>
          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <Select
                value={field.value ?? ''}
                onValueChange={(v) => {
                  field.onChange(v as Role);
                  if (v === 'edufam_admin') setValue('schoolId', '', { shouldValidate: formState.isSubmitted });
                }}
              >
                <SelectTrigger id={fid('role')} ref={field.ref} onBlur={field.onBlur} {...invalid('role')} data-testid="create-user-role">
                  <SelectValue placeholder={m.rolePlaceholder} />
                </SelectTrigger>
                <SelectContent>
                  {roleChoices.map((r) => (
                    <SelectItem key={r} value={r}>
                      {roleDisplayName(r)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <FieldError id={fid('role-error')} message={errors.role?.message} />
        </div>
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
          <div className="grid content-start gap-2 sm:col-span-2">
            <Label htmlFor={fid('schoolId')}>{f.school}</Label>
            <Controller
              control={control}
              name="schoolId"
              render={({ field }) => (
                <Select value={field.value ?? ''} onValueChange={field.onChange}>
                  <SelectTrigger id={fid('schoolId')} ref={field.ref} onBlur={field.onBlur} {...invalid('schoolId')} data-testid="create-user-school">
                    <SelectValue placeholder={m.schoolPlaceholder} />
                  </SelectTrigger>
                  <SelectContent>
                    {activeSchools.map((s) => (
                      <SelectItem key={s.id} value={s.id}>
                        {s.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            <FieldError id={fid('schoolId-error')} message={errors.schoolId?.message} />
          </div>
        )}
      </div>
      {formError && <FormErrorAlert title={m.createFailed} detail={formError} testId="create-user-error" />}
      <DialogFooter className="pt-1">
        <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
          {f.cancel}
        </Button>
        <Button type="submit" disabled={pending} data-testid="create-user-submit">
          {pending ? <Loader2 className="animate-spin" aria-hidden /> : <UserPlus aria-hidden />}
          {pending ? f.creating : f.submit}
        </Button>
      </DialogFooter>
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl gap-5 sm:p-7" onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader className="gap-2">
          <span className="mb-1 inline-flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
            <UserPlus className="size-5" aria-hidden />
          </span>
          <DialogTitle>{f.title}</DialogTitle>
          <DialogDescription>{m.createDescription}</DialogDescription>
        </DialogHeader>
        {open && <CreateUserForm creatorRole={creatorRole} creatorSchool={creatorSchool} schools={schools} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
