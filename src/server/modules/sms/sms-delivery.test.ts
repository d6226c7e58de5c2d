import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, createAccount, createTestApp, profileIdOf, schoolIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';
import type { Announcement, AnnouncementRecipients } from '../../../shared/contracts/announcements.js';
import type { ListSmsResponse } from '../../../shared/contracts/fees.js';
import { guardians, profiles, schoolAnnouncementRecipients, smsMessages, studentGuardians, students } from '../../db/schema/index.js';
import type { LiveEvent } from '../../events/bus.js';
import { settleDeliveries } from '../announcements/announcements.service.js';

/**
 * SMS delivery reports (issue 17 §1: "delivery status after (sent, delivered, failed) per channel"):
 * Africa's Talking's callback turns an announcement recipient's SMS from sent into delivered or failed
 * (the author's delivery view and its counts follow, live), repeats and unknown ids change nothing, a
 * wrong or unset token answers 404, and the local simulator reports its messages delivered by itself.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const TOKEN = 'dlr-test-token-0123456789abcdef';
let t: TestApp;
let principal: string;
let cookie: string;
/** A stream with no learner of the demo parent, whose two guardians get parent accounts with phones. */
let stream: string;
let parentA: string;
let parentB: string;

beforeAll(async () => {
  // The simulator's own reports come much later here, so the callback alone moves statuses in this app.
  t = await createTestApp({ env: { SMS_DELIVERY_REPORT_TOKEN: TOKEN, SMS_SIMULATOR_DELIVERY_DELAY_MS: '120000' } });
  const greenhill = await schoolIdOf(t.database, 'greenhill');
  principal = await profileIdOf(t.database, DEMO.greenhill.principal);
  cookie = await signIn(t.app, DEMO.greenhill.principal, 'school');
  const demoParent = await profileIdOf(t.database, DEMO.greenhill.parent);
  const demoClasses = await system(t.database, (tx) =>
    tx
      .selectDistinct({ id: students.classId })
      .from(students)
      .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
      .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
      .where(eq(guardians.profileId, demoParent)),
  );
  const pairs = await system(t.database, (tx) =>
    tx
      .selectDistinct({ classId: students.classId, guardianId: guardians.id })
      .from(students)
      .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
      .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
      .where(
        and(
          eq(students.schoolId, greenhill),
          eq(students.status, 'active'),
          isNull(guardians.profileId),
          notInArray(
            students.classId,
            demoClasses.map((c) => c.id!),
          ),
        ),
      ),
  );
  stream = pairs[0]!.classId!;
  const inStream = pairs.filter((p) => p.classId === stream).slice(0, 2);
  parentA = await createAccount(t.database, { email: 'dlr.a@greenhill.edufam.test', name: 'Dlr Parent A', role: 'parent', schoolId: greenhill });
  parentB = await createAccount(t.database, { email: 'dlr.b@greenhill.edufam.test', name: 'Dlr Parent B', role: 'parent', schoolId: greenhill });
  await system(t.database, async (tx) => {
    await tx.update(guardians).set({ profileId: parentA }).where(eq(guardians.id, inStream[0]!.guardianId));
    await tx.update(guardians).set({ profileId: parentB }).where(eq(guardians.id, inStream[1]!.guardianId));
    await tx.update(profiles).set({ phone: '254711112222' }).where(eq(profiles.id, parentA));
    await tx.update(profiles).set({ phone: '254711113333' }).where(eq(profiles.id, parentB));
  });
}, 600_000);
afterAll(async () => {
  await t?.close();
});

