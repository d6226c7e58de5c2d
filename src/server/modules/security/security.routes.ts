import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deleteSessionResponse,
  deleteSessionsQuery,
  passwordRulesSchema,
  recoveryCodesBody,
  recoveryCodesResponse,
  revokeSessionsResponse,
  securityAlertParams,
  securityAlertSchema,
  securityAlertsQuery,
  securityAlertsResponse,
  securityLogQuery,
  securityLogResponse,
  securityOverviewSchema,
  securityPolicySchema,
  securityUserParams,
  sessionParams,
  sessionsResponse,
  twoFactorDisableBody,
  twoFactorDisableResponse,
  twoFactorEnableBody,
  twoFactorEnableResponse,
  twoFactorStatusSchema,
  twoFactorVerifyBody,
  twoFactorVerifyResponse,
  updateSecurityPolicyBody,
} from '../../../shared/contracts/security.js';
import { securityMessages } from '../../../shared/messages/security.js';
import { withScope, type Tx } from '../../db/tenant.js';
import { sendSpreadsheet } from '../../lib/spreadsheet.js';
import { actorOf, scopeOf, toHeaders } from '../../plugins/access.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { forgetPolicy, loadPolicy, readPolicy } from './policy.js';
import * as log from './security-log.service.js';
import * as sessionsSvc from './sessions.service.js';
import * as twoFactor from './two-factor.service.js';
import { signOut, sessionKey } from '../../lib/better-auth.js';

/**
 * Security (issue 18 §2, §5).
 *
 * Own account (permission signedIn; reachable while the policy asks the user to set up two-factor):
 * GET /api/auth/two-factor, POST /api/auth/two-factor/enable | verify | disable | recovery-codes,
 * GET /api/auth/sessions, DELETE /api/auth/sessions/:id, DELETE /api/auth/sessions?others=true.
 * Public: GET /api/auth/password-policy. The sign-in code step is POST /api/auth/sign-in/two-factor
 * (auth.routes.ts).
 *
 * EduFam staff: GET /api/security/log, /alerts, /overview, /policy (viewSecurityLog: both admin
 * roles); PUT /api/security/policy, POST /api/security/alerts/:id/acknowledge, GET and DELETE
 * /api/security/users/:userId/sessions (manageSecurity: edufam_admin). Everything is audited; bad
 * input is 400 with nothing written.
 */
