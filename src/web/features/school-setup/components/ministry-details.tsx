import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@/lib/zod-resolver';
import { z } from 'zod';
import { Landmark, Pencil } from 'lucide-react';
import { toast } from 'sonner';
import type { SchoolProfile } from '@shared/contracts/school-setup';
import { KENYA_COUNTIES, countyName } from '@shared/kenya-counties';
import { BOARDING_TYPES, KRA_PIN, LEVELS_OFFERED, normaliseKraPin, type BoardingType, type LevelOffered } from '@shared/kemis';
import { BOARDING_TYPE_LABELS, LEVELS_OFFERED_LABELS, kemisMessages } from '@shared/messages/kemis';
import { messages } from '@shared/messages';
import { FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/field';
import { useUpdateProfile } from '../api/profile';
import { FormButtons, NativeSelect, Panel, SetupDialog, applyServerErrors, invalidProps, useCanEdit, useFieldIds } from './shared';

const k = kemisMessages.profile;
const api = kemisMessages.api;

const TEXT_FIELDS = ['knecCode', 'tscCode', 'registrationNumber', 'kraPin', 'subCounty', 'subCountyCode', 'ward', 'zone', 'cluster'] as const;
const FIELDS = [...TEXT_FIELDS, 'countyCode', 'boardingType', 'levelsOffered'] as const;

/**
 * The school profile's "Ministry details" (issue 35 §1): KNEC, TSC and registration codes, KRA PIN,
 * county (a select of the 47 with their codes) and sub-county, ward, zone, cluster, day/boarding and
 * the levels offered; the principal edits them in a dialog.
 */
export function MinistryDetailsPanel({ profile: p, className }: { profile: SchoolProfile; className?: string }) {
  const canEdit = useCanEdit();
  const [editing, setEditing] = React.useState(false);
  const county = p.countyCode ? `${p.countyCode} · ${countyName(p.countyCode) ?? ''}` : null;
  const items: [string, React.ReactNode, string][] = [
    [k.knecCode, p.knecCode, 'knec'],
    [k.tscCode, p.tscCode, 'tsc'],
    [k.registrationNumber, p.registrationNumber, 'registration'],
    [k.kraPin, p.kraPin, 'kra'],
    [k.countyCode, county, 'county'],
    [k.subCounty, [p.subCounty, p.subCountyCode && `(${p.subCountyCode})`].filter(Boolean).join(' ') || null, 'sub-county'],
    [k.ward, p.ward, 'ward'],
    [k.zone, p.zone, 'zone'],
    [k.cluster, p.cluster, 'cluster'],
    [k.boardingType, p.boardingType ? BOARDING_TYPE_LABELS[p.boardingType] : null, 'boarding'],
    [k.levelsOffered, p.levelsOffered.map((l) => LEVELS_OFFERED_LABELS[l]).join(', ') || null, 'levels'],
  ];
  return (
    <Panel
      title={k.title}
      description={k.description}
      testId="ministry-panel"
      className={className}
      actions={
        canEdit && (
          <Button variant="outline" onClick={() => setEditing(true)} data-testid="ministry-edit">
            <Pencil aria-hidden />
            {messages.schoolSetup.edit}
          </Button>
        )
      }
    >
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map(([label, value, id]) => (
          <div key={id} className="min-w-0">
            <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
            <dd className="mt-1 text-sm break-words" data-testid={`ministry-${id}`}>
              {value || <span className="text-muted-foreground">{k.notSet}</span>}
            </dd>
          </div>
        ))}
      </dl>
      <SetupDialog open={editing} onOpenChange={setEditing} icon={Landmark} title={k.title} description={k.description} wide testId="ministry-dialog">
        <MinistryForm profile={p} onDone={() => setEditing(false)} />
      </SetupDialog>
    </Panel>
  );
}

type Form = Record<(typeof TEXT_FIELDS)[number], string> & { countyCode: string; boardingType: '' | BoardingType; levelsOffered: LevelOffered[] };

