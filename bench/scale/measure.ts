/**
 * Measurements of the national-scale bench (issue 37 §1) against our server as a separate process on
 * the scale database: the hot endpoints under 100 connections (autocannon, as bench/request-speed.ts
 * does it), single heavy requests timed (median and max of several), the platform's billing run, and a
 * results-day mix. Every function here returns plain figures; bench/scale.ts writes them down.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { summarize } from '../support.js';
import { killServers, startBenchServer, stopBenchServer, type BenchServer } from '../servers.js';
import { BENCH_ACCOUNTS, DEMO_PASSWORD, type BenchRole } from '../demo-accounts.js';

const AUTH_SECRET = 'bench-scale-secret-0123456789abcdefghijk'; // 40 characters
const SECRETS_KEY = 'cd'.repeat(32);

// ---------------------------------------------------------------------------------------------------
// Server

export { killServers };
export type Server = BenchServer;

/**
 * Starts `node --import tsx src/server/main.ts` on `port` against `databaseUrl` with the demo off
 * (EDUFAM_DEMO=off: nothing is seeded or reset) and waits (up to 3 min) for GET /api/ready 200.
 */
export async function startServer(databaseUrl: string, port: number): Promise<Server> {
  return startBenchServer('server', 'src/server/main.ts', port, {
    DATABASE_URL: databaseUrl,
    EDUFAM_DEMO: 'off',
    AUTH_SECRET,
    SECRETS_KEY,
    LOG_LEVEL: 'warn',
    LOGIN_IP_LIMIT: '1000000',
    LOGIN_ACCOUNT_LIMIT: '1000000',
    NODE_ENV: 'production',
    // The bench plays Safaricom (sandbox callbacks, as bench/mpesa-callbacks.ts) and sends no SMS.
    MPESA_SIMULATOR: 'force',
    SMS_SIMULATOR: 'force',
  }, 180_000);
}

/** SIGTERM, then SIGKILL after 10 s. */
export const stopServer = stopBenchServer;

