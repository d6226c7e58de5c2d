/**
 * The timetable generator (issue 16 §2). Conflict-directed search in the style of Iterated Forward
 * Search / FET's recursive swapping:
 *
 *  1. compile the problem (model.ts): hard unary rules become each lesson's domain of start slots and
 *     candidate rooms; occupancy of teachers, atomic student groups and rooms lives in Int32Arrays;
 *  2. repeatedly take the hardest unplaced lesson and put it at the start slot/room that ejects the
 *     fewest placed lessons (hard minDaysBetween / maxPerDay / teacher max per day count as ejections;
 *     hard gap and lessons-in-a-row rules as a penalty), soft cost and a seeded PRNG breaking ties;
 *     ejected lessons go back to the queue, with a tabu on returning to the slot they left;
 *  3. once everything is placed with no hard breach, improve the soft score by moves and swaps that
 *     keep the timetable hard-feasible, until the time limit or a plateau.
 *
 * The best state (fewest unplaced, then lowest soft score) is returned. As a last guard the result
 * goes through the independent checker and any lesson still involved in a hard violation is moved to
 * `unplaced`, so a returned timetable never has a hidden clash.
 */
import { timetableEngineMessages as m } from '../../../../shared/messages/timetable-engine.js';
import { checkTimetable } from './checker.js';
import { compile, type DayRule, type Model } from './model.js';
import type { Placement, PrecheckIssue, SolveOptions, SolveResult, TimetableProblem, Unplaced } from './types.js';

export { precheck } from './precheck.js';

/** Cost of one unit of hard gap / in-a-row breach against one ejected lesson in slot choice. */
const HARD_PEN_WEIGHT = 1;
/** Share of hard-gap repair steps that take out an edge lesson of a breaching day rather than any of its lessons. */
const EDGE_REPAIR = 0.9;

