import * as React from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@/lib/zod-resolver';
import { z } from 'zod';
import { Crown, Network } from 'lucide-react';
import type { Department, DepartmentBody } from '@shared/contracts/school-setup';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import type { ColumnDef } from '@/components/data-table';
import { FormErrorAlert } from '@/components/form-feedback';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { useTeachers } from '../api/assignments';
import { useDeleteDepartment, useDepartments, useSaveDepartment } from '../api/departments';
import { Field } from '@/components/field';
import { FormButtons, NameOptions, NamedSetupList, NativeSelect, applyServerErrors, invalidProps, useFieldIds } from './shared';
import { perLocale } from '@shared/i18n/localized';

const m = messages.schoolSetup;

const learningAreas = (d: Department) => [...new Set(d.subjects.map((s) => s.name))];

function LearningAreas({ department }: { department: Department }) {
  const names = learningAreas(department);
  if (names.length === 0) return <span className="text-sm text-muted-foreground">—</span>;
  return (
    <div className="flex flex-wrap gap-1">
      {names.map((name) => (
        <Badge key={name} variant="outline" className="font-normal">
          {name}
        </Badge>
      ))}
    </div>
  );
}

function Head({ department }: { department: Department }) {
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      <Crown className="size-3.5 shrink-0 text-amber-500" aria-hidden />
      <span className="truncate" data-testid="department-head">
        {department.headName ?? m.noHead}
      </span>
    </span>
  );
}

const columns = perLocale((): ColumnDef<Department, unknown>[] => ([
  { id: 'name', header: m.departmentName, cell: ({ row }) => <span className="font-semibold">{row.original.name}</span>, meta: { alwaysVisible: true, className: 'w-44' } },
  { id: 'head', header: m.head, cell: ({ row }) => <Head department={row.original} />, meta: { className: 'w-56' } },
  {
    id: 'members',
    header: m.members,
    cell: ({ row }) => (
      <div className="min-w-0">
        <p className="text-xs font-medium text-muted-foreground">{m.memberCount(row.original.members.length)}</p>
        <p className="line-clamp-2 max-w-80">{row.original.members.map((x) => x.name).join(', ') || '—'}</p>
      </div>
    ),
  },
  { id: 'subjects', header: m.subjectsOfDepartment, cell: ({ row }) => <LearningAreas department={row.original} /> },
]));

/** The Departments tab: departments with their head, members and learning areas. */
export function DepartmentsTab() {
  const query = useDepartments();
  const save = useSaveDepartment();
  const remove = useDeleteDepartment();
  return (
    <NamedSetupList<Department, DepartmentBody>
      id="departments"
      query={query}
      columns={columns}
      rowTestId="department-card"
      minWidth={760}
      empty={{ icon: Network, title: m.noDepartments, hint: m.noDepartmentsHint }}
      saveRow={save}
      removeRow={remove}
      renderForm={({ row, submit, close }) => <DepartmentForm department={row} submit={submit} onDone={close} />}
      renderCard={(d, actions) => (
        <div className="flex flex-col gap-3">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-semibold">{d.name}</p>
              <div className="mt-0.5 text-sm text-muted-foreground">
                <Head department={d} />
              </div>
            </div>
            {actions}
          </div>
          <div>
            <p className="text-xs font-medium text-muted-foreground">{m.memberCount(d.members.length)}</p>
            <p className="mt-1 line-clamp-2 text-sm">{d.members.map((x) => x.name).join(', ') || '—'}</p>
          </div>
          <div>
            <p className="mb-1.5 text-xs font-medium text-muted-foreground">{m.subjectsOfDepartment}</p>
            <LearningAreas department={d} />
          </div>
        </div>
      )}
      dialog={{ icon: Network, title: (d) => (d ? m.editDepartmentTitle(d.name) : m.addDepartmentTitle), testId: 'department-dialog' }}
      confirm={{ title: (d) => m.deleteDepartmentTitle(d.name), text: m.deleteDepartmentText, testId: 'department-delete-dialog', confirmTestId: 'department-delete-confirm' }}
      names={{ add: m.addDepartment, saved: m.departmentSaved, created: m.departmentCreated, deleted: m.departmentDeleted }}
      testIds={{ add: 'departments-add', edit: 'department-edit' }}
      panel={{ title: m.departmentsTitle, description: m.departmentsDescription, testId: 'departments-panel' }}
    />
  );
}

interface DepartmentFormValues {
  name: string;
  headId: string;
  memberIds: string[];
}
const schema = z.object({
  name: z.string().trim().min(1, m.departmentNameRequired).max(80, m.textTooLong(80)),
  headId: z.string(),
  memberIds: z.array(z.string()),
});

function DepartmentForm({ department, submit, onDone }: { department: Department | null; submit: (body: DepartmentBody) => Promise<void>; onDone: () => void }) {
  const f = useFieldIds();
  const teachers = useTeachers();
  const [formError, setFormError] = React.useState('');
  const form = useForm<DepartmentFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { name: department?.name ?? '', headId: department?.headId ?? '', memberIds: department?.members.map((x) => x.id) ?? [] },
  });
  const { register, control, handleSubmit, setError, formState } = form;
  const errors = formState.errors;
  const headId = useWatch({ control, name: 'headId' });
  const onSubmit = handleSubmit(async (v) => {
    setFormError('');
    try {
      await submit({ name: v.name.trim(), headId: v.headId || null, memberIds: v.memberIds.filter((x) => x !== v.headId) });
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['name', 'headId', 'memberIds']));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="department-form">
      <Field id={f('name')} label={m.departmentName} error={errors.name?.message}>
        <Input id={f('name')} maxLength={80} {...register('name')} {...invalidProps(f('name'), errors.name?.message)} data-testid="department-name-input" />
      </Field>
      <Field id={f('head')} label={m.head} optional error={errors.headId?.message}>
        <NativeSelect id={f('head')} {...register('headId')} {...invalidProps(f('head'), errors.headId?.message)} data-testid="department-head-input">
          <NameOptions items={teachers.data ?? []} empty={m.noHead} />
        </NativeSelect>
      </Field>
      <Controller
        control={control}
        name="memberIds"
        render={({ field }) => (
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">{m.members}</legend>
            <p className="text-xs text-muted-foreground">{m.membersHint}</p>
            <ul className="grid max-h-60 gap-1 overflow-y-auto rounded-md border p-2 sm:grid-cols-2">
              {(teachers.data ?? []).map((t) => {
                const isHead = t.id === headId;
                const checked = isHead || field.value.includes(t.id);
                return (
                  <li key={t.id}>
                    <label className={cn('flex cursor-pointer items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-muted/60', isHead && 'cursor-default')}>
                      <Checkbox
                        checked={checked}
                        disabled={isHead}
                        onCheckedChange={(c) => field.onChange(c ? [...field.value, t.id] : field.value.filter((x) => x !== t.id))}
                      />
                      <span className="truncate">{t.name}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        )}
      />
      {formError && <FormErrorAlert title={formError} testId="department-form-error" />}
      <FormButtons pending={formState.isSubmitting} onCancel={onDone} testId="department-save" />
    </form>
  );
}
