import * as React from 'react';
import { toast } from 'sonner';
import { AlertCircle, CalendarOff, CheckCheck, CheckCircle2, CloudOff, Info, Keyboard, Loader2, Lock, Save, Users } from 'lucide-react';
import { dayLabel } from '@shared/attendance-calendar';
import type { AttendanceStatus, PutRegisterBody, Register } from '@shared/contracts/attendance';
import { schoolToday } from '@shared/dates';
import { attendanceRegisterScreens as m } from '@shared/messages/attendance-register-screens';
import { EmptyListState } from '@/components/list-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SkeletonStack } from '@/components/skeleton-stack';
import { PendingButton } from '@/components/pending-button';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { useAttendanceSettings, useRegister, type RegisterRef } from '../api/registers';
import { LearnerRow, type RowErrors } from './learner-row';
import { OutboxBanner, sessionLabel } from './outbox-banner';
import { registerId, type DraftMark, type Outbox } from './outbox';
import { STATUS_TONE } from './status-tone';
import { useOnline, useOutbox, useOutboxSync } from './use-outbox';
import { formatClock, formatDateTime } from '@/lib/format';
import { IconBadge } from '@/components/icon-badge';

const e = m.editor;

export interface RegisterEditorProps {
  /** The stream (class) id. */
  classId: string;
  /** The school day, YYYY-MM-DD (Africa/Nairobi). */
  date: string;
  /** "day", "morning", "afternoon" or "period-N". */
  session: string;
  /** Per-lesson registers: the lesson's learning area. */
  subjectId?: string | null;
  /** Show the register without any way to change it (the director; the principal's overview). */
  readOnly?: boolean;
  /** Called when a save of this register reached the server (2xx), also when it synced later. */
  onSaved?: () => void;
}

const EMPTY_MARK: DraftMark = { status: null, note: '', arrivalTime: '' };
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** Two marks are the same register-wise: the status, the note, and (for late) the arrival time. */
const sameMark = (a: DraftMark, b: DraftMark) => a.status === b.status && a.note.trim() === b.note.trim() && (a.status !== 'late' || a.arrivalTime === b.arrivalTime);

const markOf = (en: { status: AttendanceStatus | null; note?: string | null; arrivalTime?: string | null }): DraftMark => ({
  status: en.status,
  note: en.note ?? '',
  arrivalTime: en.arrivalTime ?? '',
});

const hhmm = (d: Date) => formatClock(d);

/**
 * The register of one stream, day and session (issue 13 §1), for the teacher's "Class Attendance" and the
 * principal's pages: every learner with present / absent / late (arrival time) / excused (reason), "Mark
 * all present" then the exceptions, live counts, and a sticky save bar that asks for the reason a past
 * register changes. Saves go through the offline outbox (./outbox.ts): edits are kept on the device as a
 * draft, a save waits there until the server has it (Idempotency-Key), and the banner says what is
 * waiting to sync. Locked registers (and `readOnly`) show why and cannot be changed.
 */
export function RegisterEditor({ classId, date, session, subjectId = null, readOnly = false, onSaved }: RegisterEditorProps) {
  const ref = React.useMemo<RegisterRef>(() => ({ classId, date, session, subjectId }), [classId, date, session, subjectId]);
  const { box, state } = useOutbox();
  useOutboxSync(box);
  const online = useOnline();
  return (
    <div className="flex min-w-0 flex-col gap-3 sm:gap-4" data-testid="register-editor">
      {box && <OutboxBanner box={box} state={state} online={online} />}
      {box && <Editor key={registerId(ref)} registerRef={ref} box={box} readOnly={readOnly} online={online} onSaved={onSaved} />}
    </div>
  );
}

