import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody, DEMO, GREENHILL_SESSIONS, countRows, openDemoApp, signIn, system, type TestApp } from '../../../../tests/helpers.js';
import type { ContractAlertsResponse, ListStaffResponse, StaffDetail, StaffDocument, StaffWriteResponse } from '../../../shared/contracts/staff.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { staffMessages as m } from '../../../shared/messages/staff.js';
import { messages } from '../../../shared/messages.js';
import { withLocale } from '../../lib/request-locale.js';
import { auditLogs, profiles, schools, sessions, staffMembers } from '../../db/schema/index.js';
import { demo } from '../../../../tests/demo.js';

/**
 * Staff records and HR's user management (issue 14 §1): create (generated staff number, validated
 * identifiers, nothing written on bad input), list and filters, contract alerts, documents, exit with
 * clearance (disables the account), and sign-in accounts given, disabled and enabled by HR. Access: HR
 * writes, HR/principal/director read, other roles 403, another school's staff 404.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  ({ t, greenhill } = await openDemoApp(cookie, [...GREENHILL_SESSIONS, 'rsHr', 'admin']));
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
function send(method: Method, url: string, who?: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: who ? { cookie: cookie[who]! } : {}, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
}
async function json<T>(method: Method, url: string, who: string, payload?: unknown, status = 200): Promise<T> {
  const res = await send(method, url, who, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}
/** New staff start when this school year opened; they leave today. */
const START_DATE = demo.cal.terms[0]!.startsOn;
const TODAY = schoolToday();
const errorOf = (res: { json(): unknown }) => (errorBody(res) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

let seq = 0;
/** A complete, valid new staff record (unique names and e-mail per call). */
function validStaff(over: Record<string, unknown> = {}) {
  seq++;
  return {
    firstName: 'Wanjiru',
    otherNames: 'Njeri',
    lastName: `Kamau${seq}`,
    nationalId: '28765432',
    dateOfBirth: '1990-04-12',
    gender: 'female',
    phone: '0712 345 678',
    email: `wanjiru.kamau${seq}@example.com`,
    kraPin: 'a004-416 331m',
    nssfNumber: '2011223344',
    shifNumber: 'CR1234567890',
    tscNumber: '',
    employer: 'bom',
    employmentType: 'permanent',
    department: 'Administration',
    jobTitle: 'Secretary',
    startDate: START_DATE,
    contractEnd: '',
    nextOfKin: { name: 'Peter Kamau', relationship: 'Spouse', phone: '+254722000111' },
    paymentMethod: 'bank',
    bankName: 'KCB Bank',
    bankCode: '01',
    bankBranch: 'Moi Avenue',
    bankAccount: '1234 5678 9012',
    ...over,
  };
}
const create = (over: Record<string, unknown> = {}, who = 'hr') => send('POST', '/api/staff', who, validStaff(over));
async function created(over: Record<string, unknown> = {}): Promise<StaffDetail> {
  const res = await create(over);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as StaffWriteResponse).staff;
}
const audits = (action: string, target: string) =>
  system(t.database, (tx) => tx.select().from(auditLogs).where(and(eq(auditLogs.action, action), eq(auditLogs.targetEntity, target))));

