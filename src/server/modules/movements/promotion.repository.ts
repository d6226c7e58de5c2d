import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  academicYears,
  classes,
  levels,
  profiles,
  promotionBatches,
  studentEnrolments,
  studentExits,
  students,
  terms,
  transfers,
} from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { learnerNameColumns } from '../../lib/learner-columns.js';
import type { LevelInfo } from './promotion-rules.js';

/**
 * Queries of year-end promotion (issue 10 §2 Promotion): the school's years, levels and streams, the
 * learners of a year, class history (student_enrolments), the current year and term, and promotion
 * batches with what happened to their learners since. Every function runs in the principal's
 * school-scoped transaction (row-level security); functions taking `schoolId` also name it.
 */

/** An academic year as promotion reads it. */
export interface YearRow {
  id: string;
  name: string;
  status: string;
  isCurrent: boolean;
  startsOn: string;
  endsOn: string;
}

/** A promotion_batches row. */
export type PromotionBatchRow = typeof promotionBatches.$inferSelect;

const yearColumns = {
  id: academicYears.id,
  name: academicYears.name,
  status: academicYears.status,
  isCurrent: academicYears.isCurrent,
  startsOn: academicYears.startsOn,
  endsOn: academicYears.endsOn,
};

// -------------------------------------------------------------------------------------------------
// Years, terms, levels, streams

/** The school's academic years, earliest start first. */
export async function listYears(tx: Tx, schoolId: string): Promise<YearRow[]> {
  return tx.select(yearColumns).from(academicYears).where(eq(academicYears.schoolId, schoolId)).orderBy(asc(academicYears.startsOn), asc(academicYears.id));
}

/** Locks year `yearId` of the school until the transaction ends (one promotion of a year at a time). */
export async function lockYear(tx: Tx, schoolId: string, yearId: string): Promise<void> {
  await tx.execute(sql`select 1 from ${academicYears} where ${academicYears.id} = ${yearId} and ${academicYears.schoolId} = ${schoolId} for update`);
}

/** Creates an academic year; returns its id. */
export async function insertYear(tx: Tx, row: typeof academicYears.$inferInsert): Promise<string> {
  const [y] = await tx.insert(academicYears).values(row).returning({ id: academicYears.id });
  return y!.id;
}

/** Creates terms (one statement; `rows` must not be empty). */
export async function insertTerms(tx: Tx, rows: (typeof terms.$inferInsert)[]): Promise<void> {
  await tx.insert(terms).values(rows);
}

/** The id of the school's current year, or null. */
export async function findCurrentYearId(tx: Tx, schoolId: string): Promise<string | null> {
  const [prevYear] = await tx.select({ id: academicYears.id }).from(academicYears).where(and(eq(academicYears.schoolId, schoolId), eq(academicYears.isCurrent, true)));
  return prevYear?.id ?? null;
}

/** The id of the school's current term, or null. */
export async function findCurrentTermId(tx: Tx, schoolId: string): Promise<string | null> {
  const [prevTerm] = await tx.select({ id: terms.id }).from(terms).where(and(eq(terms.schoolId, schoolId), eq(terms.isCurrent, true)));
  return prevTerm?.id ?? null;
}

/** No year of the school is current any more. */
export async function clearCurrentYear(tx: Tx, schoolId: string): Promise<void> {
  await tx
    .update(academicYears)
    .set({ isCurrent: false, updatedAt: new Date() })
    .where(and(eq(academicYears.schoolId, schoolId), eq(academicYears.isCurrent, true)));
}

/** Sets whether year `id` of the school is current. */
export async function setYearCurrent(tx: Tx, schoolId: string, id: string, isCurrent: boolean): Promise<void> {
  await tx
    .update(academicYears)
    .set({ isCurrent, updatedAt: new Date() })
    .where(and(eq(academicYears.id, id), eq(academicYears.schoolId, schoolId)));
}

/** The id of the first term (by number) of the school's year `yearId`, or null. */
export async function findFirstTermId(tx: Tx, schoolId: string, yearId: string): Promise<string | null> {
  const [first] = await tx.select({ id: terms.id }).from(terms).where(and(eq(terms.schoolId, schoolId), eq(terms.academicYearId, yearId))).orderBy(asc(terms.number)).limit(1);
  return first?.id ?? null;
}

