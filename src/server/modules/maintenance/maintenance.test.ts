import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import type { MaintenanceSetting, MaintenanceStatus } from '../../../shared/contracts/maintenance.js';
import { auditLogs, systemSettings } from '../../db/schema/index.js';
import type { LiveEvent } from '../../events/bus.js';
import { DEMO, DEMO_BY_ROLE, createTestApp, profileIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';

let t: TestApp;
const cookies: Record<string, string> = {};
let adminId: string;
const published: LiveEvent[] = [];

const MAINTENANCE_ACTIONS = ['maintenance_enabled', 'maintenance_disabled', 'maintenance_message_updated'];

beforeAll(async () => {
  t = await createTestApp();
  for (const [role, email] of Object.entries(DEMO_BY_ROLE)) cookies[role] = await signIn(t.app, email);
  cookies.riversideTeacher = await signIn(t.app, DEMO.riverside.teacher);
  adminId = await profileIdOf(t.database, DEMO.admin);
  t.deps.events.subscribe((e) => {
    if (e.type === 'maintenance.changed') published.push(e);
  });
});
afterAll(async () => {
  await t?.close();
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, role?: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: role ? { cookie: cookies[role]! } : {}, payload: payload as object | undefined });
}

const enable = (payload: unknown, role = 'edufam_admin') => call('POST', '/api/maintenance/enable', role, payload);
const disable = (role = 'edufam_admin') => call('POST', '/api/maintenance/disable', role);
const updateMessage = (payload: unknown, role = 'edufam_admin') => call('PUT', '/api/maintenance/message', role, payload);

async function status(role?: string): Promise<MaintenanceStatus> {
  const res = await call('GET', '/api/maintenance/status', role);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MaintenanceStatus;
}

async function auditRows() {
  return system(t.database, (tx) =>
    tx.select().from(auditLogs).where(inArray(auditLogs.action, MAINTENANCE_ACTIONS)).orderBy(asc(auditLogs.createdAt)),
  );
}

async function storedRow() {
  const [row] = await system(t.database, (tx) => tx.select().from(systemSettings).where(eq(systemSettings.settingKey, 'maintenance_mode')));
  return row ?? null;
}

describe('before maintenance was ever set (missing settings mean maintenance is off)', () => {
  it('GET /api/maintenance/status is public and reports maintenance off', async () => {
    expect(await status()).toEqual({ enabled: false, message: 'System is operational.', estimatedDuration: '2-4 hours', updatedAt: null, canAccess: null });
    expect((await status('teacher')).canAccess).toBe(true);
  });

  it('GET /api/maintenance tells the admin there is no setting yet', async () => {
    const res = await call('GET', '/api/maintenance', 'edufam_admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ exists: false, enabled: false, allowedRoles: ['edufam_admin'], updatedBy: null });
  });

  it('PUT /api/maintenance/message → 404 "No maintenance settings available"', async () => {
    const res = await updateMessage({ message: 'Hello' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('No maintenance settings available');
  });

  it('POST /api/maintenance/disable when off → 200, nothing written or audited', async () => {
    const res = await disable();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ exists: false, enabled: false });
    expect(await storedRow()).toBeNull();
    expect(await auditRows()).toHaveLength(0);
  });
});

describe('who may call the admin routes', () => {
  const adminRoutes = [
    ['GET /api/maintenance', (role?: string) => call('GET', '/api/maintenance', role)],
    ['POST /api/maintenance/enable', (role?: string) => call('POST', '/api/maintenance/enable', role, { message: 'x' })],
    ['PUT /api/maintenance/message', (role?: string) => call('PUT', '/api/maintenance/message', role, { message: 'x' })],
    ['POST /api/maintenance/disable', (role?: string) => call('POST', '/api/maintenance/disable', role)],
  ] as const;

  it.each(adminRoutes)('%s → 401 without a session', async (_name, fn) => {
    const res = await fn();
    expect(res.statusCode).toBe(401);
  });

  for (const role of ['school_director', 'principal', 'teacher', 'parent', 'finance_officer', 'hr']) {
    it.each(adminRoutes)(`%s → 403 for ${role}`, async (_name, fn) => {
      const res = await fn(role);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'You do not have permission to perform this action.', requestId: expect.any(String) } });
    });
  }

  it('no refused call changed anything', async () => {
    expect(await storedRow()).toBeNull();
    expect(await auditRows()).toHaveLength(0);
    expect(published).toHaveLength(0);
  });
});

