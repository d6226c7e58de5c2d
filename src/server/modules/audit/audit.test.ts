import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditListResponse } from '../../../shared/contracts/audit.js';
import { auditLogs } from '../../db/schema/index.js';
import { DEMO, createTestApp, postSignIn, profileIdOf, schoolIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';

let t: TestApp;
let greenhillId: string;
let riversideId: string;
let admin: string;
let director: string;
let principal: string;
let riversidePrincipalId: string;

/** Two entries either side of midnight in Nairobi (UTC+3) on 10/11 March 2025, and one Riverside-only action. */
const BEFORE_MIDNIGHT = new Date('2025-03-10T20:59:59.000Z'); // 23:59:59 on 10 March in Nairobi
const AFTER_MIDNIGHT = new Date('2025-03-10T21:00:00.000Z'); // 00:00:00 on 11 March in Nairobi

beforeAll(async () => {
  t = await createTestApp();
  greenhillId = await schoolIdOf(t.database, 'greenhill');
  riversideId = await schoolIdOf(t.database, 'riverside');
  riversidePrincipalId = await profileIdOf(t.database, DEMO.riverside.principal);
  // Riverside sign-ins first, so there are Riverside rows a Greenhill leader must not see.
  await signIn(t.app, DEMO.riverside.principal, 'school');
  await signIn(t.app, DEMO.riverside.teacher, 'school');
  admin = await signIn(t.app, DEMO.admin, 'admin');
  director = await signIn(t.app, DEMO.greenhill.director, 'school');
  principal = await signIn(t.app, DEMO.greenhill.principal, 'school');
  // A refused sign-in of a Greenhill account (wrong login area): LOGIN_FAILED in Greenhill.
  expect((await postSignIn(t.app, { email: DEMO.greenhill.teacher, password: DEMO.password, accessType: 'admin' })).statusCode).toBe(403);
  // A profile change with old and new values.
  const put = await t.app.inject({
    method: 'PUT',
    url: '/api/profile',
    headers: { cookie: principal },
    payload: { name: 'Principal Renamed', themePreference: 'dark', dashboardPreferences: { compactMode: true, defaultView: 'analytics' } },
  });
  expect(put.statusCode).toBe(200);
  await system(t.database, (tx) =>
    tx.insert(auditLogs).values([
      { schoolId: greenhillId, action: 'TEST_DAY_EDGE', targetEntity: 'edge:before', createdAt: BEFORE_MIDNIGHT },
      { schoolId: greenhillId, action: 'TEST_DAY_EDGE', targetEntity: 'edge:after', createdAt: AFTER_MIDNIGHT },
      { schoolId: riversideId, action: 'TEST_RIVERSIDE_ONLY', targetEntity: 'riverside:thing' },
      { schoolId: null, action: 'maintenance_enabled', targetEntity: 'system_settings:maintenance_mode', newValue: { enabled: true } },
    ]),
  );
});
afterAll(async () => {
  await t?.close();
});

async function get(url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

async function list(query: string, cookie: string): Promise<AuditListResponse> {
  const res = await get(`/api/audit${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditListResponse;
}

const actions = (entries: AuditEntry[]) => new Set(entries.map((e) => e.action));

describe('access to GET /api/audit and /api/audit/actions', () => {
  it('401 without a session', async () => {
    expect((await get('/api/audit')).statusCode).toBe(401);
    expect((await get('/api/audit/actions')).statusCode).toBe(401);
  });

  for (const email of [DEMO.greenhill.teacher, DEMO.greenhill.parent, DEMO.greenhill.finance, DEMO.greenhill.hr]) {
    it(`403 for ${email.split('@')[0]}`, async () => {
      const cookie = await signIn(t.app, email, 'school');
      expect((await get('/api/audit', cookie)).statusCode).toBe(403);
      expect((await get('/api/audit/actions', cookie)).statusCode).toBe(403);
    });
  }
});

describe('scope', () => {
  it('a Greenhill director sees only Greenhill entries, never Riverside or platform ones', async () => {
    const body = await list('?pageSize=100', director);
    expect(body.total).toBeGreaterThan(0);
    expect(body.entries.length).toBe(Math.min(100, body.total));
    for (const e of body.entries) {
      expect(e.schoolId).toBe(greenhillId);
      expect(e.schoolName).toBe('Greenhill Academy');
    }
    const logins = body.entries.filter((e) => e.action === 'LOGIN_SUCCESS');
    expect(logins.map((e) => e.actorEmail)).toEqual(expect.arrayContaining([DEMO.greenhill.director, DEMO.greenhill.principal]));
    expect(body.entries.some((e) => e.actorEmail?.includes('riverside'))).toBe(false);
    expect(actions(body.entries).has('TEST_RIVERSIDE_ONLY')).toBe(false);
  });

  it('a principal filtering on Riverside gets 404; on their own school 200', async () => {
    expect((await get(`/api/audit?schoolId=${riversideId}`, principal)).statusCode).toBe(404);
    const own = await list(`?schoolId=${greenhillId}`, principal);
    expect(own.entries.every((e) => e.schoolId === greenhillId)).toBe(true);
  });

  it('an admin sees both schools and the platform entries', async () => {
    const body = await list('?pageSize=100', admin);
    const schoolIds = new Set(body.entries.map((e) => e.schoolId));
    expect(schoolIds).toEqual(new Set([greenhillId, riversideId, null]));
    const own = body.entries.find((e) => e.action === 'LOGIN_SUCCESS' && e.actorEmail === DEMO.admin);
    expect(own).toMatchObject({ schoolId: null, schoolName: null, actorRole: 'edufam_admin', actorName: expect.any(String) });
  });

  it('an admin can narrow to one school', async () => {
    const body = await list(`?schoolId=${riversideId}&pageSize=100`, admin);
    expect(body.total).toBeGreaterThan(0);
    expect(body.entries.every((e) => e.schoolId === riversideId && e.schoolName === 'Riverside International School')).toBe(true);
  });

  it('actions list follows the scope', async () => {
    const forDirector = (await get('/api/audit/actions', director)).json().actions as string[];
    const forAdmin = (await get('/api/audit/actions', admin)).json().actions as string[];
    expect(forDirector).toEqual(expect.arrayContaining(['LOGIN_FAILED', 'LOGIN_SUCCESS', 'PROFILE_UPDATED', 'TEST_DAY_EDGE']));
    expect(forDirector).not.toContain('TEST_RIVERSIDE_ONLY');
    expect(forDirector).not.toContain('maintenance_enabled');
    expect(forAdmin).toEqual(expect.arrayContaining(['TEST_RIVERSIDE_ONLY', 'maintenance_enabled', 'LOGIN_SUCCESS']));
    expect([...forAdmin].sort()).toEqual(forAdmin);
    expect(new Set(forAdmin).size).toBe(forAdmin.length);
  });
});

describe('filters and paging', () => {
  it('action: PROFILE_UPDATED entries carry old and new values', async () => {
    const body = await list('?action=PROFILE_UPDATED', director);
    expect(body.total).toBe(1);
    expect(body.entries[0]).toMatchObject({
      action: 'PROFILE_UPDATED',
      actorEmail: DEMO.greenhill.principal,
      actorName: 'Principal Renamed',
      actorRole: 'principal',
      oldValue: expect.objectContaining({ themePreference: expect.any(String) }),
      newValue: { name: 'Principal Renamed', themePreference: 'dark', dashboardPreferences: { compactMode: true, defaultView: 'analytics' } },
    });
  });

  it('actor: by e-mail or name substring, case-insensitive, and by id', async () => {
    const byEmail = await list('?actor=PRINCIPAL@riverside', admin);
    expect(byEmail.total).toBeGreaterThan(0);
    expect(byEmail.entries.every((e) => e.actorEmail === DEMO.riverside.principal)).toBe(true);
    const byName = await list('?actor=renamed', director);
    expect(byName.entries.length).toBeGreaterThan(0);
    expect(byName.entries.every((e) => e.actorName === 'Principal Renamed')).toBe(true);
    const byId = await list(`?actorId=${riversidePrincipalId}`, admin);
    expect(byId.total).toBe(byEmail.total);
    // A literal "%" matches nothing rather than everything.
    expect((await list('?actor=%25', admin)).total).toBe(0);
  });

  it('success=false: the refused sign-in, with its error message', async () => {
    const body = await list('?success=false', director);
    expect(body.total).toBeGreaterThan(0);
    expect(body.entries.every((e) => !e.success)).toBe(true);
    const failed = body.entries.find((e) => e.action === 'LOGIN_FAILED');
    expect(failed).toMatchObject({ actorEmail: DEMO.greenhill.teacher, errorMessage: expect.any(String), metadata: expect.objectContaining({ reason: 'WRONG_AREA' }) });
    const ok = await list('?success=true&pageSize=100', director);
    expect(ok.entries.every((e) => e.success)).toBe(true);
  });

  it('entity: substring of target entity or resource', async () => {
    const body = await list('?entity=edge:', director);
    expect(body.entries.map((e) => e.targetEntity).sort()).toEqual(['edge:after', 'edge:before']);
  });

  it('from/to are Nairobi calendar days, inclusive', async () => {
    const tenth = await list('?action=TEST_DAY_EDGE&from=2025-03-10&to=2025-03-10', director);
    expect(tenth.entries.map((e) => e.targetEntity)).toEqual(['edge:before']);
    const eleventh = await list('?action=TEST_DAY_EDGE&from=2025-03-11&to=2025-03-11', director);
    expect(eleventh.entries.map((e) => e.targetEntity)).toEqual(['edge:after']);
    const both = await list('?action=TEST_DAY_EDGE&from=2025-03-10&to=2025-03-11', director);
    expect(both.entries.map((e) => e.targetEntity)).toEqual(['edge:after', 'edge:before']);
    expect((await list('?action=TEST_DAY_EDGE&from=2025-03-12', director)).total).toBe(0);
    expect((await list('?action=TEST_DAY_EDGE&to=2025-03-09', director)).total).toBe(0);
  });

  it('empty parameters mean no filter', async () => {
    const all = await list('', director);
    const blank = await list('?action=&actorId=&actor=&entity=&from=&to=&success=&schoolId=', director);
    expect(blank.total).toBe(all.total);
  });

  it('pages are newest first, disjoint and share the total', async () => {
    const all = await list('?pageSize=100', admin);
    const p1 = await list('?pageSize=3&page=1', admin);
    const p2 = await list('?pageSize=3&page=2', admin);
    expect(p1).toMatchObject({ page: 1, pageSize: 3, total: all.total });
    expect(p2.total).toBe(all.total);
    expect([...p1.entries, ...p2.entries].map((e) => e.id)).toEqual(all.entries.slice(0, 6).map((e) => e.id));
    const times = all.entries.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const beyond = await list(`?pageSize=100&page=${Math.ceil(all.total / 100) + 1}`, admin);
    expect(beyond.entries).toEqual([]);
  });
});

describe('bad input', () => {
  for (const query of [
    '?from=2025-13-01',
    '?to=yesterday',
    '?from=2025-02-30',
    '?actorId=not-a-uuid',
    '?schoolId=123',
    '?success=maybe',
    '?pageSize=101',
    '?page=0',
  ]) {
    it(`400 for ${query}`, async () => {
      const res = await get(`/api/audit${query}`, admin);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    });
  }

  it('400 with a clear message when from is after to', async () => {
    const res = await get('/api/audit?from=2025-03-12&to=2025-03-11', director);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The start date must be on or before the end date.');
  });
});
