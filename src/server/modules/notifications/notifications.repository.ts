import { and, count, desc, eq, gt, isNull, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/tenant.js';
import { adminCommunications, notifications } from '../../db/schema/index.js';

export interface NotificationRow {
  id: string;
  isRead: boolean;
  readAt: Date | null;
  createdAt: Date;
  communication: {
    id: string;
    title: string;
    message: string;
    priority: string;
    createdAt: Date;
    targetRoles: string[];
  };
}

const columns = {
  id: notifications.id,
  isRead: notifications.isRead,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
  communication: {
    id: adminCommunications.id,
    title: adminCommunications.title,
    message: adminCommunications.message,
    priority: adminCommunications.priority,
    createdAt: adminCommunications.createdAt,
    targetRoles: adminCommunications.targetRoles,
  },
};

/** The linked communication still shows: active and not expired at `now`. */
function live(now: Date): SQL {
  return and(eq(adminCommunications.isActive, true), or(isNull(adminCommunications.expiresAt), gt(adminCommunications.expiresAt, now)))!;
}

/**
 * A user's unread notifications whose communication still shows, newest first (spec §7 item 4), at
 * most `limit`; served by the (user_id, is_read, created_at desc) index.
 */
export async function listUnread(tx: Tx, userId: string, now: Date, limit: number): Promise<NotificationRow[]> {
  return tx
    .select(columns)
    .from(notifications)
    .innerJoin(adminCommunications, eq(adminCommunications.id, notifications.communicationId))
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false), live(now)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** How many unread notifications of the user still show (the bell's badge). */
export async function countUnread(tx: Tx, userId: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(notifications)
    .innerJoin(adminCommunications, eq(adminCommunications.id, notifications.communicationId))
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false), live(now)));
  return Number(row?.n ?? 0);
}

/** One of the user's own notifications with its communication, or undefined (unknown or someone else's). */
export async function findOwnNotification(tx: Tx, userId: string, id: string): Promise<NotificationRow | undefined> {
  const [row] = await tx
    .select(columns)
    .from(notifications)
    .innerJoin(adminCommunications, eq(adminCommunications.id, notifications.communicationId))
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row;
}

/**
 * Marks one of the user's notifications read (spec §4 Notification: is_read true, read_at set).
 * Already read: unchanged (read_at keeps the first time). Returns whether a row changed.
 */
export async function markOwnRead(tx: Tx, userId: string, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(notifications)
    .set({ isRead: true, readAt: now, updatedAt: now })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Marks all the user's unread notifications read; returns how many changed. */
export async function markAllOwnRead(tx: Tx, userId: string, now: Date): Promise<number> {
  const rows = await tx
    .update(notifications)
    .set({ isRead: true, readAt: now, updatedAt: now })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}
