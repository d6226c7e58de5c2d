import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { academicYears, certificates, classes, levels, profiles, schools, students, studentEnrolments, terms } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { learnerNameColumns } from '../../lib/learner-columns.js';
import type { PageWindow } from '../../lib/paging.js';
import { containsAny } from '../../lib/like.js';

/**
 * Queries of certificates (issue 12 §6): the signed certificate records (leaving, completion, merit and
 * report-card verifications) and what a certificate prints: the school, the issuer, the learner's stream
 * and academic year. Every function runs inside the caller's transaction: one school's scope, every
 * school's for platform staff (schoolId null), or the system scope of the public verification.
 */

/** A certificates row (content: the signed JSON). */
export type CertificateRow = typeof certificates.$inferSelect;
/** Values of a new certificates row. */
export type NewCertificate = typeof certificates.$inferInsert;
/** A certificate with its school's name. */
export interface CertificateWithSchool {
  c: CertificateRow;
  schoolName: string;
}

/** Filters of the certificate list (`search`: learner name, admission number or certificate id, matched literally). */
export interface CertificateFilters {
  kind?: string;
  status?: 'valid' | 'revoked';
  search?: string;
}

// -- certificates -------------------------------------------------------------------------------------

/** The conditions of a list: one school (or every school the scope sees, null) and the filters. */
function listConditions(schoolId: string | null, f: CertificateFilters): SQL | undefined {
  const where: SQL[] = [];
  if (schoolId) where.push(eq(certificates.schoolId, schoolId));
  if (f.kind) where.push(eq(certificates.kind, f.kind));
  if (f.status === 'revoked') where.push(isNotNull(certificates.revokedAt));
  if (f.status === 'valid') where.push(isNull(certificates.revokedAt));
  if (f.search) where.push(containsAny(f.search, [sql`${certificates.content}->'student'->>'name'`, sql`${certificates.content}->'student'->>'admission_number'`, sql`${certificates.id}::text`]));
  return where.length ? and(...where) : undefined;
}

/** Number of certificates matching the list's filters. */
export async function countCertificates(tx: Tx, schoolId: string | null, f: CertificateFilters): Promise<number> {
  const [{ n }] = (await tx.select({ n: count() }).from(certificates).where(listConditions(schoolId, f))) as [{ n: number }];
  return Number(n);
}

/** One page of the certificates matching the list's filters, with school names; newest first, then by id. */
export async function listCertificatesPage(tx: Tx, schoolId: string | null, f: CertificateFilters, w: PageWindow): Promise<CertificateWithSchool[]> {
  return tx
    .select({ c: certificates, schoolName: schools.name })
    .from(certificates)
    .innerJoin(schools, eq(schools.id, certificates.schoolId))
    .where(listConditions(schoolId, f))
    .orderBy(desc(certificates.generatedAt), desc(certificates.id))
    .limit(w.limit)
    .offset(w.offset);
}

/** Certificate `id` with its school's name, when it is the school's (schoolId null: any the scope sees). */
export async function findCertificateWithSchool(tx: Tx, schoolId: string | null, id: string): Promise<CertificateWithSchool | undefined> {
  const [r] = await tx
    .select({ c: certificates, schoolName: schools.name })
    .from(certificates)
    .innerJoin(schools, eq(schools.id, certificates.schoolId))
    .where(schoolId ? and(eq(certificates.id, id), eq(certificates.schoolId, schoolId)) : eq(certificates.id, id));
  return r;
}

/** The certificates `ids` with their schools' names, those of the school (schoolId null: any the scope sees); unordered. */
export async function listCertificatesWithSchool(tx: Tx, schoolId: string | null, ids: string[]): Promise<CertificateWithSchool[]> {
  return tx
    .select({ c: certificates, schoolName: schools.name })
    .from(certificates)
    .innerJoin(schools, eq(schools.id, certificates.schoolId))
    .where(schoolId ? and(inArray(certificates.id, ids), eq(certificates.schoolId, schoolId)) : inArray(certificates.id, ids));
}

/** Certificate `id`, whichever school's (the public verification runs in the system scope). */
export async function findCertificateById(tx: Tx, id: string): Promise<CertificateRow | undefined> {
  return (await tx.select().from(certificates).where(eq(certificates.id, id)))[0];
}

/** The school's unrevoked report-card records of a term for some learners (unordered). */
export async function listLiveReportCardRecords(tx: Tx, schoolId: string, termId: string, studentIds: string[]): Promise<CertificateRow[]> {
  return tx
    .select()
    .from(certificates)
    .where(and(eq(certificates.schoolId, schoolId), eq(certificates.kind, 'report_card'), eq(certificates.termId, termId), inArray(certificates.studentId, studentIds), isNull(certificates.revokedAt)));
}

