/**
 * Replays the outside probe of issue 32 against a running EduFam (default http://localhost:3000, a
 * fresh `npm start` with the demo schools) over real HTTP, as an attacker or careless client would,
 * and prints one line per reproduction: `safe` when it now fails safely, `UNSAFE` otherwise. Exits 1
 * when any is unsafe.
 *
 *   BASE_URL=http://localhost:3000 node --import tsx scripts/probe-replay.ts
 *
 * It changes the demo only as the probe did: one empty PATCH of an expense category and 35 front-end
 * error reports (to reach the rate limit). The same cases run in the test suite (mpesa.test.ts,
 * input-guard.test.ts, paging.test.ts, expenses.test.ts, timetable-generate.test.ts); this script
 * proves them on the served app, outside the test harness.
 */
const BASE = (process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const PASSWORD = 'EduFam2026!';

type Res = { status: number; body: string; json: <T>() => T };
async function call(method: string, path: string, opts: { cookie?: string; body?: unknown; raw?: string; headers?: Record<string, string>; form?: FormData } = {}): Promise<Res> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.raw !== undefined) {
    body = opts.raw;
    headers['content-type'] = 'application/json';
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${BASE}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  return { status: res.status, body: text, json: <T>() => JSON.parse(text) as T };
}

async function signIn(email: string, accessType: 'school' | 'admin' = 'school'): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD, accessType }) });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

const results: { id: string; what: string; safe: boolean; seen: string }[] = [];
function check(id: string, what: string, safe: boolean, seen: string) {
  results.push({ id, what, safe, seen });
  console.log(`${safe ? 'safe  ' : 'UNSAFE'}  ${id.padEnd(4)} ${what} (${seen})`);
}

type Account = { admissionNumber: string; balance: number };
type Config = { shortcode: string; callbackUrls: { confirmation: string } };

/** A learner's fee balance in KES, from the accounts list searched by admission number. */
async function balanceOf(cookie: string, admissionNumber: string): Promise<number> {
  const res = (await call('GET', `/api/fees/accounts?search=${encodeURIComponent(admissionNumber)}`, { cookie })).json<{ items: Account[] }>();
  return res.items.find((a) => a.admissionNumber === admissionNumber)!.balance;
}

