import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SUPPORT_ACTIVE_STATUSES, SUPPORT_PRIORITIES, SUPPORT_TARGETS } from '../../../shared/contracts/support.js';
import { ADMIN_ROLES } from '../../../shared/roles.js';
import { profiles, schools, supportCannedReplies, supportTicketReplies, supportTickets } from '../../db/schema/index.js';
import type { AttachmentRef } from '../../db/schema/announcements.js';
import type { Tx } from '../../db/tenant.js';
import type { PageWindow } from '../../lib/paging.js';
import { containsPattern } from '../../lib/like.js';

/**
 * Queries of the support tickets service: tickets with their school, opener, assignee and reply count,
 * their threads, canned replies, EduFam staff and the figures of the Support Center. EduFam staff run
 * them in the platform context (every school); school users in their school's (row-level security).
 */

export type { AttachmentRef };
export type TicketRow = typeof supportTickets.$inferSelect;
export type TicketReplyRow = typeof supportTicketReplies.$inferSelect;
export type CannedReplyRow = typeof supportCannedReplies.$inferSelect;
/** Columns of a ticket an update may set. */
export type TicketPatch = Partial<TicketRow>;

/**
 * Which tickets a caller may see: every school's (EduFam staff), none (a user without a school), the
 * school's (director) or the ones `openedBy` opened in the school (other school users).
 */
export type TicketScope = { kind: 'all' } | { kind: 'none' } | { kind: 'school'; schoolId: string } | { kind: 'opener'; schoolId: string; openedBy: string };

/** Who reads tickets: what they may see, and whether internal notes count in the reply counts. */
export interface TicketViewer {
  scope: TicketScope;
  internalNotes: boolean;
}

/** Filters of the ticket list; every one optional. */
export interface TicketFilters {
  /** 'active' = open, in progress or waiting for the school. */
  status?: string;
  priority?: string;
  category?: string;
  schoolId?: string;
  /** 'unassigned', or the id of the assignee. */
  assignedTo?: string;
  /** true: past a target right now; false: not. */
  overdue?: boolean;
  /** Text in the subject or description, or a ticket number ("12", "T-12"). */
  search?: string;
}

/** A ticket with what the lists show beside it. */
export interface TicketSummaryRow {
  t: TicketRow;
  schoolName: string;
  openerId: string | null;
  openerName: string | null;
  openerRole: string | null;
  assigneeName: string | null;
  /** Replies the viewer can see. */
  replies: number;
}

/** SQL: minutes of a target for the row's priority (mirrors SUPPORT_TARGETS). */
function targetMinutesSql(kind: 'firstResponseMinutes' | 'resolutionMinutes'): SQL {
  const cases = SUPPORT_PRIORITIES.map((p) => sql`when ${p} then ${SUPPORT_TARGETS[p][kind]}::int`);
  return sql`(case ${supportTickets.priority} ${sql.join(cases, sql` `)} else ${SUPPORT_TARGETS.normal[kind]}::int end)`;
}

/** SQL: an active ticket past its first-response or resolution target right now. */
function overdueSql(): SQL {
  return sql`(${supportTickets.status} in ('open', 'in_progress', 'waiting_for_school') and (
    (${supportTickets.firstResponseAt} is null and now() > ${supportTickets.createdAt} + ${targetMinutesSql('firstResponseMinutes')} * interval '1 minute')
    or now() > ${supportTickets.createdAt} + ${targetMinutesSql('resolutionMinutes')} * interval '1 minute'))`;
}

const opener = alias(profiles, 'support_opener');
const assignee = alias(profiles, 'support_assignee');

/** The condition of a scope (undefined: every row the transaction can see). */
function visibleSql(scope: TicketScope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'none':
      return sql`false`;
    case 'school':
      return eq(supportTickets.schoolId, scope.schoolId);
    case 'opener':
      return and(eq(supportTickets.schoolId, scope.schoolId), eq(supportTickets.openedBy, scope.openedBy));
  }
}

function repliesCountSql(internalNotes: boolean): SQL<number> {
  const internal = internalNotes ? sql`` : sql` and not r.internal`;
  return sql<number>`(select count(*)::int from ${supportTicketReplies} r where r.ticket_id = ${supportTickets.id}${internal})`;
}

function summaryQuery(tx: Tx, viewer: TicketViewer) {
  return tx
    .select({
      t: supportTickets,
      schoolName: schools.name,
      openerId: opener.id,
      openerName: opener.name,
      openerRole: opener.role,
      assigneeName: assignee.name,
      replies: repliesCountSql(viewer.internalNotes),
    })
    .from(supportTickets)
    .innerJoin(schools, eq(schools.id, supportTickets.schoolId))
    .leftJoin(opener, eq(opener.id, supportTickets.openedBy))
    .leftJoin(assignee, eq(assignee.id, supportTickets.assignedTo));
}

