import { z } from 'zod';
import { projectHubMessages as pm } from '../messages/project-hub.js';

/**
 * Project Hub (issue 18 §4): EduFam's own work board. Projects (onboarding a school, or internal work)
 * hold tasks on a Kanban board (To do / In progress / Blocked / Done) with an assignee from the
 * platform staff, a priority, a due date and a comment thread; each school has an onboarding
 * checklist (ONBOARDING_TEMPLATE) whose items are ticked by hand and, where the data shows it, detected.
 *
 * Access: permission manageProjectHub (edufam_admin only); every other role 403. Dates (start, target,
 * due) are school days `YYYY-MM-DD` in Africa/Nairobi; instants are ISO timestamps (UTC). A task is
 * overdue when its due date is before today in Nairobi and it is not done.
 */

const m = pm.api;

export const HUB_PROJECT_KINDS = ['onboarding', 'internal'] as const;
export type HubProjectKind = (typeof HUB_PROJECT_KINDS)[number];
export const HUB_PROJECT_STATUSES = ['planned', 'active', 'on_hold', 'done'] as const;
export type HubProjectStatus = (typeof HUB_PROJECT_STATUSES)[number];
/** The board's columns, left to right. */
export const HUB_TASK_STATUSES = ['todo', 'in_progress', 'blocked', 'done'] as const;
export type HubTaskStatus = (typeof HUB_TASK_STATUSES)[number];
export const HUB_TASK_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type HubTaskPriority = (typeof HUB_TASK_PRIORITIES)[number];

/**
 * The default onboarding checklist, in order. `detect` names what the data can show on its own
 * (GET /api/project-hub/onboarding/:schoolId reports it beside the manual tick); labels are in
 * ONBOARDING_ITEM_LABELS (messages/project-hub.ts). Creating an onboarding project pre-fills one task
 * per item.
 */
export const ONBOARDING_TEMPLATE = [
  { key: 'contract_signed', detect: false },
  { key: 'school_profile', detect: true },
  { key: 'academic_year', detect: true },
  { key: 'streams_subjects', detect: true },
  { key: 'staff_accounts', detect: true },
  { key: 'learners_imported', detect: true },
  { key: 'fee_structures', detect: true },
  { key: 'mpesa_paybill', detect: true },
  { key: 'parents_invited', detect: true },
  { key: 'training_session', detect: false },
  { key: 'go_live', detect: false },
] as const;
export type OnboardingKey = (typeof ONBOARDING_TEMPLATE)[number]['key'];
export const ONBOARDING_KEYS = ONBOARDING_TEMPLATE.map((i) => i.key) as readonly OnboardingKey[];

const kind = z.enum(HUB_PROJECT_KINDS, { error: m.kind });
const projectStatus = z.enum(HUB_PROJECT_STATUSES, { error: m.projectStatus });
const taskStatus = z.enum(HUB_TASK_STATUSES, { error: m.taskStatus });
const priority = z.enum(HUB_TASK_PRIORITIES, { error: m.priority });
/** A calendar date `YYYY-MM-DD` (a real day: 2026-02-30 is refused). */
const day = z.iso.date({ error: m.date });
const projectName = z.string(m.nameRequired).trim().min(1, m.nameRequired).max(120, m.nameTooLong);
const description = z.string().trim().max(5_000, m.descriptionTooLong);
const taskTitle = z.string(m.titleRequired).trim().min(1, m.titleRequired).max(200, m.titleTooLong);
const instant = z.string();

export const hubPersonSchema = z.object({ id: z.uuid(), name: z.string() });
export type HubPerson = z.infer<typeof hubPersonSchema>;

// ------------------------------------------------------------------------------------------------
// Projects

/** Task counts of a project: total, done, overdue (not done, due before today) and per column. */
export const hubTaskCountsSchema = z.object({
  total: z.number().int(),
  done: z.number().int(),
  overdue: z.number().int(),
  byStatus: z.object({ todo: z.number().int(), in_progress: z.number().int(), blocked: z.number().int(), done: z.number().int() }),
});
export type HubTaskCounts = z.infer<typeof hubTaskCountsSchema>;

/** One card of GET /api/project-hub/projects. `progress` is done / total tasks in whole percent (0 without tasks). */
export const hubProjectSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  kind,
  schoolId: z.uuid().nullable(),
  schoolName: z.string().nullable(),
  owner: hubPersonSchema.nullable(),
  status: projectStatus,
  startDate: z.string().nullable(),
  targetDate: z.string().nullable(),
  archived: z.boolean(),
  tasks: hubTaskCountsSchema,
  progress: z.number().int(),
  createdAt: instant,
  updatedAt: instant,
});
export type HubProjectSummary = z.infer<typeof hubProjectSummarySchema>;

