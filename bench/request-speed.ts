/**
 * Request speed side by side (issue 19): our server against a bare baseline (bench/baseline/server.ts:
 * Fastify + pg with hand-written SQL, no ORM, no row-level security) on the same PostgreSQL data, then
 * our server on embedded PGlite with the same data.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/edufam_speed npm run bench:speed
 *
 * THE DATABASE IN BENCH_DATABASE_URL IS WIPED. Steps:
 *   1. migrate + seed the demo, fill Greenhill to BENCH_LEARNERS learners (bench/learners-register.ts
 *      fill()), ANALYZE;
 *   2. start ours (src/server/main.ts) and the baseline (when bench/baseline/server.ts exists; checked
 *      again before each scenario, so it may appear later) on the same database and AUTH_SECRET; sign in
 *      on ours as each demo role (the cookie is valid on both);
 *   3. per scenario: check both answer 200, then autocannon, 2 s warm-up + BENCH_SECONDS timed, on ours
 *      and on the baseline back to back (the order alternates between scenarios);
 *   4. the same scenarios against ours on a PGlite DATA_DIR holding the same data (BENCH_PGLITE=off skips).
 *
 * Options (environment): BENCH_LEARNERS (40000), BENCH_CONNECTIONS (100), BENCH_SECONDS (10),
 * BENCH_WARMUP (2), BENCH_ONLY (case-insensitive substring of the scenario names), BENCH_PGLITE (on|off),
 * BENCH_PGLITE_CONNECTIONS (10), BENCH_TIMEOUT (autocannon's request timeout, 30 s), BENCH_INSTANCES
 * (1|2: ours as two processes on PostgreSQL, autocannon spreading the connections over both), BENCH_PORT (first of four ports, default 3461), BENCH_PGLITE_DIR (/tmp/edufam-bench-speed-pglite).
 *
 * Latency percentiles are computed from every 2xx response time of the timed run (autocannon's own
 * result only has p50/p90/p97.5/p99, no p95). Writes bench/results/request-speed.md. Load generator,
 * servers and database share this machine's cores: read the numbers as relative figures.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { seedDemo } from '../src/server/seed/seed.js';
import { withSystem } from '../src/server/db/tenant.js';
import { fill } from './learners-register.js';
import { summarize, wipePostgres } from './support.js';
import { killServers, startBenchServer, stopBenchServer, type BenchServer } from './servers.js';
import { BENCH_ACCOUNTS as ACCOUNTS, DEMO_PASSWORD as PASSWORD, type BenchRole as RoleKey } from './demo-accounts.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const DB_URL = process.env.BENCH_DATABASE_URL;
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 40_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT ?? 30);
/**
 * PGlite runs one statement at a time and interleaves the requests' transactions, so with 100
 * connections every request finishes only after ~100 requests' worth of work: at 40,000 learners most
 * dashboards then complete nothing within 10 s. 10 connections saturate it just as well and give
 * measurable latencies; BENCH_PGLITE_CONNECTIONS=100 reproduces the PostgreSQL setting.
 */
const PGLITE_CONNECTIONS = Number(process.env.BENCH_PGLITE_CONNECTIONS ?? Math.min(CONNECTIONS, 10));
const ONLY = (process.env.BENCH_ONLY ?? '').toLowerCase();
const PGLITE = (process.env.BENCH_PGLITE ?? 'on') !== 'off';
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const PORT = Number(process.env.BENCH_PORT ?? 3461);
const PGLITE_DIR = process.env.BENCH_PGLITE_DIR ?? '/tmp/edufam-bench-speed-pglite';
const WORK_DIR = '/tmp/edufam-bench-speed';
const BASELINE = path.join(ROOT, 'bench/baseline/server.ts');
const AUTH_SECRET = 'bench-request-speed-secret-0123456789abc'; // 40 characters
const SECRETS_KEY = 'ab'.repeat(32);
type Cookies = Record<RoleKey, string>;

