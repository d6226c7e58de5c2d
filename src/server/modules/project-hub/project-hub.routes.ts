import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createCommentBody,
  createProjectBody,
  createTaskBody,
  hubCommentSchema,
  hubProjectDetailSchema,
  hubStaffResponse,
  hubTaskSchema,
  idParams,
  itemParams,
  listCommentsResponse,
  listProjectsQuery,
  listProjectsResponse,
  listTasksQuery,
  listTasksResponse,
  onboardingChecklistSchema,
  onboardingOverviewResponse,
  schoolParams,
  updateOnboardingItemBody,
  updateProjectBody,
  updateTaskBody,
} from '../../../shared/contracts/project-hub.js';
import type { Tx } from '../../db/tenant.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import * as svc from './project-hub.service.js';
import type { RequestCaller } from '../../lib/school-context.js';
import { inRequestScope } from '../../lib/request-caller.js';

/**
 * The platform team's project hub and onboarding checklists (issue 18 §4), edufam_admin only
 * (permission manageProjectHub; every other role 403, signed out 401). Every call runs in one
 * transaction in platform context; writes are audited. Errors: `{ error: { code, message, fields? } }`:
 * 400 bad input (empty title, a date not YYYY-MM-DD, an assignee or owner who is not active platform
 * staff) with nothing written, 404 an unknown project, task, school or checklist key, 409 adding a task
 * to an archived project. Dates are school days in Africa/Nairobi; a task is overdue when its due date
 * is before today there and it is not done.
 */
