import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import type { SessionUser } from '../auth/session-user.js';

/**
 * Access-gate guard (plugins/access.ts hooks.guards): records a session's last-seen time and the
 * user's activity day (user_activity_days). Stub: built by issue 18 work.
 */
export function createActivityRecorder(_database: Database): (request: FastifyRequest, user: SessionUser) => Promise<void> {
  return async () => undefined;
}
