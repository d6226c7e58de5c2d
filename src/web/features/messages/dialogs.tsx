import * as React from 'react';
import { Check, Loader2, X } from 'lucide-react';
import { toast } from 'sonner';
import { CONVERSATION_BODY_MAX, CONVERSATION_SUBJECT_MAX, type Contact } from '@shared/contracts/conversations';
import { OFFICE_HOURS_DAY_LABELS, conversationMessages } from '@shared/messages/conversations';
import { conversationScreens as t } from '@shared/messages/conversations-screens';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import { FieldError, FormErrorAlert } from '@/components/form-feedback';
import { SearchField } from '@/components/search-field';
import { Avatar, AvatarFallback, initialsOf } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useBroadcast, useBroadcastStreams, useContacts, useCreateConversation, useOfficeHours, useSaveOfficeHours } from './messages-api';
import { textareaClass } from './report-dialog';

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

  React.useEffect(() => {
    if (open) {
      setQ('');
      setPicked([]);
      setSubject('');
      setBody('');
      setError(null);
    }
  }, [open]);

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
    <Dialog open={open} onOpenChange={(o) => !create.isPending && onOpenChange(o)}>
      <DialogContent className="max-w-xl grid-cols-1 gap-0 p-0" data-testid="new-conversation-dialog">
        <form onSubmit={submit} className="flex max-h-[90vh] flex-col">
          <DialogHeader className="border-b p-5 pb-4">
            <DialogTitle>{n.title}</DialogTitle>
            <DialogDescription>{staff ? n.staffDescription : n.description}</DialogDescription>
          </DialogHeader>
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
                  <div className="grid gap-2 p-3">
                    {[0, 1, 2].map((i) => (
                      <Skeleton key={i} className="h-10" />
                    ))}
                  </div>
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
            <div className="grid gap-1.5">
              <Label htmlFor="new-conversation-subject">{n.subject}</Label>
              <Input id="new-conversation-subject" value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={CONVERSATION_SUBJECT_MAX} placeholder={n.subjectPlaceholder} autoComplete="off" />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="new-conversation-body">{n.body}</Label>
              <textarea id="new-conversation-body" rows={3} value={body} onChange={(e) => setBody(e.target.value)} maxLength={CONVERSATION_BODY_MAX} placeholder={n.bodyPlaceholder} className={textareaClass} />
            </div>
            {error && <FormErrorAlert title={error} testId="new-conversation-error" />}
          </div>
          <DialogFooter className="border-t px-5 py-4">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={create.isPending}>
              {n.cancel}
            </Button>
            <Button type="submit" disabled={create.isPending || picked.length === 0} data-testid="new-conversation-submit">
              {create.isPending && <Loader2 className="animate-spin" aria-hidden />}
              {n.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * "Message all parents of a stream" (teachers: their streams; principal: any): one message, delivered
 * to each parent in a private conversation, so replies come back privately.
 */
export function BroadcastDialog({ open, onOpenChange, email, role }: { open: boolean; onOpenChange: (o: boolean) => void; email: string; role: string | null }) {
  const b = t.broadcast;
  const streams = useBroadcastStreams(email, role, open);
  const broadcast = useBroadcast();
  const [classId, setClassId] = React.useState('');
  const [subject, setSubject] = React.useState('');
  const [body, setBody] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (open) {
      setClassId('');
      setSubject('');
      setBody('');
      setError(null);
    }
  }, [open]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!classId) return setError(b.pickStream);
    broadcast.mutate(
      { classId, subject: subject.trim() || undefined, body },
      {
        onSuccess: (res) => {
          toast.success(b.sent(res.recipients));
          onOpenChange(false);
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !broadcast.isPending && onOpenChange(o)}>
      <DialogContent className="max-w-lg grid-cols-1" data-testid="broadcast-dialog">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{b.title}</DialogTitle>
            <DialogDescription>{b.description}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="broadcast-stream">{b.stream}</Label>
            {streams.data && streams.data.length === 0 ? (
              <p className="text-sm text-muted-foreground">{b.noStreams}</p>
            ) : (
              <Select value={classId} onValueChange={setClassId}>
                <SelectTrigger id="broadcast-stream" className="w-full" data-testid="broadcast-stream">
                  <SelectValue placeholder={streams.isLoading ? '…' : b.streamPlaceholder} />
                </SelectTrigger>
                <SelectContent>
                  {(streams.data ?? []).map((c) => (
                    <SelectItem key={c.id} value={c.id}>
                      {c.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="broadcast-subject">{b.subject}</Label>
            <Input id="broadcast-subject" value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={CONVERSATION_SUBJECT_MAX} autoComplete="off" />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="broadcast-body">{b.body}</Label>
            <textarea id="broadcast-body" rows={5} value={body} onChange={(e) => setBody(e.target.value)} maxLength={CONVERSATION_BODY_MAX} className={textareaClass} />
          </div>
          {error && <FormErrorAlert title={error} testId="broadcast-error" />}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={broadcast.isPending}>
              {b.cancel}
            </Button>
            <Button type="submit" disabled={broadcast.isPending || !body.trim()} data-testid="broadcast-submit">
              {broadcast.isPending && <Loader2 className="animate-spin" aria-hidden />}
              {b.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

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
  React.useEffect(() => {
    if (open && hours.data) {
      setEnabled(hours.data.enabled);
      setDays(hours.data.days);
      setStart(hours.data.start);
      setEnd(hours.data.end);
      setAutoReply(hours.data.autoReply);
      setError(null);
    }
  }, [open, hours.data]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
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
    <Dialog open={open} onOpenChange={(x) => !save.isPending && onOpenChange(x)}>
      <DialogContent className="max-w-lg grid-cols-1" data-testid="office-hours-dialog">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{o.title}</DialogTitle>
            <DialogDescription>{o.description}</DialogDescription>
          </DialogHeader>
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
                <div className="grid gap-1.5">
                  <Label htmlFor="office-hours-start">{o.start}</Label>
                  <Input id="office-hours-start" type="time" value={start} onChange={(e) => setStart(e.target.value)} required />
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor="office-hours-end">{o.end}</Label>
                  <Input id="office-hours-end" type="time" value={end} onChange={(e) => setEnd(e.target.value)} required />
                  <FieldError id="office-hours-end-error" message={error?.fields.end} />
                </div>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="office-hours-reply">{o.autoReply}</Label>
                <textarea id="office-hours-reply" rows={3} maxLength={1000} value={autoReply} onChange={(e) => setAutoReply(e.target.value)} className={textareaClass} />
              </div>
              {error && <FormErrorAlert title={error.message} testId="office-hours-error" />}
            </>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              {o.cancel}
            </Button>
            <Button type="submit" disabled={save.isPending || hours.isLoading} data-testid="office-hours-save">
              {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
              {o.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
