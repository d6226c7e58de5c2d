/**
 * National-scale bench (issue 37 §1): builds 200 schools with ~160,000 learners, a school year of
 * registers (~27 million entries), exam marks, invoices and payments and twelve payroll months on one
 * PostgreSQL database (bench/scale/build.ts), then measures our server on it (bench/scale/measure.ts)
 * and writes bench/results/scale.md.
 *
 *   npm run bench:scale
 *
 * Environment:
 *   SCALE_DATABASE_URL  database to build (default postgres://postgres@127.0.0.1:5432/edufam_scale); it is
 *                       DROPPED and created again unless SCALE_REUSE=1 finds a finished build there
 *   SCALE_SCHOOLS       schools in all (default 200; the two demo schools included)
 *   SCALE_REUSE=1       measure an existing build (same SCALE_SCHOOLS) instead of building
 *   SCALE_MEASURE=off   build only
 *   SCALE_PARENT_RATE (1000 page reads a second on results day; 0: as fast as the connections go)
 *   SCALE_CONNECTIONS (100), SCALE_SECONDS (10 per hot endpoint), SCALE_WARMUP (2), SCALE_REPEATS (5 per
 *   single request), SCALE_MIX_SECONDS (60), SCALE_ONLY (substring of the measurement names: hot, single,
 *   billing, mix), SCALE_PORT (3471), SCALE_BUILD_WORKERS (2)
 *
 * The server runs as a separate process (node --import tsx src/server/main.ts, EDUFAM_DEMO=off) on the
 * built database; load generator, server and PostgreSQL share this machine. Billing generation writes
 * the latest term's platform invoices: a second run on a reused database reports it as already billed
 * (rebuild to measure it again). The results day writes marks, payments and sessions too.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BENCH_ACCOUNTS, type BenchRole } from './demo-accounts.js';
import { buildScale, builtMarker, type BuildResult } from './scale/build.js';
import { fixtures, killServers, load, resultsDay, signIn, signInRoles, startServer, stopServer, timed, type Fixtures, type Load, type MixStream, type Timed } from './scale/measure.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const URL_ = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/edufam_scale';
const SCHOOLS = Number(process.env.SCALE_SCHOOLS ?? 200);
const REUSE = process.env.SCALE_REUSE === '1';
const MEASURE = (process.env.SCALE_MEASURE ?? 'on') !== 'off';
const CONNECTIONS = Number(process.env.SCALE_CONNECTIONS ?? 100);
const SECONDS = Number(process.env.SCALE_SECONDS ?? 10);
const WARMUP = Number(process.env.SCALE_WARMUP ?? 2);
const REPEATS = Number(process.env.SCALE_REPEATS ?? 5);
const MIX_SECONDS = Number(process.env.SCALE_MIX_SECONDS ?? 60);
const ONLY = (process.env.SCALE_ONLY ?? '').toLowerCase();
const PORT = Number(process.env.SCALE_PORT ?? 3471);
const WORKERS = Number(process.env.SCALE_BUILD_WORKERS ?? 2);
const RESULTS = path.join(ROOT, 'bench/results/scale.md');
/** Text after this line in an existing results file (hand-written findings) is kept when the file is rewritten. */
const FINDINGS_MARKER = '<!-- findings: kept when bench:scale rewrites this file -->';

/**
 * Infinite Campus's release load test (issue 37): 335,000 students, per hour 225,000 score updates,
 * 300,000 grade updates and 28,500 portal logins (150 % of its peak), scaled to our learner count.
 */
const IC = { students: 335_000, scoreUpdates: 225_000, gradeUpdates: 300_000, logins: 28_500 };
/** Paybill confirmations a second on results day (our own assumption: parents paying as balances show). */
const MPESA_RATE = 20;
/**
 * Parents' page reads a second on results day (0: as fast as 80 connections go, which leaves the other
 * streams only what CPU is left). Infinite Campus gives no figure; 1,000 is ~260 page reads per sign-in
 * of the scaled login rate, far above what parents do.
 */
const PARENT_RATE = Number(process.env.SCALE_PARENT_RATE ?? 1000);

interface Hot {
  name: string;
  path: string;
  role: BenchRole;
}

