import * as React from 'react';
import { Check, X } from 'lucide-react';
import { toast } from 'sonner';
import { CONVERSATION_BODY_MAX, CONVERSATION_SUBJECT_MAX, type BroadcastResult, type Contact } from '@shared/contracts/conversations';
import { OFFICE_HOURS_DAY_LABELS, conversationMessages } from '@shared/messages/conversations';
import { conversationScreens as t } from '@shared/messages/conversations-screens';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import { FieldError, FormErrorAlert } from '@/components/form-feedback';
import { SearchField } from '@/components/search-field';
import { Avatar, AvatarFallback, initialsOf } from '@/components/ui/avatar';
import { Input } from '@/components/ui/input';
import { readTimeText, TimeField } from '@/components/time-field';
import { timeFieldMessages } from '@shared/messages/dates';
import { Select, SelectContent, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useBroadcast, useBroadcastStreams, useContacts, useCreateConversation, useOfficeHours, useSaveOfficeHours } from './messages-api';
import { textareaClass } from './report-dialog';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { LabelledField } from '@/components/field';
import { NameSelectItems } from '@/components/select-parts';
import { SkeletonStack } from '@/components/skeleton-stack';
import { useOnOpen } from '@/lib/use-on-open';

/**
 * "New message": pick people from the caller's contacts (searched on the server, grouped, with how each
 * relates to the caller), an optional subject and an optional first message. Opens the conversation
 * (an existing one-to-one conversation with the same person is reused by the server).
 */
