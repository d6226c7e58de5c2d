import { describe, expect, it } from 'vitest';
import { checkTimetable } from './checker.js';
import { precheck, solve } from './solver.js';
import type { Activity, Constraint, TimetableProblem } from './types.js';

/** A small school: `classes` streams, `teachers` teachers, days x periods, lessons added by the test. */
function school(opts: { days?: number; periods?: number; classes?: number; teachers?: number; rooms?: TimetableProblem['rooms'] } = {}): TimetableProblem {
  const days = Array.from({ length: opts.days ?? 5 }, (_, i) => ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][i]);
  const periods = Array.from({ length: opts.periods ?? 6 }, (_, i) => `P${i + 1}`);
  const classes = Array.from({ length: opts.classes ?? 2 }, (_, i) => ({ id: `c${i}`, name: `Grade 7 ${['East', 'West', 'North', 'South', 'Hill', 'Central'][i] ?? i}` }));
  return {
    days,
    periods,
    teachers: Array.from({ length: opts.teachers ?? 3 }, (_, i) => ({ id: `t${i}`, name: `Mr Teacher${i}` })),
    subjects: [
      { id: 'mat', name: 'Mathematics' },
      { id: 'eng', name: 'English' },
      { id: 'sci', name: 'Science' },
    ],
    studentGroups: classes,
    studentSets: classes.map((c) => ({ id: c.id, name: c.name, groupIds: [c.id], size: 40 })),
    rooms: opts.rooms ?? [],
    activities: [],
    constraints: [],
  };
}

let counter = 0;
function lesson(p: TimetableProblem, subjectId: string, teacherIds: string[], studentSetIds: string[], extra: Partial<Activity> = {}): Activity {
  const a: Activity = { id: `a${++counter}`, duration: 1, subjectId, teacherIds, studentSetIds, ...extra };
  p.activities.push(a);
  return a;
}

function expectClean(p: TimetableProblem, placements: ReturnType<typeof solve>['placements'], allowUnplaced = false) {
  const { hard } = checkTimetable(p, placements, { allowUnplaced });
  expect(hard).toEqual([]);
}

