import * as React from 'react';
import { toast } from 'sonner';
import { HUB_TASK_PRIORITIES, HUB_TASK_STATUSES, type HubTaskPriority, type HubTaskStatus } from '@shared/contracts/project-hub';
import { HUB_TASK_PRIORITY_LABELS, HUB_TASK_STATUS_LABELS, projectHubMessages as pm } from '@shared/messages/project-hub';
import { projectHubScreens as hs } from '@shared/messages/project-hub-screens';
import { InputField, FormErrorAlert, useFormError } from '@/components/form-feedback';
import { StaffSelect } from './hub-bits';
import { useCreateTask } from './project-hub-api';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { SelectField, LabelledField } from '@/components/field';
import { DateInputField } from '@/components/date-field';

const n = hs.newTask;

/** "Add task" on a board: title, column (the one whose + was pressed), assignee, priority, due date. */
export function NewTaskDialog({ projectId, status, onClose, viewerId }: { projectId: string; status: HubTaskStatus | null; onClose: () => void; viewerId: string | null }) {
  const [title, setTitle] = React.useState('');
  const [column, setColumn] = React.useState<HubTaskStatus>('todo');
  const [assigneeId, setAssigneeId] = React.useState<string | null>(null);
  const [priority, setPriority] = React.useState<HubTaskPriority>('normal');
  const [dueDate, setDueDate] = React.useState('');
  const create = useCreateTask();
  const err = useFormError();
  const open = status !== null;

  React.useEffect(() => {
    if (!status) return;
    setTitle('');
    setColumn(status);
    setAssigneeId(null);
    setPriority('normal');
    setDueDate('');
    err.clear();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset once per opening
  }, [status]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return err.set(pm.api.titleRequired);
    err.clear();
    create.mutate(
      { projectId, body: { title, status: column, assigneeId, priority, dueDate: dueDate || null } },
      {
        onSuccess: () => {
          toast.success(n.added);
          onClose();
        },
        onError: (e2) => err.fail(e2),
      },
    );
  };

  return (
    <FormDialog open={open} onClose={onClose} pending={create.isPending} className="max-w-lg" testId="hub-new-task" title={n.title}>
      <form onSubmit={submit} className="grid min-w-0 gap-4" noValidate>
        <InputField id="hub-task-new-title" label={n.taskTitle} value={title} onChange={(e) => setTitle(e.target.value)} placeholder={n.titlePlaceholder} maxLength={200} error={err.field('title') ?? (err.error?.message === pm.api.titleRequired ? err.error.message : undefined)} autoFocus data-testid="hub-new-task-title" />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <SelectField id="hub-task-new-column" label={n.column} value={column} onValueChange={setColumn} options={HUB_TASK_STATUSES} labelOf={(s) => HUB_TASK_STATUS_LABELS[s]} />
          <SelectField id="hub-task-new-priority" label={hs.task.priority} value={priority} onValueChange={setPriority} options={HUB_TASK_PRIORITIES} labelOf={(p) => HUB_TASK_PRIORITY_LABELS[p]} />
          <LabelledField id="hub-task-new-assignee" label={hs.task.assignee} error={err.field('assigneeId')} className="grid min-w-0 gap-1.5">
            <StaffSelect id="hub-task-new-assignee" value={assigneeId} onChange={setAssigneeId} viewerId={viewerId} testId="hub-new-task-assignee" />
          </LabelledField>
          <DateInputField id="hub-task-new-due" label={hs.task.dueDate} value={dueDate} onValueChange={setDueDate} error={err.field('dueDate')} />
        </div>
        {err.error && err.error.message !== pm.api.titleRequired && <FormErrorAlert title={n.failed} detail={err.error.message} testId="hub-new-task-error" />}
        <FormDialogFooter cancelLabel={hs.task.cancel} onCancel={onClose} pending={create.isPending} submitTestId="hub-new-task-submit" label={create.isPending ? n.adding : n.add} />
      </form>
    </FormDialog>
  );
}
