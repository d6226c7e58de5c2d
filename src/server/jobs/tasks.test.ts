import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Task } from '../../shared/contracts/tasks.js';
import { backgroundTasks, files } from '../db/schema/index.js';
import { withScope } from '../db/tenant.js';
import { AppError } from '../errors.js';
import { DEMO, createTestApp, profileIdOf, schoolIdOf, signIn, system, type TestApp } from '../../../tests/helpers.js';

/**
 * Background tasks (issue 10 §5): run on pg-boss on the test database (PGlite or PostgreSQL), report
 * progress to the page, fail with the user's message, can be retried, and a task queued before a
 * restart runs after it.
 */

let t: TestApp;
let schoolId: string;
let principalId: string;
let principal: string;
let teacher: string;
let flaky = true;

function registerHandlers(app: TestApp) {
  app.deps.tasks.register('test-count', async (ctx) => {
    const total = Number((ctx.task.input as { total?: number }).total ?? 5);
    for (let i = 1; i <= total; i++) await ctx.progress(i, total);
    return { result: { counted: total } };
  });
  app.deps.tasks.register('test-flaky', async () => {
    if (flaky) throw new AppError(400, 'BAD_FILE', 'The file has no header row.');
    return { result: { ok: true } };
  });
}

beforeAll(async () => {
  t = await createTestApp();
  registerHandlers(t);
  schoolId = await schoolIdOf(t.database, 'greenhill');
  principalId = await profileIdOf(t.database, DEMO.greenhill.principal);
  principal = await signIn(t.app, DEMO.greenhill.principal, 'school');
  teacher = await signIn(t.app, DEMO.greenhill.teacher, 'school');
});
afterAll(async () => {
  await t?.close();
});

async function startTask(app: TestApp, kind: string, input: Record<string, unknown> = {}): Promise<string> {
  const task = await withScope(app.database.db, { schoolId, userId: principalId, allSchools: false }, (tx) =>
    app.deps.tasks.create(tx, { schoolId, kind, createdBy: principalId, input }),
  );
  await app.deps.tasks.dispatch(task.id);
  return task.id;
}

