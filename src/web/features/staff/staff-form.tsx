import * as React from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@/lib/zod-resolver';
import { Banknote, BriefcaseBusiness, HeartHandshake, Loader2, ShieldCheck, Smartphone, UserRound } from 'lucide-react';
import { toast } from 'sonner';
import {
  CONTRACT_END_REQUIRED,
  EMPLOYERS,
  EMPLOYMENT_TYPES,
  STAFF_GENDERS,
  createStaffBody,
  type CreateStaffBody,
  type CreateStaffInput,
  type StaffDetail,
} from '@shared/contracts/staff';
import { staffLabels, staffScreens } from '@shared/messages/staff';
import { formatKenyanPhone } from '@shared/phone';
import { ApiError } from '@/lib/api';
import { textValues } from '@/lib/form-values';
import { cn } from '@/lib/utils';
import { FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Field, FormSection, describedBy } from '@/components/field';
import { FormDateField } from '@/components/date-field';
import { useCreateStaff, useUpdateStaff } from './staff-api';

const f = staffScreens.form;
const L = f.labels;

type Values = CreateStaffBody;

const KENYAN_BANKS = ['KCB Bank', 'Equity Bank', 'Co-operative Bank', 'NCBA Bank', 'Absa Bank Kenya', 'Standard Chartered', 'Stanbic Bank', 'I&M Bank', 'Family Bank', 'DTB', 'Kingdom Bank', 'Sidian Bank'];

function blank(): Values {
  return {
    staffNumber: '',
    firstName: '',
    otherNames: '',
    lastName: '',
    nationalId: '',
    dateOfBirth: '',
    gender: '',
    phone: '',
    email: '',
    kraPin: '',
    nssfNumber: '',
    shifNumber: '',
    tscNumber: '',
    employer: 'bom',
    employmentType: 'permanent',
    department: '',
    jobTitle: '',
    startDate: '',
    contractEnd: '',
    nextOfKin: { name: '', relationship: '', phone: '' },
    paymentMethod: 'bank',
    bankName: '',
    bankCode: '',
    bankBranch: '',
    bankAccount: '',
    mpesaPhone: '',
  };
}

/** The record's text fields the form shows as they are (a missing one as an empty box). */
const TEXT_FIELDS = [
  'staffNumber',
  'firstName',
  'otherNames',
  'lastName',
  'nationalId',
  'dateOfBirth',
  'gender',
  'email',
  'kraPin',
  'nssfNumber',
  'shifNumber',
  'tscNumber',
  'department',
  'jobTitle',
  'startDate',
  'contractEnd',
  'bankName',
  'bankCode',
  'bankBranch',
  'bankAccount',
] as const satisfies readonly (keyof Values & keyof StaffDetail)[];

function fromDetail(s: StaffDetail): Values {
  return {
    ...textValues(s, TEXT_FIELDS),
    employer: s.employer,
    employmentType: s.employmentType,
    paymentMethod: s.paymentMethod,
    phone: formatKenyanPhone(s.phone),
    nextOfKin: s.nextOfKin ? { ...s.nextOfKin, phone: formatKenyanPhone(s.nextOfKin.phone) } : { name: '', relationship: '', phone: '' },
    mpesaPhone: formatKenyanPhone(s.mpesaPhone),
  };
}

/**
 * The staff record form (issue 14 §1), for a new member of staff (`staff` absent) or an edit: sections
 * Personal, Statutory numbers, Employment, Next of kin and Salary payment. Validated in the browser
 * with the API's own schema (createStaffBody: KRA PIN shape, Kenyan phones, contract end for contract
 * and intern staff, bank or M-Pesa details); the server's field errors land on their fields.
 */
