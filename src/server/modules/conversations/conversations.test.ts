import { and, eq, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, createAccount, createTestApp, profileIdOf, schoolIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';
import type { BroadcastResult, Contact, ConversationDetail, ConversationMessage, ConversationSummary, MessagePage, MessageReport, ReviewableConversation, UnreadCount } from '../../../shared/contracts/conversations.js';
import { conversationMessages as cm } from '../../../shared/messages/conversations.js';
import { auditLogs, classes, conversationMessages, guardians, profiles, staffOfficeHours, studentGuardians, students } from '../../db/schema/index.js';
import type { LiveEvent } from '../../events/bus.js';
import { nairobiClock, withinOfficeHours } from './conversations.service.js';

/**
 * Conversations (issue 17 §2, §4): who may start a conversation with whom (403), who may read one (404,
 * other schools too), idempotent sends, bad bodies, text kept verbatim, a teacher's broadcast with
 * private replies, office-hours auto-replies, reports and the principal's audited review, unread counts,
 * archive and search. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};
const id: Record<string, string> = {};
const events: LiveEvent[] = [];

type Method = 'GET' | 'POST' | 'PUT';
const req = (who: string, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { cookie: cookie[who]!, ...headers }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const ok = async <T>(who: string, method: Method, url: string, payload?: unknown, status = 200, headers: Record<string, string> = {}): Promise<T> => {
  const res = await req(who, method, url, payload, headers);
  expect(res.statusCode, res.body).toBe(status);
  return (res.body ? res.json() : undefined) as T;
};
const fails = async (who: string, method: Method, url: string, payload: unknown, status: number, message?: string) => {
  const res = await req(who, method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  if (message) expect(res.json<{ error: { message: string } }>().error.message).toContain(message);
};

/** Creates a parent account linked as guardian of `studentId`. */
async function parentOf(email: string, name: string, studentId: string): Promise<string> {
  const pid = await createAccount(t.database, { email, name, role: 'parent', schoolId: greenhill });
  await system(t.database, async (tx) => {
    const [g] = await tx.insert(guardians).values({ schoolId: greenhill, profileId: pid, name, phone: `2547${Math.floor(10_000_000 + Math.random() * 89_999_999)}` }).returning({ id: guardians.id });
    await tx.insert(studentGuardians).values({ schoolId: greenhill, studentId, guardianId: g!.id, relationship: 'mother', isPrimary: false });
  });
  cookie[email] = await signIn(t.app, email, 'school');
  return pid;
}

beforeAll(async () => {
  t = await createTestApp();
  t.deps.events.subscribe((e) => events.push(e));
  greenhill = await schoolIdOf(t.database, 'greenhill');
  for (const [who, email] of Object.entries(DEMO.greenhill)) {
    cookie[who] = await signIn(t.app, email, 'school');
    id[who] = await profileIdOf(t.database, email);
  }
  cookie.rsParent = await signIn(t.app, DEMO.riverside.parent, 'school');
  cookie.rsTeacher = await signIn(t.app, DEMO.riverside.teacher, 'school');
  id.rsTeacher = await profileIdOf(t.database, DEMO.riverside.teacher);
  // Office hours of the demo teacher are seeded; the tests below set them where they matter.
  await system(t.database, (tx) => tx.update(staffOfficeHours).set({ enabled: false }));
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe('demo data', () => {
  it('seeds the demo parent’s conversations with some unread, and office hours for the demo teacher', async () => {
    const list = await ok<ConversationSummary[]>('parent', 'GET', '/api/conversations');
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.some((c) => c.participants.some((p) => p.role === 'finance_officer'))).toBe(true);
    expect(list.some((c) => c.participants.some((p) => p.roleLabel.startsWith('Class teacher, ')))).toBe(true);
    const unread = await ok<UnreadCount>('parent', 'GET', '/api/conversations/unread-count');
    expect(unread.unread).toBeGreaterThan(0);
    expect(unread.conversations).toBe(list.filter((c) => c.unread > 0).length);
    const staff = await ok<ConversationSummary[]>('principal', 'GET', '/api/conversations');
    expect(staff.some((c) => c.participants.some((p) => p.userId === id.teacher))).toBe(true);
    const [hours] = await system(t.database, (tx) => tx.select().from(staffOfficeHours).where(eq(staffOfficeHours.userId, id.teacher!)));
    expect(hours?.autoReply).toBe(cm.defaultAutoReply);
  });
});

describe('who may message whom', () => {
  it('a parent’s contacts are their children’s teachers, the principal and the finance office, never parents', async () => {
    const contacts = await ok<Contact[]>('parent', 'GET', '/api/conversations/contacts');
    expect(contacts.some((c) => c.role === 'principal')).toBe(true);
    expect(contacts.some((c) => c.role === 'finance_officer')).toBe(true);
    expect(contacts.some((c) => c.role === 'teacher' && /teacher, /.test(c.roleLabel))).toBe(true);
    expect(contacts.some((c) => c.role === 'parent' || c.role === 'hr' || c.role === 'school_director')).toBe(false);
  });

  it('403 for a staff member not serving the parent’s children, and for another parent', async () => {
    const contacts = await ok<Contact[]>('parent', 'GET', '/api/conversations/contacts');
    const served = new Set(contacts.map((c) => c.userId));
    const [stranger] = await system(t.database, (tx) =>
      tx.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.schoolId, greenhill), eq(profiles.role, 'teacher'), eq(profiles.status, 'active'))),
    ).then((rows) => rows.filter((r) => !served.has(r.id)));
    expect(stranger).toBeTruthy();
    await fails('parent', 'POST', '/api/conversations', { participantIds: [stranger!.id], body: 'Hello' }, 403, cm.api.notAContact);
    await fails('parent', 'POST', '/api/conversations', { participantIds: [id.hr] }, 403, cm.api.notAContact);
    const [kid] = await system(t.database, (tx) => tx.select({ id: students.id }).from(students).where(and(eq(students.schoolId, greenhill), eq(students.status, 'active'))).limit(1));
    const other = await parentOf('other.parent@greenhill.edufam.test', 'Other Parent', kid!.id);
    await fails('parent', 'POST', '/api/conversations', { participantIds: [other] }, 403, cm.api.notAContact);
    // A staff member of another school is nobody's contact either.
    await fails('parent', 'POST', '/api/conversations', { participantIds: [id.rsTeacher] }, 403);
    const n = await system(t.database, (tx) => tx.select({ id: conversationMessages.id }).from(conversationMessages).where(eq(conversationMessages.body, 'Hello')));
    expect(n).toHaveLength(0);
  });

  it('400 for nobody, only yourself, or more than 20 people', async () => {
    await fails('parent', 'POST', '/api/conversations', { participantIds: [] }, 400, cm.api.participantsRequired);
    await fails('parent', 'POST', '/api/conversations', { participantIds: [id.parent] }, 400, cm.api.selfOnly);
    const many = Array.from({ length: 21 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    await fails('principal', 'POST', '/api/conversations', { participantIds: many }, 400, cm.api.tooManyParticipants(20));
  });

  it('HR and the finance officer can message staff; a parent reuses the direct conversation with a teacher', async () => {
    const hr = await ok<ConversationDetail>('hr', 'POST', '/api/conversations', { participantIds: [id.teacher], subject: 'Leave days', body: 'Please confirm your leave dates.' }, 201);
    expect(hr.participants.map((p) => p.userId).sort()).toEqual([id.hr, id.teacher].sort());
    const fin = await ok<ConversationDetail>('finance', 'POST', '/api/conversations', { participantIds: [id.principal] }, 201);
    expect(fin.kind).toBe('direct');
    const again = await ok<ConversationDetail>('finance', 'POST', '/api/conversations', { participantIds: [id.principal] }, 200);
    expect(again.id).toBe(fin.id);
    // The teacher now sees HR's message as unread.
    const list = await ok<ConversationSummary[]>('teacher', 'GET', '/api/conversations');
    expect(list.find((c) => c.id === hr.id)?.unread).toBe(1);
    expect(list.find((c) => c.id === hr.id)?.lastMessage?.senderName).toBeTruthy();
  });
});

describe('messages', () => {
  let conv: ConversationDetail;
  let teacherId: string;

  beforeAll(async () => {
    const contacts = await ok<Contact[]>('parent', 'GET', '/api/conversations/contacts');
    teacherId = contacts.find((c) => c.role === 'teacher' && c.roleLabel.startsWith('Class teacher'))!.userId;
    conv = await ok<ConversationDetail>('parent', 'POST', '/api/conversations', { participantIds: [teacherId], subject: 'Sports day' }, 201);
  });

  it('the same Idempotency-Key twice stores one message (second answer 200, same id), also when sent at once', async () => {
    const url = `/api/conversations/${conv.id}/messages`;
    const first = await ok<ConversationMessage>('parent', 'POST', url, { body: 'Is sports day on Friday?' }, 201, { 'idempotency-key': 'k-1' });
    const second = await ok<ConversationMessage>('parent', 'POST', url, { body: 'Is sports day on Friday?' }, 200, { 'idempotency-key': 'k-1' });
    expect(second.id).toBe(first.id);
    const burst = await Promise.all([1, 2, 3, 4].map(() => req('parent', 'POST', url, { body: 'Retry storm' }, { 'idempotency-key': 'k-2' })));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(burst.map((r) => r.json<ConversationMessage>().id)).size).toBe(1);
    const rows = await system(t.database, (tx) =>
      tx.select({ id: conversationMessages.id }).from(conversationMessages).where(and(eq(conversationMessages.conversationId, conv.id), eq(conversationMessages.senderId, id.parent!))),
    );
    expect(rows).toHaveLength(2);
    // Without a key every send is a new message.
    await ok('parent', 'POST', url, { body: 'No key' }, 201);
    await ok('parent', 'POST', url, { body: 'No key' }, 201);
  });

  it('refuses empty and too long bodies, and keeps HTML and script as text', async () => {
    const url = `/api/conversations/${conv.id}/messages`;
    await fails('parent', 'POST', url, { body: '' }, 400, cm.api.bodyRequired);
    await fails('parent', 'POST', url, { body: '   \n ' }, 400, cm.api.bodyRequired);
    await fails('parent', 'POST', url, { body: 'x'.repeat(5001) }, 400, cm.api.bodyTooLong(5000));
    await fails('parent', 'POST', url, { body: 'hi', attachmentIds: ['00000000-0000-4000-8000-000000000001'] }, 400);
    const script = '<script>alert("x")</script><b>bold</b>';
    const sent = await ok<ConversationMessage>('parent', 'POST', url, { body: `  ${script}  ` }, 201);
    expect(sent.body).toBe(script);
    const page = await ok<MessagePage>('parent', 'GET', `${url}?limit=200`);
    expect(page.messages.at(-1)?.body).toBe(script);
  });

  it('reads, read status, unread counts, paging and live events', async () => {
    const url = `/api/conversations/${conv.id}/messages`;
    const teacherCookie = teacherId === id.teacher ? 'teacher' : await (async () => {
      const [p] = await system(t.database, (tx) => tx.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, teacherId)));
      cookie.classTeacher = await signIn(t.app, p!.email, 'school');
      return 'classTeacher';
    })();
    const before = await ok<ConversationSummary[]>(teacherCookie, 'GET', '/api/conversations');
    expect(before.find((c) => c.id === conv.id)?.unread).toBeGreaterThan(0);
    let page = await ok<MessagePage>('parent', 'GET', url);
    expect(page.messages.every((m) => !m.readByAll)).toBe(true);
    events.length = 0;
    await ok(teacherCookie, 'POST', `/api/conversations/${conv.id}/read`, undefined, 204);
    expect(events.some((e) => e.type === 'messages.changed' && e.data.conversationId === conv.id && e.audience.userIds?.includes(id.parent!))).toBe(true);
    // Reading again with nothing new tells nobody (two open screens never ping-pong).
    events.length = 0;
    await ok(teacherCookie, 'POST', `/api/conversations/${conv.id}/read`, undefined, 204);
    expect(events).toHaveLength(0);
    page = await ok<MessagePage>('parent', 'GET', url);
    expect(page.messages.every((m) => m.readByAll && m.readBy === 1)).toBe(true);
    const after = await ok<ConversationSummary[]>(teacherCookie, 'GET', '/api/conversations');
    expect(after.find((c) => c.id === conv.id)?.unread).toBe(0);
    const reply = await ok<ConversationMessage>(teacherCookie, 'POST', url, { body: 'Yes, from 9 AM.' }, 201);
    expect(reply.readByAll).toBe(false);
    expect(events.some((e) => e.type === 'messages.changed' && e.audience.userIds?.includes(id.parent!))).toBe(true);
    const older = await ok<MessagePage>('parent', 'GET', `${url}?limit=2`);
    expect(older.hasMore).toBe(true);
    expect(older.messages.map((m) => m.body)).toContain('Yes, from 9 AM.');
    const earlier = await ok<MessagePage>('parent', 'GET', `${url}?limit=2&before=${older.messages[0]!.id}`);
    expect(earlier.messages).toHaveLength(2);
    expect(earlier.messages[1]!.createdAt <= older.messages[0]!.createdAt).toBe(true);
  });

  it('search and archive', async () => {
    const hits = await ok<ConversationSummary[]>('parent', 'GET', '/api/conversations?q=sports');
    expect(hits.map((c) => c.id)).toContain(conv.id);
    const byBody = await ok<ConversationSummary[]>('parent', 'GET', '/api/conversations?q=retry%20storm');
    expect(byBody.map((c) => c.id)).toEqual([conv.id]);
    expect(await ok<ConversationSummary[]>('parent', 'GET', '/api/conversations?q=zzzz-nothing')).toEqual([]);
    await ok('parent', 'POST', `/api/conversations/${conv.id}/archive`, { archived: true }, 204);
    expect((await ok<ConversationSummary[]>('parent', 'GET', '/api/conversations')).map((c) => c.id)).not.toContain(conv.id);
    expect((await ok<ConversationSummary[]>('parent', 'GET', '/api/conversations?archived=true')).map((c) => c.id)).toEqual([conv.id]);
  });

  it('404 for a parent not in it, for another school and for unknown ids', async () => {
    const url = `/api/conversations/${conv.id}`;
    for (const who of ['other.parent@greenhill.edufam.test', 'rsParent', 'rsTeacher', 'hr']) {
      await fails(who, 'GET', url, undefined, 404, cm.api.notFound);
      await fails(who, 'GET', `${url}/messages`, undefined, 404);
      await fails(who, 'POST', `${url}/messages`, { body: 'Sneaking in' }, 404);
      await fails(who, 'POST', `${url}/read`, undefined, 404);
    }
    await fails('parent', 'GET', '/api/conversations/00000000-0000-4000-8000-000000000000', undefined, 404);
    await fails('parent', 'GET', '/api/conversations/not-a-uuid', undefined, 400);
  });
});

