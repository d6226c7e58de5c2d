import * as React from 'react';
import { Building2, CheckCircle2, FolderKanban, MessageSquare, Save, Send, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { HUB_TASK_PRIORITIES, HUB_TASK_STATUSES, type HubTask, type HubTaskPriority, type HubTaskStatus } from '@shared/contracts/project-hub';
import { HUB_TASK_PRIORITY_LABELS, HUB_TASK_STATUS_LABELS } from '@shared/messages/project-hub';
import { projectHubScreens as hs } from '@shared/messages/project-hub-screens';
import { InputField, FieldError, FormErrorAlert, useFormError } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { SheetSkeleton } from '@/components/sheet-loading';
import { Textarea } from '@/components/ui/textarea';
import { DueDate, MutationConfirm, PersonAvatar, PriorityBadge, StaffSelect, TaskStatusBadge, formatStamp, type HubConfirmText } from './hub-bits';
import { useAddComment, useComments, useDeleteTask, useTask, useUpdateTask } from './project-hub-api';
import { SelectField, LabelledField } from '@/components/field';
import { PendingButton } from '@/components/pending-button';
import { QueryErrorCard } from '@/components/query-error-card';
import { DateInputField } from '@/components/date-field';
import { perLocale } from '@shared/i18n/localized';

const t = hs.task;
const DELETE_TASK = perLocale((): HubConfirmText => ({ tone: 'danger', icon: Trash2, title: t.deleteTitle, text: t.deleteText, confirmLabel: t.delete, done: t.deleted, failed: t.deleteFailed, testId: 'hub-task-delete-confirm' }));

/**
 * A task opened from a board or "My tasks": its fields (title, description, status, priority, assignee,
 * due date) saved together, delete, and the comment thread with "Add a comment".
 */
export function TaskSheet({ taskId, onClose, viewerId, onOpenProject }: { taskId: string | null; onClose: () => void; viewerId: string | null; onOpenProject?: (id: string) => void }) {
  const task = useTask(taskId);
  const d = task.data;
  return (
    <Sheet open={!!taskId} onOpenChange={(o) => !o && onClose()}>
      <SheetContent side="right" className="w-full overflow-y-auto bg-background sm:max-w-xl" data-testid="hub-task-sheet" aria-describedby={undefined}>
        {task.isError && !d ? (
          <div className="p-5">
            <SheetTitle className="sr-only">{t.loadFailed}</SheetTitle>
            <QueryErrorCard query={task} title={t.loadFailed} retryLabel={hs.tryAgain} testId="hub-task-error" />
          </div>
        ) : !d || d.id !== taskId ? (
          <SheetSkeleton title={t.title} blocks={['h-40', 'h-32']} />
        ) : (
          <TaskBody key={`${d.id}-${d.updatedAt}`} task={d} viewerId={viewerId} onDeleted={onClose} onOpenProject={onOpenProject} />
        )}
      </SheetContent>
    </Sheet>
  );
}

function TaskBody({ task: d, viewerId, onDeleted, onOpenProject }: { task: HubTask; viewerId: string | null; onDeleted: () => void; onOpenProject?: (id: string) => void }) {
  const [title, setTitle] = React.useState(d.title);
  const [description, setDescription] = React.useState(d.description);
  const [status, setStatus] = React.useState<HubTaskStatus>(d.status);
  const [priority, setPriority] = React.useState<HubTaskPriority>(d.priority);
  const [assigneeId, setAssigneeId] = React.useState<string | null>(d.assignee?.id ?? null);
  const [dueDate, setDueDate] = React.useState(d.dueDate ?? '');
  const [confirm, setConfirm] = React.useState(false);
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const err = useFormError();
  const dirty =
    title !== d.title || description !== d.description || status !== d.status || priority !== d.priority || assigneeId !== (d.assignee?.id ?? null) || dueDate !== (d.dueDate ?? '');

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    err.clear();
    const body = {
      ...(title !== d.title ? { title } : {}),
      ...(description !== d.description ? { description } : {}),
      ...(status !== d.status ? { status } : {}),
      ...(priority !== d.priority ? { priority } : {}),
      ...(assigneeId !== (d.assignee?.id ?? null) ? { assigneeId } : {}),
      ...(dueDate !== (d.dueDate ?? '') ? { dueDate: dueDate || null } : {}),
    };
    update.mutate({ id: d.id, projectId: d.projectId, body }, { onSuccess: () => toast.success(t.saved), onError: (e2) => err.fail(e2) });
  };

  return (
    <div className="flex min-w-0 flex-col gap-5 p-4 sm:p-6">
      <div className="pr-8">
        <button
          type="button"
          className="inline-flex max-w-full items-center gap-1.5 rounded text-xs font-medium text-muted-foreground hover:text-foreground hover:underline"
          onClick={() => onOpenProject?.(d.projectId)}
          disabled={!onOpenProject}
          data-testid="hub-task-project"
        >
          {d.schoolName ? <Building2 className="size-3.5 shrink-0" aria-hidden /> : <FolderKanban className="size-3.5 shrink-0" aria-hidden />}
          <span className="truncate">{t.inProject(d.projectName)}</span>
        </button>
        <SheetTitle className="mt-1 text-lg leading-snug break-words" data-testid="hub-task-title">
          {d.title}
        </SheetTitle>
        <div className="mt-2 flex flex-wrap items-center gap-1.5">
          <TaskStatusBadge status={d.status} />
          <PriorityBadge priority={d.priority} />
          <DueDate day={d.dueDate} overdue={d.overdue} />
          {d.overdue && <span className="text-xs font-semibold text-destructive">{t.overdue}</span>}
        </div>
        {d.completedAt && (
          <SheetDescription className="mt-2 flex items-center gap-1 text-xs text-emerald-700 dark:text-emerald-400">
            <CheckCircle2 className="size-3.5" aria-hidden />
            {t.completed(formatStamp(d.completedAt))}
          </SheetDescription>
        )}
      </div>

      <form onSubmit={save} className="flex flex-col gap-4 rounded-xl border bg-card p-4" data-testid="hub-task-form" noValidate>
        <InputField id="hub-task-title" label={t.title} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} error={err.field('title')} data-testid="hub-task-title-input" />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <SelectField id="hub-task-status" label={t.status} value={status} onValueChange={setStatus} options={HUB_TASK_STATUSES} labelOf={(s) => HUB_TASK_STATUS_LABELS[s]} testId="hub-task-status-select" />
          <SelectField id="hub-task-priority" label={t.priority} value={priority} onValueChange={setPriority} options={HUB_TASK_PRIORITIES} labelOf={(p) => HUB_TASK_PRIORITY_LABELS[p]} testId="hub-task-priority-select" />
          <LabelledField id="hub-task-assignee" label={t.assignee} error={err.field('assigneeId')} className="grid min-w-0 gap-1.5">
            <StaffSelect id="hub-task-assignee" value={assigneeId} onChange={setAssigneeId} viewerId={viewerId} testId="hub-task-assignee-select" />
          </LabelledField>
          <DateInputField id="hub-task-due" label={t.dueDate} value={dueDate} onValueChange={setDueDate} error={err.field('dueDate')} data-testid="hub-task-due-input" />
        </div>
        <LabelledField id="hub-task-description" label={t.description} className="grid gap-1.5">
          <Textarea id="hub-task-description" value={description} onChange={(e) => setDescription(e.target.value)} rows={3} maxLength={5000} placeholder={t.descriptionPlaceholder} />
        </LabelledField>
        {err.error && <FormErrorAlert title={t.saveFailed} detail={err.error.message} testId="hub-task-save-error" />}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button type="button" variant="ghost" size="sm" className="text-destructive hover:bg-destructive/10 hover:text-destructive" onClick={() => setConfirm(true)} data-testid="hub-task-delete">
            <Trash2 aria-hidden />
            {t.delete}
          </Button>
          <PendingButton type="submit" size="sm" pending={update.isPending} icon={Save} disabled={!dirty || update.isPending} data-testid="hub-task-save">
            {update.isPending ? t.saving : t.save}
          </PendingButton>
        </div>
      </form>

      <Comments taskId={d.id} viewerId={viewerId} />

      <MutationConfirm open={confirm} onClose={() => setConfirm(false)} mutation={remove} id={d.id} onDone={onDeleted} says={DELETE_TASK} />
    </div>
  );
}

