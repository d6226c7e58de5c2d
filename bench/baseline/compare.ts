/**
 * Compares the bare baseline (bench/baseline/server.ts) with EduFam's server, endpoint by endpoint, for
 * every demo role: signs in on EduFam, sends the same cookie to both, and prints the differences of
 * status, keys and values (object key order is ignored; array order is not).
 *
 *   OURS=http://127.0.0.1:3381 BASE=http://127.0.0.1:3382 [SCHOOL=riverside] [DATABASE_URL=…] \
 *     node --import tsx bench/baseline/compare.ts
 *
 * Exit code 1 when any difference was found.
 */
import pg from 'pg';

const OURS = process.env.OURS ?? 'http://127.0.0.1:3381';
const BASE = process.env.BASE ?? 'http://127.0.0.1:3382';
const PASSWORD = process.env.DEMO_PASSWORD ?? 'EduFam2026!';
/** The demo school whose accounts are used: greenhill (CBC) or riverside (IGCSE). */
const SCHOOL = process.env.SCHOOL ?? 'greenhill';

const ACCOUNTS: { role: string; email: string; accessType: 'admin' | 'school' }[] = [
  { role: 'edufam_admin', email: 'admin@edufam.test', accessType: 'admin' },
  { role: 'school_director', email: `director@${SCHOOL}.edufam.test`, accessType: 'school' },
  { role: 'principal', email: `principal@${SCHOOL}.edufam.test`, accessType: 'school' },
  { role: 'teacher', email: `teacher@${SCHOOL}.edufam.test`, accessType: 'school' },
  { role: 'parent', email: `parent@${SCHOOL}.edufam.test`, accessType: 'school' },
  { role: 'finance_officer', email: `finance@${SCHOOL}.edufam.test`, accessType: 'school' },
  { role: 'hr', email: `hr@${SCHOOL}.edufam.test`, accessType: 'school' },
];

