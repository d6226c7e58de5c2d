import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, cookieFrom, createAccount, createTestApp, nextIp, profileIdOf, schoolIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';
import type { TwoFactorEnableResponse, TwoFactorStatus, TwoFactorVerifyResponse } from '../../../shared/contracts/security.js';
import { securityMessages as sm } from '../../../shared/messages/security.js';
import { auditLogs, profiles, sessions, twoFactorChallenges, twoFactorCredentials, twoFactorRecoveryCodes } from '../../db/schema/index.js';

/**
 * Two-factor sign-in (issue 18 §2, §5, "Bad input"): enrolment needs the password and a first code
 * (enabling without confirming leaves it off); sign-in with two-factor answers { twoFactorRequired }
 * and the session opens nothing until POST /api/auth/sign-in/two-factor accepts a code computed here
 * with otpauth from the returned secret; wrong, replayed and expired codes are refused; recovery codes
 * work once; disable; the policy's per-role requirement (403 TWO_FACTOR_SETUP_REQUIRED, e.g. on GET /api/students). Runs on
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let greenhill: string;
const TF_USER = 'tf.teacher@greenhill.edufam.test';
const LOCK_USER = 'tf.lock@greenhill.edufam.test';

// The server reads the TOTP time from Date.now(); each accepted code moves the clock one 30-second step
// on, so the next code belongs to a later step (codes cannot be replayed). The clock is frozen between
// steps: a real 30-second boundary crossed mid-test (a loaded CI machine) would otherwise turn an
// intended replay into a fresh, accepted code.
const realNow = Date.now.bind(Date);
const frozenAt = realNow();
let shift = 0;
const now = () => frozenAt + shift;
const nextStep = () => {
  shift += 30_000;
};
const codeFor = (secret: string, at = now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at });
const wrongCode = (secret: string) => {
  const right = new Set([-1, 0, 1].map((d) => codeFor(secret, now() + d * 30_000)));
  let c = '000000';
  for (let i = 0; right.has(c); i++) c = String(123456 + i).padStart(6, '0');
  return c;
};

beforeAll(async () => {
  vi.spyOn(Date, 'now').mockImplementation(now);
  t = await createTestApp();
  greenhill = await schoolIdOf(t.database, 'greenhill');
  await createAccount(t.database, { email: TF_USER, name: 'Two Factor Teacher', role: 'teacher', schoolId: greenhill });
  await createAccount(t.database, { email: LOCK_USER, name: 'Lock Teacher', role: 'teacher', schoolId: greenhill });
}, 600_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (cookie: string | undefined, method: Method, url: string, payload?: unknown, remoteAddress = nextIp()) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    remoteAddress,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const ok = async <T>(cookie: string, method: Method, url: string, payload?: unknown): Promise<T> => {
  const res = await call(cookie, method, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const fails = async (cookie: string | undefined, method: Method, url: string, payload: unknown, status: number) => {
  const res = await call(cookie, method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json<{ error: { code: string; message: string } }>().error;
};
const postSignIn = (email: string, password = DEMO.password, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password, accessType: 'school', ...extra }, remoteAddress: nextIp() });

/** Turns two-factor on for the account behind `cookie`; returns the secret and recovery codes. */
async function enrol(cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { secret } = await ok<TwoFactorEnableResponse>(cookie, 'POST', '/api/auth/two-factor/enable', { password: DEMO.password });
  nextStep();
  const { recoveryCodes } = await ok<TwoFactorVerifyResponse>(cookie, 'POST', '/api/auth/two-factor/verify', { code: codeFor(secret) });
  return { secret, recoveryCodes };
}

