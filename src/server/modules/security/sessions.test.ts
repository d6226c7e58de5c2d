import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, cookieFrom, createTestApp, nextIp, profileIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';
import type { ActiveSession } from '../../../shared/contracts/security.js';
import { securityMessages as sm } from '../../../shared/messages/security.js';
import { auditLogs, sessions, userActivityDays } from '../../db/schema/index.js';
import { describeUserAgent } from './sessions.service.js';
import { nairobiDay } from './session-activity.js';

/**
 * Active sessions (issue 18 §2, §5): GET /api/auth/sessions lists the caller's devices (parsed user
 * agent, IP, last seen, current); DELETE one (another user's is 404; the current one signs out) or all
 * others; EduFam staff list and end a user's sessions (edufam_admin only, audited). The access gate
 * writes last_seen_at and the activity day. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  t = await createTestApp();
}, 600_000);
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'DELETE';
const call = (cookie: string | undefined, method: Method, url: string) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, remoteAddress: nextIp() });

async function signInWith(email: string, userAgent: string, accessType: 'school' | 'admin' = 'school', ip = nextIp()): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password: DEMO.password, accessType },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return cookieFrom(res);
}

describe('user agents', () => {
  it('reads device, browser and system', () => {
    expect(describeUserAgent(CHROME)).toEqual({ device: 'Desktop', browser: 'Chrome 120', os: 'Windows 10' });
    expect(describeUserAgent(IPHONE)).toEqual({ device: 'Apple iPhone', browser: 'Safari 17', os: 'iOS 17.0' });
    expect(describeUserAgent(null)).toEqual({ device: 'Unknown', browser: 'Unknown', os: 'Unknown' });
  });
});

describe('own sessions', () => {
  it('401 without a session', async () => {
    expect((await call(undefined, 'GET', '/api/auth/sessions')).statusCode).toBe(401);
    expect((await call(undefined, 'DELETE', '/api/auth/sessions?others=true')).statusCode).toBe(401);
    expect((await call(undefined, 'DELETE', '/api/auth/sessions/00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
  });

  it('lists, ends one, ends the others, ends the current one', async () => {
    const laptop = await signInWith(DEMO.greenhill.hr, CHROME, 'school', '41.90.1.2');
    const phone = await signInWith(DEMO.greenhill.hr, IPHONE);
    const third = await signInWith(DEMO.greenhill.hr, CHROME);
    const res = await call(laptop, 'GET', '/api/auth/sessions');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<{ sessions: ActiveSession[] }>().sessions;
    expect(list.length).toBeGreaterThanOrEqual(3);
    const current = list.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ device: 'Desktop', browser: 'Chrome 120', os: 'Windows 10', ipAddress: '41.90.1.2' });
    expect(list.some((s) => s.device === 'Apple iPhone' && !s.current)).toBe(true);

    // Last seen and the activity day are written by the access gate.
    const userId = await profileIdOf(t.database, DEMO.greenhill.hr);
    const [row] = await system(t.database, (tx) => tx.select().from(sessions).where(eq(sessions.id, current[0]!.id)));
    expect(row!.lastSeenAt).not.toBeNull();
    const days = await system(t.database, (tx) =>
      tx.select().from(userActivityDays).where(and(eq(userActivityDays.userId, userId), eq(userActivityDays.day, nairobiDay()))),
    );
    expect(days).toHaveLength(1);
    expect(days[0]!.role).toBe('hr');

    // Another user's session: 404, untouched.
    const other = await signInWith(DEMO.greenhill.teacher, CHROME);
    const otherId = (await call(other, 'GET', '/api/auth/sessions')).json<{ sessions: ActiveSession[] }>().sessions.find((s) => s.current)!.id;
    const e = await call(laptop, 'DELETE', `/api/auth/sessions/${otherId}`);
    expect(e.statusCode).toBe(404);
    expect(e.json().error.message).toBe(sm.api.sessionNotFound);
    expect((await call(other, 'GET', '/api/auth/session')).statusCode).toBe(200);
    expect((await call(laptop, 'DELETE', '/api/auth/sessions/not-a-uuid')).statusCode).toBe(400);

    // End the phone's session.
    const phoneId = list.find((s) => s.device === 'Apple iPhone')!.id;
    const del = await call(laptop, 'DELETE', `/api/auth/sessions/${phoneId}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ ok: true, signedOut: false });
    expect((await call(phone, 'GET', '/api/auth/session')).statusCode).toBe(401);

    // All others.
    expect((await call(laptop, 'DELETE', '/api/auth/sessions')).statusCode).toBe(400);
    const others = await call(laptop, 'DELETE', '/api/auth/sessions?others=true');
    expect(others.statusCode, others.body).toBe(200);
    expect(others.json().revoked).toBeGreaterThanOrEqual(1);
    expect((await call(third, 'GET', '/api/auth/session')).statusCode).toBe(401);
    expect((await call(laptop, 'GET', '/api/auth/session')).statusCode).toBe(200);

    // The current one: signed out.
    const self = await call(laptop, 'DELETE', `/api/auth/sessions/${current[0]!.id}`);
    expect(self.statusCode, self.body).toBe(200);
    expect(self.json()).toEqual({ ok: true, signedOut: true });
    expect((await call(laptop, 'GET', '/api/auth/session')).statusCode).toBe(401);

    const audits = await system(t.database, (tx) =>
      tx.select().from(auditLogs).where(and(eq(auditLogs.performedByUserId, userId), eq(auditLogs.action, 'SESSION_REVOKED'))),
    );
    expect(audits.length).toBe(3);
  });
});

describe("EduFam staff: a user's sessions", () => {
  it('edufam_admin (and its alias elimisha_admin) lists and ends them; others are refused', async () => {
    const userId = await profileIdOf(t.database, DEMO.greenhill.finance);
    const victim = await signInWith(DEMO.greenhill.finance, IPHONE);
    const url = `/api/security/users/${userId}/sessions`;
    expect((await call(undefined, 'GET', url)).statusCode).toBe(401);
    expect((await call(undefined, 'DELETE', url)).statusCode).toBe(401);
    const teacher = await signIn(t.app, DEMO.greenhill.teacher, 'school');
    const director = await signIn(t.app, DEMO.greenhill.director, 'school');
    const elimisha = await signIn(t.app, DEMO.elimisha, 'admin');
    for (const c of [teacher, director]) {
      expect((await call(c, 'GET', url)).statusCode).toBe(403);
      expect((await call(c, 'DELETE', url)).statusCode).toBe(403);
    }
    const aliasList = await call(elimisha, 'GET', url);
    expect(aliasList.statusCode, aliasList.body).toBe(200);
    expect(aliasList.json<{ sessions: ActiveSession[] }>().sessions.some((s) => s.device === 'Apple iPhone')).toBe(true);
    const admin = await signIn(t.app, DEMO.admin, 'admin');
    const list = await call(admin, 'GET', url);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ sessions: ActiveSession[] }>().sessions.some((s) => s.device === 'Apple iPhone' && !s.current)).toBe(true);
    expect((await call(admin, 'GET', '/api/security/users/00000000-0000-4000-8000-000000000000/sessions')).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/api/security/users/nope/sessions')).statusCode).toBe(400);
    const del = await call(admin, 'DELETE', url);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().revoked).toBeGreaterThanOrEqual(1);
    expect((await call(victim, 'GET', '/api/auth/session')).statusCode).toBe(401);
    const [audit] = await system(t.database, (tx) =>
      tx.select().from(auditLogs).where(and(eq(auditLogs.action, 'SESSION_REVOKED'), eq(auditLogs.targetEntity, `user:${userId}`))),
    );
    expect(audit).toBeDefined();
    expect((audit!.metadata as { byAdmin?: boolean }).byAdmin).toBe(true);
  });
});
