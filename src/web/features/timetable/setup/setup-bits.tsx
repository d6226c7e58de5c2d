import * as React from 'react';
import type { TimetableSetup } from '@shared/contracts/timetable-setup';
import type { BellPeriod, SlotInput } from '@shared/contracts/timetable';
import { WEEKDAY_NAMES } from '@shared/contracts/timetable';
import { timetableSetupScreens as sm } from '@shared/messages/timetable-setup-screens';
import { cn } from '@/lib/utils';
import { Loader2, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { InputField, FormErrorAlert, useFormError } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';

/** The form kit's field and write-error hook, re-exported for this feature's forms. */
export { InputField, useFormError };

/** Shared pieces of the timetable setup screens: the week's shape, form errors, labelled fields. */

export const SHORT_DAYS = WEEKDAY_NAMES.map((d) => d.slice(0, 3));

/** One lesson period of the week grid: its 0-based lesson index, short label and times (when known). */
export interface GridPeriod {
  index: number;
  label: string;
  time: string | null;
}

/** The week a slot grid shows: weekday indexes (0 = Monday) and lesson periods. */
export interface WeekShape {
  days: number[];
  periods: GridPeriod[];
}

/** Lesson lines of a bell schedule as grid periods ("P1", 08:00-08:40). */
export function lessonPeriods(lines: BellPeriod[]): GridPeriod[] {
  return lines.filter((l) => l.kind === 'lesson').map((l, i) => ({ index: i, label: sm.lessonPeriod(i), time: `${l.start}–${l.end}` }));
}

/**
 * The week that rooms and teachers are marked against: every day any schedule teaches, and as many
 * lesson periods as the longest schedule (times from the default schedule, else the level's). Without
 * schedules: Monday to Friday, 8 periods, so the grids still work before the week is set.
 */
export function schoolWeek(setup: TimetableSetup): WeekShape {
  const schedules = setup.bellSchedules;
  if (schedules.length === 0) return { days: [0, 1, 2, 3, 4], periods: Array.from({ length: 8 }, (_, i) => ({ index: i, label: sm.lessonPeriod(i), time: null })) };
  const days = [...new Set(schedules.flatMap((s) => s.days))].sort((a, b) => a - b);
  const primary = schedules.find((s) => s.levelId === null) ?? schedules[0]!;
  const longest = Math.max(...schedules.map((s) => s.periods.filter((p) => p.kind === 'lesson').length));
  const named = lessonPeriods(primary.periods);
  const periods = Array.from({ length: longest }, (_, i) => named[i] ?? { index: i, label: sm.lessonPeriod(i), time: null });
  return { days, periods };
}

/** The schedule a level follows: its own, else the default (null when neither is set). */
export function scheduleOf(setup: TimetableSetup, levelId: string | null) {
  return setup.bellSchedules.find((s) => s.levelId === levelId) ?? setup.bellSchedules.find((s) => s.levelId === null) ?? null;
}

export const slotKey = (s: SlotInput) => `${s.day}:${s.period}`;

export function FormError({ error, title, testId }: { error: { message: string } | null; title: string; testId: string }) {
  return error ? <FormErrorAlert title={title} detail={error.message} testId={testId} /> : null;
}

/** A white card with a title row, used by every setup sub-tab. */
export function Panel({ title, hint, actions, children, className, testId }: { title?: string; hint?: string; actions?: React.ReactNode; children: React.ReactNode; className?: string; testId?: string }) {
  return (
    <section className={cn('min-w-0 rounded-xl border bg-card p-4 shadow-sm sm:p-5', className)} data-testid={testId}>
      {(title || actions) && (
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            {title && <h2 className="font-semibold">{title}</h2>}
            {hint && <p className="mt-0.5 text-sm text-muted-foreground">{hint}</p>}
          </div>
          {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}

/** A native select styled like the kit's inputs (small tables and inline rows, where Radix popovers are heavy). */
export function NativeSelect({ className, ...props }: React.SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select
      className={cn(
        'h-10 w-full min-w-0 cursor-pointer rounded-md border border-input bg-card px-2.5 text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}

/**
 * The side sheet that adds or edits a setup row (room, rule): open while `editing` holds a row or
 * 'new', closed by Escape, the overlay or `onClose`; `children` is the form (keyed by the row).
 */
export function EditSheet({ open, onClose, testId, children }: { open: boolean; onClose: () => void; testId: string; children: React.ReactNode }) {
  return (
    <Sheet open={open} onOpenChange={(o) => !o && onClose()}>
      <SheetContent side="right" className="w-full max-w-lg overflow-y-auto bg-background sm:w-[32rem]" data-testid={testId}>
        {children}
      </SheetContent>
    </Sheet>
  );
}

/**
 * The form of an `EditSheet`: its title and hint, the fields (`children`), the failed save's message
 * (`error`, titled with the sheet's title) and Cancel / Save at the foot (Save shows a spinner while
 * `pending`, and is off while `pending` or `saveDisabled`).
 */
export function SheetForm({
  onSubmit,
  title,
  description,
  error,
  errorTestId,
  pending,
  saveDisabled,
  saveTestId,
  onCancel,
  children,
}: {
  onSubmit: (e: React.FormEvent) => void;
  title: string;
  description: string;
  error: { message: string } | null;
  errorTestId: string;
  pending: boolean;
  saveDisabled?: boolean;
  saveTestId: string;
  onCancel: () => void;
  children: React.ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} className="flex min-h-full flex-col gap-4 p-4 sm:p-6" noValidate>
      <div className="pr-8">
        <SheetTitle>{title}</SheetTitle>
        <SheetDescription className="mt-1">{description}</SheetDescription>
      </div>
      {children}
      <FormError error={error} title={title} testId={errorTestId} />
      <div className="mt-auto flex justify-end gap-2 border-t pt-4">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          {sm.cancel}
        </Button>
        <Button type="submit" disabled={pending || saveDisabled} data-testid={saveTestId}>
          {pending && <Loader2 className="animate-spin" aria-hidden />}
          {sm.save}
        </Button>
      </div>
    </form>
  );
}

/** One choice of a `SelectField`: its value and what it shows. */
export type SelectChoice = readonly [value: string | number, text: string];

/** The choices of a list of named rows (levels, teachers, subjects): value the id, text the name. */
export const levelChoices = (rows: readonly { id: string; name: string }[]): SelectChoice[] => rows.map((x) => [x.id, x.name] as const);

/** A setup form's label over its control (`children`), in a box of `className`; `small`: the small label of the filter rows. */
export function SetupField({ id, label, className, small, children }: { id: string; label: string; className: string; small?: boolean; children: React.ReactNode }) {
  return (
    <div className={className}>
      <Label htmlFor={id} className={small ? 'text-xs' : undefined}>
        {label}
      </Label>
      {children}
    </div>
  );
}

/**
 * A labelled `NativeSelect` of the setup tabs, in a box of `className` (its grid and gap): the label
 * (small in the filter rows), the select with `choices` (a "none" choice is one with value ''), and
 * `children` under it (a hint). The select's test id is its `id`; `onChange` gets the chosen value.
 */
export function SelectField({
  id,
  label,
  value,
  onChange,
  choices,
  className,
  small,
  children,
  ...rest
}: {
  id: string;
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  choices: readonly SelectChoice[];
  className: string;
  small?: boolean;
  children?: React.ReactNode;
} & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange' | 'className' | 'children'>) {
  return (
    <SetupField id={id} label={label} className={className} small={small}>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)} {...rest} data-testid={id}>
        {choices.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </NativeSelect>
      {children}
    </SetupField>
  );
}

/**
 * "Delete …?" for a setup row (room, rule, fixed slot): confirms, deletes through `del`, toasts the
 * outcome and closes either way.
 */
export function DeleteConfirm({
  target,
  title,
  text,
  del,
  onClose,
  testId,
  confirmTestId,
}: {
  target: { id: string } | null;
  title: string;
  text: string;
  del: { isPending: boolean; mutate: (id: string, callbacks: { onSuccess: () => void; onError: (e: Error) => void }) => void };
  onClose: () => void;
  testId: string;
  confirmTestId: string;
}) {
  return (
    <ConfirmDialog
      open={!!target}
      tone="danger"
      icon={Trash2}
      title={target ? title : ''}
      text={text}
      cancelLabel={sm.cancel}
      confirmLabel={sm.delete}
      pending={del.isPending}
      onCancel={onClose}
      onConfirm={() =>
        target &&
        del.mutate(target.id, {
          onSuccess: () => {
            onClose();
            toast.success(sm.deleted);
          },
          onError: (e) => {
            onClose();
            toast.error(e.message);
          },
        })
      }
      testId={testId}
      confirmTestId={confirmTestId}
    />
  );
}
