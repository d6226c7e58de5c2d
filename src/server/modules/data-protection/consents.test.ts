import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, admitTodayBody, apiCaller, createTestApp, profileIdOf, schoolIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';
import { latestSchoolDay } from '../../../shared/attendance-calendar.js';
import type { AnnouncementRecipients } from '../../../shared/contracts/announcements.js';
import type { CalendarResponse, PutRegisterResponse } from '../../../shared/contracts/attendance.js';
import type { ConsentsResponse } from '../../../shared/contracts/consents.js';
import { schoolToday } from '../../../shared/dates.js';
import { consentMessages } from '../../../shared/messages/consents.js';
import { absenceAlerts, auditLogs, consents, smsMessages } from '../../db/schema/index.js';
import { inspectPdf, qrCodePng } from '../../lib/pdf.js';
import { settleDeliveries } from '../announcements/announcements.service.js';
import { ABSENCE_SMS_SKIPPED } from '../attendance/attendance.service.js';
import { startDemoClock, stopDemoClock } from '../../demo-clock.js';
import { demo } from '../../../../tests/demo.js';

/**
 * Consent under the Kenya Data Protection Act 2019 (issue 35 §5, §6): who reads and records consent
 * (principal and director every guardian, a parent only themselves for their own children, other roles
 * 403, another school 404), bad input 400 with nothing written, the history kept and audited, the
 * consent register and its summary, and SMS that respect a withdrawal: no absence SMS (the in-app alert
 * still goes), no announcement SMS ("No SMS consent" on the recipient row) except a statutory
 * announcement's; e-mail the same (announcements, fee reminders); the ID card without the photo after a
 * photos refusal. PGlite and PostgreSQL (TEST_DATABASE_URL).
 */

let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};
let child: { id: string; classId: string; firstName: string; lastName: string };
let otherChild: string; // a Greenhill learner who is not the demo parent's
let ownGuardian: string; // the demo parent's guardian record
let otherGuardian: string; // the other guardian of the demo parent's child

const { req, ok, fails } = apiCaller(() => t.app, cookie);
const url = (id: string) => `/api/students/${id}/consents`;
const historyCount = () => system(t.database, async (tx) => (await tx.select({ id: consents.id }).from(consents).where(eq(consents.studentId, child.id))).length);
const auditCount = () =>
  system(t.database, async (tx) => (await tx.select({ id: auditLogs.id }).from(auditLogs).where(and(eq(auditLogs.action, consentMessages.audit.recorded), eq(auditLogs.targetEntity, `student:${child.id}`)))).length);
const stateOf = (r: ConsentsResponse, guardianId: string | null, purpose: string) => r.current.find((c) => c.guardianId === guardianId && c.purpose === purpose)!;

