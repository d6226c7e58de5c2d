import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, apiRoutes, signIn, createTestApp, type TestApp } from './helpers.js';

/**
 * Every module answers its readers on this database: each demo account (both schools, every role, and
 * platform staff) GETs every documented route that needs no path parameter, and none answers a server
 * error (5xx). An allowed read answers JSON, a file or a page; a refused one the API's error body.
 *
 * It is the cheap net under the embedded database (docs/decisions/0019-fast-ci.md): most module test
 * files run on PostgreSQL only, so this file (with the PGlite-specific ones) is what catches a query,
 * type or transaction that works on PostgreSQL but breaks on PGlite in any module's read path. It runs
 * on both databases.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Server-Sent Events never end, so they cannot be read whole here (tests/rls.test.ts does the same). */
const STREAMING = new Set(['/api/events']);

const ACCOUNTS: [string, 'school' | 'admin'][] = [
  [DEMO.admin, 'admin'],
  [DEMO.elimisha, 'admin'],
  ...Object.values(DEMO.greenhill).map((email) => [email, 'school'] as [string, 'school']),
  ...Object.values(DEMO.riverside).map((email) => [email, 'school'] as [string, 'school']),
];

describe('every module read, as every demo account', () => {
  it('finds the read routes of every module', () => {
    const gets = apiRoutes(t.app).filter((r) => r.method === 'GET' && !r.url.includes('{'));
    // One per server module at least: a module whose reads vanished from the OpenAPI document would
    // silently leave this net.
    expect(gets.length).toBeGreaterThan(100);
  });

  it.each(ACCOUNTS)('%s: no GET answers a server error', async (email, accessType) => {
    const gets = apiRoutes(t.app).filter(
      (r) => r.method === 'GET' && !r.url.includes('{') && !r.url.startsWith('/api/docs') && !STREAMING.has(r.url),
    );
    const cookie = await signIn(t.app, email, accessType);
    const failures: string[] = [];
    let allowed = 0;
    for (const { url } of gets) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      if (res.statusCode >= 500) failures.push(`GET ${url} -> ${res.statusCode} ${res.body.slice(0, 300)}`);
      else if (res.statusCode < 300) allowed++;
      else if (res.statusCode >= 400 && String(res.headers['content-type'] ?? '').includes('json')) {
        expect((res.json() as { error?: { code?: string } }).error?.code, `GET ${url}`).toEqual(expect.any(String));
      }
    }
    expect(failures).toEqual([]);
    // Every account reads something: its dashboard at least, usually dozens of lists.
    expect(allowed).toBeGreaterThan(3);
  }, 120_000);
});
