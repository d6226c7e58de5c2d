/**
 * M-Pesa callback reliability (issue 11 "Reliability, measured"), against real server processes:
 *
 * 1. rate: 500 callbacks a second for 10 s at one instance, a mix of new and duplicate paybill
 *    confirmations and STK callbacks (new and duplicate): none lost, none doubled, every learner's
 *    balance moved by exactly the sum of its distinct payments.
 * 2. kill -9: the server is killed with SIGKILL while callbacks stream in, restarted, and the callbacks
 *    that got no answer are sent again (as Safaricom retries): every acknowledged confirmation is
 *    present exactly once.
 * 3. two instances on one database, every callback delivered to both at once: still exactly once.
 *
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/edufam_bench npm run bench:mpesa
 *   (BENCH_RATE, default 500 a second; BENCH_SECONDS, default 10)
 *
 * The PostgreSQL database named is wiped first. Results: bench/results/mpesa-callbacks.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { wipePostgres } from './support.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

interface Sql {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (res.ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server on ${port} did not become ready`);
}

async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

interface Learner {
  id: string;
  admissionNumber: string;
}

interface Fixture {
  schoolId: string;
  token: string;
  learners: Learner[];
}

async function fixture(db: Sql): Promise<Fixture> {
  // The bench plays Safaricom, so Greenhill is on the sandbox environment: a simulator school accepts
  // callbacks only from the in-process simulator (issue 32 §1).
  await db.query(`update mpesa_configs set environment = 'sandbox' where school_id = (select id from schools where code = 'greenhill')`);
  const [school] = await db.query<{ id: string; token: string }>(
    `select s.id, c.callback_token as token from schools s join mpesa_configs c on c.school_id = s.id where s.code = 'greenhill'`,
  );
  const learners = await db.query<Learner>(`select id, admission_number as "admissionNumber" from students where school_id = $1 and status = 'active' order by admission_number`, [school!.id]);
  return { schoolId: school!.id, token: school!.token, learners };
}

/** Pending STK requests to call back (as if parents had pressed "Pay with M-Pesa"). */
async function makeStkRequests(db: Sql, f: Fixture, prefix: string, n: number): Promise<{ checkoutId: string; studentId: string }[]> {
  const out: { checkoutId: string; studentId: string }[] = [];
  for (let i = 0; i < n; i++) {
    const l = f.learners[(i * 7) % f.learners.length]!;
    out.push({ checkoutId: `ws_CO_${prefix}_${i}`, studentId: l.id });
  }
  for (let i = 0; i < out.length; i += 500) {
    const chunk = out.slice(i, i + 500);
    const values = chunk.map((_, k) => `($1, $${k * 2 + 2}::uuid, '254708374149', 10000, 'BENCH', $${k * 2 + 3})`).join(', ');
    await db.query(
      `insert into mpesa_stk_requests (school_id, student_id, phone, amount_cents, account_reference, checkout_request_id) values ${values}`,
      [f.schoolId, ...chunk.flatMap((c) => [c.studentId, c.checkoutId])],
    );
  }
  return out;
}

interface Sent {
  kind: 'confirmation' | 'stk';
  key: string;
  body: string;
  studentId: string | null;
  amountCents: number;
}

/** The callbacks of a run: new and duplicate paybill confirmations, new and duplicate STK callbacks. */
function plan(f: Fixture, stk: { checkoutId: string; studentId: string }[], prefix: string, total: number): Sent[] {
  const out: Sent[] = [];
  const confirmations: Sent[] = [];
  const stkSent: Sent[] = [];
  let stkNext = 0;
  let seq = 0;
  for (let i = 0; i < total; i++) {
    const r = (i * 2654435761) % 100;
    if (r < 55 || (r >= 80 && stkNext >= stk.length)) {
      const l = f.learners[(i * 13) % f.learners.length]!;
      // One in ten payers mistypes the account: those wait unmatched (no learner's balance moves).
      const typo = i % 10 === 3;
      const amount = 50_000 + (i % 20) * 5_000;
      const transId = `B${prefix}${String(seq++).padStart(7, '0')}`.slice(0, 10).toUpperCase();
      const body = JSON.stringify({
        TransactionType: 'Pay Bill',
        TransID: transId,
        TransTime: '20261123101530',
        TransAmount: (amount / 100).toFixed(2),
        BusinessShortCode: '174379',
        BillRefNumber: typo ? `X${l.admissionNumber}` : l.admissionNumber.toLowerCase(),
        InvoiceNumber: '',
        OrgAccountBalance: '',
        ThirdPartyTransID: '',
        MSISDN: '25470****149',
        FirstName: 'BENCH',
        MiddleName: '',
        LastName: 'PAYER',
      });
      const s: Sent = { kind: 'confirmation', key: transId, body, studentId: typo ? null : l.id, amountCents: amount };
      confirmations.push(s);
      out.push(s);
    } else if (r < 80 && confirmations.length) {
      out.push(confirmations[(i * 31) % confirmations.length]!);
    } else if (r < 95 && stkNext < stk.length) {
      const req = stk[stkNext++]!;
      const receipt = `S${prefix}${String(stkNext).padStart(7, '0')}`.slice(0, 10).toUpperCase();
      const body = `{"Body":{"stkCallback":{"MerchantRequestID":"bench","CheckoutRequestID":"${req.checkoutId}","ResultCode":0,"ResultDesc":"The service request is processed successfully.","CallbackMetadata":{"Item":[{"Name":"Amount","Value":100.00},{"Name":"MpesaReceiptNumber","Value":"${receipt}"},{"Name":"Balance"},{"Name":"TransactionDate","Value":20261123101530},{"Name":"PhoneNumber","Value":254708374149}]}}}}`;
      const s: Sent = { kind: 'stk', key: req.checkoutId, body, studentId: req.studentId, amountCents: 10_000 };
      stkSent.push(s);
      out.push(s);
    } else if (stkSent.length) {
      out.push(stkSent[(i * 17) % stkSent.length]!);
    }
  }
  return out;
}

