import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, apiCaller, openDemoApp, profileIdOf, schoolIdOf, system, type TestApp } from '../../../../tests/helpers.js';
import type { Job } from '../../../shared/contracts/timetable.js';
import { backgroundTasks, levels, subjects, teacherAssignments, timetableProblems, timetables } from '../../db/schema/index.js';
import { checkTimetable } from './engine/checker.js';
import { solve } from './engine/solver.js';
import type { TimetableProblem } from './engine/types.js';

/**
 * Generation over the API (issue 16 §2, §3, §6): FET import (fixtures; not XML, not FET, too large),
 * export and re-import, generate → job → timetable with no hard violation (checked by the independent
 * checker, not the solver), seed repeatability, locks, level-only generation, Cancel, the precheck's
 * TIMETABLE_IMPOSSIBLE, access (401/403/404) and the demo's published timetables.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};
const FIXTURE = new URL('../../../../tests/fixtures/fet/brazil-eeblj-noturno.fet', import.meta.url);

beforeAll(async () => {
  ({ t, greenhill } = await openDemoApp(cookie, ['principal', 'director', 'teacher', 'rsPrincipal']));
}, 600_000);
afterAll(async () => {
  await t?.close();
});

const { req, ok } = apiCaller(() => t.app, cookie);

/** POST a file as multipart field `file`. */
function upload(who: string | undefined, body: Buffer, name = 'school.fet') {
  const boundary = '----edufam-fet-test';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/xml\r\n\r\n`),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/timetables/import-fet',
    payload,
    headers: { ...(who ? { cookie: cookie[who]! } : {}), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function waitJob(id: string, until: (j: Job) => boolean = (j) => ['succeeded', 'failed', 'cancelled'].includes(j.status), who = 'principal', timeoutMs = 120_000): Promise<Job> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await ok<Job>(who, 'GET', `/api/jobs/${id}`);
    if (until(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stored(timetableId: string) {
  return system(t.database, async (tx) => {
    const [tt] = await tx.select().from(timetables).where(eq(timetables.id, timetableId));
    const [p] = await tx.select().from(timetableProblems).where(eq(timetableProblems.id, tt!.problemId));
    return { tt: tt!, problem: p!.problem as TimetableProblem, problemRow: p! };
  });
}

/** Generates and waits; returns the finished job and the stored timetable. */
async function generate(body: Record<string, unknown>, who = 'principal') {
  const { jobId } = await ok<{ jobId: string }>(who, 'POST', '/api/timetables/generate', body, 202);
  const job = await waitJob(jobId, undefined, who);
  expect(job.status, JSON.stringify(job)).toBe('succeeded');
  expect(job.timetableId).toBeTruthy();
  return { job, ...(await stored(job.timetableId!)) };
}

describe('timetable generation: access and bad input', () => {
  it('401 signed out, 403 for the director and a teacher, 400 bad body', async () => {
    expect((await req(undefined, 'POST', '/api/timetables/generate', { timeLimitSeconds: 5 })).statusCode).toBe(401);
    expect((await req('director', 'POST', '/api/timetables/generate', { timeLimitSeconds: 5 })).statusCode).toBe(403);
    expect((await req('teacher', 'POST', '/api/timetables/generate', { timeLimitSeconds: 5 })).statusCode).toBe(403);
    expect((await req('principal', 'POST', '/api/timetables/generate', { timeLimitSeconds: 1 })).statusCode).toBe(400);
    expect((await upload(undefined, Buffer.from('<fet/>'))).statusCode).toBe(401);
    expect((await upload('director', Buffer.from('<fet/>'))).statusCode).toBe(403);
    expect((await req('teacher', 'GET', '/api/timetables/problems')).statusCode).toBe(403);
  });

  it("another school's problem, base version and job read as 404", async () => {
    const rsSchool = await schoolIdOf(t.database, 'riverside');
    const [rsTimetable] = await system(t.database, (tx) => tx.select().from(timetables).where(eq(timetables.schoolId, rsSchool)));
    expect((await req('principal', 'POST', '/api/timetables/generate', { timeLimitSeconds: 5, problemId: rsTimetable!.problemId })).statusCode).toBe(404);
    expect((await req('principal', 'POST', '/api/timetables/generate', { timeLimitSeconds: 5, baseTimetableId: rsTimetable!.id })).statusCode).toBe(404);
    expect((await req('principal', 'GET', `/api/timetables/problems/${rsTimetable!.problemId}/export.fet`)).statusCode).toBe(404);
    expect((await req('principal', 'GET', `/api/timetables/${rsTimetable!.id}/export.fet`)).statusCode).toBe(404);
  });

  it('refuses a file that is not XML, not FET, empty or too large with a clear message', async () => {
    const notXml = await upload('principal', Buffer.from('this is not xml <<<'));
    expect(notXml.statusCode).toBe(400);
    expect(notXml.json().error.message.length).toBeGreaterThan(5);
    const notFet = await upload('principal', Buffer.from('<?xml version="1.0"?><timetable><x/></timetable>'));
    expect(notFet.statusCode).toBe(400);
    expect((await upload('principal', Buffer.alloc(0))).statusCode).toBe(400);
    const big = await upload('principal', Buffer.alloc(5 * 1024 * 1024 + 10, 0x20));
    expect(big.statusCode).toBe(400);
    expect(big.json().error.message).toBe('The file is too large (limit 5 MB).');
  });

  it('an overloaded teacher stops the generation before the search (TIMETABLE_IMPOSSIBLE, nothing created)', async () => {
    const teacherId = await profileIdOf(t.database, DEMO.greenhill.teacher);
    const [a] = await system(t.database, (tx) => tx.select().from(teacherAssignments).where(and(eq(teacherAssignments.schoolId, greenhill), eq(teacherAssignments.teacherId, teacherId))));
    const tasksBefore = await system(t.database, (tx) => tx.select().from(backgroundTasks).where(eq(backgroundTasks.kind, 'timetable.generate')));
    await system(t.database, (tx) => tx.update(teacherAssignments).set({ lessonsPerWeek: 40 }).where(eq(teacherAssignments.id, a!.id)));
    try {
      const res = await req('principal', 'POST', '/api/timetables/generate', { timeLimitSeconds: 5 });
      expect(res.statusCode).toBe(400);
      const err = res.json().error;
      expect(err.code).toBe('TIMETABLE_IMPOSSIBLE');
      expect(err.message).toContain('Grace Achieng Owino');
      expect(err.details.some((i: { code: string }) => i.code === 'teacher-overloaded')).toBe(true);
    } finally {
      await system(t.database, (tx) => tx.update(teacherAssignments).set({ lessonsPerWeek: a!.lessonsPerWeek }).where(eq(teacherAssignments.id, a!.id)));
    }
    const tasksAfter = await system(t.database, (tx) => tx.select().from(backgroundTasks).where(eq(backgroundTasks.kind, 'timetable.generate')));
    expect(tasksAfter.length).toBe(tasksBefore.length);
  });
});

describe('timetable generation: the demo', () => {
  it('the seeded published timetables are complete with no hard violation', async () => {
    const rows = await system(t.database, (tx) => tx.select().from(timetables).where(eq(timetables.status, 'published')));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const { problem } = await stored(row.id);
      expect(row.unplaced).toEqual([]);
      expect(row.version).toBe(1);
      const check = checkTimetable(problem, row.lessons);
      expect(check.hard, JSON.stringify(check.hard.slice(0, 3))).toEqual([]);
      expect(row.lessons.length).toBe(problem.activities.length);
      // Same seed, same lessons: the demo is the solver's first complete timetable for its seed.
      const again = solve(problem, { timeLimitMs: 20_000, seed: row.seed!, stopAtFirstFeasible: true });
      const key = (l: { activityId: string; day: number; period: number; roomId: string | null }) => `${l.activityId}@${l.day}:${l.period}:${l.roomId}`;
      expect(again.placements.map(key).sort()).toEqual(row.lessons.map(key).sort());
    }
  });

  it("the demo teacher keeps her Mathematics lessons after the seed's load balancing", async () => {
    const teacherId = await profileIdOf(t.database, DEMO.greenhill.teacher);
    const rows = await system(t.database, (tx) =>
      tx
        .select({ name: subjects.name })
        .from(teacherAssignments)
        .innerJoin(subjects, eq(subjects.id, teacherAssignments.subjectId))
        .where(and(eq(teacherAssignments.schoolId, greenhill), eq(teacherAssignments.teacherId, teacherId))),
    );
    expect(rows.filter((r) => r.name === 'Mathematics').length).toBeGreaterThanOrEqual(2);
  });
});

describe('timetable generation: school inputs', () => {
  let first: Awaited<ReturnType<typeof generate>>;

  it('generates in the background: job progress, then a draft version that passes the independent checker', async () => {
    first = await generate({ timeLimitSeconds: 5, seed: 42, name: 'Trial A' });
    expect(first.tt).toMatchObject({ status: 'draft', name: 'Trial A', seed: 42 });
    expect(first.tt.version).toBeGreaterThan(1);
    expect(first.problemRow.source).toBe('school');
    expect(first.job.detail).toMatchObject({ hardViolations: 0 });
    expect(first.job.progress).toBeGreaterThan(0);
    const check = checkTimetable(first.problem, first.tt.lessons, { allowUnplaced: true });
    expect(check.hard).toEqual([]);
    expect(first.tt.lessons.length + first.tt.unplaced.length).toBe(first.problem.activities.length);
    expect(first.tt.stats).toMatchObject({ seed: 42 });
    // Ids are readable: assignment id and a number.
    expect(first.tt.lessons[0]!.activityId).toMatch(/^[0-9a-f-]{36}:\d+$/);
  });

  it('keeps locked lessons, and generating one level keeps the others', async () => {
    const base = first.tt;
    const locked = base.lessons.slice(0, 5).map((l) => ({ ...l, locked: true }));
    const lessons = [...locked, ...base.lessons.slice(5)];
    await system(t.database, (tx) => tx.update(timetables).set({ lessons }).where(eq(timetables.id, base.id)));
    const again = await generate({ timeLimitSeconds: 5, seed: 3, baseTimetableId: base.id });
    for (const l of locked) expect(again.tt.lessons.find((x) => x.activityId === l.activityId)).toMatchObject({ day: l.day, period: l.period, locked: true });

    const [g7] = await system(t.database, (tx) => tx.select().from(levels).where(and(eq(levels.schoolId, greenhill), eq(levels.name, 'Grade 7'))));
    const level = await generate({ timeLimitSeconds: 5, seed: 5, baseTimetableId: base.id, levelId: g7!.id });
    expect(level.tt.levelId).toBe(g7!.id);
    const meta = level.problemRow.meta as { classLevels: Record<string, string> };
    const problem = level.problem;
    const byId = new Map(problem.activities.map((a) => [a.id, a]));
    for (const l of base.lessons) {
      const act = byId.get(l.activityId);
      if (!act || act.studentSetIds.some((s) => meta.classLevels[s] === g7!.id)) continue;
      expect(level.tt.lessons.find((x) => x.activityId === l.activityId)).toMatchObject({ day: l.day, period: l.period });
    }
    expect(checkTimetable(problem, level.tt.lessons, { allowUnplaced: true }).hard).toEqual([]);
    // Two generations of up to 5 s of solving each: a 30 s limit left no room when CI shared the cores (seen once).
  }, 90_000);

  it('two lessons locked into the same slot are refused before the search', async () => {
    const base = first.tt;
    const x = base.lessons[0]!;
    const act = first.problem.activities.find((a) => a.id === x.activityId)!;
    // Another lesson of the same stream, locked into x's slot.
    const y = first.problem.activities.find((a) => a.id !== act.id && a.duration === act.duration && a.studentSetIds.some((s) => act.studentSetIds.includes(s)))!;
    const lessons = base.lessons.map((l) => (l.activityId === x.activityId ? { ...l, locked: true } : l.activityId === y.id ? { ...l, day: x.day, period: x.period, locked: true } : l));
    const [copy] = await system(t.database, (tx) =>
      tx.insert(timetables).values({ schoolId: greenhill, problemId: base.problemId, name: 'Clash', version: 900, lessons, status: 'draft' }).returning({ id: timetables.id }),
    );
    const res = await req('principal', 'POST', '/api/timetables/generate', { timeLimitSeconds: 5, baseTimetableId: copy!.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('TIMETABLE_IMPOSSIBLE');
    expect(res.json().error.message).toContain('Two lessons locked into the same slot');
    expect(res.json().error.details.some((i: { code: string }) => i.code === 'locked-clash')).toBe(true);
  });

  it('Cancel stops the search, keeps the best so far and ends the job cancelled; a finished job is 409', async () => {
    const { jobId } = await ok<{ jobId: string }>('principal', 'POST', '/api/timetables/generate', { timeLimitSeconds: 120, seed: 11 }, 202);
    await waitJob(jobId, (j) => j.status === 'running');
    const asked = await ok<Job>('principal', 'POST', `/api/jobs/${jobId}/cancel`, undefined, 202);
    expect(asked.cancelRequested).toBe(true);
    const done = await waitJob(jobId, undefined, 'principal', 60_000);
    expect(done.status).toBe('cancelled');
    expect(done.timetableId).toBeTruthy();
    const { tt, problem } = await stored(done.timetableId!);
    expect(checkTimetable(problem, tt.lessons, { allowUnplaced: true }).hard).toEqual([]);
    expect((tt.stats as { cancelled: boolean }).cancelled).toBe(true);
    expect((await req('principal', 'POST', `/api/jobs/${jobId}/cancel`)).statusCode).toBe(409);
    // Another school cannot see it; a teacher of the school neither.
    expect((await req('rsPrincipal', 'GET', `/api/jobs/${jobId}`)).statusCode).toBe(404);
    expect((await req('teacher', 'GET', `/api/jobs/${jobId}`)).statusCode).toBe(404);
    expect((await req(undefined, 'GET', `/api/jobs/${jobId}`)).statusCode).toBe(401);
  });
});

describe('timetable generation: FET files', () => {
  it('imports a FET example, generates from it, exports it and the timetable, and re-imports', async () => {
    const res = await upload('principal', readFileSync(FIXTURE), 'brazil-eeblj-noturno.fet');
    expect(res.statusCode, res.body).toBe(201);
    const { problemId, report } = res.json() as { problemId: string; report: { activities: number; supported: string[] } };
    expect(report.activities).toBeGreaterThan(0);
    expect(report.supported).toContain('ConstraintBasicCompulsoryTime');
    const list = await ok<{ items: { id: string; source: string }[] }>('director', 'GET', '/api/timetables/problems');
    expect(list.items.find((p) => p.id === problemId)).toMatchObject({ source: 'fet' });

    const gen = await generate({ problemId, timeLimitSeconds: 10, seed: 1 });
    expect(gen.tt.problemId).toBe(problemId);
    expect(checkTimetable(gen.problem, gen.tt.lessons, { allowUnplaced: true }).hard).toEqual([]);
    // Same problem, same seed → same lessons (when neither run was cut by the time limit, the search
    // does not depend on the machine's speed).
    const twin = await generate({ problemId, timeLimitSeconds: 10, seed: 1 });
    const uncut = (s: Record<string, unknown>) => (s.elapsedMs as number) < 9000 && !s.cancelled;
    const key = (l: { activityId: string; day: number; period: number; roomId: string | null }) => `${l.activityId}@${l.day}:${l.period}:${l.roomId}`;
    if (uncut(gen.tt.stats) && uncut(twin.tt.stats)) expect(twin.tt.lessons.map(key).sort()).toEqual(gen.tt.lessons.map(key).sort());
    expect(twin.tt.seed).toBe(1);

    const file = await req('director', 'GET', `/api/timetables/problems/${problemId}/export.fet`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename=".+\.fet"$/);
    const again = await upload('principal', Buffer.from(file.body), 'again.fet');
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().report.activities).toBe(report.activities);

    const withLessons = await req('principal', 'GET', `/api/timetables/${gen.tt.id}/export.fet`);
    expect(withLessons.statusCode).toBe(200);
    expect(withLessons.body).toContain('<fet');
    expect((await upload('principal', Buffer.from(withLessons.body), 'placed.fet')).statusCode).toBe(201);
  });

  it('exports a school timetable version as .fet', async () => {
    const [published] = await system(t.database, (tx) => tx.select().from(timetables).where(and(eq(timetables.schoolId, greenhill), eq(timetables.status, 'published'))));
    const res = await req('director', 'GET', `/api/timetables/${published!.id}/export.fet`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('xml');
    const re = await upload('principal', Buffer.from(res.body), 'greenhill.fet');
    expect(re.statusCode, re.body).toBe(201);
  });
});
