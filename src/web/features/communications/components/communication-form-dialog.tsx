import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@/lib/zod-resolver';
import { useQuery } from '@tanstack/react-query';
import { Megaphone, PencilLine } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  COMMUNICATION_INPUT_MESSAGES,
  COMMUNICATION_PRIORITIES,
  MESSAGE_MAX,
  TITLE_MAX,
  type Communication,
  type CommunicationPriority,
  type CreateCommunicationInput,
} from '@shared/contracts/communications';
import { messages } from '@shared/messages';
import { ROLES, roleDisplayName, type Role } from '@shared/roles';
import { api, ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { FieldError, FormErrorAlert, placeFieldErrors } from '@/components/form-feedback';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/form-dialog';
import { Input } from '@/components/ui/input';
import { readTimeText, TimeField } from '@/components/time-field';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { useCreateCommunication, useUpdateCommunication } from '../api/communications';
import { fromNairobiInput, toNairobiInput } from '@/lib/message-format';
import { PRIORITY_STYLES } from './priority';
import { LabelledField } from '@/components/field';
import { NameSelectItems } from '@/components/select-parts';
import { IconBadge } from '@/components/icon-badge';
import { DateField, readDateText } from '@/components/date-field';
import { dateFieldMessages, timeFieldMessages } from '@shared/messages/dates';

const m = messages.communications;
const f = m.form;
const im = COMMUNICATION_INPUT_MESSAGES;
const PLATFORM = 'platform';

/** The form's values; the expiry is the datetime-local text, read as Nairobi time. */
const formSchema = z.object({
  title: z.string().trim().min(1, im.titleRequired).max(TITLE_MAX, im.titleTooLong),
  message: z.string().trim().min(1, im.messageRequired).max(MESSAGE_MAX, im.messageTooLong),
  priority: z.enum(COMMUNICATION_PRIORITIES),
  targetRoles: z.array(z.enum(ROLES)).min(1, im.rolesRequired),
  schoolId: z.string(),
  dismissible: z.boolean(),
  isActive: z.boolean(),
  expiresAt: expiresAtSchema(),
});
type FormValues = z.infer<typeof formSchema>;

/**
 * The date and time boxes' parts of the form's expiry: "YYYY-MM-DDTHH:MM" for a real day (the time
 * "HH:MM", '' when its box is empty, or its text as typed when it is not a time). A date box holding
 * text that is not a real day keeps that text, then a line break (which a text box's value never holds,
 * unlike a "T"), then the time box's text: `expiryValue` writes it, `expiryParts` reads either.
 */
export function expiryParts(v: string): { day: string; time: string } {
  const at = v.includes('\n') ? v.indexOf('\n') : v.indexOf('T');
  return at < 0 ? { day: v, time: '' } : { day: v.slice(0, at), time: v.slice(at + 1) };
}

/** The form's expiry from the date box's day (YYYY-MM-DD, or its text when it is not a real day) and the time box's text; '' with no day. */
export function expiryValue(day: string, time: string): string {
  if (!day) return '';
  return readDateText(day).invalid ? `${day}\n${time}` : `${day}T${time}`;
}

/** What is wrong with the boxes of an expiry: the date box's text is not a real day, or (a real day) the time box's is not a time. */
function expiryBoxes(v: string): { dayBad: boolean; timeBad: boolean } {
  const { day, time } = expiryParts(v);
  const dayBad = readDateText(day).invalid;
  return { dayBad, timeBad: !dayBad && readTimeText(time).invalid };
}

/**
 * The expiry's rule: none, or a day and time still to come. A date box holding text that is not a real
 * day, or a time box holding text that is not a time, is refused with the date or time fields' own
 * words, rather than saved as no expiry, or the day ending at 23:59 (or "in the past").
 */
export function expiresAtSchema() {
  return z
    .string()
    .refine((v) => !expiryBoxes(v).dayBad, dateFieldMessages.invalid)
    .refine((v) => !expiryBoxes(v).timeBad, timeFieldMessages.invalid)
    .refine((v) => {
      const { dayBad, timeBad } = expiryBoxes(v);
      if (!v || dayBad || timeBad) return true;
      const iso = expiryOf(v);
      return !!iso && new Date(iso).getTime() > Date.now();
    }, im.expiryInPast);
}

/** The expiry instant of the form's "YYYY-MM-DDTHH:MM" (Nairobi); a day whose time box is empty ends at 23:59. */
function expiryOf(v: string): string | null {
  return fromNairobiInput(v.endsWith('T') ? `${v}23:59` : v);
}
/** Gives react-hook-form the box to focus when the save is refused for the field (a null box: the last one stays). */
function focusTarget(box: HTMLInputElement | null | undefined, ref: (el: HTMLInputElement) => void) {
  if (box) ref(box);
}
type FieldName = keyof FormValues;
const FIELD_NAMES: readonly FieldName[] = ['title', 'message', 'priority', 'targetRoles', 'schoolId', 'dismissible', 'isActive', 'expiresAt'];

function defaultsOf(c: Communication | null): FormValues {
  return {
    title: c?.title ?? '',
    message: c?.message ?? '',
    priority: c?.priority ?? 'medium',
    targetRoles: c?.targetRoles ?? [],
    schoolId: c?.schoolId ?? PLATFORM,
    dismissible: c?.dismissible ?? true,
    isActive: c?.isActive ?? true,
    expiresAt: toNairobiInput(c?.expiresAt ?? null),
  };
}

interface SchoolOption {
  id: string;
  name: string;
}

function useSchoolOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['communications', 'schools'],
    queryFn: async () => (await api<{ schools: SchoolOption[] }>('/api/schools')).schools,
    enabled,
    staleTime: 5 * 60_000,
    retry: 1,
  });
}

