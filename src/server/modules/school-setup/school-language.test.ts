import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLogs, schools } from '../../db/schema/index.js';
import { methodCaller, openDemoApp, system, type TestApp } from '../../../../tests/helpers.js';
import type { SchoolProfile } from '../../../shared/contracts/school-setup.js';
import type { ListStudentsResponse, StudentDetail } from '../../../shared/contracts/learners.js';
import { languageMessages } from '../../../shared/messages/language.js';

/**
 * The school's default language (issue 36 §1, §5) on the school profile: the principal sets it
 * (PATCH /api/school-setup/profile { defaultLocale }), everyone of the school reads it, anything but
 * 'en' | 'sw' is refused with nothing changed, and guardians without a language of their own follow it.
 */

let t: TestApp;
let greenhill: string;
let riverside: string;
const cookie: Record<string, string> = {};
const { send, json } = methodCaller(() => t.app, cookie);

beforeAll(async () => {
  ({ t, greenhill, riverside } = await openDemoApp(cookie, ['principal', 'director', 'rsPrincipal']));
});
afterAll(async () => {
  await t?.close();
});

async function storedLocale(schoolId: string): Promise<string | undefined> {
  const [row] = await system(t.database, (tx) => tx.select({ locale: schools.defaultLocale }).from(schools).where(eq(schools.id, schoolId)));
  return row?.locale;
}

async function lastProfileAudit() {
  const [row] = await system(t.database, (tx) =>
    tx.select().from(auditLogs).where(and(eq(auditLogs.schoolId, greenhill), eq(auditLogs.action, 'SCHOOL_PROFILE_UPDATED'))).orderBy(desc(auditLogs.createdAt)).limit(1),
  );
  return row;
}

describe('school default language (PATCH /api/school-setup/profile { defaultLocale })', () => {
  it('is English until the school chooses', async () => {
    expect((await json<SchoolProfile>('GET', '/api/school-setup/profile', 'principal')).defaultLocale).toBe('en');
    expect((await json<SchoolProfile>('GET', '/api/school-setup/profile', 'rsPrincipal')).defaultLocale).toBe('en');
  });

  it('the principal sets Kiswahili, audited with old and new values; the director reads it', async () => {
    const saved = await json<SchoolProfile>('PATCH', '/api/school-setup/profile', 'principal', { defaultLocale: 'sw' });
    expect(saved.defaultLocale).toBe('sw');
    expect(await storedLocale(greenhill)).toBe('sw');
    const a = await lastProfileAudit();
    expect(a!.oldValue).toEqual({ defaultLocale: 'en' });
    expect(a!.newValue).toEqual({ defaultLocale: 'sw' });
    expect((await json<SchoolProfile>('GET', '/api/school-setup/profile', 'director')).defaultLocale).toBe('sw');
  });

  it('guardians without a language of their own follow it', async () => {
    const list = await json<ListStudentsResponse>('GET', '/api/students', 'principal');
    const detail = await json<StudentDetail>('GET', `/api/students/${list.items[0]!.id}`, 'principal');
    const following = detail.guardians.filter((g) => g.followsSchoolLanguage);
    expect(following.length).toBeGreaterThan(0);
    for (const g of following) expect(g.preferredLanguage).toBe('sw');
  });

  it('the director may not change it (403), nothing changed', async () => {
    const res = await send('PATCH', '/api/school-setup/profile', 'director', { defaultLocale: 'en' });
    expect(res.statusCode, res.body).toBe(403);
    expect(await storedLocale(greenhill)).toBe('sw');
  });

  it('refuses another language with "Choose English or Kiswahili." (400), nothing changed', async () => {
    for (const defaultLocale of ['fr', '', null, 'SW', 1]) {
      const res = await send('PATCH', '/api/school-setup/profile', 'principal', { defaultLocale, motto: 'Changed with a bad language' });
      expect(res.statusCode, res.body).toBe(400);
      const error = res.json().error as { message: string; fields?: Record<string, string> };
      expect(error.fields?.defaultLocale).toBe(languageMessages.invalid);
    }
    expect(await storedLocale(greenhill)).toBe('sw');
    expect((await json<SchoolProfile>('GET', '/api/school-setup/profile', 'principal')).motto).not.toBe('Changed with a bad language');
  });

  it('Riverside keeps its own default', async () => {
    expect(await storedLocale(riverside)).toBe('en');
    expect((await json<SchoolProfile>('GET', '/api/school-setup/profile', 'rsPrincipal')).defaultLocale).toBe('en');
  });

  it('the principal sets English back', async () => {
    expect((await json<SchoolProfile>('PATCH', '/api/school-setup/profile', 'principal', { defaultLocale: 'en' })).defaultLocale).toBe('en');
    expect(await storedLocale(greenhill)).toBe('en');
  });
});
