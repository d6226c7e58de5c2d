import * as React from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { AlertTriangle } from 'lucide-react';
import type { ClassItem } from '@shared/contracts/classes';
import { BOARDING, GENDERS, type UpdateStudentBody } from '@shared/contracts/learners';
import { schoolToday } from '@shared/dates';
import { messages } from '@shared/messages';
import { isOverCapacity } from '@/lib/form-errors';
import { cn } from '@/lib/utils';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Input } from '@/components/ui/input';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Label } from '@/components/ui/label';
import { ClassPicker } from './class-picker';
import { Field, describedBy } from '@/components/field';
import { FormDateField } from '@/components/date-field';
import { Textarea } from '@/components/ui/textarea';

const m = messages.learners;
const f = m.profile.fields;
const a = m.admission;

/** The learner's own fields, shared by the admission form and the edit dialog (same names as the API). */
export type LearnerFieldValues = Omit<UpdateStudentBody, 'overrideCapacity'>;
export type LearnerForm = UseFormReturn<LearnerFieldValues>;

/** A two-choice radio row (gender, day/boarding) as segmented cards. */
function ChoiceRow<T extends string>({
  form,
  name,
  id,
  choices,
  label,
  testId,
}: {
  form: LearnerForm;
  name: 'gender' | 'boarding';
  id: string;
  choices: readonly { value: T; label: string }[];
  label: string;
  testId: string;
}) {
  const error = form.formState.errors[name]?.message;
  return (
    <Field id={id} label={label} error={error}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <RadioGroup
            id={id}
            value={(field.value as string | undefined) ?? ''}
            onValueChange={field.onChange}
            className="grid grid-cols-2 gap-2"
            aria-label={label}
            {...describedBy(id, error)}
            data-testid={testId}
          >
            {choices.map((c) => (
              <Label
                key={c.value}
                htmlFor={`${id}-${c.value}`}
                className={cn(
                  'flex h-10 cursor-pointer items-center gap-2.5 rounded-md border bg-card px-3 font-normal shadow-xs transition-colors hover:bg-accent/50',
                  field.value === c.value && 'border-primary bg-primary/5 ring-1 ring-primary/30',
                )}
              >
                <RadioGroupItem id={`${id}-${c.value}`} value={c.value} ref={c === choices[0] ? field.ref : undefined} />
                {c.label}
              </Label>
            ))}
          </RadioGroup>
        )}
      />
    </Field>
  );
}

/** Names, gender, date of birth and the identifiers (birth certificate, UPI, assessment number, previous school). */
export function LearnerIdentityFields({ form, idPrefix }: { form: LearnerForm; idPrefix: string }) {
  const { register, formState } = form;
  const e = formState.errors;
  const id = (n: string) => `${idPrefix}-${n}`;
  const text = (name: keyof LearnerFieldValues, opts: { optional?: boolean; mono?: boolean; max?: number; placeholder?: string; className?: string; label?: string } = {}) => (
    <Field id={id(name)} label={opts.label ?? f[name as keyof typeof f]} optional={opts.optional} error={e[name]?.message} className={opts.className}>
      <Input
        id={id(name)}
        autoComplete="off"
        maxLength={opts.max}
        placeholder={opts.placeholder}
        className={opts.mono ? 'font-mono' : undefined}
        {...register(name)}
        {...describedBy(id(name), e[name])}
        data-testid={`learner-${name}`}
      />
    </Field>
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {text('firstName', { max: 80 })}
      {text('middleName', { optional: true, max: 80 })}
      {text('lastName', { max: 80 })}
      <ChoiceRow form={form} name="gender" id={id('gender')} label={f.gender} choices={GENDERS.map((g) => ({ value: g, label: m.genders[g] }))} testId="learner-gender" />
      <Field id={id('dateOfBirth')} label={f.dateOfBirth} error={e.dateOfBirth?.message}>
        <FormDateField control={form.control} name="dateOfBirth" id={id('dateOfBirth')} max={schoolToday()} {...describedBy(id('dateOfBirth'), e.dateOfBirth)} data-testid="learner-dateOfBirth" />
      </Field>
      {text('birthCertificateNumber', { optional: true, mono: true, max: 40 })}
      {text('upi', { optional: true, mono: true, max: 40 })}
      {text('assessmentNumber', { optional: true, mono: true, max: 40 })}
      {text('previousSchool', { optional: true, max: 160, placeholder: a.previousSchoolPlaceholder })}
      {text('previousUpi', { optional: true, mono: true, max: 40 })}
    </div>
  );
}