/** GET /api/project-hub/projects?kind=&status=&schoolId=&archived= (archived: false by default, true, all). */
export const listProjectsQuery = z.object({
  kind: kind.optional(),
  status: projectStatus.optional(),
  schoolId: z.uuid().optional(),
  archived: z.enum(['false', 'true', 'all']).default('false'),
});
export const listProjectsResponse = z.object({ projects: z.array(hubProjectSummarySchema) });
export type ListProjectsResponse = z.infer<typeof listProjectsResponse>;

/**
 * POST /api/project-hub/projects → 201 HubProjectDetail. Onboarding needs `schoolId` (400 otherwise);
 * unless `prefillTasks` is false, an onboarding project starts with one task per checklist item.
 * `ownerId` (default: the caller) must be active platform staff (400).
 */
export const createProjectBody = z.strictObject({
  name: projectName,
  description: description.optional(),
  kind,
  schoolId: z.uuid().nullable().optional(),
  ownerId: z.uuid().nullable().optional(),
  status: projectStatus.default('planned'),
  startDate: day.nullable().optional(),
  targetDate: day.nullable().optional(),
  prefillTasks: z.boolean().default(true),
});
export type CreateProjectBody = z.input<typeof createProjectBody>;

/** PATCH /api/project-hub/projects/:id: any of these; `archived: false` restores an archived project. */
export const updateProjectBody = z.strictObject({
  name: projectName.optional(),
  description: description.optional(),
  ownerId: z.uuid().nullable().optional(),
  status: projectStatus.optional(),
  startDate: day.nullable().optional(),
  targetDate: day.nullable().optional(),
  archived: z.boolean().optional(),
});
export type UpdateProjectBody = z.input<typeof updateProjectBody>;

export const idParams = z.object({ id: z.uuid() });

// ------------------------------------------------------------------------------------------------
// Tasks

/**
 * A task. `position` orders it within its status column (0 first); `overdue` is true when the due
 * date is before today (Nairobi) and it is not done; `completedAt` is stamped when it moves to done.
 */
export const hubTaskSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  projectName: z.string(),
  projectKind: kind,
  schoolName: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  assignee: hubPersonSchema.nullable(),
  status: taskStatus,
  priority,
  dueDate: z.string().nullable(),
  position: z.number().int(),
  completedAt: instant.nullable(),
  overdue: z.boolean(),
  comments: z.number().int(),
  createdAt: instant,
  updatedAt: instant,
  /**
   * On an onboarding board (GET /api/project-hub/projects/:id), a task named after a checklist item the
   * school's data already shows (issue 34: "Learners imported" while the school has 249 learners): the
   * checklist's key and count (null when the item has none). Such a task is never overdue. Null or
   * absent otherwise.
   */
  detected: z.object({ key: z.string(), count: z.number().int().nullable() }).nullable().optional(),
});
export type HubTask = z.infer<typeof hubTaskSchema>;

/** GET /api/project-hub/projects/:id: the project and all its tasks by column and position. */
export const hubProjectDetailSchema = hubProjectSummarySchema.extend({ taskList: z.array(hubTaskSchema) });
export type HubProjectDetail = z.infer<typeof hubProjectDetailSchema>;

/** POST /api/project-hub/projects/:id/tasks → 201 HubTask, placed last in its column. */
export const createTaskBody = z.strictObject({
  title: taskTitle,
  description: description.optional(),
  assigneeId: z.uuid().nullable().optional(),
  status: taskStatus.default('todo'),
  priority: priority.default('normal'),
  dueDate: day.nullable().optional(),
});
export type CreateTaskBody = z.input<typeof createTaskBody>;

/**
 * PATCH /api/project-hub/tasks/:id: any of these. Moving between columns: `status` (and optionally
 * `position`, 0-based within the target column; without it the task goes last). `position` alone
 * reorders within the column. `assigneeId`/`dueDate` null clear them.
 */
export const updateTaskBody = z.strictObject({
  title: taskTitle.optional(),
  description: description.optional(),
  assigneeId: z.uuid().nullable().optional(),
  status: taskStatus.optional(),
  priority: priority.optional(),
  dueDate: day.nullable().optional(),
  position: z.number({ error: m.position }).int(m.position).min(0, m.position).optional(),
});
export type UpdateTaskBody = z.input<typeof updateTaskBody>;

