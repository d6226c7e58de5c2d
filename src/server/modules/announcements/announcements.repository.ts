import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { adminCommunications, guardians, notifications, profiles, schoolAnnouncementRecipients as recipientsT, schoolAnnouncements as annT } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import type { PageWindow } from '../../lib/paging.js';
import { containsPattern } from '../../lib/like.js';

/**
 * The announcements module's queries: school_announcements, their recipients (one row per person,
 * unique per announcement, with read and delivery status: an account, or a guardian without one), and the bell (a personal communication
 * with one notification per recipient). Every function runs in the caller's transaction.
 */

/** An announcement as school_announcements stores it. */
export type AnnouncementRow = typeof annT.$inferSelect;
/** What a new school_announcements row carries. */
export type NewAnnouncement = typeof annT.$inferInsert;
/** What a new recipient row carries. */
export type NewRecipient = typeof recipientsT.$inferInsert;
/** A recipient as school_announcement_recipients stores it. */
export type RecipientRow = typeof recipientsT.$inferSelect;
/** What a new admin_communications row (the bell's message) carries. */
export type NewBellCommunication = typeof adminCommunications.$inferInsert;


// ------------------------------------------------------------------------------------------------
// Writing and publishing

/** Inserts an announcement; returns the stored row. */
export async function insertAnnouncement(tx: Tx, values: NewAnnouncement): Promise<AnnouncementRow> {
  const [row] = await tx.insert(annT).values(values).returning();
  return row!;
}

/** Inserts recipient rows, 500 per statement; a person already a recipient of the announcement is skipped. */
export async function insertRecipients(tx: Tx, rows: NewRecipient[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await tx.insert(recipientsT).values(rows.slice(i, i + 500)).onConflictDoNothing();
}

/** Inserts the bell's personal communication; returns its id. Needs the platform scope (drizzle/0003 policies). */
export async function insertBellCommunication(tx: Tx, values: NewBellCommunication): Promise<string> {
  const [comm] = await tx.insert(adminCommunications).values(values).returning({ id: adminCommunications.id });
  return comm!.id;
}

/** Inserts one bell notification of communication `communicationId` per user, 1000 per statement (existing ones skipped). */
export async function insertBellNotifications(tx: Tx, schoolId: string, communicationId: string, userIds: string[]): Promise<void> {
  for (let i = 0; i < userIds.length; i += 1000) {
    await tx
      .insert(notifications)
      .values(userIds.slice(i, i + 1000).map((userId) => ({ userId, schoolId, communicationId })))
      .onConflictDoNothing();
  }
}

/** Marks announcement `id` published at `now` with its recipient count and bell communication. */
export async function markPublished(tx: Tx, id: string, now: Date, recipientCount: number, communicationId: string | null): Promise<void> {
  await tx.update(annT).set({ status: 'published', publishedAt: now, recipientCount, communicationId, updatedAt: now }).where(eq(annT.id, id));
}

/** Who a recipient row is: an account (userId) or a guardian without one (guardianId). */
export interface RecipientRef {
  userId: string | null;
  guardianId: string | null;
}

/** The recipient row of `who` in announcement `announcementId`. */
const recipientIs = (announcementId: string, who: RecipientRef) =>
  and(eq(recipientsT.announcementId, announcementId), who.userId ? eq(recipientsT.userId, who.userId) : and(isNull(recipientsT.userId), eq(recipientsT.guardianId, who.guardianId ?? '')));

/** Records on a recipient row which sms_messages row carries their SMS. */
export async function linkRecipientSms(tx: Tx, announcementId: string, who: RecipientRef, smsMessageId: string): Promise<void> {
  await tx.update(recipientsT).set({ smsMessageId }).where(recipientIs(announcementId, who));
}

/** A channel's outcome for one recipient. */
export interface ChannelOutcome {
  status: string;
  error: string | null;
}

/**
 * Records a recipient's SMS and/or e-mail outcome (a channel left undefined is not touched). The SMS
 * status only replaces 'queued': a delivery report that already landed (delivered or failed) is newer.
 */
export async function recordRecipientDelivery(tx: Tx, announcementId: string, who: RecipientRef, r: { sms?: ChannelOutcome; email?: ChannelOutcome }, now: Date): Promise<void> {
  await tx
    .update(recipientsT)
    .set({
      ...(r.sms
        ? {
            smsStatus: sql`case when ${recipientsT.smsStatus} = 'queued' then ${r.sms.status} else ${recipientsT.smsStatus} end`,
            smsError: sql`case when ${recipientsT.smsStatus} = 'queued' then ${r.sms.error}::text else ${recipientsT.smsError} end`,
          }
        : {}),
      ...(r.email ? { emailStatus: r.email.status, emailError: r.email.error } : {}),
      updatedAt: now,
    })
    .where(recipientIs(announcementId, who));
}

/** Up to 100 scheduled announcements whose publish_at is at or before `now` (of one school, or all), earliest first. */
export async function listDueAnnouncements(tx: Tx, schoolId: string | undefined, now: Date): Promise<{ id: string; schoolId: string }[]> {
  return tx
    .select({ id: annT.id, schoolId: annT.schoolId })
    .from(annT)
    .where(and(eq(annT.status, 'scheduled'), lte(annT.publishAt, now), schoolId ? eq(annT.schoolId, schoolId) : undefined))
    .orderBy(asc(annT.publishAt))
    .limit(100);
}

/** Announcement `id` if it is still scheduled, locked for update (skip locked: undefined when another sweep holds it). */
export async function lockScheduledAnnouncement(tx: Tx, id: string): Promise<AnnouncementRow | undefined> {
  const [ann] = await tx.select().from(annT).where(and(eq(annT.id, id), eq(annT.status, 'scheduled'))).for('update', { skipLocked: true });
  return ann;
}

/** Sets announcement `id`'s pinned flag. */
export async function setPinned(tx: Tx, id: string, pinned: boolean): Promise<void> {
  await tx.update(annT).set({ pinned, updatedAt: new Date() }).where(eq(annT.id, id));
}

/** Cancels announcement `id` if it is scheduled; returns its id, or undefined when it was not scheduled. */
export async function cancelScheduled(tx: Tx, id: string): Promise<{ id: string } | undefined> {
  const [upd] = await tx
    .update(annT)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(eq(annT.id, id), eq(annT.status, 'scheduled')))
    .returning({ id: annT.id });
  return upd;
}