beforeAll(async () => {
  t = await createTestApp();
  greenhill = await schoolIdOf(t.database, 'greenhill');
  for (const who of ['principal', 'director', 'teacher', 'parent', 'finance', 'hr'] as const) cookie[who] = await signIn(t.app, DEMO.greenhill[who], 'school');
  cookie.rsPrincipal = await signIn(t.app, DEMO.riverside.principal, 'school');
  const kids = await ok<{ items: { id: string; classId: string; firstName: string; lastName: string }[] }>('parent', 'GET', '/api/students?pageSize=10');
  child = kids.items[0]!;
  const parentId = await profileIdOf(t.database, DEMO.greenhill.parent);
  const rows = await system(t.database, (tx) =>
    tx.execute<{ id: string }>(sql`
      select s.id from students s where s.school_id = ${greenhill} and s.status = 'active'
        and not exists (select 1 from student_guardians sg join guardians g on g.id = sg.guardian_id where sg.student_id = s.id and g.profile_id = ${parentId})
      order by s.admission_number limit 1`),
  );
  otherChild = ((Array.isArray(rows) ? rows : (rows as { rows: { id: string }[] }).rows)[0] as { id: string }).id;
  const staffView = await ok<ConsentsResponse>('principal', 'GET', url(child.id));
  const parentView = await ok<ConsentsResponse>('parent', 'GET', url(child.id));
  ownGuardian = parentView.guardians.find((g) => g.own)!.id;
  otherGuardian = staffView.guardians.find((g) => g.id !== ownGuardian)!.id;
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe('who reads and records consent', () => {
  it('401 signed out; 403 teacher, finance officer and HR; 404 another school; principal and director read every guardian', async () => {
    await fails(undefined, 'GET', url(child.id), undefined, 401);
    await fails(undefined, 'PUT', url(child.id), { consents: [{ purpose: 'sms', granted: false }] }, 401);
    for (const who of ['teacher', 'finance', 'hr']) {
      const e = await fails(who, 'GET', url(child.id), undefined, 403);
      // HR is refused at the route (no learner records at all); teacher and finance by the consent rule.
      if (who !== 'hr') expect(e.message).toBe(consentMessages.api.notAllowed);
      await fails(who, 'PUT', url(child.id), { consents: [{ purpose: 'sms', granted: false }] }, 403);
    }
    await fails('rsPrincipal', 'GET', url(child.id), undefined, 404);
    await fails('rsPrincipal', 'PUT', url(child.id), { consents: [{ purpose: 'sms', granted: false }] }, 404);
    for (const who of ['principal', 'director']) {
      const r = await ok<ConsentsResponse>(who, 'GET', url(child.id));
      expect(r.canEdit).toBe('all');
      expect(r.guardians.map((g) => g.id).sort()).toEqual([ownGuardian, otherGuardian].sort());
      // The learner record and each guardian, one state per purpose.
      expect(r.current).toHaveLength(4 * (1 + r.guardians.length));
    }
  });

  it("a parent reads and writes only their own children, and only for themselves", async () => {
    const mine = await ok<ConsentsResponse>('parent', 'GET', url(child.id));
    expect(mine.canEdit).toBe('own');
    expect(mine.guardians.map((g) => g.id)).toEqual([ownGuardian]);
    expect(mine.current.every((c) => c.guardianId === null || c.guardianId === ownGuardian)).toBe(true);
    await fails('parent', 'GET', url(otherChild), undefined, 404);
    await fails('parent', 'PUT', url(otherChild), { consents: [{ purpose: 'sms', granted: false }] }, 404);
    const before = await historyCount();
    expect((await fails('parent', 'PUT', url(child.id), { consents: [{ purpose: 'photos', granted: true, guardianId: otherGuardian }] }, 403)).message).toBe(consentMessages.api.parentOwnOnly);
    expect(await historyCount()).toBe(before);
  });
});

describe('bad input: 400 with the message, nothing written', () => {
  it('an unknown purpose, no consents, a purpose twice, a guardian not linked to the learner', async () => {
    const before = await historyCount();
    const bad = await fails('principal', 'PUT', url(child.id), { consents: [{ purpose: 'marketing', granted: true }] }, 400);
    expect(bad.message).toContain(consentMessages.api.purposeInvalid);
    expect((await fails('principal', 'PUT', url(child.id), { consents: [] }, 400)).message).toContain(consentMessages.api.consentsRequired);
    const twice = { consents: [{ purpose: 'sms', granted: true, guardianId: ownGuardian }, { purpose: 'sms', granted: false, guardianId: ownGuardian }] };
    expect((await fails('principal', 'PUT', url(child.id), twice, 400)).message).toContain(consentMessages.api.duplicate);
    expect((await fails('principal', 'PUT', url(child.id), { consents: [{ purpose: 'sms', granted: 'yes' }] }, 400)).message).toContain(consentMessages.api.grantedRequired);
    // One good decision and a guardian of another learner: neither is written.
    const stranger = (await ok<ConsentsResponse>('principal', 'GET', url(otherChild))).guardians[0]!.id;
    const mixed = { consents: [{ purpose: 'photos', granted: true, guardianId: ownGuardian }, { purpose: 'photos', granted: true, guardianId: stranger }] };
    expect((await fails('principal', 'PUT', url(child.id), mixed, 400)).message).toBe(consentMessages.api.guardianNotLinked);
    expect(await historyCount()).toBe(before);
  });
});

describe('history and audit', () => {
  it('every change is a new row with who, role, source and when; the newest is the state; the same state again adds nothing', async () => {
    const rows0 = await historyCount();
    const audits0 = await auditCount();
    const r1 = await ok<ConsentsResponse>('principal', 'PUT', url(child.id), { consents: [{ purpose: 'photos', granted: false, guardianId: otherGuardian }] });
    expect(stateOf(r1, otherGuardian, 'photos')).toMatchObject({ granted: false, source: 'school_office', recordedByRole: 'principal', recordedByName: expect.any(String) });
    const r2 = await ok<ConsentsResponse>('director', 'PUT', url(child.id), { consents: [{ purpose: 'photos', granted: true, guardianId: otherGuardian }] });
    expect(stateOf(r2, otherGuardian, 'photos')).toMatchObject({ granted: true, recordedByRole: 'school_director' });
    // Both decisions are kept, newest first.
    const photos = r2.history.filter((h) => h.guardianId === otherGuardian && h.purpose === 'photos');
    expect(photos.slice(0, 2).map((h) => h.granted)).toEqual([true, false]);
    expect(Date.parse(photos[0]!.recordedAt!)).toBeGreaterThanOrEqual(Date.parse(photos[1]!.recordedAt!));
    await ok('director', 'PUT', url(child.id), { consents: [{ purpose: 'photos', granted: true, guardianId: otherGuardian }] });
    expect(await historyCount()).toBe(rows0 + 2);
    expect(await auditCount()).toBe(audits0 + 2);
    const [audit] = await system(t.database, (tx) =>
      tx.select().from(auditLogs).where(and(eq(auditLogs.action, consentMessages.audit.recorded), eq(auditLogs.targetEntity, `student:${child.id}`))).orderBy(sql`${auditLogs.createdAt} desc`).limit(1),
    );
    expect(audit).toMatchObject({ performedByRole: 'school_director', oldValue: [{ guardianId: otherGuardian, purpose: 'photos', granted: false }], newValue: [{ guardianId: otherGuardian, purpose: 'photos', granted: true }] });
  });

  it("a parent's decision without a guardian id is their own, recorded with source parent", async () => {
    const r = await ok<ConsentsResponse>('parent', 'PUT', url(child.id), { consents: [{ purpose: 'email', granted: false }] });
    expect(stateOf(r, ownGuardian, 'email')).toMatchObject({ granted: false, source: 'parent', recordedByRole: 'parent' });
    const staff = await ok<ConsentsResponse>('principal', 'GET', url(child.id));
    expect(stateOf(staff, ownGuardian, 'email').granted).toBe(false);
    expect(stateOf(staff, otherGuardian, 'email').granted).not.toBe(false);
    await ok('parent', 'PUT', url(child.id), { consents: [{ purpose: 'email', granted: true }] });
  });
});

describe('/api/docs', () => {
  it('documents the consent routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { summary?: string }>> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/students/{id}/consents', '/api/data-protection/consent-register']));
    expect(Object.keys(doc.paths['/api/students/{id}/consents']!).sort()).toEqual(['get', 'put']);
  });
});

