import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Communication, ListNotificationsResponse, Notification } from '../../../shared/contracts/communications.js';
import { messages } from '../../../shared/messages.js';
import { notifications } from '../../db/schema/index.js';
import type { LiveEvent } from '../../events/bus.js';
import { DEMO, createTestApp, profileIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';

let t: TestApp;
let admin: string;
let parent: string;
let riversideParent: string;
let teacher: string;
let hr: string;
const events: LiveEvent[] = [];
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, DEMO.admin, 'admin');
  parent = await signIn(t.app, DEMO.greenhill.parent, 'school');
  riversideParent = await signIn(t.app, DEMO.riverside.parent, 'school');
  teacher = await signIn(t.app, DEMO.greenhill.teacher, 'school');
  hr = await signIn(t.app, DEMO.greenhill.hr, 'school');
  t.deps.events.subscribe((e) => events.push(e));
});
afterAll(async () => {
  await t?.close();
});

function call(method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) {
  return t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
}

async function publish(title: string, targetRoles: string[], extra: object = {}): Promise<Communication> {
  const res = await call('POST', '/api/communications', admin, { title, message: `${title} message`, targetRoles, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().communication as Communication;
}

async function bell(cookie: string): Promise<ListNotificationsResponse> {
  const res = await call('GET', '/api/notifications', cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ListNotificationsResponse;
}

describe('access', () => {
  it.each([
    ['GET', '/api/notifications'],
    ['POST', `/api/notifications/${UNKNOWN_ID}/read`],
    ['POST', '/api/notifications/read-all'],
  ] as const)('%s %s: 401 "User not authenticated" without a session', async (method, url) => {
    const res = await call(method, url);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(messages.communications.notAuthenticated);
  });
});

describe('the bell (GET /api/notifications)', () => {
  it('shows the newest 10 unread with their communication, and counts them all', async () => {
    const before = (await bell(hr)).unreadCount;
    const made: Communication[] = [];
    for (let i = 1; i <= 12; i++) made.push(await publish(`HR notice ${i}`, ['hr'], { priority: i % 2 ? 'high' : 'low' }));
    const b = await bell(hr);
    expect(b.unreadCount).toBe(before + 12);
    expect(b.notifications).toHaveLength(10);
    expect(b.notifications[0]!.communication).toMatchObject({ id: made[11]!.id, title: 'HR notice 12', message: 'HR notice 12 message', priority: 'low', targetRoles: ['hr'] });
    expect(b.notifications.map((n) => n.communication.title)).toEqual(made.slice(2).reverse().map((c) => c.title));
    expect(b.notifications.every((n) => n.isRead === false && n.readAt === null)).toBe(true);
    // Another role's bell does not have them.
    expect((await bell(teacher)).notifications.some((n) => n.communication.title.startsWith('HR notice'))).toBe(false);
  });

  it('mark as read: sets is_read and read_at, idempotent, drops it from the bell', async () => {
    const c = await publish('Open day', ['parent']);
    const b = await bell(parent);
    const n = b.notifications.find((x) => x.communication.id === c.id)!;
    expect(n).toBeDefined();
    events.length = 0;

    const first = await call('POST', `/api/notifications/${n.id}/read`, parent);
    expect(first.statusCode, first.body).toBe(200);
    const read = first.json().notification as Notification;
    expect(read).toMatchObject({ id: n.id, isRead: true });
    expect(read.readAt).not.toBeNull();
    expect(events.map((e) => e.type)).toEqual(['notifications.changed']);
    expect(events[0]!.audience).toEqual({ userIds: [await profileIdOf(t.database, DEMO.greenhill.parent)] });

    const again = await call('POST', `/api/notifications/${n.id}/read`, parent);
    expect(again.statusCode).toBe(200);
    expect(again.json().notification.readAt).toBe(read.readAt);

    const after = await bell(parent);
    expect(after.notifications.some((x) => x.id === n.id)).toBe(false);
    expect(after.unreadCount).toBe(b.unreadCount - 1);
    const [row] = await system(t.database, (tx) => tx.select().from(notifications).where(eq(notifications.id, n.id)));
    expect(row).toMatchObject({ isRead: true });
    expect(row!.readAt!.toISOString()).toBe(read.readAt);
  });

  it("404 for someone else's notification (same or another school) and an unknown id, 400 for a bad id; nothing changed", async () => {
    const c = await publish('Parents only', ['parent']);
    const theirs = (await bell(riversideParent)).notifications.find((x) => x.communication.id === c.id)!;
    const sameSchool = (await bell(parent)).notifications.find((x) => x.communication.id === c.id)!;
    expect((await call('POST', `/api/notifications/${theirs.id}/read`, parent)).statusCode).toBe(404);
    expect((await call('POST', `/api/notifications/${sameSchool.id}/read`, teacher)).statusCode).toBe(404);
    expect((await call('POST', `/api/notifications/${sameSchool.id}/read`, admin)).statusCode).toBe(404);
    expect((await call('POST', `/api/notifications/${UNKNOWN_ID}/read`, parent)).statusCode).toBe(404);
    const bad = await call('POST', '/api/notifications/abc/read', parent);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION');
    const rows = await system(t.database, (tx) => tx.select().from(notifications).where(eq(notifications.id, theirs.id)));
    expect(rows[0]!.isRead).toBe(false);
  });

  it('read-all marks only the caller’s unread notifications', async () => {
    await publish('Everyone reads', ['parent', 'teacher']);
    const teacherBefore = (await bell(teacher)).unreadCount;
    expect(teacherBefore).toBeGreaterThan(0);
    const res = await call('POST', '/api/notifications/read-all', parent);
    expect(res.statusCode).toBe(200);
    expect(res.json().updated).toBeGreaterThan(0);
    expect((await bell(parent)).unreadCount).toBe(0);
    expect((await bell(teacher)).unreadCount).toBe(teacherBefore);
  });

  it('a deleted communication leaves the bell', async () => {
    const c = await publish('Short-lived', ['teacher']);
    expect((await bell(teacher)).notifications[0]!.communication.id).toBe(c.id);
    expect((await call('GET', `/api/communications`, admin)).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/communications/${c.id}`, headers: { cookie: admin } });
    expect(del.statusCode).toBe(204);
    expect((await bell(teacher)).notifications.some((n) => n.communication.id === c.id)).toBe(false);
  });
});
