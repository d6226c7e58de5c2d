import { and, asc, count, desc, eq, gte, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { SCHOOL_TIME_ZONE } from '../../../shared/contracts/dashboard.js';
import type { Tx } from '../../db/tenant.js';
import { termDateColumns } from '../../lib/term-columns.js';
import { learnerNameColumns } from '../../lib/learner-columns.js';
import {
  academicYears,
  auditLogs,
  classes,
  guardians,
  profiles,
  schools,
  studentGuardians,
  students,
  subjects,
  teacherAssignments,
  terms,
  timetableProblems,
  timetables,
} from '../../db/schema/index.js';
import { currentYearIdOf } from '../classes/index.js';

/**
 * Dashboard reads. Each function is one SQL statement that aggregates in the database (GROUP BY,
 * FILTER, scalar subqueries), so a dashboard is a handful of queries whatever the school's size.
 * School functions take `schoolId` first and filter by it explicitly on top of row-level security;
 * the platform functions read across schools and rely on the caller's all-schools scope.
 */

/** The school time zone as an SQL literal (a constant, so grouping expressions compare equal). */
const TZ = sql.raw(`'${SCHOOL_TIME_ZONE}'`);
const n = (expr: SQL) => sql<number>`${expr}`.mapWith(Number);

/**
 * The school's identity plus headline counts: active teachers, classes (streams) and distinct grade
 * levels of the current year, and learning areas offered. Undefined when the school is not visible.
 */
export async function schoolHeadline(tx: Tx, schoolId: string) {
  const [row] = await tx
    .select({
      id: schools.id,
      name: schools.name,
      curriculum: schools.curriculum,
      county: schools.county,
      phone: schools.phone,
      email: schools.email,
      teachers: n(sql`(select count(*) from ${profiles} where ${profiles.schoolId} = ${schoolId}
        and ${profiles.role} = 'teacher' and ${profiles.status} = 'active')`),
      classes: n(sql`(select count(*) from ${classes} where ${classes.schoolId} = ${schoolId}
        and ${classes.academicYearId} = ${currentYearIdOf(schoolId)})`),
      gradeLevels: n(sql`(select count(distinct ${classes.gradeLevel}) from ${classes} where ${classes.schoolId} = ${schoolId}
        and ${classes.academicYearId} = ${currentYearIdOf(schoolId)})`),
      learningAreas: n(sql`(select count(*) from ${subjects} where ${subjects.schoolId} = ${schoolId})`),
    })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row;
}

/**
 * Active learners of the school counted per class (stream) and gender, as a subquery (`per_class`:
 * classId, total, female, male). The dashboards group these few rows further instead of joining every
 * learner to its class: one pass over the learners, then a join of a few dozen rows (issue 19: the
 * learner-by-learner join was most of a 40,000-learner dashboard's time, 23 → 15 ms on PGlite).
 */
function learnersPerClass(tx: Tx, schoolId: string) {
  return tx
    .select({
      classId: students.classId,
      total: sql<number>`count(*)`.as('total'),
      female: sql<number>`count(*) filter (where ${students.gender} = 'female')`.as('female'),
      male: sql<number>`count(*) filter (where ${students.gender} = 'male')`.as('male'),
    })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.status, 'active')))
    .groupBy(students.classId)
    .as('per_class');
}

/**
 * Active learners per grade level split by gender, ordered by level; learners with no class come
 * last with gradeLevel null.
 */
export async function learnersByGrade(tx: Tx, schoolId: string) {
  const perClass = learnersPerClass(tx, schoolId);
  return tx
    .select({
      gradeLevel: classes.gradeLevel,
      levelOrder: classes.levelOrder,
      total: n(sql`sum(${perClass.total})`),
      female: n(sql`sum(${perClass.female})`),
      male: n(sql`sum(${perClass.male})`),
    })
    .from(perClass)
    .leftJoin(classes, eq(classes.id, perClass.classId))
    .groupBy(classes.gradeLevel, classes.levelOrder)
    .orderBy(sql`${classes.levelOrder} asc nulls last`);
}

/** Every term of the school with its academic year's name, in calendar order. */
export async function termsOf(tx: Tx, schoolId: string) {
  return tx
    .select({
      name: terms.name,
      number: terms.number,
      academicYear: academicYears.name,
      academicYearId: terms.academicYearId,
      ...termDateColumns,
    })
    .from(terms)
    .innerJoin(academicYears, eq(academicYears.id, terms.academicYearId))
    .where(eq(terms.schoolId, schoolId))
    .orderBy(asc(terms.startsOn));
}

