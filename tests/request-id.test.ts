import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { createTestApp, signIn, TEST_PUBLIC_URL, type TestApp } from './helpers.js';

/**
 * Issue 37 §3: structured logs carry a request id that the API returns in a header and error bodies show.
 * A second app on the same database writes its JSON log lines into `lines`, so the test reads what an
 * operator's log collector would.
 */
let t: TestApp;
const lines: Array<Record<string, unknown>> = [];
let logged: Awaited<ReturnType<typeof buildApp>>['app'];

beforeAll(async () => {
  t = await createTestApp();
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'info', PUBLIC_URL: TEST_PUBLIC_URL, WEB_DIST: '/nonexistent/edufam-web-dist' });
  ({ app: logged } = await buildApp({ config, database: t.database, logger: { level: 'info', stream } }));
  await logged.ready();
});
afterAll(async () => {
  await logged?.close();
  await t?.close();
});

describe('request ids', () => {
  it('every answer carries an x-request-id, a new one per request', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/health' });
    const b = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it("keeps the reverse proxy's id (nginx $request_id) and ignores one that is not an id", async () => {
    const fromNginx = 'a3f1c2d4e5b60718293a4b5c6d7e8f90';
    const kept = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': fromNginx } });
    expect(kept.headers['x-request-id']).toBe(fromNginx);
    const bogus = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'drop table; <script>' } });
    expect(bogus.headers['x-request-id']).not.toBe('drop table; <script>');
    expect(bogus.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('error bodies show the same id as the header: 401, 404, validation 400', async () => {
    const unauthenticated = await t.app.inject({ method: 'GET', url: '/api/students' });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.json().error.requestId).toBe(unauthenticated.headers['x-request-id']);
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-endpoint' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.requestId).toBe(missing.headers['x-request-id']);
    const cookie = await signIn(t.app, 'principal@greenhill.edufam.test');
    const invalid = await t.app.inject({ method: 'POST', url: '/api/announcements', headers: { cookie }, payload: { title: '' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.requestId).toBe(invalid.headers['x-request-id']);
  });

  it("each of a request's log lines carries its id as requestId", async () => {
    lines.length = 0;
    const res = await logged.inject({ method: 'GET', url: '/api/no-such-endpoint', headers: { 'x-request-id': 'support-ticket-4711' } });
    expect(res.headers['x-request-id']).toBe('support-ticket-4711');
    const mine = lines.filter((l) => l.requestId === 'support-ticket-4711');
    // Fastify logs "incoming request" and "request completed" for each request, with its status.
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(mine.find((l) => l.msg === 'request completed')?.res).toMatchObject({ statusCode: 404 });
  });
});
