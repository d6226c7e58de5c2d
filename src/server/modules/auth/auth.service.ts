import { APIError } from 'better-auth/api';
import { withSystem, type Tx } from '../../db/tenant.js';
import { AppError, badRequest, forbidden } from '../../errors.js';
import { messages } from '../../../shared/messages.js';
import { configurationProblem } from '../../../shared/access.js';
import { isAdminRole, isSchoolRole, roleDisplayName, type AccessType } from '../../../shared/roles.js';
import { LOGIN_WINDOW_MS } from '../../../shared/constants.js';
import { TWO_FACTOR_MAX_ATTEMPTS, TWO_FACTOR_PENDING_MINUTES } from '../../../shared/contracts/security.js';
import { securityMessages } from '../../../shared/messages/security.js';
import { auditAccount } from '../../lib/account-audit.js';
import { recordAudit } from '../../lib/audit.js';
import { noteSignInNetwork, raiseFailureAlerts } from '../security/index.js';
import { checkPasswordPolicy, loadPolicy, twoFactorRequiredFor } from '../security/index.js';
import { securityRepo } from '../security/index.js';
import { checkSecondFactor, secondFactorMessage } from '../security/index.js';
import {
  countRecentFailures,
  findParentLanguages,
  findProfileWithSchool,
  findUserIdByEmail,
  recordLoginAttempt,
  resetTokenUserId,
  touchLastLogin,
} from './auth.repository.js';
import { sessionCookieOf } from '../../lib/session-cache.js';
import { signOut } from '../../lib/better-auth.js';
import { toSessionUser } from './session-user.js';
import { type SessionUser } from '../../../shared/contracts/session.js';
import type { AuthDeps } from '../../lib/module-deps.js';
import { sendAccountSetupLink } from '../../lib/account-setup-mail.js';
import { accountLocale, guardianLocale } from '../../lib/recipient-locale.js';
import { withLocale } from '../../lib/request-locale.js';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/i18n/locale.js';


/** Session lifetimes of better-auth.ts: remember me 7 days, otherwise 1 day. */
const REMEMBER_ME_MS = 7 * 24 * 60 * 60_000;
const SESSION_ONLY_MS = 24 * 60 * 60_000;

/** What POST /api/auth/sign-in answers (contracts/security.ts SignInResult). */
export type SignInOutcome =
  | { user: SessionUser; twoFactorSetupRequired?: true; setCookies: string[] }
  | { twoFactorRequired: true; setCookies: string[] };

function secretsKeyOf(deps: AuthDeps): Buffer {
  const key = deps.mpesa?.secretsKey;
  if (!key) throw new Error('two-factor sign-in needs the secrets key (AppDeps.mpesa.secretsKey)');
  return key;
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
 *
 * Issue 18 §2: when every check passed and the account has two-factor on, the session is marked
 * two_factor_pending with a TWO_FACTOR_PENDING_MINUTES expiry and the answer is { twoFactorRequired }
 * (cookie set, no user; LOGIN_SUCCESS waits for the code, completeTwoFactorSignIn). When the policy
 * requires two-factor for the role and it is off, the user comes with twoFactorSetupRequired.
 * Failed sign-ins may raise security alerts (security/alerts.ts); a successful one notes the network.
 * Returns the outcome and the Set-Cookie headers to forward. Throws AppError (400, 401, 403, 429).
 */
export async function signIn(
  deps: AuthDeps,
  input: SignInInput,
  request: { headers: Headers; ip: string },
): Promise<SignInOutcome> {
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
      await raiseFailureAlerts(tx, { email, ip: request.ip, userId: userId ?? null, schoolId });
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
    throw await refuse(403, 'WRONG_AREA', messages.login.wrongAdminArea(roleDisplayName(role)), p.schoolId, role);
  }
  if (accessType === 'school' && !isSchoolRole(role)) {
    throw await refuse(403, 'WRONG_AREA', messages.login.wrongSchoolArea(roleDisplayName(role)), p.schoolId, role);
  }
  if (isSchoolRole(role) && row.school?.status !== 'active') {
    throw await refuse(403, 'SCHOOL_INACTIVE', messages.login.schoolDeactivated, p.schoolId, role);
  }

  const rememberMe = input.rememberMe !== false;
  const pending = await withSystem(db, async (tx) => {
    // The session's address as Fastify sees it (TRUST_PROXY aware), for "Active sessions".
    await securityRepo.setSessionIp(tx, token, request.ip);
    if (!(await securityRepo.isTwoFactorEnabled(tx, userId))) return false;
    await securityRepo.startChallenge(tx, {
      token,
      userId,
      rememberMe,
      accessType,
      expiresAt: new Date(Date.now() + TWO_FACTOR_PENDING_MINUTES * 60_000),
    });
    return true;
  });
  if (pending) return { twoFactorRequired: true, setCookies };

  await withSystem(db, (tx) => recordSuccessfulSignIn(tx, { email, userId, role, schoolId: p.schoolId, accessType, ip: request.ip }));
  const policy = await loadPolicy(db);
  const user = toSessionUser(row);
  if (twoFactorRequiredFor(policy, role) && !user.mfaEnabled) {
    return { user: { ...user, twoFactorSetupRequired: true }, twoFactorSetupRequired: true, setCookies };
  }
  return { user, setCookies };
}

