import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { guardians, profiles, schoolAnnouncementRecipients, schoolAnnouncements, schools, smsMessages, smsReplies, studentGuardians, students } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import type { PageWindow } from '../../lib/paging.js';

/**
 * The queries of two-way SMS (issue 36 §2, §5): replies (sms_replies), the guardians and the school a
 * phone belongs to, the latest SMS a school sent to a phone and who sent it, and guardians' opt-out of
 * non-essential SMS (guardians.sms_opt_out_at). Every function runs in the caller's transaction; the
 * callback's reads run in system scope (any school), the inbox's in the reader's school.
 */

/** Whether a reply with Africa's Talking id `providerId` is stored already (system scope). */
export async function replyExists(tx: Tx, providerId: string): Promise<boolean> {
  const [row] = await tx.select({ id: smsReplies.id }).from(smsReplies).where(eq(smsReplies.providerId, providerId)).limit(1);
  return !!row;
}

/** The guardians with phone `phone` in any school (system scope): id, school, name, language. */
export async function guardiansWithPhone(tx: Tx, phone: string): Promise<{ id: string; schoolId: string; name: string; preferredLanguage: string | null; smsOptOutAt: Date | null }[]> {
  return tx
    .select({ id: guardians.id, schoolId: guardians.schoolId, name: guardians.name, preferredLanguage: guardians.preferredLanguage, smsOptOutAt: guardians.smsOptOutAt })
    .from(guardians)
    .where(eq(guardians.phone, phone))
    .orderBy(desc(guardians.updatedAt), desc(guardians.id));
}

/**
 * The latest SMS sent to `phone` (by any school, or by one of `schoolIds` when given; with `withSender`
 * only those a person sent, not the system's own such as a STOP confirmation): its id, school, sender
 * (created_by) and, for an announcement's SMS, the announcement's author.
 */
export async function latestSmsTo(
  tx: Tx,
  phone: string,
  schoolIds?: string[],
  withSender = false,
): Promise<{ id: string; schoolId: string; createdBy: string | null; authorId: string | null } | undefined> {
  if (schoolIds && schoolIds.length === 0) return undefined;
  const [row] = await tx
    .select({ id: smsMessages.id, schoolId: smsMessages.schoolId, createdBy: smsMessages.createdBy, authorId: schoolAnnouncements.authorId })
    .from(smsMessages)
    .leftJoin(schoolAnnouncementRecipients, eq(schoolAnnouncementRecipients.smsMessageId, smsMessages.id))
    .leftJoin(schoolAnnouncements, eq(schoolAnnouncements.id, schoolAnnouncementRecipients.announcementId))
    .where(and(eq(smsMessages.toPhone, phone), schoolIds ? inArray(smsMessages.schoolId, schoolIds) : undefined, withSender ? isNotNull(smsMessages.createdBy) : undefined))
    .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
    .limit(1);
  return row;
}

/** Whether profile `id` is an active staff member (a school role other than parent) of school `schoolId`. */
export async function isStaffOf(tx: Tx, schoolId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, id), eq(profiles.schoolId, schoolId), sql`${profiles.role} is not null and ${profiles.role} <> 'parent'`))
    .limit(1);
  return !!row;
}

/** The school's name and default language, if it exists. */
export async function findSchool(tx: Tx, schoolId: string): Promise<{ name: string; defaultLocale: string } | undefined> {
  const [row] = await tx.select({ name: schools.name, defaultLocale: schools.defaultLocale }).from(schools).where(eq(schools.id, schoolId));
  return row;
}

/** What a new sms_replies row carries. */
export type NewSmsReply = typeof smsReplies.$inferInsert;

/** Stores a reply unless one with its provider id exists; returns its id, or undefined for a repeat. */
export async function insertReply(tx: Tx, reply: NewSmsReply): Promise<string | undefined> {
  const [row] = await tx.insert(smsReplies).values(reply).onConflictDoNothing({ target: smsReplies.providerId }).returning({ id: smsReplies.id });
  return row?.id;
}

/** Sets guardian `id`'s opt-out of non-essential SMS (`at`, or null to opt back in), in school `schoolId`. */
export async function setGuardianSmsOptOut(tx: Tx, schoolId: string, id: string, at: Date | null): Promise<void> {
  await tx.update(guardians).set({ smsOptOutAt: at, updatedAt: new Date() }).where(and(eq(guardians.id, id), eq(guardians.schoolId, schoolId)));
}

/** Whether a guardian of school `schoolId` with phone `phone` opted out of non-essential SMS. */
export async function phoneOptedOut(tx: Tx, schoolId: string, phone: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: guardians.id })
    .from(guardians)
    .where(and(eq(guardians.schoolId, schoolId), eq(guardians.phone, phone), sql`${guardians.smsOptOutAt} is not null`))
    .limit(1);
  return !!row;
}

/** Which replies the reader sees: the school's (a manager) or only those for `staffId`. */
export interface ReplyScope {
  schoolId: string;
  staffId: string | null;
}

function replyConditions(s: ReplyScope, extra?: SQL): SQL | undefined {
  return and(eq(smsReplies.schoolId, s.schoolId), s.staffId ? eq(smsReplies.staffId, s.staffId) : undefined, extra);
}

/** One page of replies, newest first (received_at desc, id desc), with the guardian's name. */
export async function listReplies(tx: Tx, s: ReplyScope, w: PageWindow) {
  return tx
    .select({ r: smsReplies, guardianName: guardians.name })
    .from(smsReplies)
    .leftJoin(guardians, eq(guardians.id, smsReplies.guardianId))
    .where(replyConditions(s))
    .orderBy(desc(smsReplies.receivedAt), desc(smsReplies.id))
    .limit(w.limit)
    .offset(w.offset);
}

/** Reply `id` if the reader sees it, with the guardian's name. */
export async function findReply(tx: Tx, s: ReplyScope, id: string) {
  const [row] = await tx
    .select({ r: smsReplies, guardianName: guardians.name })
    .from(smsReplies)
    .leftJoin(guardians, eq(guardians.id, smsReplies.guardianId))
    .where(replyConditions(s, eq(smsReplies.id, id)));
  return row;
}

/** All replies the reader sees, and how many of them are unread. */
export async function countReplies(tx: Tx, s: ReplyScope): Promise<{ total: number; unread: number }> {
  const [row] = await tx
    .select({ total: count(), unread: sql<number>`count(*) filter (where ${smsReplies.readAt} is null)`.mapWith(Number) })
    .from(smsReplies)
    .where(replyConditions(s));
  return { total: Number(row?.total ?? 0), unread: row?.unread ?? 0 };
}

/** Marks reply `id` read now (once: a read reply keeps its first read time). */
export async function markReplyRead(tx: Tx, id: string): Promise<void> {
  await tx.update(smsReplies).set({ readAt: new Date() }).where(and(eq(smsReplies.id, id), isNull(smsReplies.readAt)));
}

/** The names of the learners of guardians `guardianIds` (first and last name), by guardian. */
export async function learnersOfGuardians(tx: Tx, guardianIds: string[]): Promise<{ guardianId: string; firstName: string; lastName: string }[]> {
  if (guardianIds.length === 0) return [];
  return tx
    .select({ guardianId: studentGuardians.guardianId, firstName: students.firstName, lastName: students.lastName })
    .from(studentGuardians)
    .innerJoin(students, eq(students.id, studentGuardians.studentId))
    .where(inArray(studentGuardians.guardianId, guardianIds))
    .orderBy(students.firstName, students.lastName, students.id);
}
