import * as React from 'react';
import { Loader2, Paperclip, Send, Users, X } from 'lucide-react';
import { toast } from 'sonner';
import {
  ANNOUNCEMENT_PRIORITIES,
  type AnnouncementAudienceInput,
  type AnnouncementChannel,
  type AnnouncementPriority,
  type AudienceOptions,
  type CreateAnnouncementBody,
  type AnnouncementPreview,
  type PreviewAnnouncementBody,
} from '@shared/contracts/announcements';
import { ANNOUNCEMENT_PRIORITY_LABELS, announcementMessages } from '@shared/messages/announcements';
import { announcementScreens as t } from '@shared/messages/announcements-screens';
import { filesMessages } from '@shared/messages/files';
import { roleDisplayName } from '@shared/roles';
import { cn } from '@/lib/utils';
import { InputField, FieldError, FormErrorAlert, useFormError } from '@/components/form-feedback';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { fromNairobiInput } from '@/lib/message-format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { uploadAttachment, useAudienceOptions, useCreateAnnouncement, usePreview, type UploadedAttachment } from './announcements-api';
import { formatBytes, formatDateTime } from './announcement-bits';
import { LabelledField } from '@/components/field';
import { PendingButton } from '@/components/pending-button';
import { DateField, readDateText } from '@/components/date-field';
import { readTimeText, TimeField } from '@/components/time-field';
import { dateFieldMessages, timeFieldMessages } from '@shared/messages/dates';
import { schoolToday } from '@shared/dates';

const MAX_FILE_BYTES = 10 * 1024 * 1024;
const MAX_FILES = 5;
const ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp,image/gif';

interface AudienceState {
  wholeSchool: boolean;
  roles: string[];
  levelIds: string[];
  classIds: string[];
  parentsOfClassIds: string[];
  staff: boolean;
  owingOnly: boolean;
}

const EMPTY_AUDIENCE: AudienceState = { wholeSchool: false, roles: [], levelIds: [], classIds: [], parentsOfClassIds: [], staff: false, owingOnly: false };

/** The caller may address the whole school (every role, i.e. principal and director). */
const mayWholeSchool = (o: AudienceOptions) => o.roles.includes('parent') && o.mayUseStaff;

/** The audience of the API from the picker (null when nothing is chosen yet). */
function toAudience(s: AudienceState, o: AudienceOptions | undefined): AnnouncementAudienceInput | null {
  if (!o) return null;
  if (s.wholeSchool && mayWholeSchool(o)) return { roles: [...o.roles] };
  const a: AnnouncementAudienceInput = {};
  if (s.roles.length) a.roles = s.roles as AnnouncementAudienceInput['roles'];
  if (s.levelIds.length) a.levelIds = s.levelIds;
  if (s.classIds.length) a.classIds = s.classIds;
  if (s.parentsOfClassIds.length) a.parentsOfClassIds = s.parentsOfClassIds;
  if (s.staff) a.staff = true;
  if (Object.keys(a).length === 0) return null;
  if (s.owingOnly && o.mayUseOwingOnly) a.owingOnly = true;
  return a;
}

/** A Nairobi day and its 24-hour time as two boxes hold them (day YYYY-MM-DD, time HH:MM; either as typed when it is not one). */
interface DayTime {
  day: string;
  time: string;
}
const NO_DAY_TIME: DayTime = { day: '', time: '' };

/**
 * The instant (ISO) of a day and time read as Nairobi time: `null` when no day is given, `'invalid'`
 * when the day or the time box holds text that is not one (refused, never sent without it), and a day
 * whose time box is empty at `emptyTime`, or `'noTime'` when there is none (the time is required).
 */
function instantOf(v: DayTime, emptyTime: string | null): string | null | 'invalid' | 'noTime' {
  if (readDateText(v.day).invalid) return 'invalid';
  if (!v.day) return null;
  if (readTimeText(v.time).invalid) return 'invalid';
  const time = v.time || emptyTime;
  if (!time) return 'noTime';
  return fromNairobiInput(`${v.day}T${time}`);
}