/** The end of a successful sign-in: attempt, last login, network (alerts) and LOGIN_SUCCESS. */
async function recordSuccessfulSignIn(
  tx: Tx,
  s: { email: string; userId: string; role: string; schoolId: string | null; accessType: string; ip: string; twoFactor?: 'totp' | 'recovery_code' },
): Promise<void> {
  await recordLoginAttempt(tx, s.email, s.ip, true);
  await touchLastLogin(tx, s.userId, s.ip);
  await noteSignInNetwork(tx, { userId: s.userId, email: s.email, ip: s.ip, schoolId: s.schoolId });
  await recordAudit(tx, {
    schoolId: s.schoolId,
    action: 'LOGIN_SUCCESS',
    performedByUserId: s.userId,
    performedByRole: s.role,
    targetEntity: 'auth',
    metadata: { email: s.email, accessType: s.accessType, ...(s.twoFactor ? { twoFactor: s.twoFactor } : {}) },
    ipAddress: s.ip,
  });
}

/**
 * POST /api/auth/sign-in/two-factor { code } | { recoveryCode }: finishes a sign-in that answered
 * { twoFactorRequired } (the pending session's cookie identifies it). A right code (its time step later
 * than the last one accepted) or an unused recovery code turns the session into a normal one (7 days
 * with remember me, else 1 day) and records LOGIN_SUCCESS. A wrong code: 401 INVALID_TWO_FACTOR_CODE
 * (TWO_FACTOR_CODE_REUSED for a replayed one), audited TWO_FACTOR_FAILED and counted as a failed
 * sign-in (alerts, limits); the TWO_FACTOR_MAX_ATTEMPTS-th ends the pending session (401
 * TWO_FACTOR_EXPIRED, cookie cleared). No pending session or an expired one: 401 TWO_FACTOR_EXPIRED.
 * The account is checked again (deactivated or school closed meanwhile: 403 as at sign-in).
 */
export async function completeTwoFactorSignIn(
  deps: AuthDeps,
  input: { code?: string; recoveryCode?: string },
  request: { headers: Headers; ip: string },
): Promise<{ user: SessionUser; twoFactorSetupRequired?: true }> {
  const db = deps.database.db;
  const m = securityMessages.api;
  const state = await resolveSession(deps, request.headers);
  if (state.kind !== 'pending') throw new AppError(401, 'TWO_FACTOR_EXPIRED', m.pendingExpired);
  const { sessionId, userId } = state;
  const challenge = await withSystem(db, (tx) => securityRepo.findChallenge(tx, sessionId));
  if (!challenge || challenge.expiresAt.getTime() <= Date.now()) {
    await withSystem(db, (tx) => securityRepo.deleteSessionById(tx, sessionId));
    throw new AppError(401, 'TWO_FACTOR_EXPIRED', m.pendingExpired);
  }
  const row = await withSystem(db, (tx) => findProfileWithSchool(tx, userId));
  if (!row) throw new AppError(401, 'TWO_FACTOR_EXPIRED', m.pendingExpired);
  const p = row.profile;
  const role = p.role ?? '';
  const email = p.email.toLowerCase();
  const key = secretsKeyOf(deps);
  const who = { id: userId, role, schoolId: p.schoolId };

  const outcome = await withSystem(db, async (tx) => {
    const result = await checkSecondFactor(tx, key, userId, { code: input.code, recoveryCode: input.recoveryCode });
    if (result.ok) {
      await securityRepo.finishChallenge(tx, sessionId, new Date(Date.now() + (challenge.rememberMe ? REMEMBER_ME_MS : SESSION_ONLY_MS)));
      await recordSuccessfulSignIn(tx, { email, userId, role, schoolId: p.schoolId, accessType: challenge.accessType, ip: request.ip, twoFactor: result.method });
      if (result.method === 'recovery_code') {
        await auditAccount(tx, who, 'TWO_FACTOR_RECOVERY_CODE_USED', request.ip, { metadata: { left: await securityRepo.countUnusedRecoveryCodes(tx, userId) } });
      }
      return { ok: true as const };
    }
    const attempts = await securityRepo.countWrongCode(tx, sessionId);
    const ended = attempts >= TWO_FACTOR_MAX_ATTEMPTS;
    if (ended) await securityRepo.deleteSessionById(tx, sessionId);
    await recordLoginAttempt(tx, email, request.ip, false);
    await raiseFailureAlerts(tx, { email, ip: request.ip, userId, schoolId: p.schoolId });
    await auditAccount(tx, who, 'TWO_FACTOR_FAILED', request.ip, {
      success: false,
      errorMessage: result.reason,
      metadata: { email, context: 'sign-in', reason: result.reason, attempts, ended },
    });
    return { ok: false as const, reason: result.reason, ended };
  });
  if (!outcome.ok) {
    if (outcome.ended) throw new AppError(401, 'TWO_FACTOR_EXPIRED', m.tooManyCodes);
    const e = secondFactorMessage(outcome.reason);
    throw new AppError(401, e.code, e.message, { fields: { code: e.message } });
  }

  // The account may have changed during the code step: the same refusals as sign-in.
  const fresh = await currentUser(deps, request.headers);
  const refusal =
    !fresh || fresh.status !== 'active'
      ? forbidden(messages.login.deactivated, 'ACCOUNT_DEACTIVATED')
      : isSchoolRole(fresh.role) && fresh.school?.status !== 'active'
        ? forbidden(messages.login.schoolDeactivated, 'SCHOOL_INACTIVE')
        : null;
  if (refusal || !fresh) {
    await withSystem(db, (tx) => securityRepo.deleteSessionById(tx, sessionId));
    throw refusal ?? forbidden(messages.login.deactivated, 'ACCOUNT_DEACTIVATED');
  }
  return fresh.twoFactorSetupRequired ? { user: fresh, twoFactorSetupRequired: true } : { user: fresh };
}

