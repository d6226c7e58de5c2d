/**
 * Shared helpers for the API, RLS and boot tests: a real buildApp on an in-memory PGlite database (or
 * on PostgreSQL when TEST_DATABASE_URL is set), a capturing mailer, sign-in and small DB utilities.
 */
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from 'better-auth/crypto';
import { buildApp, type AppDeps } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { profiles, schools } from '../src/server/db/schema/index.js';
import { DEMO_PASSWORD, seedDemo } from '../src/server/db/seed/seed.js';
import { withSystem, type Tx } from '../src/server/db/tenant.js';
import type { MailMessage, Mailer } from '../src/server/integrations/mail/mailer.js';
import { insertAccount } from '../src/server/modules/auth/accounts.repository.js';
import type { AccessType } from '../src/shared/roles.js';

/** Password of every demo account. */
export { DEMO_PASSWORD };

/** Base URL the test apps put in e-mailed links. */
export const TEST_PUBLIC_URL = 'http://edufam.test';

/** The demo accounts seeded by seedDemo (README "Demo accounts"). */
export const DEMO = {
  password: DEMO_PASSWORD,
  admin: 'admin@edufam.test',
  elimisha: 'elimisha@edufam.test',
  greenhill: {
    director: 'director@greenhill.edufam.test',
    principal: 'principal@greenhill.edufam.test',
    teacher: 'teacher@greenhill.edufam.test',
    parent: 'parent@greenhill.edufam.test',
    finance: 'finance@greenhill.edufam.test',
    hr: 'hr@greenhill.edufam.test',
  },
  riverside: {
    director: 'director@riverside.edufam.test',
    principal: 'principal@riverside.edufam.test',
    teacher: 'teacher@riverside.edufam.test',
    parent: 'parent@riverside.edufam.test',
    finance: 'finance@riverside.edufam.test',
    hr: 'hr@riverside.edufam.test',
  },
} as const;

/** One demo account per role (Greenhill for school roles). */
export const DEMO_BY_ROLE = {
  edufam_admin: DEMO.admin,
  elimisha_admin: DEMO.elimisha,
  school_director: DEMO.greenhill.director,
  principal: DEMO.greenhill.principal,
  teacher: DEMO.greenhill.teacher,
  parent: DEMO.greenhill.parent,
  finance_officer: DEMO.greenhill.finance,
  hr: DEMO.greenhill.hr,
} as const;

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  database: Database;
  /** Every e-mail the app sent, oldest first. */
  mailbox: MailMessage[];
  /** Closes the app and (unless the database was passed in) the database. */
  close(): Promise<void>;
}

export interface CreateTestAppOptions {
  /** Seed the two demo schools (default true). Ignored when `database` is given. */
  seed?: boolean;
  /** Extra environment for loadConfig, e.g. { LOGIN_IP_LIMIT: '3' }. */
  env?: Record<string, string>;
  /**
   * Reuse an open database (another TestApp's) instead of opening a fresh one: no reset, migrate or
   * seed, and close() leaves it open. For a second app with different settings on the same data.
   */
  database?: Database;
}

/**
 * Builds the real app for a test file. Without `database`: opens an in-memory PGlite, or, when
 * TEST_DATABASE_URL is set, the PostgreSQL database it names after dropping and recreating its
 * schemas (so every test file starts from the same state; such files must not run in parallel, see
 * vitest.config.ts). Then migrates and seeds the demo data; on PGlite with `seed` it instead loads the
 * database migrated and seeded once for the whole run by tests/global-setup.ts (same data, seeded at
 * the start of the run rather than of the file). Mail is captured in `mailbox`.
 */
export async function createTestApp(opts: CreateTestAppOptions = {}): Promise<TestApp> {
  const { seed = true, env = {} } = opts;
  const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
  let database = opts.database;
  const ownsDatabase = !database;
  if (!database) {
    // PGlite with the demo data: load the database seeded once for the run (tests/global-setup.ts).
    const snapshot = seed && !databaseUrl ? await seededSnapshot() : undefined;
    database = await openDatabase({ databaseUrl, dataDir: 'memory://', loadDataDir: snapshot });
    try {
      if (!snapshot) {
        if (database.kind === 'postgres') await resetPostgres(database);
        await database.migrate();
        if (seed) await seedDemo(database.db);
      }
    } catch (err) {
      await database.close();
      throw err;
    }
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: TEST_PUBLIC_URL,
    // Never serve a build that another process may be writing: page routes answer with the fallback page.
    WEB_DIST: '/nonexistent/edufam-web-dist',
    ...env,
  });
  const mailbox: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      mailbox.push(message);
    },
    close: () => undefined,
  };
  const { app, deps } = await buildApp({ config, database, mailer, logger: false });
  await app.ready();
  const db = database;
  return {
    app,
    deps,
    database: db,
    mailbox,
    async close() {
      await app.close();
      if (ownsDatabase) await db.close();
    },
  };
}

/**
 * The migrated and seeded demo database that tests/global-setup.ts dumped for this run (PGlite data
 * directory tarball), or undefined when there is none (not under vitest, e.g. bench scripts, or a
 * run without that global setup): the caller then migrates and seeds itself.
 */
