/**
 * First load scenarios (issue 2): sign-in, session check and each role's dashboard, against a real
 * server process on embedded PGlite and, when BENCH_DATABASE_URL is set, on PostgreSQL.
 *
 *   npm run bench                                  # PGlite only
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/edufam_bench npm run bench   # both
 *
 * The database named in BENCH_DATABASE_URL is wiped (schema public dropped) before the run.
 * Writes a Markdown table to bench/results/latest.md. Numbers are for this machine (2 cores), with
 * the load generator on the same machine, so read them as relative figures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_ACCOUNTS as ROLES, DEMO_PASSWORD as PASSWORD } from './demo-accounts.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Row {
  database: string;
  scenario: string;
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', LOGIN_IP_LIMIT: '1000000', LOGIN_ACCOUNT_LIMIT: '1000000', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (res.ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error('server did not become ready');
}

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

async function load(database: string, scenario: string, opts: autocannon.Options): Promise<Row> {
  const r = await autocannon({ duration: DURATION_S, connections: CONNECTIONS, ...opts });
  const row: Row = {
    database,
    scenario,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p97_5: r.latency.p97_5,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
  console.log(`${database.padEnd(9)} ${scenario.padEnd(26)} ${String(row.rps).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  non2xx ${row.non2xx}`);
  return row;
}

async function runAgainst(database: string, env: Record<string, string>, port: number): Promise<Row[]> {
  const server = await startServer(port, env);
  const base = `http://127.0.0.1:${port}`;
  const rows: Row[] = [];
  try {
    rows.push(
      await load(database, 'sign-in (teacher)', {
        url: `${base}/api/auth/sign-in`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ROLES.teacher, password: PASSWORD, accessType: 'school' }),
      }),
    );
    const teacherCookie = await signIn(base, ROLES.teacher);
    rows.push(await load(database, 'session check', { url: `${base}/api/auth/session`, headers: { cookie: teacherCookie } }));
    for (const [role, email] of Object.entries(ROLES)) {
      const cookie = await signIn(base, email);
      rows.push(await load(database, `dashboard (${role})`, { url: `${base}/api/dashboard`, headers: { cookie } }));
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  return rows;
}

async function resetPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;');
  await client.end();
}

const rows: Row[] = [];
rows.push(...(await runAgainst('pglite', { DATA_DIR: 'memory://' }, 3291)));
if (process.env.BENCH_DATABASE_URL) {
  await resetPostgres(process.env.BENCH_DATABASE_URL);
  rows.push(...(await runAgainst('postgres', { DATABASE_URL: process.env.BENCH_DATABASE_URL }, 3292)));
}

const table = [
  `Run ${new Date().toISOString()}, ${DURATION_S} s per scenario, ${CONNECTIONS} connections, Node ${process.version}.`,
  '',
  '| database | scenario | req/s | p50 ms | p97.5 ms | p99 ms | errors | non-2xx |',
  '|---|---|---:|---:|---:|---:|---:|---:|',
  ...rows.map((r) => `| ${r.database} | ${r.scenario} | ${r.rps} | ${r.p50} | ${r.p97_5} | ${r.p99} | ${r.errors} | ${r.non2xx} |`),
  '',
].join('\n');
writeFileSync(path.join(ROOT, 'bench/results/latest.md'), table);
console.log(`\n${table}`);
