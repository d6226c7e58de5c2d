import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, GREENHILL_SESSIONS, apiCaller, openDemoApp, profileIdOf, system, type TestApp } from '../../../../tests/helpers.js';
import type { ProblemMeta, TimetableSummary, TimetableView } from '../../../shared/contracts/timetable.js';
import { timetableViewMessages as tm } from '../../../shared/messages/timetable-views.js';
import { academicYears, auditLogs, classes, guardians, profiles, studentGuardians, students, subjects, timetableFeedTokens, timetableProblems, timetables } from '../../db/schema/index.js';
import { inspectPdf } from '../../lib/pdf.js';
import type { TimetableProblem } from './engine/types.js';
import { addDays } from '../../../shared/dates.js';
import { demo } from '../../../../tests/demo.js';

/** A Monday in week 3 of the demo year's Term 3 (7 September 2026 moved to the year): the teacher teaches a1 (period 1). */
const MONDAY = demo.cal.ref('2026-09-07');

/**
 * Timetable versions, views, editor, publishing, PDFs, iCalendar and substitutions (issue 16 §4-§6),
 * over a small hand-made problem on Greenhill's real streams and teachers: access per role (principal
 * writes, director reads every version, teachers and parents only the published one narrowed, other
 * schools 404), a drag that clashes is refused with nothing saved, save as version, publish switches the
 * published version, PDFs, the teacher's calendar and its session-less feed, and the substitution helper.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};
let problemId: string;
let v1: string;
const ids = { T: '', A: '', B: '', C: '', C1: '', C2: '', C3: '', maths: '', english: '', science: '', lab: 'room-lab' };
const names = { T: '', C1: '', C2: '', C3: '' };

beforeAll(async () => {
  ({ t, greenhill } = await openDemoApp(cookie, [...GREENHILL_SESSIONS, 'rsPrincipal', 'rsTeacher']));

  ids.T = await profileIdOf(t.database, DEMO.greenhill.teacher);
  const parentId = await profileIdOf(t.database, DEMO.greenhill.parent);
  await system(t.database, async (tx) => {
    // A clean slate: the demo seed's own published timetable (if any) steps aside.
    await tx.update(timetables).set({ status: 'archived' }).where(and(eq(timetables.schoolId, greenhill), eq(timetables.status, 'published')));
    const [year] = await tx.select({ id: academicYears.id }).from(academicYears).where(and(eq(academicYears.schoolId, greenhill), eq(academicYears.isCurrent, true)));
    const streams = await tx
      .select({ id: classes.id, name: classes.name, levelId: classes.levelId, classTeacherId: classes.classTeacherId })
      .from(classes)
      .where(and(eq(classes.schoolId, greenhill), eq(classes.academicYearId, year!.id)))
      .orderBy(asc(classes.levelOrder), asc(classes.stream));
    const kids = await tx
      .select({ classId: students.classId })
      .from(students)
      .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
      .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
      .where(and(eq(guardians.profileId, parentId), eq(students.status, 'active')));
    const kidClasses = new Set(kids.map((k) => k.classId));
    const led = streams.find((s) => s.classTeacherId === ids.T)!;
    const child = streams.find((s) => kidClasses.has(s.id) && s.id !== led.id)!;
    const other = streams.find((s) => s.id !== led.id && !kidClasses.has(s.id) && s.classTeacherId !== ids.T)!;
    expect(led && child && other).toBeTruthy();
    [ids.C1, ids.C2, ids.C3] = [led.id, child.id, other.id];
    [names.C1, names.C2, names.C3] = [led.name, child.name, other.name];
    const staff = await tx
      .select({ id: profiles.id, name: profiles.name })
      .from(profiles)
      .where(and(eq(profiles.schoolId, greenhill), eq(profiles.role, 'teacher'), ne(profiles.id, ids.T)))
      .orderBy(asc(profiles.name));
    [ids.A, ids.B, ids.C] = [staff[0]!.id, staff[1]!.id, staff[2]!.id];
    const [tp] = await tx.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, ids.T));
    names.T = tp!.name;
    const subs = await tx.select({ id: subjects.id, name: subjects.name }).from(subjects).where(eq(subjects.schoolId, greenhill)).orderBy(asc(subjects.name)).limit(3);
    [ids.maths, ids.english, ids.science] = subs.map((s) => s.id);

    const problem: TimetableProblem = {
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      periods: ['Period 1', 'Period 2', 'Period 3', 'Period 4'],
      teachers: [
        { id: ids.T, name: names.T },
        { id: ids.A, name: staff[0]!.name },
        { id: ids.B, name: staff[1]!.name },
        { id: ids.C, name: staff[2]!.name },
      ],
      subjects: subs,
      studentGroups: streams.filter((s) => [ids.C1, ids.C2, ids.C3].includes(s.id)).map((s) => ({ id: s.id, name: s.name })),
      studentSets: streams.filter((s) => [ids.C1, ids.C2, ids.C3].includes(s.id)).map((s) => ({ id: s.id, name: s.name, groupIds: [s.id] })),
      rooms: [{ id: ids.lab, name: 'Science Lab', capacity: 45, type: 'science_lab' }],
      activities: [
        { id: 'a1', duration: 1, subjectId: ids.maths, teacherIds: [ids.T], studentSetIds: [ids.C1] },
        { id: 'a2', duration: 1, subjectId: ids.english, teacherIds: [ids.A], studentSetIds: [ids.C2] },
        { id: 'a3', duration: 1, subjectId: ids.science, teacherIds: [ids.B], studentSetIds: [ids.C3] },
        { id: 'a4', duration: 1, subjectId: ids.maths, teacherIds: [ids.T], studentSetIds: [ids.C3] },
        { id: 'a5', duration: 1, subjectId: ids.english, teacherIds: [ids.A], studentSetIds: [ids.C1] },
        { id: 'a6', duration: 2, subjectId: ids.science, teacherIds: [ids.B], studentSetIds: [ids.C2] },
        { id: 'a7', duration: 1, subjectId: ids.maths, teacherIds: [ids.C], studentSetIds: [ids.C2] },
      ],
      constraints: [
        { type: 'teacherNotAvailable', weight: 100, teacherId: ids.C, slots: [{ day: 0, period: 2 }] },
        { type: 'preferredStartingTimes', weight: 50, activityIds: ['a4'], slots: [{ day: 1, period: 0 }] },
      ],
    };
    const levelId = streams.find((s) => s.id === ids.C1)!.levelId!;
    const schedule = [
      { kind: 'lesson' as const, label: 'Period 1', start: '08:00', end: '08:40' },
      { kind: 'lesson' as const, label: 'Period 2', start: '08:40', end: '09:20' },
      { kind: 'break' as const, label: 'Break', start: '09:20', end: '09:40' },
      { kind: 'lesson' as const, label: 'Period 3', start: '09:40', end: '10:20' },
      { kind: 'lesson' as const, label: 'Period 4', start: '10:20', end: '11:00' },
    ];
    const meta: ProblemMeta = {
      dayIndexes: [0, 1, 2, 3, 4],
      classLevels: Object.fromEntries(streams.filter((s) => [ids.C1, ids.C2, ids.C3].includes(s.id)).map((s) => [s.id, s.levelId!])),
      levels: [{ id: levelId, name: 'Level' }],
      bellSchedules: { default: schedule },
      fixedSlots: [],
      activityAssignments: {},
    };
    const [p] = await tx.insert(timetableProblems).values({ schoolId: greenhill, source: 'school', name: 'Test problem', problem, meta }).returning({ id: timetableProblems.id });
    problemId = p!.id;
    const [row] = await tx
      .insert(timetables)
      .values({
        schoolId: greenhill,
        problemId,
        name: 'Term 3 draft',
        version: 1000,
        status: 'draft',
        lessons: [
          { activityId: 'a1', day: 0, period: 0, roomId: null },
          { activityId: 'a2', day: 0, period: 0, roomId: null },
          { activityId: 'a3', day: 0, period: 1, roomId: ids.lab },
          { activityId: 'a4', day: 1, period: 0, roomId: null },
          { activityId: 'a5', day: 0, period: 1, roomId: null },
          { activityId: 'a6', day: 2, period: 0, roomId: ids.lab, locked: true },
        ],
        unplaced: [{ activityId: 'a7', reasons: ['No time left.'] }],
      })
      .returning({ id: timetables.id });
    v1 = row!.id;
  });
}, 600_000);
afterAll(async () => {
  await t?.close();
});

const { req, ok } = apiCaller(() => t.app, cookie);
const storedLessons = async (id: string) => (await system(t.database, (tx) => tx.select({ lessons: timetables.lessons }).from(timetables).where(eq(timetables.id, id))))[0]!.lessons;
const arrangement = (view: TimetableView) => view.lessons.map((l) => ({ activityId: l.activityId, day: l.day, period: l.period, roomId: l.roomId, locked: l.locked }));

describe('access', () => {
  it('401 without a session, 403 for the wrong role, 400 for a bad id', async () => {
    for (const [m, url] of [
      ['GET', '/api/timetables'],
      ['GET', '/api/timetables/current'],
      ['GET', `/api/timetables/${v1}`],
      ['PUT', `/api/timetables/${v1}/lessons`],
      ['POST', `/api/timetables/${v1}/publish`],
      ['GET', '/api/timetables/my.ics'],
      ['POST', '/api/timetables/feed-token'],
    ] as const) {
      expect((await req(undefined, m, url, m === 'PUT' ? { lessons: [] } : undefined)).statusCode, url).toBe(401);
    }
    expect((await req('teacher', 'GET', '/api/timetables')).statusCode).toBe(403);
    expect((await req('parent', 'GET', '/api/timetables')).statusCode).toBe(403);
    expect((await req('director', 'PUT', `/api/timetables/${v1}/lessons`, { lessons: [] })).statusCode).toBe(403);
    expect((await req('director', 'POST', `/api/timetables/${v1}/publish`)).statusCode).toBe(403);
    expect((await req('teacher', 'GET', `/api/timetables/${v1}/substitutes?teacherId=${ids.T}&date=${MONDAY}`)).statusCode).toBe(403);
    expect((await req('principal', 'GET', '/api/timetables/not-a-uuid')).statusCode).toBe(400);
  });

  it('principal and director list and read drafts; teachers and parents do not see a draft', async () => {
    const list = await ok<{ items: TimetableSummary[] }>('director', 'GET', '/api/timetables');
    const mine = list.items.find((x) => x.id === v1)!;
    expect(mine).toMatchObject({ status: 'draft', lessonCount: 6, unplacedCount: 1, source: 'school' });
    const view = await ok<TimetableView>('director', 'GET', `/api/timetables/${v1}`);
    expect(view.lessons).toHaveLength(6);
    expect(view.days).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    expect(view.lessons.find((l) => l.activityId === 'a6')).toMatchObject({ duration: 2, classIds: [ids.C2], roomId: ids.lab, locked: true });
    expect(view.unplaced[0]).toMatchObject({ activityId: 'a7', reasons: ['No time left.'], teacherIds: [ids.C] });
    expect(view.subjects.every((s) => s.code)).toBe(true);
    expect(view.classes.find((c) => c.id === ids.C1)!.levelId).toBeTruthy();
    expect((await req('teacher', 'GET', `/api/timetables/${v1}`)).statusCode).toBe(404);
    expect((await req('parent', 'GET', `/api/timetables/${v1}`)).statusCode).toBe(404);
    const current = await ok<{ timetable: TimetableView | null; me: { teacherId: string | null } }>('teacher', 'GET', '/api/timetables/current');
    expect(current.timetable).toBeNull();
    expect(current.me.teacherId).toBe(ids.T);
  });

  it('another school reads 404', async () => {
    expect((await req('rsPrincipal', 'GET', `/api/timetables/${v1}`)).statusCode).toBe(404);
    expect((await req('rsPrincipal', 'POST', `/api/timetables/${v1}/publish`)).statusCode).toBe(404);
    expect((await req('rsPrincipal', 'PUT', `/api/timetables/${v1}/lessons`, { lessons: [] })).statusCode).toBe(404);
    const list = await ok<{ items: TimetableSummary[] }>('rsPrincipal', 'GET', '/api/timetables');
    expect(list.items.some((x) => x.id === v1)).toBe(false);
  });
});

describe('editor', () => {
  it('a drag that clashes is refused with 409 and nothing changes', async () => {
    const view = await ok<TimetableView>('principal', 'GET', `/api/timetables/${v1}`);
    const before = await storedLessons(v1);
    const moved = arrangement(view).map((l) => (l.activityId === 'a4' ? { ...l, day: 0, period: 0 } : l));
    const res = await req('principal', 'PUT', `/api/timetables/${v1}/lessons`, { lessons: moved });
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json<{ error: { code: string; message: string } }>();
    expect(body.error.code).toBe('TIMETABLE_CLASH');
    expect(body.error.message).toBe(tm.clashTeacher(names.T, names.C1, 'Monday', 'period 1'));
    expect(await storedLessons(v1)).toEqual(before);

    const check = await ok<{ hard: { message: string }[]; soft: unknown[]; softScore: number }>('principal', 'POST', `/api/timetables/${v1}/check`, { lessons: moved });
    expect(check.hard.map((h) => h.message)).toContain(tm.clashTeacher(names.T, names.C1, 'Monday', 'period 1'));
    expect(check.softScore).toBe(50);
    expect(await storedLessons(v1)).toEqual(before);

    // A class clash and an unavailable teacher are refused too.
    const classClash = arrangement(view).map((l) => (l.activityId === 'a3' ? { ...l, day: 1, period: 0 } : l));
    const r2 = await req('principal', 'PUT', `/api/timetables/${v1}/lessons`, { lessons: classClash });
    expect(r2.statusCode).toBe(409);
    const maths = view.subjects.find((x) => x.id === ids.maths)!.name;
    expect(r2.json<{ error: { message: string } }>().error.message).toBe(tm.clashClass(names.C3, maths, 'Tuesday', 'period 1'));
    const unavailable = [...arrangement(view), { activityId: 'a7', day: 0, period: 2, roomId: null, locked: false }];
    expect((await req('principal', 'PUT', `/api/timetables/${v1}/lessons`, { lessons: unavailable })).statusCode).toBe(409);
  });

  it('bad arrangements are 400 with nothing written', async () => {
    const view = await ok<TimetableView>('principal', 'GET', `/api/timetables/${v1}`);
    const base = arrangement(view);
    for (const lessons of [
      base.filter((l) => l.activityId !== 'a1'),
      [...base, { activityId: 'zzz', day: 0, period: 0, roomId: null, locked: false }],
      [...base, base[0]],
      base.map((l) => (l.activityId === 'a1' ? { ...l, roomId: 'no-such-room' } : l)),
      base.map((l) => (l.activityId === 'a6' ? { ...l, period: 3 } : l)),
    ]) {
      const res = await req('principal', 'PUT', `/api/timetables/${v1}/lessons`, { lessons });
      expect(res.statusCode, res.body).toBe(400);
    }
    expect((await req('principal', 'PUT', `/api/timetables/${v1}/lessons`, { lessons: [{ activityId: 'a1', day: 9, period: 0, roomId: null }] })).statusCode).toBe(400);
  });

  it('a valid move saves, places an unplaced lesson and recomputes the soft score', async () => {
    const view = await ok<TimetableView>('principal', 'GET', `/api/timetables/${v1}`);
    const lessons = [...arrangement(view).map((l) => (l.activityId === 'a4' ? { ...l, day: 3, period: 2 } : l)), { activityId: 'a7', day: 4, period: 3, roomId: null, locked: true }];
    const saved = await ok<TimetableView>('principal', 'PUT', `/api/timetables/${v1}/lessons`, { lessons });
    expect(saved.lessons.find((l) => l.activityId === 'a4')).toMatchObject({ day: 3, period: 2 });
    expect(saved.unplaced).toEqual([]);
    expect(saved.softScore).toBe(50);
    expect(saved.violations.map((v) => v.constraint)).toEqual(['preferredStartingTimes']);
    const audits = await system(t.database, (tx) => tx.select().from(auditLogs).where(and(eq(auditLogs.action, tm.audit.edited), eq(auditLogs.targetEntity, `timetables:${v1}`))));
    expect(audits).toHaveLength(1);
  });
});

describe('versions and publishing', () => {
  let v2: string;
  it('publishes; teacher and parent then see the published timetable narrowed', async () => {
    const published = await ok<TimetableView>('principal', 'POST', `/api/timetables/${v1}/publish`);
    expect(published.status).toBe('published');
    expect(published.publishedAt).toBeTruthy();

    const teacher = await ok<{ timetable: TimetableView }>('teacher', 'GET', '/api/timetables/current');
    expect(teacher.timetable.id).toBe(v1);
    // Their own lessons (a1, a4) and every lesson of the stream they lead (a5).
    expect(teacher.timetable.lessons.map((l) => l.activityId).sort()).toEqual(['a1', 'a4', 'a5']);
    expect(teacher.timetable.violations).toEqual([]);
    const direct = await ok<TimetableView>('teacher', 'GET', `/api/timetables/${v1}`);
    expect(direct.lessons.map((l) => l.activityId).sort()).toEqual(['a1', 'a4', 'a5']);

    const parent = await ok<{ timetable: TimetableView; me: { children: { classId: string }[] } }>('parent', 'GET', '/api/timetables/current');
    expect(parent.me.children.some((c) => c.classId === ids.C2)).toBe(true);
    const childClasses = new Set(parent.me.children.map((c) => c.classId));
    expect(parent.timetable.lessons.length).toBeGreaterThan(0);
    expect(parent.timetable.lessons.every((l) => l.classIds.some((c) => childClasses.has(c)))).toBe(true);
    expect(parent.timetable.lessons.map((l) => l.activityId)).toEqual(expect.arrayContaining(['a2', 'a6', 'a7']));
    expect(parent.timetable.lessons.some((l) => l.activityId === 'a3')).toBe(false);

    const finance = await ok<{ timetable: TimetableView }>('finance', 'GET', '/api/timetables/current');
    expect(finance.timetable.lessons).toHaveLength(7);
    expect((await ok<{ timetable: TimetableView | null }>('rsTeacher', 'GET', '/api/timetables/current')).timetable?.id).not.toBe(v1);
    expect((await req('rsTeacher', 'GET', `/api/timetables/${v1}`)).statusCode).toBe(404);
    const audits = await system(t.database, (tx) => tx.select().from(auditLogs).where(and(eq(auditLogs.action, tm.audit.published), eq(auditLogs.targetEntity, `timetables:${v1}`))));
    expect(audits).toHaveLength(1);
  });

  it('a published version is not edited in place; save as version gives a draft', async () => {
    const view = await ok<TimetableView>('principal', 'GET', `/api/timetables/${v1}`);
    const res = await req('principal', 'PUT', `/api/timetables/${v1}/lessons`, { lessons: arrangement(view) });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('TIMETABLE_NOT_DRAFT');
    expect((await req('principal', 'DELETE', `/api/timetables/${v1}`)).statusCode).toBe(409);

    const copy = await ok<TimetableSummary>('principal', 'POST', `/api/timetables/${v1}/versions`, { name: 'Term 3 v2' }, 201);
    expect(copy).toMatchObject({ name: 'Term 3 v2', status: 'draft', version: 1001, lessonCount: 7 });
    v2 = copy.id;
    const draft = await ok<TimetableView>('principal', 'GET', `/api/timetables/${v2}`);
    expect(arrangement(draft)).toEqual(arrangement(view));
    expect((await req('teacher', 'GET', `/api/timetables/${v2}`)).statusCode).toBe(404);
    expect((await req('principal', 'POST', `/api/timetables/${v1}/versions`, { name: '' })).statusCode).toBe(400);
  });

  it('publishing another version archives the previous one', async () => {
    await ok('principal', 'POST', `/api/timetables/${v2}/publish`);
    const list = await ok<{ items: TimetableSummary[] }>('principal', 'GET', '/api/timetables');
    expect(list.items.find((x) => x.id === v1)!.status).toBe('archived');
    expect(list.items.find((x) => x.id === v2)!.status).toBe('published');
    expect(list.items.filter((x) => x.status === 'published')).toHaveLength(1);
    expect(list.items[0]!.createdAt >= list.items.at(-1)!.createdAt).toBe(true);
    expect((await ok<{ timetable: TimetableView }>('teacher', 'GET', '/api/timetables/current')).timetable.id).toBe(v2);
    expect((await req('teacher', 'GET', `/api/timetables/${v1}`)).statusCode).toBe(404);
  });

  it('publishing a version with a hidden clash is refused', async () => {
    const copy = await ok<TimetableSummary>('principal', 'POST', `/api/timetables/${v2}/versions`, {}, 201);
    await system(t.database, async (tx) => {
      const [row] = await tx.select().from(timetables).where(eq(timetables.id, copy.id));
      await tx
        .update(timetables)
        .set({ lessons: row!.lessons.map((l) => (l.activityId === 'a4' ? { ...l, day: 0, period: 0 } : l)) })
        .where(eq(timetables.id, copy.id));
    });
    const res = await req('principal', 'POST', `/api/timetables/${copy.id}/publish`);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('TIMETABLE_CLASH');
    expect((await ok<{ timetable: TimetableView }>('teacher', 'GET', '/api/timetables/current')).timetable.id).toBe(v2);
  });

  it('renames any version and deletes drafts', async () => {
    const renamed = await ok<TimetableSummary>('principal', 'PATCH', `/api/timetables/${v1}`, { name: 'Old term 3' });
    expect(renamed.name).toBe('Old term 3');
    expect((await req('principal', 'PATCH', `/api/timetables/${v1}`, { name: '   ' })).statusCode).toBe(400);
    const draft = await ok<TimetableSummary>('principal', 'POST', `/api/timetables/${v2}/versions`, { name: 'Scratch' }, 201);
    expect((await req('director', 'DELETE', `/api/timetables/${draft.id}`)).statusCode).toBe(403);
    expect((await req('principal', 'DELETE', `/api/timetables/${draft.id}`)).statusCode).toBe(204);
    expect((await req('principal', 'GET', `/api/timetables/${draft.id}`)).statusCode).toBe(404);
  });
});

describe('PDF, iCalendar and substitutions', () => {
  let published: string;
  beforeAll(async () => {
    published = (await ok<{ timetable: TimetableView }>('principal', 'GET', '/api/timetables/current')).timetable.id;
  });

  it('prints a stream, a teacher, a room and the whole school', async () => {
    const res = await req('principal', 'GET', `/api/timetables/${published}/pdf?view=class&id=${ids.C1}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = inspectPdf(res.rawPayload);
    expect(pdf.isPdf).toBe(true);
    expect(pdf.text).toContain(names.C1);
    expect(pdf.text).toContain('08:00-08:40');
    expect(pdf.text).toContain('Break');
    const school = inspectPdf((await req('director', 'GET', `/api/timetables/${published}/pdf?view=school`)).rawPayload);
    expect(school.pages).toBe(3);
    expect(school.text).toContain(names.C3);
    expect((await req('principal', 'GET', `/api/timetables/${published}/pdf?view=room&id=${ids.lab}`)).statusCode).toBe(200);
    expect((await req('principal', 'GET', `/api/timetables/${published}/pdf?view=class`)).statusCode).toBe(400);
    expect((await req('principal', 'GET', `/api/timetables/${published}/pdf?view=class&id=nope`)).statusCode).toBe(404);
    expect((await req('principal', 'GET', `/api/timetables/${published}/pdf?view=nope`)).statusCode).toBe(400);

    // A teacher prints their own week, not the whole school; a parent their child's stream.
    const mine = await req('teacher', 'GET', `/api/timetables/${published}/pdf?view=teacher&id=${ids.T}`);
    expect(mine.statusCode).toBe(200);
    expect(inspectPdf(mine.rawPayload).text).toContain(names.T);
    expect((await req('teacher', 'GET', `/api/timetables/${published}/pdf?view=school`)).statusCode).toBe(404);
    expect((await req('teacher', 'GET', `/api/timetables/${published}/pdf?view=teacher&id=${ids.A}`)).statusCode).toBe(404);
    expect((await req('parent', 'GET', `/api/timetables/${published}/pdf?view=class&id=${ids.C2}`)).statusCode).toBe(200);
    expect((await req('parent', 'GET', `/api/timetables/${published}/pdf?view=class&id=${ids.C3}`)).statusCode).toBe(404);
  });

  it("serves the teacher's calendar, and a private feed that works without a session", async () => {
    const res = await req('teacher', 'GET', '/api/timetables/my.ics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.body).toContain('BEGIN:VEVENT');
    // Weekly until the end of the current term (the latest term of the demo year): 23:59:59 Nairobi.
    const term = demo.cal.latestTerm;
    const compact = (day: string) => day.replaceAll('-', '');
    expect(res.body).toContain(`RRULE:FREQ=WEEKLY;UNTIL=${compact(term.endsOn)}T205959Z`);
    expect(res.body.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    // Maths for the led stream: Mondays 08:00 Nairobi = 05:00 UTC, from the term's first Monday (terms open on a Monday).
    expect(res.body).toContain(`DTSTART:${compact(term.startsOn)}T050000Z`);

    const { url } = await ok<{ url: string }>('teacher', 'POST', '/api/timetables/feed-token');
    expect(url).toMatch(/^http:\/\/edufam\.test\/api\/timetables\/feed\/[A-Za-z0-9_-]+\.ics$/);
    const path = url.replace('http://edufam.test', '');
    const feed = await t.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('BEGIN:VEVENT');
    const [stored] = await system(t.database, (tx) => tx.select().from(timetableFeedTokens).where(eq(timetableFeedTokens.profileId, ids.T)));
    expect(url).not.toContain(stored!.tokenHash);
    expect((await t.app.inject({ method: 'GET', url: '/api/timetables/feed/wrongtokenwrongtokenwrong.ics' })).statusCode).toBe(404);
    // Rotating makes the old link stop working.
    await ok('teacher', 'POST', '/api/timetables/feed-token');
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
  });

  it('lists free teachers for an absent teacher, subject teachers first', async () => {
    // MONDAY: the teacher teaches a1 (period 1).
    const res = await ok<{ weekday: string; lessons: { activityId: string; start: string; candidates: { teacherId: string; teachesSubject: boolean; lessonsThatDay: number }[] }[] }>(
      'principal',
      'GET',
      `/api/timetables/${published}/substitutes?teacherId=${ids.T}&date=${MONDAY}`,
    );
    expect(res.weekday).toBe('Monday');
    expect(res.lessons.map((l) => l.activityId)).toEqual(['a1']);
    expect(res.lessons[0]!.start).toBe('08:00');
    const c = res.lessons[0]!.candidates;
    expect(c.some((x) => x.teacherId === ids.A)).toBe(false); // teaching a2 then
    expect(c.some((x) => x.teacherId === ids.T)).toBe(false);
    expect(c.find((x) => x.teacherId === ids.C)).toMatchObject({ teachesSubject: true });
    expect(c.find((x) => x.teacherId === ids.B)).toMatchObject({ lessonsThatDay: 1 });
    for (let i = 1; i < c.length; i++) {
      const [a, b] = [c[i - 1]!, c[i]!];
      expect(Number(a.teachesSubject) > Number(b.teachesSubject) || (a.teachesSubject === b.teachesSubject && a.lessonsThatDay <= b.lessonsThatDay)).toBe(true);
    }
    // Weekend, holiday and bad dates: the Saturday and Sunday before, a Monday of the holiday before Term 3.
    for (const date of [addDays(MONDAY, -2), addDays(MONDAY, -1), addDays(demo.cal.terms[2]!.startsOn, -14)]) {
      const r = await req('principal', 'GET', `/api/timetables/${published}/substitutes?teacherId=${ids.T}&date=${date}`);
      expect(r.statusCode, date).toBe(400);
    }
    expect((await req('principal', 'GET', `/api/timetables/${published}/substitutes?teacherId=${ids.T}&date=${MONDAY.split('-').reverse().join('-')}`)).statusCode).toBe(400);
    expect((await req('principal', 'GET', `/api/timetables/${published}/substitutes?teacherId=${greenhill}&date=${MONDAY}`)).statusCode).toBe(404);
    expect((await req('rsPrincipal', 'GET', `/api/timetables/${published}/substitutes?teacherId=${ids.T}&date=${MONDAY}`)).statusCode).toBe(404);
  });
});

describe('the demo school timetable', () => {
  it("reads, narrows and prints Riverside's published timetable", async () => {
    const whole = await ok<{ timetable: TimetableView | null }>('rsPrincipal', 'GET', '/api/timetables/current');
    if (!whole.timetable) return; // the demo seed has no published timetable (yet)
    const started = performance.now();
    const view = await ok<TimetableView>('rsPrincipal', 'GET', `/api/timetables/${whole.timetable.id}`);
    const readMs = performance.now() - started;
    expect(view.lessons.length).toBeGreaterThan(0);
    const teacher = await ok<{ timetable: TimetableView }>('rsTeacher', 'GET', '/api/timetables/current');
    expect(teacher.timetable.lessons.length).toBeGreaterThan(0);
    expect(teacher.timetable.lessons.length).toBeLessThan(view.lessons.length);
    const pdfStarted = performance.now();
    const pdf = await req('rsPrincipal', 'GET', `/api/timetables/${view.id}/pdf?view=school`);
    const pdfMs = performance.now() - pdfStarted;
    expect(pdf.statusCode).toBe(200);
    const streamsWithLessons = view.classes.filter((c) => view.lessons.some((l) => l.classIds.includes(c.id)));
    expect(inspectPdf(pdf.rawPayload).pages).toBe(streamsWithLessons.length);
    const ics = await req('rsTeacher', 'GET', '/api/timetables/my.ics');
    expect(ics.body).toContain('BEGIN:VEVENT');
    console.info(`demo timetable: ${view.lessons.length} lessons, GET ${readMs.toFixed(0)} ms, school PDF (${streamsWithLessons.length} pages) ${pdfMs.toFixed(0)} ms`);
  });
});