describe('access', () => {
  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/two-factor'],
      ['POST', '/api/auth/two-factor/enable'],
      ['POST', '/api/auth/two-factor/verify'],
      ['POST', '/api/auth/two-factor/disable'],
      ['POST', '/api/auth/two-factor/recovery-codes'],
    ] as const) {
      await fails(undefined, method, url, method === 'GET' ? undefined : {}, 401);
    }
  });

  it('refuses the code step without a pending sign-in', async () => {
    const e = await fails(undefined, 'POST', '/api/auth/sign-in/two-factor', { code: '123456' }, 401);
    expect(e.code).toBe('TWO_FACTOR_EXPIRED');
    const cookie = await signIn(t.app, DEMO.greenhill.hr, 'school');
    expect((await fails(cookie, 'POST', '/api/auth/sign-in/two-factor', { code: '123456' }, 401)).code).toBe('TWO_FACTOR_EXPIRED');
    expect((await fails(undefined, 'POST', '/api/auth/sign-in/two-factor', {}, 400)).code).toBe('VALIDATION');
  });
});

describe('enrolment, sign-in, recovery codes and disable', () => {
  let cookie: string;
  let secret: string;
  let recoveryCodes: string[];

  beforeAll(async () => {
    cookie = await signIn(t.app, TF_USER, 'school');
  });

  it('is off at first, and enable needs the right password', async () => {
    const status = await ok<TwoFactorStatus>(cookie, 'GET', '/api/auth/two-factor');
    expect(status).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false });
    const e = await fails(cookie, 'POST', '/api/auth/two-factor/enable', { password: 'wrong-password' }, 400);
    expect(e.message).toBe(sm.api.passwordIncorrect);
    await fails(cookie, 'POST', '/api/auth/two-factor/enable', {}, 400);
  });

  it('enabling without confirming a code leaves two-factor off and sign-in unchanged', async () => {
    const started = await ok<TwoFactorEnableResponse>(cookie, 'POST', '/api/auth/two-factor/enable', { password: DEMO.password });
    expect(started.otpauthUri).toMatch(/^otpauth:\/\/totp\/EduFam:tf\.teacher%40greenhill\.edufam\.test\?/);
    expect(started.otpauthUri).toContain(`secret=${started.secret}`);
    expect(started.otpauthUri).toContain('issuer=EduFam');
    expect(started.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/);
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    secret = started.secret;
    expect((await ok<TwoFactorStatus>(cookie, 'GET', '/api/auth/two-factor')).enabled).toBe(false);
    const res = await postSignIn(TF_USER);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.email).toBe(TF_USER);
    expect(res.json().twoFactorRequired).toBeUndefined();
  });

  it('refuses a wrong code at verify and changes nothing', async () => {
    const e = await fails(cookie, 'POST', '/api/auth/two-factor/verify', { code: wrongCode(secret) }, 400);
    expect(e.code).toBe('INVALID_TWO_FACTOR_CODE');
    expect(e.message).toBe(sm.api.codeInvalid);
    expect((await fails(cookie, 'POST', '/api/auth/two-factor/verify', { code: '12ab' }, 400)).code).toBe('VALIDATION');
    expect((await ok<TwoFactorStatus>(cookie, 'GET', '/api/auth/two-factor')).enabled).toBe(false);
  });

  it('turns on with a code from the secret, stores the secret encrypted and the recovery codes hashed', async () => {
    nextStep();
    const res = await ok<TwoFactorVerifyResponse>(cookie, 'POST', '/api/auth/two-factor/verify', { code: codeFor(secret) });
    expect(res.enabled).toBe(true);
    expect(res.recoveryCodes).toHaveLength(10);
    for (const c of res.recoveryCodes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    recoveryCodes = res.recoveryCodes;
    const status = await ok<TwoFactorStatus>(cookie, 'GET', '/api/auth/two-factor');
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect(status.enabledAt).not.toBeNull();

    const userId = await profileIdOf(t.database, TF_USER);
    const [cred] = await system(t.database, (tx) => tx.select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, userId)));
    expect(cred!.secret).toMatch(/^v1\./);
    expect(cred!.secret).not.toContain(secret);
    expect(cred!.pendingSecret).toBeNull();
    const stored = await system(t.database, (tx) => tx.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId)));
    expect(stored).toHaveLength(10);
    for (const s of stored) expect(recoveryCodes.map((c) => c.replace('-', ''))).not.toContain(s.codeHash);
    const [p] = await system(t.database, (tx) => tx.select({ mfa: profiles.mfaEnabled }).from(profiles).where(eq(profiles.id, userId)));
    expect(p!.mfa).toBe(true);
    expect((await fails(cookie, 'POST', '/api/auth/two-factor/enable', { password: DEMO.password }, 409)).code).toBe('TWO_FACTOR_ALREADY_ENABLED');
  });

  it('sign-in asks for the code; the pending session opens nothing and keeps its short expiry', async () => {
    const res = await postSignIn(TF_USER);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ twoFactorRequired: true });
    const pending = cookieFrom(res);
    expect(pending).toContain('edufam.session_token=');
    const session = await call(pending, 'GET', '/api/auth/session');
    expect(session.statusCode).toBe(401);
    expect(session.json().error.code).toBe('TWO_FACTOR_REQUIRED');
    expect((await call(pending, 'GET', '/api/auth/two-factor')).statusCode).toBe(401);
    expect((await call(pending, 'GET', '/api/auth/sessions')).statusCode).toBe(401);
    const userId = await profileIdOf(t.database, TF_USER);
    const rows = await system(t.database, (tx) =>
      tx.select().from(sessions).where(and(eq(sessions.userId, userId), eq(sessions.twoFactorPending, true))),
    );
    expect(rows).toHaveLength(1);
    // GET /api/auth/session did not stretch it to better-auth's 7 days.
    expect(rows[0]!.expiresAt.getTime() - now()).toBeLessThanOrEqual(5 * 60_000 + 5_000);
    const audits = await system(t.database, (tx) =>
      tx.select().from(auditLogs).where(and(eq(auditLogs.performedByUserId, userId), eq(auditLogs.action, 'LOGIN_SUCCESS'))),
    );
    const before = audits.length;

    // A wrong code, then the code already used at verify (replay), then a fresh one.
    let e = await fails(pending, 'POST', '/api/auth/sign-in/two-factor', { code: wrongCode(secret) }, 401);
    expect(e).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE', message: sm.api.codeInvalid });
    e = await fails(pending, 'POST', '/api/auth/sign-in/two-factor', { code: codeFor(secret) }, 401);
    expect(e).toMatchObject({ code: 'TWO_FACTOR_CODE_REUSED', message: sm.api.codeReused });
    nextStep();
    const done = await call(pending, 'POST', '/api/auth/sign-in/two-factor', { code: codeFor(secret) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user.email).toBe(TF_USER);
    const me = await call(pending, 'GET', '/api/auth/session');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.mfaEnabled).toBe(true);
    // The same code again (another sign-in) is a replay.
    const again = cookieFrom(await postSignIn(TF_USER));
    expect((await fails(again, 'POST', '/api/auth/sign-in/two-factor', { code: codeFor(secret) }, 401)).code).toBe('TWO_FACTOR_CODE_REUSED');

    const after = await system(t.database, (tx) =>
      tx.select().from(auditLogs).where(and(eq(auditLogs.performedByUserId, userId), eq(auditLogs.action, 'LOGIN_SUCCESS'))),
    );
    expect(after.length).toBe(before + 1);
    expect(after.some((a) => (a.metadata as { twoFactor?: string }).twoFactor === 'totp')).toBe(true);
    const failed = await system(t.database, (tx) =>
      tx.select().from(auditLogs).where(and(eq(auditLogs.performedByUserId, userId), eq(auditLogs.action, 'TWO_FACTOR_FAILED'))),
    );
    expect(failed.length).toBeGreaterThanOrEqual(3);
    const [normal] = await system(t.database, (tx) => tx.select().from(sessions).where(eq(sessions.id, me.json().user.sessionId)));
    expect(normal!.twoFactorPending).toBe(false);
    expect(normal!.expiresAt.getTime() - realNow()).toBeGreaterThan(6 * 24 * 60 * 60_000);
  });

  it('a sign-in without remember me opens a one-day session after the code', async () => {
    const res = await postSignIn(TF_USER, DEMO.password, { rememberMe: false });
    const pending = cookieFrom(res);
    nextStep();
    const done = await call(pending, 'POST', '/api/auth/sign-in/two-factor', { code: codeFor(secret) });
    expect(done.statusCode, done.body).toBe(200);
    const [s] = await system(t.database, (tx) => tx.select().from(sessions).where(eq(sessions.id, done.json().user.sessionId)));
    const left = s!.expiresAt.getTime() - realNow();
    expect(left).toBeGreaterThan(23 * 60 * 60_000);
    expect(left).toBeLessThan(25 * 60 * 60_000);
  });

  it('an expired pending sign-in is refused', async () => {
    const pending = cookieFrom(await postSignIn(TF_USER));
    await system(t.database, (tx) => tx.update(twoFactorChallenges).set({ expiresAt: new Date(realNow() - 1000) }));
    nextStep();
    const e = await fails(pending, 'POST', '/api/auth/sign-in/two-factor', { code: codeFor(secret) }, 401);
    expect(e).toMatchObject({ code: 'TWO_FACTOR_EXPIRED', message: sm.api.pendingExpired });
  });

  it('a recovery code signs in once', async () => {
    const pending = cookieFrom(await postSignIn(TF_USER));
    const done = await call(pending, 'POST', '/api/auth/sign-in/two-factor', { recoveryCode: recoveryCodes[0]!.toUpperCase() });
    expect(done.statusCode, done.body).toBe(200);
    expect((await ok<TwoFactorStatus>(pending, 'GET', '/api/auth/two-factor')).recoveryCodesLeft).toBe(9);
    const second = cookieFrom(await postSignIn(TF_USER));
    const e = await fails(second, 'POST', '/api/auth/sign-in/two-factor', { recoveryCode: recoveryCodes[0] }, 401);
    expect(e.message).toBe(sm.api.recoveryCodeInvalid);
    const ok2 = await call(second, 'POST', '/api/auth/sign-in/two-factor', { recoveryCode: recoveryCodes[1] });
    expect(ok2.statusCode, ok2.body).toBe(200);
    cookie = second;
  });

  it('regenerates recovery codes with a current code; the old ones stop working', async () => {
    await fails(cookie, 'POST', '/api/auth/two-factor/recovery-codes', { code: wrongCode(secret) }, 400);
    nextStep();
    const { recoveryCodes: fresh } = await ok<{ recoveryCodes: string[] }>(cookie, 'POST', '/api/auth/two-factor/recovery-codes', { code: codeFor(secret) });
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[2]);
    const pending = cookieFrom(await postSignIn(TF_USER));
    await fails(pending, 'POST', '/api/auth/sign-in/two-factor', { recoveryCode: recoveryCodes[2] }, 401);
    const done = await call(pending, 'POST', '/api/auth/sign-in/two-factor', { recoveryCode: fresh[0] });
    expect(done.statusCode, done.body).toBe(200);
    recoveryCodes = fresh.slice(1);
    cookie = pending;
  });

  it('turns off with the password and a code (a recovery code will do)', async () => {
    await fails(cookie, 'POST', '/api/auth/two-factor/disable', { password: 'nope', code: recoveryCodes[0] }, 400);
    const e = await fails(cookie, 'POST', '/api/auth/two-factor/disable', { password: DEMO.password, code: wrongCode(secret) }, 400);
    expect(e.code).toBe('INVALID_TWO_FACTOR_CODE');
    expect((await ok<TwoFactorStatus>(cookie, 'GET', '/api/auth/two-factor')).enabled).toBe(true);
    const off = await ok<{ enabled: boolean }>(cookie, 'POST', '/api/auth/two-factor/disable', { password: DEMO.password, code: recoveryCodes[0] });
    expect(off).toEqual({ enabled: false });
    expect(await ok<TwoFactorStatus>(cookie, 'GET', '/api/auth/two-factor')).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    const res = await postSignIn(TF_USER);
    expect(res.json().user.email).toBe(TF_USER);
    const userId = await profileIdOf(t.database, TF_USER);
    const audits = await system(t.database, (tx) => tx.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.performedByUserId, userId)));
    const actions = new Set(audits.map((a) => a.action));
    for (const a of ['TWO_FACTOR_ENABLED', 'TWO_FACTOR_DISABLED', 'TWO_FACTOR_FAILED', 'TWO_FACTOR_RECOVERY_CODES_REGENERATED', 'TWO_FACTOR_RECOVERY_CODE_USED']) {
      expect(actions, a).toContain(a);
    }
  });
});