describe('solve', () => {
  it('places a small school with no clash, verified by the checker', () => {
    const p = school({ classes: 3, teachers: 3 });
    for (let c = 0; c < 3; c++) for (let t = 0; t < 3; t++) for (let k = 0; k < 8; k++) lesson(p, ['mat', 'eng', 'sci'][t], [`t${t}`], [`c${c}`]);
    expect(precheck(p)).toEqual([]);
    const r = solve(p, { timeLimitMs: 5000, seed: 3 });
    expect(r.status).toBe('complete');
    expect(r.placements).toHaveLength(p.activities.length);
    expectClean(p, r.placements);
  });

  it('keeps a double lesson on one day in consecutive periods', () => {
    const p = school({ periods: 4 });
    const dbl = lesson(p, 'sci', ['t0'], ['c0'], { duration: 2 });
    for (let k = 0; k < 17; k++) lesson(p, 'mat', ['t1'], ['c0']);
    const r = solve(p, { timeLimitMs: 5000, seed: 1 });
    expect(r.status).toBe('complete');
    const pl = r.placements.find((x) => x.activityId === dbl.id)!;
    expect(pl.period + 2).toBeLessThanOrEqual(4);
    expectClean(p, r.placements);
  });

  it('puts combined lessons (two streams) where both streams are free', () => {
    const p = school({ classes: 2, periods: 3, days: 2 });
    const combined = lesson(p, 'eng', ['t0'], ['c0', 'c1']);
    for (let k = 0; k < 5; k++) lesson(p, 'mat', ['t1'], ['c0']);
    for (let k = 0; k < 5; k++) lesson(p, 'sci', ['t2'], ['c1']);
    const r = solve(p, { timeLimitMs: 5000, seed: 2 });
    expect(r.status).toBe('complete');
    expectClean(p, r.placements);
    const at = r.placements.find((x) => x.activityId === combined.id)!;
    const others = r.placements.filter((x) => x.activityId !== combined.id && x.day === at.day && x.period === at.period);
    expect(others).toEqual([]);
  });

  it('uses the preferred rooms (labs) and never double-books them', () => {
    const rooms = [
      { id: 'lab1', name: 'Lab 1', capacity: 45, type: 'lab' },
      { id: 'lab2', name: 'Lab 2', capacity: 30, type: 'lab' },
    ];
    const p = school({ classes: 4, teachers: 4, rooms, days: 2, periods: 4 });
    const labLessons: string[] = [];
    for (let c = 0; c < 4; c++) for (let k = 0; k < 3; k++) labLessons.push(lesson(p, 'sci', [`t${c}`], [`c${c}`], { students: 40 }).id);
    p.constraints.push({ type: 'preferredRooms', weight: 100, activityIds: labLessons, roomIds: ['lab1', 'lab2'] });
    const r = solve(p, { timeLimitMs: 1000, seed: 1 });
    // Lab 2 is too small for 40 learners: 12 lessons share Lab 1's 8 periods, so 4 cannot be placed.
    expect(r.status).toBe('partial');
    expect(r.placements.every((x) => x.roomId === 'lab1')).toBe(true);
    expect(r.placements).toHaveLength(8);
    expect(r.unplaced).toHaveLength(4);
    expect(r.unplaced[0].reasons.join(' ')).toMatch(/room/i);
    expectClean(p, r.placements, true);
  });

  it('keeps locked lessons where they were locked', () => {
    const p = school({ classes: 2 });
    const locked = lesson(p, 'mat', ['t0'], ['c0'], { fixed: { day: 2, period: 3 } });
    for (let k = 0; k < 10; k++) lesson(p, 'mat', ['t0'], [k % 2 ? 'c0' : 'c1']);
    const r = solve(p, { timeLimitMs: 5000, seed: 1 });
    expect(r.status).toBe('complete');
    expect(r.placements.find((x) => x.activityId === locked.id)).toMatchObject({ day: 2, period: 3 });
    expectClean(p, r.placements);
  });

  it('respects teacher unavailability', () => {
    const p = school({ days: 3, periods: 4 });
    for (let k = 0; k < 8; k++) lesson(p, 'mat', ['t0'], ['c0']);
    const away = [0, 1, 2, 3].map((period) => ({ day: 1, period }));
    p.constraints.push({ type: 'teacherNotAvailable', weight: 100, teacherId: 't0', slots: away });
    const r = solve(p, { timeLimitMs: 5000, seed: 1 });
    expect(r.status).toBe('complete');
    expect(r.placements.some((x) => x.day === 1)).toBe(false);
    expectClean(p, r.placements);
  });

  it('gives the same timetable for the same seed', () => {
    const p = school({ classes: 3, teachers: 3 });
    for (let c = 0; c < 3; c++) for (let t = 0; t < 3; t++) for (let k = 0; k < 8; k++) lesson(p, ['mat', 'eng', 'sci'][t], [`t${t}`], [`c${c}`]);
    const a = solve(p, { timeLimitMs: 30_000, seed: 42, stopAtFirstFeasible: true });
    const b = solve(p, { timeLimitMs: 30_000, seed: 42, stopAtFirstFeasible: true });
    expect(a.placements).toEqual(b.placements);
  });

  it('reports a lesson it cannot place as partial, with reasons', () => {
    const p = school({ days: 1, periods: 3 });
    // Mr Teacher0 teaches both streams; Grade 7 West is busy with t1 in the period he is free.
    lesson(p, 'mat', ['t0'], ['c0'], { fixed: { day: 0, period: 0 } });
    lesson(p, 'mat', ['t0'], ['c0'], { fixed: { day: 0, period: 1 } });
    lesson(p, 'sci', ['t1'], ['c1'], { fixed: { day: 0, period: 2 } });
    const blocked = lesson(p, 'mat', ['t0'], ['c1']);
    const r = solve(p, { timeLimitMs: 2000, seed: 1 });
    expect(r.status).toBe('partial');
    expect(r.unplaced.map((u) => u.activityId)).toEqual([blocked.id]);
    expect(r.unplaced[0].reasons.join(' ')).toMatch(/Mr Teacher0 is teaching another lesson/);
    expectClean(p, r.placements, true);
  });

  it('makes a class timetable compact when students max gaps is 0 (weight 100)', () => {
    const p = school({ classes: 2, teachers: 2, days: 3, periods: 6 });
    for (let c = 0; c < 2; c++) for (let k = 0; k < 10; k++) lesson(p, k % 2 ? 'mat' : 'eng', [`t${(k + c) % 2}`], [`c${c}`]);
    p.constraints.push({ type: 'studentsMaxGapsPerWeek', weight: 100, studentSetId: null, maxGaps: 0 });
    p.constraints.push({ type: 'teacherMaxGapsPerDay', weight: 100, teacherId: null, maxGaps: 1 });
    const r = solve(p, { timeLimitMs: 5000, seed: 5 });
    expect(r.status).toBe('complete');
    expectClean(p, r.placements);
  });

  it('does not count a hard not-available period as a gap, as FET does (checker and solver)', () => {
    // One class, one day of 5 periods, 4 lessons; the class is away in period 3 (weight 100) and
    // must have no gaps: the only timetable is periods 1, 2, 4, 5, whose hole is not a gap.
    const p = school({ classes: 1, teachers: 2, days: 1, periods: 5 });
    p.studentSets.push({ id: 'y7', name: 'Grade 7', groupIds: ['c0'] });
    for (let k = 0; k < 4; k++) lesson(p, 'mat', [`t${k % 2}`], ['c0']);
    p.constraints.push({ type: 'studentsNotAvailable', weight: 100, studentSetId: 'y7', slots: [{ day: 0, period: 2 }] });
    p.constraints.push({ type: 'studentsMaxGapsPerWeek', weight: 100, studentSetId: null, maxGaps: 0 });
    p.constraints.push({ type: 'teacherNotAvailable', weight: 100, teacherId: 't0', slots: [{ day: 0, period: 1 }] });
    p.constraints.push({ type: 'teacherMaxGapsPerDay', weight: 100, teacherId: 't0', maxGaps: 0 });
    const r = solve(p, { timeLimitMs: 5000, seed: 1 });
    expect(r.status).toBe('complete');
    expect(r.placements.map((x) => x.period).sort()).toEqual([0, 1, 3, 4]);
    expectClean(p, r.placements);
    // The checker by hand: t0 teaches periods 1 and 3 around its own not-available period 2 (no gap);
    // a soft (weight 50) not-available period is still a gap.
    const [a1, a2] = p.activities.filter((a) => a.teacherIds[0] === 't0');
    const placed = [
      { activityId: a1.id, day: 0, period: 0, roomId: null },
      { activityId: a2.id, day: 0, period: 2, roomId: null },
    ];
    const only = { ...p, activities: [a1, a2], constraints: p.constraints.filter((c) => c.type.startsWith('teacher')) };
    expect(checkTimetable(only, placed).hard).toEqual([]);
    const soft = { ...only, constraints: [{ ...only.constraints[0], weight: 50 }, only.constraints[1]] };
    expect(checkTimetable(soft, placed).hard.map((v) => v.constraint)).toEqual(['teacherMaxGapsPerDay']);
  });

  it('enforces hard spread, per-day and teacher-per-day rules', () => {
    const p = school({ classes: 2, teachers: 2, days: 5, periods: 6 });
    const ids = Array.from({ length: 5 }, () => lesson(p, 'mat', ['t0'], ['c0']).id);
    const ids2 = Array.from({ length: 6 }, () => lesson(p, 'eng', ['t0'], ['c1']).id);
    p.constraints.push({ type: 'minDaysBetween', weight: 100, activityIds: ids, minDays: 1, consecutiveIfSameDay: false });
    p.constraints.push({ type: 'maxPerDay', weight: 100, activityIds: ids2, max: 2 });
    p.constraints.push({ type: 'teacherMaxHoursDaily', weight: 100, teacherId: 't0', maxHours: 3 });
    p.constraints.push({ type: 'teacherMaxHoursContinuously', weight: 100, teacherId: 't0', maxHours: 2 });
    const r = solve(p, { timeLimitMs: 5000, seed: 9 });
    expect(r.status).toBe('complete');
    expectClean(p, r.placements);
    expect(new Set(r.placements.filter((x) => ids.includes(x.activityId)).map((x) => x.day)).size).toBe(5);
  });

  it('improves soft rules: Mathematics in the morning when there is room', () => {
    const p = school({ classes: 1, teachers: 2, days: 5, periods: 6 });
    const maths = Array.from({ length: 5 }, () => lesson(p, 'mat', ['t0'], ['c0']).id);
    for (let k = 0; k < 20; k++) lesson(p, 'eng', ['t1'], ['c0']);
    const morning = [0, 1, 2, 3, 4].flatMap((day) => [0, 1].map((period) => ({ day, period })));
    p.constraints.push({ type: 'preferredStartingTimes', weight: 80, activityIds: maths, slots: morning });
    p.constraints.push({ type: 'minDaysBetween', weight: 95, activityIds: maths, minDays: 1, consecutiveIfSameDay: false });
    const r = solve(p, { timeLimitMs: 3000, seed: 4 });
    expect(r.status).toBe('complete');
    expect(r.softScore).toBe(0);
    expect(checkTimetable(p, r.placements).softScore).toBe(0);
  });

  it('stops on shouldStop and returns the best so far as cancelled', () => {
    const p = school({ classes: 3, teachers: 3 });
    for (let c = 0; c < 3; c++) for (let t = 0; t < 3; t++) for (let k = 0; k < 8; k++) lesson(p, ['mat', 'eng', 'sci'][t], [`t${t}`], [`c${c}`]);
    const r = solve(p, { timeLimitMs: 10_000, seed: 1, shouldStop: () => true });
    expect(r.status).toBe('cancelled');
    expectClean(p, r.placements, true);
  });
});

