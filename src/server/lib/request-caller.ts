import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { withScope, type Tx } from '../db/tenant.js';
import { actorOf, scopeOf } from '../plugins/access.js';
import type { RequestCaller, ScopedRequestCaller } from './school-context.js';

/**
 * The caller of a request as the school-context types describe it, built in one place for every
 * route file: the signed-in actor (401 when signed out) and the request's address (audit).
 */

/** The request's `RequestCaller`: { actor, ip }. */
export function requestCallerOf(req: FastifyRequest): RequestCaller {
  return { actor: actorOf(req), ip: req.ip };
}

/** The request's `ScopedRequestCaller`: { actor, scope (the request's row-level-security scope), ip }. */
export function scopedCallerOf(req: FastifyRequest): ScopedRequestCaller {
  return { actor: actorOf(req), scope: scopeOf(req), ip: req.ip };
}

/**
 * Runs `fn` in one transaction in the request's scope (a school role: its school under row-level
 * security; platform staff: the platform), with the request's caller built inside the transaction.
 */
export function inRequestScope<T>(database: Database, req: FastifyRequest, fn: (tx: Tx, c: RequestCaller) => Promise<T>): Promise<T> {
  return withScope(database.db, scopeOf(req), (tx) => fn(tx, requestCallerOf(req)));
}