/** What a request's session cookie stands for. */
export type SessionState =
  | { kind: 'none' }
  /** The password was accepted; the two-factor code is awaited (issue 18). Opens nothing. */
  | { kind: 'pending'; sessionId: string; userId: string }
  | { kind: 'user'; user: SessionUser };

/**
 * The request's session: none, a pending two-factor sign-in, or a signed-in user (with sessionId and
 * twoFactorSetupRequired set). A session idle longer than the policy's sessionIdleMinutes is ended
 * here (issue 18 §2). The policy is cached per process (security/policy.ts).
 *
 * Issue 19: a signed-in user's session is served from deps.sessionCache when this cookie was resolved
 * in the last SESSION_CACHE_TTL_MS and nothing about the session, user, profile or school changed
 * since (LISTEN/NOTIFY invalidation): no database round trip. Otherwise better-auth checks the
 * cookie's signature and the session (and extends it once a day), the profile is read, and the result
 * is cached. Pending two-factor sign-ins and missing sessions are never cached.
 */
export async function resolveSession(deps: AuthDeps, headers: Headers): Promise<SessionState> {
  const db = deps.database.db;
  const cache = deps.sessionCache;
  const cookie = cache ? sessionCookieOf(headers.get('cookie') ?? undefined) : null;
  if (cache && cookie) {
    const hit = cache.get(cookie);
    if (hit) {
      // The policy may have changed since the entry was stored (its own 30 s cache).
      const current = await loadPolicy(db);
      hit.twoFactorSetupRequired = twoFactorRequiredFor(current, hit.role) && !hit.mfaEnabled;
      return { kind: 'user', user: hit };
    }
  }
  const generation = cache?.generation() ?? 0;
  const session = await deps.auth.api.getSession({ headers });
  if (!session) return { kind: 'none' };
  const s = session.session as typeof session.session & { twoFactorPending?: boolean | null; lastSeenAt?: Date | string | null };
  if (s.twoFactorPending) return { kind: 'pending', sessionId: s.id, userId: session.user.id };
  const policy = await loadPolicy(db);
  if (policy.sessionIdleMinutes) {
    const last = new Date(s.lastSeenAt ?? s.createdAt).getTime();
    if (Date.now() - last > policy.sessionIdleMinutes * 60_000) {
      await withSystem(db, (tx) => securityRepo.deleteSessionById(tx, s.id));
      return { kind: 'none' };
    }
  }
  const row = await withSystem(db, (tx) => findProfileWithSchool(tx, session.user.id));
  if (!row) return { kind: 'none' };
  const user = toSessionUser(row);
  user.sessionId = s.id;
  user.twoFactorSetupRequired = twoFactorRequiredFor(policy, user.role) && !user.mfaEnabled;
  if (cache && cookie) cache.set(cookie, user, new Date(s.expiresAt), generation);
  return { kind: 'user', user };
}

