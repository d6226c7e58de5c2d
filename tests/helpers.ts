/**
 * Shared helpers for the API, RLS and boot tests: a real buildApp on an in-memory PGlite database (or
 * on PostgreSQL when TEST_DATABASE_URL is set), a capturing mailer, sign-in and small DB utilities.
 */
import { expect } from 'vitest';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from 'better-auth/crypto';
import { buildApp, type AppDeps } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { profiles, schools } from '../src/server/db/schema/index.js';
import { DEMO_PASSWORD, seedDemo } from '../src/server/seed/seed.js';
import { withSystem, type Tx } from '../src/server/db/tenant.js';
import type { MailMessage, Mailer } from '../src/server/integrations/mail/mailer.js';
import { insertAccount } from '../src/server/modules/auth/accounts.repository.js';
import type { AccessType } from '../src/shared/roles.js';
import type { ClassItem } from '../src/shared/contracts/classes.js';
import type { ListStudentsResponse } from '../src/shared/contracts/learners.js';
import { createDatabaseCopy, dropDatabaseCopy, resetPostgres } from './postgres-copies.js';

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
  /**
   * PostgreSQL only: the URL of this app's database (its own copy of the run's template), for a second
   * pool on the same data as another instance would have. Undefined on PGlite or with `database` given.
   */
  databaseUrl?: string;
  /** Every e-mail the app sent, oldest first. */
  mailbox: MailMessage[];
  /** Closes the app and (unless the database was passed in) the database, dropping a PostgreSQL copy. */
  close(): Promise<void>;
}

export interface CreateTestAppOptions {
  /** Seed the two demo schools (default true). Ignored when `database` is given. */
  seed?: boolean;
  /** Extra environment for loadConfig, e.g. { LOGIN_IP_LIMIT: '3' }. */
  env?: Record<string, string>;
  /**
   * Reuse an open database (another TestApp's) instead of opening a fresh one: no copy, migrate or
   * seed, and close() leaves it open. For a second app with different settings on the same data.
   */
  database?: Database;
}

/**
 * Builds the real app for a test file on a database of its own, with the demo data unless `seed` is
 * false, and captures mail in `mailbox`. Without `database`:
 * - PGlite: an in-memory PGlite loaded from the database migrated and seeded once for the whole run by
 *   tests/global-setup.ts (or, without that snapshot or with `seed: false`, migrated and seeded here).
 * - PostgreSQL (TEST_DATABASE_URL): a new database copied from the run's seeded template
 *   (tests/global-setup.ts; with `seed: false` an empty one, migrated here), dropped by close(), so
 *   files run in parallel. With EDUFAM_TEST_SNAPSHOT=off there is no template: the database
 *   TEST_DATABASE_URL names is emptied, migrated and seeded for every app, and files run one at a time.
 */
