import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { systemHealthResponse, type SystemHealth } from '../../../shared/contracts/health.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { instanceHeartbeats } from '../../db/schema/index.js';
import { withScope } from '../../db/tenant.js';
import { startHeartbeat } from './heartbeat.js';
import { DEMO, DEMO_BY_ROLE, schoolIdOf, signIn, system, createTestApp, type TestApp } from '../../../../tests/helpers.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, DEMO.admin, 'admin');
});
afterAll(async () => {
  await t?.close();
});

async function health(cookie: string = admin, app = t.app): Promise<SystemHealth> {
  const res = await app.inject({ method: 'GET', url: '/api/system/health', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return systemHealthResponse.parse(res.json());
}

const testConfig = () => loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent/edufam-web-dist', DATA_DIR: 'memory://' });

describe('GET /api/system/health: who may read it', () => {
  it('401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/system/health' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Please log in again to continue.', requestId: expect.any(String) } });
  });

  for (const role of ['school_director', 'principal', 'teacher', 'parent', 'finance_officer', 'hr'] as const) {
    it(`403 for ${role}`, async () => {
      const cookie = await signIn(t.app, DEMO_BY_ROLE[role], 'school');
      const res = await t.app.inject({ method: 'GET', url: '/api/system/health', headers: { cookie } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'You do not have permission to perform this action.', requestId: expect.any(String) } });
    });
  }

  it('200 for edufam_admin and for its alias elimisha_admin', async () => {
    await health(admin);
    await health(await signIn(t.app, DEMO.elimisha, 'admin'));
  });
});

describe('GET /api/system/health: the figures', () => {
  it('answers every figure of the contract, uncached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/system/health', headers: { cookie: admin } });
    expect(res.headers['cache-control']).toBe('no-store');
    const h = systemHealthResponse.parse(res.json());
    expect(h.status).not.toBe('down');
    expect(h.windowMinutes).toBe(15);
    expect(h.instance).toMatchObject({ version: '0.1.0', nodeVersion: process.version, pid: process.pid });
    expect(h.instance.id).toMatch(/^[0-9a-f]{8}$/);
    expect(h.instance.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(Date.parse(h.instance.startedAt)).toBeLessThanOrEqual(Date.now());
    expect(h.database.kind).toBe(t.database.kind);
    expect(h.database.reachable).toBe(true);
    expect(h.database.latencyMs).toBeGreaterThanOrEqual(0);
    // pg_database_size works on PGlite as on PostgreSQL.
    expect(h.database.sizeBytes).toBeGreaterThan(1_000_000);
    expect(h.memory.rssMb).toBeGreaterThan(10);
    expect(h.memory.heapUsedMb).toBeGreaterThan(0);
    expect(h.memory.heapUsedMb).toBeLessThanOrEqual(h.memory.heapTotalMb);
    expect(h.memory.heapLimitMb).toBeGreaterThanOrEqual(h.memory.heapTotalMb);
    expect(h.jobs).toEqual({ pending: 0, active: 0, source: 'none' });
    expect(h.requests.series).toHaveLength(15);
    expect(Date.parse(h.requests.series[14]!.minuteStart)).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - Date.parse(h.requests.series[14]!.minuteStart)).toBeLessThan(60_000);
    // The answering instance is always in the fleet, live (it writes its heartbeat before reading).
    const me = h.fleet!.instances.find((i) => i.current)!;
    expect(me).toMatchObject({ id: h.instance.id, hostname: h.instance.hostname, pid: process.pid, version: '0.1.0', status: 'live' });
    expect(me.secondsSinceSeen).toBeLessThan(30);
    expect(h.fleet!.totals.live).toBeGreaterThanOrEqual(1);
  });

  it('request figures move with API traffic, but not with health probes or its own polling', async () => {
    const before = await health();
    for (let i = 0; i < 5; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: admin } })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-route' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/system/health' })).statusCode).toBe(401);
    // Not counted: liveness, readiness and the health figures themselves.
    for (let i = 0; i < 3; i++) {
      await t.app.inject({ method: 'GET', url: '/api/health' });
      await t.app.inject({ method: 'GET', url: '/api/ready' });
      await health();
    }
    const after = await health();
    expect(after.requests.total - before.requests.total).toBe(6);
    expect(after.requests.ratePerMinute).toBeGreaterThan(0);
    expect(after.requests.p95Ms).not.toBeNull();
    expect(after.requests.averageMs).not.toBeNull();
    expect(after.requests.series.reduce((n, m) => n + m.requests, 0)).toBe(after.requests.total);
    expect(after.requests.series.at(-1)!.requests).toBeGreaterThan(0);
  });

  it('counts a sign-in as an active session, and sign-out removes it', async () => {
    const before = await health();
    const cookie = await signIn(t.app, DEMO.greenhill.teacher, 'school');
    const during = await health();
    expect(during.sessions.active).toBe(before.sessions.active! + 1);
    expect(during.sessions.users).toBeGreaterThanOrEqual(2);
    // Scope local: only this session (logout's default, global, also ends the teacher's earlier ones).
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie }, payload: { scope: 'local' } })).statusCode).toBe(200);
    expect((await health()).sessions.active).toBe(before.sessions.active);
  });

  it('reports the pg-boss backlog when its queue table exists', async () => {
    await t.database.db.execute(sql`create schema if not exists pgboss`);
    await t.database.db.execute(sql`create table pgboss.job (id serial primary key, state text not null)`);
    try {
      await t.database.db.execute(
        sql`insert into pgboss.job (state) values ('created'), ('created'), ('retry'), ('active'), ('completed'), ('failed')`,
      );
      const h = await health();
      expect(h.jobs).toEqual({ pending: 3, active: 1, source: 'pg-boss' });
    } finally {
      await t.database.db.execute(sql`drop schema pgboss cascade`);
    }
    expect((await health()).jobs.source).toBe('none');
  });
});

