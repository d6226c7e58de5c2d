import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/index.js';
import { DEMO, createTestApp, nextIp, profileIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t?.close();
});

function frontendErrors(errorId: string) {
  return system(t.database, (tx) =>
    tx
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'FRONTEND_ERROR'), eq(auditLogs.resource, 'error_boundary'))),
  ).then((rows) => rows.filter((r) => (r.metadata as { errorId?: string } | null)?.errorId === errorId));
}

describe('liveness and readiness', () => {
  it('GET /api/health is 200 ok without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('GET /api/ready answers with the database kind and latency', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { status: string; database: string; databaseMs: number };
    expect(body.status).toBe('ready');
    expect(body.database).toBe(t.database.kind);
    expect(body.databaseMs).toBeGreaterThanOrEqual(0);
  });

  it('GET /api/docs/json serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys((res.json() as { paths: object }).paths)).toContain('/api/auth/sign-in');
  });
});

describe('unknown API paths', () => {
  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/nope'],
    ['GET', '/api'],
    ['DELETE', '/api/profile'],
  ] as const)('%s %s is a JSON 404', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect((res.json() as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });
});

describe('POST /api/errors/frontend (spec §3 Error audit record)', () => {
  it('writes a FRONTEND_ERROR audit entry for a signed-out page', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/errors/frontend',
      remoteAddress: nextIp(),
      headers: { 'user-agent': 'vitest-agent' },
      payload: { errorId: 'err-anon-1', message: 'Boom', stack: 'Error: Boom\n  at x', componentStack: '\n  at Login', retryCount: 2, url: '/login' },
    });
    expect(res.statusCode).toBe(204);
    const rows = await frontendErrors('err-anon-1');
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ action: 'FRONTEND_ERROR', resource: 'error_boundary', success: false, errorMessage: 'Boom', performedByUserId: null });
    expect(row.metadata).toMatchObject({
      errorId: 'err-anon-1',
      stack: 'Error: Boom\n  at x',
      componentStack: '\n  at Login',
      retryCount: 2,
      userAgent: 'vitest-agent',
      url: '/login',
    });
  });

  it('names the signed-in user and their school', async () => {
    const cookie = await signIn(t.app, DEMO.greenhill.teacher);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/errors/frontend',
      remoteAddress: nextIp(),
      headers: { cookie },
      payload: { errorId: 'err-teacher-1', message: 'Chart failed' },
    });
    expect(res.statusCode).toBe(204);
    const [row] = await frontendErrors('err-teacher-1');
    expect(row).toBeDefined();
    expect(row!.performedByUserId).toBe(await profileIdOf(t.database, DEMO.greenhill.teacher));
    expect(row!.performedByRole).toBe('teacher');
    expect(row!.schoolId).not.toBeNull();
  });

  it('400 for a report without an error id, and nothing is written', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/errors/frontend', remoteAddress: nextIp(), payload: { message: 'no id' } });
    expect(res.statusCode).toBe(400);
    const rows = await system(t.database, (tx) => tx.select().from(auditLogs).where(eq(auditLogs.errorMessage, 'no id')));
    expect(rows).toHaveLength(0);
  });
});
