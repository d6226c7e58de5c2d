import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, createTestApp, signIn, type TestApp } from '../../../../tests/helpers.js';

/**
 * GET /metrics (issue 37 §3): Prometheus text format behind a bearer token; per-route request
 * histograms by route pattern (never the raw URL), errors, and Node's event-loop lag.
 */
const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;
let parent: string;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
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
