import * as React from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@/lib/zod-resolver';
import { z } from 'zod';
import { CalendarCheck2, CalendarPlus, CalendarRange, Lock, Pencil, Sparkles, Star } from 'lucide-react';
import { toast } from 'sonner';
import { checkTerms, createYearBody, termInput, type AcademicYear } from '@shared/contracts/school-setup';
import { ministryTermTemplate, type TermTemplate } from '@shared/curriculum-catalogue';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormErrorAlert } from '@/components/form-feedback';
import { EmptyListState } from '@/components/list-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { useCloseYear, useCreateYear, useMarkCurrentTerm, useUpdateYear, useYears } from '../api/years';
import { Field } from '@/components/field';
import { FormDateField } from '@/components/date-field';
import { FormButtons, NativeSelect, Panel, SetupDialog, applyServerErrors, errorText, formatDay, formatRange, invalidProps, useCanEdit, useFieldIds } from './shared';

const m = messages.schoolSetup;

/** The Years & terms tab: every academic year with its terms, current term, editing and closing. */
export function YearsTab() {
  const query = useYears();
  const canEdit = useCanEdit();
  const [dialog, setDialog] = React.useState<{ year: AcademicYear | null } | null>(null);
  const [makeCurrent, setMakeCurrent] = React.useState<{ termId: string; term: string; year: string } | null>(null);
  const [closing, setClosing] = React.useState<AcademicYear | null>(null);
  const mark = useMarkCurrentTerm();

  if (query.isError) return <QueryErrorCard query={query} title={m.loadErrorTitle} retryLabel={m.tryAgain} />;
  const list = query.data;
  return (
    <Panel
      title={m.yearsTitle}
      description={m.yearsDescription}
      testId="years-panel"
      actions={
        canEdit && (
          <Button onClick={() => setDialog({ year: null })} data-testid="years-add">
            <CalendarPlus aria-hidden />
            {m.addYear}
          </Button>
        )
      }
    >
      {!list ? (
        <Skeleton className="h-64 w-full" />
      ) : list.length === 0 ? (
        <EmptyListState icon={CalendarRange} title={m.noYears} hint={m.noYearsHint} testId="years-empty" />
      ) : (
        <ul className="grid gap-3">
          {list.map((y) => (
            <YearCard key={y.id} year={y} onEdit={() => setDialog({ year: y })} onClose={() => setClosing(y)} onMakeCurrent={(termId, term) => setMakeCurrent({ termId, term, year: y.name })} />
          ))}
        </ul>
      )}
      <SetupDialog
        open={!!dialog}
        onOpenChange={(o) => !o && setDialog(null)}
        icon={dialog?.year ? Pencil : CalendarPlus}
        title={dialog?.year ? m.editYearTitle(dialog.year.name) : m.addYearTitle}
        description={dialog?.year ? m.editYearDescription : m.addYearDescription}
        wide="xl"
        testId="year-dialog"
      >
        <YearForm year={dialog?.year ?? null} years={list ?? []} onDone={() => setDialog(null)} />
      </SetupDialog>
      <ConfirmDialog
        open={!!makeCurrent}
        tone="success"
        icon={Star}
        title={makeCurrent ? m.markCurrentTitle(makeCurrent.term, makeCurrent.year) : ''}
        text={m.markCurrentText}
        cancelLabel={m.cancel}
        confirmLabel={m.markCurrent}
        pending={mark.isPending}
        onCancel={() => setMakeCurrent(null)}
        onConfirm={() =>
          makeCurrent &&
          mark.mutate(makeCurrent.termId, {
            onSuccess: () => {
              toast.success(m.termMadeCurrent(makeCurrent.term, makeCurrent.year));
              setMakeCurrent(null);
            },
            onError: (err) => {
              toast.error(m.saveFailed, { description: errorText(err) });
              setMakeCurrent(null);
            },
          })
        }
        testId="term-current-dialog"
        confirmTestId="term-current-confirm"
      />
      <CloseYearDialog year={closing} years={list ?? []} onDone={() => setClosing(null)} />
    </Panel>
  );
}

