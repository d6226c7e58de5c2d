import type { Actor } from '../../../shared/access.js';
import {
  NOTIFICATIONS_MAX_SHOWN,
  type CommunicationPriority,
  type ListNotificationsResponse,
  type Notification,
} from '../../../shared/contracts/communications.js';
import { messages } from '../../../shared/messages.js';
import { isRole } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { withScope, type TenantScope } from '../../db/tenant.js';
import { notFound } from '../../errors.js';
import type { EventBus } from '../../events/bus.js';
import { countUnread, findOwnNotification, listUnread, markAllOwnRead, markOwnRead, type NotificationRow } from './notifications.repository.js';

/** What the notifications service needs from the app. */
export interface NotificationsDeps {
  database: Database;
  events: EventBus;
}

/** The caller's own scope, never platform context: their school (none for platform staff) and their user id. */
function ownScope(actor: Actor): TenantScope {
  return { schoolId: actor.schoolId, userId: actor.id, allSchools: false };
}

export function toNotification(r: NotificationRow): Notification {
  return {
    id: r.id,
    isRead: r.isRead,
    readAt: r.readAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    communication: {
      id: r.communication.id,
      title: r.communication.title,
      message: r.communication.message,
      priority: r.communication.priority as CommunicationPriority,
      createdAt: r.communication.createdAt.toISOString(),
      targetRoles: r.communication.targetRoles.filter(isRole),
    },
  };
}

/** Tells the caller's other tabs that their notifications changed. Best effort. */
async function tellOwnTabs(events: EventBus, userId: string): Promise<void> {
  try {
    await events.publish({ type: 'notifications.changed', audience: { userIds: [userId] }, data: {} });
  } catch {
    // Clients poll as well (spec §9).
  }
}

/**
 * The bell (spec §2 Shell chrome, §7 item 4, §9): the caller's newest unread notifications whose
 * communication still shows (active, unexpired), at most 10, and how many such unread there are.
 */
export async function listMyNotifications(deps: NotificationsDeps, actor: Actor): Promise<ListNotificationsResponse> {
  const now = new Date();
  return withScope(deps.database.db, ownScope(actor), async (tx) => {
    const rows = await listUnread(tx, actor.id, now, NOTIFICATIONS_MAX_SHOWN);
    // Fewer than the limit: the list is the whole count, no second query needed.
    const unreadCount = rows.length < NOTIFICATIONS_MAX_SHOWN ? rows.length : await countUnread(tx, actor.id, now);
    return { notifications: rows.map(toNotification), unreadCount };
  });
}

/**
 * Marks one of the caller's notifications read (spec §4 Notification; §7 item 4 update by id and
 * user_id). Idempotent: an already-read notification is answered as it is (read_at unchanged). Throws
 * 404 when the notification is unknown or someone else's.
 */
export async function markNotificationRead(deps: NotificationsDeps, actor: Actor, id: string): Promise<Notification> {
  const now = new Date();
  const { row, changed } = await withScope(deps.database.db, ownScope(actor), async (tx) => {
    const changed = await markOwnRead(tx, actor.id, id, now);
    const row = await findOwnNotification(tx, actor.id, id);
    if (!row) throw notFound(messages.communications.notificationNotFound);
    return { row, changed };
  });
  if (changed) await tellOwnTabs(deps.events, actor.id);
  return toNotification(row);
}

/** Marks all the caller's unread notifications read; returns how many changed. */
export async function markAllNotificationsRead(deps: NotificationsDeps, actor: Actor): Promise<number> {
  const now = new Date();
  const updated = await withScope(deps.database.db, ownScope(actor), (tx) => markAllOwnRead(tx, actor.id, now));
  if (updated > 0) await tellOwnTabs(deps.events, actor.id);
  return updated;
}
