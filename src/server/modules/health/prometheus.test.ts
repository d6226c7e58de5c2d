import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { MyChildrenFees } from '../../../shared/contracts/fees.js';
import type { StkRequest } from '../../../shared/contracts/mpesa.js';
import { mpesaConfigs } from '../../db/schema/index.js';
import { SIMULATOR_KEY_HEADER } from '../../integrations/mpesa/simulator.js';
import { DEMO, createTestApp, schoolIdOf, signIn, system, until, type TestApp } from '../../../../tests/helpers.js';

/**
 * GET /metrics (issue 37 §3): Prometheus text format behind a bearer token; per-route request
 * histograms by route pattern (never the raw URL), errors, and Node's event-loop lag.
 */
const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;
let parent: string;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, MPESA_SIMULATOR_DELAY_MS: '20', SMS_SIMULATOR_DELIVERY_DELAY_MS: '20' } });
  parent = await signIn(t.app, DEMO.greenhill.parent, 'school');
});
afterAll(async () => {
  await t?.close();
});

const scrape = (authorization?: string) => t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('GET /metrics', () => {
  it('answers 404 without the token or with another one, and a session is not enough', async () => {
    expect((await scrape()).statusCode).toBe(404);
    expect((await scrape('Bearer not-the-token-at-all-000000000')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { cookie: parent } })).statusCode).toBe(404);
  });

  it('counts requests per route pattern with their status, in Prometheus text format', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/students', headers: { cookie: parent } });
    expect(list.statusCode).toBe(200);
    const id = (list.json() as { items: { id: string }[] }).items[0]!.id;
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: `/api/students/${id}`, headers: { cookie: parent } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/students/00000000-0000-4000-8000-000000000000', headers: { cookie: parent } })).statusCode).toBe(404);

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toContain('# TYPE edufam_http_request_duration_seconds histogram');
    expect(text).toMatch(/edufam_http_request_duration_seconds_count\{method="GET",route="\/api\/students\/:id",status_code="200"\} 3\n/);
    expect(text).toMatch(/edufam_http_request_duration_seconds_count\{method="GET",route="\/api\/students\/:id",status_code="404"\} 1\n/);
    expect(text).not.toContain(id);
    expect(text).toContain('edufam_nodejs_eventloop_lag_seconds');
    expect(text).toContain('# TYPE edufam_http_errors_total counter');
  });
});

