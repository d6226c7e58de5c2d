/**
 * The production build (issue 37 §2): scripts/build-server.mjs compiles the server into JavaScript that
 * starts with plain node (no tsx), finds its migrations and package.json from wherever it is started,
 * runs the timetable generator's worker without tsx, and NODE_ENV=production refuses a shared
 * PostgreSQL without SECRETS_KEY before touching it.
 *
 * The bundle goes into a throw-away directory inside the project (dist/.test-prodbuild-*): the server
 * finds drizzle/ and package.json by walking up from its own file (src/server/lib/project-root.ts).
 * PostgreSQL: the server of TEST_DATABASE_URL (scripts/test-postgres.sh), else 127.0.0.1:5432 as the
 * first of PGUSER, the current user, root and postgres that can connect (as scripts/test-postgres.sh
 * does); the test makes its own empty database there and drops it after.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseCopy, dropDatabaseCopy } from './postgres-copies.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUTDIR = path.join(ROOT, 'dist', `.test-prodbuild-${process.pid}-${randomBytes(3).toString('hex')}`);
const MAIN = path.join(OUTDIR, 'main.js');

/** A URL on a reachable PostgreSQL server whose database name prefixes the test's own database. */
async function postgresServer(): Promise<string> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const users = [process.env.PGUSER, os.userInfo().username, 'root', 'postgres'].filter((u): u is string => !!u);
  for (const user of users) {
    const client = new pg.Client({ connectionString: `postgres://${user}@127.0.0.1:5432/postgres` });
    try {
      await client.connect();
      await client.end();
      return `postgres://${user}@127.0.0.1:5432/edufam_prodbuild_test`;
    } catch {
      await client.end().catch(() => undefined);
    }
  }
  throw new Error(`no PostgreSQL on 127.0.0.1:5432 as ${users.join(', ')}: set TEST_DATABASE_URL or run scripts/test-postgres.sh`);
}

/** Only what a production start needs: no NODE_OPTIONS (a tsx loader could hide in it), no test settings. */
function productionEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: os.tmpdir(), NODE_ENV: 'production', EDUFAM_DEMO: 'off', HOST: '127.0.0.1', PORT: '0', WEB_DIST: '/nonexistent/edufam-web-dist', ...extra };
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

/** `node --enable-source-maps <outdir>/main.js`, as `npm run start:prod` runs it, from `cwd`. */
function startBundle(env: NodeJS.ProcessEnv, cwd: string): Started {
  const child = spawn(process.execPath, ['--enable-source-maps', MAIN], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout!.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (text += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exit };
}

/** The base URL once the server's log says where it listens (PORT=0) and GET /api/ready answers 200. */
async function waitUntilReady(server: Started, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let base: string | undefined;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited with code ${server.child.exitCode}:\n${server.output()}`);
    base ??= /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output())?.[1];
    if (base) {
      const res = await fetch(`${base}/api/ready`).catch(() => null);
      if (res?.status === 200) return base;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready within ${timeoutMs} ms:\n${server.output()}`);
}