/** Signs in (e-mail + demo password) and returns the Cookie header of the session. */
export async function signIn(base: string, email: string, admin = false): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, accessType: admin ? 'admin' : 'school', rememberMe: false }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Every bench role's cookie (Greenhill's six and the platform admin). */
export async function signInRoles(base: string): Promise<Record<BenchRole, string>> {
  const out = {} as Record<BenchRole, string>;
  for (const role of Object.keys(BENCH_ACCOUNTS) as BenchRole[]) out[role] = await signIn(base, BENCH_ACCOUNTS[role], role === 'edufam_admin');
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Fixtures from the database

export interface Fixtures {
  greenhillId: string;
  /** Greenhill learner with most payments (as bench/request-speed.ts picks it). */
  feeLearner: string;
  feeLearnerNote: string;
  currentTermId: string;
  /** A released exam series of Greenhill and a level that sat it (whole-grade broadsheet). */
  releasedExamId: string;
  releasedExamName: string;
  levelId: string;
  levelName: string;
  classId: string;
  className: string;
  /** The open series, one of the demo teacher's stream × subject sheets, and its learners. */
  marks: { examId: string; classId: string; subjectId: string; students: string[] };
  /** M-Pesa paybill confirmation URL token and active learners' admission numbers. */
  mpesa: { token: string; admissions: string[] };
  /** Parent accounts (e-mails) of the first schools: results day signs in several. */
  parentEmails: string[];
  /** A term label not yet billed (the demo bills the term before the latest; see fixtures()). */
  billingTerm: { label: string; snapshotDate: string };
}

/** Reads what the measurements need from the built database (as its owner). */
export async function fixtures(url: string, parents: number): Promise<Fixtures> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const one = async <T>(text: string, params: unknown[] = []): Promise<T> => {
    const { rows } = await client.query(text, params);
    if (!rows[0]) throw new Error(`no row for: ${text.slice(0, 120)}`);
    return rows[0] as T;
  };
  try {
    const gh = await one<{ id: string }>(`select id from schools where code = 'greenhill'`);
    const fee = await one<{ id: string; admission_number: string; invoices: number; payments: number }>(
      `select s.id, s.admission_number,
              (select count(*) from invoices i where i.student_id = s.id)::int as invoices,
              (select count(*) from payments p where p.student_id = s.id)::int as payments
         from students s where s.school_id = $1 and exists (select 1 from invoices i where i.student_id = s.id)
        order by 4 desc, 3 desc, s.admission_number limit 1`,
      [gh.id],
    );
    const term = await one<{ id: string; name: string; starts_on: string }>(`select id, name, starts_on::text from terms where school_id = $1 and is_current`, [gh.id]);
    const released = await one<{ id: string; name: string }>(
      `select id, name from exam_series where school_id = $1 and status = 'released' order by created_at desc limit 1`,
      [gh.id],
    );
    const cls = await one<{ class_id: string; class_name: string; level_id: string; level_name: string; n: number }>(
      `select m.class_id, c.name as class_name, c.level_id, l.name as level_name, count(*)::int as n
         from exam_marks m join classes c on c.id = m.class_id join levels l on l.id = c.level_id
        where m.exam_id = $1 group by 1, 2, 3, 4 order by n desc limit 1`,
      [released.id],
    );
    const open = await one<{ exam_id: string; class_id: string; subject_id: string }>(
      `select e.id as exam_id, ta.class_id, ta.subject_id
         from exam_series e join teacher_assignments ta on ta.school_id = e.school_id
         join profiles p on p.id = ta.teacher_id and p.email = $2
         join exam_subjects es on es.exam_id = e.id and es.subject_id = ta.subject_id
         left join mark_sheets ms on ms.exam_id = e.id and ms.class_id = ta.class_id and ms.subject_id = ta.subject_id
        where e.school_id = $1 and e.status = 'open' and coalesce(ms.status, 'draft') = 'draft'
        order by ta.class_id, ta.subject_id limit 1`,
      [gh.id, BENCH_ACCOUNTS.teacher],
    );
    const year = await one<{ id: string }>(`select id from academic_years where school_id = $1 and is_current`, [gh.id]);
    const { rows: students } = await client.query<{ student_id: string }>(
      `select e.student_id from student_enrolments e join students s on s.id = e.student_id and s.status = 'active'
        where e.class_id = $1 and e.academic_year_id = $2 order by s.admission_number`,
      [open.class_id, year.id],
    );
    // The bench plays Safaricom: a sandbox school accepts callbacks without Safaricom's addresses (bench/mpesa-callbacks.ts).
    await client.query(`update mpesa_configs set environment = 'sandbox' where school_id = $1`, [gh.id]);
    const token = await one<{ callback_token: string }>(`select callback_token from mpesa_configs where school_id = $1`, [gh.id]);
    const { rows: adm } = await client.query<{ admission_number: string }>(`select admission_number from students where school_id = $1 and status = 'active' order by admission_number`, [gh.id]);
    const { rows: parentRows } = await client.query<{ email: string }>(
      `select p.email from profiles p join schools s on s.id = p.school_id
        where p.role = 'parent' and p.email like 'parent@%' order by s.code limit $1`,
      [parents],
    );
    const billed = await one<{ labels: string[] }>(`select coalesce(array_agg(distinct term_label), '{}') as labels from platform_invoices`);
    // The latest term, which the demo leaves unbilled; on a reused database already billed by an earlier
    // run, a new label (billing generation skips schools billed for the label, so it would do nothing).
    let label = `${term.name} ${term.starts_on.slice(0, 4)}`;
    for (let k = 2; billed.labels.includes(label); k++) label = `${term.name} ${term.starts_on.slice(0, 4)} (bench run ${k})`;
    const snapshot = new Date(`${term.starts_on}T00:00:00Z`);
    snapshot.setUTCDate(snapshot.getUTCDate() + 14);
    return {
      greenhillId: gh.id,
      feeLearner: fee.id,
      feeLearnerNote: `${fee.admission_number} (${fee.invoices} invoices, ${fee.payments} payments)`,
      currentTermId: term.id,
      releasedExamId: released.id,
      releasedExamName: released.name,
      levelId: cls.level_id,
      levelName: cls.level_name,
      classId: cls.class_id,
      className: cls.class_name,
      marks: { examId: open.exam_id, classId: open.class_id, subjectId: open.subject_id, students: students.map((s) => s.student_id) },
      mpesa: { token: token.callback_token, admissions: adm.map((a) => a.admission_number) },
      parentEmails: parentRows.map((r) => r.email),
      billingTerm: { label, snapshotDate: snapshot.toISOString().slice(0, 10) },
    };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------
// Load

export interface Load {
  rps: number;
  p50: number;
  p95: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** Waits until GET /api/ready answers within 100 ms twice in a row (requests left from a run drained), at most 2 min. */
async function settle(base: string): Promise<void> {
  const started = performance.now();
  let quick = 0;
  while (quick < 2 && performance.now() - started < 120_000) {
    const t = performance.now();
    try {
      await (await fetch(`${base}/api/ready`)).text();
      quick = performance.now() - t < 100 ? quick + 1 : 0;
    } catch {
      quick = 0;
    }
    if (quick < 2) await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * autocannon on one URL with `connections` for `seconds` after a `warmup` (both after the server has
 * drained); p50/p95 over every 2xx response time (autocannon's own summary has no p95).
 */
export async function load(base: string, url: string, cookie: string, opts: { connections: number; seconds: number; warmup: number }): Promise<Load> {
  const headers = { cookie };
  await settle(base);
  if (opts.warmup > 0) {
    await autocannon({ url: `${base}${url}`, connections: opts.connections, duration: opts.warmup, headers, timeout: 30 });
    await settle(base);
  }
  return run({ url: `${base}${url}`, connections: opts.connections, duration: opts.seconds, headers, timeout: 30 });
}

async function run(options: autocannon.Options): Promise<Load> {
  const times: number[] = [];
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (err: unknown, result) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(result)));
    instance.on('response', (_client, status, _bytes, responseTime) => {
      if (status >= 200 && status < 300) times.push(responseTime);
    });
  });
  const { p50, p95 } = times.length ? summarize(times) : { p50: NaN, p95: NaN };
  return { rps: Math.round(r.requests.average), p50, p95, requests: r.requests.total, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

export interface Timed {
  status: number;
  /** Per repeat, ms. */
  times: number[];
  median: number;
  max: number;
  bytes: number;
}

/** One request at a time, `repeats` times (after one untimed warm-up): status of the last, median and max. */
export async function timed(base: string, url: string, cookie: string, repeats: number, init: { method?: string; body?: unknown } = {}, warm = true): Promise<Timed> {
  const once = async () => {
    const t = performance.now();
    const res = await fetch(`${base}${url}`, {
      method: init.method ?? 'GET',
      headers: { cookie, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
    const body = await res.arrayBuffer();
    const ms = performance.now() - t;
    if (res.status >= 400) console.error(`  ${url}: ${res.status} ${Buffer.from(body).toString().slice(0, 300)}`);
    return { status: res.status, ms, bytes: body.byteLength };
  };
  if (warm) await once();
  const times: number[] = [];
  let last = { status: 0, ms: 0, bytes: 0 };
  for (let i = 0; i < repeats; i++) {
    last = await once();
    times.push(Math.round(last.ms * 10) / 10);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { status: last.status, times, median: sorted[Math.floor((sorted.length - 1) / 2)]!, max: sorted.at(-1)!, bytes: last.bytes };
}

// ---------------------------------------------------------------------------------------------------
// Results day

export interface MixStream {
  name: string;
  /** Requests a second asked for (undefined: as fast as the connections go). */
  rate?: number;
  connections: number;
  load: Load;
}

/**
 * Results day for `seconds`, all at once on one server:
 *   - parents (every school's demo parent) reading their children's results, fee balances and their
 *     dashboard at `parentRate` a second (undefined: as fast as `parentConnections` connections go);
 *   - teachers saving marks (one learner's mark per request, scores varying so each is a real change)
 *     at `marksRate` a second;
 *   - M-Pesa paybill confirmations (each a new transaction for a Greenhill learner) at `mpesaRate`;
 *   - sign-ins at `loginRate` a second.
 * Errors are non-2xx answers plus socket errors and timeouts, per stream.
 */
export async function resultsDay(
  base: string,
  f: Fixtures,
  cookies: { parents: string[]; teacher: string },
  opts: { seconds: number; parentConnections: number; parentRate?: number; marksRate: number; mpesaRate: number; loginRate: number; runId: string },
): Promise<MixStream[]> {
  const duration = opts.seconds;
  const parentPaths = ['/api/grades/my-children', '/api/fees/my-children', '/api/dashboard'];
  let p = 0;
  const parentRequests: autocannon.Request[] = [
    {
      method: 'GET',
      path: parentPaths[0],
      setupRequest: (req) => {
        const i = p++;
        return { ...req, path: parentPaths[i % parentPaths.length], headers: { ...req.headers, cookie: cookies.parents[Math.floor(i / parentPaths.length) % cookies.parents.length]! } };
      },
    },
  ];
  let m = 0;
  const marksRequests: autocannon.Request[] = [
    {
      method: 'PUT',
      path: `/api/exams/${f.marks.examId}/marks`,
      setupRequest: (req) => {
        const i = m++;
        const studentId = f.marks.students[i % f.marks.students.length]!;
        const score = 30 + ((i * 7) % 70);
        return { ...req, headers: { ...req.headers, cookie: cookies.teacher, 'content-type': 'application/json' }, body: JSON.stringify({ classId: f.marks.classId, subjectId: f.marks.subjectId, marks: [{ studentId, score, status: 'present' }] }) };
      },
    },
  ];
  let c = 0;
  const mpesaRequests: autocannon.Request[] = [
    {
      method: 'POST',
      path: `/api/paybill/callbacks/${f.mpesa.token}/confirmation`,
      setupRequest: (req) => {
        const i = c++;
        const transId = `S${opts.runId}${String(i).padStart(9 - opts.runId.length, '0')}`.slice(0, 10).toUpperCase();
        const body = JSON.stringify({
          TransactionType: 'Pay Bill',
          TransID: transId,
          TransTime: '20261123101530',
          TransAmount: (500 + (i % 20) * 50).toFixed(2),
          BusinessShortCode: '174379',
          BillRefNumber: f.mpesa.admissions[(i * 13) % f.mpesa.admissions.length]!,
          InvoiceNumber: '',
          OrgAccountBalance: '',
          ThirdPartyTransID: '',
          MSISDN: '25470****149',
          FirstName: 'RESULTS',
          MiddleName: '',
          LastName: 'DAY',
        });
        return { ...req, headers: { ...req.headers, 'content-type': 'application/json' }, body };
      },
    },
  ];
  let l = 0;
  const loginRequests: autocannon.Request[] = [
    {
      method: 'POST',
      path: '/api/auth/sign-in',
      setupRequest: (req) => {
        const email = f.parentEmails[l++ % f.parentEmails.length]!;
        return { ...req, headers: { ...req.headers, 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD, accessType: 'school', rememberMe: false }) };
      },
    },
  ];
  const streams: { name: string; rate?: number; connections: number; options: autocannon.Options }[] = [
    {
      name: "parents: children's results, fee balances, dashboard",
      rate: opts.parentRate,
      connections: opts.parentConnections,
      options: { url: base, connections: opts.parentConnections, duration, requests: parentRequests, timeout: 30, ...(opts.parentRate ? { overallRate: opts.parentRate } : {}) },
    },
    { name: 'teachers saving marks (one mark a request)', rate: opts.marksRate, connections: 10, options: { url: base, connections: 10, overallRate: opts.marksRate, duration, requests: marksRequests, timeout: 30 } },
    { name: 'M-Pesa paybill confirmations (new payments)', rate: opts.mpesaRate, connections: 5, options: { url: base, connections: 5, overallRate: opts.mpesaRate, duration, requests: mpesaRequests, timeout: 30 } },
    { name: 'parent sign-ins', rate: opts.loginRate, connections: 5, options: { url: base, connections: 5, overallRate: opts.loginRate, duration, requests: loginRequests, timeout: 30 } },
  ];
  await settle(base);
  const loads = await Promise.all(streams.map((s) => run(s.options)));
  return streams.map((s, i) => ({ name: s.name, rate: s.rate, connections: s.connections, load: loads[i]! }));
}
