import * as React from 'react';
import { Controller, useWatch, type Control, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Loader2, Trash2, UserCheck } from 'lucide-react';
import { RELATIONSHIPS, type CreateStudentBody, type GuardianLookup } from '@shared/contracts/learners';
import { DEFAULT_LOCALE, LOCALES, LOCALE_NAMES, parseLocale, type Locale } from '@shared/i18n/locale';
import { messages } from '@shared/messages';
import { languageMessages } from '@shared/messages/language';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { NativeSelect, useSchoolDefaultLocale } from '@/features/school-setup';
import { useGuardianLookup } from '../api/learners';
import { childrenList } from '../learner-forms';
import { Field, describedBy } from '@/components/field';

const m = messages.learners;
const a = m.admission;
const LOOKUP_DEBOUNCE_MS = 400;

/**
 * "Known guardian: Peter Mwangi Kamau — parent of Grace Mumbi Kamau (Grade 4 West)… They will be
 * linked to this learner, not duplicated." (issue 10 §2: siblings share a parent.)
 */
export function KnownGuardianNotice({ guardian, testId = 'known-guardian' }: { guardian: NonNullable<GuardianLookup>; testId?: string }) {
  return (
    <div className="flex items-start gap-2.5 rounded-md border border-sky-500/30 bg-sky-500/8 px-3 py-2.5 text-sm text-sky-900 dark:text-sky-200" role="status" data-testid={testId}>
      <UserCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p className="min-w-0 leading-relaxed">
        <span className="font-medium">{a.knownGuardian(guardian.name)}</span>
        {' — '}
        {guardian.children.length ? a.knownChildren(childrenList(guardian.children)) : a.knownNoChildren}. {a.knownLinked}
      </p>
    </div>
  );
}

/**
 * The guardian lookup of a phone field: asks GET /api/guardians/lookup once typing pauses and the
 * number is a valid Kenyan one. Returns the known guardian (or null) and whether it is asking.
 */
export function useKnownGuardian(phone: string): { guardian: GuardianLookup; checking: boolean } {
  const debounced = useDebouncedValue(phone ?? '', LOOKUP_DEBOUNCE_MS);
  const lookup = useGuardianLookup(debounced);
  return { guardian: lookup.data ?? null, checking: lookup.isFetching };
}

type AdmissionForm = UseFormReturn<CreateStudentBody>;

/**
 * One guardian block of the admission form: name, relationship, phone (looked up as it is typed),
 * e-mail, primary contact and "Create a parent account". A known guardian fills an empty name and is
 * linked by the server rather than duplicated; one who already has a parent account needs none.
 */