/**
 * GET /api/project-hub/tasks?assignee=me|unassigned|<staff id>&status=<status>|open&dueBefore=YYYY-MM-DD&overdue=true&projectId=
 * → { tasks }: tasks of projects that are not archived, soonest due first (no due date last).
 * `status=open` is every status but done; `dueBefore` is exclusive.
 */
export const listTasksQuery = z.object({
  assignee: z.union([z.literal('me'), z.literal('unassigned'), z.uuid()], { error: m.assigneeFilter }).optional(),
  status: z.enum([...HUB_TASK_STATUSES, 'open'], { error: m.taskStatusFilter }).optional(),
  dueBefore: day.optional(),
  overdue: z.enum(['true', 'false']).optional(),
  projectId: z.uuid().optional(),
});
export const listTasksResponse = z.object({ tasks: z.array(hubTaskSchema) });
export type ListTasksResponse = z.infer<typeof listTasksResponse>;

export const hubCommentSchema = z.object({
  id: z.uuid(),
  taskId: z.uuid(),
  author: hubPersonSchema.nullable(),
  body: z.string(),
  createdAt: instant,
});
export type HubComment = z.infer<typeof hubCommentSchema>;

export const listCommentsResponse = z.object({ comments: z.array(hubCommentSchema) });
export type ListCommentsResponse = z.infer<typeof listCommentsResponse>;

/** POST /api/project-hub/tasks/:id/comments { body } → 201 HubComment. */
export const createCommentBody = z.strictObject({
  body: z.string(m.commentRequired).trim().min(1, m.commentRequired).max(5_000, m.commentTooLong),
});
export type CreateCommentBody = z.input<typeof createCommentBody>;

// ------------------------------------------------------------------------------------------------
// Staff

/** GET /api/project-hub/staff → { staff }: active platform staff, who can own projects and be assigned tasks. */
export const hubStaffResponse = z.object({
  staff: z.array(z.object({ id: z.uuid(), name: z.string(), email: z.string(), role: z.string() })),
});
export type HubStaffResponse = z.infer<typeof hubStaffResponse>;

// ------------------------------------------------------------------------------------------------
// Onboarding checklist

/**
 * One checklist item of a school. `done`/`doneBy`/`doneAt`/`note` are the manual tick; `detected` is
 * what the data shows (null when the item cannot be detected) with `detectedCount` (learners, fee
 * structures, parent accounts... or null); `complete` is done or detected.
 */
export const onboardingItemSchema = z.object({
  key: z.string(),
  label: z.string(),
  position: z.number().int(),
  done: z.boolean(),
  doneBy: hubPersonSchema.nullable(),
  doneAt: instant.nullable(),
  note: z.string().nullable(),
  detected: z.boolean().nullable(),
  detectedCount: z.number().int().nullable(),
  complete: z.boolean(),
});
export type OnboardingItem = z.infer<typeof onboardingItemSchema>;

export const onboardingChecklistSchema = z.object({
  school: z.object({ id: z.uuid(), name: z.string(), code: z.string() }),
  items: z.array(onboardingItemSchema),
  /** total items; done = ticked by hand; detected = shown by the data; complete = done or detected. */
  summary: z.object({ total: z.number().int(), done: z.number().int(), detected: z.number().int(), complete: z.number().int() }),
});
export type OnboardingChecklist = z.infer<typeof onboardingChecklistSchema>;

/** GET /api/project-hub/onboarding → { schools }: every school with its checklist progress (the school picker). */
export const onboardingOverviewResponse = z.object({
  schools: z.array(z.object({ id: z.uuid(), name: z.string(), code: z.string(), total: z.number().int(), complete: z.number().int() })),
});
export type OnboardingOverview = z.infer<typeof onboardingOverviewResponse>;

export const schoolParams = z.object({ schoolId: z.uuid() });
export const itemParams = z.object({ schoolId: z.uuid(), key: z.string().min(1).max(64) });

/** PATCH /api/project-hub/onboarding/:schoolId/items/:key { done?, note? } → the school's checklist. */
export const updateOnboardingItemBody = z.strictObject({
  done: z.boolean().optional(),
  note: z.string().trim().max(1_000, m.noteTooLong).nullable().optional(),
});
export type UpdateOnboardingItemBody = z.input<typeof updateOnboardingItemBody>;
