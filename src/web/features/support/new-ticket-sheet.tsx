import * as React from 'react';
import { Send } from 'lucide-react';
import { toast } from 'sonner';
import { SUPPORT_CATEGORIES, type SupportCategory, type SupportPriority } from '@shared/contracts/support';
import { SUPPORT_CATEGORY_LABELS } from '@shared/messages/support';
import { SUPPORT_CATEGORY_HINTS, supportScreens as ss } from '@shared/messages/support-screens';
import { cn } from '@/lib/utils';
import { InputField, FieldError, FormErrorAlert, useFormError } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Textarea } from '@/components/ui/textarea';
import { AttachmentPicker, PrioritySelect, useAttachmentUploads } from './support-bits';
import { useCreateTicket } from './support-api';
import { LabelledField } from '@/components/field';
import { PendingButton } from '@/components/pending-button';

const f = ss.form;

/**
 * "New ticket" (school users): category, priority, subject, description and screenshots or PDFs
 * (uploaded when picked; a too large or wrong file is a toast with the server's reason). On success the
 * new ticket opens (`onCreated`).
 */
export function NewTicketSheet({ open, onOpenChange, onCreated }: { open: boolean; onOpenChange: (open: boolean) => void; onCreated: (id: string) => void }) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" className="w-full overflow-y-auto bg-background sm:max-w-xl" data-testid="support-new-ticket">
        {open && <NewTicketForm onDone={(id) => (onOpenChange(false), onCreated(id))} onCancel={() => onOpenChange(false)} />}
      </SheetContent>
    </Sheet>
  );
}

function NewTicketForm({ onDone, onCancel }: { onDone: (id: string) => void; onCancel: () => void }) {
  const [category, setCategory] = React.useState<SupportCategory | ''>('');
  const [priority, setPriority] = React.useState<SupportPriority>('normal');
  const [subject, setSubject] = React.useState('');
  const [description, setDescription] = React.useState('');
  const [local, setLocal] = React.useState<Record<string, string>>({});
  const uploads = useAttachmentUploads(null);
  const create = useCreateTicket();
  const err = useFormError();
  const fieldError = (name: string) => local[name] ?? err.field(name);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (!category) problems.category = f.categoryRequired;
    if (!subject.trim()) problems.subject = f.subjectRequired;
    if (!description.trim()) problems.description = f.detailsRequired;
    setLocal(problems);
    if (Object.keys(problems).length || !category) return;
    err.clear();
    create.mutate(
      { category, priority, subject: subject.trim(), description: description.trim(), attachmentIds: uploads.ids.length ? uploads.ids : undefined },
      {
        onSuccess: (ticket) => {
          toast.success(f.created(ticket.reference), { description: f.createdHint });
          onDone(ticket.id);
        },
        onError: (e2) => {
          err.fail(e2);
          toast.error(f.failed, { description: e2.message });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex min-w-0 flex-col gap-5 p-4 sm:p-6" noValidate>
      <div className="pr-8">
        <SheetTitle className="text-lg">{f.title}</SheetTitle>
        <SheetDescription className="mt-1">{f.description}</SheetDescription>
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{f.category}</legend>
        <RadioGroup
          value={category}
          onValueChange={(v) => {
            setCategory(v as SupportCategory);
            setLocal((l) => ({ ...l, category: '' }));
          }}
          className="grid grid-cols-1 gap-2 sm:grid-cols-2"
          aria-describedby={fieldError('category') ? 'support-category-error' : undefined}
        >
          {SUPPORT_CATEGORIES.map((c) => (
            <Label
              key={c}
              htmlFor={`support-category-${c}`}
              className={cn(
                'flex cursor-pointer items-start gap-2.5 rounded-lg border bg-card p-3 leading-snug font-normal transition-colors hover:border-primary/40',
                category === c && 'border-primary/60 bg-primary/5',
              )}
            >
              <RadioGroupItem id={`support-category-${c}`} value={c} className="mt-0.5" data-testid={`support-category-${c}`} />
              <span className="min-w-0">
                <span className="block text-sm font-medium">{SUPPORT_CATEGORY_LABELS[c]}</span>
                <span className="block text-xs text-muted-foreground">{SUPPORT_CATEGORY_HINTS[c]}</span>
              </span>
            </Label>
          ))}
        </RadioGroup>
        <FieldError id="support-category-error" message={fieldError('category') || undefined} />
      </fieldset>

      <div className="grid gap-1.5 sm:max-w-56">
        <Label htmlFor="support-new-priority">{f.priority}</Label>
        <PrioritySelect id="support-new-priority" testId="support-new-priority" value={priority} onChange={setPriority} />
      </div>

      <InputField
        id="support-new-subject"
        label={f.subject}
        value={subject}
        onChange={(e) => setSubject(e.target.value)}
        maxLength={200}
        placeholder={f.subjectPlaceholder}
        error={fieldError('subject') || undefined}
        data-testid="support-new-subject"
      />

      <LabelledField id="support-new-description" label={f.details} error={fieldError('description') || undefined} className="grid gap-1.5">
        <Textarea
          id="support-new-description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          rows={6}
          maxLength={10_000}
          placeholder={f.detailsPlaceholder}
          aria-invalid={!!fieldError('description') || undefined}
          aria-describedby={fieldError('description') ? 'support-new-description-error' : undefined}
          className="resize-y"
          data-testid="support-new-description"
        />
      </LabelledField>

      <div className="grid gap-1.5">
        <span className="text-sm font-medium">{f.attachments}</span>
        <AttachmentPicker uploads={uploads} disabled={create.isPending} testId="support-new-attach" />
      </div>

      {err.error && <FormErrorAlert title={f.failed} detail={err.error.message} testId="support-new-error" />}

      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={create.isPending}>
          {ss.cancel}
        </Button>
        <PendingButton type="submit" pending={create.isPending} icon={Send} disabled={create.isPending || uploads.busy} data-testid="support-new-submit">
          {create.isPending ? f.submitting : f.submit}
        </PendingButton>
      </div>
    </form>
  );
}
