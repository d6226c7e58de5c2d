/**
 * Publishing a communication to 50,000 users (issue 3 §4): times the services behind the
 * Communication Center and the bell directly, without HTTP, on
 *
 *   - pglite     in-memory PGlite, opened as the app opens it (src/server/db/client.ts);
 *   - postgres   when BENCH_DATABASE_URL is set. THAT DATABASE IS WIPED (schemas public and drizzle
 *                dropped) before the run.
 *
 *   node --import tsx bench/communications-fanout.ts
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/edufam_bench node --import tsx bench/communications-fanout.ts
 *
 * Each target: migrate, seed the demo schools, bulk-insert BENCH_USERS (default 50,000) active users,
 * credential accounts and profiles over Greenhill and Riverside (multi-row inserts of 1,000), ANALYZE,
 * then runs each scenario BENCH_RUNS times (default 5; each publish writes tens of thousands of rows)
 * after one warm-up and prints p50 / p95 in ms:
 *
 *   - create + publish to every role (one INSERT … SELECT of ~50,000 notifications, audit, commit);
 *   - create + publish to parents only, and to one school's parents;
 *   - activate an inactive communication for every role;
 *   - delete a communication with ~50,000 notifications (ON DELETE CASCADE);
 *   - a parent's bell (GET /api/notifications: newest 10 unread + count) and banners, with every
 *     publication above in the tables; mark one notification read.
 *
 * Writes a Markdown table to bench/results/communications-fanout.md.
 *
 * Findings (PostgreSQL 15, EXPLAIN ANALYZE of the INSERT … SELECT for 50,044 users): about a third
 * is the insert with its three indexes, a third the two foreign-key checks per row (user_id,
 * communication_id), the rest the row-level-security scan of profiles. The policies of
 * drizzle/0003_communications.sql read the settings in scalar subqueries (once per statement), and
 * notifications.school_id has no foreign key, which more than halved the first measurement; the
 * activation path adds the notifications before it updates the communication row (the foreign-key
 * check of each row locks it). Past ~100,000 recipients the fan-out belongs in a background job.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import { count, eq } from 'drizzle-orm';
import type { CreateCommunicationBody } from '../src/shared/contracts/communications.js';
import { ROLES, type Role } from '../src/shared/roles.js';
import type { Database, Db } from '../src/server/db/client.js';
import { notifications } from '../src/server/db/schema/index.js';
import { seedDemo } from '../src/server/seed/seed.js';
import { withSystem } from '../src/server/db/tenant.js';
import { createLocalEventBus } from '../src/server/events/bus.js';
import {
  createCommunication,
  deleteCommunication,
  listBanners,
  updateCommunication,
  type CommunicationsDeps,
} from '../src/server/modules/communications/communications.service.js';
import { listMyNotifications, markNotificationRead } from '../src/server/modules/notifications/notifications.service.js';
import { actorFor, insertBulkUsers, onEachDatabase, summarize } from './support.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const USERS = Number(process.env.BENCH_USERS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const REQ = { ip: '127.0.0.1' };

interface Result {
  target: string;
  scenario: string;
  rows: number;
  p50: number;
  p95: number;
}

/** Times `fn` RUNS times after one warm-up; `setup` (untimed) prepares each run's input. */
async function time<T>(setup: () => Promise<T>, fn: (input: T) => Promise<unknown>, runs = RUNS): Promise<{ p50: number; p95: number }> {
  await fn(await setup());
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const input = await setup();
    const start = performance.now();
    await fn(input);
    ms.push(performance.now() - start);
  }
  ms.sort((x, y) => x - y);
  return summarize(ms);
}

async function notificationsOf(db: Db, communicationId: string): Promise<number> {
  const [row] = await withSystem(db, (tx) => tx.select({ n: count() }).from(notifications).where(eq(notifications.communicationId, communicationId)));
  return Number(row!.n);
}

let seq = 0;
const body = (targetRoles: Role[], extra: Partial<CreateCommunicationBody> = {}): CreateCommunicationBody => ({
  title: `Bench notice ${++seq}`,
  message: 'Fan-out benchmark',
  priority: 'medium',
  targetRoles,
  isActive: true,
  dismissible: true,
  ...extra,
});

