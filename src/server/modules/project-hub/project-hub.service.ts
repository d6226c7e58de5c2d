import type { z } from 'zod';
import {
  ONBOARDING_TEMPLATE,
  type HubComment,
  type HubProjectDetail,
  type HubProjectKind,
  type HubProjectStatus,
  type HubProjectSummary,
  type HubStaffResponse,
  type HubTask,
  type HubTaskPriority,
  type HubTaskStatus,
  type OnboardingChecklist,
  type OnboardingItem,
  type OnboardingOverview,
  type createCommentBody,
  type createProjectBody,
  type createTaskBody,
  type listProjectsQuery,
  type listTasksQuery,
  type updateOnboardingItemBody,
  type updateProjectBody,
  type updateTaskBody,
} from '../../../shared/contracts/project-hub.js';
import { schoolToday } from '../../../shared/dates.js';
import { ONBOARDING_ITEM_LABELS, projectHubMessages as pm } from '../../../shared/messages/project-hub.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { recordAudit } from '../../lib/audit.js';
import * as repo from './project-hub.repository.js';
import type { RequestCaller } from '../../lib/school-context.js';

const m = pm.api;

/** Who is calling (an edufam_admin: the routes need manageProjectHub) and from where, for the audit. */
// ------------------------------------------------------------------------------------------------
// Shapes

