import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/server/db/client.js';
import type { PostgresEventBus } from '../src/server/events/pg-bus.js';
import { eventually, openEventStream, type SseTestClient } from '../src/server/modules/events/sse-test-client.js';
import { DEMO, createTestApp, profileIdOf, schoolIdOf, signIn, type TestApp } from './helpers.js';

/**
 * Live updates across instances (issue 3 §7). On PostgreSQL (scripts/test-postgres.sh sets
 * TEST_DATABASE_URL) two app instances with their own connection pools share one database: an event
 * published on instance A reaches a browser connected to instance B through LISTEN/NOTIFY. On PGlite
 * (one process owns the database) the same file checks the in-process path.
 */

const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
const clients: SseTestClient[] = [];

async function connect(base: string, cookie: string): Promise<SseTestClient> {
  const client = await openEventStream(base, cookie);
  clients.push(client);
  expect(client.status, client.body).toBe(200);
  await client.waitFor((f) => f.comments.includes('connected'));
  return client;
}

const countOf = (client: SseTestClient, id: string) => client.events().filter((e) => (e.data as { id?: string } | null)?.id === id).length;
const waitForId = (client: SseTestClient, id: string, timeoutMs = 5000) =>
  client.waitFor((f) => f.data !== null && (JSON.parse(f.data) as { id?: string }).id === id, timeoutMs);

afterAll(() => {
  for (const c of clients) c.close();
});