let buildOutput = '';
const cleanup: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  const child = spawn(process.execPath, ['scripts/build-server.mjs', '--outdir', path.relative(ROOT, OUTDIR)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  cleanup.push(() => rmSync(OUTDIR, { recursive: true, force: true }));
  child.stdout.on('data', (d: Buffer) => (buildOutput += d.toString()));
  child.stderr.on('data', (d: Buffer) => (buildOutput += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`build-server.mjs failed (${code}):\n${buildOutput}`);
}, 120_000);

afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

describe('production build (issue 37 §2)', () => {
  it('writes the server and the timetable worker as JavaScript with source maps, saying how long it took', () => {
    expect(buildOutput).toMatch(/^Server built in \d+ ms: .*main\.js [\d.]+ MB, .*worker\.js [\d.]+ MB/);
    for (const file of ['main.js', 'main.js.map', 'worker.js', 'worker.js.map']) expect(existsSync(path.join(OUTDIR, file)), file).toBe(true);
    // Packages stay in node_modules (external imports), and tsx is not one of them: it only appears in
    // the worker's loader text, for a TypeScript entry (tests and `npm start`).
    const main = readFileSync(MAIN, 'utf8');
    expect(main).toMatch(/^import \w+(, \{[^}]*\})? from "fastify";$/m);
    expect(main).not.toMatch(/^import [^\n]*["']tsx(\/[^"']*)?["'];$/m);
  });

  it('starts with plain node from another directory on the embedded database, migrated, with NODE_ENV=production', async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'edufam-prodbuild-'));
    cleanup.push(() => rmSync(cwd, { recursive: true, force: true }));
    const server = startBundle(productionEnv({ DATA_DIR: path.join(cwd, 'data'), SMS_SIMULATOR: 'force', LOG_LEVEL: 'info' }), cwd);
    cleanup.push(() => void server.child.kill('SIGKILL'));
    const base = await waitUntilReady(server, 150_000);

    // The very command `npm run start:prod` runs: no tsx loader, no --import.
    const cmdline = readFileSync(`/proc/${server.child.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(cmdline).toEqual([process.execPath, '--enable-source-maps', MAIN]);

    // Migrations ran (from the project's drizzle/, not the working directory): signing in reads the users table.
    const res = await fetch(`${base}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not-a-password-1', accessType: 'school', rememberMe: false }),
    });
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('USER_NOT_FOUND');
    // The forced SMS simulator is announced to the operator at start.
    expect(server.output()).toContain('SMS_SIMULATOR=force with NODE_ENV=production');

    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
  }, 180_000);

  it('refuses NODE_ENV=production on a PostgreSQL without SECRETS_KEY, naming it, and leaves the database untouched', async () => {
    const url = await createDatabaseCopy(await postgresServer(), undefined);
    cleanup.push(() => dropDatabaseCopy(url));
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'edufam-prodbuild-'));
    cleanup.push(() => rmSync(cwd, { recursive: true, force: true }));
    const server = startBundle(productionEnv({ DATABASE_URL: url, DATA_DIR: path.join(cwd, 'data'), SMS_SIMULATOR: 'force', AUTH_SECRET: randomBytes(32).toString('hex') }), cwd);
    cleanup.push(() => void server.child.kill('SIGKILL'));

    expect(await server.exit).toBe(1);
    expect(server.output()).toMatch(/EduFam could not start: Invalid configuration:\n {2}SECRETS_KEY: required with NODE_ENV=production and DATABASE_URL/);
    expect(server.output()).not.toContain('AUTH_SECRET:');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM information_schema.schemata WHERE schema_name IN ('drizzle', 'pgboss')");
      expect(rows[0]!.n).toBe(0);
    } finally {
      await client.end();
    }
  }, 60_000);

  it('runs the timetable generator in its worker from the bundle, without tsx', async () => {
    // run-worker.ts bundled beside worker.js, as it sits inside main.js: it must find ./worker.js there.
    const probe = path.join(OUTDIR, 'run-worker-probe.js');
    await build({ absWorkingDir: ROOT, entryPoints: ['src/server/modules/timetable/engine/run-worker.ts'], outfile: probe, bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'warning' });
    const problem = {
      days: ['Mon', 'Tue'],
      periods: ['P1', 'P2', 'P3'],
      teachers: [{ id: 't0', name: 'Mr Otieno' }],
      subjects: [{ id: 'mat', name: 'Mathematics' }],
      studentGroups: [{ id: 'c0', name: 'Grade 7 East' }],
      studentSets: [{ id: 'c0', name: 'Grade 7 East', groupIds: ['c0'] }],
      rooms: [],
      activities: Array.from({ length: 5 }, (_, k) => ({ id: `a${k}`, duration: 1, subjectId: 'mat', teacherIds: ['t0'], studentSetIds: ['c0'] })),
      constraints: [],
    };
    // A file, not `node --input-type=module -e`: the worker inherits the flag and its CommonJS loader would not run.
    const runner = path.join(OUTDIR, 'run-worker-probe-run.mjs');
    writeFileSync(
      runner,
      `import { solveInWorker } from ${JSON.stringify(pathToFileURL(probe).href)};
const r = await solveInWorker(JSON.parse(process.env.PROBLEM), { timeLimitMs: 5000, seed: 1 });
console.log(JSON.stringify({ status: r.status, placed: r.placements.length }));`,
    );
    const child = spawn(process.execPath, [runner], { cwd: os.tmpdir(), env: { PATH: process.env.PATH, PROBLEM: JSON.stringify(problem) }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(out, out).toContain(JSON.stringify({ status: 'complete', placed: 5 }));
    expect(code).toBe(0);
  }, 60_000);

  it('instances of a fleet started at once migrate one after the other: every one starts, each migration applied once', async () => {
    const url = await createDatabaseCopy(await postgresServer(), undefined);
    cleanup.push(() => dropDatabaseCopy(url));
    const { openDatabase } = await import('../src/server/db/client.js');
    const fleet = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url, dataDir: 'memory://' })));
    try {
      await Promise.all(fleet.map((database) => database.migrate()));
      const journal = JSON.parse(readFileSync(path.join(ROOT, 'drizzle', 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      const applied = await fleet[0]!.pool!.query<{ n: string }>('select count(*)::text as n from drizzle.__drizzle_migrations');
      expect(Number(applied.rows[0]!.n)).toBe(journal.entries.length);
    } finally {
      await Promise.all(fleet.map((database) => database.close()));
    }
  }, 120_000);
});