export function StaffForm({ staff, departments, onDone, onCancel }: { staff?: StaffDetail; departments: string[]; onDone: (s: StaffDetail) => void; onCancel: () => void }) {
  const id = React.useId();
  const form = useForm<Values, unknown, CreateStaffInput>({ resolver: zodResolver(createStaffBody), defaultValues: staff ? fromDetail(staff) : blank(), mode: 'onTouched' });
  const { register, control, handleSubmit, setError, formState } = form;
  const createStaff = useCreateStaff();
  const updateStaff = useUpdateStaff(staff?.id ?? '');
  const [formError, setFormError] = React.useState<string | null>(null);
  const employmentType = useWatch({ control, name: 'employmentType' });
  const paymentMethod = useWatch({ control, name: 'paymentMethod' });
  const pending = formState.isSubmitting || createStaff.isPending || updateStaff.isPending;

  const err = (name: string): string | undefined => {
    const parts = name.split('.');
    let node: unknown = formState.errors;
    for (const p of parts) node = (node as Record<string, unknown> | undefined)?.[p];
    return (node as { message?: string } | undefined)?.message;
  };
  const fid = (name: string) => `${id}-${name.replace('.', '-')}`;

  const text = (name: FieldPath<Values>, label: string, opts: { optional?: boolean; hint?: string; type?: string; placeholder?: string; list?: string; className?: string; inputMode?: 'numeric' | 'tel' | 'email'; upper?: boolean } = {}) => (
    <Field id={fid(name)} label={label} optional={opts.optional} error={err(name)} hint={opts.hint} className={opts.className}>
      <Input
        id={fid(name)}
        type={opts.type ?? 'text'}
        placeholder={opts.placeholder}
        list={opts.list}
        inputMode={opts.inputMode}
        className={opts.upper ? 'uppercase placeholder:normal-case' : undefined}
        autoComplete="off"
        data-testid={`staff-form-${name.replace('.', '-')}`}
        {...describedBy(fid(name), err(name), !!opts.hint)}
        {...register(name)}
      />
    </Field>
  );

  const date = (name: 'dateOfBirth' | 'startDate' | 'contractEnd', label: string, opts: { optional?: boolean; hint?: string } = {}) => (
    <Field id={fid(name)} label={label} optional={opts.optional} error={err(name)} hint={opts.hint}>
      <FormDateField control={control} name={name} id={fid(name)} data-testid={`staff-form-${name}`} {...describedBy(fid(name), err(name), !!opts.hint)} />
    </Field>
  );

  const select = <T extends string>(name: 'gender' | 'employer' | 'employmentType', label: string, options: readonly T[], labels: Record<T, string>, optional = false) => (
    <Field id={fid(name)} label={label} optional={optional} error={err(name)}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select value={(field.value as string) || undefined} onValueChange={field.onChange}>
            <SelectTrigger id={fid(name)} data-testid={`staff-form-${name}`} onBlur={field.onBlur} {...describedBy(fid(name), err(name))}>
              <SelectValue placeholder={f.choose} />
            </SelectTrigger>
            <SelectContent>
              {options.map((o) => (
                <SelectItem key={o} value={o}>
                  {labels[o]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </Field>
  );

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (staff) {
        const { staffNumber, ...rest } = values;
        const res = await updateStaff.mutateAsync({ ...rest, ...(staffNumber && staffNumber !== staff.staffNumber ? { staffNumber } : {}) });
        toast.success(f.saved, { description: res.message });
        onDone(res.staff);
      } else {
        const res = await createStaff.mutateAsync(values as CreateStaffBody);
        toast.success(f.created, { description: res.message });
        onDone(res.staff);
      }
    } catch (e) {
      if (e instanceof ApiError && e.fields && Object.keys(e.fields).length) {
        let first = true;
        for (const [key, message] of Object.entries(e.fields)) {
          setError(key as FieldPath<Values>, { type: 'server', message }, { shouldFocus: first });
          first = false;
        }
        setFormError(e.message);
        return;
      }
      setFormError(e instanceof Error ? e.message : f.failed);
    }
  });

  const contractRequired = CONTRACT_END_REQUIRED.includes(employmentType as 'contract');
  const grid = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-w-0 flex-col gap-4 sm:gap-5" data-testid="staff-form">
      {formError && <FormErrorAlert title={f.failed} detail={formError} testId="staff-form-error" />}

      <FormSection title={f.personal} description={f.personalHint} icon={<UserRound />}>
        <div className={grid}>
          {text('firstName', L.firstName)}
          {text('otherNames', L.otherNames, { optional: true })}
          {text('lastName', L.lastName)}
          {select('gender', L.gender, STAFF_GENDERS, staffLabels.gender, true)}
          {date('dateOfBirth', L.dateOfBirth, { optional: true })}
          {text('nationalId', L.nationalId, { optional: true, inputMode: 'numeric' })}
          {text('phone', L.phone, { optional: true, type: 'tel', inputMode: 'tel', placeholder: f.hints.phone })}
          {text('email', L.email, { optional: true, type: 'email', inputMode: 'email', hint: f.hints.email, className: 'sm:col-span-2' })}
        </div>
      </FormSection>

      <FormSection title={f.statutory} description={f.statutoryHint} icon={<ShieldCheck />}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {text('kraPin', L.kraPin, { optional: true, placeholder: f.hints.kraPin, upper: true })}
          {text('nssfNumber', L.nssfNumber, { optional: true })}
          {text('shifNumber', L.shifNumber, { optional: true })}
          {text('tscNumber', L.tscNumber, { optional: true, inputMode: 'numeric', hint: f.hints.tscNumber })}
        </div>
      </FormSection>

      <FormSection title={f.employment} description={f.employmentHint} icon={<BriefcaseBusiness />}>
        <div className={grid}>
          {text('jobTitle', L.jobTitle)}
          {text('department', L.department, { optional: true, list: `${id}-departments` })}
          <datalist id={`${id}-departments`}>
            {departments.map((d) => (
              <option key={d} value={d} />
            ))}
          </datalist>
          {select('employer', L.employer, EMPLOYERS, staffLabels.employer)}
          {select('employmentType', L.employmentType, EMPLOYMENT_TYPES, staffLabels.employmentType)}
          {date('startDate', L.startDate)}
          <Field id={fid('contractEnd')} label={L.contractEnd} optional={!contractRequired} error={err('contractEnd')} hint={f.hints.contractEnd}>
            <FormDateField control={control} name="contractEnd" id={fid('contractEnd')} data-testid="staff-form-contractEnd" {...describedBy(fid('contractEnd'), err('contractEnd'), true)} />
          </Field>
          {text('staffNumber', L.staffNumber, { optional: true, hint: staff ? undefined : f.hints.staffNumber, upper: true })}
        </div>
      </FormSection>

      <FormSection title={f.nextOfKin} description={f.nextOfKinHint} icon={<HeartHandshake />}>
        <div className={grid}>
          {text('nextOfKin.name', L.kinName, { optional: true })}
          {text('nextOfKin.relationship', L.kinRelationship, { optional: true, list: `${id}-relationships` })}
          <datalist id={`${id}-relationships`}>
            {['Spouse', 'Parent', 'Sibling', 'Child', 'Relative', 'Friend'].map((d) => (
              <option key={d} value={d} />
            ))}
          </datalist>
          {text('nextOfKin.phone', L.kinPhone, { optional: true, type: 'tel', inputMode: 'tel', placeholder: f.hints.phone })}
        </div>
      </FormSection>

      <FormSection title={f.payment} description={f.paymentHint} icon={<Banknote />}>
        <div className="flex flex-col gap-4">
          <Controller
            control={control}
            name="paymentMethod"
            render={({ field }) => (
              <div role="radiogroup" aria-label={L.paymentMethod} className="grid grid-cols-2 gap-2 sm:max-w-md">
                {(['bank', 'mpesa'] as const).map((p) => {
                  const on = field.value === p;
                  const Icon = p === 'bank' ? Banknote : Smartphone;
                  return (
                    <button
                      key={p}
                      type="button"
                      role="radio"
                      aria-checked={on}
                      onClick={() => field.onChange(p)}
                      data-testid={`staff-form-pay-${p}`}
                      className={cn(
                        'flex items-center gap-2.5 rounded-lg border px-3 py-2.5 text-left text-sm font-medium transition',
                        on ? 'border-primary bg-primary/5 text-primary ring-1 ring-primary' : 'hover:bg-muted/60',
                      )}
                    >
                      <Icon className="size-4" aria-hidden />
                      {staffLabels.paymentMethod[p]}
                    </button>
                  );
                })}
              </div>
            )}
          />
          {paymentMethod === 'mpesa' ? (
            <div className={grid}>{text('mpesaPhone', L.mpesaPhone, { type: 'tel', inputMode: 'tel', placeholder: f.hints.phone })}</div>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {text('bankName', L.bankName, { list: `${id}-banks` })}
              <datalist id={`${id}-banks`}>
                {KENYAN_BANKS.map((d) => (
                  <option key={d} value={d} />
                ))}
              </datalist>
              {text('bankBranch', L.bankBranch, { optional: true })}
              {text('bankCode', L.bankCode, { optional: true, inputMode: 'numeric' })}
              {text('bankAccount', L.bankAccount, { inputMode: 'numeric' })}
            </div>
          )}
        </div>
      </FormSection>

      <div className="sticky bottom-0 z-10 -mx-1 flex flex-col-reverse gap-2 border-t bg-background/95 px-1 py-3 backdrop-blur sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          {f.cancel}
        </Button>
        <Button type="submit" disabled={pending} data-testid="staff-form-submit">
          {pending && <Loader2 className="animate-spin" aria-hidden />}
          {pending ? f.saving : staff ? f.saveChanges : f.save}
        </Button>
      </div>
    </form>
  );
}