/** Classes of the current year with their class teacher (or null) and active learner count. */
export async function classTeachers(tx: Tx, schoolId: string) {
  const perClass = learnersPerClass(tx, schoolId);
  return tx
    .select({
      classId: classes.id,
      className: classes.name,
      gradeLevel: classes.gradeLevel,
      stream: classes.stream,
      teacherId: profiles.id,
      teacherName: profiles.name,
      teacherPhone: profiles.phone,
      learners: n(sql`coalesce(${perClass.total}, 0)`),
    })
    .from(classes)
    .leftJoin(profiles, eq(profiles.id, classes.classTeacherId))
    .leftJoin(perClass, eq(perClass.classId, classes.id))
    .where(and(eq(classes.schoolId, schoolId), eq(classes.academicYearId, currentYearIdOf(schoolId))))
    .orderBy(asc(classes.levelOrder), asc(classes.stream));
}

/**
 * Classes of the current year that `teacherId` leads or teaches, with active learners by gender.
 */
export async function teacherClasses(tx: Tx, schoolId: string, teacherId: string) {
  const taught = tx
    .select({ classId: teacherAssignments.classId })
    .from(teacherAssignments)
    .where(and(eq(teacherAssignments.schoolId, schoolId), eq(teacherAssignments.teacherId, teacherId)));
  return tx
    .select({
      classId: classes.id,
      name: classes.name,
      gradeLevel: classes.gradeLevel,
      stream: classes.stream,
      band: classes.band,
      isClassTeacher: sql<boolean>`coalesce(${classes.classTeacherId} = ${teacherId}, false)`,
      total: n(sql`count(${students.id})`),
      female: n(sql`count(${students.id}) filter (where ${students.gender} = 'female')`),
      male: n(sql`count(${students.id}) filter (where ${students.gender} = 'male')`),
    })
    .from(classes)
    .leftJoin(students, and(eq(students.classId, classes.id), eq(students.status, 'active')))
    .where(
      and(
        eq(classes.schoolId, schoolId),
        eq(classes.academicYearId, currentYearIdOf(schoolId)),
        or(eq(classes.classTeacherId, teacherId), inArray(classes.id, taught)),
      ),
    )
    .groupBy(classes.id)
    .orderBy(asc(classes.levelOrder), asc(classes.stream));
}

/** The teacher's assignments (class and learning area with the assignment's weekly lessons, as the timetable places them). */
export async function teacherLearningAreas(tx: Tx, schoolId: string, teacherId: string) {
  return tx
    .select({
      classId: teacherAssignments.classId,
      subjectId: subjects.id,
      name: subjects.name,
      code: subjects.code,
      lessonsPerWeek: teacherAssignments.lessonsPerWeek,
    })
    .from(teacherAssignments)
    .innerJoin(subjects, eq(subjects.id, teacherAssignments.subjectId))
    .where(and(eq(teacherAssignments.schoolId, schoolId), eq(teacherAssignments.teacherId, teacherId)))
    .orderBy(asc(subjects.name));
}

/**
 * The teacher's placed lessons in the school's published timetable, the same source as My Timetable
 * (issue 34): per lesson its streams and length in periods (a double lesson is 2). Null when the school
 * has no published timetable.
 */
export async function publishedTeacherLessons(tx: Tx, schoolId: string, teacherId: string): Promise<{ classIds: string[]; duration: number }[] | null> {
  const [row] = await tx
    .select({ lessons: timetables.lessons, activities: sql<unknown>`${timetableProblems.problem} -> 'activities'` })
    .from(timetables)
    .innerJoin(timetableProblems, eq(timetableProblems.id, timetables.problemId))
    .where(and(eq(timetables.schoolId, schoolId), eq(timetables.status, 'published')))
    .limit(1);
  if (!row) return null;
  const activities = Array.isArray(row.activities) ? (row.activities as { id: string; duration?: number; teacherIds?: string[]; studentSetIds?: string[] }[]) : [];
  const mine = new Map(activities.filter((a) => a.teacherIds?.includes(teacherId)).map((a) => [a.id, a]));
  return row.lessons.flatMap((l) => {
    const a = mine.get(l.activityId);
    return a ? [{ classIds: a.studentSetIds ?? [], duration: a.duration ?? 1 }] : [];
  });
}

/**
 * Children of the parent account `parentProfileId` (guardians.profile_id → student_guardians →
 * students) with class and class teacher contact. A child linked twice appears once per link;
 * the service de-duplicates.
 */
