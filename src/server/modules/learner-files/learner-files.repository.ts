import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenant.js';
import { learnerIdentityColumns, type LearnerIdentity } from '../../lib/learner-columns.js';
import { academicYears, auditLogs, classes, guardians, studentEnrolments, studentGuardians, students } from '../../db/schema/index.js';
import type { ClassRef } from './import-rows.js';

/**
 * Bulk reads and writes of the learner import (issue 10 §2 Import, "10,000 learners import in 10 s or
 * less"): everything the rows need is fetched in a few queries (chunks of IN lists), and rows are
 * written with multi-row INSERT ... ON CONFLICT and UPDATE ... FROM (VALUES ...) of CHUNK rows per
 * statement: no round trip per row. Every function takes the school explicitly, on top of row-level
 * security.
 */

/** Rows per multi-row statement (16 columns x 500 rows stays far below PostgreSQL's 65,535 parameters). */
export const CHUNK = 500;
const IN_LIST = 1000;

export function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * The school's open academic year learners are placed in: the current year when it is open, else the
 * latest open year. Undefined when no year is open.
 */
export async function openYear(tx: Tx, schoolId: string) {
  const [row] = await tx
    .select({ id: academicYears.id, name: academicYears.name, startsOn: academicYears.startsOn })
    .from(academicYears)
    .where(and(eq(academicYears.schoolId, schoolId), eq(academicYears.status, 'open')))
    .orderBy(desc(academicYears.isCurrent), desc(academicYears.startsOn), desc(academicYears.id))
    .limit(1);
  return row;
}

/** The year's classes with their capacity and number of active learners, in level order. */
export async function yearClasses(tx: Tx, schoolId: string, year: { id: string; startsOn: string }) {
  const rows = await tx
    .select({
      id: classes.id,
      name: classes.name,
      capacity: classes.capacity,
      learners: sql<number>`(select count(*) from ${students} where ${students.classId} = ${classes.id} and ${students.status} = 'active')`.mapWith(Number),
    })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.academicYearId, year.id)))
    .orderBy(asc(classes.levelOrder), asc(classes.stream), asc(classes.id));
  return rows.map((r) => ({ ...r, ref: { id: r.id, name: r.name, capacity: r.capacity, academicYearId: year.id, yearStartsOn: year.startsOn } satisfies ClassRef }));
}

export const existingColumns = {
  ...learnerIdentityColumns,
  gender: students.gender,
  dateOfBirth: students.dateOfBirth,
  classId: students.classId,
  upi: students.upi,
  birthCertificateNumber: students.birthCertificateNumber,
  boarding: students.boarding,
  status: students.status,
};
export interface ExistingStudent extends LearnerIdentity {
  gender: string;
  dateOfBirth: string | null;
  classId: string | null;
  upi: string | null;
  birthCertificateNumber: string | null;
  boarding: string;
  status: string;
}

/** The school's learners with these admission numbers (lower-cased), keyed by lower-cased number. */
export async function studentsByAdmission(tx: Tx, schoolId: string, lowerNumbers: string[]): Promise<Map<string, ExistingStudent>> {
  const out = new Map<string, ExistingStudent>();
  for (const chunk of chunks([...new Set(lowerNumbers)], IN_LIST)) {
    const rows = (await tx
      .select(existingColumns)
      .from(students)
      .where(and(eq(students.schoolId, schoolId), inArray(sql`lower(${students.admissionNumber})`, chunk)))) as ExistingStudent[];
    for (const r of rows) out.set(r.admissionNumber.toLowerCase(), r);
  }
  return out;
}

export interface GuardianRef {
  id: string;
  phone: string;
  email: string | null;
}

/** The school's guardians with these (normalised) phones, keyed by phone. */
export async function guardiansByPhone(tx: Tx, schoolId: string, phones: string[]): Promise<Map<string, GuardianRef>> {
  const out = new Map<string, GuardianRef>();
  for (const chunk of chunks([...new Set(phones)], IN_LIST)) {
    const rows = await tx
      .select({ id: guardians.id, phone: guardians.phone, email: guardians.email })
      .from(guardians)
      .where(and(eq(guardians.schoolId, schoolId), inArray(guardians.phone, chunk)));
    for (const r of rows) out.set(r.phone, r);
  }
  return out;
}

