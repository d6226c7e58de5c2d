import { Controller } from 'react-hook-form';
import { KENYA_COUNTIES } from '@shared/kenya-counties';
import { NATIONALITY_CODES, SPECIAL_NEEDS_CODES } from '@shared/kemis';
import { SPECIAL_NEEDS_LABELS, kemisMessages } from '@shared/messages/kemis';
import { Field, describedBy } from '@/components/field';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/features/school-setup';
import type { LearnerFieldValues, LearnerForm } from './learner-fields';

const k = kemisMessages.learner;

/** Country names in English for the nationality select (Kenya first, then the neighbours, then the rest). */
function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The learner's KEMIS fields (issue 35 §1), all optional: nationality (a select, Kenya first), county
 * (the 47 with their codes) and sub-county of residence, the Ministry's special-needs categories (a
 * multi-select of checkboxes), medical condition, SHA number and the KCPE / KPSEA index numbers.
 */
export function KemisFields({ form, idPrefix }: { form: LearnerForm; idPrefix: string }) {
  const { register, formState } = form;
  const e = formState.errors;
  const id = (n: string) => `${idPrefix}-${n}`;
  const text = (name: keyof LearnerFieldValues, label: string, max: number, mono = false) => (
    <Field id={id(name)} label={label} optional error={e[name]?.message}>
      <Input id={id(name)} autoComplete="off" maxLength={max} className={mono ? 'font-mono' : undefined} {...register(name)} {...describedBy(id(name), e[name])} data-testid={`learner-${name}`} />
    </Field>
  );
  const [first, ...rest] = NATIONALITY_CODES;
  const others = rest.slice(0, 8);
  const world = rest.slice(8).map((c) => ({ c, name: countryName(c) })).sort((a, b) => a.name.localeCompare(b.name));
  return (
    <fieldset className="grid min-w-0 gap-4" data-testid="learner-kemis-fields">
      <legend className="mb-1 text-sm font-semibold">{k.title}</legend>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field id={id('nationality')} label={k.nationality} optional error={e.nationality?.message}>
          <NativeSelect id={id('nationality')} {...register('nationality')} {...describedBy(id('nationality'), e.nationality)} data-testid="learner-nationality">
            <option value="">{k.chooseNationality}</option>
            <option value={first}>{countryName(first!)}</option>
            {others.map((c) => (
              <option key={c} value={c}>
                {countryName(c)}
              </option>
            ))}
            <option disabled>──────────</option>
            {world.map(({ c, name }) => (
              <option key={c} value={c}>
                {name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id={id('residenceCountyCode')} label={k.residenceCountyCode} optional error={e.residenceCountyCode?.message}>
          <NativeSelect id={id('residenceCountyCode')} {...register('residenceCountyCode')} {...describedBy(id('residenceCountyCode'), e.residenceCountyCode)} data-testid="learner-residenceCountyCode">
            <option value="">{k.chooseCounty}</option>
            {KENYA_COUNTIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} · {c.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {text('residenceSubCounty', k.residenceSubCounty, 80)}
        {text('shaNumber', k.shaNumber, 30, true)}
        {text('kcpeIndexNumber', k.kcpeIndexNumber, 20, true)}
        {text('kpseaIndexNumber', k.kpseaIndexNumber, 20, true)}
        <div className="sm:col-span-2 lg:col-span-3">{text('medicalCondition', k.medicalCondition, 500)}</div>
      </div>
      <div className="grid gap-2">
        <span className="text-sm font-medium" id={id('specialNeedsCodes')}>
          {k.specialNeedsCodes}
        </span>
        <Controller
          control={form.control}
          name="specialNeedsCodes"
          render={({ field }) => {
            const value = (field.value ?? []) as string[];
            return (
              <div className="flex flex-wrap gap-2" role="group" aria-labelledby={id('specialNeedsCodes')} data-testid="learner-specialNeedsCodes">
                {SPECIAL_NEEDS_CODES.map((code) => (
                  <label key={code} className="flex cursor-pointer items-center gap-2 rounded-md border px-2.5 py-1.5 text-sm has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5">
                    <Checkbox
                      checked={value.includes(code)}
                      onCheckedChange={(on) => field.onChange(on ? SPECIAL_NEEDS_CODES.filter((c) => c === code || value.includes(c)) : value.filter((c) => c !== code))}
                      data-testid={`learner-specialNeeds-${code}`}
                    />
                    {SPECIAL_NEEDS_LABELS[code]}
                  </label>
                ))}
              </div>
            );
          }}
        />
        {e.specialNeedsCodes?.message && <p className="text-xs font-medium text-destructive">{String(e.specialNeedsCodes.message)}</p>}
      </div>
    </fieldset>
  );
}
