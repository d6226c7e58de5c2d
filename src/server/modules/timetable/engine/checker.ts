/**
 * The independent checker (issue 16 "Done when"): given a problem and placements, lists every broken
 * rule. Written on purpose without any code from the solver: plain loops over the placements, so that a
 * bug in the solver's incremental bookkeeping cannot hide a clash. Tests and the server use it to prove
 * that a generated or hand-edited timetable has no hidden clash.
 *
 * Rule definitions (the solver scores the same way):
 *  - a constraint of weight >= 100 is hard; weight 0 is ignored; otherwise penalty = weight x breach;
 *  - not-available: breach = periods of a lesson inside unavailable slots;
 *  - minDaysBetween: breach = pairs of the activities placed fewer than minDays days apart;
 *  - maxPerDay: breach = lessons above max on each day;
 *  - preferredStartingTimes / preferredRooms: breach 1 per activity outside the set (no room = outside);
 *  - teacherMaxHoursDaily: periods above max per day; teacherMaxHoursContinuously: for each run of
 *    consecutive busy periods longer than max, its excess;
 *  - gaps: an empty period between a teacher's (group's) first and last lesson of the day, except a
 *    period in which that teacher (a students set containing that group) is not available with weight
 *    100: as in FET, such a period is not a gap (FET does not count breaks either; breaks are not
 *    slots here). Per day: excess per day; per week: excess of the week's total.
 */
import { timetableEngineMessages as m } from '../../../../shared/messages/timetable-engine.js';
import type { Activity, Placement, TimetableProblem, Violation } from './types.js';

export interface CheckOptions {
  /** Partial timetables: activities without a placement are not reported (duplicates still are). */
  allowUnplaced?: boolean;
}

export interface CheckResult {
  hard: Violation[];
  soft: Violation[];
  softScore: number;
}

