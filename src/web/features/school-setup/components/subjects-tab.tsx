import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@/lib/zod-resolver';
import { z } from 'zod';
import { Archive, ArchiveRestore, BookOpen, Library, Plus } from 'lucide-react';
import { toast } from 'sonner';
import type { CreateSubjectBody, Subject, UpdateSubjectBody } from '@shared/contracts/school-setup';
import { catalogueSubjects, weeklyLessonsOf } from '@shared/curriculum-catalogue';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { CrudList } from '@/components/crud-list';
import { useListParams, type ColumnDef } from '@/components/data-table';
import { FormErrorAlert } from '@/components/form-feedback';
import { EmptyListState, LoadErrorCard } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useDepartments } from '../api/departments';
import { useLevels } from '../api/structure';
import { useAddFromCatalogue, useSaveSubject, useSetRetired, useSubjects } from '../api/subjects';
import { Field } from '@/components/field';
import { FormButtons, IN_PANEL, NativeSelect, Panel, SetupDialog, applyServerErrors, errorText, invalidProps, setupCrud, useCanEdit, useFieldIds } from './shared';
import { perLocale } from '@shared/i18n/localized';

const m = messages.schoolSetup;

function SubjectName({ subject: s }: { subject: Subject }) {
  return (
    <div className="min-w-0">
      <p className={cn('flex flex-wrap items-center gap-1.5 text-sm font-medium', s.retiredAt && 'text-muted-foreground line-through')}>
        {s.name}
        <span className="font-mono text-xs font-normal text-muted-foreground no-underline">{s.code}</span>
      </p>
      <p className="text-xs text-muted-foreground">
        {s.departmentName ?? m.noDepartment} · {m.assignmentsCount(s.assignmentCount)}
      </p>
    </div>
  );
}

function SubjectKind({ subject: s }: { subject: Subject }) {
  return (
    <>
      <Badge variant={s.isCore ? 'default' : 'outline'}>{s.isCore ? m.core : m.elective}</Badge>
      {s.retiredAt && <Badge variant="secondary">{m.retired}</Badge>}
      <span className="text-sm tabular-nums">{m.lessonsShort(s.lessonsPerWeek)}</span>
    </>
  );
}

const subjectColumns = perLocale((): ColumnDef<Subject, unknown>[] => ([
  { id: 'name', header: m.subjectName, cell: ({ row }) => <SubjectName subject={row.original} />, meta: { alwaysVisible: true } },
  {
    id: 'kind',
    header: m.lessonsPerWeek,
    cell: ({ row }) => (
      <div className="flex items-center justify-end gap-2 whitespace-nowrap">
        <SubjectKind subject={row.original} />
      </div>
    ),
    meta: { alwaysVisible: true, className: 'w-px text-right' },
  },
]));

/**
 * The Learning areas tab: a level's learning areas (stored per band, so every level of the band shares
 * them), added from the curriculum catalogue or as custom ones, edited, retired and restored.
 */