describe('broadcast to the parents of a stream', () => {
  it('creates a private conversation per parent; a reply is seen only by that parent and the teacher', async () => {
    const [stream] = await system(t.database, (tx) => tx.select({ id: classes.id }).from(classes).where(eq(classes.classTeacherId, id.teacher!)).limit(1));
    const kids = await system(t.database, (tx) => tx.select({ id: students.id }).from(students).where(and(eq(students.classId, stream!.id), eq(students.status, 'active'))).limit(2));
    const pa = await parentOf('broadcast.a@greenhill.edufam.test', 'Parent Alpha', kids[0]!.id);
    await parentOf('broadcast.b@greenhill.edufam.test', 'Parent Beta', kids[1]!.id);
    events.length = 0;
    const res = await ok<BroadcastResult>('teacher', 'POST', '/api/conversations/broadcast', { classId: stream!.id, subject: 'Trip to the museum', body: 'We visit the museum on Friday.' }, 201);
    expect(res.recipients).toBeGreaterThanOrEqual(2);
    expect(res.conversations).toHaveLength(res.recipients);
    // Each parent is told about their own conversation only.
    const told = events.filter((e) => e.type === 'messages.changed');
    expect(told).toHaveLength(res.recipients);
    expect(told.every((e) => e.audience.userIds?.length === 2 && e.audience.userIds.includes(id.teacher!))).toBe(true);
    const mine = await ok<ConversationSummary[]>('broadcast.a@greenhill.edufam.test', 'GET', '/api/conversations');
    const convA = mine.find((c) => c.broadcastId === res.broadcastId)!;
    expect(convA.participants.map((p) => p.userId).sort()).toEqual([pa, id.teacher].sort());
    expect(convA.unread).toBe(1);
    await ok('broadcast.a@greenhill.edufam.test', 'POST', `/api/conversations/${convA.id}/messages`, { body: 'Thank you, noted.' }, 201);
    await fails('broadcast.b@greenhill.edufam.test', 'GET', `/api/conversations/${convA.id}/messages`, undefined, 404);
    const bList = await ok<ConversationSummary[]>('broadcast.b@greenhill.edufam.test', 'GET', '/api/conversations');
    expect(bList.some((c) => c.lastMessage?.body === 'Thank you, noted.')).toBe(false);
    const tPage = await ok<MessagePage>('teacher', 'GET', `/api/conversations/${convA.id}/messages`);
    expect(tPage.messages.map((m) => m.body)).toEqual(['We visit the museum on Friday.', 'Thank you, noted.']);
    // A second broadcast reuses the same private conversations.
    const again = await ok<BroadcastResult>('teacher', 'POST', '/api/conversations/broadcast', { classId: stream!.id, body: 'Bring a packed lunch.' }, 201);
    expect(again.conversations).toContain(convA.id);
  });

  it('403 for another teacher’s stream, 400 for a stream without any guardian, 404 for another school', async () => {
    const mineIds = await system(t.database, (tx) => tx.select({ id: classes.id }).from(classes).where(eq(classes.classTeacherId, id.teacher!)));
    const [otherStream] = await system(t.database, (tx) =>
      tx
        .select({ id: classes.id })
        .from(classes)
        .where(and(eq(classes.schoolId, greenhill), ne(classes.classTeacherId, id.teacher!))),
    ).then(async (rows) => {
      const { teacherAssignments } = await import('../../db/schema/index.js');
      const taught = await system(t.database, (tx) => tx.select({ id: teacherAssignments.classId }).from(teacherAssignments).where(eq(teacherAssignments.teacherId, id.teacher!)));
      const skip = new Set([...mineIds, ...taught].map((r) => r.id));
      return rows.filter((r) => !skip.has(r.id));
    });
    await fails('teacher', 'POST', '/api/conversations/broadcast', { classId: otherStream!.id, body: 'Hello parents' }, 403, cm.api.broadcastNotYourStream);
    await fails('parent', 'POST', '/api/conversations/broadcast', { classId: otherStream!.id, body: 'Hello parents' }, 403);
    // Issue 36 §2: guardians without an account are reached too, so only a stream without any guardian is 400.
    const [year] = await system(t.database, (tx) => tx.select({ id: classes.academicYearId }).from(classes).where(eq(classes.id, otherStream!.id)));
    const [empty] = await system(t.database, (tx) =>
      tx.insert(classes).values({ schoolId: greenhill, academicYearId: year!.id, name: 'Grade 9 Empty', gradeLevel: 'Grade 9', levelOrder: 9, stream: 'Empty', band: 'Junior School' }).returning({ id: classes.id }),
    );
    await fails('principal', 'POST', '/api/conversations/broadcast', { classId: empty!.id, body: 'Hello parents' }, 400, cm.api.broadcastNoParents);
    const [rsStream] = await system(t.database, (tx) => tx.select({ id: classes.id }).from(classes).where(ne(classes.schoolId, greenhill)).limit(1));
    await fails('principal', 'POST', '/api/conversations/broadcast', { classId: rsStream!.id, body: 'Hello parents' }, 404);
  });
});