describe('bad input → 400 and nothing changes', () => {
  it.each([
    ['no body', undefined, 'Invalid request'],
    ['message not a string', { message: 42 }, 'Invalid request'],
    ['message over 500 characters', { message: 'x'.repeat(501) }, 'The maintenance message must be at most 500 characters.'],
    ['duration over 100 characters', { message: 'ok', estimatedDuration: 'y'.repeat(101) }, 'The estimated duration must be at most 100 characters.'],
    ['unknown role', { message: 'ok', allowedRoles: ['janitor'] }, null],
  ])('enable with %s', async (_name, payload, message) => {
    const res = await enable(payload);
    expect(res.statusCode, res.body).toBe(400);
    const err = res.json().error as { code: string; message: string };
    expect(err.code).toBe('VALIDATION');
    if (message) expect(err.message).toContain(message);
    expect(await storedRow()).toBeNull();
    expect(await auditRows()).toHaveLength(0);
  });
});

describe('enable, refuse, update, disable', () => {
  it('enable → 200 with the default duration, the row, an audit entry and a live event', async () => {
    const res = await enable({ message: '  Upgrading the exam module.  ' });
    expect(res.statusCode, res.body).toBe(200);
    const setting = res.json() as MaintenanceSetting;
    expect(setting).toMatchObject({
      exists: true,
      enabled: true,
      message: 'Upgrading the exam module.',
      estimatedDuration: '2-4 hours',
      allowedRoles: ['edufam_admin'],
      updatedBy: { id: adminId, name: expect.any(String) },
    });
    expect(setting.updatedBy!.name).toBeTruthy();

    // Spec §3: setting_value holds enabled, message, estimated_duration, allowed_roles, updated_by, updated_at.
    const row = await storedRow();
    expect(row!.updatedBy).toBe(adminId);
    expect(row!.settingValue).toEqual({
      enabled: true,
      message: 'Upgrading the exam module.',
      estimated_duration: '2-4 hours',
      allowed_roles: ['edufam_admin'],
      updated_by: adminId,
      updated_at: row!.updatedAt.toISOString(),
    });

    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'maintenance_enabled',
      schoolId: null,
      performedByUserId: adminId,
      performedByRole: 'edufam_admin',
      targetEntity: 'system_settings:maintenance_mode',
      oldValue: null,
      newValue: { enabled: true, message: 'Upgrading the exam module.', estimated_duration: '2-4 hours', allowed_roles: ['edufam_admin'] },
    });

    expect(published).toEqual([
      { type: 'maintenance.changed', audience: {}, data: { enabled: true, message: 'Upgrading the exam module.', estimatedDuration: '2-4 hours' } },
    ]);
  });

  it('status: public sees the message; the teacher cannot access, the admin can', async () => {
    const anon = await status();
    expect(anon).toMatchObject({ enabled: true, message: 'Upgrading the exam module.', estimatedDuration: '2-4 hours', canAccess: null });
    expect(anon.updatedAt).toEqual(expect.any(String));
    expect((await status('teacher')).canAccess).toBe(false);
    // Spec §1: elimisha_admin is an older alias of edufam_admin, treated identically.
    expect((await status('elimisha_admin')).canAccess).toBe(true);
    expect((await status('edufam_admin')).canAccess).toBe(true);
  });

  it('every non-bypass API call is refused with 503 MAINTENANCE and the maintenance message', async () => {
    for (const role of ['teacher', 'parent', 'principal', 'school_director', 'finance_officer', 'hr', 'riversideTeacher']) {
      const res = await call('GET', '/api/dashboard', role);
      expect(res.statusCode, role).toBe(503);
      expect(res.json()).toEqual({ error: { code: 'MAINTENANCE', message: 'Upgrading the exam module.', requestId: expect.any(String) } });
      expect(res.headers['retry-after']).toBe('30');
    }
    // Both admin roles bypass by default (edufam_admin and its alias, spec §1, §6).
    expect((await call('GET', '/api/dashboard', 'elimisha_admin')).statusCode).toBe(200);
    expect((await call('GET', '/api/dashboard', 'edufam_admin')).statusCode).toBe(200);
    // A write too, before its body is even validated.
    const put = await call('PUT', '/api/profile', 'teacher', { name: 'Changed During Maintenance' });
    expect(put.statusCode).toBe(503);
  });

  it('edufam_admin passes; public routes keep working for everyone', async () => {
    expect((await call('GET', '/api/dashboard', 'edufam_admin')).statusCode).toBe(200);
    expect((await call('GET', '/api/health')).statusCode).toBe(200);
    const session = await call('GET', '/api/auth/session', 'teacher');
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe(DEMO.greenhill.teacher);
    // Signing in still works (the app gate then shows the maintenance page).
    const fresh = await signIn(t.app, DEMO.greenhill.parent);
    expect(fresh).toBeTruthy();
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: fresh } });
    expect(out.statusCode).toBe(200);
  });

  it('enable again → 409 ALREADY_ENABLED, nothing audited', async () => {
    const res = await enable({ message: 'Another message' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'ALREADY_ENABLED', message: 'Maintenance mode is already enabled.', requestId: expect.any(String) });
    expect(await auditRows()).toHaveLength(1);
  });

  it('update message → 200, audited, and the refusal carries the new message at once', async () => {
    const res = await updateMessage({ message: 'Back at 6 PM EAT.', estimatedDuration: '3 hours' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ enabled: true, message: 'Back at 6 PM EAT.', estimatedDuration: '3 hours' });
    const audit = await auditRows();
    expect(audit.map((a) => a.action)).toEqual(['maintenance_enabled', 'maintenance_message_updated']);
    expect(audit[1]).toMatchObject({
      oldValue: { enabled: true, message: 'Upgrading the exam module.', estimated_duration: '2-4 hours' },
      newValue: { enabled: true, message: 'Back at 6 PM EAT.', estimated_duration: '3 hours' },
    });
    const refused = await call('GET', '/api/dashboard', 'teacher');
    expect(refused.json().error.message).toBe('Back at 6 PM EAT.');
    expect(published.at(-1)!.data).toEqual({ enabled: true, message: 'Back at 6 PM EAT.', estimatedDuration: '3 hours' });
  });

  it('update message with the same values → 200 and no new audit entry; duration kept when absent', async () => {
    const res = await updateMessage({ message: 'Back at 6 PM EAT.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ estimatedDuration: '3 hours' });
    expect(await auditRows()).toHaveLength(2);
  });

  it('update message with bad input → 400, nothing changed', async () => {
    for (const payload of [{ message: 42 }, { message: 'ok', estimatedDuration: 'z'.repeat(101) }, { message: 'x'.repeat(501) }]) {
      const res = await updateMessage(payload);
      expect(res.statusCode).toBe(400);
    }
    expect((await status()).message).toBe('Back at 6 PM EAT.');
    expect(await auditRows()).toHaveLength(2);
  });

  it('disable → 200 "System is operational.", audited, everyone is let back in', async () => {
    const res = await disable();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ enabled: false, message: 'System is operational.' });
    const audit = await auditRows();
    expect(audit.map((a) => a.action)).toEqual(['maintenance_enabled', 'maintenance_message_updated', 'maintenance_disabled']);
    expect(audit[2]).toMatchObject({ oldValue: { enabled: true }, newValue: { enabled: false, message: 'System is operational.' } });
    expect(published.at(-1)!.data).toEqual({ enabled: false, message: 'System is operational.', estimatedDuration: '3 hours' });
    expect((await call('GET', '/api/dashboard', 'teacher')).statusCode).toBe(200);
    expect(await status('teacher')).toMatchObject({ enabled: false, canAccess: true });
  });

  it('disable again → 200, no new audit entry; update message while off → 409', async () => {
    expect((await disable()).statusCode).toBe(200);
    expect(await auditRows()).toHaveLength(3);
    const res = await updateMessage({ message: 'Too late' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'MAINTENANCE_NOT_ENABLED', message: 'Maintenance mode is not enabled.', requestId: expect.any(String) });
  });

  it('GET /api/maintenance returns the setting and never another system setting', async () => {
    const res = await call('GET', '/api/maintenance', 'edufam_admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ exists: true, enabled: false, message: 'System is operational.', updatedBy: { id: adminId } });
    const [secret] = await system(t.database, (tx) => tx.select().from(systemSettings).where(eq(systemSettings.settingKey, 'auth_secret')));
    if (secret) {
      const value = (secret.settingValue as { secret: string }).secret;
      for (const body of [res.body, (await call('GET', '/api/maintenance/status')).body]) expect(body).not.toContain(value);
    }
    expect(res.body).not.toMatch(/secret/i);
  });
});