async function main() {
  const finance = await signIn('finance@greenhill.edufam.test');
  const principal = await signIn('principal@greenhill.edufam.test');
  const admin = await signIn('admin@edufam.test', 'admin');

  // §1 The simulator is not served to anyone over HTTP.
  const basic = `Basic ${Buffer.from('anything:anything').toString('base64')}`;
  const sim = [
    await call('GET', '/daraja-sim/_control/requests'),
    await call('GET', '/daraja-sim/_control/requests', { cookie: admin }),
    await call('GET', '/daraja-sim/oauth/v1/generate?grant_type=client_credentials', { headers: { authorization: basic } }),
    await call('POST', '/daraja-sim/mpesa/c2b/v1/simulate', { body: { ShortCode: '174379', CommandID: 'CustomerPayBillOnline', Amount: 5000, Msisdn: '254708374149', BillRefNumber: 'GHA/2021/0017' } }),
    await call('POST', '/daraja-sim/_control/next', { body: { outcome: 'success', duplicate: 3 } }),
  ];
  check('1a', 'simulator request log, oauth, c2b simulate, _control/next', sim.every((r) => r.status === 404 && !r.body.includes('callbacks/')), sim.map((r) => r.status).join(' '));

  const masked = (await call('GET', '/api/mpesa/config', { cookie: principal })).json<Config>();
  check('1b', 'callback token hidden from the principal', !JSON.stringify(masked.callbackUrls).match(/callbacks\/[A-Za-z0-9_-]{16,}/), masked.callbackUrls.confirmation);

  const config = (await call('GET', '/api/mpesa/config', { cookie: finance })).json<Config>();
  const token = /callbacks\/([^/]+)\/confirmation/.exec(config.callbackUrls.confirmation)![1]!;
  const learner = (await call('GET', '/api/fees/accounts?pageSize=1', { cookie: finance })).json<{ items: Account[] }>().items[0]!;
  const before = await balanceOf(finance, learner.admissionNumber);
  const forged = await call('POST', `/api/paybill/callbacks/${token}/confirmation`, {
    body: { TransactionType: 'Pay Bill', TransID: 'UKSAMT4188', TransTime: '20261128120000', TransAmount: '999999999999.99', BusinessShortCode: config.shortcode, BillRefNumber: learner.admissionNumber, MSISDN: '254708374149', FirstName: 'PROBE' },
  });
  const after = await balanceOf(finance, learner.admissionNumber);
  check('1c', 'forged confirmation with the school token, no simulator', forged.status === 403 && after === before, `${forged.status}, balance ${before} → ${after}`);

  // §3 NUL characters: 400 with a clear message, never 500.
  const nul = [
    await call('POST', '/api/auth/sign-in', { body: { email: 'a\u0000@x.test', password: 'x', accessType: 'school' } }),
    await call('POST', '/api/auth/forgot-password', { body: { email: 'a\u0000@x.test' } }),
    await call('GET', '/api/auth/reset-password/validate?token=%00'),
    await call('GET', '/api/students?search=a%00b', { cookie: principal }),
    await call('POST', '/api/suppliers', { cookie: principal, body: { name: 'a\u0000b' } }),
  ];
  check('3a', 'NUL in sign-in, forgot-password, reset token, search, supplier name', nul.every((r) => r.status === 400 && /NUL/.test(r.body)), nul.map((r) => r.status).join(' '));
  const form = new FormData();
  form.append('file', new Blob(['<fet></fet>'], { type: 'application/xml' }), 'school\u0000.fet');
  const upload = await call('POST', '/api/timetables/import-fet', { cookie: principal, form });
  check('3b', 'NUL in an upload file name', upload.status === 400, String(upload.status));
  const nulCallback = await call('POST', `/api/mpesa/callbacks/${token}/confirmation`, { raw: '{"TransID":"UKSNUL0001","TransAmount":"10.00","BillRefNumber":"a\\u0000b"}' });
  check('3c', 'NUL in a callback field answers in protocol, not 500', nulCallback.status < 500, String(nulCallback.status));

  // §4 Paging the payments ledger returns each receipt once.
  for (const size of [200, 50]) {
    const ids: string[] = [];
    let total = 0;
    for (let page = 1; page < 200; page++) {
      const res = (await call('GET', `/api/fees/payments?page=${page}&pageSize=${size}`, { cookie: finance })).json<{ items: { id: string }[]; total: number }>();
      total = res.total;
      ids.push(...res.items.map((p) => p.id));
      if (!res.items.length || ids.length >= total) break;
    }
    check('4', `payments paged ${size} at a time`, ids.length === total && new Set(ids).size === total, `${ids.length} rows, ${new Set(ids).size} distinct, total ${total}`);
  }

  // §5 Other 500s.
  const categories = (await call('GET', '/api/expenses/categories', { cookie: finance })).json<{ items?: { id: string }[] } | { id: string }[]>();
  const category = (Array.isArray(categories) ? categories : categories.items!)[0]!;
  const empty = await call('PATCH', `/api/expenses/categories/${category.id}`, { cookie: finance, body: {} });
  check('5a', 'empty PATCH of an expense category', empty.status === 200, String(empty.status));
  const fet = async (xml: string) => {
    const f = new FormData();
    f.append('file', new Blob([xml], { type: 'application/xml' }), 'school.fet');
    return call('POST', '/api/timetables/import-fet', { cookie: principal, form: f });
  };
  const doctype = await fet('<?xml version="1.0"?><!DOCTYPE fet [<!ENTITY x SYSTEM "file:///etc/passwd">]><fet>&x;</fet>');
  const deep = await fet(`<fet>${'<a>'.repeat(50_000)}${'</a>'.repeat(50_000)}</fet>`);
  check('5b', 'FET with an external entity; with 50,000 nested tags', doctype.status === 400 && deep.status === 400 && !doctype.body.includes('root:'), `${doctype.status} ${deep.status}`);

  // §6 A 429 outside sign-in does not talk about logins.
  let limited: Res | null = null;
  for (let i = 0; i < 40 && !limited; i++) {
    const res = await call('POST', '/api/errors/frontend', { body: { errorId: `probe-${i}`, message: 'probe' } });
    if (res.status === 429) limited = res;
  }
  check('6', '429 from /api/errors/frontend', !!limited && !/login/i.test(limited.body), limited ? (limited.json<{ error?: { message?: string } }>().error?.message ?? limited.body) : 'never limited');

  const unsafe = results.filter((r) => !r.safe);
  console.log(`\n${results.length - unsafe.length} of ${results.length} reproductions fail safely against ${BASE}.`);
  process.exit(unsafe.length ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
