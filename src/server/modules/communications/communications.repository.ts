import { and, arrayContains, count, desc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { CommunicationPriority, CommunicationStatus, CommunicationStats } from '../../../shared/contracts/communications.js';
import type { Role } from '../../../shared/roles.js';
import type { Tx } from '../../db/tenant.js';
import { adminCommunications, profiles, schools, userDismissedCommunications } from '../../db/schema/index.js';
import { containsAny } from '../../lib/like.js';

export type CommunicationRow = typeof adminCommunications.$inferSelect;

/** A communication with the names the Communication Center shows. */
export interface CommunicationListRow extends CommunicationRow {
  schoolName: string | null;
  createdByName: string | null;
}

/** Filters of the admin list, already validated. `schoolId` 'platform' means platform-wide only. */
export interface CommunicationFilter {
  search?: string;
  priority?: CommunicationPriority;
  status?: CommunicationStatus;
  role?: Role;
  schoolId?: string;
}


/** Not expired at `now`: no expiry, or an expiry still ahead. */
function unexpired(now: Date): SQL {
  return or(isNull(adminCommunications.expiresAt), gt(adminCommunications.expiresAt, now))!;
}

/** The SQL condition of a status (spec §4) at `now`. */
function statusIs(status: CommunicationStatus, now: Date): SQL {
  if (status === 'expired') return lte(adminCommunications.expiresAt, now);
  return and(eq(adminCommunications.isActive, status === 'active'), unexpired(now))!;
}

function whereOf(f: CommunicationFilter, now: Date): SQL | undefined {
  // Personal alerts (a learner's absence) are not announcements: the Communication Center leaves them out.
  const parts: (SQL | undefined)[] = [eq(adminCommunications.personal, false)];
  if (f.search) parts.push(containsAny(f.search, [adminCommunications.title, adminCommunications.message]));
  if (f.priority) parts.push(eq(adminCommunications.priority, f.priority));
  if (f.status) parts.push(statusIs(f.status, now));
  if (f.role) parts.push(arrayContains(adminCommunications.targetRoles, [f.role]));
  if (f.schoolId === 'platform') parts.push(isNull(adminCommunications.schoolId));
  else if (f.schoolId) parts.push(eq(adminCommunications.schoolId, f.schoolId));
  return and(...parts);
}

const listColumns = {
  id: adminCommunications.id,
  title: adminCommunications.title,
  message: adminCommunications.message,
  priority: adminCommunications.priority,
  targetRoles: adminCommunications.targetRoles,
  schoolId: adminCommunications.schoolId,
  isActive: adminCommunications.isActive,
  dismissible: adminCommunications.dismissible,
  personal: adminCommunications.personal,
  expiresAt: adminCommunications.expiresAt,
  createdBy: adminCommunications.createdBy,
  createdAt: adminCommunications.createdAt,
  updatedAt: adminCommunications.updatedAt,
  schoolName: schools.name,
  createdByName: profiles.name,
};

/**
 * One page of communications visible in the transaction's scope that match the filter, newest first
 * (ties by id), with the total. School and author names are left joins.
 */
export async function listCommunicationPage(
  tx: Tx,
  filter: CommunicationFilter,
  paging: { limit: number; offset: number },
  now: Date,
): Promise<{ rows: CommunicationListRow[]; total: number }> {
  const where = whereOf(filter, now);
  const [totalRow] = await tx.select({ n: count() }).from(adminCommunications).where(where);
  const rows = await tx
    .select(listColumns)
    .from(adminCommunications)
    .leftJoin(schools, eq(schools.id, adminCommunications.schoolId))
    .leftJoin(profiles, eq(profiles.id, adminCommunications.createdBy))
    .where(where)
    .orderBy(desc(adminCommunications.createdAt), desc(adminCommunications.id))
    .limit(paging.limit)
    .offset(paging.offset);
  return { rows, total: Number(totalRow?.n ?? 0) };
}

/** One communication with its names, or undefined when unknown or not visible in scope. */
export async function findCommunication(tx: Tx, id: string): Promise<CommunicationListRow | undefined> {
  const [row] = await tx
    .select(listColumns)
    .from(adminCommunications)
    .leftJoin(schools, eq(schools.id, adminCommunications.schoolId))
    .leftJoin(profiles, eq(profiles.id, adminCommunications.createdBy))
    .where(eq(adminCommunications.id, id));
  return row;
}

/** The row, locked for an update or delete in this transaction. */
export async function lockCommunication(tx: Tx, id: string): Promise<CommunicationRow | undefined> {
  const [row] = await tx.select().from(adminCommunications).where(eq(adminCommunications.id, id)).for('update');
  return row;
}

export type NewCommunication = Omit<typeof adminCommunications.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertCommunication(tx: Tx, values: NewCommunication, now: Date): Promise<CommunicationRow> {
  const [row] = await tx
    .insert(adminCommunications)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export type CommunicationPatch = Partial<Pick<CommunicationRow, 'title' | 'message' | 'priority' | 'targetRoles' | 'schoolId' | 'isActive' | 'dismissible' | 'expiresAt'>>;

export async function updateCommunicationRow(tx: Tx, id: string, patch: CommunicationPatch, now: Date): Promise<CommunicationRow> {
  const [row] = await tx
    .update(adminCommunications)
    .set({ ...patch, updatedAt: now })
    .where(eq(adminCommunications.id, id))
    .returning();
  return row!;
}

/** Deletes a communication; its notifications and dismissals go with it (ON DELETE CASCADE). */
export async function deleteCommunicationRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(adminCommunications).where(eq(adminCommunications.id, id));
}

/** Is there a school with this id (visible in scope)? */
export async function schoolExists(tx: Tx, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, id));
  return !!row;
}

