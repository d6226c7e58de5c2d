import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createMemorySessionCache, sessionCookieOf } from '../src/server/lib/session-cache.js';
import { DEMO, createTestApp, eventually, openTwoInstances, profileIdOf, schoolIdOf, setProfileStatus, signIn, type TestApp } from './helpers.js';

/**
 * Issue 19: signed-in sessions are served from memory, and every change to a session, its user, profile
 * or school takes effect at once. On PostgreSQL (TEST_DATABASE_URL) the same checks also run across two
 * instances with their own pools on one database (LISTEN/NOTIFY); on PGlite, on the one instance.
 */

const databaseUrl = process.env.TEST_DATABASE_URL || undefined;

const session = (app: FastifyInstance, cookie: string) => app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
const dashboard = (app: FastifyInstance, cookie: string) => app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie } });

/** Waits until the instance's cache feed is up (PostgreSQL: LISTEN connection established). */
async function cacheLive(t: TestApp): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!t.deps.sessionCache?.live()) {
    if (Date.now() > deadline) throw new Error('session cache never became live');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Makes better-auth's session lookup fail while `fn` runs: a request that still succeeds was answered
 * from the cache, without reading the session from the database.
 */
async function withoutSessionLookup<T>(t: TestApp, fn: () => Promise<T>): Promise<T> {
  const api = t.deps.auth.api as { getSession: unknown };
  const original = api.getSession;
  api.getSession = async () => {
    throw new Error('session lookup reached the database');
  };
  try {
    return await fn();
  } finally {
    api.getSession = original;
  }
}

describe('the session cache itself', () => {
  const user = (id: string, schoolId: string | null, sessionId: string) =>
    ({ id, schoolId, sessionId, name: 'A', role: 'teacher' }) as Parameters<ReturnType<typeof createMemorySessionCache>['set']>[1];

  it('finds the session cookie under either name and nothing else', () => {
    expect(sessionCookieOf('a=1; edufam.session_token=tok.sig%3D; b=2')).toBe('tok.sig%3D');
    expect(sessionCookieOf('__Secure-edufam.session_token=t.s')).toBe('t.s');
    expect(sessionCookieOf('xedufam.session_token=t.s')).toBeNull();
    expect(sessionCookieOf(undefined)).toBeNull();
  });

  it('serves only while live, within its time and the session expiry, and drops entries by session, user and school', () => {
    let now = 1_000_000;
    const c = createMemorySessionCache({ ttlMs: 30_000, now: () => now });
    const far = new Date(now + 3_600_000);
    c.set('k1', user('u1', 's1', 'sess1'), far, c.generation());
    expect(c.get('k1')).toBeNull();
    c.setLive(true);
    c.set('k1', user('u1', 's1', 'sess1'), far, c.generation());
    c.set('k2', user('u2', 's1', 'sess2'), far, c.generation());
    c.set('k3', user('u3', 's2', 'sess3'), new Date(now + 5_000), c.generation());
    expect(c.get('k1')?.id).toBe('u1');
    now += 6_000;
    expect(c.get('k3')).toBeNull();
    c.invalidate('session:sess1');
    expect(c.get('k1')).toBeNull();
    expect(c.get('k2')?.id).toBe('u2');
    c.set('k1', user('u1', 's1', 'sess1'), far, c.generation());
    c.invalidate('user:u1');
    expect(c.get('k1')).toBeNull();
    c.invalidate('school:s1');
    expect(c.get('k2')).toBeNull();
    c.set('k2', user('u2', 's1', 'sess2'), far, c.generation());
    now += 30_000;
    expect(c.get('k2')).toBeNull();
  });

  it('does not store a read that an invalidation overtook', () => {
    const c = createMemorySessionCache();
    c.setLive(true);
    const before = c.generation();
    c.invalidate('user:u1');
    c.set('k1', user('u1', null, 'sess1'), new Date(Date.now() + 60_000), before);
    expect(c.get('k1')).toBeNull();
  });
});

describe('one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await cacheLive(t);
  });
  afterAll(async () => t?.close());

  it('answers a signed-in request from the cache without reading the session again', async () => {
    const cookie = await signIn(t.app, DEMO.greenhill.teacher, 'school');
    expect((await session(t.app, cookie)).statusCode).toBe(200);
    const res = await withoutSessionLookup(t, () => dashboard(t.app, cookie));
    expect(res.statusCode, res.body).toBe(200);
    expect((await withoutSessionLookup(t, () => session(t.app, cookie))).json().user.email).toBe(DEMO.greenhill.teacher);
  });

  it('never matches a cookie whose signature was altered', async () => {
    const cookie = await signIn(t.app, DEMO.greenhill.parent, 'school');
    expect((await session(t.app, cookie)).statusCode).toBe(200);
    const forged = cookie.replace(/(edufam\.session_token=[^.;]+\.)([^;]+)/, (_, head: string, sig: string) => `${head}${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`);
    expect(forged).not.toBe(cookie);
    expect((await session(t.app, forged)).statusCode).toBe(401);
  });

  it('signing out ends the session at once', async () => {
    const cookie = await signIn(t.app, DEMO.greenhill.finance, 'school');
    expect((await dashboard(t.app, cookie)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect((await dashboard(t.app, cookie)).statusCode).toBe(401);
    expect((await session(t.app, cookie)).statusCode).toBe(401);
  });

  it('deactivating a user refuses their next request at once; reactivating lets them back', async () => {
    const admin = await signIn(t.app, DEMO.greenhill.principal, 'school');
    const cookie = await signIn(t.app, DEMO.greenhill.hr, 'school');
    expect((await dashboard(t.app, cookie)).statusCode).toBe(200);
    const id = await profileIdOf(t.database, DEMO.greenhill.hr);
    const off = await t.app.inject({ method: 'PATCH', url: `/api/users/${id}/status`, headers: { cookie: admin }, payload: { status: 'inactive' } });
    expect(off.statusCode, off.body).toBe(200);
    // Deactivating also ends the account's sessions (users.service): 401, or 403 if one survived.
    expect([401, 403]).toContain((await dashboard(t.app, cookie)).statusCode);
    const on = await t.app.inject({ method: 'PATCH', url: `/api/users/${id}/status`, headers: { cookie: admin }, payload: { status: 'active' } });
    expect(on.statusCode, on.body).toBe(200);
  });

  it('a status change written straight to the database (no session ended) refuses the next request', async () => {
    const cookie = await signIn(t.app, DEMO.riverside.parent, 'school');
    expect((await dashboard(t.app, cookie)).statusCode).toBe(200);
    await setProfileStatus(t.database, DEMO.riverside.parent, 'suspended');
    // Written outside any request, so no barrier: the notification arrives within milliseconds.
    await eventually(async () => {
      const refused = await dashboard(t.app, cookie);
      expect(refused.statusCode).toBe(403);
      expect((refused.json() as { error: { code: string } }).error.code).toBe('ACCOUNT_DEACTIVATED');
    });
    await setProfileStatus(t.database, DEMO.riverside.parent, 'active');
    await eventually(async () => expect((await dashboard(t.app, cookie)).statusCode).toBe(200));
  });

  it('a profile change shows in the next session check', async () => {
    const cookie = await signIn(t.app, DEMO.greenhill.director, 'school');
    const before = (await session(t.app, cookie)).json().user;
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { cookie },
      payload: { name: 'Renamed Director', themePreference: before.themePreference, dashboardPreferences: before.dashboardPreferences },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await session(t.app, cookie)).json().user.name).toBe('Renamed Director');
  });
});