/** No term of the school is current any more. */
export async function clearCurrentTerm(tx: Tx, schoolId: string): Promise<void> {
  await tx
    .update(terms)
    .set({ isCurrent: false, updatedAt: new Date() })
    .where(and(eq(terms.schoolId, schoolId), eq(terms.isCurrent, true)));
}

/** Sets whether term `id` of the school is current. */
export async function setTermCurrent(tx: Tx, schoolId: string, id: string, isCurrent: boolean): Promise<void> {
  await tx
    .update(terms)
    .set({ isCurrent, updatedAt: new Date() })
    .where(and(eq(terms.id, id), eq(terms.schoolId, schoolId)));
}

/** The school's levels, lowest first. */
export async function listLevels(tx: Tx, schoolId: string): Promise<LevelInfo[]> {
  return tx
    .select({ id: levels.id, name: levels.name, levelOrder: levels.levelOrder, curriculum: levels.curriculum, band: levels.band, isFinal: levels.isFinal })
    .from(levels)
    .where(eq(levels.schoolId, schoolId))
    .orderBy(asc(levels.levelOrder), asc(levels.id));
}

/** The streams (classes) of year `yearId` of the school with their active learners, by level order then stream name. */
export async function listStreamsOfYear(tx: Tx, schoolId: string, yearId: string) {
  return (
    tx
      .select({
        classId: classes.id,
        name: classes.name,
        levelId: classes.levelId,
        gradeLevel: classes.gradeLevel,
        stream: classes.stream,
        capacity: classes.capacity,
        homeRoom: classes.homeRoom,
        classTeacherId: classes.classTeacherId,
        learners: sql<number>`(select count(*) from ${students} where ${students.classId} = ${classes.id} and ${students.status} = 'active')`.mapWith(Number),
      })
      .from(classes)
      // The join makes drizzle qualify column names, which the learner-count subquery needs.
      .innerJoin(academicYears, eq(academicYears.id, classes.academicYearId))
      .where(and(eq(classes.schoolId, schoolId), eq(classes.academicYearId, yearId)))
      .orderBy(asc(classes.levelOrder), asc(classes.stream), asc(classes.id))
  );
}

/** Class teachers who already lead a stream of the school's year `yearId`. */
export async function listClassTeacherIds(tx: Tx, schoolId: string, yearId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: classes.classTeacherId })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.academicYearId, yearId), sql`${classes.classTeacherId} is not null`));
  return rows.map((x) => x.id!);
}

/** Creates a stream (class); returns its id. */
export async function insertClass(tx: Tx, row: typeof classes.$inferInsert): Promise<string> {
  const [c] = await tx.insert(classes).values(row).returning({ id: classes.id });
  return c!.id;
}

// -------------------------------------------------------------------------------------------------
// Learners and class history

/** Active learners of the school in a stream of year `yearId`: names, number and class, by last then first name. */
export async function listActiveLearnersOfYear(tx: Tx, schoolId: string, yearId: string) {
  return tx
    .select({ id: students.id, ...learnerNameColumns, admissionNumber: students.admissionNumber, classId: students.classId })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.classId))
    .where(and(eq(students.schoolId, schoolId), eq(students.status, 'active'), eq(classes.academicYearId, yearId)))
    .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id));
}

/** Which of these learners have a class-history row in the school's year `yearId`. */
export async function listEnrolledStudentIds(tx: Tx, schoolId: string, yearId: string, studentIds: string[]): Promise<string[]> {
  const rows = await tx
    .select({ id: studentEnrolments.studentId })
    .from(studentEnrolments)
    .where(and(eq(studentEnrolments.schoolId, schoolId), eq(studentEnrolments.academicYearId, yearId), inArray(studentEnrolments.studentId, studentIds)));
  return rows.map((r) => r.id);
}

/** Ends these learners' class-history rows of the school's year `yearId` with `outcome` on `endedOn`. */
export async function endEnrolments(tx: Tx, schoolId: string, yearId: string, studentIds: string[], outcome: string, endedOn: string): Promise<void> {
  await tx
    .update(studentEnrolments)
    .set({ outcome, endedOn, updatedAt: new Date() })
    .where(and(eq(studentEnrolments.schoolId, schoolId), eq(studentEnrolments.academicYearId, yearId), inArray(studentEnrolments.studentId, studentIds)));
}