/** The box of a day and time that refuses to send (its id): the date box holding text that is not a day, else a day's time box holding text that is not a time; null when neither. */
function wrongDayTimeBox(v: DayTime, id: string): string | null {
  if (readDateText(v.day).invalid) return id;
  if (v.day && readTimeText(v.time).invalid) return `${id}-time`;
  return null;
}

/**
 * A day as dd/mm/yyyy (DateField) with its 24-hour time (TimeField) beside it, as the communication
 * form's expiry: text that is not a day or a time stays in the value as typed, so sending refuses it.
 * Once a box is left holding such text, or a refused send found it (`checked`), "Enter a real date as
 * dd/mm/yyyy…" or "Enter the time as HH:MM…" spans the pair's full width under it (under the narrow
 * time box it would wrap over four lines on a phone): the one place that says so.
 */
function DayTimeField({ id, value, onChange, invalid, checked, testId }: { id: string; value: DayTime; onChange: (v: DayTime) => void; invalid?: boolean; checked?: boolean; testId: string }) {
  const [dayLeft, setDayLeft] = React.useState(false);
  const [timeLeft, setTimeLeft] = React.useState(false);
  const dayWrong = (dayLeft || !!checked) && readDateText(value.day).invalid;
  const timeWrong = (timeLeft || !!checked) && !!value.day && readTimeText(value.time).invalid;
  const dayErrorId = `${id}-day-format`;
  const timeErrorId = `${id}-time-format`;
  return (
    <div className="grid min-w-0 gap-1.5">
      <div className="flex gap-2">
        <DateField
          id={id}
          value={value.day}
          onValueChange={(day) => {
            if (!readDateText(day).invalid) setDayLeft(false);
            onChange({ ...value, day });
          }}
          onBlur={() => setDayLeft(true)}
          keepInvalidText
          showFormatError={false}
          min={schoolToday()}
          wrapperClassName="flex-1"
          aria-invalid={invalid || dayWrong || undefined}
          aria-describedby={cn(invalid && `${id}-error`, dayWrong && dayErrorId) || undefined}
          data-testid={testId}
        />
        <TimeField
          id={`${id}-time`}
          aria-label={dateFieldMessages.time}
          value={value.time}
          disabled={!value.day}
          onValueChange={(time) => {
            if (!readTimeText(time).invalid) setTimeLeft(false);
            onChange({ ...value, time });
          }}
          onBlur={() => setTimeLeft(true)}
          keepInvalidText
          showFormatError={false}
          aria-invalid={timeWrong || undefined}
          aria-describedby={timeWrong ? timeErrorId : undefined}
          wrapperClassName="w-24 shrink-0"
          data-testid={`${testId}-time`}
        />
      </div>
      {dayWrong && (
        <p id={dayErrorId} role="alert" className="text-xs font-medium text-destructive" data-testid={`${testId}-day-format`}>
          {dateFieldMessages.invalid}
        </p>
      )}
      {timeWrong && (
        <p id={timeErrorId} role="alert" className="text-xs font-medium text-destructive" data-testid={`${testId}-time-format`}>
          {timeFieldMessages.invalid}
        </p>
      )}
    </div>
  );
}

const toggle = (list: string[], id: string) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

