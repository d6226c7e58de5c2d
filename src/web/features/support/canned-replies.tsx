import * as React from 'react';
import { MessageSquareText, PencilLine, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { CannedReply } from '@shared/contracts/support';
import { supportScreens as ss } from '@shared/messages/support-screens';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { InputField, FormErrorAlert, useFormError } from '@/components/form-feedback';
import { EmptyListState } from '@/components/list-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useCannedReplies, useDeleteCannedReply, useSaveCannedReply } from './support-api';
import { formatShort } from './support-bits';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { LabelledField } from '@/components/field';

const c = ss.canned;

/** The Support Center's "Canned replies" tab: the ready-made answers staff insert into replies; add, edit, delete. */
export function CannedRepliesManager() {
  const list = useCannedReplies(true);
  const remove = useDeleteCannedReply();
  const [editing, setEditing] = React.useState<CannedReply | 'new' | null>(null);
  const [deleting, setDeleting] = React.useState<CannedReply | null>(null);

  let body: React.ReactNode;
  if (list.isError && !list.data) {
    body = <QueryErrorCard query={list} title={c.title} retryLabel={ss.tryAgain} testId="support-canned-error" />;
  } else if (!list.data) {
    body = (
      <div className="grid gap-3 md:grid-cols-2">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
    );
  } else if (list.data.length === 0) {
    body = <EmptyListState icon={MessageSquareText} title={c.emptyTitle} hint={c.emptyHint} testId="support-canned-empty" />;
  } else {
    body = (
      <ul className="grid gap-3 md:grid-cols-2" data-testid="support-canned-list">
        {list.data.map((r) => (
          <li key={r.id} className="flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-4 shadow-sm" data-testid="support-canned-item">
            <div className="flex items-start justify-between gap-2">
              <p className="min-w-0 font-medium break-words">{r.title}</p>
              <div className="flex shrink-0 gap-1">
                <Button variant="ghost" size="icon" className="size-8" onClick={() => setEditing(r)} aria-label={`${c.edit}: ${r.title}`} data-testid="support-canned-edit">
                  <PencilLine aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 text-destructive hover:text-destructive"
                  onClick={() => setDeleting(r)}
                  aria-label={`${c.delete}: ${r.title}`}
                  data-testid="support-canned-delete"
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </div>
            <p className="line-clamp-4 text-sm break-words whitespace-pre-wrap text-muted-foreground">{r.body}</p>
            <p className="mt-auto text-xs text-muted-foreground">{ss.school.lastUpdate(formatShort(r.updatedAt))}</p>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="support-canned">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold">{c.title}</h2>
          <p className="text-sm text-muted-foreground">{c.hint}</p>
        </div>
        <Button onClick={() => setEditing('new')} className="w-full sm:w-auto" data-testid="support-canned-add">
          <Plus aria-hidden />
          {c.add}
        </Button>
      </div>
      {body}
      {editing && <CannedReplyDialog reply={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!deleting}
        tone="danger"
        icon={Trash2}
        title={c.confirmDeleteTitle}
        text={deleting ? c.confirmDeleteText(deleting.title) : ''}
        cancelLabel={ss.cancel}
        confirmLabel={c.delete}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(c.deleted);
              setDeleting(null);
            },
            onError: (e) => {
              toast.error(c.deleteFailed, { description: e.message });
              setDeleting(null);
            },
          })
        }
        testId="support-canned-delete-dialog"
        confirmTestId="support-canned-delete-confirm"
      />
    </div>
  );
}

function CannedReplyDialog({ reply, onClose }: { reply: CannedReply | null; onClose: () => void }) {
  const [title, setTitle] = React.useState(reply?.title ?? '');
  const [body, setBody] = React.useState(reply?.body ?? '');
  const [local, setLocal] = React.useState<Record<string, string>>({});
  const save = useSaveCannedReply();
  const err = useFormError();
  const fieldError = (n: string) => local[n] || err.field(n) || undefined;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (!title.trim()) problems.title = c.nameRequired;
    if (!body.trim()) problems.body = c.bodyRequired;
    setLocal(problems);
    if (Object.keys(problems).length) return;
    err.clear();
    save.mutate(
      { id: reply?.id ?? null, body: { title: title.trim(), body: body.trim() } },
      {
        onSuccess: () => {
          toast.success(c.saved);
          onClose();
        },
        onError: (e2) => err.fail(e2),
      },
    );
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      pending={save.isPending}
      className="max-w-lg"
      testId="support-canned-dialog"
      form={{ onSubmit: submit, className: 'grid gap-4', noValidate: true }}
      title={reply ? c.editTitle : c.newTitle}
      description={c.hint}
    >
      <InputField id="support-canned-title" label={c.name} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} error={fieldError('title')} data-testid="support-canned-title" />
      <LabelledField id="support-canned-body" label={c.body} error={fieldError('body')} className="grid gap-1.5">
        <Textarea
          id="support-canned-body"
          value={body}
          onChange={(e) => setBody(e.target.value)}
          rows={6}
          maxLength={10_000}
          aria-invalid={!!fieldError('body') || undefined}
          aria-describedby={fieldError('body') ? 'support-canned-body-error' : undefined}
          data-testid="support-canned-body"
        />
      </LabelledField>
      {err.error && <FormErrorAlert title={c.failed} detail={err.error.message} testId="support-canned-form-error" />}
      <FormDialogFooter cancelLabel={ss.cancel} onCancel={onClose} pending={save.isPending} submitTestId="support-canned-save" label={save.isPending ? c.saving : c.save} />
    </FormDialog>
  );
}
