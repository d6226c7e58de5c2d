import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { classes, schools, studentEnrolments, students } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { learnerNameColumns } from '../../lib/learner-columns.js';
import { containsPattern } from '../../lib/like.js';

/**
 * Queries shared by promotion, transfers and exits: the learner and their class, class history,
 * leaving, and EduFam schools' names. Every per-school function takes the school explicitly, on top of row-level security (ARCHITECTURE.md wall 3). The rules built
 * on them (404s, fees warning, scope) are in movements-shared.ts.
 */


/** Conditions matching every word of a search in the learner's names and numbers (students.search_text). */
export function learnerSearch(search: string | undefined): SQL[] {
  const words = (search ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6);
  return words.map((w) => sql`${students.searchText} like ${containsPattern(w)}`);
}

/** Columns of a learner for MovementLearner (students joined with classes). */
export const learnerColumns = {
  id: students.id,
  ...learnerNameColumns,
  admissionNumber: students.admissionNumber,
  status: students.status,
  admittedOn: students.admittedOn,
  className: classes.name,
};

/** The learner of this school (the whole row) with their class name and its year, or undefined. */
export async function findLearnerRow(tx: Tx, schoolId: string, id: string) {
  const [row] = await tx
    .select({
      student: students,
      className: classes.name,
      academicYearId: classes.academicYearId,
    })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(and(eq(students.id, id), eq(students.schoolId, schoolId)));
  return row;
}
export type LearnerRow = NonNullable<Awaited<ReturnType<typeof findLearnerRow>>>;

/** Locks the school's learner's row until the transaction ends (two movements of one learner never interleave). */
export async function lockLearner(tx: Tx, schoolId: string, id: string): Promise<void> {
  await tx.execute(sql`select 1 from ${students} where ${students.id} = ${id} and ${students.schoolId} = ${schoolId} for update`);
}

/**
 * Ends the learner's class-history row of their current class's year with `outcome` on `endedOn`
 * (transfer out, exit). No row (a learner admitted before class history existed): nothing to end.
 */
export async function endCurrentEnrolment(tx: Tx, schoolId: string, studentId: string, academicYearId: string | null, outcome: string, endedOn: string): Promise<void> {
  if (!academicYearId) return;
  await tx
    .update(studentEnrolments)
    .set({ outcome, endedOn, updatedAt: new Date() })
    .where(and(eq(studentEnrolments.schoolId, schoolId), eq(studentEnrolments.studentId, studentId), eq(studentEnrolments.academicYearId, academicYearId)));
}

/** Adds class-history rows (one statement; `rows` must not be empty). */
export async function insertEnrolments(tx: Tx, rows: (typeof studentEnrolments.$inferInsert)[]): Promise<void> {
  await tx.insert(studentEnrolments).values(rows);
}

/**
 * The learner of this school leaves (exit, transfer out): `status` (exited, graduated, transferred),
 * the day they left and why.
 */
export async function markLearnerLeft(tx: Tx, schoolId: string, studentId: string, left: { status: string; leftOn: string; leavingReason: string }): Promise<void> {
  await tx
    .update(students)
    .set({ ...left, updatedAt: new Date() })
    .where(and(eq(students.id, studentId), eq(students.schoolId, schoolId)));
}

/** Active EduFam schools other than `exceptId` (id, name, county), by name. Run in the platform scope. */
export async function listDirectorySchools(tx: Tx, exceptId: string) {
  return tx
    .select({ id: schools.id, name: schools.name, county: schools.county })
    .from(schools)
    .where(and(eq(schools.status, 'active'), sql`${schools.id} <> ${exceptId}`))
    .orderBy(schools.name, schools.id);
}

/** Id, name and status of these schools. Run in the platform scope. */
export async function listSchoolNames(tx: Tx, ids: string[]): Promise<{ id: string; name: string; status: string }[]> {
  return tx.select({ id: schools.id, name: schools.name, status: schools.status }).from(schools).where(inArray(schools.id, ids));
}
