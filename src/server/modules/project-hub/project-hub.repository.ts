import { and, asc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADMIN_ROLES, SCHOOL_ROLES } from '../../../shared/roles.js';
import {
  academicYears,
  classes,
  feeStructures,
  hubOnboardingItems,
  hubProjects,
  hubTaskComments,
  hubTasks,
  mpesaConfigs,
  profiles,
  schools,
  students,
  subjects,
  terms,
  type HubProjectRow,
  type HubTaskCommentRow,
  type HubTaskRow,
  type NewHubProject,
  type NewHubTask,
} from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

export type { HubTaskRow as TaskRow } from '../../db/schema/index.js';

/**
 * Queries of the Project Hub (issue 18 §4). Every function runs in the caller's transaction in platform
 * context (the tables' row-level security admits nothing else: drizzle/0020_platform_ops.sql).
 */

const owner = alias(profiles, 'hub_owner');
const assignee = alias(profiles, 'hub_assignee');
const author = alias(profiles, 'hub_author');

/** A project with its school and owner names and its task counts (`today` decides overdue). */
export interface ProjectListRow {
  p: HubProjectRow;
  schoolName: string | null;
  ownerName: string | null;
  total: number;
  todo: number;
  inProgress: number;
  blocked: number;
  done: number;
  overdue: number;
}

/**
 * Which projects a list shows: one project (`id`), or by kind, status and school; `archived` 'false'
 * only live ones, 'true' only archived ones, 'all' (or absent) both.
 */
export interface ProjectFilters {
  id?: string;
  kind?: string;
  status?: string;
  schoolId?: string;
  archived?: 'false' | 'true' | 'all';
}

function projectConditions(f: ProjectFilters): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (f.id) where.push(eq(hubProjects.id, f.id));
  if (f.kind) where.push(eq(hubProjects.kind, f.kind));
  if (f.status) where.push(eq(hubProjects.status, f.status));
  if (f.schoolId) where.push(eq(hubProjects.schoolId, f.schoolId));
  if (f.archived === 'false') where.push(isNull(hubProjects.archivedAt));
  else if (f.archived === 'true') where.push(isNotNull(hubProjects.archivedAt));
  return and(...where);
}

/** Projects matching `filters`, with counts (`today` decides overdue); active work first, then by target date and name. */
export async function selectProjects(tx: Tx, today: string, filters: ProjectFilters): Promise<ProjectListRow[]> {
  const where = projectConditions(filters);
  const n = (cond: SQL) => sql<number>`count(${hubTasks.id}) filter (where ${cond})`.mapWith(Number);
  return tx
    .select({
      p: hubProjects,
      schoolName: schools.name,
      ownerName: owner.name,
      total: sql<number>`count(${hubTasks.id})`.mapWith(Number),
      todo: n(sql`${hubTasks.status} = 'todo'`),
      inProgress: n(sql`${hubTasks.status} = 'in_progress'`),
      blocked: n(sql`${hubTasks.status} = 'blocked'`),
      done: n(sql`${hubTasks.status} = 'done'`),
      overdue: n(sql`${hubTasks.status} <> 'done' and ${hubTasks.dueDate} < ${today}::date`),
    })
    .from(hubProjects)
    .leftJoin(schools, eq(schools.id, hubProjects.schoolId))
    .leftJoin(owner, eq(owner.id, hubProjects.ownerId))
    .leftJoin(hubTasks, eq(hubTasks.projectId, hubProjects.id))
    .where(where)
    .groupBy(hubProjects.id, schools.name, owner.name)
    .orderBy(
      sql`case ${hubProjects.status} when 'active' then 0 when 'planned' then 1 when 'on_hold' then 2 else 3 end`,
      sql`${hubProjects.targetDate} asc nulls last`,
      asc(hubProjects.name),
      asc(hubProjects.id),
    );
}

