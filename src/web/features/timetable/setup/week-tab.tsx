import { weekdayLabel } from '@shared/dates';
import * as React from 'react';
import { ArrowDown, ArrowUp, CalendarClock, Loader2, Plus, Trash2, Wand2, X } from 'lucide-react';
import { toast } from 'sonner';
import type { TimetableSetup } from '@shared/contracts/timetable-setup';
import { BELL_PERIOD_KINDS, WEEKDAY_NAMES, type BellPeriod } from '@shared/contracts/timetable';
import { BELL_KIND_LABELS, timetableSetupScreens as sm } from '@shared/messages/timetable-setup-screens';
import { cn } from '@/lib/utils';
import { EmptyListState } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { readTimeText, TimeField } from '@/components/time-field';
import { timeFieldMessages } from '@shared/messages/dates';
import { Label } from '@/components/ui/label';
import { PendingButton } from '@/components/pending-button';
import { FormError, NativeSelect, Panel, SelectField, SetupField, levelChoices, SHORT_DAYS, lessonPeriods, scheduleOf, useFormError , DeleteConfirm } from './setup-bits';
import { useAddFixedSlot, useDeleteFixedSlot, useSaveBellSchedule } from './setup-api';

const w = sm.week;
type Line = BellPeriod & { key: string };
let seq = 0;
const keyed = (l: BellPeriod): Line => ({ ...l, key: `l${++seq}` });

const toMin = (t: string) => {
  const [h, m] = t.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};