if (databaseUrl) {
  describe('two instances on one PostgreSQL database', () => {
    let a: TestApp;
    let b: TestApp;
    let instances: Awaited<ReturnType<typeof openTwoInstances>>;

    beforeAll(async () => {
      instances = await openTwoInstances();
      ({ a, b } = instances);
      await cacheLive(a);
      await cacheLive(b);
    });
    afterAll(async () => instances?.close());

    it('signing out on one instance ends the session on the other', async () => {
      const cookie = await signIn(a.app, DEMO.greenhill.teacher, 'school');
      expect((await dashboard(a.app, cookie)).statusCode).toBe(200);
      expect((await dashboard(b.app, cookie)).statusCode).toBe(200);
      expect(b.deps.sessionCache?.size()).toBeGreaterThan(0);
      expect((await a.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } })).statusCode).toBe(200);
      expect((await dashboard(a.app, cookie)).statusCode).toBe(401);
      await eventually(async () => expect((await dashboard(b.app, cookie)).statusCode).toBe(401));
    });

    it('deactivating a user on one instance refuses them on the other', async () => {
      const admin = await signIn(a.app, DEMO.greenhill.principal, 'school');
      const cookie = await signIn(b.app, DEMO.greenhill.parent, 'school');
      expect((await dashboard(b.app, cookie)).statusCode).toBe(200);
      const id = await profileIdOf(a.database, DEMO.greenhill.parent);
      expect((await a.app.inject({ method: 'PATCH', url: `/api/users/${id}/status`, headers: { cookie: admin }, payload: { status: 'inactive' } })).statusCode).toBe(200);
      await eventually(async () => expect([401, 403]).toContain((await dashboard(b.app, cookie)).statusCode));
      expect((await a.app.inject({ method: 'PATCH', url: `/api/users/${id}/status`, headers: { cookie: admin }, payload: { status: 'active' } })).statusCode).toBe(200);
    });

    it('closing a school on one instance refuses its users on the other', async () => {
      const admin = await signIn(a.app, DEMO.admin, 'admin');
      const cookie = await signIn(b.app, DEMO.riverside.teacher, 'school');
      expect((await dashboard(b.app, cookie)).statusCode).toBe(200);
      const schoolId = await schoolIdOf(a.database, 'riverside');
      const off = await a.app.inject({ method: 'PATCH', url: `/api/schools/${schoolId}/status`, headers: { cookie: admin }, payload: { status: 'inactive' } });
      expect(off.statusCode, off.body).toBe(200);
      // Closing a school also ends its sessions (schools.service): either refusal shows the cache let go.
      await eventually(async () => expect([401, 403]).toContain((await dashboard(b.app, cookie)).statusCode));
      expect((await a.app.inject({ method: 'PATCH', url: `/api/schools/${schoolId}/status`, headers: { cookie: admin }, payload: { status: 'active' } })).statusCode).toBe(200);
    });

    it('while the LISTEN connection is down the cache is bypassed, and it serves again once it is back', async () => {
      const cookie = await signIn(a.app, DEMO.greenhill.principal, 'school');
      expect((await dashboard(b.app, cookie)).statusCode).toBe(200);
      const pid = b.deps.sessionCache?.listenerPid();
      expect(pid).toBeTypeOf('number');
      await a.database.pool!.query('select pg_terminate_backend($1)', [pid]);
      await eventually(async () => expect(b.deps.sessionCache?.live()).toBe(false));
      expect(b.deps.sessionCache?.size()).toBe(0);
      expect((await dashboard(b.app, cookie)).statusCode).toBe(200);
      await cacheLive(b);
      expect((await dashboard(b.app, cookie)).statusCode).toBe(200);
      expect(b.deps.sessionCache?.size()).toBeGreaterThan(0);
    });
  });
}