interface Scenario {
  name: string;
  /** Path; `:learner` is replaced by the chosen Greenhill learner of the target database. */
  path: string;
  role: RoleKey;
  /** p95 target in ms. */
  p95Target: number;
}

const ALL_SCENARIOS: Scenario[] = [
  { name: 'session check (teacher)', path: '/api/auth/session', role: 'teacher', p95Target: 25 },
  ...(Object.keys(ACCOUNTS) as RoleKey[]).map((role): Scenario => ({ name: `dashboard (${role})`, path: '/api/dashboard', role, p95Target: 50 })),
  { name: 'learner register p.1 (principal)', path: '/api/students', role: 'principal', p95Target: 50 },
  { name: "learner's fee account (finance_officer)", path: '/api/students/:learner/account', role: 'finance_officer', p95Target: 50 },
  { name: "children's results (parent)", path: '/api/grades/my-children', role: 'parent', p95Target: 50 },
  { name: "children's fees (parent)", path: '/api/fees/my-children', role: 'parent', p95Target: 50 },
];
const SCENARIOS = ALL_SCENARIOS.filter((s) => !ONLY || s.name.toLowerCase().includes(ONLY));

interface Measure {
  rps: number;
  p50: number;
  p95: number;
  non2xx: number;
  errors: number;
  /** Mean 2xx response body bytes (to spot a baseline answering with less). */
  bytes: number;
}

// ---------------------------------------------------------------------------------------------------
// Servers

type Server = BenchServer;

/** Starts a bench server and says so (the bench's log shows which servers ran). */
async function startServer(label: string, script: string, port: number, env: Record<string, string>): Promise<Server> {
  const server = await startBenchServer(label, script, port, env);
  console.log(`${label} ready on ${server.base}`);
  return server;
}

const stopServer = stopBenchServer;

function oursEnv(extra: Record<string, string>): Record<string, string> {
  return {
    AUTH_SECRET,
    SECRETS_KEY,
    LOG_LEVEL: 'warn',
    LOGIN_IP_LIMIT: '1000000',
    LOGIN_ACCOUNT_LIMIT: '1000000',
    EDUFAM_DEMO: 'on',
    NODE_ENV: 'production',
    // The demo's SMS simulator (NODE_ENV=production refuses it unless forced).
    SMS_SIMULATOR: 'force',
    ...extra,
  };
}

/** The baseline, started on first need once its file exists; one failed start is not retried. */
const baseline: { server?: Server; failed?: string } = {};

async function ensureBaseline(port: number): Promise<Server | undefined> {
  if (baseline.server || baseline.failed || !existsSync(BASELINE)) return baseline.server;
  try {
    baseline.server = await startServer('baseline', 'bench/baseline/server.ts', port, { DATABASE_URL: DB_URL!, AUTH_SECRET, LOG_LEVEL: 'warn', NODE_ENV: 'production' });
  } catch (err) {
    baseline.failed = err instanceof Error ? err.message.split('\n')[0]! : String(err);
    console.error(`BASELINE DID NOT START, measuring ours only: ${err instanceof Error ? err.message : String(err)}`);
  }
  return baseline.server;
}

