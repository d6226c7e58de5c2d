import * as React from 'react';
import { CloudUpload, MessageSquarePlus, PencilLine } from 'lucide-react';
import { ATTENDANCE_STATUSES, type AttendanceStatus, type RegisterEntry } from '@shared/contracts/attendance';
import { attendanceRegisterScreens as m } from '@shared/messages/attendance-register-screens';
import { Input } from '@/components/ui/input';
import { TimeField } from '@/components/time-field';
import { cn } from '@/lib/utils';
import type { DraftMark } from './outbox';
import { STATUS_TONE } from './status-tone';

const e = m.editor;

export interface RowErrors {
  status?: string;
  note?: string;
  arrival?: string;
}

/**
 * A labelled box under a learner's choices (the note; the arrival time is a TimeField): the short label beside the input, the
 * input `aria-invalid` and red-bordered when `invalid`. `className` places the pair; `inputClassName`
 * sizes the input; the other props go to the input (its `id` ties the label to it).
 */
function RowInput({ className, label, invalid, inputClassName, ...input }: { className: string; label: string; invalid: boolean; inputClassName: string } & React.ComponentProps<typeof Input>) {
  return (
    <div className={className}>
      <label htmlFor={input.id} className="shrink-0 text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <Input {...input} aria-invalid={invalid ? true : undefined} className={cn(inputClassName, invalid && 'border-red-500')} />
    </div>
  );
}

/** One-key marks inside a learner's choices. */
const SHORTCUTS: Record<string, AttendanceStatus> = { p: 'present', a: 'absent', l: 'late', e: 'excused' };

/**
 * One learner of the register (issue 13 §1): number, name and admission number, the four-way segmented
 * control (native radios: arrows move, P/A/L/E pick), and under it the arrival time of a late learner,
 * the reason of an excused one (required) or an optional note. Whether the mark is unsaved or waiting to
 * sync shows beside the name. Re-renders only when its own mark changes.
 */