/** Clears the outcome and end of these learners' class-history rows of the school's year `yearId` (undo). */
export async function clearEnrolmentOutcomes(tx: Tx, schoolId: string, yearId: string, studentIds: string[]): Promise<void> {
  await tx
    .update(studentEnrolments)
    .set({ outcome: null, endedOn: null, updatedAt: new Date() })
    .where(and(eq(studentEnrolments.schoolId, schoolId), eq(studentEnrolments.academicYearId, yearId), inArray(studentEnrolments.studentId, studentIds)));
}

/** Deletes the class-history rows the school's batch `batchId` added. */
export async function deleteBatchEnrolments(tx: Tx, schoolId: string, batchId: string): Promise<void> {
  await tx.delete(studentEnrolments).where(and(eq(studentEnrolments.schoolId, schoolId), eq(studentEnrolments.promotionBatchId, batchId)));
}

/** These learners' class-history rows of the school's year `yearId`: class, batch that added them, outcome. */
export async function listEnrolmentStates(tx: Tx, schoolId: string, yearId: string, studentIds: string[]) {
  return tx
    .select({ id: studentEnrolments.studentId, classId: studentEnrolments.classId, batchId: studentEnrolments.promotionBatchId, outcome: studentEnrolments.outcome })
    .from(studentEnrolments)
    .where(and(eq(studentEnrolments.schoolId, schoolId), eq(studentEnrolments.academicYearId, yearId), inArray(studentEnrolments.studentId, studentIds)));
}

/** These learners' class and status now (learners of the school). */
export async function listLearnerStates(tx: Tx, schoolId: string, studentIds: string[]) {
  return tx
    .select({ id: students.id, classId: students.classId, status: students.status })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), inArray(students.id, studentIds)));
}

/** Moves these learners of the school into class `classId`. */
export async function moveLearnersToClass(tx: Tx, schoolId: string, classId: string, studentIds: string[]): Promise<void> {
  await tx
    .update(students)
    .set({ classId, updatedAt: new Date() })
    .where(and(eq(students.schoolId, schoolId), inArray(students.id, studentIds)));
}

/** These learners of the school graduate: status graduated, left on `leftOn` for `leavingReason`. */
export async function graduateLearners(tx: Tx, schoolId: string, studentIds: string[], leftOn: string, leavingReason: string): Promise<void> {
  await tx
    .update(students)
    .set({ status: 'graduated', leftOn, leavingReason, updatedAt: new Date() })
    .where(and(eq(students.schoolId, schoolId), inArray(students.id, studentIds)));
}

/** These learners of the school are back in class `classId`, active, leaving date and reason cleared (undo). */
export async function restoreLearnersToClass(tx: Tx, schoolId: string, classId: string, studentIds: string[]): Promise<void> {
  await tx
    .update(students)
    .set({ classId, status: 'active', leftOn: null, leavingReason: null, updatedAt: new Date() })
    .where(and(eq(students.schoolId, schoolId), inArray(students.id, studentIds)));
}

// -------------------------------------------------------------------------------------------------
// Batches

