import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, apiCaller, countRows, multipartFile, openDemoApp, profileIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';
import type { Company, CompanyWriteResponse, PlatformStaffResponse, PlatformStaffWriteResponse } from '../../../shared/contracts/company.js';
import { checkCompany } from '../../../shared/contracts/company.js';
import { companyMessages as cm } from '../../../shared/messages/company.js';
import { auditLogs, platformCompany, profiles } from '../../db/schema/index.js';
import { sendPlatformStaffSetupMail, updateStaff } from './company.service.js';
import { withLocale } from '../../lib/request-locale.js';
import { roleDisplayName } from '../../../shared/roles.js';
import { DEMO_COMPANY } from '../../seed/company.js';

/**
 * Company Management (issue 18 §4): EduFam's details (KRA PIN, paybill, e-mail and phone checks; the
 * logo), platform staff accounts (list, invite with a set-password e-mail, role and status changes,
 * never oneself nor the last active edufam_admin); edufam_admin and its alias elimisha_admin only
 * (school roles 403, signed out 401). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  ({ t } = await openDemoApp(cookie, ['admin', 'elimisha', 'director']));
}, 600_000);
afterAll(async () => {
  await t?.close();
});

const { req, ok, fails } = apiCaller(() => t.app, cookie);
const lastAudit = async (action: string) => {
  const [row] = await system(t.database, (tx) => tx.select().from(auditLogs).where(eq(auditLogs.action, action)).orderBy(desc(auditLogs.createdAt)).limit(1));
  return row;
};

/** The demo company's details as someone might type them (KRA PIN and phone not yet normalised). */
const details = (over: Record<string, unknown> = {}) => ({
  ...DEMO_COMPANY,
  kraPin: 'p051-234567 x',
  address: 'Westlands, Nairobi',
  email: 'Accounts@EduFam.co.ke',
  phone: '0722 000 100',
  ...over,
});

describe('access', () => {
  it.each([
    ['GET', '/api/company'],
    ['PUT', '/api/company'],
    ['POST', '/api/company/logo'],
    ['GET', '/api/company/staff'],
    ['POST', '/api/company/staff'],
    ['PATCH', '/api/company/staff/00000000-0000-4000-8000-000000000000'],
  ] as const)('%s %s: 401 signed out, 403 for a school director; elimisha_admin passes like edufam_admin (spec §1)', async (method, url) => {
    await fails(undefined, method, url, method === 'GET' ? undefined : {}, 401);
    await fails('director', method, url, method === 'GET' ? undefined : {}, 403);
    const alias = await req('elimisha', method, url, method === 'GET' ? undefined : {});
    if (method === 'GET') expect(alias.statusCode, alias.body).toBe(200);
    else expect([401, 403], alias.body).not.toContain(alias.statusCode);
  });
});