describe('allowed_roles (spec §5 Other: bypass only for roles in allowed_roles)', () => {
  afterEach(async () => {
    await disable();
  });

  it('a role added to allowedRoles keeps working; edufam_admin is always included', async () => {
    const res = await enable({ message: 'Data migration', estimatedDuration: '', allowedRoles: ['hr'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ estimatedDuration: '2-4 hours', allowedRoles: ['edufam_admin', 'hr'] });
    expect((await call('GET', '/api/dashboard', 'hr')).statusCode).toBe(200);
    expect((await call('GET', '/api/dashboard', 'edufam_admin')).statusCode).toBe(200);
    expect((await call('GET', '/api/dashboard', 'teacher')).statusCode).toBe(503);
    expect((await status('hr')).canAccess).toBe(true);
  });

  it('elimisha_admin, the older alias of edufam_admin (spec §1), switches maintenance on and off', async () => {
    const on = await enable({ message: 'Alias switch' }, 'elimisha_admin');
    expect(on.statusCode, on.body).toBe(200);
    expect((await status('teacher')).canAccess).toBe(false);
    expect((await call('GET', '/api/maintenance', 'elimisha_admin')).statusCode).toBe(200);
    const off = await disable('elimisha_admin');
    expect(off.statusCode, off.body).toBe(200);
    expect((await status('teacher')).canAccess).toBe(true);
  });
});

describe('the default message (spec §8 Maintenance) and duration (spec §4)', () => {
  afterEach(async () => {
    await disable();
  });

  it('enable with an empty message and duration → "System is under maintenance. Please try again later." for "2-4 hours"', async () => {
    const res = await enable({ message: '   ', estimatedDuration: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ enabled: true, message: 'System is under maintenance. Please try again later.', estimatedDuration: '2-4 hours' });
    expect(await status()).toMatchObject({ enabled: true, message: 'System is under maintenance. Please try again later.', estimatedDuration: '2-4 hours' });
    const refused = await call('GET', '/api/dashboard', 'teacher');
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.message).toBe('System is under maintenance. Please try again later.');
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'maintenance_enabled',
      newValue: { enabled: true, message: 'System is under maintenance. Please try again later.', estimated_duration: '2-4 hours' },
    });
  });

  it('enable without a message at all, then clearing the message while on → the default message', async () => {
    const res = await enable({});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'System is under maintenance. Please try again later.', estimatedDuration: '2-4 hours' });
    expect((await updateMessage({ message: 'Back at noon.', estimatedDuration: '1 hour' })).statusCode).toBe(200);
    const cleared = await updateMessage({ message: '', estimatedDuration: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ message: 'System is under maintenance. Please try again later.', estimatedDuration: '2-4 hours' });
  });
});