async function waitFor(app: TestApp, id: string, cookie: string, until: (t: Task) => boolean, timeoutMs = 20_000): Promise<Task> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.app.inject({ method: 'GET', url: `/api/tasks/${id}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const task = res.json() as Task;
    if (until(task)) return task;
    if (Date.now() > deadline) throw new Error(`task ${id} still ${task.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('background tasks', () => {
  it('runs a task to the end with its progress and result', async () => {
    const id = await startTask(t, 'test-count', { total: 7 });
    const done = await waitFor(t, id, principal, (x) => x.status === 'succeeded');
    expect(done).toMatchObject({ kind: 'test-count', progress: 7, total: 7, result: { counted: 7 }, error: null, attempts: 1 });
    expect(done.finishedAt).not.toBeNull();
    const list = await t.app.inject({ method: 'GET', url: '/api/tasks?kind=test-count', headers: { cookie: principal } });
    expect((list.json() as { items: Task[] }).items.map((x) => x.id)).toContain(id);
  });

  it('stores the file a task produced together with its completion, once', async () => {
    t.deps.tasks.register('test-file', async () => ({ result: { ok: true }, resultFile: { buffer: Buffer.from('%PDF-1.4 test'), contentType: 'application/pdf', originalName: 'Test.pdf' } }));
    const id = await startTask(t, 'test-file');
    await waitFor(t, id, principal, (x) => x.status === 'succeeded');
    const [row] = await system(t.database, (tx) => tx.select().from(backgroundTasks).where(eq(backgroundTasks.id, id)));
    expect(row!.resultFileId).not.toBeNull();
    const [file] = await system(t.database, (tx) => tx.select().from(files).where(eq(files.id, row!.resultFileId!)));
    expect(file).toMatchObject({ kind: 'generated', originalName: 'Test.pdf', contentType: 'application/pdf', createdBy: principalId, schoolId });
    expect((await t.deps.storage.get(file!.storageKey))?.toString()).toBe('%PDF-1.4 test');
  });

  it("fails with the user's message, and a retry runs it again", async () => {
    flaky = true;
    const id = await startTask(t, 'test-flaky');
    const failed = await waitFor(t, id, principal, (x) => x.status === 'failed');
    expect(failed.error).toBe('The file has no header row.');
    flaky = false;
    const retry = await t.app.inject({ method: 'POST', url: `/api/tasks/${id}/retry`, headers: { cookie: principal } });
    expect(retry.statusCode, retry.body).toBe(202);
    const ok = await waitFor(t, id, principal, (x) => x.status === 'succeeded');
    expect(ok.attempts).toBe(2);
    const again = await t.app.inject({ method: 'POST', url: `/api/tasks/${id}/retry`, headers: { cookie: principal } });
    expect(again.statusCode).toBe(409);
  });

  it("is the starter's own: 401 without a session, 404 for someone else", async () => {
    const id = await startTask(t, 'test-count', { total: 1 });
    expect((await t.app.inject({ method: 'GET', url: `/api/tasks/${id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/tasks/${id}`, headers: { cookie: teacher } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/tasks/${id}/retry`, headers: { cookie: teacher } })).statusCode).toBe(404);
  });

  it('a task queued before a restart runs after it', async () => {
    // The first server commits the task and stops before sending it to the queue.
    const task = await withScope(t.database.db, { schoolId, userId: principalId, allSchools: false }, (tx) =>
      t.deps.tasks.create(tx, { schoolId, kind: 'test-count', createdBy: principalId, input: { total: 3 } }),
    );
    await system(t.database, (tx) =>
      tx.update(backgroundTasks).set({ createdAt: sql`now() - interval '2 minutes'` }).where(eq(backgroundTasks.id, task.id)),
    );
    // A second server on the same database starts its runner and picks it up.
    const second = await createTestApp({ database: t.database });
    registerHandlers(second);
    try {
      await second.deps.tasks.start();
      const cookie = await signIn(second.app, DEMO.greenhill.principal, 'school');
      const done = await waitFor(second, task.id, cookie, (x) => x.status === 'succeeded');
      expect(done.result).toEqual({ counted: 3 });
    } finally {
      await second.close();
    }
  });

  it('a task whose instance stopped between its commit and the send is sent again by the sweep, once', async () => {
    let runs = 0;
    t.deps.tasks.register('test-lost-dispatch', async () => {
      runs++;
      return { result: { ok: true } };
    });
    await t.deps.tasks.start();
    const task = await withScope(t.database.db, { schoolId, userId: principalId, allSchools: false }, (tx) =>
      t.deps.tasks.create(tx, { schoolId, kind: 'test-lost-dispatch', createdBy: principalId }),
    );
    // Never dispatched: the instance "died" after the commit. A minute later the sweep sends it.
    await t.deps.tasks.recoverStale();
    expect((await waitFor(t, task.id, principal, () => true)).status).toBe('queued');
    await system(t.database, (tx) => tx.update(backgroundTasks).set({ updatedAt: sql`now() - interval '2 minutes'` }).where(eq(backgroundTasks.id, task.id)));
    await t.deps.tasks.recoverStale();
    const done = await waitFor(t, task.id, principal, (x) => x.status === 'succeeded');
    expect(done.result).toEqual({ ok: true });
    await t.deps.tasks.recoverStale();
    expect(runs).toBe(1);
  });

  it('a task whose instance died mid-run is handed back and finished by another instance, once', async () => {
    // The first server's worker takes the task and then "dies": its handler never returns and its
    // heartbeat is silenced by ageing the row, as when the process is killed (issue 37 §2).
    let release: () => void = () => undefined;
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstRuns = 0;
    t.deps.tasks.register('test-orphan', async () => {
      firstRuns++;
      await stuck;
      return { result: { by: 'first' } };
    });
    const id = await startTask(t, 'test-orphan');
    await waitFor(t, id, principal, (x) => x.status === 'running');
    const second = await createTestApp({ database: t.database });
    let secondRuns = 0;
    second.deps.tasks.register('test-orphan', async () => {
      secondRuns++;
      return { result: { by: 'second' } };
    });
    try {
      await second.deps.tasks.start();
      // A live run (heartbeat recent) is left alone.
      expect(await second.deps.tasks.recoverStale()).toBe(0);
      await system(t.database, (tx) =>
        tx.update(backgroundTasks).set({ updatedAt: sql`now() - interval '2 minutes'` }).where(eq(backgroundTasks.id, id)),
      );
      expect(await second.deps.tasks.recoverStale()).toBe(1);
      // A second sweep (another instance at the same moment) finds nothing left to hand back.
      expect(await second.deps.tasks.recoverStale()).toBe(0);
      const cookie = await signIn(second.app, DEMO.greenhill.principal, 'school');
      const done = await waitFor(second, id, cookie, (x) => x.status === 'succeeded', 30_000);
      expect(done.result).toEqual({ by: 'second' });
      expect(done.attempts).toBe(2);
      expect([firstRuns, secondRuns]).toEqual([1, 1]);
    } finally {
      release();
      await second.close();
    }
  });
});