describe('check: unmet rules in plain words (issue 34)', () => {
  it('names a lesson once when two of its lessons fall on one day, and keeps two names for different lessons', () => {
    const p = school({ classes: 1, teachers: 2, days: 5, periods: 6 });
    p.teachers[0]!.name = 'Mr Otieno';
    const [m1, m2] = [lesson(p, 'mat', ['t0'], ['c0']), lesson(p, 'mat', ['t0'], ['c0'])];
    const e1 = lesson(p, 'eng', ['t1'], ['c0']);
    p.constraints.push({ type: 'minDaysBetween', weight: 95, activityIds: [m1.id, m2.id], minDays: 1, consecutiveIfSameDay: false });
    p.constraints.push({ type: 'minDaysBetween', weight: 95, activityIds: [m1.id, e1.id], minDays: 1, consecutiveIfSameDay: false });
    const placed = [
      { activityId: m1.id, day: 1, period: 0, roomId: null },
      { activityId: m2.id, day: 1, period: 3, roomId: null },
      { activityId: e1.id, day: 1, period: 4, roomId: null },
    ];
    const soft = checkTimetable(p, placed).soft.map((v) => v.message);
    expect(soft).toContain('Mathematics for Grade 7 East (Mr Otieno) has two lessons on Tue; they should be on different days.');
    expect(soft).toContain('Mathematics for Grade 7 East (Mr Otieno) and English for Grade 7 East (Mr Teacher1) should be at least 1 day apart.');
  });
});

