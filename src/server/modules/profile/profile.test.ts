import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs, profiles } from '../../db/schema/index.js';
import { DEMO, createTestApp, profileIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const valid = {
  name: 'Grace A. Owino',
  themePreference: 'dark',
  dashboardPreferences: { compactMode: true, defaultView: 'analytics' },
};

function put(payload: unknown, cookie?: string) {
  return t.app.inject({ method: 'PUT', url: '/api/profile', payload: payload as object, headers: cookie ? { cookie } : {} });
}

describe('PUT /api/profile (spec §2 Settings, §7 call 2)', () => {
  it('401 without a session, whatever the body', async () => {
    for (const body of [valid, {}, { name: '' }]) {
      const res = await put(body);
      expect(res.statusCode).toBe(401);
      expect((res.json() as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
    }
  });

  it.each([
    ['an empty display name', { ...valid, name: '' }],
    ['a blank display name', { ...valid, name: '    ' }],
    ['an unknown theme', { ...valid, themePreference: 'neon' }],
    ['an unknown default view', { ...valid, dashboardPreferences: { compactMode: false, defaultView: 'kanban' } }],
    ['a missing body', undefined],
  ])('400 for %s', async (_label, body) => {
    const cookie = await signIn(t.app, DEMO.greenhill.director);
    const res = await put(body, cookie);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: { message: string } }).error.message.length).toBeGreaterThan(0);
    // Nothing changed.
    const [row] = await system(t.database, (tx) => tx.select().from(profiles).where(eq(profiles.email, DEMO.greenhill.director)));
    expect(row!.name).toBe('Margaret Wambui Kariuki');
  });

  it('200 persists name, theme and dashboard preferences, trimmed, and returns the row read back', async () => {
    const cookie = await signIn(t.app, DEMO.greenhill.teacher, 'school');
    const res = await put({ ...valid, name: `  ${valid.name}  `, email: 'someone.else@edufam.test' }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { user } = res.json() as { user: Record<string, unknown> };
    expect(user).toMatchObject({ ...valid, email: DEMO.greenhill.teacher, firstName: 'Grace' });

    const [row] = await system(t.database, (tx) => tx.select().from(profiles).where(eq(profiles.email, DEMO.greenhill.teacher)));
    expect(row).toMatchObject({ name: valid.name, themePreference: 'dark', dashboardPreferences: valid.dashboardPreferences });

    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect((session.json() as { user: { name: string; email: string } }).user).toMatchObject({ name: valid.name, email: DEMO.greenhill.teacher });

    const id = await profileIdOf(t.database, DEMO.greenhill.teacher);
    const audits = await system(t.database, (tx) =>
      tx.select().from(auditLogs).where(and(eq(auditLogs.action, 'PROFILE_UPDATED'), eq(auditLogs.performedByUserId, id))),
    );
    expect(audits).toHaveLength(1);
  });

  it("changes only the caller's own profile", async () => {
    const cookie = await signIn(t.app, DEMO.riverside.principal);
    const res = await put({ ...valid, name: 'Catherine Gitau' }, cookie);
    expect(res.statusCode).toBe(200);
    const rows = await system(t.database, (tx) => tx.select({ email: profiles.email }).from(profiles).where(eq(profiles.name, 'Catherine Gitau')));
    expect(rows).toEqual([{ email: DEMO.riverside.principal }]);
  });

  it('platform admins (no school) can save their profile too', async () => {
    const cookie = await signIn(t.app, DEMO.admin, 'admin');
    const res = await put({ ...valid, name: 'EduFam Ops' }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { user: { name: string; schoolId: unknown } }).user).toMatchObject({ name: 'EduFam Ops', schoolId: null });
  });
});
