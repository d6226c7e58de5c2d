/**
 * Pieces the benchmarks share: wiping the PostgreSQL bench database, running a bench on PGlite and then
 * PostgreSQL, bulk-inserting users over the demo schools, timing calls, percentiles, and the actor of a
 * demo account.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Actor } from '../src/shared/access.js';
import type { Role } from '../src/shared/roles.js';
import { openDatabase, type Database, type Db } from '../src/server/db/client.js';
import { accounts, profiles, schools, users } from '../src/server/db/schema/index.js';
import { FEMALE_NAMES, MALE_NAMES, SURNAMES, createRandom } from '../src/server/seed/names.js';
import { withSystem } from '../src/server/db/tenant.js';

/** Drops schemas public and drizzle of the database at `url`: everything in it is lost. */
export async function wipePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS pgboss CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
  await client.end();
}

/**
 * Runs `run` on a fresh in-memory PGlite database (target 'pglite'), then, when BENCH_DATABASE_URL is
 * set, on that PostgreSQL database wiped first (target 'postgres'). Each database is closed after its
 * run; the results of both come back in that order.
 */
export async function onEachDatabase<R>(run: (target: 'pglite' | 'postgres', database: Database) => Promise<R[]>): Promise<R[]> {
  const results: R[] = [];
  const pglite = await openDatabase({ dataDir: 'memory://' });
  try {
    results.push(...(await run('pglite', pglite)));
  } finally {
    await pglite.close();
  }
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    await wipePostgres(url);
    const postgres = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
    try {
      results.push(...(await run('postgres', postgres)));
    } finally {
      await postgres.close();
    }
  }
  return results;
}

/** Mostly parents and teachers, as in a real school. */
const ROLE_MIX: Role[] = ['parent', 'parent', 'parent', 'parent', 'parent', 'teacher', 'teacher', 'finance_officer', 'hr', 'principal', 'school_director'];
const BATCH = 1_000;

/**
 * Inserts `count` users (auth user, credential account with `passwordHash`, profile) spread evenly over
 * the seeded schools, in multi-row inserts of 1,000, then ANALYZEs. E-mails are
 * `first.last.i@<school code>.<domain>`; `seed` makes the names repeatable. `mixedStatus`: ~12%
 * inactive or suspended (else all active); `withPhones` gives each a Kenyan mobile number.
 */
export async function insertBulkUsers(
  db: Db,
  passwordHash: string,
  opts: { count: number; seed: number; domain: string; createdWithinDays: number; mixedStatus?: boolean; withPhones?: boolean },
): Promise<void> {
  const schoolRows = await db.select({ id: schools.id, code: schools.code }).from(schools);
  const rnd = createRandom(opts.seed);
  const now = Date.now();
  for (let start = 0; start < opts.count; start += BATCH) {
    const u: (typeof users.$inferInsert)[] = [];
    const a: (typeof accounts.$inferInsert)[] = [];
    const p: (typeof profiles.$inferInsert)[] = [];
    for (let i = start; i < Math.min(start + BATCH, opts.count); i++) {
      const school = schoolRows[i % schoolRows.length]!;
      const first = rnd.pick(rnd.next() < 0.5 ? FEMALE_NAMES : MALE_NAMES);
      const last = rnd.pick(SURNAMES);
      const name = `${first} ${last}`;
      const email = `${first}.${last}.${i}@${school.code}.${opts.domain}`.toLowerCase();
      const createdAt = new Date(now - rnd.int(0, opts.createdWithinDays * 24 * 3600) * 1000);
      let status: 'active' | 'inactive' | 'suspended' = 'active';
      if (opts.mixedStatus) {
        const r = rnd.next();
        status = r < 0.88 ? 'active' : r < 0.97 ? 'inactive' : 'suspended';
      }
      const id = randomUUID();
      u.push({ id, name, email, emailVerified: true, createdAt, updatedAt: createdAt });
      a.push({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash, createdAt, updatedAt: createdAt });
      p.push({
        id,
        email,
        name,
        role: rnd.pick(ROLE_MIX),
        schoolId: school.id,
        phone: opts.withPhones ? `2547${String(10_000_000 + i).slice(-8)}` : undefined,
        status,
        createdAt,
        updatedAt: createdAt,
      });
    }
    await db.insert(users).values(u);
    await db.insert(accounts).values(a);
    await db.insert(profiles).values(p);
  }
  await db.execute(sql`analyze`);
}

/** One timed scenario of a bench: the database, what was run, rows answered, their total, and p50/p95 in ms. */
export interface ScenarioResult {
  target: string;
  scenario: string;
  rows: number;
  total: number;
  p50: number;
  p95: number;
}

/** p50 and p95 (ms) of `runs` timed calls of `fn`, after `warmUps` untimed ones. */
export async function timeCalls(fn: () => Promise<unknown>, runs: number, warmUps: number): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < warmUps; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    ms.push(performance.now() - start);
  }
  return summarize(ms);
}

/** p50 and p95 of durations in ms, rounded to 0.1 ms. */
export function summarize(ms: number[]): { p50: number; p95: number } {
  const sorted = [...ms].sort((x, y) => x - y);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! * 10) / 10;
  return { p50: at(0.5), p95: at(0.95) };
}

/** The access actor (id, role, school) of the profile with `email`. */
export async function actorFor(db: Db, email: string): Promise<Actor> {
  const [row] = await withSystem(db, (tx) => tx.select().from(profiles).where(eq(profiles.email, email)));
  if (!row) throw new Error(`no ${email}`);
  return { id: row.id, role: row.role as Role, schoolId: row.schoolId };
}