async function signIn(base: string, role: RoleKey): Promise<string> {
  const email = ACCOUNTS[role];
  const accessType = role === 'edufam_admin' ? 'admin' : 'school';
  const res = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, accessType, rememberMe: false }),
  });
  if (!res.ok) throw new Error(`sign-in ${email} on ${base}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function signInAll(base: string): Promise<Cookies> {
  const cookies = {} as Cookies;
  for (const role of Object.keys(ACCOUNTS) as RoleKey[]) cookies[role] = await signIn(base, role);
  return cookies;
}

// ---------------------------------------------------------------------------------------------------
// Data

/** Migrates, seeds the demo, fills Greenhill to LEARNERS learners, ANALYZEs; returns the fee-account learner. */
async function prepare(database: Database): Promise<string> {
  const started = performance.now();
  await database.migrate();
  await seedDemo(database.db);
  const { seconds } = await fill(database, LEARNERS);
  await database.analyze();
  const learner = await feeLearner(database);
  console.log(`${database.kind}: migrated, seeded, filled to ${LEARNERS} learners (fill ${seconds} s) in ${Math.round((performance.now() - started) / 1000)} s`);
  return learner;
}

let feeLearnerNote = '';

/** A Greenhill demo learner with invoices and payments: the one with most payments (then invoices). */
async function feeLearner(database: Database): Promise<string> {
  const rows = await withSystem(database.db, (tx) =>
    tx.execute<{ id: string }>(sql`
      select s.id, s.admission_number,
             (select count(*) from invoices i where i.student_id = s.id)::int as invoices,
             (select count(*) from payments p where p.student_id = s.id)::int as payments
        from students s
        join schools sc on sc.id = s.school_id and sc.code = 'greenhill'
       where exists (select 1 from invoices i where i.student_id = s.id)
       order by (select count(*) from payments p where p.student_id = s.id) desc,
                (select count(*) from invoices i where i.student_id = s.id) desc,
                s.admission_number
       limit 1`),
  );
  type Found = { id: string; admission_number: string; invoices: number; payments: number };
  const found = (rows as unknown as { rows?: Found[] }).rows?.[0] ?? (rows as unknown as Found[])[0];
  if (!found) throw new Error('no Greenhill learner with an invoice');
  feeLearnerNote = `${found.admission_number} (${found.invoices} invoices, ${found.payments} payments)`;
  console.log(`${database.kind}: fee account learner ${feeLearnerNote}`);
  return found.id;
}

// ---------------------------------------------------------------------------------------------------
// Measuring

async function check(base: string, url: string, cookie: string): Promise<string | null> {
  try {
    const res = await fetch(`${base}${url}`, { headers: { cookie } });
    const body = await res.text();
    if (res.status !== 200) return `${res.status} ${body.slice(0, 200)}`;
    if (url === '/api/auth/session' && (body === 'null' || body === '' || body === '{}')) return `200 but no session: ${body}`;
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/**
 * Waits for one request of the scenario (`probe`), then until every server answers GET /api/ready within
 * 100 ms twice in a row (at most 2 minutes):
 * requests still queued from a run autocannon stopped (it closes its sockets, the server finishes the
 * work anyway) would otherwise slow the next run, possibly of the other server on the same database.
 */
async function settle(bases: string[], probe?: { url: string; cookie: string }): Promise<void> {
  const started = performance.now();
  // One request of the scenario itself waits in the same queues (pg pool, PGlite) as the leftovers.
  if (probe) await fetch(probe.url, { headers: { cookie: probe.cookie } }).then((r) => r.text(), () => '');
  let quick = 0;
  while (quick < 2 && performance.now() - started < 120_000) {
    const times = await Promise.all(
      bases.map(async (base) => {
        const t = performance.now();
        try {
          await (await fetch(`${base}/api/ready`)).text();
        } catch {
          return Infinity;
        }
        return performance.now() - t;
      }),
    );
    quick = Math.max(...times) < 100 ? quick + 1 : 0;
    if (quick < 2) await new Promise((r) => setTimeout(r, 100));
  }
  const waited = (performance.now() - started) / 1000;
  if (waited > 2) console.log(`  (waited ${waited.toFixed(1)} s for queued requests to drain)`);
}

/** `settleOn`: every server on the database, drained before the warm-up and before the timed run. */
async function measure(urls: string[], cookie: string, settleOn: string[], connectionCount = CONNECTIONS): Promise<Measure> {
  const headers = { cookie };
  // autocannon accepts several URLs and spreads the connections over them (its README); @types says string.
  const url = (urls.length === 1 ? urls[0]! : urls) as string;
  const connections = Math.ceil(connectionCount / urls.length) * urls.length;
  const timeout = TIMEOUT_S;
  const probe = { url: urls[0]!, cookie };
  await settle(settleOn, probe);
  if (WARMUP_S > 0) {
    await autocannon({ url, connections, duration: WARMUP_S, headers, timeout });
    await settle(settleOn, probe);
  }
  const times: number[] = [];
  let bytes = 0;
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: SECONDS, headers, timeout }, (err: unknown, result) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(result)));
    instance.on('response', (_client, status, resBytes, responseTime) => {
      if (status >= 200 && status < 300) {
        times.push(responseTime);
        bytes += resBytes;
      }
    });
  });
  const { p50, p95 } = times.length ? summarize(times) : { p50: NaN, p95: NaN };
  return {
    rps: Math.round(r.requests.average),
    p50,
    p95,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    bytes: times.length ? Math.round(bytes / times.length) : 0,
  };
}

function fmt(m: Measure | undefined): string {
  return m ? `${String(m.rps).padStart(6)} req/s p50 ${String(m.p50).padStart(6)} ms p95 ${String(m.p95).padStart(6)} ms non2xx ${m.non2xx} err ${m.errors} ${m.bytes} B` : '-';
}

const pathFor = (s: Scenario, learner: string) => s.path.replace(':learner', learner);

// ---------------------------------------------------------------------------------------------------
// Runs

interface PgRow {
  scenario: Scenario;
  ours?: Measure;
  base?: Measure;
  note?: string;
}

async function runPostgres(): Promise<{ rows: PgRow[]; baselineNote: string }> {
  await wipePostgres(DB_URL!);
  const database = await openDatabase({ databaseUrl: DB_URL!, dataDir: 'memory://' });
  let learner: string;
  try {
    learner = await prepare(database);
  } finally {
    await database.close();
  }

  const ours: Server[] = [];
  const rows: PgRow[] = [];
  try {
    for (let i = 0; i < Math.max(1, INSTANCES); i++) {
      ours.push(await startServer(`ours#${i + 1} (postgres)`, 'src/server/main.ts', PORT + (i === 0 ? 0 : 2), oursEnv({ DATABASE_URL: DB_URL!, DATA_DIR: path.join(WORK_DIR, `pg-${i}`) })));
    }
    const cookies = await signInAll(ours[0]!.base);
    for (const [index, scenario] of SCENARIOS.entries()) {
      const url = pathFor(scenario, learner);
      const cookie = cookies[scenario.role];
      const base = await ensureBaseline(PORT + 1);
      const row: PgRow = { scenario };
      rows.push(row);
      const oursProblem = (await Promise.all(ours.map((s) => check(s.base, url, cookie)))).find((p) => p !== null) ?? null;
      if (oursProblem) {
        row.note = `ours: ${oursProblem}`;
        console.error(`SKIPPED ${scenario.name}: ours answers ${oursProblem}`);
        continue;
      }
      const baseProblem = base ? await check(base.base, url, cookie) : 'baseline not running';
      if (base && baseProblem) console.error(`${scenario.name}: BASELINE answers ${baseProblem} (measuring ours only)`);
      const everyone = [...ours.map((s) => s.base), ...(base ? [base.base] : [])];
      const runOurs = async () => {
        row.ours = await measure(
          ours.map((s) => `${s.base}${url}`),
          cookie,
          everyone,
        );
      };
      const runBase = async () => {
        if (base && !baseProblem) row.base = await measure([`${base.base}${url}`], cookie, everyone);
      };
      if (index % 2 === 0) {
        await runOurs();
        await runBase();
      } else {
        await runBase();
        await runOurs();
      }
      if (baseProblem) row.note = `baseline: ${baseProblem}`;
      console.log(`${scenario.name.padEnd(40)} ours ${fmt(row.ours)}\n${''.padEnd(40)} base ${fmt(row.base)}`);
    }
  } finally {
    for (const s of ours) await stopServer(s);
    await stopServer(baseline.server);
  }
  const baselineNote = baseline.server
    ? 'bench/baseline/server.ts (Fastify + pg, hand-written SQL)'
    : baseline.failed
      ? `did not start: ${baseline.failed}`
      : 'bench/baseline/server.ts not present: ours only';
  return { rows, baselineNote };
}