describe('wrong codes', () => {
  it('five wrong codes end the pending sign-in and raise an alert', async () => {
    const cookie = await signIn(t.app, LOCK_USER, 'school');
    const { secret } = await enrol(cookie);
    const pending = cookieFrom(await postSignIn(LOCK_USER));
    for (let i = 1; i <= 4; i++) {
      expect((await fails(pending, 'POST', '/api/auth/sign-in/two-factor', { code: wrongCode(secret) }, 401)).code).toBe('INVALID_TWO_FACTOR_CODE');
    }
    const e = await fails(pending, 'POST', '/api/auth/sign-in/two-factor', { code: wrongCode(secret) }, 401);
    expect(e).toMatchObject({ code: 'TWO_FACTOR_EXPIRED', message: sm.api.tooManyCodes });
    nextStep();
    expect((await fails(pending, 'POST', '/api/auth/sign-in/two-factor', { code: codeFor(secret) }, 401)).code).toBe('TWO_FACTOR_EXPIRED');
    const admin = await signIn(t.app, DEMO.admin, 'admin');
    const alerts = await ok<{ alerts: { kind: string; subject: string; count: number }[] }>(admin, 'GET', '/api/security/alerts?status=open');
    expect(alerts.alerts.find((a) => a.kind === 'failed_sign_ins_account' && a.subject === LOCK_USER)?.count).toBe(5);
    // The account's failures now hold further sign-ins back (spec §8 limits).
    expect((await postSignIn(LOCK_USER)).statusCode).toBe(429);
  });
});