export const LearnerRow = React.memo(function LearnerRow({
  entry,
  index,
  mark,
  editable,
  state,
  errors,
  onChange,
}: {
  entry: RegisterEntry;
  index: number;
  mark: DraftMark;
  editable: boolean;
  state: 'saved' | 'unsaved' | 'waiting';
  errors: RowErrors | null;
  onChange: (studentId: string, patch: Partial<DraftMark>) => void;
}) {
  const [noteOpen, setNoteOpen] = React.useState(false);
  // A tap or a shortcut on Late / Excused moves on to the time / reason (arrow keys stay in the choices).
  const pointerAt = React.useRef(0);
  const focusNext = React.useRef<string | null>(null);
  const status = mark.status;
  const showNote = status === 'excused' || noteOpen || mark.note !== '';
  const noteId = `note-${entry.studentId}`;
  const arrivalId = `arrival-${entry.studentId}`;
  const errorId = `row-error-${entry.studentId}`;
  const rowError = errors?.status ?? errors?.note ?? errors?.arrival ?? null;

  const pick = (s: AttendanceStatus, moveOn: boolean) => {
    focusNext.current = moveOn ? (s === 'excused' ? noteId : s === 'late' ? arrivalId : null) : null;
    onChange(entry.studentId, { status: s });
  };
  React.useEffect(() => {
    const id = focusNext.current;
    focusNext.current = null;
    if (id) document.getElementById(id)?.focus();
  }, [status]);

  const onKeyDown = (ev: React.KeyboardEvent<HTMLFieldSetElement>) => {
    if (!editable || ev.altKey || ev.ctrlKey || ev.metaKey || !(ev.target instanceof HTMLInputElement) || ev.target.type !== 'radio') return;
    const s = SHORTCUTS[ev.key.toLowerCase()];
    if (!s) return;
    ev.preventDefault();
    pick(s, true);
    ev.currentTarget.querySelector<HTMLInputElement>(`input[value="${s}"]`)?.focus();
  };

  return (
    <li
      className={cn(
        'relative px-3 py-3 before:absolute before:inset-y-2 before:left-0 before:w-1 before:rounded-r-full sm:px-5',
        STATUS_TONE[status ?? 'unmarked'].stripe,
        rowError && 'bg-red-500/[0.04]',
      )}
      data-testid="register-row"
      data-student-id={entry.studentId}
      data-admission={entry.admissionNumber}
      data-status={status ?? ''}
      data-state={state}
    >
      <div className="flex flex-col gap-2.5 md:flex-row md:items-center md:gap-4">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <span className="w-6 shrink-0 text-right text-xs text-muted-foreground tabular-nums" aria-hidden>
            {index + 1}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium" data-testid="register-learner">
              {entry.name}
            </p>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-muted-foreground">
              <span className="font-mono tabular-nums" data-testid="register-admission">
                {entry.admissionNumber}
              </span>
              {state === 'unsaved' && (
                <span className="inline-flex items-center gap-1 font-medium text-amber-700 dark:text-amber-300" data-testid="row-unsaved">
                  <PencilLine className="size-3" aria-hidden />
                  {e.unsaved}
                </span>
              )}
              {state === 'waiting' && (
                <span className="inline-flex items-center gap-1 font-medium text-sky-700 dark:text-sky-300" data-testid="row-waiting">
                  <CloudUpload className="size-3" aria-hidden />
                  {e.waiting}
                </span>
              )}
            </p>
          </div>
          {editable && status !== 'excused' && !showNote && (
            <button
              type="button"
              onClick={() => setNoteOpen(true)}
              className="flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none md:order-last"
              aria-label={e.noteLabel(entry.name)}
              title={e.addNote}
              data-testid="add-note"
            >
              <MessageSquarePlus className="size-4" aria-hidden />
            </button>
          )}
        </div>
        <fieldset
          className="grid w-full shrink-0 grid-cols-4 gap-1 rounded-lg bg-muted/60 p-1 md:w-[25rem]"
          disabled={!editable}
          onKeyDown={onKeyDown}
          onPointerDown={() => (pointerAt.current = Date.now())}
          aria-describedby={rowError ? errorId : undefined}
          aria-invalid={errors?.status ? true : undefined}
          data-testid="register-marks"
        >
          <legend className="sr-only">{e.marksLabel(entry.name)}</legend>
          {ATTENDANCE_STATUSES.map((s) => (
            <label key={s} className={cn('relative block min-w-0', editable ? 'cursor-pointer' : 'cursor-default')} data-testid={`mark-${s}`}>
              <input type="radio" className="peer sr-only" name={`mark-${entry.studentId}`} value={s} checked={status === s} onChange={() => pick(s, Date.now() - pointerAt.current < 1000)}
              />
              <span
                className={cn(
                  'flex h-11 items-center justify-center truncate rounded-md border border-transparent px-1 text-[13px] font-medium text-muted-foreground transition-colors select-none sm:text-sm md:h-10',
                  editable && 'peer-[:not(:checked)]:hover:bg-card peer-[:not(:checked)]:hover:text-foreground',
                  'peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-1 peer-focus-visible:ring-offset-background',
                  'peer-checked:shadow-sm',
                  STATUS_TONE[s].selected,
                  errors?.status && 'text-red-700 dark:text-red-300',
                )}
              >
                {m.status[s]}
              </span>
            </label>
          ))}
        </fieldset>
      </div>
      {(status === 'late' || showNote) && (
        <div className="mt-2.5 flex flex-col gap-2 sm:flex-row sm:items-start md:pl-9">
          {status === 'late' && (
            <div className="flex items-center gap-2 sm:w-52 sm:shrink-0">
              <label htmlFor={arrivalId} className="shrink-0 text-xs font-medium text-muted-foreground">
                {e.arrival}
              </label>
              <TimeField
                wrapperClassName="flex-1"
                className={cn('h-10', errors?.arrival && 'border-red-500')}
                id={arrivalId}
                value={mark.arrivalTime}
                onValueChange={(arrivalTime) => onChange(entry.studentId, { arrivalTime })}
                disabled={!editable}
                aria-label={e.arrivalLabel(entry.name)}
                aria-invalid={errors?.arrival ? true : undefined}
                // A mistyped time stays in the mark as typed, so the save refuses it (the row's error line,
                // with the box's own line stepping aside) instead of saving the learner late with no time.
                keepInvalidText
                showFormatError={!errors?.arrival}
                data-testid="arrival-input"
              />
            </div>
          )}
          {showNote && (
            <RowInput
              className="flex min-w-0 flex-1 items-center gap-2"
              label={status === 'excused' ? e.excusedReason : e.note}
              invalid={!!errors?.note}
              inputClassName="h-10"
              id={noteId}
              value={mark.note}
              onChange={(ev) => onChange(entry.studentId, { note: ev.target.value })}
              disabled={!editable}
              maxLength={300}
              required={status === 'excused'}
              placeholder={status === 'excused' ? e.excusedReasonPlaceholder : e.notePlaceholder}
              aria-label={status === 'excused' ? e.excusedReasonLabel(entry.name) : e.noteLabel(entry.name)}
              data-testid="note-input"
            />
          )}
        </div>
      )}
      {rowError && (
        <p id={errorId} className="mt-1.5 text-xs font-medium text-red-700 md:pl-9 dark:text-red-300" data-testid="row-error">
          {rowError}
        </p>
      )}
    </li>
  );
});