function Editor({ registerRef, box, readOnly, online, onSaved }: { registerRef: RegisterRef; box: Outbox; readOnly: boolean; online: boolean; onSaved?: () => void }) {
  const q = useRegister(registerRef);
  const settings = useAttendanceSettings();
  const role = useAuth().state.user?.role ?? null;
  const rid = registerId(registerRef);
  const state = React.useSyncExternalStore(box.subscribe, box.getState);
  const draft = state.drafts[rid] ?? null;
  const pending = React.useMemo(() => state.pending.filter((i) => registerId(i.body) === rid), [state.pending, rid]);

  const [showErrors, setShowErrors] = React.useState(false);
  const [formError, setFormError] = React.useState<string | null>(null);
  const [reasonError, setReasonError] = React.useState<string | null>(null);
  const [lastSaved, setLastSaved] = React.useState<{ at: string; alerted: number } | null>(null);
  const [sending, setSending] = React.useState(false);
  const listRef = React.useRef<HTMLUListElement>(null);
  const reasonRef = React.useRef<HTMLInputElement>(null);

  // What the server has, with the saves still waiting in the outbox laid over it (in their order).
  const base = React.useMemo(() => {
    const marks = new Map<string, DraftMark>();
    for (const en of q.data?.entries ?? []) marks.set(en.studentId, markOf(en));
    const waiting = new Set<string>();
    for (const item of pending) {
      for (const en of item.body.entries) {
        marks.set(en.studentId, markOf(en));
        waiting.add(en.studentId);
      }
    }
    return { marks, waiting };
  }, [q.data, pending]);

  // The server's answer to a save of this register (now or after syncing later).
  const saved = React.useEffectEvent((alerted: number) => {
    setLastSaved({ at: new Date().toISOString(), alerted });
    onSaved?.();
  });
  const refused = React.useEffectEvent((message: string, fields: Record<string, string> | null) => {
    setShowErrors(true);
    if (fields?.reason) {
      setReasonError(fields.reason);
      setFormError(null);
      reasonRef.current?.focus();
    } else setFormError(message);
  });
  React.useEffect(
    () =>
      box.onEvent((ev) => {
        if (registerId(ev.item.body) !== rid) return;
        if (ev.type === 'sent') saved(ev.response.alerted);
        else if (ev.type === 'rejected') refused(ev.item.error, ev.item.fields);
      }),
    [box, rid],
  );

  const today = schoolToday();
  const update = React.useCallback(
    (studentId: string, patch: Partial<DraftMark>) => {
      const current = box.getState().drafts[rid] ?? null;
      const onServer = base.marks.get(studentId) ?? EMPTY_MARK;
      const before = current?.marks[studentId] ?? onServer;
      const next = { ...before, ...patch };
      // Late on today's register: the arrival time starts at now (the teacher corrects it if need be).
      if (patch.status === 'late' && !next.arrivalTime && registerRef.date === today) next.arrivalTime = hhmm(new Date());
      const marks = { ...(current?.marks ?? {}) };
      if (sameMark(next, onServer)) delete marks[studentId];
      else marks[studentId] = next;
      box.setDraft(rid, { marks, reason: current?.reason ?? '', updatedAt: new Date().toISOString() });
      setFormError(null);
    },
    [box, rid, base, registerRef.date, today],
  );

  const setReason = (reason: string) => {
    const current = box.getState().drafts[rid] ?? null;
    box.setDraft(rid, { marks: current?.marks ?? {}, reason, updatedAt: new Date().toISOString() });
    setReasonError(null);
  };

  if (q.isPending) {
    return <SkeletonStack className="flex flex-col gap-3" testId="register-loading" cells={['h-28 w-full rounded-xl', 'h-96 w-full rounded-xl']} />;
  }
  if (q.isError) {
    return <QueryErrorCard query={q} title={m.common.loadFailed} retryLabel={m.common.tryAgain} testId="register-error" />;
  }
  const reg = q.data;
  if (reg.notSchoolDay) {
    return (
      <div className="flex items-start gap-3 rounded-xl border bg-card p-4 shadow-sm sm:p-5" role="status" data-testid="register-not-school-day">
        <IconBadge icon={CalendarOff} className="size-9 rounded-lg bg-muted text-muted-foreground" />
        <div className="min-w-0">
          <p className="font-semibold">{m.page.pickedClosedTitle}</p>
          <p className="mt-0.5 text-sm text-muted-foreground">{reg.notSchoolDay}</p>
        </div>
      </div>
    );
  }

  const editable = !readOnly && reg.canEdit;
  const display = (studentId: string) => draft?.marks[studentId] ?? base.marks.get(studentId) ?? EMPTY_MARK;
  const changed = reg.entries.filter((en) => {
    const d = draft?.marks[en.studentId];
    return !!d && !sameMark(d, base.marks.get(en.studentId) ?? EMPTY_MARK);
  });
  const counts = { present: 0, absent: 0, late: 0, excused: 0, unmarked: 0 };
  for (const en of reg.entries) counts[display(en.studentId).status ?? 'unmarked']++;
  const reason = draft?.reason ?? '';

  // Problems that stop a save, per learner (shown once the teacher tried to save).
  const rowErrors = new Map<string, RowErrors>();
  for (const en of reg.entries) {
    const mk = display(en.studentId);
    const isChanged = !!draft?.marks[en.studentId];
    if (mk.status === null) rowErrors.set(en.studentId, { status: e.unmarkedRow });
    else if (isChanged && mk.status === 'excused' && !mk.note.trim()) rowErrors.set(en.studentId, { note: e.excusedReasonRequired });
    else if (isChanged && mk.status === 'late' && mk.arrivalTime && !TIME.test(mk.arrivalTime)) rowErrors.set(en.studentId, { arrival: e.arrivalInvalid });
  }

  const markAllPresent = () => {
    const current = box.getState().drafts[rid] ?? null;
    const marks: Record<string, DraftMark> = {};
    for (const en of reg.entries) {
      const before = current?.marks[en.studentId] ?? base.marks.get(en.studentId) ?? EMPTY_MARK;
      const next: DraftMark = { status: 'present', note: before.status === 'present' ? before.note : '', arrivalTime: '' };
      if (!sameMark(next, base.marks.get(en.studentId) ?? EMPTY_MARK)) marks[en.studentId] = next;
    }
    box.setDraft(rid, { marks, reason: current?.reason ?? '', updatedAt: new Date().toISOString() });
    setFormError(null);
  };

  const focusRow = (studentId: string) => {
    const row = listRef.current?.querySelector<HTMLElement>(`[data-student-id="${studentId}"]`);
    row?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    (row?.querySelector<HTMLInputElement>('input[aria-invalid="true"]') ?? row?.querySelector<HTMLInputElement>('input[type="radio"]'))?.focus({ preventScroll: true });
  };

  const save = async () => {
    setShowErrors(true);
    setFormError(null);
    setReasonError(null);
    const unmarked = reg.entries.filter((en) => display(en.studentId).status === null);
    if (unmarked.length > 0) {
      setFormError(e.unmarkedLeft(unmarked.length));
      focusRow(unmarked[0]!.studentId);
      return;
    }
    const bad = reg.entries.find((en) => rowErrors.has(en.studentId));
    if (bad) {
      setFormError(e.fixErrors);
      focusRow(bad.studentId);
      return;
    }
    if (reg.needsReason && !reason.trim()) {
      setReasonError(e.reasonRequired);
      reasonRef.current?.focus();
      return;
    }
    if (changed.length === 0) return;
    const body: PutRegisterBody = {
      classId: reg.classId,
      date: reg.date,
      session: reg.session,
      ...(registerRef.subjectId ? { subjectId: registerRef.subjectId } : {}),
      entries: changed.map((en) => {
        const mk = display(en.studentId);
        return { studentId: en.studentId, status: mk.status!, note: mk.note.trim() || null, arrivalTime: mk.status === 'late' && mk.arrivalTime ? mk.arrivalTime : null };
      }),
      ...(reg.needsReason ? { reason: reason.trim() } : {}),
    };
    box.enqueue(body, { className: reg.className, date: reg.date, session: reg.session });
    box.setDraft(rid, null);
    setShowErrors(false);
    setLastSaved(null);
    if (!online) {
      toast.info(e.queuedToast);
      return;
    }
    setSending(true);
    try {
      await box.flush();
    } finally {
      setSending(false);
    }
  };

  const waiting = pending.length > 0;
  // Per-learner badges only where they tell something: a first register is unsaved (or waiting) as a whole.
  const rowState = (studentId: string) =>
    draft?.marks[studentId] && (reg.marked || waiting) ? 'unsaved' : reg.marked && base.waiting.has(studentId) ? 'waiting' : 'saved';
  const notice = noticeOf(reg, { readOnly, role, lockAfterDays: settings.data?.lockAfterDays ?? null });
  const dirty = changed.length > 0;
  const reasonId = `reason-${rid}`;

  return (
    <section className="min-w-0 overflow-clip rounded-xl border bg-card shadow-sm" aria-label={e.caption(reg.className, dayLabel(reg.date))} data-testid="register" data-marked={reg.marked} data-locked={reg.locked}>
      <header className="flex flex-col gap-3 border-b px-4 py-4 sm:px-5">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h2 className="truncate text-lg font-semibold tracking-tight" data-testid="register-title">
              {e.title(reg.className)}
            </h2>
            <p className="mt-0.5 text-sm text-muted-foreground" data-testid="register-subtitle">
              <span className="font-medium text-foreground/80">{dayLabel(reg.date)}</span>
              {reg.session !== 'day' && (
                <>
                  <span aria-hidden> · </span>
                  {sessionLabel(reg.session)}
                </>
              )}
              <span aria-hidden> · </span>
              {e.learnersLine(reg.entries.length)}
            </p>
            <p className="mt-1 text-xs text-muted-foreground" data-testid="register-marked-by">
              {reg.marked && reg.markedAt ? (reg.markedBy ? e.markedBy(reg.markedBy, formatAt(reg.updatedAt ?? reg.markedAt)) : e.markedAt(formatAt(reg.updatedAt ?? reg.markedAt))) : e.notMarkedYet}
            </p>
          </div>
          {(readOnly || !reg.canEdit) && (
            <span className="inline-flex items-center gap-1.5 rounded-full bg-muted px-2.5 py-1 text-xs font-medium text-muted-foreground" data-testid="register-read-only">
              <Lock className="size-3" aria-hidden />
              {e.readOnly}
            </span>
          )}
        </div>
        {notice && (
          <div className={cn('flex gap-3 rounded-lg border p-3 text-sm', notice.tone === 'info' ? 'border-sky-500/25 bg-sky-500/6' : 'bg-muted/50')} data-testid="register-notice">
            {notice.tone === 'info' ? <Info className="mt-0.5 size-4 shrink-0 text-sky-600 dark:text-sky-400" aria-hidden /> : <Lock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />}
            <p className="min-w-0">{notice.text}</p>
          </div>
        )}
        <Counts counts={counts} />
        {editable && reg.entries.length > 0 && (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
            <Button size="lg" onClick={markAllPresent} className="h-12 bg-emerald-600 text-white hover:bg-emerald-600/90 sm:h-11" data-testid="mark-all-present">
              <CheckCheck aria-hidden />
              {e.markAllPresent}
            </Button>
            <p className="text-xs text-muted-foreground">
              {e.markAllPresentHint}
              <span className="hidden md:inline">
                {' '}
                <Keyboard className="mb-0.5 inline size-3.5" aria-hidden /> {e.keyboardHint}
              </span>
            </p>
          </div>
        )}
      </header>

      {reg.entries.length === 0 ? (
        <div className="p-4">
          <EmptyListState icon={Users} title={e.noLearners} hint={e.noLearnersHint} testId="register-empty" />
        </div>
      ) : (
        <ul ref={listRef} className="divide-y" aria-label={e.caption(reg.className, dayLabel(reg.date))} data-testid="register-list">
          {reg.entries.map((en, i) => (
            <LearnerRow
              key={en.studentId}
              entry={en}
              index={i}
              mark={display(en.studentId)}
              editable={editable}
              state={rowState(en.studentId)}
              errors={showErrors ? (rowErrors.get(en.studentId) ?? null) : null}
              onChange={update}
            />
          ))}
        </ul>
      )}

      {editable && reg.entries.length > 0 && (
        <footer
          className={cn('flex flex-col gap-2.5 border-t bg-card/95 px-4 py-3 sm:px-5 md:flex-row md:items-start md:gap-4', (dirty || waiting) && 'sticky bottom-0 z-10 shadow-[0_-6px_16px_-12px_rgb(0_0_0/0.35)] backdrop-blur')}
          data-testid="register-save-bar"
        >
          {reg.needsReason && dirty && (
            <div className="flex min-w-0 flex-col gap-1 md:flex-1">
              <label htmlFor={reasonId} className="text-xs font-medium sm:text-sm">
                {e.reason}
              </label>
              <Input
                ref={reasonRef}
                id={reasonId}
                value={reason}
                onChange={(ev) => setReason(ev.target.value)}
                maxLength={300}
                required
                placeholder={e.reasonPlaceholder}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={`${reasonId}-hint`}
                className={cn('h-11', reasonError && 'border-red-500')}
                data-testid="register-reason"
              />
              <p
                id={`${reasonId}-hint`}
                className={cn('text-xs', reasonError ? 'font-medium text-red-700 dark:text-red-300' : 'text-muted-foreground max-sm:sr-only')}
                data-testid={reasonError ? 'register-reason-error' : undefined}
              >
                {reasonError ?? e.reasonHint}
              </p>
            </div>
          )}
          <div className={cn('flex items-center justify-between gap-3', reg.needsReason && dirty ? 'md:mt-5 md:max-w-[45%] md:shrink-0' : 'md:flex-1')}>
            <SaveStatus dirty={changed.length} waiting={waiting} online={online} lastSaved={lastSaved} marked={reg.marked} error={formError} />
            <PendingButton pending={sending} icon={online ? Save : CloudOff} size="lg" onClick={() => void save()} disabled={!dirty || sending} className="h-11 shrink-0 px-5" data-testid="register-save">
              {sending ? e.saving : online ? e.save : e.queue}
            </PendingButton>
          </div>
        </footer>
      )}
    </section>
  );
}