async function signIn(email: string, accessType: string): Promise<string> {
  const res = await fetch(`${OURS}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, accessType, rememberMe: false }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('edufam.session_token='));
  if (!cookie) throw new Error(`sign-in ${email}: no session cookie`);
  return cookie;
}

async function get(base: string, path: string, cookie: string | null): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {} });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: compare the text
  }
  return { status: res.status, body };
}

/** Differences between `a` (ours) and `b` (baseline) as "path: ours → baseline" lines. */
function diff(a: unknown, b: unknown, path = '$', out: string[] = []): string[] {
  if (out.length > 40) return out;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push(`${path}: length ${a.length} → ${b.length}`);
    for (let i = 0; i < Math.min(a.length, b.length); i++) diff(a[i], b[i], `${path}[${i}]`, out);
    return out;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const ka = Object.keys(a as object);
    const kb = Object.keys(b as object);
    for (const k of ka) if (!kb.includes(k)) out.push(`${path}.${k}: missing in baseline (ours ${JSON.stringify((a as Record<string, unknown>)[k])?.slice(0, 80)})`);
    for (const k of kb) if (!ka.includes(k)) out.push(`${path}.${k}: extra in baseline (${JSON.stringify((b as Record<string, unknown>)[k])?.slice(0, 80)})`);
    for (const k of ka) if (kb.includes(k)) diff((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`, out);
    return out;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${path}: ${JSON.stringify(a)?.slice(0, 100)} → ${JSON.stringify(b)?.slice(0, 100)}`);
  return out;
}

/** Compares bodies of 200 answers; for errors only the status and error code. */
async function compare(label: string, path: string, cookie: string | null): Promise<{ ok: boolean; ours: { status: number; body: unknown } }> {
  const [ours, base] = await Promise.all([get(OURS, path, cookie), get(BASE, path, cookie)]);
  const lines: string[] = [];
  if (ours.status !== base.status) lines.push(`status ${ours.status} → ${base.status}`);
  if (ours.status === 200 && base.status === 200) diff(ours.body, base.body, '$', lines);
  else if (ours.status === base.status) {
    const code = (x: unknown) => (x as { error?: { code?: string } })?.error?.code;
    if (code(ours.body) !== code(base.body)) lines.push(`error code ${code(ours.body)} → ${code(base.body)}`);
  }
  const size = JSON.stringify(ours.body).length;
  console.log(`${lines.length ? 'DIFF' : 'same'}  ${label.padEnd(16)} ${path} (${ours.status}, ${size} B)`);
  for (const l of lines) console.log(`        ${l}`);
  return { ok: lines.length === 0, ours };
}

let failures = 0;
const check = async (label: string, path: string, cookie: string | null) => {
  const r = await compare(label, path, cookie);
  if (!r.ok) failures++;
  return r.ours;
};

await check('anonymous', '/api/auth/session', null);
await check('anonymous', '/api/dashboard', null);
await check('bad cookie', '/api/auth/session', 'edufam.session_token=abc.def');

const cookies = new Map<string, string>();
for (const a of ACCOUNTS) cookies.set(a.role, await signIn(a.email, a.accessType));

// A learner of the school (from the principal's register) and the parent's children.
const principal = cookies.get('principal')!;
const session = (await get(OURS, '/api/auth/session', principal)).body as { user: { schoolId: string } };
const schoolId = session.user.schoolId;
const list = (await get(OURS, '/api/students?pageSize=50', principal)).body as { items: { id: string; classId: string | null }[] };
const learnerIds = list.items.slice(0, 3).map((s) => s.id);
const classId = list.items.find((s) => s.classId)?.classId;
const parentDash = (await get(OURS, '/api/dashboard', cookies.get('parent')!)).body as { children?: { studentId: string }[] };
const childIds = (parentDash.children ?? []).map((c) => c.studentId);

for (const a of ACCOUNTS) {
  const cookie = cookies.get(a.role)!;
  await check(a.role, '/api/auth/session', cookie);
  await check(a.role, '/api/dashboard', cookie);
  await check(a.role, '/api/students', cookie);
  const schoolQ = a.role === 'edufam_admin' ? `?schoolId=${schoolId}` : '';
  for (const id of a.role === 'parent' ? [...childIds, learnerIds[0]!] : learnerIds.slice(0, 1)) {
    await check(a.role, `/api/students/${id}/account${schoolQ}`, cookie);
  }
  await check(a.role, '/api/grades/my-children', cookie);
}

// Register variants (principal), and the admin with a school.
const variants = [
  '?page=2',
  '?pageSize=10&sort=-name',
  '?sort=class',
  '?sort=-admissionNumber',
  '?sort=admittedOn',
  '?status=all',
  '?status=transferred',
  '?search=a',
  '?search=GH',
  '?gender=female&boarding=day',
  classId ? `?classId=${classId}` : '',
  '?search=0712345678',
  '?pageSize=500',
  '?sort=bogus',
].filter(Boolean);
for (const v of variants) await check('principal', `/api/students${v}`, principal);
await check('edufam_admin', `/api/students?schoolId=${schoolId}`, cookies.get('edufam_admin')!);
for (const id of learnerIds.slice(1)) await check('finance_officer', `/api/students/${id}/account`, cookies.get('finance_officer')!);
// With DATABASE_URL: also learners whose accounts have adjustments, transport, pending charges, reversals
// or cancelled invoices (the demo register's first page may have none).
if (process.env.DATABASE_URL) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query<{ id: string }>(
    `select distinct on (kind) student_id as id from (
       select 'adj' as kind, student_id from fee_adjustments where school_id = $1
       union all select 'transport', student_id from transport_assignments where school_id = $1 and status = 'active'
       union all select 'charge', student_id from student_charges where school_id = $1 and status = 'pending'
       union all select 'reversal', student_id from payments where school_id = $1 and kind = 'reversal'
       union all select 'cancelled', student_id from invoices where school_id = $1 and status = 'cancelled') x`,
    [schoolId],
  );
  await client.end();
  for (const r of rows) await check('finance_officer', `/api/students/${r.id}/account`, cookies.get('finance_officer')!);
}
await check('finance_officer', '/api/students/00000000-0000-4000-8000-000000000000/account', cookies.get('finance_officer')!);

console.log(failures ? `\n${failures} endpoint call(s) differ` : '\nall endpoint calls match');
process.exit(failures ? 1 : 0);