function YearCard({ year, onEdit, onClose, onMakeCurrent }: { year: AcademicYear; onEdit: () => void; onClose: () => void; onMakeCurrent: (termId: string, term: string) => void }) {
  const canEdit = useCanEdit();
  const open = year.status === 'open';
  return (
    <li className={cn('rounded-lg border p-4', year.isCurrent && 'border-primary/40 bg-primary/[0.03]')} data-testid="year-card" data-year={year.name}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-base font-semibold">
            {year.name}
            {year.isCurrent && <Badge data-testid="year-current">{m.current}</Badge>}
            <Badge variant={open ? 'outline' : 'secondary'} className="gap-1">
              {!open && <Lock className="size-3" aria-hidden />}
              {open ? m.statusOpen : m.statusClosed}
            </Badge>
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            {formatDay(year.startsOn)} – {formatDay(year.endsOn)} · {m.streamsInYear(year.streamCount)}
            {year.closedAt && ` · ${m.closedOn(formatDay(year.closedAt.slice(0, 10)))}`}
          </p>
        </div>
        {canEdit && open && (
          <div className="flex gap-2">
            <Button size="sm" variant="outline" onClick={onEdit} data-testid="year-edit">
              <Pencil aria-hidden />
              {m.edit}
            </Button>
            <Button size="sm" variant="outline" onClick={onClose} data-testid="year-close">
              <Lock aria-hidden />
              {m.closeYear}
            </Button>
          </div>
        )}
      </div>
      <div className="mt-3 grid gap-2 md:grid-cols-3">
        {year.terms.map((t) => (
          <div key={t.id} className={cn('rounded-md border bg-card p-3 text-sm', t.isCurrent && 'border-primary ring-1 ring-primary/30')} data-testid="term-card">
            <p className="flex items-center justify-between gap-2 font-medium">
              {t.name}
              {t.isCurrent && (
                <Badge className="gap-1" data-testid="term-current">
                  <Star className="size-3" aria-hidden />
                  {m.currentTerm}
                </Badge>
              )}
            </p>
            <p className="mt-1 text-muted-foreground">{formatRange(t.startsOn, t.endsOn)}</p>
            <p className="text-xs text-muted-foreground">{t.halfTermStartsOn ? `${m.halfTerm}: ${formatRange(t.halfTermStartsOn, t.halfTermEndsOn)}` : m.noHalfTerm}</p>
            {canEdit && open && !t.isCurrent && (
              <Button size="sm" variant="ghost" className="mt-1 -ml-2 h-7 text-xs" onClick={() => onMakeCurrent(t.id, t.name)} data-testid="term-make-current">
                <CalendarCheck2 aria-hidden />
                {m.markCurrent}
              </Button>
            )}
          </div>
        ))}
      </div>
    </li>
  );
}

interface TermRow {
  number: number;
  name: string;
  startsOn: string;
  endsOn: string;
  halfTermStartsOn: string;
  halfTermEndsOn: string;
}
interface YearFormValues {
  name: string;
  terms: TermRow[];
  copyFrom: string;
  copyAssignments: boolean;
}

const yearFormSchema = z
  .object({
    name: createYearBody.shape.name,
    terms: z.array(termInput),
    copyFrom: z.string(),
    copyAssignments: z.boolean(),
  })
  .superRefine((v, ctx) => {
    for (const [key, message] of Object.entries(checkTerms(v.terms))) {
      ctx.addIssue({ code: 'custom', path: key.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message });
    }
  });

const toRows = (list: TermTemplate[] | AcademicYear['terms']): TermRow[] =>
  list.map((t) => ({ number: t.number, name: t.name, startsOn: t.startsOn, endsOn: t.endsOn, halfTermStartsOn: t.halfTermStartsOn ?? '', halfTermEndsOn: t.halfTermEndsOn ?? '' }));

