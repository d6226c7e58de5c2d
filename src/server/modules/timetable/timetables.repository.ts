import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Actor } from '../../../shared/access.js';
import { backgroundTasks, classes, levels, profiles, students, subjects, teacherAssignments, terms, timetableFeedTokens, timetableProblems, timetables, type NewTimetable, type TermRow, type TimetableProblemRow, type TimetableRow } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import type { TaskRow } from '../../jobs/tasks.js';
import { learnerAudience, visibleLearners } from '../learners/index.js';

export type { TimetableRow, TimetableProblemRow as ProblemRow } from '../../db/schema/index.js';

/**
 * Timetable versions and the problems they place (issue 16 §2-§6): timetable_problems (the engine's
 * model, from the school's inputs or a FET file), timetables (one row per version: lessons, unplaced,
 * soft score, status), the generation tasks' rows, iCalendar feed tokens, and the few school tables the
 * views and the substitution helper read. Every function runs in the caller's transaction.
 */

// -------------------------------------------------------------------------------------------------
// Problems

/** Stores a problem imported from a FET file (source 'fet', no meta); returns its id. */
export async function insertImportedProblem(
  tx: Tx,
  schoolId: string,
  p: { name: string; problem: unknown; report: unknown; createdBy: string },
): Promise<string> {
  const [row] = await tx
    .insert(timetableProblems)
    .values({ schoolId, source: 'fet', name: p.name, problem: p.problem, report: p.report, meta: null, createdBy: p.createdBy })
    .returning({ id: timetableProblems.id });
  return row!.id;
}

/** Stores a problem built from the school's inputs (source 'school', with its meta); returns the stored row. */
export async function insertBuiltProblem(tx: Tx, schoolId: string, p: { name: string; problem: unknown; meta: unknown; createdBy: string }): Promise<TimetableProblemRow> {
  const [row] = await tx
    .insert(timetableProblems)
    .values({ schoolId, source: 'school', name: p.name, problem: p.problem, meta: p.meta, createdBy: p.createdBy })
    .returning();
  return row!;
}

/** The school's 200 newest problems with their author's name, newest first. */
export async function listProblemSummaries(tx: Tx, schoolId: string) {
  return tx
    .select({
      id: timetableProblems.id,
      source: timetableProblems.source,
      name: timetableProblems.name,
      problem: timetableProblems.problem,
      report: timetableProblems.report,
      createdAt: timetableProblems.createdAt,
      createdByName: profiles.name,
    })
    .from(timetableProblems)
    .leftJoin(profiles, eq(profiles.id, timetableProblems.createdBy))
    .where(eq(timetableProblems.schoolId, schoolId))
    .orderBy(desc(timetableProblems.createdAt))
    .limit(200);
}

/** The school's problem `id`, if any. */
export async function findProblem(tx: Tx, schoolId: string, id: string): Promise<TimetableProblemRow | undefined> {
  const [row] = await tx.select().from(timetableProblems).where(and(eq(timetableProblems.id, id), eq(timetableProblems.schoolId, schoolId)));
  return row;
}

// -------------------------------------------------------------------------------------------------
// Versions

/** The school's version `id`, if any. */
export async function findTimetable(tx: Tx, schoolId: string, id: string): Promise<TimetableRow | undefined> {
  const [row] = await tx.select().from(timetables).where(and(eq(timetables.id, id), eq(timetables.schoolId, schoolId)));
  return row;
}

/** The school's version `id` with its problem's model, source and meta; locked for update (the timetables row) when `forUpdate`. */
export async function findTimetableWithProblem(
  tx: Tx,
  schoolId: string,
  id: string,
  forUpdate: boolean,
): Promise<{ row: TimetableRow; problem: unknown; source: string; meta: unknown } | undefined> {
  const q = tx
    .select({ row: timetables, problem: timetableProblems.problem, source: timetableProblems.source, meta: timetableProblems.meta })
    .from(timetables)
    .innerJoin(timetableProblems, eq(timetableProblems.id, timetables.problemId))
    .where(and(eq(timetables.id, id), eq(timetables.schoolId, schoolId)));
  const [hit] = forUpdate ? await q.for('update', { of: timetables }) : await q;
  return hit;
}

/** The id of the school's published version, if one is published. */
export async function findPublishedId(tx: Tx, schoolId: string): Promise<{ id: string } | undefined> {
  const [row] = await tx
    .select({ id: timetables.id })
    .from(timetables)
    .where(and(eq(timetables.schoolId, schoolId), eq(timetables.status, 'published')));
  return row;
}

/** The school's published version, if one is published. */
export async function findPublished(tx: Tx, schoolId: string): Promise<TimetableRow | undefined> {
  const [published] = await tx.select().from(timetables).where(and(eq(timetables.schoolId, schoolId), eq(timetables.status, 'published')));
  return published;
}