/** A row of checkable pills under a legend (role group, so each pill's name is unique within it). */
function PillGroup({ legend, items, selected, onToggle, idPrefix, testId }: { legend: string; items: { id: string; name: string }[]; selected: string[]; onToggle: (id: string) => void; idPrefix: string; testId: string }) {
  if (items.length === 0) return null;
  return (
    <fieldset className="grid min-w-0 gap-2" data-testid={testId}>
      <legend className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {items.map((it) => {
          const id = `${idPrefix}-${it.id}`;
          const on = selected.includes(it.id);
          return (
            <label
              key={it.id}
              htmlFor={id}
              className={cn(
                'inline-flex max-w-full cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm transition-colors select-none',
                on ? 'border-primary/50 bg-primary/10 text-foreground' : 'bg-card hover:bg-muted',
              )}
            >
              <Checkbox id={id} checked={on} onCheckedChange={() => onToggle(it.id)} className="rounded-full" />
              <span className="truncate">{it.name}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A checkbox with a label and a hint under it. */
function CheckRow({ id, label, hint, checked, onChange, disabled, testId }: { id: string; label: string; hint?: string; checked: boolean; onChange: (v: boolean) => void; disabled?: boolean; testId?: string }) {
  return (
    <div className="flex items-start gap-2.5">
      <Checkbox id={id} checked={checked} onCheckedChange={(v) => onChange(v === true)} disabled={disabled} className="mt-0.5" data-testid={testId} />
      <div className="grid gap-0.5">
        <Label htmlFor={id} className={cn('cursor-pointer leading-snug', disabled && 'cursor-default opacity-80')}>
          {label}
        </Label>
        {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      </div>
    </div>
  );
}

/**
 * The compose sheet of a posting role: title, body with a formatting hint, the audience the caller may
 * address (GET audience-options: the whole school, roles, levels, streams, parents of streams, staff,
 * "only parents with a balance owing"), channels (in the app always; SMS, e-mail), priority, publish now
 * or at a Nairobi date-time, expiry, pin, attachments (uploaded at once, errors as toasts). Before
 * sending it shows how many people the audience reaches (POST preview); an empty audience shows inline.
 */
export function ComposeSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Sheet open={open} onOpenChange={(o) => !o && onClose()}>
      <SheetContent side="right" className="w-full max-w-2xl overflow-y-auto bg-background sm:w-[40rem]" data-testid="compose-sheet" onInteractOutside={(e) => e.preventDefault()}>
        {open && <ComposeForm onClose={onClose} />}
      </SheetContent>
    </Sheet>
  );
}

function ComposeForm({ onClose }: { onClose: () => void }) {
  const options = useAudienceOptions(true);
  const o = options.data;
  const create = useCreateAnnouncement();
  const formError = useFormError();
  const [title, setTitle] = React.useState('');
  const [body, setBody] = React.useState('');
  const [audience, setAudience] = React.useState<AudienceState>(EMPTY_AUDIENCE);
  const [sms, setSms] = React.useState(false);
  const [email, setEmail] = React.useState(false);
  const [priority, setPriority] = React.useState<AnnouncementPriority>('normal');
  const [when, setWhen] = React.useState<'now' | 'later'>('now');
  const [publishAt, setPublishAt] = React.useState<DayTime>(NO_DAY_TIME);
  const [expiresAt, setExpiresAt] = React.useState<DayTime>(NO_DAY_TIME);
  const [pinned, setPinned] = React.useState(false);
  const [statutory, setStatutory] = React.useState(false);
  // Set by a send refused for a date or time box holding text that is not one: its line under the pair says so.
  const [checkDayTimes, setCheckDayTimes] = React.useState(false);
  const [files, setFiles] = React.useState<UploadedAttachment[]>([]);
  const [uploading, setUploading] = React.useState<string[]>([]);
  const fileInput = React.useRef<HTMLInputElement>(null);

  // A teacher with a single stream: its parents are the obvious audience.
  const preset = React.useRef(false);
  React.useEffect(() => {
    if (!o || preset.current) return;
    preset.current = true;
    if (o.roles.length === 0 && o.streams.length === 1 && o.mayUseParentsOfClassIds) setAudience((s) => ({ ...s, parentsOfClassIds: [o.streams[0].id] }));
  }, [o]);

  const channels: AnnouncementChannel[] = ['app', ...(sms ? (['sms'] as const) : []), ...(email ? (['email'] as const) : [])];
  const apiAudience = toAudience(audience, o);
  const previewBody = apiAudience ? JSON.stringify({ audience: apiAudience, channels }) : null;
  const debouncedPreview = useDebouncedValue(previewBody, 300);
  const preview = usePreview(React.useMemo(() => (debouncedPreview ? (JSON.parse(debouncedPreview) as PreviewAnnouncementBody) : null), [debouncedPreview]));
  const nobody = preview.data?.recipients === 0;

  const onPick = async (list: FileList | null) => {
    const picked = [...(list ?? [])];
    if (fileInput.current) fileInput.current.value = '';
    for (const file of picked) {
      if (files.length + uploading.length >= MAX_FILES) {
        toast.error(t.uploadFailed(file.name), { description: filesMessages.tooManyAttachments(MAX_FILES) });
        break;
      }
      if (file.size > MAX_FILE_BYTES) {
        toast.error(t.uploadFailed(file.name), { description: filesMessages.tooLarge(10) });
        continue;
      }
      setUploading((u) => [...u, file.name]);
      try {
        const ref = await uploadAttachment(file);
        setFiles((f) => [...f, ref]);
      } catch (err) {
        toast.error(t.uploadFailed(file.name), { description: err instanceof Error ? err.message : String(err) });
      } finally {
        setUploading((u) => {
          const i = u.indexOf(file.name);
          return i < 0 ? u : [...u.slice(0, i), ...u.slice(i + 1)];
        });
      }
    }
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    formError.clear();
    if (!apiAudience) return formError.set(announcementMessages.api.audienceRequired);
    // A publish day needs its time; an expiry day with no time ends at 23:59. A box holding text that
    // is not a day or a time refuses to send (rather than send now, or with no expiry).
    const at = when === 'later' ? instantOf(publishAt, null) : null;
    const expires = instantOf(expiresAt, '23:59');
    // Said once, under the pair of the box that is wrong (not in the form's error too); it takes the focus,
    // scrolled to the sheet's middle (at its bottom edge the sticky send bar would hide it and its line).
    if (at === 'invalid' || expires === 'invalid') {
      setCheckDayTimes(true);
      const id = (when === 'later' ? wrongDayTimeBox(publishAt, 'announcement-publish-at') : null) ?? wrongDayTimeBox(expiresAt, 'announcement-expires');
      const box = id ? document.getElementById(id) : null;
      box?.focus({ preventScroll: true });
      box?.scrollIntoView({ block: 'center' });
      return;
    }
    if (when === 'later' && (!at || at === 'noTime')) return formError.set(t.scheduleRequired);
    const payload: CreateAnnouncementBody = {
      title,
      body,
      audience: apiAudience,
      channels,
      priority,
      publishAt: at === 'noTime' ? null : at,
      expiresAt: expires === 'noTime' ? null : expires,
      pinned,
      // Required by law only matters for SMS and e-mail (the consent they respect).
      statutory: (sms || email) && statutory,
      attachmentIds: files.map((f) => f.fileId),
    };
    create.mutate(payload, {
      onSuccess: (res) => {
        if (res?.status === 'scheduled') toast.success(t.scheduledToast, { description: t.scheduledToastText(formatDateTime(res.publishAt)) });
        else toast.success(t.sentToast, res?.recipientCount != null ? { description: t.sentToastText(res.recipientCount) } : undefined);
        onClose();
      },
      onError: (err) => formError.fail(err),
    });
  };

  if (options.isError) {
    return (
      <div className="p-5">
        <SheetTitle className="sr-only">{t.composeTitle}</SheetTitle>
        <QueryErrorCard query={options} title={t.errorTitle} retryLabel={t.tryAgain} />
      </div>
    );
  }
  if (!o) {
    return (
      <div className="grid gap-3 p-5" aria-busy="true">
        <SheetTitle className="sr-only">{t.composeTitle}</SheetTitle>
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-10" />
        <Skeleton className="h-40" />
        <Skeleton className="h-32" />
      </div>
    );
  }

  const whole = audience.wholeSchool && mayWholeSchool(o);
  const streamItems = o.streams.map((s) => ({ id: s.id, name: s.name }));
  const noTargets = o.roles.length === 0 && o.streams.length === 0 && o.levels.length === 0 && !o.mayUseStaff;

  return (
    <form onSubmit={submit} className="flex min-h-full flex-col" noValidate data-testid="compose-form">
      <div className="border-b px-4 py-4 pr-12 sm:px-6">
        <SheetTitle className="text-lg">{t.composeTitle}</SheetTitle>
        <SheetDescription className="mt-1">{t.composeDescription}</SheetDescription>
      </div>

      <div className="grid flex-1 gap-6 px-4 py-5 sm:px-6">
        <InputField id="announcement-title" label={t.title} placeholder={t.titlePlaceholder} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={150} error={formError.field('title')} required />

        <LabelledField id="announcement-body" label={t.body} error={formError.field('body')} className="grid gap-1.5">
          <Textarea
            id="announcement-body"
            rows={7}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            placeholder={t.bodyPlaceholder}
            maxLength={10_000}
            aria-invalid={!!formError.field('body') || undefined}
            aria-describedby="announcement-body-hint"
            className="resize-y"
          />
          <p id="announcement-body-hint" className="text-xs text-muted-foreground">
            {t.formatHint}
          </p>
        </LabelledField>

        <section className="grid gap-4 rounded-xl border bg-card p-4" aria-labelledby="audience-heading" data-testid="compose-audience">
          <h3 id="audience-heading" className="flex items-center gap-2 text-sm font-semibold">
            <Users className="size-4 text-primary" aria-hidden />
            {t.audienceHeading}
          </h3>
          {noTargets && <p className="text-sm text-muted-foreground">{t.noStreams}</p>}
          {mayWholeSchool(o) && (
            <CheckRow id="audience-whole" label={t.wholeSchool} hint={t.wholeSchoolHint} checked={audience.wholeSchool} onChange={(v) => setAudience((s) => ({ ...s, wholeSchool: v }))} testId="audience-whole-school" />
          )}
          {!whole && (
            <>
              <PillGroup
                legend={t.rolesHeading}
                items={o.roles.map((r) => ({ id: r, name: t.roleAudience[r] ?? roleDisplayName(r) }))}
                selected={audience.roles}
                onToggle={(id) => setAudience((s) => ({ ...s, roles: toggle(s.roles, id) }))}
                idPrefix="audience-role"
                testId="audience-roles"
              />
              {o.mayUseStaff && <CheckRow id="audience-staff" label={t.staff} hint={t.staffHint} checked={audience.staff} onChange={(v) => setAudience((s) => ({ ...s, staff: v }))} />}
              <PillGroup
                legend={t.levelsHeading}
                items={o.levels}
                selected={audience.levelIds}
                onToggle={(id) => setAudience((s) => ({ ...s, levelIds: toggle(s.levelIds, id) }))}
                idPrefix="audience-level"
                testId="audience-levels"
              />
              {o.mayUseParentsOfClassIds && (
                <PillGroup
                  legend={t.parentsOfStreamsHeading}
                  items={streamItems}
                  selected={audience.parentsOfClassIds}
                  onToggle={(id) => setAudience((s) => ({ ...s, parentsOfClassIds: toggle(s.parentsOfClassIds, id) }))}
                  idPrefix="audience-parents-of"
                  testId="audience-parents-of-streams"
                />
              )}
              {o.mayUseClassIds && (
                <PillGroup
                  legend={t.streamsHeading}
                  items={streamItems}
                  selected={audience.classIds}
                  onToggle={(id) => setAudience((s) => ({ ...s, classIds: toggle(s.classIds, id) }))}
                  idPrefix="audience-stream"
                  testId="audience-streams"
                />
              )}
              {o.mayUseOwingOnly && (
                <CheckRow id="audience-owing" label={t.owingOnly} hint={t.owingOnlyHint} checked={audience.owingOnly} onChange={(v) => setAudience((s) => ({ ...s, owingOnly: v }))} testId="audience-owing-only" />
              )}
            </>
          )}
        </section>

        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">{t.channelsHeading}</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <CheckRow id="channel-app" label={t.channelApp} checked disabled onChange={() => undefined} />
            <CheckRow id="channel-sms" label={t.channelSms} hint={o.channels.includes('sms') ? undefined : t.channelNotConfigured} checked={sms} onChange={setSms} testId="channel-sms" />
            <CheckRow id="channel-email" label={t.channelEmail} hint={o.channels.includes('email') ? undefined : t.channelNotConfigured} checked={email} onChange={setEmail} testId="channel-email" />
          </div>
          {(sms || email) && <CheckRow id="announcement-statutory" label={t.statutory} hint={t.statutoryHint} checked={statutory} onChange={setStatutory} testId="announcement-statutory" />}
        </fieldset>

        <div className="grid gap-5 sm:grid-cols-2">
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t.priority}</legend>
            <RadioGroup value={priority} onValueChange={(v) => setPriority(v as AnnouncementPriority)} className="flex flex-wrap gap-x-4 gap-y-2">
              {ANNOUNCEMENT_PRIORITIES.map((p) => (
                <div key={p} className="flex items-center gap-2">
                  <RadioGroupItem id={`priority-${p}`} value={p} />
                  <Label htmlFor={`priority-${p}`} className="cursor-pointer">
                    {ANNOUNCEMENT_PRIORITY_LABELS[p]}
                  </Label>
                </div>
              ))}
            </RadioGroup>
            <p className="text-xs text-muted-foreground">{t.priorityHint}</p>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t.whenHeading}</legend>
            <RadioGroup value={when} onValueChange={(v) => setWhen(v as 'now' | 'later')} className="flex flex-wrap gap-x-4 gap-y-2">
              <div className="flex items-center gap-2">
                <RadioGroupItem id="when-now" value="now" />
                <Label htmlFor="when-now" className="cursor-pointer">
                  {t.publishNow}
                </Label>
              </div>
              <div className="flex items-center gap-2">
                <RadioGroupItem id="when-later" value="later" />
                <Label htmlFor="when-later" className="cursor-pointer">
                  {t.schedule}
                </Label>
              </div>
            </RadioGroup>
            {when === 'later' && (
              <div className="grid gap-1.5">
                <Label htmlFor="announcement-publish-at" className="text-xs text-muted-foreground">
                  {t.publishAt}
                </Label>
                <DayTimeField id="announcement-publish-at" value={publishAt} onChange={setPublishAt} invalid={!!formError.field('publishAt')} checked={checkDayTimes} testId="announcement-publish-at" />
                <FieldError id="announcement-publish-at-error" message={formError.field('publishAt')} />
              </div>
            )}
          </fieldset>
        </div>

        <div className="grid gap-5 sm:grid-cols-2 sm:items-start">
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor="announcement-expires">{t.expiresAt}</Label>
            <DayTimeField id="announcement-expires" value={expiresAt} onChange={setExpiresAt} invalid={!!formError.field('expiresAt')} checked={checkDayTimes} testId="announcement-expires" />
            {!formError.field('expiresAt') && <p className="text-xs text-muted-foreground">{t.expiresHint}</p>}
            <FieldError id="announcement-expires-error" message={formError.field('expiresAt')} />
          </div>
          <div className="sm:pt-7">
            <CheckRow id="announcement-pinned" label={t.pinToTop} checked={pinned} onChange={setPinned} />
          </div>
        </div>

        <section className="grid gap-2" aria-labelledby="attachments-heading">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <h3 id="attachments-heading" className="text-sm font-medium">
                {t.attachmentsHeading}
              </h3>
              <p className="text-xs text-muted-foreground">{t.attachmentsHint}</p>
            </div>
            <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()} disabled={files.length + uploading.length >= MAX_FILES} data-testid="compose-add-file">
              <Paperclip aria-hidden />
              {t.addFile}
            </Button>
            <input ref={fileInput} type="file" accept={ACCEPT} multiple className="sr-only" tabIndex={-1} aria-label={t.addFile} onChange={(e) => void onPick(e.target.files)} data-testid="compose-file-input" />
          </div>
          {(files.length > 0 || uploading.length > 0) && (
            <ul className="flex flex-wrap gap-2" data-testid="compose-files">
              {files.map((f) => (
                <li key={f.fileId} className="inline-flex max-w-full items-center gap-1.5 rounded-full border bg-card py-1 pr-1 pl-3 text-xs" data-testid="compose-file">
                  <span className="truncate font-medium">{f.name}</span>
                  <span className="shrink-0 text-muted-foreground">{formatBytes(f.sizeBytes)}</span>
                  <button
                    type="button"
                    className="rounded-full p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
                    aria-label={t.removeFile(f.name)}
                    onClick={() => setFiles((list) => list.filter((x) => x.fileId !== f.fileId))}
                  >
                    <X className="size-3.5" aria-hidden />
                  </button>
                </li>
              ))}
              {uploading.map((name, i) => (
                <li key={`${name}-${i}`} className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-dashed px-3 py-1 text-xs text-muted-foreground">
                  <Loader2 className="size-3.5 animate-spin" aria-hidden />
                  <span className="truncate">{name}</span>
                  <span className="sr-only">{t.uploading}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <div className="sticky bottom-0 grid gap-3 border-t bg-background/95 px-4 py-4 backdrop-blur sm:px-6">
        <PreviewLine
          idle={!previewBody}
          // While the audience or channels just changed (debounce, or the previous answer kept as a
          // placeholder) the counts are not yet theirs: say so rather than show old counts under new channels.
          loading={(preview.isFetching && !preview.data) || previewBody !== debouncedPreview || preview.isPlaceholderData}
          error={preview.isError ? preview.error.message : null}
          nobody={nobody}
          data={preview.data}
          sms={sms}
          email={email}
        />
        {formError.error && <FormErrorAlert title={t.sendFailed} detail={formError.error.message} testId="compose-error" />}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose}>
            {t.cancel}
          </Button>
          <PendingButton type="submit" pending={create.isPending} icon={Send} disabled={create.isPending || uploading.length > 0 || nobody} data-testid="compose-send">
            {when === 'later' ? t.scheduleSend : t.send}
          </PendingButton>
        </div>
      </div>
    </form>
  );
}

/**
 * "This will reach N people: A in the app, X by SMS, Y by e-mail" (and how many guardians have no
 * account, reached by SMS or e-mail only), or why it cannot be counted.
 */
function PreviewLine({
  idle,
  loading,
  error,
  nobody,
  data,
  sms,
  email,
}: {
  idle: boolean;
  loading: boolean;
  error: string | null;
  nobody: boolean;
  data: AnnouncementPreview | undefined;
  sms: boolean;
  email: boolean;
}) {
  let content: React.ReactNode;
  let tone = 'border-border bg-muted/40 text-muted-foreground';
  if (idle) content = t.previewIdle;
  else if (error) {
    content = error;
    tone = 'border-destructive/30 bg-destructive/5 text-destructive';
  } else if (loading || !data) content = t.previewLoading;
  else if (nobody) {
    content = announcementMessages.api.audienceEmpty;
    tone = 'border-destructive/30 bg-destructive/5 text-destructive';
  } else {
    tone = 'border-primary/25 bg-primary/5 text-foreground';
    const roles = Object.entries(data.byRole).filter(([, v]) => v > 0);
    content = (
      <>
        <span className="font-medium" data-testid="compose-preview-channels" data-app={data.byChannel.app} data-sms={data.byChannel.sms} data-email={data.byChannel.email}>
          {t.previewByChannel(data.recipients, data.byChannel.app, data.byChannel.sms, data.byChannel.email, sms, email)}
        </span>
        {data.withoutAccount > 0 && (
          <span className="block text-xs text-muted-foreground" data-testid="compose-preview-without-account">
            {t.previewWithoutAccount(data.withoutAccount)}
          </span>
        )}
        {roles.length > 1 && <span className="block text-xs text-muted-foreground">{roles.map(([r, v]) => `${roleDisplayName(r)}: ${v.toLocaleString('en-KE')}`).join(' · ')}</span>}
      </>
    );
  }
  return (
    <p className={cn('rounded-lg border px-3 py-2 text-sm', tone)} role="status" aria-live="polite" data-testid="compose-preview" data-recipients={data && !idle && !loading ? data.recipients : undefined}>
      {content}
    </p>
  );
}