/** Checks `placements` against every rule of `problem`; see the file comment for the definitions. */
export function checkTimetable(problem: TimetableProblem, placements: Placement[], options: CheckOptions = {}): CheckResult {
  const hard: Violation[] = [];
  const soft: Violation[] = [];
  let softScore = 0;
  const D = problem.days.length;
  const P = problem.periods.length;

  const report = (constraint: Violation['constraint'], weight: number, breach: number, message: string, activityIds: string[]) => {
    if (breach <= 0 || weight <= 0) return;
    if (weight >= 100) {
      hard.push({ constraint, hard: true, message, activityIds, penalty: 0 });
    } else {
      const penalty = weight * breach;
      softScore += penalty;
      soft.push({ constraint, hard: false, message, activityIds, penalty });
    }
  };
  const hardViolation = (constraint: Violation['constraint'], message: string, activityIds: string[]) => report(constraint, 100, 1, message, activityIds);

  const activityById = new Map<string, Activity>();
  for (const a of problem.activities) activityById.set(a.id, a);
  const teacherName = new Map(problem.teachers.map((t) => [t.id, t.name]));
  const groupName = new Map(problem.studentGroups.map((g) => [g.id, g.name]));
  const setById = new Map(problem.studentSets.map((s) => [s.id, s]));
  const roomById = new Map(problem.rooms.map((r) => [r.id, r]));
  const subjectName = new Map(problem.subjects.map((s) => [s.id, s.name]));
  const label = (a: Activity) =>
    m.lessonLabel(
      subjectName.get(a.subjectId) ?? a.subjectId,
      a.studentSetIds.map((s) => setById.get(s)?.name ?? s).join(' + '),
      a.teacherIds.map((t) => teacherName.get(t) ?? t).join(', '),
    );
  const dayName = (d: number) => problem.days[d] ?? String(d);
  const periodName = (p: number) => problem.periods[p] ?? String(p);

  // Lesson count: each activity exactly once.
  const count = new Map<string, number>();
  for (const pl of placements) count.set(pl.activityId, (count.get(pl.activityId) ?? 0) + 1);
  for (const [id, n] of count) {
    const a = activityById.get(id);
    if (!a) hardViolation('lessonCount', m.vUnknownActivity(id), [id]);
    else if (n > 1) hardViolation('lessonCount', m.vLessonTwice(label(a), n), [id]);
  }
  if (!options.allowUnplaced) {
    for (const a of problem.activities) if (!count.has(a.id)) hardViolation('lessonCount', m.vLessonMissing(label(a)), [a.id]);
  }

  // Only placements of known activities that sit inside the grid take part in the other checks.
  const valid: { a: Activity; p: Placement }[] = [];
  for (const pl of placements) {
    const a = activityById.get(pl.activityId);
    if (!a) continue;
    const inGrid =
      Number.isInteger(pl.day) && Number.isInteger(pl.period) && pl.day >= 0 && pl.day < D && pl.period >= 0 && a.duration >= 1 && pl.period + a.duration <= P;
    if (!inGrid) {
      hardViolation('outOfGrid', m.vOutOfGrid(label(a)), [a.id]);
      continue;
    }
    valid.push({ a, p: pl });
  }

  // The atomic groups of each activity, computed once.
  const groupsOfActivity = new Map<string, string[]>();
  for (const a of problem.activities) {
    const out = new Set<string>();
    for (const sid of a.studentSetIds) for (const g of setById.get(sid)?.groupIds ?? []) out.add(g);
    groupsOfActivity.set(a.id, [...out]);
  }
  const groupsOf = (a: Activity): string[] => groupsOfActivity.get(a.id) ?? [];

  // Busy cells: resource -> "day,period" -> activity ids.
  const teacherCells = new Map<string, Map<string, string[]>>();
  const groupCells = new Map<string, Map<string, string[]>>();
  const roomCells = new Map<string, Map<string, string[]>>();
  const mark = (cells: Map<string, Map<string, string[]>>, key: string, day: number, period: number, id: string) => {
    let inner = cells.get(key);
    if (!inner) cells.set(key, (inner = new Map()));
    const k = `${day},${period}`;
    const list = inner.get(k);
    if (list) list.push(id);
    else inner.set(k, [id]);
  };
  for (const { a, p } of valid) {
    for (let i = 0; i < a.duration; i++) {
      for (const t of a.teacherIds) mark(teacherCells, t, p.day, p.period + i, a.id);
      for (const g of groupsOf(a)) mark(groupCells, g, p.day, p.period + i, a.id);
      if (p.roomId) mark(roomCells, p.roomId, p.day, p.period + i, a.id);
    }
  }
  const clashes = (cells: Map<string, Map<string, string[]>>, kind: 'teacherClash' | 'studentsClash' | 'roomClash', name: (id: string) => string) => {
    for (const [key, inner] of cells) {
      for (const [cell, ids] of inner) {
        if (ids.length < 2) continue;
        const [d, pp] = cell.split(',').map(Number);
        const msg =
          kind === 'teacherClash'
            ? m.vTeacherClash(name(key), dayName(d), periodName(pp))
            : kind === 'studentsClash'
              ? m.vStudentsClash(name(key), dayName(d), periodName(pp))
              : m.vRoomClash(name(key), dayName(d), periodName(pp));
        hardViolation(kind, msg, ids);
      }
    }
  };
  clashes(teacherCells, 'teacherClash', (id) => teacherName.get(id) ?? id);
  clashes(groupCells, 'studentsClash', (id) => groupName.get(id) ?? id);
  clashes(roomCells, 'roomClash', (id) => roomById.get(id)?.name ?? id);

  // Locks, rooms and capacity.
  for (const { a, p } of valid) {
    if (a.fixed) {
      const moved = a.fixed.day !== p.day || a.fixed.period !== p.period || (a.fixed.roomId != null && a.fixed.roomId !== p.roomId);
      if (moved) hardViolation('fixed', m.vFixed(label(a)), [a.id]);
    }
    if (p.roomId) {
      const room = roomById.get(p.roomId);
      if (!room) hardViolation('roomCapacity', m.vUnknownRoom(label(a)), [a.id]);
      else if ((a.students ?? 0) > 0 && (a.students ?? 0) > room.capacity)
        hardViolation('roomCapacity', m.vRoomCapacity(label(a), room.name, a.students ?? 0, room.capacity), [a.id]);
    }
  }

  const placedById = new Map<string, Placement>();
  for (const { a, p } of valid) placedById.set(a.id, p);

  /** Busy periods of a day for a set of lessons: a boolean per period. */
  const busyByDay = (lessons: { a: Activity; p: Placement }[]): boolean[][] => {
    const busy: boolean[][] = [];
    for (let d = 0; d < D; d++) busy.push(new Array<boolean>(P).fill(false));
    for (const { a, p } of lessons) for (let i = 0; i < a.duration; i++) busy[p.day][p.period + i] = true;
    return busy;
  };
  // Periods that are never a gap: hard (weight 100) not-available periods per teacher and per atomic
  // group ("day,period" keys), as FET counts gaps.
  const teacherOff = new Map<string, Set<string>>();
  const groupOff = new Map<string, Set<string>>();
  const addOff = (map: Map<string, Set<string>>, key: string, slots: { day: number; period: number }[]) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    for (const s of slots) set.add(`${s.day},${s.period}`);
  };
  for (const c of problem.constraints) {
    if (c.weight < 100) continue;
    if (c.type === 'teacherNotAvailable') addOff(teacherOff, c.teacherId, c.slots);
    if (c.type === 'studentsNotAvailable') for (const g of setById.get(c.studentSetId)?.groupIds ?? []) addOff(groupOff, g, c.slots);
  }
  /** Free periods between the first and last busy period of day `day`, not counting `off` periods. */
  const gapsOf = (row: boolean[], day: number, off: Set<string> | undefined): number => {
    let first = -1;
    let last = -1;
    for (let i = 0; i < row.length; i++) {
      if (row[i]) {
        if (first < 0) first = i;
        last = i;
      }
    }
    if (first < 0) return 0;
    let gaps = 0;
    for (let i = first; i <= last; i++) if (!row[i] && !off?.has(`${day},${i}`)) gaps++;
    return gaps;
  };
  // Placed lessons per teacher and per atomic group.
  const byTeacher = new Map<string, { a: Activity; p: Placement }[]>();
  const byGroup = new Map<string, { a: Activity; p: Placement }[]>();
  for (const lesson of valid) {
    for (const t of new Set(lesson.a.teacherIds)) {
      if (!byTeacher.has(t)) byTeacher.set(t, []);
      byTeacher.get(t)!.push(lesson);
    }
    for (const g of groupsOf(lesson.a)) {
      if (!byGroup.has(g)) byGroup.set(g, []);
      byGroup.get(g)!.push(lesson);
    }
  }
  const lessonsOfTeacher = (t: string) => byTeacher.get(t) ?? [];
  const lessonsOfGroup = (g: string) => byGroup.get(g) ?? [];
  const idsOn = (lessons: { a: Activity; p: Placement }[], day?: number) =>
    lessons.filter(({ p }) => day === undefined || p.day === day).map(({ a }) => a.id);

  for (const c of problem.constraints) {
    if (c.weight <= 0) continue;
    switch (c.type) {
      case 'teacherNotAvailable':
      case 'studentsNotAvailable':
      case 'roomNotAvailable': {
        const blocked = new Set(c.slots.map((s) => `${s.day},${s.period}`));
        for (const { a, p } of valid) {
          let applies = false;
          let who = '';
          if (c.type === 'teacherNotAvailable') {
            applies = a.teacherIds.includes(c.teacherId);
            who = teacherName.get(c.teacherId) ?? c.teacherId;
          } else if (c.type === 'studentsNotAvailable') {
            const set = setById.get(c.studentSetId);
            const gs = groupsOf(a);
            applies = !!set && set.groupIds.some((g) => gs.includes(g));
            who = set?.name ?? c.studentSetId;
          } else {
            applies = p.roomId === c.roomId;
            who = roomById.get(c.roomId)?.name ?? c.roomId;
          }
          if (!applies) continue;
          let n = 0;
          for (let i = 0; i < a.duration; i++) if (blocked.has(`${p.day},${p.period + i}`)) n++;
          const msg =
            c.type === 'teacherNotAvailable'
              ? m.vTeacherNotAvailable(who, label(a), n)
              : c.type === 'studentsNotAvailable'
                ? m.vStudentsNotAvailable(who, label(a), n)
                : m.vRoomNotAvailable(who, label(a), n);
          report(c.type, c.weight, n, msg, [a.id]);
        }
        break;
      }
      case 'minDaysBetween': {
        const ids = c.activityIds.filter((id) => placedById.has(id));
        for (let i = 0; i < ids.length; i++) {
          for (let j = i + 1; j < ids.length; j++) {
            const di = placedById.get(ids[i])!.day;
            const dj = placedById.get(ids[j])!.day;
            if (Math.abs(di - dj) < c.minDays) {
              const ai = activityById.get(ids[i])!;
              const aj = activityById.get(ids[j])!;
              const [li, lj] = [label(ai), label(aj)];
              const msg = li === lj ? m.vMinDaysSame(li, dayName(Math.min(di, dj)), c.minDays) : m.vMinDays(li, lj, c.minDays);
              report(c.type, c.weight, 1, msg, [ids[i], ids[j]]);
            }
          }
        }
        break;
      }
      case 'maxPerDay': {
        for (let d = 0; d < D; d++) {
          const ids = c.activityIds.filter((id) => placedById.get(id)?.day === d);
          report(c.type, c.weight, ids.length - c.max, m.vMaxPerDay(dayName(d), ids.length, c.max), ids);
        }
        break;
      }
      case 'preferredStartingTimes': {
        const ok = new Set(c.slots.map((s) => `${s.day},${s.period}`));
        for (const id of c.activityIds) {
          const p = placedById.get(id);
          if (!p) continue;
          if (!ok.has(`${p.day},${p.period}`)) report(c.type, c.weight, 1, m.vPreferredStart(label(activityById.get(id)!)), [id]);
        }
        break;
      }
      case 'preferredRooms': {
        for (const id of c.activityIds) {
          const p = placedById.get(id);
          if (!p) continue;
          if (p.roomId == null || !c.roomIds.includes(p.roomId)) report(c.type, c.weight, 1, m.vPreferredRoom(label(activityById.get(id)!)), [id]);
        }
        break;
      }
      case 'teacherMaxHoursDaily':
      case 'teacherMaxHoursContinuously':
      case 'teacherMaxGapsPerDay':
      case 'teacherMaxGapsPerWeek': {
        const teachers = c.teacherId == null ? problem.teachers.map((t) => t.id) : [c.teacherId];
        for (const t of teachers) {
          const lessons = lessonsOfTeacher(t);
          const busy = busyByDay(lessons);
          const name = teacherName.get(t) ?? t;
          let weekGaps = 0;
          for (let d = 0; d < D; d++) {
            const row = busy[d];
            if (c.type === 'teacherMaxHoursDaily') {
              const hours = row.filter(Boolean).length;
              report(c.type, c.weight, hours - c.maxHours, m.vTeacherMaxDaily(name, dayName(d), hours, c.maxHours), idsOn(lessons, d));
            } else if (c.type === 'teacherMaxHoursContinuously') {
              let run = 0;
              for (let i = 0; i <= P; i++) {
                if (i < P && row[i]) {
                  run++;
                } else {
                  if (run > c.maxHours) report(c.type, c.weight, run - c.maxHours, m.vTeacherMaxContinuous(name, dayName(d), run, c.maxHours), idsOn(lessons, d));
                  run = 0;
                }
              }
            } else if (c.type === 'teacherMaxGapsPerDay') {
              const g = gapsOf(row, d, teacherOff.get(t));
              report(c.type, c.weight, g - c.maxGaps, m.vTeacherGapsDay(name, dayName(d), g, c.maxGaps), idsOn(lessons, d));
            } else {
              weekGaps += gapsOf(row, d, teacherOff.get(t));
            }
          }
          if (c.type === 'teacherMaxGapsPerWeek') report(c.type, c.weight, weekGaps - c.maxGaps, m.vTeacherGapsWeek(name, weekGaps, c.maxGaps), idsOn(lessons));
        }
        break;
      }
      case 'studentsMaxGapsPerDay':
      case 'studentsMaxGapsPerWeek': {
        const groups = c.studentSetId == null ? problem.studentGroups.map((g) => g.id) : (setById.get(c.studentSetId)?.groupIds ?? []);
        for (const g of groups) {
          const lessons = lessonsOfGroup(g);
          const busy = busyByDay(lessons);
          const name = groupName.get(g) ?? g;
          let weekGaps = 0;
          for (let d = 0; d < D; d++) {
            const gaps = gapsOf(busy[d], d, groupOff.get(g));
            if (c.type === 'studentsMaxGapsPerDay') report(c.type, c.weight, gaps - c.maxGaps, m.vStudentsGapsDay(name, dayName(d), gaps, c.maxGaps), idsOn(lessons, d));
            else weekGaps += gaps;
          }
          if (c.type === 'studentsMaxGapsPerWeek') report(c.type, c.weight, weekGaps - c.maxGaps, m.vStudentsGapsWeek(name, weekGaps, c.maxGaps), idsOn(lessons));
        }
        break;
      }
    }
  }
  return { hard, soft, softScore };
}