export async function createTestApp(opts: CreateTestAppOptions = {}): Promise<TestApp> {
  const { seed = true, env = {} } = opts;
  const serverUrl = process.env.TEST_DATABASE_URL || undefined;
  let database = opts.database;
  const ownsDatabase = !database;
  let copyUrl: string | undefined;
  if (!database) {
    const template = serverUrl ? await injected('edufamTestTemplate') : undefined;
    // PGlite with the demo data: load the database seeded once for the run (tests/global-setup.ts).
    const snapshot = seed && !serverUrl ? await seededSnapshot() : undefined;
    if (serverUrl && template) copyUrl = await createDatabaseCopy(serverUrl, seed ? template : undefined);
    try {
      database = await openDatabase({ databaseUrl: copyUrl ?? serverUrl, dataDir: 'memory://', loadDataDir: snapshot });
    } catch (err) {
      if (copyUrl) await dropDatabaseCopy(copyUrl);
      throw err;
    }
    try {
      if (copyUrl) {
        if (!seed) await database.migrate();
      } else if (!snapshot) {
        if (database.kind === 'postgres') await resetPostgres(database);
        await database.migrate();
        if (seed) await seedDemo(database.db);
      }
    } catch (err) {
      await database.close();
      if (copyUrl) await dropDatabaseCopy(copyUrl);
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
  const testApp: TestApp = {
    app,
    deps,
    database: db,
    databaseUrl: ownsDatabase ? (copyUrl ?? serverUrl) : undefined,
    mailbox,
    async close() {
      appsOn.get(db)?.delete(testApp);
      await app.close();
      if (ownsDatabase) {
        await db.close();
        if (copyUrl) await dropDatabaseCopy(copyUrl);
      }
    },
  };
  appsOn.set(db, (appsOn.get(db) ?? new Set()).add(testApp));
  return testApp;
}

/** A value tests/global-setup.ts provided for this run, or '' when not under vitest. */
async function injected(key: 'edufamTestSnapshot' | 'edufamTestTemplate'): Promise<string> {
  if (!process.env.VITEST) return '';
  // Imported only under vitest: bench scripts import these helpers too.
  const { inject } = await import('vitest');
  return inject(key) ?? '';
}

/**
 * The migrated and seeded demo database that tests/global-setup.ts dumped for this run (PGlite data
 * directory tarball), or undefined when there is none (not under vitest, e.g. bench scripts, or a
 * run without that global setup): the caller then migrates and seeds itself.
 */
async function seededSnapshot(): Promise<Blob | undefined> {
  const file = await injected('edufamTestSnapshot');
  if (!file) return undefined;
  return new Blob([await readFile(file)]);
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
export async function system<T>(database: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await withSystem(database.db, fn);
  await settled(database);
  return result;
}

/** The test apps open on each database, to wait for their session caches after a direct write. */
const appsOn = new Map<Database, Set<TestApp>>();

/**
 * Resolves once every open test app on `database` has heard of every change committed so far (its
 * session cache's barrier: PostgreSQL delivers the LISTEN/NOTIFY invalidations asynchronously; PGlite at
 * commit). A test that changes a user, profile, session or school straight in the database, as another
 * process would, then sees the app answer as it would a moment later, not a few milliseconds early.
 */
export async function settled(database: Database): Promise<void> {
  for (const t of appsOn.get(database) ?? []) await t.deps.sessionCache?.barrier();
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

/** The HTTP methods a test sends. */
export type TestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A test file's API caller (issue 33: the same three helpers were copied into many test files).
 * `app()` is read at call time (the app is built in beforeAll); `cookie` holds signed-in sessions by name.
 * - `req(who, method, url, payload?)`: the raw response (`who` undefined: signed out);
 * - `ok<T>(who, method, url, payload?, status = 200)`: expects the status, returns the JSON body (undefined when empty);
 * - `fails(who, method, url, payload, status)`: expects the status, returns the body's `error`.
 */
export function apiCaller(app: () => FastifyInstance, cookie: Record<string, string>) {
  const req = (who: string | undefined, method: TestMethod, url: string, payload?: unknown) =>
    app().inject({ method, url, headers: who ? { cookie: cookie[who]! } : {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const ok = async <T>(who: string, method: TestMethod, url: string, payload?: unknown, status = 200): Promise<T> => {
    const res = await req(who, method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    return (res.body ? res.json() : undefined) as T;
  };
  const fails = async (who: string | undefined, method: TestMethod, url: string, payload: unknown, status: number) => {
    const res = await req(who, method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json<{ error: { code: string; message: string; fields?: Record<string, string> } }>().error;
  };
  return { req, ok, fails };
}

/**
 * The name a test file gives a demo account's session (issue 33: the same sign-in lines were copied into
 * many files): a Greenhill role bare (`principal`), a Riverside role prefixed `rs` (`rsPrincipal`), or
 * one of the two platform admins (`admin`, `elimisha`).
 */
export type DemoSession = DemoRole | `rs${Capitalize<DemoRole>}` | 'admin' | 'elimisha';
type DemoRole = keyof typeof DEMO.greenhill;

/** The e-mail and login area of a DemoSession. */
export function demoAccount(name: DemoSession): [email: string, accessType: AccessType] {
  if (name === 'admin' || name === 'elimisha') return [DEMO[name], 'admin'];
  if (name.startsWith('rs')) return [DEMO.riverside[(name[2]!.toLowerCase() + name.slice(3)) as DemoRole], 'school'];
  return [DEMO.greenhill[name as DemoRole], 'school'];
}

/** Every Greenhill account, in the order of DEMO.greenhill (director, principal, teacher, parent, finance, hr). */
export const GREENHILL_SESSIONS = Object.keys(DEMO.greenhill) as DemoRole[];

/**
 * Signs in the named demo accounts one after another, in the order given, and keeps each session's
 * cookie header in `cookie` under its name.
 */
export async function signInSessions(app: FastifyInstance, cookie: Record<string, string>, names: readonly DemoSession[]): Promise<void> {
  for (const name of names) {
    const [email, accessType] = demoAccount(name);
    cookie[name] = await signIn(app, email, accessType);
  }
}

/** A test file's demo app: the app and the ids of the two demo schools. */
export interface DemoApp {
  t: TestApp;
  /** Id of the Greenhill school. */
  greenhill: string;
  /** Id of the Riverside school. */
  riverside: string;
}

/**
 * The usual start of an API test file's beforeAll: builds the app on the demo data (createTestApp with
 * `options`), looks up the two demo schools' ids, then signs in `names` into `cookie` (signInSessions).
 */
export async function openDemoApp(cookie: Record<string, string>, names: readonly DemoSession[], options?: CreateTestAppOptions): Promise<DemoApp> {
  const t = await createTestApp(options);
  const greenhill = await schoolIdOf(t.database, 'greenhill');
  const riverside = await schoolIdOf(t.database, 'riverside');
  await signInSessions(t.app, cookie, names);
  return { t, greenhill, riverside };
}

/**
 * The `send` / `json` pair test files declared for themselves, arguments in the order method, url,
 * who (a name in `cookie`; undefined: signed out), payload. `app()` is read at call time.
 * - `send(...)`: the raw response;
 * - `json<T>(..., status = 200)`: expects the status and returns the JSON body (undefined when the body is empty).
 */
export function methodCaller(app: () => FastifyInstance, cookie: Record<string, string>) {
  const send = (method: TestMethod, url: string, who?: string, payload?: Record<string, unknown>) =>
    app().inject({ method, url, headers: who ? { cookie: cookie[who]! } : {}, ...(payload ? { payload } : {}) });
  const json = async <T>(method: TestMethod, url: string, who: string | undefined, payload?: Record<string, unknown>, status = 200): Promise<T> => {
    const res = await send(method, url, who, payload);
    expect(res.statusCode, res.body).toBe(status);
    return (res.body ? res.json() : undefined) as T;
  };
  return { send, json };
}

/**
 * A multipart/form-data body with one file in field `file`, for app.inject with the header
 * `content-type: multipart/form-data; boundary=<boundary>`. A string `data` is sent as UTF-8.
 */
export function multipartFile(boundary: string, name: string, type: string, data: Buffer | string): Buffer {
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/**
 * Calls `fn` every 50 ms until `ok` accepts its value or `ms` milliseconds have passed, and returns the
 * last value (the caller's expectation then says what was wrong).
 */
export async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Runs the assertion `check` every 10 ms until it passes or `ms` are over (then its last error is
 * thrown): for what another instance hears of a commit within milliseconds.
 */
export async function eventually(check: () => Promise<void>, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

/**
 * Two instances of the app on one PostgreSQL database, as a fleet runs (PostgreSQL only): `a` on its
 * own copy of the demo, `b` on a second pool to the same database, each with its own LISTEN
 * connection. `close()` ends both.
 */
export async function openTwoInstances(): Promise<{ a: TestApp; b: TestApp; close(): Promise<void> }> {
  const a = await createTestApp();
  const databaseB = await openDatabase({ databaseUrl: a.databaseUrl!, dataDir: 'memory://' });
  const b = await createTestApp({ database: databaseB });
  return {
    a,
    b,
    async close() {
      await b.close();
      await databaseB.close();
      await a.close();
    },
  };
}

/**
 * The POST /api/students body of the learner the issue 34 checks admit today (Wanjiru Mutua, Grade 7
 * East in the issue): a girl born 14/03/2013, a day scholar, her mother Grace's `phone` (unique per test).
 */
export function admitTodayBody(classId: string, phone: string) {
  return {
    firstName: 'Wanjiru',
    lastName: 'Mutua',
    gender: 'F',
    dateOfBirth: '2013-03-14',
    boarding: 'day',
    classId,
    overrideCapacity: true,
    guardians: [{ name: 'Grace Mutua', relationship: 'mother', phone }],
  };
}

/**
 * An error answer's body without its request id (issue 37 §3: each answer has its own), for tests that
 * show two answers are indistinguishable (another school's record answers exactly as a missing one).
 */
export function errorBody(res: { json(): unknown }): unknown {
  const body = res.json() as { error?: Record<string, unknown> };
  if (!body?.error) return body;
  const { requestId: _requestId, ...rest } = body.error;
  return { ...body, error: rest };
}

/** A GET of the API as a signed-in demo account, answering the JSON body (the test's own caller). */
export type ApiGet = <T>(who: string, url: string) => Promise<T>;

/** A learner of a demo stream ("Grade 5 East") by position in its register's first page, as `who` reads it. */
export async function learnerInStream(get: ApiGet, className: string, index = 0, who = 'principal') {
  const classes = await get<ClassItem[]>('principal', '/api/classes');
  const cls = classes.find((c) => c.name === className)!;
  const page = await get<ListStudentsResponse>(who, `/api/students?classId=${cls.id}&pageSize=50`);
  return page.items[index]!;
}