describe('the in-memory copy', () => {
  const writeRow = (value: unknown) =>
    system(t.database, (tx) =>
      tx
        .insert(systemSettings)
        .values({ settingKey: 'maintenance_mode', settingValue: value })
        .onConflictDoUpdate({ target: systemSettings.settingKey, set: { settingValue: value } }),
    );

  afterEach(async () => {
    await system(t.database, (tx) => tx.delete(systemSettings).where(eq(systemSettings.settingKey, 'maintenance_mode')));
    await t.deps.events.publish({ type: 'maintenance.changed', audience: {}, data: {} });
  });

  it('is dropped on a maintenance.changed event (another instance changed the row)', async () => {
    expect((await status()).enabled).toBe(false);
    // Another instance on the same database writes the row and publishes the event.
    await writeRow({ enabled: true, message: 'From instance B', estimated_duration: '1 hour', allowed_roles: ['edufam_admin'] });
    await t.deps.events.publish({ type: 'maintenance.changed', audience: {}, data: { enabled: true, message: 'From instance B', estimatedDuration: '1 hour' } });
    expect(await status()).toMatchObject({ enabled: true, message: 'From instance B', estimatedDuration: '1 hour' });
    expect((await call('GET', '/api/dashboard', 'teacher')).statusCode).toBe(503);
  });

  it('reads a malformed stored value as maintenance off with the spec defaults', async () => {
    await writeRow({ enabled: 'yes', message: 7 });
    await t.deps.events.publish({ type: 'maintenance.changed', audience: {}, data: {} });
    expect(await status('teacher')).toMatchObject({ enabled: false, message: 'System is operational.', estimatedDuration: '2-4 hours', canAccess: true });
  });
});
