import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { creatableRoles, type AdminUser, type ListUsersResponse } from '../../../shared/contracts/users.js';
import { auditLogs, profiles, sessions, users } from '../../db/schema/index.js';
import { DEMO, createAccount, errorBody, createSchool, openDemoApp, postSignIn, profileIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { containsPattern } from '../../lib/like.js';

// Spec strings written out word for word (spec §5, §6, §8), plus the product's own users messages.
const MSG = {
  denied: "You don't have permission to access user management.",
  cannotDeactivateAdmin: 'Cannot deactivate system administrator accounts.',
  selectSchool: 'Please select a school for this user role',
  deactivated: 'Your account has been deactivated. Please contact your administrator.',
  tooShort: 'Password must be at least 8 characters long.',
  invalidPhone: 'Please enter a valid Kenyan phone number',
  emailTaken: 'A user with this email address already exists.',
  roleNotAllowed: 'You cannot create users with this role.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
};
const KNOWN_ROLES = ['edufam_admin', 'elimisha_admin', 'school_director', 'principal', 'teacher', 'parent', 'finance_officer', 'hr'];
const ADMIN_CARD_ROLES = ['elimisha_admin', 'edufam_admin', 'school_director', 'principal'];
const PASSWORD = 'Temporary#2026';

let t: TestApp;
let greenhillId: string;
let riversideId: string;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ({ t, greenhill: greenhillId, riverside: riversideId } = await openDemoApp(cookies, ['admin', 'elimisha']));
  cookies.ghDirector = await signIn(t.app, DEMO.greenhill.director, 'school');
  cookies.ghPrincipal = await signIn(t.app, DEMO.greenhill.principal, 'school');
  cookies.rsPrincipal = await signIn(t.app, DEMO.riverside.principal, 'school');
});
afterAll(async () => {
  await t?.close();
});

