import { APIError } from 'better-auth/api';
import type { Database } from '../../db/client.js';
import { withSystem } from '../../db/tenant.js';
import { AppError, badRequest, forbidden } from '../../errors.js';
import type { Mailer } from '../../integrations/mail/mailer.js';
import { messages } from '../../../shared/messages.js';
import { configurationProblem } from '../../../shared/access.js';
import { isAdminRole, isSchoolRole, type AccessType } from '../../../shared/roles.js';
import { LOGIN_WINDOW_MS, MIN_PASSWORD_LENGTH } from '../../../shared/constants.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Auth } from './better-auth.js';
import {
  countRecentFailures,
  findProfileWithSchool,
  findUserIdByEmail,
  recordLoginAttempt,
  resetTokenUserId,
  touchLastLogin,
} from './auth.repository.js';
import { toSessionUser, type SessionUser } from './session-user.js';

export interface AuthDeps {
  database: Database;
  auth: Auth;
  mailer: Mailer;
  publicUrl: string;
  /**
   * Reset tokens better-auth has just issued, by e-mail. better-auth swallows errors thrown by its
   * sendResetPassword callback, so the callback only records the token and requestPasswordReset sends
   * the mail itself, where a mail-server failure can reach the user.
   */
  issuedResetTokens: Map<string, string>;
  /** Failed sign-ins allowed per account / per IP within LOGIN_WINDOW_MS. */
  loginLimits: { perAccount: number; perIp: number };
}

export interface SignInInput {
  email?: string;
  password?: string;
  accessType?: AccessType | 'universal';
  rememberMe?: boolean;
}

/**
 * Sign-in with the rules of spec §5 Login and the messages of §8 Sign-in, in this order: both fields
 * present; per-account and per-IP failure limits; the account exists; the password matches
 * (better-auth creates the session); a profile exists; it is active; it has a valid role and, for
 * school roles, a school; the role matches the login area; the school is active. Any check after the
 * session was created deletes it again, so a refused sign-in leaves no session behind.
 * Returns the user and the Set-Cookie headers to forward. Throws AppError (400, 401, 403, 429).
 */
export async function signIn(
  deps: AuthDeps,
  input: SignInInput,
  request: { headers: Headers; ip: string },
): Promise<{ user: SessionUser; setCookies: string[] }> {
  const email = (input.email ?? '').trim().toLowerCase();
  const password = input.password ?? '';
  if (!email || !password) throw badRequest(messages.login.required);
  const db = deps.database.db;
  const accessType = input.accessType ?? 'universal';

  const failures = await withSystem(db, (tx) => countRecentFailures(tx, email, request.ip, new Date(Date.now() - LOGIN_WINDOW_MS)));
  if (failures.byEmail >= deps.loginLimits.perAccount || failures.byIp >= deps.loginLimits.perIp) {
    throw new AppError(429, 'TOO_MANY_ATTEMPTS', messages.login.tooManyAttempts, {
      retryAfterSeconds: Math.ceil(LOGIN_WINDOW_MS / 1000),
    });
  }

  const fail = async (status: number, code: string, message: string, schoolId: string | null = null, userId?: string, role?: string | null) => {
    await withSystem(db, async (tx) => {
      await recordLoginAttempt(tx, email, request.ip, false);
      await recordAudit(tx, {
        schoolId,
        action: 'LOGIN_FAILED',
        performedByUserId: userId ?? null,
        performedByRole: role ?? null,
        targetEntity: 'auth',
        success: false,
        errorMessage: message,
        metadata: { email, accessType, reason: code },
        ipAddress: request.ip,
      });
    });
    return new AppError(status, code, message);
  };

  const userId = await withSystem(db, (tx) => findUserIdByEmail(tx, email));
  if (!userId) throw await fail(401, 'USER_NOT_FOUND', messages.login.userNotFound);

  let token: string;
  let setCookies: string[];
  try {
    const result = await deps.auth.api.signInEmail({
      body: { email, password, rememberMe: input.rememberMe !== false },
      headers: request.headers,
      returnHeaders: true,
    });
    token = result.response.token;
    setCookies = result.headers.getSetCookie();
  } catch (err) {
    if (err instanceof APIError) {
      const code = String((err.body as { code?: string } | undefined)?.code ?? '');
      // The failed attempt is filed under the account's school, so that school's leaders see it in
      // their audit trail (issue 3 §5); platform accounts' attempts stay platform-only (school null).
      const who = await withSystem(db, (tx) => findProfileWithSchool(tx, userId));
      const schoolId = who?.profile.schoolId ?? null;
      const role = who?.profile.role ?? null;
      if (code === 'INVALID_EMAIL_OR_PASSWORD') throw await fail(401, 'INVALID_CREDENTIALS', messages.login.invalidCredentials, schoolId, userId, role);
      if (code === 'EMAIL_NOT_VERIFIED') throw await fail(403, 'EMAIL_NOT_CONFIRMED', messages.login.emailNotConfirmed, schoolId, userId, role);
      throw await fail(401, 'AUTH_FAILED', messages.login.otherAuthError, schoolId, userId, role);
    }
    throw err;
  }

  const refuse = async (status: number, code: string, message: string, schoolId: string | null, role: string | null) => {
    const ctx = await deps.auth.$context;
    await ctx.internalAdapter.deleteSession(token);
    return fail(status, code, message, schoolId, userId, role);
  };

  const row = await withSystem(db, (tx) => findProfileWithSchool(tx, userId));
  if (!row) throw await refuse(403, 'PROFILE_NOT_FOUND', messages.login.profileFetchFailed, null, null);
  const p = row.profile;
  if (!p.email) throw await refuse(403, 'MISSING_EMAIL', messages.login.missingEmail, p.schoolId, p.role);
  if (p.status === 'inactive' || p.status === 'suspended') {
    throw await refuse(403, 'ACCOUNT_DEACTIVATED', messages.login.deactivated, p.schoolId, p.role);
  }
  const problem = configurationProblem(p.role, p.schoolId);
  if (problem === 'no-role') throw await refuse(403, 'NO_ROLE', messages.login.noRole, p.schoolId, p.role);
  if (problem) throw await refuse(403, 'NOT_CONFIGURED', messages.login.notConfigured, p.schoolId, p.role);
  const role = p.role as string;
  if (accessType === 'admin' && !isAdminRole(role)) {
    throw await refuse(403, 'WRONG_AREA', messages.login.wrongAdminArea(role), p.schoolId, role);
  }
  if (accessType === 'school' && !isSchoolRole(role)) {
    throw await refuse(403, 'WRONG_AREA', messages.login.wrongSchoolArea(role), p.schoolId, role);
  }
  if (isSchoolRole(role) && row.school?.status !== 'active') {
    throw await refuse(403, 'SCHOOL_INACTIVE', messages.login.schoolDeactivated, p.schoolId, role);
  }

  await withSystem(db, async (tx) => {
    await recordLoginAttempt(tx, email, request.ip, true);
    await touchLastLogin(tx, userId, request.ip);
    await recordAudit(tx, {
      schoolId: p.schoolId,
      action: 'LOGIN_SUCCESS',
      performedByUserId: userId,
      performedByRole: role,
      targetEntity: 'auth',
      metadata: { email, accessType },
      ipAddress: request.ip,
    });
  });
  return { user: toSessionUser(row), setCookies };
}

