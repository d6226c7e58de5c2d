import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import type {
  Communication,
  CommunicationStats,
  ListCommunicationsResponse,
  ReceivedCommunicationsResponse,
} from '../../../shared/contracts/communications.js';
import { messages } from '../../../shared/messages.js';
import { adminCommunications, auditLogs, notifications, profiles, userDismissedCommunications } from '../../db/schema/index.js';
import { withScope } from '../../db/tenant.js';
import type { LiveEvent } from '../../events/bus.js';
import { DEMO, countRows, openDemoApp, profileIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';

let t: TestApp;
let greenhillId: string;
let riversideId: string;
const cookies: Record<string, string> = {};
const events: LiveEvent[] = [];

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ({ t, greenhill: greenhillId, riverside: riversideId } = await openDemoApp(cookies, ['admin', 'elimisha', 'principal', 'director', 'teacher', 'parent', 'finance', 'hr']));
  cookies.riversideParent = await signIn(t.app, DEMO.riverside.parent, 'school');
  t.deps.events.subscribe((e) => events.push(e));
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  events.length = 0;
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
function call(method: Method, url: string, cookie?: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
}

async function create(body: Record<string, unknown>, cookie = cookies.admin!): Promise<Communication> {
  const res = await call('POST', '/api/communications', cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { communication: Communication }).communication;
}

async function banners(cookie: string) {
  const res = await call('GET', '/api/communications/banners', cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ReceivedCommunicationsResponse).communications;
}

async function notificationsFor(communicationId: string): Promise<number> {
  const [row] = await system(t.database, (tx) =>
    tx.select({ n: count() }).from(notifications).where(eq(notifications.communicationId, communicationId)),
  );
  return Number(row!.n);
}

/** Active accounts with one of these roles (optionally of one school): the audience of a publication. */
async function audienceSize(roles: string[], schoolId?: string): Promise<number> {
  const rows = await system(t.database, (tx) =>
    tx
      .select({ n: count() })
      .from(profiles)
      .where(
        and(
          eq(profiles.status, 'active'),
          sql`${profiles.role} in (${sql.join(
            roles.map((r) => sql`${r}`),
            sql`, `,
          )})`,
          schoolId ? eq(profiles.schoolId, schoolId) : undefined,
        ),
      ),
  );
  return Number(rows[0]!.n);
}

async function auditFor(action: string, id: string) {
  return system(t.database, (tx) =>
    tx
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, action), eq(auditLogs.targetEntity, `communication:${id}`))),
  );
}

const ADMIN_ROUTES: [Method, string, unknown?][] = [
  ['GET', '/api/communications'],
  ['GET', '/api/communications/stats'],
  ['POST', '/api/communications', { title: 'T', message: 'M', targetRoles: ['parent'] }],
  ['PATCH', `/api/communications/${UNKNOWN_ID}`, { title: 'T' }],
  ['PATCH', `/api/communications/${UNKNOWN_ID}/status`, { isActive: false }],
  ['DELETE', `/api/communications/${UNKNOWN_ID}`],
];
const RECEIVER_ROUTES: [Method, string][] = [
  ['GET', '/api/communications/banners'],
  ['GET', '/api/communications/received'],
  ['POST', `/api/communications/${UNKNOWN_ID}/dismiss`],
];

describe('spec §8 Notifications and communications strings, word for word', () => {
  it.each([
    [messages.communications.errorTitle, 'Error'],
    [messages.communications.markReadFailed, 'Failed to mark notification as read'],
    [messages.communications.created, 'Communication created successfully'],
    [messages.communications.updated, 'Communication updated successfully'],
    [messages.communications.deleted, 'Communication deleted successfully'],
    [messages.communications.createFailed, 'Failed to create communication'],
    [messages.communications.updateFailed, 'Failed to update communication'],
    [messages.communications.deleteFailed, 'Failed to delete communication'],
    [messages.communications.notAuthenticated, 'User not authenticated'],
  ])('%s', (actual, spec) => {
    expect(actual).toBe(spec);
  });
});

