import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { auditLogs, guardians, schools, smsMessages, smsReplies, studentGuardians, students } from '../src/server/db/schema/index.js';
import { DEMO_SMS_INCOMING_TOKEN, loadConfig } from '../src/server/config.js';
import { settleDeliveries } from '../src/server/modules/announcements/announcements.service.js';
import { sendSms } from '../src/server/modules/sms/index.js';
import type { AnnouncementPreview, AudienceOptions } from '../src/shared/contracts/announcements.js';
import type { ListSmsRepliesResponse, MarkSmsReplyReadResponse } from '../src/shared/contracts/sms.js';
import type { StudentDetail } from '../src/shared/contracts/learners.js';
import { smsReplyMessages } from '../src/shared/messages/sms-replies.js';
import { withLocale } from '../src/server/lib/request-locale.js';
import { openDemoApp, methodCaller, system, until, type TestApp } from './helpers.js';

/**
 * Issue 36 §2, §5: two-way SMS. Guardians' replies arrive on Africa's Talking's incoming-message
 * callback (POST /api/sms/incoming/:token), land in the inbox of the staff member who sent the SMS they
 * answer and in the principal's; STOP / ACHA opts the guardian out of non-essential SMS, START / ANZA
 * back in; the school's switch on the guardian card does the same and is audited.
 */

let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};
const { json, send } = methodCaller(() => t.app, cookie);

/** A stream the demo teacher teaches, a guardian without an account there (primary guardian of `learner`). */
let stream: string;
let guardian: { id: string; name: string; phone: string };
let learner: { id: string; firstName: string; lastName: string };
let sequence = 0;

