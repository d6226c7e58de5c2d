import { and, count, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, createAccount, profileIdOf, schoolIdOf, signIn, system, type TestApp, createTestApp } from '../../../../tests/helpers.js';
import type { Announcement, AnnouncementList, AnnouncementPreview, AnnouncementRecipients, AudienceOptions } from '../../../shared/contracts/announcements.js';
import { announcementMessages } from '../../../shared/messages/announcements.js';
import { demo } from '../../../../tests/demo.js';
import { formatLongDay } from '../../../shared/dates.js';
import {
  adminCommunications,
  auditLogs,
  classes,
  consents,
  guardians,
  notifications,
  profiles,
  schoolAnnouncementRecipients,
  schoolAnnouncements,
  smsMessages,
  studentBalances,
  studentGuardians,
  students,
} from '../../db/schema/index.js';
import { consentMessages } from '../../../shared/messages/consents.js';
import { applyDeliveryReport } from '../sms/sms.service.js';
import { publishDueAnnouncements, settleDeliveries } from './announcements.service.js';

/**
 * School announcements (issue 17 §1, §4): who may address whom (teacher: own streams; finance:
 * parents, optionally only those who owe; HR: staff; parents cannot post), what each reader sees,
 * empty audiences refused with nothing written, read receipts, SMS status per recipient, scheduled
 * publishing, tenant isolation and HTML kept as text. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */

const m = announcementMessages.api;
let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};
/** A stream the demo teacher teaches where the demo parent has no child. */
let streamS: string;
/** A current stream the demo teacher does not teach. */
let otherStream: string;
/** Parent accounts made for the test: two in stream S (one with a phone the SMS simulator refuses). */
let parentA: string;
let parentC: string;
let demoParent: string;