function CommunicationForm({ editing, onDone }: { editing: Communication | null; onDone: () => void }) {
  const id = React.useId();
  const create = useCreateCommunication();
  const update = useUpdateCommunication();
  const schools = useSchoolOptions(true);
  const [formError, setFormError] = React.useState<string | null>(null);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: defaultsOf(editing) });
  const { register, control, handleSubmit, setError, formState, trigger } = form;
  const errors = formState.errors;
  const fid = (name: string) => `${id}-${name}`;
  const invalid = (name: FieldName) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': fid(`${name}-error`) } : {});

  const onSubmit = handleSubmit(async (v) => {
    setFormError(null);
    const body: CreateCommunicationInput = {
      title: v.title.trim(),
      message: v.message.trim(),
      priority: v.priority,
      targetRoles: v.targetRoles,
      schoolId: v.schoolId === PLATFORM ? null : v.schoolId,
      dismissible: v.dismissible,
      isActive: v.isActive,
      expiresAt: expiryOf(v.expiresAt),
    };
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, body });
        toast.success(m.updated);
      } else {
        await create.mutateAsync(body);
        toast.success(m.created);
      }
      onDone();
    } catch (err) {
      const fallback = editing ? m.updateFailed : m.createFailed;
      const server = err instanceof ApiError && err.status > 0 ? err.message : '';
      const { placed } = placeFieldErrors(err, FIELD_NAMES, setError, { firstSegment: true });
      if (placed.length === 0) setFormError(server || fallback);
      // Spec §8: failure shows the server's message or "Failed to create/update communication".
      toast.error(fallback, { description: server && server !== fallback ? server : undefined });
    }
  });

  const pending = formState.isSubmitting || create.isPending || update.isPending;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="communication-form">
      <LabelledField id={fid('title')} label={f.title} error={errors.title?.message} className="grid gap-2">
        <Input id={fid('title')} maxLength={TITLE_MAX} placeholder={f.titlePlaceholder} autoComplete="off" {...register('title')} {...invalid('title')} />
      </LabelledField>
      <LabelledField id={fid('message')} label={f.message} error={errors.message?.message} className="grid gap-2">
        <textarea
          id={fid('message')}
          rows={4}
          maxLength={MESSAGE_MAX}
          placeholder={f.messagePlaceholder}
          className="flex min-h-24 w-full resize-y rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
          {...register('message')}
          {...invalid('message')}
        />
      </LabelledField>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <Label htmlFor={fid('priority')}>{f.priority}</Label>
          <Controller
            control={control}
            name="priority"
            render={({ field }) => (
              <Select value={field.value} onValueChange={(v) => field.onChange(v as CommunicationPriority)}>
                <SelectTrigger id={fid('priority')} ref={field.ref} data-testid="communication-priority">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {COMMUNICATION_PRIORITIES.map((p) => (
                    <SelectItem key={p} value={p}>
                      <span className="flex items-center gap-2">
                        <span className={cn('size-2 rounded-full', PRIORITY_STYLES[p].dot)} aria-hidden />
                        {m.priorityLabels[p]}
                      </span>
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </div>
        <LabelledField id={fid('schoolId')} label={f.school} error={errors.schoolId?.message}>
          <Controller
            control={control}
            name="schoolId"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id={fid('schoolId')} ref={field.ref} data-testid="communication-school">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={PLATFORM}>{f.allSchools}</SelectItem>
                  <NameSelectItems items={(schools.data ?? [])} />
                </SelectContent>
              </Select>
            )}
          />
        </LabelledField>
      </div>

      <fieldset className="grid gap-2" aria-describedby={errors.targetRoles ? fid('targetRoles-error') : undefined}>
        <Controller
          control={control}
          name="targetRoles"
          render={({ field }) => {
            const selected = new Set(field.value);
            const all = selected.size === ROLES.length;
            const toggle = (r: Role, on: boolean) => {
              const next = new Set(selected);
              if (on) next.add(r);
              else next.delete(r);
              field.onChange(ROLES.filter((x) => next.has(x)));
            };
            return (
              <>
                <div className="flex items-center justify-between gap-3">
                  <legend className="text-sm font-medium">{f.targetRoles}</legend>
                  <button
                    type="button"
                    className="cursor-pointer text-xs font-medium text-primary hover:underline"
                    onClick={() => field.onChange(all ? [] : [...ROLES])}
                  >
                    {all ? f.clearAll : f.selectAll}
                  </button>
                </div>
                <div
                  className={cn('grid grid-cols-1 gap-1 rounded-lg border p-2 sm:grid-cols-2', errors.targetRoles && 'border-destructive/60')}
                  data-testid="communication-roles"
                >
                  {ROLES.map((r) => (
                    <label
                      key={r}
                      className="flex cursor-pointer items-center gap-2.5 rounded-md px-2 py-1.5 text-sm transition-colors hover:bg-accent has-[[data-state=checked]]:bg-primary/5"
                    >
                      <Checkbox checked={selected.has(r)} onCheckedChange={(v) => toggle(r, v === true)} value={r} aria-label={roleDisplayName(r)} />
                      <span className="truncate">{roleDisplayName(r)}</span>
                    </label>
                  ))}
                </div>
              </>
            );
          }}
        />
        <FieldError id={fid('targetRoles-error')} message={errors.targetRoles?.message} />
      </fieldset>

      <LabelledField id={fid('expiresAt')} label={f.expiresAt} error={errors.expiresAt?.message} className="grid gap-2">
        <Controller
          control={control}
          name="expiresAt"
          render={({ field }) => {
            // The day as dd/mm/yyyy and its 24-hour time; the form keeps "YYYY-MM-DDTHH:MM" (Nairobi).
            const { day, time } = expiryParts(field.value ?? '');
            const { dayBad, timeBad } = expiryBoxes(field.value ?? '');
            // A day picked with no time yet gets 23:59; a time box emptied keeps "dayT"; a box holding text
            // that is not a day or a time keeps it as typed, so the form refuses it (not "no expiry").
            const onDay = (d: string) => {
              field.onChange(expiryValue(d, readDateText(d).invalid ? time : time || '23:59'));
              if (errors.expiresAt) void trigger('expiresAt');
            };
            // Checked when a box holding text that is not a day or a time is left (not at each key).
            const onLeave = () => {
              field.onBlur();
              if (dayBad || timeBad) void trigger('expiresAt');
            };
            return (
              // A refused save focuses the box that is wrong: the time box when it is the time, else the date box.
              <div ref={(el) => focusTarget(el?.querySelector<HTMLInputElement>(`[data-testid="communication-expires${timeBad ? '-time' : ''}"]`), field.ref)} className="flex gap-2 sm:max-w-80">
                {/* Their "Enter a real date…" and "Enter the time as HH:MM…" are the field's one error line under
                    the pair (full width: under the narrow time box it would wrap over four lines on a phone). */}
                <DateField
                  id={fid('expiresAt')}
                  value={day}
                  onValueChange={onDay}
                  onBlur={onLeave}
                  keepInvalidText
                  showFormatError={false}
                  wrapperClassName="flex-1"
                  {...(timeBad ? {} : invalid('expiresAt'))}
                  data-testid="communication-expires"
                />
                <TimeField
                  aria-label={dateFieldMessages.time}
                  value={time}
                  disabled={!day}
                  keepInvalidText
                  showFormatError={false}
                  onValueChange={(t) => {
                    field.onChange(expiryValue(day, t));
                    if (errors.expiresAt) void trigger('expiresAt');
                  }}
                  onBlur={onLeave}
                  {...(timeBad ? invalid('expiresAt') : {})}
                  wrapperClassName="w-32"
                  data-testid="communication-expires-time"
                />
              </div>
            );
          }}
        />
        <p className="text-xs text-muted-foreground">{f.expiresNote}</p>
      </LabelledField>

      <div className="grid gap-3 rounded-lg border bg-muted/30 p-3 sm:grid-cols-2">
        <Controller
          control={control}
          name="dismissible"
          render={({ field }) => (
            <label className="flex cursor-pointer items-center justify-between gap-3">
              <span>
                <span className="block text-sm font-medium">{f.dismissible}</span>
                <span className="block text-xs text-muted-foreground">{f.dismissibleNote}</span>
              </span>
              <Switch checked={field.value} onCheckedChange={field.onChange} aria-label={f.dismissible} data-testid="communication-dismissible" />
            </label>
          )}
        />
        <Controller
          control={control}
          name="isActive"
          render={({ field }) => (
            <label className="flex cursor-pointer items-center justify-between gap-3">
              <span>
                <span className="block text-sm font-medium">{f.active}</span>
                <span className="block text-xs text-muted-foreground">{f.activeNote}</span>
              </span>
              <Switch checked={field.value} onCheckedChange={field.onChange} aria-label={f.active} data-testid="communication-active" />
            </label>
          )}
        />
      </div>

      {formError && <FormErrorAlert title={formError} testId="communication-form-error" />}

      <FormDialogFooter cancelLabel={f.cancel} onCancel={onDone} pending={pending} submitTestId="communication-submit" label={pending ? f.saving : editing ? f.save : f.create} />
    </form>
  );
}

/**
 * Create or edit a communication (Communication Center): title, message, priority, target roles,
 * school (or platform-wide), expiry as an Africa/Nairobi date and time, dismissible and active.
 * Toasts "Communication created/updated successfully", or the spec's failure text with the server's
 * message (spec §8).
 */
export function CommunicationFormDialog({ open, editing, onOpenChange }: { open: boolean; editing: Communication | null; onOpenChange: (open: boolean) => void }) {
  const Icon = editing ? PencilLine : Megaphone;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl" data-testid="communication-dialog">
        <DialogHeader className="pr-6">
          <div className="flex items-center gap-3">
            <IconBadge icon={Icon} className="size-9 rounded-lg bg-primary/10 text-primary" iconClassName="size-4.5" />
            <DialogTitle>{editing ? f.editTitle : f.createTitle}</DialogTitle>
          </div>
          <DialogDescription>{editing ? f.editDescription : f.createDescription}</DialogDescription>
        </DialogHeader>
        {open && <CommunicationForm key={editing?.id ?? 'new'} editing={editing} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