/** Posts an incoming message as Africa's Talking does (form-encoded). */
function incoming(from: string, text: string, opts: { id?: string; token?: string } = {}) {
  const id = opts.id ?? `ATXid_test_${++sequence}`;
  return t.app.inject({
    method: 'POST',
    url: `/api/sms/incoming/${opts.token ?? DEMO_SMS_INCOMING_TOKEN}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ from, to: '22384', text, date: '2026-11-30 05:00:00', id, linkId: 'SampleLinkId123' }).toString(),
  });
}

const replies = (who: string) => json<ListSmsRepliesResponse>('GET', '/api/sms/replies?pageSize=100', who);
const optOutAt = async () => (await system(t.database, (tx) => tx.select({ at: guardians.smsOptOutAt }).from(guardians).where(eq(guardians.id, guardian.id))))[0]!.at;
const smsPreview = async () => (await json<AnnouncementPreview>('POST', '/api/announcements/preview', 'teacher', { audience: { parentsOfClassIds: [stream] }, channels: ['sms'] })).byChannel.sms;
const lastSmsTo = async (phone: string) => (await system(t.database, (tx) => tx.select().from(smsMessages).where(eq(smsMessages.toPhone, phone)).orderBy(desc(smsMessages.createdAt)).limit(1)))[0];

beforeAll(async () => {
  ({ t, greenhill } = await openDemoApp(cookie, ['principal', 'teacher', 'hr', 'parent', 'finance'], { env: { SMS_SIMULATOR_DELIVERY_DELAY_MS: '120000' } }));
  const options = await json<AudienceOptions>('GET', '/api/announcements/audience-options', 'teacher');
  const ids = options.streams.map((s) => s.id);
  const rows = await system(t.database, (tx) =>
    tx
      .select({ id: guardians.id, name: guardians.name, phone: guardians.phone, classId: students.classId, studentId: students.id, firstName: students.firstName, lastName: students.lastName })
      .from(students)
      .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
      .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
      .where(and(eq(students.schoolId, greenhill), eq(students.status, 'active'), eq(studentGuardians.isPrimary, true), isNull(guardians.profileId), isNull(guardians.email)))
      .orderBy(students.admissionNumber),
  );
  const row = rows.find((r) => r.classId && ids.includes(r.classId) && r.phone && !r.phone.endsWith('0000'))!;
  expect(row, 'the demo teacher has a learner whose primary guardian has no account and no e-mail').toBeTruthy();
  stream = row.classId!;
  guardian = { id: row.id, name: row.name, phone: row.phone };
  learner = { id: row.studentId, firstName: row.firstName, lastName: row.lastName };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('POST /api/sms/incoming/:token', () => {
  it('a reply to the teacher’s announcement SMS lands in the teacher’s inbox and the principal’s, with the guardian and learner', async () => {
    await json('POST', '/api/announcements', 'teacher', { title: 'Swimming gala', body: 'Bring a towel on Friday.', audience: { parentsOfClassIds: [stream] }, channels: ['sms'] }, 201);
    await settleDeliveries();
    const res = await incoming(`+${guardian.phone}`, 'Thank you, noted.');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, stored: true });

    const mine = await replies('teacher');
    const reply = mine.items.find((r) => r.text === 'Thank you, noted.')!;
    expect(reply).toMatchObject({ fromPhone: guardian.phone, forMe: true, readAt: null, keyword: null, guardian: { id: guardian.id, name: guardian.name } });
    expect(reply.guardian!.learners).toContain(`${learner.firstName} ${learner.lastName}`);
    expect(mine.unread).toBeGreaterThanOrEqual(1);
    const school = await replies('principal');
    expect(school.items.find((r) => r.id === reply.id)).toMatchObject({ forMe: false, guardian: { id: guardian.id } });
    // Another staff member sees only replies to what they sent; a parent has no inbox.
    expect((await replies('hr')).items.some((r) => r.id === reply.id)).toBe(false);
    expect((await send('GET', '/api/sms/replies', 'parent')).statusCode).toBe(403);
    const [row] = await system(t.database, (tx) => tx.select().from(smsReplies).where(eq(smsReplies.id, reply.id)));
    expect(row).toMatchObject({ schoolId: greenhill, guardianId: guardian.id, linkId: 'SampleLinkId123', toNumber: '22384' });
    expect(row!.smsMessageId).toEqual(expect.any(String));

    // Marking it read: once, for whoever sees it; 404 for a reader who does not.
    const read = await json<MarkSmsReplyReadResponse>('POST', `/api/sms/replies/${reply.id}/read`, 'teacher');
    expect(read.reply.readAt).toEqual(expect.any(String));
    expect(read.unread).toBe(mine.unread - 1);
    expect((await send('POST', `/api/sms/replies/${reply.id}/read`, 'hr')).statusCode).toBe(404);
  });

  it('a repeated callback id stores once; a wrong token is 404; a reply without id is 400', async () => {
    const first = await incoming(`+${guardian.phone}`, 'Sawa', { id: 'ATXid_repeat' });
    const again = await incoming(`+${guardian.phone}`, 'Sawa', { id: 'ATXid_repeat' });
    expect(first.json()).toEqual({ ok: true, stored: true });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true, stored: false });
    expect(await system(t.database, (tx) => tx.select().from(smsReplies).where(eq(smsReplies.providerId, 'ATXid_repeat')))).toHaveLength(1);
    expect((await incoming(`+${guardian.phone}`, 'Sawa', { token: 'not-the-token-at-all' })).statusCode).toBe(404);
    const noId = await t.app.inject({ method: 'POST', url: `/api/sms/incoming/${DEMO_SMS_INCOMING_TOKEN}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `from=%2B${guardian.phone}&text=hi` });
    expect(noId.statusCode).toBe(400);
  });

  it('an unknown number is kept with no guardian data: in the inbox of the school that last sent it an SMS, else in no school', async () => {
    expect((await incoming('+254799000123', 'Who is this?')).statusCode).toBe(200);
    const [nowhere] = await system(t.database, (tx) => tx.select().from(smsReplies).where(eq(smsReplies.fromPhone, '254799000123')));
    expect(nowhere).toMatchObject({ schoolId: null, guardianId: null, staffId: null, text: 'Who is this?' });
    expect((await replies('principal')).items.some((r) => r.fromPhone === '254799000123')).toBe(false);

    await sendSms(t.deps, greenhill, { to: '254799000124', body: 'Hello from the school', kind: 'other' });
    expect((await incoming('+254799000124', 'Wrong number')).statusCode).toBe(200);
    const got = (await replies('principal')).items.find((r) => r.fromPhone === '254799000124');
    expect(got).toMatchObject({ guardian: null, text: 'Wrong number', forMe: false });
  });

  it('the token is the configured one; the demo token only while the SMS simulator is on outside production', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).SMS_INCOMING_TOKEN).toBe(DEMO_SMS_INCOMING_TOKEN);
    expect(loadConfig({ NODE_ENV: 'test', SMS_INCOMING_TOKEN: 'a-long-secret-token-123' }).SMS_INCOMING_TOKEN).toBe('a-long-secret-token-123');
    expect(loadConfig({ NODE_ENV: 'test', SMS_PROVIDER: 'africastalking', AT_USERNAME: 'u', AT_API_KEY: 'k' }).SMS_INCOMING_TOKEN).toBeUndefined();
  });
});

