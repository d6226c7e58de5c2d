import * as React from 'react';
import { Building2, LogOut } from 'lucide-react';
import { toast } from 'sonner';
import { transferOutBody } from '@shared/contracts/movements';
import { schoolToday } from '@shared/dates';
import { messages } from '@shared/messages';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormErrorAlert } from '@/components/form-feedback';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Field, FormSection, describedBy } from '@/components/field';
import { Textarea } from '@/components/ui/textarea';
import { DateField } from '@/components/date-field';
import { useSchoolsDirectory, useTransferCheck, useTransferOut } from '../api/movements';
import { LearnerPicker, type PickedLearner } from './learner-picker';
import { apiFields, issuesToFields } from '@/lib/form-errors';
import { errorText } from './movement-page';
import { InlineRadio, SubmitRow, TextField } from './form-bits';
import { Notice } from './notice';

const m = messages.movements;
const t = m.transfers;

interface Values {
  mode: 'edufam' | 'other';
  schoolId: string;
  schoolName: string;
  reason: string;
  transferDate: string;
  certificate: string;
}
const blank = (): Values => ({ mode: 'edufam', schoolId: '', schoolName: '', reason: '', transferDate: schoolToday(), certificate: '' });

/**
 * Transfer out (issue 10 §2 Transfers): the learner, the fee warning, the destination (an EduFam school
 * from the directory, which receives a transfer request, or any school by name), reason, date and
 * leaving-certificate number; confirmed before it is saved.
 */
export function TransferOutForm() {
  const [learner, setLearner] = React.useState<PickedLearner | null>(null);
  const [v, setV] = React.useState<Values>(blank);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [confirming, setConfirming] = React.useState(false);
  const check = useTransferCheck(learner?.id ?? null);
  const directory = useSchoolsDirectory();
  const save = useTransferOut();
  const set = (patch: Partial<Values>) => setV((cur) => ({ ...cur, ...patch }));

  const body = {
    studentId: learner?.id ?? '',
    destinationSchoolId: v.mode === 'edufam' ? v.schoolId || null : null,
    destinationName: v.mode === 'other' ? v.schoolName : null,
    reason: v.reason,
    transferDate: v.transferDate,
    leavingCertificateNumber: v.certificate,
  };
  const schoolLabel = v.mode === 'edufam' ? (directory.data?.find((s) => s.id === v.schoolId)?.name ?? '') : v.schoolName.trim();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = transferOutBody.safeParse(body);
    const fields = parsed.success ? {} : issuesToFields(parsed.error);
    if (!learner) fields.studentId = m.learnerRequired;
    if (v.mode === 'edufam' && !v.schoolId) fields.destinationSchoolId = m.destinationRequired;
    if (fields.destinationName && v.mode === 'edufam') delete fields.destinationName;
    if (v.transferDate > schoolToday()) fields.transferDate = m.dateInFuture;
    setErrors(fields);
    if (Object.keys(fields).length === 0) setConfirming(true);
  };

  const send = () =>
    save.mutate(body, {
      onSuccess: (res) => {
        toast.success(t.outDone, { description: res.message });
        setConfirming(false);
        setLearner(null);
        setV(blank());
        setErrors({});
      },
      onError: (err) => {
        setErrors(apiFields(err));
        setConfirming(false);
      },
    });

  const fees = check.data?.fees;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="transfer-out-form">
      <Notice>{t.outIntro}</Notice>
      <FormSection title={m.common.learner} icon={<LogOut />}>
        <div className="grid gap-3">
          <Field id="out-learner" label={m.picker.label} error={errors.studentId}>
            <LearnerPicker id="out-learner" value={learner} onChange={setLearner} invalid={!!errors.studentId} testId="out-learner" />
          </Field>
          {learner && fees && (
            <Notice tone={fees.tracked && !fees.owedCents ? 'info' : 'warning'} title={t.feesTitle} testId="out-fees">
              {fees.message}
            </Notice>
          )}
        </div>
      </FormSection>
      <FormSection title={t.destination} icon={<Building2 />}>
        <div className="grid gap-4">
          <InlineRadio
            value={v.mode}
            onValueChange={(mode) => set({ mode })}
            className="flex flex-wrap gap-x-6 gap-y-2"
            label={t.destination}
            choices={[
              { value: 'edufam', label: t.onEduFam, testId: 'out-mode-edufam' },
              { value: 'other', label: t.otherSchool, testId: 'out-mode-other' },
            ]}
          />
          {v.mode === 'edufam' ? (
            <Field id="out-school" label={t.pickSchool} error={errors.destinationSchoolId}>
              <Select value={v.schoolId || undefined} onValueChange={(schoolId) => set({ schoolId })}>
                <SelectTrigger id="out-school" {...describedBy('out-school', errors.destinationSchoolId)} data-testid="out-school">
                  <SelectValue placeholder={t.pickSchool} />
                </SelectTrigger>
                <SelectContent className="max-h-80">
                  {(directory.data ?? []).map((s) => (
                    <SelectItem key={s.id} value={s.id}>
                      {s.name}
                      {s.county && <span className="text-muted-foreground"> · {s.county}</span>}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
          ) : (
            <TextField
              id="out-school-name"
              label={t.otherSchool}
              error={errors.destinationName}
              value={v.schoolName}
              onChange={(e) => set({ schoolName: e.target.value })}
              placeholder={t.schoolNamePlaceholder}
              maxLength={160}
            />
          )}
          <Field id="out-reason" label={m.common.reason} error={errors.reason}>
            <Textarea
              id="out-reason"
              value={v.reason}
              onChange={(e) => set({ reason: e.target.value })}
              placeholder={t.reasonPlaceholder}
              maxLength={500}
              rows={3}
              {...describedBy('out-reason', errors.reason)}
              data-testid="out-reason"
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="out-date" label={t.transferDate} error={errors.transferDate}>
              <DateField id="out-date" value={v.transferDate} max={schoolToday()} onValueChange={(day) => set({ transferDate: day })} {...describedBy('out-date', errors.transferDate)} data-testid="out-date" />
            </Field>
            <TextField id="out-certificate" label={t.leavingCertificate} optional error={errors.leavingCertificateNumber} value={v.certificate} onChange={(e) => set({ certificate: e.target.value })} maxLength={40} />
          </div>
        </div>
      </FormSection>
      {save.isError && !Object.keys(apiFields(save.error)).length && <FormErrorAlert title={m.common.actionFailed} detail={errorText(save.error, '')} testId="out-error" />}
      <SubmitRow pending={save.isPending} icon={LogOut} label={t.submitOut} testId="out-submit" />
      <ConfirmDialog
        open={confirming}
        tone="warning"
        icon={LogOut}
        title={t.confirmOutTitle(learner?.name ?? '')}
        text={t.confirmOutText(schoolLabel)}
        cancelLabel={m.common.cancel}
        confirmLabel={t.submitOut}
        pending={save.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={send}
        testId="out-confirm-dialog"
        confirmTestId="out-confirm"
      />
    </form>
  );
}

