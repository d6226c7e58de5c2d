/**
 * The solver's compiled form of a TimetableProblem (issue 16 §2): everything integer-indexed into typed
 * arrays so the search loop does no string or Map work. Slot index s = day * P + period.
 *
 * Hard (weight 100) unary rules become each activity's domain of start slots and candidate rooms;
 * hard rules between activities (minDaysBetween, maxPerDay, teacherMaxHoursDaily) are enforced by the
 * search as conflicts; hard gap / lessons-in-a-row rules are a penalty the search drives to zero.
 * Soft rules are scored exactly as checker.ts defines them.
 */
import type { TimetableProblem } from './types.js';

/** A per-resource rule over one day's busy-period bitmask (teachers and atomic student groups). */
export interface DayRule {
  kind: 'daily' | 'cont' | 'gapsDay' | 'gapsWeek';
  /** `kind` as a number for the search's hot loop: 0 daily, 1 cont, 2 gapsDay, 3 gapsWeek. */
  code: number;
  max: number;
  weight: number;
  hard: boolean;
}

export interface PairRule {
  members: Int32Array;
  hard: boolean;
  weight: number;
  /** minDays for minDaysBetween, max for maxPerDay. */
  value: number;
}

export interface Model {
  N: number;
  T: number;
  G: number;
  R: number;
  D: number;
  P: number;
  S: number;
  dur: Int32Array;
  actTeachers: Int32Array[];
  actGroups: Int32Array[];
  /** Start slots allowed by every hard unary rule; the fixed start only for locked activities. */
  domain: Int32Array[];
  /** Candidate room indices; -1 = no room. */
  rooms: Int32Array[];
  /** Soft cost of each candidate room (aligned with `rooms`), excluding room not-available. */
  roomCost: Float64Array[];
  fixed: Uint8Array;
  /** Soft cost of starting activity a at slot s: unarySoft[a * S + s]. */
  unarySoft: Float64Array;
  /** Hard room unavailability per room slot. */
  roomBlocked: Uint8Array;
  /** Soft room unavailability weight per room slot. */
  roomSoftNA: Float64Array;
  teacherRules: DayRule[][];
  groupRules: DayRule[][];
  /**
   * Periods that never count as a gap, as a bitmask per teacher day (t * D + d) and per atomic group
   * day (g * D + d): the weight-100 not-available periods of the teacher / of any set containing the
   * group (FET's definition of a gap; checker.ts counts the same way).
   */
  teacherOff: Int32Array;
  groupOff: Int32Array;
  /** Smallest hard teacherMaxHoursDaily per teacher (Infinity = none). */
  hardDaily: Float64Array;
  minDays: PairRule[];
  maxPerDay: PairRule[];
  actMinDays: number[][];
  actMaxPerDay: number[][];
  teacherIndex: Map<string, number>;
  groupIndex: Map<string, number>;
  roomIndex: Map<string, number>;
  activityIndex: Map<string, number>;
  /** Activity ids referring to unknown teachers, sets or rooms (precheck reports them). */
  unknownRefs: { activity: number; what: string }[];
}

