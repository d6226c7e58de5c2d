import * as React from 'react';
import { LogOut, UserCheck } from 'lucide-react';
import { toast } from 'sonner';
import { EXIT_TYPES, exitBody, type ExitItem, type ExitType } from '@shared/contracts/movements';
import { schoolToday } from '@shared/dates';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { FormErrorAlert } from '@/components/form-feedback';
import { ChoiceButtons } from '@/components/choice-buttons';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogFooter } from '@/components/ui/dialog';
import { ClassPicker } from '@/features/learners';
import { Field, describedBy } from '@/components/field';
import { Textarea } from '@/components/ui/textarea';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { PendingButton } from '@/components/pending-button';
import { useCurrentClasses, useExitLearner, useReadmit } from '../api/movements';
import { apiFields, isOverCapacity, issuesToFields } from '@/lib/form-errors';
import { DateField } from '@/components/date-field';
import { LearnerPicker, type PickedLearner } from './learner-picker';
import { errorText } from './movement-page';
import { Notice } from './notice';

const m = messages.movements;
const x = m.exits;
const EXIT_CHOICES = EXIT_TYPES.map((value) => ({ value }));

/**
 * Exit a learner (issue 10 §2 Exit): the learner, how they leave (withdrawal, completion, expulsion,
 * death, other) with a hint per type, the reason and the date (not in the future).
 */
export function ExitDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [learner, setLearner] = React.useState<PickedLearner | null>(null);
  const [exitType, setExitType] = React.useState<ExitType | ''>('');
  const [reason, setReason] = React.useState('');
  const [exitDate, setExitDate] = React.useState(schoolToday());
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const save = useExitLearner();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = { studentId: learner?.id ?? '', exitType, reason, exitDate };
    const parsed = exitBody.safeParse(body);
    const fields = parsed.success ? {} : issuesToFields(parsed.error);
    if (!learner) fields.studentId = m.learnerRequired;
    if (!exitType) fields.exitType = m.exitTypeRequired;
    if (exitDate > schoolToday()) fields.exitDate = m.dateInFuture;
    setErrors(fields);
    if (Object.keys(fields).length || !parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: (res) => {
        toast.success(x.exitedToast, { description: res.message });
        onClose();
      },
      onError: (err) => setErrors(apiFields(err)),
    });
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      pending={save.isPending}
      className="max-h-[calc(100dvh-2rem)] max-w-xl overflow-y-auto"
      testId="exit-dialog"
      form={{ onSubmit: submit, noValidate: true, className: 'grid gap-5' }}
      title={x.dialogTitle}
      description={x.dialogText}
    >
      <Field id="exit-learner" label={m.picker.label} error={errors.studentId}>
        <LearnerPicker id="exit-learner" value={learner} onChange={setLearner} invalid={!!errors.studentId} testId="exit-learner" />
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{x.type}</legend>
        <ChoiceButtons
          options={EXIT_CHOICES}
          value={exitType || null}
          onChange={setExitType}
          label={x.type}
          className="grid gap-2 sm:grid-cols-2"
          testId="exit-types"
          buttonClassName={({ value: type }, on) =>
            cn(
              'rounded-lg border p-3 text-left transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              on ? 'border-primary bg-primary/5 ring-1 ring-primary' : 'hover:bg-muted/50',
              type === 'other' && 'sm:col-span-2',
            )
          }
          buttonTestId={({ value: type }) => `exit-type-${type}`}
        >
          {({ value: type }) => (
            <>
              <span className="block text-sm font-medium">{m.exitTypes[type]}</span>
              <span className="mt-0.5 block text-xs text-muted-foreground">{m.exitTypeHints[type]}</span>
            </>
          )}
        </ChoiceButtons>
        {errors.exitType && (
          <p className="text-xs font-medium text-destructive" role="alert">
            {errors.exitType}
          </p>
        )}
      </fieldset>
      <Field id="exit-reason" label={m.common.reason} error={errors.reason}>
        <Textarea
          id="exit-reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={x.reasonPlaceholder}
          maxLength={500}
          rows={3}
          {...describedBy('exit-reason', errors.reason)}
          data-testid="exit-reason"
        />
      </Field>
      <Field id="exit-date" label={x.exitDate} error={errors.exitDate} className="sm:max-w-60">
        <DateField id="exit-date" value={exitDate} max={schoolToday()} onValueChange={(value) => setExitDate(value)} {...describedBy('exit-date', errors.exitDate)} data-testid="exit-date" />
      </Field>
      {save.isError && !Object.keys(apiFields(save.error)).length && <FormErrorAlert title={m.common.actionFailed} detail={errorText(save.error, '')} testId="exit-error" />}
      <FormDialogFooter cancelLabel={m.common.cancel} onCancel={onClose} label={x.submit} pending={save.isPending} variant="destructive" icon={<LogOut aria-hidden />} submitTestId="exit-submit" />
    </FormDialog>
  );
}