describe('office hours', () => {
  it('checks Nairobi time against the hours', () => {
    // 2026-11-23 is a Monday; 06:00 UTC = 09:00 in Nairobi.
    const monday9 = new Date('2026-11-23T06:00:00Z');
    expect(nairobiClock(monday9)).toEqual({ day: 0, time: '09:00' });
    expect(withinOfficeHours({ days: [0, 1, 2, 3, 4], start: '08:00', end: '17:00' }, monday9)).toBe(true);
    expect(withinOfficeHours({ days: [0, 1, 2, 3, 4], start: '08:00', end: '17:00' }, new Date('2026-11-23T15:00:00Z'))).toBe(false);
    expect(withinOfficeHours({ days: [0, 1, 2, 3, 4], start: '08:00', end: '17:00' }, new Date('2026-11-28T06:00:00Z'))).toBe(false);
  });

  it('a parent writing outside them gets the auto-reply once; parents cannot set office hours', async () => {
    await fails('parent', 'GET', '/api/conversations/office-hours', undefined, 403);
    await fails('teacher', 'PUT', '/api/conversations/office-hours', { enabled: true, days: [0], start: '17:00', end: '08:00', autoReply: 'x' }, 400, cm.api.officeHoursOrder);
    await fails('teacher', 'PUT', '/api/conversations/office-hours', { enabled: true, days: [], start: '08:00', end: '17:00', autoReply: 'x' }, 400, cm.api.officeHoursDays);
    const { time } = nairobiClock(new Date());
    const window = time < '12:00' ? { start: '13:00', end: '14:00' } : { start: '01:00', end: '02:00' };
    const text = 'I reply between 8 AM and 5 PM on school days.';
    await ok('teacher', 'PUT', '/api/conversations/office-hours', { enabled: true, days: [0, 1, 2, 3, 4, 5, 6], ...window, autoReply: text });
    expect((await ok<{ autoReply: string }>('teacher', 'GET', '/api/conversations/office-hours')).autoReply).toBe(text);
    const contacts = await ok<Contact[]>('parent', 'GET', '/api/conversations/contacts');
    expect(contacts.some((c) => c.userId === id.teacher)).toBe(true);
    const conv = await ok<ConversationDetail>('parent', 'POST', '/api/conversations', { participantIds: [id.teacher], subject: 'After hours' }, 201);
    const url = `/api/conversations/${conv.id}/messages`;
    await ok('parent', 'POST', url, { body: 'Are you there?' }, 201);
    await ok('parent', 'POST', url, { body: 'Hello again' }, 201);
    const page = await ok<MessagePage>('parent', 'GET', url);
    const autos = page.messages.filter((m) => m.autoReply);
    expect(autos).toHaveLength(1);
    expect(autos[0]).toMatchObject({ senderId: id.teacher, body: text });
    // Staff writing to staff get no auto-reply.
    const staff = await ok<ConversationDetail>('principal', 'POST', '/api/conversations', { participantIds: [id.teacher], subject: 'Staff only', body: 'Late note' }, 201);
    expect((await ok<MessagePage>('principal', 'GET', `/api/conversations/${staff.id}/messages`)).messages.filter((m) => m.autoReply)).toHaveLength(0);
    await ok('teacher', 'PUT', '/api/conversations/office-hours', { enabled: false, days: [0], start: '08:00', end: '17:00', autoReply: text });
  });
});