describe('create', () => {
  it('HR creates a record: identifiers normalised, staff number generated per school, audited', async () => {
    const staff = await created();
    expect(staff).toMatchObject({
      firstName: 'Wanjiru',
      name: `Wanjiru Njeri ${staff.lastName}`,
      kraPin: 'A004416331M',
      phone: '254712345678',
      bankAccount: '123456789012',
      tscNumber: null,
      contractEnd: null,
      nextOfKin: { name: 'Peter Kamau', relationship: 'Spouse', phone: '254722000111' },
      status: 'active',
      account: null,
      documents: [],
    });
    expect(staff.staffNumber).toMatch(/^GHA-STF-\d{4}$/);
    const again = await created();
    expect(Number(again.staffNumber.slice(-4))).toBe(Number(staff.staffNumber.slice(-4)) + 1);
    expect(await audits('STAFF_CREATED', `staff:${staff.id}`)).toHaveLength(1);
    const list = await json<ListStaffResponse>('GET', `/api/staff?search=${encodeURIComponent(staff.lastName)}`, 'hr');
    expect(list.items.map((i) => i.id)).toEqual([staff.id]);
    expect(list.items[0]).toMatchObject({ hasAccount: false, role: null, jobTitle: 'Secretary', department: 'Administration' });
  });

  it('a bad KRA PIN is 400 naming kraPin, and nothing is written', async () => {
    const before = await countRows(t.database, staffMembers);
    const res = await create({ kraPin: 'P0044163310' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toMatchObject({ kraPin: m.kraPinInvalid });
    expect(await countRows(t.database, staffMembers)).toBe(before);
  });

  it.each([
    ['contractEnd', { employmentType: 'contract', contractEnd: '' }, m.contractEndRequired],
    ['contractEnd', { employmentType: 'intern', contractEnd: addDays(START_DATE, -5) }, m.contractEndBeforeStart],
    ['tscNumber', { tscNumber: 'TSC12' }, m.tscNumberInvalid],
    ['phone', { phone: '0200 123' }, m.phoneInvalid],
    ['mpesaPhone', { paymentMethod: 'mpesa', bankName: '', bankAccount: '' }, m.mpesaPhoneRequired],
    ['bankAccount', { bankAccount: '' }, m.bankAccountRequired],
    ['nextOfKin.phone', { nextOfKin: { name: 'A', relationship: 'Sister', phone: '' } }, m.nextOfKinIncomplete],
    ['firstName', { firstName: ' ' }, m.firstNameRequired],
  ])('400 naming %s', async (field, over, message) => {
    const before = await countRows(t.database, staffMembers);
    const res = await create(over);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).fields?.[field]).toBe(message);
    expect(await countRows(t.database, staffMembers)).toBe(before);
  });

  it('a given staff number is kept, and a taken one is 409', async () => {
    const staff = await created({ staffNumber: 'gha-stf-9001' });
    expect(staff.staffNumber).toBe('GHA-STF-9001');
    const dup = await create({ staffNumber: 'GHA-STF-9001' });
    expect(dup.statusCode).toBe(409);
    expect(errorOf(dup).fields).toHaveProperty('staffNumber');
  });
});

describe('access', () => {
  it('HR, the principal and the director read; other school roles are 403; only HR writes', async () => {
    for (const who of ['hr', 'principal', 'director']) expect((await send('GET', '/api/staff', who)).statusCode, who).toBe(200);
    for (const who of ['teacher', 'finance', 'parent']) {
      expect((await send('GET', '/api/staff', who)).statusCode, who).toBe(403);
      expect((await send('GET', '/api/staff/alerts', who)).statusCode, who).toBe(403);
    }
    for (const who of ['principal', 'director', 'teacher', 'finance', 'parent']) expect((await create({}, who)).statusCode, who).toBe(403);
    expect((await send('GET', '/api/staff')).statusCode).toBe(401);
  });

  it("Riverside HR gets 404 for a Greenhill staff id, and Greenhill's list has no Riverside staff", async () => {
    const staff = await created();
    expect((await send('GET', `/api/staff/${staff.id}`, 'rsHr')).statusCode).toBe(404);
    expect((await send('PATCH', `/api/staff/${staff.id}`, 'rsHr', { jobTitle: 'Bursar' })).statusCode).toBe(404);
    expect((await send('POST', `/api/staff/${staff.id}/exit`, 'rsHr', { exitType: 'resignation', exitDate: TODAY, reason: 'Moving' })).statusCode).toBe(404);
    expect((await send('POST', `/api/staff/${staff.id}/account`, 'rsHr', { role: 'teacher' })).statusCode).toBe(404);
    const rs = await json<ListStaffResponse>('GET', '/api/staff?status=all&pageSize=200', 'rsHr');
    expect(rs.items.some((i) => i.id === staff.id)).toBe(false);
    expect(rs.items.every((i) => i.staffNumber.startsWith('RIS-'))).toBe(true);
    expect((await json<StaffDetail>('GET', `/api/staff/${staff.id}`, 'hr')).id).toBe(staff.id);
  });

  it('platform staff read a school with ?schoolId=', async () => {
    const list = await json<ListStaffResponse>('GET', `/api/staff?schoolId=${greenhill}`, 'admin');
    expect(list.total).toBeGreaterThan(0);
    expect((await send('GET', '/api/staff', 'admin')).statusCode).toBe(400);
  });
});