/** Adds certificates in one statement; the rows inserted. */
export async function insertCertificates(tx: Tx, rows: NewCertificate[]): Promise<CertificateRow[]> {
  return tx.insert(certificates).values(rows).returning();
}

/** Adds certificates 500 rows per statement: a level's cards can pass PostgreSQL's 65,535 bind parameters in one. */
export async function insertCertificatesInChunks(tx: Tx, rows: NewCertificate[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await tx.insert(certificates).values(rows.slice(i, i + 500));
}

/** Revokes certificate `id` unless it is revoked already; the updated row, or undefined when it was. */
export async function revokeIfLive(tx: Tx, id: string, by: string, reason: string): Promise<CertificateRow | undefined> {
  const [updated] = await tx
    .update(certificates)
    .set({ revokedAt: new Date(), revokedBy: by, revokeReason: reason })
    .where(and(eq(certificates.id, id), isNull(certificates.revokedAt)))
    .returning();
  return updated;
}

/** Revokes the certificates `ids` at `at`, by `by` (null: the system), with the reason. */
export async function revokeCertificates(tx: Tx, ids: string[], r: { at: Date; by: string | null; reason: string }): Promise<void> {
  await tx.update(certificates).set({ revokedAt: r.at, revokedBy: r.by, revokeReason: r.reason }).where(inArray(certificates.id, ids));
}

// -- what a certificate prints ------------------------------------------------------------------------

/** Name and role of profile `profileId`, if any. */
export async function findProfileNameRole(tx: Tx, profileId: string): Promise<{ name: string; role: string | null } | undefined> {
  const [p] = await tx.select({ name: profiles.name, role: profiles.role }).from(profiles).where(eq(profiles.id, profileId));
  return p;
}

/** Name, address, phone and e-mail of school `schoolId`, if any. */
export async function findSchoolContact(tx: Tx, schoolId: string) {
  const [s] = await tx.select({ name: schools.name, address: schools.address, phone: schools.phone, email: schools.email }).from(schools).where(eq(schools.id, schoolId));
  return s;
}

/** The school's learners `studentIds` with names, admission number and current stream (unordered). */
export async function listLearners(tx: Tx, schoolId: string, studentIds: string[]) {
  return tx
    .select({ id: students.id, ...learnerNameColumns, admissionNumber: students.admissionNumber, classId: students.classId })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), inArray(students.id, studentIds)));
}

/** The school's enrolments (learner, stream) of some learners; newest first. */
export async function listEnrolments(tx: Tx, schoolId: string, studentIds: string[]): Promise<{ studentId: string; classId: string }[]> {
  return tx
    .select({ studentId: studentEnrolments.studentId, classId: studentEnrolments.classId })
    .from(studentEnrolments)
    .where(and(eq(studentEnrolments.schoolId, schoolId), inArray(studentEnrolments.studentId, studentIds)))
    .orderBy(desc(studentEnrolments.createdAt), desc(studentEnrolments.id));
}

/** Streams `classIds` with name, stream, grade level, level name and academic year name (unordered). */
export async function listClassesWithYear(tx: Tx, classIds: string[]) {
  return tx
    .select({ id: classes.id, name: classes.name, stream: classes.stream, gradeLevel: classes.gradeLevel, levelName: levels.name, academicYear: academicYears.name })
    .from(classes)
    .leftJoin(levels, eq(levels.id, classes.levelId))
    .innerJoin(academicYears, eq(academicYears.id, classes.academicYearId))
    .where(inArray(classes.id, classIds));
}

/** First day of the first term and last day of the last term of the school's academic year named `academicYear` (null when it has none). */
export async function findYearSpan(tx: Tx, schoolId: string, academicYear: string): Promise<{ from: string; to: string } | undefined> {
  const [span] = await tx
    .select({ from: sql<string>`min(${terms.startsOn})::text`, to: sql<string>`max(${terms.endsOn})::text` })
    .from(terms)
    .innerJoin(academicYears, eq(academicYears.id, terms.academicYearId))
    .where(and(eq(terms.schoolId, schoolId), eq(academicYears.name, academicYear)));
  return span;
}

/** Ids of the terms of the school's academic year named `academicYear`, in date order. */
export async function listYearTermIds(tx: Tx, schoolId: string, academicYear: string): Promise<{ id: string }[]> {
  return tx
    .select({ id: terms.id })
    .from(terms)
    .innerJoin(academicYears, eq(academicYears.id, terms.academicYearId))
    .where(and(eq(terms.schoolId, schoolId), eq(academicYears.name, academicYear)))
    .orderBy(terms.startsOn, terms.id);
}