describe('asked at admission', () => {
  it("the admission form's answers are saved with the learner (source admission); without them, not yet asked", async () => {
    const classes = await ok<{ id: string; name: string }[]>('principal', 'GET', '/api/classes');
    const classId = classes.find((x) => x.name === 'Grade 7 East')!.id;
    const admitted = await ok<{ id: string }>('principal', 'POST', '/api/students', { ...admitTodayBody(classId, '254712345611'), consents: { processing: true, photos: false, sms: true, email: true } }, 201);
    const r = await ok<ConsentsResponse>('principal', 'GET', url(admitted.id));
    const guardian = r.guardians[0]!.id;
    expect(stateOf(r, null, 'processing')).toMatchObject({ granted: true, source: 'admission', recordedByRole: 'principal' });
    expect(Object.fromEntries(['processing', 'photos', 'sms', 'email'].map((p) => [p, stateOf(r, guardian, p).granted]))).toEqual({ processing: true, photos: false, sms: true, email: true });
    const bare = await ok<{ id: string }>('principal', 'POST', '/api/students', admitTodayBody(classId, '254712345612'), 201);
    const none = await ok<ConsentsResponse>('principal', 'GET', url(bare.id));
    expect(none.current.every((c) => c.granted === null && c.recordedAt === null)).toBe(true);
    expect(none.history).toEqual([]);
  });
});

