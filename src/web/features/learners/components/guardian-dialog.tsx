import * as React from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@/lib/zod-resolver';
import { Pencil, UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import {
  guardianInputSchema,
  learnerName,
  updateGuardianBody,
  type GuardianInput,
  type StudentDetail,
  type StudentGuardian,
} from '@shared/contracts/learners';
import { messages } from '@shared/messages';
import type { z } from 'zod';
import { ApiError } from '@/lib/api';
import { FormErrorAlert } from '@/components/form-feedback';
import { Checkbox } from '@/components/ui/checkbox';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { Input } from '@/components/ui/input';
import { useAddGuardian, useUpdateGuardian } from '../api/learners';
import { changedGuardianFields } from '../learner-forms';
import { Field, describedBy } from '@/components/field';
import { formatPhone } from './format';
import { GuardianLanguageField, KnownGuardianNotice, RelationshipField, useKnownGuardian } from './guardian-fields';

const m = messages.learners;
const a = m.admission;
const t = m.guardiansTab;

type Values = GuardianInput;
type Output = z.output<typeof guardianInputSchema>;
const KEYS = ['name', 'relationship', 'phone', 'email', 'isPrimary', 'idNumber', 'occupation', 'preferredLanguage', 'createAccount'] as const;

function valuesOf(g: StudentGuardian | null): Values {
  return {
    name: g?.name ?? '',
    relationship: (g?.relationship ?? '') as Values['relationship'],
    phone: g ? formatPhone(g.phone) : '',
    email: g?.email ?? '',
    isPrimary: g?.isPrimary ?? false,
    idNumber: g?.idNumber ?? '',
    occupation: g?.occupation ?? '',
    // null follows the school's default (issue 36 §1).
    preferredLanguage: g && !g.followsSchoolLanguage ? g.preferredLanguage : null,
    createAccount: false,
  };
}

function GuardianForm({ learner, guardian, onDone }: { learner: StudentDetail; guardian: StudentGuardian | null; onDone: () => void }) {
  const idPrefix = React.useId();
  const editing = !!guardian;
  const schema = editing ? updateGuardianBody : guardianInputSchema;
  const form = useForm<Values, unknown, Output>({ resolver: zodResolver(schema as typeof guardianInputSchema), defaultValues: valuesOf(guardian) });
  const { register, control, handleSubmit, setError, formState } = form;
  const add = useAddGuardian();
  const update = useUpdateGuardian();
  const [formError, setFormError] = React.useState<string | null>(null);
  const phone = useWatch({ control, name: 'phone' }) ?? '';
  const known = useKnownGuardian(editing ? '' : phone);
  const e = formState.errors;
  const id = (n: string) => `${idPrefix}-${n}`;
  // The school's default as the API resolved it for a guardian who follows it (until the profile loads).
  const schoolDefault = learner.guardians.find((g) => g.followsSchoolLanguage)?.preferredLanguage;

  const onSubmit = handleSubmit(async (out) => {
    setFormError(null);
    try {
      if (guardian) {
        const body = changedGuardianFields(guardian, out);
        if (Object.keys(body).length === 0) {
          setFormError(m.edit.nothingChanged);
          return;
        }
        await update.mutateAsync({ id: learner.id, guardianId: guardian.id, body });
        toast.success(t.saved(out.name));
      } else {
        await add.mutateAsync({ id: learner.id, body: out as GuardianInput });
        toast.success(t.added(known.guardian?.name ?? out.name));
      }
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status > 0) {
        // Admission-style keys (guardians.0.email) and plain ones (email) both land on their field.
        const fields = Object.entries(err.fields ?? {})
          .map(([k, v]) => [k.replace(/^guardians\.\d+\./, ''), v] as const)
          .filter(([k]) => (KEYS as readonly string[]).includes(k));
        fields.forEach(([k, message], i) => setError(k as FieldPath<Values>, { type: 'server', message }, { shouldFocus: i === 0 }));
        if (fields.length === 0) setFormError(err.message || m.common.saveFailed);
        return;
      }
      setFormError(err instanceof Error && err.message ? err.message : m.common.saveFailed);
    }
  });

  const pending = formState.isSubmitting || add.isPending || update.isPending;
  const hasAccount = guardian?.hasAccount || known.guardian?.hasAccount;

  return (
    <form onSubmit={onSubmit} noValidate className="grid min-w-0 gap-4" data-testid="guardian-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id('phone')} label={a.phone} error={e.phone?.message}>
          <Input id={id('phone')} type="tel" inputMode="tel" autoComplete="off" placeholder={a.phonePlaceholder} maxLength={30} {...register('phone')} {...describedBy(id('phone'), e.phone)} data-testid="guardian-phone" />
        </Field>
        <Field id={id('name')} label={a.guardianName} error={e.name?.message}>
          <Input id={id('name')} autoComplete="off" maxLength={120} {...register('name')} {...describedBy(id('name'), e.name)} data-testid="guardian-name" />
        </Field>
        {known.guardian && (
          <div className="sm:col-span-2">
            <KnownGuardianNotice guardian={known.guardian} />
          </div>
        )}
        <RelationshipField id={id('relationship')} control={control} name="relationship" error={e.relationship} />
        <Field id={id('email')} label={a.email} optional error={e.email?.message}>
          <Input id={id('email')} type="email" inputMode="email" autoComplete="off" maxLength={320} {...register('email')} {...describedBy(id('email'), e.email)} data-testid="guardian-email" />
        </Field>
        <Field id={id('idNumber')} label={a.idNumber} optional error={e.idNumber?.message}>
          <Input id={id('idNumber')} autoComplete="off" maxLength={20} className="font-mono" {...register('idNumber')} {...describedBy(id('idNumber'), e.idNumber)} />
        </Field>
        <Field id={id('occupation')} label={a.occupation} optional error={e.occupation?.message}>
          <Input id={id('occupation')} autoComplete="off" maxLength={80} {...register('occupation')} {...describedBy(id('occupation'), e.occupation)} />
        </Field>
        <GuardianLanguageField id={id('language')} control={control} name="preferredLanguage" error={e.preferredLanguage} schoolDefault={schoolDefault} className="sm:col-span-2" />
      </div>
      <div className="flex flex-col gap-3">
        <Controller
          control={control}
          name="isPrimary"
          render={({ field }) => (
            <label className="flex cursor-pointer items-center gap-2.5 text-sm">
              <Checkbox checked={!!field.value} onCheckedChange={(v) => field.onChange(v === true)} ref={field.ref} data-testid="guardian-primary" />
              {a.primary}
            </label>
          )}
        />
        {hasAccount ? (
          <p className="text-sm text-muted-foreground">{a.alreadyHasAccount}</p>
        ) : (
          <Controller
            control={control}
            name="createAccount"
            render={({ field }) => (
              <label className="flex cursor-pointer items-start gap-2.5 text-sm leading-snug">
                <Checkbox className="mt-0.5" checked={!!field.value} onCheckedChange={(v) => field.onChange(v === true)} ref={field.ref} data-testid="guardian-create-account" />
                {a.createAccount}
              </label>
            )}
          />
        )}
      </div>
      {formError && <FormErrorAlert title={formError} testId="guardian-form-error" />}
      <FormDialogFooter className="pt-1" cancelLabel={m.common.cancel} onCancel={onDone} label={pending ? m.common.saving : editing ? m.common.save : t.add} pending={pending} submitTestId="guardian-save" />
    </form>
  );
}

/** Add a guardian (POST /api/students/:id/guardians) or edit one (PATCH, changed fields only). */
export function GuardianDialog({
  learner,
  guardian,
  open,
  onOpenChange,
}: {
  learner: StudentDetail;
  guardian: StudentGuardian | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      className="max-w-2xl gap-5 sm:p-7"
      keepOnOutsideClick
      testId="guardian-dialog"
      icon={guardian ? Pencil : UserPlus}
      title={guardian ? t.editTitle : t.addTitle}
      description={guardian ? t.editDescription(guardian.name) : t.addDescription(learnerName(learner))}
    >
      {open && <GuardianForm key={guardian?.id ?? 'new'} learner={learner} guardian={guardian} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}