/** The id of an applied promotion of the school from year `fromYearId` to `toYearId`, or null. */
export async function findAppliedBatchId(tx: Tx, schoolId: string, fromYearId: string, toYearId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: promotionBatches.id })
    .from(promotionBatches)
    .where(
      and(
        eq(promotionBatches.schoolId, schoolId),
        eq(promotionBatches.fromYearId, fromYearId),
        eq(promotionBatches.toYearId, toYearId),
        eq(promotionBatches.status, 'applied'),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** Records a promotion batch; returns its row. */
export async function insertBatch(tx: Tx, row: typeof promotionBatches.$inferInsert): Promise<PromotionBatchRow> {
  const [batch] = await tx.insert(promotionBatches).values(row).returning();
  return batch!;
}

/** Batch `id` of the school, locked for update (undo), or undefined. */
export async function findBatchForUpdate(tx: Tx, schoolId: string, id: string): Promise<PromotionBatchRow | undefined> {
  const [b] = await tx
    .select()
    .from(promotionBatches)
    .where(and(eq(promotionBatches.id, id), eq(promotionBatches.schoolId, schoolId)))
    .for('update');
  return b;
}

/** Marks the school's batch `id` undone by `undoneBy` now. */
export async function markBatchUndone(tx: Tx, schoolId: string, id: string, undoneBy: string): Promise<void> {
  await tx
    .update(promotionBatches)
    .set({ status: 'undone', undoneAt: new Date(), undoneBy })
    .where(and(eq(promotionBatches.id, id), eq(promotionBatches.schoolId, schoolId)));
}

/** Batches of the school, newest first (or one by id), `limit` at most, with year names and who applied and undid them. */
export async function listBatchRows(tx: Tx, schoolId: string, id?: string, limit = 20) {
  const fromYears = sql`(select ${academicYears.name} from ${academicYears} where ${academicYears.id} = ${promotionBatches.fromYearId})`;
  const toYears = sql`(select ${academicYears.name} from ${academicYears} where ${academicYears.id} = ${promotionBatches.toYearId})`;
  const undoer = sql`(select ${profiles.name} from ${profiles} where ${profiles.id} = ${promotionBatches.undoneBy})`;
  return tx
    .select({
      batch: promotionBatches,
      fromYearName: fromYears.mapWith(String),
      toYearName: toYears.mapWith(String),
      createdByName: profiles.name,
      undoneByName: undoer.mapWith((v) => (v === null ? null : String(v))),
    })
    .from(promotionBatches)
    .leftJoin(profiles, eq(profiles.id, promotionBatches.createdBy))
    .where(and(eq(promotionBatches.schoolId, schoolId), id ? eq(promotionBatches.id, id) : undefined))
    .orderBy(desc(promotionBatches.createdAt), desc(promotionBatches.id))
    .limit(limit);
}

/** A batch with its year names and people. */
export type BatchListRow = Awaited<ReturnType<typeof listBatchRows>>[number];

/** When batch `batchId` was applied (its created_at), read in the statement that uses it. */
const batchTime = (batchId: string) => sql`(select ${promotionBatches.createdAt} from ${promotionBatches} where ${promotionBatches.id} = ${batchId})`;

/** The id of an applied batch of the school newer than batch `batchId`, or null. */
export async function findNewerAppliedBatchId(tx: Tx, schoolId: string, batchId: string): Promise<string | null> {
  const [newer] = await tx
    .select({ id: promotionBatches.id })
    .from(promotionBatches)
    .where(and(eq(promotionBatches.schoolId, schoolId), eq(promotionBatches.status, 'applied'), ne(promotionBatches.id, batchId), sql`${promotionBatches.createdAt} > ${batchTime(batchId)}`))
    .limit(1);
  return newer?.id ?? null;
}

/** The name of the school's year `id`, or null. */
export async function findYearName(tx: Tx, schoolId: string, id: string): Promise<string | null> {
  const [toYear] = await tx.select({ name: academicYears.name }).from(academicYears).where(and(eq(academicYears.id, id), eq(academicYears.schoolId, schoolId)));
  return toYear?.name ?? null;
}

/** Which of these learners have a transfer recorded in the school after batch `batchId` was applied (one row per transfer). */
export async function listTransferredSinceBatch(tx: Tx, schoolId: string, batchId: string, studentIds: string[]): Promise<{ id: string }[]> {
  return tx
    .select({ id: transfers.studentId })
    .from(transfers)
    .where(and(eq(transfers.schoolId, schoolId), inArray(transfers.studentId, studentIds), sql`${transfers.createdAt} > ${batchTime(batchId)}`));
}

/** Which of these learners have an exit recorded in the school after batch `batchId` was applied (one row per exit). */
export async function listExitedSinceBatch(tx: Tx, schoolId: string, batchId: string, studentIds: string[]): Promise<{ id: string }[]> {
  return tx
    .select({ id: studentExits.studentId })
    .from(studentExits)
    .where(and(eq(studentExits.schoolId, schoolId), inArray(studentExits.studentId, studentIds), sql`${studentExits.createdAt} > ${batchTime(batchId)}`));
}
