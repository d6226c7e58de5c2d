import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs, profiles, sessions } from '../../db/schema/index.js';
import { errorBody, DEMO, cookieFrom, createTestApp, nextIp, postSignIn, schoolIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';

const MSG = {
  currentRequired: 'Please enter your current password.',
  bothRequired: 'Please enter both password fields.',
  tooShort: 'Password must be at least 8 characters long.',
  tooLong: 'Password must be at most 128 characters long.',
  mismatch: 'Passwords do not match.',
  same: 'Choose a password different from the temporary one.',
  incorrect: 'Current password is incorrect.',
  invalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
};
const TEMP = 'Temporary#2026';
const NEW = 'MyOwnPassword#1';

let t: TestApp;
let admin: string;
let greenhillId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, DEMO.admin, 'admin');
  greenhillId = await schoolIdOf(t.database, 'greenhill');
});
afterAll(async () => {
  await t?.close();
});

function change(cookie: string | undefined, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: cookie ? { cookie } : {},
    payload,
    remoteAddress: nextIp(),
  });
}
function errorOf(res: { json(): unknown }) {
  return (errorBody(res) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
}

let seq = 0;
/** A user created through POST /api/users (temporary password, must change it) and signed in. */
async function newUser() {
  seq++;
  const email = `changer.${seq}@greenhill.edufam.test`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: { cookie: admin },
    payload: { name: `Changer ${seq}`, email, password: TEMP, role: 'teacher', schoolId: greenhillId },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { user: { id: string } }).user.id;
  return { id, email, cookie: await signIn(t.app, email, 'school', TEMP) };
}

describe('POST /api/auth/change-password', () => {
  it('401 without a session', async () => {
    const res = await change(undefined, { currentPassword: TEMP, newPassword: NEW, confirmPassword: NEW });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['no current password', { newPassword: NEW, confirmPassword: NEW }, MSG.currentRequired, 'currentPassword'],
    ['no new password', { currentPassword: TEMP, confirmPassword: NEW }, MSG.bothRequired, 'newPassword'],
    ['no confirmation', { currentPassword: TEMP, newPassword: NEW, confirmPassword: '' }, MSG.bothRequired, 'newPassword'],
    ['a short password', { currentPassword: TEMP, newPassword: 'short', confirmPassword: 'short' }, MSG.tooShort, 'newPassword'],
    ['a long password', { currentPassword: TEMP, newPassword: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) }, MSG.tooLong, 'newPassword'],
    ['a mismatch', { currentPassword: TEMP, newPassword: NEW, confirmPassword: `${NEW}x` }, MSG.mismatch, 'confirmPassword'],
    ['the same password again', { currentPassword: TEMP, newPassword: TEMP, confirmPassword: TEMP }, MSG.same, 'newPassword'],
  ])('400 for %s, and nothing changes', async (_what, payload, message, field) => {
    const u = await newUser();
    const res = await change(u.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'BAD_REQUEST', message, fields: { [field]: message } });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: u.cookie } })).json().user.mustChangePassword).toBe(true);
  });

  it('400 CURRENT_PASSWORD_INCORRECT for a wrong current password; the password stays; audited', async () => {
    const u = await newUser();
    const res = await change(u.cookie, { currentPassword: 'NotMyPassword1', newPassword: NEW, confirmPassword: NEW });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'CURRENT_PASSWORD_INCORRECT', message: MSG.incorrect });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: u.cookie } })).statusCode).toBe(200);
    expect((await postSignIn(t.app, { email: u.email, password: TEMP })).statusCode).toBe(200);
    const audit = await system(t.database, (tx) =>
      tx.select().from(auditLogs).where(and(eq(auditLogs.action, 'PASSWORD_CHANGE_FAILED'), eq(auditLogs.targetEntity, `user:${u.id}`))),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.success).toBe(false);
  });

  it('first sign-in flow: clears mustChangePassword, ends other sessions, old password refused, new one works', async () => {
    const u = await newUser();
    const otherDevice = await signIn(t.app, u.email, 'school', TEMP);

    const res = await change(u.cookie, { currentPassword: TEMP, newPassword: NEW, confirmPassword: NEW });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ id: u.id, email: u.email, mustChangePassword: false, role: 'teacher' });
    const fresh = cookieFrom(res);
    expect(fresh).toMatch(/edufam\.session_token=/);

    // The new cookie is a live session; every earlier one has ended.
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: fresh } });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.mustChangePassword).toBe(false);
    for (const old of [u.cookie, otherDevice]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: old } })).statusCode).toBe(401);
    }
    const rows = await system(t.database, (tx) => tx.select().from(sessions).where(eq(sessions.userId, u.id)));
    expect(rows).toHaveLength(1);

    const oldPassword = await postSignIn(t.app, { email: u.email, password: TEMP });
    expect(oldPassword.statusCode).toBe(401);
    expect(errorOf(oldPassword).message).toBe(MSG.invalidCredentials);
    const again = await signIn(t.app, u.email, 'school', NEW);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: again } });
    expect(me.json().user.mustChangePassword).toBe(false);

    const [p] = await system(t.database, (tx) => tx.select({ must: profiles.mustChangePassword }).from(profiles).where(eq(profiles.id, u.id)));
    expect(p!.must).toBe(false);
    const audit = await system(t.database, (tx) =>
      tx.select().from(auditLogs).where(and(eq(auditLogs.action, 'PASSWORD_CHANGED'), eq(auditLogs.targetEntity, `user:${u.id}`))),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ performedByUserId: u.id, performedByRole: 'teacher', schoolId: greenhillId, success: true });
    expect(JSON.stringify(audit[0])).not.toContain(NEW);
  });

  it('works for any role in general use (a demo parent), and the new password is required afterwards', async () => {
    const parent = await signIn(t.app, DEMO.riverside.parent, 'school');
    const res = await change(parent, { currentPassword: DEMO.password, newPassword: NEW, confirmPassword: NEW });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.mustChangePassword).toBe(false);
    expect((await postSignIn(t.app, { email: DEMO.riverside.parent, password: DEMO.password })).statusCode).toBe(401);
    expect((await postSignIn(t.app, { email: DEMO.riverside.parent, password: NEW })).statusCode).toBe(200);
  });

  it('429 after 10 attempts with one session; another session keeps its own budget', async () => {
    const u = await newUser();
    const other = await newUser();
    for (let i = 0; i < 10; i++) {
      expect((await change(u.cookie, { currentPassword: `Wrong#${i}xxxx`, newPassword: NEW, confirmPassword: NEW })).statusCode).toBe(400);
    }
    const limited = await change(u.cookie, { currentPassword: TEMP, newPassword: NEW, confirmPassword: NEW });
    expect(limited.statusCode).toBe(429);
    const fine = await change(other.cookie, { currentPassword: TEMP, newPassword: NEW, confirmPassword: NEW });
    expect(fine.statusCode).toBe(200);
  });

  it('a deactivated account cannot change its password (403, the gate)', async () => {
    const u = await newUser();
    await system(t.database, (tx) => tx.update(profiles).set({ status: 'inactive' }).where(eq(profiles.id, u.id)));
    const res = await change(u.cookie, { currentPassword: TEMP, newPassword: NEW, confirmPassword: NEW });
    expect(res.statusCode).toBe(403);
    // The password did not change: the old one still matches (and the account is refused as inactive).
    expect((await postSignIn(t.app, { email: u.email, password: NEW })).statusCode).toBe(401);
    expect((await postSignIn(t.app, { email: u.email, password: TEMP })).statusCode).toBe(403);
  });
});