describe('access', () => {
  it.each([...ADMIN_ROUTES, ...RECEIVER_ROUTES])('%s %s: 401 "User not authenticated" without a session', async (method, url, body) => {
    const res = await call(method, url, undefined, body);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: messages.communications.notAuthenticated, requestId: expect.any(String) } });
  });

  it('elimisha_admin, the older alias of edufam_admin (spec §1), runs the Communication Center too', async () => {
    const c = await create({ title: 'Alias check', message: 'Written by Elimisha staff', targetRoles: ['principal'] }, cookies.elimisha!);
    expect(c.createdBy).toBe(await profileIdOf(t.database, DEMO.elimisha));
    const list = await call('GET', '/api/communications', cookies.elimisha);
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain(c.id);
    expect((await call('DELETE', `/api/communications/${c.id}`, cookies.elimisha)).statusCode).toBe(204);
  });

  for (const who of ['principal', 'director', 'teacher', 'parent', 'finance', 'hr'] as const) {
    it(`admin routes: 403 for ${who}, and nothing is written`, async () => {
      const before = await countRows(t.database, adminCommunications);
      for (const [method, url, body] of ADMIN_ROUTES) {
        const res = await call(method, url, cookies[who], body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().error.message).toBe(messages.friendly.permission);
      }
      expect(await countRows(t.database, adminCommunications)).toBe(before);
    });
  }
});

