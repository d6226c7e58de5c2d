import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { DEMO_SMS_INCOMING_TOKEN } from '../src/server/config.js';
import { classes, conversationBroadcastRecipients, guardians, smsMessages, studentGuardians, students } from '../src/server/db/schema/index.js';
import type { BroadcastRecipients, BroadcastResult } from '../src/shared/contracts/conversations.js';
import type { ListSmsRepliesResponse } from '../src/shared/contracts/sms.js';
import { announcementMessages } from '../src/shared/messages/announcements.js';
import { DEMO, createAccount, methodCaller, openDemoApp, profileIdOf, signIn, system, type TestApp } from './helpers.js';

/**
 * Issue 36 §2: a teacher's message to the parents of a stream reaches every guardian: parent accounts
 * in the app, guardians without an account by SMS (e-mail where known), once each; a guardian who
 * replied STOP gets no SMS and a failed row with the reason. The delivery status per recipient is
 * readable by the sender and the principal, not by another teacher or a parent; a guardian's SMS reply
 * lands in the sender's SMS replies.
 */

let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};
const { json, send } = methodCaller(() => t.app, cookie);
let east: string;
let stopped: { id: string; phone: string };

/** The distinct guardians without an account of Grade 7 East's active learners, with their contacts. */
async function eastGuardians() {
  return system(t.database, (tx) =>
    tx
      .selectDistinct({ id: guardians.id, phone: guardians.phone, email: guardians.email, optOut: guardians.smsOptOutAt })
      .from(students)
      .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
      .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
      .where(and(eq(students.classId, east), eq(students.status, 'active'), isNull(guardians.profileId))),
  );
}

