import * as React from 'react';
import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { HUB_TASK_PRIORITIES, HUB_TASK_STATUSES, type HubTaskPriority, type HubTaskStatus } from '@shared/contracts/project-hub';
import { HUB_TASK_PRIORITY_LABELS, HUB_TASK_STATUS_LABELS, projectHubMessages as pm } from '@shared/messages/project-hub';
import { projectHubScreens as hs } from '@shared/messages/project-hub-screens';
import { InputField, FieldError, FormErrorAlert, useFormError } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { StaffSelect } from './hub-bits';
import { useCreateTask } from './project-hub-api';

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
    <Dialog open={open} onOpenChange={(o) => !o && !create.isPending && onClose()}>
      <DialogContent className="max-w-lg" data-testid="hub-new-task">
        <DialogHeader>
          <DialogTitle>{n.title}</DialogTitle>
        </DialogHeader>
        <form onSubmit={submit} className="grid min-w-0 gap-4" noValidate>
          <InputField id="hub-task-new-title" label={n.taskTitle} value={title} onChange={(e) => setTitle(e.target.value)} placeholder={n.titlePlaceholder} maxLength={200} error={err.field('title') ?? (err.error?.message === pm.api.titleRequired ? err.error.message : undefined)} autoFocus data-testid="hub-new-task-title" />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <div className="grid min-w-0 gap-1.5">
              <Label htmlFor="hub-task-new-column">{n.column}</Label>
              <Select value={column} onValueChange={(v) => setColumn(v as HubTaskStatus)}>
                <SelectTrigger id="hub-task-new-column">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {HUB_TASK_STATUSES.map((s) => (
                    <SelectItem key={s} value={s}>
                      {HUB_TASK_STATUS_LABELS[s]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid min-w-0 gap-1.5">
              <Label htmlFor="hub-task-new-priority">{hs.task.priority}</Label>
              <Select value={priority} onValueChange={(v) => setPriority(v as HubTaskPriority)}>
                <SelectTrigger id="hub-task-new-priority">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {HUB_TASK_PRIORITIES.map((p) => (
                    <SelectItem key={p} value={p}>
                      {HUB_TASK_PRIORITY_LABELS[p]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid min-w-0 gap-1.5">
              <Label htmlFor="hub-task-new-assignee">{hs.task.assignee}</Label>
              <StaffSelect id="hub-task-new-assignee" value={assigneeId} onChange={setAssigneeId} viewerId={viewerId} testId="hub-new-task-assignee" />
              <FieldError id="hub-task-new-assignee-error" message={err.field('assigneeId')} />
            </div>
            <InputField id="hub-task-new-due" label={hs.task.dueDate} type="date" value={dueDate} onChange={(e) => setDueDate(e.target.value)} error={err.field('dueDate')} />
          </div>
          {err.error && err.error.message !== pm.api.titleRequired && <FormErrorAlert title={n.failed} detail={err.error.message} testId="hub-new-task-error" />}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={create.isPending}>
              {hs.task.cancel}
            </Button>
            <Button type="submit" disabled={create.isPending} data-testid="hub-new-task-submit">
              {create.isPending && <Loader2 className="animate-spin" aria-hidden />}
              {create.isPending ? n.adding : n.add}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