describe('list, edit and alerts', () => {
  it('filters by status, employer, employment type and department; seeded accounts show their role', async () => {
    const all = await json<ListStaffResponse>('GET', '/api/staff?pageSize=200', 'hr');
    expect(all.summary.active).toBe(all.total);
    const teacher = all.items.find((i) => i.email === DEMO.greenhill.teacher);
    expect(teacher).toMatchObject({ hasAccount: true, role: 'teacher', accountStatus: 'active' });
    const tsc = await json<ListStaffResponse>('GET', '/api/staff?employer=tsc&pageSize=200', 'hr');
    expect(tsc.items.every((i) => i.employer === 'tsc')).toBe(true);
    const contracts = await json<ListStaffResponse>('GET', '/api/staff?employmentType=contract&pageSize=200', 'hr');
    expect(contracts.items.length).toBeGreaterThan(0);
    expect(contracts.items.every((i) => i.employmentType === 'contract' && i.contractEnd)).toBe(true);
    const catering = await json<ListStaffResponse>('GET', '/api/staff?department=Catering', 'hr');
    expect(catering.items.every((i) => i.department === 'Catering')).toBe(true);
    expect(all.departments).toContain('Catering');
  });

  it('PATCH changes fields (audited with old and new values) and checks the merged record', async () => {
    const staff = await created();
    const res = await json<StaffWriteResponse>('PATCH', `/api/staff/${staff.id}`, 'hr', { jobTitle: 'Bursar', paymentMethod: 'mpesa', mpesaPhone: '0722 111 222' });
    expect(res.staff).toMatchObject({ jobTitle: 'Bursar', paymentMethod: 'mpesa', mpesaPhone: '254722111222' });
    const [audit] = await audits('STAFF_UPDATED', `staff:${staff.id}`);
    expect(audit).toMatchObject({ oldValue: { jobTitle: 'Secretary', paymentMethod: 'bank' }, newValue: { jobTitle: 'Bursar', paymentMethod: 'mpesa' } });
    const bad = await send('PATCH', `/api/staff/${staff.id}`, 'hr', { employmentType: 'contract' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toMatchObject({ contractEnd: m.contractEndRequired });
    expect((await send('PATCH', `/api/staff/${staff.id}`, 'hr', { kraPin: 'A12' })).statusCode).toBe(400);
  });

  it('alerts list active contracts ending within 30 days and those already ended', async () => {
    const today = schoolToday();
    const soon = await created({ employmentType: 'contract', startDate: addDays(today, -300), contractEnd: addDays(today, 10) });
    const later = await created({ employmentType: 'contract', startDate: addDays(today, -300), contractEnd: addDays(today, 45) });
    const ended = await created({ employmentType: 'intern', startDate: addDays(today, -300), contractEnd: addDays(today, -3) });
    const alerts = await json<ContractAlertsResponse>('GET', '/api/staff/alerts', 'principal');
    const byId = new Map(alerts.items.map((a) => [a.id, a]));
    expect(byId.get(soon.id)).toMatchObject({ daysLeft: 10, ended: false });
    expect(byId.get(ended.id)).toMatchObject({ daysLeft: -3, ended: true });
    expect(byId.has(later.id)).toBe(false);
  });
});

describe('documents', () => {
  const BOUNDARY = '----edufam-staff-test';
  function multipart(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }): Buffer {
    const parts: Buffer[] = [];
    for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.data, Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
    return Buffer.concat(parts);
  }
  const upload = (id: string, who: string, body: Buffer) =>
    t.app.inject({ method: 'POST', url: `/api/staff/${id}/documents`, headers: { cookie: cookie[who]!, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: body });
  const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

  it('HR uploads, lists, downloads and deletes a contract; wrong types and other schools are refused', async () => {
    const staff = await created();
    const res = await upload(staff.id, 'hr', multipart({ kind: 'contract', title: `Employment contract ${demo.yearName}` }, { name: 'contract.pdf', type: 'application/pdf', data: PDF }));
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json() as StaffDocument;
    expect(doc).toMatchObject({ kind: 'contract', title: `Employment contract ${demo.yearName}`, fileName: 'contract.pdf', contentType: 'application/pdf' });
    const detail = await json<StaffDetail>('GET', `/api/staff/${staff.id}`, 'director');
    expect(detail.documents.map((d) => d.id)).toEqual([doc.id]);
    const dl = await send('GET', doc.downloadUrl, 'principal');
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toContain('contract.pdf');
    expect(dl.rawPayload.equals(PDF)).toBe(true);
    expect((await send('GET', doc.downloadUrl, 'rsHr')).statusCode).toBe(404);
    expect((await upload(staff.id, 'principal', multipart({ kind: 'contract', title: 'x' }, { name: 'c.pdf', type: 'application/pdf', data: PDF }))).statusCode).toBe(403);
    const badKind = await upload(staff.id, 'hr', multipart({ kind: 'payslip', title: 'x' }, { name: 'c.pdf', type: 'application/pdf', data: PDF }));
    expect(badKind.statusCode).toBe(400);
    expect(errorOf(badKind).fields).toHaveProperty('kind');
    const exe = await upload(staff.id, 'hr', multipart({ kind: 'other', title: 'x' }, { name: 'c.exe', type: 'application/pdf', data: Buffer.from('MZ\x90\x00binary') }));
    expect(exe.statusCode).toBe(415);
    expect((await send('DELETE', `/api/staff/${staff.id}/documents/${doc.id}`, 'hr')).statusCode).toBe(204);
    expect((await json<StaffDetail>('GET', `/api/staff/${staff.id}`, 'hr')).documents).toEqual([]);
    expect(await audits('STAFF_DOCUMENT_REMOVED', `staff:${staff.id}`)).toHaveLength(1);
  });
});

describe('accounts and exit', () => {
  it('HR gives an account (set-password e-mail), disables and enables it; the exit disables it and ends its sessions', async () => {
    const staff = await created({ email: 'new.teacher@example.com' });
    expect((await send('POST', `/api/staff/${staff.id}/account`, 'hr', { role: 'principal' })).statusCode).toBe(400);
    const mails = t.mailbox.length;
    const given = await json<StaffWriteResponse>('POST', `/api/staff/${staff.id}/account`, 'hr', { role: 'teacher' }, 201);
    expect(given.notice ?? null).toBeNull();
    expect(given.staff.account).toMatchObject({ email: 'new.teacher@example.com', role: 'teacher', status: 'active' });
    expect((await send('POST', `/api/staff/${staff.id}/account`, 'hr', { role: 'teacher' })).statusCode).toBe(409);
    const mail = t.mailbox[mails]!;
    expect(mail.to).toBe('new.teacher@example.com');
    const token = /token=([^\s"&]+)/.exec(mail.text)![1]!;
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: decodeURIComponent(token), password: DEMO.password, confirmPassword: DEMO.password } });
    expect(reset.statusCode, reset.body).toBe(200);
    cookie.newTeacher = await signIn(t.app, 'new.teacher@example.com', 'school');
    expect((await send('GET', '/api/dashboard', 'newTeacher')).statusCode).toBe(200);
    expect(mail.subject).toBe(m.setupMailSubject);
    expect(mail.text).toContain(messages.passwordReset.staffSetupIntro('Greenhill Academy'));

    // Disable and enable through HR's user management.
    const off = await json<StaffWriteResponse>('POST', `/api/staff/${staff.id}/account/disable`, 'hr');
    expect(off.staff.account?.status).toBe('inactive');
    expect((await send('GET', '/api/dashboard', 'newTeacher')).statusCode).toBe(401);
    const on = await json<StaffWriteResponse>('POST', `/api/staff/${staff.id}/account/enable`, 'hr');
    expect(on.staff.account?.status).toBe('active');
    cookie.newTeacher = await signIn(t.app, 'new.teacher@example.com', 'school');

    // Exit: status exited, clearance checklist, account disabled and sessions ended.
    const exit = await json<StaffWriteResponse>('POST', `/api/staff/${staff.id}/exit`, 'hr', { exitType: 'resignation', exitDate: TODAY, reason: 'Moving to Mombasa' });
    expect(exit.staff).toMatchObject({ status: 'exited', exit: { type: 'resignation', date: TODAY, reason: 'Moving to Mombasa' }, account: { status: 'inactive' } });
    expect(exit.staff.exit!.clearance.length).toBeGreaterThan(0);
    expect(exit.staff.exit!.clearance.every((c) => !c.cleared)).toBe(true);
    const profileId = exit.staff.account!.id;
    const [p] = await system(t.database, (tx) => tx.select({ status: profiles.status }).from(profiles).where(eq(profiles.id, profileId)));
    expect(p!.status).toBe('inactive');
    expect(await system(t.database, (tx) => tx.select().from(sessions).where(eq(sessions.userId, profileId)))).toHaveLength(0);
    expect((await send('GET', '/api/dashboard', 'newTeacher')).statusCode).toBe(401);
    expect(await audits('STAFF_EXITED', `staff:${staff.id}`)).toHaveLength(1);
    expect((await send('POST', `/api/staff/${staff.id}/exit`, 'hr', { exitType: 'resignation', exitDate: TODAY, reason: 'Again' })).statusCode).toBe(409);
    expect((await send('POST', `/api/staff/${staff.id}/account/enable`, 'hr')).statusCode).toBe(400);

    // Clearance items are ticked one by one.
    const key = exit.staff.exit!.clearance[0]!.key;
    const cleared = await json<StaffWriteResponse>('PATCH', `/api/staff/${staff.id}/clearance`, 'hr', { items: [{ key, cleared: true }] });
    expect(cleared.staff.exit!.clearance[0]).toMatchObject({ key, cleared: true });
    expect(cleared.staff.exit!.clearance[0]!.clearedAt).toBeTruthy();

    // Exited staff leave the active list and appear under exited.
    const active = await json<ListStaffResponse>('GET', `/api/staff?search=${staff.lastName}`, 'hr');
    expect(active.items).toHaveLength(0);
    const exited = await json<ListStaffResponse>('GET', `/api/staff?status=exited&search=${staff.lastName}`, 'hr');
    expect(exited.items.map((i) => i.id)).toEqual([staff.id]);
  });

  it('a school that reads Kiswahili: the set-password e-mail is in Kiswahili while HR keeps English (issue 36 §2)', async () => {
    const staff = await created({ email: 'mwalimu.mpya@example.com' });
    await system(t.database, (tx) => tx.update(schools).set({ defaultLocale: 'sw' }).where(eq(schools.id, greenhill)));
    try {
      const mails = t.mailbox.length;
      const given = await json<StaffWriteResponse>('POST', `/api/staff/${staff.id}/account`, 'hr', { role: 'teacher' }, 201);
      expect(given.notice ?? null).toBeNull();
      const mail = t.mailbox.slice(mails).find((x) => x.to === 'mwalimu.mpya@example.com')!;
      expect(mail.subject).toBe(withLocale('sw', () => m.setupMailSubject));
      expect(mail.subject).not.toBe(m.setupMailSubject);
      expect(mail.text).toContain(withLocale('sw', () => messages.passwordReset.staffSetupIntro('Greenhill Academy')));
    } finally {
      await system(t.database, (tx) => tx.update(schools).set({ defaultLocale: 'en' }).where(eq(schools.id, greenhill)));
    }
  });

  it('a record without e-mail, an e-mail already in use and HR exiting themself are refused', async () => {
    const noMail = await created({ email: '' });
    const res = await send('POST', `/api/staff/${noMail.id}/account`, 'hr', { role: 'teacher' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toHaveProperty('email');
    const taken = await created({ email: DEMO.riverside.teacher });
    const dup = await send('POST', `/api/staff/${taken.id}/account`, 'hr', { role: 'teacher' });
    expect(dup.statusCode).toBe(409);
    expect(errorOf(dup).code).toBe('EMAIL_TAKEN');
    const [me] = await system(t.database, (tx) =>
      tx.select({ id: staffMembers.id }).from(staffMembers).innerJoin(profiles, eq(profiles.id, staffMembers.profileId)).where(eq(profiles.email, DEMO.greenhill.hr)),
    );
    const self = await send('POST', `/api/staff/${me!.id}/exit`, 'hr', { exitType: 'resignation', exitDate: TODAY, reason: 'Leaving' });
    expect(self.statusCode).toBe(400);
    expect((await send('POST', `/api/staff/${me!.id}/account/disable`, 'hr')).statusCode).toBe(400);
  });
});