/** bench/request-speed.ts's scenarios, same names (compared with its one-school figures). */
const HOT: Hot[] = [
  { name: 'session check (teacher)', path: '/api/auth/session', role: 'teacher' },
  ...(Object.keys(BENCH_ACCOUNTS) as BenchRole[]).map((role): Hot => ({ name: `dashboard (${role})`, path: '/api/dashboard', role })),
  { name: 'learner register p.1 (principal)', path: '/api/students', role: 'principal' },
  { name: "learner's fee account (finance_officer)", path: '/api/students/:learner/account', role: 'finance_officer' },
  { name: "children's results (parent)", path: '/api/grades/my-children', role: 'parent' },
];

const wanted = (what: string) => !ONLY || ONLY.split(',').some((o) => what.includes(o.trim()));

/** ours req/s and p95 per scenario from bench/results/request-speed.md's PostgreSQL table (one school, 40,000 learners). */
function oneSchoolFigures(): Map<string, { rps: number; p95: number }> {
  const out = new Map<string, { rps: number; p95: number }>();
  const file = path.join(ROOT, 'bench/results/request-speed.md');
  if (!existsSync(file)) return out;
  const text = readFileSync(file, 'utf8');
  const section = text.split('## PostgreSQL')[1]?.split('\n## ')[0] ?? '';
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 6 || !Number.isFinite(Number(cells[2]))) continue;
    out.set(cells[1]!, { rps: Number(cells[2]), p95: Number(cells[4]) });
  }
  return out;
}

interface Dataset {
  schools: number;
  learners: number;
  sizeBytes: number;
  rows: { table: string; rows: number }[];
  postgres: string;
  settings: string;
}

async function dataset(url: string): Promise<Dataset> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const q1 = async <T>(text: string) => (await client.query(text)).rows[0] as T;
    const { rows } = await client.query<{ table: string; rows: string }>(
      `select relname as table, n_live_tup as rows from pg_stat_user_tables where schemaname = 'public' and n_live_tup >= 1000 order by n_live_tup desc`,
    );
    const settings = (await client.query<{ name: string; setting: string; unit: string | null }>(
      `select name, setting, unit from pg_settings where name in ('shared_buffers', 'work_mem', 'effective_cache_size', 'max_connections', 'random_page_cost', 'max_wal_size')`,
    )).rows.map((s) => `${s.name} ${s.setting}${s.unit ? ` ${s.unit}` : ''}`).join(', ');
    return {
      schools: Number((await q1<{ n: string }>(`select count(*) as n from schools`)).n),
      learners: Number((await q1<{ n: string }>(`select count(*) as n from students where status = 'active'`)).n),
      sizeBytes: Number((await q1<{ n: string }>(`select pg_database_size(current_database()) as n`)).n),
      rows: rows.map((r) => ({ table: r.table, rows: Number(r.rows) })),
      postgres: (await q1<{ v: string }>(`select version() as v`)).v.split(' on ')[0]!,
      settings,
    };
  } finally {
    await client.end();
  }
}

interface Single {
  name: string;
  url: string;
  role: BenchRole;
  targetMs: number;
  t?: Timed;
  error?: string;
}

interface Results {
  build?: BuildResult;
  buildNote: string;
  data: Dataset;
  f?: Fixtures;
  hot: { h: Hot; m?: Load; error?: string }[];
  singles: Single[];
  billing?: { t: Timed; response: string } | { error: string };
  mix?: { streams: MixStream[]; marksRate: number; loginRate: number } | { error: string };
}