/** The id of a line's start or end box (the refused save focuses the first wrong one). */
const timeBoxId = (key: string, end: boolean) => `tt-line-${key}-${end ? 'end' : 'start'}`;
const toTime = (min: number) => `${String(Math.floor(min / 60) % 24).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;

/**
 * A standard Kenyan school day from `start`: two lessons, a 10-minute break, two lessons, a 30-minute
 * break, two lessons, lunch (60 min), two lessons and games (40 min): 8 lessons of `minutes` each
 * (40 for junior school, 35 for primary, issue 16 §1).
 */
export function standardDay(minutes: number, start = '08:00'): BellPeriod[] {
  const out: BellPeriod[] = [];
  let t = toMin(start);
  let lesson = 0;
  const push = (kind: BellPeriod['kind'], label: string, len: number) => {
    out.push({ kind, label, start: toTime(t), end: toTime(t + len) });
    t += len;
  };
  const lessons = (n: number) => {
    for (let i = 0; i < n; i++) push('lesson', `${w.lineDefaults.lesson} ${++lesson}`, minutes);
  };
  lessons(2);
  push('break', w.shortBreak, 10);
  lessons(2);
  push('break', w.longBreak, 30);
  lessons(2);
  push('lunch', w.lunch, 60);
  lessons(2);
  push('games', w.games, 40);
  return out;
}

/** The first start or end box of the lines holding text that is not a time (the boxes keep it as typed), or null. */
export function badTimeBox(lines: Pick<BellPeriod, 'start' | 'end'>[]): { index: number; end: boolean } | null {
  for (const [index, l] of lines.entries()) {
    if (readTimeText(l.start).invalid) return { index, end: false };
    if (readTimeText(l.end).invalid) return { index, end: true };
  }
  return null;
}

/**
 * Problems of a drafted day: a day ticked, every time a time ("Enter the time as HH:MM…", rather than
 * save a mistyped time as none), end after start, lines in time order without overlap, labels set.
 */
export function validate(days: number[], lines: BellPeriod[]): string | null {
  if (days.length === 0) return w.noDays;
  if (badTimeBox(lines)) return timeFieldMessages.invalid;
  for (const [i, l] of lines.entries()) {
    if (!l.label.trim() || !l.start || !l.end || toMin(l.end) <= toMin(l.start)) return w.badTimes(l.label || `${i + 1}`);
    const prev = lines[i - 1];
    if (prev && toMin(l.start) < toMin(prev.end)) return w.overlap(prev.label, l.label);
  }
  return null;
}

/** "School week": the bell schedule per level (or the default) and the fixed slots. */
export function WeekTab({ setup }: { setup: TimetableSetup }) {
  const [levelId, setLevelId] = React.useState<string>('default');
  const level = levelId === 'default' ? null : levelId;
  const schedule = scheduleOf(setup, level);
  const own = setup.bellSchedules.some((s) => s.levelId === level);
  return (
    <div className="grid min-w-0 gap-4 2xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] 2xl:items-start">
      <Panel testId="tt-week">
        <SelectField id="tt-week-level" className="mb-4 grid gap-1.5 sm:max-w-sm" label={w.scheduleFor} value={levelId} onChange={setLevelId} choices={[['default', w.defaultSchedule], ...levelChoices(setup.levels)]}>
          {level && <p className="text-xs text-muted-foreground">{own ? w.levelHasOwn : w.levelUsesDefault}</p>}
        </SelectField>
        <ScheduleEditor key={`${levelId}:${schedule?.id ?? 'none'}:${own}`} levelId={level} days={schedule?.days ?? [0, 1, 2, 3, 4]} lines={schedule?.periods ?? standardDay(40)} />
      </Panel>
      <FixedSlots setup={setup} />
    </div>
  );
}

function ScheduleEditor({ levelId, days: initialDays, lines: initialLines }: { levelId: string | null; days: number[]; lines: BellPeriod[] }) {
  const [days, setDays] = React.useState<number[]>(initialDays);
  const [lines, setLines] = React.useState<Line[]>(() => initialLines.map(keyed));
  const [start, setStart] = React.useState(initialLines[0]?.start ?? '08:00');
  const save = useSaveBellSchedule();
  const err = useFormError();
  const patch = (i: number, p: Partial<BellPeriod>) => setLines((list) => list.map((l, k) => (k === i ? { ...l, ...p } : l)));
  const move = (i: number, d: -1 | 1) =>
    setLines((list) => {
      const next = [...list];
      const [l] = next.splice(i, 1);
      next.splice(i + d, 0, l!);
      return next;
    });
  const add = () =>
    setLines((list) => {
      const last = list[list.length - 1];
      const from = last ? toMin(last.end) : toMin(start);
      const n = list.filter((l) => l.kind === 'lesson').length + 1;
      return [...list, keyed({ kind: 'lesson', label: `${w.lineDefaults.lesson} ${n}`, start: toTime(from), end: toTime(from + 40) })];
    });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    err.clear();
    const periods = lines.map(({ kind, label, start: s, end }) => ({ kind, label: label.trim(), start: s, end }));
    const problem = validate(days, periods);
    if (problem) {
      const bad = badTimeBox(periods);
      if (bad) document.getElementById(timeBoxId(lines[bad.index]!.key, bad.end))?.focus();
      return err.set(problem);
    }
    save.mutate(
      { levelId, days: [...days].sort((a, b) => a - b), periods },
      {
        onSuccess: () => {
          toast.success(w.scheduleSaved);
        },
        onError: err.fail,
      },
    );
  };
  const lessonCount = lines.filter((l) => l.kind === 'lesson').length;
  // The save was refused for a time: the form's line says so (the boxes' own lines step aside) and marks each box still wrong.
  const timeRefused = err.error?.message === timeFieldMessages.invalid;
  const timeBox = (key: string, end: boolean, value: string) => ({
    id: timeBoxId(key, end),
    keepInvalidText: true,
    showFormatError: !timeRefused,
    'aria-invalid': (timeRefused && readTimeText(value).invalid) || undefined,
  });
  // The generator starts the day at the start box's time: not while it holds text that is not a time
  // (its own line says so once the box is left; a click moves the focus back to it), nor 08:00 instead.
  const generate = (minutes: number) => {
    if (readTimeText(start).invalid) return document.getElementById('tt-week-start')?.focus();
    setLines(standardDay(minutes, start || '08:00').map(keyed));
  };
  return (
    <form onSubmit={submit} className="grid min-w-0 gap-5" noValidate>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{w.days}</legend>
        <div className="flex flex-wrap gap-2">
          {WEEKDAY_NAMES.map((name, d) => (
            <Label
              key={d}
              htmlFor={`tt-day-${d}`}
              className={cn('flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 font-normal', days.includes(d) && 'border-primary/50 bg-primary/5')}
            >
              <Checkbox
                id={`tt-day-${d}`}
                checked={days.includes(d)}
                onCheckedChange={(c) => setDays((list) => (c ? [...list, d] : list.filter((x) => x !== d)))}
                data-testid="tt-week-day"
                data-day={d}
              />
              <span className="sm:hidden">{weekdayLabel(SHORT_DAYS[d] ?? '')}</span>
              <span className="hidden sm:inline">{weekdayLabel(name)}</span>
            </Label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-2 rounded-lg border border-dashed p-3">
        <p className="flex items-center gap-1.5 text-sm font-medium">
          <Wand2 className="size-4 text-primary" aria-hidden />
          {w.generator}
        </p>
        <p className="text-xs text-muted-foreground">{w.generatorHint}</p>
        <div className="flex flex-wrap items-end gap-2">
          <SetupField id="tt-week-start" label={w.startAt} className="grid gap-1" small>
            <TimeField id="tt-week-start" wrapperClassName="w-28" className="h-9" value={start} onValueChange={setStart} keepInvalidText data-testid="tt-week-start" />
          </SetupField>
          {(
            [
              [40, w.gen40],
              [35, w.gen35],
            ] as const
          ).map(([minutes, label]) => (
            <Button key={minutes} type="button" variant="outline" size="sm" className="h-9" onClick={() => generate(minutes)} data-testid={`tt-week-gen${minutes}`}>
              {label}
            </Button>
          ))}
        </div>
      </div>

      <div className="grid gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-sm font-medium">{w.lines}</p>
          <p className="text-xs text-muted-foreground" data-testid="tt-week-lesson-count">
            {w.lessonsCount(lessonCount)}
          </p>
        </div>
        <p className="text-xs text-muted-foreground">{w.linesHint}</p>
        <ol className="grid gap-2" data-testid="tt-week-lines">
          {lines.map((l, i) => (
            <li
              key={l.key}
              className={cn('grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2 rounded-lg border p-2', l.kind === 'lesson' ? 'bg-card' : 'bg-muted/50')}
              data-testid="tt-week-line"
            >
              <div className="grid min-w-0 grid-cols-2 gap-2 md:grid-cols-[8rem_minmax(0,1fr)_8rem_8rem]">
                <NativeSelect aria-label={w.kind} value={l.kind} onChange={(e) => patch(i, { kind: e.target.value as BellPeriod['kind'] })} className="h-9">
                  {BELL_PERIOD_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {BELL_KIND_LABELS[k]}
                    </option>
                  ))}
                </NativeSelect>
                <Input aria-label={w.label} value={l.label} maxLength={40} onChange={(e) => patch(i, { label: e.target.value })} className="h-9" />
                <TimeField aria-label={w.start} value={l.start} onValueChange={(start) => patch(i, { start })} className="h-9" {...timeBox(l.key, false, l.start)} />
                <TimeField aria-label={w.end} value={l.end} onValueChange={(end) => patch(i, { end })} className="h-9" {...timeBox(l.key, true, l.end)} />
              </div>
              <div className="flex flex-col gap-0.5 md:flex-row">
                <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={w.moveUp} disabled={i === 0} onClick={() => move(i, -1)}>
                  <ArrowUp aria-hidden />
                </Button>
                <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={w.moveDown} disabled={i === lines.length - 1} onClick={() => move(i, 1)}>
                  <ArrowDown aria-hidden />
                </Button>
                <Button type="button" variant="ghost" size="icon" className="size-8 text-destructive" aria-label={w.removeLine} disabled={lines.length === 1} onClick={() => setLines((list) => list.filter((_, k) => k !== i))}>
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ol>
        <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={add} data-testid="tt-week-add-line">
          <Plus aria-hidden />
          {w.addLine}
        </Button>
      </div>
      <FormError error={err.error} title={w.saveSchedule} testId="tt-week-error" />
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending} data-testid="tt-week-save" className="w-full sm:w-auto">
          {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {w.saveSchedule}
        </Button>
      </div>
    </form>
  );
}

function FixedSlots({ setup }: { setup: TimetableSetup }) {
  const add = useAddFixedSlot();
  const del = useDeleteFixedSlot();
  const err = useFormError();
  const [label, setLabel] = React.useState('');
  const [day, setDay] = React.useState(0);
  const [period, setPeriod] = React.useState(0);
  const [levelId, setLevelId] = React.useState('');
  const [target, setTarget] = React.useState<{ id: string; label: string } | null>(null);
  const schedule = scheduleOf(setup, levelId || null);
  const days = schedule?.days ?? [0, 1, 2, 3, 4];
  const periods = lessonPeriods(schedule?.periods ?? standardDay(40));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    err.clear();
    add.mutate(
      { label: label.trim(), day, period, levelId: levelId || null },
      {
        onSuccess: () => {
          toast.success(w.fixedAdded);
          setLabel('');
        },
        onError: err.fail,
      },
    );
  };
  const list = [...setup.fixedSlots].sort((a, b) => a.day - b.day || a.period - b.period || a.label.localeCompare(b.label));
  // One row per (what, day, period) with the levels as chips: a school's clubs afternoon is one line, not one per level.
  const groups = new Map<string, { label: string; day: number; period: number; slots: typeof list }>();
  for (const f of list) {
    const key = `${f.label}|${f.day}|${f.period}`;
    const g = groups.get(key) ?? { label: f.label, day: f.day, period: f.period, slots: [] };
    g.slots.push(f);
    groups.set(key, g);
  }
  return (
    <Panel title={w.fixedTitle} hint={w.fixedHint} testId="tt-fixed">
      {list.length === 0 ? (
        <EmptyListState icon={CalendarClock} title={w.fixedEmpty} hint={w.fixedEmptyHint} testId="tt-fixed-empty" />
      ) : (
        <ul className="divide-y rounded-lg border" data-testid="tt-fixed-list">
          {[...groups.values()].map((g) => (
            <li key={`${g.label}|${g.day}|${g.period}`} className="grid gap-1.5 px-3 py-2.5" data-testid="tt-fixed-row">
              <p className="flex min-w-0 flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-medium break-words">{g.label}</span>
                <span className="text-xs text-muted-foreground">
                  {weekdayLabel(WEEKDAY_NAMES[g.day] ?? '')} · {sm.lessonPeriodLong(g.period)}
                </span>
              </p>
              <ul className="flex flex-wrap gap-1.5">
                {g.slots.map((f) => (
                  <li key={f.id} className="inline-flex items-center gap-0.5 rounded-full border bg-muted/40 py-0.5 pr-0.5 pl-2.5 text-xs" data-testid="tt-fixed-level">
                    {f.levelName ?? w.allLevels}
                    <button
                      type="button"
                      className="inline-flex size-5 cursor-pointer items-center justify-center rounded-full text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
                      aria-label={w.deleteFixedFor(f.label, f.levelName ?? w.allLevels)}
                      onClick={() => setTarget({ id: f.id, label: f.levelName ? `${f.label} (${f.levelName})` : f.label })}
                      data-testid="tt-fixed-delete"
                    >
                      <X className="size-3" aria-hidden />
                    </button>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="@container mt-4 grid gap-3 rounded-lg bg-muted/40 p-3" noValidate>
        <p className="text-sm font-medium">{w.addFixed}</p>
        <div className="grid grid-cols-2 gap-2 @2xl:grid-cols-4">
          <SetupField id="tt-fixed-label" label={w.fixedLabel} className="col-span-2 grid gap-1 @2xl:col-span-1" small>
            <Input id="tt-fixed-label" value={label} maxLength={60} placeholder={w.fixedLabelPlaceholder} onChange={(e) => setLabel(e.target.value)} data-testid="tt-fixed-label" />
          </SetupField>
          <SelectField id="tt-fixed-day" small className="grid gap-1" label={w.day} value={day} onChange={(v) => setDay(Number(v))} choices={days.map((d) => [d, weekdayLabel(WEEKDAY_NAMES[d] ?? '')] as const)} />
          <SelectField
            id="tt-fixed-period"
            small
            className="grid gap-1"
            label={w.period}
            value={period}
            onChange={(v) => setPeriod(Number(v))}
            choices={periods.map((p) => [p.index, `${sm.lessonPeriodLong(p.index)} ${p.time ? `(${p.time})` : ''}`] as const)}
          />
          <SelectField id="tt-fixed-level" small className="col-span-2 grid gap-1 @2xl:col-span-1" label={w.level} value={levelId} onChange={setLevelId} choices={[['', w.allLevels], ...levelChoices(setup.levels)]} />
        </div>
        <FormError error={err.error} title={w.addFixed} testId="tt-fixed-error" />
        <PendingButton pending={add.isPending} icon={Plus} type="submit" size="sm" className="justify-self-end" disabled={add.isPending || !label.trim()} data-testid="tt-fixed-add">
          {w.addFixed}
        </PendingButton>
      </form>
      <DeleteConfirm
        target={target}
        title={target ? w.deleteFixed(target.label) : ''}
        text={w.deleteFixedText}
        del={del}
        onClose={() => setTarget(null)}
        testId="tt-fixed-delete-dialog"
        confirmTestId="tt-fixed-delete-confirm"
      />
    </Panel>
  );
}
