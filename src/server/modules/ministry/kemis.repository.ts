import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { classes, guardians, levels, studentGuardians, students } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/**
 * Queries of the KEMIS export and the UPI import (issue 35 §1). Every function runs in the caller's
 * school-scoped transaction (row-level security) and names the school as well.
 */

/** The stream `classId` of the school (undefined: unknown or another school's). */
export async function findClass(tx: Tx, schoolId: string, classId: string): Promise<{ id: string; name: string } | undefined> {
  const [row] = await tx.select({ id: classes.id, name: classes.name }).from(classes).where(and(eq(classes.id, classId), eq(classes.schoolId, schoolId)));
  return row;
}

/** The level `levelId` of the school (undefined: unknown or another school's). */
export async function findLevel(tx: Tx, schoolId: string, levelId: string): Promise<{ id: string; name: string } | undefined> {
  const [row] = await tx.select({ id: levels.id, name: levels.name }).from(levels).where(and(eq(levels.id, levelId), eq(levels.schoolId, schoolId)));
  return row;
}

/** The active learners of the school (of one stream or one level when given) with their stream and level. */
export async function listLearners(tx: Tx, schoolId: string, filter: { classId?: string; levelId?: string }) {
  const where: SQL[] = [eq(students.schoolId, schoolId), eq(students.status, 'active')];
  if (filter.classId) where.push(eq(students.classId, filter.classId));
  if (filter.levelId) where.push(eq(classes.levelId, filter.levelId));
  return tx
    .select({ student: students, className: classes.name, stream: classes.stream, gradeLevel: classes.gradeLevel })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(and(...where))
    .orderBy(asc(classes.levelOrder), asc(classes.name), asc(students.lastName), asc(students.firstName), asc(students.id));
}

/** The guardians of learners `studentIds`: name, relationship, primary flag, phone and ID number. */
export async function guardiansOf(tx: Tx, studentIds: string[]) {
  if (!studentIds.length) return [];
  return tx
    .select({
      studentId: studentGuardians.studentId,
      name: guardians.name,
      relationship: studentGuardians.relationship,
      relationshipLabel: studentGuardians.relationshipLabel,
      isPrimary: studentGuardians.isPrimary,
      phone: guardians.phone,
      idNumber: guardians.idNumber,
    })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(inArray(studentGuardians.studentId, studentIds))
    .orderBy(asc(studentGuardians.studentId), asc(guardians.name));
}

/** Every learner of the school (any status) as the UPI import matches them. */
export async function learnersForMatching(tx: Tx, schoolId: string) {
  return tx
    .select({
      id: students.id,
      firstName: students.firstName,
      middleName: students.middleName,
      lastName: students.lastName,
      admissionNumber: students.admissionNumber,
      birthCertificateNumber: students.birthCertificateNumber,
      upi: students.upi,
      status: students.status,
    })
    .from(students)
    .where(eq(students.schoolId, schoolId));
}

/** Sets the UPI of learner `id` of the school. */
export async function setUpi(tx: Tx, schoolId: string, id: string, upi: string): Promise<void> {
  await tx.update(students).set({ upi, updatedAt: new Date() }).where(and(eq(students.id, id), eq(students.schoolId, schoolId)));
}