export async function securityRoutes(app: FastifyInstance, deps: ModuleDeps & { mpesa: { secretsKey: Buffer } }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;
  const tags = ['security'];
  const signedIn = { permission: 'signedIn' } as const;
  const view = { permission: 'viewSecurityLog' } as const;
  const manage = { permission: 'manageSecurity' } as const;
  // Password and code checks: 10 tries in 15 minutes per session (not per address: a school's staff
  // often share one).
  const guarded = { ...signedIn, rateLimit: { max: 10, timeWindow: '15 minutes', keyGenerator: sessionKey } };
  const tf = (): twoFactor.TwoFactorDeps => ({ database, auth: deps.auth, secretsKey: deps.mpesa.secretsKey });
  const run = <T>(req: FastifyRequest, fn: (tx: Tx) => Promise<T>): Promise<T> => withScope(database.db, scopeOf(req), fn);

  // ----------------------------------------------------------------------------------------------
  // Two-factor (own account)

  /** GET /api/auth/two-factor → { enabled, enabledAt, recoveryCodesLeft, required } for the caller. */
  r.get('/api/auth/two-factor', { config: signedIn, schema: { response: { 200: twoFactorStatusSchema }, tags } }, async (req) =>
    twoFactor.twoFactorStatus(deps, actorOf(req).user),
  );

  /**
   * POST /api/auth/two-factor/enable { password } → { otpauthUri, qrCode (data:image/png;base64,…),
   * secret (base32) }: a pending enrolment; two-factor stays off until /verify accepts a code.
   * 400 PASSWORD_INCORRECT; 409 TWO_FACTOR_ALREADY_ENABLED.
   */
  r.post(
    '/api/auth/two-factor/enable',
    { config: guarded, schema: { body: twoFactorEnableBody, response: { 200: twoFactorEnableResponse }, tags } },
    async (req) => twoFactor.beginEnrolment(tf(), actorOf(req).user, req.body.password),
  );

  /**
   * POST /api/auth/two-factor/verify { code } → { enabled: true, recoveryCodes: ["xxxx-xxxx" ×10] }
   * (shown this once). 400 INVALID_TWO_FACTOR_CODE (nothing changes), 400 TWO_FACTOR_NOT_ENROLLING
   * without /enable first; 409 when already on. Audited TWO_FACTOR_ENABLED.
   */
  r.post(
    '/api/auth/two-factor/verify',
    { config: guarded, schema: { body: twoFactorVerifyBody, response: { 200: twoFactorVerifyResponse }, tags } },
    async (req) => twoFactor.confirmEnrolment(tf(), actorOf(req).user, req.body.code, req.ip),
  );

  /**
   * POST /api/auth/two-factor/disable { password, code } (code: a current 6-digit code or a recovery
   * code) → { enabled: false }. 400 PASSWORD_INCORRECT, INVALID_TWO_FACTOR_CODE, TWO_FACTOR_CODE_REUSED,
   * TWO_FACTOR_NOT_ENABLED. Audited TWO_FACTOR_DISABLED. When the policy requires two-factor for the
   * role, the user must set it up again before using EduFam.
   */
  r.post(
    '/api/auth/two-factor/disable',
    { config: guarded, schema: { body: twoFactorDisableBody, response: { 200: twoFactorDisableResponse }, tags } },
    async (req) => twoFactor.disableTwoFactor(tf(), actorOf(req).user, req.body, req.ip),
  );

  /**
   * POST /api/auth/two-factor/recovery-codes { code } → { recoveryCodes } (new set; the old codes stop
   * working). 400 wrong or reused code, or two-factor off. Audited TWO_FACTOR_RECOVERY_CODES_REGENERATED.
   */
  r.post(
    '/api/auth/two-factor/recovery-codes',
    { config: guarded, schema: { body: recoveryCodesBody, response: { 200: recoveryCodesResponse }, tags } },
    async (req) => twoFactor.regenerateRecoveryCodes(tf(), actorOf(req).user, req.body.code, req.ip),
  );

  /** GET /api/auth/password-policy (public) → { passwordMinLength, requireMixedCase, requireNumber, requireSymbol }. */
  r.get('/api/auth/password-policy', { config: { public: true }, schema: { response: { 200: passwordRulesSchema }, tags } }, async () => {
    const p = await loadPolicy(database.db);
    return { passwordMinLength: p.passwordMinLength, requireMixedCase: p.requireMixedCase, requireNumber: p.requireNumber, requireSymbol: p.requireSymbol };
  });

  // ----------------------------------------------------------------------------------------------
  // Sessions (own account)

  /**
   * GET /api/auth/sessions → { sessions: [{ id, device, browser, os, ipAddress, createdAt, lastSeenAt,
   * expiresAt, current }] }: the caller's live sessions, most recently active first.
   */
  r.get('/api/auth/sessions', { config: signedIn, schema: { response: { 200: sessionsResponse }, tags } }, async (req) => {
    const u = actorOf(req).user;
    return { sessions: await sessionsSvc.listOwnSessions(database, u.id, u.sessionId) };
  });

  /**
   * DELETE /api/auth/sessions/:id → { ok: true, signedOut }: ends one of the caller's sessions;
   * signedOut true (and the cookie cleared) when it was this one. 404 for another user's or an unknown
   * session. Audited SESSION_REVOKED.
   */
  r.delete(
    '/api/auth/sessions/:id',
    { config: signedIn, schema: { params: sessionParams, response: { 200: deleteSessionResponse }, tags } },
    async (req, reply) => {
      const u = actorOf(req).user;
      const { current } = await sessionsSvc.revokeOwnSession(database, u, req.params.id, req.ip);
      if (current) {
        const cookies = await signOut(deps, toHeaders(req));
        if (cookies.length) reply.header('set-cookie', cookies);
      }
      return { ok: true as const, signedOut: current };
    },
  );

  /**
   * DELETE /api/auth/sessions?others=true → { revoked }: signs out every other session of the caller
   * (this one stays). 400 without others=true. Audited SESSION_REVOKED.
   */
  r.delete(
    '/api/auth/sessions',
    { config: signedIn, schema: { querystring: deleteSessionsQuery, response: { 200: revokeSessionsResponse }, tags } },
    async (req) => ({ revoked: await sessionsSvc.revokeOtherSessions(database, actorOf(req).user, req.ip) }),
  );

  // ----------------------------------------------------------------------------------------------
  // EduFam staff

  /** GET /api/security/users/:userId/sessions (edufam_admin) → { sessions } of that user; 404 unknown user. */
  r.get(
    '/api/security/users/:userId/sessions',
    { config: manage, schema: { params: securityUserParams, response: { 200: sessionsResponse }, tags } },
    async (req) => ({ sessions: await sessionsSvc.listUserSessions(database, req.params.userId, actorOf(req).user.sessionId) }),
  );

  /**
   * DELETE /api/security/users/:userId/sessions (edufam_admin) → { revoked }: signs the user out of
   * every device. 404 unknown user. Audited SESSION_REVOKED under the user's school.
   */
  r.delete(
    '/api/security/users/:userId/sessions',
    { config: manage, schema: { params: securityUserParams, response: { 200: revokeSessionsResponse }, tags } },
    async (req) => ({ revoked: await sessionsSvc.revokeUserSessions(database, actorOf(req).user, req.params.userId, req.ip) }),
  );

  /**
   * GET /api/security/log?page&pageSize&type&from&to&q&schoolId&format → { rows, total, page, pageSize }
   * (newest first), or with format=csv|xlsx a download of every matching row (at most 10,000).
   * type: sign_in | failed_sign_in | two_factor | role_change | data_export | password | session;
   * from/to: Nairobi days (400 when from > to); schoolId: a school id or "platform".
   */
  r.get('/api/security/log', { config: view, schema: { querystring: securityLogQuery, response: { 200: securityLogResponse }, tags } }, async (req, reply) => {
    const q = req.query;
    if (q.format) {
      const rows = await run(req, (tx) => log.securityLogForExport(tx, q));
      return sendSpreadsheet(reply, q.format, securityMessages.admin.log.fileName, log.SECURITY_LOG_COLUMNS, rows, securityMessages.admin.log.title);
    }
    return run(req, (tx) => log.securityLog(tx, q));
  });

  /** GET /api/security/alerts?status=open|acknowledged&page&pageSize → { alerts, total, page, pageSize }. */
  r.get('/api/security/alerts', { config: view, schema: { querystring: securityAlertsQuery, response: { 200: securityAlertsResponse }, tags } }, async (req) =>
    run(req, (tx) => log.listAlerts(tx, req.query)),
  );

  /** POST /api/security/alerts/:id/acknowledge (edufam_admin) → the alert. 404 unknown; 409 already acknowledged. */
  r.post(
    '/api/security/alerts/:id/acknowledge',
    { config: manage, schema: { params: securityAlertParams, response: { 200: securityAlertSchema }, tags } },
    async (req) => run(req, (tx) => log.acknowledgeAlert(tx, actorOf(req), req.params.id, req.ip)),
  );

  /** GET /api/security/policy → the security policy (the default when none is stored). */
  r.get('/api/security/policy', { config: view, schema: { response: { 200: securityPolicySchema }, tags } }, async (req) => run(req, readPolicy));

  /**
   * PUT /api/security/policy { twoFactorRequiredRoles, passwordMinLength (8–64), requireMixedCase,
   * requireNumber, requireSymbol, sessionIdleMinutes (15–10080 or null) } (edufam_admin) → the policy.
   * 400 for unknown roles, out-of-range numbers or unknown fields (nothing changes). Audited
   * SECURITY_POLICY_UPDATED with old and new values. Other server instances see it within 30 s.
   */
  r.put(
    '/api/security/policy',
    { config: manage, schema: { body: updateSecurityPolicyBody, response: { 200: securityPolicySchema }, tags } },
    async (req) => {
      const policy = await run(req, (tx) => log.updatePolicy(tx, actorOf(req), req.body, req.ip));
      forgetPolicy(database.db);
      return policy;
    },
  );

  /**
   * GET /api/security/overview → { signIns24h, failedSignIns24h, openAlerts, activeSessions,
   * usersWithTwoFactor, totalUsers, twoFactorByRole: [{ role, users, withTwoFactor, required }] }.
   */
  r.get('/api/security/overview', { config: view, schema: { response: { 200: securityOverviewSchema }, tags } }, async (req) =>
    run(req, log.securityOverview),
  );
}