describe('safeguarding', () => {
  it('reports: participants report others’ messages once; the principal reviews them', async () => {
    const list = await ok<ConversationSummary[]>('parent', 'GET', '/api/conversations');
    const withTeacher = list.find((c) => c.participants.some((p) => p.role === 'teacher'))!;
    const page = await ok<MessagePage>('parent', 'GET', `/api/conversations/${withTeacher.id}/messages`);
    const theirs = page.messages.find((m) => m.senderId !== id.parent)!;
    const own = page.messages.find((m) => m.senderId === id.parent)!;
    await fails('parent', 'POST', `/api/messages/${own.id}/report`, { reason: 'x' }, 400, cm.api.reportOwnMessage);
    await fails('parent', 'POST', `/api/messages/${theirs.id}/report`, { reason: '  ' }, 400, cm.api.reportReasonRequired);
    await fails('rsParent', 'POST', `/api/messages/${theirs.id}/report`, { reason: 'Rude' }, 404);
    await fails('hr', 'POST', `/api/messages/${theirs.id}/report`, { reason: 'Rude' }, 404);
    const made = await ok<{ id: string }>('parent', 'POST', `/api/messages/${theirs.id}/report`, { reason: 'Rude tone' }, 201);
    await fails('parent', 'POST', `/api/messages/${theirs.id}/report`, { reason: 'Again' }, 409, cm.api.reportExists);
    await fails('teacher', 'GET', '/api/conversations/reports', undefined, 403);
    const open = await ok<MessageReport[]>('principal', 'GET', '/api/conversations/reports');
    const r = open.find((x) => x.id === made.id)!;
    expect(r).toMatchObject({ status: 'open', reason: 'Rude tone', message: { id: theirs.id }, reportedBy: { userId: id.parent } });
    const closed = await ok<MessageReport>('principal', 'POST', `/api/conversations/reports/${made.id}`, { status: 'reviewed' });
    expect(closed.status).toBe('reviewed');
    expect((await ok<MessageReport[]>('principal', 'GET', '/api/conversations/reports')).some((x) => x.id === made.id)).toBe(false);
    await fails('principal', 'POST', `/api/conversations/reports/${made.id}`, { status: 'open' }, 400);
  });

  it('the principal reads a conversation involving a parent only with a reason, audited; staff-only ones 404', async () => {
    const list = await ok<ConversationSummary[]>('parent', 'GET', '/api/conversations');
    const target = list.find((c) => !c.participants.some((p) => p.userId === id.principal))!;
    await fails('principal', 'GET', `/api/conversations/${target.id}`, undefined, 404);
    await fails('principal', 'GET', `/api/conversations/${target.id}/review`, undefined, 400, cm.api.reviewReasonRequired);
    await fails('principal', 'GET', `/api/conversations/${target.id}/review?reason=`, undefined, 400);
    await fails('teacher', 'GET', `/api/conversations/${target.id}/review?reason=concern`, undefined, 403);
    const review = await ok<{ conversation: ConversationDetail; messages: ConversationMessage[] }>('principal', 'GET', `/api/conversations/${target.id}/review?reason=${encodeURIComponent('Concern raised by a parent')}`);
    expect(review.conversation.id).toBe(target.id);
    expect(review.messages.length).toBeGreaterThan(0);
    const audits = await system(t.database, (tx) => tx.select().from(auditLogs).where(and(eq(auditLogs.action, 'conversations.reviewed'), eq(auditLogs.resource, target.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ performedByUserId: id.principal, schoolId: greenhill, metadata: { reason: 'Concern raised by a parent' } });
    const staffOnly = (await ok<ConversationSummary[]>('hr', 'GET', '/api/conversations')).find((c) => c.participants.every((p) => p.role !== 'parent'))!;
    await fails('principal', 'GET', `/api/conversations/${staffOnly.id}/review?reason=curious`, undefined, 404);
    const [rs] = await system(t.database, (tx) => tx.select({ id: conversationMessages.conversationId }).from(conversationMessages).where(ne(conversationMessages.schoolId, greenhill)).limit(1));
    await fails('principal', 'GET', `/api/conversations/${rs!.id}/review?reason=curious`, undefined, 404);
  });

  it('the principal finds conversations involving a parent by guardian or learner name, metadata only', async () => {
    await fails('teacher', 'GET', '/api/conversations/reviewable', undefined, 403);
    await fails('parent', 'GET', '/api/conversations/reviewable', undefined, 403);
    await fails('principal', 'GET', '/api/conversations/reviewable?page=0', undefined, 400);
    const [parent] = await system(t.database, (tx) => tx.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, id.parent!)));
    const [child] = await system(t.database, (tx) =>
      tx
        .select({ firstName: students.firstName, lastName: students.lastName })
        .from(guardians)
        .innerJoin(studentGuardians, eq(studentGuardians.guardianId, guardians.id))
        .innerJoin(students, eq(students.id, studentGuardians.studentId))
        .where(and(eq(guardians.profileId, id.parent!), eq(students.status, 'active')))
        .limit(1),
    );
    const own = await ok<ConversationSummary[]>('parent', 'GET', '/api/conversations');
    const res = await req('principal', 'GET', `/api/conversations/reviewable?q=${encodeURIComponent(parent!.name)}`);
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json<ReviewableConversation[]>();
    // Every conversation of the demo parent, including those the principal is not in, with names and roles.
    for (const c of own) expect(found.map((f) => f.id)).toContain(c.id);
    const one = found.find((f) => f.id === own[0]!.id)!;
    expect(one.participants.find((p) => p.userId === id.parent)).toMatchObject({ name: parent!.name, role: 'parent' });
    expect(one.participants.find((p) => p.userId === id.parent)!.roleLabel).toContain(child!.firstName);
    expect(one.messageCount).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(one.lastActivityAt))).toBe(false);
    // Never a message body.
    const page = await ok<MessagePage>('parent', 'GET', `/api/conversations/${own[0]!.id}/messages`);
    for (const msg of page.messages) expect(res.body).not.toContain(JSON.stringify(msg.body).slice(1, -1));
    expect(found.every((f) => !('lastMessage' in f) && !('messages' in f))).toBe(true);
    // By the learner's name.
    const byLearner = await ok<ReviewableConversation[]>('principal', 'GET', `/api/conversations/reviewable?q=${encodeURIComponent(`${child!.firstName} ${child!.lastName}`)}`);
    for (const c of own) expect(byLearner.map((f) => f.id)).toContain(c.id);
    expect(await ok<ReviewableConversation[]>('principal', 'GET', '/api/conversations/reviewable?q=zzqq-nobody')).toEqual([]);
    // Staff-only and other schools' conversations never appear.
    const staffOnly = (await ok<ConversationSummary[]>('hr', 'GET', '/api/conversations')).find((c) => c.participants.every((p) => p.role !== 'parent'))!;
    const [rs] = await system(t.database, (tx) => tx.select({ id: conversationMessages.conversationId }).from(conversationMessages).where(ne(conversationMessages.schoolId, greenhill)).limit(1));
    const all: ReviewableConversation[] = [];
    for (let p = 1; p <= 20; p++) {
      const batch = await ok<ReviewableConversation[]>('principal', 'GET', `/api/conversations/reviewable?page=${p}`);
      all.push(...batch);
      if (batch.length < 30) break;
    }
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((c) => c.participants.some((p) => p.role === 'parent'))).toBe(true);
    expect(all.map((c) => c.id)).not.toContain(staffOnly.id);
    expect(all.map((c) => c.id)).not.toContain(rs!.id);
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
  });

  it('attachments are served only to participants', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082', 'hex');
    const boundary = '----edufam';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.app.inject({ method: 'POST', url: '/api/attachments', headers: { cookie: cookie.parent!, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(up.statusCode, up.body).toBe(201);
    const file = up.json<{ fileId: string }>();
    const conv = (await ok<ConversationSummary[]>('parent', 'GET', '/api/conversations')).find((c) => c.participants.some((p) => p.role === 'finance_officer'))!;
    const sent = await ok<ConversationMessage>('parent', 'POST', `/api/conversations/${conv.id}/messages`, { body: 'Receipt attached', attachmentIds: [file.fileId] }, 201);
    expect(sent.attachments.map((a) => a.fileId)).toEqual([file.fileId]);
    const url = `/api/conversations/${conv.id}/messages/${sent.id}/attachments/${file.fileId}`;
    const got = await req('finance', 'GET', url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    await fails('teacher', 'GET', url, undefined, 404);
    await fails('rsParent', 'GET', url, undefined, 404);
    // Another's upload cannot be attached.
    await fails('finance', 'POST', `/api/conversations/${conv.id}/messages`, { body: 'Reusing', attachmentIds: [file.fileId] }, 400);
  });
});

describe('unread count', () => {
  it('drops when the parent reads', async () => {
    const list = await ok<ConversationSummary[]>('parent', 'GET', '/api/conversations');
    const unread = list.filter((c) => c.unread > 0);
    const before = await ok<UnreadCount>('parent', 'GET', '/api/conversations/unread-count');
    for (const c of unread) await ok('parent', 'POST', `/api/conversations/${c.id}/read`, undefined, 204);
    expect(unread.length).toBeGreaterThan(0);
    const after = await ok<UnreadCount>('parent', 'GET', '/api/conversations/unread-count');
    expect(after.unread).toBe(before.unread - unread.reduce((s, c) => s + c.unread, 0));
    expect(after.conversations).toBe(before.conversations - unread.length);
    const rows = await system(t.database, (tx) => tx.select({ id: conversationMessages.id }).from(conversationMessages).where(isNull(conversationMessages.senderId)));
    expect(rows).toHaveLength(0);
  });
});

describe('API docs', () => {
  it('documents the public conversations API with its Idempotency-Key header in /api/docs', async () => {
    type Op = { parameters?: { in: string; name: string }[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } };
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, Op>> }>();
    const send = doc.paths['/api/conversations/{id}/messages']!.post!;
    expect(send.parameters!.filter((p) => p.in === 'header').map((p) => p.name)).toContain('idempotency-key');
    expect(Object.keys(send.requestBody!.content['application/json']!.schema.properties!)).toContain('body');
    expect(Object.keys(doc.paths['/api/conversations']!.post!.requestBody!.content['application/json']!.schema.properties!)).toEqual(expect.arrayContaining(['participantIds', 'subject']));
    expect(doc.paths['/api/conversations']!.get).toBeDefined();
    expect(doc.paths['/api/conversations/{id}/messages']!.get).toBeDefined();
  });
});