const formatAt = (iso: string) => formatDateTime(iso);

/** Why the register cannot be changed, or that the principal is changing a locked one. */
function noticeOf(reg: Register, c: { readOnly: boolean; role: string | null; lockAfterDays: number | null }): { text: string; tone: 'lock' | 'info' } | null {
  if (c.readOnly) return null;
  if (!reg.canEdit) {
    if (reg.locked) return { text: e.locked(c.lockAfterDays), tone: 'lock' };
    return { text: c.role === 'teacher' ? e.notYours : e.cannotEdit, tone: 'lock' };
  }
  if (reg.locked) return { text: e.lockedPrincipal, tone: 'info' };
  return null;
}

function Counts({ counts }: { counts: Record<AttendanceStatus | 'unmarked', number> }) {
  const items = ['present', 'absent', 'late', 'excused', 'unmarked'] as const;
  return (
    <div
      className="grid grid-cols-5 gap-1.5 sm:flex sm:flex-wrap sm:gap-2"
      role="status"
      aria-label={e.counts}
      aria-live="polite"
      data-testid="register-counts"
      title={e.countsLabel(counts.present, counts.absent, counts.late, counts.excused, counts.unmarked)}
    >
      {items.map((k) => (
        <span
          key={k}
          className={cn(
            'flex min-w-0 flex-col items-center gap-0.5 rounded-lg px-1.5 py-1.5 text-center ring-1 ring-inset sm:flex-row sm:gap-1.5 sm:rounded-full sm:px-3 sm:py-1',
            STATUS_TONE[k].chip,
            k === 'unmarked' && counts.unmarked === 0 && 'opacity-60',
          )}
          data-testid={`count-${k}`}
          data-count={counts[k]}
        >
          <span className="text-base leading-none font-semibold tabular-nums sm:text-sm">{counts[k]}</span>
          {/* max-w-full: the label truncates inside its chip (longer words in Kiswahili, e.g. "Hajaandikwa"). */}
          <span className="max-w-full truncate text-[10px] leading-tight min-[400px]:text-[11px] sm:text-xs" title={m.status[k]}>
            {m.status[k]}
          </span>
        </span>
      ))}
    </div>
  );
}

