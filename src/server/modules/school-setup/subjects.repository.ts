import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { departments, subjects } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/**
 * Queries of learning areas (subjects) of school setup. Every function runs inside the caller's
 * school-scoped transaction (row-level security); per-school reads also filter on school_id.
 */

/** A subjects row. */
export type SubjectRow = typeof subjects.$inferSelect;
/** The columns of a new learning area. */
export type NewSubject = typeof subjects.$inferInsert;

/** Which learning areas listSubjectsWithCounts reads. */
export interface SubjectFilters {
  band?: string;
  includeRetired?: boolean;
  ids?: string[];
}

/**
 * The school's learning areas matching `where` (retired ones only with includeRetired), each with its
 * department's name and number of teachers' assignments; by band, active before retired, core before
 * elective, then name.
 */
export async function listSubjectsWithCounts(tx: Tx, schoolId: string, where: SubjectFilters): Promise<{ s: SubjectRow; departmentName: string | null; assignmentCount: number }[]> {
  return tx
    .select({
      s: subjects,
      departmentName: departments.name,
      assignmentCount: sql<number>`(select count(*) from teacher_assignments ta where ta.subject_id = "subjects"."id")`.mapWith(Number),
    })
    .from(subjects)
    .leftJoin(departments, eq(departments.id, subjects.departmentId))
    .where(
      and(
        eq(subjects.schoolId, schoolId),
        where.band ? eq(subjects.band, where.band) : undefined,
        where.includeRetired ? undefined : isNull(subjects.retiredAt),
        where.ids ? inArray(subjects.id, where.ids) : undefined,
      ),
    )
    .orderBy(asc(subjects.band), sql`${subjects.retiredAt} is not null`, sql`not ${subjects.isCore}`, asc(subjects.name), asc(subjects.id));
}

/** The learning area `id` of the school, or undefined. */
export async function findSubject(tx: Tx, schoolId: string, id: string): Promise<SubjectRow | undefined> {
  const [row] = await tx.select().from(subjects).where(and(eq(subjects.schoolId, schoolId), eq(subjects.id, id)));
  return row;
}

/** A learning area of the school's band `band` with code `code` (case-insensitive), other than `exceptId`, or undefined. */
export async function findSubjectByCode(tx: Tx, schoolId: string, band: string, code: string, exceptId?: string): Promise<{ id: string } | undefined> {
  const [dup] = await tx
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.schoolId, schoolId), eq(subjects.band, band), sql`upper(${subjects.code}) = ${code.toUpperCase()}`, exceptId ? ne(subjects.id, exceptId) : undefined));
  return dup;
}

/** The codes of every learning area (retired included) of the school's band `band`. */
export async function listSubjectCodesOfBand(tx: Tx, schoolId: string, band: string): Promise<string[]> {
  const have = await tx.select({ code: subjects.code }).from(subjects).where(and(eq(subjects.schoolId, schoolId), eq(subjects.band, band)));
  return have.map((h) => h.code);
}

/** Inserts learning areas (non-empty); returns the inserted rows. */
export async function insertSubjects(tx: Tx, rows: NewSubject[]): Promise<SubjectRow[]> {
  return tx.insert(subjects).values(rows).returning();
}

/** Sets columns of learning area `id` (and updated_at). */
export async function updateSubjectRow(tx: Tx, id: string, set: Partial<SubjectRow>): Promise<void> {
  await tx.update(subjects).set({ ...set, updatedAt: new Date() }).where(eq(subjects.id, id));
}

/** Leaves the learning areas of department `departmentId` without a department. */
export async function detachSubjectsFromDepartment(tx: Tx, departmentId: string): Promise<void> {
  await tx.update(subjects).set({ departmentId: null, updatedAt: new Date() }).where(eq(subjects.departmentId, departmentId));
}
