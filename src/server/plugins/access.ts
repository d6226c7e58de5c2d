import { adoptUserLocale } from '../lib/request-locale.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, configurationProblem, type Actor, type Permission } from '../../shared/access.js';
import { messages } from '../../shared/messages.js';
import { isSchoolRole, type Role } from '../../shared/roles.js';
import { forbidden, unauthorized } from '../errors.js';
import { sessionCookieOf } from '../lib/session-cache.js';
import type { TenantScope } from '../db/tenant.js';
import { type SessionUser } from '../../shared/contracts/session.js';
import { type AuthDeps } from '../lib/module-deps.js';

/** The signed-in user of a request's cookies, or null (modules/auth resolves it; buildApp passes it in). */
export type ResolveUser = (headers: Headers) => Promise<SessionUser | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Route needs no session. Exactly one of `public` and `permission` must be set. */
    public?: boolean;
    /** Permission (shared/access.ts) the signed-in caller must hold. */
    permission?: Permission;
  }
  interface FastifyRequest {
    /** The signed-in user, set for permission routes (and for public ones when a session exists). */
    user: SessionUser | null;
  }
}

/** The caller of a permission route, with a valid role. */
export function actorOf(request: FastifyRequest): Actor & { user: SessionUser } {
  const u = request.user;
  if (!u || !u.role) throw unauthorized(messages.friendly.auth);
  return { id: u.id, role: u.role as Role, schoolId: u.schoolId, user: u };
}

/**
 * The row-level-security scope of a request: school roles are pinned to their school (wall 2); admins
 * see every school unless they name one.
 */
export function scopeOf(request: FastifyRequest, schoolId?: string | null): TenantScope {
  const a = actorOf(request);
  if (isSchoolRole(a.role)) return { schoolId: a.schoolId, userId: a.id, allSchools: false };
  return schoolId ? { schoolId, userId: a.id, allSchools: false } : { schoolId: null, userId: a.id, allSchools: true };
}

export function toHeaders(request: FastifyRequest): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(request.headers)) {
    if (Array.isArray(v)) for (const x of v) h.append(k, x);
    else if (v !== undefined) h.set(k, String(v));
  }
  return h;
}

/**
 * Wall 1 of ARCHITECTURE.md: every route declares `config.public` or `config.permission`; the server
 * refuses to start otherwise. Permission routes load the session and refuse: 401 without one, 403 for
 * a deactivated account, a misconfigured account, an inactive school, or a missing permission.
 * `hooks.maintenance` (modules/maintenance) then refuses callers who may not bypass maintenance mode
 * with 503 MAINTENANCE and the maintenance message (spec §6 Maintenance); public routes never reach it.
 */
export function registerAccessGate(
  app: FastifyInstance,
  deps: Pick<AuthDeps, 'sessionCache'> & { currentUser: ResolveUser },
  hooks: {
    maintenance?: (request: FastifyRequest, user: SessionUser) => Promise<void>;
    /**
     * Checks run after the permission check, in order (issue 18): the session's activity record
     * (modules/security/session-activity.ts) and the read-only mode of a school in arrears
     * (modules/billing/billing-gate.ts). Each may throw an AppError to refuse the request.
     */
    guards?: Array<(request: FastifyRequest, user: SessionUser) => Promise<void>>;
  } = {},
): void {
  app.decorateRequest('user', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (route.url.startsWith('/api/docs')) {
      route.config = { ...(route.config ?? {}), public: true } as typeof route.config;
      return;
    }
    const cfg = (route.config ?? {}) as { public?: boolean; permission?: Permission };
    if (!cfg.public === !cfg.permission) {
      throw new Error(`Route ${route.method} ${route.url} must declare exactly one of config.public or config.permission`);
    }
  });
  // preValidation, not preHandler: the gate runs before body/query validation, so an unauthenticated
  // caller gets 401 (not a 400 that describes the route's input) on every permission route.
  app.addHook('preValidation', async (request) => {
    const cfg = request.routeOptions.config as { public?: boolean; permission?: Permission } | undefined;
    if (!cfg?.permission) return;
    const user = await deps.currentUser(toHeaders(request));
    if (!user) throw unauthorized(messages.friendly.auth);
    if (user.status !== 'active') throw forbidden(messages.shell.deactivatedText, 'ACCOUNT_DEACTIVATED');
    if (configurationProblem(user.rawRole, user.schoolId)) throw forbidden(messages.login.notConfigured, 'NOT_CONFIGURED');
    if (user.school && user.school.status !== 'active' && isSchoolRole(user.role)) {
      throw forbidden(messages.login.schoolDeactivated, 'SCHOOL_INACTIVE');
    }
    request.user = user;
    adoptUserLocale(user.locale);
    await hooks.maintenance?.(request, user);
    if (!can({ id: user.id, role: user.role as Role, schoolId: user.schoolId }, cfg.permission)) {
      throw forbidden(messages.friendly.permission);
    }
    for (const guard of hooks.guards ?? []) await guard(request, user);
  });
  // Issue 19: a write made with a session (sign-out, deactivating a user, a profile change…) or one
  // that starts a session (sign-in, the two-factor step) answers only after this instance's session
  // cache has seen every change committed so far, so the next request here never meets the session
  // as it was, nor has its freshly cached session dropped by the late news of its own sign-in
  // (modules/auth/session-cache.ts barrier).
  const cache = deps.sessionCache;
  if (cache) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return payload;
      if (sessionCookieOf(request.headers.cookie) || setsSessionCookie(reply.getHeader('set-cookie'))) await cache.barrier();
      return payload;
    });
  }
}

/** Does a Set-Cookie header value (one or several) set the session cookie? */
function setsSessionCookie(header: string | number | string[] | undefined): boolean {
  if (header === undefined) return false;
  return (Array.isArray(header) ? header : [String(header)]).some((c) => sessionCookieOf(c.split(';')[0]) !== null);
}