/** mulberry32: a small seeded PRNG (deterministic runs for a given seed); returns numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The bit helpers below stay module-local on purpose: module-local functions are inlined by V8 in the
// hot loop, while calls through an imported binding (tsx's module getters) cost ~17 % of the search.

/** Number of set bits. */
function popcnt(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Empty periods between the first and last busy period of a day's mask, except `off` periods (not a gap, as in FET). */
function gapsIn(mask: number, off: number): number {
  if (mask === 0) return 0;
  const low = mask & -mask;
  const high = 1 << (31 - Math.clz32(mask));
  return popcnt((((high - low) | 0) | high) & ~(mask | off));
}

/** Sum over runs of consecutive busy periods of (run length - max), for runs longer than max. */
function runOver(mask: number, max: number): number {
  let excess = 0;
  let run = 0;
  while (mask !== 0 || run > 0) {
    if (mask & 1) run++;
    else {
      if (run > max) excess += run - max;
      run = 0;
    }
    mask >>>= 1;
  }
  return excess;
}

/** Breach of one per-day rule for a day mask (`off`: periods that are not gaps). */
function ruleDay(rule: DayRule, mask: number, off: number): number {
  switch (rule.code) {
    case 0:
      return Math.max(0, popcnt(mask) - rule.max);
    case 1:
      return runOver(mask, rule.max);
    case 2:
      return Math.max(0, gapsIn(mask, off) - rule.max);
    default:
      return 0;
  }
}

class Search {
  readonly m: Model;
  readonly rand: () => number;
  start: Int32Array;
  room: Int32Array;
  tOcc: Int32Array;
  gOcc: Int32Array;
  rOcc: Int32Array;
  tMask: Int32Array;
  gMask: Int32Array;
  tWeekGaps: Int32Array;
  gWeekGaps: Int32Array;
  mpdCount: Int32Array;
  /** Hard breach of gap / in-a-row rules (must reach 0). */
  hardPen = 0;
  soft = 0;
  unplaced: number[] = [];
  posInUnplaced: Int32Array;
  tabuUntil: Int32Array;
  stamp: Int32Array;
  stampNow = 1;
  iter = 0;
  rank: Float64Array;
  /** Resources with a hard penalty rule (the only ones that can make hardPen > 0). */
  hardPenTeachers: number[] = [];
  hardPenGroups: number[] = [];
  /** Per activity: the most its placement can lower the hard penalty (hard gap rules of its resources x duration). */
  hardDrop: Int32Array;

  constructor(model: Model, seed: number) {
    this.m = model;
    this.rand = mulberry32(seed);
    const { N, T, G, R, S, D } = model;
    this.start = new Int32Array(N).fill(-1);
    this.room = new Int32Array(N).fill(-1);
    this.tOcc = new Int32Array(T * S).fill(-1);
    this.gOcc = new Int32Array(G * S).fill(-1);
    this.rOcc = new Int32Array(R * S).fill(-1);
    this.tMask = new Int32Array(T * D);
    this.gMask = new Int32Array(G * D);
    this.tWeekGaps = new Int32Array(T);
    this.gWeekGaps = new Int32Array(G);
    this.mpdCount = new Int32Array(model.maxPerDay.length * D);
    this.posInUnplaced = new Int32Array(N).fill(-1);
    this.tabuUntil = new Int32Array(N * S);
    this.stamp = new Int32Array(N);
    this.rank = new Float64Array(N);
    this.hardDrop = new Int32Array(N);
    for (let a = 0; a < N; a++) {
      let rules = 0;
      for (const t of model.actTeachers[a]) for (const r of model.teacherRules[t]) if (r.hard && (r.code === 2 || r.code === 3)) rules++;
      for (const g of model.actGroups[a]) for (const r of model.groupRules[g]) if (r.hard && (r.code === 2 || r.code === 3)) rules++;
      this.hardDrop[a] = rules * model.dur[a];
    }
    for (let t = 0; t < T; t++) if (model.teacherRules[t].some((r) => r.hard && r.kind !== 'daily')) this.hardPenTeachers.push(t);
    for (let g = 0; g < G; g++) if (model.groupRules[g].some((r) => r.hard)) this.hardPenGroups.push(g);
    this.computeRanks();
    for (let a = 0; a < N; a++) this.addUnplaced(a);
  }

  /** Static difficulty: fewer start slots per period of length, busier resources and scarce rooms first. */
  private computeRanks() {
    const { N, T, G, S, R, dur, actTeachers, actGroups, domain, rooms } = this.m;
    const tLoad = new Float64Array(T);
    const gLoad = new Float64Array(G);
    const rDemand = new Float64Array(R);
    for (let a = 0; a < N; a++) {
      for (const t of actTeachers[a]) tLoad[t] += dur[a];
      for (const g of actGroups[a]) gLoad[g] += dur[a];
      if (rooms[a][0] >= 0 && rooms[a][rooms[a].length - 1] >= 0) for (const r of rooms[a]) rDemand[r] += dur[a] / rooms[a].length;
    }
    for (let a = 0; a < N; a++) {
      let load = 0;
      for (const t of actTeachers[a]) load = Math.max(load, tLoad[t] / S);
      for (const g of actGroups[a]) load = Math.max(load, gLoad[g] / S);
      const needsRoom = rooms[a].length > 0 && rooms[a][rooms[a].length - 1] >= 0;
      if (needsRoom) {
        let demand = 0;
        for (const r of rooms[a]) demand += rDemand[r];
        load = Math.max(load, demand / (rooms[a].length * S));
      }
      this.rank[a] = this.m.fixed[a] ? -1e9 : domain[a].length / dur[a] - 40 * load - 5 * dur[a] - (actTeachers[a].length + actGroups[a].length);
    }
  }

  addUnplaced(a: number) {
    this.posInUnplaced[a] = this.unplaced.length;
    this.unplaced.push(a);
  }

  removeUnplaced(a: number) {
    const pos = this.posInUnplaced[a];
    const last = this.unplaced.pop()!;
    if (last !== a) {
      this.unplaced[pos] = last;
      this.posInUnplaced[last] = pos;
    }
    this.posInUnplaced[a] = -1;
  }

  /** Soft and hard-penalty change of a resource's day mask from `oldMask` to `newMask`; hard in [0], soft in [1]. */
  dayDelta(rules: DayRule[], oldMask: number, newMask: number, off: number, weekGaps: number, out: Float64Array) {
    let hard = 0;
    let soft = 0;
    let gOld = -1;
    let gNew = -1;
    for (let i = 0; i < rules.length; i++) {
      const rule = rules[i];
      let delta: number;
      if (rule.code === 3) {
        if (gOld < 0) {
          gOld = gapsIn(oldMask, off);
          gNew = gapsIn(newMask, off);
        }
        const before = weekGaps;
        const after = weekGaps - gOld + gNew;
        delta = Math.max(0, after - rule.max) - Math.max(0, before - rule.max);
      } else {
        if (rule.hard && rule.code === 0) continue; // enforced as conflicts
        delta = ruleDay(rule, newMask, off) - ruleDay(rule, oldMask, off);
      }
      if (delta === 0) continue;
      if (rule.hard) hard += delta;
      else soft += rule.weight * delta;
    }
    out[0] = hard;
    out[1] = soft;
  }

  private tmp = new Float64Array(2);

  /** Occupies (or frees, sign -1) the cells of activity a at start s, room r, updating every tally. */
  private mark(a: number, s: number, r: number, sign: 1 | -1) {
    const { S, P, dur, actTeachers, actGroups, teacherRules, groupRules } = this.m;
    const d = (s / P) | 0;
    const bits = ((1 << dur[a]) - 1) << (s - d * P);
    const val = sign > 0 ? a : -1;
    for (const t of actTeachers[a]) {
      for (let k = 0; k < dur[a]; k++) this.tOcc[t * S + s + k] = val;
      const old = this.tMask[t * this.m.D + d];
      const nm = sign > 0 ? old | bits : old & ~bits;
      const off = this.m.teacherOff[t * this.m.D + d];
      if (teacherRules[t].length) {
        this.dayDelta(teacherRules[t], old, nm, off, this.tWeekGaps[t], this.tmp);
        this.hardPen += this.tmp[0];
        this.soft += this.tmp[1];
      }
      this.tWeekGaps[t] += gapsIn(nm, off) - gapsIn(old, off);
      this.tMask[t * this.m.D + d] = nm;
    }
    for (const g of actGroups[a]) {
      for (let k = 0; k < dur[a]; k++) this.gOcc[g * S + s + k] = val;
      const old = this.gMask[g * this.m.D + d];
      const nm = sign > 0 ? old | bits : old & ~bits;
      const off = this.m.groupOff[g * this.m.D + d];
      if (groupRules[g].length) {
        this.dayDelta(groupRules[g], old, nm, off, this.gWeekGaps[g], this.tmp);
        this.hardPen += this.tmp[0];
        this.soft += this.tmp[1];
      }
      this.gWeekGaps[g] += gapsIn(nm, off) - gapsIn(old, off);
      this.gMask[g * this.m.D + d] = nm;
    }
    if (r >= 0) for (let k = 0; k < dur[a]; k++) this.rOcc[r * S + s + k] = val;
  }

  /** Soft cost of a's own unary rules and its pair rules with the placed lessons, at start s / room index ri. */
  private activitySoft(a: number, s: number, r: number): number {
    const rs = this.m.rooms[a];
    let ri = 0;
    while (ri < rs.length - 1 && rs[ri] !== r) ri++;
    return this.slotSoft(a, s) + this.roomSoft(a, s, r, ri);
  }

  /** The room part of activitySoft: room ri (index into rooms[a], room r) at start s. */
  private roomSoft(a: number, s: number, r: number, ri: number): number {
    const mo = this.m;
    let cost = mo.rooms[a][ri] === r ? mo.roomCost[a][ri] : 0;
    if (r >= 0) for (let k = 0; k < mo.dur[a]; k++) cost += mo.roomSoftNA[r * mo.S + s + k];
    return cost;
  }

  /** The start-slot part of activitySoft (unary rules, soft pair rules with the placed lessons). */
  private slotSoft(a: number, s: number): number {
    const { S, P, minDays, maxPerDay, actMinDays, actMaxPerDay } = this.m;
    let cost = this.m.unarySoft[a * S + s];
    const d = (s / P) | 0;
    for (const ci of actMinDays[a]) {
      const c = minDays[ci];
      if (c.hard) continue;
      for (const b of c.members) {
        if (b === a || this.start[b] < 0) continue;
        const db = (this.start[b] / P) | 0;
        if (Math.abs(db - d) < c.value) cost += c.weight;
      }
    }
    for (const ci of actMaxPerDay[a]) {
      const c = maxPerDay[ci];
      if (!c.hard && this.mpdCount[ci * this.m.D + d] >= c.value) cost += c.weight;
    }
    return cost;
  }

  /** Soft cost attributable to placed activity a alone (its unary and pair rules). */
  ownSoft(a: number): number {
    return this.start[a] < 0 ? 0 : this.activitySoftPlaced(a);
  }

  private activitySoftPlaced(a: number): number {
    const s = this.start[a];
    const d = (s / this.m.P) | 0;
    // activitySoft counts a's maxPerDay rule as if a were not yet on day d: take a out of the count.
    for (const ci of this.m.actMaxPerDay[a]) this.mpdCount[ci * this.m.D + d]--;
    const cost = this.activitySoft(a, s, this.room[a]);
    for (const ci of this.m.actMaxPerDay[a]) this.mpdCount[ci * this.m.D + d]++;
    return cost;
  }

  assign(a: number, s: number, r: number) {
    this.soft += this.activitySoft(a, s, r);
    this.start[a] = s;
    this.room[a] = r;
    const d = (s / this.m.P) | 0;
    for (const ci of this.m.actMaxPerDay[a]) this.mpdCount[ci * this.m.D + d]++;
    this.mark(a, s, r, 1);
    this.removeUnplaced(a);
  }

  unassign(a: number) {
    const s = this.start[a];
    const r = this.room[a];
    this.mark(a, s, r, -1);
    const d = (s / this.m.P) | 0;
    for (const ci of this.m.actMaxPerDay[a]) this.mpdCount[ci * this.m.D + d]--;
    this.start[a] = -1;
    this.room[a] = -1;
    this.soft -= this.activitySoft(a, s, r);
    this.addUnplaced(a);
  }

  /** Adds b to the conflict list once (stamp = current); false when b is locked. */
  private addConflict(b: number, cur: number, out: number[]): boolean {
    if (this.stamp[b] === cur) return true;
    if (this.m.fixed[b]) return false;
    this.stamp[b] = cur;
    out.push(b);
    return true;
  }

  /**
   * Lessons that must leave for a to start at s, room aside (teacher and group cells, hard pair rules,
   * hard teacher max per day), appended to `out` and stamped with the returned stamp; -1 when a
   * locked lesson would have to leave. Written without closures: this is the hot loop.
   */
  timeConflicts(a: number, s: number, out: number[]): number {
    const mo = this.m;
    const S = mo.S;
    const P = mo.P;
    const fixed = mo.fixed;
    const stamp = this.stamp;
    const cur = ++this.stampNow;
    const n = mo.dur[a];
    const ts = mo.actTeachers[a];
    const tOcc = this.tOcc;
    const gOcc = this.gOcc;
    // Cell scans with addConflict written out (the hottest loop of the search).
    for (let i = 0; i < ts.length; i++) {
      const base = ts[i] * S + s;
      for (let k = 0; k < n; k++) {
        const b = tOcc[base + k];
        if (b < 0 || stamp[b] === cur) continue;
        if (fixed[b]) return -1;
        stamp[b] = cur;
        out.push(b);
      }
    }
    const gs = mo.actGroups[a];
    for (let i = 0; i < gs.length; i++) {
      const base = gs[i] * S + s;
      for (let k = 0; k < n; k++) {
        const b = gOcc[base + k];
        if (b < 0 || stamp[b] === cur) continue;
        if (fixed[b]) return -1;
        stamp[b] = cur;
        out.push(b);
      }
    }
    const d = (s / P) | 0;
    const md = mo.actMinDays[a];
    for (let i = 0; i < md.length; i++) {
      const c = mo.minDays[md[i]];
      if (!c.hard) continue;
      const members = c.members;
      for (let j = 0; j < members.length; j++) {
        const b = members[j];
        if (b === a || this.start[b] < 0) continue;
        if (Math.abs(((this.start[b] / P) | 0) - d) < c.value && !this.addConflict(b, cur, out)) return -1;
      }
    }
    const mp = mo.actMaxPerDay[a];
    for (let i = 0; i < mp.length; i++) {
      const c = mo.maxPerDay[mp[i]];
      if (!c.hard) continue;
      const members = c.members;
      let count = 0;
      for (let j = 0; j < members.length; j++) {
        const b = members[j];
        if (b !== a && this.start[b] >= 0 && stamp[b] !== cur && ((this.start[b] / P) | 0) === d) count++;
      }
      let excess = count + 1 - c.value;
      if (excess <= 0) continue;
      for (let j = 0; j < members.length && excess > 0; j++) {
        const b = members[j];
        if (b !== a && this.start[b] >= 0 && stamp[b] !== cur && !fixed[b] && ((this.start[b] / P) | 0) === d) {
          this.addConflict(b, cur, out);
          excess--;
        }
      }
      if (excess > 0) return -1;
    }
    for (let i = 0; i < ts.length; i++) {
      const t = ts[i];
      const max = mo.hardDaily[t];
      if (max === Infinity) continue;
      const base = t * S + d * P;
      let hours = 0;
      for (let p = 0; p < P; p++) {
        const b = this.tOcc[base + p];
        if (b >= 0 && stamp[b] !== cur) hours++;
      }
      let excess = hours + n - max;
      if (excess <= 0) continue;
      // Eject whole lessons of the teacher that day, latest first, until within the limit.
      for (let p = P - 1; p >= 0 && excess > 0; p--) {
        const b = this.tOcc[base + p];
        if (b >= 0 && stamp[b] !== cur && !fixed[b]) {
          this.addConflict(b, cur, out);
          excess -= mo.dur[b];
        }
      }
      if (excess > 0) return -1;
    }
    return cur;
  }

  /**
   * Extra ejection cost of room r for a at s beyond the time conflicts stamped `cur`; -1 when the room
   * is not available then or holds a locked lesson. Appends the extra lessons to `out` when given.
   */
  roomConflicts(a: number, s: number, r: number, cur: number, out: number[] | null): number {
    if (r < 0) return 0;
    const mo = this.m;
    const base = r * mo.S + s;
    let cost = 0;
    let last = -1;
    for (let k = 0; k < mo.dur[a]; k++) {
      if (mo.roomBlocked[base + k]) return -1;
      const b = this.rOcc[base + k];
      if (b < 0 || b === last || this.stamp[b] === cur) continue;
      if (mo.fixed[b]) return -1;
      last = b;
      cost += 1 + 0.2 * (mo.dur[b] - 1);
      if (out) {
        this.stamp[b] = cur;
        out.push(b);
      }
    }
    return cost;
  }

  /** Every lesson that must leave for a to start at s in room r, appended to `out`; false when a locked one would. */
  conflicts(a: number, s: number, r: number, out: number[]): boolean {
    const cur = this.timeConflicts(a, s, out);
    if (cur < 0) return false;
    return this.roomConflicts(a, s, r, cur, out) >= 0;
  }

  /** Change of the hard penalty and soft cost if a (unplaced) started at s, ignoring ejections. */
  private resourceDelta(a: number, s: number, out: Float64Array) {
    const mo = this.m;
    const d = (s / mo.P) | 0;
    const bits = ((1 << mo.dur[a]) - 1) << (s - d * mo.P);
    let hard = 0;
    let soft = 0;
    const ts = mo.actTeachers[a];
    for (let i = 0; i < ts.length; i++) {
      const t = ts[i];
      if (!mo.teacherRules[t].length) continue;
      const old = this.tMask[t * mo.D + d];
      this.dayDelta(mo.teacherRules[t], old, old | bits, mo.teacherOff[t * mo.D + d], this.tWeekGaps[t], out);
      hard += out[0];
      soft += out[1];
    }
    const gs = mo.actGroups[a];
    for (let i = 0; i < gs.length; i++) {
      const g = gs[i];
      if (!mo.groupRules[g].length) continue;
      const old = this.gMask[g * mo.D + d];
      this.dayDelta(mo.groupRules[g], old, old | bits, mo.groupOff[g * mo.D + d], this.gWeekGaps[g], out);
      hard += out[0];
      soft += out[1];
    }
    out[0] = hard;
    out[1] = soft;
  }

  private buf: number[] = [];
  private delta = new Float64Array(2);

  /**
   * Places unplaced activity a at the best start/room (fewest ejections + hard penalty, then soft
   * cost, then random), ejecting what is in the way. False when a has no possible placement at all.
   */
  placeBest(a: number, noise: number): boolean {
    // Tabu only steers the choice: when every candidate is tabu (e.g. a lesson with a single allowed
    // start right after it was ejected from it), try again ignoring tabu rather than give up on it.
    return this.placeBestOnce(a, noise, false) || this.placeBestOnce(a, noise, true);
  }

  private placeBestOnce(a: number, noise: number, ignoreTabu: boolean): boolean {
    const mo = this.m;
    const dom = mo.domain[a];
    const rs = mo.rooms[a];
    let bestScore = Infinity;
    let bestS = -1;
    let bestR = -1;
    let ties = 0;
    const walk = this.rand() < noise;
    let seen = 0;
    const buf = this.buf;
    // The largest drop of the hard penalty one placement of a can bring (it fills gaps).
    const maxDrop = HARD_PEN_WEIGHT * this.hardDrop[a];
    for (let i = 0; i < dom.length; i++) {
      const s = dom[i];
      const tabu = !ignoreTabu && this.tabuUntil[a * mo.S + s] > this.iter;
      // Cheap filter first: the lessons in the way, then (only for a slot that can still win) the
      // penalty deltas. Soft cost weighs 1e-6, so a primary cost above the best + 0.05 cannot win.
      buf.length = 0;
      const cur = this.timeConflicts(a, s, buf);
      if (cur < 0) continue;
      let ejectCost = 0;
      for (let k = 0; k < buf.length; k++) ejectCost += 1 + 0.2 * (mo.dur[buf[k]] - 1);
      if (!walk && ejectCost - maxDrop > bestScore + 0.05) continue;
      this.resourceDelta(a, s, this.delta);
      const hardDelta = this.delta[0];
      const softRes = this.delta[1];
      const timeCost = ejectCost + HARD_PEN_WEIGHT * hardDelta;
      if (!walk && timeCost > bestScore + 0.05) continue;
      let slotSoft = NaN;
      for (let j = 0; j < rs.length; j++) {
        const r = rs[j];
        const extra = this.roomConflicts(a, s, r, cur, null);
        if (extra < 0) continue;
        const primary = timeCost + extra;
        if (tabu && primary > 0) continue;
        let score: number;
        if (walk) score = this.rand();
        else {
          if (primary > bestScore + 0.05) continue;
          if (Number.isNaN(slotSoft)) slotSoft = softRes + this.slotSoft(a, s);
          score = primary + 1e-6 * (slotSoft + this.roomSoft(a, s, r, j));
        }
        seen++;
        if (score < bestScore - 1e-9) {
          bestScore = score;
          bestS = s;
          bestR = r;
          ties = 1;
        } else if (score <= bestScore + 1e-9) {
          ties++;
          if (this.rand() * ties < 1) {
            bestS = s;
            bestR = r;
          }
        }
      }
    }
    if (bestS < 0) return seen > 0;
    buf.length = 0;
    this.conflicts(a, bestS, bestR, buf);
    const ejected = buf.slice();
    for (const b of ejected) {
      const sb = this.start[b];
      this.unassign(b);
      this.tabuUntil[b * mo.S + sb] = this.iter + 5 + ((this.rand() * 10) | 0);
    }
    this.assign(a, bestS, bestR);
    return true;
  }

  /** The unplaced activity to place next: mostly the hardest, sometimes a random one. */
  pickUnplaced(): number {
    const u = this.unplaced;
    if (this.rand() < 0.2) return u[(this.rand() * u.length) | 0];
    let best = u[0];
    for (let i = 1; i < u.length; i++) if (this.rank[u[i]] < this.rank[best]) best = u[i];
    return best;
  }

  /**
   * Lessons of resources breaking a hard gap / in-a-row rule (for the repair step). `edgesOnly`: only
   * the first and last lesson of each such resource's day (taking one out closes the day's gaps, and
   * placing it again may fill one).
   */
  hardPenaltyLessons(edgesOnly = false): number[] {
    const mo = this.m;
    const out = new Set<number>();
    const scan = (rules: DayRule[], masks: Int32Array, offs: Int32Array, occ: Int32Array, idx: number, weekGaps: number) => {
      for (let d = 0; d < mo.D; d++) {
        const mask = masks[idx * mo.D + d];
        const off = offs[idx * mo.D + d];
        let bad = false;
        for (const rule of rules) {
          if (!rule.hard) continue;
          if (rule.code === 3) bad ||= weekGaps > rule.max && gapsIn(mask, off) > 0;
          else if (rule.code !== 0) bad ||= ruleDay(rule, mask, off) > 0;
        }
        if (!bad) continue;
        if (edgesOnly) {
          const base = idx * mo.S + d * mo.P;
          let p = 0;
          while (p < mo.P && (occ[base + p] < 0 || mo.fixed[occ[base + p]])) p++;
          if (p < mo.P) out.add(occ[base + p]);
          p = mo.P - 1;
          while (p >= 0 && (occ[base + p] < 0 || mo.fixed[occ[base + p]])) p--;
          if (p >= 0) out.add(occ[base + p]);
          continue;
        }
        for (let p = 0; p < mo.P; p++) {
          const b = occ[idx * mo.S + d * mo.P + p];
          if (b >= 0 && !mo.fixed[b]) out.add(b);
        }
      }
    };
    for (const t of this.hardPenTeachers) scan(mo.teacherRules[t], this.tMask, mo.teacherOff, this.tOcc, t, this.tWeekGaps[t]);
    for (const g of this.hardPenGroups) scan(mo.groupRules[g], this.gMask, mo.groupOff, this.gOcc, g, this.gWeekGaps[g]);
    return [...out];
  }
}

/**
 * Generates a timetable for `problem` (issue 16 §2). Never throws for a bad input: lessons that cannot
 * be placed are returned in `unplaced` with reasons (run precheck first for clear up-front errors).
 * Deterministic for a given seed (default 1) except where the time limit cuts the search.
 */
export function solve(problem: TimetableProblem, options: SolveOptions): SolveResult {
  const t0 = performance.now();
  const seed = (options.seed ?? 1) >>> 0;
  const model = compile(problem);
  const { N, S } = model;
  const search = new Search(model, seed);
  const deadline = t0 + Math.max(0, options.timeLimitMs);
  let cancelled = false;
  let timeUp = false;
  let lastProgress = t0;
  let firstFeasibleMs: number | null = null;

  const progress = (now: number) => {
    if (!options.onProgress) return;
    lastProgress = now;
    options.onProgress({
      placed: N - search.unplaced.length,
      total: N,
      hardViolations: search.unplaced.length + search.hardPen,
      softScore: Math.round(search.soft * 100) / 100,
      elapsedMs: Math.round(now - t0),
      iterations: search.iter,
    });
  };
  /** Time, cancel and progress checks; true = stop now. */
  const check = (): boolean => {
    if ((search.iter & 1023) === 0 && options.shouldStop?.()) cancelled = true;
    if ((search.iter & 63) === 0 || cancelled) {
      const now = performance.now();
      if (now >= deadline) timeUp = true;
      if (now - lastProgress >= 250) progress(now);
    }
    return cancelled || timeUp;
  };

  // Activities with no possible start at all can never be placed: leave them out of the search.
  const impossible = new Uint8Array(N);
  for (let a = 0; a < N; a++) {
    if (model.domain[a].length === 0 || model.rooms[a].length === 0) {
      impossible[a] = 1;
      search.removeUnplaced(a);
    }
  }

  // Best state so far: fewest unplaced + hard penalty, then lowest soft.
  let bestStart = search.start.slice();
  let bestRoom = search.room.slice();
  let bestQuality = Infinity;
  let bestSoft = Infinity;
  const snapshot = () => {
    bestStart = search.start.slice();
    bestRoom = search.room.slice();
    bestQuality = search.unplaced.length + search.hardPen;
    bestSoft = search.soft;
  };

  /** Puts the search back to the best snapshot (used by the improvement phase's restarts). */
  const restoreBest = () => {
    for (let a = 0; a < N; a++) if (search.start[a] >= 0) search.unassign(a);
    for (let a = 0; a < N; a++) if (bestStart[a] >= 0) search.assign(a, bestStart[a], bestRoom[a]);
  };

  // Locked lessons first, exactly where they were locked.
  for (const a of [...search.unplaced]) {
    if (!model.fixed[a]) continue;
    const buf: number[] = [];
    const s = model.domain[a][0];
    const r = model.rooms[a][0];
    if (search.conflicts(a, s, r, buf) && buf.length === 0) search.assign(a, s, r);
    else {
      impossible[a] = 1;
      search.removeUnplaced(a);
    }
  }

  // Phase 1: construct and repair until everything is placed with no hard breach.
  let sinceBest = 0;
  const stallLimit = Math.max(20000, 40 * N);
  const noise = 0.01;
  while (!check()) {
    search.iter++;
    const quality = search.unplaced.length + search.hardPen;
    if (quality < bestQuality || (quality === bestQuality && search.soft < bestSoft - 1e-9)) {
      if (quality < bestQuality) sinceBest = 0;
      snapshot();
    } else sinceBest++;
    if (quality === 0) break;
    if (search.unplaced.length === 0) {
      // Everything placed but a hard gap / in-a-row rule broken: take out one lesson involved.
      // Mostly an edge lesson of a breaching day (the gap closes; placeBest may put it into the gap).
      let lessons = search.rand() < EDGE_REPAIR ? search.hardPenaltyLessons(true) : [];
      if (!lessons.length) lessons = search.hardPenaltyLessons();
      if (!lessons.length) break;
      const a = lessons[(search.rand() * lessons.length) | 0];
      const s = search.start[a];
      search.unassign(a);
      search.tabuUntil[a * S + s] = search.iter + 10 + ((search.rand() * 10) | 0);
      continue;
    }
    if (sinceBest > stallLimit) {
      // Stuck: shake the timetable by ejecting a few random lessons.
      sinceBest = 0;
      const k = Math.max(2, Math.round(N * 0.02));
      for (let i = 0; i < k; i++) {
        const a = (search.rand() * N) | 0;
        if (search.start[a] >= 0 && !model.fixed[a]) search.unassign(a);
      }
      continue;
    }
    const a = search.pickUnplaced();
    if (!search.placeBest(a, noise)) {
      // No start slot is possible whatever is ejected (locked lessons in the way): give up on it.
      impossible[a] = 1;
      search.removeUnplaced(a);
    }
  }
  const feasible = search.unplaced.length === 0 && search.hardPen === 0;
  if (feasible) {
    firstFeasibleMs = Math.round(performance.now() - t0);
    snapshot();
  }

  // Phase 2: improve soft rules by hard-feasible moves and swaps.
  if (feasible && !options.stopAtFirstFeasible && !cancelled) {
    improve(search, check, snapshot, restoreBest, () => bestSoft, options.timeLimitMs);
  }

  // Restore the best state; if a hard gap / in-a-row rule is still broken there, take out lessons one
  // at a time, each time the one whose removal leaves the least breach (removing a lesson from the
  // middle of someone's day would open new gaps, so the choice matters).
  if (bestQuality !== Infinity) restoreBest();
  const removed = new Uint8Array(N);
  while (search.hardPen > 0) {
    const lessons = search.hardPenaltyLessons();
    if (!lessons.length) break;
    let bestLesson = lessons[0];
    let bestPen = Infinity;
    for (const b of lessons) {
      const s = search.start[b];
      const r = search.room[b];
      search.unassign(b);
      if (search.hardPen < bestPen) {
        bestPen = search.hardPen;
        bestLesson = b;
      }
      search.assign(b, s, r);
    }
    search.unassign(bestLesson);
    removed[bestLesson] = 1;
  }
  // Then put back every lesson that now fits somewhere without ejecting anything or breaking a hard
  // rule, so that a timetable cut by the time limit keeps as many lessons as it can. Bounded in time
  // (the limit must not be overshot by much).
  if (search.hardPen === 0 && search.unplaced.length) refill(search, removed, deadline + REFILL_MS);
  return finish(problem, model, search.start, search.room, impossible, removed, {
    cancelled,
    seed,
    iterations: search.iter,
    t0,
    firstFeasibleMs,
  });
}

/** Time the final refill may run past the limit, ms. */
const REFILL_MS = 250;

/**
 * Places unplaced lessons wherever they fit with no ejection and no hard breach (first fit, in
 * passes until nothing more fits or `until` (performance.now() ms) passes). Clears `removed` for
 * the lessons it places.
 */
function refill(search: Search, removed: Uint8Array, until: number) {
  const mo = search.m;
  const buf: number[] = [];
  let placedAny = true;
  while (placedAny && performance.now() < until) {
    placedAny = false;
    for (const a of [...search.unplaced]) {
      if (performance.now() >= until) return;
      const dom = mo.domain[a];
      const rs = mo.rooms[a];
      let done = false;
      for (let i = 0; i < dom.length && !done; i++) {
        for (let j = 0; j < rs.length && !done; j++) {
          buf.length = 0;
          if (!search.conflicts(a, dom[i], rs[j], buf) || buf.length) continue;
          search.assign(a, dom[i], rs[j]);
          if (search.hardPen > 0) search.unassign(a);
          else done = true;
        }
      }
      if (done) {
        removed[a] = 0;
        placedAny = true;
      }
    }
  }
}

/** Local search on a complete, hard-feasible timetable: moves and swaps that do not raise the soft cost. */
function improve(search: Search, check: () => boolean, snapshot: () => void, restoreBest: () => void, bestSoft: () => number, limitMs: number) {
  const mo = search.m;
  const movable: number[] = [];
  for (let a = 0; a < mo.N; a++) if (!mo.fixed[a] && search.start[a] >= 0) movable.push(a);
  if (!movable.length) return;
  const plateauMs = Math.max(3000, limitMs * 0.2);
  let lastGain = performance.now();
  const buf: number[] = [];
  // Simulated annealing by iteration count (not time, so a seed repeats): each cycle cools from T0 to
  // T1 geometrically, then restarts from the best timetable found.
  const T0 = 3;
  const T1 = 0.5;
  const cycle = 300_000;
  let k = 0;
  let temperature = T0;
  const accept = (delta: number) => delta <= 1e-9 || search.rand() < Math.exp(-delta / temperature);
  while (!check()) {
    search.iter++;
    if ((++k & 1023) === 0) {
      if (performance.now() - lastGain > plateauMs) break;
      if (k >= cycle) {
        k = 0;
        restoreBest();
      }
      temperature = T0 * Math.pow(T1 / T0, k / cycle);
    }
    if (search.soft <= 1e-9) break;
    // Half the time, the worst of 4 random lessons by its own soft cost (tournament): moves where it hurts.
    let a = movable[(search.rand() * movable.length) | 0];
    if (search.rand() < 0.5) {
      let worst = search.ownSoft(a);
      for (let i = 0; i < 3; i++) {
        const b = movable[(search.rand() * movable.length) | 0];
        const cost = search.ownSoft(b);
        if (cost > worst) {
          worst = cost;
          a = b;
        }
      }
    }
    const dom = mo.domain[a];
    const rs = mo.rooms[a];
    const s = dom[(search.rand() * dom.length) | 0];
    const r = rs[(search.rand() * rs.length) | 0];
    const s0 = search.start[a];
    const r0 = search.room[a];
    if (s === s0 && r === r0) continue;
    const soft0 = search.soft;
    search.unassign(a);
    buf.length = 0;
    if (!search.conflicts(a, s, r, buf) || buf.length > 1) {
      search.assign(a, s0, r0);
      continue;
    }
    const simpleMove = buf.length === 0;
    if (simpleMove) {
      search.assign(a, s, r);
    } else {
      // Swap with the one lesson in the way, if it fits where a was.
      const b = buf[0];
      const sb = search.start[b];
      const rb = search.room[b];
      search.unassign(b);
      search.assign(a, s, r);
      let placedB = false;
      if (mo.domain[b].includes(s0)) {
        const rsb = mo.rooms[b];
        const off = (search.rand() * rsb.length) | 0;
        for (let j = 0; j < rsb.length && !placedB; j++) {
          const rr = rsb[(j + off) % rsb.length];
          buf.length = 0;
          if (search.conflicts(b, s0, rr, buf) && buf.length === 0) {
            search.assign(b, s0, rr);
            placedB = true;
          }
        }
      }
      if (!placedB) {
        search.unassign(a);
        search.assign(b, sb, rb);
        search.assign(a, s0, r0);
        continue;
      }
      if (search.hardPen > 0 || !accept(search.soft - soft0)) {
        search.unassign(a);
        search.unassign(b);
        search.assign(a, s0, r0);
        search.assign(b, sb, rb);
        continue;
      }
    }
    if (simpleMove && (search.hardPen > 0 || !accept(search.soft - soft0))) {
      search.unassign(a);
      search.assign(a, s0, r0);
      continue;
    }
    if (search.soft < bestSoft() - 1e-9) {
      lastGain = performance.now();
      snapshot();
    }
  }
}

/** Builds the result: placements, unplaced with reasons, and the checker's guard against hard violations. */
function finish(
  problem: TimetableProblem,
  model: Model,
  start: Int32Array,
  room: Int32Array,
  impossible: Uint8Array,
  removed: Uint8Array,
  info: { cancelled: boolean; seed: number; iterations: number; t0: number; firstFeasibleMs: number | null },
): SolveResult {
  const { N, P } = model;
  const placed = new Map<string, Placement>();
  for (let a = 0; a < N; a++) {
    if (start[a] < 0) continue;
    const id = problem.activities[a].id;
    placed.set(id, { activityId: id, day: (start[a] / P) | 0, period: start[a] % P, roomId: room[a] >= 0 ? problem.rooms[room[a]].id : null });
  }
  // Guard: the independent checker must find no hard violation among the placed lessons.
  const guarded = new Set<string>();
  let softScore = 0;
  const rounds = placed.size + 2;
  for (let round = 0; round < rounds; round++) {
    const result = checkTimetable(problem, [...placed.values()], { allowUnplaced: true });
    softScore = result.softScore;
    if (!result.hard.length) break;
    for (const v of result.hard) {
      // Take out one movable lesson per violation, then check again.
      const ids = v.activityIds.filter((id) => placed.has(id) && !problem.activities[model.activityIndex.get(id)!].fixed);
      const victim = ids[ids.length - 1] ?? v.activityIds.find((id) => placed.has(id));
      if (victim) {
        placed.delete(victim);
        guarded.add(victim);
      }
    }
  }
  const placements = [...placed.values()];
  const unplacedIdx: number[] = [];
  for (let a = 0; a < N; a++) if (!placed.has(problem.activities[a].id)) unplacedIdx.push(a);
  const unplaced: Unplaced[] = unplacedIdx.map((a) => ({
    activityId: problem.activities[a].id,
    reasons: explain(problem, model, start, room, a, impossible[a] === 1, removed[a] === 1 || guarded.has(problem.activities[a].id)),
  }));
  return {
    status: info.cancelled ? 'cancelled' : unplaced.length ? 'partial' : 'complete',
    placements,
    unplaced,
    softScore,
    stats: { elapsedMs: Math.round(performance.now() - info.t0), iterations: info.iterations, seed: info.seed, firstFeasibleMs: info.firstFeasibleMs },
  };
}

/** Plain reasons why activity a is not placed, from what blocks each of its possible starts. */
function explain(problem: TimetableProblem, model: Model, start: Int32Array, room: Int32Array, a: number, impossible: boolean, guarded: boolean): string[] {
  const act = problem.activities[a];
  const setName = new Map(problem.studentSets.map((s) => [s.id, s.name]));
  const subject = problem.subjects.find((s) => s.id === act.subjectId)?.name ?? act.subjectId;
  const teacherNames = act.teacherIds.map((t) => problem.teachers.find((x) => x.id === t)?.name ?? t).join(', ');
  const label = m.lessonLabel(subject, act.studentSetIds.map((s) => setName.get(s) ?? s).join(' + '), teacherNames);
  const { S, P, dur } = model;
  const dom = model.domain[a];
  if (dom.length === 0) return [m.emptyDomain(label)];
  if (model.rooms[a].length === 0) return [m.noRoomBigEnough(label, act.students ?? 0)];
  // Occupancy of the returned (partial) timetable.
  const tOcc = new Int32Array(model.T * S).fill(-1);
  const gOcc = new Int32Array(model.G * S).fill(-1);
  const rOcc = new Int32Array(model.R * S).fill(-1);
  for (let b = 0; b < model.N; b++) {
    if (start[b] < 0 || b === a) continue;
    for (let k = 0; k < dur[b]; k++) {
      for (const t of model.actTeachers[b]) tOcc[t * S + start[b] + k] = b;
      for (const g of model.actGroups[b]) gOcc[g * S + start[b] + k] = b;
      if (room[b] >= 0) rOcc[room[b] * S + start[b] + k] = b;
    }
  }
  const teacherBlocked = new Map<number, number>();
  const groupBlocked = new Map<number, number>();
  const blockers = new Map<number, number>();
  let roomBlocked = 0;
  for (const s of dom) {
    const tb = new Set<number>();
    const gb = new Set<number>();
    for (let k = 0; k < dur[a]; k++) {
      for (const t of model.actTeachers[a]) {
        const b = tOcc[t * S + s + k];
        if (b >= 0) {
          tb.add(t);
          blockers.set(b, (blockers.get(b) ?? 0) + 1);
        }
      }
      for (const g of model.actGroups[a]) {
        const b = gOcc[g * S + s + k];
        if (b >= 0) {
          gb.add(g);
          blockers.set(b, (blockers.get(b) ?? 0) + 1);
        }
      }
    }
    for (const t of tb) teacherBlocked.set(t, (teacherBlocked.get(t) ?? 0) + 1);
    for (const g of gb) groupBlocked.set(g, (groupBlocked.get(g) ?? 0) + 1);
    const rs = model.rooms[a];
    let anyRoom = false;
    for (const r of rs) {
      if (r < 0) {
        anyRoom = true;
        break;
      }
      let free = true;
      for (let k = 0; k < dur[a]; k++) if (rOcc[r * S + s + k] >= 0 || model.roomBlocked[r * S + s + k]) free = false;
      if (free) anyRoom = true;
    }
    if (!anyRoom) roomBlocked++;
  }
  const reasons: string[] = [];
  if (guarded) reasons.push(m.unplacedHardRule);
  for (const [t, n] of teacherBlocked) reasons.push(m.unplacedTeacherBusy(problem.teachers[t].name, n, dom.length));
  for (const [g, n] of groupBlocked) reasons.push(m.unplacedGroupBusy(problem.studentGroups[g].name, n, dom.length));
  if (roomBlocked) reasons.push(m.unplacedRoomBusy(roomBlocked, dom.length));
  const top = [...blockers.entries()].sort((x, y) => y[1] - x[1]).slice(0, 3);
  if (top.length) {
    reasons.push(
      m.unplacedBlockedBy(
        top
          .map(([b]) => {
            const x = problem.activities[b];
            const sub = problem.subjects.find((s) => s.id === x.subjectId)?.name ?? x.subjectId;
            const tn = x.teacherIds.map((t) => problem.teachers.find((y) => y.id === t)?.name ?? t).join(', ');
            const day = problem.days[(start[b] / P) | 0];
            const period = problem.periods[start[b] % P];
            return m.blockerAt(m.lessonLabel(sub, x.studentSetIds.map((s) => setName.get(s) ?? s).join(' + '), tn), day, period);
          })
          .join('; '),
      ),
    );
  }
  if (!reasons.length || (impossible && reasons.length === 0)) reasons.push(m.unplacedTimeLimit);
  else if (!guarded) reasons.push(m.unplacedTimeLimit);
  return reasons;
}

export type { PrecheckIssue };