async function runTarget(target: string, database: Database, passwordHash: string): Promise<Result[]> {
  const t0 = performance.now();
  await database.migrate();
  await seedDemo(database.db);
  await insertBulkUsers(database.db, passwordHash, { count: USERS, seed: 4_242, domain: 'fanout.test', createdWithinDays: 365 });
  console.log(`${target}: ${USERS} users ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const deps: CommunicationsDeps = { database, events: createLocalEventBus() };
  const admin = await actorFor(database.db, 'admin@edufam.test');
  const parent = await actorFor(database.db, 'parent@greenhill.edufam.test');
  const results: Result[] = [];
  const record = async (scenario: string, rows: number, timing: { p50: number; p95: number }) => {
    results.push({ target, scenario, rows, ...timing });
    console.log(`${target.padEnd(9)} ${scenario.padEnd(52)} rows ${String(rows).padStart(6)}  p50 ${timing.p50} ms  p95 ${timing.p95} ms`);
  };

  let last = '';
  const publish = async (b: CreateCommunicationBody) => {
    last = (await createCommunication(deps, admin, b, REQ)).id;
  };
  await record('create + publish: every role', 0, await time(async () => body([...ROLES]), publish));
  results.at(-1)!.rows = await notificationsOf(database.db, last);
  await record('create + publish: parents', 0, await time(async () => body(['parent']), publish));
  results.at(-1)!.rows = await notificationsOf(database.db, last);
  await record('create + publish: one school’s parents', 0, await time(async () => body(['parent'], { schoolId: parent.schoolId }), publish));
  results.at(-1)!.rows = await notificationsOf(database.db, last);

  await record(
    'activate (publish) an inactive one: every role',
    0,
    await time(
      async () => (await createCommunication(deps, admin, body([...ROLES], { isActive: false }), REQ)).id,
      async (id) => {
        await updateCommunication(deps, admin, id, { isActive: true }, REQ);
        last = id;
      },
    ),
  );
  results.at(-1)!.rows = await notificationsOf(database.db, last);

  const [{ n: total }] = (await withSystem(database.db, (tx) => tx.select({ n: count() }).from(notifications))) as [{ n: number }];
  console.log(`${target}: ${Number(total).toLocaleString('en')} notifications in the table`);

  const bell = await listMyNotifications(deps, parent);
  await record(`parent's bell (10 newest of ${bell.unreadCount} unread + count)`, bell.notifications.length, await time(async () => undefined, () => listMyNotifications(deps, parent), 20));
  const banners = await listBanners(deps, parent);
  await record("parent's banners", banners.length, await time(async () => undefined, () => listBanners(deps, parent), 20));
  await record(
    'mark one notification read',
    1,
    await time(
      async () => (await listMyNotifications(deps, parent)).notifications[0]!.id,
      (id) => markNotificationRead(deps, parent, id),
    ),
  );

  let deletedRows = 0;
  await record(
    'delete a communication of every role (cascade)',
    0,
    await time(
      async () => {
        const id = (await createCommunication(deps, admin, body([...ROLES]), REQ)).id;
        deletedRows = await notificationsOf(database.db, id);
        return id;
      },
      (id) => deleteCommunication(deps, admin, id, REQ),
      Math.max(2, Math.min(RUNS, 3)),
    ),
  );
  results.at(-1)!.rows = deletedRows;
  return results;
}

const passwordHash = await hashPassword('BenchPassword#1');
const results = await onEachDatabase((target, database) => runTarget(target, database, passwordHash));

const table = [
  `Run ${new Date().toISOString()}: communications fan-out (communications.service.ts, notifications.service.ts) over ${USERS.toLocaleString('en')} users + the demo seed, ${RUNS} runs per write scenario after 1 warm-up (20 for reads), Node ${process.version}. Times in ms, in-process (no HTTP); rows = notifications written / deleted, or rows answered.`,
  '',
  '| database | scenario | rows | p50 ms | p95 ms |',
  '|---|---|---:|---:|---:|',
  ...results.map((r) => `| ${r.target} | ${r.scenario} | ${r.rows} | ${r.p50} | ${r.p95} |`),
  '',
].join('\n');
writeFileSync(path.join(ROOT, 'bench/results/communications-fanout.md'), table);
console.log(`\n${table}`);