interface LiteRow {
  scenario: Scenario;
  lite?: Measure;
  note?: string;
}

async function runPglite(): Promise<LiteRow[]> {
  rmSync(PGLITE_DIR, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: PGLITE_DIR });
  let learner: string;
  try {
    learner = await prepare(database);
  } finally {
    await database.close();
  }
  const rows: LiteRow[] = [];
  let server: Server | undefined;
  try {
    server = await startServer('ours (pglite)', 'src/server/main.ts', PORT + 3, oursEnv({ DATA_DIR: PGLITE_DIR, DATABASE_URL: '' }));
    const cookies = await signInAll(server.base);
    for (const scenario of SCENARIOS) {
      const url = pathFor(scenario, learner);
      const row: LiteRow = { scenario };
      rows.push(row);
      const problem = await check(server.base, url, cookies[scenario.role]);
      if (problem) {
        row.note = problem;
        console.error(`SKIPPED ${scenario.name} on PGlite: ${problem}`);
        continue;
      }
      row.lite = await measure([`${server.base}${url}`], cookies[scenario.role], [server.base], PGLITE_CONNECTIONS);
      console.log(`${scenario.name.padEnd(40)} lite ${fmt(row.lite)}`);
    }
  } finally {
    await stopServer(server);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------
// Report

const num = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '-' : String(n));
const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : undefined);

