import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { guardians, profiles } from '../src/server/db/schema/index.js';
import { messages } from '../src/shared/messages.js';
import { learnersMessages } from '../src/shared/messages/learners.js';
import { withLocale } from '../src/server/lib/request-locale.js';
import type { ListStudentsResponse, StudentDetail } from '../src/shared/contracts/learners.js';
import { DEMO, apiCaller, nextIp, openDemoApp, system, type TestApp } from './helpers.js';

/**
 * Languages on the API (issue 36 §1, §5; decision 0031): a person's saved language (PATCH /api/profile
 * { locale }) answers their requests, the web app's X-EduFam-Locale header and a browser's
 * Accept-Language choose it before sign-in, and each guardian carries the language of what is sent to
 * them (GET/PATCH /api/students/:id guardians), following the school's default until chosen.
 */
let t: TestApp;
const cookie: Record<string, string> = {};
const { req, ok, fails } = apiCaller(() => t.app, cookie);

beforeAll(async () => {
  ({ t } = await openDemoApp(cookie, ['principal', 'teacher', 'parent', 'rsPrincipal']));
});
afterAll(async () => {
  await t?.close();
});

/** A catalogue string as a Kiswahili reader sees it. */
function inSwahili<T>(read: () => T): T {
  return withLocale('sw', read);
}

describe('PATCH /api/profile { locale }', () => {
  it('saves the language; the session answers it and errors come back in it', async () => {
    const { user } = await ok<{ user: { locale: string } }>('teacher', 'PATCH', '/api/profile', { locale: 'sw' });
    expect(user.locale).toBe('sw');
    const session = await ok<{ user: { locale: string } }>('teacher', 'GET', '/api/auth/session');
    expect(session.user.locale).toBe('sw');
    // A schema message (fixed in English when its module loaded) comes back in Kiswahili.
    const error = await fails('teacher', 'PUT', '/api/profile', { name: '', themePreference: 'dark', dashboardPreferences: { compactMode: false, defaultView: 'dashboard' } }, 400);
    expect(error.message).not.toContain('Display name is required');
    // The screen's language header wins over the saved one.
    const english = await t.app.inject({ method: 'GET', url: '/api/students/00000000-0000-4000-8000-000000000000', headers: { cookie: cookie.teacher!, 'x-edufam-locale': 'en' } });
    expect(english.json().error.message).toBe(learnersMessages.notFound);
    const swahili = await req('teacher', 'GET', '/api/students/00000000-0000-4000-8000-000000000000');
    expect(swahili.json().error.message).toBe(inSwahili(() => learnersMessages.notFound));
    expect(swahili.json().error.message).not.toBe(learnersMessages.notFound);
    await ok('teacher', 'PATCH', '/api/profile', { locale: 'en' });
  });

  it('refuses another language or field and changes nothing; 401 signed out', async () => {
    for (const body of [{ locale: 'fr' }, { locale: '' }, {}, { locale: 'sw', name: 'Someone' }]) await fails('parent', 'PATCH', '/api/profile', body, 400);
    await fails(undefined, 'PATCH', '/api/profile', { locale: 'sw' }, 401);
    const [row] = await system(t.database, (tx) => tx.select({ locale: profiles.locale }).from(profiles).where(eq(profiles.email, DEMO.greenhill.parent)));
    expect(row!.locale).toBe('en');
  });

  it('answers a signed-out caller in the language of Accept-Language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.5', 'x-forwarded-for': nextIp() },
      payload: { email: DEMO.greenhill.parent, password: 'wrong-password-1', accessType: 'school' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(inSwahili(() => messages.login.invalidCredentials));
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'accept-language': 'en-US,en;q=0.9', 'x-forwarded-for': nextIp() },
      payload: { email: DEMO.greenhill.parent, password: 'wrong-password-1', accessType: 'school' },
    });
    expect(english.json().error.message).toBe(messages.login.invalidCredentials);
  });
});

describe('guardians preferredLanguage (GET/PATCH /api/students/:id)', () => {
  it('follows the school default, is set per guardian and read by the parent', async () => {
    const mine = await ok<ListStudentsResponse>('parent', 'GET', '/api/students');
    const childId = mine.items[0]!.id;
    const before = await ok<StudentDetail>('principal', 'GET', `/api/students/${childId}`);
    const guardian = before.guardians.find((g) => g.name === 'Peter Mwangi Kamau')!;
    expect(guardian).toMatchObject({ preferredLanguage: 'en', followsSchoolLanguage: true });

    const after = await ok<StudentDetail>('principal', 'PATCH', `/api/students/${childId}`, { guardians: [{ id: guardian.id, preferredLanguage: 'sw' }] });
    expect(after.guardians.find((g) => g.id === guardian.id)).toMatchObject({ preferredLanguage: 'sw', followsSchoolLanguage: false });
    const parentView = await ok<StudentDetail>('parent', 'GET', `/api/students/${childId}`);
    expect(parentView.guardians.find((g) => g.id === guardian.id)!.preferredLanguage).toBe('sw');

    // Back to the school's default through the guardian's own route.
    const reset = await ok<StudentDetail>('principal', 'PATCH', `/api/students/${childId}/guardians/${guardian.id}`, { preferredLanguage: null });
    expect(reset.guardians.find((g) => g.id === guardian.id)).toMatchObject({ preferredLanguage: 'en', followsSchoolLanguage: true });
  });

  it('refuses a guardian of another learner, an unknown language and a teacher, changing nothing', async () => {
    const all = await ok<ListStudentsResponse>('principal', 'GET', '/api/students?pageSize=3');
    const [a, b] = [all.items[0]!.id, all.items[1]!.id];
    const other = (await ok<StudentDetail>('principal', 'GET', `/api/students/${b}`)).guardians[0]!;
    const error = await fails('principal', 'PATCH', `/api/students/${a}`, { guardians: [{ id: other.id, preferredLanguage: 'sw' }], middleName: 'Changed' }, 404);
    expect(error.message).toBe(learnersMessages.guardianNotFound);
    expect((await ok<StudentDetail>('principal', 'GET', `/api/students/${a}`)).middleName).not.toBe('Changed');
    await fails('principal', 'PATCH', `/api/students/${b}`, { guardians: [{ id: other.id, preferredLanguage: 'fr' }] }, 400);
    await fails('teacher', 'PATCH', `/api/students/${b}`, { guardians: [{ id: other.id, preferredLanguage: 'sw' }] }, 403);
    await fails('rsPrincipal', 'PATCH', `/api/students/${b}`, { guardians: [{ id: other.id, preferredLanguage: 'sw' }] }, 404);
    const [row] = await system(t.database, (tx) => tx.select({ lang: guardians.preferredLanguage }).from(guardians).where(eq(guardians.id, other.id)));
    expect(row!.lang).toBeNull();
  });
});