async function measureAll(r: Results): Promise<void> {
  const server = await startServer(URL_, PORT);
  const { base } = server;
  try {
    const f = await fixtures(URL_, SCHOOLS);
    r.f = f;
    const cookies = await signInRoles(base);
    console.log(`signed in as ${Object.keys(cookies).length} roles; fee account ${f.feeLearnerNote}`);

    if (wanted('hot')) {
      for (const h of HOT) {
        const url = h.path.replace(':learner', f.feeLearner);
        try {
          const m = await load(base, url, cookies[h.role], { connections: CONNECTIONS, seconds: SECONDS, warmup: WARMUP });
          r.hot.push({ h, m });
          console.log(`  ${h.name}: ${m.rps} req/s p50 ${m.p50} p95 ${m.p95} non2xx ${m.non2xx} err ${m.errors}`);
        } catch (err) {
          r.hot.push({ h, error: err instanceof Error ? err.message : String(err) });
        }
      }
    }

    if (wanted('single')) {
      const term = f.currentTermId;
      r.singles.push(
        { name: "one school's arrears report (finance officer, Greenhill)", url: '/api/reports/arrears', role: 'finance_officer', targetMs: 1000 },
        { name: 'attendance term summary (principal, Greenhill, current term)', url: `/api/attendance/summary?termId=${term}`, role: 'principal', targetMs: 1000 },
        { name: `exam broadsheet, whole grade (principal, ${f.levelName}, ${f.releasedExamName})`, url: `/api/exams/${f.releasedExamId}/results?levelId=${f.levelId}`, role: 'principal', targetMs: 1000 },
        { name: `exam broadsheet, one stream (principal, ${f.className})`, url: `/api/exams/${f.releasedExamId}/results?classId=${f.classId}`, role: 'principal', targetMs: 1000 },
        { name: 'platform analytics (admin, all schools)', url: '/api/platform/analytics', role: 'edufam_admin', targetMs: 2000 },
        { name: 'schools health (admin, all schools)', url: '/api/platform/schools/health', role: 'edufam_admin', targetMs: 2000 },
        { name: 'comparison: attendance rate (admin, all schools)', url: '/api/platform/comparisons?metric=attendance_rate', role: 'edufam_admin', targetMs: 2000 },
        { name: 'comparison: fee collection rate (admin, all schools)', url: '/api/platform/comparisons?metric=fee_collection_rate', role: 'edufam_admin', targetMs: 2000 },
        { name: 'comparison: mean score (admin, all schools)', url: '/api/platform/comparisons?metric=mean_score', role: 'edufam_admin', targetMs: 2000 },
        { name: 'system report: schools (admin, Excel)', url: '/api/platform/reports/schools?format=xlsx', role: 'edufam_admin', targetMs: 2000 },
        { name: 'system report: usage (admin, Excel)', url: '/api/platform/reports/usage?format=xlsx', role: 'edufam_admin', targetMs: 2000 },
        { name: 'system report: audit (admin, Excel)', url: '/api/platform/reports/audit?format=xlsx', role: 'edufam_admin', targetMs: 2000 },
      );
      for (const s of r.singles) {
        try {
          s.t = await timed(base, s.url, cookies[s.role], REPEATS);
          console.log(`  ${s.name}: ${s.t.status} median ${s.t.median} ms max ${s.t.max} ms (${s.t.bytes} B)`);
        } catch (err) {
          s.error = err instanceof Error ? err.message : String(err);
        }
      }
    }

    if (wanted('billing')) {
      // Once: the run bills the term for every school (a second call finds them billed and does little).
      try {
        const body = { termLabel: f.billingTerm.label, snapshotDate: f.billingTerm.snapshotDate };
        const t0 = performance.now();
        const res = await fetch(`${base}/api/billing/invoices/generate`, { method: 'POST', headers: { cookie: cookies.edufam_admin, 'content-type': 'application/json' }, body: JSON.stringify(body) });
        const text = await res.text();
        const ms = Math.round(performance.now() - t0);
        let response = text.slice(0, 120).replace(/\|/g, '/');
        try {
          const j = JSON.parse(text) as { created?: number; skipped?: number; inTrial?: number };
          if (typeof j.created === 'number') response = `created ${j.created}, skipped ${j.skipped ?? 0}, in trial ${j.inTrial ?? 0}`;
        } catch {
          /* not JSON: the error body is shown */
        }
        r.billing = { t: { status: res.status, times: [ms], median: ms, max: ms, bytes: text.length }, response };
        console.log(`  billing generation: ${res.status} ${ms} ms ${text.slice(0, 160)}`);
      } catch (err) {
        r.billing = { error: err instanceof Error ? err.message : String(err) };
      }
    }

    if (wanted('mix')) {
      try {
        const learners = r.data.learners;
        const marksRate = Math.round(((IC.scoreUpdates + IC.gradeUpdates) * (learners / IC.students)) / 3600);
        const loginRate = Math.max(1, Math.round(((IC.logins * (learners / IC.students)) / 3600) * 10) / 10);
        const parents: string[] = [];
        for (const email of f.parentEmails) parents.push(await signIn(base, email));
        const streams = await resultsDay(base, f, { parents, teacher: cookies.teacher }, { seconds: MIX_SECONDS, parentConnections: CONNECTIONS - 20, parentRate: PARENT_RATE || undefined, marksRate, mpesaRate: MPESA_RATE, loginRate, runId: Date.now().toString(36).slice(-4) });
        r.mix = { streams, marksRate, loginRate };
        for (const s of streams) console.log(`  ${s.name}: ${s.load.rps} req/s p95 ${s.load.p95} non2xx ${s.load.non2xx} err ${s.load.errors}`);
      } catch (err) {
        r.mix = { error: err instanceof Error ? err.message : String(err) };
      }
    }
  } finally {
    await stopServer(server);
  }
}