if (databaseUrl) {
  describe('two instances on one PostgreSQL database (LISTEN/NOTIFY)', () => {
    let a: TestApp;
    let b: TestApp;
    let databaseB: Database;
    let baseA: string;
    let baseB: string;

    beforeAll(async () => {
      a = await createTestApp();
      // Instance B: its own pool on the same database, as a second server process would have.
      const urlB = new URL(a.databaseUrl!);
      urlB.searchParams.set('application_name', 'instance-b');
      databaseB = await openDatabase({ databaseUrl: urlB.toString(), dataDir: 'memory://' });
      b = await createTestApp({ database: databaseB });
      baseA = await a.app.listen({ port: 0, host: '127.0.0.1' });
      baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      for (const c of clients) c.close();
      await b?.close();
      await databaseB?.close();
      await a?.close();
    });

    it('runs each instance on the PostgreSQL bus', () => {
      expect(a.database.kind).toBe('postgres');
      expect(typeof (a.deps.events as PostgresEventBus).listenerPid).toBe('function');
      expect(typeof (b.deps.events as PostgresEventBus).listenerPid).toBe('function');
    });

    it('a browser on instance B receives an event published on instance A', async () => {
      // Signed in through A: sessions live in the database, so B accepts the cookie.
      const cookie = await signIn(a.app, DEMO.greenhill.teacher);
      const onB = await connect(baseB, cookie);
      const data = { enabled: true, message: 'Scheduled upgrade', estimatedDuration: '15 minutes' };
      await a.deps.events.publish({ type: 'maintenance.changed', audience: {}, data });
      const frame = await onB.waitFor((f) => f.event === 'maintenance.changed');
      expect(JSON.parse(frame.data!)).toEqual(data);
      onB.close();
    });

    it('instance B still filters by school, role and user for events from A', async () => {
      const greenhill = await schoolIdOf(a.database, 'greenhill');
      const riversideParent = await connect(baseB, await signIn(b.app, DEMO.riverside.parent));
      const greenhillParent = await connect(baseB, await signIn(b.app, DEMO.greenhill.parent));
      const riversideParentId = await profileIdOf(a.database, DEMO.riverside.parent);

      await a.deps.events.publish({ type: 'communications.changed', audience: { schoolIds: [greenhill], roles: ['parent'] }, data: { id: 'greenhill-parents' } });
      await a.deps.events.publish({ type: 'notifications.changed', audience: { userIds: [riversideParentId] }, data: { id: 'for-riverside-parent' } });
      await waitForId(greenhillParent, 'greenhill-parents');
      await waitForId(riversideParent, 'for-riverside-parent');
      // Both were published before the second one arrived, in order: the other parent's is not coming.
      expect(countOf(riversideParent, 'greenhill-parents')).toBe(0);
      expect(countOf(greenhillParent, 'for-riverside-parent')).toBe(0);
      riversideParent.close();
      greenhillParent.close();
    });

    it('the publishing instance delivers its own event once (through NOTIFY only), and so does the other', async () => {
      const cookie = await signIn(a.app, DEMO.greenhill.principal);
      const onA = await connect(baseA, cookie);
      const onB = await connect(baseB, cookie);
      await a.deps.events.publish({ type: 'communications.changed', audience: {}, data: { id: 'once' } });
      await a.deps.events.publish({ type: 'communications.changed', audience: {}, data: { id: 'after' } });
      await waitForId(onA, 'after');
      await waitForId(onB, 'after');
      expect(countOf(onA, 'once')).toBe(1);
      expect(countOf(onB, 'once')).toBe(1);
      onA.close();
      onB.close();
    });

    it('publish resolves once the instance’s own subscribers have the event (as in-process)', async () => {
      const seen: string[] = [];
      const unsubscribe = a.deps.events.subscribe((e) => seen.push(String(e.data.id)));
      try {
        await a.deps.events.publish({ type: 'communications.changed', audience: {}, data: { id: 'echo-1' } });
        expect(seen).toEqual(['echo-1']);
        await a.deps.events.publish({ type: 'communications.changed', audience: {}, data: { id: 'echo-2' } });
        expect(seen).toEqual(['echo-1', 'echo-2']);
      } finally {
        unsubscribe();
      }
    });

    it('splits a user list too big for one NOTIFY, and each listed user gets the event once', async () => {
      const directorId = await profileIdOf(a.database, DEMO.greenhill.director);
      const onB = await connect(baseB, await signIn(b.app, DEMO.greenhill.director));
      const userIds = [...Array.from({ length: 400 }, () => randomUUID()), directorId, ...Array.from({ length: 400 }, () => randomUUID())];
      await a.deps.events.publish({ type: 'notifications.changed', audience: { userIds }, data: { id: 'big-audience' } });
      await a.deps.events.publish({ type: 'notifications.changed', audience: { userIds: [directorId] }, data: { id: 'after-big' } });
      await waitForId(onB, 'after-big');
      expect(countOf(onB, 'big-audience')).toBe(1);
      onB.close();
    });

    it('instance B reconnects its LISTEN connection after it is killed, and delivers again', async () => {
      const bus = b.deps.events as PostgresEventBus;
      const cookie = await signIn(b.app, DEMO.greenhill.hr);
      const onB = await connect(baseB, cookie);
      const before = bus.listenerPid();
      expect(before).not.toBeNull();
      await a.database.pool!.query('select pg_terminate_backend($1)', [before]);
      await eventually(() => bus.listenerPid() !== null && bus.listenerPid() !== before, 15_000, 'a new LISTEN connection');
      // The browser's stream survived the database hiccup.
      expect(onB.isEnded()).toBe(false);
      await a.deps.events.publish({ type: 'communications.changed', audience: {}, data: { id: 'after-reconnect' } });
      await waitForId(onB, 'after-reconnect');
      onB.close();
    });

    it('instance B keeps serving after the server terminates its idle pooled connections', async () => {
      const cookie = await signIn(b.app, DEMO.greenhill.teacher);
      // Open a few of B's pooled connections, then let them go idle.
      await Promise.all([1, 2, 3].map(() => databaseB.pool!.query('select pg_sleep(0.05)')));
      const idleOfB = async () =>
        (await a.database.pool!.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = current_database() and application_name = 'instance-b' and state = 'idle'`,
        )).rows.map((r) => r.pid);
      const victims = await idleOfB();
      expect(victims.length).toBeGreaterThanOrEqual(3);
      // What a database restart or an administrator does; unhandled, it would end B's process.
      await a.database.pool!.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [victims]);
      await new Promise((r) => setTimeout(r, 200));
      expect((await idleOfB()).filter((pid) => victims.includes(pid))).toEqual([]);
      const res = await b.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect((await databaseB.pool!.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    });

    it('B forgets streams whose clients left', async () => {
      await eventually(() => b.deps.liveStreams.count() === 0 && a.deps.liveStreams.count() === 0, 5000, 'streams closed');
    });
  });
} else {
  describe('PGlite: live events are delivered in-process', () => {
    let t: TestApp;
    let base: string;

    beforeAll(async () => {
      t = await createTestApp();
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      for (const c of clients) c.close();
      await t?.close();
    });

    it('uses the in-process bus (no LISTEN connection)', () => {
      expect(t.database.kind).toBe('pglite');
      expect((t.deps.events as Partial<PostgresEventBus>).listenerPid).toBeUndefined();
    });

    it('a published event reaches every connected browser of the instance exactly once', async () => {
      const teacher = await connect(base, await signIn(t.app, DEMO.greenhill.teacher));
      const admin = await connect(base, await signIn(t.app, DEMO.admin, 'admin'));
      await t.deps.events.publish({ type: 'communications.changed', audience: {}, data: { id: 'local' } });
      await t.deps.events.publish({ type: 'communications.changed', audience: {}, data: { id: 'after' } });
      await waitForId(teacher, 'after');
      await waitForId(admin, 'after');
      expect(countOf(teacher, 'local')).toBe(1);
      expect(countOf(admin, 'local')).toBe(1);
      teacher.close();
      admin.close();
      await eventually(() => t.deps.liveStreams.count() === 0, 5000, 'streams closed');
    });
  });
}