/** Every version of the school for the list: counts of lessons and unplaced, source, level and author names; newest first (created_at, then version). */
export async function listTimetableSummaries(tx: Tx, schoolId: string) {
  return tx
    .select({
      id: timetables.id,
      name: timetables.name,
      version: timetables.version,
      status: timetables.status,
      source: timetableProblems.source,
      levelName: levels.name,
      lessonCount: sql<number>`jsonb_array_length(${timetables.lessons})`,
      unplacedCount: sql<number>`jsonb_array_length(${timetables.unplaced})`,
      softScore: timetables.softScore,
      createdAt: timetables.createdAt,
      createdByName: profiles.name,
      publishedAt: timetables.publishedAt,
    })
    .from(timetables)
    .innerJoin(timetableProblems, eq(timetableProblems.id, timetables.problemId))
    .leftJoin(levels, eq(levels.id, timetables.levelId))
    .leftJoin(profiles, eq(profiles.id, timetables.createdBy))
    .where(eq(timetables.schoolId, schoolId))
    .orderBy(desc(timetables.createdAt), desc(timetables.version));
}

/** The school's highest version number (0 when it has none). */
export async function lastVersion(tx: Tx, schoolId: string): Promise<number> {
  const [last] = await tx.select({ v: sql<number>`coalesce(max(${timetables.version}), 0)` }).from(timetables).where(eq(timetables.schoolId, schoolId));
  return Number(last?.v ?? 0);
}

/** Inserts a version; returns its id (a taken version number raises the unique violation 23505). */
export async function insertTimetable(tx: Tx, values: NewTimetable): Promise<string> {
  const [row] = await tx.insert(timetables).values(values).returning({ id: timetables.id });
  return row!.id;
}

/** The version a generation task stored (id), if it stored one. */
export async function findTimetableOfTask(tx: Tx, taskId: string): Promise<{ id: string } | undefined> {
  const [row] = await tx.select({ id: timetables.id }).from(timetables).where(eq(timetables.taskId, taskId));
  return row;
}

/** Replaces version `id`'s lessons, unplaced list and soft score; returns the stored row. */
export async function updateTimetableLessons(
  tx: Tx,
  id: string,
  values: { lessons: TimetableRow['lessons']; unplaced: TimetableRow['unplaced']; softScore: number },
): Promise<TimetableRow> {
  const [updated] = await tx
    .update(timetables)
    .set({ lessons: values.lessons, unplaced: values.unplaced, softScore: values.softScore, updatedAt: new Date() })
    .where(eq(timetables.id, id))
    .returning();
  return updated!;
}

/** Archives the school's published version other than `exceptId`; returns the archived rows (id, version). */
export async function archivePublished(tx: Tx, schoolId: string, exceptId: string): Promise<{ id: string; version: number }[]> {
  return tx
    .update(timetables)
    .set({ status: 'archived', updatedAt: new Date() })
    .where(and(eq(timetables.schoolId, schoolId), eq(timetables.status, 'published'), ne(timetables.id, exceptId)))
    .returning({ id: timetables.id, version: timetables.version });
}

/** Marks version `id` published at `now` by `publishedBy` with its soft score; returns the stored row. */
export async function markPublished(tx: Tx, id: string, publishedBy: string, softScore: number, now: Date): Promise<TimetableRow> {
  const [row] = await tx
    .update(timetables)
    .set({ status: 'published', publishedAt: now, publishedBy, softScore, updatedAt: now })
    .where(eq(timetables.id, id))
    .returning();
  return row!;
}

/** Renames version `id`. */
export async function renameTimetable(tx: Tx, id: string, name: string): Promise<void> {
  await tx.update(timetables).set({ name, updatedAt: new Date() }).where(eq(timetables.id, id));
}

/** Deletes version `id`. */
export async function deleteTimetable(tx: Tx, id: string): Promise<void> {
  await tx.delete(timetables).where(eq(timetables.id, id));
}

// -------------------------------------------------------------------------------------------------
// Generation tasks

/** When Cancel was asked of task `taskId` (at null: not asked); undefined when the task is not visible. */
export async function findTaskCancelRequest(tx: Tx, taskId: string): Promise<{ at: Date | null } | undefined> {
  const [row] = await tx.select({ at: backgroundTasks.cancelRequestedAt }).from(backgroundTasks).where(eq(backgroundTasks.id, taskId));
  return row;
}

/** Writes task `taskId`'s progress (placed of total) and result.detail. */
export async function writeTaskProgress(tx: Tx, taskId: string, placed: number, total: number, detail: Record<string, unknown>): Promise<void> {
  await tx.update(backgroundTasks).set({ progress: placed, total, result: { detail }, updatedAt: new Date() }).where(eq(backgroundTasks.id, taskId));
}

