import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { classes, consents, guardians, profiles, studentGuardians, students } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { learnerIdentityColumns } from '../../lib/learner-columns.js';
import type { ConsentPurpose, ConsentSource } from '../../../shared/contracts/consents.js';

/**
 * Queries of consent (issue 35 §5; docs/decisions/0025-consent.md). consents is append-only: the
 * current state of a learner, guardian and purpose is its newest row (recorded_at, then id).
 */

export type ConsentRow = {
  id: string;
  studentId: string;
  guardianId: string | null;
  purpose: string;
  granted: boolean;
  source: string;
  recordedById: string | null;
  recordedByName: string | null;
  recordedByRole: string | null;
  recordedAt: Date;
};

const consentColumns = {
  id: consents.id,
  studentId: consents.studentId,
  guardianId: consents.guardianId,
  purpose: consents.purpose,
  granted: consents.granted,
  source: consents.source,
  recordedById: consents.recordedBy,
  recordedByName: profiles.name,
  recordedByRole: consents.recordedByRole,
  recordedAt: consents.recordedAt,
};

/** The learner (of the school), with their stream; undefined when unknown. */
export async function findStudent(tx: Tx, schoolId: string, id: string) {
  const [row] = await tx
    .select({ ...learnerIdentityColumns, stream: classes.name })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(and(eq(students.schoolId, schoolId), eq(students.id, id)));
  return row;
}

/** The learner's guardians (primary first), with the account each is linked to. */
export async function listGuardians(tx: Tx, studentId: string) {
  return tx
    .select({
      id: guardians.id,
      name: guardians.name,
      phone: guardians.phone,
      profileId: guardians.profileId,
      relationship: studentGuardians.relationship,
      relationshipLabel: studentGuardians.relationshipLabel,
      isPrimary: studentGuardians.isPrimary,
    })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(eq(studentGuardians.studentId, studentId))
    .orderBy(desc(studentGuardians.isPrimary), asc(guardians.name), asc(guardians.id));
}

/** Every decision recorded for the learner (all guardians and the learner record), newest first. */
export async function listHistory(tx: Tx, studentId: string): Promise<ConsentRow[]> {
  return tx
    .select(consentColumns)
    .from(consents)
    .leftJoin(profiles, eq(profiles.id, consents.recordedBy))
    .where(eq(consents.studentId, studentId))
    .orderBy(desc(consents.recordedAt), desc(consents.id));
}

export interface NewConsent {
  schoolId: string;
  studentId: string;
  guardianId: string | null;
  purpose: ConsentPurpose;
  granted: boolean;
  source: ConsentSource;
  recordedBy: string | null;
  recordedByRole: string | null;
  recordedAt?: Date;
}

export async function insertConsents(tx: Tx, rows: NewConsent[]): Promise<void> {
  if (rows.length) await tx.insert(consents).values(rows);
}

/**
 * Every recorded decision on `purpose` (sms or email) of the guardians (of the school) matching any of
 * the given ids, phones, e-mail addresses or accounts, newest first: the caller takes, per guardian,
 * the newest about a learner or the newest of any.
 */
export async function newestContactDecisions(tx: Tx, schoolId: string, purpose: 'sms' | 'email', q: { guardianIds: string[]; phones: string[]; emails: string[]; profileIds: string[] }) {
  const match = [
    q.guardianIds.length ? inArray(guardians.id, q.guardianIds) : undefined,
    q.phones.length ? inArray(guardians.phone, q.phones) : undefined,
    q.emails.length ? inArray(guardians.email, q.emails) : undefined,
    q.profileIds.length ? inArray(guardians.profileId, q.profileIds) : undefined,
  ].filter((x) => x !== undefined);
  if (!match.length) return [];
  return tx
    .select({
      guardianId: guardians.id,
      phone: guardians.phone,
      email: guardians.email,
      profileId: guardians.profileId,
      studentId: consents.studentId,
      granted: consents.granted,
      recordedAt: consents.recordedAt,
    })
    .from(guardians)
    .innerJoin(consents, and(eq(consents.guardianId, guardians.id), eq(consents.purpose, purpose)))
    .where(and(eq(guardians.schoolId, schoolId), or(...match)))
    .orderBy(desc(consents.recordedAt), desc(consents.id));
}

