import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { schools } from './tenancy.js';
import { createdAt, requiredRef, updatedAt } from './columns.js';
import { profileRef, schoolId } from './tenant-columns.js';

/**
 * Project Hub (issue 18 §4): EduFam's own work board and the per-school onboarding checklists.
 * Platform tables: read and written in platform context only (RLS in drizzle/0020_platform_ops.sql),
 * through routes that need manageProjectHub (edufam_admin).
 */
export const hubProjects = pgTable(
  'hub_projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** onboarding | internal. */
    kind: text('kind').notNull(),
    /** The school being onboarded (onboarding projects); null for internal work. */
    schoolId: uuid('school_id').references(() => schools.id),
    ownerId: profileRef('owner_id'),
    /** planned | active | on_hold | done. */
    status: text('status').notNull().default('planned'),
    startDate: date('start_date'),
    targetDate: date('target_date'),
    /** Set when archived (DELETE /api/project-hub/projects/:id); archived projects leave the lists. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: profileRef('created_by'),
    createdAt,
    updatedAt,
  },
  (t) => [
    check('hub_projects_kind_check', sql`${t.kind} in ('onboarding', 'internal')`),
    check('hub_projects_status_check', sql`${t.status} in ('planned', 'active', 'on_hold', 'done')`),
    check('hub_projects_dates_check', sql`${t.targetDate} is null or ${t.startDate} is null or ${t.targetDate} >= ${t.startDate}`),
    index('hub_projects_school_idx').on(t.schoolId),
  ],
);

/** A hub_projects row as stored. */
export type HubProjectRow = typeof hubProjects.$inferSelect;
/** The columns of a new hub project. */
export type NewHubProject = typeof hubProjects.$inferInsert;

/** A task on a project's board; `position` orders it within its status column. */
export const hubTasks = pgTable(
  'hub_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: requiredRef('project_id', () => hubProjects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** A platform staff profile (edufam_admin / elimisha_admin). */
    assigneeId: profileRef('assignee_id'),
    /** todo | in_progress | blocked | done. */
    status: text('status').notNull().default('todo'),
    /** low | normal | high | urgent. */
    priority: text('priority').notNull().default('normal'),
    dueDate: date('due_date'),
    position: integer('position').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdBy: profileRef('created_by'),
    createdAt,
    updatedAt,
  },
  (t) => [
    check('hub_tasks_status_check', sql`${t.status} in ('todo', 'in_progress', 'blocked', 'done')`),
    check('hub_tasks_priority_check', sql`${t.priority} in ('low', 'normal', 'high', 'urgent')`),
    index('hub_tasks_board_idx').on(t.projectId, t.status, t.position),
    index('hub_tasks_assignee_idx').on(t.assigneeId, t.status, t.dueDate),
  ],
);

/** A hub_tasks row as stored. */
export type HubTaskRow = typeof hubTasks.$inferSelect;
/** The columns of a new hub task. */
export type NewHubTask = typeof hubTasks.$inferInsert;

/** A task's comment thread, oldest first. */
export const hubTaskComments = pgTable(
  'hub_task_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: requiredRef('task_id', () => hubTasks.id, { onDelete: 'cascade' }),
    authorId: profileRef('author_id'),
    body: text('body').notNull(),
    createdAt,
  },
  (t) => [index('hub_task_comments_task_idx').on(t.taskId, t.createdAt)],
);

/** A hub_task_comments row as stored. */
export type HubTaskCommentRow = typeof hubTaskComments.$inferSelect;

/**
 * A school's onboarding checklist: one row per item ticked, unticked or noted (items without a row are
 * not done). Keys and order come from ONBOARDING_TEMPLATE (shared/contracts/project-hub.ts).
 */
export const hubOnboardingItems = pgTable(
  'hub_onboarding_items',
  {
    schoolId: schoolId(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    done: boolean('done').notNull().default(false),
    doneBy: profileRef('done_by'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    note: text('note'),
    updatedAt,
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.key] })],
);

/** A hub_onboarding_items row as stored. */
export type HubOnboardingItemRow = typeof hubOnboardingItems.$inferSelect;