/** The project row (for update), or undefined. */
export async function findProject(tx: Tx, id: string, forUpdate = false): Promise<HubProjectRow | undefined> {
  const q = tx.select().from(hubProjects).where(eq(hubProjects.id, id));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** Inserts a project; returns its row. */
export async function insertProject(tx: Tx, row: NewHubProject): Promise<HubProjectRow> {
  const [p] = await tx.insert(hubProjects).values(row).returning();
  return p!;
}

/** Sets the given columns of project `id`. */
export async function updateProject(tx: Tx, id: string, patch: Partial<NewHubProject>): Promise<void> {
  await tx.update(hubProjects).set(patch).where(eq(hubProjects.id, id));
}

/** Marks project `id` as changed now (`at`): a task of it was added or edited. */
export async function touchProject(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.update(hubProjects).set({ updatedAt: at }).where(eq(hubProjects.id, id));
}

/** A task with its project's name and kind, school and assignee names and comment count. */
export interface TaskListRow {
  t: HubTaskRow;
  projectName: string;
  projectKind: string;
  schoolName: string | null;
  assigneeName: string | null;
  comments: number;
}

function taskSelect() {
  return {
    t: hubTasks,
    projectName: hubProjects.name,
    projectKind: hubProjects.kind,
    schoolName: schools.name,
    assigneeName: assignee.name,
    comments: sql<number>`(select count(*)::int from ${hubTaskComments} c where c.task_id = ${hubTasks.id})`.mapWith(Number),
  };
}

/**
 * Which tasks a list shows: one task (`id`), or those of live projects (`liveProjectsOnly`) narrowed by
 * assignee (null: unassigned), column (`'open'`: not done), due before a day (exclusive), overdue or
 * not as of `overdue.today` (due before it and not done), and project.
 */
export interface TaskFilters {
  id?: string;
  liveProjectsOnly?: boolean;
  assigneeId?: string | null;
  status?: string;
  dueBefore?: string;
  overdue?: { today: string; is: boolean };
  projectId?: string;
}

function taskConditions(f: TaskFilters): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (f.id) where.push(eq(hubTasks.id, f.id));
  if (f.liveProjectsOnly) where.push(isNull(hubProjects.archivedAt));
  if (f.assigneeId === null) where.push(isNull(hubTasks.assigneeId));
  else if (f.assigneeId) where.push(eq(hubTasks.assigneeId, f.assigneeId));
  if (f.status === 'open') where.push(ne(hubTasks.status, 'done'));
  else if (f.status) where.push(eq(hubTasks.status, f.status));
  if (f.dueBefore) where.push(sql`${hubTasks.dueDate} < ${f.dueBefore}::date`);
  if (f.overdue) {
    const overdue = sql`(${hubTasks.status} <> 'done' and ${hubTasks.dueDate} < ${f.overdue.today}::date)`;
    where.push(f.overdue.is ? overdue : sql`not coalesce(${overdue}, false)`);
  }
  if (f.projectId) where.push(eq(hubTasks.projectId, f.projectId));
  return and(...where);
}

/**
 * Tasks matching `filters`. `order` 'board': by column and position (a project's board); 'due': soonest
 * due first, no due date last (My tasks).
 */
export async function selectTasks(tx: Tx, filters: TaskFilters, order: 'board' | 'due'): Promise<TaskListRow[]> {
  const where = taskConditions(filters);
  const q = tx
    .select(taskSelect())
    .from(hubTasks)
    .innerJoin(hubProjects, eq(hubProjects.id, hubTasks.projectId))
    .leftJoin(schools, eq(schools.id, hubProjects.schoolId))
    .leftJoin(assignee, eq(assignee.id, hubTasks.assigneeId))
    .where(where);
  return order === 'board'
    ? q.orderBy(
        sql`case ${hubTasks.status} when 'todo' then 0 when 'in_progress' then 1 when 'blocked' then 2 else 3 end`,
        asc(hubTasks.position),
        asc(hubTasks.createdAt),
        asc(hubTasks.id),
      )
    : q.orderBy(sql`${hubTasks.dueDate} asc nulls last`, sql`case ${hubTasks.priority} when 'urgent' then 0 when 'high' then 1 when 'normal' then 2 else 3 end`, asc(hubTasks.createdAt), asc(hubTasks.id));
}

