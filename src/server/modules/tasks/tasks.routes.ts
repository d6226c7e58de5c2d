import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listTasksQuery, listTasksResponse, taskSchema, type Task } from '../../../shared/contracts/tasks.js';
import { messages } from '../../../shared/messages.js';
import { isAdminRole } from '../../../shared/roles.js';
import { withScope } from '../../db/tenant.js';
import { AppError, notFound } from '../../errors.js';
import { taskRunFields, type TaskRow, type TaskRunner } from '../../jobs/tasks.js';
import { actorOf, scopeOf } from '../../plugins/access.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { findTask, listOwnTasks, requeueFailedTask } from './tasks.repository.js';

export function toTask(r: TaskRow): Task {
  return {
    ...taskRunFields(r),
    status: r.status as Task['status'],
    input: (r.input ?? {}) as Record<string, unknown>,
    result: (r.result ?? null) as Record<string, unknown> | null,
    attempts: r.attempts,
    resultFileUrl: r.resultFileId ? `/api/files/${r.resultFileId}?download=1` : null,
  };
}

/**
 * Background tasks (issue 10 §5). A task is visible to the person who started it (and platform staff);
 * anyone else, or another school, gets 404.
 * - GET /api/tasks?kind=&limit= → { items: Task[] }: the caller's latest tasks, newest first.
 * - GET /api/tasks/:id → Task: status, progress/total, result or error (the page polls it).
 * - POST /api/tasks/:id/retry → 202 Task: runs a failed task again (handlers are idempotent); 409 when
 *   the task has not failed.
 */
export async function tasksRoutes(app: FastifyInstance, deps: ModuleDeps & { tasks: TaskRunner }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: z.uuid('Invalid task id') });

  async function ownTask(request: Parameters<typeof actorOf>[0], id: string): Promise<TaskRow> {
    const actor = actorOf(request);
    const row = await withScope(deps.database.db, scopeOf(request), (tx) => findTask(tx, id, isAdminRole(actor.role) ? null : actor.id));
    if (!row) throw notFound(messages.tasks.notFound);
    return row;
  }

  r.get(
    '/api/tasks',
    { config: { permission: 'signedIn' }, schema: { querystring: listTasksQuery, response: { 200: listTasksResponse }, tags: ['tasks'] } },
    async (request) => {
      const actor = actorOf(request);
      const rows = await withScope(deps.database.db, scopeOf(request), (tx) => listOwnTasks(tx, actor.id, request.query.kind, request.query.limit));
      return { items: rows.map(toTask) };
    },
  );

  r.get(
    '/api/tasks/:id',
    { config: { permission: 'signedIn' }, schema: { params, response: { 200: taskSchema }, tags: ['tasks'] } },
    async (request) => toTask(await ownTask(request, request.params.id)),
  );

  r.post(
    '/api/tasks/:id/retry',
    { config: { permission: 'signedIn' }, schema: { params, response: { 202: taskSchema }, tags: ['tasks'] } },
    async (request, reply) => {
      const row = await ownTask(request, request.params.id);
      if (row.status !== 'failed') throw new AppError(409, 'NOT_FAILED', messages.tasks.notFailed);
      const queued = await withScope(deps.database.db, scopeOf(request), (tx) => requeueFailedTask(tx, row.id));
      if (!queued) throw new AppError(409, 'NOT_FAILED', messages.tasks.notFailed);
      await deps.tasks.dispatch(row.id);
      return reply.status(202).send(toTask(queued));
    },
  );
}
