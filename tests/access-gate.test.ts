import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { DEMO, DEMO_BY_ROLE, apiRoutes, createTestApp, fillPath, signIn, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/**
 * Routes deliberately open without a session. A new public route must be added here on purpose; a
 * new permission route needs nothing (it is found through the OpenAPI document and must answer 401).
 */
const PUBLIC_ROUTES = new Set([
  'POST /api/auth/sign-in',
  'POST /api/auth/sign-out',
  'GET /api/auth/session',
  'GET /api/auth/profile',
  'POST /api/auth/forgot-password',
  'GET /api/auth/reset-password/validate',
  'POST /api/auth/reset-password',
  'GET /api/health',
  'GET /api/ready',
  'POST /api/errors/frontend',
  'GET /api/maintenance/status',
  // M-Pesa callbacks (issue 11 §3): Safaricom calls them; the school's random token is the key.
  'POST /api/mpesa/callbacks/{token}/stk',
  'POST /api/mpesa/callbacks/{token}/validation',
  'POST /api/mpesa/callbacks/{token}/confirmation',
  'POST /api/paybill/callbacks/{token}/validation',
  'POST /api/paybill/callbacks/{token}/confirmation',
  // Certificates (issue 12 §6): anyone holding one verifies it; the public keys allow offline checks.
  'GET /api/certificates/{id}/verify',
  'GET /api/certificates/keys',
  // Timetable (issue 16 §5): a teacher's calendar app fetches the feed; the private random token is the key.
  'GET /api/timetables/feed/{file}',
  // SMS delivery reports (issue 17 §1): Africa's Talking calls it; the configured random token is the key.
  'POST /api/sms/delivery-reports/{token}',
  // Issue 36 §2: guardians' SMS replies (Africa's Talking's incoming-message callback); the configured random token is the key.
  'POST /api/sms/incoming/{token}',
  // Issue 18 §2: the second step of a two-factor sign-in (the pending session cookie is the key) and
  // the password rules shown on the reset form.
  'POST /api/auth/sign-in/two-factor',
  'GET /api/auth/password-policy',
  // Issue 18 §1: Safaricom's callbacks for the platform's own paybill; the random token is the key.
  'POST /api/billing/mpesa/callback/{token}',
  'POST /api/billing/paybill/validation/{token}',
  'POST /api/billing/paybill/confirmation/{token}',
  // Issue 18 §4: EduFam's logo is public branding (e-mails link to it).
  'GET /api/company/logo',
  // Issue 36 §3: Africa's Talking calls the USSD service (its token is the key); the simulator page's
  // answers (on only while the SMS simulator is on, never in production: 404 otherwise).
  'POST /api/ussd/callbacks/{token}',
  'GET /api/ussd/simulator',
  'GET /api/ussd/simulator/inbox',
]);

const naked = async () => ({ ok: true });

describe('wall 1: every /api route declares its access, or the server refuses to boot', () => {
  it('refuses a route with neither config.public nor config.permission', async () => {
    const { app } = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }), database: t.database, logger: false });
    try {
      expect(() => app.get('/api/naked', naked)).toThrow(/GET \/api\/naked must declare exactly one of config\.public or config\.permission/);
      expect(() => app.post('/api/plugin/naked', { config: {} }, naked)).toThrow(/must declare exactly one/);
    } finally {
      await app.close();
    }
  });

  it('refuses a route that declares both', async () => {
    const { app } = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }), database: t.database, logger: false });
    try {
      expect(() => app.get('/api/both', { config: { public: true, permission: 'signedIn' } }, naked)).toThrow(/must declare exactly one/);
    } finally {
      await app.close();
    }
  });

  it('refuses an undeclared route registered inside a plugin', async () => {
    const { app } = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }), database: t.database, logger: false });
    app.register(async (scope) => {
      scope.get('/api/from-plugin', naked);
    });
    await expect(app.ready()).rejects.toThrow(/GET \/api\/from-plugin must declare exactly one/);
    await app.close().catch(() => undefined);
  });

  it('accepts declared routes and gates them by permission: 401, 403, 200', async () => {
    const { app } = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }), database: t.database, logger: false });
    try {
      app.get('/api/test/admins-only', { config: { permission: 'platformAdmin' } }, naked);
      app.get('/api/test/open', { config: { public: true } }, naked);
      app.get('/not-api/undeclared', naked); // page routes are not API routes
      await app.ready();

      expect((await app.inject({ method: 'GET', url: '/api/test/open' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/not-api/undeclared' })).statusCode).toBe(200);
      const anon = await app.inject({ method: 'GET', url: '/api/test/admins-only' });
      expect(anon.statusCode).toBe(401);

      const teacher = await signIn(app, DEMO.greenhill.teacher);
      const denied = await app.inject({ method: 'GET', url: '/api/test/admins-only', headers: { cookie: teacher } });
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'You do not have permission to perform this action.', requestId: expect.any(String) } });

      const admin = await signIn(app, DEMO.elimisha);
      const allowed = await app.inject({ method: 'GET', url: '/api/test/admins-only', headers: { cookie: admin } });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json()).toEqual({ ok: true });
    } finally {
      await app.close();
    }
  });
});

