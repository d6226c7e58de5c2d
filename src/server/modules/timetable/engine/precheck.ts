/**
 * Impossible inputs found before the search (issue 16 "Bad input"): overloaded teachers and classes,
 * no available periods, lessons longer than a day or with no possible start, two locked lessons in the
 * same slot, no room big enough. The server refuses to start a search when this returns issues.
 */
import { timetableEngineMessages as m } from '../../../../shared/messages/timetable-engine.js';
import { compile } from './model.js';
import type { PrecheckIssue, TimetableProblem } from './types.js';

/** Lists the reasons `problem` can never be timetabled without breaking a hard rule; [] when none found. */
export function precheck(problem: TimetableProblem): PrecheckIssue[] {
  const issues: PrecheckIssue[] = [];
  const D = problem.days.length;
  const P = problem.periods.length;
  if (P > 30) {
    issues.push({ code: 'too-many-periods', message: m.tooManyPeriods(P), activityIds: [] });
    return issues;
  }
  const model = compile(problem);
  const { N, S, T, G, dur } = model;
  const setName = new Map(problem.studentSets.map((s) => [s.id, s.name]));
  const subjectName = new Map(problem.subjects.map((s) => [s.id, s.name]));
  const teacherName = new Map(problem.teachers.map((t) => [t.id, t.name]));
  const label = (a: number) => {
    const act = problem.activities[a];
    return m.lessonLabel(
      subjectName.get(act.subjectId) ?? act.subjectId,
      act.studentSetIds.map((s) => setName.get(s) ?? s).join(' + '),
      act.teacherIds.map((t) => teacherName.get(t) ?? t).join(', '),
    );
  };
  const ids = (list: number[]) => list.map((a) => problem.activities[a].id);

  for (const ref of model.unknownRefs) issues.push({ code: 'unknown-reference', message: m.unknownReference(label(ref.activity), ref.what), activityIds: ids([ref.activity]) });

  // Availability per teacher / group: a slot is available when no hard not-available rule covers it.
  // Recomputed from the constraints directly (the compiled model only keeps per-activity domains).
  const teacherNA = new Uint8Array(T * S);
  const groupNA = new Uint8Array(G * S);
  const groupsOfSet = new Map(problem.studentSets.map((s) => [s.id, s.groupIds.map((g) => model.groupIndex.get(g)).filter((g): g is number => g !== undefined)]));
  for (const c of problem.constraints) {
    if (c.weight < 100) continue;
    if (c.type === 'teacherNotAvailable') {
      const t = model.teacherIndex.get(c.teacherId);
      if (t !== undefined) for (const sl of c.slots) if (sl.day >= 0 && sl.day < D && sl.period >= 0 && sl.period < P) teacherNA[t * S + sl.day * P + sl.period] = 1;
    } else if (c.type === 'studentsNotAvailable') {
      for (const g of groupsOfSet.get(c.studentSetId) ?? [])
        for (const sl of c.slots) if (sl.day >= 0 && sl.day < D && sl.period >= 0 && sl.period < P) groupNA[g * S + sl.day * P + sl.period] = 1;
    }
  }
  const teacherActs: number[][] = Array.from({ length: T }, () => []);
  const groupActs: number[][] = Array.from({ length: G }, () => []);
  for (let a = 0; a < N; a++) {
    for (const t of model.actTeachers[a]) teacherActs[t].push(a);
    for (const g of model.actGroups[a]) groupActs[g].push(a);
  }
  for (let t = 0; t < T; t++) {
    if (!teacherActs[t].length) continue;
    let available = 0;
    for (let d = 0; d < D; d++) {
      let free = 0;
      for (let p = 0; p < P; p++) if (!teacherNA[t * S + d * P + p]) free++;
      available += Math.min(free, model.hardDaily[t]);
    }
    const asked = teacherActs[t].reduce((sum, a) => sum + dur[a], 0);
    const name = problem.teachers[t].name;
    if (available === 0) issues.push({ code: 'no-available-periods', message: m.teacherNoPeriods(name), activityIds: ids(teacherActs[t]) });
    else if (asked > available) issues.push({ code: 'teacher-overloaded', message: m.teacherOverloaded(name, asked, available), activityIds: ids(teacherActs[t]) });
  }
  for (let g = 0; g < G; g++) {
    if (!groupActs[g].length) continue;
    let available = 0;
    for (let s = 0; s < S; s++) if (!groupNA[g * S + s]) available++;
    const asked = groupActs[g].reduce((sum, a) => sum + dur[a], 0);
    const name = problem.studentGroups[g].name;
    if (available === 0) issues.push({ code: 'no-available-periods', message: m.groupNoPeriods(name), activityIds: ids(groupActs[g]) });
    else if (asked > available) issues.push({ code: 'class-overloaded', message: m.groupOverloaded(name, asked, available), activityIds: ids(groupActs[g]) });
  }

  // Per activity: length, domain, rooms, locks.
  const cellOwner = new Map<string, number>();
  for (let a = 0; a < N; a++) {
    const act = problem.activities[a];
    if (act.duration > P || act.duration < 1) {
      issues.push({ code: 'duration-too-long', message: m.durationTooLong(label(a), act.duration, P), activityIds: ids([a]) });
      continue;
    }
    if (act.fixed) {
      const f = act.fixed;
      if (!(f.day >= 0 && f.day < D && f.period >= 0 && f.period + dur[a] <= P)) {
        issues.push({ code: 'locked-out-of-grid', message: m.lockedOutOfGrid(label(a)), activityIds: ids([a]) });
        continue;
      }
      if (model.domain[a].length === 0) {
        issues.push({ code: 'locked-not-allowed', message: m.lockedNotAllowed(label(a)), activityIds: ids([a]) });
        continue;
      }
      const s = f.day * P + f.period;
      const roomIdx = f.roomId != null ? model.roomIndex.get(f.roomId) : undefined;
      for (let k = 0; k < dur[a]; k++) {
        const keys: [string, string][] = [];
        for (const t of model.actTeachers[a]) keys.push([`t${t}:${s + k}`, problem.teachers[t].name]);
        for (const g of model.actGroups[a]) keys.push([`g${g}:${s + k}`, problem.studentGroups[g].name]);
        if (roomIdx !== undefined) keys.push([`r${roomIdx}:${s + k}`, problem.rooms[roomIdx].name]);
        for (const [key, resource] of keys) {
          const other = cellOwner.get(key);
          if (other !== undefined && other !== a) {
            issues.push({ code: 'locked-clash', message: m.lockedClash(label(other), label(a), resource), activityIds: ids([other, a]) });
          } else cellOwner.set(key, a);
        }
      }
    } else if (model.domain[a].length === 0) {
      issues.push({ code: 'empty-domain', message: m.emptyDomain(label(a)), activityIds: ids([a]) });
    }
    if (model.rooms[a].length === 0) {
      const anyPreferred = problem.constraints.some((c) => c.type === 'preferredRooms' && c.weight >= 100 && c.activityIds.includes(act.id) && c.roomIds.length > 0);
      issues.push({
        code: 'no-room',
        message: anyPreferred && (act.students ?? 0) > 0 ? m.noRoomBigEnough(label(a), act.students ?? 0) : m.noRoomAvailable(label(a)),
        activityIds: ids([a]),
      });
    }
  }

  // Hard minDaysBetween needing more distinct days than the week has.
  for (const c of model.minDays) {
    if (!c.hard) continue;
    const needed = (c.members.length - 1) * c.value + 1;
    if (needed > D) issues.push({ code: 'min-days-impossible', message: m.tooManyPerDay(label(c.members[0]), c.members.length, D), activityIds: ids([...c.members]) });
  }
  return issues;
}