function SaveStatus({
  dirty,
  waiting,
  online,
  lastSaved,
  marked,
  error,
}: {
  dirty: number;
  waiting: boolean;
  online: boolean;
  lastSaved: { at: string; alerted: number } | null;
  marked: boolean;
  error: string | null;
}) {
  if (error) {
    return (
      <p className="flex min-w-0 items-start gap-1.5 text-sm font-medium text-red-700 dark:text-red-300" role="alert" data-testid="register-form-error">
        <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
        {error}
      </p>
    );
  }
  let content: React.ReactNode;
  let tone = 'text-muted-foreground';
  if (dirty > 0) {
    content = e.changes(dirty);
    tone = 'font-medium text-amber-700 dark:text-amber-300';
  } else if (waiting) {
    content = (
      <>
        {online ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <CloudOff className="size-4" aria-hidden />}
        {e.waiting}
      </>
    );
    tone = 'font-medium text-sky-700 dark:text-sky-300';
  } else if (lastSaved) {
    content = (
      <>
        <CheckCircle2 className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden />
        <span data-testid="save-result">
          {e.savedAt(hhmm(new Date(lastSaved.at)))}
          {lastSaved.alerted > 0 && (
            <>
              <span aria-hidden> · </span>
              <span data-testid="save-alerted">{e.alerted(lastSaved.alerted)}</span>
            </>
          )}
        </span>
      </>
    );
    tone = 'font-medium text-emerald-700 dark:text-emerald-300';
  } else content = marked ? e.allSaved : e.noChanges;
  return (
    <p className={cn('flex min-w-0 items-center gap-1.5 text-sm', tone)} aria-live="polite" data-testid="register-save-status">
      {content}
    </p>
  );
}
