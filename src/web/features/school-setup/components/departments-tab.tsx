import * as React from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Crown, Network, Pencil, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { Department } from '@shared/contracts/school-setup';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormErrorAlert } from '@/components/form-feedback';
import { EmptyListState, LoadErrorCard } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useTeachers } from '../api/assignments';
import { useDeleteDepartment, useDepartments, useSaveDepartment } from '../api/departments';
import { Field } from '@/components/field';
import { FormButtons, NativeSelect, Panel, SetupDialog, applyServerErrors, errorText, invalidProps, useCanEdit } from './shared';

const m = messages.schoolSetup;

/** The Departments tab: departments with their head, members and learning areas. */
export function DepartmentsTab() {
  const query = useDepartments();
  const canEdit = useCanEdit();
  const [editing, setEditing] = React.useState<{ department: Department | null } | null>(null);
  const [deleting, setDeleting] = React.useState<Department | null>(null);
  const remove = useDeleteDepartment();
  if (query.isError) return <LoadErrorCard title={m.loadErrorTitle} detail={query.error.message} retryLabel={m.tryAgain} onRetry={() => void query.refetch()} />;
  const list = query.data;
  return (
    <Panel
      title={m.departmentsTitle}
      description={m.departmentsDescription}
      testId="departments-panel"
      actions={
        canEdit && (
          <Button size="sm" onClick={() => setEditing({ department: null })} data-testid="departments-add">
            <Plus aria-hidden />
            {m.addDepartment}
          </Button>
        )
      }
    >
      {!list ? (
        <Skeleton className="h-64 w-full" />
      ) : list.length === 0 ? (
        <EmptyListState icon={Network} title={m.noDepartments} hint={m.noDepartmentsHint} testId="departments-empty" />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 2xl:grid-cols-3">
          {list.map((d) => (
            <li key={d.id} className="flex flex-col gap-3 rounded-lg border p-4" data-testid="department-card" data-department={d.name}>
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold">{d.name}</p>
                  <p className="mt-0.5 flex items-center gap-1.5 text-sm text-muted-foreground">
                    <Crown className="size-3.5 shrink-0 text-amber-500" aria-hidden />
                    <span className="truncate" data-testid="department-head">
                      {d.headName ?? m.noHead}
                    </span>
                  </p>
                </div>
                {canEdit && (
                  <div className="-mt-1 -mr-1 flex shrink-0">
                    <Button size="icon" variant="ghost" className="size-8" onClick={() => setEditing({ department: d })} aria-label={`${m.edit} ${d.name}`} data-testid="department-edit">
                      <Pencil aria-hidden />
                    </Button>
                    <Button size="icon" variant="ghost" className="size-8 text-destructive hover:text-destructive" onClick={() => setDeleting(d)} aria-label={`${m.delete} ${d.name}`}>
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                )}
              </div>
              <div>
                <p className="text-xs font-medium text-muted-foreground">{m.memberCount(d.members.length)}</p>
                <p className="mt-1 line-clamp-2 text-sm">{d.members.map((x) => x.name).join(', ') || '—'}</p>
              </div>
              <div>
                <p className="text-xs font-medium text-muted-foreground">{m.subjectsOfDepartment}</p>
                <div className="mt-1.5 flex flex-wrap gap-1">
                  {[...new Set(d.subjects.map((s) => s.name))].map((name) => (
                    <Badge key={name} variant="outline" className="font-normal">
                      {name}
                    </Badge>
                  ))}
                  {d.subjects.length === 0 && <span className="text-sm text-muted-foreground">—</span>}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <SetupDialog open={!!editing} onOpenChange={(o) => !o && setEditing(null)} icon={Network} title={editing?.department ? m.editDepartmentTitle(editing.department.name) : m.addDepartmentTitle} testId="department-dialog">
        <DepartmentForm department={editing?.department ?? null} onDone={() => setEditing(null)} />
      </SetupDialog>
      <ConfirmDialog
        open={!!deleting}
        tone="danger"
        icon={Trash2}
        title={deleting ? m.deleteDepartmentTitle(deleting.name) : ''}
        text={m.deleteDepartmentText}
        cancelLabel={m.cancel}
        confirmLabel={m.delete}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success(m.departmentDeleted(deleting.name)),
            onError: (err) => toast.error(m.saveFailed, { description: errorText(err) }),
            onSettled: () => setDeleting(null),
          })
        }
        testId="department-delete-dialog"
        confirmTestId="department-delete-confirm"
      />
    </Panel>
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

function DepartmentForm({ department, onDone }: { department: Department | null; onDone: () => void }) {
  const id = React.useId();
  const save = useSaveDepartment();
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
      const saved = await save.mutateAsync({ id: department?.id, body: { name: v.name.trim(), headId: v.headId || null, memberIds: v.memberIds.filter((x) => x !== v.headId) } });
      toast.success(department ? m.departmentSaved(saved.name) : m.departmentCreated(saved.name));
      onDone();
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['name', 'headId', 'memberIds']));
    }
  });
  const f = (n: string) => `${id}-${n}`;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="department-form">
      <Field id={f('name')} label={m.departmentName} error={errors.name?.message}>
        <Input id={f('name')} maxLength={80} {...register('name')} {...invalidProps(f('name'), errors.name?.message)} data-testid="department-name-input" />
      </Field>
      <Field id={f('head')} label={m.head} optional error={errors.headId?.message}>
        <NativeSelect id={f('head')} {...register('headId')} {...invalidProps(f('head'), errors.headId?.message)} data-testid="department-head-input">
          <option value="">{m.noHead}</option>
          {(teachers.data ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
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