describe('create and publish (POST /api/communications)', () => {
  it.each([
    [{ message: 'M', targetRoles: ['parent'] }, 'title'],
    [{ title: '   ', message: 'M', targetRoles: ['parent'] }, 'title'],
    [{ title: 'T', message: '', targetRoles: ['parent'] }, 'message'],
    [{ title: 'T', message: 'M', targetRoles: [] }, 'targetRoles'],
    [{ title: 'T', message: 'M' }, 'targetRoles'],
    [{ title: 'T', message: 'M', targetRoles: ['janitor'] }, 'targetRoles.0'],
    [{ title: 'T', message: 'M', targetRoles: ['parent'], priority: 'urgent' }, 'priority'],
    [{ title: 'T', message: 'M', targetRoles: ['parent'], expiresAt: 'tomorrow' }, 'expiresAt'],
    [{ title: 'T', message: 'M', targetRoles: ['parent'], schoolId: 'greenhill' }, 'schoolId'],
    [{ title: 'x'.repeat(201), message: 'M', targetRoles: ['parent'] }, 'title'],
  ])('400 for %j (field %s), nothing written', async (body, field) => {
    const before = await countRows(t.database, adminCommunications);
    const res = await call('POST', '/api/communications', cookies.admin, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(Object.keys(res.json().error.fields)).toContain(field);
    expect(await countRows(t.database, adminCommunications)).toBe(before);
  });

  it('400 "The expiry must be in the future" for a past expiry, nothing written', async () => {
    const before = await countRows(t.database, adminCommunications);
    const res = await call('POST', '/api/communications', cookies.admin, {
      title: 'T',
      message: 'M',
      targetRoles: ['parent'],
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message: 'The expiry must be in the future', fields: { expiresAt: 'The expiry must be in the future' } });
    expect(await countRows(t.database, adminCommunications)).toBe(before);
  });

  it('404 for an unknown school, nothing written', async () => {
    const before = await countRows(t.database, adminCommunications);
    const res = await call('POST', '/api/communications', cookies.admin, { title: 'T', message: 'M', targetRoles: ['parent'], schoolId: UNKNOWN_ID });
    expect(res.statusCode).toBe(404);
    expect(await countRows(t.database, adminCommunications)).toBe(before);
  });

  it('an active communication notifies every active targeted user once, is audited and announced', async () => {
    const c = await create({ title: 'Half-term dates', message: 'Half term runs 25-27 Feb.', priority: 'high', targetRoles: ['parent', 'teacher', 'parent'] });
    expect(c).toMatchObject({ title: 'Half-term dates', priority: 'high', status: 'active', isActive: true, dismissible: true, schoolId: null, expiresAt: null });
    expect(c.targetRoles).toEqual(['parent', 'teacher']);
    expect(c.createdBy).toBe(await profileIdOf(t.database, DEMO.admin));
    expect(c.createdByName).toBeTruthy();

    const expected = await audienceSize(['parent', 'teacher']);
    expect(expected).toBeGreaterThan(4);
    expect(await notificationsFor(c.id)).toBe(expected);

    const [entry] = await auditFor('COMMUNICATION_CREATED', c.id);
    expect(entry).toMatchObject({ schoolId: null, performedByRole: 'edufam_admin', metadata: { notified: expected } });
    expect(entry!.newValue).toMatchObject({ title: 'Half-term dates', targetRoles: ['parent', 'teacher'] });

    const types = events.map((e) => e.type);
    expect(types).toContain('communications.changed');
    expect(types).toContain('notifications.changed');
    const notified = events.find((e) => e.type === 'notifications.changed')!;
    expect(notified.audience).toEqual({ roles: ['parent', 'teacher'] });
    expect(events.some((e) => e.type === 'communications.changed' && e.audience.roles?.includes('edufam_admin'))).toBe(true);

    // Parents of both schools and teachers see the banner; finance officers do not.
    expect((await banners(cookies.parent!)).map((b) => b.id)).toContain(c.id);
    expect((await banners(cookies.riversideParent!)).map((b) => b.id)).toContain(c.id);
    expect((await banners(cookies.teacher!)).map((b) => b.id)).toContain(c.id);
    expect((await banners(cookies.finance!)).map((b) => b.id)).not.toContain(c.id);
  });

  it('an inactive communication notifies nobody until it is activated', async () => {
    const c = await create({ title: 'Draft notice', message: 'Not yet', targetRoles: ['hr'], isActive: false });
    expect(c.status).toBe('inactive');
    expect(await notificationsFor(c.id)).toBe(0);
    expect((await banners(cookies.hr!)).map((b) => b.id)).not.toContain(c.id);

    const res = await call('PATCH', `/api/communications/${c.id}/status`, cookies.admin, { isActive: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().communication.status).toBe('active');
    expect(await notificationsFor(c.id)).toBe(await audienceSize(['hr']));
    expect((await banners(cookies.hr!)).map((b) => b.id)).toContain(c.id);
    const [entry] = await auditFor('COMMUNICATION_UPDATED', c.id);
    expect(entry).toMatchObject({ oldValue: { isActive: false }, newValue: { isActive: true }, metadata: { status: 'activated' } });

    // Deactivated: gone from banners and bells; activating again adds no duplicates.
    expect((await call('PATCH', `/api/communications/${c.id}/status`, cookies.admin, { isActive: false })).statusCode).toBe(200);
    expect((await banners(cookies.hr!)).map((b) => b.id)).not.toContain(c.id);
    const bell = (await call('GET', '/api/notifications', cookies.hr)).json() as { notifications: { communication: { id: string } }[] };
    expect(bell.notifications.map((n) => n.communication.id)).not.toContain(c.id);
    expect((await call('PATCH', `/api/communications/${c.id}/status`, cookies.admin, { isActive: true })).statusCode).toBe(200);
    expect(await notificationsFor(c.id)).toBe(await audienceSize(['hr']));
  });

  it('a school-scoped communication reaches only that school', async () => {
    const c = await create({ title: 'Riverside sports day', message: 'Friday', targetRoles: ['parent'], schoolId: riversideId });
    expect(c.schoolName).toBe('Riverside International School');
    expect(await notificationsFor(c.id)).toBe(await audienceSize(['parent'], riversideId));
    expect((await banners(cookies.riversideParent!)).map((b) => b.id)).toContain(c.id);
    expect((await banners(cookies.parent!)).map((b) => b.id)).not.toContain(c.id);
    const notified = events.find((e) => e.type === 'notifications.changed')!;
    expect(notified.audience).toEqual({ roles: ['parent'], schoolIds: [riversideId], includeAdmins: true });
    // Another school's communication is 404 for a Greenhill parent.
    expect((await call('POST', `/api/communications/${c.id}/dismiss`, cookies.parent)).statusCode).toBe(404);
  });
});

describe('update and delete', () => {
  it('PATCH changes fields, audits only what changed, and widening/narrowing the audience follows', async () => {
    const c = await create({ title: 'Finance notice', message: 'Fees', targetRoles: ['finance_officer'], priority: 'low' });
    const finance = await audienceSize(['finance_officer']);
    expect(await notificationsFor(c.id)).toBe(finance);

    let res = await call('PATCH', `/api/communications/${c.id}`, cookies.admin, { title: 'Finance notice (updated)', targetRoles: ['finance_officer', 'principal'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().communication).toMatchObject({ title: 'Finance notice (updated)', priority: 'low', targetRoles: ['finance_officer', 'principal'] });
    expect(await notificationsFor(c.id)).toBe(await audienceSize(['finance_officer', 'principal']));
    const [entry] = await auditFor('COMMUNICATION_UPDATED', c.id);
    expect(entry!.oldValue).toEqual({ title: 'Finance notice', targetRoles: ['finance_officer'] });
    expect(entry!.newValue).toEqual({ title: 'Finance notice (updated)', targetRoles: ['finance_officer', 'principal'] });

    res = await call('PATCH', `/api/communications/${c.id}`, cookies.admin, { targetRoles: ['principal'] });
    expect(res.statusCode).toBe(200);
    expect(await notificationsFor(c.id)).toBe(await audienceSize(['principal']));

    // The same values again: 200, no new audit entry.
    const entries = (await auditFor('COMMUNICATION_UPDATED', c.id)).length;
    expect((await call('PATCH', `/api/communications/${c.id}`, cookies.admin, { targetRoles: ['principal'], priority: 'low' })).statusCode).toBe(200);
    expect((await auditFor('COMMUNICATION_UPDATED', c.id)).length).toBe(entries);
  });

  it('PATCH: 400 for bad input or an empty body, 404 for an unknown id, nothing changed', async () => {
    const c = await create({ title: 'Stable', message: 'Stays', targetRoles: ['teacher'] });
    for (const body of [{}, { title: '' }, { targetRoles: [] }, { priority: 'urgent' }, { expiresAt: new Date(Date.now() - 1000).toISOString() }]) {
      const res = await call('PATCH', `/api/communications/${c.id}`, cookies.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('PATCH', '/api/communications/not-a-uuid', cookies.admin, { title: 'x' })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/communications/${UNKNOWN_ID}`, cookies.admin, { title: 'x' })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/communications/${UNKNOWN_ID}/status`, cookies.admin, { isActive: true })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/communications/${c.id}/status`, cookies.admin, { isActive: 'yes' })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/communications/${c.id}`, cookies.admin, { schoolId: UNKNOWN_ID })).statusCode).toBe(404);
    const [row] = await system(t.database, (tx) => tx.select().from(adminCommunications).where(eq(adminCommunications.id, c.id)));
    expect(row).toMatchObject({ title: 'Stable', targetRoles: ['teacher'], priority: 'medium', schoolId: null, expiresAt: null });
  });

  it('DELETE removes the communication with its notifications and dismissals, audited; then 404', async () => {
    const c = await create({ title: 'To delete', message: 'Bye', targetRoles: ['parent'] });
    expect((await call('POST', `/api/communications/${c.id}/dismiss`, cookies.parent)).statusCode).toBe(200);
    expect(await notificationsFor(c.id)).toBeGreaterThan(0);

    const res = await call('DELETE', `/api/communications/${c.id}`, cookies.admin);
    expect(res.statusCode).toBe(204);
    expect(await notificationsFor(c.id)).toBe(0);
    const dismissals = await system(t.database, (tx) =>
      tx.select().from(userDismissedCommunications).where(eq(userDismissedCommunications.communicationId, c.id)),
    );
    expect(dismissals).toEqual([]);
    const [entry] = await auditFor('COMMUNICATION_DELETED', c.id);
    expect(entry!.oldValue).toMatchObject({ title: 'To delete' });
    expect(events.some((e) => e.type === 'notifications.changed')).toBe(true);

    expect((await call('DELETE', `/api/communications/${c.id}`, cookies.admin)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/communications/nope', cookies.admin)).statusCode).toBe(400);
  });
});

describe('list and stats', () => {
  it('lists newest first with filters and paging; stats count statuses and priorities', async () => {
    const a = await create({ title: 'Zebra crossing safety', message: 'Walk', targetRoles: ['parent'], priority: 'critical' });
    const b = await create({ title: 'Library week', message: 'Read more zebra books', targetRoles: ['teacher'], priority: 'low', isActive: false });
    const expired = await create({ title: 'Old news', message: 'Past', targetRoles: ['hr'], expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await system(t.database, (tx) =>
      tx.update(adminCommunications).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(adminCommunications.id, expired.id)),
    );

    const list = async (qs: string) => {
      const res = await call('GET', `/api/communications${qs}`, cookies.admin);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as ListCommunicationsResponse;
    };
    const all = await list('');
    expect(all.communications[0]!.id).toBe(expired.id);
    expect(all.communications.find((c) => c.id === expired.id)!.status).toBe('expired');
    expect(all.total).toBe(await countRows(t.database, adminCommunications));

    expect((await list('?search=ZEBRA')).communications.map((c) => c.id).sort()).toEqual([a.id, b.id].sort());
    expect((await list('?priority=critical')).communications.every((c) => c.priority === 'critical')).toBe(true);
    expect((await list('?status=expired')).communications.map((c) => c.id)).toEqual([expired.id]);
    expect((await list('?status=inactive')).communications.every((c) => c.status === 'inactive')).toBe(true);
    expect((await list('?status=active')).communications.every((c) => c.status === 'active')).toBe(true);
    expect((await list('?role=teacher&search=library')).communications.map((c) => c.id)).toEqual([b.id]);
    expect((await list(`?schoolId=${riversideId}`)).communications.every((c) => c.schoolId === riversideId)).toBe(true);
    expect((await list('?schoolId=platform')).communications.every((c) => c.schoolId === null)).toBe(true);
    expect((await list(`?schoolId=${greenhillId}`)).communications).toEqual([]);
    const page2 = await list('?pageSize=2&page=2');
    expect(page2.communications.map((c) => c.id)).toEqual(all.communications.slice(2, 4).map((c) => c.id));
    expect(page2.total).toBe(all.total);

    for (const qs of ['?status=gone', '?priority=urgent', '?role=janitor', '?pageSize=500', '?page=0', '?schoolId=x']) {
      expect((await call('GET', `/api/communications${qs}`, cookies.admin)).statusCode, qs).toBe(400);
    }

    const stats = (await call('GET', '/api/communications/stats', cookies.admin)).json() as CommunicationStats;
    const statuses = all.total > 100 ? [] : all.communications.map((c) => c.status);
    expect(stats.total).toBe(all.total);
    expect(stats.active).toBe(statuses.filter((s) => s === 'active').length);
    expect(stats.expired).toBe(statuses.filter((s) => s === 'expired').length);
    expect(stats.inactive).toBe(statuses.filter((s) => s === 'inactive').length);
    expect(stats.byPriority.critical).toBe(all.communications.filter((c) => c.priority === 'critical').length);
    expect(stats.byPriority.low + stats.byPriority.medium + stats.byPriority.high + stats.byPriority.critical).toBe(stats.total);

    // Expired: no banner for HR.
    expect((await banners(cookies.hr!)).map((x) => x.id)).not.toContain(expired.id);
  });
});

describe('banners, received and dismiss', () => {
  it('a dismissible banner is dismissed once per user (idempotent) and stays in the read view as dismissed', async () => {
    const c = await create({ title: 'Parents evening', message: 'Thursday 4pm', targetRoles: ['parent'], priority: 'medium' });
    const other = await create({ title: 'Urgent: water outage', message: 'School closes at noon', targetRoles: ['parent'], priority: 'critical', dismissible: false });

    const first = await banners(cookies.parent!);
    expect(first.map((b) => b.id).slice(0, 2)).toEqual([other.id, c.id]);
    expect(first.find((b) => b.id === c.id)).toMatchObject({ title: 'Parents evening', priority: 'medium', dismissible: true, dismissed: false });

    for (let i = 0; i < 2; i++) {
      const res = await call('POST', `/api/communications/${c.id}/dismiss`, cookies.parent);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ dismissed: true });
    }
    expect((await banners(cookies.parent!)).map((b) => b.id)).not.toContain(c.id);
    // Another parent still sees it.
    expect((await banners(cookies.riversideParent!)).map((b) => b.id)).toContain(c.id);
    expect(events.some((e) => e.type === 'communications.changed' && e.audience.userIds?.length === 1)).toBe(true);

    const received = (await call('GET', '/api/communications/received', cookies.parent)).json() as ReceivedCommunicationsResponse;
    expect(received.communications.find((x) => x.id === c.id)).toMatchObject({ dismissed: true });
    expect(received.communications.find((x) => x.id === other.id)).toMatchObject({ dismissed: false, dismissible: false });

    // Not dismissible: 400 and still shown.
    const res = await call('POST', `/api/communications/${other.id}/dismiss`, cookies.parent);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.communications.notDismissible);
    expect((await banners(cookies.parent!)).map((b) => b.id)).toContain(other.id);
  });

  it('dismiss: 404 when not targeted at the role or unknown, 400 for a bad id', async () => {
    const c = await create({ title: 'Teachers only', message: 'Staff meeting', targetRoles: ['teacher'] });
    expect((await call('POST', `/api/communications/${c.id}/dismiss`, cookies.parent)).statusCode).toBe(404);
    expect((await call('POST', `/api/communications/${UNKNOWN_ID}/dismiss`, cookies.parent)).statusCode).toBe(404);
    expect((await call('POST', '/api/communications/123/dismiss', cookies.parent)).statusCode).toBe(400);
    expect(await countRows(t.database, userDismissedCommunications)).toBeGreaterThanOrEqual(0);
  });

  it('the edufam_admin receives only what targets edufam_admin', async () => {
    const c = await create({ title: 'Admin heads-up', message: 'Release tonight', targetRoles: ['edufam_admin'] });
    expect((await banners(cookies.admin!)).map((b) => b.id)).toContain(c.id);
    expect((await banners(cookies.elimisha!)).map((b) => b.id)).not.toContain(c.id);
  });
});

describe('row-level security (drizzle/0003_communications.sql)', () => {
  it('school scope cannot write communications or notifications, nor read another school’s', async () => {
    const parentId = await profileIdOf(t.database, DEMO.greenhill.parent);
    const scope = { schoolId: greenhillId, userId: parentId, allSchools: false };
    await expect(
      withScope(t.database.db, scope, (tx) => tx.insert(adminCommunications).values({ title: 'x', message: 'y', targetRoles: ['parent'] })),
    ).rejects.toThrow();
    const riversideOnly = await create({ title: 'Riverside only', message: 'x', targetRoles: ['parent'], schoolId: riversideId });
    const seen = await withScope(t.database.db, scope, (tx) => tx.select().from(adminCommunications).where(eq(adminCommunications.id, riversideOnly.id)));
    expect(seen).toEqual([]);
    // Only the parent's own notifications are visible, and only their own can be updated.
    const visible = await withScope(t.database.db, scope, (tx) => tx.select({ userId: notifications.userId }).from(notifications));
    expect(visible.length).toBeGreaterThan(0);
    expect(new Set(visible.map((v) => v.userId))).toEqual(new Set([parentId]));
    const updated = await withScope(t.database.db, scope, (tx) =>
      tx.update(notifications).set({ isRead: true }).where(sql`${notifications.userId} <> ${parentId}`).returning({ id: notifications.id }),
    );
    expect(updated).toEqual([]);
    await expect(
      withScope(t.database.db, scope, (tx) =>
        tx.insert(notifications).values({ userId: parentId, communicationId: riversideOnly.id, schoolId: greenhillId }),
      ),
    ).rejects.toThrow();
    // Dismissals: only one's own.
    const teacherId = await profileIdOf(t.database, DEMO.greenhill.teacher);
    await expect(
      withScope(t.database.db, scope, (tx) => tx.insert(userDismissedCommunications).values({ userId: teacherId, communicationId: riversideOnly.id })),
    ).rejects.toThrow();
  });
});