/** The value of one sample line (`name{labels} value`), or null when the line is absent. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}
const metrics = async () => {
  const res = await scrape(`Bearer ${TOKEN}`);
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('GET /metrics: operations figures (issue 37 §3)', () => {
  it("shows pg-boss's queue depth per queue and state, and how long the oldest runnable job has waited", async () => {
    const none = await metrics();
    expect(none).toContain('# TYPE edufam_job_queue_depth gauge');
    expect(none).not.toMatch(/^edufam_job_queue_depth\{/m);
    // pg-boss's job table, with the columns the figures read (name = the queue).
    await t.database.db.execute(sql`create schema if not exists pgboss`);
    await t.database.db.execute(
      sql`create table pgboss.job (id serial primary key, name text not null, state text not null, start_after timestamptz not null default now(), created_on timestamptz not null default now())`,
    );
    try {
      await t.database.db.execute(sql`insert into pgboss.job (name, state, start_after) values
        ('timetable', 'created', now() - interval '90 seconds'),
        ('timetable', 'created', now()),
        ('timetable', 'created', now() + interval '1 hour'),
        ('timetable', 'retry', now() - interval '5 seconds'),
        ('timetable', 'active', now() - interval '200 seconds'),
        ('timetable', 'completed', now() - interval '1 day'),
        ('reports', 'active', now())`);
      const text = await metrics();
      expect(sample(text, 'edufam_job_queue_depth{queue="timetable",state="created"}')).toBe(3);
      expect(sample(text, 'edufam_job_queue_depth{queue="timetable",state="retry"}')).toBe(1);
      expect(sample(text, 'edufam_job_queue_depth{queue="timetable",state="active"}')).toBe(1);
      expect(sample(text, 'edufam_job_queue_depth{queue="reports",state="active"}')).toBe(1);
      // Finished jobs are history, not depth.
      expect(text).not.toContain('state="completed"');
      // The job runnable for 90 s (the one delayed an hour is not late; a running one is not waiting).
      const age = sample(text, 'edufam_job_queue_oldest_age_seconds{queue="timetable"}')!;
      expect(age).toBeGreaterThanOrEqual(89);
      expect(age).toBeLessThan(150);
      expect(sample(text, 'edufam_job_queue_oldest_age_seconds{queue="reports"}')).toBeNull();
    } finally {
      await t.database.db.execute(sql`drop schema pgboss cascade`);
    }
    expect(await metrics()).not.toMatch(/^edufam_job_queue_depth\{/m);
  });

  it('counts M-Pesa callbacks by kind and outcome, and SMS by outcome', async () => {
    const before = await metrics();
    expect(before).toContain('# TYPE edufam_mpesa_callbacks_total counter');
    expect(before).toContain('# TYPE edufam_sms_total counter');
    const posted = 'edufam_mpesa_callbacks_total{kind="stk",outcome="posted"}';
    expect(sample(before, posted)).toBeNull();

    // A parent pays by STK Push: the simulator's callback posts the payment and the receipt goes by SMS.
    const mine = (await t.app.inject({ method: 'GET', url: '/api/fees/my-children', headers: { cookie: parent } })).json() as MyChildrenFees;
    const child = mine.children[0]!;
    const push = await t.app.inject({ method: 'POST', url: '/api/mpesa/stk-push', headers: { cookie: parent }, payload: { studentId: child.studentId, phone: mine.phone!, amount: 700 } });
    expect(push.statusCode, push.body).toBe(201);
    const { checkoutRequestId } = push.json() as StkRequest;
    await until(
      async () => (await t.app.inject({ method: 'GET', url: `/api/mpesa/stk-push/${checkoutRequestId}`, headers: { cookie: parent } })).json() as StkRequest,
      (s) => s.status !== 'pending',
    );

    // Refusals are counted by what went wrong: an unknown token, a malformed body, a callback for no request.
    const greenhill = await schoolIdOf(t.database, 'greenhill');
    const [{ token }] = (await system(t.database, (tx) =>
      tx.select({ token: mpesaConfigs.callbackToken }).from(mpesaConfigs).where(eq(mpesaConfigs.schoolId, greenhill)),
    )) as [{ token: string }];
    const callback = (url: string, payload: string) =>
      t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', [SIMULATOR_KEY_HEADER]: t.deps.mpesa.simulatorKey! }, payload });
    expect((await callback('/api/mpesa/callbacks/not-a-real-token-123456/stk', '{"Body":{}}')).statusCode).toBe(404);
    expect((await callback(`/api/mpesa/callbacks/${token}/stk`, '[1,2]')).statusCode).toBe(400);
    const unknownRequest = '{"Body":{"stkCallback":{"MerchantRequestID":"1","CheckoutRequestID":"ws_CO_metrics_unknown","ResultCode":1032,"ResultDesc":"x"}}}';
    expect((await callback(`/api/mpesa/callbacks/${token}/stk`, unknownRequest)).statusCode).toBe(200);

    const text = await until(metrics, (x) => (sample(x, 'edufam_sms_total{outcome="delivered"}') ?? 0) >= 1);
    expect(sample(text, posted)).toBe(1);
    expect(sample(text, 'edufam_mpesa_callbacks_total{kind="stk",outcome="unknown_token"}')).toBe(1);
    expect(sample(text, 'edufam_mpesa_callbacks_total{kind="stk",outcome="malformed"}')).toBe(1);
    expect(sample(text, 'edufam_mpesa_callbacks_total{kind="stk",outcome="unknown_request"}')).toBe(1);
    // The receipt: handed to the gateway (sent), then its delivery report (delivered).
    expect(sample(text, 'edufam_sms_total{outcome="sent"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'edufam_sms_total{outcome="delivered"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'edufam_sms_total{outcome="failed"}')).toBeNull();
  });

  it("counts parents' cached reads by kind and outcome, and the answers held", async () => {
    const before = await metrics();
    expect(before).toContain('# TYPE edufam_read_cache_total counter');
    const hits = (x: string) => sample(x, 'edufam_read_cache_total{kind="grades",outcome="hit"}') ?? 0;
    const misses = (x: string) => sample(x, 'edufam_read_cache_total{kind="grades",outcome="miss"}') ?? 0;
    await until(async () => t.deps.readCache.live(), (up) => up);
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/api/grades/my-children', headers: { cookie: parent } })).statusCode).toBe(200);
    const after = await metrics();
    // The first read after the start (or after a change) is read and kept; the next two come from memory.
    expect(misses(after) - misses(before)).toBeGreaterThanOrEqual(1);
    expect(hits(after) - hits(before) + (misses(after) - misses(before))).toBe(3);
    expect(hits(after) - hits(before)).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'edufam_read_cache_entries')).toBeGreaterThanOrEqual(1);
  });

  it("keeps Node's event-loop lag among the defaults", async () => {
    expect(await metrics()).toMatch(/^edufam_nodejs_eventloop_lag_p99_seconds \d/m);
  });
});