type Json = Record<string, unknown>;
function send(method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: Json) {
  return t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
}
const list = (cookie: string, qs = '') => send('GET', `/api/users${qs ? `?${qs}` : ''}`, cookie);
const create = (cookie: string, body: Json) => send('POST', '/api/users', cookie, body);
const setStatus = (cookie: string, id: string, status: string) => send('PATCH', `/api/users/${id}/status`, cookie, { status });
function errorOf(res: { json(): unknown }) {
  return (errorBody(res) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
}

let seq = 0;
/** A unique new-user body (a Greenhill teacher unless overridden). */
function newUser(over: Json = {}): Json {
  seq++;
  return { name: `Test User ${seq}`, email: `new.user.${seq}.${randomUUID().slice(0, 8)}@example.test`, password: PASSWORD, role: 'teacher', ...over };
}

/** Listable profiles counted directly, as the owner (no row-level security): the expected figures. */
async function expectedCounts(schoolId: string | null) {
  const where = and(inArray(profiles.role, KNOWN_ROLES), schoolId ? eq(profiles.schoolId, schoolId) : undefined);
  const [row] = await t.database.db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${profiles.status} = 'active')`,
      inactive: sql<number>`count(*) filter (where ${profiles.status} <> 'active')`,
      admins: sql<number>`count(*) filter (where ${inArray(profiles.role, ADMIN_CARD_ROLES)})`,
    })
    .from(profiles)
    .where(where);
  return { total: Number(row!.total), active: Number(row!.active), inactive: Number(row!.inactive), admins: Number(row!.admins) };
}

async function auditFor(action: string, targetId: string) {
  return system(t.database, (tx) =>
    tx.select().from(auditLogs).where(and(eq(auditLogs.action, action), eq(auditLogs.targetEntity, `user:${targetId}`))),
  );
}

describe('creatableRoles (spec §5 role choices)', () => {
  it('gives the six school roles, plus edufam_admin only to an edufam_admin or its alias elimisha_admin (spec §1); never elimisha_admin', () => {
    const school = ['parent', 'teacher', 'principal', 'school_director', 'finance_officer', 'hr'];
    expect([...creatableRoles('edufam_admin')].sort()).toEqual([...school, 'edufam_admin'].sort());
    expect([...creatableRoles('elimisha_admin')].sort()).toEqual([...school, 'edufam_admin'].sort());
    for (const role of ['school_director', 'principal', 'teacher', null] as const) {
      expect([...creatableRoles(role)].sort()).toEqual([...school].sort());
    }
  });
});

describe('access', () => {
  const routes = (id: string = randomUUID()) =>
    [
      ['GET', '/api/users', undefined],
      ['POST', '/api/users', newUser()],
      ['PATCH', `/api/users/${id}/status`, { status: 'inactive' }],
    ] as const;

  it('401 without a session, on every route', async () => {
    for (const [method, url, body] of routes()) {
      const res = await send(method, url, undefined, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(errorOf(res).code).toBe('UNAUTHENTICATED');
    }
  });

  it.each([
    ['teacher', DEMO.greenhill.teacher],
    ['parent', DEMO.greenhill.parent],
    ['finance_officer', DEMO.riverside.finance],
    ['hr', DEMO.greenhill.hr],
  ])('403 for a %s, with the user-management denial, on every route', async (_role, email) => {
    const cookie = await signIn(t.app, email, 'school');
    const target = await profileIdOf(t.database, DEMO.greenhill.teacher);
    for (const [method, url, body] of routes(target)) {
      const res = await send(method, url, cookie, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(res)).toEqual({ code: 'FORBIDDEN', message: MSG.denied });
    }
    // Nothing changed for the toggled user.
    const [p] = await system(t.database, (tx) => tx.select({ status: profiles.status }).from(profiles).where(eq(profiles.id, target)));
    expect(p!.status).toBe('active');
  });

  it('other routes keep the generic permission message', async () => {
    const { app } = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }), database: t.database, logger: false });
    try {
      app.get('/api/test/leaders', { config: { permission: 'manageUsers' } }, async () => ({ ok: true }));
      await app.ready();
      const cookie = await signIn(app, DEMO.greenhill.teacher, 'school');
      const res = await app.inject({ method: 'GET', url: '/api/test/leaders', headers: { cookie } });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toEqual({ code: 'FORBIDDEN', message: 'You do not have permission to perform this action.' });
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/users', () => {
  it('platform staff see both schools and platform accounts; the summary covers the platform', async () => {
    const res = await list(cookies.admin, 'pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ListUsersResponse;
    const schoolNames = new Set(body.users.map((u) => u.schoolName));
    expect(schoolNames).toEqual(new Set(['Greenhill Academy', 'Riverside International School', null]));
    const expected = await expectedCounts(null);
    expect(body.summary).toEqual(expected);
    expect(body.total).toBe(expected.total);
    expect(body.users.find((u) => u.email === DEMO.admin)).toMatchObject({ role: 'edufam_admin', schoolId: null, schoolName: null, status: 'active' });
  });

  it('elimisha_admin has the same view', async () => {
    const res = await list(cookies.elimisha);
    expect(res.statusCode).toBe(200);
    expect((res.json() as ListUsersResponse).summary).toEqual(await expectedCounts(null));
  });

  it("a director sees only their school's users, and the summary counts only their school", async () => {
    const res = await list(cookies.ghDirector, 'pageSize=100');
    expect(res.statusCode).toBe(200);
    const body = res.json() as ListUsersResponse;
    expect(body.users.length).toBeGreaterThan(5);
    for (const u of body.users) {
      expect(u.schoolId).toBe(greenhillId);
      expect(u.schoolName).toBe('Greenhill Academy');
    }
    expect(body.users.map((u) => u.email)).toContain(DEMO.greenhill.teacher);
    expect(body.users.map((u) => u.email)).not.toContain(DEMO.riverside.teacher);
    expect(body.summary).toEqual(await expectedCounts(greenhillId));
    expect(body.total).toBe(body.summary.total);
  });

  it("another school's id is 404 for a school role (the same as an unknown id); their own is fine", async () => {
    const other = await list(cookies.ghDirector, `schoolId=${riversideId}`);
    const unknown = await list(cookies.ghDirector, `schoolId=${randomUUID()}`);
    expect(other.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(errorBody(other)).toEqual(errorBody(unknown));
    const own = await list(cookies.ghPrincipal, `schoolId=${greenhillId}`);
    expect(own.statusCode).toBe(200);
    expect((own.json() as ListUsersResponse).users.every((u) => u.schoolId === greenhillId)).toBe(true);
  });

  it('platform staff filter by school; the summary still covers the platform', async () => {
    const res = await list(cookies.admin, `schoolId=${riversideId}&pageSize=100`);
    const body = res.json() as ListUsersResponse;
    expect(body.users.length).toBeGreaterThan(5);
    expect(body.users.every((u) => u.schoolId === riversideId)).toBe(true);
    expect(body.total).toBe((await expectedCounts(riversideId)).total);
    expect(body.summary).toEqual(await expectedCounts(null));
  });

  it('pages newest first without overlap, and the total stays put', async () => {
    const p1 = (await list(cookies.admin, 'pageSize=5&page=1')).json() as ListUsersResponse;
    const p2 = (await list(cookies.admin, 'pageSize=5&page=2')).json() as ListUsersResponse;
    expect(p1.users).toHaveLength(5);
    expect(p2.users).toHaveLength(5);
    expect(p1.page).toBe(1);
    expect(p2.page).toBe(2);
    expect(p1.pageSize).toBe(5);
    expect(p1.total).toBe(p2.total);
    const ids = [...p1.users, ...p2.users].map((u) => u.id);
    expect(new Set(ids).size).toBe(10);
    const all = ((await list(cookies.admin, 'pageSize=100')).json() as ListUsersResponse).users;
    expect(all.slice(0, 10).map((u) => u.id)).toEqual(ids);
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1]!, all[i]!];
      expect(a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id < b.id), `${a.id} before ${b.id}`).toBe(true);
    }
    const last = Math.ceil(p1.total / 5);
    const tail = (await list(cookies.admin, `pageSize=5&page=${last}`)).json() as ListUsersResponse;
    expect(tail.total).toBe(p1.total);
    expect(tail.users.length).toBe(p1.total - (last - 1) * 5);
    const beyond = (await list(cookies.admin, `pageSize=5&page=${last + 1}`)).json() as ListUsersResponse;
    expect(beyond.users).toEqual([]);
    expect(beyond.total).toBe(p1.total);
  });

  it('the newest user comes first', async () => {
    const created = await create(cookies.ghDirector, newUser({ name: 'Newest Person' }));
    expect(created.statusCode).toBe(201);
    const first = ((await list(cookies.ghDirector, 'pageSize=1')).json() as ListUsersResponse).users[0];
    expect(first?.id).toBe((created.json() as { user: AdminUser }).user.id);
  });

  it('searches name or e-mail, case-insensitive, anywhere in the text', async () => {
    // "Wanjiku Admin Njoroge" (admin@edufam.test), "Margaret Wambui …", "Catherine Wanjiru Gitau" …
    const res = await list(cookies.admin, 'search=WANJ&pageSize=100');
    const body = res.json() as ListUsersResponse;
    expect(body.users.length).toBeGreaterThan(0);
    for (const u of body.users) expect(`${u.name} ${u.email}`.toLowerCase()).toContain('wanj');
    expect(body.users.map((u) => u.email)).toEqual(expect.arrayContaining([DEMO.admin, DEMO.riverside.principal]));
    expect(body.total).toBe(body.users.length);

    const byEmail = (await list(cookies.admin, 'search=riverside.edufam')).json() as ListUsersResponse;
    expect(byEmail.users.length).toBeGreaterThan(0);
    expect(byEmail.users.every((u) => u.email.includes('riverside.edufam'))).toBe(true);

    // The director's search stays in their school.
    const scoped = (await list(cookies.ghDirector, 'search=wanj&pageSize=100')).json() as ListUsersResponse;
    expect(scoped.users.every((u) => u.schoolId === greenhillId)).toBe(true);
    expect(scoped.users.map((u) => u.email)).not.toContain(DEMO.riverside.principal);
  });

  it('% and _ in a search match literally', async () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    const pct = (await list(cookies.admin, `search=${encodeURIComponent('%')}`)).json() as ListUsersResponse;
    expect(pct.users).toEqual([]);
    expect(pct.total).toBe(0);
    const under = (await list(cookies.admin, 'search=_')).json() as ListUsersResponse;
    expect(under.users).toEqual([]);
  });

  it('filters by role and status; the total follows the filter, the summary does not', async () => {
    const teachers = (await list(cookies.ghPrincipal, 'role=teacher&pageSize=100')).json() as ListUsersResponse;
    expect(teachers.users.length).toBeGreaterThan(1);
    expect(teachers.users.every((u) => u.role === 'teacher')).toBe(true);
    expect(teachers.total).toBe(teachers.users.length);
    expect(teachers.summary).toEqual(await expectedCounts(greenhillId));

    const made = await create(cookies.ghPrincipal, newUser({ role: 'hr', name: 'Inactive Hr Person' }));
    const id = (made.json() as { user: AdminUser }).user.id;
    expect((await setStatus(cookies.ghPrincipal, id, 'inactive')).statusCode).toBe(200);
    const inactive = (await list(cookies.ghPrincipal, 'status=inactive&role=hr')).json() as ListUsersResponse;
    expect(inactive.users.map((u) => u.id)).toEqual([id]);
    expect(inactive.total).toBe(1);
    expect(inactive.summary.inactive).toBeGreaterThanOrEqual(1);
  });

  it('leaves out accounts with no role or an unknown role (spec §5 Other), in the list and the counts', async () => {
    const before = (await list(cookies.admin, 'pageSize=1')).json() as ListUsersResponse;
    await createAccount(t.database, { email: 'norole@greenhill.edufam.test', role: null, schoolId: greenhillId });
    await createAccount(t.database, { email: 'janitor@greenhill.edufam.test', role: 'janitor', schoolId: greenhillId });
    const after = (await list(cookies.admin, 'pageSize=1')).json() as ListUsersResponse;
    expect(after.summary).toEqual(before.summary);
    const search = (await list(cookies.admin, 'search=norole')).json() as ListUsersResponse;
    expect(search.users).toEqual([]);
    expect(((await list(cookies.admin, 'search=janitor')).json() as ListUsersResponse).users).toEqual([]);
  });

  it.each([
    ['role=janitor'],
    ['status=deleted'],
    ['schoolId=not-a-uuid'],
    ['page=0'],
    ['pageSize=101'],
    ['page=abc'],
  ])('400 for %s', async (qs) => {
    const res = await list(cookies.admin, qs);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION');
  });
});

describe('POST /api/users', () => {
  it('platform staff create a school user: 201, the row, an audit entry without the password', async () => {
    const body = newUser({ name: '  Amani Wanjala ', email: 'Amani.Wanjala@Example.TEST', role: 'teacher', schoolId: riversideId, phone: '0712 345 678' });
    const res = await create(cookies.admin, body);
    expect(res.statusCode, res.body).toBe(201);
    const user = (res.json() as { user: AdminUser }).user;
    expect(user).toMatchObject({
      name: 'Amani Wanjala',
      email: 'amani.wanjala@example.test',
      role: 'teacher',
      status: 'active',
      schoolId: riversideId,
      schoolName: 'Riverside International School',
      phone: '254712345678',
      lastLoginAt: null,
    });
    const [audit] = await auditFor('USER_CREATED', user.id);
    expect(audit).toMatchObject({ schoolId: riversideId, performedByRole: 'edufam_admin', success: true });
    expect(audit!.newValue).toMatchObject({ email: 'amani.wanjala@example.test', role: 'teacher', schoolId: riversideId, mustChangePassword: true });
    expect(JSON.stringify(audit!.newValue)).not.toContain(PASSWORD);
    expect(Object.keys(audit!.newValue as Json)).not.toContain('password');
  });

  it('the new user signs in with the temporary password and must change it', async () => {
    const body = newUser({ role: 'finance_officer' });
    const res = await create(cookies.ghDirector, body);
    expect(res.statusCode).toBe(201);
    const cookie = await signIn(t.app, body.email as string, 'school', PASSWORD);
    const session = await send('GET', '/api/auth/session', cookie);
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({ email: body.email, role: 'finance_officer', schoolId: greenhillId, mustChangePassword: true });
  });

  it("a director's and a principal's users always go to their own school", async () => {
    for (const cookie of [cookies.ghDirector, cookies.ghPrincipal]) {
      const res = await create(cookie, newUser({ role: 'parent' }));
      expect(res.statusCode).toBe(201);
      expect((res.json() as { user: AdminUser }).user.schoolId).toBe(greenhillId);
      const own = await create(cookie, newUser({ role: 'principal', schoolId: greenhillId }));
      expect(own.statusCode).toBe(201);
    }
  });

  it("a school role naming another school's id gets 404 and nothing is written", async () => {
    const body = newUser({ schoolId: riversideId });
    const res = await create(cookies.ghDirector, body);
    expect(res.statusCode).toBe(404);
    const unknown = await create(cookies.ghDirector, newUser({ schoolId: randomUUID() }));
    expect(unknown.statusCode).toBe(404);
    expect(errorBody(res)).toEqual(errorBody(unknown));
    const rows = await system(t.database, (tx) => tx.select().from(users).where(eq(users.email, body.email as string)));
    expect(rows).toEqual([]);
  });

  it('400 when platform staff give a school role without a school', async () => {
    for (const cookie of [cookies.admin, cookies.elimisha]) {
      const res = await create(cookie, newUser({ role: 'teacher' }));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe(MSG.selectSchool);
      const empty = await create(cookie, newUser({ role: 'teacher', schoolId: '' }));
      expect(errorOf(empty).message).toBe(MSG.selectSchool);
    }
  });

  it('404 for an unknown school, 400 for an inactive one', async () => {
    const unknown = await create(cookies.admin, newUser({ schoolId: randomUUID() }));
    expect(unknown.statusCode).toBe(404);
    const closed = await createSchool(t.database, { code: 'closed-users', name: 'Closed School', status: 'inactive' });
    const res = await create(cookies.admin, newUser({ schoolId: closed }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('The selected school is inactive. Choose an active school.');
  });

  it('edufam_admin creates edufam_admin users, with no school (a given school is ignored)', async () => {
    const res = await create(cookies.admin, newUser({ role: 'edufam_admin', schoolId: greenhillId }));
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as { user: AdminUser }).user).toMatchObject({ role: 'edufam_admin', schoolId: null, schoolName: null });
  });

  it.each([
    ['elimisha_admin', 'elimisha_admin', () => cookies.elimisha],
    ['edufam_admin', 'elimisha_admin', () => cookies.admin],
    ['school_director', 'edufam_admin', () => cookies.ghDirector],
    ['principal', 'elimisha_admin', () => cookies.ghPrincipal],
  ])('a %s may not create %s users: 403', async (_creator, role, cookie) => {
    const body = newUser({ role, schoolId: greenhillId });
    const res = await create(cookie(), body);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({ code: 'ROLE_NOT_ALLOWED', message: MSG.roleNotAllowed });
  });

  it('409 for an e-mail already in use, whatever its case', async () => {
    const res = await create(cookies.ghDirector, newUser({ email: DEMO.greenhill.teacher.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: 'EMAIL_TAKEN', message: MSG.emailTaken });
  });

  it('400 for an invalid Kenyan phone number', async () => {
    for (const phone of ['12345', '+44 20 7946 0958', '0812 345 678']) {
      const res = await create(cookies.ghDirector, newUser({ phone }));
      expect(res.statusCode, phone).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'BAD_REQUEST', message: MSG.invalidPhone, fields: { phone: MSG.invalidPhone } });
    }
    const none = await create(cookies.ghDirector, newUser({ phone: '' }));
    expect(none.statusCode).toBe(201);
    expect((none.json() as { user: AdminUser }).user.phone).toBeNull();
  });

  it.each([
    ['a short password', { password: 'short' }, 'password', MSG.tooShort],
    ['a bad e-mail', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ['an empty name', { name: '   ' }, 'name', 'Full Name is required'],
    ['an unknown role', { role: 'janitor' }, 'role', undefined],
    ['a school id that is not a UUID', { schoolId: 'greenhill' }, 'schoolId', undefined],
  ])('400 for %s', async (_what, over, field, message) => {
    const res = await create(cookies.admin, newUser({ schoolId: greenhillId, ...over }));
    expect(res.statusCode).toBe(400);
    const err = errorOf(res);
    expect(err.code).toBe('VALIDATION');
    expect(Object.keys(err.fields ?? {})).toContain(field);
    if (message) expect(err.fields![field]).toBe(message);
  });

  it('never leaves a half-written account: a failure after the first insert rolls everything back', async () => {
    // A profile whose e-mail differs from its sign-in e-mail: creating that e-mail passes the
    // users-table check, inserts users and accounts rows, then fails on profiles_email_unique.
    const odd = await createAccount(t.database, { email: 'odd.one@greenhill.edufam.test', role: 'teacher', schoolId: greenhillId });
    await system(t.database, (tx) => tx.update(profiles).set({ email: 'clash@greenhill.edufam.test' }).where(eq(profiles.id, odd)));
    const auditBefore = await system(t.database, (tx) => tx.select({ n: count() }).from(auditLogs).where(eq(auditLogs.action, 'USER_CREATED')));
    const res = await create(cookies.ghDirector, newUser({ email: 'clash@greenhill.edufam.test' }));
    expect(res.statusCode).toBe(409);
    const left = await system(t.database, (tx) => tx.select().from(users).where(eq(users.email, 'clash@greenhill.edufam.test')));
    expect(left).toEqual([]);
    const auditAfter = await system(t.database, (tx) => tx.select({ n: count() }).from(auditLogs).where(eq(auditLogs.action, 'USER_CREATED')));
    expect(auditAfter[0]!.n).toBe(auditBefore[0]!.n);
  });
});

describe('PATCH /api/users/:id/status', () => {
  async function freshUser(cookie: string, over: Json = {}) {
    const body = newUser(over);
    const res = await create(cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    return { ...(res.json() as { user: AdminUser }).user, email: body.email as string };
  }

  it('deactivating ends the user’s sessions at once; sign-in is then refused; reactivating lets them back', async () => {
    const u = await freshUser(cookies.ghDirector, { name: 'Baraka Otieno' });
    const theirs = await signIn(t.app, u.email, 'school', PASSWORD);
    const second = await signIn(t.app, u.email, 'school', PASSWORD);
    expect((await send('GET', '/api/dashboard', theirs)).statusCode).toBe(200);

    const res = await setStatus(cookies.ghDirector, u.id, 'inactive');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: u.id, status: 'inactive' }, message: 'Baraka Otieno has been deactivated successfully.' });

    const liveSessions = await system(t.database, (tx) => tx.select().from(sessions).where(eq(sessions.userId, u.id)));
    expect(liveSessions).toEqual([]);
    for (const cookie of [theirs, second]) {
      expect((await send('GET', '/api/auth/session', cookie)).statusCode).toBe(401);
      expect((await send('GET', '/api/dashboard', cookie)).statusCode).toBe(401);
    }
    const refused = await postSignIn(t.app, { email: u.email, password: PASSWORD, accessType: 'school' });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(MSG.deactivated);

    const [audit] = await auditFor('USER_STATUS_CHANGED', u.id);
    expect(audit).toMatchObject({
      schoolId: greenhillId,
      performedByRole: 'school_director',
      oldValue: { status: 'active' },
      newValue: { status: 'inactive' },
    });

    const back = await setStatus(cookies.ghDirector, u.id, 'active');
    expect(back.json()).toMatchObject({ user: { status: 'active' }, message: 'Baraka Otieno has been activated successfully.' });
    expect((await postSignIn(t.app, { email: u.email, password: PASSWORD, accessType: 'school' })).statusCode).toBe(200);
    expect(await auditFor('USER_STATUS_CHANGED', u.id)).toHaveLength(2);
  });

  it('is idempotent: the same status again is 200 with no second audit entry', async () => {
    const u = await freshUser(cookies.ghPrincipal);
    expect((await setStatus(cookies.ghPrincipal, u.id, 'inactive')).statusCode).toBe(200);
    const again = await setStatus(cookies.ghPrincipal, u.id, 'inactive');
    expect(again.statusCode).toBe(200);
    expect(again.json().user.status).toBe('inactive');
    const active = await freshUser(cookies.ghPrincipal);
    expect((await setStatus(cookies.ghPrincipal, active.id, 'active')).statusCode).toBe(200);
    expect(await auditFor('USER_STATUS_CHANGED', u.id)).toHaveLength(1);
    expect(await auditFor('USER_STATUS_CHANGED', active.id)).toHaveLength(0);
  });

  it("404 for another school's user (Riverside principal, Greenhill user) and for an unknown id", async () => {
    const target = await profileIdOf(t.database, DEMO.greenhill.teacher);
    const other = await setStatus(cookies.rsPrincipal, target, 'inactive');
    const unknown = await setStatus(cookies.rsPrincipal, randomUUID(), 'inactive');
    expect(other.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(errorBody(other)).toEqual(errorBody(unknown));
    const [p] = await system(t.database, (tx) => tx.select({ status: profiles.status }).from(profiles).where(eq(profiles.id, target)));
    expect(p!.status).toBe('active');
  });

  it('platform staff may toggle any school user', async () => {
    const u = await freshUser(cookies.rsPrincipal);
    const res = await setStatus(cookies.elimisha, u.id, 'inactive');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ status: 'inactive', schoolId: riversideId });
  });

  it('refuses system administrator accounts with the exact message', async () => {
    for (const email of [DEMO.elimisha, DEMO.admin]) {
      const id = await profileIdOf(t.database, email);
      const res = await setStatus(cookies.admin, id, 'inactive');
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toEqual({ code: 'ACTION_NOT_ALLOWED', message: MSG.cannotDeactivateAdmin });
    }
    // To a school role an admin account is outside the school: 404.
    expect((await setStatus(cookies.ghDirector, await profileIdOf(t.database, DEMO.admin), 'inactive')).statusCode).toBe(404);
    const admins = await system(t.database, (tx) =>
      tx.select({ status: profiles.status }).from(profiles).where(inArray(profiles.role, ['edufam_admin', 'elimisha_admin'])),
    );
    expect(admins.every((a) => a.status === 'active')).toBe(true);
  });

  it('400 for deactivating oneself', async () => {
    const me = await profileIdOf(t.database, DEMO.greenhill.principal);
    const res = await setStatus(cookies.ghPrincipal, me, 'inactive');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(MSG.cannotDeactivateSelf);
    expect((await send('GET', '/api/dashboard', cookies.ghPrincipal)).statusCode).toBe(200);
  });

  it.each([
    ['an id that is not a UUID', 'not-a-uuid', { status: 'inactive' }],
    ['a status other than active/inactive', null, { status: 'suspended' }],
    ['a missing status', null, {}],
  ])('400 for %s', async (_what, id, payload) => {
    const target = id ?? (await profileIdOf(t.database, DEMO.greenhill.teacher));
    const res = await send('PATCH', `/api/users/${target}/status`, cookies.ghDirector, payload);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION');
  });

  it('the audit trail names who did it', async () => {
    const rows = await system(t.database, (tx) =>
      tx.select().from(auditLogs).where(and(eq(auditLogs.action, 'USER_STATUS_CHANGED'), isNotNull(auditLogs.performedByUserId))),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.targetEntity).toMatch(/^user:/);
  });
});

describe('PATCH /api/users/:id (edit name, phone, role)', () => {
  async function freshUser(cookie: string, over: Json = {}) {
    const body = newUser(over);
    const res = await create(cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    return { ...(res.json() as { user: AdminUser }).user, email: body.email as string };
  }
  const edit = (cookie: string, id: string, body: Json) => send('PATCH', `/api/users/${id}`, cookie, body);

  it('a director changes a teacher to finance officer: the new role applies at once and is audited', async () => {
    const u = await freshUser(cookies.ghDirector, { name: 'Wanjiru Kamau' });
    const theirs = await signIn(t.app, u.email, 'school', PASSWORD);
    expect((await send('GET', '/api/auth/session', theirs)).json()).toMatchObject({ user: { role: 'teacher' } });

    const res = await edit(cookies.ghDirector, u.id, { role: 'finance_officer', phone: '0712 345 678' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: u.id, role: 'finance_officer', phone: '254712345678' },
      message: 'Wanjiru Kamau has been updated successfully.',
    });
    expect((await send('GET', '/api/auth/session', theirs)).json()).toMatchObject({ user: { role: 'finance_officer' } });
    const [audit] = await auditFor('USER_ROLE_CHANGED', u.id);
    expect(audit).toMatchObject({
      schoolId: greenhillId,
      performedByRole: 'school_director',
      oldValue: { role: 'teacher', phone: null },
      newValue: { role: 'finance_officer', phone: '254712345678' },
    });
  });

  it('renaming writes USER_UPDATED; the same values again change nothing and write nothing', async () => {
    const u = await freshUser(cookies.ghPrincipal);
    expect((await edit(cookies.ghPrincipal, u.id, { name: 'Achieng Odhiambo' })).json().user.name).toBe('Achieng Odhiambo');
    expect((await edit(cookies.ghPrincipal, u.id, { name: 'Achieng Odhiambo', role: 'teacher' })).statusCode).toBe(200);
    const rows = await auditFor('USER_UPDATED', u.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ oldValue: { name: u.name }, newValue: { name: 'Achieng Odhiambo' } });
    expect(await auditFor('USER_ROLE_CHANGED', u.id)).toHaveLength(0);
  });

  it('refuses admin roles for school accounts, admin accounts’ roles, and one’s own role', async () => {
    const u = await freshUser(cookies.admin, { schoolId: greenhillId });
    const toAdmin = await edit(cookies.admin, u.id, { role: 'edufam_admin' });
    expect(toAdmin.statusCode).toBe(403);
    expect(errorOf(toAdmin)).toEqual({ code: 'ROLE_NOT_ALLOWED', message: MSG.roleNotAllowed });

    const adminTarget = await edit(cookies.admin, await profileIdOf(t.database, DEMO.elimisha), { role: 'teacher' });
    expect(adminTarget.statusCode).toBe(403);
    expect(errorOf(adminTarget)).toEqual({ code: 'ACTION_NOT_ALLOWED', message: 'System administrator accounts cannot be edited here.' });

    const own = await edit(cookies.ghPrincipal, await profileIdOf(t.database, DEMO.greenhill.principal), { role: 'teacher' });
    expect(own.statusCode).toBe(400);
    expect(errorOf(own).message).toBe('You cannot change your own role.');

    const [p] = await system(t.database, (tx) => tx.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, u.id)));
    expect(p!.role).toBe('teacher');
  });

  it('404 across schools, 403 for roles without user management, 401 without a session, 400 for bad input', async () => {
    const target = await profileIdOf(t.database, DEMO.greenhill.teacher);
    expect((await edit(cookies.rsPrincipal, target, { name: 'X' })).statusCode).toBe(404);
    const teacher = await signIn(t.app, DEMO.greenhill.teacher, 'school');
    const denied = await edit(teacher, target, { name: 'X' });
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied).message).toBe(MSG.denied);
    expect((await edit('', target, { name: 'X' })).statusCode).toBe(401);
    for (const body of [{}, { name: '' }, { role: 'janitor' }]) {
      const res = await edit(cookies.ghDirector, target, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const phone = await edit(cookies.ghDirector, target, { phone: '12345' });
    expect(phone.statusCode).toBe(400);
    expect(errorOf(phone).message).toBe(MSG.invalidPhone);
    const [p] = await system(t.database, (tx) => tx.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, target)));
    expect(p!.name).not.toBe('X');
  });
});