const TERM_FIELDS = ['startsOn', 'endsOn', 'halfTermStartsOn', 'halfTermEndsOn'] as const;

function YearForm({ year, years, onDone }: { year: AcademicYear | null; years: AcademicYear[]; onDone: () => void }) {
  const f = useFieldIds();
  const create = useCreateYear();
  const update = useUpdateYear();
  const [formError, setFormError] = React.useState('');
  const latest = years.reduce((n, y) => Math.max(n, Number.parseInt(y.name, 10) || 0), 0);
  const suggested = String(latest ? latest + 1 : new Date().getFullYear());
  const current = years.find((y) => y.isCurrent) ?? years.find((y) => y.status === 'open');
  const form = useForm<YearFormValues>({
    resolver: zodResolver(yearFormSchema) as never,
    defaultValues: {
      name: year?.name ?? suggested,
      terms: toRows(year ? year.terms : ministryTermTemplate(Number(suggested))),
      copyFrom: year ? '' : (current?.id ?? ''),
      copyAssignments: false,
    },
  });
  const { register, control, handleSubmit, setError, setValue, formState } = form;
  const errors = formState.errors;
  const name = useWatch({ control, name: 'name' });
  const copyFrom = useWatch({ control, name: 'copyFrom' });
  const termErrors = errors.terms as unknown as Record<number, Partial<Record<string, { message?: string }>>> | undefined;

  const fillMinistryDates = () => {
    const n = Number.parseInt(name, 10);
    if (n >= 2000 && n <= 2100) setValue('terms', toRows(ministryTermTemplate(n)), { shouldValidate: formState.isSubmitted });
  };

  const onSubmit = handleSubmit(async (v) => {
    setFormError('');
    const terms = v.terms.map((t) => ({ ...t, halfTermStartsOn: t.halfTermStartsOn || null, halfTermEndsOn: t.halfTermEndsOn || null }));
    try {
      if (year) {
        const saved = await update.mutateAsync({ id: year.id, body: { name: v.name, terms } });
        toast.success(m.yearSaved(saved.name));
      } else {
        const saved = await create.mutateAsync({ name: v.name, terms, copyStreamsFromYearId: v.copyFrom || null, copyAssignments: !!v.copyFrom && v.copyAssignments });
        const from = years.find((y) => y.id === v.copyFrom);
        toast.success(m.yearCreated(saved.name), { description: from ? m.streamsCopied(saved.streamCount, from.name) : undefined });
      }
      onDone();
    } catch (err) {
      const known = ['name', 'terms', 'copyStreamsFromYearId', ...v.terms.flatMap((_, i) => TERM_FIELDS.map((f) => `terms.${i}.${f}`))];
      setFormError(applyServerErrors(err, setError, known));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="year-form">
      <div className="flex flex-wrap items-end gap-3">
        <Field id={f('name')} label={m.yearName} error={errors.name?.message} className="w-40">
          <Input id={f('name')} inputMode="numeric" maxLength={9} {...register('name')} {...invalidProps(f('name'), errors.name?.message)} data-testid="year-name-input" />
        </Field>
        <Button type="button" variant="outline" onClick={fillMinistryDates} data-testid="year-ministry-dates">
          <Sparkles aria-hidden />
          {m.useMinistryDates}
        </Button>
      </div>
      <div className="grid gap-3">
        {[0, 1, 2, 3].slice(0, form.getValues('terms').length).map((i) => (
          <fieldset key={i} className="grid gap-3 rounded-lg border p-3 sm:grid-cols-2 md:grid-cols-[8rem_repeat(4,minmax(0,1fr))]" data-testid="year-term-row">
            <Field id={f(`t${i}-name`)} label={m.termName} error={termErrors?.[i]?.name?.message}>
              <Input id={f(`t${i}-name`)} maxLength={40} {...register(`terms.${i}.name`)} />
            </Field>
            {TERM_FIELDS.map((field) => {
              const err = termErrors?.[i]?.[field]?.message;
              const label = { startsOn: m.starts, endsOn: m.ends, halfTermStartsOn: m.halfTermStarts, halfTermEndsOn: m.halfTermEnds }[field];
              return (
                <Field key={field} id={f(`t${i}-${field}`)} label={label} error={err}>
                  <FormDateField control={control} name={`terms.${i}.${field}`} id={f(`t${i}-${field}`)} className="min-w-0 pl-2" {...invalidProps(f(`t${i}-${field}`), err)} data-testid={`year-term-${i}-${field}`} />
                </Field>
              );
            })}
          </fieldset>
        ))}
        {errors.terms?.message ? <p className="text-xs font-medium text-destructive">{errors.terms.message}</p> : <p className="text-xs text-muted-foreground">{m.halfTermOptional}</p>}
      </div>
      {!year && (
        <div className="grid gap-3 rounded-lg border bg-muted/30 p-3 sm:grid-cols-2 sm:items-end">
          <Field id={f('copy')} label={m.copyStreams} hint={m.copyStreamsHint}>
            <NativeSelect id={f('copy')} {...register('copyFrom')} data-testid="year-copy-from">
              <option value="">{m.copyStreamsNone}</option>
              {years.map((y) => (
                <option key={y.id} value={y.id}>
                  {y.name} ({m.streamsInYear(y.streamCount)})
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Controller
            control={control}
            name="copyAssignments"
            render={({ field }) => (
              <Label className={cn('flex items-center gap-2 pb-6 font-normal', !copyFrom && 'opacity-50')}>
                <Checkbox checked={field.value} onCheckedChange={(c) => field.onChange(!!c)} disabled={!copyFrom} data-testid="year-copy-assignments" />
                {m.copyYearAssignments}
              </Label>
            )}
          />
        </div>
      )}
      {formError && <FormErrorAlert title={formError} testId="year-form-error" />}
      <FormButtons pending={formState.isSubmitting} onCancel={onDone} testId="year-save" />
    </form>
  );
}

/** Close a year; the current year needs the term of another open year that becomes current. */
function CloseYearDialog({ year, years, onDone }: { year: AcademicYear | null; years: AcademicYear[]; onDone: () => void }) {
  const close = useCloseYear();
  const [next, setNext] = React.useState('');
  const options = years.filter((y) => y.status === 'open' && y.id !== year?.id).flatMap((y) => y.terms.map((t) => ({ id: t.id, label: `${y.name} · ${t.name}` })));
  const needsNext = !!year?.isCurrent;
  return (
    <SetupDialog open={!!year} onOpenChange={(o) => !o && !close.isPending && onDone()} icon={Lock} title={year ? m.closeYearTitle(year.name) : ''} description={m.closeYearText} testId="year-close-dialog">
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!year) return;
          close.mutate(
            { id: year.id, nextCurrentTermId: needsNext ? next : undefined },
            {
              onSuccess: () => {
                toast.success(m.yearClosed(year.name));
                setNext('');
                onDone();
              },
              onError: (err) => toast.error(m.saveFailed, { description: errorText(err) }),
            },
          );
        }}
      >
        {needsNext && (
          <Field id="close-next-term" label={m.closeYearNextTerm} hint={m.closeYearNextTermHint}>
            <NativeSelect id="close-next-term" value={next} onChange={(e) => setNext(e.target.value)} required data-testid="year-close-next">
              <option value="" disabled>
                {m.closeYearNextTerm}
              </option>
              {options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone} disabled={close.isPending}>
            {m.cancel}
          </Button>
          <Button type="submit" variant="destructive" disabled={close.isPending || (needsNext && !next)} data-testid="year-close-confirm">
            <Lock aria-hidden />
            {m.closeYear}
          </Button>
        </DialogFooter>
      </form>
    </SetupDialog>
  );
}
