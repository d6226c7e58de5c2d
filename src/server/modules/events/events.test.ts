import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, createTestApp, profileIdOf, schoolIdOf, setProfileStatus, signIn, type TestApp } from '../../../../tests/helpers.js';
import type { LiveEvent } from '../../events/bus.js';
import { createLiveStreams, MAX_BUFFERED_BYTES, type SseSink } from './live-streams.js';
import type { LiveSessionState } from './events.repository.js';
import { eventually, openEventStream, type SseTestClient } from './sse-test-client.js';

/**
 * GET /api/events (issue 3 §7): a real listening server (inject cannot stream) and fetch clients.
 * Each "does not receive" check publishes the unwanted event, then a marker addressed to the same
 * user: events arrive in publish order, so once the marker is there the unwanted one would have been.
 */

let t: TestApp;
let base: string;
let greenhillId: string;
let riversideId: string;
const open: SseTestClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  greenhillId = await schoolIdOf(t.database, 'greenhill');
  riversideId = await schoolIdOf(t.database, 'riverside');
});
afterAll(async () => {
  for (const c of open) c.close();
  await t?.close();
});

async function connect(email: string): Promise<SseTestClient> {
  const cookie = await signIn(t.app, email);
  return connectWith(cookie);
}

async function connectWith(cookie: string): Promise<SseTestClient> {
  const client = await openEventStream(base, cookie);
  open.push(client);
  if (client.status === 200) await client.waitFor((f) => f.comments.includes('connected'));
  return client;
}

const publish = (event: LiveEvent) => t.deps.events.publish(event);

let markerCount = 0;
/** Publishes a marker only `userId` receives and waits for it on `client`. */
async function marker(client: SseTestClient, userId: string) {
  const id = `marker-${++markerCount}`;
  await publish({ type: 'communications.changed', audience: { userIds: [userId] }, data: { id } });
  await client.waitFor((f) => f.event === 'communications.changed' && JSON.parse(f.data ?? '{}').id === id);
}

const types = (client: SseTestClient) => client.events().map((e) => `${e.type} ${JSON.stringify(e.data)}`);