// ------------------------------------------------------------------------------------------------
// Reading

/** Published, not expired at `now`, and addressed to `userId`. */
const visibleToReader = (userId: string, now: Date) =>
  and(
    eq(annT.status, 'published'),
    or(isNull(annT.expiresAt), sql`${annT.expiresAt} > ${now.toISOString()}`),
    sql`exists (select 1 from ${recipientsT} r where r.announcement_id = ${annT.id} and r.user_id = ${userId})`,
  )!;

/**
 * Filters of the announcement list for reader `userId` at `now`. `only`: 'mine' (written by them),
 * 'all' (every one of the school), or 'mineOrAddressed' (written by them, or published, not expired and
 * addressed to them). `unread` keeps those addressed to them and unread; `text` searches title and body.
 */
export interface AnnouncementFilters {
  userId: string;
  now: Date;
  only: 'mine' | 'all' | 'mineOrAddressed';
  status?: string;
  unread?: boolean;
  text?: string;
}

function announcementConditions(schoolId: string, f: AnnouncementFilters): SQL | undefined {
  const where: SQL[] = [eq(annT.schoolId, schoolId)];
  const mineCond = eq(annT.authorId, f.userId);
  if (f.only === 'mine') where.push(mineCond);
  else if (f.only === 'mineOrAddressed') where.push(or(mineCond, visibleToReader(f.userId, f.now))!);
  if (f.status) where.push(eq(annT.status, f.status));
  if (f.unread) where.push(sql`exists (select 1 from ${recipientsT} r where r.announcement_id = ${annT.id} and r.user_id = ${f.userId} and r.read_at is null)`);
  const text = f.text?.trim();
  if (text) {
    const like = containsPattern(text);
    where.push(sql`(${annT.title} ilike ${like} or ${annT.body} ilike ${like})`);
  }
  return and(...where);
}