function filtersSql(scope: TicketScope, f: TicketFilters): SQL | undefined {
  const where: (SQL | undefined)[] = [visibleSql(scope)];
  if (f.status === 'active') where.push(inArray(supportTickets.status, [...SUPPORT_ACTIVE_STATUSES]));
  else if (f.status) where.push(eq(supportTickets.status, f.status));
  if (f.priority) where.push(eq(supportTickets.priority, f.priority));
  if (f.category) where.push(eq(supportTickets.category, f.category));
  if (f.schoolId) where.push(eq(supportTickets.schoolId, f.schoolId));
  if (f.assignedTo === 'unassigned') where.push(isNull(supportTickets.assignedTo));
  else if (f.assignedTo) where.push(eq(supportTickets.assignedTo, f.assignedTo));
  if (f.overdue === true) where.push(overdueSql());
  else if (f.overdue === false) where.push(sql`not ${overdueSql()}`);
  if (f.search) {
    const text = f.search.trim();
    const num = /^(?:t-?)?(\d{1,9})$/i.exec(text);
    const pattern = containsPattern(text);
    where.push(or(ilike(supportTickets.subject, pattern), ilike(supportTickets.description, pattern), ...(num ? [eq(supportTickets.number, Number(num[1]))] : [])));
  }
  return and(...where);
}

/** How many tickets in the scope match the filters. */
export async function countTickets(tx: Tx, scope: TicketScope, f: TicketFilters): Promise<number> {
  const [totalRow] = await tx.select({ n: count() }).from(supportTickets).where(filtersSql(scope, f));
  return Number(totalRow?.n ?? 0);
}

/** One page of the tickets in the viewer's scope matching the filters; newest first (then number, id). */
export async function listTicketSummaries(tx: Tx, viewer: TicketViewer, f: TicketFilters, w: PageWindow): Promise<TicketSummaryRow[]> {
  return summaryQuery(tx, viewer)
    .where(filtersSql(viewer.scope, f))
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.number), desc(supportTickets.id))
    .limit(w.limit)
    .offset(w.offset);
}

/** Ticket `id` if in the viewer's scope; `forUpdate` locks the ticket row. */
export async function findTicketSummary(tx: Tx, viewer: TicketViewer, id: string, forUpdate = false): Promise<TicketSummaryRow | undefined> {
  const query = summaryQuery(tx, viewer).where(and(eq(supportTickets.id, id), visibleSql(viewer.scope)));
  const [row] = forUpdate ? await query.for('update', { of: supportTickets }) : await query;
  return row;
}

/** The thread of a ticket with each author's name and role (internal notes only when asked), oldest first. */
export async function listTicketReplies(tx: Tx, ticketId: string, internalNotes: boolean): Promise<{ r: TicketReplyRow; name: string | null; role: string | null }[]> {
  const author = alias(profiles, 'support_author');
  return tx
    .select({ r: supportTicketReplies, name: author.name, role: author.role })
    .from(supportTicketReplies)
    .leftJoin(author, eq(author.id, supportTicketReplies.authorId))
    .where(and(eq(supportTicketReplies.ticketId, ticketId), internalNotes ? undefined : eq(supportTicketReplies.internal, false)))
    .orderBy(asc(supportTicketReplies.createdAt), asc(supportTicketReplies.id));
}

/** The attachment lists of a ticket's replies (internal notes only when asked). */
export async function listReplyAttachments(tx: Tx, ticketId: string, internalNotes: boolean): Promise<{ attachments: AttachmentRef[] }[]> {
  return tx
    .select({ attachments: supportTicketReplies.attachments })
    .from(supportTicketReplies)
    .where(and(eq(supportTicketReplies.ticketId, ticketId), internalNotes ? undefined : eq(supportTicketReplies.internal, false)));
}

/** Inserts a ticket; returns the row (number, status and stamps from the database). */
export async function insertTicket(tx: Tx, values: typeof supportTickets.$inferInsert): Promise<TicketRow> {
  const [t] = await tx.insert(supportTickets).values(values).returning();
  return t!;
}

/** Inserts a reply or internal note; returns the row. */
export async function insertTicketReply(tx: Tx, values: typeof supportTicketReplies.$inferInsert): Promise<TicketReplyRow> {
  const [r] = await tx.insert(supportTicketReplies).values(values).returning();
  return r!;
}