function pgTable(rows: PgRow[]): string[] {
  const out = [
    '| scenario | ours req/s | ours p50 | ours p95 | baseline req/s | baseline p50 | baseline p95 | ratio | target met | non-2xx + errors (ours / baseline) | bytes (ours / baseline) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|',
  ];
  for (const { scenario, ours, base, note } of rows) {
    if (!ours) {
      out.push(`| ${scenario.name} | skipped: ${note ?? ''} | | | | | | | | | |`);
      continue;
    }
    const r = base ? ratio(ours.rps, base.rps) : undefined;
    if (base && r === undefined) {
      out.push(`| ${scenario.name} | ${ours.rps} | ${num(ours.p50)} | ${num(ours.p95)} | ${base.rps} | ${num(base.p50)} | ${num(base.p95)} | - | baseline completed nothing | ${ours.non2xx + ours.errors} / ${base.non2xx + base.errors} | ${ours.bytes} / ${base.bytes} |`);
      continue;
    }
    const p95ok = ours.p95 < scenario.p95Target;
    const met = r === undefined ? `p95 ${p95ok ? 'yes' : 'NO'} (< ${scenario.p95Target} ms), no baseline` : r >= 0.6 && p95ok ? 'yes' : `NO (${r < 0.6 ? 'ratio' : ''}${r < 0.6 && !p95ok ? ', ' : ''}${p95ok ? '' : `p95 ≥ ${scenario.p95Target}`})`;
    out.push(
      `| ${scenario.name} | ${ours.rps} | ${num(ours.p50)} | ${num(ours.p95)} | ${num(base?.rps)} | ${num(base?.p50)} | ${num(base?.p95)} | ${num(r)} | ${met} | ${ours.non2xx + ours.errors} / ${base ? base.non2xx + base.errors : '-'} | ${ours.bytes} / ${base ? base.bytes : '-'} |`,
    );
  }
  return out;
}

function liteTable(lite: LiteRow[], pgRows: PgRow[]): string[] {
  const out = [
    '| scenario | PGlite req/s | PGlite p50 | PGlite p95 | ours on PostgreSQL req/s | PostgreSQL p95 | factor (PostgreSQL / PGlite req/s) | p95 factor (PGlite / PostgreSQL) | within 3x | non-2xx + errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|---:|',
  ];
  for (const { scenario, lite: l, note } of lite) {
    if (!l) {
      out.push(`| ${scenario.name} | skipped: ${note ?? ''} | | | | | | | | |`);
      continue;
    }
    const pgm = pgRows.find((r) => r.scenario.name === scenario.name)?.ours;
    const f = pgm ? ratio(pgm.rps, l.rps) : undefined;
    const pf = pgm ? ratio(l.p95, pgm.p95) : undefined;
    const within = !pgm ? '-' : l.rps === 0 ? 'NO (no response completed within the run)' : f! <= 3 ? 'yes' : 'NO';
    out.push(`| ${scenario.name} | ${l.rps} | ${num(l.p50)} | ${num(l.p95)} | ${num(pgm?.rps)} | ${num(pgm?.p95)} | ${num(f)} | ${num(pf)} | ${within} | ${l.non2xx + l.errors} |`);
  }
  return out;
}