/** The task row (for update), or undefined. */
export async function findTask(tx: Tx, id: string, forUpdate = false): Promise<HubTaskRow | undefined> {
  const q = tx.select().from(hubTasks).where(eq(hubTasks.id, id));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** Inserts tasks in one statement (`rows` must not be empty). */
export async function insertTasks(tx: Tx, rows: NewHubTask[]): Promise<void> {
  await tx.insert(hubTasks).values(rows);
}

/** Inserts one task; returns its row. */
export async function insertTask(tx: Tx, row: NewHubTask): Promise<HubTaskRow> {
  const [t] = await tx.insert(hubTasks).values(row).returning();
  return t!;
}

/** Sets the given columns of task `id`. */
export async function updateTask(tx: Tx, id: string, patch: Partial<HubTaskRow>): Promise<void> {
  await tx.update(hubTasks).set(patch).where(eq(hubTasks.id, id));
}

/** Marks task `id` as changed now (`at`): a comment was added. */
export async function touchTask(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.update(hubTasks).set({ updatedAt: at }).where(eq(hubTasks.id, id));
}

/** Deletes task `id` (its comments go with it: on delete cascade). */
export async function deleteTask(tx: Tx, id: string): Promise<void> {
  await tx.delete(hubTasks).where(eq(hubTasks.id, id));
}

/** Ids of a column's tasks in order, leaving out `except` (the task being moved). */
export async function columnIds(tx: Tx, projectId: string, status: string, except?: string): Promise<string[]> {
  const rows = await tx
    .select({ id: hubTasks.id })
    .from(hubTasks)
    .where(and(eq(hubTasks.projectId, projectId), eq(hubTasks.status, status), except ? sql`${hubTasks.id} <> ${except}` : undefined))
    .orderBy(asc(hubTasks.position), asc(hubTasks.createdAt), asc(hubTasks.id));
  return rows.map((r) => r.id);
}

/** Numbers the given tasks 0, 1, 2… in one statement (their order in a column). */
export async function setPositions(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const cases = ids.map((id, i) => sql`when ${id}::uuid then ${i}::int`);
  await tx
    .update(hubTasks)
    .set({ position: sql`case ${hubTasks.id} ${sql.join(cases, sql` `)} else ${hubTasks.position} end` })
    .where(inArray(hubTasks.id, ids));
}

/** The comment thread of a task, oldest first, with authors' names. */
export async function selectComments(tx: Tx, taskId: string) {
  return tx
    .select({ c: hubTaskComments, authorName: author.name })
    .from(hubTaskComments)
    .leftJoin(author, eq(author.id, hubTaskComments.authorId))
    .where(eq(hubTaskComments.taskId, taskId))
    .orderBy(asc(hubTaskComments.createdAt), asc(hubTaskComments.id));
}

/** Inserts a comment by `authorId` on task `taskId`; returns its row. */
export async function insertComment(tx: Tx, taskId: string, authorId: string, body: string): Promise<HubTaskCommentRow> {
  const [row] = await tx.insert(hubTaskComments).values({ taskId, authorId, body }).returning();
  return row!;
}

/** Active platform staff (edufam_admin, elimisha_admin), by name. */
export async function selectStaff(tx: Tx, id?: string) {
  return tx
    .select({ id: profiles.id, name: profiles.name, email: profiles.email, role: profiles.role })
    .from(profiles)
    .where(and(inArray(profiles.role, [...ADMIN_ROLES]), eq(profiles.status, 'active'), id ? eq(profiles.id, id) : undefined))
    .orderBy(asc(profiles.name), asc(profiles.id));
}

/** A school's id, name and code, or undefined. */
export async function findSchool(tx: Tx, id: string) {
  const [row] = await tx.select({ id: schools.id, name: schools.name, code: schools.code }).from(schools).where(eq(schools.id, id));
  return row;
}

/** What the data shows of a school's onboarding: counts per area (see detection in the service). */
export interface SchoolFacts {
  id: string;
  name: string;
  code: string;
  hasLogo: boolean;
  years: number;
  terms: number;
  streams: number;
  subjects: number;
  staff: number;
  learners: number;
  feeStructures: number;
  mpesa: number;
  parents: number;
}

const STAFF_ROLES = SCHOOL_ROLES.filter((r) => r !== 'parent');

/** Facts of one school (`schoolId`) or of every school, by name. */
export async function selectSchoolFacts(tx: Tx, schoolId?: string): Promise<SchoolFacts[]> {
  // The outer row is named in full: drizzle leaves columns unqualified in a single-table select.
  const cnt = (table: SQL, extra: SQL = sql``) => sql<number>`(select count(*)::int from ${table} x where x.school_id = "schools"."id"${extra})`.mapWith(Number);
  const staffRoles = sql.join(
    STAFF_ROLES.map((r) => sql`${r}`),
    sql`, `,
  );
  return tx
    .select({
      id: schools.id,
      name: schools.name,
      code: schools.code,
      hasLogo: sql<boolean>`${schools.logoUrl} is not null`,
      years: cnt(sql`${academicYears}`),
      terms: cnt(sql`${terms}`),
      streams: cnt(sql`${classes}`),
      subjects: cnt(sql`${subjects}`),
      staff: cnt(sql`${profiles}`, sql` and x.role in (${staffRoles}) and x.status = 'active'`),
      learners: cnt(sql`${students}`, sql` and x.status = 'active'`),
      feeStructures: cnt(sql`${feeStructures}`),
      mpesa: cnt(sql`${mpesaConfigs}`),
      parents: cnt(sql`${profiles}`, sql` and x.role = 'parent'`),
    })
    .from(schools)
    .where(schoolId ? eq(schools.id, schoolId) : undefined)
    .orderBy(asc(schools.name), asc(schools.id));
}

/** Checklist rows of one school, or of all, with who ticked them. */
export async function selectOnboardingRows(tx: Tx, schoolId?: string) {
  return tx
    .select({ r: hubOnboardingItems, doneByName: author.name })
    .from(hubOnboardingItems)
    .leftJoin(author, eq(author.id, hubOnboardingItems.doneBy))
    .where(schoolId ? eq(hubOnboardingItems.schoolId, schoolId) : undefined);
}

/** Inserts or updates one checklist row. */
export async function upsertOnboardingRow(tx: Tx, row: typeof hubOnboardingItems.$inferInsert): Promise<void> {
  await tx
    .insert(hubOnboardingItems)
    .values(row)
    .onConflictDoUpdate({
      target: [hubOnboardingItems.schoolId, hubOnboardingItems.key],
      set: { label: row.label, done: row.done, doneBy: row.doneBy, doneAt: row.doneAt, note: row.note, updatedAt: row.updatedAt },
    });
}