export function NewConversationDialog({ open, onOpenChange, staff, onCreated }: { open: boolean; onOpenChange: (o: boolean) => void; staff: boolean; onCreated: (id: string) => void }) {
  const n = t.newConversation;
  const [q, setQ] = React.useState('');
  const [picked, setPicked] = React.useState<Contact[]>([]);
  const [subject, setSubject] = React.useState('');
  const [body, setBody] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const debounced = useDebouncedValue(q.trim(), 250);
  const contacts = useContacts(debounced, open);
  const create = useCreateConversation();

  useOnOpen(open, () => {
    setQ('');
    setPicked([]);
    setSubject('');
    setBody('');
    setError(null);
  });

  const groups = React.useMemo(() => {
    const map = new Map<string, Contact[]>();
    for (const c of contacts.data ?? []) map.set(c.group, [...(map.get(c.group) ?? []), c]);
    return [...map.entries()];
  }, [contacts.data]);

  const toggle = (c: Contact) => setPicked((p) => (p.some((x) => x.userId === c.userId) ? p.filter((x) => x.userId !== c.userId) : [...p, c]));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (picked.length === 0) return setError(n.pickSomeone);
    create.mutate(
      { participantIds: picked.map((p) => p.userId), subject: subject.trim() || undefined, body: body.trim() || undefined },
      {
        onSuccess: (conv) => {
          onOpenChange(false);
          onCreated(conv.id);
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      pending={create.isPending}
      className="max-w-xl grid-cols-1 gap-0 p-0"
      testId="new-conversation-dialog"
      form={{ onSubmit: submit, className: 'flex max-h-[90vh] flex-col' }}
      headerClassName="border-b p-5 pb-4"
      title={n.title}
      description={staff ? n.staffDescription : n.description}
    >
      <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-5">
        <SearchField value={q} onChange={setQ} placeholder={n.search} testId="contact-search" />
        {picked.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label={n.selected(picked.length)}>
            {picked.map((p) => (
              <li key={p.userId} className="flex items-center gap-1 rounded-full bg-primary/10 py-0.5 pr-1 pl-2.5 text-xs font-medium text-primary">
                {p.name}
                <button type="button" className="rounded-full p-0.5 hover:bg-primary/15" onClick={() => toggle(p)} aria-label={n.remove(p.name)}>
                  <X className="size-3" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="max-h-64 min-h-32 overflow-y-auto rounded-md border" role="listbox" aria-multiselectable="true" aria-label={n.search} data-testid="contact-list">
          {!contacts.data ? (
            contacts.isError ? (
              <p className="p-4 text-sm text-destructive">{contacts.error.message}</p>
            ) : (
              <SkeletonStack className="grid gap-2 p-3" cells={['h-10', 'h-10', 'h-10']} />
            )
          ) : groups.length === 0 ? (
            <p className="p-6 text-center text-sm text-muted-foreground">{debounced ? n.noMatch : n.noContacts}</p>
          ) : (
            groups.map(([group, list]) => (
              <div key={group} role="group" aria-label={group}>
                <p className="sticky top-0 z-10 border-b bg-muted/80 px-3 py-1.5 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase backdrop-blur">{group}</p>
                {list.map((c) => {
                  const on = picked.some((p) => p.userId === c.userId);
                  return (
                    <button
                      key={c.userId}
                      type="button"
                      role="option"
                      aria-selected={on}
                      onClick={() => toggle(c)}
                      className={cn('flex w-full items-center gap-3 px-3 py-2 text-left transition-colors hover:bg-accent', on && 'bg-primary/5')}
                      data-testid="contact-option"
                    >
                      <Avatar className="size-8">
                        <AvatarFallback>{initialsOf(c.name)}</AvatarFallback>
                      </Avatar>
                      <span className="min-w-0 flex-1 leading-tight">
                        <span className="block truncate text-sm font-medium">{c.name}</span>
                        <span className="block truncate text-xs text-muted-foreground">{c.roleLabel}</span>
                      </span>
                      <span className={cn('flex size-5 shrink-0 items-center justify-center rounded-full border', on && 'border-primary bg-primary text-primary-foreground')} aria-hidden>
                        {on && <Check className="size-3" />}
                      </span>
                    </button>
                  );
                })}
              </div>
            ))
          )}
        </div>
        <LabelledField id="new-conversation-subject" label={n.subject} className="grid gap-1.5">
          <Input id="new-conversation-subject" value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={CONVERSATION_SUBJECT_MAX} placeholder={n.subjectPlaceholder} autoComplete="off" />
        </LabelledField>
        <LabelledField id="new-conversation-body" label={n.body} className="grid gap-1.5">
          <textarea id="new-conversation-body" rows={3} value={body} onChange={(e) => setBody(e.target.value)} maxLength={CONVERSATION_BODY_MAX} placeholder={n.bodyPlaceholder} className={textareaClass} />
        </LabelledField>
        {error && <FormErrorAlert title={error} testId="new-conversation-error" />}
      </div>
      <FormDialogFooter
        className="border-t px-5 py-4"
        cancelLabel={n.cancel}
        onCancel={() => onOpenChange(false)}
        pending={create.isPending}
        disabled={picked.length === 0}
        submitTestId="new-conversation-submit"
        label={n.submit}
      />
    </FormDialog>
  );
}

/**
 * "Message all parents of a stream" (teachers: their streams; principal: any): one message, delivered
 * to each parent in a private conversation, so replies come back privately; guardians without an
 * account get it by SMS (e-mail where known), issue 36 §2. The toast says how many by which channel.
 */
export function BroadcastDialog({
  open,
  onOpenChange,
  email,
  role,
  onSent,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  email: string;
  role: string | null;
  /** Called with the send's answer (counts by channel, issue 36 §2), e.g. to open its Delivery view. */
  onSent?: (res: BroadcastResult) => void;
}) {
  const b = t.broadcast;
  const streams = useBroadcastStreams(email, role, open);
  const broadcast = useBroadcast();
  const [classId, setClassId] = React.useState('');
  const [subject, setSubject] = React.useState('');
  const [body, setBody] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  useOnOpen(open, () => {
    setClassId('');
    setSubject('');
    setBody('');
    setError(null);
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!classId) return setError(b.pickStream);
    broadcast.mutate(
      { classId, subject: subject.trim() || undefined, body },
      {
        onSuccess: (res) => {
          toast.success(b.sent(res.recipients), { description: b.reached(res.byChannel.app, res.byChannel.sms, res.byChannel.email) });
          onOpenChange(false);
          onSent?.(res);
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      pending={broadcast.isPending}
      className="max-w-lg grid-cols-1"
      testId="broadcast-dialog"
      form={{ onSubmit: submit, className: 'grid gap-4' }}
      title={b.title}
      description={b.description}
    >
      <LabelledField id="broadcast-stream" label={b.stream} className="grid gap-1.5">
        {streams.data && streams.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{b.noStreams}</p>
        ) : (
          <Select value={classId} onValueChange={setClassId}>
            <SelectTrigger id="broadcast-stream" className="w-full" data-testid="broadcast-stream">
              <SelectValue placeholder={streams.isLoading ? '…' : b.streamPlaceholder} />
            </SelectTrigger>
            <SelectContent>
              <NameSelectItems items={(streams.data ?? [])} />
            </SelectContent>
          </Select>
        )}
      </LabelledField>
      <LabelledField id="broadcast-subject" label={b.subject} className="grid gap-1.5">
        <Input id="broadcast-subject" value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={CONVERSATION_SUBJECT_MAX} autoComplete="off" />
      </LabelledField>
      <LabelledField id="broadcast-body" label={b.body} className="grid gap-1.5">
        <textarea id="broadcast-body" rows={5} value={body} onChange={(e) => setBody(e.target.value)} maxLength={CONVERSATION_BODY_MAX} className={textareaClass} />
      </LabelledField>
      {error && <FormErrorAlert title={error} testId="broadcast-error" />}
      <FormDialogFooter
        cancelLabel={b.cancel}
        onCancel={() => onOpenChange(false)}
        pending={broadcast.isPending}
        disabled={!body.trim()}
        submitTestId="broadcast-submit"
        label={b.submit}
      />
    </FormDialog>
  );
}

/**
 * A from/to box holding text that is not a time (shown), or refused by the server (`serverErrorId`, the
 * line under it): invalid, described by the line that says why.
 */
const timeBoxError = (bad: boolean, serverErrorId?: string | false) =>
  bad || serverErrorId ? { 'aria-invalid': true as const, 'aria-describedby': cn(bad && 'office-hours-time-error', serverErrorId) } : {};

/** Staff "Office hours": days, from–to (Nairobi) and the auto-reply parents get outside them, on or off. */
export function OfficeHoursDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const o = t.officeHours;
  const hours = useOfficeHours(open);
  const save = useSaveOfficeHours();
  const [enabled, setEnabled] = React.useState(false);
  const [days, setDays] = React.useState<number[]>([0, 1, 2, 3, 4]);
  const [start, setStart] = React.useState('08:00');
  const [end, setEnd] = React.useState('17:00');
  const [autoReply, setAutoReply] = React.useState(conversationMessages.defaultAutoReply);
  const [error, setError] = React.useState<{ message: string; fields: Record<string, string> } | null>(null);
  // The from/to boxes whose text that is not a time is shown (left holding it, or found by a refused
  // save; the boxes keep it as typed): while one still holds it, one line under the pair says so (as wide
  // as the pair: under a half-width box it would wrap on a phone), never the boxes' own lines as well.
  const [shown, setShown] = React.useState({ start: false, end: false });
  const badStart = shown.start && readTimeText(start).invalid;
  const badEnd = shown.end && readTimeText(end).invalid;
  const timeError = badStart || badEnd ? timeFieldMessages.invalid : undefined;
  const leave = (box: 'start' | 'end') => () => {
    if (readTimeText(box === 'start' ? start : end).invalid && !shown[box]) setShown((v) => ({ ...v, [box]: true }));
  };
  // A refusal the server placed on a field is said under it, not in the dialog's error too.
  const fieldErrorShown = !!(error?.fields.days || error?.fields.start || error?.fields.end);
  React.useEffect(() => {
    if (open && hours.data) {
      setEnabled(hours.data.enabled);
      setDays(hours.data.days);
      setStart(hours.data.start);
      setEnd(hours.data.end);
      setAutoReply(hours.data.autoReply);
      setError(null);
      setShown({ start: false, end: false });
    }
  }, [open, hours.data]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // Refuse rather than save office hours with no time (or the last one) in place of a mistyped one.
    const startBad = readTimeText(start).invalid;
    const endBad = readTimeText(end).invalid;
    if (startBad || endBad) {
      setShown({ start: startBad, end: endBad });
      setError(null);
      document.getElementById(startBad ? 'office-hours-start' : 'office-hours-end')?.focus();
      return;
    }
    save.mutate(
      { enabled, days, start, end, autoReply },
      {
        onSuccess: () => {
          toast.success(o.saved);
          onOpenChange(false);
        },
        onError: (err) => setError({ message: err.message, fields: (err as { fields?: Record<string, string> }).fields ?? {} }),
      },
    );
  };
  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      pending={save.isPending}
      className="max-w-lg grid-cols-1"
      testId="office-hours-dialog"
      form={{ onSubmit: submit, className: 'grid gap-4', noValidate: true }}
      title={o.title}
      description={o.description}
    >
      {hours.isLoading ? (
        <Skeleton className="h-48" />
      ) : (
        <>
          <label className="flex items-center justify-between gap-3 rounded-md border px-3 py-2.5 text-sm font-medium">
            {o.enabled}
            <Switch checked={enabled} onCheckedChange={setEnabled} data-testid="office-hours-enabled" />
          </label>
          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 text-sm font-medium">{o.days}</legend>
            <div className="flex flex-wrap gap-1.5">
              {OFFICE_HOURS_DAY_LABELS.map((label, i) => {
                const on = days.includes(i);
                return (
                  <button
                    key={label}
                    type="button"
                    aria-pressed={on}
                    onClick={() => setDays((d) => (on ? d.filter((x) => x !== i) : [...d, i].sort()))}
                    className={cn('h-9 min-w-11 rounded-md border px-2 text-sm font-medium transition-colors', on ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-accent')}
                  >
                    {label}
                  </button>
                );
              })}
            </div>
            <FieldError id="office-hours-days-error" message={error?.fields.days} />
          </fieldset>
          <div className="grid grid-cols-2 gap-3">
            <LabelledField id="office-hours-start" label={o.start} error={error?.fields.start} className="grid gap-1.5">
              <TimeField
                id="office-hours-start"
                value={start}
                onValueChange={setStart}
                onBlur={leave('start')}
                keepInvalidText
                showFormatError={false}
                {...timeBoxError(badStart, error?.fields.start && 'office-hours-start-error')}
                required
                data-testid="office-hours-start"
              />
            </LabelledField>
            <LabelledField id="office-hours-end" label={o.end} error={error?.fields.end} className="grid gap-1.5">
              <TimeField
                id="office-hours-end"
                value={end}
                onValueChange={setEnd}
                onBlur={leave('end')}
                keepInvalidText
                showFormatError={false}
                {...timeBoxError(badEnd, error?.fields.end && 'office-hours-end-error')}
                required
                data-testid="office-hours-end"
              />
            </LabelledField>
            {/* Under the pair, the dialog's full width (a half-width line would wrap on a phone). */}
            <div className="col-span-2 empty:hidden">
              <FieldError id="office-hours-time-error" message={timeError} />
            </div>
          </div>
          <LabelledField id="office-hours-reply" label={o.autoReply} className="grid gap-1.5">
            <textarea id="office-hours-reply" rows={3} maxLength={1000} value={autoReply} onChange={(e) => setAutoReply(e.target.value)} className={textareaClass} />
          </LabelledField>
          {error && !fieldErrorShown && <FormErrorAlert title={error.message} testId="office-hours-error" />}
        </>
      )}
      <FormDialogFooter
        cancelLabel={o.cancel}
        onCancel={() => onOpenChange(false)}
        pending={save.isPending}
        disabled={hours.isLoading}
        submitTestId="office-hours-save"
        label={o.save}
      />
    </FormDialog>
  );
}