/**
 * Learners linked to these guardians, with the guardian's id: a row without an admission number is
 * the same learner as one of these with the same first and last name (importing a file twice never
 * duplicates its learners).
 */
export async function childrenOf(tx: Tx, guardianIds: string[]): Promise<(ExistingStudent & { guardianId: string })[]> {
  const out: (ExistingStudent & { guardianId: string })[] = [];
  for (const chunk of chunks([...new Set(guardianIds)], IN_LIST)) {
    out.push(
      ...((await tx
        .select({ ...existingColumns, guardianId: studentGuardians.guardianId })
        .from(studentGuardians)
        .innerJoin(students, eq(students.id, studentGuardians.studentId))
        .where(inArray(studentGuardians.guardianId, chunk))) as (ExistingStudent & { guardianId: string })[]),
    );
  }
  return out;
}

export interface LinkRef {
  studentId: string;
  guardianId: string;
  relationship: string;
  /** The relationship word as typed on import, or null (issue 34). */
  relationshipLabel: string | null;
  isPrimary: boolean;
}

/** Guardian links of these learners. */
export async function linksOf(tx: Tx, studentIds: string[]): Promise<LinkRef[]> {
  const out: LinkRef[] = [];
  for (const chunk of chunks(studentIds, IN_LIST)) {
    out.push(
      ...(await tx
        .select({
          studentId: studentGuardians.studentId,
          guardianId: studentGuardians.guardianId,
          relationship: studentGuardians.relationship,
          relationshipLabel: studentGuardians.relationshipLabel,
          isPrimary: studentGuardians.isPrimary,
        })
        .from(studentGuardians)
        .where(inArray(studentGuardians.studentId, chunk))),
    );
  }
  return out;
}

/** New guardians (phones not yet known); returns every phone's guardian id. */
export async function insertGuardians(tx: Tx, schoolId: string, list: { name: string; phone: string; email: string | null }[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const chunk of chunks(list)) {
    const rows = await tx
      .insert(guardians)
      .values(chunk.map((g) => ({ schoolId, name: g.name, phone: g.phone, email: g.email })))
      .onConflictDoNothing({ target: [guardians.schoolId, guardians.phone] })
      .returning({ id: guardians.id, phone: guardians.phone });
    for (const r of rows) ids.set(r.phone, r.id);
  }
  // A guardian someone else added meanwhile (the conflict above): link that one.
  const missing = list.filter((g) => !ids.has(g.phone)).map((g) => g.phone);
  if (missing.length) for (const [phone, g] of await guardiansByPhone(tx, schoolId, missing)) ids.set(phone, g.id);
  return ids;
}

/** Gives known guardians without an e-mail the one from the file. */
export async function fillGuardianEmails(tx: Tx, schoolId: string, list: { id: string; email: string }[]): Promise<void> {
  for (const chunk of chunks(list)) {
    const values = sql.join(
      chunk.map((g) => sql`(${g.id}::uuid, ${g.email}::text)`),
      sql`, `,
    );
    await tx.execute(sql`update ${guardians} set email = v.email, updated_at = now()
      from (values ${values}) as v(id, email)
      where ${guardians.id} = v.id and ${guardians.schoolId} = ${schoolId} and ${guardians.email} is null`);
  }
}

export type NewStudent = Omit<typeof students.$inferInsert, 'id' | 'schoolId' | 'searchText' | 'createdAt' | 'updatedAt'>;

/** Inserts learners; returns their ids in the order given. */
export async function insertStudents(tx: Tx, schoolId: string, list: NewStudent[], onChunk?: (n: number) => Promise<void>): Promise<string[]> {
  const ids: string[] = [];
  for (const chunk of chunks(list)) {
    const rows = await tx
      .insert(students)
      .values(chunk.map((s) => ({ ...s, schoolId })))
      .returning({ id: students.id });
    ids.push(...rows.map((r) => r.id));
    await onChunk?.(chunk.length);
  }
  return ids;
}

export interface StudentUpdate {
  id: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  gender: string;
  dateOfBirth: string | null;
  classId: string;
  upi: string | null;
  birthCertificateNumber: string | null;
  boarding: string;
}