/**
 * The consent register (issue 35 §5, for the Data Commissioner): the current state of every learner,
 * guardian and purpose with a decision recorded, by learner (admission number) then guardian.
 */
export async function currentRegister(tx: Tx, schoolId: string) {
  const newest = tx
    .selectDistinctOn([consents.studentId, consents.guardianId, consents.purpose], { id: consents.id })
    .from(consents)
    .where(eq(consents.schoolId, schoolId))
    .orderBy(consents.studentId, consents.guardianId, consents.purpose, desc(consents.recordedAt), desc(consents.id))
    .as('newest');
  return tx
    .select({
      ...consentColumns,
      admissionNumber: students.admissionNumber,
      firstName: students.firstName,
      middleName: students.middleName,
      lastName: students.lastName,
      stream: classes.name,
      guardian: guardians.name,
      phone: guardians.phone,
    })
    .from(consents)
    .innerJoin(newest, eq(newest.id, consents.id))
    .innerJoin(students, eq(students.id, consents.studentId))
    .leftJoin(classes, eq(classes.id, students.classId))
    .leftJoin(guardians, eq(guardians.id, consents.guardianId))
    .leftJoin(profiles, eq(profiles.id, consents.recordedBy))
    .orderBy(asc(students.admissionNumber), sql`${consents.guardianId} is not null`, asc(guardians.name), asc(consents.purpose), asc(consents.id));
}


/**
 * Of the given learners (of the school), those with a guardian whose newest `photos` decision about
 * them is a refusal.
 */
export async function learnersRefusingPhotos(tx: Tx, schoolId: string, studentIds: string[]): Promise<string[]> {
  if (!studentIds.length) return [];
  const rows = await tx
    .selectDistinctOn([consents.studentId, consents.guardianId], { studentId: consents.studentId, granted: consents.granted })
    .from(consents)
    .where(and(eq(consents.schoolId, schoolId), eq(consents.purpose, 'photos'), isNotNull(consents.guardianId), inArray(consents.studentId, studentIds)))
    .orderBy(consents.studentId, consents.guardianId, desc(consents.recordedAt), desc(consents.id));
  return [...new Set(rows.filter((r) => !r.granted).map((r) => r.studentId))];
}

/**
 * The consent summary of the school's active learners: how many, how many with guardians of whom
 * none has a `processing` decision yet, and how many with a guardian whose newest `sms` decision
 * about them is a withdrawal.
 */
export async function consentSummary(tx: Tx, schoolId: string): Promise<{ learners: number; notAnswered: number; smsWithdrawn: number }> {
  // The outer learner is named students.id in full: drizzle writes a lone table's columns unqualified.
  const [row] = await tx
    .select({
      learners: sql<number>`count(*)::int`,
      notAnswered: sql<number>`(count(*) filter (where exists (select 1 from ${studentGuardians} sg where sg.student_id = students.id)
        and not exists (select 1 from ${consents} c where c.student_id = students.id and c.guardian_id is not null and c.purpose = 'processing')))::int`,
      smsWithdrawn: sql<number>`(count(*) filter (where exists (
        select 1 from (select distinct on (c.guardian_id) c.granted from ${consents} c
          where c.student_id = students.id and c.guardian_id is not null and c.purpose = 'sms'
          order by c.guardian_id, c.recorded_at desc, c.id desc) n
        where not n.granted)))::int`,
    })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.status, 'active')));
  return { learners: Number(row?.learners ?? 0), notAnswered: Number(row?.notAnswered ?? 0), smsWithdrawn: Number(row?.smsWithdrawn ?? 0) };
}
