import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { withSystem } from '../../db/tenant.js';
import { forbidden } from '../../errors.js';
import { securityMessages } from '../../../shared/messages/security.js';
import { type SessionUser } from '../../../shared/contracts/session.js';
import { recordActivityDay, touchSessionLastSeen } from './security.repository.js';

/** Last-seen and activity days are written at most this often per session. */
const ACTIVITY_EVERY_MS = 5 * 60_000;
/** Entries kept in the in-process throttle before it is emptied (one per live session). */
const THROTTLE_MAX = 50_000;

/**
 * Routes a user whose role requires two-factor (security policy) may use before turning it on: their
 * own two-factor setup, sessions, profile and password. Everything else answers 403
 * TWO_FACTOR_SETUP_REQUIRED.
 */
const SETUP_ALLOWED = ['/api/auth/two-factor', '/api/auth/sessions', '/api/profile', '/api/auth/change-password'];

/** Today's calendar date in Africa/Nairobi (UTC+3, no daylight saving), YYYY-MM-DD. */
export function nairobiDay(nowMs: number = Date.now()): string {
  return new Date(nowMs + 3 * 60 * 60_000).toISOString().slice(0, 10);
}

/**
 * Access-gate guard (plugins/access.ts hooks.guards), after the permission check (issue 18 §2):
 * 1. a user with twoFactorSetupRequired may only reach SETUP_ALLOWED routes (403 otherwise);
 * 2. the session's last_seen_at and the user's activity day (user_activity_days, platform analytics'
 *    "daily active users by role") are written at most once per 5 minutes per session: an in-process
 *    throttle first, then `update … where last_seen_at < now() - 5 min` (other instances) and an
 *    insert `on conflict do nothing`, in one system-scope transaction. A failed write is logged and
 *    never fails the request.
 */
export function createActivityRecorder(database: Database): (request: FastifyRequest, user: SessionUser) => Promise<void> {
  const lastWrite = new Map<string, number>();
  return async (request, user) => {
    if (user.twoFactorSetupRequired) {
      const url = request.routeOptions.url ?? request.url;
      if (!SETUP_ALLOWED.some((prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`))) {
        throw forbidden(securityMessages.api.setupRequired, 'TWO_FACTOR_SETUP_REQUIRED');
      }
    }
    const sessionId = user.sessionId;
    if (!sessionId) return;
    const now = Date.now();
    const previous = lastWrite.get(sessionId);
    if (previous !== undefined && now - previous < ACTIVITY_EVERY_MS) return;
    if (lastWrite.size >= THROTTLE_MAX) lastWrite.clear();
    lastWrite.set(sessionId, now);
    try {
      await withSystem(database.db, async (tx) => {
        await touchSessionLastSeen(tx, sessionId);
        if (user.role) {
          await recordActivityDay(tx, { userId: user.id, day: nairobiDay(now), role: user.role, schoolId: user.schoolId });
        }
      });
    } catch (err) {
      lastWrite.delete(sessionId);
      request.log.warn({ err }, 'session activity not recorded');
    }
  };
}
