import * as React from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@/lib/zod-resolver';
import { z } from 'zod';
import { AlertTriangle, Copy, UserPlus, UsersRound } from 'lucide-react';
import { toast } from 'sonner';
import type { ClassItem } from '@shared/contracts/classes';
import type { Assignment, CreateAssignmentBody, TeacherLoad } from '@shared/contracts/school-setup';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { CrudList } from '@/components/crud-list';
import { ListToolbar, useListParams, type ColumnDef } from '@/components/data-table';
import { FilterSelect } from '@/components/filter-select';
import { FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAssignments, useCopyAssignments, useDeleteAssignment, useSaveAssignment, useTeachers, type AssignmentResult } from '../api/assignments';
import { useStreams } from '../api/structure';
import { useSubjects } from '../api/subjects';
import { Field } from '@/components/field';
import { FormButtons, NameOptions, NativeSelect, Panel, PanelTitle, SetupDialog, applyServerErrors, errorText, invalidProps, setupCrud, useCanEdit, useFieldIds } from './shared';

const m = messages.schoolSetup;
const PAGE_SIZE = 25;

/**
 * Teachers' assignments tab: who teaches which learning area in which stream this year, filtered by
 * stream or teacher, with every teacher's weekly load and a warning above the school's maximum.
 */
export function AssignmentsTab() {
  const canEdit = useCanEdit();
  // Stream, teacher and page in the URL; client-side pages of 25 (a year holds a few hundred assignments); a filter change starts at page 1.
  const list = useListParams({ classId: '', teacherId: '' });
  const filters = list.values;
  const page = list.page;
  const query = useAssignments({ yearId: '', ...filters });
  const streams = useStreams('');
  const [copyOpen, setCopyOpen] = React.useState(false);
  const save = useSaveAssignment();
  const remove = useDeleteAssignment();
  const data = query.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.items.length / PAGE_SIZE)) : 1;
  const shownPage = Math.min(page, lastPage);
  const rows = data?.items.slice((shownPage - 1) * PAGE_SIZE, shownPage * PAGE_SIZE);
  const loads = data?.loads ?? [];
  const streamOptions = (streams.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const teacherOptions = [...loads].sort((a, b) => a.name.localeCompare(b.name)).map((l) => ({ value: l.teacherId, label: l.name }));

  const columns = React.useMemo<ColumnDef<Assignment, unknown>[]>(
    () => [
      { id: 'stream', header: m.stream, accessorKey: 'className', meta: { alwaysVisible: true, className: 'font-medium whitespace-nowrap' } },
      {
        id: 'subject',
        header: m.subject,
        cell: ({ row }) => (
          <span className={cn(row.original.subjectRetired && 'text-muted-foreground line-through')}>
            {row.original.subjectName} <span className="font-mono text-xs text-muted-foreground">{row.original.subjectCode}</span>
          </span>
        ),
        meta: { label: m.subject },
      },
      { id: 'teacher', header: m.teacher, accessorKey: 'teacherName', meta: { className: 'whitespace-nowrap' } },
      { id: 'lessons', header: m.lessonsPerWeek, cell: ({ row }) => <span className="tabular-nums">{row.original.lessonsPerWeek}</span>, meta: { label: m.lessonsPerWeek, className: 'text-right' } },
    ],
    [],
  );

  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_22rem]">
      <CrudList<Assignment, { id?: string; body: Partial<CreateAssignmentBody> }, AssignmentResult>
        id="assignments"
        query={{ data: rows, error: query.error, refetch: query.refetch }}
        columns={columns}
        getRowId={(a) => a.id}
        rowName={(a) => `${a.subjectName} ${a.className}`}
        rowTestId="assignment-row"
        paging={{ total: data?.items.length, page: shownPage, pageSize: PAGE_SIZE, onPageChange: list.setPage, fetching: query.isPlaceholderData }}
        errorTitle={setupCrud.errorTitle}
        minWidth={560}
        empty={{ icon: UsersRound, title: m.noAssignments, hint: m.noAssignmentsHint }}
        canEdit={canEdit}
        save={(_, vars) => save.mutateAsync(vars)}
        onSaved={(_, r) => r.warning && toast.warning(m.overLoadBadge, { description: r.warning })}
        remove={(a) => remove.mutateAsync(a.id)}
        renderForm={({ row, submit, close }) => <AssignmentForm assignment={row} streams={streams.data ?? []} defaultClassId={filters.classId} submit={submit} onDone={close} />}
        renderCard={(a, actions) => (
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-medium">
                {a.subjectName} <span className="font-mono text-xs text-muted-foreground">{a.subjectCode}</span>
              </p>
              <p className="text-sm text-muted-foreground">
                {a.className} · {a.teacherName}
              </p>
              <p className="text-xs text-muted-foreground">{m.lessons(a.lessonsPerWeek)}</p>
            </div>
            {actions}
          </div>
        )}
        dialog={{ icon: UserPlus, title: (a) => (a ? m.editAssignmentTitle : m.addAssignmentTitle), testId: 'assignment-dialog' }}
        confirm={{
          title: () => m.deleteAssignmentTitle,
          text: (a) => m.deleteAssignmentText(a.teacherName, a.subjectName, a.className),
          testId: 'assignment-delete-dialog',
          confirmTestId: 'assignment-delete-confirm',
        }}
        messages={{
          ...setupCrud.messages,
          add: m.addAssignment,
          saved: (a, r) => (a ? m.assignmentSaved : m.assignmentCreated(r.assignment.teacherName, r.assignment.subjectName, r.assignment.className)),
          deleted: () => m.assignmentDeleted,
        }}
        testIds={{ add: 'assignments-add' }}
        toolbar={(add) => (
          <div className="flex flex-col gap-3">
            <div>
              <PanelTitle title={m.assignmentsTitle} description={m.assignmentsDescription} />
            </div>
            <ListToolbar
              testId="assignments-toolbar"
              filters={
                <>
                  <FilterSelect value={filters.classId} onChange={(classId) => list.set({ classId })} all={m.allStreams} options={streamOptions} label={m.filterByStream} testId="assignments-filter-stream" />
                  <FilterSelect value={filters.teacherId} onChange={(teacherId) => list.set({ teacherId })} all={m.allTeachers} options={teacherOptions} label={m.filterByTeacher} testId="assignments-filter-teacher" />
                </>
              }
              filtered={list.filtered}
              onClear={list.reset}
              actions={
                canEdit && (
                  <>
                    <Button size="sm" variant="outline" onClick={() => setCopyOpen(true)} data-testid="assignments-copy">
                      <Copy aria-hidden />
                      {m.copyAssignments}
                    </Button>
                    {add}
                  </>
                )
              }
            />
          </div>
        )}
      />
      <LoadPanel loads={loads} max={data?.maxLoad ?? 40} selected={filters.teacherId} onSelect={(teacherId) => list.set({ teacherId: filters.teacherId === teacherId ? '' : teacherId })} />

      <SetupDialog open={copyOpen} onOpenChange={setCopyOpen} icon={Copy} title={m.copyAssignmentsTitle} description={m.copyAssignmentsDescription} testId="assignments-copy-dialog">
        <CopyForm streams={streams.data ?? []} onDone={() => setCopyOpen(false)} />
      </SetupDialog>
    </div>
  );
}