beforeAll(async () => {
  t = await createTestApp({ env: { SMS_SIMULATOR_DELIVERY_DELAY_MS: '120000' } });
  greenhill = await schoolIdOf(t.database, 'greenhill');
  for (const [who, email] of Object.entries(DEMO.greenhill)) cookie[who] = await signIn(t.app, email, 'school');
  cookie.rsPrincipal = await signIn(t.app, DEMO.riverside.principal, 'school');
  demoParent = await profileIdOf(t.database, DEMO.greenhill.parent);

  const options = await ok<AudienceOptions>('teacher', 'GET', '/api/announcements/audience-options');
  const parentClasses = await system(t.database, (tx) =>
    tx
      .selectDistinct({ id: students.classId })
      .from(students)
      .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
      .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
      .where(eq(guardians.profileId, demoParent)),
  );
  const taken = new Set(parentClasses.map((c) => c.id));
  streamS = options.streams.find((s) => !taken.has(s.id))!.id;
  const own = options.streams.map((s) => s.id);
  const [other] = await system(t.database, (tx) =>
    tx.select({ id: classes.id }).from(classes).where(and(eq(classes.schoolId, greenhill), notInArray(classes.id, own), inArray(classes.levelId, sql`(select level_id from classes where id = ${streamS})`))).limit(1),
  );
  otherStream = other?.id ?? (await system(t.database, (tx) => tx.select({ id: classes.id }).from(classes).where(and(eq(classes.schoolId, greenhill), notInArray(classes.id, own))).limit(1)))[0]!.id;

  // Two guardians of learners in S get parent accounts (the demo data gives only the demo parent one).
  const inS = await system(t.database, (tx) =>
    tx
      .selectDistinct({ guardianId: guardians.id })
      .from(students)
      .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
      .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
      .where(and(eq(students.classId, streamS), eq(students.status, 'active'), isNull(guardians.profileId)))
      .limit(2),
  );
  parentA = await createAccount(t.database, { email: 'parent.a@greenhill.edufam.test', name: 'Alice Parent', role: 'parent', schoolId: greenhill });
  parentC = await createAccount(t.database, { email: 'parent.c@greenhill.edufam.test', name: 'Carol Parent', role: 'parent', schoolId: greenhill });
  await system(t.database, async (tx) => {
    await tx.update(guardians).set({ profileId: parentA }).where(eq(guardians.id, inS[0]!.guardianId));
    await tx.update(guardians).set({ profileId: parentC }).where(eq(guardians.id, inS[1]!.guardianId));
    // The simulator refuses numbers ending in 0000.
    await tx.update(profiles).set({ phone: '254711110000' }).where(eq(profiles.id, parentC));
  });
  cookie.parentA = await signIn(t.app, 'parent.a@greenhill.edufam.test', 'school');
  cookie.parentC = await signIn(t.app, 'parent.c@greenhill.edufam.test', 'school');
}, 600_000);
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST';
const req = (who: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie: cookie[who]! }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
async function ok<T>(who: string, method: Method, url: string, payload?: unknown, status = 200): Promise<T> {
  const res = await req(who, method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}
const post = (who: string, body: Record<string, unknown>) => ok<Announcement>(who, 'POST', '/api/announcements', { channels: ['app'], ...body }, 201);
const listOf = (who: string, query = '') => ok<AnnouncementList>(who, 'GET', `/api/announcements${query}`);
const countAnnouncements = async () => Number((await system(t.database, (tx) => tx.select({ n: count() }).from(schoolAnnouncements)))[0]!.n);

describe('demo data', () => {
  it('the demo parent’s School News has the term’s announcements, the pinned one first, the newest three unread', async () => {
    const list = await listOf('parent', '?pageSize=50');
    expect(list.items.length).toBeGreaterThanOrEqual(6);
    expect(list.items[0]!.pinned).toBe(true);
    // Pinned: the term's welcome while it runs; in the holiday the notice of the term that opens next.
    expect(list.items[0]!.title).toBe(demo.cal.phase === 'holiday' ? `${demo.cal.comingTerm.name} opens on ${formatLongDay(demo.cal.comingTerm.startsOn)}` : `Welcome to ${demo.cal.latestTerm.name}`);
    expect(list.items.filter((x) => x.pinned)).toHaveLength(1);
    expect(list.unread).toBe(3);
    expect(new Set(list.items.map((x) => x.authorRole))).toEqual(new Set(['principal', 'school_director', 'teacher', 'finance_officer']));
    const teacherList = await listOf('teacher', '?mine=true');
    expect(teacherList.items.length).toBeGreaterThanOrEqual(3);
    expect(teacherList.items.every((x) => x.recipientCount !== null)).toBe(true);
    const hr = await listOf('hr', '?mine=true');
    expect(hr.items.every((x) => x.audienceLabel === announcementMessages.audience.staff)).toBe(true);
  });
});

describe('who may address whom', () => {
  it('a teacher posts to the parents of their own stream: those parents see it (with the bell), another parent does not', async () => {
    const preview = await ok<AnnouncementPreview>('teacher', 'POST', '/api/announcements/preview', { audience: { parentsOfClassIds: [streamS] }, channels: [] });
    expect(preview.recipients).toBe(2);
    expect(preview.byRole).toEqual({ parent: 2 });
    expect(preview).toMatchObject({ byChannel: { app: 2, sms: 0, email: 0 }, withoutAccount: 0 });
    const a = await post('teacher', { title: 'Class trip on Friday', body: 'Bring a packed lunch.', audience: { parentsOfClassIds: [streamS] } });
    expect(a.status).toBe('published');
    expect(a.recipientCount).toBe(2);
    expect(a.audienceLabel).toMatch(/^Parents of /);

    const seen = await listOf('parentA');
    const mine = seen.items.find((x) => x.id === a.id)!;
    expect(mine.read).toBe(false);
    expect(mine.authorRole).toBe('teacher');
    expect(mine.recipientCount).toBeNull();
    expect((await ok<{ unread: number }>('parentA', 'GET', '/api/announcements/unread-count')).unread).toBeGreaterThanOrEqual(1);
    expect((await listOf('parent')).items.some((x) => x.id === a.id)).toBe(false);
    expect((await req('parent', 'GET', `/api/announcements/${a.id}`)).statusCode).toBe(404);

    const bell = await system(t.database, (tx) =>
      tx
        .select({ title: adminCommunications.title, personal: adminCommunications.personal })
        .from(notifications)
        .innerJoin(adminCommunications, eq(adminCommunications.id, notifications.communicationId))
        .where(eq(notifications.userId, parentA)),
    );
    expect(bell).toContainEqual({ title: announcementMessages.bellTitle('Class trip on Friday'), personal: true });
  });

  it('a teacher cannot post to a stream they do not teach (403), nor to roles', async () => {
    const before = await countAnnouncements();
    const res = await req('teacher', 'POST', '/api/announcements', { title: 'x', body: 'y', channels: ['app'], audience: { classIds: [otherStream] } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(m.teacherOwnStreamsOnly);
    const roles = await req('teacher', 'POST', '/api/announcements', { title: 'x', body: 'y', channels: ['app'], audience: { roles: ['parent'] } });
    expect(roles.statusCode).toBe(403);
    expect(await countAnnouncements()).toBe(before);
  });

  it('a parent cannot post (403)', async () => {
    const res = await req('parent', 'POST', '/api/announcements', { title: 'x', body: 'y', channels: ['app'], audience: { roles: ['parent'] } });
    expect(res.statusCode).toBe(403);
    expect((await req('parent', 'GET', '/api/announcements/audience-options')).statusCode).toBe(403);
  });

  it('the finance officer reaches only parents who owe fees with owingOnly', async () => {
    const parentIds = (await system(t.database, (tx) => tx.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.schoolId, greenhill), eq(profiles.role, 'parent'))))).map((r) => r.id);
    const owing = await system(t.database, (tx) =>
      tx
        .selectDistinct({ id: guardians.profileId })
        .from(guardians)
        .innerJoin(studentGuardians, eq(studentGuardians.guardianId, guardians.id))
        .innerJoin(studentBalances, eq(studentBalances.studentId, studentGuardians.studentId))
        .where(and(inArray(guardians.profileId, parentIds), sql`${studentBalances.balanceCents} > 0`)),
    );
    const expected = owing.map((r) => r.id!).sort();
    expect(expected.length).toBeGreaterThan(0);
    // A parent whose children owe nothing: a guardian without an account, none of whose learners owes.
    const [clear] = await system(t.database, (tx) =>
      tx
        .select({ id: guardians.id })
        .from(guardians)
        .where(
          and(
            eq(guardians.schoolId, greenhill),
            isNull(guardians.profileId),
            sql`not exists (select 1 from ${studentGuardians} sg join ${studentBalances} b on b.student_id = sg.student_id where sg.guardian_id = ${guardians.id} and b.balance_cents > 0)`,
            sql`exists (select 1 from ${studentGuardians} sg join ${students} s on s.id = sg.student_id where sg.guardian_id = ${guardians.id} and s.status = 'active')`,
          ),
        )
        .limit(1),
    );
    const parentN = await createAccount(t.database, { email: 'parent.n@greenhill.edufam.test', name: 'Nora Parent', role: 'parent', schoolId: greenhill });
    await system(t.database, (tx) => tx.update(guardians).set({ profileId: parentN }).where(eq(guardians.id, clear!.id)));
    parentIds.push(parentN);

    const all = await ok<AnnouncementPreview>('finance', 'POST', '/api/announcements/preview', { audience: { roles: ['parent'] }, channels: ['app'] });
    expect(all.recipients).toBe(parentIds.length);
    const a = await post('finance', { title: 'Fee reminder', body: 'Please clear the balance.', audience: { roles: ['parent'], owingOnly: true } });
    const got = await ok<AnnouncementRecipients>('finance', 'GET', `/api/announcements/${a.id}/recipients`);
    expect(got.recipients.map((r) => r.userId).sort()).toEqual(expected);
    expect(got.recipients.every((r) => r.role === 'parent')).toBe(true);

    const staff = await req('finance', 'POST', '/api/announcements', { title: 'x', body: 'y', channels: ['app'], audience: { staff: true } });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().error.message).toBe(m.financeParentsOnly);
  });

  it('HR posts to staff only: no parent receives it; HR cannot address parents', async () => {
    const a = await post('hr', { title: 'Staff meeting', body: 'Monday 4 PM in the hall.', audience: { staff: true }, priority: 'high' });
    const got = await ok<AnnouncementRecipients>('hr', 'GET', `/api/announcements/${a.id}/recipients?pageSize=500`);
    expect(got.summary.recipients).toBeGreaterThan(5);
    expect(got.recipients.some((r) => r.role === 'parent')).toBe(false);
    expect(new Set(got.recipients.map((r) => r.role))).toContain('teacher');
    expect((await listOf('teacher')).items.some((x) => x.id === a.id)).toBe(true);
    expect((await listOf('parent')).items.some((x) => x.id === a.id)).toBe(false);
    const [bell] = await system(t.database, (tx) => tx.select({ priority: adminCommunications.priority }).from(adminCommunications).where(eq(adminCommunications.title, announcementMessages.bellTitle('Staff meeting'))));
    expect(bell?.priority).toBe('high');

    const parents = await req('hr', 'POST', '/api/announcements', { title: 'x', body: 'y', channels: ['app'], audience: { roles: ['parent'] } });
    expect(parents.statusCode).toBe(403);
    expect(parents.json().error.message).toBe(m.hrStaffOnly);
  });
});

