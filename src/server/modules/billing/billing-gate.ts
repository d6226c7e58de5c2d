import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import type { SessionUser } from '../auth/session-user.js';

/**
 * Access-gate guard (plugins/access.ts hooks.guards) for issue 18 §1: a school moved to read-only for
 * arrears may read its data but not change it. Stub: built by issue 18 work.
 */
export function createBillingGate(_database: Database): (request: FastifyRequest, user: SessionUser) => Promise<void> {
  return async () => undefined;
}