describe('company details', () => {
  it('shows the seeded details', async () => {
    const c = await ok<Company>('admin', 'GET', '/api/company');
    expect(c.name).toBe('EduFam Ltd');
    expect(c.kraPin).toMatch(/^[AP]\d{9}[A-Z]$/);
    expect(c.paybill).toMatch(/^\d{5,7}$/);
    expect(c.logoUrl).toBeNull();
  });

  it('saves normalised values and audits the changed fields with old and new values', async () => {
    const res = await ok<CompanyWriteResponse>('admin', 'PUT', '/api/company', details({ address: 'Upper Hill, Nairobi', paybill: '522 533' }));
    expect(res.message).toBe(cm.api.saved);
    expect(res.company).toMatchObject({ kraPin: 'P051234567X', email: 'accounts@edufam.co.ke', phone: '254722000100', paybill: '522533', address: 'Upper Hill, Nairobi' });
    const audit = await lastAudit('COMPANY_UPDATED');
    expect(audit!.performedByUserId).toBe(await profileIdOf(t.database, DEMO.admin));
    expect(audit!.oldValue).toMatchObject({ paybill: '4012345' });
    expect(audit!.newValue).toMatchObject({ paybill: '522533', address: 'Upper Hill, Nairobi' });
    expect(audit!.newValue).not.toHaveProperty('name');
    // Clearing optional fields.
    const cleared = await ok<CompanyWriteResponse>('admin', 'PUT', '/api/company', details({ website: '', bankBranch: null }));
    expect(cleared.company.website).toBeNull();
    expect(cleared.company.bankBranch).toBeNull();
  });

  it.each([
    [{ kraPin: 'P05123456X' }, 'kraPin', cm.fields.kraPin],
    [{ kraPin: 'B051234567X' }, 'kraPin', cm.fields.kraPin],
    [{ paybill: '1234' }, 'paybill', cm.fields.paybill],
    [{ paybill: '12345678' }, 'paybill', cm.fields.paybill],
    [{ paybill: '12a45' }, 'paybill', cm.fields.paybill],
    [{ email: 'not-an-email' }, 'email', cm.fields.email],
    [{ phone: '0200 123' }, 'phone', cm.fields.phone],
    [{ name: '  ' }, 'name', cm.fields.name],
    [{ website: 'edufam' }, 'website', cm.fields.website],
  ])('400 for %o with the field message, and nothing changes', async (over, field, message) => {
    const before = await system(t.database, (tx) => tx.select().from(platformCompany));
    const audits = await countRows(t.database, auditLogs);
    const err = await fails('admin', 'PUT', '/api/company', details({ address: 'Should not be saved', ...over }), 400);
    expect(err.fields?.[field]).toBe(message);
    expect(await system(t.database, (tx) => tx.select().from(platformCompany))).toEqual(before);
    expect(await countRows(t.database, auditLogs)).toBe(audits);
  });

  it('400 for a body that is not the contract (name missing)', async () => {
    await fails('admin', 'PUT', '/api/company', { kraPin: 'P051234567X' }, 400);
  });

  it('checkCompany is the same rule in the browser: a valid organisation and individual PIN', () => {
    expect(checkCompany(details({ kraPin: 'A004416331M' })).ok).toBe(true);
    expect(checkCompany(details({ kraPin: 'P051234567X' })).ok).toBe(true);
  });
});

describe('logo', () => {
  const boundary = '----edufam-company-logo';
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const multipart = (name: string, type: string, data: Buffer) => multipartFile(boundary, name, type, data);
  const upload = (who: string, body: Buffer) =>
    t.app.inject({ method: 'POST', url: '/api/company/logo', headers: { cookie: cookie[who]!, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });

  it('404 before a logo is uploaded', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/company/logo' })).statusCode).toBe(404);
  });

  it('refuses a file that is not an image (415) and a request without a file (400)', async () => {
    expect((await upload('admin', multipart('logo.png', 'image/png', Buffer.from('not an image')))).statusCode).toBe(415);
    expect((await req('admin', 'POST', '/api/company/logo', {})).statusCode).toBe(400);
  });

  it('stores a PNG, serves it, audits the change; a second upload replaces it', async () => {
    const res = await upload('admin', multipart('edufam.png', 'image/png', png));
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json<CompanyWriteResponse>().company;
    expect(first.logoUrl).toMatch(/^\/api\/company\/logo\?v=\d+$/);
    const img = await t.app.inject({ method: 'GET', url: first.logoUrl! });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(png)).toBe(true);
    const audit = await lastAudit('COMPANY_LOGO_UPDATED');
    expect(audit!.oldValue).toEqual({ logoFileKey: null });
    const firstKey = (audit!.newValue as { logoFileKey: string }).logoFileKey;
    expect(firstKey).toMatch(/^platform\/company-logo\/[0-9a-f-]{36}\.png$/);
    expect((await upload('admin', multipart('edufam2.png', 'image/png', png))).statusCode).toBe(200);
    expect(await t.deps.storage.get(firstKey)).toBeNull();
  });
});

