import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createReadCache, PLATFORM } from '../src/server/lib/read-cache.js';
import { schoolToday } from '../src/shared/dates.js';
import type { MyChildrenFees, RecordPaymentResponse } from '../src/shared/contracts/fees.js';
import type { MyChildrenGrades } from '../src/shared/contracts/assessment.js';
import type { ParentDashboard, PlatformDashboard } from '../src/shared/contracts/dashboard.js';
import { admitTodayBody, createTestApp, eventually, openTwoInstances, signInSessions, type TestApp } from './helpers.js';

/**
 * Issue 37 §1 (results day): a parent's results and fee pages are answered from memory after the first
 * read (and their dashboard), and every change they show (a payment, a released series, a school setting, a renamed learner)
 * reaches the next read at once, on this instance and, on PostgreSQL, on another instance of the same
 * database (LISTEN/NOTIFY through drizzle/0037_read_changes.sql).
 */

const databaseUrl = process.env.TEST_DATABASE_URL || undefined;

const get = (app: FastifyInstance, cookie: string, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { cookie, ...headers } });

/** The finance officer records a cash payment for `studentId` through `app`; the receipt. */
async function payCash(app: FastifyInstance, financeCookie: string, studentId: string, amount: number): Promise<RecordPaymentResponse> {
  const paid = await app.inject({ method: 'POST', url: '/api/fees/payments', headers: { cookie: financeCookie }, payload: { studentId, amount, method: 'cash', paidOn: schoolToday() } });
  expect(paid.statusCode, paid.body).toBe(201);
  return paid.json<RecordPaymentResponse>();
}

async function live(t: TestApp): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!t.deps.readCache.live()) {
    if (Date.now() > deadline) throw new Error('read cache never became live');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the read cache itself', () => {
  const entry = (kind: 'grades' | 'fees', schoolId: string, userId: string) => ({ kind, schoolId, userId, body: `{"${kind}":"${userId}"}` });

  it('serves only while live and within its time; a read overtaken by a change is not kept', () => {
    let now = 0;
    const c = createReadCache({ ttlMs: 60_000, now: () => now });
    c.set('k', entry('fees', 's1', 'u1'), c.generation());
    expect(c.get('k')).toBeNull();
    c.setLive(true);
    c.set('k', entry('fees', 's1', 'u1'), c.generation());
    expect(c.get('k')).toBe('{"fees":"u1"}');
    now = 60_000;
    expect(c.get('k')).toBeNull();
    const before = c.generation();
    c.invalidateRead('fees:s2');
    c.set('k', entry('fees', 's1', 'u1'), before);
    expect(c.get('k')).toBeNull();
  });

  it('drops by kind and school, by school, by reader, and everything on an unknown payload', () => {
    const c = createReadCache();
    c.setLive(true);
    const fill = () => {
      c.set('g1', entry('grades', 's1', 'u1'), c.generation());
      c.set('f1', entry('fees', 's1', 'u1'), c.generation());
      c.set('f2', entry('fees', 's2', 'u2'), c.generation());
    };
    fill();
    c.invalidateRead('fees:s1');
    expect([c.get('g1'), c.get('f1'), c.get('f2')].map((v) => v !== null)).toEqual([true, false, true]);
    fill();
    c.invalidateRead('all:s1');
    expect([c.get('g1'), c.get('f1'), c.get('f2')].map((v) => v !== null)).toEqual([false, false, true]);
    fill();
    c.invalidateOwner('user:u2');
    expect([c.get('g1'), c.get('f1'), c.get('f2')].map((v) => v !== null)).toEqual([true, true, false]);
    fill();
    c.invalidateOwner('session:abc');
    expect(c.size()).toBe(3);
    c.invalidateOwner('school:s1');
    expect(c.size()).toBe(1);
    c.invalidateOwner('something-else');
    expect(c.size()).toBe(0);
  });

  it('an answer over every school (PLATFORM) goes with any school’s change, and keeps a shorter time limit', () => {
    let now = 0;
    const c = createReadCache({ ttlMs: 60_000, now: () => now });
    c.setLive(true);
    c.set('p', { kind: 'dashboard', schoolId: PLATFORM, userId: 'platform', body: '{}' }, c.generation(), 15_000);
    c.invalidateRead('fees:s1');
    expect(c.get('p')).toBe('{}');
    c.invalidateRead('all:s1');
    expect(c.get('p')).toBeNull();
    c.set('p', { kind: 'dashboard', schoolId: PLATFORM, userId: 'platform', body: '{}' }, c.generation(), 15_000);
    c.invalidateOwner('school:s9');
    expect(c.get('p')).toBeNull();
    c.set('p', { kind: 'dashboard', schoolId: PLATFORM, userId: 'platform', body: '{}' }, c.generation(), 15_000);
    now = 15_000;
    expect(c.get('p')).toBeNull();
  });

  it('READ_CACHE=off never serves', () => {
    const c = createReadCache({ enabled: false });
    c.setLive(true);
    c.set('k', entry('fees', 's1', 'u1'), c.generation());
    expect(c.get('k')).toBeNull();
  });
});

