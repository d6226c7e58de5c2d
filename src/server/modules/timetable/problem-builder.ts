import { createHash } from 'node:crypto';
import type { BellPeriod, ProblemMeta } from '../../../shared/contracts/timetable.js';
import { WEEKDAY_NAMES } from '../../../shared/contracts/timetable.js';
import { timetableMessages as tm } from '../../../shared/messages/timetable.js';
import type { Tx } from '../../db/tenant.js';
import { badRequest } from '../../errors.js';
import type { Activity, Constraint, Slot, TimetableProblem } from './engine/types.js';
import * as inputs from './timetable-inputs.repository.js';

/**
 * Turns a school's timetable inputs (issue 16 §1) into the engine's TimetableProblem:
 *
 *  - streams of the CURRENT academic year are the student sets (one atomic group per stream, id = class id);
 *  - each teacher assignment gives `lessonsPerWeek` periods: `doubleLessons` activities of duration 2 and
 *    the rest single lessons, ids `${assignmentId}:${n}` (n from 1, doubles first) so a lesson keeps its
 *    id across re-builds (locks and level-only generation map lessons by id);
 *  - assignments sharing a combine key, subject and teacher are taught together: as many joint
 *    lessons as the smallest of them asks (ids from the first assignment by stream name), the rest alone;
 *  - a lesson's room (roomId) or room type becomes preferredRooms of weight 100;
 *  - grid: days = union of the levels' school days, periods = the longest level's lesson periods
 *    ("Period 1".."Period N"); a level's shorter day, its non-school days and fixed slots become
 *    studentsNotAvailable (weight 100) for its streams; teacher unavailability teacherNotAvailable 100;
 *  - rules become constraints (see ruleConstraints).
 *
 * Weekdays in the inputs are 0 = Monday ... 5 = Saturday; engine day i is weekday meta.dayIndexes[i].
 */

type BellRow = { levelId: string | null; days: number[]; periods: BellPeriod[] };

const JUNIOR_BANDS = ['Junior School', 'Lower Secondary', 'IGCSE', 'Secondary', 'Senior School', 'A Level'];

/** True for bands taught in 40-minute lessons with 9 periods (junior school and secondary). */
export function isSecondaryBand(band: string): boolean {
  return JUNIOR_BANDS.includes(band) || /secondary|junior|senior|igcse|form/i.test(band);
}

/**
 * A sensible Kenyan school day (Monday to Friday): junior school / secondary 9 lessons of 40 minutes
 * from 08:00 (short break 10:00-10:10, long break 11:30-12:00, lunch 12:40-14:00, games after the
 * last lesson); primary 8 lessons of 35 minutes (short break 09:45, long break 11:10, lunch 12:40-14:00, games).
 */
export function defaultBellPeriods(secondary: boolean): BellPeriod[] {
  const d = tm.defaultLines;
  return secondary
    ? schoolDay(9, 40, { 3: ['break', d.shortBreak, 10], 5: ['break', d.longBreak, 30], 6: ['lunch', d.lunch, 80], 9: ['games', d.games, 40] })
    : schoolDay(8, 35, { 3: ['break', d.shortBreak, 15], 5: ['break', d.longBreak, 20], 7: ['lunch', d.lunch, 80], 8: ['games', d.games, 40] });
}

/**
 * A day from 08:00 of `lessons` back-to-back lessons of `minutes` each ("Lesson n"), with
 * `after[n]` = [kind, label, minutes] a break of that kind and length right after lesson n.
 */
