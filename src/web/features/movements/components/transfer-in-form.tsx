import * as React from 'react';
import { Link } from 'react-router';
import { CheckCircle2, LogIn, School, UserRound, UsersRound } from 'lucide-react';
import { toast } from 'sonner';
import { pathForSection } from '@shared/access';
import { RELATIONSHIPS } from '@shared/contracts/learners';
import { transferInBody, type TransferInBody, type TransferInResponse } from '@shared/contracts/movements';
import { schoolToday } from '@shared/dates';
import { messages } from '@shared/messages';
import { useAuth } from '@/lib/auth';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormErrorAlert } from '@/components/form-feedback';
import { buttonVariants } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ClassPicker } from '@/features/learners';
import { Field, FormSection, describedBy } from '@/components/field';
import { Textarea } from '@/components/ui/textarea';
import { DateField } from '@/components/date-field';
import { useCurrentClasses, useTransferIn } from '../api/movements';
import { apiFields, isOverCapacity, issuesToFields } from '@/lib/form-errors';
import { errorText } from './movement-page';
import { InlineRadio, SubmitRow, TextField } from './form-bits';
import { Notice } from './notice';

const m = messages.movements;
const t = m.transfers;
const lm = messages.learners;

interface Values {
  firstName: string;
  middleName: string;
  lastName: string;
  gender: string;
  dateOfBirth: string;
  upi: string;
  birthCertificateNumber: string;
  previousSchool: string;
  previousUpi: string;
  transferDate: string;
  reason: string;
  classId: string;
  boarding: 'day' | 'boarding';
  guardianName: string;
  relationship: string;
  phone: string;
}

const blank = (): Values => ({
  firstName: '',
  middleName: '',
  lastName: '',
  gender: '',
  dateOfBirth: '',
  upi: '',
  birthCertificateNumber: '',
  previousSchool: '',
  previousUpi: '',
  transferDate: schoolToday(),
  reason: '',
  classId: '',
  boarding: 'day',
  guardianName: '',
  relationship: '',
  phone: '',
});

/** Field keys of the API (guardians.0.name) → this form's inputs. */
const GUARDIAN_FIELD: Record<string, string> = { 'guardians.0.name': 'guardianName', 'guardians.0.relationship': 'relationship', 'guardians.0.phone': 'phone', guardians: 'guardianName' };

/**
 * Transfer in (issue 10 §2 Transfers): admission of a learner from another school, with the previous
 * school and previous UPI, the transfer date as the admission date, a class (a full stream asks
 * "Admit anyway") and one guardian (more on the learner's record). Checked with the API's own schema.
 */