/** The signed-in user for a request's cookies, or null when there is no live session. */
export async function currentUser(deps: AuthDeps, headers: Headers): Promise<SessionUser | null> {
  const session = await deps.auth.api.getSession({ headers });
  if (!session) return null;
  const row = await withSystem(deps.database.db, (tx) => findProfileWithSchool(tx, session.user.id));
  return row ? toSessionUser(row) : null;
}

/** Ends the request's session (if any); returns the Set-Cookie headers that clear the cookie. */
export async function signOut(deps: AuthDeps, headers: Headers): Promise<string[]> {
  try {
    const result = await deps.auth.api.signOut({ headers, returnHeaders: true });
    return result.headers.getSetCookie();
  } catch {
    // No session: nothing to end. Still tell the browser to drop any cookie it holds.
    return [];
  }
}

/**
 * Forgot password (spec §5 Password reset). Always reports success for a well-formed request, so an
 * unknown address reveals nothing; mail is sent only to active accounts whose role matches the login
 * area (when one is given). Throws 400 for an empty e-mail, 502 when the mail server refuses.
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  input: { email?: string; accessType?: AccessType | 'universal' },
  ip: string,
): Promise<void> {
  const email = (input.email ?? '').trim().toLowerCase();
  if (!email) throw badRequest(messages.passwordReset.emailRequired);
  const db = deps.database.db;
  const userId = await withSystem(db, (tx) => findUserIdByEmail(tx, email));
  const row = userId ? await withSystem(db, (tx) => findProfileWithSchool(tx, userId)) : null;
  const role = row?.profile.role ?? null;
  let refusal: string | null = null;
  if (!row) refusal = 'unknown-email';
  else if (row.profile.status !== 'active') refusal = 'account-inactive';
  else if (input.accessType === 'admin' && !isAdminRole(role)) refusal = 'wrong-area';
  else if (input.accessType === 'school' && !isSchoolRole(role)) refusal = 'wrong-area';

  await withSystem(db, (tx) =>
    recordAudit(tx, {
      schoolId: row?.profile.schoolId ?? null,
      action: 'PASSWORD_RESET_REQUESTED',
      performedByUserId: userId,
      performedByRole: role,
      targetEntity: 'auth',
      success: !refusal,
      errorMessage: refusal,
      metadata: { email },
      ipAddress: ip,
    }),
  );
  if (refusal || !row) return;
  try {
    await deps.auth.api.requestPasswordReset({ body: { email, redirectTo: `${deps.publicUrl}/reset-password` } });
    const token = deps.issuedResetTokens.get(email);
    deps.issuedResetTokens.delete(email);
    if (!token) throw new Error('no reset token issued');
    await sendResetMail(deps, { email, name: row.profile.name }, token);
  } catch (err) {
    deps.issuedResetTokens.delete(email);
    throw new AppError(502, 'MAIL_FAILED', messages.passwordReset.failed, {}, err);
  }
}

/** Sends the reset e-mail with a link to /reset-password?token=… (called by better-auth). */
export async function sendResetMail(deps: Pick<AuthDeps, 'mailer' | 'publicUrl'>, user: { email: string; name: string }, token: string) {
  const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const text = [
    `Hello ${user.name},`,
    '',
    'We received a request to reset the password of your EduFam account.',
    `Open this link to choose a new password (valid for one hour): ${link}`,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(user.name)},</p><p>We received a request to reset the password of your EduFam account.</p><p><a href="${link}">Choose a new password</a> (the link is valid for one hour).</p><p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`;
  await deps.mailer.send({ to: user.email, subject: messages.passwordReset.mailSubject, text, html });
}

/**
 * E-mails a new account's holder a link to choose their password (issue 10 §2: the guardian's parent
 * account, "e-mailed link to set a password"). The link is a password-reset link (valid one hour);
 * after that, "Forgot password?" on the sign-in page sends a fresh one. Call after the account's
 * transaction has committed. Throws AppError 502 MAIL_FAILED when the mail server refuses.
 */
export async function sendAccountSetupMail(deps: AuthDeps, user: { email: string; name: string; schoolName: string }): Promise<void> {
  const email = user.email.trim().toLowerCase();
  try {
    await deps.auth.api.requestPasswordReset({ body: { email, redirectTo: `${deps.publicUrl}/reset-password` } });
    const token = deps.issuedResetTokens.get(email);
    deps.issuedResetTokens.delete(email);
    if (!token) throw new Error('no reset token issued');
    const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const signIn = `${deps.publicUrl}/login`;
    const text = [
      `Hello ${user.name},`,
      '',
      `${user.schoolName} has created an EduFam parent account for you, so you can follow your child's school life: fees, results, attendance and school news.`,
      `Open this link to choose your password (valid for one hour): ${link}`,
      '',
      `Then sign in at ${signIn} in the "School Users" area with this e-mail address. If the link has expired, use "Forgot password?" on that page.`,
    ].join('\n');
    const html = `<p>Hello ${escapeHtml(user.name)},</p><p>${escapeHtml(user.schoolName)} has created an EduFam parent account for you, so you can follow your child's school life: fees, results, attendance and school news.</p><p><a href="${link}">Choose your password</a> (the link is valid for one hour).</p><p>Then sign in at <a href="${signIn}">${signIn}</a> in the "School Users" area with this e-mail address. If the link has expired, use "Forgot password?" on that page.</p>`;
    await deps.mailer.send({ to: email, subject: messages.passwordReset.accountSetupSubject, text, html });
  } catch (err) {
    deps.issuedResetTokens.delete(email);
    throw new AppError(502, 'MAIL_FAILED', messages.passwordReset.accountSetupFailed, {}, err);
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** Is this reset token live? Throws 400 with the spec's invalid-link message otherwise. */
export async function validateResetToken(deps: AuthDeps, token: string | undefined): Promise<void> {
  if (!token) throw badRequest(messages.passwordReset.invalidLink);
  const userId = await withSystem(deps.database.db, (tx) => resetTokenUserId(tx, token));
  if (!userId) throw badRequest(messages.passwordReset.invalidOrExpired);
}

/**
 * Sets a new password from a reset link (spec §5 Reset form). Refused for inactive or suspended
 * accounts. Ends the user's other sessions. Throws 400 with the spec's messages.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { token?: string; password?: string; confirmPassword?: string },
  ip: string,
): Promise<void> {
  const { token, password = '', confirmPassword = '' } = input;
  if (!password || !confirmPassword) throw badRequest(messages.passwordReset.bothRequired);
  if (password.length < MIN_PASSWORD_LENGTH) throw badRequest(messages.passwordReset.tooShort);
  if (password !== confirmPassword) throw badRequest(messages.passwordReset.mismatch);
  if (!token) throw badRequest(messages.passwordReset.invalidLink);
  const db = deps.database.db;
  const userId = await withSystem(db, (tx) => resetTokenUserId(tx, token));
  if (!userId) throw badRequest(messages.passwordReset.invalidOrExpired);
  const row = await withSystem(db, (tx) => findProfileWithSchool(tx, userId));
  if (!row || row.profile.status !== 'active') throw forbidden(messages.login.deactivated, 'ACCOUNT_DEACTIVATED');
  try {
    await deps.auth.api.resetPassword({ body: { newPassword: password, token } });
  } catch (err) {
    const msg = err instanceof APIError ? String((err.body as { message?: string } | undefined)?.message ?? '') : '';
    throw badRequest(msg || messages.passwordReset.updateFailed);
  }
  await withSystem(db, async (tx) => {
    await recordAudit(tx, {
      schoolId: row.profile.schoolId,
      action: 'PASSWORD_RESET',
      performedByUserId: userId,
      performedByRole: row.profile.role,
      targetEntity: 'auth',
      ipAddress: ip,
    });
  });
}

