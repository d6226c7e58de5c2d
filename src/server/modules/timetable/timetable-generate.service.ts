import { randomInt } from 'node:crypto';
import type { Actor } from '../../../shared/access.js';
import type { GenerateBody, Job, ProblemMeta } from '../../../shared/contracts/timetable.js';
import { formatDayTime } from '../../../shared/dates.js';
import { timetableMessages as tm } from '../../../shared/messages/timetable.js';
import type { Database } from '../../db/client.js';
import { withScope, type Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { taskRunFields, type TaskContext, type TaskRow, type TaskRunner } from '../../jobs/tasks.js';
import { checkTimetable } from './engine/checker.js';
import { solveInWorker } from './engine/run-worker.js';
import { precheck } from './engine/solver.js';
import type { Placement, SolveProgress, SolveResult, TimetableProblem, Unplaced } from './engine/types.js';
import { exportFet } from './fet/export.js';
import { importFet, type FetImportReport } from './fet/import.js';
import { applyBase, buildSchoolProblem, type BaseLesson } from './problem-builder.js';
import { TIMETABLE_AUDIT } from './timetable-setup.service.js';
import { type SchoolCaller, auditSchool, pgCode } from '../../lib/school-context.js';
import { findLevel } from './timetable-inputs.repository.js';
import * as repo from './timetables.repository.js';

/**
 * Generation (issue 16 §2, §3, §6): FET import/export, starting a generation as a background task
 * (`timetable.generate`), the task itself (the solver in a worker thread, progress, Cancel, the
 * independent check) and the jobs API. Every request runs in the caller's school (RLS); the solver
 * never runs on the request thread (the precheck does: it is linear in the input).
 */

export const GENERATE_TASK = 'timetable.generate';
/** Largest .fet upload (bytes). */
export const FET_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** How often the running task polls Cancel and writes its progress (ms). */
const POLL_MS = 1000;

export interface GenerateInput {
  problemId: string;
  baseTimetableId: string | null;
  levelId: string | null;
  timeLimitSeconds: number;
  seed: number;
  name: string | null;
  role: string;
  ip: string;
}

type TimetableRow = repo.TimetableRow;
type ProblemRow = repo.ProblemRow;

/** A date and time as principals read it, Africa/Nairobi: "26/11/2026 14:05" (shared formatDayTime). */
export function nairobiStamp(d: Date): string {
  return formatDayTime(d);
}

// -------------------------------------------------------------------------------------------------
// Problems and FET files

/** Stores an imported FET problem (source 'fet'); the file was read by importFet (400 for not XML / not FET). */
export async function importFetProblem(tx: Tx, c: SchoolCaller, buffer: Buffer, fileName: string): Promise<{ problemId: string; report: FetImportReport }> {
  const { problem, report } = importFet(buffer);
  const name = (problem.name && problem.name.trim()) || fileName.replace(/\.fet$/i, '') || 'FET file';
  const problemId = await repo.insertImportedProblem(tx, c.schoolId, { name: name.slice(0, 200), problem, report, createdBy: c.actor.id });
  await auditSchool(tx, c, TIMETABLE_AUDIT.fetImported, `timetable_problem:${problemId}`, null, { fileName, activities: report.activities, ignored: report.ignored });
  return { problemId, report: { activities: report.activities, supported: report.supported, ignored: report.ignored } };
}

/** The school's problems, newest first (list page). */
export async function listProblems(tx: Tx, schoolId: string) {
  const rows = await repo.listProblemSummaries(tx, schoolId);
  return rows.map((r) => {
    const p = r.problem as TimetableProblem;
    return {
      id: r.id,
      source: r.source as 'school' | 'fet',
      name: r.name,
      activities: p.activities?.length ?? 0,
      days: p.days?.length ?? 0,
      periods: p.periods?.length ?? 0,
      report: (r.report ?? null) as FetImportReport | null,
      createdAt: r.createdAt.toISOString(),
      createdByName: r.createdByName ?? null,
    };
  });
}

async function loadProblem(tx: Tx, schoolId: string, id: string): Promise<ProblemRow> {
  const row = await repo.findProblem(tx, schoolId, id);
  if (!row) throw notFound(tm.problemNotFound);
  return row;
}

async function loadTimetable(tx: Tx, schoolId: string, id: string): Promise<TimetableRow> {
  const row = await repo.findTimetable(tx, schoolId, id);
  if (!row) throw notFound(tm.timetableNotFound);
  return row;
}

const fileSafe = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'timetable';

/** A problem as a .fet file: { xml, fileName }. 404 another school's. */
export async function problemFet(tx: Tx, schoolId: string, id: string) {
  const row = await loadProblem(tx, schoolId, id);
  const { xml } = exportFet(row.problem as TimetableProblem);
  return { xml, fileName: `${fileSafe(row.name)}.fet` };
}

/** A timetable version with its lessons (locked in FET's way) as a .fet file. 404 another school's. */
export async function timetableFet(tx: Tx, schoolId: string, id: string) {
  const t = await loadTimetable(tx, schoolId, id);
  const row = await loadProblem(tx, schoolId, t.problemId);
  const placements: Placement[] = t.lessons.map((l) => ({ activityId: l.activityId, day: l.day, period: l.period, roomId: l.roomId }));
  const { xml } = exportFet(row.problem as TimetableProblem, placements);
  return { xml, fileName: `${fileSafe(`${t.name} v${t.version}`)}.fet` };
}

// -------------------------------------------------------------------------------------------------
// Starting a generation

/**
 * The problem a generation searches: the stored problem with the base version applied (locked
 * lessons fixed; with levelId the other levels' lessons fixed, their unplaced ones left out).
 */
function prepare(row: ProblemRow, base: TimetableRow | null, levelId: string | null) {
  const problem = structuredClone(row.problem as TimetableProblem);
  const meta = (row.meta ?? null) as ProblemMeta | null;
  const applied = base ? applyBase(problem, meta, base.lessons as BaseLesson[], levelId) : { lockedIds: new Set<string>(), droppedIds: [] as string[] };
  return { problem, meta, ...applied };
}

/**
 * POST /api/timetables/generate: resolves the problem (the given one, or the school's inputs built
 * now and stored as a new problem), applies the base version, runs the precheck and creates the
 * background task; the caller dispatches it after commit. 400 TIMETABLE_IMPOSSIBLE with the issues
 * (details) when the input can never be timetabled; 404 unknown problem/base; 400 bad level.
 */
export async function startGeneration(tx: Tx, c: SchoolCaller, tasks: TaskRunner, body: GenerateBody): Promise<{ jobId: string }> {
  const levelId = body.levelId ?? null;
  if (levelId) {
    const l = await findLevel(tx, c.schoolId, levelId);
    if (!l) throw badRequest(tm.levelNotFound, { levelId: tm.levelNotFound });
  }
  let base: TimetableRow | null = null;
  if (body.baseTimetableId) base = await loadTimetable(tx, c.schoolId, body.baseTimetableId);
  else if (levelId) {
    const published = await repo.findPublished(tx, c.schoolId);
    if (!published) throw badRequest(tm.levelNeedsBase, { baseTimetableId: tm.levelNeedsBase });
    base = published;
  }
  let row: ProblemRow;
  if (body.problemId) row = await loadProblem(tx, c.schoolId, body.problemId);
  else {
    const { problem, meta } = await buildSchoolProblem(tx, c.schoolId, { name: tm.schoolProblemName(nairobiStamp(new Date())) });
    if (problem.activities.length === 0) throw badRequest(tm.nothingToPlace);
    row = await repo.insertBuiltProblem(tx, c.schoolId, { name: problem.name ?? 'School inputs', problem, meta, createdBy: c.actor.id });
  }
  if (levelId && !row.meta) throw badRequest(tm.levelNotInProblem, { levelId: tm.levelNotInProblem });
  const { problem } = prepare(row, base, levelId);
  if (problem.activities.length === 0) throw badRequest(tm.nothingToPlace);
  const issues = precheck(problem);
  if (issues.length) {
    throw new AppError(400, 'TIMETABLE_IMPOSSIBLE', tm.impossible(issues.length, issues[0]!.message), { details: issues });
  }
  const input: GenerateInput = {
    problemId: row.id,
    baseTimetableId: base?.id ?? null,
    levelId,
    timeLimitSeconds: body.timeLimitSeconds,
    seed: body.seed ?? randomInt(0, 2_147_483_647),
    name: body.name ?? null,
    role: c.actor.role,
    ip: c.ip,
  };
  const task = await tasks.create(tx, { schoolId: c.schoolId, kind: GENERATE_TASK, createdBy: c.actor.id, input: { ...input }, total: problem.activities.length });
  await auditSchool(tx, c, TIMETABLE_AUDIT.generationStarted, `background_task:${task.id}`, null, { problemId: row.id, baseTimetableId: input.baseTimetableId, levelId, timeLimitSeconds: input.timeLimitSeconds, seed: input.seed });
  return { jobId: task.id };
}

// -------------------------------------------------------------------------------------------------
// The task

/**
 * Moves every activity named by a hard violation of the independent checker to `unplaced` (with the
 * checker's sentence) until none is left: a stored timetable never hides a clash. Returns what was moved.
 */
export function enforceNoHardViolation(problem: TimetableProblem, placements: Placement[], unplaced: Unplaced[]): { placements: Placement[]; unplaced: Unplaced[]; removed: number; softScore: number } {
  let current = placements;
  const out = [...unplaced];
  let removed = 0;
  for (let round = 0; round < 50; round++) {
    const check = checkTimetable(problem, current, { allowUnplaced: true });
    if (check.hard.length === 0) return { placements: current, unplaced: out, removed, softScore: check.softScore };
    const reasons = new Map<string, string[]>();
    for (const v of check.hard) for (const id of v.activityIds) reasons.set(id, [...(reasons.get(id) ?? []), tm.hardViolationRemoved(v.message)]);
    // A violation naming no lesson (should not happen) would loop: drop everything then.
    if (reasons.size === 0) return { placements: [], unplaced: [...out, ...current.map((p) => ({ activityId: p.activityId, reasons: [check.hard[0]!.message] }))], removed: removed + current.length, softScore: 0 };
    const next: Placement[] = [];
    for (const p of current) {
      const why = reasons.get(p.activityId);
      if (why) {
        out.push({ activityId: p.activityId, reasons: why });
        removed++;
      } else next.push(p);
    }
    current = next;
  }
  return { placements: [], unplaced: out, removed, softScore: 0 };
}

/**
 * The background generation (task kind `timetable.generate`): runs the solver in a worker thread with
 * the stored time limit and seed, writes progress (placed of total) and `result.detail` (placed,
 * hardViolations, softScore, elapsedMs) every second, polls Cancel every second (the solver then
 * returns its best so far), verifies the result with the independent checker, and stores a draft
 * `timetables` row (version = the school's last + 1). Ends 'cancelled' when Cancel was asked.
 * Idempotent: a retry of a task that already stored its timetable returns that one.
 */
export async function runGenerateTask(ctx: TaskContext): Promise<{ result: Record<string, unknown>; status?: 'succeeded' | 'cancelled' }> {
  const t = ctx.task;
  const input = t.input as GenerateInput;
  const scope = { schoolId: t.schoolId, userId: t.createdBy, allSchools: false };
  const inScope = <T>(fn: (tx: Tx) => Promise<T>) => withScope(ctx.database.db, scope, fn);

  const already = await inScope((tx) => repo.findTimetableOfTask(tx, t.id));
  if (already) return { result: { timetableId: already.id } };
  const cancelRequested = async () => {
    const row = await inScope((tx) => repo.findTaskCancelRequest(tx, t.id));
    return !!row?.at;
  };
  if (await cancelRequested()) return { result: { timetableId: null, message: tm.cancelledBeforeStart }, status: 'cancelled' };

  const { row, base } = await inScope(async (tx) => ({
    row: await loadProblem(tx, t.schoolId, input.problemId),
    base: input.baseTimetableId ? await loadTimetable(tx, t.schoolId, input.baseTimetableId) : null,
  }));
  const { problem, lockedIds, droppedIds } = prepare(row, base, input.levelId);
  const total = problem.activities.length;
  await ctx.progress(0, total);

  const controller = new AbortController();
  let latest: SolveProgress | null = null;
  let cancelled = false;
  let busy = false;
  const writeDetail = async (p: SolveProgress) => {
    const detail = { placed: p.placed, total: p.total, hardViolations: p.hardViolations, softScore: p.softScore, elapsedMs: p.elapsedMs };
    await inScope((tx) => repo.writeTaskProgress(tx, t.id, p.placed, p.total, detail));
  };
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void (async () => {
      try {
        if (!cancelled && (await cancelRequested())) {
          cancelled = true;
          controller.abort();
        }
        if (latest) await writeDetail(latest);
      } catch (err) {
        ctx.log.warn({ err, taskId: t.id }, 'timetable progress write failed');
      } finally {
        busy = false;
      }
    })();
  }, POLL_MS);
  let result: SolveResult;
  const started = Date.now();
  try {
    result = await solveInWorker(problem, {
      timeLimitMs: input.timeLimitSeconds * 1000,
      seed: input.seed,
      stopAtFirstFeasible: false,
      signal: controller.signal,
      onProgress: (p) => {
        latest = p;
      },
    });
  } finally {
    clearInterval(timer);
    // Let an in-flight poll finish before the final writes.
    for (let i = 0; i < 50 && busy; i++) await new Promise((r) => setTimeout(r, 20));
  }
  cancelled = cancelled || result.status === 'cancelled';

  // The independent check (issue 16 "never a timetable with a hidden clash").
  const verified = enforceNoHardViolation(problem, result.placements, result.unplaced);
  if (verified.removed > 0) ctx.log.error({ taskId: t.id, removed: verified.removed }, 'timetable checker found hard violations in solver output; lessons moved to unplaced');
  const unplaced = [...verified.unplaced];
  if (droppedIds.length) {
    const baseReasons = new Map((base?.unplaced ?? []).map((u) => [u.activityId, u.reasons]));
    for (const id of droppedIds) unplaced.push({ activityId: id, reasons: baseReasons.get(id) ?? [] });
  }
  const lessons = verified.placements.map((p) => ({ activityId: p.activityId, day: p.day, period: p.period, roomId: p.roomId, locked: lockedIds.has(p.activityId) }));
  const stats = {
    seed: input.seed,
    timeLimitSeconds: input.timeLimitSeconds,
    elapsedMs: result.stats.elapsedMs,
    wallMs: Date.now() - started,
    iterations: result.stats.iterations,
    firstFeasibleMs: result.stats.firstFeasibleMs,
    solverStatus: result.status,
    cancelled,
    removedByCheck: verified.removed,
    placed: lessons.length,
    total,
  };
  const name = input.name ?? tm.generatedName(nairobiStamp(new Date()));
  let timetableId = '';
  for (let attempt = 0; ; attempt++) {
    try {
      timetableId = await inScope(async (tx) => {
        const version = (await repo.lastVersion(tx, t.schoolId)) + 1;
        const insertedId = await repo.insertTimetable(tx, {
          schoolId: t.schoolId,
          problemId: row.id,
          name,
          version,
          status: 'draft',
          levelId: input.levelId,
          basedOnId: base?.id ?? null,
          taskId: t.id,
          seed: input.seed,
          softScore: Math.round(verified.softScore),
          lessons,
          unplaced,
          stats,
          createdBy: t.createdBy,
        });
        if (cancelled && t.createdBy) {
          const actor = { id: t.createdBy, role: input.role, schoolId: t.schoolId } as Actor;
          await auditSchool(tx, { actor, schoolId: t.schoolId, ip: input.ip }, TIMETABLE_AUDIT.generationCancelled, `background_task:${t.id}`, null, { timetableId: insertedId });
        }
        return insertedId;
      });
      break;
    } catch (err) {
      // Two generations finishing at once take the same version: take the next one.
      if (pgCode(err) === '23505' && attempt < 5) continue;
      throw err;
    }
  }
  const detail = { placed: lessons.length, total, hardViolations: 0, softScore: Math.round(verified.softScore), elapsedMs: result.stats.elapsedMs };
  return { result: { timetableId, detail, unplaced: unplaced.length, seed: input.seed }, status: cancelled ? 'cancelled' : 'succeeded' };
}