export function TransferInForm() {
  const { state } = useAuth();
  const [v, setV] = React.useState<Values>(blank);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [full, setFull] = React.useState<string | null>(null);
  const [done, setDone] = React.useState<TransferInResponse | null>(null);
  const classes = useCurrentClasses();
  const save = useTransferIn();
  const set = (patch: Partial<Values>) => setV((cur) => ({ ...cur, ...patch }));
  const e = (k: string) => errors[k];

  const body = (): TransferInBody => ({
    firstName: v.firstName,
    middleName: v.middleName,
    lastName: v.lastName,
    gender: v.gender as TransferInBody['gender'],
    dateOfBirth: v.dateOfBirth,
    upi: v.upi,
    birthCertificateNumber: v.birthCertificateNumber,
    previousSchool: v.previousSchool,
    previousUpi: v.previousUpi,
    transferDate: v.transferDate,
    reason: v.reason,
    classId: v.classId,
    boarding: v.boarding,
    guardians: [{ name: v.guardianName, relationship: v.relationship as TransferInBody['guardians'][number]['relationship'], phone: v.phone, isPrimary: true }],
  });

  const toFormFields = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([k, msg]) => [GUARDIAN_FIELD[k] ?? k, msg]));

  const send = (overrideCapacity = false) =>
    save.mutate(
      { ...body(), ...(overrideCapacity ? { overrideCapacity: true } : {}) },
      {
        onSuccess: (res) => {
          toast.success(t.inDone, { description: res.message });
          setDone(res);
          setFull(null);
          setV(blank());
          setErrors({});
        },
        onError: (err) => {
          if (isOverCapacity(err)) return setFull(err.message);
          setFull(null);
          setErrors(toFormFields(apiFields(err)));
        },
      },
    );

  const submit = (ev: React.FormEvent) => {
    ev.preventDefault();
    const parsed = transferInBody.safeParse(body());
    const fields = parsed.success ? {} : toFormFields(issuesToFields(parsed.error));
    setErrors(fields);
    if (Object.keys(fields).length === 0) send();
  };

  const date = (key: 'dateOfBirth' | 'transferDate', label: string) => (
    <Field id={`in-${key}`} label={label} error={e(key)}>
      <DateField id={`in-${key}`} value={v[key]} max={schoolToday()} onValueChange={(day) => set({ [key]: day } as Partial<Values>)} {...describedBy(`in-${key}`, e(key))} data-testid={`in-${key}`} />
    </Field>
  );
  const text = (key: keyof Values, label: string, opts: { optional?: boolean; type?: string; max?: number; placeholder?: string; className?: string } = {}) => (
    <TextField
      id={`in-${key}`}
      label={label}
      optional={opts.optional}
      error={e(key)}
      className={opts.className}
      type={opts.type ?? 'text'}
      value={v[key]}
      onChange={(ev) => set({ [key]: ev.target.value } as Partial<Values>)}
      maxLength={opts.max}
      max={opts.type === 'date' ? schoolToday() : undefined}
      placeholder={opts.placeholder}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="transfer-in-form">
      {done && (
        <div className="flex flex-col gap-3 rounded-lg border border-emerald-500/30 bg-emerald-500/8 p-4 sm:flex-row sm:items-center" data-testid="in-done">
          <CheckCircle2 className="size-5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
          <p className="min-w-0 flex-1 text-sm">{done.message}</p>
          <Link
            to={`${pathForSection(state.user?.role ?? null, 'student-information')}?student=${encodeURIComponent(done.studentId)}`}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            data-testid="in-open-record"
          >
            {m.common.openRecord}
          </Link>
        </div>
      )}
      <Notice>{t.inIntro}</Notice>
      <FormSection title={t.learnerDetails} icon={<UserRound />}>
        <div className="grid gap-4 sm:grid-cols-3">
          {text('firstName', t.firstName, { max: 80 })}
          {text('middleName', t.middleName, { optional: true, max: 80 })}
          {text('lastName', t.lastName, { max: 80 })}
          <Field id="in-gender" label={t.gender} error={e('gender')}>
            <InlineRadio
              value={v.gender}
              onValueChange={(gender) => set({ gender })}
              className="flex h-9 items-center gap-5"
              label={t.gender}
              id="in-gender"
              choices={[
                { value: 'female', label: lm.genders.female, testId: 'in-gender-female' },
                { value: 'male', label: lm.genders.male, testId: 'in-gender-male' },
              ]}
            />
          </Field>
          {date('dateOfBirth', t.dateOfBirth)}
          {text('birthCertificateNumber', t.birthCertificate, { optional: true, max: 40 })}
          {text('upi', t.upi, { optional: true, max: 40 })}
        </div>
      </FormSection>
      <FormSection title={t.previousSchool} icon={<School />}>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('previousSchool', t.previousSchool, { max: 160, placeholder: lm.admission.previousSchoolPlaceholder })}
          {date('transferDate', t.transferDate)}
          {text('previousUpi', t.previousUpi, { optional: true, max: 40 })}
          <Field id="in-reason" label={m.common.reason} optional error={e('reason')} className="sm:col-span-2">
            <Textarea id="in-reason" value={v.reason} onChange={(ev) => set({ reason: ev.target.value })} maxLength={500} rows={2} data-testid="in-reason" />
          </Field>
        </div>
      </FormSection>
      <FormSection title={t.placement} icon={<LogIn />}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="in-class" label={m.common.class} error={e('classId')}>
            <ClassPicker classes={classes.data ?? []} value={v.classId} onChange={(classId) => set({ classId })} id="in-class" invalid={describedBy('in-class', e('classId'))} testId="in-class" />
          </Field>
          <Field id="in-boarding" label={t.boarding}>
            <Select value={v.boarding} onValueChange={(boarding) => set({ boarding: boarding as Values['boarding'] })}>
              <SelectTrigger id="in-boarding" data-testid="in-boarding">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="day">{lm.boardingOptions.day}</SelectItem>
                <SelectItem value="boarding">{lm.boardingOptions.boarding}</SelectItem>
              </SelectContent>
            </Select>
          </Field>
        </div>
      </FormSection>
      <FormSection title={t.guardian} icon={<UsersRound />}>
        <div className="grid gap-4 sm:grid-cols-3">
          {text('guardianName', t.guardianName, { max: 120 })}
          <Field id="in-relationship" label={t.relationship} error={e('relationship')}>
            <Select value={v.relationship || undefined} onValueChange={(relationship) => set({ relationship })}>
              <SelectTrigger id="in-relationship" {...describedBy('in-relationship', e('relationship'))} data-testid="in-relationship">
                <SelectValue placeholder={lm.admission.relationshipPlaceholder} />
              </SelectTrigger>
              <SelectContent>
                {RELATIONSHIPS.map((r) => (
                  <SelectItem key={r} value={r}>
                    {lm.relationships[r]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          {text('phone', t.phone, { type: 'tel', max: 30, placeholder: '07XX XXX XXX' })}
        </div>
      </FormSection>
      {save.isError && !isOverCapacity(save.error) && !Object.keys(apiFields(save.error)).length && (
        <FormErrorAlert title={m.common.actionFailed} detail={errorText(save.error, '')} testId="in-error" />
      )}
      <SubmitRow pending={save.isPending} icon={LogIn} label={t.submitIn} testId="in-submit" />
      <ConfirmDialog
        open={!!full}
        tone="warning"
        icon={UsersRound}
        title={t.overCapacityTitle}
        text={full ?? ''}
        cancelLabel={m.common.cancel}
        confirmLabel={t.admitAnyway}
        pending={save.isPending}
        onCancel={() => setFull(null)}
        onConfirm={() => send(true)}
        testId="in-capacity-dialog"
        confirmTestId="in-capacity-confirm"
      />
    </form>
  );
}
