import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs, schools, sessions } from '../../db/schema/index.js';
import { errorBody,
  DEMO,
  DEMO_BY_ROLE,
  cookieFrom,
  countRows,
  createAccount,
  createSchool,
  createTestApp,
  nextIp,
  postSignIn,
  profileIdOf,
  schoolIdOf,
  setProfileStatus,
  signIn,
  system,
  type TestApp,
} from '../../../../tests/helpers.js';

// Spec §5 Login and §8 Sign-in, written out word for word (not imported from messages.ts).
const MSG = {
  required: 'Please enter both email and password.',
  userNotFound: 'No account found with this email address.',
  invalid: 'Invalid email or password. Please check your credentials and try again.',
  tooMany: 'Too many login attempts. Please wait a few minutes before trying again.',
  deactivated: 'Your account has been deactivated. Please contact your administrator.',
  noRole: 'User role not assigned. Please contact your administrator.',
  notConfigured: 'Your account is not properly configured. Please contact your administrator.',
  wrongAdminArea: (role: string) =>
    `Access denied. The EduFam Admin Staff login is restricted to internal staff only. Your account (${role}) is not authorized for this access. Please use the School Users login section.`,
  wrongSchoolArea: (role: string) =>
    `Access denied. The School Users login is restricted to school staff and parents only. Your account (${role}) is not authorized for this access. Please use the EduFam Admin Staff login section.`,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Session rows of an account (any state). */
async function sessionsOf(email: string): Promise<number> {
  const userId = await profileIdOf(t.database, email);
  return (await system(t.database, (tx) => tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)))).length;
}

function errorOf(res: { json(): unknown }): { code: string; message: string } {
  return (errorBody(res) as { error: { code: string; message: string } }).error;
}

/** Expects a refused sign-in: status, exact message, no cookie and no new session row. */
async function expectRefused(
  body: Parameters<typeof postSignIn>[1],
  status: number,
  message: string,
  remoteAddress = nextIp(),
) {
  const before = await countRows(t.database, sessions);
  const res = await postSignIn(t.app, body, remoteAddress);
  expect(res.statusCode, res.body).toBe(status);
  expect(errorOf(res).message).toBe(message);
  expect(res.headers['set-cookie']).toBeUndefined();
  expect(await countRows(t.database, sessions)).toBe(before);
  return res;
}