/** Rows of a raw query on either driver (PGlite and node-postgres both answer `{ rows }`). */
async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

const roleList = (roles: readonly string[]) =>
  sql.join(
    roles.map((r) => sql`${r}`),
    sql`, `,
  );

/**
 * Publishes a communication: one unread notification for every active user whose role is targeted
 * (and, for a school-scoped communication, who belongs to that school), in one INSERT … SELECT. Users
 * who already have one for it are skipped (unique (communication_id, user_id)), so publishing again
 * only adds the missing ones. Needs platform context (row-level security). Returns how many were added.
 */
export async function fanOutNotifications(
  tx: Tx,
  c: { id: string; targetRoles: readonly string[]; schoolId: string | null },
  now: Date,
): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(
    tx,
    sql`with added as (
          insert into notifications (user_id, school_id, communication_id, created_at, updated_at)
          select p.id, p.school_id, ${c.id}, ${now}, ${now}
          from profiles p
          where p.status = 'active'
            and p.role in (${roleList(c.targetRoles)})
            ${c.schoolId ? sql`and p.school_id = ${c.schoolId}` : sql``}
          on conflict (communication_id, user_id) do nothing
          returning 1
        )
        select count(*) as n from added`,
  );
  return Number(row?.n ?? 0);
}

/**
 * After the audience of a communication narrowed (roles or school changed): removes the unread
 * notifications of users it no longer targets. Read ones stay as history. Returns how many went.
 */
export async function removeUntargetedNotifications(
  tx: Tx,
  c: { id: string; targetRoles: readonly string[]; schoolId: string | null },
): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(
    tx,
    sql`with removed as (
          delete from notifications n
          using profiles p
          where n.communication_id = ${c.id}
            and n.is_read = false
            and p.id = n.user_id
            and not (coalesce(p.role, '') in (${roleList(c.targetRoles)})
                     ${c.schoolId ? sql`and p.school_id is not distinct from ${c.schoolId}` : sql``})
          returning 1
        )
        select count(*) as n from removed`,
  );
  return Number(row?.n ?? 0);
}