describe('the consent register (for the Data Commissioner)', () => {
  it('principal and director: JSON and Excel of the current state; other roles 403', async () => {
    const json = await ok<{ rows: { studentId: string; guardianId: string | null; purpose: string; granted: boolean }[] }>('principal', 'GET', '/api/data-protection/consent-register?format=json');
    const photos = json.rows.find((r) => r.studentId === child.id && r.guardianId === otherGuardian && r.purpose === 'photos');
    expect(photos?.granted).toBe(true);
    expect(json.rows.filter((r) => r.studentId === child.id && r.guardianId === otherGuardian && r.purpose === 'photos')).toHaveLength(1);
    const x = await req('director', 'GET', '/api/data-protection/consent-register?format=xlsx');
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-disposition']).toContain(`consent-register-${schoolToday()}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe(consentMessages.register.learner);
    expect(ws.rowCount - 1).toBe(json.rows.length);
    expect((await fails('principal', 'GET', '/api/data-protection/consent-register?format=pdf', undefined, 400)).message).toContain(consentMessages.api.formatInvalid);
    for (const who of ['teacher', 'parent', 'finance']) await fails(who, 'GET', '/api/data-protection/consent-register', undefined, 403);
  });
});

describe('SMS respects a withdrawal', () => {
  it('no absence SMS after the parent withdraws SMS consent; the in-app alert still goes and the audit says why', async () => {
    const withdrawn = await ok<ConsentsResponse>('parent', 'PUT', url(child.id), { consents: [{ purpose: 'sms', granted: false }] });
    expect(stateOf(withdrawn, ownGuardian, 'sms').granted).toBe(false);
    // The demo parent is the child's primary guardian, the one absence SMS go to.
    expect(withdrawn.guardians.find((g) => g.id === ownGuardian)!.isPrimary).toBe(true);
    await ok('principal', 'PUT', '/api/attendance/settings', { smsAbsenceAlerts: true });
    const c = await ok<CalendarResponse>('principal', 'GET', `/api/attendance/calendar?from=${demo.yearName}-01-01&to=${demo.yearName}-12-31`);
    const day = latestSchoolDay({ terms: c.terms, events: c.events.map((e) => ({ startsOn: e.startsOn, endsOn: e.endsOn, name: e.name, kind: e.kind })) }, schoolToday())!;
    const absenceSms = () => system(t.database, async (tx) => (await tx.select().from(smsMessages).where(and(eq(smsMessages.studentId, child.id), eq(smsMessages.kind, 'absence')))).length);
    /**
     * Marks the child present, then absent, on the latest school day, as on that day (alerts go only for
     * the school day being kept: in a holiday the clock moves back to it; consent is only changed outside).
     */
    const markAbsent = async () => {
      if (day !== schoolToday()) startDemoClock(day);
      try {
        await ok('principal', 'PUT', '/api/attendance/registers', { classId: child.classId, date: day, entries: [{ studentId: child.id, status: 'present' }] });
        await system(t.database, (tx) => tx.delete(absenceAlerts).where(and(eq(absenceAlerts.studentId, child.id), eq(absenceAlerts.date, day))));
        const r = await ok<PutRegisterResponse>('principal', 'PUT', '/api/attendance/registers', { classId: child.classId, date: day, entries: [{ studentId: child.id, status: 'absent', note: null }] });
        // The parent's bell on that day (the alert expires two weeks later).
        const bell = await ok<{ notifications: { communication: { title: string } }[] }>('parent', 'GET', '/api/notifications');
        return { ...r, bell };
      } finally {
        stopDemoClock();
      }
    };
    const smsBefore = await absenceSms();
    const r = await markAbsent();
    expect(r.alerted).toBe(1);
    expect(await absenceSms()).toBe(smsBefore);
    expect(r.bell.notifications.some((n) => n.communication.title.startsWith(`${child.firstName} ${child.lastName} was marked absent`))).toBe(true);
    const [skipped] = await system(t.database, (tx) => tx.select().from(auditLogs).where(and(eq(auditLogs.action, ABSENCE_SMS_SKIPPED), eq(auditLogs.targetEntity, `student:${child.id}`))));
    expect(skipped?.newValue).toMatchObject({ date: day, reason: consentMessages.api.noSmsConsent });

    // Consent given again: the next absence SMS goes.
    await ok('parent', 'PUT', url(child.id), { consents: [{ purpose: 'sms', granted: true }] });
    expect((await markAbsent()).alerted).toBe(1);
    expect(await absenceSms()).toBe(smsBefore + 1);
  });

  it('an announcement SMS skips the parent ("No SMS consent"); a statutory one reaches them', async () => {
    await ok('parent', 'PUT', url(child.id), { consents: [{ purpose: 'sms', granted: false }] });
    const parentId = await profileIdOf(t.database, DEMO.greenhill.parent);
    const post = (statutory: boolean) =>
      ok<{ id: string }>('principal', 'POST', '/api/announcements', { title: statutory ? 'School closed by county order' : 'Sports day', body: 'Details inside.', channels: ['app', 'sms'], audience: { parentsOfClassIds: [child.classId] }, statutory }, 201);
    const normal = await post(false);
    const statutory = await post(true);
    await settleDeliveries();
    const mine = async (id: string) => (await ok<AnnouncementRecipients>('principal', 'GET', `/api/announcements/${id}/recipients?pageSize=100`)).recipients.find((r) => r.userId === parentId)!;
    expect((await mine(normal.id)).sms).toMatchObject({ status: 'failed', error: consentMessages.api.noSmsConsent });
    expect((await mine(statutory.id)).sms).toMatchObject({ status: 'sent' });
    await ok('parent', 'PUT', url(child.id), { consents: [{ purpose: 'sms', granted: true }] });
  });
});