describe('opting out of non-essential SMS (STOP / START)', () => {
  it('STOP opts the guardian out, confirmed by SMS: the next announcement skips them, a fee receipt still goes; ANZA opts back in, in their language', async () => {
    const before = await smsPreview();
    expect((await incoming(`+${guardian.phone}`, '  stop ')).statusCode).toBe(200);
    expect(await optOutAt()).toBeInstanceOf(Date);
    const confirm = await until(() => lastSmsTo(guardian.phone), (m) => m?.kind === 'other' && m.body.includes('no longer receive'));
    expect(confirm!.body).toContain('Reply START');
    const detail = await json<StudentDetail>('GET', `/api/students/${learner.id}`, 'principal');
    expect(detail.guardians.find((g) => g.id === guardian.id)!.smsOptOut).toBe(true);
    expect((await replies('principal')).items.find((r) => r.keyword === 'stop')).toBeTruthy();

    // The next announcement SMS skips them.
    expect(await smsPreview()).toBe(before - 1);
    await json('POST', '/api/announcements', 'teacher', { title: 'Gala moved', body: 'Now on Saturday.', audience: { parentsOfClassIds: [stream] }, channels: ['sms'] }, 201);
    await settleDeliveries();
    expect((await lastSmsTo(guardian.phone))!.body).not.toContain('Now on Saturday.');
    // A fee reminder is not sent; a fee receipt still goes.
    expect(await sendSms(t.deps, greenhill, { to: guardian.phone, body: 'Fee reminder', kind: 'reminder', studentId: learner.id })).toBe('failed');
    expect(await lastSmsTo(guardian.phone)).toMatchObject({ kind: 'reminder', status: 'failed', error: smsReplyMessages.optedOut, providerMessageId: null });
    await json('POST', '/api/fees/payments', 'finance', { studentId: learner.id, amount: 150, method: 'cash', reference: null, paidOn: new Date().toISOString().slice(0, 10) }, 201);
    const receipt = await until(() => lastSmsTo(guardian.phone), (m) => m?.kind === 'receipt' && m.status !== 'queued');
    expect(receipt).toMatchObject({ kind: 'receipt', status: 'sent' });

    // ANZA in Kiswahili for a guardian who reads Kiswahili.
    await system(t.database, (tx) => tx.update(guardians).set({ preferredLanguage: 'sw' }).where(eq(guardians.id, guardian.id)));
    expect((await incoming(`+${guardian.phone}`, 'Anza')).statusCode).toBe(200);
    expect(await optOutAt()).toBeNull();
    const [school] = await system(t.database, (tx) => tx.select({ name: schools.name }).from(schools).where(eq(schools.id, greenhill)));
    const sw = await until(() => lastSmsTo(guardian.phone), (m) => m?.kind === 'other' && m.body.includes('Utapokea tena'));
    expect(sw!.body).toBe(withLocale('sw', () => smsReplyMessages.optedInSms(school!.name)));
    expect(await smsPreview()).toBe(before);
    const audits = await system(t.database, (tx) => tx.select().from(auditLogs).where(eq(auditLogs.targetEntity, `guardian:${guardian.id}`)));
    expect(audits.some((a) => (a.newValue as { smsOptOut?: boolean })?.smsOptOut === true && (a.metadata as { source?: string })?.source === 'sms')).toBe(true);
    await system(t.database, (tx) => tx.update(guardians).set({ preferredLanguage: null }).where(eq(guardians.id, guardian.id)));
  });

  it('the school’s switch on the guardian card does the same and is audited', async () => {
    const before = await smsPreview();
    const url = `/api/students/${learner.id}/guardians/${guardian.id}`;
    const on = await json<StudentDetail>('PATCH', url, 'principal', { smsOptOut: true });
    expect(on.guardians.find((g) => g.id === guardian.id)!.smsOptOut).toBe(true);
    expect(await optOutAt()).toBeInstanceOf(Date);
    expect(await smsPreview()).toBe(before - 1);
    const off = await json<StudentDetail>('PATCH', url, 'principal', { smsOptOut: false });
    expect(off.guardians.find((g) => g.id === guardian.id)!.smsOptOut).toBe(false);
    expect(await smsPreview()).toBe(before);
    const audits = await system(t.database, (tx) =>
      tx.select().from(auditLogs).where(and(eq(auditLogs.targetEntity, `guardian:${guardian.id}`), eq(auditLogs.action, 'GUARDIAN_UPDATED'))).orderBy(desc(auditLogs.createdAt)),
    );
    const values = audits.map((a) => [a.oldValue, a.newValue]);
    expect(values).toContainEqual([{ smsOptOut: false }, { smsOptOut: true }]);
    expect(values).toContainEqual([{ smsOptOut: true }, { smsOptOut: false }]);
  });
});
