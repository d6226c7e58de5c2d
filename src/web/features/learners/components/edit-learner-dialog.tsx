import * as React from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@/lib/zod-resolver';
import { Pencil } from 'lucide-react';
import { toast } from 'sonner';
import { learnerName, updateStudentBody, type StudentDetail, type UpdateStudentBody, type UpdateStudentInput } from '@shared/contracts/learners';
import { messages } from '@shared/messages';
import { ApiError } from '@/lib/api';
import { FormErrorAlert } from '@/components/form-feedback';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { Input } from '@/components/ui/input';
import { useClasses, useUpdateStudent } from '../api/learners';
import { LEARNER_FIELDS, changedLearnerFields, learnerFormValues } from '../learner-forms';
import { Field, describedBy } from '@/components/field';
import { KemisFields } from './kemis-fields';
import { HealthFields, LearnerIdentityFields, OverCapacityConfirm, PlacementFields, useOverCapacity, type LearnerFieldValues, type LearnerForm } from './learner-fields';

const m = messages.learners;
const e = m.edit;

type Values = LearnerFieldValues;

function EditForm({ learner, onDone }: { learner: StudentDetail; onDone: () => void }) {
  const idPrefix = React.useId();
  const form = useForm<Values, unknown, UpdateStudentInput>({ resolver: zodResolver(updateStudentBody), defaultValues: learnerFormValues(learner) });
  const { handleSubmit, setError, formState } = form;
  const classes = useClasses();
  const update = useUpdateStudent();
  const [formError, setFormError] = React.useState<string | null>(null);
  const capacity = useOverCapacity<UpdateStudentBody>();

  const send = async (body: UpdateStudentBody) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync({ id: learner.id, body });
      capacity.clear();
      toast.success(m.updated, { description: e.saved(learnerName(saved)) });
      onDone();
    } catch (err) {
      if (capacity.refused(body, err)) return;
      if (err instanceof ApiError && err.status > 0) {
        const fields = Object.entries(err.fields ?? {}).filter(([k]) => (LEARNER_FIELDS as readonly string[]).includes(k));
        fields.forEach(([k, message], i) => setError(k as FieldPath<Values>, { type: 'server', message }, { shouldFocus: i === 0 }));
        if (fields.length === 0) setFormError(err.message || m.common.saveFailed);
        return;
      }
      setFormError(err instanceof Error && err.message ? err.message : m.common.saveFailed);
    }
  };

  const onSubmit = handleSubmit(async (out) => {
    const body = changedLearnerFields(learner, out);
    if (Object.keys(body).length === 0) {
      setFormError(e.nothingChanged);
      return;
    }
    await send(body);
  });

  const pending = formState.isSubmitting || update.isPending;
  const learnerForm = form as unknown as LearnerForm;
  const numberId = `${idPrefix}-admissionNumber`;
  const numberError = formState.errors.admissionNumber?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="grid min-w-0 gap-6" data-testid="edit-learner-form">
      <LearnerIdentityFields form={learnerForm} idPrefix={idPrefix} />
      <div className="grid gap-4">
        <PlacementFields form={learnerForm} idPrefix={idPrefix} classes={classes.data ?? []} classesLoading={classes.isPending} classesError={classes.isError} ownClassId={learner.classId} />
        <Field id={numberId} label={m.profile.fields.admissionNumber} error={numberError} className="sm:max-w-xs">
          <Input id={numberId} autoComplete="off" spellCheck={false} maxLength={40} className="font-mono" {...form.register('admissionNumber')} {...describedBy(numberId, numberError)} data-testid="learner-admissionNumber" />
        </Field>
      </div>
      <HealthFields form={learnerForm} idPrefix={idPrefix} />
      <KemisFields form={learnerForm} idPrefix={idPrefix} />
      {formError && (formError === e.nothingChanged ? <FormErrorAlert title={formError} testId="edit-learner-error" /> : <FormErrorAlert title={m.common.saveFailed} detail={formError} testId="edit-learner-error" />)}
      <FormDialogFooter className="pt-1" cancelLabel={m.common.cancel} onCancel={onDone} label={pending ? m.common.saving : m.common.save} pending={pending} submitTestId="edit-learner-save" />
      <OverCapacityConfirm
        capacity={capacity}
        title={e.moveTitle}
        confirmLabel={e.moveConfirm}
        pending={update.isPending}
        onResend={send}
        testId="edit-over-capacity"
        confirmTestId="edit-move-anyway"
      />
    </form>
  );
}

/** "Edit learner details" (PATCH /api/students/:id with only the changed fields). */
export function EditLearnerDialog({ learner, open, onOpenChange }: { learner: StudentDetail; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog open={open} onClose={() => onOpenChange(false)} className="max-w-4xl gap-5 sm:p-7" keepOnOutsideClick testId="edit-learner-dialog" icon={Pencil} title={e.title} description={e.description(learnerName(learner))}>
      {open && <EditForm key={learner.updatedAt} learner={learner} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}
