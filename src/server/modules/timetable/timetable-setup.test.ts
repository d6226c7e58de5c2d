import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, apiCaller, openDemoApp, profileIdOf, schoolIdOf, system, type TestApp } from '../../../../tests/helpers.js';
import type { TimetableSetup } from '../../../shared/contracts/timetable-setup.js';
import { auditLogs, teacherAssignments, timetableBellSchedules } from '../../db/schema/index.js';

/**
 * The timetable's inputs (issue 16 §1) over the API: access (principal writes, director reads, others
 * 403, another school's ids 404, 401 signed out), defaults, CRUD of every input with validation, the
 * audit trail, and the precheck naming an overloaded teacher with the counts.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  ({ t } = await openDemoApp(cookie, ['principal', 'director', 'teacher', 'parent', 'rsPrincipal']));
}, 600_000);
afterAll(async () => {
  await t?.close();
});

const { req, ok } = apiCaller(() => t.app, cookie);
const setup = (who = 'principal') => ok<TimetableSetup>(who, 'GET', '/api/timetables/setup');

describe('timetable setup: access', () => {
  it('401 signed out, 403 for teacher and parent, director reads but cannot write', async () => {
    expect((await req(undefined, 'GET', '/api/timetables/setup')).statusCode).toBe(401);
    expect((await req('teacher', 'GET', '/api/timetables/setup')).statusCode).toBe(403);
    expect((await req('parent', 'GET', '/api/timetables/setup')).statusCode).toBe(403);
    const s = await setup('director');
    expect(s.levels.length).toBeGreaterThan(0);
    const room = { name: 'Director room', type: 'classroom', capacity: 40 };
    expect((await req('director', 'POST', '/api/timetables/setup/rooms', room)).statusCode).toBe(403);
    expect((await req('teacher', 'POST', '/api/timetables/setup/check')).statusCode).toBe(403);
    expect((await req(undefined, 'POST', '/api/timetables/setup/check')).statusCode).toBe(401);
  });

  it("another school's ids read as 404", async () => {
    const rs = await setup('rsPrincipal');
    const room = rs.rooms[0]!;
    expect((await req('principal', 'PUT', `/api/timetables/setup/rooms/${room.id}`, { name: 'X', type: 'classroom', capacity: 30 })).statusCode).toBe(404);
    expect((await req('principal', 'DELETE', `/api/timetables/setup/rooms/${room.id}`)).statusCode).toBe(404);
    const lesson = rs.lessons[0]!;
    expect((await req('principal', 'PUT', `/api/timetables/setup/lessons/${lesson.assignmentId}`, { doubleLessons: 0, roomType: null, roomId: null, combineKey: null })).statusCode).toBe(404);
    expect((await req('principal', 'PUT', `/api/timetables/setup/teachers/${lesson.teacherId}/unavailability`, { slots: [] })).statusCode).toBe(404);
    expect((await req('principal', 'DELETE', `/api/timetables/setup/rules/${rs.rules[0]!.id}`)).statusCode).toBe(404);
    expect((await req('principal', 'DELETE', `/api/timetables/setup/fixed-slots/${rs.fixedSlots[0]!.id}`)).statusCode).toBe(404);
  });
});

describe('timetable setup: the demo inputs', () => {
  it('shows the seeded week, rooms, lessons, teachers and rules with descriptions', async () => {
    const s = await setup();
    const def = s.bellSchedules.find((b) => b.levelId === null)!;
    expect(def.days).toEqual([0, 1, 2, 3, 4]);
    expect(def.periods.filter((p) => p.kind === 'lesson')).toHaveLength(8);
    const g7 = s.levels.find((l) => l.name === 'Grade 7')!;
    const jss = s.bellSchedules.find((b) => b.levelId === g7.id)!;
    expect(jss.periods.filter((p) => p.kind === 'lesson')).toHaveLength(9);
    expect(jss.periods.find((p) => p.kind === 'lunch')).toMatchObject({ start: '12:40', end: '14:00' });
    expect(s.rooms.filter((r) => r.type === 'science_lab')).toHaveLength(2);
    expect(s.lessons.some((l) => l.doubleLessons === 1 && l.roomType === 'science_lab')).toBe(true);
    expect(s.lessons.filter((l) => l.combineKey === 'games').length).toBeGreaterThanOrEqual(2);
    expect(s.teachers.some((x) => x.unavailable.length > 0 && x.note)).toBe(true);
    expect(s.rules.find((r) => r.kind === 'teacherMaxPerDay')!.description).toBe('Every teacher: at most 8 lessons a day (always).');
    expect(s.rules.find((r) => r.kind === 'subjectDistinctDays')!.description).toContain('weight 95 %');
  });

  it('returns default schedules (not stored) for a school that saved none', async () => {
    const schoolId = await schoolIdOf(t.database, 'riverside');
    const before = await system(t.database, (tx) => tx.select().from(timetableBellSchedules).where(eq(timetableBellSchedules.schoolId, schoolId)));
    await system(t.database, (tx) => tx.delete(timetableBellSchedules).where(eq(timetableBellSchedules.schoolId, schoolId)));
    try {
      const s = await setup('rsPrincipal');
      expect(s.bellSchedules).toHaveLength(1);
      const lessons = s.bellSchedules[0]!.periods.filter((p) => p.kind === 'lesson');
      expect(lessons).toHaveLength(9);
      expect(lessons[0]).toMatchObject({ start: '08:00', end: '08:40' });
      expect(s.bellSchedules[0]!.days).toEqual([0, 1, 2, 3, 4]);
      const stored = await system(t.database, (tx) => tx.select().from(timetableBellSchedules).where(eq(timetableBellSchedules.schoolId, schoolId)));
      expect(stored).toHaveLength(0);
    } finally {
      await system(t.database, (tx) => tx.insert(timetableBellSchedules).values(before));
    }
  });
});

describe('timetable setup: editing', () => {
  it('saves a bell schedule (with Saturday) and refuses a bad one', async () => {
    const s = await setup();
    const g8 = s.levels.find((l) => l.name === 'Grade 8')!;
    const current = s.bellSchedules.find((b) => b.levelId === g8.id)!;
    const saved = await ok<TimetableSetup>('principal', 'PUT', '/api/timetables/setup/bell-schedules', { levelId: g8.id, days: [0, 1, 2, 3, 4], periods: current.periods });
    expect(saved.bellSchedules.find((b) => b.levelId === g8.id)!.periods).toEqual(current.periods);
    const overlap = await req('principal', 'PUT', '/api/timetables/setup/bell-schedules', {
      levelId: g8.id,
      days: [0],
      periods: [
        { kind: 'lesson', label: 'P1', start: '08:00', end: '08:40' },
        { kind: 'lesson', label: 'P2', start: '08:30', end: '09:10' },
      ],
    });
    expect(overlap.statusCode).toBe(400);
    const noLesson = await req('principal', 'PUT', '/api/timetables/setup/bell-schedules', { levelId: null, days: [0], periods: [{ kind: 'break', label: 'Break', start: '10:00', end: '10:20' }] });
    expect(noLesson.statusCode).toBe(400);
    const badTime = await req('principal', 'PUT', '/api/timetables/setup/bell-schedules', { levelId: null, days: [0], periods: [{ kind: 'lesson', label: 'P1', start: '8am', end: '09:00' }] });
    expect(badTime.statusCode).toBe(400);
    const rsLevel = (await setup('rsPrincipal')).levels[0]!;
    expect((await req('principal', 'PUT', '/api/timetables/setup/bell-schedules', { levelId: rsLevel.id, days: [0], periods: current.periods })).statusCode).toBe(400);
  });

  it('creates and deletes a fixed slot; refuses one outside the day and a duplicate', async () => {
    const s = await setup();
    const g9 = s.levels.find((l) => l.name === 'Grade 9')!;
    const slot = await ok<{ id: string; levelName: string }>('principal', 'POST', '/api/timetables/setup/fixed-slots', { label: 'PPI', day: 4, period: 7, levelId: g9.id }, 201);
    expect(slot.levelName).toBe('Grade 9');
    expect((await req('principal', 'POST', '/api/timetables/setup/fixed-slots', { label: 'PPI', day: 4, period: 7, levelId: g9.id })).statusCode).toBe(409);
    expect((await req('principal', 'POST', '/api/timetables/setup/fixed-slots', { label: 'Late', day: 1, period: 12, levelId: g9.id })).statusCode).toBe(400);
    expect((await req('principal', 'POST', '/api/timetables/setup/fixed-slots', { label: 'Sat', day: 5, period: 0, levelId: g9.id })).statusCode).toBe(400);
    await ok('principal', 'DELETE', `/api/timetables/setup/fixed-slots/${slot.id}`, undefined, 204);
    expect((await req('principal', 'DELETE', `/api/timetables/setup/fixed-slots/${slot.id}`)).statusCode).toBe(404);
  });

  it('rooms: create, rename, duplicate name 409, bad capacity 400, delete', async () => {
    const room = await ok<{ id: string; name: string }>('principal', 'POST', '/api/timetables/setup/rooms', { name: 'Art Studio', type: 'other', capacity: 30 }, 201);
    expect((await req('principal', 'POST', '/api/timetables/setup/rooms', { name: 'art studio', type: 'other', capacity: 30 })).statusCode).toBe(409);
    expect((await req('principal', 'POST', '/api/timetables/setup/rooms', { name: 'Tiny', type: 'other', capacity: 0 })).statusCode).toBe(400);
    expect((await req('principal', 'POST', '/api/timetables/setup/rooms', { name: 'Odd', type: 'spaceship', capacity: 10 })).statusCode).toBe(400);
    const renamed = await ok<{ name: string; unavailable: unknown[] }>('principal', 'PUT', `/api/timetables/setup/rooms/${room.id}`, {
      name: 'Art Studio B',
      type: 'other',
      capacity: 32,
      unavailable: [{ day: 0, period: 0 }],
    });
    expect(renamed).toMatchObject({ name: 'Art Studio B', unavailable: [{ day: 0, period: 0 }] });
    await ok('principal', 'DELETE', `/api/timetables/setup/rooms/${room.id}`, undefined, 204);
    const audit = await system(t.database, (tx) => tx.select().from(auditLogs).where(and(eq(auditLogs.action, 'TIMETABLE_ROOM_CREATED'), eq(auditLogs.targetEntity, `room:${room.id}`))));
    expect(audit).toHaveLength(1);
  });

  it('lesson options: doubles within the lessons, a room of the school and of the type', async () => {
    const s = await setup();
    const lesson = s.lessons.find((l) => l.subjectName === 'English' && l.className === 'Grade 8 West')!;
    const lab = s.rooms.find((r) => r.type === 'science_lab')!;
    const field = s.rooms.find((r) => r.type === 'field')!;
    const body = { doubleLessons: 2, roomType: 'science_lab', roomId: lab.id, combineKey: null };
    const saved = await ok<{ doubleLessons: number; roomId: string }>('principal', 'PUT', `/api/timetables/setup/lessons/${lesson.assignmentId}`, body);
    expect(saved).toMatchObject({ doubleLessons: 2, roomId: lab.id });
    const tooMany = await req('principal', 'PUT', `/api/timetables/setup/lessons/${lesson.assignmentId}`, { ...body, doubleLessons: 3 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toContain('6 periods');
    expect((await req('principal', 'PUT', `/api/timetables/setup/lessons/${lesson.assignmentId}`, { ...body, roomId: field.id })).statusCode).toBe(400);
    const rsRoom = (await setup('rsPrincipal')).rooms[0]!;
    expect((await req('principal', 'PUT', `/api/timetables/setup/lessons/${lesson.assignmentId}`, { ...body, roomType: null, roomId: rsRoom.id })).statusCode).toBe(400);
    await ok('principal', 'PUT', `/api/timetables/setup/lessons/${lesson.assignmentId}`, { doubleLessons: 0, roomType: null, roomId: null, combineKey: null });
  });

  it('teacher unavailability: a teacher of the school; others 404', async () => {
    const s = await setup();
    const teacher = s.teachers.find((x) => x.unavailable.length === 0 && x.lessonsPerWeek > 0)!;
    const row = await ok<{ unavailable: { day: number; period: number }[]; note: string }>('principal', 'PUT', `/api/timetables/setup/teachers/${teacher.id}/unavailability`, {
      slots: [
        { day: 1, period: 0 },
        { day: 0, period: 1 },
        { day: 1, period: 0 },
      ],
      note: 'Shared with a neighbouring school',
    });
    expect(row.unavailable).toEqual([
      { day: 0, period: 1 },
      { day: 1, period: 0 },
    ]);
    const parentId = await profileIdOf(t.database, DEMO.greenhill.parent);
    expect((await req('principal', 'PUT', `/api/timetables/setup/teachers/${parentId}/unavailability`, { slots: [] })).statusCode).toBe(404);
    await ok('principal', 'PUT', `/api/timetables/setup/teachers/${teacher.id}/unavailability`, { slots: [], note: null });
  });

  it('rules: create with a generated description, update, validate, delete', async () => {
    const s = await setup();
    const maths = s.subjects.find((x) => x.name === 'Mathematics' && x.band === 'Junior School')!;
    const rule = await ok<{ id: string; description: string }>('principal', 'POST', '/api/timetables/setup/rules', { kind: 'subjectMaxPerDay', weight: 100, params: { subjectId: maths.id, max: 2 } }, 201);
    expect(rule.description).toBe('Mathematics (Junior School): at most 2 lessons a day per stream (always).');
    const updated = await ok<{ description: string }>('principal', 'PUT', `/api/timetables/setup/rules/${rule.id}`, { kind: 'preferredTimes', weight: 70, params: { subjectId: maths.id, periods: [1, 0], days: [0, 2] } });
    expect(updated.description).toBe('Mathematics (Junior School): in periods 1, 2 on Monday, Wednesday (weight 70 %).');
    expect((await req('principal', 'POST', '/api/timetables/setup/rules', { kind: 'teacherMaxPerDay', weight: 100, params: {} })).statusCode).toBe(400);
    expect((await req('principal', 'POST', '/api/timetables/setup/rules', { kind: 'preferredTimes', weight: 100, params: { periods: [0] } })).statusCode).toBe(400);
    expect((await req('principal', 'POST', '/api/timetables/setup/rules', { kind: 'teacherMaxPerDay', weight: 101, params: { max: 3 } })).statusCode).toBe(400);
    const rsSubject = (await setup('rsPrincipal')).subjects[0]!;
    expect((await req('principal', 'POST', '/api/timetables/setup/rules', { kind: 'subjectDistinctDays', weight: 50, params: { subjectId: rsSubject.id } })).statusCode).toBe(400);
    await ok('principal', 'DELETE', `/api/timetables/setup/rules/${rule.id}`, undefined, 204);
  });
});

describe('timetable setup: check', () => {
  it('the demo inputs pass the precheck', async () => {
    const res = await ok<{ ok: boolean; issues: unknown[]; summary: { streams: number; slotsPerWeek: number; lessons: number } }>('principal', 'POST', '/api/timetables/setup/check');
    expect(res.issues).toEqual([]);
    expect(res.ok).toBe(true);
    expect(res.summary.streams).toBe(22);
    expect(res.summary.slotsPerWeek).toBe(45);
  });

  it('names a teacher with lessons but no available periods', async () => {
    const s = await setup();
    const teacher = s.teachers.find((x) => x.unavailable.length === 0 && x.lessonsPerWeek > 0)!;
    const all = [0, 1, 2, 3, 4].flatMap((day) => Array.from({ length: 9 }, (_, period) => ({ day, period })));
    await ok('principal', 'PUT', `/api/timetables/setup/teachers/${teacher.id}/unavailability`, { slots: all });
    try {
      const res = await ok<{ ok: boolean; issues: { code: string; message: string }[] }>('principal', 'POST', '/api/timetables/setup/check');
      expect(res.ok).toBe(false);
      expect(res.issues.find((i) => i.code === 'no-available-periods')!.message).toBe(`${teacher.name} has lessons but no available periods.`);
    } finally {
      await ok('principal', 'PUT', `/api/timetables/setup/teachers/${teacher.id}/unavailability`, { slots: [] });
    }
  });

  it('names an overloaded teacher with the counts', async () => {
    const schoolId = await schoolIdOf(t.database, 'riverside');
    const demoTeacher = await profileIdOf(t.database, DEMO.riverside.teacher);
    const mine = await system(t.database, (tx) => tx.select().from(teacherAssignments).where(and(eq(teacherAssignments.schoolId, schoolId), eq(teacherAssignments.teacherId, demoTeacher))));
    const first = mine[0]!;
    await system(t.database, (tx) => tx.update(teacherAssignments).set({ lessonsPerWeek: first.lessonsPerWeek + 45 }).where(eq(teacherAssignments.id, first.id)));
    try {
      const res = await ok<{ ok: boolean; issues: { code: string; message: string }[] }>('rsPrincipal', 'POST', '/api/timetables/setup/check');
      expect(res.ok).toBe(false);
      const issue = res.issues.find((i) => i.code === 'teacher-overloaded')!;
      const total = mine.reduce((sum, a) => sum + a.lessonsPerWeek, 0) + 45;
      expect(issue.message).toMatch(/^Samuel Kibet Langat: /);
      expect(issue.message).toContain(`${total} lessons asked`);
      expect(issue.message).toMatch(/\d+ periods available/);
    } finally {
      await system(t.database, (tx) => tx.update(teacherAssignments).set({ lessonsPerWeek: first.lessonsPerWeek }).where(eq(teacherAssignments.id, first.id)));
    }
  });
});
