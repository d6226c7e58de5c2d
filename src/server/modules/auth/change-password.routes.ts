import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APIError } from 'better-auth/api';
import { z } from 'zod';
import type { Actor } from '../../../shared/access.js';
import { MIN_PASSWORD_LENGTH } from '../../../shared/constants.js';
import { messages } from '../../../shared/messages.js';
import { withScope, type TenantScope } from '../../db/tenant.js';
import { AppError, badRequest } from '../../errors.js';
import { actorOf, scopeOf, toHeaders } from '../../plugins/access.js';
import { auditAccount } from '../../lib/account-audit.js';
import { checkPasswordPolicy, loadPolicy } from '../security/index.js';
import { clearMustChangePassword, findProfileWithSchool } from './auth.repository.js';
import { toSessionUser } from './session-user.js';
import { type SessionUser } from '../../../shared/contracts/session.js';
import { type AuthDeps } from '../../lib/module-deps.js';
import { sessionKey } from '../../lib/better-auth.js';

/** better-auth's maxPasswordLength (better-auth.ts). */
const MAX_PASSWORD_LENGTH = 128;

// Optional strings, so that empty input reaches the checks below and gets its own message rather
// than a schema error (as the reset-password route does).
const changePasswordBody = z.object({
  currentPassword: z.string().max(1024).optional(),
  newPassword: z.string().max(1024).optional(),
  confirmPassword: z.string().max(1024).optional(),
});
type ChangePasswordInput = z.infer<typeof changePasswordBody>;

/**
 * Checks a change-password request (spec §5 password rules, §9 minimum length 8) and returns the two
 * passwords. Throws 400 with the first problem, in the order the form shows them.
 */
export function checkChangePassword(input: ChangePasswordInput): { currentPassword: string; newPassword: string } {
  const { currentPassword = '', newPassword = '', confirmPassword = '' } = input;
  if (!currentPassword) throw badRequest(messages.changePassword.currentRequired, { currentPassword: messages.changePassword.currentRequired });
  if (!newPassword || !confirmPassword) throw badRequest(messages.passwordReset.bothRequired, { newPassword: messages.passwordReset.bothRequired });
  if (newPassword.length < MIN_PASSWORD_LENGTH) throw badRequest(messages.changePassword.tooShort, { newPassword: messages.changePassword.tooShort });
  if (newPassword.length > MAX_PASSWORD_LENGTH) throw badRequest(messages.changePassword.tooLong, { newPassword: messages.changePassword.tooLong });
  if (newPassword !== confirmPassword) throw badRequest(messages.changePassword.mismatch, { confirmPassword: messages.changePassword.mismatch });
  if (newPassword === currentPassword) throw badRequest(messages.changePassword.sameAsCurrent, { newPassword: messages.changePassword.sameAsCurrent });
  return { currentPassword, newPassword };
}

/**
 * Changes the signed-in user's password through better-auth (checks the security policy's password
 * rules, 400 PASSWORD_POLICY with the first one broken; verifies the current one, stores the new
 * hash, ends every session of the user and opens a fresh one for this request), then clears the
 * profile's must_change_password and audits PASSWORD_CHANGED. Returns the updated session user and
 * the Set-Cookie headers of the new session.
 */
export async function changePassword(
  deps: Pick<AuthDeps, 'auth' | 'database'>,
  actor: Actor,
  scope: TenantScope,
  input: ChangePasswordInput,
  request: { headers: Headers; ip: string },
): Promise<{ user: SessionUser; setCookies: string[] }> {
  const { currentPassword, newPassword } = checkChangePassword(input);
  // Issue 18 §2: the security policy's password rules (security/policy.ts).
  const broken = checkPasswordPolicy(await loadPolicy(deps.database.db), newPassword);
  if (broken) throw new AppError(400, 'PASSWORD_POLICY', broken, { fields: { newPassword: broken } });
  let setCookies: string[];
  try {
    const result = await deps.auth.api.changePassword({
      body: { currentPassword, newPassword, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    setCookies = result.headers.getSetCookie();
  } catch (err) {
    if (err instanceof APIError) {
      const code = String((err.body as { code?: string } | undefined)?.code ?? '');
      if (code === 'INVALID_PASSWORD') {
        await withScope(deps.database.db, scope, (tx) =>
          auditAccount(tx, actor, 'PASSWORD_CHANGE_FAILED', request.ip, { success: false, errorMessage: 'current password incorrect' }),
        );
        throw new AppError(400, 'CURRENT_PASSWORD_INCORRECT', messages.changePassword.currentIncorrect, {
          fields: { currentPassword: messages.changePassword.currentIncorrect },
        });
      }
      if (code === 'PASSWORD_TOO_SHORT') throw badRequest(messages.changePassword.tooShort);
      if (code === 'PASSWORD_TOO_LONG') throw badRequest(messages.changePassword.tooLong);
      if (err.statusCode === 401) throw new AppError(401, 'UNAUTHENTICATED', messages.friendly.auth);
      throw new AppError(400, 'PASSWORD_CHANGE_FAILED', messages.changePassword.failed, {}, err);
    }
    throw err;
  }

  const row = await withScope(deps.database.db, scope, async (tx) => {
    await clearMustChangePassword(tx, actor.id);
    await auditAccount(tx, actor, 'PASSWORD_CHANGED', request.ip, { metadata: { otherSessionsEnded: true } });
    return findProfileWithSchool(tx, actor.id);
  });
  if (!row) throw new Error(`profile ${actor.id} vanished during a password change`);
  return { user: toSessionUser(row), setCookies };
}


/** The signed-in user's own password (first sign-in with a temporary password, and general use). */
export async function changePasswordRoutes(app: FastifyInstance, deps: AuthDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * POST /api/auth/change-password {currentPassword, newPassword, confirmPassword} → 200 {user}
   * (SessionUser, mustChangePassword false) with a new session cookie: every session of the user,
   * this one included, is ended and a fresh one opened for this browser. Any signed-in role.
   * Errors (400): "Please enter your current password." (BAD_REQUEST), "Please enter both password
   * fields.", "Password must be at least 8 characters long.", "Password must be at most 128 characters
   * long.", "Passwords do not match.", "Choose a password different from the temporary one.", and
   * CURRENT_PASSWORD_INCORRECT "Current password is incorrect."; `fields` names the input. 401 without
   * a session, 429 after 10 attempts in 15 minutes with one session. Audited as PASSWORD_CHANGED
   * (PASSWORD_CHANGE_FAILED for a wrong current password).
   */
  r.post(
    '/api/auth/change-password',
    {
      config: { permission: 'signedIn', rateLimit: { max: 10, timeWindow: '15 minutes', keyGenerator: sessionKey } },
      schema: { body: changePasswordBody, tags: ['auth'] },
    },
    async (request, reply) => {
      const { user, setCookies } = await changePassword(deps, actorOf(request), scopeOf(request), request.body, {
        headers: toHeaders(request),
        ip: request.ip,
      });
      if (setCookies.length) reply.header('set-cookie', setCookies);
      return { user };
    },
  );
}