describe('GET /api/events: who may connect', () => {
  it('answers 401 without a session', async () => {
    const client = await openEventStream(base);
    expect(client.status).toBe(401);
    expect(JSON.parse(client.body)).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Please log in again to continue.', requestId: expect.any(String) } });
    const res = await t.app.inject({ method: 'GET', url: '/api/events', headers: { cookie: 'edufam.session_token=forged.value' } });
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 for a deactivated account', async () => {
    const email = DEMO.riverside.hr;
    const cookie = await signIn(t.app, email);
    await setProfileStatus(t.database, email, 'inactive');
    try {
      const client = await openEventStream(base, cookie);
      expect(client.status).toBe(403);
      expect(JSON.parse(client.body).error.message).toBe('Your account has been deactivated by the system administrator.');
    } finally {
      await setProfileStatus(t.database, email, 'active');
    }
  });

  it('opens an event stream for every signed-in role, with retry and a connected comment', async () => {
    for (const email of [DEMO.admin, DEMO.greenhill.teacher, DEMO.riverside.parent, DEMO.greenhill.finance]) {
      const client = await connect(email);
      expect(client.status, email).toBe(200);
      expect(client.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(client.headers.get('cache-control')).toBe('no-cache, no-transform');
      expect(client.headers.get('x-accel-buffering')).toBe('no');
      const first = client.frames[0]!;
      expect(first.retry).toBeGreaterThanOrEqual(3000);
      expect(first.retry).toBeLessThanOrEqual(7000);
      expect(first.comments).toEqual(['connected']);
      client.close();
    }
  });
});

describe('GET /api/events: each user receives only the events addressed to them', () => {
  it('a signed-in teacher receives maintenance.changed published for everybody', async () => {
    const teacher = await connect(DEMO.greenhill.teacher);
    const data = { enabled: true, message: 'Upgrading the database', estimatedDuration: '30 minutes' };
    await publish({ type: 'maintenance.changed', audience: {}, data });
    const frame = await teacher.waitFor((f) => f.event === 'maintenance.changed');
    expect(JSON.parse(frame.data!)).toEqual(data);
    teacher.close();
  });

  it('filters by school: a Greenhill parent gets Greenhill events, not Riverside ones; admins only with includeAdmins', async () => {
    const parent = await connect(DEMO.greenhill.parent);
    const admin = await connect(DEMO.admin);
    const parentId = await profileIdOf(t.database, DEMO.greenhill.parent);
    const adminId = await profileIdOf(t.database, DEMO.admin);

    await publish({ type: 'communications.changed', audience: { schoolIds: [riversideId] }, data: { id: 'riverside-only' } });
    await publish({ type: 'communications.changed', audience: { schoolIds: [greenhillId] }, data: { id: 'greenhill-only' } });
    await publish({ type: 'communications.changed', audience: { schoolIds: [riversideId], includeAdmins: true }, data: { id: 'riverside-and-admins' } });
    await marker(parent, parentId);
    await marker(admin, adminId);

    const ids = (c: SseTestClient) => c.events().map((e) => (e.data as { id: string }).id).filter((id) => !id.startsWith('marker-'));
    expect(ids(parent)).toEqual(['greenhill-only']);
    expect(ids(admin)).toEqual(['riverside-and-admins']);
    parent.close();
    admin.close();
  });

  it('filters by role: a principal-only event reaches the principal, not the teacher of the same school', async () => {
    const teacher = await connect(DEMO.greenhill.teacher);
    const principal = await connect(DEMO.greenhill.principal);
    await publish({ type: 'communications.changed', audience: { roles: ['principal'], schoolIds: [greenhillId] }, data: { id: 'leaders' } });
    await principal.waitFor((f) => f.event === 'communications.changed');
    await marker(teacher, await profileIdOf(t.database, DEMO.greenhill.teacher));
    expect(types(principal)).toEqual(['communications.changed {"id":"leaders"}']);
    expect(types(teacher)).not.toContain('communications.changed {"id":"leaders"}');
    teacher.close();
    principal.close();
  });

  it('filters by user: notifications.changed for one parent reaches only that parent', async () => {
    const greenhillParent = await connect(DEMO.greenhill.parent);
    const riversideParent = await connect(DEMO.riverside.parent);
    const riversideId_ = await profileIdOf(t.database, DEMO.riverside.parent);
    await publish({ type: 'notifications.changed', audience: { userIds: [riversideId_] }, data: { communicationId: 'c-1' } });
    const frame = await riversideParent.waitFor((f) => f.event === 'notifications.changed');
    expect(JSON.parse(frame.data!)).toEqual({ communicationId: 'c-1' });
    await marker(greenhillParent, await profileIdOf(t.database, DEMO.greenhill.parent));
    expect(greenhillParent.events().map((e) => e.type)).not.toContain('notifications.changed');
    greenhillParent.close();
    riversideParent.close();
  });
});

describe('GET /api/events: connection lifecycle', () => {
  it('forgets a stream when the client goes away', async () => {
    await eventually(() => t.deps.liveStreams.count() === 0, 5000, 'earlier streams to close');
    const a = await connect(DEMO.greenhill.teacher);
    const b = await connect(DEMO.greenhill.parent);
    expect(t.deps.liveStreams.count()).toBe(2);
    a.close();
    b.close();
    await eventually(() => t.deps.liveStreams.count() === 0, 5000, 'stream count back to 0');
    // Publishing to nobody is harmless.
    await publish({ type: 'maintenance.changed', audience: {}, data: { enabled: false, message: '', estimatedDuration: '' } });
  });

  it('keeps at most 5 streams per user: a sixth closes the oldest', async () => {
    const userId = await profileIdOf(t.database, DEMO.greenhill.director);
    const cookie = await signIn(t.app, DEMO.greenhill.director);
    const clients: SseTestClient[] = [];
    for (let i = 0; i < 6; i++) clients.push(await connectWith(cookie));
    await clients[0]!.ended;
    expect(clients[0]!.frames.at(-1)?.event).toBe('stream.replaced');
    expect(clients.slice(1).every((c) => !c.isEnded())).toBe(true);
    expect(t.deps.liveStreams.count(userId)).toBe(5);
    for (const c of clients) c.close();
    await eventually(() => t.deps.liveStreams.count(userId) === 0, 5000, 'director streams closed');
  });

  it('writes a heartbeat comment and keeps a valid session open', async () => {
    const client = await connect(DEMO.greenhill.finance);
    await t.deps.liveStreams.heartbeat();
    await client.waitFor((f) => f.comments.includes('heartbeat'));
    expect(client.isEnded()).toBe(false);
    client.close();
  });

  it('ends the stream at the next heartbeat after sign-out', async () => {
    const cookie = await signIn(t.app, DEMO.riverside.teacher);
    const client = await connectWith(cookie);
    const other = await connect(DEMO.riverside.teacher);
    // Scope local: only this session ends (logout's default, global, would end the other one too).
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie }, payload: { scope: 'local' } });
    await publish({ type: 'maintenance.changed', audience: {}, data: { enabled: true, message: 'before the beat', estimatedDuration: '' } });
    await client.waitFor((f) => f.event === 'maintenance.changed'); // still open until the heartbeat
    await t.deps.liveStreams.heartbeat();
    await client.ended;
    // The same user's other session is untouched.
    expect(other.isEnded()).toBe(false);
    expect(t.deps.liveStreams.count(await profileIdOf(t.database, DEMO.riverside.teacher))).toBe(1);
    // Reconnecting with the ended session is refused.
    expect((await openEventStream(base, cookie)).status).toBe(401);
    other.close();
  });

  it('ends the stream at the next heartbeat after the account is deactivated', async () => {
    const email = DEMO.riverside.finance;
    const client = await connect(email);
    await setProfileStatus(t.database, email, 'inactive');
    try {
      await t.deps.liveStreams.heartbeat();
      await client.ended;
      expect(t.deps.liveStreams.count(await profileIdOf(t.database, email))).toBe(0);
    } finally {
      await setProfileStatus(t.database, email, 'active');
    }
  });

  it('ends open streams when the server closes, without hanging', async () => {
    const second = await createTestApp({ database: t.database });
    const url = await second.app.listen({ port: 0, host: '127.0.0.1' });
    const client = await openEventStream(url, await signIn(second.app, DEMO.greenhill.hr));
    await client.waitFor((f) => f.comments.includes('connected'));
    await second.close();
    await client.ended;
    expect(second.deps.liveStreams.count()).toBe(0);
  });
});

