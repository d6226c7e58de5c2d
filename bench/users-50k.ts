/**
 * Users management list at 50,000 users (issue 3): times the service behind GET /api/users
 * (listUsers: page, summary and, when filtered, the total) directly, without HTTP, on
 *
 *   - pglite     in-memory PGlite, opened as the app opens it (src/server/db/client.ts);
 *   - postgres   when BENCH_DATABASE_URL is set. THAT DATABASE IS WIPED (schemas public and drizzle
 *                dropped) before the run.
 *
 * Search is ILIKE '%text%' on name and e-mail. A trigram (pg_trgm GIN) index cannot serve it: every
 * request's queries run under row-level security as edufam_app, and PostgreSQL only uses an index for
 * a condition whose operator is LEAKPROOF, which ILIKE is not (measured: 46 ms seq scan with the
 * trigram indexes present vs 1.3 ms as the table owner). So search scans the caller's scope.
 *
 *   node --import tsx bench/users-50k.ts
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/edufam_bench node --import tsx bench/users-50k.ts
 *
 * Each target: migrate, seed the demo schools, bulk-insert 50,000 users, credential accounts and
 * profiles spread over Greenhill and Riverside (multi-row inserts of 1,000; one precomputed password
 * hash), ANALYZE, then run each scenario BENCH_RUNS times (default 20) after 2 warm-up runs and print
 * p50 / p95 in ms. BENCH_EXPLAIN=1 prints the plan of each scenario's page query. Writes a Markdown
 * table to bench/results/users-50k.md.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import type { Actor } from '../src/shared/access.js';
import type { ListUsersQuery } from '../src/shared/contracts/users.js';
import type { Database } from '../src/server/db/client.js';
import { users } from '../src/server/db/schema/index.js';
import { seedDemo } from '../src/server/seed/seed.js';
import { withSystem } from '../src/server/db/tenant.js';
import { findUserIdByEmail } from '../src/server/modules/auth/auth.repository.js';
import { listUsers } from '../src/server/modules/users/users.service.js';
import { actorFor, insertBulkUsers, onEachDatabase, timeCalls, type ScenarioResult } from './support.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const USERS = Number(process.env.BENCH_USERS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';

type Result = ScenarioResult;

/** p50/p95 of RUNS calls after two warm-ups. */
const time = (fn: () => Promise<unknown>) => timeCalls(fn, RUNS, 2);

/** The plan of a scenario's page query (listUserPage's shape), run under the RLS role and scope. */
async function explain(database: Database, actor: Actor, q: Partial<ListUsersQuery>): Promise<string> {
  const search = q.search ? `%${q.search}%` : null;
  const school = actor.schoolId;
  const scope = school ? `select set_config('app.school_id', '${school}', true), set_config('app.user_id', '${actor.id}', true)` : `select set_config('app.all_schools', 'on', true)`;
  const where = [
    `p.role in ('edufam_admin','elimisha_admin','school_director','principal','teacher','parent','finance_officer','hr')`,
    `p.email <> ''`,
    school ? `p.school_id = '${school}'` : null,
    search ? `(p.name ilike '${search}' or p.email ilike '${search}')` : null,
    q.role ? `p.role = '${q.role}'` : null,
    q.status ? `p.status = '${q.status}'` : null,
  ].filter(Boolean);
  const pageSize = q.pageSize ?? 25;
  const offset = ((q.page ?? 1) - 1) * pageSize;
  const keys = `select p.id, p.created_at from profiles p where ${where.join(' and ')} order by p.created_at desc nulls last, p.id limit ${pageSize} offset ${offset}`;
  const query = `explain (analyze, costs off) select u.*, s.name from (${keys}) k join profiles u on u.id = k.id left join schools s on s.id = u.school_id order by k.created_at desc nulls last, k.id`;
  return database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(scope));
    await tx.execute(sql`set local role edufam_app`);
    const res = await tx.execute(sql.raw(query));
    const rows = (res as unknown as { rows: Record<string, string>[] }).rows;
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

async function runTarget(target: string, database: Database, passwordHash: string): Promise<Result[]> {
  const t0 = performance.now();
  await database.migrate();
  await seedDemo(database.db);
  await insertBulkUsers(database.db, passwordHash, { count: USERS, seed: 50_000, domain: 'bench.test', createdWithinDays: 3 * 365, mixedStatus: true, withPhones: true });
  console.log(`${target}: ${USERS} users ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const admin = await actorFor(database.db, 'admin@edufam.test');
  const director = await actorFor(database.db, 'director@greenhill.edufam.test');
  const base: ListUsersQuery = { page: 1, pageSize: 25 };
  const scenarios: [string, Actor, ListUsersQuery][] = [
    ['admin: page 1', admin, base],
    ['admin: page 1000', admin, { ...base, page: 1000 }],
    ["admin: search 'wanj'", admin, { ...base, search: 'wanj' }],
    ["admin: search 'wanj', page 20", admin, { ...base, search: 'wanj', page: 20 }],
    ['admin: role teacher + inactive', admin, { ...base, role: 'teacher', status: 'inactive' }],
    ['admin: one school, page 1', admin, { ...base, schoolId: director.schoolId! }],
    ['director: page 1', director, base],
    ['director: page 1000', director, { ...base, page: 1000 }],
    ["director: search 'wanj'", director, { ...base, search: 'wanj' }],
    ['director: role teacher + inactive', director, { ...base, role: 'teacher', status: 'inactive' }],
  ];
  const results: Result[] = [];
  for (const [name, actor, q] of scenarios) {
    const sample = await listUsers(database, actor, q);
    const { p50, p95 } = await time(() => listUsers(database, actor, q));
    results.push({ target, scenario: name, rows: sample.users.length, total: sample.total, p50, p95 });
    console.log(`${target.padEnd(15)} ${name.padEnd(34)} rows ${String(sample.users.length).padStart(2)} of ${String(sample.total).padStart(5)}  p50 ${p50} ms  p95 ${p95} ms`);
    if (EXPLAIN) console.log(await explain(database, actor, q));
  }
  // Not this module's code, measured because it also reads a 50,000-row table: sign-in's e-mail lookup.
  const [someone] = await database.db
    .select({ email: users.email })
    .from(users)
    .where(sql`${users.email} like '%.bench.test'`)
    .orderBy(sql`${users.email} desc`)
    .limit(1);
  const lookup = await time(() => withSystem(database.db, (tx) => findUserIdByEmail(tx, someone!.email)));
  results.push({ target, scenario: 'sign-in e-mail lookup (auth.repository)', rows: 1, total: 1, ...lookup });
  console.log(`${target.padEnd(15)} ${'sign-in e-mail lookup'.padEnd(34)} p50 ${lookup.p50} ms  p95 ${lookup.p95} ms`);
  return results;
}

const passwordHash = await hashPassword('BenchPassword#1');
const results = await onEachDatabase((target, database) => runTarget(target, database, passwordHash));

const table = [
  `Run ${new Date().toISOString()}: listUsers (users.service.ts) over ${USERS.toLocaleString('en')} users + the demo seed, ${RUNS} runs per scenario after 2 warm-ups, page size 25, Node ${process.version}. Times in ms, in-process (no HTTP).`,
  '',
  '| database | scenario | rows | total | p50 ms | p95 ms |',
  '|---|---|---:|---:|---:|---:|',
  ...results.map((r) => `| ${r.target} | ${r.scenario} | ${r.rows} | ${r.total} | ${r.p50} | ${r.p95} |`),
  '',
].join('\n');
writeFileSync(path.join(ROOT, 'bench/results/users-50k.md'), table);
console.log(`\n${table}`);