/** Compiles `problem` into the integer model. Never throws on bad references: it records them. */
export function compile(problem: TimetableProblem): Model {
  const D = problem.days.length;
  const P = problem.periods.length;
  const S = D * P;
  const N = problem.activities.length;
  const teacherIndex = new Map(problem.teachers.map((t, i) => [t.id, i]));
  const groupIndex = new Map(problem.studentGroups.map((g, i) => [g.id, i]));
  const roomIndex = new Map(problem.rooms.map((r, i) => [r.id, i]));
  const activityIndex = new Map(problem.activities.map((a, i) => [a.id, i]));
  const setGroups = new Map<string, number[]>();
  for (const s of problem.studentSets) setGroups.set(s.id, s.groupIds.map((g) => groupIndex.get(g)).filter((g): g is number => g !== undefined));
  const T = problem.teachers.length;
  const G = problem.studentGroups.length;
  const R = problem.rooms.length;
  const unknownRefs: Model['unknownRefs'] = [];

  const dur = new Int32Array(N);
  const actTeachers: Int32Array[] = [];
  const actGroups: Int32Array[] = [];
  const fixed = new Uint8Array(N);
  problem.activities.forEach((a, i) => {
    dur[i] = Math.max(1, Math.floor(a.duration));
    const ts: number[] = [];
    for (const t of a.teacherIds) {
      const ti = teacherIndex.get(t);
      if (ti === undefined) unknownRefs.push({ activity: i, what: 'teacher' });
      else if (!ts.includes(ti)) ts.push(ti);
    }
    const gs: number[] = [];
    for (const sid of a.studentSetIds) {
      const g = setGroups.get(sid);
      if (!g) unknownRefs.push({ activity: i, what: 'class' });
      else for (const gi of g) if (!gs.includes(gi)) gs.push(gi);
    }
    actTeachers.push(Int32Array.from(ts));
    actGroups.push(Int32Array.from(gs));
    if (a.fixed) fixed[i] = 1;
  });

  // Unary rules: hard ones cut the domain, soft ones cost per start slot.
  const teacherNA = new Uint8Array(T * S);
  const groupNA = new Uint8Array(G * S);
  const roomBlocked = new Uint8Array(R * S);
  const roomSoftNA = new Float64Array(R * S);
  const unarySoft = new Float64Array(N * S);
  const allowedStart: (Uint8Array | null)[] = new Array(N).fill(null);
  const hardRoomSets: (Set<number> | null)[] = new Array(N).fill(null);
  const softRoomPrefs: { weight: number; rooms: Set<number> }[][] = Array.from({ length: N }, () => []);
  const actsOfTeacher: number[][] = Array.from({ length: T }, () => []);
  const actsOfGroup: number[][] = Array.from({ length: G }, () => []);
  for (let i = 0; i < N; i++) {
    for (const t of actTeachers[i]) actsOfTeacher[t].push(i);
    for (const g of actGroups[i]) actsOfGroup[g].push(i);
  }
  const slotOk = (sl: { day: number; period: number }) => sl.day >= 0 && sl.day < D && sl.period >= 0 && sl.period < P;
  /** Adds weight x (periods of the lesson in blocked slots) to each start of activity i. */
  const addSoftUnavailable = (i: number, blocked: Uint8Array, weight: number) => {
    for (let d = 0; d < D; d++) {
      for (let p = 0; p + dur[i] <= P; p++) {
        let n = 0;
        for (let k = 0; k < dur[i]; k++) n += blocked[d * P + p + k];
        if (n) unarySoft[i * S + d * P + p] += weight * n;
      }
    }
  };

  const teacherRules: DayRule[][] = Array.from({ length: T }, () => []);
  const groupRules: DayRule[][] = Array.from({ length: G }, () => []);
  const hardDaily = new Float64Array(T).fill(Infinity);
  const minDays: PairRule[] = [];
  const maxPerDay: PairRule[] = [];

  for (const c of problem.constraints) {
    if (!(c.weight > 0)) continue;
    const hard = c.weight >= 100;
    switch (c.type) {
      case 'teacherNotAvailable': {
        const t = teacherIndex.get(c.teacherId);
        if (t === undefined) break;
        const blocked = new Uint8Array(S);
        for (const sl of c.slots) if (slotOk(sl)) blocked[sl.day * P + sl.period] = 1;
        if (hard) for (let s = 0; s < S; s++) teacherNA[t * S + s] |= blocked[s];
        else for (const i of actsOfTeacher[t]) addSoftUnavailable(i, blocked, c.weight);
        break;
      }
      case 'studentsNotAvailable': {
        const gs = setGroups.get(c.studentSetId);
        if (!gs) break;
        const blocked = new Uint8Array(S);
        for (const sl of c.slots) if (slotOk(sl)) blocked[sl.day * P + sl.period] = 1;
        if (hard) {
          for (const g of gs) for (let s = 0; s < S; s++) groupNA[g * S + s] |= blocked[s];
        } else {
          const acts = new Set<number>();
          for (const g of gs) for (const i of actsOfGroup[g]) acts.add(i);
          for (const i of acts) addSoftUnavailable(i, blocked, c.weight);
        }
        break;
      }
      case 'roomNotAvailable': {
        const r = roomIndex.get(c.roomId);
        if (r === undefined) break;
        for (const sl of c.slots) {
          if (!slotOk(sl)) continue;
          if (hard) roomBlocked[r * S + sl.day * P + sl.period] = 1;
          else roomSoftNA[r * S + sl.day * P + sl.period] += c.weight;
        }
        break;
      }
      case 'preferredStartingTimes': {
        const ok = new Uint8Array(S);
        for (const sl of c.slots) if (slotOk(sl)) ok[sl.day * P + sl.period] = 1;
        for (const id of c.activityIds) {
          const i = activityIndex.get(id);
          if (i === undefined) continue;
          if (hard) {
            const prev = allowedStart[i];
            if (prev) for (let s = 0; s < S; s++) prev[s] &= ok[s];
            else allowedStart[i] = ok.slice();
          } else {
            for (let s = 0; s < S; s++) if (!ok[s]) unarySoft[i * S + s] += c.weight;
          }
        }
        break;
      }
      case 'preferredRooms': {
        const set = new Set<number>();
        for (const r of c.roomIds) {
          const ri = roomIndex.get(r);
          if (ri !== undefined) set.add(ri);
        }
        for (const id of c.activityIds) {
          const i = activityIndex.get(id);
          if (i === undefined) continue;
          if (hard) {
            const prev = hardRoomSets[i];
            hardRoomSets[i] = prev ? new Set([...prev].filter((r) => set.has(r))) : new Set(set);
          } else softRoomPrefs[i].push({ weight: c.weight, rooms: set });
        }
        break;
      }
      case 'minDaysBetween':
      case 'maxPerDay': {
        const members = Int32Array.from(c.activityIds.map((id) => activityIndex.get(id)).filter((i): i is number => i !== undefined));
        if (members.length < 2) break;
        if (c.type === 'minDaysBetween') {
          if (c.minDays > 0) minDays.push({ members, hard, weight: c.weight, value: c.minDays });
        } else maxPerDay.push({ members, hard, weight: c.weight, value: c.max });
        break;
      }
      case 'teacherMaxHoursDaily':
      case 'teacherMaxHoursContinuously':
      case 'teacherMaxGapsPerDay':
      case 'teacherMaxGapsPerWeek': {
        const kind = c.type === 'teacherMaxHoursDaily' ? 'daily' : c.type === 'teacherMaxHoursContinuously' ? 'cont' : c.type === 'teacherMaxGapsPerDay' ? 'gapsDay' : 'gapsWeek';
        const max = kind === 'daily' || kind === 'cont' ? (c as { maxHours: number }).maxHours : (c as { maxGaps: number }).maxGaps;
        const ts = c.teacherId == null ? [...Array(T).keys()] : [teacherIndex.get(c.teacherId)].filter((t): t is number => t !== undefined);
        for (const t of ts) {
          teacherRules[t].push({ kind, code: RULE_CODE[kind], max, weight: c.weight, hard });
          if (kind === 'daily' && hard) hardDaily[t] = Math.min(hardDaily[t], max);
        }
        break;
      }
      case 'studentsMaxGapsPerDay':
      case 'studentsMaxGapsPerWeek': {
        const kind = c.type === 'studentsMaxGapsPerDay' ? 'gapsDay' : 'gapsWeek';
        const gs = c.studentSetId == null ? [...Array(G).keys()] : (setGroups.get(c.studentSetId) ?? []);
        for (const g of gs) groupRules[g].push({ kind, code: RULE_CODE[kind], max: c.maxGaps, weight: c.weight, hard });
        break;
      }
    }
  }

  const domain: Int32Array[] = [];
  const rooms: Int32Array[] = [];
  const roomCost: Float64Array[] = [];
  problem.activities.forEach((a, i) => {
    const students = a.students ?? 0;
    const fits = (r: number) => !(students > 0 && students > problem.rooms[r].capacity);
    // Candidate rooms.
    let cands: number[];
    if (a.fixed && a.fixed.roomId != null) {
      const r = roomIndex.get(a.fixed.roomId);
      cands = r === undefined ? [] : [r];
      if (r === undefined) unknownRefs.push({ activity: i, what: 'room' });
    } else if (hardRoomSets[i]) {
      cands = [...hardRoomSets[i]!].filter(fits).sort((x, y) => x - y);
    } else if (softRoomPrefs[i].length) {
      const union = new Set<number>();
      for (const pref of softRoomPrefs[i]) for (const r of pref.rooms) if (fits(r)) union.add(r);
      cands = [...[...union].sort((x, y) => x - y), -1];
    } else cands = [-1];
    rooms.push(Int32Array.from(cands));
    roomCost.push(Float64Array.from(cands.map((r) => softRoomPrefs[i].reduce((sum, pref) => sum + (r >= 0 && pref.rooms.has(r) ? 0 : pref.weight), 0))));
    // Start slots.
    const starts: number[] = [];
    const d0 = dur[i];
    for (let d = 0; d < D; d++) {
      for (let p = 0; p + d0 <= P; p++) {
        const s = d * P + p;
        if (a.fixed && (a.fixed.day !== d || a.fixed.period !== p)) continue;
        const allowed = allowedStart[i];
        if (allowed && !allowed[s] && !a.fixed) continue;
        let ok = true;
        for (let k = 0; k < d0 && ok; k++) {
          for (const t of actTeachers[i]) if (teacherNA[t * S + s + k]) ok = false;
          for (const g of actGroups[i]) if (groupNA[g * S + s + k]) ok = false;
        }
        if (ok && allowed && !allowed[s]) ok = false;
        if (ok) starts.push(s);
      }
    }
    domain.push(Int32Array.from(starts));
  });

  const teacherOff = new Int32Array(T * D);
  const groupOff = new Int32Array(G * D);
  for (let t = 0; t < T; t++) for (let s = 0; s < S; s++) if (teacherNA[t * S + s]) teacherOff[t * D + ((s / P) | 0)] |= 1 << s % P;
  for (let g = 0; g < G; g++) for (let s = 0; s < S; s++) if (groupNA[g * S + s]) groupOff[g * D + ((s / P) | 0)] |= 1 << s % P;

  const actMinDays: number[][] = Array.from({ length: N }, () => []);
  const actMaxPerDay: number[][] = Array.from({ length: N }, () => []);
  minDays.forEach((c, ci) => c.members.forEach((i) => actMinDays[i].push(ci)));
  maxPerDay.forEach((c, ci) => c.members.forEach((i) => actMaxPerDay[i].push(ci)));

  return {
    N, T, G, R, D, P, S, dur, actTeachers, actGroups, domain, rooms, roomCost, fixed, unarySoft, roomBlocked, roomSoftNA,
    teacherRules, groupRules, teacherOff, groupOff, hardDaily, minDays, maxPerDay, actMinDays, actMaxPerDay, teacherIndex, groupIndex, roomIndex, activityIndex, unknownRefs,
  };
}

const RULE_CODE = { daily: 0, cont: 1, gapsDay: 2, gapsWeek: 3 } as const;