describe('errors and an unreachable database', () => {
  it('5xx answers count as errors and raise the error rate', async () => {
    const { app } = await buildApp({ config: testConfig(), database: t.database, logger: false });
    app.get('/api/test/boom', { config: { public: true } }, async () => {
      throw new Error('boom');
    });
    app.get('/api/test/fine', { config: { public: true } }, async () => ({ ok: true }));
    await app.ready();
    try {
      const cookie = await signIn(app, DEMO.admin, 'admin');
      const before = await health(cookie, app);
      expect(before.requests.errors).toBe(0);
      for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: '/api/test/fine' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/test/boom' })).statusCode).toBe(500);
      const after = await health(cookie, app);
      expect(after.requests.total).toBe(before.requests.total + 4);
      expect(after.requests.errors).toBe(1);
      expect(after.requests.errorRatePercent).toBeCloseTo((1 / after.requests.total) * 100, 1);
      expect(after.requests.series.at(-1)!.errors + after.requests.series.at(-2)!.errors).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('a database that does not answer: /api/ready 503, /api/health 200, and the figures say "down" (not a 500)', async () => {
    const failing: Database = { ...t.database, ping: () => Promise.reject(new Error('connection refused')) };
    const { app } = await buildApp({ config: testConfig(), database: failing, logger: false });
    await app.ready();
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ error: { code: 'DATABASE_UNAVAILABLE', message: 'Unable to connect to the database', requestId: expect.any(String) } });
      const live = await app.inject({ method: 'GET', url: '/api/health' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toMatchObject({ status: 'ok' });

      const h = await health(await signIn(app, DEMO.admin, 'admin'), app);
      expect(h.status).toBe('down');
      expect(h.database).toEqual({ kind: t.database.kind, reachable: false, latencyMs: null, sizeBytes: null });
      expect(h.sessions).toEqual({ active: null, users: null });
      expect(h.fleet).toBeNull();
      expect(h.memory.rssMb).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});

const heartbeatRow = (id: string, secondsAgo: number) => ({
  instanceId: id,
  hostname: 'old-host',
  pid: 4242,
  version: '0.0.9',
  nodeVersion: 'v20.0.0',
  startedAt: new Date(Date.now() - 3_600_000),
  lastSeenAt: sql`now() - make_interval(secs => ${secondsAgo}::int)`,
  figures: { requestsTotal: 50, errors: 5, ratePerMinute: 3.3, p95Ms: 40, rssMb: 120, heapPercent: 10, eventLoopLagMs: 1.5 },
});

describe('the fleet: every instance through PostgreSQL heartbeats (issue 37 §3)', () => {
  it('two servers on one database both appear, each live with its own figures; a closed one leaves the fleet', async () => {
    const a = await buildApp({ config: testConfig(), database: t.database, logger: false });
    const b = await buildApp({ config: testConfig(), database: t.database, logger: false });
    await a.app.ready();
    await b.app.ready();
    let bOpen = true;
    try {
      expect(a.deps.heartbeat.instance.id).not.toBe(b.deps.heartbeat.instance.id);
      startHeartbeat(a.deps);
      startHeartbeat(b.deps);
      expect(b.deps.heartbeat.running).toBe(true);
      // Traffic on b only, then b beats again (after ~100 ms of event-loop sampling).
      for (let i = 0; i < 4; i++) expect((await b.app.inject({ method: 'GET', url: '/api/auth/session' })).statusCode).toBeLessThan(500);
      await new Promise((r) => setTimeout(r, 150));
      await b.deps.heartbeat.beat();

      const cookie = await signIn(a.app, DEMO.admin, 'admin');
      const h = await health(cookie, a.app);
      const byId = new Map(h.fleet!.instances.map((i) => [i.id, i]));
      const ia = byId.get(a.deps.heartbeat.instance.id)!;
      const ib = byId.get(b.deps.heartbeat.instance.id)!;
      expect(ia).toMatchObject({ status: 'live', current: true, pid: process.pid });
      expect(ib).toMatchObject({ status: 'live', current: false, pid: process.pid, nodeVersion: process.version });
      expect(ib.figures.requestsTotal).toBe(4);
      expect(ib.figures.ratePerMinute).toBeGreaterThan(0);
      expect(ib.figures.p95Ms).not.toBeNull();
      expect(ib.figures.rssMb).toBeGreaterThan(10);
      expect(ib.figures.eventLoopLagMs).toBeGreaterThanOrEqual(0);
      expect(h.fleet!.totals.live).toBeGreaterThanOrEqual(2);
      expect(h.fleet!.totals.requests).toBeGreaterThanOrEqual(4);
      expect(Date.parse(ib.startedAt)).toBeLessThanOrEqual(Date.parse(ib.lastSeenAt));

      // A clean shutdown removes its row at once (a crashed one would go stale instead).
      await b.app.close();
      bOpen = false;
      expect(b.deps.heartbeat.running).toBe(false);
      const after = await health(cookie, a.app);
      expect(after.fleet!.instances.map((i) => i.id)).not.toContain(b.deps.heartbeat.instance.id);
      expect(after.fleet!.instances.map((i) => i.id)).toContain(a.deps.heartbeat.instance.id);
    } finally {
      if (bOpen) await b.app.close();
      await a.app.close();
    }
    expect(a.deps.heartbeat.running).toBe(false);
  });

  it('an instance unseen for 30 s shows stale and leaves the totals; one unseen for 10 minutes is deleted by the next heartbeat', async () => {
    await system(t.database, (tx) => tx.insert(instanceHeartbeats).values([heartbeatRow('stale001', 45), heartbeatRow('gone0001', 11 * 60)]));
    const before = await health();
    const stale = before.fleet!.instances.find((i) => i.id === 'stale001')!;
    expect(stale).toMatchObject({ status: 'stale', current: false, hostname: 'old-host', version: '0.0.9' });
    expect(stale.secondsSinceSeen).toBeGreaterThanOrEqual(45);
    // Live instances first; the stale one's figures are not summed.
    expect(before.fleet!.instances.at(-1)!.status).toBe('stale');
    expect(before.fleet!.totals.instances).toBe(before.fleet!.totals.live + 1);
    // Past 10 minutes: neither listed nor kept (the answering instance's heartbeat deleted it).
    expect(before.fleet!.instances.map((i) => i.id)).not.toContain('gone0001');
    const left = await system(t.database, (tx) => tx.select({ id: instanceHeartbeats.instanceId }).from(instanceHeartbeats).where(eq(instanceHeartbeats.instanceId, 'gone0001')));
    expect(left).toEqual([]);
    await system(t.database, (tx) => tx.delete(instanceHeartbeats).where(eq(instanceHeartbeats.instanceId, 'stale001')));
  });

  it('heartbeats are platform rows: a school\'s scope sees none', async () => {
    await health();
    const schoolId = await schoolIdOf(t.database, 'greenhill');
    const [seen] = await withScope(t.database.db, { schoolId, userId: null, allSchools: false }, (tx) => tx.select({ n: count() }).from(instanceHeartbeats));
    expect(seen!.n).toBe(0);
    const [all] = await system(t.database, (tx) => tx.select({ n: count() }).from(instanceHeartbeats));
    expect(all!.n).toBeGreaterThanOrEqual(1);
  });
});