interface Outcome {
  sent: Sent;
  ok: boolean;
  ms: number;
  /** HTTP status, or 0 when the request failed (connection refused, reset, 30 s timeout). */
  status: number;
}

/** "2 × 0, 1 × 503": the answers that were not an acknowledgement. */
function failures(outcomes: Outcome[]): string {
  const by = new Map<number, number>();
  for (const o of outcomes) if (!o.ok) by.set(o.status, (by.get(o.status) ?? 0) + 1);
  return [...by].map(([status, n]) => `${n} × ${status === 0 ? 'no answer' : status}`).join(', ');
}

/** Sends `items` at `rate` a second to `targets` (every item to every target), keeping each answer. */
async function stream(items: Sent[], targets: { port: number; token: string }[], rate: number, opts: { stopAt?: number } = {}): Promise<Outcome[]> {
  const out: Outcome[] = [];
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < items.length; i++) {
    if (opts.stopAt !== undefined && i >= opts.stopAt) break;
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const item = items[i]!;
    for (const t of targets) {
      const t0 = performance.now();
      pending.push(
        fetch(`http://127.0.0.1:${t.port}/api/mpesa/callbacks/${t.token}/${item.kind}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: item.body,
          signal: AbortSignal.timeout(30_000),
        })
          .then(async (res) => {
            const body = (await res.json().catch(() => null)) as { ResultCode?: unknown } | null;
            out.push({ sent: item, ok: res.status === 200 && String(body?.ResultCode) === '0', ms: performance.now() - t0, status: res.status });
          })
          .catch(() => {
            out.push({ sent: item, ok: false, ms: performance.now() - t0, status: 0 });
          }),
      );
    }
  }
  await Promise.all(pending);
  return out;
}

function percentile(ms: number[], q: number): number {
  const s = [...ms].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? 0) * 10) / 10;
}

async function balances(db: Sql, schoolId: string): Promise<Map<string, number>> {
  const rows = await db.query<{ id: string; b: string }>(`select student_id as id, balance_cents as b from student_balances where school_id = $1`, [schoolId]);
  return new Map(rows.map((r) => [r.id, Number(r.b)]));
}

interface Check {
  acknowledged: number;
  distinctAcknowledged: number;
  missing: number;
  doubled: number;
  wrongBalances: number;
}

/**
 * Every acknowledged callback's transaction is present exactly once, and each learner's balance moved by
 * the sum of the distinct payments meant for them (acknowledged or not: an unacknowledged callback may
 * have been applied before the crash, and Safaricom sends it again).
 */
async function verify(db: Sql, f: Fixture, before: Map<string, number>, outcomes: Outcome[], everySent: Sent[]): Promise<Check> {
  const acked = new Map<string, Sent>();
  for (const o of outcomes) if (o.ok) acked.set(`${o.sent.kind}:${o.sent.key}`, o.sent);
  const conf = [...acked.values()].filter((s) => s.kind === 'confirmation').map((s) => s.key);
  const stk = [...acked.values()].filter((s) => s.kind === 'stk').map((s) => s.key);
  const confRows = await db.query<{ trans_id: string; n: string }>(`select trans_id, count(*) as n from mpesa_transactions where school_id = $1 and trans_id = any($2) group by trans_id`, [f.schoolId, conf]);
  const stkRows = await db.query<{ checkout: string; n: string }>(
    `select r.checkout_request_id as checkout, count(p.id) as n from mpesa_stk_requests r left join payments p on p.id = r.payment_id where r.checkout_request_id = any($1) and r.status = 'succeeded' group by 1`,
    [stk],
  );
  const [dup] = await db.query<{ n: string }>(`select count(*) as n from (select mpesa_transaction_id from payments where mpesa_transaction_id is not null group by 1 having count(*) > 1) d`);
  const found = new Map(confRows.map((r) => [r.trans_id, Number(r.n)]));
  const foundStk = new Map(stkRows.map((r) => [r.checkout, Number(r.n)]));
  let missing = 0;
  let doubled = Number(dup!.n);
  for (const k of conf) {
    const n = found.get(k) ?? 0;
    if (n === 0) missing++;
    if (n > 1) doubled++;
  }
  for (const k of stk) {
    const n = foundStk.get(k) ?? 0;
    if (n === 0) missing++;
    if (n > 1) doubled++;
  }
  // Expected balance moves: each distinct matched payment that reached the database once.
  const applied = new Set([
    ...(await db.query<{ k: string }>(`select 'confirmation:' || trans_id as k from mpesa_transactions where school_id = $1 and source = 'c2b' and trans_id like 'B%'`, [f.schoolId])).map((r) => r.k),
    ...(await db.query<{ k: string }>(`select 'stk:' || checkout_request_id as k from mpesa_stk_requests where school_id = $1 and status = 'succeeded' and checkout_request_id like 'ws_CO_%'`, [f.schoolId])).map((r) => r.k),
  ]);
  const expected = new Map(before);
  const counted = new Set<string>();
  for (const s of everySent) {
    const k = `${s.kind}:${s.key}`;
    if (counted.has(k) || !applied.has(k) || !s.studentId) continue;
    counted.add(k);
    expected.set(s.studentId, (expected.get(s.studentId) ?? 0) - s.amountCents);
  }
  const after = await balances(db, f.schoolId);
  let wrong = 0;
  for (const [id, b] of after) if ((expected.get(id) ?? 0) !== b) wrong++;
  return { acknowledged: outcomes.filter((o) => o.ok).length, distinctAcknowledged: acked.size, missing, doubled, wrongBalances: wrong };
}

interface Row {
  database: string;
  scenario: string;
  sent: number;
  acknowledged: number;
  distinct: number;
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  missing: number;
  doubled: number;
  wrongBalances: number;
  note: string;
}

/** A result row: the scenario on `database`, `sent` callbacks at `rate`/s, the percentiles of `ms` and what `check` found. */
function resultRow(database: string, scenario: string, sent: number, rate: number, ms: number[], check: Check, note: string): Row {
  return {
    database,
    scenario,
    sent,
    acknowledged: check.acknowledged,
    distinct: check.distinctAcknowledged,
    rate,
    p50: percentile(ms, 0.5),
    p95: percentile(ms, 0.95),
    p99: percentile(ms, 0.99),
    missing: check.missing,
    doubled: check.doubled,
    wrongBalances: check.wrongBalances,
    note,
  };
}

/** Waits until the servers have finished with every callback (nothing applying, nothing unapplied). */
async function settle(db: Sql): Promise<void> {
  let last = -1;
  for (let i = 0; i < 120; i++) {
    const [r] = await db.query<{ n: string; open: string }>(
      `select count(*) as n, count(*) filter (where processed_at is null and coalesce(outcome, '') <> 'unknown_request') as open from mpesa_callbacks`,
    );
    if (Number(r!.n) === last && Number(r!.open) === 0) return;
    last = Number(r!.n);
    await new Promise((res) => setTimeout(res, 1000));
  }
}

async function untilSwept(db: Sql): Promise<void> {
  // The server applies stored-but-unapplied callbacks at start-up; wait until none are left.
  for (let i = 0; i < 120; i++) {
    const [r] = await db.query<{ n: string }>(`select count(*) as n from mpesa_callbacks where processed_at is null and coalesce(outcome, '') <> 'unknown_request'`);
    if (Number(r!.n) === 0) return;
    await new Promise((res) => setTimeout(res, 500));
  }
}

async function runScenarios(name: string, env: Record<string, string>, db: Sql, opts: { twoInstances: boolean }): Promise<Row[]> {
  const rows: Row[] = [];
  const server = await startServer(3301, env);
  const f = await fixture(db);
  const target = [{ port: 3301, token: f.token }];

  // 1. rate
  {
    const stk = await makeStkRequests(db, f, 'R', Math.ceil(RATE * SECONDS * 0.2));
    const items = plan(f, stk, 'R', RATE * SECONDS);
    const before = await balances(db, f.schoolId);
    const t0 = performance.now();
    const outcomes = await stream(items, target, RATE);
    const secs = (performance.now() - t0) / 1000;
    await settle(db);
    const check = await verify(db, f, before, outcomes, items);
    const ms = outcomes.map((o) => o.ms);
    rows.push(resultRow(name, `${RATE}/s for ${SECONDS} s`, outcomes.length, Math.round(outcomes.length / secs), ms, check, `55% new confirmations (10% with a mistyped account), 25% duplicates, 15% STK callbacks, 5% duplicate STK${failures(outcomes) ? `; not acknowledged: ${failures(outcomes)}` : ''}`));
  }

  // 2. kill -9 mid-stream, restart, resend what got no answer.
  {
    const killRate = Math.min(RATE, 300);
    const total = killRate * 8;
    const stk = await makeStkRequests(db, f, 'K', Math.ceil(total * 0.2));
    const items = plan(f, stk, 'K', total);
    const before = await balances(db, f.schoolId);
    const killAfter = Math.floor(total * 0.4);
    const streaming = stream(items, target, killRate, { stopAt: Math.floor(total * 0.55) });
    await new Promise((r) => setTimeout(r, (killAfter / killRate) * 1000));
    server.kill('SIGKILL');
    const first = await streaming;
    await new Promise((r) => setTimeout(r, 300));
    const restarted = await startServer(3301, env);
    await untilSwept(db);
    const failed = first.filter((o) => !o.ok).map((o) => o.sent);
    const rest = items.slice(Math.floor(total * 0.55));
    const second = await stream([...failed, ...rest], target, killRate);
    const outcomes = [...first, ...second];
    await settle(db);
    const check = await verify(db, f, before, outcomes, items);
    const ms = second.map((o) => o.ms);
    rows.push(resultRow(name, 'kill -9 mid-stream, restart, resend unanswered', outcomes.length, killRate, ms, check, `killed after ${killAfter} sends; ${first.filter((o) => !o.ok).length} got no answer and were sent again`));
    await stop(restarted);
  }

  // 3. two instances on one database, every callback to both at once.
  if (opts.twoInstances) {
    const a = await startServer(3301, env);
    const b = await startServer(3302, env);
    const twoRate = Math.min(RATE, 250);
    const total = twoRate * 8;
    const stk = await makeStkRequests(db, f, 'T', Math.ceil(total * 0.2));
    const items = plan(f, stk, 'T', total);
    const before = await balances(db, f.schoolId);
    const outcomes = await stream(items, [{ port: 3301, token: f.token }, { port: 3302, token: f.token }], twoRate);
    await settle(db);
    const check = await verify(db, f, before, outcomes, items);
    const ms = outcomes.map((o) => o.ms);
    rows.push(resultRow(name, 'two instances, each callback to both', outcomes.length, twoRate * 2, ms, check, `${twoRate}/s to each instance${failures(outcomes) ? `; not acknowledged: ${failures(outcomes)}` : ''}`));
    await stop(a);
    await stop(b);
  }
  return rows;
}

async function main() {
  const rows: Row[] = [];
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    await wipePostgres(url);
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    const db: Sql = { query: async (text, params) => (await pool.query(text, params as unknown[])).rows, close: () => pool.end() };
    try {
      rows.push(...(await runScenarios('PostgreSQL', { DATABASE_URL: url, SECRETS_KEY: 'a'.repeat(64) }, db, { twoInstances: true })));
    } finally {
      await db.close();
    }
  }
  if (!url) {
    console.error('Set BENCH_DATABASE_URL (a PostgreSQL database that may be wiped): the issue measures this on PostgreSQL.');
    process.exit(2);
  }
  const table = [
    '| database | scenario | sent | acknowledged | distinct | req/s | p50 ms | p95 ms | p99 ms | missing | doubled | wrong balances | note |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.database} | ${r.scenario} | ${r.sent} | ${r.acknowledged} | ${r.distinct} | ${r.rate} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.missing} | ${r.doubled} | ${r.wrongBalances} | ${r.note} |`),
  ].join('\n');
  const header = `# M-Pesa callbacks: exactly once under load, crash and two instances\n\nRun ${new Date().toISOString()} on this 2-core machine (load generator on the same machine). \`npm run bench:mpesa\` (see bench/mpesa-callbacks.ts).\n\n`;
  writeFileSync(path.join(ROOT, 'bench/results/mpesa-callbacks.md'), `${header}${table}\n`);
  console.log(table);
  const bad = rows.filter((r) => r.missing || r.doubled || r.wrongBalances);
  if (bad.length) {
    console.error('FAILED: money lost or doubled');
    process.exit(1);
  }
}

await main();
