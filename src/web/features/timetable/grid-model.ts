import type { BellPeriod, Lesson, TimetableView } from '@shared/contracts/timetable';
import { timetableScreenMessages as tm } from '@shared/messages/timetable-screens';
import { formatWeekday } from '@shared/dates';

/**
 * The timetable grid's model, pure and testable (issue 16 §4, §5): the rows a stream's, teacher's or
 * room's week shows (lesson periods with their times from the level's bell schedule, breaks between
 * them), which lessons a view holds, and the editor's client-side occupancy check that colours drop
 * targets before the server re-checks (teacher, stream or room busy, a level's shorter day, fixed
 * slots, locked lessons).
 */

/** What a grid shows: one stream (FET: one students set), one teacher or one room. */
export type ViewKind = 'class' | 'teacher' | 'room';
export interface Slot {
  day: number;
  period: number;
}

export type GridRow =
  | { kind: 'lesson'; period: number; label: string; start: string | null; end: string | null }
  | { kind: 'break'; breakKind: BellPeriod['kind']; label: string; start: string; end: string };

const lessonLines = (schedule: BellPeriod[]) => schedule.filter((l) => l.kind === 'lesson');

/** The bell schedule of a level (or the school's default) in a school timetable; null for FET problems. */
export function scheduleFor(view: TimetableView, levelId: string | null): BellPeriod[] | null {
  const all = view.meta?.bellSchedules;
  if (!all) return null;
  return (levelId ? all[levelId] : undefined) ?? all.default ?? Object.values(all)[0] ?? null;
}

/**
 * The level whose times a view shows: a stream's own level; for a teacher or room, the level most of
 * the shown lessons belong to (their times differ only when levels keep different days).
 */
export function levelForView(view: TimetableView, kind: ViewKind, entityId: string, lessons: Lesson[]): string | null {
  const levelOf = new Map(view.classes.map((c) => [c.id, c.levelId]));
  if (kind === 'class') return levelOf.get(entityId) ?? null;
  const counts = new Map<string, number>();
  for (const l of lessonsInView(lessons, kind, entityId)) {
    for (const c of l.classIds) {
      const lv = levelOf.get(c);
      if (lv) counts.set(lv, (counts.get(lv) ?? 0) + 1);
    }
  }
  let best: string | null = null;
  let max = 0;
  for (const [lv, n] of counts) if (n > max) [best, max] = [lv, n];
  return best;
}

/**
 * Rows of the grid: each lesson period (with start and end times when known) and, between them, the
 * breaks, lunch, games and assembly of the schedule as thin labelled rows. Periods past the level's
 * schedule (another level's longer day) follow with their labels only.
 */
export function buildRows(view: TimetableView, levelId: string | null): GridRow[] {
  const schedule = scheduleFor(view, levelId);
  const rows: GridRow[] = [];
  let period = 0;
  if (schedule) {
    for (const line of schedule) {
      if (line.kind === 'lesson') {
        if (period >= view.periods.length) break;
        rows.push({ kind: 'lesson', period, label: view.periods[period] ?? line.label, start: line.start, end: line.end });
        period += 1;
      } else {
        rows.push({ kind: 'break', breakKind: line.kind, label: line.label, start: line.start, end: line.end });
      }
    }
    // A trailing break after the last lesson shown stays; one after periods we cut does not matter.
  }
  for (; period < view.periods.length; period += 1) rows.push({ kind: 'lesson', period, label: view.periods[period]!, start: null, end: null });
  return rows;
}

/** Lessons of a stream (or students set), a teacher or a room. */
export function lessonsInView(lessons: Lesson[], kind: ViewKind, entityId: string): Lesson[] {
  if (kind === 'class') return lessons.filter((l) => l.classIds.includes(entityId));
  if (kind === 'teacher') return lessons.filter((l) => l.teacherIds.includes(entityId));
  return lessons.filter((l) => l.roomId === entityId);
}

/** Engine day of a fixed slot: meta stores weekday indexes (0 = Monday) mapped through dayIndexes. */
function fixedDay(view: TimetableView, day: number): number {
  const i = view.meta?.dayIndexes.indexOf(day) ?? -1;
  return i >= 0 ? i : day;
}

/** Fixed slots (assembly, PPI, clubs) a level keeps: its own and the school-wide ones, keyed "day:period". */
export function fixedSlotsFor(view: TimetableView, levelId: string | null): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of view.meta?.fixedSlots ?? []) {
    if (f.levelId === null || f.levelId === levelId) out.set(`${fixedDay(view, f.day)}:${f.period}`, f.label);
  }
  return out;
}

/** How many lesson periods a day of this level has (a shorter level's day ends earlier); all periods for FET. */
export function periodsForLevel(view: TimetableView, levelId: string | null): number {
  const schedule = view.meta ? scheduleFor(view, levelId) : null;
  return schedule ? Math.min(view.periods.length, lessonLines(schedule).length) : view.periods.length;
}

/** Index of today's weekday (Africa/Nairobi) among the timetable's days, or -1 (weekend, or a day not taught). */
export function todayIndex(view: Pick<TimetableView, 'days'>, now = new Date()): number {
  const name = formatWeekday(now, 'long').toLowerCase();
  return view.days.findIndex((d) => d.trim().toLowerCase().slice(0, 3) === name.slice(0, 3));
}