describe('POST /api/auth/sign-in: success', () => {
  it.each(Object.entries(DEMO_BY_ROLE))('%s signs in through the universal login', async (role, email) => {
    const res = await postSignIn(t.app, { email, password: DEMO.password });
    expect(res.statusCode, res.body).toBe(200);
    const { user } = res.json() as { user: { email: string; role: string; schoolId: string | null } };
    expect(user.email).toBe(email);
    expect(user.role).toBe(role);
    expect(user.schoolId === null).toBe(role.endsWith('_admin'));
    expect(cookieFrom(res)).toMatch(/^edufam\.session_token=/);
  });

  it.each(Object.entries(DEMO_BY_ROLE))('%s signs in through its own login area', async (role, email) => {
    const accessType = role.endsWith('_admin') ? 'admin' : 'school';
    const res = await postSignIn(t.app, { email, password: DEMO.password, accessType });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('creates exactly one session row and an httpOnly cookie', async () => {
    const before = await countRows(t.database, sessions);
    const res = await postSignIn(t.app, { email: DEMO.greenhill.principal, password: DEMO.password, accessType: 'school' });
    expect(res.statusCode).toBe(200);
    expect(await countRows(t.database, sessions)).toBe(before + 1);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect((res.json() as { user: { school: { name: string } } }).user.school.name).toBe('Greenhill Academy');
  });

  it('trims the e-mail and ignores its case', async () => {
    const res = await postSignIn(t.app, { email: '  Teacher@GREENHILL.edufam.test  ', password: DEMO.password });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('remember me gives a lasting cookie; without it a browser-session cookie', async () => {
    const kept = await postSignIn(t.app, { email: DEMO.greenhill.teacher, password: DEMO.password, rememberMe: true });
    const once = await postSignIn(t.app, { email: DEMO.greenhill.teacher, password: DEMO.password, rememberMe: false });
    const tokenCookie = (res: typeof kept) =>
      ([] as string[]).concat(res.headers['set-cookie'] as string | string[]).find((c) => c.startsWith('edufam.session_token='))!;
    expect(tokenCookie(kept)).toMatch(/Max-Age=\d+/i);
    expect(tokenCookie(once)).not.toMatch(/Max-Age|Expires/i);
  });
});

describe('POST /api/auth/sign-in: refusals (spec §5, §8)', () => {
  it.each([
    ['both empty', { email: '', password: '' }],
    ['no fields at all', {}],
    ['empty password', { email: DEMO.greenhill.teacher, password: '' }],
    ['empty email', { email: '', password: DEMO.password }],
    ['blank email', { email: '   ', password: DEMO.password }],
  ])('400 for %s', async (_label, body) => {
    const res = await expectRefused(body, 400, MSG.required);
    expect(errorOf(res).code).toBe('BAD_REQUEST');
  });

  it('401 for an unknown e-mail', async () => {
    await expectRefused({ email: 'nobody@nowhere.test', password: DEMO.password }, 401, MSG.userNotFound);
  });

  it('401 for a wrong password', async () => {
    await expectRefused({ email: DEMO.greenhill.parent, password: 'WrongPassword1!' }, 401, MSG.invalid);
  });

  it.each([
    // The role is named as people read it (issue 34), not by its internal name.
    ['Teacher', DEMO.greenhill.teacher],
    ['Parent', DEMO.riverside.parent],
    ['School Director', DEMO.greenhill.director],
    ['HR Manager', DEMO.riverside.hr],
  ])('403 for a %s in the EduFam Admin Staff area, naming the role', async (role, email) => {
    const res = await expectRefused({ email, password: DEMO.password, accessType: 'admin' }, 403, MSG.wrongAdminArea(role));
    expect(errorOf(res).code).toBe('WRONG_AREA');
  });

  it.each([
    ['EduFam Admin Staff', DEMO.admin],
    ['Elimisha Admin Staff', DEMO.elimisha],
  ])('403 for an %s in the School Users area, naming the role', async (role, email) => {
    await expectRefused({ email, password: DEMO.password, accessType: 'school' }, 403, MSG.wrongSchoolArea(role));
  });

  it.each(['inactive', 'suspended'] as const)('403 for a %s account', async (status) => {
    const email = DEMO.riverside.teacher;
    await setProfileStatus(t.database, email, status);
    try {
      const res = await expectRefused({ email, password: DEMO.password, accessType: 'school' }, 403, MSG.deactivated);
      expect(errorOf(res).code).toBe('ACCOUNT_DEACTIVATED');
    } finally {
      await setProfileStatus(t.database, email, 'active');
    }
    expect((await postSignIn(t.app, { email, password: DEMO.password })).statusCode).toBe(200);
  });

  it('a deactivated account with a wrong password still gets the invalid-credentials message', async () => {
    const email = DEMO.riverside.director;
    await setProfileStatus(t.database, email, 'inactive');
    try {
      await expectRefused({ email, password: 'not-the-password' }, 401, MSG.invalid);
    } finally {
      await setProfileStatus(t.database, email, 'active');
    }
  });

  it('403 for an account without a role', async () => {
    await createAccount(t.database, { email: 'norole@edufam.test', role: null, schoolId: null });
    const res = await expectRefused({ email: 'norole@edufam.test', password: DEMO.password }, 403, MSG.noRole);
    expect(errorOf(res).code).toBe('NO_ROLE');
  });

  it('403 "not properly configured" for a school role without a school', async () => {
    await createAccount(t.database, { email: 'homeless.teacher@edufam.test', role: 'teacher', schoolId: null });
    const res = await expectRefused({ email: 'homeless.teacher@edufam.test', password: DEMO.password }, 403, MSG.notConfigured);
    expect(errorOf(res).code).toBe('NOT_CONFIGURED');
  });

  it('403 "not properly configured" for a role EduFam does not know', async () => {
    const schoolId = await schoolIdOf(t.database, 'greenhill');
    await createAccount(t.database, { email: 'janitor@greenhill.edufam.test', role: 'janitor', schoolId });
    await expectRefused({ email: 'janitor@greenhill.edufam.test', password: DEMO.password }, 403, MSG.notConfigured);
  });

  it('403 for a user of a deactivated school', async () => {
    const schoolId = await createSchool(t.database, { code: 'closed', name: 'Closed Academy', status: 'inactive' });
    await createAccount(t.database, { email: 'teacher@closed.edufam.test', role: 'teacher', schoolId });
    const res = await expectRefused(
      { email: 'teacher@closed.edufam.test', password: DEMO.password, accessType: 'school' },
      403,
      'Your school account is inactive. Please contact EduFam support.',
    );
    expect(errorOf(res).code).toBe('SCHOOL_INACTIVE');
  });

  it('records every refusal in the audit log as LOGIN_FAILED', async () => {
    await postSignIn(t.app, { email: 'audit.probe@nowhere.test', password: 'x' });
    const rows = await system(t.database, (tx) =>
      tx.select().from(auditLogs).where(and(eq(auditLogs.action, 'LOGIN_FAILED'), eq(auditLogs.errorMessage, MSG.userNotFound))),
    );
    const mine = rows.filter((r) => (r.metadata as { email?: string } | null)?.email === 'audit.probe@nowhere.test');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.success).toBe(false);
  });

  it("files a wrong password under the account's school and role, so its leaders see it", async () => {
    await postSignIn(t.app, { email: DEMO.greenhill.hr, password: 'not-the-password' });
    const [greenhill] = await system(t.database, (tx) => tx.select().from(schools).where(eq(schools.code, 'greenhill')));
    const rows = await system(t.database, (tx) =>
      tx.select().from(auditLogs).where(and(eq(auditLogs.action, 'LOGIN_FAILED'), eq(auditLogs.errorMessage, MSG.invalid))),
    );
    const mine = rows.filter((r) => (r.metadata as { email?: string } | null)?.email === DEMO.greenhill.hr);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.schoolId).toBe(greenhill!.id);
    expect(mine[0]!.performedByRole).toBe('hr');
  });
});

describe('sign-in limits', () => {
  it('429 with Retry-After after too many failures for one account, even with the right password', async () => {
    const email = DEMO.riverside.finance;
    for (let i = 0; i < 5; i++) {
      const res = await postSignIn(t.app, { email, password: `wrong-${i}` });
      expect(res.statusCode).toBe(401);
    }
    const before = await countRows(t.database, sessions);
    const res = await postSignIn(t.app, { email, password: DEMO.password });
    expect(res.statusCode).toBe(429);
    expect(errorOf(res).message).toBe(MSG.tooMany);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await countRows(t.database, sessions)).toBe(before);
    // Other accounts are not affected.
    expect((await postSignIn(t.app, { email: DEMO.riverside.principal, password: DEMO.password })).statusCode).toBe(200);
  });

  it('a successful sign-in clears the account failure streak', async () => {
    const email = DEMO.greenhill.finance;
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) expect((await postSignIn(t.app, { email, password: 'nope' })).statusCode).toBe(401);
      expect((await postSignIn(t.app, { email, password: DEMO.password })).statusCode).toBe(200);
    }
  });

  it('429 after too many failures from one IP address (LOGIN_IP_LIMIT)', async () => {
    const limited = await createTestApp({ database: t.database, env: { LOGIN_IP_LIMIT: '3' } });
    try {
      const ip = nextIp();
      for (let i = 0; i < 3; i++) {
        const res = await postSignIn(limited.app, { email: `stranger${i}@nowhere.test`, password: 'x' }, ip);
        expect(res.statusCode).toBe(401);
      }
      const res = await postSignIn(limited.app, { email: DEMO.greenhill.hr, password: DEMO.password }, ip);
      expect(res.statusCode).toBe(429);
      expect(errorOf(res).message).toBe(MSG.tooMany);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Another address may still sign in to the same account.
      expect((await postSignIn(limited.app, { email: DEMO.greenhill.hr, password: DEMO.password }, nextIp())).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('session and sign-out', () => {
  it('GET /api/auth/session is 401 without a cookie and with a forged one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(none.statusCode).toBe(401);
    expect(errorOf(none).message).toBe('Authentication required');
    const forged = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: 'edufam.session_token=abc.def' } });
    expect(forged.statusCode).toBe(401);
  });

  it("the web app's session probe is 200 {user: null} for a visitor without a session (issue 34)", async () => {
    const probe = { 'x-edufam-session-probe': '1' };
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: probe });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ user: null });
    const forged = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { ...probe, cookie: 'edufam.session_token=abc.def' } });
    expect(forged.json()).toEqual({ user: null });
    const cookie = await signIn(t.app, DEMO.greenhill.teacher, 'school');
    const live = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { ...probe, cookie } });
    expect(live.json()).toMatchObject({ user: { email: DEMO.greenhill.teacher, role: 'teacher' } });
  });

  it('GET /api/auth/session returns the signed-in user', async () => {
    const cookie = await signIn(t.app, DEMO.riverside.principal, 'school');
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const { user } = res.json() as { user: { email: string; role: string; school: { name: string } } };
    expect(user).toMatchObject({ email: DEMO.riverside.principal, role: 'principal' });
    expect(user.school.name).toBe('Riverside International School');
  });

  it('sign-out ends the session: the old cookie no longer works', async () => {
    const cookie = await signIn(t.app, DEMO.greenhill.parent, 'school');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/edufam\.session_token=;/);
    expect(await sessionsOf(DEMO.greenhill.parent)).toBe(0);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    const dashboard = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie } });
    expect(dashboard.statusCode).toBe(401);
  });

  it('logout signs out globally (spec §4): the same user signed in elsewhere is signed out too, other users are not', async () => {
    const probe = { 'x-edufam-session-probe': '1' };
    const laptop = await signIn(t.app, DEMO.greenhill.teacher, 'school');
    const phone = await signIn(t.app, DEMO.greenhill.teacher, 'school');
    const colleague = await signIn(t.app, DEMO.greenhill.principal, 'school');
    // Both devices are signed in (the phone's first read is cached by the session cache).
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { ...probe, cookie: phone } })).json()).toMatchObject({ user: { email: DEMO.greenhill.teacher } });
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: laptop } });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { ...probe, cookie: phone } })).json()).toEqual({ user: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie: phone } })).statusCode).toBe(401);
    expect(await sessionsOf(DEMO.greenhill.teacher)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { ...probe, cookie: colleague } })).json()).toMatchObject({ user: { email: DEMO.greenhill.principal } });
  });

  it("sign-in's local sign-out (scope local) ends only that session", async () => {
    const probe = { 'x-edufam-session-probe': '1' };
    const first = await signIn(t.app, DEMO.greenhill.finance, 'school');
    const second = await signIn(t.app, DEMO.greenhill.finance, 'school');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: first }, payload: { scope: 'local' } });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { ...probe, cookie: first } })).json()).toEqual({ user: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { ...probe, cookie: second } })).json()).toMatchObject({ user: { email: DEMO.greenhill.finance } });
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: second }, payload: { scope: 'everywhere' } });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { ...probe, cookie: second } })).json()).toMatchObject({ user: { email: DEMO.greenhill.finance } });
  });

  it('sign-out without a session is harmless', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out' });
    expect(res.statusCode).toBe(200);
  });

  it('an account deactivated after sign-in is refused by permission routes but still sees its session', async () => {
    const email = DEMO.greenhill.hr;
    const cookie = await signIn(t.app, email, 'school');
    await setProfileStatus(t.database, email, 'suspended');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie } });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toEqual({ code: 'ACCOUNT_DEACTIVATED', message: 'Your account has been deactivated by the system administrator.' });
      const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
      expect(session.statusCode).toBe(200);
      expect((session.json() as { user: { status: string } }).user.status).toBe('suspended');
    } finally {
      await setProfileStatus(t.database, email, 'active');
    }
  });

  it("a school deactivated after sign-in locks out its users' permission routes", async () => {
    const schoolId = await createSchool(t.database, { code: 'closing', name: 'Closing Academy' });
    await createAccount(t.database, { email: 'principal@closing.edufam.test', role: 'principal', schoolId });
    const cookie = await signIn(t.app, 'principal@closing.edufam.test', 'school');
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie } })).statusCode).toBe(200);
    await system(t.database, (tx) => tx.update(schools).set({ status: 'inactive' }).where(eq(schools.id, schoolId)));
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('SCHOOL_INACTIVE');
  });
});
