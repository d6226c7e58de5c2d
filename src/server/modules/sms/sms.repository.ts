import { and, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { schoolAnnouncementRecipients, schoolAnnouncements, smsMessages, students } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import type { PageWindow } from '../../lib/paging.js';
import { containsPattern } from '../../lib/like.js';

/**
 * The sms module's queries: the sms_messages log (one row per message, per school), and the
 * announcement recipients a delivery report updates. Every function runs in the caller's transaction.
 */

/** A logged SMS as the sms_messages table stores it. */
export type SmsMessageRow = typeof smsMessages.$inferSelect;

/** What a new sms_messages row carries (it is always logged as 'queued'). */
export interface NewSmsMessage {
  toPhone: string;
  body: string;
  kind: string;
  provider: string;
  studentId: string | null;
  createdBy: string | null;
  taskId: string | null;
}

/** Inserts an SMS of the school with status 'queued'; returns its id. */
export async function insertQueuedSms(tx: Tx, schoolId: string, msg: NewSmsMessage): Promise<string> {
  const [row] = await tx
    .insert(smsMessages)
    .values({
      schoolId,
      toPhone: msg.toPhone,
      body: msg.body,
      kind: msg.kind,
      status: 'queued',
      provider: msg.provider,
      studentId: msg.studentId,
      createdBy: msg.createdBy,
      taskId: msg.taskId,
    })
    .returning({ id: smsMessages.id });
  return row!.id;
}

/** The gateway's answer for one message: status, its id, cost in KES cents, error; sent_at is set when sent. */
export interface SmsSendOutcome {
  status: string;
  providerMessageId: string | null;
  costCents: number | null;
  error: string | null;
}

/** Records the gateway's answer on message `id` (sent_at now when status is 'sent', else null). */
export async function recordSmsSendOutcome(tx: Tx, id: string, result: SmsSendOutcome): Promise<void> {
  await tx
    .update(smsMessages)
    .set({ status: result.status, providerMessageId: result.providerMessageId, costCents: result.costCents, error: result.error, sentAt: result.status === 'sent' ? new Date() : null })
    .where(eq(smsMessages.id, id));
}

/** Messages (id, status) carrying the gateway's id `providerMessageId` (any school: system scope). */
export async function findSmsByProviderId(tx: Tx, providerMessageId: string): Promise<{ id: string; status: string }[]> {
  return tx.select({ id: smsMessages.id, status: smsMessages.status }).from(smsMessages).where(eq(smsMessages.providerMessageId, providerMessageId));
}

/**
 * Marks the still queued or sent messages with gateway id `providerMessageId` as `status` (error,
 * delivered_at = `deliveredAt`); returns the ids of the rows it changed.
 */
export async function markSmsReported(
  tx: Tx,
  providerMessageId: string,
  report: { status: string; error: string | null; deliveredAt: Date | null },
): Promise<{ id: string }[]> {
  return tx
    .update(smsMessages)
    .set({ status: report.status, error: report.error, deliveredAt: report.deliveredAt })
    .where(and(eq(smsMessages.providerMessageId, providerMessageId), inArray(smsMessages.status, ['queued', 'sent'])))
    .returning({ id: smsMessages.id });
}

/** Sets sms_status/sms_error of the announcement recipients whose SMS is one of `smsIds`; returns their announcement ids (one per row). */
export async function markRecipientsSmsStatus(
  tx: Tx,
  smsIds: string[],
  update: { status: string; error: string | null; at: Date },
): Promise<{ announcementId: string }[]> {
  return tx
    .update(schoolAnnouncementRecipients)
    .set({ smsStatus: update.status, smsError: update.error, updatedAt: update.at })
    .where(inArray(schoolAnnouncementRecipients.smsMessageId, smsIds))
    .returning({ announcementId: schoolAnnouncementRecipients.announcementId });
}

/** The announcements among `ids` that have an author: id and author id. */
export async function listAnnouncementAuthors(tx: Tx, ids: string[]): Promise<{ id: string; authorId: string | null }[]> {
  return tx
    .select({ id: schoolAnnouncements.id, authorId: schoolAnnouncements.authorId })
    .from(schoolAnnouncements)
    .where(and(inArray(schoolAnnouncements.id, ids), isNotNull(schoolAnnouncements.authorId)));
}

/** Filters of the SMS log. `search` matches the phone's digits (or the text) or the body, case-insensitively. */
export interface SmsFilters {
  status?: string;
  kind?: string;
  search?: string;
}

function smsConditions(schoolId: string, f: SmsFilters): SQL | undefined {
  const where: SQL[] = [eq(smsMessages.schoolId, schoolId)];
  if (f.status) where.push(eq(smsMessages.status, f.status));
  if (f.kind) where.push(eq(smsMessages.kind, f.kind));
  const search = f.search?.trim();
  if (search) where.push(sql`(${smsMessages.toPhone} like ${containsPattern(search.replace(/\D/g, '') || search)} or ${smsMessages.body} ilike ${containsPattern(search)})`);
  return and(...where);
}

/** One page of the school's SMS log, newest first (created_at desc, id desc), with the learner's names. */
export async function listSmsPage(
  tx: Tx,
  schoolId: string,
  filters: SmsFilters,
  w: PageWindow,
): Promise<{ m: SmsMessageRow; firstName: string | null; lastName: string | null }[]> {
  return tx
    .select({ m: smsMessages, firstName: students.firstName, lastName: students.lastName })
    .from(smsMessages)
    .leftJoin(students, eq(students.id, smsMessages.studentId))
    .where(smsConditions(schoolId, filters))
    .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
    .limit(w.limit)
    .offset(w.offset);
}

/** Over the whole filtered log: rows, sent (sent or delivered), failed, and cost in KES cents. */
export async function smsLogTotals(tx: Tx, schoolId: string, filters: SmsFilters): Promise<{ n: number; sent: number; failed: number; cost: number } | undefined> {
  const [agg] = await tx
    .select({
      n: count(),
      sent: sql<number>`count(*) filter (where ${smsMessages.status} in ('sent', 'delivered'))`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${smsMessages.status} = 'failed')`.mapWith(Number),
      cost: sql<number>`coalesce(sum(${smsMessages.costCents}), 0)`.mapWith(Number),
    })
    .from(smsMessages)
    .where(smsConditions(schoolId, filters));
  return agg;
}

/** Status and error of the messages `ids` (unordered; ids that are not visible are missing). */
export async function listSmsStatuses(tx: Tx, ids: string[]): Promise<{ id: string; status: string; error: string | null }[]> {
  return tx.select({ id: smsMessages.id, status: smsMessages.status, error: smsMessages.error }).from(smsMessages).where(inArray(smsMessages.id, ids));
}
