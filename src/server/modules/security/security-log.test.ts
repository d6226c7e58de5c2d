import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, createAccount, createTestApp, nextIp, schoolIdOf, signIn, signInSessions, system, type TestApp } from '../../../../tests/helpers.js';
import type { SecurityAlertsResponse, SecurityLogResponse, SecurityOverview, SecurityPolicy } from '../../../shared/contracts/security.js';
import { securityMessages as sm } from '../../../shared/messages/security.js';
import { auditLogs, loginAttempts, systemSettings } from '../../db/schema/index.js';
import { checkPasswordPolicy, SECURITY_POLICY_KEY } from './policy.js';
import { networkOf } from './totp.js';

/**
 * EduFam staff's Security section (issue 18 §2): the security log (filters, export), alerts (many
 * failed sign-ins, a new network; acknowledge), the policy (validation, audit, password rules applied
 * to change-password) and the overview; 401 / 403 for everyone else. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};
const TARGET = 'alerts.teacher@greenhill.edufam.test';

beforeAll(async () => {
  t = await createTestApp();
  greenhill = await schoolIdOf(t.database, 'greenhill');
  await createAccount(t.database, { email: TARGET, name: 'Alert Teacher', role: 'teacher', schoolId: greenhill });
  await signInSessions(t.app, cookie, ['admin', 'elimisha', 'principal', 'director']);
}, 600_000);
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (who: string | undefined, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who ? { cookie: cookie[who]! } : {},
    remoteAddress: nextIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const ok = async <T>(who: string, method: Method, url: string, payload?: unknown): Promise<T> => {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const signInAs = (email: string, password: string, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password, accessType: 'school' }, remoteAddress: ip });

describe('pure rules', () => {
  it('checks passwords against the policy', () => {
    const p = { passwordMinLength: 10, requireMixedCase: true, requireNumber: true, requireSymbol: true };
    expect(checkPasswordPolicy(p, 'Short1!')).toBe(sm.password.tooShort(10));
    expect(checkPasswordPolicy(p, 'alllowercase1!')).toBe(sm.password.mixedCase);
    expect(checkPasswordPolicy(p, 'NoNumbersHere!')).toBe(sm.password.number);
    expect(checkPasswordPolicy(p, 'NoSymbols123A')).toBe(sm.password.symbol);
    expect(checkPasswordPolicy(p, 'Good Pass 123')).toBeNull();
  });

  it('names networks', () => {
    expect(networkOf('41.90.12.7')).toBe('41.90');
    expect(networkOf('::ffff:41.90.12.7')).toBe('41.90');
    expect(networkOf('2001:db8:1:2::5')).toBe('2001:0db8:0001');
    expect(networkOf('::1')).toBe('0000:0000:0000');
    expect(networkOf('not an ip')).toBeNull();
  });
});

describe('access', () => {
  const reads = ['/api/security/log', '/api/security/alerts', '/api/security/overview', '/api/security/policy'];
  it('401 without a session, 403 for school roles', async () => {
    for (const url of reads) {
      expect((await call(undefined, 'GET', url)).statusCode, url).toBe(401);
      expect((await call('principal', 'GET', url)).statusCode, url).toBe(403);
      expect((await call('director', 'GET', url)).statusCode, url).toBe(403);
    }
    expect((await call(undefined, 'PUT', '/api/security/policy', {})).statusCode).toBe(401);
    expect((await call('principal', 'PUT', '/api/security/policy', {})).statusCode).toBe(403);
    expect((await call(undefined, 'POST', '/api/security/alerts/00000000-0000-4000-8000-000000000000/acknowledge')).statusCode).toBe(401);
  });

  it('elimisha_admin, the older alias of edufam_admin (spec §1), reads and changes like edufam_admin', async () => {
    for (const url of reads) expect((await call('elimisha', 'GET', url)).statusCode, url).toBe(200);
    const policy = await ok<SecurityPolicy>('elimisha', 'GET', '/api/security/policy');
    // Past the permission check (a principal gets 403), a bad minimum length is refused as bad input; nothing is saved.
    expect((await call('principal', 'PUT', '/api/security/policy', { ...policy, passwordMinLength: 2 })).statusCode).toBe(403);
    expect((await call('elimisha', 'PUT', '/api/security/policy', { ...policy, passwordMinLength: 2 })).statusCode).toBe(400);
    expect((await call('elimisha', 'POST', '/api/security/alerts/00000000-0000-4000-8000-000000000000/acknowledge')).statusCode).toBe(404);
  });
});

describe('security log', () => {
  it('shows sign-ins and failed attempts with filters and exports', async () => {
    expect((await signInAs(DEMO.greenhill.teacher, 'wrong-password')).statusCode).toBe(401);
    expect((await signInAs('nobody@nowhere.test', 'whatever')).statusCode).toBe(401);
    const all = await ok<SecurityLogResponse>('admin', 'GET', '/api/security/log?pageSize=100');
    expect(all.total).toBeGreaterThan(0);
    expect(all.rows.some((r) => r.type === 'sign_in' && r.userEmail === DEMO.admin)).toBe(true);

    const failed = await ok<SecurityLogResponse>('admin', 'GET', '/api/security/log?type=failed_sign_in');
    expect(failed.rows.every((r) => r.action === 'LOGIN_FAILED' && !r.success)).toBe(true);
    const wrong = failed.rows.find((r) => r.userEmail === DEMO.greenhill.teacher)!;
    expect(wrong).toMatchObject({ detail: 'Wrong password', schoolId: greenhill, schoolName: expect.any(String) });
    expect(failed.rows.find((r) => r.userEmail === 'nobody@nowhere.test')?.detail).toBe('Unknown e-mail address');

    const q = await ok<SecurityLogResponse>('admin', 'GET', `/api/security/log?q=${encodeURIComponent('nobody@nowhere')}`);
    expect(q.rows.length).toBeGreaterThan(0);
    expect(q.rows.every((r) => r.userEmail === 'nobody@nowhere.test')).toBe(true);

    const school = await ok<SecurityLogResponse>('admin', 'GET', `/api/security/log?schoolId=${greenhill}&pageSize=100`);
    expect(school.rows.every((r) => r.schoolId === greenhill)).toBe(true);
    const platform = await ok<SecurityLogResponse>('admin', 'GET', '/api/security/log?schoolId=platform&pageSize=100');
    expect(platform.rows.every((r) => r.schoolId === null)).toBe(true);

    const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
    const dated = await ok<SecurityLogResponse>('admin', 'GET', `/api/security/log?from=${today}&to=${today}`);
    expect(dated.total).toBeGreaterThan(0);
    const none = await ok<SecurityLogResponse>('admin', 'GET', '/api/security/log?from=2001-01-01&to=2001-01-02');
    expect(none.total).toBe(0);

    const paged = await ok<SecurityLogResponse>('admin', 'GET', '/api/security/log?page=1&pageSize=2');
    expect(paged.rows).toHaveLength(2);
    expect(paged.pageSize).toBe(2);

    const csv = await call('admin', 'GET', '/api/security/log?type=failed_sign_in&format=csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Failed sign-in');
    expect(csv.body).toContain('nobody@nowhere.test');
    const xlsx = await call('admin', 'GET', '/api/security/log?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses bad filters', async () => {
    for (const url of [
      '/api/security/log?type=everything',
      '/api/security/log?from=27-11-2026',
      '/api/security/log?from=2026-02-10&to=2026-02-01',
      '/api/security/log?pageSize=1000',
      '/api/security/log?format=pdf',
      '/api/security/log?schoolId=greenhill',
      '/api/security/alerts?status=closed',
    ]) {
      expect((await call('admin', 'GET', url)).statusCode, url).toBe(400);
    }
  });

  it('writes ended sessions as real plurals, not "session(s)" (issue 34)', async () => {
    const email = 'sessions.log@greenhill.edufam.test';
    await createAccount(t.database, { email, name: 'Sessions Log', role: 'teacher', schoolId: greenhill });
    const endOthers = async (signIns: number) => {
      const cookies: string[] = [];
      for (let i = 0; i < signIns; i++) cookies.push(await signIn(t.app, email, 'school'));
      const res = await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions?others=true', headers: { cookie: cookies[0]! }, remoteAddress: nextIp() });
      expect(res.statusCode, res.body).toBe(200);
    };
    await endOthers(3); // 2 others
    await endOthers(1); // the first's survivor: 1 other
    const log = await ok<SecurityLogResponse>('admin', 'GET', `/api/security/log?q=${encodeURIComponent(email)}&pageSize=100`);
    const details = log.rows.filter((r) => r.action === 'SESSION_REVOKED').map((r) => r.detail);
    expect(details).toEqual(['1 other session ended', '2 other sessions ended']);
    expect(sm.admin.log.detail.recoveryCodesLeft(1)).toBe('1 recovery code left');
    expect(sm.admin.log.detail.sessionsOfUserEnded(3, email)).toBe(`3 sessions of ${email} ended`);
  });
});

describe('alerts', () => {
  it('raises one alert for many failed sign-ins of an account, and one for a new network; acknowledge', async () => {
    // First sign-in: the network is noted, no alert.
    expect((await signInAs(TARGET, DEMO.password, '10.20.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signInAs(TARGET, 'wrong-password')).statusCode).toBe(401);
    let open = await ok<SecurityAlertsResponse>('admin', 'GET', '/api/security/alerts?status=open');
    const failures = open.alerts.filter((a) => a.kind === 'failed_sign_ins_account' && a.subject === TARGET);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ count: 5, schoolId: greenhill, userName: 'Alert Teacher', status: 'open' });
    expect(failures[0]!.message).toBe(sm.admin.alerts.failedAccount(5, TARGET, 15));

    // Reset the account's failure streak, then sign in from a new network.
    await system(t.database, (tx) => tx.delete(loginAttempts).where(eq(loginAttempts.email, TARGET)));
    expect((await signInAs(TARGET, DEMO.password, '41.90.3.4')).statusCode).toBe(200);
    open = await ok<SecurityAlertsResponse>('admin', 'GET', '/api/security/alerts?status=open');
    const network = open.alerts.find((a) => a.kind === 'new_network' && a.subject === TARGET)!;
    expect(network).toMatchObject({ network: '41.90.x.x', ipAddress: '41.90.3.4', count: 1 });
    // The same network again: no new alert.
    expect((await signInAs(TARGET, DEMO.password, '41.90.9.9')).statusCode).toBe(200);
    open = await ok<SecurityAlertsResponse>('admin', 'GET', '/api/security/alerts?status=open');
    expect(open.alerts.filter((a) => a.kind === 'new_network' && a.subject === TARGET)).toHaveLength(1);
    expect(open.alerts.find((a) => a.kind === 'new_network' && a.subject === TARGET)!.count).toBe(1);

    const acked = await ok<{ status: string; acknowledgedByName: string }>('admin', 'POST', `/api/security/alerts/${failures[0]!.id}/acknowledge`);
    expect(acked).toMatchObject({ status: 'acknowledged', acknowledgedByName: expect.any(String) });
    expect((await call('admin', 'POST', `/api/security/alerts/${failures[0]!.id}/acknowledge`)).statusCode).toBe(409);
    expect((await call('admin', 'POST', '/api/security/alerts/00000000-0000-4000-8000-000000000000/acknowledge')).statusCode).toBe(404);
    expect((await call('admin', 'POST', '/api/security/alerts/nope/acknowledge')).statusCode).toBe(400);
    const done = await ok<SecurityAlertsResponse>('admin', 'GET', '/api/security/alerts?status=acknowledged');
    expect(done.alerts.some((a) => a.id === failures[0]!.id)).toBe(true);
  });
});

describe('policy and overview', () => {
  it('validates, saves, audits and applies the password rules', async () => {
    const before = await ok<SecurityPolicy>('admin', 'GET', '/api/security/policy');
    expect(before).toMatchObject({ twoFactorRequiredRoles: [], passwordMinLength: 8 });
    for (const bad of [
      { ...before, passwordMinLength: 7 },
      { ...before, passwordMinLength: 65 },
      { ...before, passwordMinLength: 10.5 },
      { ...before, twoFactorRequiredRoles: ['janitor'] },
      { ...before, requireNumber: 'yes' },
      { ...before, sessionIdleMinutes: 5 },
      { ...before, extra: true },
      {},
    ]) {
      const res = await call('admin', 'PUT', '/api/security/policy', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await ok<SecurityPolicy>('admin', 'GET', '/api/security/policy')).toEqual(before);

    const next = { ...before, passwordMinLength: 10, requireNumber: true, twoFactorRequiredRoles: ['finance_officer', 'school_director'] };
    const saved = await ok<SecurityPolicy>('admin', 'PUT', '/api/security/policy', next);
    expect(saved.twoFactorRequiredRoles).toEqual(['school_director', 'finance_officer']);
    const [audit] = await system(t.database, (tx) => tx.select().from(auditLogs).where(eq(auditLogs.action, 'SECURITY_POLICY_UPDATED')));
    expect(audit).toMatchObject({ oldValue: expect.objectContaining({ passwordMinLength: 8 }), newValue: expect.objectContaining({ passwordMinLength: 10 }) });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/password-policy' })).json()).toEqual({
      passwordMinLength: 10,
      requireMixedCase: false,
      requireNumber: true,
      requireSymbol: false,
    });

    // Change-password follows the rules.
    const teacher = await signIn(t.app, DEMO.greenhill.teacher, 'school');
    const change = (newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { cookie: teacher },
        payload: { currentPassword: DEMO.password, newPassword, confirmPassword: newPassword },
      });
    let res = await change('longenoughbutnonumber');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'PASSWORD_POLICY', message: sm.password.number });
    res = await change('short1');
    expect(res.statusCode).toBe(400);

    // Put the demo policy back.
    await ok('admin', 'PUT', '/api/security/policy', before);
    const [row] = await system(t.database, (tx) => tx.select().from(systemSettings).where(eq(systemSettings.settingKey, SECURITY_POLICY_KEY)));
    expect((row!.settingValue as SecurityPolicy).twoFactorRequiredRoles).toEqual([]);
  });

  it('gives the overview', async () => {
    const o = await ok<SecurityOverview>('admin', 'GET', '/api/security/overview');
    expect(o.signIns24h).toBeGreaterThan(0);
    expect(o.failedSignIns24h).toBeGreaterThan(0);
    expect(o.activeSessions).toBeGreaterThan(0);
    expect(o.totalUsers).toBeGreaterThan(0);
    expect(o.twoFactorByRole.map((r) => r.role)).toContain('finance_officer');
    expect(o.twoFactorByRole.find((r) => r.role === 'teacher')!.users).toBeGreaterThan(0);
  });
});
