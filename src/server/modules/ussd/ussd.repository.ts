import { and, asc, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import {
  attendanceEntries,
  examSeries,
  guardians,
  schoolAnnouncements,
  schools,
  smsMessages,
  studentGuardians,
  students,
  terms,
  ussdGuardianPins,
  ussdSessions,
  type UssdGuardianPinRow,
} from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/**
 * The ussd module's queries (issue 36 §3): sessions and PINs (its own tables), and the few reads of a
 * guardian's children, attendance, released terms and announcements its screens show. Every function
 * runs in the caller's transaction (sessions in system context, the rest in the school's scope).
 */

/** A guardian of at least one active learner, with what the USSD screens need to greet them. */
export interface UssdGuardian {
  guardianId: string;
  schoolId: string;
  schoolName: string;
  profileId: string | null;
  /** guardians.preferred_language, else the school's default_locale. */
  locale: string;
}

/** Guardians with this phone (normalised 2547…) who have an active learner, one per school, by school name. */
export async function guardiansByPhone(tx: Tx, phone: string): Promise<UssdGuardian[]> {
  return tx
    .selectDistinct({
      guardianId: guardians.id,
      schoolId: guardians.schoolId,
      schoolName: schools.name,
      profileId: guardians.profileId,
      locale: sql<string>`coalesce(${guardians.preferredLanguage}, ${schools.defaultLocale})`,
    })
    .from(guardians)
    .innerJoin(schools, eq(schools.id, guardians.schoolId))
    .innerJoin(studentGuardians, eq(studentGuardians.guardianId, guardians.id))
    .innerJoin(students, and(eq(students.id, studentGuardians.studentId), eq(students.status, 'active')))
    .where(and(eq(guardians.phone, phone), eq(schools.status, 'active')))
    .orderBy(asc(schools.name), asc(guardians.id));
}

/** A child of the guardian as the menu names it. */
export interface UssdChild {
  id: string;
  firstName: string;
  lastName: string;
  admissionNumber: string;
  classId: string | null;
}

/** The guardian's active learners, by first name. */
export async function childrenOf(tx: Tx, guardianId: string): Promise<UssdChild[]> {
  return tx
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName, admissionNumber: students.admissionNumber, classId: students.classId })
    .from(studentGuardians)
    .innerJoin(students, eq(students.id, studentGuardians.studentId))
    .where(and(eq(studentGuardians.guardianId, guardianId), eq(students.status, 'active')))
    .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id));
}

/** The stored session, or undefined. */
export async function findSession(tx: Tx, sessionId: string) {
  const [row] = await tx.select().from(ussdSessions).where(eq(ussdSessions.sessionId, sessionId));
  return row;
}

/** Creates or replaces a session's state and its last answered request. */
export async function saveSession(tx: Tx, s: { sessionId: string; phone: string; state: Record<string, unknown>; lastText: string; lastScreen: string; expiresAt: Date }): Promise<void> {
  await tx
    .insert(ussdSessions)
    .values(s)
    .onConflictDoUpdate({
      target: ussdSessions.sessionId,
      set: { state: s.state, lastText: s.lastText, lastScreen: s.lastScreen, expiresAt: s.expiresAt, updatedAt: sql`now()` },
    });
}

/** Claims the session's one M-Pesa push for request `text`: true once; false when this text already claimed it. */
export async function claimPay(tx: Tx, sessionId: string, text: string): Promise<boolean> {
  const rows = await tx
    .update(ussdSessions)
    .set({ payKey: text })
    .where(and(eq(ussdSessions.sessionId, sessionId), or(isNull(ussdSessions.payKey), sql`${ussdSessions.payKey} <> ${text}`)))
    .returning({ id: ussdSessions.sessionId });
  return rows.length > 0;
}

/** Removes sessions that expired before `now`. */
export async function deleteExpiredSessions(tx: Tx, now: Date): Promise<void> {
  await tx.delete(ussdSessions).where(lte(ussdSessions.expiresAt, now));
}