export async function parentChildren(tx: Tx, schoolId: string, parentProfileId: string) {
  return tx
    .select({
      studentId: students.id,
      admissionNumber: students.admissionNumber,
      ...learnerNameColumns,
      gender: students.gender,
      dateOfBirth: students.dateOfBirth,
      status: students.status,
      relationship: studentGuardians.relationship,
      relationshipLabel: studentGuardians.relationshipLabel,
      classId: classes.id,
      className: classes.name,
      gradeLevel: classes.gradeLevel,
      stream: classes.stream,
      teacherName: profiles.name,
      teacherPhone: profiles.phone,
      teacherEmail: profiles.email,
    })
    .from(guardians)
    .innerJoin(studentGuardians, and(eq(studentGuardians.guardianId, guardians.id), eq(studentGuardians.schoolId, schoolId)))
    .innerJoin(students, and(eq(students.id, studentGuardians.studentId), eq(students.schoolId, schoolId)))
    .leftJoin(classes, eq(classes.id, students.classId))
    .leftJoin(profiles, eq(profiles.id, classes.classTeacherId))
    .where(and(eq(guardians.schoolId, schoolId), eq(guardians.profileId, parentProfileId)))
    .orderBy(desc(classes.levelOrder), asc(students.firstName));
}

/** Staff (profiles other than parents) per role with active / not active counts. */
export async function staffByRole(tx: Tx, schoolId: string) {
  return tx
    .select({
      role: sql<string>`coalesce(${profiles.role}, 'unassigned')`,
      total: count(),
      active: n(sql`count(*) filter (where ${profiles.status} = 'active')`),
    })
    .from(profiles)
    .where(and(eq(profiles.schoolId, schoolId), sql`${profiles.role} is distinct from 'parent'`))
    .groupBy(profiles.role)
    .orderBy(desc(count()), asc(profiles.role));
}

/** Active teachers, and how many lead a class of the current year. */
export async function teacherCoverage(tx: Tx, schoolId: string) {
  const [row] = await tx
    .select({
      total: count(),
      withClass: n(sql`count(*) filter (where exists (select 1 from ${classes}
        where ${classes.classTeacherId} = ${profiles.id} and ${classes.schoolId} = ${schoolId}
          and ${classes.academicYearId} = ${currentYearIdOf(schoolId)}))`),
    })
    .from(profiles)
    .where(and(eq(profiles.schoolId, schoolId), eq(profiles.role, 'teacher'), eq(profiles.status, 'active')));
  return row ?? { total: 0, withClass: 0 };
}

// -------------------------------------------------------------------------------------------------
// Platform (all schools; the caller's scope must be all-schools).

/** Every visible school with its active learners and staff (non-parent profiles), by name. */
export async function platformSchools(tx: Tx) {
  const learners = tx
    .select({ schoolId: students.schoolId, n: count().as('learners_n') })
    .from(students)
    .where(eq(students.status, 'active'))
    .groupBy(students.schoolId)
    .as('l');
  const staff = tx
    .select({ schoolId: profiles.schoolId, n: count().as('staff_n') })
    .from(profiles)
    .where(and(isNotNull(profiles.schoolId), sql`${profiles.role} is distinct from 'parent'`))
    .groupBy(profiles.schoolId)
    .as('st');
  return tx
    .select({
      id: schools.id,
      name: schools.name,
      code: schools.code,
      curriculum: schools.curriculum,
      county: schools.county,
      status: schools.status,
      learners: n(sql`coalesce(${learners.n}, 0)`),
      staff: n(sql`coalesce(${staff.n}, 0)`),
    })
    .from(schools)
    .leftJoin(learners, eq(learners.schoolId, schools.id))
    .leftJoin(staff, eq(staff.schoolId, schools.id))
    .orderBy(asc(schools.name));
}

/** Visible profiles per role (null role as "unassigned"), largest first. */
export async function usersByRole(tx: Tx) {
  return tx
    .select({ role: sql<string>`coalesce(${profiles.role}, 'unassigned')`, count: count() })
    .from(profiles)
    .groupBy(profiles.role)
    .orderBy(desc(count()), asc(profiles.role));
}

/**
 * Successful sign-ins per Africa/Nairobi day from `sinceDay` (YYYY-MM-DD, inclusive) on; days with
 * none are absent.
 */
export async function signInsPerDay(tx: Tx, sinceDay: string) {
  const day = sql<string>`to_char((${auditLogs.createdAt} at time zone ${TZ})::date, 'YYYY-MM-DD')`;
  return tx
    .select({ date: day, count: count() })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.action, 'LOGIN_SUCCESS'),
        gte(auditLogs.createdAt, sql`(${sinceDay}::date)::timestamp at time zone ${TZ}`),
      ),
    )
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}

/** The latest `limit` successful sign-ins with who and which school. */
export async function recentSignIns(tx: Tx, limit: number) {
  return tx
    .select({ at: auditLogs.createdAt, name: profiles.name, role: auditLogs.performedByRole, schoolName: schools.name })
    .from(auditLogs)
    .leftJoin(profiles, eq(profiles.id, auditLogs.performedByUserId))
    .leftJoin(schools, eq(schools.id, auditLogs.schoolId))
    .where(and(eq(auditLogs.action, 'LOGIN_SUCCESS'), ne(auditLogs.success, false)))
    .orderBy(desc(auditLogs.createdAt))
    .limit(limit);
}