/** The task's comments, oldest first (plain text, line breaks kept), and the box to add one. */
function Comments({ taskId, viewerId }: { taskId: string; viewerId: string | null }) {
  const comments = useComments(taskId);
  const add = useAddComment();
  const [body, setBody] = React.useState('');
  const err = useFormError();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return err.set(t.commentEmpty);
    err.clear();
    add.mutate(
      { taskId, body: { body } },
      {
        onSuccess: () => {
          setBody('');
          toast.success(t.commentAdded);
        },
        onError: (e2) => {
          err.fail(e2);
          toast.error(t.commentFailed, { description: e2.message });
        },
      },
    );
  };
  const list = comments.data ?? [];
  return (
    <section className="flex flex-col gap-3" aria-labelledby="hub-comments-title" data-testid="hub-comments">
      <h3 id="hub-comments-title" className="flex items-center gap-2 text-sm font-semibold">
        <MessageSquare className="size-4 text-muted-foreground" aria-hidden />
        {t.comments}
        <span className="text-xs font-normal text-muted-foreground">{list.length}</span>
      </h3>
      {comments.isPending ? (
        <Skeleton className="h-16" />
      ) : list.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-3 text-center text-sm text-muted-foreground">{t.noComments}</p>
      ) : (
        <ol className="flex flex-col gap-2.5">
          {list.map((c) => (
            <li key={c.id} className="flex min-w-0 gap-2.5" data-testid="hub-comment">
              <PersonAvatar person={c.author} className="mt-0.5 size-7 text-[11px]" />
              <div className="min-w-0 flex-1 rounded-xl rounded-tl-sm border bg-card px-3 py-2">
                <div className="flex flex-wrap items-baseline gap-x-2">
                  <span className="text-sm font-medium">{c.author ? (c.author.id === viewerId ? hs.you : c.author.name) : '—'}</span>
                  <time className="text-xs text-muted-foreground" dateTime={c.createdAt}>
                    {formatStamp(c.createdAt)}
                  </time>
                </div>
                <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-wrap" data-testid="hub-comment-body">
                  {c.body}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={submit} className="flex flex-col gap-2 rounded-xl border bg-card p-3">
        <Label htmlFor="hub-comment-input" className="sr-only">
          {t.commentLabel}
        </Label>
        <Textarea
          id="hub-comment-input"
          value={body}
          onChange={(e) => setBody(e.target.value)}
          rows={3}
          maxLength={5000}
          placeholder={t.commentPlaceholder}
          aria-invalid={!!err.error || undefined}
          aria-describedby={err.error ? 'hub-comment-error' : undefined}
          className="resize-y bg-background"
          data-testid="hub-comment-input"
        />
        <FieldError id="hub-comment-error" message={err.field('body') ?? err.error?.message} />
        <div className="flex justify-end">
          <PendingButton type="submit" size="sm" pending={add.isPending} icon={Send} data-testid="hub-comment-send">
            {add.isPending ? t.sending : t.send}
          </PendingButton>
        </div>
      </form>
    </section>
  );
}