// ---------------------------------------------------------------------------------------------------
// Report

const n = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '-' : x.toLocaleString('en'));
const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;

function report(r: Results, started: number, commit: string, loadBefore: string): string {
  const one = oneSchoolFigures();
  const lines: string[] = [
    '# National scale: 200 schools on one PostgreSQL (issue 37 §1)',
    '',
    `Run ${new Date().toISOString()}, commit ${commit}, Node ${process.version}. Whole run ${Math.round((Date.now() - started) / 6000) / 10} min. \`npm run bench:scale\` (bench/scale.ts; options in its header).`,
    '',
    '## Machine',
    '',
    `${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ${Math.round(os.totalmem() / 1024 ** 3)} GB RAM, ${r.data.postgres} (${r.data.settings}). Load generator, server and PostgreSQL share the machine, and other work was running on it: 1-min load average ${loadBefore} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end (2 means both cores busy). Read every figure as measured on a shared 2-core machine.`,
    '',
    '## Dataset',
    '',
    `${n(r.data.schools)} schools, ${n(r.data.learners)} active learners, database size ${gb(r.data.sizeBytes)} (pg_database_size). ${r.buildNote}`,
    '',
  ];
  if (r.build) {
    lines.push(`Build: ${r.build.seconds} s (${Math.round(r.build.seconds / 6) / 10} min; target ≤ 20 min: ${r.build.seconds <= 1200 ? 'met' : 'MISSED'}).`, '', '| build step | s |', '|---|---:|');
    for (const s of r.build.steps) lines.push(`| ${s.step} | ${s.seconds} |`);
    lines.push('');
  }
  lines.push('Rows per table (pg_stat_user_tables after VACUUM ANALYZE; tables with at least 1,000 rows):', '', '| table | rows |', '|---|---:|');
  for (const t of r.data.rows) lines.push(`| ${t.table} | ${n(t.rows)} |`);
  lines.push('');

  if (r.hot.length) {
    lines.push(
      '## Hot endpoints, 100 connections',
      '',
      `bench/request-speed.ts's scenarios on Greenhill (one of the 200 schools, ~1,100 learners), ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s, p50/p95 over every 2xx response. One-school figures: bench/results/request-speed.md (ours on PostgreSQL, Greenhill filled to 40,000 learners, the only school with data besides Riverside). Target (issue 37): p95 within 1.5x of the one-school figure.${r.f ? ` Fee account: ${r.f.feeLearnerNote}.` : ''}`,
      '',
      '| scenario | req/s | p50 ms | p95 ms | one-school req/s | one-school p95 ms | p95 ratio | within 1.5x | non-2xx + errors |',
      '|---|---:|---:|---:|---:|---:|---:|---|---:|',
    );
    for (const { h, m, error } of r.hot) {
      if (!m) {
        lines.push(`| ${h.name} | failed: ${error} | | | | | | | |`);
        continue;
      }
      const o = one.get(h.name);
      const ratio = o && o.p95 > 0 ? Math.round((m.p95 / o.p95) * 100) / 100 : undefined;
      lines.push(`| ${h.name} | ${n(m.rps)} | ${m.p50} | ${m.p95} | ${n(o?.rps)} | ${n(o?.p95)} | ${ratio ?? '-'} | ${ratio === undefined ? '-' : ratio <= 1.5 ? 'yes' : 'NO'} | ${m.non2xx + m.errors} |`);
    }
    lines.push('');
  }

  if (r.singles.length || r.billing) {
    lines.push('## Reports and platform reads, one request at a time', '', `Each timed ${REPEATS} times after one untimed request (median and max, ms).`, '', '| request | status | median ms | max ms | target | met | response bytes |', '|---|---:|---:|---:|---|---|---:|');
    for (const s of r.singles) {
      if (!s.t) {
        lines.push(`| ${s.name} | failed: ${s.error} | | | | | |`);
        continue;
      }
      const ok = s.t.status === 200 && s.t.median < s.targetMs;
      lines.push(`| ${s.name} | ${s.t.status} | ${s.t.median} | ${s.t.max} | < ${s.targetMs / 1000} s | ${ok ? 'yes' : 'NO'} | ${n(s.t.bytes)} |`);
    }
    if (r.billing) {
      if ('t' in r.billing) {
        const b = r.billing;
        lines.push(`| billing generation for all schools (admin, POST /api/billing/invoices/generate, "${r.f?.billingTerm.label}", once: ${b.response}) | ${b.t.status} | ${b.t.median} | ${b.t.max} | < 10 s | ${b.t.status === 200 && b.t.median < 10_000 ? 'yes' : 'NO'} | ${n(b.t.bytes)} |`);
      } else lines.push(`| billing generation for all schools | failed: ${r.billing.error} | | | | | |`);
    }
    lines.push('');
  }

  if (r.mix) {
    lines.push('## Results day', '');
    if ('error' in r.mix) lines.push(`Failed: ${r.mix.error}`, '');
    else {
      lines.push(
        `${MIX_SECONDS} s, all streams at once on one server. Rates: Infinite Campus's release test (${n(IC.scoreUpdates)} score + ${n(IC.gradeUpdates)} grade updates and ${n(IC.logins)} portal logins an hour for ${n(IC.students)} students) scaled to our ${n(r.data.learners)} learners: ${r.mix.marksRate} mark saves and ${r.mix.loginRate} sign-ins a second; M-Pesa confirmations ${MPESA_RATE} a second (our assumption); parents read ${PARENT_RATE ? `${n(PARENT_RATE)} pages a second` : 'as fast as their connections go'} (${r.f?.parentEmails.length ?? 0} schools' demo parents, each signed in, round robin over results, fee balances and the parent dashboard; the first read of each is prepared, later ones come from memory until something they show changes). Target: no error.`,
        '',
        '| stream | asked rate /s | connections | served /s | requests | p50 ms | p95 ms | non-2xx | errors + timeouts | rate served (≥ 90 %) |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
      );
      const served = (s: MixStream) => Math.round((s.load.requests / MIX_SECONDS) * 10) / 10;
      const rateOk = (s: MixStream) => s.rate === undefined || served(s) >= 0.9 * s.rate;
      for (const s of r.mix.streams) {
        lines.push(`| ${s.name} | ${s.rate ?? 'max'} | ${s.connections} | ${served(s)} | ${n(s.load.requests)} | ${s.load.p50} | ${s.load.p95} | ${s.load.non2xx} | ${s.load.errors} | ${s.rate === undefined ? '-' : rateOk(s) ? 'yes' : 'NO'} |`);
      }
      const bad = r.mix.streams.reduce((a, s) => a + s.load.non2xx + s.load.errors, 0);
      const slow = r.mix.streams.filter((s) => !rateOk(s)).length;
      lines.push('', `Errors in all: ${bad}; streams below their asked rate: ${slow}. Target (the rates, with no error): ${bad === 0 && slow === 0 ? 'met' : 'MISSED'}.`, '');
    }
  }
  return lines.join('\n');
}