/** Readmission (issue 10 §2 Exit): the class of an open year the learner returns to and the date. */
export function ReadmitDialog({ exit, onClose }: { exit: ExitItem; onClose: () => void }) {
  const classes = useCurrentClasses();
  const readmit = useReadmit();
  const [classId, setClassId] = React.useState('');
  const [on, setOn] = React.useState(schoolToday());
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [full, setFull] = React.useState<string | null>(null);
  const [override, setOverride] = React.useState(false);

  const submit = () => {
    if (!classId) return setErrors({ classId: m.classRequired });
    readmit.mutate(
      { id: exit.id, body: { classId, readmittedOn: on, ...(override ? { overrideCapacity: true } : {}) } },
      {
        onSuccess: (res) => {
          toast.success(x.readmittedToast, { description: res.message });
          onClose();
        },
        onError: (err) => {
          if (isOverCapacity(err)) return setFull(err.message);
          setErrors(apiFields(err));
        },
      },
    );
  };

  return (
    <FormDialog open onClose={onClose} pending={readmit.isPending} className="max-w-lg" testId="readmit-dialog" title={x.readmitTitle(exit.learner.name)} description={x.readmitText}>
      <div className="grid gap-4">
        <Field id="readmit-class" label={m.common.class} error={errors.classId}>
          <ClassPicker classes={classes.data ?? []} value={classId} onChange={setClassId} id="readmit-class" invalid={describedBy('readmit-class', errors.classId)} testId="readmit-class" />
        </Field>
        <Field id="readmit-date" label={x.readmittedOn} error={errors.readmittedOn} className="sm:max-w-60">
          <DateField
            id="readmit-date"
            value={on}
            min={exit.exitDate}
            max={schoolToday()}
            onValueChange={(value) => setOn(value)}
            {...describedBy('readmit-date', errors.readmittedOn)}
            data-testid="readmit-date"
          />
        </Field>
        {full && (
          <Notice tone="warning" title={m.transfers.overCapacityTitle}>
            <p>{full}</p>
            <label className="mt-2 flex items-center gap-2">
              <Checkbox checked={override} onCheckedChange={(c) => setOverride(!!c)} />
              {m.transfers.admitAnyway}
            </label>
          </Notice>
        )}
        {readmit.isError && !isOverCapacity(readmit.error) && !Object.keys(apiFields(readmit.error)).length && (
          <FormErrorAlert title={m.common.actionFailed} detail={errorText(readmit.error, '')} testId="readmit-error" />
        )}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={readmit.isPending}>
          {m.common.cancel}
        </Button>
        <PendingButton pending={readmit.isPending} icon={UserCheck} onClick={submit} disabled={readmit.isPending || (!!full && !override)} data-testid="readmit-confirm">
          {x.readmitConfirm}
        </PendingButton>
      </DialogFooter>
    </FormDialog>
  );
}
