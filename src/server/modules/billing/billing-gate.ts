import type { FastifyRequest } from 'fastify';
import { billingMessages as bm } from '../../../shared/messages/billing.js';
import { isSchoolRole } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { withSystem } from '../../db/tenant.js';
import { AppError } from '../../errors.js';
import { type SessionUser } from '../../../shared/contracts/session.js';
import { findSubscriptionStatus } from './reports.repository.js';

/** How long a school's read-only flag is trusted in-process before it is read again. */
const CACHE_MS = 30_000;
const cache = new Map<string, { readOnly: boolean; at: number }>();

/** Forget a school's cached flag (after a payment, a status change or a subscription edit). */
export function invalidateBillingGate(schoolId?: string): void {
  if (schoolId) cache.delete(schoolId);
  else cache.clear();
}

/**
 * Requests a read-only school may still make (issue 18 §1 "never locked out of its data"): every
 * billing route (it must be able to pay), sign-out, two-factor and sessions (/api/auth/...), the
 * profile, notifications, support tickets (to ask about the bill) and personal-data exports.
 */
const EXEMPT = [/^\/api\/billing(\/|$|\?)/, /^\/api\/auth\//, /^\/api\/profile(\/|$|\?)/, /^\/api\/notifications(\/|$|\?)/, /^\/api\/support\//, /^\/api\/security\/(two-factor|sessions)/, /\/export(\/|$|\?)/];

/** Whether a method and URL stay allowed for a read-only school. */
export function allowedWhileReadOnly(method: string, url: string): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return true;
  return EXEMPT.some((re) => re.test(url));
}

/**
 * Access-gate guard (plugins/access.ts hooks.guards) for issue 18 §1: a school moved to read-only for
 * arrears may read (every GET) but not change its data: other requests by its users are refused with
 * 403 SCHOOL_READ_ONLY and a message saying why and how to pay. EduFam staff are never affected. The
 * flag is cached per school for 30 s (one indexed read per school per 30 s).
 */
export function createBillingGate(database: Database): (request: FastifyRequest, user: SessionUser) => Promise<void> {
  return async (request, user) => {
    if (!user.schoolId || !isSchoolRole(user.role)) return;
    if (allowedWhileReadOnly(request.method, request.url)) return;
    const now = Date.now();
    let hit = cache.get(user.schoolId);
    if (!hit || now - hit.at > CACHE_MS) {
      const schoolId = user.schoolId;
      const status = await withSystem(database.db, (tx) => findSubscriptionStatus(tx, schoolId));
      hit = { readOnly: status === 'read_only', at: now };
      cache.set(user.schoolId, hit);
    }
    if (hit.readOnly) throw new AppError(403, 'SCHOOL_READ_ONLY', bm.api.readOnly);
  };
}
