import * as React from 'react';
import { Controller, useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@/lib/zod-resolver';
import { HeartPulse, School, ShieldCheck, UserPlus, UserRound, UsersRound } from 'lucide-react';
import { MAX_GUARDIANS, createStudentBody, type CreateStudentBody, type CreateStudentInput } from '@shared/contracts/learners';
import { messages } from '@shared/messages';
import { ADMISSION_CONSENT_DEFAULTS, CONSENT_PURPOSES } from '@shared/contracts/consents';
import { consentMessages } from '@shared/messages/consents';
import { Checkbox } from '@/components/ui/checkbox';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { useAdmissionPattern, useAdmitStudent, useClasses, type AdmissionResult } from '../api/learners';
import { admissionField } from '../learner-forms';
import { Field, FormSection, describedBy } from '@/components/field';
import { PendingButton } from '@/components/pending-button';
import { GuardianFields } from './guardian-fields';
import { KemisFields } from './kemis-fields';
import { HealthFields, LearnerIdentityFields, OverCapacityConfirm, PlacementFields, useOverCapacity, type LearnerForm } from './learner-fields';

const m = messages.learners;
const a = m.admission;

type FormValues = CreateStudentBody;

const emptyGuardian = (primary: boolean): FormValues['guardians'][number] => ({
  name: '',
  relationship: '' as FormValues['guardians'][number]['relationship'],
  phone: '',
  email: '',
  isPrimary: primary,
  // Follows the school's default language until chosen (issue 36 §1).
  preferredLanguage: null,
  createAccount: false,
});

function blankForm(): FormValues {
  return {
    firstName: '',
    middleName: '',
    lastName: '',
    gender: undefined as unknown as FormValues['gender'],
    dateOfBirth: '',
    birthCertificateNumber: '',
    upi: '',
    assessmentNumber: '',
    previousSchool: '',
    previousUpi: '',
    boarding: 'day',
    medicalNotes: '',
    specialNeeds: '',
    classId: '',
    admissionNumber: '',
    admittedOn: undefined,
    guardians: [emptyGuardian(true)],
    // Asked on the form (issue 35 §5): processing, SMS and e-mail checked, photos not.
    consents: { ...ADMISSION_CONSENT_DEFAULTS },
  };
}

/**
 * Student Admission (issue 10 §2): the learner, their class (grouped by level with capacity) and
 * admission number (the school's pattern, or typed and checked), health notes, and one to four
 * guardians looked up by phone as they are typed. Validated in the browser with the API's own schema
 * (createStudentBody); the server's field errors land on their fields; a full stream asks "Admit
 * anyway" and resends with overrideCapacity. Calls `onAdmitted` with the record and notices.
 */
export function AdmissionForm({ onAdmitted }: { onAdmitted: (result: AdmissionResult) => void }) {
  const idPrefix = React.useId();
  const form = useForm<FormValues, unknown, CreateStudentInput>({ resolver: zodResolver(createStudentBody), defaultValues: blankForm(), mode: 'onTouched' });
  const { control, handleSubmit, setError, setValue, getValues, formState } = form;
  const guardians = useFieldArray({ control, name: 'guardians' });
  const classes = useClasses();
  const pattern = useAdmissionPattern();
  const admit = useAdmitStudent();
  const [numberMode, setNumberMode] = React.useState<'generate' | 'type'>('generate');
  const [formError, setFormError] = React.useState<string | null>(null);
  const capacity = useOverCapacity<CreateStudentInput>();

  const send = async (body: CreateStudentInput) => {
    setFormError(null);
    try {
      const result = await admit.mutateAsync(body as CreateStudentBody);
      capacity.clear();
      onAdmitted(result);
    } catch (err) {
      if (capacity.refused(body, err)) return;
      if (err instanceof ApiError && err.status > 0) {
        const fields = Object.entries(err.fields ?? {});
        let placed = 0;
        for (const [key, message] of fields) {
          const name = admissionField(key, getValues('guardians').length) as FieldPath<FormValues> | null;
          if (!name) continue;
          if (name === 'admissionNumber') setNumberMode('type');
          setError(name, { type: 'server', message }, { shouldFocus: placed === 0 });
          placed++;
        }
        if (placed === 0) setFormError(err.message || a.failed);
        else if (placed < fields.length) setFormError(err.message);
        return;
      }
      setFormError(err instanceof Error && err.message ? err.message : a.failed);
    }
  };

  const onSubmit = handleSubmit((values) => send(numberMode === 'generate' ? { ...values, admissionNumber: undefined } : values));

  const setPrimary = (index: number) => {
    getValues('guardians').forEach((_, i) => setValue(`guardians.${i}.isPrimary`, i === index, { shouldDirty: true }));
  };
  const removeGuardian = (index: number) => {
    const wasPrimary = getValues(`guardians.${index}.isPrimary`);
    guardians.remove(index);
    if (wasPrimary) setValue('guardians.0.isPrimary', true);
  };

  const pending = formState.isSubmitting || admit.isPending;
  const numberId = `${idPrefix}-admissionNumber`;
  const numberError = formState.errors.admissionNumber?.message;
  const guardianListError = formState.errors.guardians?.root?.message ?? formState.errors.guardians?.message;
  const learnerForm = form as unknown as LearnerForm;
  const generateHint = pattern.data?.next ? a.numberGenerateNext(pattern.data.next) : pattern.data?.pattern ? a.numberGeneratePattern(pattern.data.pattern) : null;

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-w-0 flex-col gap-4 sm:gap-5" data-testid="admission-form">
      <FormSection title={a.sectionLearner} icon={<UserRound aria-hidden />} testId="admission-learner">
        <LearnerIdentityFields form={learnerForm} idPrefix={idPrefix} />
      </FormSection>

      <FormSection title={a.sectionPlacement} icon={<School aria-hidden />} testId="admission-placement">
        <div className="flex flex-col gap-5">
          <PlacementFields form={learnerForm} idPrefix={idPrefix} classes={classes.data ?? []} classesLoading={classes.isPending} classesError={classes.isError} admitting />
          <div className="grid gap-3">
            <Label id={`${numberId}-mode`}>{a.numberMode}</Label>
            <RadioGroup
              value={numberMode}
              onValueChange={(v) => {
                setNumberMode(v as 'generate' | 'type');
                form.clearErrors('admissionNumber');
              }}
              aria-labelledby={`${numberId}-mode`}
              className="grid gap-2 sm:grid-cols-2"
              data-testid="admission-number-mode"
            >
              {(['generate', 'type'] as const).map((mode) => (
                <Label
                  key={mode}
                  htmlFor={`${numberId}-${mode}`}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-md border bg-card px-3 py-2.5 font-normal shadow-xs transition-colors hover:bg-accent/50',
                    numberMode === mode && 'border-primary bg-primary/5 ring-1 ring-primary/30',
                  )}
                >
                  <RadioGroupItem id={`${numberId}-${mode}`} value={mode} className="mt-0.5" data-testid={`admission-number-${mode}`} />
                  <span className="grid gap-1">
                    <span className="leading-snug font-medium">{mode === 'generate' ? a.numberGenerate : a.numberType}</span>
                    {mode === 'generate' && generateHint && <span className="font-mono text-xs text-muted-foreground" data-testid="admission-number-next">{generateHint}</span>}
                    {mode === 'type' && <span className="text-xs text-muted-foreground">{a.numberHint}</span>}
                  </span>
                </Label>
              ))}
            </RadioGroup>
            {numberMode === 'type' && (
              <Field id={numberId} label={<span className="sr-only">{a.numberMode}</span>} error={numberError} className="sm:max-w-sm">
                <Input
                  id={numberId}
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={40}
                  placeholder={a.numberPlaceholder}
                  className="font-mono"
                  {...form.register('admissionNumber')}
                  {...describedBy(numberId, numberError)}
                  data-testid="learner-admissionNumber"
                />
              </Field>
            )}
          </div>
        </div>
      </FormSection>

      <FormSection title={a.sectionHealth} icon={<HeartPulse aria-hidden />} testId="admission-health">
        <HealthFields form={learnerForm} idPrefix={idPrefix} />
        <KemisFields form={learnerForm} idPrefix={idPrefix} />
      </FormSection>

      <FormSection
        title={a.sectionGuardians}
        description={a.guardiansHint}
        icon={<UsersRound aria-hidden />}
        testId="admission-guardians"
        actions={
          guardians.fields.length < MAX_GUARDIANS && (
            <Button type="button" variant="outline" size="sm" onClick={() => guardians.append(emptyGuardian(false))} data-testid="guardian-add">
              <UserPlus aria-hidden />
              {a.addGuardian}
            </Button>
          )
        }
      >
        <div className="grid gap-4">
          {guardians.fields.map((g, i) => (
            <GuardianFields key={g.id} form={form} index={i} idPrefix={idPrefix} canRemove={guardians.fields.length > 1} onRemove={() => removeGuardian(i)} onPrimary={setPrimary} />
          ))}
          {guardianListError && <p className="text-xs font-medium text-destructive">{guardianListError}</p>}
        </div>
      </FormSection>

      <FormSection title={consentMessages.admission.title} icon={<ShieldCheck aria-hidden />} testId="admission-consent">
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">{consentMessages.admission.intro}</p>
          {CONSENT_PURPOSES.map((purpose) => (
            <Controller
              key={purpose}
              control={form.control}
              name={`consents.${purpose}`}
              render={({ field }) => (
                <div className="flex items-start gap-2">
                  <Checkbox id={`${idPrefix}-consent-${purpose}`} checked={field.value === true} onCheckedChange={(v) => field.onChange(v === true)} data-testid={`admission-consent-${purpose}`} />
                  <Label htmlFor={`${idPrefix}-consent-${purpose}`} className="font-normal leading-snug">
                    {consentMessages.admission[purpose]}
                  </Label>
                </div>
              )}
            />
          ))}
        </div>
      </FormSection>

      {formError && <FormErrorAlert title={a.failed} detail={formError} testId="admission-error" />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {Object.keys(formState.errors).length > 0 && formState.isSubmitted && (
          <p className="text-sm text-destructive sm:mr-auto" role="status">
            {a.fixErrors}
          </p>
        )}
        <PendingButton pending={pending} icon={UserPlus} type="submit" size="lg" data-testid="admission-submit">
          {pending ? a.submitting : a.submit}
        </PendingButton>
      </div>

      <OverCapacityConfirm
        capacity={capacity}
        title={a.overCapacityTitle}
        confirmLabel={a.admitAnyway}
        pending={admit.isPending}
        onResend={send}
        testId="admission-over-capacity"
        confirmTestId="admission-admit-anyway"
      />
    </form>
  );
}