/** Counts for the Communication Center cards (spec §9: total, active, expired, byPriority) at `now`. */
export async function communicationStats(tx: Tx, now: Date): Promise<CommunicationStats> {
  const live = sql`(${adminCommunications.expiresAt} is null or ${adminCommunications.expiresAt} > ${now})`;
  const [row] = await tx
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${adminCommunications.isActive} and ${live})`.mapWith(Number),
      expired: sql<number>`count(*) filter (where ${adminCommunications.expiresAt} <= ${now})`.mapWith(Number),
      inactive: sql<number>`count(*) filter (where not ${adminCommunications.isActive} and ${live})`.mapWith(Number),
      low: sql<number>`count(*) filter (where ${adminCommunications.priority} = 'low')`.mapWith(Number),
      medium: sql<number>`count(*) filter (where ${adminCommunications.priority} = 'medium')`.mapWith(Number),
      high: sql<number>`count(*) filter (where ${adminCommunications.priority} = 'high')`.mapWith(Number),
      critical: sql<number>`count(*) filter (where ${adminCommunications.priority} = 'critical')`.mapWith(Number),
    })
    .from(adminCommunications)
    .where(eq(adminCommunications.personal, false));
  const r = row!;
  return {
    total: Number(r.total),
    active: r.active,
    expired: r.expired,
    inactive: r.inactive,
    byPriority: { low: r.low, medium: r.medium, high: r.high, critical: r.critical },
  };
}

/** A receiver of communications: their id, role and school (null for platform staff). */
export interface Receiver {
  id: string;
  role: Role;
  schoolId: string | null;
}

export interface ReceivedRow {
  id: string;
  title: string;
  message: string;
  priority: string;
  dismissible: boolean;
  expiresAt: Date | null;
  createdAt: Date;
  dismissed: boolean;
}

/** Targeted at this receiver: their role is listed and the communication is platform-wide or of their school. */
function targets(r: Receiver): SQL {
  return and(
    // Personal alerts reach their users through the bell only, never as a role's banner.
    eq(adminCommunications.personal, false),
    arrayContains(adminCommunications.targetRoles, [r.role]),
    r.schoolId ? or(isNull(adminCommunications.schoolId), eq(adminCommunications.schoolId, r.schoolId)) : isNull(adminCommunications.schoolId),
  )!;
}

/**
 * The communications a receiver sees now (spec §7 item 7): active, not expired, targeted at their role
 * (and platform-wide or of their school), newest first, with whether they dismissed each. With
 * `excludeDismissed` the dismissed ones are left out (the banners).
 */
export async function listReceived(tx: Tx, r: Receiver, now: Date, opts: { excludeDismissed: boolean; limit: number }): Promise<ReceivedRow[]> {
  const dismissedAt = userDismissedCommunications.dismissedAt;
  return tx
    .select({
      id: adminCommunications.id,
      title: adminCommunications.title,
      message: adminCommunications.message,
      priority: adminCommunications.priority,
      dismissible: adminCommunications.dismissible,
      expiresAt: adminCommunications.expiresAt,
      createdAt: adminCommunications.createdAt,
      dismissed: sql<boolean>`(${dismissedAt} is not null)`,
    })
    .from(adminCommunications)
    .leftJoin(
      userDismissedCommunications,
      and(eq(userDismissedCommunications.communicationId, adminCommunications.id), eq(userDismissedCommunications.userId, r.id)),
    )
    .where(and(eq(adminCommunications.isActive, true), unexpired(now), targets(r), opts.excludeDismissed ? isNull(dismissedAt) : undefined))
    .orderBy(desc(adminCommunications.createdAt), desc(adminCommunications.id))
    .limit(opts.limit);
}

/** A communication targeted at the receiver (whatever its status), or undefined. */
export async function findTargeted(tx: Tx, r: Receiver, id: string): Promise<CommunicationRow | undefined> {
  const [row] = await tx
    .select()
    .from(adminCommunications)
    .where(and(eq(adminCommunications.id, id), targets(r)));
  return row;
}

/** Records a dismissal; dismissing again keeps the first time. */
export async function insertDismissal(tx: Tx, userId: string, communicationId: string, now: Date): Promise<void> {
  await tx.insert(userDismissedCommunications).values({ userId, communicationId, dismissedAt: now }).onConflictDoNothing();
}
