import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, profiles, schools, sessions, students } from '../../db/schema/index.js';
import { withScope } from '../../db/tenant.js';
import { codeFromName } from '../../../shared/contracts/schools.js';
import { DEMO, DEMO_BY_ROLE, createAccount, errorBody, createTestApp, postSignIn, profileIdOf, schoolIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';

let t: TestApp;
let greenhillId: string;
let riversideId: string;
const cookies = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  greenhillId = await schoolIdOf(t.database, 'greenhill');
  riversideId = await schoolIdOf(t.database, 'riverside');
});
afterAll(async () => {
  await t?.close();
});

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
type Email = (typeof DEMO_BY_ROLE)[keyof typeof DEMO_BY_ROLE] | typeof DEMO.riverside.principal;

/** A signed-in cookie per account (sign-in hashes a password: do it once per file). */
async function as(email: Email): Promise<string> {
  let c = cookies.get(email);
  if (!c) {
    c = await signIn(t.app, email);
    cookies.set(email, c);
  }
  return c;
}

async function call(method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
}

async function schoolCount(): Promise<number> {
  const [row] = await system(t.database, (tx) => tx.select({ n: count() }).from(schools));
  return Number(row!.n);
}

async function auditOf(action: string, schoolId: string) {
  return system(t.database, (tx) =>
    tx
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, action), eq(auditLogs.schoolId, schoolId)))
      .orderBy(desc(auditLogs.createdAt)),
  );
}

let seq = 0;
/** Creates a school through the API as edufam_admin; returns it. */
async function createViaApi(extra: Record<string, unknown> = {}) {
  seq++;
  const res = await call('POST', '/api/schools', await as(DEMO.admin), { name: `Test School ${seq}`, curriculum: 'CBC', ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().school as { id: string; name: string; code: string; status: string } & Record<string, unknown>;
}

/** Account and active-student counts of a school, counted directly as the owner. */
async function directCounts(schoolId: string) {
  const [u] = await t.database.db.select({ n: count() }).from(profiles).where(eq(profiles.schoolId, schoolId));
  const [s] = await t.database.db
    .select({ n: count() })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.status, 'active')));
  return { userCount: Number(u!.n), studentCount: Number(s!.n) };
}

describe('codeFromName', () => {
  it.each([
    ['Greenhill Academy', 'greenhill-academy'],
    ["St. Mary's Girls, Nairobi", 'st-marys-girls-nairobi'],
    ['Shule ya Msingi Ngàrà', 'shule-ya-msingi-ngara'],
    ['!!', 'school'],
  ])('%s → %s', (name, code) => {
    expect(codeFromName(name)).toBe(code);
  });
});

