import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/tenant.js';
import { learnerIdentityColumns, learnerNameColumns, type LearnerIdentity } from '../../lib/learner-columns.js';
import {
  academicYears,
  classes,
  departmentMembers,
  departments,
  files,
  guardians,
  levels,
  profiles,
  studentGuardians,
  students,
  subjects,
  teacherAssignments,
} from '../../db/schema/index.js';
import { currentYearIdOf } from '../classes/index.js';

/**
 * Queries of the teachers and classes screens, class lists and ID cards. Every function takes the
 * school (null: platform staff over every school) explicitly, on top of row-level security.
 */

/** `col = schoolId`, or no condition for platform staff over every school. */
const inSchool = (col: AnyPgColumn, schoolId: string | null) => (schoolId ? eq(col, schoolId) : undefined);

/** Classes of the current academic year of their school, as a condition on `classes`. */
export const currentYearClass = sql`${classes.academicYearId} = ${currentYearIdOf(sql`${classes.schoolId}`)}`;

export interface AssignmentRow {
  id: string;
  teacherId: string;
  classId: string;
  className: string;
  level: string;
  levelOrder: number;
  stream: string;
  subjectId: string;
  subjectName: string;
  subjectCode: string;
  lessonsPerWeek: number;
  classTeacherId: string | null;
}

/** This year's teacher assignments of the school(s), optionally of one teacher, by level, stream, subject. */
export async function currentAssignments(tx: Tx, schoolId: string | null, teacherId?: string): Promise<AssignmentRow[]> {
  return tx
    .select({
      id: teacherAssignments.id,
      teacherId: teacherAssignments.teacherId,
      classId: classes.id,
      className: classes.name,
      level: classes.gradeLevel,
      levelOrder: classes.levelOrder,
      stream: classes.stream,
      subjectId: subjects.id,
      subjectName: subjects.name,
      subjectCode: subjects.code,
      lessonsPerWeek: teacherAssignments.lessonsPerWeek,
      classTeacherId: classes.classTeacherId,
    })
    .from(teacherAssignments)
    .innerJoin(classes, eq(classes.id, teacherAssignments.classId))
    .innerJoin(subjects, eq(subjects.id, teacherAssignments.subjectId))
    .where(and(inSchool(teacherAssignments.schoolId, schoolId), currentYearClass, teacherId ? eq(teacherAssignments.teacherId, teacherId) : undefined))
    .orderBy(asc(classes.levelOrder), asc(classes.stream), asc(subjects.name), asc(teacherAssignments.id));
}

export interface LedClassRow {
  id: string;
  name: string;
  levelOrder: number;
  classTeacherId: string;
}

/** This year's streams that have a class teacher. */
export async function currentClassTeachers(tx: Tx, schoolId: string | null): Promise<LedClassRow[]> {
  const rows = await tx
    .select({ id: classes.id, name: classes.name, levelOrder: classes.levelOrder, classTeacherId: classes.classTeacherId })
    .from(classes)
    .where(and(inSchool(classes.schoolId, schoolId), currentYearClass, sql`${classes.classTeacherId} is not null`))
    .orderBy(asc(classes.levelOrder), asc(classes.stream), asc(classes.id));
  return rows as LedClassRow[];
}

export interface StaffRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: string;
  status: string;
  schoolId: string;
}

/**
 * Teaching staff: accounts with the teacher role, and principals who teach or lead a stream this year
 * (issue 10 §3 "/teachers").
 */
export async function teachingStaff(tx: Tx, schoolId: string | null, id?: string): Promise<StaffRow[]> {
  const teachesThisYear = sql`exists (select 1 from ${teacherAssignments} join ${classes} on ${classes.id} = ${teacherAssignments.classId}
      where ${teacherAssignments.teacherId} = ${profiles.id} and ${currentYearClass})
    or exists (select 1 from ${classes} where ${classes.classTeacherId} = ${profiles.id} and ${currentYearClass})`;
  const rows = await tx
    .select({ id: profiles.id, name: profiles.name, email: profiles.email, phone: profiles.phone, role: profiles.role, status: profiles.status, schoolId: profiles.schoolId })
    .from(profiles)
    .where(
      and(
        schoolId ? eq(profiles.schoolId, schoolId) : sql`${profiles.schoolId} is not null`,
        or(eq(profiles.role, 'teacher'), and(eq(profiles.role, 'principal'), teachesThisYear)),
        id ? eq(profiles.id, id) : undefined,
      ),
    )
    .orderBy(asc(profiles.name), asc(profiles.id));
  return rows as StaffRow[];
}

export interface MembershipRow {
  profileId: string;
  id: string;
  name: string;
  isHead: boolean;
}