export async function projectHubRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;
  const tags = ['project-hub'];
  const config = { permission: 'manageProjectHub' } as const;

  /** Runs `fn` in one transaction in the caller's (platform) scope. */
  const run = <T>(req: FastifyRequest, fn: (tx: Tx, c: RequestCaller) => Promise<T>): Promise<T> => inRequestScope(database, req, fn);

  // ── Projects ────────────────────────────────────────────────────────────────────────────────

  /**
   * GET /api/project-hub/projects?kind=onboarding|internal&status=planned|active|on_hold|done&schoolId=&archived=false|true|all
   * → { projects }: cards with owner, school, target date, task counts (total, done, overdue, per
   * column) and progress (done / total, whole percent). Active first, then by target date.
   */
  r.get('/api/project-hub/projects', { config, schema: { querystring: listProjectsQuery, response: { 200: listProjectsResponse }, tags } }, async (req) =>
    run(req, async (tx) => ({ projects: await svc.listProjects(tx, req.query) })),
  );

  /**
   * POST /api/project-hub/projects { name, description?, kind, schoolId?, ownerId?, status?, startDate?,
   * targetDate?, prefillTasks? } → 201 the project with its board. Onboarding needs schoolId and starts
   * with one task per checklist item (unless prefillTasks false). 400 empty name, unknown school,
   * owner not platform staff, target before start.
   */
  r.post('/api/project-hub/projects', { config, schema: { body: createProjectBody, response: { 201: hubProjectDetailSchema }, tags } }, async (req, reply) =>
    reply.code(201).send(await run(req, (tx, c) => svc.createProject(tx, c, req.body))),
  );

  /** GET /api/project-hub/projects/:id → the project and `taskList` (by column, then position); 404 unknown. */
  r.get('/api/project-hub/projects/:id', { config, schema: { params: idParams, response: { 200: hubProjectDetailSchema }, tags } }, async (req) =>
    run(req, (tx) => svc.projectDetail(tx, req.params.id)),
  );

  /**
   * PATCH /api/project-hub/projects/:id { name?, description?, ownerId?, status?, startDate?, targetDate?,
   * archived? } → the project with its board. 404 unknown; 400 nothing to change, bad owner or dates.
   */
  r.patch('/api/project-hub/projects/:id', { config, schema: { params: idParams, body: updateProjectBody, response: { 200: hubProjectDetailSchema }, tags } }, async (req) =>
    run(req, (tx, c) => svc.updateProject(tx, c, req.params.id, req.body)),
  );

  /** DELETE /api/project-hub/projects/:id → 204: archives the project (restore with PATCH { archived: false }); 404 unknown. */
  r.delete('/api/project-hub/projects/:id', { config, schema: { params: idParams, tags } }, async (req, reply) => {
    await run(req, (tx, c) => svc.archiveProject(tx, c, req.params.id));
    return reply.code(204).send();
  });

  // ── Tasks ───────────────────────────────────────────────────────────────────────────────────

  /**
   * POST /api/project-hub/projects/:id/tasks { title, description?, assigneeId?, status?, priority?,
   * dueDate? } → 201 the task, last in its column. 400 empty title, bad date, assignee not platform
   * staff; 404 unknown project; 409 archived project.
   */
  r.post('/api/project-hub/projects/:id/tasks', { config, schema: { params: idParams, body: createTaskBody, response: { 201: hubTaskSchema }, tags } }, async (req, reply) =>
    reply.code(201).send(await run(req, (tx, c) => svc.createTask(tx, c, req.params.id, req.body))),
  );

  /**
   * GET /api/project-hub/tasks?assignee=me|unassigned|<staff id>&status=todo|in_progress|blocked|done|open&dueBefore=YYYY-MM-DD&overdue=true|false&projectId=
   * → { tasks } of projects that are not archived, soonest due first ("My tasks": assignee=me&status=open).
   */
  r.get('/api/project-hub/tasks', { config, schema: { querystring: listTasksQuery, response: { 200: listTasksResponse }, tags } }, async (req) =>
    run(req, async (tx, c) => ({ tasks: await svc.listTasks(tx, c, req.query) })),
  );

  /** GET /api/project-hub/tasks/:id → the task; 404 unknown. */
  r.get('/api/project-hub/tasks/:id', { config, schema: { params: idParams, response: { 200: hubTaskSchema }, tags } }, async (req) =>
    run(req, (tx) => svc.taskDetail(tx, req.params.id)),
  );

  /**
   * PATCH /api/project-hub/tasks/:id { title?, description?, assigneeId?, status?, priority?, dueDate?,
   * position? } → the task. A new status moves it to `position` (0-based) in that column, or last;
   * done stamps completedAt. 400 nothing to change, bad input, assignee not platform staff; 404 unknown.
   */
  r.patch('/api/project-hub/tasks/:id', { config, schema: { params: idParams, body: updateTaskBody, response: { 200: hubTaskSchema }, tags } }, async (req) =>
    run(req, (tx, c) => svc.updateTask(tx, c, req.params.id, req.body)),
  );

  /** DELETE /api/project-hub/tasks/:id → 204 (its comments go with it); 404 unknown. */
  r.delete('/api/project-hub/tasks/:id', { config, schema: { params: idParams, tags } }, async (req, reply) => {
    await run(req, (tx, c) => svc.deleteTask(tx, c, req.params.id));
    return reply.code(204).send();
  });

  /** GET /api/project-hub/tasks/:id/comments → { comments } oldest first; 404 unknown task. */
  r.get('/api/project-hub/tasks/:id/comments', { config, schema: { params: idParams, response: { 200: listCommentsResponse }, tags } }, async (req) =>
    run(req, async (tx) => ({ comments: await svc.listComments(tx, req.params.id) })),
  );

  /** POST /api/project-hub/tasks/:id/comments { body } → 201 the comment (plain text). 400 empty; 404 unknown task. */
  r.post('/api/project-hub/tasks/:id/comments', { config, schema: { params: idParams, body: createCommentBody, response: { 201: hubCommentSchema }, tags } }, async (req, reply) =>
    reply.code(201).send(await run(req, (tx, c) => svc.addComment(tx, c, req.params.id, req.body))),
  );

  /** GET /api/project-hub/staff → { staff: [{ id, name, email, role }] }: active platform staff (owners and assignees). */
  r.get('/api/project-hub/staff', { config, schema: { response: { 200: hubStaffResponse }, tags } }, async (req) =>
    run(req, async (tx) => ({ staff: await svc.listStaff(tx) })),
  );

  // ── Onboarding checklist ────────────────────────────────────────────────────────────────────

  /** GET /api/project-hub/onboarding → { schools: [{ id, name, code, total, complete }] }: every school's checklist progress. */
  r.get('/api/project-hub/onboarding', { config, schema: { response: { 200: onboardingOverviewResponse }, tags } }, async (req) =>
    run(req, (tx) => svc.onboardingOverview(tx)),
  );

  /**
   * GET /api/project-hub/onboarding/:schoolId → { school, items, summary }: the default checklist with
   * manual ticks (done, doneBy, doneAt, note) and what the data shows (detected, detectedCount:
   * learners, fee structures, M-Pesa configuration, parent accounts, terms, streams, staff). 404 unknown school.
   */
  r.get('/api/project-hub/onboarding/:schoolId', { config, schema: { params: schoolParams, response: { 200: onboardingChecklistSchema }, tags } }, async (req) =>
    run(req, (tx) => svc.onboardingChecklist(tx, req.params.schoolId)),
  );

  /**
   * PATCH /api/project-hub/onboarding/:schoolId/items/:key { done?, note? } → the school's checklist.
   * 400 nothing to change or a note over 1,000 characters; 404 unknown school or key.
   */
  r.patch('/api/project-hub/onboarding/:schoolId/items/:key', { config, schema: { params: itemParams, body: updateOnboardingItemBody, response: { 200: onboardingChecklistSchema }, tags } }, async (req) =>
    run(req, (tx, c) => svc.updateOnboardingItem(tx, c, req.params.schoolId, req.params.key, req.body)),
  );
}