function schoolDay(lessons: number, minutes: number, after: Record<number, [kind: BellPeriod['kind'], label: string, minutes: number]>): BellPeriod[] {
  const hhmm = (t: number) => `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
  const periods: BellPeriod[] = [];
  let at = 8 * 60;
  const add = (kind: BellPeriod['kind'], label: string, length: number) => {
    periods.push({ kind, label, start: hhmm(at), end: hhmm(at + length) });
    at += length;
  };
  for (let n = 1; n <= lessons; n++) {
    add('lesson', tm.lessonLabel(n), minutes);
    const pause = after[n];
    if (pause) add(...pause);
  }
  return periods;
}

export const DEFAULT_DAYS = [0, 1, 2, 3, 4];

/**
 * The schedules a school uses before it saved any: a default (primary when the school has primary
 * levels, else secondary) and, when both kinds of level exist, one per junior/secondary level.
 */
export function defaultSchedules(levelRows: { id: string; band: string }[]): BellRow[] {
  const secondary = levelRows.filter((l) => isSecondaryBand(l.band));
  const allSecondary = levelRows.length > 0 && secondary.length === levelRows.length;
  const out: BellRow[] = [{ levelId: null, days: [...DEFAULT_DAYS], periods: defaultBellPeriods(allSecondary) }];
  if (!allSecondary) for (const l of secondary) out.push({ levelId: l.id, days: [...DEFAULT_DAYS], periods: defaultBellPeriods(true) });
  return out;
}

/** A stable uuid-shaped id for a default (unsaved) schedule, so the page can key it. */
export function defaultScheduleId(schoolId: string, levelId: string | null): string {
  const h = createHash('sha1').update(`bell:${schoolId}:${levelId ?? 'default'}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Number of lesson lines in a bell schedule. */
export function lessonCount(periods: BellPeriod[]): number {
  return periods.filter((p) => p.kind === 'lesson').length;
}

/** The school's stored schedules, or the defaults when it saved none. */
export async function effectiveSchedules(tx: Tx, schoolId: string, levelRows: { id: string; band: string }[]): Promise<{ rows: BellRow[]; stored: boolean }> {
  const stored = await inputs.listBellSchedules(tx, schoolId);
  if (stored.length === 0) return { rows: defaultSchedules(levelRows), stored: false };
  const rows: BellRow[] = stored.map((r) => ({ levelId: r.levelId, days: r.days, periods: r.periods as BellPeriod[] }));
  if (!rows.some((r) => r.levelId === null)) rows.push({ levelId: null, days: [...DEFAULT_DAYS], periods: defaultBellPeriods(levelRows.every((l) => isSecondaryBand(l.band))) });
  return { rows, stored: true };
}

/** The schedule a level follows: its own, else the school's default. */
export function scheduleOf(rows: BellRow[], levelId: string | null): BellRow {
  return rows.find((r) => r.levelId === levelId && levelId !== null) ?? rows.find((r) => r.levelId === null)!;
}

/** The school's current academic year id; 400 when none. */
export async function currentYearId(tx: Tx, schoolId: string): Promise<string> {
  const year = await inputs.findCurrentYear(tx, schoolId);
  if (!year) throw badRequest(tm.noCurrentYear);
  return year.id;
}

export interface BuildOptions {
  /** Keep only this level's streams searchable (used with `base`; see applyBase). */
  levelId?: string;
  /** A version whose locked lessons (and, with levelId, every other level's lessons) are kept. */
  base?: { lessons: BaseLesson[]; unplaced?: { activityId: string; reasons: string[] }[] };
  /** The name of the problem (default "School inputs"). */
  name?: string;
}

export type BaseLesson = { activityId: string; day: number; period: number; roomId: string | null; locked?: boolean };

/**
 * Builds the TimetableProblem of a school's current inputs (see the file comment) and its meta (how
 * the grid maps back to weekdays, times and assignments). With `opts.base` the base version's locks
 * are applied (applyBase). Reads in the caller's transaction; 400 when there is no current year.
 */
export async function buildSchoolProblem(tx: Tx, schoolId: string, opts: BuildOptions = {}): Promise<{ problem: TimetableProblem; meta: ProblemMeta }> {
  const yearId = await currentYearId(tx, schoolId);
  const levelRows = await inputs.listLevels(tx, schoolId);
  const classRows = await inputs.listYearStreams(tx, schoolId, yearId);
  const classIds = classRows.map((c) => c.id);
  const assignmentRows = classIds.length ? await inputs.listAssignmentsWithOptions(tx, schoolId, classIds) : [];
  const sizes = classIds.length ? await inputs.listActiveLearnersOfStreams(tx, schoolId, classIds) : [];
  const sizeOf = new Map<string, number>();
  for (const s of sizes) if (s.classId) sizeOf.set(s.classId, (sizeOf.get(s.classId) ?? 0) + 1);
  const teacherIds = [...new Set(assignmentRows.map((a) => a.teacherId))];
  const teacherRows = teacherIds.length ? await inputs.listProfileNames(tx, teacherIds) : [];
  const subjectIds = [...new Set(assignmentRows.map((a) => a.subjectId))];
  const subjectRows = subjectIds.length ? await inputs.listSubjectNames(tx, subjectIds) : [];
  const roomRows = await inputs.listActiveRooms(tx, schoolId);
  const unavailability = await inputs.listTeacherUnavailability(tx, schoolId);
  const fixedRows = await inputs.listFixedSlots(tx, schoolId);
  const ruleRows = await inputs.listActiveRules(tx, schoolId);
  const { rows: schedules } = await effectiveSchedules(tx, schoolId, levelRows);

  // Grid: the union of the taught levels' days; the longest day.
  const taughtLevels = new Set(classRows.filter((c) => assignmentRows.some((a) => a.classId === c.id)).map((c) => c.levelId));
  const levelSchedule = new Map<string | null, BellRow>();
  for (const lid of taughtLevels) levelSchedule.set(lid, scheduleOf(schedules, lid));
  if (levelSchedule.size === 0) levelSchedule.set(null, scheduleOf(schedules, null));
  const dayIndexes = [...new Set([...levelSchedule.values()].flatMap((s) => s.days))].sort((a, b) => a - b);
  const P = Math.max(1, ...[...levelSchedule.values()].map((s) => lessonCount(s.periods)));
  const engineDay = new Map(dayIndexes.map((w, i) => [w, i]));
  const days = dayIndexes.map((w) => WEEKDAY_NAMES[w] ?? `Day ${w + 1}`);
  const periods = Array.from({ length: P }, (_, i) => tm.lessonLabel(i + 1));
  const toEngine = (slots: { day: number; period: number }[]): Slot[] =>
    slots.flatMap((s) => (engineDay.has(s.day) && s.period < P ? [{ day: engineDay.get(s.day)!, period: s.period }] : []));

  const classLevel = new Map(classRows.map((c) => [c.id, c.levelId]));
  const problem: TimetableProblem = {
    name: opts.name ?? 'School inputs',
    days,
    periods,
    teachers: teacherRows.map((t) => ({ id: t.id, name: t.name })).sort((a, b) => a.name.localeCompare(b.name)),
    subjects: subjectRows.map((s) => ({ id: s.id, name: s.name })).sort((a, b) => a.name.localeCompare(b.name)),
    studentGroups: classRows.map((c) => ({ id: c.id, name: c.name })),
    studentSets: classRows.map((c) => ({ id: c.id, name: c.name, groupIds: [c.id], size: sizeOf.get(c.id) ?? 0 })),
    rooms: roomRows.map((r) => ({ id: r.id, name: r.name, capacity: r.capacity, type: r.type })),
    activities: [],
    constraints: [],
  };

  // Lessons. Assignments in stream order so ids and combined groups are deterministic.
  const order = new Map(classRows.map((c, i) => [c.id, i]));
  const sorted = [...assignmentRows].sort((a, b) => order.get(a.classId)! - order.get(b.classId)! || a.subjectId.localeCompare(b.subjectId));
  const remaining = new Map(sorted.map((a) => [a.id, { lessons: Math.max(0, a.lessonsPerWeek), doubles: Math.max(0, a.doubles ?? 0) }]));
  const activityAssignments: Record<string, string[]> = {};
  const roomNeed = new Map<string, string[]>(); // activity id → room ids (preferredRooms, weight 100)
  const roomsFor = (a: (typeof sorted)[number]): string[] | null => {
    if (a.roomId) return [a.roomId];
    if (a.roomType) return roomRows.filter((r) => r.type === a.roomType).map((r) => r.id);
    return null;
  };
  const push = (id: string, group: (typeof sorted)[number][], duration: number) => {
    const lead = group[0]!;
    const act: Activity = {
      id,
      groupId: `${lead.id}`,
      duration,
      subjectId: lead.subjectId,
      teacherIds: [lead.teacherId],
      studentSetIds: group.map((g) => g.classId),
      students: group.reduce((sum, g) => sum + (sizeOf.get(g.classId) ?? 0), 0),
    };
    problem.activities.push(act);
    activityAssignments[id] = group.map((g) => g.id);
    const rooms = roomsFor(lead);
    if (rooms) roomNeed.set(id, rooms);
  };
  // Combined lessons first: same key, subject and teacher.
  const combos = new Map<string, (typeof sorted)[number][]>();
  for (const a of sorted) {
    if (!a.combineKey) continue;
    const key = `${a.combineKey.toLowerCase()}|${a.subjectId}|${a.teacherId}`;
    combos.set(key, [...(combos.get(key) ?? []), a]);
  }
  const counter = new Map<string, number>();
  const nextId = (assignmentId: string) => {
    const n = (counter.get(assignmentId) ?? 0) + 1;
    counter.set(assignmentId, n);
    return `${assignmentId}:${n}`;
  };
  for (const group of combos.values()) {
    if (group.length < 2) continue;
    const lead = group[0]!;
    const joint = Math.min(...group.map((g) => remaining.get(g.id)!.lessons));
    const jointDoubles = Math.min(...group.map((g) => remaining.get(g.id)!.doubles), Math.floor(joint / 2));
    for (let k = 0; k < jointDoubles; k++) push(nextId(lead.id), group, 2);
    for (let k = 0; k < joint - jointDoubles * 2; k++) push(nextId(lead.id), group, 1);
    for (const g of group) {
      const r = remaining.get(g.id)!;
      r.lessons -= joint;
      r.doubles = Math.max(0, r.doubles - jointDoubles);
    }
  }
  for (const a of sorted) {
    const r = remaining.get(a.id)!;
    const doubles = Math.min(r.doubles, Math.floor(r.lessons / 2));
    for (let k = 0; k < doubles; k++) push(nextId(a.id), [a], 2);
    for (let k = 0; k < r.lessons - doubles * 2; k++) push(nextId(a.id), [a], 1);
  }
  for (const [id, rooms] of roomNeed) problem.constraints.push({ type: 'preferredRooms', weight: 100, activityIds: [id], roomIds: rooms });

  // Availability.
  for (const r of roomRows) {
    const slots = toEngine(r.unavailable ?? []);
    if (slots.length) problem.constraints.push({ type: 'roomNotAvailable', weight: 100, roomId: r.id, slots });
  }
  const teacherSet = new Set(teacherIds);
  for (const u of unavailability) {
    if (!teacherSet.has(u.teacherId)) continue;
    const slots = toEngine(u.slots ?? []);
    if (slots.length) problem.constraints.push({ type: 'teacherNotAvailable', weight: 100, teacherId: u.teacherId, slots });
  }
  for (const c of classRows) {
    const sched = levelSchedule.get(c.levelId) ?? scheduleOf(schedules, c.levelId);
    const own = lessonCount(sched.periods);
    const blocked = new Set<string>();
    const slots: Slot[] = [];
    const add = (day: number, period: number) => {
      const key = `${day}:${period}`;
      if (blocked.has(key)) return;
      blocked.add(key);
      slots.push({ day, period });
    };
    dayIndexes.forEach((w, d) => {
      for (let p = 0; p < P; p++) if (!sched.days.includes(w) || p >= own) add(d, p);
    });
    for (const f of fixedRows) {
      if (f.levelId !== null && f.levelId !== c.levelId) continue;
      const d = engineDay.get(f.day);
      if (d !== undefined && f.period < P) add(d, f.period);
    }
    if (slots.length) problem.constraints.push({ type: 'studentsNotAvailable', weight: 100, studentSetId: c.id, slots: slots.sort((a, b) => a.day - b.day || a.period - b.period) });
  }

  problem.constraints.push(...ruleConstraints(problem, ruleRows, classLevel, dayIndexes));

  const meta: ProblemMeta = {
    dayIndexes,
    classLevels: Object.fromEntries(classRows.map((c) => [c.id, c.levelId ?? ''])),
    levels: levelRows.map((l) => ({ id: l.id, name: l.name })),
    bellSchedules: Object.fromEntries([
      ['default', scheduleOf(schedules, null).periods],
      ...levelRows.map((l) => [l.id, scheduleOf(schedules, l.id).periods] as const),
    ]),
    fixedSlots: fixedRows.map((f) => ({ label: f.label, day: f.day, period: f.period, levelId: f.levelId })),
    activityAssignments,
  };
  if (opts.base) applyBase(problem, meta, opts.base.lessons, opts.levelId ?? null);
  return { problem, meta };
}

type RuleRow = { kind: string; weight: number; params: Record<string, unknown> };

/**
 * Rules → constraints (issue 16 §1): subjectDistinctDays → minDaysBetween 1 over each stream's lessons
 * of the subject; subjectMaxPerDay → maxPerDay per stream and subject; teacherMaxPerDay →
 * teacherMaxHoursDaily; teacherMaxInARow → teacherMaxHoursContinuously; teacherMaxGapsPerDay;
 * studentsMaxGapsPerDay (per stream of a level, or every stream); preferredTimes →
 * preferredStartingTimes over the subject's lessons. Weight 0 rules are left out.
 */
export function ruleConstraints(problem: TimetableProblem, rules: RuleRow[], classLevel: Map<string, string | null>, dayIndexes: number[]): Constraint[] {
  const out: Constraint[] = [];
  const D = problem.days.length;
  const P = problem.periods.length;
  // Stream x subject → activity ids (a combined lesson counts for each of its streams).
  const bySetSubject = new Map<string, { setId: string; subjectId: string; ids: string[] }>();
  for (const a of problem.activities) {
    for (const s of a.studentSetIds) {
      const key = `${s}|${a.subjectId}`;
      const entry = bySetSubject.get(key) ?? { setId: s, subjectId: a.subjectId, ids: [] };
      entry.ids.push(a.id);
      bySetSubject.set(key, entry);
    }
  }
  for (const rule of rules) {
    const w = rule.weight;
    if (w <= 0) continue;
    const p = rule.params as { subjectId?: string; teacherId?: string; levelId?: string; max?: number; periods?: number[]; days?: number[] };
    const inLevel = (setId: string) => !p.levelId || classLevel.get(setId) === p.levelId;
    switch (rule.kind) {
      case 'subjectDistinctDays':
        for (const e of bySetSubject.values()) {
          if ((p.subjectId && e.subjectId !== p.subjectId) || !inLevel(e.setId) || e.ids.length < 2) continue;
          out.push({ type: 'minDaysBetween', weight: w, activityIds: [...e.ids], minDays: 1, consecutiveIfSameDay: true });
        }
        break;
      case 'subjectMaxPerDay':
        if (p.max === undefined) break;
        for (const e of bySetSubject.values()) {
          if ((p.subjectId && e.subjectId !== p.subjectId) || !inLevel(e.setId) || e.ids.length <= p.max) continue;
          out.push({ type: 'maxPerDay', weight: w, activityIds: [...e.ids], max: p.max });
        }
        break;
      case 'teacherMaxPerDay':
        if (p.max !== undefined) out.push({ type: 'teacherMaxHoursDaily', weight: w, teacherId: p.teacherId ?? null, maxHours: p.max });
        break;
      case 'teacherMaxInARow':
        if (p.max !== undefined) out.push({ type: 'teacherMaxHoursContinuously', weight: w, teacherId: p.teacherId ?? null, maxHours: p.max });
        break;
      case 'teacherMaxGapsPerDay':
        if (p.max !== undefined) out.push({ type: 'teacherMaxGapsPerDay', weight: w, teacherId: p.teacherId ?? null, maxGaps: p.max });
        break;
      case 'studentsMaxGapsPerDay':
        if (p.max === undefined) break;
        if (!p.levelId) out.push({ type: 'studentsMaxGapsPerDay', weight: w, studentSetId: null, maxGaps: p.max });
        else
          for (const s of problem.studentSets)
            if (classLevel.get(s.id) === p.levelId) out.push({ type: 'studentsMaxGapsPerDay', weight: w, studentSetId: s.id, maxGaps: p.max });
        break;
      case 'preferredTimes': {
        if (!p.subjectId || !p.periods?.length) break;
        const ids = problem.activities.filter((a) => a.subjectId === p.subjectId && a.studentSetIds.some(inLevel)).map((a) => a.id);
        if (!ids.length) break;
        const slots: Slot[] = [];
        for (let d = 0; d < D; d++) {
          if (p.days?.length && !p.days.includes(dayIndexes[d]!)) continue;
          for (const period of p.periods) if (period < P) slots.push({ day: d, period });
        }
        out.push({ type: 'preferredStartingTimes', weight: w, activityIds: ids, slots });
        break;
      }
      default:
        break;
    }
  }
  return out;
}

/**
 * Applies a base version to a problem (issue 16 §2 "re-generate keeping locked lessons; generate for
 * one level without touching the others"): its locked lessons become `fixed`; with `levelId`, every
 * placed lesson of a stream outside that level is fixed too, and lessons outside the level that the
 * base did not place are left out of the search. Lessons of the base that the problem no longer has are
 * ignored. Returns the ids of the base's locked lessons (their `locked` flag is carried over) and
 * those left out.
 */
export function applyBase(problem: TimetableProblem, meta: ProblemMeta | null, lessons: BaseLesson[], levelId: string | null): { lockedIds: Set<string>; droppedIds: string[] } {
  const byId = new Map(lessons.map((l) => [l.activityId, l]));
  const lockedIds = new Set<string>();
  const droppedIds: string[] = [];
  const outside = (a: Activity) => levelId !== null && !!meta && a.studentSetIds.every((s) => meta.classLevels[s] !== levelId);
  const kept: Activity[] = [];
  for (const a of problem.activities) {
    const base = byId.get(a.id);
    if (base?.locked) lockedIds.add(a.id);
    if (base && (base.locked || outside(a))) {
      a.fixed = { day: base.day, period: base.period, roomId: base.roomId };
      kept.push(a);
    } else if (outside(a)) {
      droppedIds.push(a.id);
    } else kept.push(a);
  }
  if (droppedIds.length) {
    const dropped = new Set(droppedIds);
    problem.activities = kept;
    // Constraints naming only dropped lessons go; the others lose the dropped ids.
    problem.constraints = problem.constraints.flatMap((c) => {
      if (!('activityIds' in c)) return [c];
      const ids = c.activityIds.filter((id) => !dropped.has(id));
      return ids.length ? [{ ...c, activityIds: ids } as Constraint] : [];
    });
  }
  return { lockedIds, droppedIds };
}