async function main() {
  const started = Date.now();
  const loadBefore = os.loadavg()[0]!.toFixed(1);
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
    if (execSync('git status --porcelain --untracked-files=no', { cwd: ROOT }).toString().trim()) commit += ' (with uncommitted changes)';
  } catch {
    /* not a git checkout */
  }
  let build: BuildResult | undefined;
  let buildNote: string;
  const marker = REUSE ? await builtMarker(URL_) : null;
  if (marker && marker.schools === SCHOOLS) {
    build = marker.build;
    buildNote = `Measured on an existing build (${marker.comment}); the build figures below are that build's.`;
    console.log(buildNote);
  } else {
    if (REUSE) console.log(`SCALE_REUSE=1 but no finished ${SCHOOLS}-school build at ${URL_}: building`);
    console.log(`building ${SCHOOLS} schools at ${URL_}`);
    build = await buildScale({ url: URL_, schools: SCHOOLS, workers: WORKERS });
    buildNote = 'Built by this run (bench/scale/build.ts: migrations, the demo seed at 50 learners a stream, the demo schools grown to a full year in SQL, then cloned set-based).';
  }
  const r: Results = { build, buildNote, data: await dataset(URL_), hot: [], singles: [] };
  console.log(`dataset: ${r.data.schools} schools, ${r.data.learners} learners, ${gb(r.data.sizeBytes)}`);
  if (MEASURE) await measureAll(r);
  const previous = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '';
  const kept = previous.includes(FINDINGS_MARKER) ? previous.slice(previous.indexOf(FINDINGS_MARKER)) : `${FINDINGS_MARKER}\n`;
  const text = `${report(r, started, commit, loadBefore)}\n${kept}`;
  writeFileSync(RESULTS, text);
  console.log(`\n${text}`);
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    killServers();
    process.exit(1);
  });