/** The school's task `id`, if any. */
export async function findTask(tx: Tx, schoolId: string, id: string): Promise<TaskRow | undefined> {
  const [row] = await tx.select().from(backgroundTasks).where(and(eq(backgroundTasks.id, id), eq(backgroundTasks.schoolId, schoolId)));
  return row;
}

/** Records that Cancel was asked of task `id` at `at`; returns the stored row. */
export async function markTaskCancelRequested(tx: Tx, id: string, at: Date): Promise<TaskRow> {
  const [updated] = await tx
    .update(backgroundTasks)
    .set({ cancelRequestedAt: at, updatedAt: new Date() })
    .where(eq(backgroundTasks.id, id))
    .returning();
  return updated!;
}

// -------------------------------------------------------------------------------------------------
// What the views read from the school

/** The active learners `actor` may see (a parent: their children) with their stream's name, by first name. */
export async function listVisibleActiveLearners(
  tx: Tx,
  actor: Actor,
): Promise<{ id: string; firstName: string; middleName: string | null; lastName: string; classId: string | null; className: string | null }[]> {
  return tx
    .select({ id: students.id, firstName: students.firstName, middleName: students.middleName, lastName: students.lastName, classId: students.classId, className: classes.name })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(and(visibleLearners(learnerAudience(actor)), eq(students.status, 'active')))
    .orderBy(asc(students.firstName));
}

/** The school's streams (ids) whose class teacher is `teacherId`. */
export async function listClassesLedBy(tx: Tx, schoolId: string, teacherId: string): Promise<{ id: string }[]> {
  return tx.select({ id: classes.id }).from(classes).where(and(eq(classes.schoolId, schoolId), eq(classes.classTeacherId, teacherId)));
}

/** Codes of the subjects `ids` (id, code). */
export async function listSubjectCodes(tx: Tx, ids: string[]): Promise<{ id: string; code: string | null }[]> {
  return tx.select({ id: subjects.id, code: subjects.code }).from(subjects).where(inArray(subjects.id, ids));
}

/** Levels of the streams `ids` (id, levelId). */
export async function listClassLevels(tx: Tx, ids: string[]): Promise<{ id: string; levelId: string | null }[]> {
  return tx.select({ id: classes.id, levelId: classes.levelId }).from(classes).where(inArray(classes.id, ids));
}

/** The school's terms, earliest start first. */
export async function listTerms(tx: Tx, schoolId: string): Promise<TermRow[]> {
  return tx.select().from(terms).where(eq(terms.schoolId, schoolId)).orderBy(asc(terms.startsOn));
}

/** The school's active teacher accounts (id, name; unordered). */
export async function listActiveTeachers(tx: Tx, schoolId: string): Promise<{ id: string; name: string }[]> {
  return tx
    .select({ id: profiles.id, name: profiles.name })
    .from(profiles)
    .where(and(eq(profiles.schoolId, schoolId), eq(profiles.role, 'teacher'), eq(profiles.status, 'active')));
}

/** Every (teacher, subject) pair of the school's teacher assignments (any year; repeats kept). */
export async function listTaughtSubjects(tx: Tx, schoolId: string): Promise<{ teacherId: string; subjectId: string }[]> {
  return tx.select({ teacherId: teacherAssignments.teacherId, subjectId: teacherAssignments.subjectId }).from(teacherAssignments).where(eq(teacherAssignments.schoolId, schoolId));
}

// -------------------------------------------------------------------------------------------------
// iCalendar feed tokens

/** Stores `profileId`'s feed token hash (replacing the one they had, created now). */
export async function upsertFeedToken(tx: Tx, schoolId: string, profileId: string, tokenHash: string): Promise<void> {
  await tx
    .insert(timetableFeedTokens)
    .values({ profileId, schoolId, tokenHash })
    .onConflictDoUpdate({ target: timetableFeedTokens.profileId, set: { tokenHash, createdAt: new Date() } });
}

/** The account a feed token hash belongs to, with the profile's role, status and school (system scope: any school). */
export async function findFeedTokenOwner(
  tx: Tx,
  tokenHash: string,
): Promise<{ profileId: string; schoolId: string; role: string | null; status: string; profileSchool: string | null } | undefined> {
  const [hit] = await tx
    .select({ profileId: timetableFeedTokens.profileId, schoolId: timetableFeedTokens.schoolId, role: profiles.role, status: profiles.status, profileSchool: profiles.schoolId })
    .from(timetableFeedTokens)
    .innerJoin(profiles, eq(profiles.id, timetableFeedTokens.profileId))
    .where(eq(timetableFeedTokens.tokenHash, tokenHash));
  return hit;
}
