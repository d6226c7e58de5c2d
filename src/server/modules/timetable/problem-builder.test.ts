import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, createTestApp, profileIdOf, schoolIdOf, system, type TestApp } from '../../../../tests/helpers.js';
import type { ProblemMeta } from '../../../shared/contracts/timetable.js';
import { classes, subjects, teacherAssignments, timetableLessonOptions, timetableTeacherUnavailability } from '../../db/schema/index.js';
import { precheck } from './engine/solver.js';
import type { Constraint, TimetableProblem } from './engine/types.js';
import { applyBase, buildSchoolProblem, defaultBellPeriods, defaultSchedules, lessonCount, ruleConstraints } from './problem-builder.js';

/**
 * The school's inputs → the engine's problem (issue 16 §1): grid, ids and names, lessons per week,
 * doubles, combined lessons, rooms, availability (shorter days, fixed slots, part-timers), rules, and
 * the base version's locks (applyBase). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let greenhill: string;
let problem: TimetableProblem;
let meta: ProblemMeta;

beforeAll(async () => {
  t = await createTestApp();
  greenhill = await schoolIdOf(t.database, 'greenhill');
  ({ problem, meta } = await system(t.database, (tx) => buildSchoolProblem(tx, greenhill)));
}, 600_000);
afterAll(async () => {
  await t?.close();
});

const of = <T extends Constraint['type']>(type: T) => problem.constraints.filter((c): c is Extract<Constraint, { type: T }> => c.type === type);

describe('buildSchoolProblem (Greenhill demo)', () => {
  it('builds the grid: Monday to Friday, the longest day (Junior School: 9 periods)', () => {
    expect(problem.days).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    expect(problem.periods).toEqual(Array.from({ length: 9 }, (_, i) => `Period ${i + 1}`));
    expect(meta.dayIndexes).toEqual([0, 1, 2, 3, 4]);
  });

  it('uses database ids and names: streams, teachers, subjects, rooms', async () => {
    const demoTeacher = await profileIdOf(t.database, DEMO.greenhill.teacher);
    expect(problem.teachers).toContainEqual({ id: demoTeacher, name: 'Grace Achieng Owino' });
    const g7e = problem.studentSets.find((s) => s.name === 'Grade 7 East')!;
    expect(g7e.groupIds).toEqual([g7e.id]);
    expect(g7e.size).toBeGreaterThan(20);
    expect(problem.studentGroups).toHaveLength(22);
    expect(problem.rooms.some((r) => r.type === 'science_lab')).toBe(true);
    expect(meta.classLevels[g7e.id]).toBeTruthy();
  });

  it('gives every stream exactly its lessons per week, with readable stable ids', async () => {
    const rows = await system(t.database, (tx) =>
      tx
        .select({ id: teacherAssignments.id, classId: teacherAssignments.classId, lessons: teacherAssignments.lessonsPerWeek })
        .from(teacherAssignments)
        .innerJoin(classes, eq(classes.id, teacherAssignments.classId))
        .where(eq(teacherAssignments.schoolId, greenhill)),
    );
    const current = rows.filter((r) => problem.studentSets.some((s) => s.id === r.classId));
    for (const set of problem.studentSets) {
      const asked = current.filter((r) => r.classId === set.id).reduce((s, r) => s + r.lessons, 0);
      const placed = problem.activities.filter((a) => a.studentSetIds.includes(set.id)).reduce((s, a) => s + a.duration, 0);
      expect(placed, set.name).toBe(asked);
    }
    for (const a of problem.activities) {
      expect(a.id).toMatch(/^[0-9a-f-]{36}:\d+$/);
      expect(meta.activityAssignments[a.id]!.length).toBe(a.studentSetIds.length);
      expect(a.id.startsWith(meta.activityAssignments[a.id]![0]!)).toBe(true);
    }
    const again = await system(t.database, (tx) => buildSchoolProblem(tx, greenhill));
    expect(again.problem.activities.map((a) => a.id)).toEqual(problem.activities.map((a) => a.id));
  });

  it('doubles, rooms by type and combined games lessons', async () => {
    const labs = problem.rooms.filter((r) => r.type === 'science_lab').map((r) => r.id);
    const doubles = problem.activities.filter((a) => a.duration === 2);
    expect(doubles.length).toBeGreaterThan(0);
    const science = await system(t.database, (tx) => tx.select().from(subjects).where(and(eq(subjects.schoolId, greenhill), eq(subjects.name, 'Integrated Science'))));
    const sciDouble = doubles.find((a) => a.subjectId === science[0]!.id)!;
    expect(of('preferredRooms').find((c) => c.activityIds.includes(sciDouble.id))).toMatchObject({ weight: 100, roomIds: labs });
    const combined = problem.activities.filter((a) => a.studentSetIds.length === 2);
    // Junior School games: 5 lessons per level for both streams (levels where the demo teacher teaches games are not combined).
    expect(combined.length).toBeGreaterThan(0);
    expect(combined.length % 5).toBe(0);
    const field = problem.rooms.find((r) => r.type === 'field')!.id;
    expect(of('preferredRooms').find((c) => c.activityIds.includes(combined[0]!.id))!.roomIds).toEqual([field]);
  });

  it('shorter primary days, fixed slots and a part-timer become unavailability', async () => {
    const g3 = problem.studentSets.find((s) => s.name === 'Grade 3 West')!;
    const na = of('studentsNotAvailable').find((c) => c.studentSetId === g3.id)!;
    expect(na.weight).toBe(100);
    for (let d = 0; d < 5; d++) expect(na.slots).toContainEqual({ day: d, period: 8 }); // a primary day has 8 periods
    expect(na.slots).toContainEqual({ day: 2, period: 7 }); // clubs: Wednesday's last primary period
    const g7 = problem.studentSets.find((s) => s.name === 'Grade 7 East')!;
    expect(of('studentsNotAvailable').find((c) => c.studentSetId === g7.id)!.slots).toEqual([{ day: 2, period: 8 }]);
    const [partTimer] = await system(t.database, (tx) => tx.select().from(timetableTeacherUnavailability).where(eq(timetableTeacherUnavailability.schoolId, greenhill)));
    expect(of('teacherNotAvailable').find((c) => c.teacherId === partTimer!.teacherId)!.slots).toHaveLength(9);
  });

  it('turns rules into constraints', () => {
    expect(of('teacherMaxHoursDaily')).toEqual([{ type: 'teacherMaxHoursDaily', weight: 100, teacherId: null, maxHours: 8 }]);
    expect(of('teacherMaxHoursContinuously')).toEqual([{ type: 'teacherMaxHoursContinuously', weight: 90, teacherId: null, maxHours: 4 }]);
    expect(of('minDaysBetween').every((c) => c.weight === 95 && c.minDays === 1)).toBe(true);
    expect(of('minDaysBetween').length).toBeGreaterThan(50);
    const maths = of('preferredStartingTimes').find((c) => c.weight === 80)!;
    expect(new Set(maths.slots.map((s) => s.period))).toEqual(new Set([0, 1, 2, 3]));
    expect(maths.slots).toHaveLength(20);
  });

  it('passes the precheck; an assignment with too many doubles is capped by its lessons', async () => {
    expect(precheck(problem)).toEqual([]);
    const [a] = await system(t.database, (tx) => tx.select().from(teacherAssignments).where(eq(teacherAssignments.schoolId, greenhill)).limit(1));
    await system(t.database, (tx) =>
      tx.insert(timetableLessonOptions).values({ assignmentId: a!.id, schoolId: greenhill, doubleLessons: 7 }).onConflictDoUpdate({ target: timetableLessonOptions.assignmentId, set: { doubleLessons: 7 } }),
    );
    const { problem: p2 } = await system(t.database, (tx) => buildSchoolProblem(tx, greenhill));
    const mine = p2.activities.filter((x) => x.id.startsWith(`${a!.id}:`));
    expect(mine.reduce((s, x) => s + x.duration, 0)).toBe(a!.lessonsPerWeek);
  });
});

describe('defaults and pure helpers', () => {
  it('default Kenyan days: 9 x 40 min for junior school, 8 x 35 min for primary, lunch 12:40-14:00', () => {
    const jss = defaultBellPeriods(true);
    const primary = defaultBellPeriods(false);
    expect(lessonCount(jss)).toBe(9);
    expect(lessonCount(primary)).toBe(8);
    expect(jss[0]).toMatchObject({ start: '08:00', end: '08:40' });
    expect(primary[0]).toMatchObject({ start: '08:00', end: '08:35' });
    for (const day of [jss, primary]) expect(day.find((p) => p.kind === 'lunch')).toMatchObject({ start: '12:40', end: '14:00' });
    const s = defaultSchedules([
      { id: 'a', band: 'Upper Primary' },
      { id: 'b', band: 'Junior School' },
    ]);
    expect(s.map((x) => [x.levelId, lessonCount(x.periods)])).toEqual([
      [null, 8],
      ['b', 9],
    ]);
    expect(defaultSchedules([{ id: 'y', band: 'IGCSE' }])).toHaveLength(1);
  });

  const tiny = (): TimetableProblem => ({
    days: ['Mon', 'Tue'],
    periods: ['P1', 'P2'],
    teachers: [{ id: 't1', name: 'T1' }],
    subjects: [{ id: 's1', name: 'S1' }],
    studentGroups: [
      { id: 'c1', name: 'C1' },
      { id: 'c2', name: 'C2' },
    ],
    studentSets: [
      { id: 'c1', name: 'C1', groupIds: ['c1'] },
      { id: 'c2', name: 'C2', groupIds: ['c2'] },
    ],
    rooms: [],
    activities: [
      { id: 'a:1', duration: 1, subjectId: 's1', teacherIds: ['t1'], studentSetIds: ['c1'] },
      { id: 'a:2', duration: 1, subjectId: 's1', teacherIds: ['t1'], studentSetIds: ['c1'] },
      { id: 'b:1', duration: 1, subjectId: 's1', teacherIds: ['t1'], studentSetIds: ['c2'] },
      { id: 'b:2', duration: 1, subjectId: 's1', teacherIds: ['t1'], studentSetIds: ['c2'] },
    ],
    constraints: [{ type: 'minDaysBetween', weight: 95, activityIds: ['b:1', 'b:2'], minDays: 1, consecutiveIfSameDay: true }],
  });
  const tinyMeta: ProblemMeta = { dayIndexes: [0, 1], classLevels: { c1: 'L1', c2: 'L2' }, levels: [], bellSchedules: {}, fixedSlots: [], activityAssignments: {} };

  it('applyBase fixes locked lessons only', () => {
    const p = tiny();
    const out = applyBase(p, tinyMeta, [{ activityId: 'a:1', day: 1, period: 0, roomId: null, locked: true }, { activityId: 'b:1', day: 0, period: 0, roomId: null }], null);
    expect(p.activities.find((a) => a.id === 'a:1')!.fixed).toEqual({ day: 1, period: 0, roomId: null });
    expect(p.activities.find((a) => a.id === 'b:1')!.fixed).toBeUndefined();
    expect([...out.lockedIds]).toEqual(['a:1']);
  });

  it('applyBase with a level fixes the other levels and leaves out their unplaced lessons', () => {
    const p = tiny();
    const out = applyBase(p, tinyMeta, [{ activityId: 'b:1', day: 0, period: 1, roomId: null }], 'L1');
    expect(p.activities.map((a) => a.id)).toEqual(['a:1', 'a:2', 'b:1']);
    expect(p.activities.find((a) => a.id === 'b:1')!.fixed).toEqual({ day: 0, period: 1, roomId: null });
    expect(out.droppedIds).toEqual(['b:2']);
    expect(p.constraints).toEqual([{ type: 'minDaysBetween', weight: 95, activityIds: ['b:1'], minDays: 1, consecutiveIfSameDay: true }]);
  });

  it('ruleConstraints: max per day per stream and subject, weight 0 left out, preferred times on given days', () => {
    const p = tiny();
    const levels = new Map([
      ['c1', 'L1'],
      ['c2', 'L2'],
    ]);
    const out = ruleConstraints(
      p,
      [
        { kind: 'subjectMaxPerDay', weight: 100, params: { max: 1 } },
        { kind: 'teacherMaxGapsPerDay', weight: 0, params: { max: 0 } },
        { kind: 'preferredTimes', weight: 80, params: { subjectId: 's1', periods: [0], days: [1] } },
        { kind: 'studentsMaxGapsPerDay', weight: 50, params: { max: 0, levelId: 'L2' } },
      ],
      levels,
      [0, 1],
    );
    expect(out).toEqual([
      { type: 'maxPerDay', weight: 100, activityIds: ['a:1', 'a:2'], max: 1 },
      { type: 'maxPerDay', weight: 100, activityIds: ['b:1', 'b:2'], max: 1 },
      { type: 'preferredStartingTimes', weight: 80, activityIds: ['a:1', 'a:2', 'b:1', 'b:2'], slots: [{ day: 1, period: 0 }] },
      { type: 'studentsMaxGapsPerDay', weight: 50, studentSetId: 'c2', maxGaps: 0 },
    ]);
  });
});
