import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listNotificationsResponse, notificationIdParams, notificationResponse } from '../../../shared/contracts/communications.js';
import { messages } from '../../../shared/messages.js';
import { AppError, unauthorized } from '../../errors.js';
import { actorOf } from '../../plugins/access.js';
import { listMyNotifications, markAllNotificationsRead, markNotificationRead, type NotificationsDeps } from './notifications.service.js';

/**
 * The notification bell's API (spec §2 Shell chrome, §3 notifications, §4 Notification, §7 item 4,
 * §9). Any signed-in role; every route works on the caller's own notifications only (service filter
 * plus row-level security). Errors: 401 UNAUTHENTICATED "User not authenticated", 400 VALIDATION for
 * an id that is not a UUID, 404 NOT_FOUND for an unknown notification or someone else's.
 */
export async function notificationsRoutes(app: FastifyInstance, deps: NotificationsDeps) {
  await app.register(async (scope) => {
    scope.setErrorHandler((err: FastifyError) => {
      if (err instanceof AppError && err.status === 401) throw unauthorized(messages.communications.notAuthenticated);
      throw err;
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['notifications'];

    /**
     * GET /api/notifications → 200 {notifications: Notification[] (≤ 10), unreadCount}: the caller's
     * unread notifications whose communication is active and unexpired, newest first, each with its
     * communication {id, title, message, priority, createdAt, targetRoles}; unreadCount counts them all.
     */
    r.get(
      '/api/notifications',
      {
        config: { permission: 'signedIn' },
        schema: { tags, summary: 'My unread notifications (bell)', response: { 200: listNotificationsResponse } },
      },
      async (request) => listMyNotifications(deps, actorOf(request)),
    );

    /**
     * POST /api/notifications/:id/read → 200 {notification} with isRead true and readAt set.
     * Idempotent (read_at keeps the first time). 404 unknown or someone else's.
     */
    r.post(
      '/api/notifications/:id/read',
      {
        config: { permission: 'signedIn' },
        schema: { tags, summary: 'Mark a notification as read', params: notificationIdParams, response: { 200: notificationResponse } },
      },
      async (request) => ({ notification: await markNotificationRead(deps, actorOf(request), request.params.id) }),
    );

    /** POST /api/notifications/read-all → 200 {updated}: marks all the caller's unread notifications read. */
    r.post(
      '/api/notifications/read-all',
      {
        config: { permission: 'signedIn' },
        schema: { tags, summary: 'Mark all my notifications as read', response: { 200: z.object({ updated: z.number().int() }) } },
      },
      async (request) => ({ updated: await markAllNotificationsRead(deps, actorOf(request)) }),
    );
  });
}