/** Sets columns of ticket `id`. */
export async function updateTicketFields(tx: Tx, id: string, patch: TicketPatch): Promise<void> {
  await tx.update(supportTickets).set(patch).where(eq(supportTickets.id, id));
}

/** Stores the rating of ticket `id` unless it has one; false when it had one. */
export async function setTicketRatingOnce(tx: Tx, id: string, rating: number, comment: string | null, now: Date): Promise<boolean> {
  const updated = await tx
    .update(supportTickets)
    .set({ satisfactionRating: rating, satisfactionComment: comment, updatedAt: now })
    .where(and(eq(supportTickets.id, id), isNull(supportTickets.satisfactionRating)))
    .returning({ id: supportTickets.id });
  return updated.length > 0;
}

/** E-mail, name and saved language (profiles.locale) of profile `id` (the opener a support reply is mailed to). */
export async function findProfileContact(tx: Tx, id: string): Promise<{ email: string; name: string; locale: string } | undefined> {
  const [who] = await tx.select({ email: profiles.email, name: profiles.name, locale: profiles.locale }).from(profiles).where(eq(profiles.id, id));
  return who;
}

/** Name and role of profile `id` (a reply's author). */
export async function findProfileNameRole(tx: Tx, id: string): Promise<{ name: string; role: string | null } | undefined> {
  const [me] = await tx.select({ name: profiles.name, role: profiles.role }).from(profiles).where(eq(profiles.id, id));
  return me;
}

/** Name of profile `id` when it is active EduFam staff (an assignee). */
export async function findActiveStaffName(tx: Tx, id: string): Promise<string | undefined> {
  const [staff] = await tx
    .select({ name: profiles.name })
    .from(profiles)
    .where(and(eq(profiles.id, id), inArray(profiles.role, [...ADMIN_ROLES]), eq(profiles.status, 'active')));
  return staff?.name;
}

/** Active EduFam staff profiles, by name. */
export async function listActiveStaff(tx: Tx): Promise<{ id: string; name: string; email: string; role: string | null }[]> {
  return tx
    .select({ id: profiles.id, name: profiles.name, email: profiles.email, role: profiles.role })
    .from(profiles)
    .where(and(inArray(profiles.role, [...ADMIN_ROLES]), eq(profiles.status, 'active')))
    .orderBy(asc(profiles.name));
}

/** Canned replies by title (then id). */
export async function listCannedReplies(tx: Tx): Promise<CannedReplyRow[]> {
  return tx.select().from(supportCannedReplies).orderBy(asc(supportCannedReplies.title), asc(supportCannedReplies.id));
}

/** Updates canned reply `id`; undefined when there is none. */
export async function updateCannedReply(tx: Tx, id: string, v: { title: string; body: string; updatedAt: Date }): Promise<CannedReplyRow | undefined> {
  const [r] = await tx.update(supportCannedReplies).set({ title: v.title, body: v.body, updatedAt: v.updatedAt }).where(eq(supportCannedReplies.id, id)).returning();
  return r;
}

/** Inserts a canned reply; returns the row. */
export async function insertCannedReply(tx: Tx, v: { title: string; body: string; createdBy: string }): Promise<CannedReplyRow> {
  const [r] = await tx.insert(supportCannedReplies).values({ title: v.title, body: v.body, createdBy: v.createdBy }).returning();
  return r!;
}

/** Deletes canned reply `id`; false when there was none. */
export async function deleteCannedReply(tx: Tx, id: string): Promise<boolean> {
  const gone = await tx.delete(supportCannedReplies).where(eq(supportCannedReplies.id, id)).returning({ id: supportCannedReplies.id });
  return gone.length > 0;
}

/** Number of tickets per status (statuses without tickets absent). */
export async function countTicketsByStatus(tx: Tx): Promise<{ status: string; n: number }[]> {
  return tx.select({ status: supportTickets.status, n: count() }).from(supportTickets).groupBy(supportTickets.status);
}

/** Tickets open, in progress or waiting for the school. */
export async function listActiveTickets(tx: Tx): Promise<TicketRow[]> {
  return tx.select().from(supportTickets).where(inArray(supportTickets.status, [...SUPPORT_ACTIVE_STATUSES]));
}

/** Tickets opened at or after `since`. */
export async function listTicketsOpenedSince(tx: Tx, since: Date): Promise<TicketRow[]> {
  return tx.select().from(supportTickets).where(sql`${supportTickets.createdAt} >= ${since.toISOString()}`);
}