describe('policy: two-factor required for a role', () => {
  it('lets a principal reach only setup, sessions and profile until two-factor is on', async () => {
    const admin = await signIn(t.app, DEMO.admin, 'admin');
    const policy = await ok<Record<string, unknown>>(admin, 'GET', '/api/security/policy');
    expect(policy.twoFactorRequiredRoles).toEqual([]);
    await ok(admin, 'PUT', '/api/security/policy', { ...policy, twoFactorRequiredRoles: ['principal'] });
    try {
      const res = await postSignIn(DEMO.greenhill.principal);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().twoFactorSetupRequired).toBe(true);
      expect(res.json().user.twoFactorSetupRequired).toBe(true);
      const cookie = cookieFrom(res);
      const e = await fails(cookie, 'GET', '/api/students', undefined, 403);
      expect(e).toMatchObject({ code: 'TWO_FACTOR_SETUP_REQUIRED', message: sm.api.setupRequired });
      expect((await ok<TwoFactorStatus>(cookie, 'GET', '/api/auth/two-factor')).required).toBe(true);
      await ok(cookie, 'GET', '/api/auth/sessions');
      expect((await call(cookie, 'GET', '/api/profile')).statusCode).not.toBe(403);
      expect((await ok<{ user: { twoFactorSetupRequired: boolean } }>(cookie, 'GET', '/api/auth/session')).user.twoFactorSetupRequired).toBe(true);
      await enrol(cookie);
      expect((await call(cookie, 'GET', '/api/students')).statusCode).toBe(200);
      // Demo teacher: not required.
      const teacher = await postSignIn(DEMO.greenhill.teacher);
      expect(teacher.json().twoFactorSetupRequired).toBeUndefined();
    } finally {
      await ok(admin, 'PUT', '/api/security/policy', policy);
      await system(t.database, async (tx) => {
        const id = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, DEMO.greenhill.principal));
        await tx.delete(twoFactorCredentials).where(eq(twoFactorCredentials.userId, id[0]!.id));
        await tx.update(profiles).set({ mfaEnabled: false }).where(eq(profiles.id, id[0]!.id));
      });
    }
  });
});