export function GuardianFields({
  form,
  index,
  idPrefix,
  canRemove,
  onRemove,
  onPrimary,
}: {
  form: AdmissionForm;
  index: number;
  idPrefix: string;
  canRemove: boolean;
  onRemove: () => void;
  onPrimary: (index: number) => void;
}) {
  const { register, control, setValue, getValues, formState } = form;
  const e = formState.errors.guardians?.[index];
  const id = (n: string) => `${idPrefix}-g${index}-${n}`;
  const phone = useWatch({ control, name: `guardians.${index}.phone` }) ?? '';
  const { guardian, checking } = useKnownGuardian(phone);

  // A known guardian: fill the name and relationship when still empty (the server keeps the known record anyway).
  React.useEffect(() => {
    if (guardian && !getValues(`guardians.${index}.name`)?.trim()) setValue(`guardians.${index}.name`, guardian.name, { shouldDirty: true });
    // Their relationship to the children already here is the likeliest one to this learner too.
    const known = guardian?.children[0]?.relationship;
    if (known && !getValues(`guardians.${index}.relationship`) && (RELATIONSHIPS as readonly string[]).includes(known)) {
      setValue(`guardians.${index}.relationship`, known as (typeof RELATIONSHIPS)[number], { shouldDirty: true });
    }
    if (guardian?.hasAccount) setValue(`guardians.${index}.createAccount`, false);
  }, [guardian, index, getValues, setValue]);

  return (
    <fieldset className="grid min-w-0 gap-4 rounded-lg border bg-background/60 p-4" data-testid="guardian-fields" data-index={index}>
      <legend className="sr-only">{a.guardian(index + 1)}</legend>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-semibold" aria-hidden>
          {a.guardian(index + 1)}
        </p>
        {canRemove && (
          <Button type="button" variant="ghost" size="sm" className="-my-1 text-muted-foreground hover:text-destructive" onClick={onRemove} data-testid="guardian-remove">
            <Trash2 aria-hidden />
            <span className="sr-only sm:not-sr-only">{a.removeGuardian}</span>
          </Button>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id('phone')} label={a.phone} error={e?.phone?.message}>
          <div className="relative">
            <Input
              id={id('phone')}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder={a.phonePlaceholder}
              maxLength={30}
              {...register(`guardians.${index}.phone`)}
              {...describedBy(id('phone'), e?.phone)}
              data-testid="guardian-phone"
            />
            {checking && <Loader2 className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground" aria-label={a.lookingUp} />}
          </div>
        </Field>
        <Field id={id('name')} label={a.guardianName} error={e?.name?.message}>
          <Input id={id('name')} autoComplete="off" maxLength={120} {...register(`guardians.${index}.name`)} {...describedBy(id('name'), e?.name)} data-testid="guardian-name" />
        </Field>
        {guardian && (
          <div className="sm:col-span-2">
            <KnownGuardianNotice guardian={guardian} />
          </div>
        )}
        <RelationshipField id={id('relationship')} control={control} name={`guardians.${index}.relationship`} error={e?.relationship} />
        <Field id={id('email')} label={a.email} optional error={e?.email?.message}>
          <Input id={id('email')} type="email" inputMode="email" autoComplete="off" maxLength={320} {...register(`guardians.${index}.email`)} {...describedBy(id('email'), e?.email)} data-testid="guardian-email" />
        </Field>
        <Field id={id('idNumber')} label={a.idNumber} optional error={e?.idNumber?.message}>
          <Input id={id('idNumber')} autoComplete="off" maxLength={20} className="font-mono" {...register(`guardians.${index}.idNumber`)} {...describedBy(id('idNumber'), e?.idNumber)} data-testid="guardian-idNumber" />
        </Field>
        <GuardianLanguageField id={id('language')} control={control} name={`guardians.${index}.preferredLanguage`} error={e?.preferredLanguage} className="sm:col-span-2" />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start sm:gap-x-6">
        <Controller
          control={control}
          name={`guardians.${index}.isPrimary`}
          render={({ field }) => (
            <label className="flex cursor-pointer items-center gap-2.5 text-sm">
              <Checkbox checked={!!field.value} onCheckedChange={(v) => v && onPrimary(index)} ref={field.ref} data-testid="guardian-primary" />
              {a.primary}
            </label>
          )}
        />
        {guardian?.hasAccount ? (
          <p className="text-sm text-muted-foreground" data-testid="guardian-has-account">
            {a.alreadyHasAccount}
          </p>
        ) : (
          <Controller
            control={control}
            name={`guardians.${index}.createAccount`}
            render={({ field }) => (
              <label className="flex min-w-0 cursor-pointer items-start gap-2.5 text-sm leading-snug">
                <Checkbox className="mt-0.5" checked={!!field.value} onCheckedChange={(v) => field.onChange(v === true)} ref={field.ref} data-testid="guardian-create-account" />
                {a.createAccount}
              </label>
            )}
          />
        )}
      </div>
    </fieldset>
  );
}

/**
 * The guardian's relationship to the learner (mother, father, ...): a select bound to the form field
 * `name`; `id` is the trigger's id (and its error line's prefix), `error` the field's error.
 */
export function RelationshipField<T extends FieldValues>({ id, control, name, error }: { id: string; control: Control<T>; name: FieldPath<T>; error?: { message?: string } }) {
  return (
    <Field id={id} label={a.relationship} error={error?.message}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select value={(field.value as string) || undefined} onValueChange={field.onChange}>
            <SelectTrigger id={id} ref={field.ref} onBlur={field.onBlur} {...describedBy(id, error)} data-testid="guardian-relationship">
              <SelectValue placeholder={a.relationshipPlaceholder} />
            </SelectTrigger>
            <SelectContent>
              {RELATIONSHIPS.map((r) => (
                <SelectItem key={r} value={r}>
                  {m.relationships[r]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </Field>
  );
}

/** The select's value for "follow the school's default" (the API's null). */
const SCHOOL_DEFAULT = '';

/**
 * "Language for SMS and e-mail" (issue 36 §1, §5): School default (English) — the school's current
 * default named — English or Kiswahili, bound to the form field `name` ('en' | 'sw', or null for the
 * school's default). `schoolDefault` names the default when the school profile cannot be read yet.
 */
export function GuardianLanguageField<T extends FieldValues>({
  id,
  control,
  name,
  error,
  schoolDefault,
  className,
}: {
  id: string;
  control: Control<T>;
  name: FieldPath<T>;
  error?: { message?: string };
  schoolDefault?: Locale;
  className?: string;
}) {
  const current = useSchoolDefaultLocale() ?? schoolDefault ?? DEFAULT_LOCALE;
  return (
    <Field id={id} label={languageMessages.guardianLabel} hint={languageMessages.guardianHint} error={error?.message} className={className}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <NativeSelect
            id={id}
            ref={field.ref}
            name={field.name}
            value={(field.value as Locale | null | undefined) ?? SCHOOL_DEFAULT}
            onChange={(event) => field.onChange(parseLocale(event.target.value) ?? null)}
            onBlur={field.onBlur}
            {...describedBy(id, error, true)}
            data-testid="guardian-language"
          >
            <option value={SCHOOL_DEFAULT}>{languageMessages.schoolDefault(LOCALE_NAMES[current])}</option>
            {LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LOCALE_NAMES[l]}
              </option>
            ))}
          </NativeSelect>
        )}
      />
    </Field>
  );
}

/**
 * The guardian card's language line: "Kiswahili" for their own choice, "School default (English)"
 * when they follow the school (the API resolves preferredLanguage to the school's default then).
 */
export function guardianLanguageText(g: { preferredLanguage: Locale; followsSchoolLanguage: boolean }): string {
  const name = LOCALE_NAMES[g.preferredLanguage];
  return g.followsSchoolLanguage ? languageMessages.schoolDefault(name) : name;
}
