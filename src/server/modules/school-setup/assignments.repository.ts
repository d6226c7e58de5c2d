import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Assignment } from '../../../shared/contracts/school-setup.js';
import { academicYears, classes, profiles, subjects, teacherAssignments } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/**
 * Queries of teachers and their assignments (school setup): teacher x stream x learning area with
 * lessons per week, and each teacher's load. Every function runs inside the caller's school-scoped
 * transaction (row-level security); per-school reads also filter on school_id.
 */

// ── Teachers ────────────────────────────────────────────────────────────────────────────────────

/** The name of teacher `id` of the school (role teacher, any status), or undefined. */
export async function findTeacherName(tx: Tx, schoolId: string, id: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ name: profiles.name })
    .from(profiles)
    .where(and(eq(profiles.id, id), eq(profiles.schoolId, schoolId), eq(profiles.role, 'teacher')));
  return row?.name;
}

/** The name of profile `id` (any school the scope sees), or undefined. */
export async function findProfileName(tx: Tx, id: string): Promise<string | undefined> {
  const [p] = await tx.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, id));
  return p?.name;
}

/** The school's active teachers (id, name, e-mail, phone), by name. */
export async function listActiveTeachers(tx: Tx, schoolId: string): Promise<{ id: string; name: string; email: string; phone: string | null }[]> {
  return tx
    .select({ id: profiles.id, name: profiles.name, email: profiles.email, phone: profiles.phone })
    .from(profiles)
    .where(and(eq(profiles.schoolId, schoolId), eq(profiles.role, 'teacher'), eq(profiles.status, 'active')))
    .orderBy(asc(profiles.name), asc(profiles.id));
}

/**
 * The school's active teachers by name, each with the lessons per week and the number of streams
 * they are assigned in year `yearId` (both 0 without a year).
 */
export async function listTeacherLoads(tx: Tx, schoolId: string, yearId: string | null): Promise<{ teacherId: string; name: string; lessons: number; streams: number }[]> {
  return tx
    .select({
      teacherId: profiles.id,
      name: profiles.name,
      lessons: yearId
        ? sql<number>`coalesce((select sum(ta.lessons_per_week) from teacher_assignments ta join classes c on c.id = ta.class_id
            where ta.teacher_id = "profiles"."id" and c.academic_year_id = ${yearId}), 0)`.mapWith(Number)
        : sql<number>`0`.mapWith(Number),
      streams: yearId
        ? sql<number>`(select count(distinct ta.class_id) from teacher_assignments ta join classes c on c.id = ta.class_id
            where ta.teacher_id = "profiles"."id" and c.academic_year_id = ${yearId})`.mapWith(Number)
        : sql<number>`0`.mapWith(Number),
    })
    .from(profiles)
    .where(and(eq(profiles.schoolId, schoolId), eq(profiles.role, 'teacher'), eq(profiles.status, 'active')))
    .orderBy(asc(profiles.name), asc(profiles.id));
}

// ── Streams as assignments see them ─────────────────────────────────────────────────────────────

/** The academic year of stream `classId` (any school the scope sees), or undefined. */
export async function findClassYearId(tx: Tx, classId: string): Promise<string | undefined> {
  const [c] = await tx.select({ yearId: classes.academicYearId }).from(classes).where(eq(classes.id, classId));
  return c?.yearId;
}

/** The school's stream `id`: name, band and its year's name and status, or undefined. */
export async function findStreamSummary(tx: Tx, schoolId: string, id: string): Promise<{ id: string; name: string; band: string; yearName: string; yearStatus: string } | undefined> {
  const [row] = await tx
    .select({ id: classes.id, name: classes.name, band: classes.band, yearName: academicYears.name, yearStatus: academicYears.status })
    .from(classes)
    .innerJoin(academicYears, eq(academicYears.id, classes.academicYearId))
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, id)));
  return row;
}

/** The school's stream `id`: name and band, or undefined. */
export async function findStreamBand(tx: Tx, schoolId: string, id: string): Promise<{ id: string; name: string; band: string } | undefined> {
  const [row] = await tx.select({ id: classes.id, name: classes.name, band: classes.band }).from(classes).where(and(eq(classes.schoolId, schoolId), eq(classes.id, id)));
  return row;
}

// ── Assignments ─────────────────────────────────────────────────────────────────────────────────

const assignmentColumns = {
  id: teacherAssignments.id,
  teacherId: teacherAssignments.teacherId,
  teacherName: profiles.name,
  classId: teacherAssignments.classId,
  className: classes.name,
  levelOrder: classes.levelOrder,
  subjectId: teacherAssignments.subjectId,
  subjectName: subjects.name,
  subjectCode: subjects.code,
  subjectRetired: sql<boolean>`${subjects.retiredAt} is not null`,
  lessonsPerWeek: teacherAssignments.lessonsPerWeek,
};