function summaryOf(r: repo.ProjectListRow): HubProjectSummary {
  const p = r.p;
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    kind: p.kind as HubProjectKind,
    schoolId: p.schoolId,
    schoolName: r.schoolName,
    owner: p.ownerId ? { id: p.ownerId, name: r.ownerName ?? '' } : null,
    status: p.status as HubProjectStatus,
    startDate: p.startDate,
    targetDate: p.targetDate,
    archived: p.archivedAt !== null,
    tasks: {
      total: r.total,
      done: r.done,
      overdue: r.overdue,
      byStatus: { todo: r.todo, in_progress: r.inProgress, blocked: r.blocked, done: r.done },
    },
    progress: r.total === 0 ? 0 : Math.round((r.done / r.total) * 100),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

function taskOf(r: repo.TaskListRow, today: string): HubTask {
  const t = r.t;
  return {
    id: t.id,
    projectId: t.projectId,
    projectName: r.projectName,
    projectKind: r.projectKind as HubProjectKind,
    schoolName: r.schoolName,
    title: t.title,
    description: t.description,
    assignee: t.assigneeId ? { id: t.assigneeId, name: r.assigneeName ?? '' } : null,
    status: t.status as HubTaskStatus,
    priority: t.priority as HubTaskPriority,
    dueDate: t.dueDate,
    position: t.position,
    completedAt: t.completedAt?.toISOString() ?? null,
    overdue: t.status !== 'done' && t.dueDate !== null && t.dueDate < today,
    comments: r.comments,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

// ------------------------------------------------------------------------------------------------
// Checks

/** The owner or assignee named in a body: active platform staff, else 400 on `field`. */
async function requireStaff(tx: Tx, id: string, field: 'ownerId' | 'assigneeId'): Promise<string> {
  const [staff] = await repo.selectStaff(tx, id);
  const message = field === 'ownerId' ? m.ownerNotStaff : m.assigneeNotStaff;
  if (!staff) throw badRequest(message, { [field]: message });
  return staff.name;
}

function checkDates(start: string | null, target: string | null) {
  if (start && target && target < start) throw badRequest(m.targetBeforeStart, { targetDate: m.targetBeforeStart });
}

async function audit(tx: Tx, c: RequestCaller, e: { schoolId: string | null; action: string; entity: string; id: string; oldValue?: unknown; newValue?: unknown; summary: string }) {
  await recordAudit(tx, {
    schoolId: e.schoolId,
    action: e.action,
    performedByUserId: c.actor.id,
    performedByRole: c.actor.role,
    targetEntity: e.entity,
    resource: e.id,
    oldValue: e.oldValue ?? null,
    newValue: e.newValue ?? null,
    metadata: { summary: e.summary },
    ipAddress: c.ip,
  });
}

/** Audits an update with the old and new values of its changed fields (`diff`); nothing when no field changed. */
async function auditChanges(
  tx: Tx,
  c: RequestCaller,
  e: { schoolId: string | null; action: string; entity: string; id: string; summary: string },
  changes: { oldValue: object; newValue: object },
) {
  if (Object.keys(changes.newValue).length > 0) await audit(tx, c, { ...e, ...changes });
}

/** Only the keys of `next` whose values differ from `prev` (for the audit's old/new values). */
function diff<T extends Record<string, unknown>>(prev: T, next: Partial<T>): { oldValue: Partial<T>; newValue: Partial<T> } {
  const oldValue: Partial<T> = {};
  const newValue: Partial<T> = {};
  for (const k of Object.keys(next) as (keyof T)[]) {
    if (next[k] !== undefined && next[k] !== prev[k]) {
      oldValue[k] = prev[k];
      newValue[k] = next[k];
    }
  }
  return { oldValue, newValue };
}

// ------------------------------------------------------------------------------------------------
// Projects

/** GET /api/project-hub/projects: projects with counts; archived ones only when asked. */
export async function listProjects(tx: Tx, q: z.output<typeof listProjectsQuery>): Promise<HubProjectSummary[]> {
  const rows = await repo.selectProjects(tx, schoolToday(), { kind: q.kind, status: q.status, schoolId: q.schoolId, archived: q.archived });
  return rows.map(summaryOf);
}

/**
 * GET /api/project-hub/projects/:id: the project and its board; 404 unknown. On a school's onboarding
 * board, each task named after a checklist item the school's data shows (detect: learners present,
 * whether imported, admitted or seeded; fee structures; ...) carries `detected` and is not overdue,
 * whatever column it is in (issue 34).
 */
export async function projectDetail(tx: Tx, id: string): Promise<HubProjectDetail> {
  const today = schoolToday();
  const [row] = await repo.selectProjects(tx, today, { id });
  if (!row) throw notFound(m.projectNotFound);
  const tasks = await repo.selectTasks(tx, { projectId: id }, 'board');
  const summary = summaryOf(row);
  const taskList = tasks.map((t) => taskOf(t, today));
  if (summary.kind === 'onboarding' && summary.schoolId) {
    const [facts] = await repo.selectSchoolFacts(tx, summary.schoolId);
    const found = facts ? detect(facts) : {};
    const keyOfTitle = new Map(ONBOARDING_TEMPLATE.filter((i) => i.detect).map((i) => [ONBOARDING_ITEM_LABELS[i.key] ?? i.key, i.key]));
    for (const task of taskList) {
      const key = keyOfTitle.get(task.title);
      const d = key ? found[key] : undefined;
      if (key && d?.detected) Object.assign(task, { detected: { key, count: d.count }, overdue: false });
    }
  }
  return { ...summary, taskList };
}

/**
 * POST /api/project-hub/projects. Onboarding needs an existing school (400); the owner defaults to the
 * caller and must be platform staff (400). An onboarding project starts with one task per checklist
 * item unless prefillTasks is false. Audited.
 */
export async function createProject(tx: Tx, c: RequestCaller, body: z.output<typeof createProjectBody>): Promise<HubProjectDetail> {
  const schoolId = body.schoolId ?? null;
  if (body.kind === 'onboarding' && !schoolId) throw badRequest(m.onboardingNeedsSchool, { schoolId: m.onboardingNeedsSchool });
  if (schoolId && !(await repo.findSchool(tx, schoolId))) throw badRequest(m.unknownSchool, { schoolId: m.unknownSchool });
  const ownerId = body.ownerId === undefined ? c.actor.id : body.ownerId;
  if (ownerId) await requireStaff(tx, ownerId, 'ownerId');
  checkDates(body.startDate ?? null, body.targetDate ?? null);
  const p = await repo.insertProject(tx, {
    name: body.name,
    description: body.description ?? '',
    kind: body.kind,
    schoolId,
    ownerId,
    status: body.status,
    startDate: body.startDate ?? null,
    targetDate: body.targetDate ?? null,
    createdBy: c.actor.id,
  });
  if (body.kind === 'onboarding' && body.prefillTasks) {
    await repo.insertTasks(
      tx,
      ONBOARDING_TEMPLATE.map((item, i) => ({
        projectId: p.id,
        title: ONBOARDING_ITEM_LABELS[item.key] ?? item.key,
        status: 'todo',
        priority: item.key === 'go_live' ? 'high' : 'normal',
        position: i,
        createdBy: c.actor.id,
      })),
    );
  }
  await audit(tx, c, {
    schoolId,
    action: 'project_hub.project.create',
    entity: 'hub_project',
    id: p.id,
    newValue: { name: p.name, kind: p.kind, schoolId, ownerId, status: p.status, startDate: p.startDate, targetDate: p.targetDate },
    summary: pm.audit.projectCreated(p.name),
  });
  return projectDetail(tx, p.id);
}

/** PATCH /api/project-hub/projects/:id. 404 unknown; 400 nothing to change, bad owner or dates. Audited (changed fields). */
export async function updateProject(tx: Tx, c: RequestCaller, id: string, body: z.output<typeof updateProjectBody>): Promise<HubProjectDetail> {
  if (Object.values(body).every((v) => v === undefined)) throw badRequest(m.nothingToChange);
  const p = await repo.findProject(tx, id, true);
  if (!p) throw notFound(m.projectNotFound);
  if (body.ownerId) await requireStaff(tx, body.ownerId, 'ownerId');
  const startDate = body.startDate === undefined ? p.startDate : body.startDate;
  const targetDate = body.targetDate === undefined ? p.targetDate : body.targetDate;
  checkDates(startDate, targetDate);
  const next = {
    name: body.name,
    description: body.description,
    ownerId: body.ownerId,
    status: body.status,
    startDate: body.startDate,
    targetDate: body.targetDate,
  };
  const changes = diff({ name: p.name, description: p.description, ownerId: p.ownerId, status: p.status, startDate: p.startDate, targetDate: p.targetDate } as Record<string, unknown>, next);
  const archivedAt = body.archived === undefined ? undefined : body.archived ? (p.archivedAt ?? new Date()) : null;
  if (body.archived !== undefined && body.archived !== (p.archivedAt !== null)) {
    changes.oldValue.archived = p.archivedAt !== null;
    changes.newValue.archived = body.archived;
  }
  await repo.updateProject(tx, id, { ...Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)), ...(archivedAt !== undefined ? { archivedAt } : {}), updatedAt: new Date() });
  await auditChanges(tx, c, { schoolId: p.schoolId, action: 'project_hub.project.update', entity: 'hub_project', id, summary: pm.audit.projectUpdated(body.name ?? p.name) }, changes);
  return projectDetail(tx, id);
}

/** DELETE /api/project-hub/projects/:id: archives (the board and its history stay); again is a no-op. 404 unknown. */
export async function archiveProject(tx: Tx, c: RequestCaller, id: string): Promise<void> {
  const p = await repo.findProject(tx, id, true);
  if (!p) throw notFound(m.projectNotFound);
  if (p.archivedAt) return;
  await repo.updateProject(tx, id, { archivedAt: new Date(), updatedAt: new Date() });
  await audit(tx, c, { schoolId: p.schoolId, action: 'project_hub.project.archive', entity: 'hub_project', id, oldValue: { archived: false }, newValue: { archived: true }, summary: pm.audit.projectArchived(p.name) });
}

// ------------------------------------------------------------------------------------------------
// Tasks

async function loadTask(tx: Tx, id: string): Promise<HubTask> {
  const [row] = await repo.selectTasks(tx, { id }, 'board');
  if (!row) throw notFound(m.taskNotFound);
  return taskOf(row, schoolToday());
}

/** GET /api/project-hub/tasks/:id; 404 unknown. */
export const taskDetail = loadTask;

/**
 * POST /api/project-hub/projects/:id/tasks: placed last in its column; the assignee must be platform
 * staff (400). 404 unknown project; 409 archived project. Audited.
 */
export async function createTask(tx: Tx, c: RequestCaller, projectId: string, body: z.output<typeof createTaskBody>): Promise<HubTask> {
  const p = await repo.findProject(tx, projectId, true);
  if (!p) throw notFound(m.projectNotFound);
  if (p.archivedAt) throw new AppError(409, 'PROJECT_ARCHIVED', m.projectArchived);
  if (body.assigneeId) await requireStaff(tx, body.assigneeId, 'assigneeId');
  const position = (await repo.columnIds(tx, projectId, body.status)).length;
  const t = await repo.insertTask(tx, {
    projectId,
    title: body.title,
    description: body.description ?? '',
    assigneeId: body.assigneeId ?? null,
    status: body.status,
    priority: body.priority,
    dueDate: body.dueDate ?? null,
    position,
    completedAt: body.status === 'done' ? new Date() : null,
    createdBy: c.actor.id,
  });
  await repo.touchProject(tx, projectId, new Date());
  await audit(tx, c, {
    schoolId: p.schoolId,
    action: 'project_hub.task.create',
    entity: 'hub_task',
    id: t.id,
    newValue: { title: t.title, status: t.status, priority: t.priority, assigneeId: t.assigneeId, dueDate: t.dueDate },
    summary: pm.audit.taskCreated(t.title, p.name),
  });
  return loadTask(tx, t.id);
}

/**
 * PATCH /api/project-hub/tasks/:id. A status change moves the task to `position` in the new column
 * (last without one) and renumbers that column; `position` alone reorders within the column. Moving
 * to done stamps completedAt; leaving done clears it. 404 unknown; 400 nothing to change or an
 * assignee who is not platform staff. Audited (changed fields).
 */
export async function updateTask(tx: Tx, c: RequestCaller, id: string, body: z.output<typeof updateTaskBody>): Promise<HubTask> {
  if (Object.values(body).every((v) => v === undefined)) throw badRequest(m.nothingToChange);
  const t = await repo.findTask(tx, id, true);
  if (!t) throw notFound(m.taskNotFound);
  const p = (await repo.findProject(tx, t.projectId))!;
  if (body.assigneeId) await requireStaff(tx, body.assigneeId, 'assigneeId');
  const now = new Date();
  const status = body.status ?? t.status;
  const moved = status !== t.status;
  const patch: Partial<repo.TaskRow> = { updatedAt: now };
  if (body.title !== undefined) patch.title = body.title;
  if (body.description !== undefined) patch.description = body.description;
  if (body.assigneeId !== undefined) patch.assigneeId = body.assigneeId;
  if (body.priority !== undefined) patch.priority = body.priority;
  if (body.dueDate !== undefined) patch.dueDate = body.dueDate;
  if (moved) {
    patch.status = status;
    patch.completedAt = status === 'done' ? now : null;
  }
  await repo.updateTask(tx, id, patch);
  if (moved || body.position !== undefined) {
    const others = await repo.columnIds(tx, t.projectId, status, id);
    const at = body.position === undefined ? others.length : Math.min(body.position, others.length);
    await repo.setPositions(tx, [...others.slice(0, at), id, ...others.slice(at)]);
  }
  await repo.touchProject(tx, t.projectId, now);
  const changes = diff({ title: t.title, description: t.description, assigneeId: t.assigneeId, status: t.status, priority: t.priority, dueDate: t.dueDate } as Record<string, unknown>, {
    title: body.title,
    description: body.description,
    assigneeId: body.assigneeId,
    status: body.status,
    priority: body.priority,
    dueDate: body.dueDate,
  });
  await auditChanges(tx, c, { schoolId: p.schoolId, action: 'project_hub.task.update', entity: 'hub_task', id, summary: pm.audit.taskUpdated(body.title ?? t.title) }, changes);
  return loadTask(tx, id);
}

/** DELETE /api/project-hub/tasks/:id (its comments go with it); 404 unknown. Audited. */
export async function deleteTask(tx: Tx, c: RequestCaller, id: string): Promise<void> {
  const t = await repo.findTask(tx, id, true);
  if (!t) throw notFound(m.taskNotFound);
  const p = (await repo.findProject(tx, t.projectId))!;
  await repo.deleteTask(tx, id);
  await repo.setPositions(tx, await repo.columnIds(tx, t.projectId, t.status));
  await audit(tx, c, {
    schoolId: p.schoolId,
    action: 'project_hub.task.delete',
    entity: 'hub_task',
    id,
    oldValue: { title: t.title, status: t.status, assigneeId: t.assigneeId, projectId: t.projectId },
    summary: pm.audit.taskDeleted(t.title),
  });
}

/**
 * GET /api/project-hub/tasks: tasks of projects that are not archived. assignee 'me' (the caller),
 * 'unassigned' or a staff id; status one column or 'open' (not done); dueBefore exclusive; overdue
 * true (due before today, not done) or false. Soonest due first.
 */
export async function listTasks(tx: Tx, c: RequestCaller, q: z.output<typeof listTasksQuery>): Promise<HubTask[]> {
  const today = schoolToday();
  const assigneeId = q.assignee === 'me' ? c.actor.id : q.assignee === 'unassigned' ? null : q.assignee;
  const overdue = q.overdue === undefined ? undefined : { today, is: q.overdue === 'true' };
  const rows = await repo.selectTasks(tx, { liveProjectsOnly: true, assigneeId, status: q.status, dueBefore: q.dueBefore, overdue, projectId: q.projectId }, 'due');
  return rows.map((r) => taskOf(r, today));
}

// ------------------------------------------------------------------------------------------------
// Comments

/** GET /api/project-hub/tasks/:id/comments: oldest first; 404 unknown task. */
export async function listComments(tx: Tx, taskId: string): Promise<HubComment[]> {
  if (!(await repo.findTask(tx, taskId))) throw notFound(m.taskNotFound);
  const rows = await repo.selectComments(tx, taskId);
  return rows.map(({ c, authorName }) => ({
    id: c.id,
    taskId: c.taskId,
    author: c.authorId ? { id: c.authorId, name: authorName ?? '' } : null,
    body: c.body,
    createdAt: c.createdAt.toISOString(),
  }));
}

/** POST /api/project-hub/tasks/:id/comments: plain text; 404 unknown task. */
export async function addComment(tx: Tx, c: RequestCaller, taskId: string, body: z.output<typeof createCommentBody>): Promise<HubComment> {
  const t = await repo.findTask(tx, taskId);
  if (!t) throw notFound(m.taskNotFound);
  const row = await repo.insertComment(tx, taskId, c.actor.id, body.body);
  await repo.touchTask(tx, taskId, new Date());
  const [me] = await repo.selectStaff(tx, c.actor.id);
  return { id: row.id, taskId, author: { id: c.actor.id, name: me?.name ?? '' }, body: row.body, createdAt: row.createdAt.toISOString() };
}

/** GET /api/project-hub/staff: who can own projects and be assigned tasks. */
export async function listStaff(tx: Tx): Promise<HubStaffResponse['staff']> {
  const rows = await repo.selectStaff(tx);
  return rows.map((r) => ({ ...r, role: r.role ?? '' }));
}

// ------------------------------------------------------------------------------------------------
// Onboarding checklist

/**
 * What the data shows for each detectable item: `detected` and a count to show beside it (terms,
 * streams, staff accounts, active learners (present in the register however they came: imported,
 * admitted or seeded), fee structures, parent accounts), or null.
 */
export function detect(f: repo.SchoolFacts): Record<string, { detected: boolean; count: number | null }> {
  return {
    school_profile: { detected: f.hasLogo, count: null },
    academic_year: { detected: f.years > 0 && f.terms > 0, count: f.terms },
    streams_subjects: { detected: f.streams > 0 && f.subjects > 0, count: f.streams },
    staff_accounts: { detected: f.staff > 0, count: f.staff },
    learners_imported: { detected: f.learners > 0, count: f.learners },
    fee_structures: { detected: f.feeStructures > 0, count: f.feeStructures },
    mpesa_paybill: { detected: f.mpesa > 0, count: null },
    parents_invited: { detected: f.parents > 0, count: f.parents },
  };
}

type OnboardingRowWithName = Awaited<ReturnType<typeof repo.selectOnboardingRows>>[number];

function checklistOf(f: repo.SchoolFacts, rows: OnboardingRowWithName[]): OnboardingChecklist {
  const found = detect(f);
  const byKey = new Map(rows.map((r) => [r.r.key, r]));
  const items: OnboardingItem[] = ONBOARDING_TEMPLATE.map((tpl, position) => {
    const row = byKey.get(tpl.key);
    const d = tpl.detect ? found[tpl.key] : undefined;
    const done = row?.r.done ?? false;
    const detected = d ? d.detected : null;
    return {
      key: tpl.key,
      label: ONBOARDING_ITEM_LABELS[tpl.key] ?? row?.r.label ?? tpl.key,
      position,
      done,
      doneBy: done && row?.r.doneBy ? { id: row.r.doneBy, name: row.doneByName ?? '' } : null,
      doneAt: done ? (row?.r.doneAt?.toISOString() ?? null) : null,
      note: row?.r.note ?? null,
      detected,
      detectedCount: d && d.detected ? d.count : null,
      complete: done || detected === true,
    };
  });
  return {
    school: { id: f.id, name: f.name, code: f.code },
    items,
    summary: {
      total: items.length,
      done: items.filter((i) => i.done).length,
      detected: items.filter((i) => i.detected === true).length,
      complete: items.filter((i) => i.complete).length,
    },
  };
}

/** GET /api/project-hub/onboarding/:schoolId: the checklist with manual ticks and what is detected; 404 unknown school. */
export async function onboardingChecklist(tx: Tx, schoolId: string): Promise<OnboardingChecklist> {
  const [facts] = await repo.selectSchoolFacts(tx, schoolId);
  if (!facts) throw notFound(m.schoolNotFound);
  return checklistOf(facts, await repo.selectOnboardingRows(tx, schoolId));
}

/** GET /api/project-hub/onboarding: every school with its checklist progress, by name. */
export async function onboardingOverview(tx: Tx): Promise<OnboardingOverview> {
  const facts = await repo.selectSchoolFacts(tx);
  const rows = await repo.selectOnboardingRows(tx);
  return {
    schools: facts.map((f) => {
      const list = checklistOf(
        f,
        rows.filter((r) => r.r.schoolId === f.id),
      );
      return { id: f.id, name: f.name, code: f.code, total: list.summary.total, complete: list.summary.complete };
    }),
  };
}

/**
 * PATCH /api/project-hub/onboarding/:schoolId/items/:key { done?, note? }: ticks or unticks (who and
 * when are recorded) and notes an item; returns the checklist. Ticking again is a no-op. 404 unknown
 * school or key; 400 nothing to change. Audited.
 */
export async function updateOnboardingItem(tx: Tx, c: RequestCaller, schoolId: string, key: string, body: z.output<typeof updateOnboardingItemBody>): Promise<OnboardingChecklist> {
  if (body.done === undefined && body.note === undefined) throw badRequest(m.nothingToChange);
  if (!(await repo.findSchool(tx, schoolId))) throw notFound(m.schoolNotFound);
  const tpl = ONBOARDING_TEMPLATE.find((i) => i.key === key);
  if (!tpl) throw notFound(m.itemNotFound);
  const label = ONBOARDING_ITEM_LABELS[key] ?? key;
  const [prev] = (await repo.selectOnboardingRows(tx, schoolId)).filter((r) => r.r.key === key);
  const wasDone = prev?.r.done ?? false;
  const done = body.done ?? wasDone;
  const note = body.note === undefined ? (prev?.r.note ?? null) : body.note || null;
  const now = new Date();
  await repo.upsertOnboardingRow(tx, {
    schoolId,
    key,
    label,
    done,
    doneBy: done ? (wasDone ? (prev?.r.doneBy ?? c.actor.id) : c.actor.id) : null,
    doneAt: done ? (wasDone ? (prev?.r.doneAt ?? now) : now) : null,
    note,
    updatedAt: now,
  });
  if (done !== wasDone) {
    await audit(tx, c, { schoolId, action: 'project_hub.onboarding.tick', entity: 'hub_onboarding_item', id: key, oldValue: { done: wasDone }, newValue: { done }, summary: pm.audit.onboardingItem(label, done) });
  }
  if (note !== (prev?.r.note ?? null)) {
    await audit(tx, c, { schoolId, action: 'project_hub.onboarding.note', entity: 'hub_onboarding_item', id: key, oldValue: { note: prev?.r.note ?? null }, newValue: { note }, summary: pm.audit.onboardingNote(label) });
  }
  return onboardingChecklist(tx, schoolId);
}
