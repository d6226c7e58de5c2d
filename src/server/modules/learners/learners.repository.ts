import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../users/index.js';
import type { ListStudentsQuery, StudentSort } from '../../../shared/contracts/learners.js';
import { normaliseKenyanPhone } from '../../../shared/phone.js';
import type { Tx } from '../../db/tenant.js';
import {
  academicYears,
  classes,
  guardians,
  levels,
  profiles,
  studentEnrolments,
  studentGuardians,
  students,
} from '../../db/schema/index.js';

/**
 * Queries of the learner register. Every function takes the school (or an audience condition built by
 * learner-scope.ts) explicitly, on top of row-level security.
 */

export const listColumns = {
  id: students.id,
  admissionNumber: students.admissionNumber,
  firstName: students.firstName,
  middleName: students.middleName,
  lastName: students.lastName,
  gender: students.gender,
  dateOfBirth: students.dateOfBirth,
  classId: students.classId,
  className: classes.name,
  status: students.status,
  upi: students.upi,
  boarding: students.boarding,
  levelName: levels.name,
  admittedOn: students.admittedOn,
  hasPhoto: sql<boolean>`${students.photoFileId} is not null`,
};

export interface ListRow {
  id: string;
  admissionNumber: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  gender: string;
  dateOfBirth: string | null;
  classId: string | null;
  className: string | null;
  status: string;
  upi: string | null;
  boarding: string;
  levelName: string | null;
  admittedOn: string | null;
  hasPhoto: boolean;
}

/** A search term that looks like a phone number (7+ digits once +, spaces and dashes are gone). */
function phoneOf(term: string): string | null {
  const digits = term.replace(/[\s()+-]/g, '');
  if (!/^\d{7,12}$/.test(digits)) return null;
  return normaliseKenyanPhone(term);
}

/**
 * The register's filter conditions (issue 10 §2 Student information): every search word must appear
 * in the learner's names or numbers (students.search_text, lower-case), or the search is a guardian's
 * phone number in any Kenyan form.
 */
export function registerFilters(schoolId: string | null, q: Pick<ListStudentsQuery, 'search' | 'classId' | 'levelId' | 'status' | 'gender' | 'boarding'>): SQL[] {
  const where: SQL[] = [];
  if (schoolId) where.push(eq(students.schoolId, schoolId));
  if (q.status !== 'all') where.push(eq(students.status, q.status));
  if (q.classId) where.push(eq(students.classId, q.classId));
  if (q.levelId) where.push(sql`${students.classId} in (select ${classes.id} from ${classes} where ${classes.levelId} = ${q.levelId})`);
  if (q.gender) where.push(eq(students.gender, q.gender));
  if (q.boarding) where.push(eq(students.boarding, q.boarding));
  const search = q.search?.trim();
  if (search) {
    const phone = phoneOf(search);
    if (phone) {
      where.push(
        sql`${students.id} in (select ${studentGuardians.studentId} from ${studentGuardians}
          join ${guardians} on ${guardians.id} = ${studentGuardians.guardianId}
          where ${guardians.phone} = ${phone}${schoolId ? sql` and ${guardians.schoolId} = ${schoolId}` : sql``})`,
      );
    } else {
      for (const word of search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6)) {
        where.push(sql`${students.searchText} like ${containsPattern(word)}`);
      }
    }
  }
  return where;
}

function orderBy(sort: StudentSort): SQL[] {
  const dir = sort.startsWith('-') ? desc : asc;
  switch (sort.replace(/^-/, '')) {
    case 'admissionNumber':
      return [dir(students.admissionNumber), asc(students.id)];
    case 'class':
      return [dir(classes.levelOrder), dir(classes.stream), asc(students.lastName), asc(students.firstName), asc(students.id)];
    case 'admittedOn':
      return [dir(students.admittedOn), asc(students.lastName), asc(students.id)];
    default:
      return [dir(students.lastName), dir(students.firstName), asc(students.id)];
  }
}

