import { weekdayLabel } from '@shared/dates';
import * as React from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { CheckCircle2, Lock, LockOpen, MapPin, XCircle } from 'lucide-react';
import type { Lesson, TimetableView } from '@shared/contracts/timetable';
import { timetableScreenMessages as tm } from '@shared/messages/timetable-screens';
import { cn } from '@/lib/utils';
import {
  buildRows,
  fixedSlotsFor,
  lessonsInView,
  levelForView,
  namesOf,
  periodsForLevel,
  subjectHues,
  todayIndex,
  type MoveCheck,
  type Names,
  type Slot,
  type ViewKind,
} from './grid-model';

/** Subject colours (tint, accent bar, text); literal classes so Tailwind keeps them. */
const PALETTE = [
  'bg-sky-50 border-l-sky-500 dark:bg-sky-500/12',
  'bg-emerald-50 border-l-emerald-500 dark:bg-emerald-500/12',
  'bg-violet-50 border-l-violet-500 dark:bg-violet-500/12',
  'bg-amber-50 border-l-amber-500 dark:bg-amber-500/12',
  'bg-rose-50 border-l-rose-500 dark:bg-rose-500/12',
  'bg-teal-50 border-l-teal-500 dark:bg-teal-500/12',
  'bg-indigo-50 border-l-indigo-500 dark:bg-indigo-500/12',
  'bg-orange-50 border-l-orange-500 dark:bg-orange-500/12',
  'bg-lime-50 border-l-lime-600 dark:bg-lime-500/12',
  'bg-fuchsia-50 border-l-fuchsia-500 dark:bg-fuchsia-500/12',
  'bg-cyan-50 border-l-cyan-500 dark:bg-cyan-500/12',
  'bg-pink-50 border-l-pink-500 dark:bg-pink-500/12',
  'bg-blue-50 border-l-blue-600 dark:bg-blue-500/12',
  'bg-yellow-50 border-l-yellow-500 dark:bg-yellow-500/12',
  'bg-purple-50 border-l-purple-500 dark:bg-purple-500/12',
  'bg-red-50 border-l-red-500 dark:bg-red-500/12',
  'bg-green-50 border-l-green-600 dark:bg-green-500/12',
  'bg-stone-100 border-l-stone-500 dark:bg-stone-500/12',
];

/** What the editor plugs into the grid: the client-side check that colours targets, the drop and the lock toggle. */
export interface GridEditing {
  check: (activityId: string, slot: Slot) => MoveCheck;
  /**
   * The server's verdict on a move the client check allows (asked while the lesson hovers over the
   * slot): a hard rule the client cannot see refuses the drop; soft rules broken are shown live.
   */
  preview?: (activityId: string, result: Extract<MoveCheck, { ok: true }>) => Promise<MovePreview>;
  onDrop: (activityId: string, slot: Slot, result: MoveCheck) => void;
  onToggleLock: (activityId: string) => void;
  disabled?: boolean;
}

/** What the server says about a hovered move: the first hard clash (the drop is refused) and the soft rules it breaks. */
export interface MovePreview {
  hard: string | null;
  soft: string[];
}

const TIME_COL = 76;
const DAY_COL = 124;
const slotKey = (d: number, p: number) => `${d}:${p}`;

const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length ? hits : rectIntersection(args);
};

/**
 * One week of a stream, teacher or room (issue 16 §4, §5): days as columns, lesson periods as rows
 * with their times from the level's bell schedule, breaks and lunch as thin labelled rows, double
 * lessons over two rows, fixed slots (assembly, PPI) and a level's shorter day marked, today's column
 * highlighted (Africa/Nairobi). With `editing`, lessons drag (mouse, touch, keyboard) onto a slot or
 * another lesson; while dragging, every slot shows green (free) or red (clash, with the reason) from
 * the editor's client-side check. The grid scrolls sideways inside its card, never the page.
 */