/** Department memberships and headships of the school(s). */
export async function departmentMemberships(tx: Tx, schoolId: string | null): Promise<MembershipRow[]> {
  const members = await tx
    .select({ profileId: departmentMembers.profileId, id: departments.id, name: departments.name, headId: departments.headId })
    .from(departmentMembers)
    .innerJoin(departments, eq(departments.id, departmentMembers.departmentId))
    .where(inSchool(departmentMembers.schoolId, schoolId));
  const heads = await tx
    .select({ profileId: departments.headId, id: departments.id, name: departments.name })
    .from(departments)
    .where(and(inSchool(departments.schoolId, schoolId), sql`${departments.headId} is not null`));
  const out = members.map((m) => ({ profileId: m.profileId, id: m.id, name: m.name, isHead: m.headId === m.profileId }));
  for (const h of heads) {
    if (!out.some((m) => m.profileId === h.profileId && m.id === h.id)) out.push({ profileId: h.profileId!, id: h.id, name: h.name, isHead: true });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** Departments of the school(s), by name. */
export async function departmentList(tx: Tx, schoolId: string | null) {
  return tx
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(inSchool(departments.schoolId, schoolId))
    .orderBy(asc(departments.name), asc(departments.id));
}

/** The current academic year's name of a school (null when it has none). */
export async function currentYearName(tx: Tx, schoolId: string): Promise<string | null> {
  const [row] = await tx
    .select({ name: academicYears.name })
    .from(academicYears)
    .where(sql`${academicYears.id} = ${currentYearIdOf(schoolId)}`);
  return row?.name ?? null;
}

export interface ClassRow {
  id: string;
  schoolId: string;
  name: string;
  level: string;
  stream: string;
  capacity: number;
  homeRoom: string | null;
  classTeacherId: string | null;
  classTeacherName: string | null;
  classTeacherPhone: string | null;
  classTeacherEmail: string | null;
  academicYearId: string;
  academicYear: string;
  levelName: string | null;
}

/** A class of the school (any year) with its year and class teacher, or undefined. */
export async function findClass(tx: Tx, schoolId: string | null, id: string): Promise<ClassRow | undefined> {
  const [row] = await tx
    .select({
      id: classes.id,
      schoolId: classes.schoolId,
      name: classes.name,
      level: classes.gradeLevel,
      stream: classes.stream,
      capacity: classes.capacity,
      homeRoom: classes.homeRoom,
      classTeacherId: classes.classTeacherId,
      classTeacherName: profiles.name,
      classTeacherPhone: profiles.phone,
      classTeacherEmail: profiles.email,
      academicYearId: classes.academicYearId,
      academicYear: academicYears.name,
      levelName: levels.name,
    })
    .from(classes)
    .innerJoin(academicYears, eq(academicYears.id, classes.academicYearId))
    .leftJoin(profiles, eq(profiles.id, classes.classTeacherId))
    .leftJoin(levels, eq(levels.id, classes.levelId))
    .where(and(eq(classes.id, id), schoolId ? eq(classes.schoolId, schoolId) : undefined));
  return row;
}

/** Does this teacher lead or teach the class (the class lists a teacher may print)? */
export async function teachesClass(tx: Tx, teacherId: string, classId: string): Promise<boolean> {
  // In the where clause (drizzle leaves columns unqualified in the select list of one-table queries,
  // which would bind them to the subquery's table).
  const [row] = await tx
    .select({ id: classes.id })
    .from(classes)
    .where(
      and(
        eq(classes.id, classId),
        or(
          eq(classes.classTeacherId, teacherId),
          sql`exists (select 1 from ${teacherAssignments} where ${teacherAssignments.classId} = ${classes.id} and ${teacherAssignments.teacherId} = ${teacherId})`,
        ),
      ),
    );
  return !!row;
}

/** The stream's learning areas (of its level's band, not retired, or assigned) with teachers. */
export async function classSubjects(tx: Tx, classId: string) {
  return tx
    .select({
      subjectId: subjects.id,
      name: subjects.name,
      code: subjects.code,
      teacherId: teacherAssignments.teacherId,
      teacherName: profiles.name,
      lessonsPerWeek: sql<number>`coalesce(${teacherAssignments.lessonsPerWeek}, ${subjects.lessonsPerWeek})`.mapWith(Number),
    })
    .from(subjects)
    .innerJoin(classes, and(eq(classes.id, classId), eq(classes.schoolId, subjects.schoolId)))
    .leftJoin(teacherAssignments, and(eq(teacherAssignments.classId, classes.id), eq(teacherAssignments.subjectId, subjects.id)))
    .leftJoin(profiles, eq(profiles.id, teacherAssignments.teacherId))
    .where(
      or(
        sql`${teacherAssignments.id} is not null`,
        and(eq(subjects.band, classes.band), sql`${subjects.retiredAt} is null`),
      ),
    )
    .orderBy(asc(subjects.name), asc(subjects.id));
}

/** Active learners of a class by gender and boarding. */
export async function classSplits(tx: Tx, classId: string) {
  const rows = await tx
    .select({ gender: students.gender, boarding: students.boarding, n: sql<number>`count(*)`.mapWith(Number) })
    .from(students)
    .where(and(eq(students.classId, classId), eq(students.status, 'active')))
    .groupBy(students.gender, students.boarding);
  const split = { gender: { female: 0, male: 0 }, boarding: { day: 0, boarding: 0 }, total: 0 };
  for (const r of rows) {
    if (r.gender === 'female' || r.gender === 'male') split.gender[r.gender] += r.n;
    if (r.boarding === 'day' || r.boarding === 'boarding') split.boarding[r.boarding] += r.n;
    split.total += r.n;
  }
  return split;
}

/** Learners in the order their names are printed (first, middle, last), then admission number (unique in a school). */
const printedOrder = [asc(students.firstName), asc(students.middleName), asc(students.lastName), asc(students.admissionNumber)];

export interface ClassListRow extends LearnerIdentity {
  gender: string;
  dateOfBirth: string | null;
  upi: string | null;
  boarding: string;
  guardianPhone: string | null;
}

/**
 * The class's active learners in the order their names are printed (first, middle, last), with the primary guardian's phone (else the
 * first guardian's) when `withGuardianPhone`.
 */
export async function classMembers(tx: Tx, classId: string, withGuardianPhone: boolean): Promise<ClassListRow[]> {
  const phone = withGuardianPhone
    ? // "students"."id" spelled out: drizzle leaves columns unqualified in a one-table select list.
      sql<string | null>`(select ${guardians.phone} from ${studentGuardians} join ${guardians} on ${guardians.id} = ${studentGuardians.guardianId}
        where ${studentGuardians.studentId} = ${sql.raw('"students"."id"')} order by ${studentGuardians.isPrimary} desc, ${guardians.name} limit 1)`
    : sql<string | null>`null`;
  return tx
    .select({
      ...learnerIdentityColumns,
      gender: students.gender,
      dateOfBirth: students.dateOfBirth,
      upi: students.upi,
      boarding: students.boarding,
      guardianPhone: phone,
    })
    .from(students)
    .where(and(eq(students.classId, classId), eq(students.status, 'active')))
    .orderBy(...printedOrder);
}

export interface CardRow extends LearnerIdentity {
  schoolId: string;
  photoFileId: string | null;
  className: string | null;
  academicYear: string | null;
}

const cardColumns = {
  id: students.id,
  schoolId: students.schoolId,
  admissionNumber: students.admissionNumber,
  ...learnerNameColumns,
  photoFileId: students.photoFileId,
  className: classes.name,
  academicYear: academicYears.name,
};

/** Learners for ID cards: the class's active learners, or the listed learners of the school, by class and name (as class lists). */
export async function cardLearners(tx: Tx, schoolId: string, by: { classId: string } | { studentIds: string[] }): Promise<CardRow[]> {
  return tx
    .select(cardColumns)
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .leftJoin(academicYears, eq(academicYears.id, classes.academicYearId))
    .where(
      and(
        eq(students.schoolId, schoolId),
        'classId' in by ? and(eq(students.classId, by.classId), eq(students.status, 'active')) : inArray(students.id, by.studentIds),
      ),
    )
    .orderBy(asc(classes.levelOrder), asc(classes.stream), ...printedOrder);
}

/** One learner's card data within `visible` (the audience's condition), or undefined. */
export async function cardLearner(tx: Tx, visible: SQL | undefined, id: string): Promise<CardRow | undefined> {
  const [row] = await tx
    .select(cardColumns)
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .leftJoin(academicYears, eq(academicYears.id, classes.academicYearId))
    .where(and(eq(students.id, id), visible));
  return row;
}

/** A learner within `visible` with their photo file id, or undefined. */
export async function photoOf(tx: Tx, visible: SQL | undefined, id: string) {
  const [row] = await tx
    .select({ id: students.id, schoolId: students.schoolId, photoFileId: students.photoFileId, status: students.status })
    .from(students)
    .where(and(eq(students.id, id), visible));
  return row;
}

/** Sets (or clears) a learner's photo. */
export async function setPhoto(tx: Tx, id: string, photoFileId: string | null): Promise<void> {
  await tx.update(students).set({ photoFileId, updatedAt: new Date() }).where(eq(students.id, id));
}

/** Storage keys of the school's files by id (photos read from storage outside the transaction). */
export async function storageKeys(tx: Tx, schoolId: string, fileIds: string[]): Promise<Map<string, string>> {
  if (fileIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: files.id, key: files.storageKey })
    .from(files)
    .where(and(eq(files.schoolId, schoolId), inArray(files.id, fileIds)));
  return new Map(rows.map((r) => [r.id, r.key]));
}