describe('GET /api/schools', () => {
  it('401 without a session', async () => {
    expect((await call('GET', '/api/schools')).statusCode).toBe(401);
  });

  it('platform staff see every school by name, with counts and a summary', async () => {
    for (const email of [DEMO.admin, DEMO.elimisha] as const) {
      const res = await call('GET', '/api/schools', await as(email));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const names = body.schools.map((s: { name: string }) => s.name);
      expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
      expect(names).toEqual(expect.arrayContaining(['Greenhill Academy', 'Riverside International School']));
      expect(body.pageSize).toBeNull();
      expect(body.total).toBe(body.schools.length);
      expect(body.summary.total).toBe(await schoolCount());
      const greenhill = body.schools.find((s: { id: string }) => s.id === greenhillId);
      expect(greenhill).toMatchObject({ code: 'greenhill', curriculum: 'CBC', status: 'active', ...(await directCounts(greenhillId)) });
      expect(greenhill.studentCount).toBeGreaterThan(0);
      expect(greenhill.userCount).toBeGreaterThan(5);
      expect(greenhill.principalName).toBeTypeOf('string');
    }
  });

  it('a school user sees only their own school', async () => {
    const res = await call('GET', '/api/schools', await as(DEMO.greenhill.teacher));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.schools.map((s: { id: string }) => s.id)).toEqual([greenhillId]);
    expect(body.summary).toEqual({ total: 1, active: 1, inactive: 0 });
    // Searching for the other school finds nothing.
    const other = await call('GET', '/api/schools?search=riverside', await as(DEMO.greenhill.teacher));
    expect(other.json().schools).toEqual([]);
  });

  it('search matches name, code or county, case-insensitive; % is literal', async () => {
    const admin = await as(DEMO.admin);
    const byName = await call('GET', '/api/schools?search=RIVERSIDE', admin);
    expect(byName.json().schools.map((s: { id: string }) => s.id)).toEqual([riversideId]);
    const byCode = await call('GET', '/api/schools?search=greenh', admin);
    expect(byCode.json().schools.map((s: { id: string }) => s.id)).toEqual([greenhillId]);
    const literal = await call('GET', '/api/schools?search=%25', admin);
    expect(literal.json()).toMatchObject({ schools: [], total: 0 });
  });

  it('pages by name with the total of all pages', async () => {
    const admin = await as(DEMO.admin);
    const all = (await call('GET', '/api/schools', admin)).json();
    const second = await call('GET', '/api/schools?page=2&pageSize=1', admin);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ page: 2, pageSize: 1, total: all.total });
    expect(second.json().schools.map((s: { id: string }) => s.id)).toEqual([all.schools[1].id]);
  });

  it('filters by status and curriculum', async () => {
    const admin = await as(DEMO.admin);
    const igcse = await call('GET', '/api/schools?curriculum=IGCSE', admin);
    expect(igcse.json().schools.every((s: { curriculum: string }) => s.curriculum === 'IGCSE')).toBe(true);
    expect(igcse.json().schools.map((s: { id: string }) => s.id)).toContain(riversideId);
    const inactive = await call('GET', '/api/schools?status=inactive', admin);
    expect(inactive.json().schools.every((s: { status: string }) => s.status === 'inactive')).toBe(true);
  });

  it.each(['status=closed', 'curriculum=KCSE', 'pageSize=0', 'pageSize=101', 'page=0'])('400 for %s', async (qs) => {
    const res = await call('GET', `/api/schools?${qs}`, await as(DEMO.admin));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
  });
});

describe('GET /api/schools/:id', () => {
  it('401 without a session', async () => {
    expect((await call('GET', `/api/schools/${greenhillId}`)).statusCode).toBe(401);
  });

  it('returns the own school with counts', async () => {
    const res = await call('GET', `/api/schools/${greenhillId}`, await as(DEMO.greenhill.principal));
    expect(res.statusCode).toBe(200);
    expect(res.json().school).toMatchObject({ name: 'Greenhill Academy', curriculum: 'CBC', ...(await directCounts(greenhillId)) });
  });

  it("another school's id is 404, the same as an id that does not exist", async () => {
    const cookie = await as(DEMO.riverside.principal);
    const other = await call('GET', `/api/schools/${greenhillId}`, cookie);
    const missing = await call('GET', `/api/schools/${UNKNOWN_ID}`, cookie);
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(errorBody(other)).toEqual(errorBody(missing));
  });

  it('400 for an id that is not a UUID', async () => {
    expect((await call('GET', '/api/schools/not-a-uuid', await as(DEMO.admin))).statusCode).toBe(400);
  });
});

describe('GET /api/schools/:id/leaders', () => {
  it('401 / 403 for everyone but edufam_admin and its alias elimisha_admin / 404 unknown school', async () => {
    expect((await call('GET', `/api/schools/${greenhillId}/leaders`)).statusCode).toBe(401);
    for (const email of [DEMO.greenhill.principal, DEMO.greenhill.director] as const) {
      expect((await call('GET', `/api/schools/${greenhillId}/leaders`, await as(email))).statusCode).toBe(403);
    }
    expect((await call('GET', `/api/schools/${greenhillId}/leaders`, await as(DEMO.elimisha))).statusCode).toBe(200);
    expect((await call('GET', `/api/schools/${UNKNOWN_ID}/leaders`, await as(DEMO.admin))).statusCode).toBe(404);
  });

  it("lists the school's directors and principals only", async () => {
    const res = await call('GET', `/api/schools/${greenhillId}/leaders`, await as(DEMO.admin));
    expect(res.statusCode).toBe(200);
    const leaders = res.json().leaders as { email: string; role: string }[];
    expect(leaders.map((l) => l.email)).toEqual(expect.arrayContaining([DEMO.greenhill.director, DEMO.greenhill.principal]));
    expect(leaders.every((l) => l.role === 'school_director' || l.role === 'principal')).toBe(true);
    expect(leaders.map((l) => l.email)).not.toContain(DEMO.riverside.principal);
  });
});