describe('E-mail respects a withdrawal', () => {
  it('an announcement e-mail skips the parent ("No e-mail consent") and is not sent; a statutory one reaches them; consent given again, it goes', async () => {
    await ok('parent', 'PUT', url(child.id), { consents: [{ purpose: 'email', granted: false }] });
    const parentId = await profileIdOf(t.database, DEMO.greenhill.parent);
    const post = (title: string, statutory: boolean) =>
      ok<{ id: string }>('principal', 'POST', '/api/announcements', { title, body: 'Details inside.', channels: ['app', 'email'], audience: { parentsOfClassIds: [child.classId] }, statutory }, 201);
    const mailedTo = (subject: string) => t.mailbox.filter((x) => x.subject === subject && x.to === DEMO.greenhill.parent).length;
    const normal = await post('Music festival entries', false);
    const statutory = await post('Closure ordered by the county', true);
    await settleDeliveries();
    const mine = async (id: string) => (await ok<AnnouncementRecipients>('principal', 'GET', `/api/announcements/${id}/recipients?pageSize=100`)).recipients.find((r) => r.userId === parentId)!;
    expect((await mine(normal.id)).email).toMatchObject({ status: 'failed', error: consentMessages.api.noEmailConsent });
    expect(mailedTo('Music festival entries')).toBe(0);
    expect((await mine(statutory.id)).email).toMatchObject({ status: 'sent' });
    expect(mailedTo('Closure ordered by the county')).toBe(1);

    await ok('parent', 'PUT', url(child.id), { consents: [{ purpose: 'email', granted: true }] });
    const again = await post('Music festival results', false);
    await settleDeliveries();
    expect((await mine(again.id)).email).toMatchObject({ status: 'sent' });
    expect(mailedTo('Music festival results')).toBe(1);
  });
});