// -------------------------------------------------------------------------------------------------
// Jobs

/** The job view of a task row (GET /api/jobs/:id). */
export function toJob(r: TaskRow): Job {
  const result = (r.result ?? null) as Record<string, unknown> | null;
  return {
    ...taskRunFields(r),
    status: r.status as Job['status'],
    detail: (result?.detail as Record<string, unknown> | undefined) ?? null,
    timetableId: typeof result?.timetableId === 'string' ? result.timetableId : null,
    result,
    cancelRequested: r.cancelRequestedAt !== null,
  };
}

/** A job the caller may see: their own, or any of the school's for a principal. 404 otherwise (other school included). */
export async function loadJob(tx: Tx, actor: Actor, schoolId: string, id: string): Promise<TaskRow> {
  const row = await repo.findTask(tx, schoolId, id);
  if (!row || (row.createdBy !== actor.id && actor.role !== 'principal')) throw notFound(tm.jobNotFound);
  return row;
}

/** POST /api/jobs/:id/cancel: asks a queued or running job to stop (202); 409 when it has finished. */
export async function cancelJob(tx: Tx, actor: Actor, schoolId: string, id: string): Promise<Job> {
  const row = await loadJob(tx, actor, schoolId, id);
  if (!['queued', 'running'].includes(row.status)) throw new AppError(409, 'JOB_FINISHED', tm.jobFinished);
  const updated = await repo.markTaskCancelRequested(tx, id, row.cancelRequestedAt ?? new Date());
  return toJob(updated);
}

/** Runs `fn` in the caller's school (school roles only: jobs belong to a school). */
export function inCallerSchool<T>(database: Database, actor: Actor, fn: (tx: Tx, schoolId: string) => Promise<T>): Promise<T> {
  if (!actor.schoolId) throw notFound(tm.jobNotFound);
  const schoolId = actor.schoolId;
  return withScope(database.db, { schoolId, userId: actor.id, allSchools: false }, (tx) => fn(tx, schoolId));
}