/** Class (with capacity), day or boarding, and the admission date. */
export function PlacementFields({
  form,
  idPrefix,
  classes,
  classesLoading,
  classesError,
  ownClassId,
  admitting = false,
}: {
  form: LearnerForm;
  idPrefix: string;
  classes: ClassItem[];
  classesLoading: boolean;
  classesError: boolean;
  ownClassId?: string | null;
  /** The admission form (the admission date defaults to today there). */
  admitting?: boolean;
}) {
  const e = form.formState.errors;
  const id = (n: string) => `${idPrefix}-${n}`;
  const classHint = classesError ? a.classesLoadFailed : !classesLoading && classes.length === 0 ? a.noClasses : undefined;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <Field id={id('classId')} label={f.classId} error={e.classId?.message} hint={classHint}>
        <Controller
          control={form.control}
          name="classId"
          render={({ field }) => (
            <ClassPicker
              id={id('classId')}
              classes={classes}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={classesLoading}
              ownClassId={ownClassId}
              invalid={describedBy(id('classId'), e.classId, !!classHint)}
              testId="learner-classId"
            />
          )}
        />
      </Field>
      <ChoiceRow form={form} name="boarding" id={id('boarding')} label={f.boarding} choices={BOARDING.map((b) => ({ value: b, label: m.boardingOptions[b] }))} testId="learner-boarding" />
      <Field id={id('admittedOn')} label={a.admittedOn} optional={admitting} error={e.admittedOn?.message} hint={admitting ? a.admittedOnHint : undefined}>
        <FormDateField control={form.control} name="admittedOn" emptyAsUndefined id={id('admittedOn')} max={schoolToday()} {...describedBy(id('admittedOn'), e.admittedOn, admitting)} data-testid="learner-admittedOn" />
      </Field>
    </div>
  );
}

/** Medical notes and special needs. */
export function HealthFields({ form, idPrefix }: { form: LearnerForm; idPrefix: string }) {
  const e = form.formState.errors;
  const id = (n: string) => `${idPrefix}-${n}`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={id('medicalNotes')} label={f.medicalNotes} optional error={e.medicalNotes?.message}>
        <Textarea id={id('medicalNotes')} rows={3} maxLength={1000} placeholder={a.medicalPlaceholder} {...form.register('medicalNotes')} {...describedBy(id('medicalNotes'), e.medicalNotes)} data-testid="learner-medicalNotes" />
      </Field>
      <Field id={id('specialNeeds')} label={f.specialNeeds} optional error={e.specialNeeds?.message}>
        <Textarea id={id('specialNeeds')} rows={3} maxLength={1000} placeholder={a.specialNeedsPlaceholder} {...form.register('specialNeeds')} {...describedBy(id('specialNeeds'), e.specialNeeds)} data-testid="learner-specialNeeds" />
      </Field>
    </div>
  );
}

/** A save the server refused because the stream is full: the body sent and the server's message. */
export type OverCapacity<B> = { body: B; message: string } | null;

/**
 * The "stream is full" step of a learner save, for `OverCapacityConfirm`: `refused(body, err)` keeps the
 * body and the server's message when `err` is that refusal (and says so), else clears any earlier one;
 * `clear()` closes the question.
 */
export function useOverCapacity<B>() {
  const [state, setState] = React.useState<OverCapacity<B>>(null);
  return {
    state,
    clear: () => setState(null),
    refused: (body: B, err: unknown): boolean => {
      const full = isOverCapacity(err);
      setState(full ? { body, message: err.message } : null);
      return full;
    },
  };
}

/**
 * "The stream is full" before admitting or moving a learner into it: the server's message (from
 * `capacity`, the form's `useOverCapacity`), Cancel (clears it), and the confirm button that resends
 * the same body with `overrideCapacity: true`.
 */
export function OverCapacityConfirm<B extends object>({
  capacity: { state, clear },
  pending,
  title,
  confirmLabel,
  onResend,
  testId,
  confirmTestId,
}: {
  capacity: { state: OverCapacity<B>; clear: () => void };
  pending: boolean;
  title: string;
  confirmLabel: string;
  onResend: (body: B & { overrideCapacity: true }) => Promise<void>;
  testId: string;
  confirmTestId: string;
}) {
  return (
    <ConfirmDialog
      open={!!state}
      tone="warning"
      icon={AlertTriangle}
      title={title}
      text={state?.message ?? ''}
      cancelLabel={m.common.cancel}
      confirmLabel={confirmLabel}
      pending={pending}
      onCancel={clear}
      onConfirm={() => state && void onResend({ ...state.body, overrideCapacity: true })}
      testId={testId}
      confirmTestId={confirmTestId}
    />
  );
}