describe('precheck', () => {
  it('finds an overloaded teacher with a clear message', () => {
    const p = school({ days: 5, periods: 7 });
    p.teachers[0].name = 'Mr Otieno';
    for (let k = 0; k < 38; k++) lesson(p, 'mat', ['t0'], [k % 2 ? 'c0' : 'c1']);
    const away = [0, 1, 2, 3, 4].flatMap((day) => (day === 4 ? [0, 1, 2, 3, 4, 5, 6] : [])).map((s) => ({ day: 4, period: s }));
    void away;
    const issues = precheck(p);
    expect(issues.map((i) => i.message)).toContain('Mr Otieno: 38 lessons asked, 35 periods available on their days.');
    expect(issues[0].code).toBe('teacher-overloaded');
  });

  it('finds two lessons locked into the same slot, a teacher with no periods and a too-long lesson', () => {
    const p = school({ days: 2, periods: 3 });
    lesson(p, 'mat', ['t0'], ['c0'], { fixed: { day: 0, period: 0 } });
    lesson(p, 'eng', ['t1'], ['c0'], { fixed: { day: 0, period: 0 } });
    lesson(p, 'sci', ['t2'], ['c1']);
    lesson(p, 'sci', ['t1'], ['c1'], { duration: 4 });
    const all = [0, 1].flatMap((day) => [0, 1, 2].map((period) => ({ day, period })));
    p.constraints.push({ type: 'teacherNotAvailable', weight: 100, teacherId: 't2', slots: all });
    const codes = precheck(p).map((i) => i.code);
    expect(codes).toEqual(expect.arrayContaining(['locked-clash', 'no-available-periods', 'duration-too-long']));
    expect(precheck(p).find((i) => i.code === 'locked-clash')!.message).toMatch(/Two lessons locked into the same slot/);
  });

  it('finds a preferred-room set with no room big enough', () => {
    const p = school({ rooms: [{ id: 'lab', name: 'Lab', capacity: 20 }] });
    const a = lesson(p, 'sci', ['t0'], ['c0'], { students: 40 });
    p.constraints.push({ type: 'preferredRooms', weight: 100, activityIds: [a.id], roomIds: ['lab'] });
    const issues = precheck(p);
    expect(issues.map((i) => i.code)).toEqual(['no-room']);
    expect(issues[0].message).toMatch(/holds 40 learners/);
  });

  it('returns [] for a fine problem', () => {
    const p = school();
    lesson(p, 'mat', ['t0'], ['c0']);
    expect(precheck(p)).toEqual([]);
  });
});