describe('live streams (unit)', () => {
  function fakeSink() {
    const out: string[] = [];
    let ended = false;
    const sink: SseSink & { out: string[]; ended: () => boolean; buffered: number } = {
      out,
      buffered: 0,
      ended: () => ended,
      write(chunk: string) {
        out.push(chunk);
        return true;
      },
      end() {
        ended = true;
      },
      get writableLength() {
        return this.buffered;
      },
    };
    return sink;
  }
  const bus = () => {
    const listeners = new Set<(e: LiveEvent) => void>();
    return {
      publish: async (e: LiveEvent) => listeners.forEach((l) => l(e)),
      subscribe: (l: (e: LiveEvent) => void) => (listeners.add(l), () => void listeners.delete(l)),
      close: async () => undefined,
      size: () => listeners.size,
    };
  };
  const state = (over: Partial<LiveSessionState> = {}): LiveSessionState => ({
    sessionId: 's1',
    userId: 'u1',
    status: 'active',
    role: 'teacher',
    schoolId: 'school-a',
    schoolStatus: 'active',
    ...over,
  });
  const teacher = { id: 'u1', role: 'teacher', schoolId: 'school-a' };

  it('beats on its own every heartbeatMs while streams are open', async () => {
    const b = bus();
    const hub = createLiveStreams({ bus: b, loadSessions: async () => [state()], heartbeatMs: 20 });
    const sink = fakeSink();
    hub.add(teacher, 's1', sink);
    await eventually(() => sink.out.filter((s) => s === ': heartbeat\n\n').length >= 2, 2000, 'two heartbeats');
    hub.closeAll();
    expect(sink.ended()).toBe(true);
    expect(b.size()).toBe(0);
  });

  it('keeps streams open when the session re-check fails (database hiccup)', async () => {
    const hub = createLiveStreams({ bus: bus(), loadSessions: async () => Promise.reject(new Error('connection reset')) });
    const sink = fakeSink();
    hub.add(teacher, 's1', sink);
    await hub.heartbeat();
    expect(sink.ended()).toBe(false);
    expect(sink.out).toContain(': heartbeat\n\n');
    hub.closeAll();
  });

  it.each([
    ['a role change', state({ role: 'principal' })],
    ['a school move', state({ schoolId: 'school-b' })],
    ['a deactivated school', state({ schoolStatus: 'inactive' })],
    ['a suspended account', state({ status: 'suspended' })],
    ['a removed role', state({ role: null })],
  ])('ends the stream after %s', async (_what, s) => {
    const hub = createLiveStreams({ bus: bus(), loadSessions: async () => [s] });
    const sink = fakeSink();
    hub.add(teacher, 's1', sink);
    await hub.heartbeat();
    expect(sink.ended()).toBe(true);
    expect(hub.count()).toBe(0);
  });

  it('cuts off a client that stops reading', async () => {
    const b = bus();
    const hub = createLiveStreams({ bus: b, loadSessions: async () => [state()] });
    const slow = fakeSink();
    const fine = fakeSink();
    hub.add(teacher, 's1', slow);
    hub.add({ ...teacher, id: 'u2' }, 's2', fine);
    slow.buffered = MAX_BUFFERED_BYTES + 1;
    await b.publish({ type: 'maintenance.changed', audience: {}, data: {} });
    expect(slow.ended()).toBe(true);
    expect(fine.ended()).toBe(false);
    expect(hub.count()).toBe(1);
    hub.closeAll();
  });
});