/** One page of the register and the number of matching learners. */
export async function listStudentRows(tx: Tx, where: SQL[], sort: StudentSort, limit: number, offset: number) {
  const cond = and(...where);
  const rows = (await tx
    .select(listColumns)
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .leftJoin(levels, eq(levels.id, classes.levelId))
    .where(cond)
    .orderBy(...orderBy(sort))
    .limit(limit)
    .offset(offset)) as ListRow[];
  const [total] = await tx.select({ n: count() }).from(students).where(cond);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Every matching learner (exports), in register order, in pages of `batch`. */
export async function* allStudentRows(tx: Tx, where: SQL[], sort: StudentSort, batch = 2000) {
  for (let offset = 0; ; offset += batch) {
    const { rows } = await listStudentRows(tx, where, sort, batch, offset);
    if (rows.length) yield rows;
    if (rows.length < batch) return;
  }
}

/** The learner's full row with class, level and year, or undefined. */
export async function findStudent(tx: Tx, where: SQL | undefined, id: string) {
  const [row] = await tx
    .select({
      student: students,
      className: classes.name,
      stream: classes.stream,
      classTeacherId: classes.classTeacherId,
      levelId: classes.levelId,
      levelName: levels.name,
      academicYear: academicYears.name,
    })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .leftJoin(levels, eq(levels.id, classes.levelId))
    .leftJoin(academicYears, eq(academicYears.id, classes.academicYearId))
    .where(and(eq(students.id, id), where));
  return row;
}
export type StudentRecord = NonNullable<Awaited<ReturnType<typeof findStudent>>>;

/** The learner's guardians (primary first) with whether each has a sign-in account. */
export async function guardiansOf(tx: Tx, studentId: string) {
  return tx
    .select({
      id: guardians.id,
      name: guardians.name,
      relationship: studentGuardians.relationship,
      phone: guardians.phone,
      email: guardians.email,
      isPrimary: studentGuardians.isPrimary,
      hasAccount: sql<boolean>`${guardians.profileId} is not null`,
      idNumber: guardians.idNumber,
      occupation: guardians.occupation,
    })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(eq(studentGuardians.studentId, studentId))
    .orderBy(desc(studentGuardians.isPrimary), asc(guardians.name));
}

/** Other learners linked to these guardians (siblings), by guardian. */
export async function childrenOfGuardians(tx: Tx, guardianIds: string[], exceptStudentId?: string) {
  if (guardianIds.length === 0) return [];
  return tx
    .select({
      guardianId: studentGuardians.guardianId,
      id: students.id,
      firstName: students.firstName,
      middleName: students.middleName,
      lastName: students.lastName,
      className: classes.name,
      relationship: studentGuardians.relationship,
      status: students.status,
    })
    .from(studentGuardians)
    .innerJoin(students, eq(students.id, studentGuardians.studentId))
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(and(inArray(studentGuardians.guardianId, guardianIds), exceptStudentId ? ne(students.id, exceptStudentId) : undefined))
    .orderBy(asc(students.firstName));
}

/** A guardian of the school by normalised phone. */
export async function findGuardianByPhone(tx: Tx, schoolId: string, phone: string) {
  const [row] = await tx
    .select()
    .from(guardians)
    .where(and(eq(guardians.schoolId, schoolId), eq(guardians.phone, phone)));
  return row;
}

/** The class with its year's state and active learner count (admission and class moves). */
export async function findClassForPlacement(tx: Tx, schoolId: string, classId: string) {
  const [row] = await tx
    .select({
      id: classes.id,
      name: classes.name,
      capacity: classes.capacity,
      academicYearId: classes.academicYearId,
      yearStatus: academicYears.status,
      yearStartsOn: academicYears.startsOn,
      learners: sql<number>`(select count(*) from ${students} where ${students.classId} = ${classes.id} and ${students.status} = 'active')`.mapWith(Number),
    })
    .from(classes)
    .innerJoin(academicYears, eq(academicYears.id, classes.academicYearId))
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, classId)));
  return row;
}

/** Puts the learner in `classId` for that class's year (class history), creating or moving the year's row. */
export async function placeInClass(tx: Tx, schoolId: string, studentId: string, classId: string, academicYearId: string, startedOn: string) {
  await tx
    .insert(studentEnrolments)
    .values({ schoolId, studentId, academicYearId, classId, startedOn })
    .onConflictDoUpdate({
      target: [studentEnrolments.studentId, studentEnrolments.academicYearId],
      set: { classId, updatedAt: new Date() },
    });
}

/** Class history, newest year first. */
export async function classHistory(tx: Tx, studentId: string) {
  return tx
    .select({
      academicYearId: studentEnrolments.academicYearId,
      academicYear: academicYears.name,
      classId: classes.id,
      className: classes.name,
      classTeacher: profiles.name,
      startedOn: studentEnrolments.startedOn,
      endedOn: studentEnrolments.endedOn,
      outcome: studentEnrolments.outcome,
    })
    .from(studentEnrolments)
    .innerJoin(academicYears, eq(academicYears.id, studentEnrolments.academicYearId))
    .innerJoin(classes, eq(classes.id, studentEnrolments.classId))
    .leftJoin(profiles, eq(profiles.id, classes.classTeacherId))
    .where(eq(studentEnrolments.studentId, studentId))
    .orderBy(desc(academicYears.startsOn));
}

/** Is there a profile with this e-mail? Returns its id, role and school. */
export async function profileByEmail(tx: Tx, email: string) {
  const [row] = await tx
    .select({ id: profiles.id, role: profiles.role, schoolId: profiles.schoolId })
    .from(profiles)
    .where(eq(profiles.email, email));
  return row;
}