export function TimetableGrid({
  view,
  lessons,
  kind,
  entityId,
  highlightToday = false,
  showLocks = false,
  editing,
  testId = 'timetable-grid',
}: {
  view: TimetableView;
  lessons: Lesson[];
  kind: ViewKind;
  entityId: string;
  highlightToday?: boolean;
  showLocks?: boolean;
  editing?: GridEditing;
  testId?: string;
}) {
  const names = React.useMemo(() => namesOf(view), [view]);
  const hues = React.useMemo(() => subjectHues(view), [view]);
  const levelId = React.useMemo(() => levelForView(view, kind, entityId, lessons), [view, kind, entityId, lessons]);
  const rows = React.useMemo(() => buildRows(view, levelId), [view, levelId]);
  const shown = React.useMemo(() => lessonsInView(lessons, kind, entityId), [lessons, kind, entityId]);
  const fixed = React.useMemo(() => fixedSlotsFor(view, kind === 'class' ? levelId : '\u0000school-wide'), [view, kind, levelId]);
  const dayLength = kind === 'class' ? periodsForLevel(view, levelId) : view.periods.length;
  const today = highlightToday ? todayIndex(view) : -1;
  const nDays = view.days.length;

  // Grid lines: row 1 is the header; each row of `rows` follows.
  const periodRow = new Map<number, number>();
  rows.forEach((r, i) => r.kind === 'lesson' && periodRow.set(r.period, i + 2));
  const starts = new Map<string, Lesson[]>();
  const coveredRows = new Map<number, Set<number>>(); // day → grid rows hidden under a multi-row lesson
  for (const l of shown) {
    const k = slotKey(l.day, l.period);
    starts.set(k, [...(starts.get(k) ?? []), l]);
  }
  const spanOf = (d: number, p: number) => {
    const here = starts.get(slotKey(d, p)) ?? [];
    const dur = Math.max(1, ...here.map((l) => l.duration));
    const first = periodRow.get(p)!;
    const last = periodRow.get(Math.min(p + dur - 1, view.periods.length - 1)) ?? first;
    return { first, last };
  };
  for (const l of shown) {
    if (l.duration < 2) continue;
    const { first, last } = spanOf(l.day, l.period);
    const set = coveredRows.get(l.day) ?? new Set<number>();
    for (let r = first + 1; r <= last; r += 1) set.add(r);
    coveredRows.set(l.day, set);
  }

  const [activeId, setActiveId] = React.useState<string | null>(null);
  const [overKey, setOverKey] = React.useState<string | null>(null);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 220, tolerance: 8 } }),
    useSensor(KeyboardSensor),
  );
  const checks = React.useMemo(() => {
    const out = new Map<string, MoveCheck>();
    if (!activeId || !editing) return out;
    for (let d = 0; d < nDays; d += 1) for (let p = 0; p < view.periods.length; p += 1) out.set(slotKey(d, p), editing.check(activeId, { day: d, period: p }));
    return out;
  }, [activeId, editing, nDays, view.periods.length]);
  const active = activeId ? (lessons.find((l) => l.activityId === activeId) ?? null) : null;
  const overCheck = overKey ? checks.get(overKey) : undefined;
  // Server previews of hovered moves, by slot, for the lesson being dragged (cleared at each drag start).
  const [previews, setPreviews] = React.useState<Map<string, MovePreview>>(() => new Map());
  const preview = editing?.preview;
  React.useEffect(() => {
    if (!activeId || !overKey || !preview || !overCheck?.ok || overCheck.same || previews.has(overKey)) return;
    const key = overKey;
    const timer = window.setTimeout(() => {
      void preview(activeId, overCheck).then(
        (res) => setPreviews((m) => new Map(m).set(key, res)),
        () => undefined,
      );
    }, 150);
    return () => window.clearTimeout(timer);
  }, [activeId, overKey, overCheck, preview, previews]);
  const overPreview = overKey ? previews.get(overKey) : undefined;

  const onStart = (e: DragStartEvent) => {
    setPreviews(new Map());
    setActiveId(String(e.active.id));
  };
  const onOver = (e: DragOverEvent) => setOverKey(e.over ? String(e.over.id).slice(5) : null);
  const onEnd = (e: DragEndEvent) => {
    const id = String(e.active.id);
    setActiveId(null);
    setOverKey(null);
    const slot = e.over?.data.current?.slot as Slot | undefined;
    if (!slot || !editing) return;
    const refused = previews.get(slotKey(slot.day, slot.period))?.hard;
    editing.onDrop(id, slot, refused ? { ok: false, reason: refused } : editing.check(id, slot));
  };

  const cells: React.ReactNode[] = [];
  rows.forEach((row, i) => {
    const gridRow = i + 2;
    if (row.kind === 'break') {
      cells.push(
        <div key={`t-${i}`} className="sticky left-0 z-20 flex min-w-0 flex-col justify-center border-t bg-muted px-2 py-1" style={{ gridRow, gridColumn: 1 }}>
          <span className="truncate text-[10px] leading-tight font-medium text-muted-foreground uppercase sm:hidden">{row.label}</span>
          <span className="text-[10px] leading-tight text-muted-foreground tabular-nums">
            {row.start}–{row.end}
          </span>
        </div>,
      );
      // Runs of days not hidden under a double lesson get one labelled strip each.
      let d = 0;
      while (d < nDays) {
        if (coveredRows.get(d)?.has(gridRow)) {
          d += 1;
          continue;
        }
        let e = d;
        while (e + 1 < nDays && !coveredRows.get(e + 1)?.has(gridRow)) e += 1;
        cells.push(
          <div
            key={`b-${i}-${d}`}
            className="flex items-center justify-center gap-2 border-t border-l bg-muted/45 px-2 py-1 text-[11px] font-medium tracking-wide text-muted-foreground uppercase"
            style={{ gridRow, gridColumn: `${d + 2} / ${e + 3}` }}
            data-testid="timetable-break"
          >
            {row.label}
          </div>,
        );
        d = e + 1;
      }
      return;
    }
    cells.push(
      <div key={`t-${i}`} className="sticky left-0 z-20 flex flex-col justify-center border-t bg-card px-2 py-1.5" style={{ gridRow, gridColumn: 1 }}>
        <span className="text-xs font-semibold">{row.label}</span>
        {row.start && (
          <span className="text-[10px] leading-tight text-muted-foreground tabular-nums">
            {row.start}–{row.end}
          </span>
        )}
      </div>,
    );
    for (let d = 0; d < nDays; d += 1) {
      if (coveredRows.get(d)?.has(gridRow)) continue;
      const here = starts.get(slotKey(d, row.period)) ?? [];
      const { first, last } = spanOf(d, row.period);
      cells.push(
        <SlotCell
          key={`c-${d}-${row.period}`}
          slot={{ day: d, period: row.period }}
          gridRow={`${first} / ${last + 1}`}
          gridColumn={d + 2}
          editable={!!editing && !editing.disabled}
          check={checks.get(slotKey(d, row.period))}
          isOver={overKey === slotKey(d, row.period)}
          today={d === today}
          fixedLabel={here.length ? null : (fixed.get(slotKey(d, row.period)) ?? null)}
          offDay={!here.length && row.period >= dayLength}
          label={tm.grid.cellLabel(here[0] ? names.subject(here[0].subjectId) : '', weekdayLabel(view.days[d] ?? ''), row.label)}
        >
          {here.map((l) => (
            <LessonCard
              key={l.activityId}
              lesson={l}
              kind={kind}
              names={names}
              hue={hues.get(l.subjectId) ?? 0}
              draggable={!!editing && !editing.disabled && !l.locked}
              dimmed={activeId === l.activityId}
              showLock={showLocks}
              onToggleLock={editing && !editing.disabled ? () => editing.onToggleLock(l.activityId) : undefined}
            />
          ))}
        </SlotCell>,
      );
    }
  });

  // On a narrow screen, open the week at today's column.
  const scroller = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    const el = scroller.current;
    if (el && today > 0 && el.scrollWidth > el.clientWidth) el.scrollLeft = today * DAY_COL;
  }, [today]);

  const grid = (
    <div ref={scroller} className="overflow-x-auto rounded-xl border bg-card shadow-xs" data-testid={testId} data-kind={kind} data-entity={entityId}>
      <div
        className="relative grid"
        style={{
          gridTemplateColumns: `${TIME_COL}px repeat(${nDays}, minmax(${DAY_COL}px, 1fr))`,
          gridTemplateRows: `auto ${rows.map((r) => (r.kind === 'lesson' ? 'minmax(4.25rem, auto)' : 'auto')).join(' ')}`,
          minWidth: TIME_COL + nDays * DAY_COL,
        }}
      >
        <div className="sticky top-0 left-0 z-30 flex items-end bg-card px-2 py-2.5 text-[11px] font-medium tracking-wide text-muted-foreground uppercase" style={{ gridRow: 1, gridColumn: 1 }}>
          {tm.grid.time}
        </div>
        {view.days.map((day, d) => (
          <div
            key={day}
            className={cn('flex items-center justify-between gap-1 border-l px-2.5 py-2.5 text-sm font-semibold', d === today && 'text-primary')}
            style={{ gridRow: 1, gridColumn: d + 2 }}
            data-testid="timetable-day"
            data-today={d === today || undefined}
          >
            <span className="truncate">{weekdayLabel(day)}</span>
            {d === today && (
              <>
                <span className="hidden rounded-full bg-primary px-2 py-0.5 text-[10px] font-semibold tracking-wide text-primary-foreground uppercase sm:inline">{tm.grid.today}</span>
                <span className="size-2 shrink-0 rounded-full bg-primary sm:hidden" aria-label={tm.grid.today} />
              </>
            )}
          </div>
        ))}
        {today >= 0 && <div aria-hidden className="pointer-events-none bg-primary/[0.05] ring-1 ring-primary/25 ring-inset" style={{ gridRow: `1 / ${rows.length + 2}`, gridColumn: today + 2 }} />}
        {cells}
      </div>
    </div>
  );

  if (!editing) return grid;
  return (
    <DndContext sensors={sensors} collisionDetection={collision} onDragStart={onStart} onDragOver={onOver} onDragEnd={onEnd} onDragCancel={() => (setActiveId(null), setOverKey(null))}>
      <div className="flex min-w-0 flex-col gap-2">
        <DragStatus active={!!active} check={overCheck} preview={overCheck?.ok && !overCheck.same && preview ? (overPreview ?? 'pending') : undefined} names={names} />
        {grid}
      </div>
      <DragOverlay dropAnimation={null}>
        {active ? (
          <div style={{ width: DAY_COL - 8 }} className="rotate-1 shadow-xl">
            <LessonBody lesson={active} kind={kind} names={names} hue={hues.get(active.subjectId) ?? 0} showLock={false} />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

/** The line above the grid while dragging: what a drop on the hovered slot would do, or why it is refused. */
function DragStatus({ active, check, preview, names }: { active: boolean; check: MoveCheck | undefined; preview: MovePreview | 'pending' | undefined; names: Names }) {
  const base = !active ? tm.editor.dragHint : !check ? tm.editor.dragHint : check.ok ? (check.swapWith ? tm.grid.swapTarget(names.subject(check.swapWith.subjectId)) : tm.grid.freeTarget) : check.reason;
  const serverHard = preview && preview !== 'pending' ? preview.hard : null;
  const rules = !preview ? '' : preview === 'pending' ? tm.grid.previewChecking : preview.soft.length ? tm.grid.previewSoft(preview.soft.length, preview.soft[0]!) : tm.grid.previewClean;
  const text = serverHard ?? (active && check?.ok && rules ? `${base} · ${rules}` : base);
  const tone = !active || !check ? 'muted' : check.ok && !serverHard ? 'ok' : 'bad';
  return (
    <p
      className={cn(
        'flex min-h-9 items-center gap-2 rounded-lg border px-3 py-1.5 text-sm',
        tone === 'muted' && 'border-dashed text-muted-foreground',
        tone === 'ok' && 'border-emerald-500/40 bg-emerald-500/8 text-emerald-700 dark:text-emerald-300',
        tone === 'bad' && 'border-destructive/40 bg-destructive/8 text-destructive',
      )}
      role="status"
      aria-live="polite"
      data-testid="timetable-drag-status"
      data-tone={tone}
    >
      {tone === 'ok' ? <CheckCircle2 className="size-4 shrink-0" aria-hidden /> : tone === 'bad' ? <XCircle className="size-4 shrink-0" aria-hidden /> : null}
      <span className="min-w-0">{text}</span>
    </p>
  );
}

function SlotCell({
  slot,
  gridRow,
  gridColumn,
  editable,
  check,
  isOver,
  today,
  fixedLabel,
  offDay,
  label,
  children,
}: {
  slot: Slot;
  gridRow: string;
  gridColumn: number;
  editable: boolean;
  check: MoveCheck | undefined;
  isOver: boolean;
  today: boolean;
  fixedLabel: string | null;
  offDay: boolean;
  label: string;
  children: React.ReactNode;
}) {
  const { setNodeRef } = useDroppable({ id: `slot:${slot.day}:${slot.period}`, data: { slot }, disabled: !editable });
  const state = check ? (check.ok ? 'free' : 'clash') : undefined;
  return (
    <div
      ref={editable ? setNodeRef : undefined}
      className={cn(
        'relative flex min-w-0 flex-col gap-1 border-t border-l p-1 transition-colors',
        offDay && 'bg-[repeating-linear-gradient(135deg,transparent,transparent_6px,var(--color-muted)_6px,var(--color-muted)_8px)]',
        state === 'free' && 'bg-emerald-500/8 ring-1 ring-emerald-500/40 ring-inset',
        state === 'clash' && 'bg-destructive/6 ring-1 ring-destructive/30 ring-inset',
        isOver && state === 'free' && 'bg-emerald-500/20 ring-2 ring-emerald-500',
        isOver && state === 'clash' && 'bg-destructive/15 ring-2 ring-destructive',
        today && 'z-[1]',
      )}
      style={{ gridRow, gridColumn }}
      title={check && !check.ok ? check.reason : undefined}
      aria-label={React.Children.count(children) ? undefined : label}
      data-testid="timetable-slot"
      data-day={slot.day}
      data-period={slot.period}
      data-target={state}
    >
      {children}
      {fixedLabel && (
        <div className="flex flex-1 items-center justify-center rounded-md border border-dashed bg-muted/50 px-1.5 text-center text-xs font-medium text-muted-foreground" data-testid="timetable-fixed">
          {fixedLabel}
        </div>
      )}
      {isOver && check && !check.ok && (
        <div className="pointer-events-none absolute inset-x-1 bottom-1 z-40 rounded-md bg-destructive px-1.5 py-1 text-[11px] leading-tight font-medium text-white shadow-md" role="tooltip">
          {check.reason}
        </div>
      )}
    </div>
  );
}

function LessonCard({
  lesson,
  kind,
  names,
  hue,
  draggable,
  dimmed,
  showLock,
  onToggleLock,
}: {
  lesson: Lesson;
  kind: ViewKind;
  names: Names;
  hue: number;
  draggable: boolean;
  dimmed: boolean;
  showLock: boolean;
  onToggleLock?: () => void;
}) {
  const { setNodeRef, listeners, attributes } = useDraggable({ id: lesson.activityId, disabled: !draggable });
  return (
    <div className={cn('group/lesson relative flex min-h-0 flex-1', dimmed && 'opacity-35')}>
      <div
        ref={draggable ? setNodeRef : undefined}
        {...(draggable ? listeners : {})}
        {...(draggable ? attributes : {})}
        className={cn('flex min-w-0 flex-1 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring', draggable && 'cursor-grab touch-manipulation active:cursor-grabbing')}
        data-testid="timetable-lesson"
        data-activity={lesson.activityId}
        data-subject={names.subject(lesson.subjectId)}
        data-locked={lesson.locked || undefined}
      >
        <LessonBody lesson={lesson} kind={kind} names={names} hue={hue} showLock={showLock && !onToggleLock} />
      </div>
      {onToggleLock && (
        <button
          type="button"
          onClick={onToggleLock}
          className={cn(
            'absolute top-1 right-1 flex size-6 cursor-pointer items-center justify-center rounded-md text-muted-foreground transition hover:bg-background/80 hover:text-foreground focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            lesson.locked ? 'text-foreground opacity-100' : 'opacity-0 group-hover/lesson:opacity-100',
          )}
          aria-label={lesson.locked ? tm.grid.unlock : tm.grid.lock}
          aria-pressed={lesson.locked}
          title={lesson.locked ? tm.grid.unlock : tm.grid.lock}
          data-testid="timetable-lock"
        >
          {lesson.locked ? <Lock className="size-3.5" aria-hidden /> : <LockOpen className="size-3.5" aria-hidden />}
        </button>
      )}
    </div>
  );
}

/** A lesson's face: subject, then the teacher (stream view), the streams (teacher view) or both (room view), and the room. */
export function LessonBody({ lesson, kind, names, hue, showLock }: { lesson: Lesson; kind: ViewKind; names: Names; hue: number; showLock: boolean }) {
  const streams = lesson.classIds.map(names.cls).join(', ');
  const teachers = lesson.teacherIds.map(names.teacher).join(', ');
  const who = kind === 'class' ? teachers : kind === 'teacher' ? streams : [streams, teachers].filter(Boolean).join(' · ');
  const room = kind === 'room' ? '' : names.room(lesson.roomId);
  return (
    <div className={cn('flex min-w-0 flex-1 flex-col gap-0.5 rounded-md border-l-[3px] px-2 py-1.5 text-left', PALETTE[hue % PALETTE.length])}>
      <div className="flex min-w-0 items-start justify-between gap-1">
        <span className="line-clamp-2 text-[13px] leading-tight font-semibold break-words text-foreground">{names.subject(lesson.subjectId)}</span>
        {showLock && lesson.locked && <Lock className="mt-0.5 size-3 shrink-0 text-muted-foreground" aria-label={tm.grid.locked} />}
      </div>
      {who && <span className="truncate text-xs leading-tight text-foreground/75">{who}</span>}
      {room && (
        <span className="flex min-w-0 items-center gap-1 text-[11px] leading-tight text-muted-foreground">
          <MapPin className="size-3 shrink-0" aria-hidden />
          <span className="truncate">{room}</span>
        </span>
      )}
    </div>
  );
}
