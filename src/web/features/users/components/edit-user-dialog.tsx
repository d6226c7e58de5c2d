import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Save, UserPen } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { CREATABLE_ROLES, creatableRoles, type AdminUser, type UpdateUserBody } from '@shared/contracts/users';
import { messages } from '@shared/messages';
import { roleDisplayName, type Role } from '@shared/roles';
import { ApiError } from '@/lib/api';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useUpdateUser } from '../api/users';
import { FieldError, FormErrorAlert } from '@/components/form-feedback';

const m = messages.users;
const e = m.edit;

const schema = z.object({
  name: z.string().trim().min(1, 'Full Name is required').max(120),
  phone: z.string().trim().max(30),
  role: z.enum(CREATABLE_ROLES, 'Role is required'),
});
type Values = z.infer<typeof schema>;
const FIELDS: readonly (keyof Values)[] = ['name', 'phone', 'role'];

/** A stored phone (2547XXXXXXXX) as the form shows it (+2547XXXXXXXX, which the server accepts back). */
function phoneForForm(phone: string | null): string {
  return phone ? `+${phone}` : '';
}

function EditUserForm({ target, editorRole, isSelf, onDone }: { target: AdminUser; editorRole: Role | null; isSelf: boolean; onDone: () => void }) {
  const id = React.useId();
  const update = useUpdateUser();
  const [formError, setFormError] = React.useState<string | null>(null);
  // School accounts keep a school role: the editor's choices without edufam_admin (server: ROLE_NOT_ALLOWED).
  const roleChoices = creatableRoles(editorRole).filter((r): r is (typeof CREATABLE_ROLES)[number] => (CREATABLE_ROLES as readonly Role[]).includes(r));
  const initial: Values = { name: target.name, phone: phoneForForm(target.phone), role: target.role as Values['role'] };
  const { register, control, handleSubmit, setError, formState } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: initial });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    // Only what changed; nothing changed closes the dialog.
    const body: UpdateUserBody = {};
    if (values.name !== initial.name) body.name = values.name;
    if (values.phone !== initial.phone) body.phone = values.phone;
    if (values.role !== initial.role && !isSelf) body.role = values.role;
    if (Object.keys(body).length === 0) {
      onDone();
      return;
    }
    try {
      const { user, message } = await update.mutateAsync({ id: target.id, body });
      toast.success(e.updatedTitle, { description: message || m.userUpdated(user.name) });
      onDone();
    } catch (err) {
      const fields = err instanceof ApiError ? Object.entries(err.fields ?? {}) : [];
      const known = fields.filter(([k]) => (FIELDS as readonly string[]).includes(k));
      for (const [k, message] of known) setError(k as keyof Values, { type: 'server', message }, { shouldFocus: true });
      if (known.length === 0) setFormError(err instanceof ApiError && err.message ? err.message : e.failed);
    }
  });

  const pending = formState.isSubmitting;
  const fid = (name: string) => `${id}-${name}`;
  const invalid = (name: keyof Values) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': fid(`${name}-error`) } : {});

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="edit-user-form">
      <div className="grid gap-2">
        <Label htmlFor={fid('email')}>{m.form.email}</Label>
        <Input id={fid('email')} value={target.email} readOnly disabled aria-describedby={fid('email-note')} />
        <p id={fid('email-note')} className="text-xs text-muted-foreground">
          {e.emailNote}
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={fid('name')}>{m.form.fullName}</Label>
        <Input id={fid('name')} autoComplete="off" maxLength={120} {...register('name')} {...invalid('name')} />
        <FieldError id={fid('name-error')} message={errors.name?.message} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <Label htmlFor={fid('phone')}>
            {m.form.phone} <span className="font-normal text-muted-foreground">({m.optional})</span>
          </Label>
          <Input id={fid('phone')} type="tel" inputMode="tel" autoComplete="off" placeholder={m.phonePlaceholder} {...register('phone')} {...invalid('phone')} />
          <FieldError id={fid('phone-error')} message={errors.phone?.message} />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={fid('role')}>{m.form.role}</Label>
          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <Select value={field.value} onValueChange={(v) => field.onChange(v as Values['role'])} disabled={isSelf}>
                <SelectTrigger id={fid('role')} ref={field.ref} onBlur={field.onBlur} {...invalid('role')} data-testid="edit-user-role">
                  <SelectValue />
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
          {isSelf && <p className="text-xs text-muted-foreground">{e.ownRoleNote}</p>}
          <FieldError id={fid('role-error')} message={errors.role?.message} />
        </div>
      </div>
      {formError && <FormErrorAlert title={e.failed} detail={formError} testId="edit-user-error" />}
      <DialogFooter className="pt-1">
        <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
          {m.form.cancel}
        </Button>
        <Button type="submit" disabled={pending} data-testid="edit-user-submit">
          {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
          {pending ? e.saving : e.save}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * Edit User dialog (PATCH /api/users/:id; issue 3 §1 role changes): name, phone and role of a school
 * account. Platform admin accounts are not edited here (their rows show "System Admin"); one's own role
 * is shown but locked. Each opening starts from the row's current values.
 */
export function EditUserDialog({
  target,
  editorRole,
  selfId,
  onClose,
}: {
  target: AdminUser | null;
  editorRole: Role | null;
  selfId: string | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={!!target} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg gap-5 sm:p-7" onInteractOutside={(ev) => ev.preventDefault()}>
        <DialogHeader className="gap-2">
          <span className="mb-1 inline-flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
            <UserPen className="size-5" aria-hidden />
          </span>
          <DialogTitle>{e.title}</DialogTitle>
          <DialogDescription>{e.description}</DialogDescription>
        </DialogHeader>
        {target && <EditUserForm key={target.id} target={target} editorRole={editorRole} isSelf={target.id === selfId} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