describe('one instance', () => {
  let t: TestApp;
  const cookie: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    await signInSessions(t.app, cookie, ['parent', 'finance', 'principal', 'rsParent', 'admin', 'elimisha']);
    await live(t);
  });
  afterAll(async () => t?.close());

  it("a parent's second read is answered from memory, the same body; another parent gets their own", async () => {
    for (const url of ['/api/fees/my-children', '/api/grades/my-children']) {
      const first = await get(t.app, cookie.parent!, url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['x-edufam-cache']).toBeUndefined();
      const second = await get(t.app, cookie.parent!, url);
      expect(second.statusCode).toBe(200);
      expect(second.headers['x-edufam-cache']).toBe('hit');
      expect(second.headers['content-type']).toMatch(/^application\/json/);
      expect(second.json()).toEqual(first.json());
      const other = await get(t.app, cookie.rsParent!, url);
      expect(other.headers['x-edufam-cache']).toBeUndefined();
      expect(other.json()).not.toEqual(first.json());
    }
  });

  it('a payment recorded for the child shows in the parent’s next read', async () => {
    const before = (await get(t.app, cookie.parent!, '/api/fees/my-children')).json<MyChildrenFees>();
    expect((await get(t.app, cookie.parent!, '/api/fees/my-children')).headers['x-edufam-cache']).toBe('hit');
    const child = before.children[0]!;
    const receipt = await payCash(t.app, cookie.finance!, child.studentId, 1234);
    const after = await get(t.app, cookie.parent!, '/api/fees/my-children');
    expect(after.headers['x-edufam-cache']).toBeUndefined();
    const now = after.json<MyChildrenFees>().children.find((c) => c.studentId === child.studentId)!;
    expect(now.balance).toBeCloseTo(child.balance - 1234, 2);
    expect(now.lastPayment?.receiptNumber).toBe(receipt.receiptNumber);
  });

  it('a school setting the results page shows (positions published) reaches the next read', async () => {
    const withPositions = (await get(t.app, cookie.parent!, '/api/grades/my-children')).json<MyChildrenGrades>();
    const series = withPositions.children.flatMap((c) => c.series);
    expect(series.some((s) => s.position !== null)).toBe(true);
    expect((await get(t.app, cookie.parent!, '/api/grades/my-children')).headers['x-edufam-cache']).toBe('hit');
    const put = await t.app.inject({ method: 'PUT', url: '/api/assessment/settings', headers: { cookie: cookie.principal! }, payload: { publishPositions: false } });
    expect(put.statusCode, put.body).toBe(200);
    const hidden = (await get(t.app, cookie.parent!, '/api/grades/my-children')).json<MyChildrenGrades>();
    expect(hidden.children.flatMap((c) => c.series).every((s) => s.position === null)).toBe(true);
    await t.app.inject({ method: 'PUT', url: '/api/assessment/settings', headers: { cookie: cookie.principal! }, payload: { publishPositions: true } });
  });

  it("a parent's dashboard is kept, staff dashboards are not, and a renamed child shows at once", async () => {
    const first = await get(t.app, cookie.parent!, '/api/dashboard');
    expect(first.statusCode).toBe(200);
    const again = await get(t.app, cookie.parent!, '/api/dashboard');
    expect(again.headers['x-edufam-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    await get(t.app, cookie.principal!, '/api/dashboard');
    expect((await get(t.app, cookie.principal!, '/api/dashboard')).headers['x-edufam-cache']).toBeUndefined();
    const child = first.json<ParentDashboard>().children[0]!;
    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/students/${child.studentId}`, headers: { cookie: cookie.principal! }, payload: { firstName: 'Zawadi' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const now = await get(t.app, cookie.parent!, '/api/dashboard');
    expect(now.headers['x-edufam-cache']).toBeUndefined();
    expect(now.json<ParentDashboard>().children.find((c) => c.studentId === child.studentId)!.firstName).toBe('Zawadi');
    await t.app.inject({ method: 'PATCH', url: `/api/students/${child.studentId}`, headers: { cookie: cookie.principal! }, payload: { firstName: child.firstName } });
  });

  it('the platform overview is one answer for every platform admin, and a learner admitted anywhere shows at once', async () => {
    const first = await get(t.app, cookie.admin!, '/api/dashboard');
    expect(first.statusCode).toBe(200);
    const other = await get(t.app, cookie.elimisha!, '/api/dashboard');
    expect(other.headers['x-edufam-cache']).toBe('hit');
    expect(other.body).toBe(first.body);
    const before = first.json<PlatformDashboard>().learners.total;
    const classes = (await get(t.app, cookie.principal!, '/api/classes')).json<{ id: string }[]>();
    const admitted = await t.app.inject({ method: 'POST', url: '/api/students', headers: { cookie: cookie.principal! }, payload: admitTodayBody(classes[0]!.id, '0722 340 990') });
    expect(admitted.statusCode, admitted.body).toBe(201);
    const now = await get(t.app, cookie.admin!, '/api/dashboard');
    expect(now.headers['x-edufam-cache']).toBeUndefined();
    expect(now.json<PlatformDashboard>().learners.total).toBe(before + 1);
  });

  it('each language is kept apart', async () => {
    const en = await get(t.app, cookie.parent!, '/api/grades/my-children', { 'x-edufam-locale': 'en' });
    const sw = await get(t.app, cookie.parent!, '/api/grades/my-children', { 'x-edufam-locale': 'sw' });
    expect(sw.headers['x-edufam-cache']).toBeUndefined();
    expect((await get(t.app, cookie.parent!, '/api/grades/my-children', { 'x-edufam-locale': 'sw' })).body).toBe(sw.body);
    expect((await get(t.app, cookie.parent!, '/api/grades/my-children', { 'x-edufam-locale': 'en' })).body).toBe(en.body);
  });
});

// PostgreSQL only: PGlite is one process, so there is no second instance to tell.
if (databaseUrl) {
  describe('two instances on one PostgreSQL database', () => {
    let a: TestApp;
    let b: TestApp;
    let instances: Awaited<ReturnType<typeof openTwoInstances>>;
    const cookie: Record<string, string> = {};

    beforeAll(async () => {
      instances = await openTwoInstances();
      ({ a, b } = instances);
      await signInSessions(a.app, cookie, ['parent', 'finance']);
      await live(a);
      await live(b);
    });
    afterAll(async () => instances?.close());

    it('a payment recorded on one instance reaches the parent reading on the other', async () => {
      const before = (await get(b.app, cookie.parent!, '/api/fees/my-children')).json<MyChildrenFees>();
      expect((await get(b.app, cookie.parent!, '/api/fees/my-children')).headers['x-edufam-cache']).toBe('hit');
      const child = before.children[0]!;
      await payCash(a.app, cookie.finance!, child.studentId, 700);
      await eventually(async () => {
        const now = (await get(b.app, cookie.parent!, '/api/fees/my-children')).json<MyChildrenFees>();
        expect(now.children.find((c) => c.studentId === child.studentId)!.balance).toBeCloseTo(child.balance - 700, 2);
      });
    });
  });
}