async function seededSnapshot(): Promise<Blob | undefined> {
  if (!process.env.VITEST) return undefined;
  // Imported only under vitest: bench scripts import these helpers too.
  const { inject } = await import('vitest');
  const file = inject('edufamTestSnapshot');
  if (!file) return undefined;
  return new Blob([await readFile(file)]);
}

/** Empties a PostgreSQL test database: public and drizzle schemas dropped and public recreated. */
async function resetPostgres(database: Database): Promise<void> {
  const pool = database.pool;
  if (!pool) throw new Error('resetPostgres needs a PostgreSQL pool');
  await pool.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
  // Background tasks' queue (pg-boss) of an earlier test file.
  await pool.query('DROP SCHEMA IF EXISTS pgboss CASCADE');
  await pool.query('DROP SCHEMA IF EXISTS public CASCADE');
  await pool.query('CREATE SCHEMA public');
}

/** The cookie header ("a=1; b=2") a browser would send back after this response, or '' when none. */
export function cookieFrom(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
  return list
    .filter((c) => !/;\s*max-age=0/i.test(c))
    .map((c) => c.split(';')[0]!.trim())
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
    .join('; ');
}

let ipCounter = 0;

/**
 * A fresh client IP address for app.inject's remoteAddress, so that per-IP sign-in limits of one test
 * do not leak into another.
 */
export function nextIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** POST /api/auth/sign-in with a fresh IP; returns the raw response. */
export function postSignIn(
  app: FastifyInstance,
  body: { email?: string; password?: string; accessType?: AccessType | 'universal'; rememberMe?: boolean },
  remoteAddress: string = nextIp(),
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: body, remoteAddress });
}

/**
 * Signs in with the demo password (or `password`) and returns the cookie header for later requests.
 * Throws with the response body when sign-in does not answer 200.
 */
export async function signIn(
  app: FastifyInstance,
  email: string,
  accessType?: AccessType | 'universal',
  password: string = DEMO_PASSWORD,
): Promise<string> {
  const res = await postSignIn(app, { email, password, accessType });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  const cookie = cookieFrom(res);
  if (!cookie) throw new Error(`sign-in of ${email} returned no cookie`);
  return cookie;
}

/** Number of rows in a table, counted as the owner (no row-level security in the way). */
export async function countRows(database: Database, table: PgTable): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(table);
  return Number(row?.n ?? 0);
}

/** Runs `fn` in the platform (all schools) scope. */
export function system<T>(database: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withSystem(database.db, fn);
}

/** Id of a demo school by code ('greenhill' | 'riverside'). */
export async function schoolIdOf(database: Database, code: 'greenhill' | 'riverside'): Promise<string> {
  const [row] = await system(database, (tx) => tx.select({ id: schools.id }).from(schools).where(eq(schools.code, code)));
  if (!row) throw new Error(`school ${code} not seeded`);
  return row.id;
}

/** Profile id of an account by e-mail. */
export async function profileIdOf(database: Database, email: string): Promise<string> {
  const [row] = await system(database, (tx) => tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email)));
  if (!row) throw new Error(`no profile for ${email}`);
  return row.id;
}

/** Sets an account's profile status directly in the database. */
export async function setProfileStatus(database: Database, email: string, status: 'active' | 'inactive' | 'suspended'): Promise<void> {
  await system(database, (tx) => tx.update(profiles).set({ status }).where(eq(profiles.email, email)));
}

/**
 * Creates an extra sign-in account (password `password`, default the demo password) for edge cases
 * the demo data does not have: no role, unknown role, a school role without a school.
 */
export async function createAccount(
  database: Database,
  a: { email: string; name?: string; role: string | null; schoolId: string | null; status?: 'active' | 'inactive' | 'suspended'; password?: string },
): Promise<string> {
  const passwordHash = await hashPassword(a.password ?? DEMO_PASSWORD);
  return system(database, (tx) =>
    insertAccount(tx, { email: a.email, name: a.name ?? 'Test Person', role: a.role, schoolId: a.schoolId, passwordHash, status: a.status }),
  );
}

/** Creates a school (status `active` unless given) and returns its id. */
export async function createSchool(database: Database, s: { code: string; name: string; status?: 'active' | 'inactive' }): Promise<string> {
  const [row] = await system(database, (tx) =>
    tx
      .insert(schools)
      .values({ code: s.code, name: s.name, curriculum: 'CBC', status: s.status ?? 'active' })
      .returning({ id: schools.id }),
  );
  return row!.id;
}

/** Method and URL of every documented API route (from the OpenAPI document), HEAD excluded. */
export function apiRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const doc = (app as unknown as { swagger(): { paths?: Record<string, Record<string, unknown>> } }).swagger();
  const out: { method: string; url: string }[] = [];
  for (const [url, ops] of Object.entries(doc.paths ?? {})) {
    for (const method of Object.keys(ops)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) out.push({ method: method.toUpperCase(), url });
    }
  }
  return out;
}

/** Replaces OpenAPI path parameters ("/x/{id}") with a value. */
export function fillPath(url: string, value: string): string {
  return url.replace(/\{[^}]+\}/g, value);
}