/** Writes learners' fields (every field given is the new value), CHUNK learners per UPDATE ... FROM (VALUES ...). */
export async function updateStudents(tx: Tx, schoolId: string, list: StudentUpdate[], onChunk?: (n: number) => Promise<void>): Promise<void> {
  for (const chunk of chunks(list)) {
    const values = sql.join(
      chunk.map(
        (u) =>
          sql`(${u.id}::uuid, ${u.firstName}::text, ${u.middleName}::text, ${u.lastName}::text, ${u.gender}::text, ${u.dateOfBirth}::date, ${u.classId}::uuid, ${u.upi}::text, ${u.birthCertificateNumber}::text, ${u.boarding}::text)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`update ${students} set
        first_name = v.first_name, middle_name = v.middle_name, last_name = v.last_name, gender = v.gender,
        date_of_birth = v.date_of_birth, class_id = v.class_id, upi = v.upi,
        birth_certificate_number = v.birth_certificate_number, boarding = v.boarding, updated_at = now()
      from (values ${values}) as v(id, first_name, middle_name, last_name, gender, date_of_birth, class_id, upi, birth_certificate_number, boarding)
      where ${students.id} = v.id and ${students.schoolId} = ${schoolId}`);
    await onChunk?.(chunk.length);
  }
}

/**
 * Class history: puts each learner in their class for that class's year, creating the year's row or
 * moving it (a row already in that class is left alone).
 */
export async function upsertEnrolments(
  tx: Tx,
  schoolId: string,
  list: { studentId: string; academicYearId: string; classId: string; startedOn: string }[],
): Promise<void> {
  for (const chunk of chunks(list)) {
    await tx
      .insert(studentEnrolments)
      .values(chunk.map((e) => ({ ...e, schoolId })))
      .onConflictDoUpdate({
        target: [studentEnrolments.studentId, studentEnrolments.academicYearId],
        set: { classId: sql`excluded.class_id`, updatedAt: new Date() },
        setWhere: sql`${studentEnrolments.classId} <> excluded.class_id`,
      });
  }
}

/** Links guardians to learners (relationship and its typed word updated on an existing link; the primary flag is kept). */
export async function upsertLinks(tx: Tx, schoolId: string, list: LinkRef[]): Promise<void> {
  for (const chunk of chunks(list)) {
    await tx
      .insert(studentGuardians)
      .values(chunk.map((l) => ({ ...l, schoolId })))
      .onConflictDoUpdate({
        target: [studentGuardians.studentId, studentGuardians.guardianId],
        set: { relationship: sql`excluded.relationship`, relationshipLabel: sql`excluded.relationship_label` },
        setWhere: sql`(${studentGuardians.relationship}, ${studentGuardians.relationshipLabel}) is distinct from (excluded.relationship, excluded.relationship_label)`,
      });
  }
}

/** The STUDENTS_IMPORTED audit entry a background task wrote, if it already committed its import. */
export async function importAuditOfTask(tx: Tx, schoolId: string, action: string, taskId: string) {
  const [row] = await tx
    .select({ newValue: auditLogs.newValue })
    .from(auditLogs)
    .where(and(eq(auditLogs.schoolId, schoolId), eq(auditLogs.action, action), sql`${auditLogs.metadata}->>'taskId' = ${taskId}`))
    .limit(1);
  return row;
}

/** Birth-certificate number and class teacher of learners `ids` (unordered). */
export async function listExportBase(tx: Tx, ids: string[]): Promise<{ id: string; bcn: string | null; classTeacherId: string | null }[]> {
  return tx
    .select({ id: students.id, bcn: students.birthCertificateNumber, classTeacherId: classes.classTeacherId })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(inArray(students.id, ids));
}

/** One guardian per learner of `ids`: the primary one, else the first by name (name, relationship and its typed word, phone, e-mail). */
export async function listFirstGuardians(
  tx: Tx,
  ids: string[],
): Promise<{ studentId: string; name: string; relationship: string; relationshipLabel: string | null; phone: string; email: string | null }[]> {
  return tx
    .selectDistinctOn([studentGuardians.studentId], {
      studentId: studentGuardians.studentId,
      name: guardians.name,
      relationship: studentGuardians.relationship,
      relationshipLabel: studentGuardians.relationshipLabel,
      phone: guardians.phone,
      email: guardians.email,
    })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(inArray(studentGuardians.studentId, ids))
    .orderBy(studentGuardians.studentId, sql`${studentGuardians.isPrimary} desc`, guardians.name, guardians.id);
}