beforeAll(async () => {
  ({ t, greenhill } = await openDemoApp(cookie, ['principal', 'teacher', 'parent']));
  const [row] = await system(t.database, (tx) => tx.select({ id: classes.id }).from(classes).where(and(eq(classes.schoolId, greenhill), eq(classes.name, 'Grade 7 East'))));
  east = row!.id;
  // The demo teacher leads Grade 7 East for these tests.
  const teacherId = await profileIdOf(t.database, DEMO.greenhill.teacher);
  await system(t.database, (tx) => tx.update(classes).set({ classTeacherId: teacherId }).where(eq(classes.id, east)));
  await createAccount(t.database, { email: 'other.teacher@greenhill.edufam.test', name: 'Other Teacher', role: 'teacher', schoolId: greenhill });
  cookie.otherTeacher = await signIn(t.app, 'other.teacher@greenhill.edufam.test', 'school');
  // One guardian with a phone replied STOP.
  const withPhone = (await eastGuardians()).filter((g) => g.phone && !g.optOut);
  stopped = { id: withPhone[0]!.id, phone: withPhone[0]!.phone! };
  await system(t.database, (tx) => tx.update(guardians).set({ smsOptOutAt: new Date() }).where(eq(guardians.id, stopped.id)));
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe('broadcast to the parents of Grade 7 East (issue 36 §2)', () => {
  let result: BroadcastResult;

  it('reaches the guardians without an account by SMS, once each, and skips a STOPped guardian with the reason', async () => {
    const all = await eastGuardians();
    const bySms = all.filter((g) => g.phone && !g.optOut);
    const byEmail = all.filter((g) => g.email);
    expect(bySms.length).toBeGreaterThan(0);
    result = await json<BroadcastResult>('POST', '/api/conversations/broadcast', 'teacher', { classId: east, subject: 'Sports day', body: 'Sports day is on Friday. Bring water.' }, 201);
    expect(result.byChannel.sms).toBe(bySms.length);
    expect(result.byChannel.email).toBe(byEmail.length);
    expect(result.byChannel.app).toBe(result.recipients);
    expect(result.withoutAccount).toBe(all.filter((g) => (g.phone && !g.optOut) || g.email).length);
    expect(result.notReached).toBe(all.length - result.withoutAccount);

    // One row per guardian, none twice; one SMS per reachable phone, logged with the sender.
    const rows = await system(t.database, (tx) => tx.select().from(conversationBroadcastRecipients).where(eq(conversationBroadcastRecipients.broadcastId, result.broadcastId)));
    const guardianRows = rows.filter((r) => r.guardianId);
    expect(guardianRows).toHaveLength(all.length);
    expect(new Set(guardianRows.map((r) => r.guardianId)).size).toBe(all.length);
    const smsIds = rows.map((r) => r.smsMessageId).filter((v): v is string => !!v);
    expect(smsIds).toHaveLength(bySms.length);
    const logged = await system(t.database, (tx) => tx.select().from(smsMessages).where(inArray(smsMessages.id, smsIds)));
    const teacherId = await profileIdOf(t.database, DEMO.greenhill.teacher);
    expect(logged.every((m) => m.createdBy === teacherId && m.body.includes('Sports day is on Friday. Bring water.'))).toBe(true);
    expect(logged.some((m) => m.toPhone === stopped.phone)).toBe(false);
    const stop = rows.find((r) => r.guardianId === stopped.id)!;
    expect(stop).toMatchObject({ channel: 'sms', status: 'failed', error: announcementMessages.api.smsOptedOut, smsMessageId: null });
  });

  it('delivery status is readable by the sender and the principal, not by another teacher (403) or a parent', async () => {
    const url = `/api/conversations/broadcasts/${result.broadcastId}/recipients`;
    const mine = await json<BroadcastRecipients>('GET', `${url}?pageSize=500`, 'teacher');
    expect(mine.total).toBe(result.recipients + (await eastGuardians()).length);
    expect(mine.summary.byChannel.app).toBe(result.recipients);
    const stop = mine.items.find((r) => r.guardianId === stopped.id)!;
    expect(stop).toMatchObject({ hasAccount: false, channel: 'sms', status: 'failed', error: announcementMessages.api.smsOptedOut });
    // The simulator answers at once: every reachable SMS is sent (or delivered) now.
    const sms = mine.items.filter((r) => r.channel === 'sms' && r.guardianId !== stopped.id && r.to);
    expect(sms.length).toBeGreaterThan(0);
    expect(sms.every((r) => ['sent', 'delivered'].includes(r.status))).toBe(true);
    expect(mine.items.filter((r) => r.hasAccount).every((r) => r.channel === 'app' && r.status === 'delivered')).toBe(true);

    // Paged by name then id: two pages hold every row once.
    const p1 = await json<BroadcastRecipients>('GET', `${url}?pageSize=5&page=1`, 'principal');
    const p2 = await json<BroadcastRecipients>('GET', `${url}?pageSize=5&page=2`, 'principal');
    expect(p1.items).toHaveLength(5);
    expect(new Set([...p1.items, ...p2.items].map((r) => r.id)).size).toBe(p1.items.length + p2.items.length);
    expect(p1.items.map((r) => r.id)).toEqual(mine.items.slice(0, 5).map((r) => r.id));

    expect((await send('GET', url, 'otherTeacher')).statusCode).toBe(403);
    expect((await send('GET', url, 'parent')).statusCode).toBe(403);
    expect((await send('GET', '/api/conversations/broadcasts/00000000-0000-4000-8000-000000000000/recipients', 'teacher')).statusCode).toBe(404);
  });

  it('a guardian’s SMS reply to the broadcast lands in the sender’s SMS replies', async () => {
    const rows = await system(t.database, (tx) => tx.select().from(conversationBroadcastRecipients).where(eq(conversationBroadcastRecipients.broadcastId, result.broadcastId)));
    const g = rows.find((r) => r.smsMessageId && r.smsTo)!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/sms/incoming/${DEMO_SMS_INCOMING_TOKEN}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ from: `+${g.smsTo}`, to: '22384', text: 'We will be there.', date: '2026-11-30 05:00:00', id: 'ATXid_broadcast_1', linkId: 'x' }).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const mine = await json<ListSmsRepliesResponse>('GET', '/api/sms/replies?pageSize=100', 'teacher');
    expect(mine.items.find((r) => r.text === 'We will be there.')).toMatchObject({ forMe: true, guardian: { id: g.guardianId } });
  });
});
