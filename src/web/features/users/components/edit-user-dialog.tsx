import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@/lib/zod-resolver';
import { Save, UserPen } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { CREATABLE_ROLES, creatableRoles, type AdminUser, type UpdateUserBody } from '@shared/contracts/users';
import { messages } from '@shared/messages';
import { roleDisplayName, type Role } from '@shared/roles';
import { formatKenyanPhone } from '@shared/phone';
import { ApiError } from '@/lib/api';
import { FormDialogFooter, LongFormDialog } from '@/components/form-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useUpdateUser } from '../api/users';
import { FormErrorAlert, placeFieldErrors } from '@/components/form-feedback';
import { LabelledField } from '@/components/field';
import { FormSelect } from '@/components/form-select';

const m = messages.users;
const e = m.edit;

const schema = z.object({
  name: z.string().trim().min(1, messages.users.form.fullNameRequired).max(120),
  phone: z.string().trim().max(30),
  role: z.enum(CREATABLE_ROLES, messages.users.form.roleRequired),
});
type Values = z.infer<typeof schema>;
const FIELDS: readonly (keyof Values)[] = ['name', 'phone', 'role'];

function EditUserForm({ target, editorRole, isSelf, onDone }: { target: AdminUser; editorRole: Role | null; isSelf: boolean; onDone: () => void }) {
  const id = React.useId();
  const update = useUpdateUser();
  const [formError, setFormError] = React.useState<string | null>(null);
  // School accounts keep a school role: the editor's choices without edufam_admin (server: ROLE_NOT_ALLOWED).
  const roleChoices = creatableRoles(editorRole).filter((r): r is (typeof CREATABLE_ROLES)[number] => (CREATABLE_ROLES as readonly Role[]).includes(r));
  // The phone as people write it (0712 345 678), which the server takes back as it is.
  const initial: Values = { name: target.name, phone: formatKenyanPhone(target.phone), role: target.role as Values['role'] };
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
      const { placed } = placeFieldErrors(err, FIELDS, setError);
      if (placed.length === 0) setFormError(err instanceof ApiError && err.message ? err.message : e.failed);
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
      <LabelledField id={fid('name')} label={m.form.fullName} error={errors.name?.message} className="grid gap-2">
        <Input id={fid('name')} autoComplete="off" maxLength={120} {...register('name')} {...invalid('name')} />
      </LabelledField>
      <div className="grid gap-4 sm:grid-cols-2">
        <LabelledField id={fid('phone')} label={m.form.phone} optional error={errors.phone?.message}>
          <Input id={fid('phone')} type="tel" inputMode="tel" autoComplete="off" placeholder={m.phonePlaceholder} {...register('phone')} {...invalid('phone')} />
        </LabelledField>
        <LabelledField id={fid('role')} label={m.form.role} error={errors.role?.message}>
          <FormSelect control={control} name="role" id={fid('role')} invalid={invalid('role')} testId="edit-user-role" disabled={isSelf} options={roleChoices.map((r) => ({ value: r, label: roleDisplayName(r) }))} />
          {isSelf && <p className="text-xs text-muted-foreground">{e.ownRoleNote}</p>}
        </LabelledField>
      </div>
      {formError && <FormErrorAlert title={e.failed} detail={formError} testId="edit-user-error" />}
      <FormDialogFooter
        className="pt-1"
        cancelLabel={m.form.cancel}
        onCancel={onDone}
        pending={pending}
        submitTestId="edit-user-submit"
        icon={<Save aria-hidden />}
        label={pending ? e.saving : e.save}
      />
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
    <LongFormDialog open={!!target} onOpenChange={onClose} className="max-w-lg gap-5 sm:p-7" icon={UserPen} title={e.title} description={e.description}>
      {target && <EditUserForm key={target.id} target={target} editorRole={editorRole} isSelf={target.id === selfId} onDone={onClose} />}
    </LongFormDialog>
  );
}