describe('every permission route', () => {
  it('finds the API routes through the OpenAPI document', () => {
    const keys = apiRoutes(t.app).map((r) => `${r.method} ${r.url}`);
    expect(keys).toEqual(expect.arrayContaining(['GET /api/dashboard', 'PUT /api/profile', ...PUBLIC_ROUTES]));
  });

  it('answers 401 without a session (with any body), and only the listed routes are public', async () => {
    const results: string[] = [];
    for (const { method, url } of apiRoutes(t.app)) {
      const key = `${method} ${url}`;
      if (PUBLIC_ROUTES.has(key)) continue;
      const target = fillPath(url, randomUUID());
      for (const payload of method === 'GET' || method === 'DELETE' ? [undefined] : [{}, { junk: true }]) {
        const res = await t.app.inject({ method: method as 'GET', url: target, payload });
        const code = res.statusCode === 401 ? (res.json() as { error: { code: string } }).error.code : '';
        results.push(`${key} -> ${res.statusCode} ${code}`);
      }
    }
    expect(results.length).toBeGreaterThan(0);
    for (const line of results) expect(line, 'not public: add to PUBLIC_ROUTES only if it must be open').toMatch(/-> 401 UNAUTHENTICATED$/);
  });

  it('answers 401 with an expired or forged session cookie', async () => {
    const cookie = await signIn(t.app, DEMO.greenhill.parent);
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
    for (const c of [cookie, 'edufam.session_token=forged.value']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie: c } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('answers every signed-in role on /api/dashboard', async () => {
    for (const [role, email] of Object.entries(DEMO_BY_ROLE)) {
      const cookie = await signIn(t.app, email);
      const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie } });
      expect(res.statusCode, `${role}: ${res.body}`).toBe(200);
    }
  });
});

describe('page routes (spec §6 route prefix rules, on the server)', () => {
  it.each(['/dashboard', '/students', '/finance', '/admin/dashboard', '/settings', '/dashboard/expenses'])(
    'GET %s without a session redirects to /login',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login');
    },
  );

  it.each(['/', '/login', '/reset-password', '/unauthorized', '/verify-certificate/abc'])('GET %s is public', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it.each([
    ['teacher', DEMO.greenhill.teacher, '/admin/dashboard'],
    ['parent', DEMO.riverside.parent, '/admin/schools'],
    ['principal', DEMO.greenhill.principal, '/edufam'],
    ['finance_officer', DEMO.greenhill.finance, '/system/health'],
  ])('a %s is sent from %s… to /dashboard, carrying the admin-only denial', async (_role, email, url) => {
    const cookie = await signIn(t.app, email);
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dashboard?denied=admin-only');
  });

  it('a teacher gets the maintenance test page (it tells them it is for EduFam Administrators); elimisha_admin opens /admin pages', async () => {
    const teacher = await signIn(t.app, DEMO.greenhill.teacher);
    expect((await t.app.inject({ method: 'GET', url: '/debug/maintenance-test', headers: { cookie: teacher } })).statusCode).toBe(200);
    const elimisha = await signIn(t.app, DEMO.elimisha, 'admin');
    expect((await t.app.inject({ method: 'GET', url: '/admin/settings', headers: { cookie: elimisha } })).statusCode).toBe(200);
  });

  it('school users open /dashboard; admins open /admin/dashboard', async () => {
    const teacher = await signIn(t.app, DEMO.greenhill.teacher);
    expect((await t.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie: teacher } })).statusCode).toBe(200);
    const admin = await signIn(t.app, DEMO.admin, 'admin');
    expect((await t.app.inject({ method: 'GET', url: '/admin/dashboard', headers: { cookie: admin } })).statusCode).toBe(200);
  });
});