export interface Names {
  cls: (id: string) => string;
  teacher: (id: string) => string;
  subject: (id: string) => string;
  subjectCode: (id: string) => string;
  room: (id: string | null) => string;
}

/** Lookups from the ids a timetable's lessons carry to the names the screens show. */
export function namesOf(view: TimetableView): Names {
  const c = new Map(view.classes.map((x) => [x.id, x.name]));
  const t = new Map(view.teachers.map((x) => [x.id, x.name]));
  const s = new Map(view.subjects.map((x) => [x.id, x]));
  const r = new Map(view.rooms.map((x) => [x.id, x.name]));
  return {
    cls: (id) => c.get(id) ?? id,
    teacher: (id) => t.get(id) ?? id,
    subject: (id) => s.get(id)?.name ?? id,
    subjectCode: (id) => s.get(id)?.code ?? s.get(id)?.name ?? id,
    room: (id) => (id ? (r.get(id) ?? id) : ''),
  };
}

const covers = (l: { day: number; period: number; duration: number }, day: number, period: number) => l.day === day && period >= l.period && period < l.period + l.duration;
const overlaps = (a: { day: number; period: number; duration: number }, b: { day: number; period: number; duration: number }) =>
  a.day === b.day && a.period < b.period + b.duration && b.period < a.period + a.duration;

export type MoveCheck =
  | { ok: true; lessons: Lesson[]; swapWith: Lesson | null; same: boolean }
  | { ok: false; reason: string };

/**
 * Drops `activityId` on `target` of the shown view: onto a free slot it moves; onto another lesson of
 * the view it swaps the two. Refused (with the reason a principal reads) when a lesson is locked, runs
 * past the day, falls in a fixed slot or after its level's day, or when a teacher, stream or room of a
 * moved lesson is busy then. The server re-checks everything (teacher availability included).
 */
export function checkMove(view: TimetableView, lessons: Lesson[], activityId: string, target: Slot, kind: ViewKind, entityId: string): MoveCheck {
  const names = namesOf(view);
  const a = lessons.find((l) => l.activityId === activityId);
  if (!a) return { ok: false, reason: tm.clash.same };
  if (a.locked) return { ok: false, reason: tm.clash.locked };
  const shown = lessonsInView(lessons, kind, entityId);
  const b = shown.find((l) => l.activityId !== a.activityId && covers(l, target.day, target.period)) ?? null;
  if (!b && target.day === a.day && target.period === a.period) return { ok: true, lessons, swapWith: null, same: true };
  if (b?.locked) return { ok: false, reason: tm.clash.targetLocked(names.subject(b.subjectId)) };
  const moved: Lesson[] = b ? [{ ...a, day: b.day, period: b.period }, { ...b, day: a.day, period: a.period }] : [{ ...a, day: target.day, period: target.period }];
  const movedIds = new Set(moved.map((m) => m.activityId));
  const levelOf = new Map(view.classes.map((c) => [c.id, c.levelId]));
  const fixedByLevel = new Map<string | null, Map<string, string>>();
  const fixedOf = (lv: string | null) => fixedByLevel.get(lv) ?? fixedByLevel.set(lv, fixedSlotsFor(view, lv)).get(lv)!;
  for (const m of moved) {
    if (m.period + m.duration > view.periods.length) return { ok: false, reason: tm.clash.outOfDay };
    for (const c of m.classIds) {
      const lv = levelOf.get(c) ?? null;
      if (m.period + m.duration > periodsForLevel(view, lv)) return { ok: false, reason: tm.clash.notInDay(names.cls(c)) };
      for (let p = m.period; p < m.period + m.duration; p += 1) {
        const label = fixedOf(lv).get(`${m.day}:${p}`);
        if (label) return { ok: false, reason: tm.clash.fixed(label, names.cls(c)) };
      }
    }
  }
  const others = [...lessons.filter((l) => !movedIds.has(l.activityId)), ...moved];
  for (const m of moved) {
    for (const o of others) {
      if (o.activityId === m.activityId || !overlaps(m, o)) continue;
      const streams = o.classIds.map(names.cls).join(', ');
      const teacher = m.teacherIds.find((t) => o.teacherIds.includes(t));
      if (teacher) return { ok: false, reason: tm.clash.teacher(names.teacher(teacher), names.subject(o.subjectId), streams) };
      const stream = m.classIds.find((c) => o.classIds.includes(c));
      if (stream) return { ok: false, reason: tm.clash.stream(names.cls(stream), names.subject(o.subjectId)) };
      if (m.roomId && m.roomId === o.roomId) return { ok: false, reason: tm.clash.room(names.room(m.roomId), names.subject(o.subjectId), streams) };
    }
  }
  const byId = new Map(moved.map((m) => [m.activityId, m]));
  return { ok: true, lessons: lessons.map((l) => byId.get(l.activityId) ?? l), swapWith: b, same: false };
}

/** A palette index (0-17) per subject, by its place in the timetable's subject list, so a subject keeps its colour across every grid. */
export function subjectHues(view: Pick<TimetableView, 'subjects'>): Map<string, number> {
  return new Map(view.subjects.map((s, i) => [s.id, i % 18]));
}