describe('bad input', () => {
  it('an empty title or body, no audience, or an audience with nobody in it is 400 with nothing written', async () => {
    const before = await countAnnouncements();
    const auditBefore = Number((await system(t.database, (tx) => tx.select({ n: count() }).from(auditLogs)))[0]!.n);
    const empty = await req('principal', 'POST', '/api/announcements', { title: '  ', body: '', channels: ['app'], audience: { roles: ['parent'] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(m.titleRequired);
    const none = await req('principal', 'POST', '/api/announcements', { title: 'Hello', body: 'World', channels: ['app'], audience: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(m.audienceRequired);
    // otherStream's guardians have no accounts: nobody to reach in the app alone.
    const nobody = await req('principal', 'POST', '/api/announcements', { title: 'Hello', body: 'World', channels: ['app'], audience: { parentsOfClassIds: [otherStream] } });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().error.message).toBe(m.audienceEmpty);
    expect(await countAnnouncements()).toBe(before);
    expect(Number((await system(t.database, (tx) => tx.select({ n: count() }).from(auditLogs)))[0]!.n)).toBe(auditBefore);
  });

  it('expiry before publishing, and attachments that are not the caller’s uploads, are 400', async () => {
    const late = await req('principal', 'POST', '/api/announcements', {
      title: 'Hello',
      body: 'World',
      channels: ['app'],
      audience: { staff: true },
      publishAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(m.expiresBeforePublish);
    const files = await req('principal', 'POST', '/api/announcements', { title: 'Hello', body: 'World', channels: ['app'], audience: { staff: true }, attachmentIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(files.statusCode).toBe(400);
  });

  it('HTML and script in the body are stored and returned verbatim (the screens show text)', async () => {
    const body = '<script>alert("x")</script><b>Bold</b> & more';
    const a = await post('principal', { title: '<img src=x onerror=alert(1)>', body, audience: { parentsOfClassIds: [streamS] } });
    const got = await ok<Announcement>('parentA', 'GET', `/api/announcements/${a.id}`);
    expect(got.body).toBe(body);
    expect(got.title).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('attachments', () => {
  it('a PDF the author uploaded is attached and served to recipients only; another user’s upload is refused', async () => {
    const boundary = '----edufam-announcement-test';
    const pdf = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="term-dates.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.app.inject({ method: 'POST', url: '/api/attachments', headers: { cookie: cookie.teacher!, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(up.statusCode, up.body).toBe(201);
    const fileId = up.json<{ fileId: string }>().fileId;
    const other = await req('principal', 'POST', '/api/announcements', { title: 'x', body: 'y', channels: ['app'], audience: { staff: true }, attachmentIds: [fileId] });
    expect(other.statusCode).toBe(400);
    const a = await post('teacher', { title: 'Term dates', body: 'Attached.', audience: { parentsOfClassIds: [streamS] }, attachmentIds: [fileId] });
    expect(a.attachments).toEqual([expect.objectContaining({ fileId, name: 'term-dates.pdf', contentType: 'application/pdf' })]);
    const got = await req('parentA', 'GET', `/api/announcements/${a.id}/attachments/${fileId}`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect((await req('parent', 'GET', `/api/announcements/${a.id}/attachments/${fileId}`)).statusCode).toBe(404);
  });
});

describe('read receipts, delivery and scheduling', () => {
  it('the recipients endpoint counts a read after the parent marks it read (idempotent)', async () => {
    const a = await post('teacher', { title: 'Homework', body: 'Page 12.', audience: { parentsOfClassIds: [streamS] } });
    const before = await ok<AnnouncementRecipients>('teacher', 'GET', `/api/announcements/${a.id}/recipients`);
    expect(before.summary).toMatchObject({ recipients: 2, read: 0, readPercent: 0 });
    const first = await ok<{ readAt: string }>('parentA', 'POST', `/api/announcements/${a.id}/read`);
    const again = await ok<{ readAt: string }>('parentA', 'POST', `/api/announcements/${a.id}/read`);
    expect(again.readAt).toBe(first.readAt);
    // The bell's notification of it is read as well.
    const [bell] = await system(t.database, (tx) =>
      tx
        .select({ isRead: notifications.isRead })
        .from(notifications)
        .innerJoin(schoolAnnouncements, eq(schoolAnnouncements.communicationId, notifications.communicationId))
        .where(and(eq(schoolAnnouncements.id, a.id), eq(notifications.userId, parentA))),
    );
    expect(bell?.isRead).toBe(true);
    const after = await ok<AnnouncementRecipients>('teacher', 'GET', `/api/announcements/${a.id}/recipients`);
    expect(after.summary).toMatchObject({ recipients: 2, read: 1, readPercent: 50 });
    expect(after.recipients.find((r) => r.userId === parentA)!.readAt).toBe(first.readAt);
    expect((await listOf('parentA')).items.find((x) => x.id === a.id)!.read).toBe(true);
    // The principal may see it; a recipient may not see who else got it.
    expect((await req('principal', 'GET', `/api/announcements/${a.id}/recipients`)).statusCode).toBe(200);
    expect((await req('parentA', 'GET', `/api/announcements/${a.id}/recipients`)).statusCode).toBe(403);
  });

  it('SMS and e-mail record a status per recipient: one sent, one failed, never a 500', async () => {
    const a = await post('teacher', { title: 'Sports day', body: 'Wear house colours.', audience: { parentsOfClassIds: [streamS] }, channels: ['app', 'sms', 'email'] });
    await settleDeliveries();
    const got = await ok<AnnouncementRecipients>('teacher', 'GET', `/api/announcements/${a.id}/recipients?pageSize=500`);
    const byUser = new Map(got.recipients.map((r) => [r.userId, r]));
    expect(byUser.get(parentA)!.sms).toMatchObject({ status: 'sent', error: null });
    expect(byUser.get(parentC)!.sms).toMatchObject({ to: '254711110000', status: 'failed', error: 'InvalidPhoneNumber' });
    expect(byUser.get(parentA)!.email).toMatchObject({ to: 'parent.a@greenhill.edufam.test', status: 'sent' });
    // The stream's guardians without an account are reached by SMS (and e-mail where they have one) too.
    const guardiansOnly = got.recipients.filter((r) => !r.hasAccount);
    const count = (rs: typeof got.recipients, ch: 'sms' | 'email', st: string) => rs.filter((r) => r[ch]?.status === st).length;
    expect(got.summary.sms).toEqual({ sent: 1 + count(guardiansOnly, 'sms', 'sent'), delivered: 0, failed: 1 + count(guardiansOnly, 'sms', 'failed'), queued: 0 });
    expect(got.summary.email.sent).toBe(2 + count(guardiansOnly, 'email', 'sent'));
    expect(t.mailbox.some((mail) => mail.to === 'parent.a@greenhill.edufam.test' && mail.subject === 'Sports day' && mail.text.includes('Wear house colours.'))).toBe(true);
  });

  it('a scheduled announcement is not visible before publishAt and is after the sweep; it can be cancelled only while scheduled', async () => {
    const at = new Date(Date.now() + 3_600_000);
    const a = await post('principal', { title: 'Half-term break', body: 'School closes on Thursday.', audience: { parentsOfClassIds: [streamS] }, publishAt: at.toISOString() });
    expect(a.status).toBe('scheduled');
    expect((await listOf('parentA')).items.some((x) => x.id === a.id)).toBe(false);
    expect((await listOf('principal', '?mine=true&status=scheduled')).items.map((x) => x.id)).toContain(a.id);
    expect(await publishDueAnnouncements(t.deps)).toBe(0);

    expect(await publishDueAnnouncements(t.deps, { now: new Date(at.getTime() + 60_000) })).toBeGreaterThanOrEqual(1);
    expect(await publishDueAnnouncements(t.deps, { now: new Date(at.getTime() + 60_000) })).toBe(0);
    await settleDeliveries();
    expect((await listOf('parentA')).items.some((x) => x.id === a.id)).toBe(true);
    const rows = await system(t.database, (tx) => tx.select({ n: count() }).from(schoolAnnouncementRecipients).where(eq(schoolAnnouncementRecipients.announcementId, a.id)));
    expect(Number(rows[0]!.n)).toBe(2);
    expect((await req('principal', 'POST', `/api/announcements/${a.id}/cancel`)).statusCode).toBe(409);

    const b = await post('principal', { title: 'Rescheduled', body: 'Later.', audience: { staff: true }, publishAt: at.toISOString() });
    const cancelled = await ok<Announcement>('principal', 'POST', `/api/announcements/${b.id}/cancel`);
    expect(cancelled.status).toBe('cancelled');
    await publishDueAnnouncements(t.deps, { now: new Date(at.getTime() + 60_000) });
    expect((await ok<Announcement>('principal', 'GET', `/api/announcements/${b.id}`)).status).toBe('cancelled');
  });

  it('pinned announcements come first', async () => {
    const a = await post('principal', { title: 'Pinned notice', body: 'Read me first.', audience: { parentsOfClassIds: [streamS] } });
    await post('principal', { title: 'Newer notice', body: 'Later one.', audience: { parentsOfClassIds: [streamS] } });
    await ok<Announcement>('principal', 'POST', `/api/announcements/${a.id}/pin`, { pinned: true });
    const list = await listOf('parentA');
    expect(list.items[0]!.id).toBe(a.id);
    expect((await req('parentA', 'POST', `/api/announcements/${a.id}/pin`, { pinned: false })).statusCode).toBe(403);
  });
});

describe('tenancy', () => {
  it('another school’s announcement id is 404, and another school’s stream is 404', async () => {
    const a = await post('principal', { title: 'Greenhill only', body: 'Hello.', audience: { staff: true } });
    for (const url of [`/api/announcements/${a.id}`, `/api/announcements/${a.id}/recipients`]) expect((await req('rsPrincipal', 'GET', url)).statusCode).toBe(404);
    expect((await req('rsPrincipal', 'POST', `/api/announcements/${a.id}/read`)).statusCode).toBe(404);
    expect((await listOf('rsPrincipal', '?all=true')).items.some((x) => x.id === a.id)).toBe(false);
    const res = await req('rsPrincipal', 'POST', '/api/announcements', { title: 'x', body: 'y', channels: ['app'], audience: { classIds: [streamS] } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(m.classNotFound);
  });
});

describe('every guardian reached, with or without an account (issue 36 §2)', () => {
  /** Grade 7 East: the demo teacher's own stream. */
  let g7: string;
  /** Its guardians (of active learners): with an account (active parent profile) and without one. */
  let withAccount: string[];
  let withoutAccount: { id: string; phone: string }[];
  /** A guardian without an account who withdrew SMS consent. */
  let refusing: string;

  beforeAll(async () => {
    const options = await ok<AudienceOptions>('teacher', 'GET', '/api/announcements/audience-options');
    g7 = options.streams.find((s) => s.name === 'Grade 7 East')!.id;
    const rows = await system(t.database, (tx) =>
      tx
        .selectDistinct({ id: guardians.id, profileId: guardians.profileId, phone: guardians.phone, studentId: students.id })
        .from(students)
        .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
        .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
        .where(and(eq(students.classId, g7), eq(students.status, 'active'))),
    );
    const accounts = rows.filter((r) => r.profileId).map((r) => r.profileId!);
    const active = accounts.length ? await system(t.database, (tx) => tx.select({ id: profiles.id }).from(profiles).where(and(inArray(profiles.id, accounts), eq(profiles.status, 'active')))) : [];
    withAccount = [...new Set(active.map((r) => r.id))];
    const seen = new Map<string, { id: string; phone: string }>();
    for (const r of rows) if (!r.profileId && r.phone) seen.set(r.id, { id: r.id, phone: r.phone });
    withoutAccount = [...seen.values()];
    expect(withoutAccount.length).toBeGreaterThan(1);
    refusing = withoutAccount[0]!.id;
    const learner = rows.find((r) => r.id === refusing)!.studentId;
    await system(t.database, (tx) => tx.insert(consents).values({ schoolId: greenhill, studentId: learner, guardianId: refusing, purpose: 'sms', granted: false, source: 'school_office' }));
  });

  it('the preview counts them by channel; an SMS announcement is 201 and reaches every guardian with a phone, account holders once', async () => {
    const preview = await ok<AnnouncementPreview>('teacher', 'POST', '/api/announcements/preview', { audience: { parentsOfClassIds: [g7] }, channels: ['sms'] });
    expect(preview.recipients).toBe(withAccount.length + withoutAccount.length);
    expect(preview.withoutAccount).toBe(withoutAccount.length);
    expect(preview.byChannel.app).toBe(withAccount.length);
    expect(preview.byChannel.sms).toBeGreaterThanOrEqual(withoutAccount.length);
    expect(preview.byChannel.email).toBe(0);

    const a = await post('teacher', { title: 'Grade 7 East trip', body: 'Bring a packed lunch.', audience: { parentsOfClassIds: [g7] }, channels: ['sms'] });
    expect(a.recipientCount).toBe(withAccount.length + withoutAccount.length);
    await settleDeliveries();
    const rows = await system(t.database, (tx) => tx.select().from(schoolAnnouncementRecipients).where(eq(schoolAnnouncementRecipients.announcementId, a.id)));
    expect(rows.filter((r) => r.userId).map((r) => r.userId).sort()).toEqual([...withAccount].sort());
    expect(rows.filter((r) => r.guardianId).map((r) => r.guardianId).sort()).toEqual(withoutAccount.map((g) => g.id).sort());
    expect(rows.every((r) => (r.userId === null) !== (r.guardianId === null))).toBe(true);

    // Each guardian without an account has their SMS logged (the one who withdrew consent has none).
    const reached = rows.filter((r) => r.guardianId && r.guardianId !== refusing);
    const logged = await system(t.database, (tx) => tx.select({ id: smsMessages.id, to: smsMessages.toPhone, kind: smsMessages.kind }).from(smsMessages).where(inArray(smsMessages.id, reached.map((r) => r.smsMessageId!))));
    expect(logged).toHaveLength(reached.length);
    expect(new Set(logged.map((l) => l.kind))).toEqual(new Set(['other']));
    const phoneOf = new Map(withoutAccount.map((g) => [g.id, g.phone]));
    expect(reached.every((r) => r.smsTo === phoneOf.get(r.guardianId!))).toBe(true);
    const refused = rows.find((r) => r.guardianId === refusing)!;
    expect(refused).toMatchObject({ smsStatus: 'failed', smsError: consentMessages.api.noSmsConsent, smsMessageId: null, readAt: null });

    // The recipients endpoint: guardianId, hasAccount, channel and status.
    const got = await ok<AnnouncementRecipients>('teacher', 'GET', `/api/announcements/${a.id}/recipients?pageSize=500`);
    expect(got.summary.recipients).toBe(rows.length);
    const noAccount = got.recipients.filter((r) => !r.hasAccount);
    expect(noAccount).toHaveLength(withoutAccount.length);
    for (const r of noAccount) {
      expect(r).toMatchObject({ userId: null, role: 'parent', channel: 'sms', status: r.sms!.status });
      expect(r.guardianId).toEqual(expect.any(String));
      expect(r.name.length).toBeGreaterThan(0);
    }
    expect(noAccount.find((r) => r.guardianId === refusing)).toMatchObject({ status: 'failed', sms: { status: 'failed', error: consentMessages.api.noSmsConsent } });
    for (const r of got.recipients.filter((x) => x.hasAccount)) expect(r).toMatchObject({ guardianId: null, channel: 'app', status: 'unread' });

    // A delivery report updates a guardian's row as it does an account's.
    const target = reached.find((r) => r.smsStatus === 'sent')!;
    const [sms] = await system(t.database, (tx) => tx.select({ providerId: smsMessages.providerMessageId }).from(smsMessages).where(eq(smsMessages.id, target.smsMessageId!)));
    const before = got.recipients.find((r) => r.guardianId === target.guardianId)!;
    expect(before.sms!.status).toBe('sent');
    expect(await applyDeliveryReport(t.deps, { providerMessageId: sms!.providerId!, delivered: true })).toBe('applied');
    const after = await ok<AnnouncementRecipients>('teacher', 'GET', `/api/announcements/${a.id}/recipients?pageSize=500`);
    expect(after.recipients.find((r) => r.guardianId === target.guardianId)).toMatchObject({ status: 'delivered', sms: { status: 'delivered', error: null } });
  });

  it('an app-only announcement to the stream reaches the account holders only; an app-only audience without accounts is 400', async () => {
    if (withAccount.length) {
      const a = await post('teacher', { title: 'In the app only', body: 'Hello.', audience: { parentsOfClassIds: [g7] } });
      const rows = await system(t.database, (tx) => tx.select().from(schoolAnnouncementRecipients).where(eq(schoolAnnouncementRecipients.announcementId, a.id)));
      expect(rows.map((r) => r.userId).sort()).toEqual([...withAccount].sort());
      expect(rows.some((r) => r.guardianId)).toBe(false);
    }
    const preview = await ok<AnnouncementPreview>('principal', 'POST', '/api/announcements/preview', { audience: { parentsOfClassIds: [otherStream] }, channels: [] });
    expect(preview).toMatchObject({ recipients: 0, withoutAccount: 0 });
    const nobody = await req('principal', 'POST', '/api/announcements', { title: 'Hello', body: 'World', channels: ['app'], audience: { parentsOfClassIds: [otherStream] } });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().error.message).toBe(m.audienceEmpty);
  });
});
