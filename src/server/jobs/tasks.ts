import PgBoss from 'pg-boss';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { backgroundTasks } from '../db/schema/index.js';
import { withScope, withSystem, type Tx } from '../db/tenant.js';
import { AppError } from '../errors.js';
import { storeFile } from '../lib/files.js';
import type { FileStorage } from '../storage/storage.js';
import { messages } from '../../shared/messages.js';

/**
 * Background tasks (issue 10 §5): long work (imports, bulk PDFs, later payroll runs and reminders)
 * runs as a pg-boss job on the same PostgreSQL (PGlite included) while the page follows a
 * `background_tasks` row: status queued → running → succeeded | failed, progress/total, result, error.
 * Jobs survive a restart (they live in the database; an interrupted job expires and is retried), and a
 * failed task can be retried by the person who started it. Choice recorded in docs/decisions/0007.
 *
 * Handlers must be idempotent: a retry (after a crash or by the user) runs them again from the start.
 *
 * The same pg-boss runs the background sweeps (M-Pesa, billing, announcements) on schedules
 * (`schedule` / `startSchedules`, docs/decisions/0022).
 */

export type TaskRow = typeof backgroundTasks.$inferSelect;

/** The fields every view of a task row shows (GET /api/tasks/:id, GET /api/jobs/:id): identity, progress, error and ISO times. */
export function taskRunFields(r: TaskRow) {
  return {
    id: r.id,
    kind: r.kind,
    progress: r.progress,
    total: r.total,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

export interface TaskContext {
  task: TaskRow;
  database: Database;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** Reports progress (done of total, in the task's own units); written at most every 300 ms. */
  progress(done: number, total?: number): Promise<void>;
}

/**
 * Does the work; returns the result the page shows (JSON) and optionally a produced file. `status:
 * 'cancelled'` ends the task as cancelled (a handler that honoured Cancel, issue 16 §2) instead of
 * succeeded; the result is stored either way.
 */
export type TaskHandler = (ctx: TaskContext) => Promise<{
  result: Record<string, unknown>;
  resultFileId?: string | null;
  /**
   * A produced file (a PDF) for the runner to store: it is recorded in the same transaction that marks the
   * task finished (issue 37 §2), so an instance killed in between leaves neither, and the re-run stores the
   * only copy. Prefer it to storing the file yourself and returning `resultFileId`.
   */
  resultFile?: { buffer: Buffer; contentType: string; originalName?: string | null };
  status?: 'succeeded' | 'cancelled';
}>;

export interface TaskRunner {
  /** Registers the handler of a kind (once, at start-up). */
  register(kind: string, handler: TaskHandler): void;
  /**
   * Creates a queued task in the caller's transaction. Call `dispatch(task.id)` after the transaction
   * commits (a task whose dispatch was lost is dispatched again when the runner starts).
   */
  create(tx: Tx, t: { schoolId: string; kind: string; createdBy: string; input?: Record<string, unknown>; inputFileId?: string | null; total?: number }): Promise<TaskRow>;
  dispatch(taskId: string): Promise<void>;
  /** Starts polling for jobs (idempotent). The server starts it at boot; tests start it on first dispatch. */
  start(): Promise<void>;
  /**
   * Registers a background sweep (once, at start-up): a pg-boss schedule on a queue of its own, run by
   * one instance at a time (docs/decisions/0022). Registering starts nothing: see `startSchedules`.
   */
  schedule(sweep: Sweep): void;
  /**
   * Starts the registered sweeps' schedules and workers (idempotent; starts the runner). The server
   * calls it after listening (main.ts); tests and the browser tests' server do not, so no sweep runs in
   * the middle of a test: tests call the sweep functions directly.
   */
  startSchedules(): Promise<void>;
  /**
   * Hands running tasks of a stopped instance back to the queue now (each instance also does it every
   * 15 s): see TASK_STALE_AFTER_MS. Returns how many were handed back.
   */
  recoverStale(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * A sweep run on a pg-boss schedule (cron has minute resolution). Its queue has the 'stately' policy:
 * at most one run queued and one running across every instance, so a slow run is never doubled.
 */
export interface Sweep {
  /** The queue and schedule name (letters, digits, '-'); prefixed with 'sweep-'. */
  name: string;
  /** When it runs: a five-field cron expression, in `tz` (default UTC). */
  cron: string;
  tz?: string;
  /** Also run once when the schedules start (catches up on what a restart left over). */
  atStart?: boolean;
  /** Retries of a failed run (default 0: the next scheduled run is the retry), a minute apart or more. */
  retryLimit?: number;
  /** For the log: "M-Pesa sweep failed". */
  label: string;
  /** The sweep; `atStart` is true for the run at start. */
  run(opts: { atStart: boolean }): Promise<unknown>;
}

const QUEUE = 'edufam-tasks';
const PROGRESS_EVERY_MS = 300;
/**
 * Issue 37 §2 (a fleet where an instance dies mid-task): a running task's row is touched this often
 * (updated_at) while its handler works, so every instance can tell a live run from one whose process
 * died. pg-boss 10 has no job heartbeat of its own: without this a killed instance's job stays active
 * until its 15-minute expiry.
 */
export const TASK_HEARTBEAT_MS = 10_000;
/** A running task unheard of this long is an orphan of a dead instance: its job is failed so pg-boss retries it. */
export const TASK_STALE_AFTER_MS = 60_000;
/** How often each instance looks for orphaned running tasks. */
const STALE_SWEEP_MS = 15_000;
/** Prefix of the sweeps' queues and schedules (a stored schedule under it that no code registers is removed). */
const SWEEP_PREFIX = 'sweep-';
/** Sweeps' jobs come once a minute at most: a slower poll than the tasks' 1 s spares the database. */
const SWEEP_POLL_SECONDS = 10;

/** pg-boss's database adapter over our connection: PGlite (multi-statement text goes through exec) or pg. */
function bossDb(database: Database): PgBoss.Db {
  if (database.pglite) {
    const pg = database.pglite;
    return {
      async executeSql(text: string, values: unknown[]) {
        if (!values || values.length === 0) {
          const res = await pg.exec(text);
          return { rows: res.at(-1)?.rows ?? [] };
        }
        const r = await pg.query(text, values as unknown[]);
        return { rows: r.rows as unknown[] };
      },
    };
  }
  const pool = database.pool!;
  return { executeSql: async (text: string, values: unknown[]) => ({ rows: (await pool.query(text, values)).rows }) };
}

/** A message safe to show the user for an error a handler threw. */
function userMessage(err: unknown): string {
  if (err instanceof AppError) return err.message;
  return messages.api.serverError;
}

export function createTaskRunner(opts: { database: Database; storage: FileStorage; log: FastifyBaseLogger }): TaskRunner {
  const { database, storage, log } = opts;
  const handlers = new Map<string, TaskHandler>();
  const sweeps = new Map<string, Sweep>();
  let boss: PgBoss | null = null;
  /** The task queue's worker in this process, woken at each dispatch (see send). */
  let taskWorkerId: string | null = null;
  let starting: Promise<void> | null = null;
  let schedulesStarting: Promise<void> | null = null;
  let stopped = false;
  let staleSweep: NodeJS.Timeout | null = null;

  async function run(job: PgBoss.JobWithMetadata<{ taskId: string }>) {
    const taskId = job.data.taskId;
    const [task] = await withSystem(database.db, (tx) => tx.select().from(backgroundTasks).where(eq(backgroundTasks.id, taskId)));
    // A task row that is gone (a test database reset) or already finished: nothing to do.
    if (!task || task.status === 'succeeded' || task.status === 'cancelled') return;
    // A second job for a task another worker is running (its heartbeat is fresh): that run finishes it.
    if (task.status === 'running' && Date.now() - task.updatedAt.getTime() < TASK_STALE_AFTER_MS) return;
    const handler = handlers.get(task.kind);
    const scope = { schoolId: task.schoolId, userId: task.createdBy, allSchools: false };
    const update = (values: Partial<typeof backgroundTasks.$inferInsert>) =>
      withScope(database.db, scope, (tx) => tx.update(backgroundTasks).set({ ...values, updatedAt: new Date() }).where(eq(backgroundTasks.id, taskId)));
    if (!handler) {
      await update({ status: 'failed', error: messages.api.serverError, finishedAt: new Date() });
      log.error({ kind: task.kind }, 'no handler for background task kind');
      return;
    }
    await update({ status: 'running', startedAt: new Date(), attempts: task.attempts + 1, error: null });
    // The heartbeat (TASK_HEARTBEAT_MS): only updated_at moves; a failed beat is harmless (the next one comes).
    const heartbeat = setInterval(() => void update({}).catch(() => undefined), TASK_HEARTBEAT_MS);
    heartbeat.unref();
    let last = 0;
    const ctx: TaskContext = {
      task,
      database,
      storage,
      log,
      async progress(done, total) {
        const now = Date.now();
        if (now - last < PROGRESS_EVERY_MS && (total === undefined || done < total)) return;
        last = now;
        await update(total === undefined ? { progress: done } : { progress: done, total });
      },
    };
    try {
      const out = await handler(ctx);
      await withScope(database.db, scope, async (tx) => {
        const file = out.resultFile
          ? await storeFile(tx, storage, { schoolId: task.schoolId, kind: 'generated', createdBy: task.createdBy, ...out.resultFile })
          : null;
        await tx
          .update(backgroundTasks)
          .set({ status: out.status ?? 'succeeded', result: out.result, resultFileId: file?.id ?? out.resultFileId ?? null, finishedAt: new Date(), updatedAt: new Date() })
          .where(eq(backgroundTasks.id, taskId));
      });
    } catch (err) {
      // A refusal the user can act on (bad file, wrong columns) fails the task at once; anything else is
      // retried by pg-boss first and marked failed on the last attempt.
      const final = err instanceof AppError || job.retryCount >= job.retryLimit;
      if (final) {
        await update({ status: 'failed', error: userMessage(err), finishedAt: new Date() });
        if (!(err instanceof AppError)) log.error({ err, taskId }, 'background task failed');
        return;
      }
      await update({ status: 'queued', error: null });
      throw err;
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Hands the tasks of a dead instance back to the queue (issue 37 §2): a task 'running' whose row has
   * not been touched for TASK_STALE_AFTER_MS (its worker's heartbeat stopped) goes back to 'queued' and
   * its active pg-boss job is failed, which pg-boss turns into a retry any instance picks up (within the
   * job's retryLimit; past it the job fails and the task is marked failed). One statement claims each
   * row, so when several instances sweep at once only one of them hands a task back. Returns how many.
   */
  async function recoverStaleTasks(b: PgBoss): Promise<number> {
    await resendLostDispatches();
    // Claimed as the application's system scope (row-level security holds); the jobs are read through
    // pg-boss's own connection, which owns the pgboss schema.
    const stale = await withSystem(database.db, (tx) =>
      tx
        .update(backgroundTasks)
        .set({ status: 'queued', updatedAt: new Date() })
        .where(and(eq(backgroundTasks.status, 'running'), sql`${backgroundTasks.updatedAt} < now() - make_interval(secs => ${TASK_STALE_AFTER_MS / 1000})`))
        .returning({ id: backgroundTasks.id }),
    );
    if (stale.length === 0) return 0;
    const ids = stale.map((row) => row.id);
    const { rows: jobs } = (await bossDb(database).executeSql(
      `select id, data ->> 'taskId' as task_id, retry_count, retry_limit from pgboss.job where name = $1 and state = 'active' and data ->> 'taskId' = any($2::text[])`,
      [QUEUE, ids],
    )) as { rows: Array<{ id: string; task_id: string; retry_count: number; retry_limit: number }> };
    for (const id of ids) {
      const job = jobs.find((j) => j.task_id === id);
      log.warn({ taskId: id, jobId: job?.id }, 'background task orphaned by a stopped instance: handed back to the queue');
      if (!job) {
        // Its job already left the active state (expired and retried, or gone): queue it afresh.
        await send(id);
      } else if (job.retry_count >= job.retry_limit) {
        await b.fail(QUEUE, job.id, { message: 'the instance running it stopped' });
        await withSystem(database.db, (tx) =>
          tx.update(backgroundTasks).set({ status: 'failed', error: messages.api.serverError, finishedAt: new Date(), updatedAt: new Date() }).where(eq(backgroundTasks.id, id)),
        );
      } else {
        await b.fail(QUEUE, job.id, { message: 'the instance running it stopped' });
      }
    }
    return stale.length;
  }

  /**
   * Sends again the tasks 'queued' for TASK_STALE_AFTER_MS without a pg-boss job waiting or running for
   * them: the instance that created one stopped between its commit and the send (the full fleet test
   * killed one there; the task stayed queued until an instance restarted more than a minute later).
   * Returns how many were sent.
   */
  async function resendLostDispatches(): Promise<number> {
    const waiting = await withSystem(database.db, (tx) =>
      tx
        .select({ id: backgroundTasks.id })
        .from(backgroundTasks)
        .where(and(eq(backgroundTasks.status, 'queued'), sql`${backgroundTasks.updatedAt} < now() - make_interval(secs => ${TASK_STALE_AFTER_MS / 1000})`)),
    );
    if (waiting.length === 0) return 0;
    const ids = waiting.map((row) => row.id);
    const { rows: jobs } = (await bossDb(database).executeSql(
      `select distinct data ->> 'taskId' as task_id from pgboss.job where name = $1 and state in ('created', 'retry', 'active') and data ->> 'taskId' = any($2::text[])`,
      [QUEUE, ids],
    )) as { rows: Array<{ task_id: string }> };
    const held = new Set(jobs.map((j) => j.task_id));
    const lost = ids.filter((id) => !held.has(id));
    for (const id of lost) {
      log.warn({ taskId: id }, 'background task whose dispatch was lost: sent again');
      await send(id);
    }
    return lost.length;
  }

  async function startBoss() {
    if (stopped) throw new Error('task runner stopped');
    const b = new PgBoss({
      db: bossDb(database),
      schema: 'pgboss',
      // Interrupted jobs (a crash, a restart) expire and run again.
      expireInSeconds: 15 * 60,
      retryLimit: 2,
      retryDelay: 5,
      retryBackoff: true,
      // Keep finished jobs a week for support; the task rows keep the history for users.
      deleteAfterDays: 7,
      maintenanceIntervalSeconds: 300,
    });
    b.on('error', (err) => log.error({ err }, 'pg-boss error'));
    await b.start();
    await b.createQueue(QUEUE, { name: QUEUE, policy: 'standard' });
    taskWorkerId = await b.work<{ taskId: string }>(QUEUE, { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true }, async ([job]) => {
      if (job) await run(job);
    });
    boss = b;
    staleSweep = setInterval(() => {
      if (boss) void recoverStaleTasks(boss).catch((err) => log.warn({ err }, 'stale background task sweep failed'));
    }, STALE_SWEEP_MS);
    staleSweep.unref();
    // Tasks whose dispatch was lost (the process stopped between commit and send) are sent again.
    const orphans = await withSystem(database.db, (tx) =>
      tx
        .select({ id: backgroundTasks.id })
        .from(backgroundTasks)
        .where(and(eq(backgroundTasks.status, 'queued'), sql`${backgroundTasks.createdAt} < now() - interval '1 minute'`)),
    );
    for (const o of orphans) await send(o.id);
  }

  async function startSweeps(b: PgBoss) {
    for (const sweep of sweeps.values()) {
      const queue = SWEEP_PREFIX + sweep.name;
      const retryLimit = sweep.retryLimit ?? 0;
      await b.createQueue(queue, { name: queue, policy: 'stately', retryLimit, retryDelay: 60, retryBackoff: true });
      await b.schedule(queue, sweep.cron, {}, { tz: sweep.tz ?? 'UTC' });
      await b.work<{ atStart?: boolean }>(queue, { batchSize: 1, pollingIntervalSeconds: SWEEP_POLL_SECONDS }, async ([job]) => {
        if (!job) return;
        try {
          await sweep.run({ atStart: job.data?.atStart === true });
        } catch (err) {
          log.error({ err, sweep: sweep.name }, `${sweep.label} failed`);
          throw err;
        }
      });
      // Refused (null) when a run is already queued: that run does the catching up.
      if (sweep.atStart) await b.send(queue, { atStart: true }, { retryLimit, retryDelay: 60, retryBackoff: true });
    }
    // A sweep no longer in the code must not keep its schedule.
    for (const s of await b.getSchedules()) {
      if (s.name.startsWith(SWEEP_PREFIX) && !sweeps.has(s.name.slice(SWEEP_PREFIX.length))) await b.unschedule(s.name);
    }
  }

  /**
   * Queues the task and wakes this process's worker (issue 37 §2): an idle worker fetches it at once
   * instead of at its next poll (up to 1 s later), so a request's job starts within milliseconds here;
   * other instances still find it at their poll. A busy worker picks it up when its current job ends.
   */
  async function send(taskId: string) {
    await boss!.send(QUEUE, { taskId }, { singletonKey: taskId });
    if (taskWorkerId) boss!.notifyWorker(taskWorkerId);
  }

  const runner: TaskRunner = {
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    async create(tx, t) {
      const [row] = await tx
        .insert(backgroundTasks)
        .values({ schoolId: t.schoolId, kind: t.kind, createdBy: t.createdBy, input: t.input ?? {}, inputFileId: t.inputFileId ?? null, total: t.total ?? 0 })
        .returning();
      return row!;
    },
    async dispatch(taskId) {
      await runner.start();
      await send(taskId);
    },
    async start() {
      if (boss) return;
      starting ??= startBoss().finally(() => {
        starting = null;
      });
      await starting;
    },
    async recoverStale() {
      await runner.start();
      return boss ? recoverStaleTasks(boss) : 0;
    },
    schedule(sweep) {
      if (!/^[a-z0-9-]+$/.test(sweep.name)) throw new Error(`bad sweep name: ${sweep.name}`);
      sweeps.set(sweep.name, sweep);
    },
    async startSchedules() {
      schedulesStarting ??= runner.start().then(() => (boss ? startSweeps(boss) : undefined));
      await schedulesStarting;
    },
    async stop() {
      stopped = true;
      if (staleSweep) clearInterval(staleSweep);
      if (starting) await starting.catch(() => undefined);
      if (!boss) return;
      const b = boss;
      boss = null;
      await b.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
  return runner;
}