async function main() {
  if (!DB_URL) throw new Error('Set BENCH_DATABASE_URL (a PostgreSQL database that will be WIPED).');
  const started = Date.now();
  const loadBefore = os.loadavg()[0]!.toFixed(1);
  mkdirSync(WORK_DIR, { recursive: true });
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
    if (execSync('git status --porcelain --untracked-files=no', { cwd: ROOT }).toString().trim()) commit += ' (with uncommitted changes)';
  } catch {
    /* not a git checkout */
  }
  console.log(`request speed: ${SCENARIOS.length} scenarios, ${LEARNERS} learners, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${SECONDS} s`);

  const { rows: pgRows, baselineNote } = await runPostgres();
  let liteRows: LiteRow[] = [];
  let liteError = '';
  if (PGLITE) {
    try {
      liteRows = await runPglite();
    } catch (err) {
      liteError = err instanceof Error ? err.message : String(err);
      console.error(`PGlite run failed: ${liteError}`);
    } finally {
      rmSync(PGLITE_DIR, { recursive: true, force: true });
    }
  }
  const minutes = Math.round((Date.now() - started) / 6000) / 10;

  const lines = [
    '# Request speed: ours against a bare baseline (issue 19)',
    '',
    `Run ${new Date().toISOString()}, commit ${commit}, Node ${process.version}, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${SECONDS} s per measurement, Greenhill filled to ${LEARNERS.toLocaleString('en')} learners; fee account of ${feeLearnerNote}. Whole run ${minutes} min.`,
    '',
    `Ours: src/server/main.ts${INSTANCES > 1 ? ` as ${INSTANCES} processes (autocannon spreads the connections over both)` : ''}. Baseline: ${baselineNote}. Same database, same session cookie. Ours and the baseline run back to back per scenario, alternating which goes first. Latencies in ms, p50 and p95 over every 2xx response of the timed run (computed from autocannon's per-response times; its own summary has no p95). Target: ratio (ours / baseline req/s) ≥ 0.60 and p95 < 25 ms (session check) or < 50 ms (the rest). Load generator, servers and database all share this machine (${os.cpus().length} cores; 1-min load average ${loadBefore} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end, so other work was running if these exceed ~1): read as relative figures.`,
    '',
    '## PostgreSQL',
    '',
    ...pgTable(pgRows),
    '',
    ...(PGLITE
      ? [
          '## Embedded (PGlite), ours only',
          '',
          `Ours with DATA_DIR on a PGlite database holding the same data (the baseline has no PGlite variant), ${PGLITE_CONNECTIONS} connections${PGLITE_CONNECTIONS !== CONNECTIONS ? ` (not ${CONNECTIONS}: PGlite runs one statement at a time and interleaves the requests' transactions, so each request takes about as long as the connection count times its own work; at 100 connections and 40,000 learners most dashboards complete nothing within the run. Set BENCH_PGLITE_CONNECTIONS=${CONNECTIONS} to reproduce that; throughput is saturated either way, so the req/s factor compares like with like, the p95 factor does not)` : ''}. Target: within 3x of ours on PostgreSQL (req/s factor ≤ 3).`,
          '',
          ...(liteError ? [`The PGlite run failed: ${liteError.split('\n')[0]}`] : liteTable(liteRows, pgRows)),
          '',
        ]
      : []),
    `Run with \`BENCH_DATABASE_URL=… npm run bench:speed\`${ONLY ? ` (BENCH_ONLY=${ONLY})` : ''}.`,
    '',
  ];
  const text = lines.join('\n');
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench/results/request-speed.md'), text);
  console.log(`\n${text}`);
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    killServers();
    process.exit(1);
  });