/** Every teacher's lessons per week against the maximum, heaviest first; a click filters the list. */
function LoadPanel({ loads, max, selected, onSelect }: { loads: TeacherLoad[]; max: number; selected: string; onSelect: (teacherId: string) => void }) {
  return (
    <Panel title={m.teacherLoad} description={m.teacherLoadDescription(max)} testId="teacher-load-panel" className="self-start">
      <ul className="grid max-h-[32rem] gap-1 overflow-y-auto pr-1">
        {loads.map((l) => (
          <li key={l.teacherId}>
            <button
              type="button"
              onClick={() => onSelect(l.teacherId)}
              className={cn('w-full cursor-pointer rounded-md px-2 py-1.5 text-left hover:bg-muted/60', selected === l.teacherId && 'bg-primary/10')}
              data-testid="teacher-load"
              data-teacher={l.name}
              data-lessons={l.lessons}
            >
              <span className="flex items-center justify-between gap-2 text-sm">
                <span className="truncate">{l.name}</span>
                <span className={cn('flex shrink-0 items-center gap-1 tabular-nums', l.overMax ? 'font-medium text-amber-600 dark:text-amber-400' : 'text-muted-foreground')}>
                  {l.overMax && <AlertTriangle className="size-3.5" aria-label={m.overLoadBadge} />}
                  <span data-testid="teacher-load-lessons">{l.lessons}</span>
                </span>
              </span>
              <span className="mt-1 block h-1.5 overflow-hidden rounded-full bg-muted">
                <span className={cn('block h-full rounded-full', l.overMax ? 'bg-amber-500' : 'bg-primary/70')} style={{ width: `${Math.min(100, (l.lessons / Math.max(1, max)) * 100)}%` }} />
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

interface AssignmentFormValues {
  classId: string;
  subjectId: string;
  teacherId: string;
  lessonsPerWeek: string;
}
const assignmentSchema = z.object({
  classId: z.string().min(1, m.streamChoiceRequired),
  subjectId: z.string().min(1, m.subjectRequired),
  teacherId: z.string().min(1, m.teacherRequired),
  lessonsPerWeek: z.string().refine((v) => v.trim() === '' || (/^\d+$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= 15), m.lessonsInvalid),
});

function AssignmentForm({
  assignment,
  streams,
  defaultClassId,
  submit,
  onDone,
}: {
  assignment: Assignment | null;
  streams: ClassItem[];
  defaultClassId: string;
  submit: (vars: { id?: string; body: Partial<CreateAssignmentBody> }) => Promise<void>;
  onDone: () => void;
}) {
  const f = useFieldIds();
  const teachers = useTeachers();
  const [formError, setFormError] = React.useState('');
  const form = useForm<AssignmentFormValues>({
    resolver: zodResolver(assignmentSchema),
    defaultValues: {
      classId: assignment?.classId ?? defaultClassId,
      subjectId: assignment?.subjectId ?? '',
      teacherId: assignment?.teacherId ?? '',
      lessonsPerWeek: assignment ? String(assignment.lessonsPerWeek) : '',
    },
  });
  const { register, control, handleSubmit, setError, formState } = form;
  const errors = formState.errors;
  const classId = useWatch({ control, name: 'classId' });
  const subjectId = useWatch({ control, name: 'subjectId' });
  const stream = streams.find((c) => c.id === classId);
  const subjects = useSubjects(stream?.band ?? '', false);
  const subject = subjects.data?.find((s) => s.id === subjectId);

  const onSubmit = handleSubmit(async (v) => {
    setFormError('');
    const lessonsPerWeek = v.lessonsPerWeek.trim() ? Number(v.lessonsPerWeek) : undefined;
    try {
      await (assignment
        ? submit({ id: assignment.id, body: { teacherId: v.teacherId, lessonsPerWeek } })
        : submit({ body: { classId: v.classId, subjectId: v.subjectId, teacherId: v.teacherId, lessonsPerWeek } }));
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['classId', 'subjectId', 'teacherId', 'lessonsPerWeek']));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="assignment-form">
      <Field id={f('class')} label={m.stream} error={errors.classId?.message}>
        <NativeSelect id={f('class')} disabled={!!assignment} {...register('classId')} {...invalidProps(f('class'), errors.classId?.message)} data-testid="assignment-stream-input">
          <NameOptions items={streams} empty={m.streamChoiceRequired} />
        </NativeSelect>
      </Field>
      <Field id={f('subject')} label={m.subject} error={errors.subjectId?.message}>
        <NativeSelect id={f('subject')} disabled={!!assignment || !stream} {...register('subjectId')} {...invalidProps(f('subject'), errors.subjectId?.message)} data-testid="assignment-subject-input">
          <option value="">{m.subjectRequired}</option>
          {assignment && <option value={assignment.subjectId}>{assignment.subjectName}</option>}
          {(subjects.data ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({s.code})
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={f('teacher')} label={m.teacher} error={errors.teacherId?.message} hint={teachers.data?.length === 0 ? m.noTeachers : undefined}>
        <NativeSelect id={f('teacher')} {...register('teacherId')} {...invalidProps(f('teacher'), errors.teacherId?.message)} data-testid="assignment-teacher-input">
          <option value="">{m.teacherRequired}</option>
          {(teachers.data ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} · {m.lessonsShort(t.lessons)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={f('lessons')} label={m.lessonsPerWeek} optional error={errors.lessonsPerWeek?.message} hint={subject ? m.defaultLessons(subject.lessonsPerWeek) : undefined}>
        <Input
          id={f('lessons')}
          type="number"
          inputMode="numeric"
          min={1}
          max={15}
          placeholder={subject ? String(subject.lessonsPerWeek) : ''}
          {...register('lessonsPerWeek')}
          {...invalidProps(f('lessons'), errors.lessonsPerWeek?.message)}
          data-testid="assignment-lessons-input"
        />
      </Field>
      {formError && <FormErrorAlert title={formError} testId="assignment-form-error" />}
      <FormButtons pending={formState.isSubmitting} onCancel={onDone} testId="assignment-save" />
    </form>
  );
}

function CopyForm({ streams, onDone }: { streams: ClassItem[]; onDone: () => void }) {
  const copy = useCopyAssignments();
  const [from, setFrom] = React.useState('');
  const [to, setTo] = React.useState('');
  const [replace, setReplace] = React.useState(false);
  const source = streams.find((c) => c.id === from);
  const targets = streams.filter((c) => c.id !== from && (!source || c.band === source.band));
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        copy.mutate(
          { fromClassId: from, toClassId: to, replace },
          {
            onSuccess: (r) => {
              toast.success(m.copyDone(r.created, r.replaced, r.skipped));
              onDone();
            },
            onError: (err) => toast.error(m.saveFailed, { description: errorText(err) }),
          },
        );
      }}
      data-testid="copy-form"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="copy-from" label={m.copyFrom}>
          <NativeSelect id="copy-from" value={from} onChange={(e) => setFrom(e.target.value)} data-testid="copy-from">
            <NameOptions items={streams} empty={m.streamChoiceRequired} />
          </NativeSelect>
        </Field>
        <Field id="copy-to" label={m.copyTo}>
          <NativeSelect id="copy-to" value={to} onChange={(e) => setTo(e.target.value)} disabled={!from} data-testid="copy-to">
            <NameOptions items={targets} empty={m.streamChoiceRequired} />
          </NativeSelect>
        </Field>
      </div>
      <Label className="flex items-center gap-2 font-normal">
        <Checkbox checked={replace} onCheckedChange={(c) => setReplace(!!c)} />
        {m.copyReplace}
      </Label>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={copy.isPending}>
          {m.cancel}
        </Button>
        <Button type="submit" disabled={copy.isPending || !from || !to} data-testid="copy-submit">
          <Copy aria-hidden />
          {m.copy}
        </Button>
      </DialogFooter>
    </form>
  );
}