const schema = z.object({
  knecCode: z.string().max(20, api.textTooLong(20)),
  tscCode: z.string().max(20, api.textTooLong(20)),
  registrationNumber: z.string().max(40, api.textTooLong(40)),
  kraPin: z.string().refine((v) => !v.trim() || KRA_PIN.test(normaliseKraPin(v)), api.kraPinInvalid),
  countyCode: z.string(),
  subCounty: z.string().max(80, api.textTooLong(80)),
  subCountyCode: z.string().max(20, api.textTooLong(20)),
  ward: z.string().max(80, api.textTooLong(80)),
  zone: z.string().max(80, api.textTooLong(80)),
  cluster: z.string().max(80, api.textTooLong(80)),
  boardingType: z.union([z.literal(''), z.enum(BOARDING_TYPES)]),
  levelsOffered: z.array(z.enum(LEVELS_OFFERED)),
});

function MinistryForm({ profile: p, onDone }: { profile: SchoolProfile; onDone: () => void }) {
  const f = useFieldIds();
  const update = useUpdateProfile();
  const [formError, setFormError] = React.useState('');
  const form = useForm<Form>({
    resolver: zodResolver(schema),
    defaultValues: {
      ...Object.fromEntries(TEXT_FIELDS.map((name) => [name, p[name] ?? ''])),
      countyCode: p.countyCode ?? '',
      boardingType: p.boardingType ?? '',
      levelsOffered: p.levelsOffered,
    } as Form,
  });
  const { register, control, handleSubmit, setError, formState } = form;
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (v) => {
    setFormError('');
    try {
      await update.mutateAsync({ ...v, kraPin: v.kraPin ? normaliseKraPin(v.kraPin) : '' });
      toast.success(messages.schoolSetup.saved, { description: k.title });
      onDone();
    } catch (err) {
      setFormError(applyServerErrors(err, setError, FIELDS));
    }
  });
  const text = (name: (typeof TEXT_FIELDS)[number], label: string, max: number, extra?: React.InputHTMLAttributes<HTMLInputElement>) => (
    <Field id={f(name)} label={label} optional error={errors[name]?.message}>
      <Input id={f(name)} maxLength={max} autoComplete="off" {...extra} {...register(name)} {...invalidProps(f(name), errors[name]?.message)} data-testid={`ministry-${name}-input`} />
    </Field>
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="ministry-form">
      <div className="grid gap-4 sm:grid-cols-2">
        {text('knecCode', k.knecCode, 20, { inputMode: 'numeric' })}
        {text('tscCode', k.tscCode, 20)}
        {text('registrationNumber', k.registrationNumber, 40)}
        {text('kraPin', k.kraPin, 14, { className: 'font-mono uppercase', placeholder: 'P051234567X' })}
        <Field id={f('countyCode')} label={k.countyCode} optional error={errors.countyCode?.message}>
          <NativeSelect id={f('countyCode')} {...register('countyCode')} {...invalidProps(f('countyCode'), errors.countyCode?.message)} data-testid="ministry-countyCode-input">
            <option value="">{k.chooseCounty}</option>
            {KENYA_COUNTIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} · {c.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {text('subCounty', k.subCounty, 80)}
        {text('subCountyCode', k.subCountyCode, 20)}
        {text('ward', k.ward, 80)}
        {text('zone', k.zone, 80)}
        {text('cluster', k.cluster, 80)}
        <Field id={f('boardingType')} label={k.boardingType} optional error={errors.boardingType?.message}>
          <NativeSelect id={f('boardingType')} {...register('boardingType')} data-testid="ministry-boardingType-input">
            <option value="">{k.notSet}</option>
            {BOARDING_TYPES.map((b) => (
              <option key={b} value={b}>
                {BOARDING_TYPE_LABELS[b]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <fieldset className="grid content-start gap-2 sm:col-span-2">
          <legend className="mb-2 text-sm font-medium">{k.levelsOffered}</legend>
          <Controller
            control={control}
            name="levelsOffered"
            render={({ field }) => (
              <div className="flex flex-wrap gap-3" data-testid="ministry-levels-input">
                {LEVELS_OFFERED.map((l) => (
                  <label key={l} className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5">
                    <Checkbox
                      checked={field.value.includes(l)}
                      onCheckedChange={(on) => field.onChange(on ? LEVELS_OFFERED.filter((x) => x === l || field.value.includes(x)) : field.value.filter((x) => x !== l))}
                    />
                    {LEVELS_OFFERED_LABELS[l]}
                  </label>
                ))}
              </div>
            )}
          />
        </fieldset>
      </div>
      {formError && <FormErrorAlert title={formError} testId="ministry-form-error" />}
      <FormButtons pending={formState.isSubmitting} onCancel={onDone} testId="ministry-save" />
    </form>
  );
}