/**
 * Logout (spec §4 "signs out globally", §7 sign out with scope local or global). Ends the request's
 * session and returns the Set-Cookie headers that clear its cookie; with scope 'global' (the default)
 * every other session of the same user ends too, on every device (a pending two-factor sign-in
 * included). The session cache drops them at commit (drizzle/0023_session_changes.sql notifies every
 * instance), so the other devices' next request is signed out. Without a session nothing happens.
 */
export async function signOutScoped(deps: AuthDeps, headers: Headers, scope: 'local' | 'global' = 'global'): Promise<string[]> {
  const session = scope === 'global' ? await deps.auth.api.getSession({ headers }).catch(() => null) : null;
  const cookies = await signOut(deps, headers);
  if (session) await withSystem(deps.database.db, (tx) => securityRepo.deleteSessionsOfUser(tx, session.user.id));
  return cookies;
}

/**
 * The signed-in user for a request's cookies, or null when there is no live session. A pending
 * two-factor sign-in is no session (every permission route answers 401).
 */
export async function currentUser(deps: AuthDeps, headers: Headers): Promise<SessionUser | null> {
  const state = await resolveSession(deps, headers);
  return state.kind === 'user' ? state.user : null;
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
    await sendResetMail(deps, { email, name: row.profile.name, locale: accountLocale(row.profile.locale) }, token);
  } catch (err) {
    deps.issuedResetTokens.delete(email);
    // Spec §8 Sign-in: the service's own failure; the dialog shows it as returned (§5).
    throw new AppError(502, 'MAIL_FAILED', messages.login.resetMailFailed, {}, err);
  }
}

/**
 * Sends the reset e-mail with a link to /reset-password?token=… (after better-auth issued the token),
 * written in the account holder's language (`user.locale`, their profiles.locale; English when not
 * given), whatever the language of the page that asked for it (issue 36 §2). Throws when the mail
 * server refuses.
 */
export async function sendResetMail(deps: Pick<AuthDeps, 'mailer' | 'publicUrl'>, user: { email: string; name: string; locale?: Locale }, token: string) {
  const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const mail = withLocale(user.locale ?? DEFAULT_LOCALE, () => {
    const w = messages.passwordReset.resetMail;
    const text = [w.hello(user.name), '', w.request, w.openLink(link), '', w.ignore].join('\n');
    const html = `<p>${escapeHtml(w.hello(user.name))}</p><p>${escapeHtml(w.request)}</p><p><a href="${link}">${escapeHtml(w.chooseLink)}</a> ${escapeHtml(w.linkValid)}</p><p>${escapeHtml(w.ignore)}</p>`;
    return { to: user.email, subject: messages.passwordReset.mailSubject, text, html };
  });
  await deps.mailer.send(mail);
}

/**
 * E-mails a new account's holder a link to choose their password (issue 10 §2: the guardian's parent
 * account, "e-mailed link to set a password"). The link is a password-reset link (valid one hour);
 * after that, "Forgot password?" on the sign-in page sends a fresh one. The e-mail is written in the
 * guardian's language (issue 36 §2): `user.locale` when given, else the preferred_language of the
 * guardian linked to the account, else the school's default_locale (recipient-locale.ts
 * guardianLocale). Call after the account's transaction has committed. Throws AppError 502
 * MAIL_FAILED when the mail server refuses.
 */
export async function sendAccountSetupMail(deps: AuthDeps, user: { email: string; name: string; schoolName: string; locale?: Locale }): Promise<void> {
  try {
    const locale = user.locale ?? (await parentMailLocale(deps, user.email));
    await sendAccountSetupLink(deps, {
      email: user.email,
      name: user.name,
      subject: () => messages.passwordReset.accountSetupSubject,
      intro: () => messages.passwordReset.parentSetupIntro(user.schoolName),
      area: 'School Users',
      locale,
    });
  } catch (err) {
    throw new AppError(502, 'MAIL_FAILED', messages.passwordReset.accountSetupFailed, {}, err);
  }
}

/** A parent account's e-mail language: its guardian's preferred_language, else the school's default_locale, else English. */
async function parentMailLocale(deps: Pick<AuthDeps, 'database'>, email: string): Promise<Locale> {
  const found = await withSystem(deps.database.db, (tx) => findParentLanguages(tx, email));
  return guardianLocale(found?.guardianLanguage, found?.schoolLocale);
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
  // Issue 18 §2: the security policy's password rules (at least 8 characters, as spec §9, or more).
  const policy = await loadPolicy(deps.database.db);
  const broken = checkPasswordPolicy(policy, password);
  if (broken) {
    throw policy.passwordMinLength === 8 && Array.from(password).length < 8
      ? badRequest(messages.passwordReset.tooShort)
      : new AppError(400, 'PASSWORD_POLICY', broken, { fields: { password: broken } });
  }
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