/** Assignments in the API's shape (with teacher, stream and learning-area names) matching `where`. */
function assignmentQuery(tx: Tx, where: SQL | undefined) {
  return tx
    .select(assignmentColumns)
    .from(teacherAssignments)
    .innerJoin(classes, eq(classes.id, teacherAssignments.classId))
    .innerJoin(subjects, eq(subjects.id, teacherAssignments.subjectId))
    .innerJoin(profiles, eq(profiles.id, teacherAssignments.teacherId))
    .where(where);
}

/** Assignment `id` in the API's shape (of school `schoolId`; null: any school the scope sees), or undefined. */
export async function findAssignment(tx: Tx, schoolId: string | null, id: string): Promise<Assignment | undefined> {
  const [row] = await assignmentQuery(tx, schoolId ? and(eq(teacherAssignments.schoolId, schoolId), eq(teacherAssignments.id, id)) : eq(teacherAssignments.id, id));
  return row as Assignment | undefined;
}

/** The assignment of learning area `subjectId` in stream `classId`, or undefined. */
export async function findAssignmentOfClassSubject(tx: Tx, classId: string, subjectId: string): Promise<Assignment | undefined> {
  const [row] = await assignmentQuery(tx, and(eq(teacherAssignments.classId, classId), eq(teacherAssignments.subjectId, subjectId)));
  return row as Assignment | undefined;
}

/** The school's assignments in year `yearId` (optionally of one stream and/or teacher), by level, stream, learning area. */
export async function listYearAssignments(tx: Tx, schoolId: string, yearId: string, filters: { classId?: string; teacherId?: string }): Promise<Assignment[]> {
  return (await assignmentQuery(
    tx,
    and(
      eq(teacherAssignments.schoolId, schoolId),
      eq(classes.academicYearId, yearId),
      filters.classId ? eq(teacherAssignments.classId, filters.classId) : undefined,
      filters.teacherId ? eq(teacherAssignments.teacherId, filters.teacherId) : undefined,
    ),
  ).orderBy(asc(classes.levelOrder), asc(classes.stream), asc(subjects.name), asc(teacherAssignments.id))) as Assignment[];
}

/** The assignments of stream `classId` (unordered); with `activeSubjectsOnly`, only of learning areas not retired. */
export async function listAssignmentsOfClass(tx: Tx, classId: string, activeSubjectsOnly: boolean): Promise<Assignment[]> {
  return (await assignmentQuery(tx, activeSubjectsOnly ? and(eq(teacherAssignments.classId, classId), sql`${subjects.retiredAt} is null`) : eq(teacherAssignments.classId, classId))) as Assignment[];
}

/** Inserts one assignment; returns its id. */
export async function insertAssignment(tx: Tx, values: { schoolId: string; teacherId: string; classId: string; subjectId: string; lessonsPerWeek: number }): Promise<string> {
  const [row] = await tx.insert(teacherAssignments).values(values).returning({ id: teacherAssignments.id });
  return row!.id;
}

/** Inserts teachers' assignments (returns nothing). */
export async function insertAssignments(tx: Tx, rows: { schoolId: string; classId: string; subjectId: string; teacherId: string; lessonsPerWeek: number }[]): Promise<void> {
  await tx.insert(teacherAssignments).values(rows);
}

/** Sets the teacher and/or lessons per week of assignment `id` (and updated_at). */
export async function updateAssignmentRow(tx: Tx, id: string, set: { teacherId?: string; lessonsPerWeek?: number }): Promise<void> {
  await tx.update(teacherAssignments).set({ ...set, updatedAt: new Date() }).where(eq(teacherAssignments.id, id));
}

/** Deletes assignment `id`. */
export async function deleteAssignmentRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(teacherAssignments).where(eq(teacherAssignments.id, id));
}

/** Deletes the teachers' assignments of stream `classId`; returns their learning area and teacher. */
export async function deleteAssignmentsOfClass(tx: Tx, classId: string): Promise<{ subjectId: string; teacherId: string }[]> {
  return tx.delete(teacherAssignments).where(eq(teacherAssignments.classId, classId)).returning({ subjectId: teacherAssignments.subjectId, teacherId: teacherAssignments.teacherId });
}

/** The school's teachers' assignments of streams `classIds` whose learning area is not retired (for copying). */
export async function listCopyableAssignments(
  tx: Tx,
  schoolId: string,
  classIds: string[],
): Promise<{ classId: string; subjectId: string; teacherId: string; lessonsPerWeek: number }[]> {
  return tx
    .select({ classId: teacherAssignments.classId, subjectId: teacherAssignments.subjectId, teacherId: teacherAssignments.teacherId, lessonsPerWeek: teacherAssignments.lessonsPerWeek })
    .from(teacherAssignments)
    .innerJoin(subjects, eq(subjects.id, teacherAssignments.subjectId))
    .where(and(eq(teacherAssignments.schoolId, schoolId), inArray(teacherAssignments.classId, classIds), isNull(subjects.retiredAt)));
}