/** One page of the school's announcements: pinned first, then newest (published_at, else publish_at), then id. */
export async function listAnnouncementPage(tx: Tx, schoolId: string, f: AnnouncementFilters, w: PageWindow): Promise<AnnouncementRow[]> {
  return tx
    .select()
    .from(annT)
    .where(announcementConditions(schoolId, f))
    .orderBy(desc(annT.pinned), desc(sql`coalesce(${annT.publishedAt}, ${annT.publishAt})`), desc(annT.id))
    .limit(w.limit)
    .offset(w.offset);
}

/** How many of the school's announcements match `f`. */
export async function countAnnouncements(tx: Tx, schoolId: string, f: AnnouncementFilters): Promise<number> {
  const [total] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(annT).where(announcementConditions(schoolId, f));
  return total?.n ?? 0;
}

/** How many announcements addressed to `userId` are published, not expired at `now`, and unread. */
export async function countUnread(tx: Tx, userId: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(recipientsT)
    .innerJoin(annT, eq(annT.id, recipientsT.announcementId))
    .where(and(eq(recipientsT.userId, userId), isNull(recipientsT.readAt), eq(annT.status, 'published'), or(isNull(annT.expiresAt), sql`${annT.expiresAt} > ${now.toISOString()}`)));
  return row?.n ?? 0;
}

/** The school's announcement `id`, if any. */
export async function findAnnouncement(tx: Tx, schoolId: string, id: string): Promise<AnnouncementRow | undefined> {
  const [ann] = await tx.select().from(annT).where(and(eq(annT.id, id), eq(annT.schoolId, schoolId)));
  return ann;
}

/** Names of the profiles `ids` (id, name). */
export async function listProfileNames(tx: Tx, ids: string[]): Promise<{ id: string; name: string }[]> {
  return tx.select({ id: profiles.id, name: profiles.name }).from(profiles).where(inArray(profiles.id, ids));
}

/** `userId`'s recipient rows among announcements `ids`: announcement id and when they read it (null: unread). */
export async function listReadStates(tx: Tx, ids: string[], userId: string): Promise<{ id: string; readAt: Date | null }[]> {
  return tx.select({ id: recipientsT.announcementId, readAt: recipientsT.readAt }).from(recipientsT).where(and(inArray(recipientsT.announcementId, ids), eq(recipientsT.userId, userId)));
}

/** How many recipients have read each of announcements `ids` (announcements without recipients are missing). */
export async function listReadCounts(tx: Tx, ids: string[]): Promise<{ id: string; read: number }[]> {
  return tx
    .select({ id: recipientsT.announcementId, read: sql<number>`count(${recipientsT.readAt})`.mapWith(Number) })
    .from(recipientsT)
    .where(inArray(recipientsT.announcementId, ids))
    .groupBy(recipientsT.announcementId);
}

/** `userId`'s recipient row of announcement `id` (the announcement id), if they are a recipient. */
export async function findRecipient(tx: Tx, id: string, userId: string): Promise<{ id: string } | undefined> {
  const [r] = await tx.select({ id: recipientsT.announcementId }).from(recipientsT).where(and(eq(recipientsT.announcementId, id), eq(recipientsT.userId, userId)));
  return r;
}

/** When `userId` read announcement `id` (readAt null: unread); undefined when they are not a recipient. */
export async function findRecipientReadAt(tx: Tx, id: string, userId: string): Promise<{ readAt: Date | null } | undefined> {
  const [row] = await tx.select({ readAt: recipientsT.readAt }).from(recipientsT).where(and(eq(recipientsT.announcementId, id), eq(recipientsT.userId, userId)));
  return row;
}