async function announce(app: TestApp['app'], title: string): Promise<Announcement> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/announcements',
    headers: { cookie },
    payload: { title, body: 'Please read.', audience: { parentsOfClassIds: [stream] }, channels: ['app', 'sms'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Announcement>();
}

async function recipientsOf(app: TestApp['app'], id: string): Promise<AnnouncementRecipients> {
  const res = await app.inject({ method: 'GET', url: `/api/announcements/${id}/recipients`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AnnouncementRecipients>();
}

const smsOf = (got: AnnouncementRecipients, userId: string) => got.recipients.find((r) => r.userId === userId)!.sms;

/** The provider message id of each recipient's SMS of announcement `id`. */
async function providerIds(id: string): Promise<Record<string, string>> {
  const rows = await system(t.database, (tx) =>
    tx
      .select({ userId: schoolAnnouncementRecipients.userId, providerId: smsMessages.providerMessageId })
      .from(schoolAnnouncementRecipients)
      .innerJoin(smsMessages, eq(smsMessages.id, schoolAnnouncementRecipients.smsMessageId))
      .where(eq(schoolAnnouncementRecipients.announcementId, id)),
  );
  return Object.fromEntries(rows.map((r) => [r.userId, r.providerId!]));
}

/** Posts a delivery report the way Africa's Talking does (form-encoded). */
function report(app: TestApp['app'], token: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: `/api/sms/delivery-reports/${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

describe("Africa's Talking delivery reports", () => {
  it('turn sent into delivered and failed per recipient; counts follow, the author hears it live, repeats change nothing', async () => {
    const a = await announce(t.app, 'Parents meeting');
    await settleDeliveries();
    const before = await recipientsOf(t.app, a.id);
    expect(smsOf(before, parentA)).toMatchObject({ status: 'sent', error: null });
    expect(smsOf(before, parentB)).toMatchObject({ status: 'sent', error: null });
    // The two parents' accounts and every other guardian of the stream with a phone (issue 36 §2).
    const texted = before.recipients.filter((r) => r.sms?.status === 'sent').length;
    expect(before.recipients.some((r) => !r.hasAccount && r.sms?.status === 'sent')).toBe(true);
    expect(before.summary.sms).toEqual({ sent: texted, delivered: 0, failed: 0, queued: 0 });
    const ids = await providerIds(a.id);
    expect(ids[parentA]).toMatch(/^SIM-/);

    const events: LiveEvent[] = [];
    const off = t.deps.events.subscribe((e) => events.push(e));
    try {
      const ok = await report(t.app, TOKEN, { id: ids[parentA]!, status: 'Success', phoneNumber: '+254711112222', networkCode: '63902', retryCount: '0' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ ok: true, applied: true });
      const bad = await report(t.app, TOKEN, { id: ids[parentB]!, status: 'Failed', phoneNumber: '+254711113333', networkCode: '63902', failureReason: 'AbsentSubscriber' });
      expect(bad.json()).toEqual({ ok: true, applied: true });
      await vi.waitFor(() => expect(events.filter((e) => e.type === 'announcements.changed' && e.audience.userIds?.includes(principal) && (e.data as { id?: string }).id === a.id)).toHaveLength(2));
    } finally {
      off();
    }

    const after = await recipientsOf(t.app, a.id);
    expect(smsOf(after, parentA)).toMatchObject({ to: '254711112222', status: 'delivered', error: null });
    expect(smsOf(after, parentB)).toMatchObject({ to: '254711113333', status: 'failed', error: 'AbsentSubscriber' });
    expect(after.summary.sms).toEqual({ sent: texted - 2, delivered: 1, failed: 1, queued: 0 });

    // Repeats, late in-progress statuses and a Success after Failed change nothing.
    const repeats: Record<string, string>[] = [
      { id: ids[parentA]!, status: 'Success' },
      { id: ids[parentA]!, status: 'Sent' },
      { id: ids[parentA]!, status: 'Buffered' },
      { id: ids[parentB]!, status: 'Failed', failureReason: 'DeliveryFailure' },
      { id: ids[parentB]!, status: 'Success' },
    ];
    for (const fields of repeats) {
      const res = await report(t.app, TOKEN, fields);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true, applied: false });
    }
    expect(await recipientsOf(t.app, a.id)).toEqual(after);

    // The SMS log shows the outcome (delivered counts as sent) with the delivery time.
    const logged = await system(t.database, (tx) => tx.select().from(smsMessages).where(inArray(smsMessages.providerMessageId, [ids[parentA]!, ids[parentB]!])));
    const byProvider = new Map(logged.map((r) => [r.providerMessageId, r]));
    expect(byProvider.get(ids[parentA]!)).toMatchObject({ status: 'delivered', error: null, deliveredAt: expect.any(Date) });
    expect(byProvider.get(ids[parentB]!)).toMatchObject({ status: 'failed', error: 'AbsentSubscriber', deliveredAt: null });
    const log = await t.app.inject({ method: 'GET', url: '/api/sms/messages?status=delivered', headers: { cookie } });
    expect(log.statusCode, log.body).toBe(200);
    const list = log.json<ListSmsResponse>();
    expect(list.items.map((i) => i.toPhone)).toContain('254711112222');
    expect(list.items.every((i) => i.status === 'delivered')).toBe(true);
    expect(list.totals.sent).toBe(list.total);
  });

  it('answer 200 for an unknown id, 400 without id or status, and 404 for a wrong token', async () => {
    const unknown = await report(t.app, TOKEN, { id: 'ATXid_unknown_0001', status: 'Success' });
    expect(unknown.statusCode, unknown.body).toBe(200);
    expect(unknown.json()).toEqual({ ok: true, applied: false });
    const json = await t.app.inject({ method: 'POST', url: `/api/sms/delivery-reports/${TOKEN}`, payload: { id: 'ATXid_unknown_0002', status: 'Failed', failureReason: 'UserInBlacklist' } });
    expect(json.json()).toEqual({ ok: true, applied: false });
    expect((await report(t.app, TOKEN, { status: 'Success' })).statusCode).toBe(400);
    for (const token of ['wrong-token-0123456789abcdef', `${TOKEN}x`, 'x']) {
      const res = await report(t.app, token, { id: 'ATXid_unknown_0001', status: 'Success' });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('without a token, and with the simulator reporting', () => {
  let t2: TestApp;
  beforeAll(async () => {
    t2 = await createTestApp({ database: t.database, env: { SMS_SIMULATOR_DELIVERY_DELAY_MS: '0' } });
  }, 120_000);
  afterAll(async () => {
    await t2?.close();
  });

  it('the callback answers 404 when no token is configured', async () => {
    expect((await report(t2.app, TOKEN, { id: 'ATXid_unknown_0001', status: 'Success' })).statusCode).toBe(404);
  });

  it("the simulator's own reports turn sent into delivered", async () => {
    const a = await announce(t2.app, 'Sports day');
    await settleDeliveries();
    await vi.waitFor(
      async () => {
        const got = await recipientsOf(t2.app, a.id);
        expect(got.summary.sms).toEqual({ sent: 0, delivered: got.recipients.filter((r) => r.sms).length, failed: 0, queued: 0 });
      },
      { timeout: 15_000, interval: 200 },
    );
    const got = await recipientsOf(t2.app, a.id);
    expect(smsOf(got, parentA)).toMatchObject({ status: 'delivered', error: null });
    expect(smsOf(got, parentB)).toMatchObject({ status: 'delivered', error: null });
  });
});