describe('platform staff', () => {
  it('lists edufam_admin and elimisha_admin accounts only', async () => {
    const { staff } = await ok<PlatformStaffResponse>('admin', 'GET', '/api/company/staff');
    expect(staff.map((s) => s.email)).toEqual(expect.arrayContaining([DEMO.admin, DEMO.elimisha]));
    expect(staff.every((s) => s.role === 'edufam_admin' || s.role === 'elimisha_admin')).toBe(true);
    expect(staff[0]).toHaveProperty('twoFactorEnabled');
  });

  it('invites a member of staff: account without a school, USER_CREATED, a set-password e-mail that works', async () => {
    const before = t.mailbox.length;
    const res = await ok<PlatformStaffWriteResponse>('admin', 'POST', '/api/company/staff', { name: 'Wanjiku Platform', email: 'Wanjiku@EduFam.test', role: 'edufam_admin' }, 201);
    expect(res.staff).toMatchObject({ name: 'Wanjiku Platform', email: 'wanjiku@edufam.test', role: 'edufam_admin', status: 'active', twoFactorEnabled: false });
    expect(res.notice).toBeNull();
    const mail = t.mailbox.slice(before).find((m) => m.to === 'wanjiku@edufam.test');
    expect(mail?.subject).toBe(cm.mail.subject);
    const token = /reset-password\?token=([^\s"]+)/.exec(mail!.text)?.[1];
    expect(token).toBeTruthy();
    const [p] = await system(t.database, (tx) => tx.select().from(profiles).where(eq(profiles.email, 'wanjiku@edufam.test')));
    expect(p!.schoolId).toBeNull();
    expect((await lastAudit('USER_CREATED'))!.targetEntity).toBe(`user:${p!.id}`);
    // The link sets a password and the new account signs in through the Admin area.
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: decodeURIComponent(token!), password: 'NewPlatform2026!', confirmPassword: 'NewPlatform2026!' } });
    expect(reset.statusCode, reset.body).toBe(200);
    await signIn(t.app, 'wanjiku@edufam.test', 'admin', 'NewPlatform2026!');
  });

  it('the set-up e-mail is in the new account’s language (English unless its profile says otherwise), not the inviting admin’s', async () => {
    const before = t.mailbox.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/company/staff',
      headers: { cookie: cookie.admin!, 'x-edufam-locale': 'sw' },
      payload: { name: 'Baraka Platform', email: 'baraka@edufam.test', role: 'elimisha_admin' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<PlatformStaffWriteResponse>().message).toBe(withLocale('sw', () => cm.api.invited('Baraka Platform', 'baraka@edufam.test')));
    const mail = t.mailbox.slice(before).find((m) => m.to === 'baraka@edufam.test');
    expect(mail?.subject).toBe(cm.mail.subject);
    expect(mail?.text).toContain(cm.mail.body(roleDisplayName('elimisha_admin')));
    // A profile that reads Kiswahili gets it in Kiswahili.
    const again = t.mailbox.length;
    await sendPlatformStaffSetupMail(t.deps, { email: 'baraka@edufam.test', name: 'Baraka Platform', role: 'elimisha_admin', locale: 'sw' });
    const sw = t.mailbox.slice(again).find((m) => m.to === 'baraka@edufam.test');
    expect(sw?.subject).toBe(withLocale('sw', () => cm.mail.subject));
    expect(sw?.subject).not.toBe(cm.mail.subject);
    expect(sw?.text).toContain(withLocale('sw', () => cm.mail.body(roleDisplayName('elimisha_admin'))));
  });

  it('409 for an e-mail that has an account; 400 for a bad e-mail or role', async () => {
    expect((await fails('admin', 'POST', '/api/company/staff', { name: 'Again', email: DEMO.greenhill.teacher, role: 'elimisha_admin' }, 409)).code).toBe('EMAIL_TAKEN');
    await fails('admin', 'POST', '/api/company/staff', { name: 'X', email: 'nope', role: 'edufam_admin' }, 400);
    await fails('admin', 'POST', '/api/company/staff', { name: 'X', email: 'x@edufam.test', role: 'principal' }, 400);
  });

  it('changes a role (USER_ROLE_CHANGED with old and new) and a status (sessions end)', async () => {
    const id = await profileIdOf(t.database, 'wanjiku@edufam.test');
    const wanjiku = await signIn(t.app, 'wanjiku@edufam.test', 'admin', 'NewPlatform2026!');
    const res = await ok<PlatformStaffWriteResponse>('admin', 'PATCH', `/api/company/staff/${id}`, { role: 'elimisha_admin' });
    expect(res.staff.role).toBe('elimisha_admin');
    const audit = await lastAudit('USER_ROLE_CHANGED');
    expect(audit).toMatchObject({ targetEntity: `user:${id}`, oldValue: { role: 'edufam_admin' }, newValue: { role: 'elimisha_admin' } });
    await ok('admin', 'PATCH', `/api/company/staff/${id}`, { status: 'inactive' });
    expect((await lastAudit('USER_STATUS_CHANGED'))!.newValue).toEqual({ status: 'inactive' });
    expect((await t.app.inject({ method: 'GET', url: '/api/feature-flags/mine', headers: { cookie: wanjiku } })).statusCode).toBe(401);
    await ok('admin', 'PATCH', `/api/company/staff/${id}`, { status: 'active', role: 'edufam_admin' });
  });

  it('400: you cannot demote or deactivate yourself', async () => {
    const me = await profileIdOf(t.database, DEMO.admin);
    expect((await fails('admin', 'PATCH', `/api/company/staff/${me}`, { role: 'elimisha_admin' }, 400)).message).toBe(cm.api.cannotChangeSelf);
    expect((await fails('admin', 'PATCH', `/api/company/staff/${me}`, { status: 'inactive' }, 400)).message).toBe(cm.api.cannotChangeSelf);
    // Reactivating yourself (a no-op) is allowed.
    expect((await ok<PlatformStaffWriteResponse>('admin', 'PATCH', `/api/company/staff/${me}`, { status: 'active' })).staff.status).toBe('active');
  });

  it('400: the last active edufam_admin cannot be demoted or deactivated (e.g. two admins removing each other at once)', async () => {
    const me = await profileIdOf(t.database, DEMO.admin);
    const wanjiku = await profileIdOf(t.database, 'wanjiku@edufam.test');
    // Wanjiku was deactivated a moment ago by someone else while her request was under way: the demo
    // admin is now the last active edufam_admin, and her request must not remove them.
    await system(t.database, (tx) => tx.update(profiles).set({ status: 'inactive' }).where(eq(profiles.id, wanjiku)));
    const caller = { actor: { id: wanjiku, role: 'edufam_admin' as const, schoolId: null }, scope: { schoolId: null, userId: wanjiku, allSchools: true }, ip: '127.0.0.1' };
    const audits = await countRows(t.database, auditLogs);
    await expect(updateStaff(t.database, caller, me, { status: 'inactive' })).rejects.toMatchObject({ status: 400, message: cm.api.lastAdmin });
    await expect(updateStaff(t.database, caller, me, { role: 'elimisha_admin' })).rejects.toMatchObject({ status: 400, message: cm.api.lastAdmin });
    expect(await countRows(t.database, auditLogs)).toBe(audits);
    const [row] = await system(t.database, (tx) => tx.select().from(profiles).where(eq(profiles.id, me)));
    expect(row).toMatchObject({ role: 'edufam_admin', status: 'active' });
    await system(t.database, (tx) => tx.update(profiles).set({ status: 'active' }).where(eq(profiles.id, wanjiku)));
  });

  it('404 for a school account or an unknown id; 400 for an empty body', async () => {
    const teacher = await profileIdOf(t.database, DEMO.greenhill.teacher);
    await fails('admin', 'PATCH', `/api/company/staff/${teacher}`, { role: 'edufam_admin' }, 404);
    await fails('admin', 'PATCH', '/api/company/staff/00000000-0000-4000-8000-000000000000', { status: 'inactive' }, 404);
    await fails('admin', 'PATCH', `/api/company/staff/${teacher}`, {}, 400);
    await fails('admin', 'PATCH', '/api/company/staff/not-a-uuid', { status: 'inactive' }, 400);
  });
});
