import { and, asc, count, desc, eq, gte, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { ListExitsQuery } from '../../../shared/contracts/movements.js';
import { classes, profiles, studentEnrolments, studentExits, students } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import type { PageWindow } from '../../lib/paging.js';
import { learnerColumns, learnerSearch } from './movements.repository.js';

/**
 * Queries of exits (issue 10 §2 Exit) and readmissions: student_exits rows with their learner, who
 * recorded them, the class a readmission went to and whether the exit is the learner's latest.
 * Every function runs in the principal's school-scoped transaction (row-level security).
 */

/** What the exits list and its export filter by (empty values mean "any"). */
export type ExitFilters = Omit<ListExitsQuery, 'page' | 'pageSize'>;

const readmittedClasses = sql`(select ${classes.name} from ${classes} where ${classes.id} = ${studentExits.readmittedClassId})`;
/** The exit is the learner's latest (a later exit supersedes it). */
const isLatest = sql<boolean>`not exists (select 1 from ${studentExits} later where later.student_id = ${studentExits.studentId}
  and (later.created_at > ${studentExits.createdAt} or (later.created_at = ${studentExits.createdAt} and later.id > ${studentExits.id})))`;

function exitQuery(tx: Tx, where: SQL | undefined) {
  return tx
    .select({
      e: studentExits,
      learner: learnerColumns,
      createdByName: profiles.name,
      readmittedClassName: readmittedClasses.mapWith((v) => (v === null ? null : String(v))),
      latest: isLatest.mapWith(Boolean),
    })
    .from(studentExits)
    .innerJoin(students, eq(students.id, studentExits.studentId))
    .leftJoin(classes, eq(classes.id, students.classId))
    .leftJoin(profiles, eq(profiles.id, studentExits.createdBy))
    .where(where);
}

/** An exit with its learner (MovementLearner columns), recorder's name, readmission class name and `latest`. */
export type ExitRow = Awaited<ReturnType<typeof exitQuery>>[number];

function exitFilters(schoolId: string, q: ExitFilters): SQL | undefined {
  const where: SQL[] = [eq(studentExits.schoolId, schoolId)];
  if (q.type) where.push(eq(studentExits.exitType, q.type));
  if (q.state === 'out') where.push(isNull(studentExits.readmittedOn));
  if (q.state === 'readmitted') where.push(isNotNull(studentExits.readmittedOn));
  if (q.from) where.push(gte(studentExits.exitDate, q.from));
  if (q.to) where.push(lte(studentExits.exitDate, q.to));
  where.push(...learnerSearch(q.search));
  return and(...where);
}

const exitOrder = [desc(studentExits.exitDate), desc(studentExits.createdAt), asc(studentExits.id)];

/** One page of the school's exits matching `filters`: newest exit date first, then newest recorded, then id. */
export async function listExitRows(tx: Tx, schoolId: string, filters: ExitFilters, w: PageWindow): Promise<ExitRow[]> {
  return exitQuery(tx, exitFilters(schoolId, filters))
    .orderBy(...exitOrder)
    .limit(w.limit)
    .offset(w.offset);
}

/** How many of the school's exits match `filters`. */
export async function countExits(tx: Tx, schoolId: string, filters: ExitFilters): Promise<number> {
  const [total] = await tx
    .select({ n: count() })
    .from(studentExits)
    .innerJoin(students, eq(students.id, studentExits.studentId))
    .where(exitFilters(schoolId, filters));
  return Number(total?.n ?? 0);
}

/** Every exit of the school matching `filters` (export), in the list's order. */
export async function allExitRows(tx: Tx, schoolId: string, filters: ExitFilters): Promise<ExitRow[]> {
  return exitQuery(tx, exitFilters(schoolId, filters)).orderBy(...exitOrder);
}

/** The school's exit `id` with its learner and names, or undefined. */
export async function findExitRow(tx: Tx, schoolId: string, id: string): Promise<ExitRow | undefined> {
  const [row] = await exitQuery(tx, and(eq(studentExits.id, id), eq(studentExits.schoolId, schoolId)));
  return row;
}

/** The learner of exit `id` of this school, or undefined for an unknown exit. */
export async function findExitStudentId(tx: Tx, schoolId: string, id: string): Promise<string | undefined> {
  const [found] = await tx
    .select({ studentId: studentExits.studentId })
    .from(studentExits)
    .where(and(eq(studentExits.id, id), eq(studentExits.schoolId, schoolId)));
  return found?.studentId;
}

/** Records an exit; returns its id. */
export async function insertExit(
  tx: Tx,
  row: { schoolId: string; studentId: string; exitType: string; reason: string; exitDate: string; createdBy: string },
): Promise<string> {
  const [e] = await tx.insert(studentExits).values(row).returning({ id: studentExits.id });
  return e!.id;
}

/** Marks the school's exit `id` readmitted: on which day, by whom, into which class. */
export async function markExitReadmitted(
  tx: Tx,
  schoolId: string,
  id: string,
  readmission: { readmittedOn: string; readmittedBy: string; readmittedClassId: string },
): Promise<void> {
  await tx
    .update(studentExits)
    .set(readmission)
    .where(and(eq(studentExits.id, id), eq(studentExits.schoolId, schoolId)));
}

/** The learner of this school is back: status active in class `classId`, leaving date and reason cleared. */
export async function markLearnerReadmitted(tx: Tx, schoolId: string, studentId: string, classId: string): Promise<void> {
  await tx
    .update(students)
    .set({ status: 'active', classId, leftOn: null, leavingReason: null, updatedAt: new Date() })
    .where(and(eq(students.id, studentId), eq(students.schoolId, schoolId)));
}

/** The id of the school's learner's class-history row of year `academicYearId`, or undefined. */
export async function findEnrolmentId(tx: Tx, schoolId: string, studentId: string, academicYearId: string): Promise<string | undefined> {
  const [existing] = await tx
    .select({ id: studentEnrolments.id })
    .from(studentEnrolments)
    .where(and(eq(studentEnrolments.schoolId, schoolId), eq(studentEnrolments.studentId, studentId), eq(studentEnrolments.academicYearId, academicYearId)));
  return existing?.id;
}

/** Reopens the school's class-history row `id` in class `classId` (no outcome, not ended). */
export async function reopenEnrolment(tx: Tx, schoolId: string, id: string, classId: string): Promise<void> {
  await tx
    .update(studentEnrolments)
    .set({ classId, outcome: null, endedOn: null, updatedAt: new Date() })
    .where(and(eq(studentEnrolments.id, id), eq(studentEnrolments.schoolId, schoolId)));
}