/** The guardian's PIN row, or undefined before first use. */
export async function findPin(tx: Tx, guardianId: string): Promise<UssdGuardianPinRow | undefined> {
  const [row] = await tx.select().from(ussdGuardianPins).where(eq(ussdGuardianPins.guardianId, guardianId));
  return row;
}

/** Creates or updates the guardian's PIN row with `set`. */
export async function upsertPin(tx: Tx, schoolId: string, guardianId: string, set: Partial<Omit<UssdGuardianPinRow, 'guardianId' | 'schoolId' | 'createdAt' | 'updatedAt'>>): Promise<void> {
  await tx
    .insert(ussdGuardianPins)
    .values({ guardianId, schoolId, ...set })
    .onConflictDoUpdate({ target: ussdGuardianPins.guardianId, set: { ...set, updatedAt: sql`now()` } });
}

/** The learner's attendance entries between two days (inclusive), by day and session. */
export async function attendanceBetween(tx: Tx, studentId: string, from: string, to: string) {
  return tx
    .select({ date: attendanceEntries.date, session: attendanceEntries.session, status: attendanceEntries.status })
    .from(attendanceEntries)
    .where(and(eq(attendanceEntries.studentId, studentId), gte(attendanceEntries.date, from), lte(attendanceEntries.date, to)))
    .orderBy(asc(attendanceEntries.date), asc(attendanceEntries.session));
}

/** The latest term of the school with a released exam series (by the term's start), or undefined. */
export async function latestReleasedTerm(tx: Tx, schoolId: string): Promise<{ id: string; name: string } | undefined> {
  const [row] = await tx
    .select({ id: terms.id, name: terms.name })
    .from(terms)
    .where(and(eq(terms.schoolId, schoolId), sql`exists (select 1 from ${examSeries} where ${examSeries.termId} = ${terms.id} and ${examSeries.status} = 'released')`))
    .orderBy(desc(terms.startsOn))
    .limit(1);
  return row;
}

/**
 * The school's latest published, unexpired announcement addressed to parents: to the parent role, or to
 * the parents of one of `classIds`.
 */
export async function latestParentAnnouncement(tx: Tx, schoolId: string, classIds: string[], now: Date): Promise<{ title: string; body: string; publishAt: Date } | undefined> {
  const toParents = sql`(${schoolAnnouncements.audience} -> 'roles') ? 'parent'`;
  const toClass = classIds.length ? sql`(${schoolAnnouncements.audience} -> 'parentsOfClassIds') ?| array[${sql.join(classIds.map((c) => sql`${c}`), sql`, `)}]::text[]` : sql`false`;
  const [row] = await tx
    .select({ title: schoolAnnouncements.title, body: schoolAnnouncements.body, publishAt: schoolAnnouncements.publishAt })
    .from(schoolAnnouncements)
    .where(
      and(
        eq(schoolAnnouncements.schoolId, schoolId),
        eq(schoolAnnouncements.status, 'published'),
        lte(schoolAnnouncements.publishAt, now),
        or(isNull(schoolAnnouncements.expiresAt), sql`${schoolAnnouncements.expiresAt} > ${now}`),
        or(toParents, toClass),
      ),
    )
    .orderBy(desc(schoolAnnouncements.publishAt))
    .limit(1);
  return row;
}

/**
 * The simulator page's SMS inbox (demo only): the latest messages the SMS simulator (provider
 * 'simulator') carried to `phone` since `since`, newest first, at most `limit`.
 */
export async function simulatedSmsTo(tx: Tx, phone: string, since: Date, limit: number): Promise<{ body: string; at: Date }[]> {
  return tx
    .select({ body: smsMessages.body, at: smsMessages.createdAt })
    .from(smsMessages)
    .where(and(eq(smsMessages.toPhone, phone), eq(smsMessages.provider, 'simulator'), gte(smsMessages.createdAt, since)))
    .orderBy(desc(smsMessages.createdAt))
    .limit(limit);
}