/** Marks announcement `id` read by `userId` at `now` (a read_at already set is kept); returns the stored read_at. */
export async function markRecipientRead(tx: Tx, id: string, userId: string, now: Date): Promise<{ readAt: Date | null } | undefined> {
  const [upd] = await tx
    .update(recipientsT)
    .set({ readAt: sql`coalesce(${recipientsT.readAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
    .where(and(eq(recipientsT.announcementId, id), eq(recipientsT.userId, userId)))
    .returning({ readAt: recipientsT.readAt });
  return upd;
}

/** Marks `userId`'s unread bell notification of communication `communicationId` read at `now`. */
export async function markBellNotificationRead(tx: Tx, communicationId: string, userId: string, now: Date): Promise<void> {
  await tx
    .update(notifications)
    .set({ isRead: true, readAt: now, updatedAt: now })
    .where(and(eq(notifications.communicationId, communicationId), eq(notifications.userId, userId), eq(notifications.isRead, false)));
}

/** An announcement's recipients in summary: how many, how many read, and per channel how many per status. */
export interface RecipientTotals {
  n: number;
  /** Recipients with an account (those who can read it in the app). */
  accounts: number;
  read: number;
  smsSent: number;
  smsDelivered: number;
  smsFailed: number;
  smsQueued: number;
  emailSent: number;
  emailDelivered: number;
  emailFailed: number;
  emailQueued: number;
}

/** The recipient summary of announcement `id`. */
export async function recipientTotals(tx: Tx, id: string): Promise<RecipientTotals | undefined> {
  const status = (col: typeof recipientsT.smsStatus | typeof recipientsT.emailStatus, v: string) => sql<number>`count(*) filter (where ${col} = ${v})`.mapWith(Number);
  const [agg] = await tx
    .select({
      n: sql<number>`count(*)`.mapWith(Number),
      accounts: sql<number>`count(${recipientsT.userId})`.mapWith(Number),
      read: sql<number>`count(${recipientsT.readAt})`.mapWith(Number),
      smsSent: status(recipientsT.smsStatus, 'sent'),
      smsDelivered: status(recipientsT.smsStatus, 'delivered'),
      smsFailed: status(recipientsT.smsStatus, 'failed'),
      smsQueued: status(recipientsT.smsStatus, 'queued'),
      emailSent: status(recipientsT.emailStatus, 'sent'),
      emailDelivered: status(recipientsT.emailStatus, 'delivered'),
      emailFailed: status(recipientsT.emailStatus, 'failed'),
      emailQueued: status(recipientsT.emailStatus, 'queued'),
    })
    .from(recipientsT)
    .where(eq(recipientsT.announcementId, id));
  return agg;
}

/** Filters of an announcement's recipient list: read or unread only (accounts); `text` searches the person's name. */
export interface RecipientFilters {
  read?: 'read' | 'unread';
  text?: string;
}

function recipientConditions(id: string, f: RecipientFilters): SQL | undefined {
  const where: SQL[] = [eq(recipientsT.announcementId, id)];
  if (f.read === 'read') where.push(isNotNull(recipientsT.readAt));
  if (f.read === 'unread') where.push(isNull(recipientsT.readAt), isNotNull(recipientsT.userId));
  const text = f.text?.trim();
  if (text) where.push(sql`${recipientName} ilike ${containsPattern(text)}`);
  return and(...where);
}

/** The recipient's name: the account's, else the guardian's (listRecipientPage's joins). */
const recipientName = sql<string>`coalesce(${profiles.name}, ${guardians.name})`;

/**
 * One page of announcement `id`'s recipients with their name and role (none for a guardian without an
 * account), by name then user id, then guardian id.
 */
export async function listRecipientPage(tx: Tx, id: string, f: RecipientFilters, w: PageWindow): Promise<{ r: RecipientRow; name: string | null; role: string | null }[]> {
  return tx
    .select({ r: recipientsT, name: recipientName, role: profiles.role })
    .from(recipientsT)
    .leftJoin(profiles, eq(profiles.id, recipientsT.userId))
    .leftJoin(guardians, eq(guardians.id, recipientsT.guardianId))
    .where(recipientConditions(id, f))
    .orderBy(asc(recipientName), asc(recipientsT.userId), asc(recipientsT.guardianId))
    .limit(w.limit)
    .offset(w.offset);
}

/** How many of announcement `id`'s recipients match `f`. */
export async function countRecipients(tx: Tx, id: string, f: RecipientFilters): Promise<number> {
  const [filtered] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(recipientsT)
    .leftJoin(profiles, eq(profiles.id, recipientsT.userId))
    .leftJoin(guardians, eq(guardians.id, recipientsT.guardianId))
    .where(recipientConditions(id, f));
  return filtered?.n ?? 0;
}
