import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../shared/messages.js';
import { signInTwoFactorBody } from '../../../shared/contracts/security.js';
import { SESSION_PROBE_HEADER } from '../../../shared/contracts/session.js';
import { securityMessages } from '../../../shared/messages/security.js';
import { unauthorized } from '../../errors.js';
import { toHeaders } from '../../plugins/access.js';
import { completeTwoFactorSignIn, requestPasswordReset, resolveSession, resetPassword, signIn, signOutScoped, validateResetToken } from './auth.service.js';
import { type AuthDeps } from '../../lib/module-deps.js';
import { sessionKey } from '../../lib/better-auth.js';

const accessType = z.enum(['admin', 'school', 'universal']).optional();
// Fields are optional strings here so that empty input reaches the service and gets the spec's
// own message ("Please enter both email and password.") rather than a schema error.
const signInBody = z.object({
  email: z.string().max(320).optional(),
  password: z.string().max(1024).optional(),
  accessType,
  rememberMe: z.boolean().optional(),
});

// Optional body: the web app's logout sends none (or scope 'global'); sign-in's local sign-out sends 'local'.
const signOutBody = z.object({ scope: z.enum(['global', 'local']).optional() }).nullish();

/** Authentication endpoints under /api/auth (spec §5 Login, Password reset; §7 Authentication). */
export async function authRoutes(app: FastifyInstance, deps: AuthDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * POST /api/auth/sign-in {email, password, accessType: admin|school|universal, rememberMe}
   * → 200 with the session cookie and one of: {user}; {twoFactorRequired: true} when the account has
   * two-factor on (send the code to POST /api/auth/sign-in/two-factor within 5 minutes; until then
   * the session opens nothing); {user, twoFactorSetupRequired: true} when the security policy requires
   * two-factor for the role and it is off (issue 18 §2). Errors: 400 empty fields, 401 unknown e-mail
   * or wrong password, 403 deactivated / no role / not configured / wrong area / school inactive, 429
   * too many attempts (Retry-After). Messages are spec §8 Sign-in, word for word.
   */
  r.post(
    '/api/auth/sign-in',
    { config: { public: true }, schema: { body: signInBody, tags: ['auth'] } },
    async (request, reply) => {
      const { setCookies, ...outcome } = await signIn(deps, request.body, { headers: toHeaders(request), ip: request.ip });
      reply.header('set-cookie', setCookies);
      return outcome;
    },
  );

  /**
   * POST /api/auth/sign-in/two-factor {code} | {recoveryCode} (public; needs the cookie of a sign-in
   * that answered {twoFactorRequired}) → 200 {user} (and twoFactorSetupRequired when relevant); the
   * session opens with the lifetime sign-in asked for (remember me 7 days, else 1 day). A code is the
   * 6 digits of the authenticator app (RFC 6238, ±30 s), not one already used; a recovery code works
   * once. Errors: 400 neither or both given; 401 INVALID_TWO_FACTOR_CODE "That code is not correct…",
   * 401 TWO_FACTOR_CODE_REUSED "This code has already been used…", 401 TWO_FACTOR_EXPIRED (no pending
   * sign-in, more than 5 minutes, or the 5th wrong code: sign in again); 403 as sign-in when the
   * account was deactivated meanwhile; 429 after 10 tries in 15 minutes with one cookie.
   */
  r.post(
    '/api/auth/sign-in/two-factor',
    {
      config: { public: true, rateLimit: { max: 10, timeWindow: '15 minutes', keyGenerator: sessionKey } },
      schema: { body: signInTwoFactorBody, tags: ['auth', 'security'] },
    },
    async (request) => completeTwoFactorSignIn(deps, request.body, { headers: toHeaders(request), ip: request.ip }),
  );

  /**
   * POST /api/auth/sign-out {scope?: 'global' | 'local'} (public: without a session it only clears the
   * cookie) → 200 {ok}. Logout signs out globally (spec §4): the default scope 'global' ends every
   * session of the user, on every device; 'local' (what sign-in sends first, spec §4) ends only this
   * one. Clears the session cookie either way.
   */
  r.post('/api/auth/sign-out', { config: { public: true }, schema: { body: signOutBody, tags: ['auth'] } }, async (request, reply) => {
    const cookies = await signOutScoped(deps, toHeaders(request), request.body?.scope ?? 'global');
    if (cookies.length) reply.header('set-cookie', cookies);
    return { ok: true };
  });

  /**
   * GET /api/auth/session → 200 {user} for a live session (also for deactivated or role-less
   * accounts, so the app can show the right screen; twoFactorSetupRequired on it when the policy
   * requires two-factor the user has not set up), 401 otherwise: code TWO_FACTOR_REQUIRED while a
   * sign-in waits for its two-factor code (the app shows the code step), UNAUTHENTICATED else. With
   * the header `x-edufam-session-probe: 1` (SESSION_PROBE_HEADER, the web app's own check, issue 34)
   * "no session" is 200 {user: null} instead, so a signed-out visitor's console shows no 401.
   */
  r.get('/api/auth/session', { config: { public: true }, schema: { tags: ['auth'] } }, async (request) => {
    const state = await resolveSession(deps, toHeaders(request));
    if (state.kind === 'pending') throw unauthorized(securityMessages.api.twoFactorRequired, 'TWO_FACTOR_REQUIRED');
    if (state.kind !== 'user' && request.headers[SESSION_PROBE_HEADER] === '1') return { user: null };
    if (state.kind !== 'user') throw unauthorized(messages.shell.authenticationRequired);
    return { user: state.user };
  });

  /**
   * GET /api/auth/profile (public: without a session it answers 401) → 200 {user}: the signed-in
   * user's profile, which the web app loads after the session check (spec §4 Auth "if a user exists the
   * profile is loaded", §7 Profile fetch). Answered during maintenance too, so the maintenance page can
   * still greet and sign out a blocked user. 401 UNAUTHENTICATED without a live session (a sign-in
   * waiting for its two-factor code included).
   */
  r.get('/api/auth/profile', { config: { public: true }, schema: { tags: ['auth'] } }, async (request) => {
    const state = await resolveSession(deps, toHeaders(request));
    if (state.kind !== 'user') throw unauthorized(messages.shell.authenticationRequired);
    return { user: state.user };
  });

  /**
   * POST /api/auth/forgot-password {email, accessType?} → 200 {message} whether or not the address
   * exists. 400 "Please enter your email address.", 502 "Failed to send password reset email. Please try
   * again." when mail cannot be sent.
   */
  r.post(
    '/api/auth/forgot-password',
    {
      config: { public: true, rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: { body: z.object({ email: z.string().max(320).optional(), accessType }), tags: ['auth'] },
    },
    async (request) => {
      await requestPasswordReset(deps, request.body, request.ip);
      return { message: messages.passwordReset.sent };
    },
  );

  /** GET /api/auth/reset-password/validate?token= → 200 {valid: true} or 400 with the invalid-link message. */
  r.get(
    '/api/auth/reset-password/validate',
    { config: { public: true }, schema: { querystring: z.object({ token: z.string().max(512).optional() }), tags: ['auth'] } },
    async (request) => {
      await validateResetToken(deps, request.query.token);
      return { valid: true };
    },
  );

  /**
   * POST /api/auth/reset-password {token, password, confirmPassword} → 200 {ok}. 400 with the spec's
   * reset-form messages; 403 for a deactivated account.
   */
  r.post(
    '/api/auth/reset-password',
    {
      config: { public: true, rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: {
        body: z.object({
          token: z.string().max(512).optional(),
          password: z.string().max(1024).optional(),
          confirmPassword: z.string().max(1024).optional(),
        }),
        tags: ['auth'],
      },
    },
    async (request) => {
      await resetPassword(deps, request.body, request.ip);
      return { ok: true };
    },
  );
}