export function SubjectsTab() {
  const levels = useLevels();
  const canEdit = useCanEdit();
  // The level and "show retired" in the URL.
  const params = useListParams({ level: '', retired: '' });
  const levelId = params.values.level;
  const showRetired = params.values.retired === '1';
  const level = levels.data?.find((l) => l.id === levelId) ?? levels.data?.find((l) => l.band === 'Junior School') ?? levels.data?.[0];
  const band = level?.band ?? '';
  const query = useSubjects(band, showRetired);
  const save = useSaveSubject();
  const [catalogueOpen, setCatalogueOpen] = React.useState(false);
  const retire = useSetRetired();

  if (levels.isError || query.isError) {
    const err = levels.error ?? query.error;
    return <LoadErrorCard title={m.loadErrorTitle} detail={err?.message} retryLabel={m.tryAgain} onRetry={() => void (levels.isError ? levels.refetch() : query.refetch())} />;
  }
  if (levels.data && levels.data.length === 0) return <EmptyListState icon={BookOpen} title={m.noLevels} hint={m.noLevelsForSubjects} testId="subjects-no-levels" />;
  const list = band ? query.data : undefined;
  const active = (list ?? []).filter((s) => !s.retiredAt);
  const core = weeklyLessonsOf(active.map((s) => ({ ...s, department: '' })));
  const restore = (s: Subject) =>
    retire.mutate(
      { id: s.id, retire: false },
      { onSuccess: () => toast.success(m.subjectRestored(s.name)), onError: (err) => toast.error(m.saveFailed, { description: errorText(err) }) },
    );

  const filterRow = (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <Field id="subjects-level" label={m.levelPicker} className="sm:w-56">
        <NativeSelect id="subjects-level" value={level?.id ?? ''} onChange={(e) => params.set({ level: e.target.value })} data-testid="subjects-level">
          {(levels.data ?? []).map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="flex flex-1 flex-wrap items-center gap-x-4 gap-y-2 pb-2 text-sm text-muted-foreground">
        {band && <Badge variant="outline">{m.bandOfLevel(band)}</Badge>}
        {list && <span data-testid="subjects-weekly">{m.weeklyTotal(core)}</span>}
        <Label className="ml-auto flex items-center gap-2 font-normal">
          <Switch checked={showRetired} onCheckedChange={(on) => params.set({ retired: on ? '1' : '' })} data-testid="subjects-show-retired" />
          {m.showRetired}
        </Label>
      </div>
    </div>
  );

  return (
    <>
      <CrudList<Subject, { id?: string; body: CreateSubjectBody | UpdateSubjectBody }, Subject>
        id="subjects"
        query={{ data: list, error: query.error, refetch: query.refetch }}
        columns={subjectColumns}
        getRowId={(x) => x.id}
        rowName={(x) => x.name}
        rowTestId="subject-row"
        minWidth={560}
        className={IN_PANEL}
        errorTitle={setupCrud.errorTitle}
        empty={{ icon: BookOpen, title: m.noSubjects, hint: m.noSubjectsHint }}
        canEdit={canEdit}
        save={(_, vars) => save.mutateAsync(vars)}
        remove={(x) => retire.mutateAsync({ id: x.id, retire: true })}
        canRemoveRow={(x) => !x.retiredAt}
        rowActions={(x) =>
          x.retiredAt && (
            <Button size="icon" variant="ghost" className="size-8" onClick={() => restore(x)} aria-label={`${m.restore} ${x.name}`} data-testid="subject-restore">
              <ArchiveRestore aria-hidden />
            </Button>
          )
        }
        renderForm={({ row, submit, close }) => <SubjectForm subject={row} band={band} submit={submit} onDone={close} />}
        renderCard={(x, actions) => (
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0 flex-1">
              <SubjectName subject={x} />
              <div className="mt-1.5 flex flex-wrap items-center gap-2 text-sm">
                <SubjectKind subject={x} />
              </div>
            </div>
            {actions}
          </div>
        )}
        dialog={{ icon: BookOpen, title: (x) => (x ? m.editSubjectTitle(x.name) : m.addSubjectTitle), description: m.bandOfLevel(band), testId: 'subject-dialog' }}
        confirm={{ icon: Archive, tone: 'warning', title: (x) => m.retireTitle(x.name), text: m.retireText, testId: 'subject-retire-dialog', confirmTestId: 'subject-retire-confirm' }}
        messages={{
          ...setupCrud.messages,
          add: m.addCustomSubject,
          delete: (name) => `${m.retire} ${name}`,
          confirmDelete: m.retire,
          saved: (x, saved) => (x ? m.subjectSaved(saved.name) : m.subjectCreated(saved.name)),
          deleted: (x) => m.subjectRetired(x.name),
        }}
        testIds={{ add: 'subjects-add', delete: 'subject-retire' }}
        frame={({ add, list: table }) => (
          <Panel
            title={m.subjectsTitle}
            description={m.subjectsDescription}
            testId="subjects-panel"
            actions={
              canEdit &&
              band && (
                <>
                  <Button size="sm" variant="outline" onClick={() => setCatalogueOpen(true)} data-testid="subjects-catalogue">
                    <Library aria-hidden />
                    {m.addFromCatalogue}
                  </Button>
                  {add}
                </>
              )
            }
          >
            {filterRow}
            {table}
          </Panel>
        )}
      />
      <SetupDialog open={catalogueOpen} onOpenChange={setCatalogueOpen} icon={Library} title={m.addFromCatalogueTitle(band)} description={m.addFromCatalogueDescription} wide testId="catalogue-dialog">
        <CatalogueForm band={band} curriculum={level?.curriculum ?? null} onDone={() => setCatalogueOpen(false)} />
      </SetupDialog>
    </>
  );
}

interface SubjectFormValues {
  name: string;
  code: string;
  lessonsPerWeek: string;
  isCore: boolean;
  departmentId: string;
}
const subjectSchema = z.object({
  name: z.string().trim().min(1, m.subjectNameRequired).max(80, m.textTooLong(80)),
  code: z.string().trim().min(1, m.subjectCodeRequired).max(12, m.subjectCodeInvalid).regex(/^[A-Za-z0-9-]+$/, m.subjectCodeInvalid),
  lessonsPerWeek: z.string().refine((v) => /^\d+$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= 15, m.lessonsInvalid),
  isCore: z.boolean(),
  departmentId: z.string(),
});

function SubjectForm({
  subject,
  band,
  submit,
  onDone,
}: {
  subject: Subject | null;
  band: string;
  submit: (vars: { id?: string; body: CreateSubjectBody | UpdateSubjectBody }) => Promise<void>;
  onDone: () => void;
}) {
  const f = useFieldIds();
  const departments = useDepartments();
  const [formError, setFormError] = React.useState('');
  const form = useForm<SubjectFormValues>({
    resolver: zodResolver(subjectSchema),
    defaultValues: {
      name: subject?.name ?? '',
      code: subject?.code ?? '',
      lessonsPerWeek: String(subject?.lessonsPerWeek ?? 4),
      isCore: subject?.isCore ?? true,
      departmentId: subject?.departmentId ?? '',
    },
  });
  const { register, control, handleSubmit, setError, formState } = form;
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (v) => {
    setFormError('');
    const body = { name: v.name.trim(), code: v.code.trim(), lessonsPerWeek: Number(v.lessonsPerWeek), isCore: v.isCore, departmentId: v.departmentId || null };
    try {
      await submit(subject ? { id: subject.id, body } : { body: { ...body, band } });
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['name', 'code', 'lessonsPerWeek', 'isCore', 'departmentId']));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="subject-form">
      <Field id={f('name')} label={m.subjectName} error={errors.name?.message}>
        <Input id={f('name')} maxLength={80} {...register('name')} {...invalidProps(f('name'), errors.name?.message)} data-testid="subject-name-input" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={f('code')} label={m.subjectCode} error={errors.code?.message} hint={m.subjectCodeHint}>
          <Input id={f('code')} className="font-mono uppercase" maxLength={12} {...register('code')} {...invalidProps(f('code'), errors.code?.message)} data-testid="subject-code-input" />
        </Field>
        <Field id={f('lessons')} label={m.lessonsPerWeek} error={errors.lessonsPerWeek?.message}>
          <Input id={f('lessons')} type="number" inputMode="numeric" min={1} max={15} {...register('lessonsPerWeek')} {...invalidProps(f('lessons'), errors.lessonsPerWeek?.message)} data-testid="subject-lessons-input" />
        </Field>
        <Field id={f('dept')} label={m.department} optional error={errors.departmentId?.message}>
          <NativeSelect id={f('dept')} {...register('departmentId')}>
            <option value="">{m.noDepartment}</option>
            {(departments.data ?? []).map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Controller
          control={control}
          name="isCore"
          render={({ field }) => (
            <Field id={f('core')} label={m.coreOrElective}>
              <NativeSelect id={f('core')} value={field.value ? 'core' : 'elective'} onChange={(e) => field.onChange(e.target.value === 'core')}>
                <option value="core">{m.core}</option>
                <option value="elective">{m.elective}</option>
              </NativeSelect>
            </Field>
          )}
        />
      </div>
      {formError && <FormErrorAlert title={formError} testId="subject-form-error" />}
      <FormButtons pending={formState.isSubmitting} onCancel={onDone} testId="subject-save" />
    </form>
  );
}

/** The catalogue's learning areas of the band with checkboxes; ones the school has are ticked and locked. */
function CatalogueForm({ band, curriculum, onDone }: { band: string; curriculum: string | null; onDone: () => void }) {
  const existing = useSubjects(band, true);
  const add = useAddFromCatalogue();
  const entries = catalogueSubjects(band, curriculum);
  const have = new Set((existing.data ?? []).map((s) => s.code.toUpperCase()));
  const [picked, setPicked] = React.useState<Set<string>>(new Set());
  const toggle = (code: string, on: boolean) =>
    setPicked((p) => {
      const n = new Set(p);
      if (on) n.add(code);
      else n.delete(code);
      return n;
    });
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate(
          { band, codes: [...picked] },
          {
            onSuccess: (r) => {
              toast.success(m.subjectsAdded(r.created.length));
              onDone();
            },
            onError: (err) => toast.error(m.saveFailed, { description: errorText(err) }),
          },
        );
      }}
      data-testid="catalogue-form"
    >
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{m.noSubjectsHint}</p>
      ) : (
        <ul className="grid max-h-[50dvh] gap-1.5 overflow-y-auto pr-1 sm:grid-cols-2">
          {entries.map((e) => {
            const added = have.has(e.code.toUpperCase());
            return (
              <li key={e.code}>
                <label
                  className={cn(
                    'flex cursor-pointer items-start gap-2.5 rounded-md border p-2.5 text-sm has-[[data-state=checked]]:border-primary/60 has-[[data-state=checked]]:bg-primary/5',
                    added && 'cursor-default opacity-60',
                  )}
                  data-testid="catalogue-entry"
                  data-code={e.code}
                >
                  <Checkbox className="mt-0.5" checked={added || picked.has(e.code)} disabled={added} onCheckedChange={(c) => toggle(e.code, !!c)} />
                  <span className="min-w-0">
                    <span className="block font-medium">{e.name}</span>
                    <span className="block text-xs text-muted-foreground">
                      <span className="font-mono">{e.code}</span> · {m.lessonsShort(e.lessonsPerWeek)} · {e.isCore ? m.core : m.elective}
                      {e.pathway ? ` · ${e.pathway}` : ''}
                      {added ? ` · ${m.alreadyAdded}` : ''}
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={add.isPending}>
          {m.cancel}
        </Button>
        <Button type="submit" disabled={add.isPending || picked.size === 0} data-testid="catalogue-add">
          <Plus aria-hidden />
          {m.add} ({picked.size})
        </Button>
      </DialogFooter>
    </form>
  );
}