/** Small deterministic PRNG for the property test's problem generator. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a * 1103515245 + 12345) % 2147483648;
    return a / 2147483648;
  };
}

describe('property: the solver never returns a placement with a hard violation', () => {
  it('holds on 20 random problems', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const rand = rng(seed * 7919);
      const days = 3 + Math.floor(rand() * 3);
      const periods = 4 + Math.floor(rand() * 4);
      const rooms = [
        { id: 'r0', name: 'Lab', capacity: 40 },
        { id: 'r1', name: 'Hall', capacity: 100 },
      ];
      const p = school({ days, periods, classes: 2 + Math.floor(rand() * 3), teachers: 2 + Math.floor(rand() * 4), rooms });
      const nLessons = Math.floor(p.studentGroups.length * days * periods * (0.5 + rand() * 0.5));
      const constraints: Constraint[] = [];
      const groups = new Map<string, string[]>();
      for (let k = 0; k < nLessons; k++) {
        const c = p.studentSets[Math.floor(rand() * p.studentSets.length)].id;
        const t = p.teachers[Math.floor(rand() * p.teachers.length)].id;
        const two = rand() < 0.1 ? p.studentSets[Math.floor(rand() * p.studentSets.length)].id : c;
        const a = lesson(p, ['mat', 'eng', 'sci'][Math.floor(rand() * 3)], [t], two === c ? [c] : [c, two], {
          duration: rand() < 0.15 ? 2 : 1,
          students: 30 + Math.floor(rand() * 20),
          fixed: rand() < 0.03 ? { day: Math.floor(rand() * days), period: Math.floor(rand() * (periods - 1)) } : null,
        });
        const key = `${c}-${a.subjectId}`;
        groups.set(key, [...(groups.get(key) ?? []), a.id]);
        if (rand() < 0.15) constraints.push({ type: 'preferredRooms', weight: rand() < 0.7 ? 100 : 60, activityIds: [a.id], roomIds: ['r0', 'r1'] });
      }
      for (const ids of groups.values()) {
        if (rand() < 0.5) constraints.push({ type: 'minDaysBetween', weight: rand() < 0.3 ? 100 : 95, activityIds: ids, minDays: 1, consecutiveIfSameDay: false });
        else constraints.push({ type: 'maxPerDay', weight: rand() < 0.5 ? 100 : 70, activityIds: ids, max: 2 });
      }
      const slots = Array.from({ length: 3 }, () => ({ day: Math.floor(rand() * days), period: Math.floor(rand() * periods) }));
      constraints.push({ type: 'teacherNotAvailable', weight: rand() < 0.5 ? 100 : 50, teacherId: 't0', slots });
      constraints.push({ type: 'teacherMaxHoursDaily', weight: rand() < 0.5 ? 100 : 80, teacherId: null, maxHours: periods - 1 });
      constraints.push({ type: 'teacherMaxHoursContinuously', weight: rand() < 0.3 ? 100 : 90, teacherId: null, maxHours: 3 });
      constraints.push({ type: 'teacherMaxGapsPerDay', weight: rand() < 0.3 ? 100 : 50, teacherId: null, maxGaps: 2 });
      constraints.push({ type: 'studentsMaxGapsPerWeek', weight: rand() < 0.3 ? 100 : 40, studentSetId: null, maxGaps: 1 });
      constraints.push({ type: 'roomNotAvailable', weight: 100, roomId: 'r0', slots: slots.slice(0, 1) });
      p.constraints = constraints;
      const r = solve(p, { timeLimitMs: 400, seed });
      const check = checkTimetable(p, r.placements, { allowUnplaced: true });
      expect(check.hard, `seed ${seed}`).toEqual([]);
      expect(r.placements.length + r.unplaced.length).toBe(p.activities.length);
      expect(r.softScore).toBe(check.softScore);
      for (const u of r.unplaced) expect(u.reasons.length).toBeGreaterThan(0);
    }
  });
});