describe('POST /api/schools', () => {
  const valid = { name: 'Kilimani Junior School', curriculum: 'CBC' };

  it('401 without a session', async () => {
    expect((await call('POST', '/api/schools', undefined, valid)).statusCode).toBe(401);
  });

  it.each(['school_director', 'principal', 'teacher', 'parent', 'finance_officer', 'hr'] as const)('403 for %s, nothing created', async (role) => {
    const before = await schoolCount();
    const res = await call('POST', '/api/schools', await as(DEMO_BY_ROLE[role]), { ...valid, code: `denied-${role.replace('_', '-')}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('You do not have permission to perform this action.');
    expect(await schoolCount()).toBe(before);
  });

  it('creates an active school with every field, normalised, and audits it', async () => {
    const res = await call('POST', '/api/schools', await as(DEMO.admin), {
      name: '  Mombasa Coast Academy ',
      code: 'Mombasa-Coast',
      curriculum: 'IGCSE',
      address: 'Nyali Road, Mombasa',
      county: 'Mombasa',
      phone: '0712 345 678',
      email: 'Office@MombasaCoast.ac.ke',
      logoUrl: 'https://mombasacoast.ac.ke/logo.png',
      motto: 'Excellence by the sea',
    });
    expect(res.statusCode, res.body).toBe(201);
    const school = res.json().school;
    expect(school).toMatchObject({
      name: 'Mombasa Coast Academy',
      code: 'mombasa-coast',
      curriculum: 'IGCSE',
      county: 'Mombasa',
      phone: '254712345678',
      email: 'office@mombasacoast.ac.ke',
      logoUrl: 'https://mombasacoast.ac.ke/logo.png',
      status: 'active',
      ownerId: null,
      principalId: null,
      userCount: 0,
      studentCount: 0,
    });
    const [entry] = await auditOf('SCHOOL_CREATED', school.id);
    expect(entry).toMatchObject({ performedByRole: 'edufam_admin', targetEntity: `school:${school.id}`, success: true });
    expect(entry!.newValue).toMatchObject({ name: 'Mombasa Coast Academy', code: 'mombasa-coast', phone: '254712345678' });
  });

  it('makes the code from the name, and a free one when it is taken', async () => {
    const admin = await as(DEMO.admin);
    const a = await call('POST', '/api/schools', admin, { name: 'Nakuru Hills School', curriculum: '8-4-4' });
    const b = await call('POST', '/api/schools', admin, { name: 'Nakuru Hills School', curriculum: 'CBC', code: '' });
    expect(a.json().school.code).toBe('nakuru-hills-school');
    expect(b.json().school.code).toBe('nakuru-hills-school-2');
  });

  it('409 for a code already in use, with the field, nothing created', async () => {
    const before = await schoolCount();
    const res = await call('POST', '/api/schools', await as(DEMO.admin), { ...valid, code: 'GREENHILL' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'CODE_TAKEN', message: 'A school with this code already exists.', fields: { code: 'A school with this code already exists.' }, requestId: expect.any(String) });
    expect(await schoolCount()).toBe(before);
  });

  it.each([
    ['no name', { curriculum: 'CBC' }, 'name', 'School name is required'],
    ['a blank name', { name: '   ', curriculum: 'CBC' }, 'name', 'School name is required'],
    ['no curriculum', { name: 'X School' }, 'curriculum', 'Please choose a curriculum: CBC, IGCSE or 8-4-4.'],
    ['an unknown curriculum', { name: 'X School', curriculum: 'KCSE' }, 'curriculum', 'Please choose a curriculum: CBC, IGCSE or 8-4-4.'],
    ['a bad code', { ...valid, code: 'bad code!' }, 'code', 'Code must be 2 to 40 lowercase letters or digits, words separated by single hyphens.'],
    ['a bad email', { ...valid, email: 'office@' }, 'email', 'Please enter a valid email address'],
    ['an ftp logo', { ...valid, logoUrl: 'ftp://x.test/logo.png' }, 'logoUrl', 'Logo URL must be a web address starting with http:// or https://'],
    ['a text logo', { ...valid, logoUrl: 'logo.png' }, 'logoUrl', 'Logo URL must be a web address starting with http:// or https://'],
  ])('400 for %s, nothing created', async (_label, body, field, message) => {
    const before = await schoolCount();
    const res = await call('POST', '/api/schools', await as(DEMO.admin), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await schoolCount()).toBe(before);
  });

  it('400 for a phone that is not a Kenyan number, nothing created', async () => {
    const before = await schoolCount();
    const res = await call('POST', '/api/schools', await as(DEMO.admin), { ...valid, phone: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message: 'Please enter a valid Kenyan phone number', fields: { phone: 'Please enter a valid Kenyan phone number' } });
    expect(await schoolCount()).toBe(before);
  });

  it('400 for an owner or principal on create (the school has no accounts yet)', async () => {
    const principalId = await profileIdOf(t.database, DEMO.greenhill.principal);
    const res = await call('POST', '/api/schools', await as(DEMO.admin), { ...valid, principalId });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ principalId: 'Owner and principal can be chosen once the school has accounts.' });
  });
});

describe('PATCH /api/schools/:id', () => {
  it('elimisha_admin, the older alias of edufam_admin (spec §1), edits a school', async () => {
    const url = `/api/schools/${greenhillId}`;
    const [before] = await system(t.database, (tx) => tx.select({ motto: schools.motto }).from(schools).where(eq(schools.id, greenhillId)));
    const res = await call('PATCH', url, await as(DEMO.elimisha), { motto: 'Edited by Elimisha staff' });
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await system(t.database, (tx) => tx.select({ motto: schools.motto }).from(schools).where(eq(schools.id, greenhillId)));
    expect(after!.motto).toBe('Edited by Elimisha staff');
    expect((await call('PATCH', url, await as(DEMO.elimisha), { motto: before!.motto ?? '' })).statusCode).toBe(200);
  });

  it('401 / 403 for everyone but edufam_admin and its alias / 404 unknown / 400 not a UUID', async () => {
    const url = `/api/schools/${greenhillId}`;
    expect((await call('PATCH', url, undefined, { motto: 'x' })).statusCode).toBe(401);
    for (const email of [DEMO.greenhill.principal, DEMO.greenhill.director] as const) {
      expect((await call('PATCH', url, await as(email), { motto: 'Hacked' })).statusCode).toBe(403);
    }
    expect((await call('PATCH', `/api/schools/${UNKNOWN_ID}`, await as(DEMO.admin), { motto: 'x' })).statusCode).toBe(404);
    expect((await call('PATCH', '/api/schools/nope', await as(DEMO.admin), { motto: 'x' })).statusCode).toBe(400);
    const [gh] = await system(t.database, (tx) => tx.select({ motto: schools.motto }).from(schools).where(eq(schools.id, greenhillId)));
    expect(gh!.motto).not.toBe('Hacked');
  });

  it('changes only the given fields, clears with an empty value, and audits the change', async () => {
    const created = await createViaApi({ county: 'Kiambu', motto: 'Old motto', email: 'old@school.test' });
    const res = await call('PATCH', `/api/schools/${created.id}`, await as(DEMO.admin), {
      name: 'Renamed Academy',
      phone: '+254 110 123 456',
      motto: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().school).toMatchObject({ name: 'Renamed Academy', phone: '254110123456', motto: null, county: 'Kiambu', email: 'old@school.test' });
    const [entry] = await auditOf('SCHOOL_UPDATED', created.id);
    expect(entry!.oldValue).toEqual({ name: created.name, phone: null, motto: 'Old motto' });
    expect(entry!.newValue).toEqual({ name: 'Renamed Academy', phone: '254110123456', motto: null });
  });

  it('no change: 200 and no audit entry', async () => {
    const created = await createViaApi({ county: 'Kisumu' });
    const res = await call('PATCH', `/api/schools/${created.id}`, await as(DEMO.admin), { county: 'Kisumu', name: created.name });
    expect(res.statusCode).toBe(200);
    expect(await auditOf('SCHOOL_UPDATED', created.id)).toEqual([]);
  });

  it('409 for a code used by another school; the own code is fine', async () => {
    const created = await createViaApi();
    const admin = await as(DEMO.admin);
    const taken = await call('PATCH', `/api/schools/${created.id}`, admin, { code: 'riverside' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('CODE_TAKEN');
    const same = await call('PATCH', `/api/schools/${created.id}`, admin, { code: created.code });
    expect(same.statusCode).toBe(200);
  });

  it('400 for invalid fields, nothing changed', async () => {
    const created = await createViaApi();
    const admin = await as(DEMO.admin);
    for (const body of [{ name: '' }, { curriculum: 'KCSE' }, { email: 'x' }, { phone: '999' }, { logoUrl: 'javascript:alert(1)' }, { ownerId: 'nope' }, { status: 'inactive' }]) {
      const res = await call('PATCH', `/api/schools/${created.id}`, admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const after = (await call('GET', `/api/schools/${created.id}`, admin)).json().school;
    expect(after).toMatchObject({ name: created.name, curriculum: 'CBC', email: null, phone: null, logoUrl: null, ownerId: null, status: 'active' });
  });

  it("owner and principal come from the school's own directors and principals", async () => {
    const admin = await as(DEMO.admin);
    const principal = await profileIdOf(t.database, DEMO.greenhill.principal);
    const director = await profileIdOf(t.database, DEMO.greenhill.director);
    const teacher = await profileIdOf(t.database, DEMO.greenhill.teacher);
    const otherPrincipal = await profileIdOf(t.database, DEMO.riverside.principal);
    const url = `/api/schools/${greenhillId}`;

    const wrong = await call('PATCH', url, admin, { principalId: otherPrincipal, ownerId: teacher });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({
      ownerId: 'The owner must be a school director of this school.',
      principalId: 'The principal must be a principal of this school.',
    });
    const swapped = await call('PATCH', url, admin, { principalId: director });
    expect(swapped.statusCode).toBe(400);

    const ok = await call('PATCH', url, admin, { principalId: principal, ownerId: director });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().school).toMatchObject({ principalId: principal, ownerId: director, principalName: expect.any(String), ownerName: expect.any(String) });

    // A new school has nobody: Greenhill's principal is refused there.
    const created = await createViaApi();
    const foreign = await call('PATCH', `/api/schools/${created.id}`, admin, { principalId: principal });
    expect(foreign.statusCode).toBe(400);
  });
});

describe('PATCH /api/schools/:id/status', () => {
  it('401 / 403 for everyone but edufam_admin and its alias / 404 unknown / 400 bad status', async () => {
    const url = `/api/schools/${riversideId}/status`;
    expect((await call('PATCH', url, undefined, { status: 'inactive' })).statusCode).toBe(401);
    for (const email of [DEMO.riverside.principal, DEMO.greenhill.director] as const) {
      expect((await call('PATCH', url, await as(email), { status: 'inactive' })).statusCode).toBe(403);
    }
    expect((await call('PATCH', `/api/schools/${UNKNOWN_ID}/status`, await as(DEMO.admin), { status: 'inactive' })).statusCode).toBe(404);
    const bad = await call('PATCH', url, await as(DEMO.admin), { status: 'closed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.status).toBe('Status must be active or inactive.');
    const [rs] = await system(t.database, (tx) => tx.select({ status: schools.status }).from(schools).where(eq(schools.id, riversideId)));
    expect(rs!.status).toBe('active');
  });

  it('deactivating signs the school out and refuses sign-in; reactivating lets them back in', async () => {
    const school = await createViaApi();
    const email = `principal.${school.code}@school.test`;
    await createAccount(t.database, { email, name: 'Grace Wanjiku', role: 'principal', schoolId: school.id });
    const principalCookie = await signIn(t.app, email, 'school');
    expect((await call('GET', '/api/auth/session', principalCookie)).statusCode).toBe(200);

    const admin = await as(DEMO.admin);
    const off = await call('PATCH', `/api/schools/${school.id}/status`, admin, { status: 'inactive' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ school: { status: 'inactive', userCount: 1 }, message: `${school.name} has been deactivated and its users signed out.` });

    // The open session ended at once; a new sign-in is refused with the clear message.
    expect((await call('GET', '/api/schools', principalCookie)).statusCode).toBe(401);
    const userId = await profileIdOf(t.database, email);
    expect(await system(t.database, (tx) => tx.select().from(sessions).where(eq(sessions.userId, userId)))).toEqual([]);
    const refused = await postSignIn(t.app, { email, password: DEMO.password, accessType: 'school' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'SCHOOL_INACTIVE', message: 'Your school account is inactive. Please contact EduFam support.' });

    const [entry] = await auditOf('SCHOOL_STATUS_CHANGED', school.id);
    expect(entry).toMatchObject({ oldValue: { status: 'active' }, newValue: { status: 'inactive' }, metadata: { name: school.name, endedSessions: 1 } });

    // The same status again: 200, nothing written.
    const again = await call('PATCH', `/api/schools/${school.id}/status`, admin, { status: 'inactive' });
    expect(again.statusCode).toBe(200);
    expect(await auditOf('SCHOOL_STATUS_CHANGED', school.id)).toHaveLength(1);

    const on = await call('PATCH', `/api/schools/${school.id}/status`, admin, { status: 'active' });
    expect(on.json()).toMatchObject({ school: { status: 'active' }, message: `${school.name} has been activated.` });
    const back = await signIn(t.app, email, 'school');
    const list = await call('GET', '/api/schools', back);
    expect(list.statusCode).toBe(200);
    expect(list.json().schools.map((s: { id: string }) => s.id)).toEqual([school.id]);
  });

  it("deactivating one school leaves other schools' sessions alone", async () => {
    const school = await createViaApi();
    const riverside = await signIn(t.app, DEMO.riverside.teacher, 'school');
    await call('PATCH', `/api/schools/${school.id}/status`, await as(DEMO.admin), { status: 'inactive' });
    expect((await call('GET', '/api/schools', riverside)).statusCode).toBe(200);
  });
});

describe('row-level security on schools (wall 3)', () => {
  const gh = () => ({ schoolId: greenhillId, userId: null, allSchools: false });

  it('a Greenhill scope cannot rename, deactivate or read Riverside', async () => {
    const updated = await withScope(t.database.db, gh(), (tx) =>
      tx.update(schools).set({ name: 'Hacked', status: 'inactive' }).where(eq(schools.id, riversideId)).returning({ id: schools.id }),
    );
    expect(updated).toEqual([]);
    const seen = await withScope(t.database.db, gh(), (tx) => tx.select({ id: schools.id }).from(schools).where(eq(schools.id, riversideId)));
    expect(seen).toEqual([]);
    const [rs] = await system(t.database, (tx) => tx.select({ name: schools.name, status: schools.status }).from(schools).where(eq(schools.id, riversideId)));
    expect(rs).toEqual({ name: 'Riverside International School', status: 'active' });
  });

  it('a school scope cannot create a school', async () => {
    const err = await withScope(t.database.db, gh(), (tx) => tx.insert(schools).values({ name: 'Rogue', code: 'rogue', curriculum: 'CBC' })).then(
      () => null,
      (e: Error & { cause?: Error }) => e,
    );
    expect(err).not.toBeNull();
    expect(`${err!.message} ${err!.cause?.message ?? ''}`).toMatch(/row-level security/i);
  });

  it("a Greenhill scope counts none of Riverside's people", async () => {
    const { countPeople } = await import('./schools.repository.js');
    const counts = await withScope(t.database.db, gh(), (tx) => countPeople(tx, [riversideId, greenhillId]));
    expect(counts.get(riversideId)).toEqual({ users: 0, students: 0 });
    expect(counts.get(greenhillId)!.users).toBeGreaterThan(0);
  });
});

describe('scale', () => {
  it('pages through hundreds of schools with counts', async () => {
    await system(t.database, (tx) =>
      tx.insert(schools).values(Array.from({ length: 300 }, (_, i) => ({ name: `Bulk School ${String(i).padStart(3, '0')}`, code: `bulk-${i}`, curriculum: 'CBC' }))),
    );
    const admin = await as(DEMO.admin);
    const res = await call('GET', '/api/schools?search=bulk&page=3&pageSize=25', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(300);
    expect(body.schools).toHaveLength(25);
    expect(body.schools[0].name).toBe('Bulk School 050');
    const all = await call('GET', '/api/schools', admin);
    expect(all.json().schools.length).toBe(await schoolCount());
  });
});