describe('Photos respect a refusal', () => {
  it('the ID card prints the initials, not the photo, after the parents refuse photo consent; the photo is back once consent is given', async () => {
    const png = await qrCodePng('a face', 120);
    const boundary = '----consent-photo';
    const upload = await t.app.inject({
      method: 'PUT',
      url: `/api/students/${child.id}/photo`,
      headers: { cookie: cookie.principal!, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const card = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/students/${child.id}/id-card.pdf`, headers: { cookie: cookie.principal! } });
      expect(res.statusCode, res.body).toBe(200);
      return inspectPdf(res.rawPayload);
    };
    const initials = `${child.firstName[0]}${child.lastName[0]}`.toUpperCase();

    await ok('parent', 'PUT', url(child.id), { consents: [{ purpose: 'photos', granted: true }] });
    const withPhoto = await card();
    // The photo and the QR code.
    expect(withPhoto.images).toBeGreaterThanOrEqual(2);
    expect(withPhoto.text).not.toMatch(new RegExp(`^${initials}$`, 'm'));

    await ok('parent', 'PUT', url(child.id), { consents: [{ purpose: 'photos', granted: false }] });
    const refused = await card();
    // The QR code only; the initials stand in for the photo.
    expect(refused.images).toBeLessThan(withPhoto.images);
    expect(refused.text).toMatch(new RegExp(`^${initials}$`, 'm'));
    expect(refused.text).toContain(child.lastName);

    // The staff profile keeps the photo (the internal record).
    expect((await req('principal', 'GET', `/api/students/${child.id}/photo`)).statusCode).toBe(200);

    await ok('parent', 'PUT', url(child.id), { consents: [{ purpose: 'photos', granted: true }] });
    expect((await card()).images).toBe(withPhoto.images);
  });
});

describe('GET /api/data-protection/consent-summary', () => {
  it('counts the learners whose parents withdrew SMS consent and those not yet answered; principal and director only', async () => {
    type Summary = { learners: number; notAnswered: number; smsWithdrawn: number };
    const before = await ok<Summary>('principal', 'GET', '/api/data-protection/consent-summary');
    expect(before.learners).toBeGreaterThan(0);
    expect(before.notAnswered).toBeLessThanOrEqual(before.learners);
    await ok('parent', 'PUT', url(child.id), { consents: [{ purpose: 'sms', granted: false }] });
    expect(await ok<Summary>('director', 'GET', '/api/data-protection/consent-summary')).toEqual({ ...before, smsWithdrawn: before.smsWithdrawn + 1 });
    await ok('parent', 'PUT', url(child.id), { consents: [{ purpose: 'sms', granted: true }] });
    expect(await ok<Summary>('principal', 'GET', '/api/data-protection/consent-summary')).toEqual(before);

    // A learner admitted without the consent questions: their parent has not yet answered, until the office records it.
    const classes = await ok<{ id: string; name: string }[]>('principal', 'GET', '/api/classes');
    const admitted = await ok<{ id: string }>('principal', 'POST', '/api/students', admitTodayBody(classes.find((x) => x.name === 'Grade 7 East')!.id, '254712345613'), 201);
    expect(await ok<Summary>('principal', 'GET', '/api/data-protection/consent-summary')).toEqual({ ...before, learners: before.learners + 1, notAnswered: before.notAnswered + 1 });
    const guardian = (await ok<ConsentsResponse>('principal', 'GET', url(admitted.id))).guardians[0]!.id;
    await ok('principal', 'PUT', url(admitted.id), { consents: [{ guardianId: guardian, purpose: 'processing', granted: true }] });
    expect(await ok<Summary>('principal', 'GET', '/api/data-protection/consent-summary')).toEqual({ ...before, learners: before.learners + 1 });

    for (const who of ['teacher', 'parent', 'finance']) await fails(who, 'GET', '/api/data-protection/consent-summary', undefined, 403);
  });
});

describe('Fee reminder e-mails respect a withdrawal', () => {
  it('the reminder preview counts one e-mail fewer once an owing learner’s guardian withdraws e-mail consent', async () => {
    // An owing learner of a guardian with an e-mail address (demo data).
    const rows = await system(t.database, (tx) =>
      tx.execute<{ student_id: string; guardian_id: string; class_id: string }>(sql`
        select s.id as student_id, g.id as guardian_id, s.class_id from students s
          join student_balances b on b.student_id = s.id
          join student_guardians sg on sg.student_id = s.id join guardians g on g.id = sg.guardian_id
        where s.school_id = ${greenhill} and s.status = 'active' and b.balance_cents > 100000 and g.email is not null and s.class_id is not null
        order by s.admission_number, g.id limit 1`),
    );
    const owing = (Array.isArray(rows) ? rows : (rows as { rows: { student_id: string; guardian_id: string; class_id: string }[] }).rows)[0]!;
    expect(owing, 'the demo has an owing learner whose guardian has an e-mail address').toBeTruthy();
    const preview = () => ok<{ emails: number; sms: number }>('finance', 'POST', '/api/fees/reminders', { minBalance: 1000, channels: ['email', 'sms'], classId: owing.class_id, preview: true });
    const before = await preview();
    expect(before.emails).toBeGreaterThan(0);
    await ok('principal', 'PUT', url(owing.student_id), { consents: [{ guardianId: owing.guardian_id, purpose: 'email', granted: false }] });
    expect(await preview()).toMatchObject({ emails: before.emails - 1, sms: before.sms });
    await ok('principal', 'PUT', url(owing.student_id), { consents: [{ guardianId: owing.guardian_id, purpose: 'email', granted: true }] });
    expect(await preview()).toMatchObject({ emails: before.emails, sms: before.sms });
  });
});
