/**
 * Payroll runs (issue 14 §3) at a large school: Greenhill grows to BENCH_STAFF members of staff on the
 * school's payroll (default 600: a big secondary school with its support staff), each with a basic
 * salary, allowances and deductions. Times, directly on the services behind the API (no HTTP):
 *
 *   - compute       POST /api/payroll/runs { month }: a draft with a line per member of staff
 *                   (createRun: components → buildPayrollLine → calculatePay, lines and totals written);
 *   - recompute     the same month again (lines deleted and rewritten in one transaction);
 *   - read          GET /api/payroll/runs/:id with every line and last month's variances;
 *   - line builder  the pure calculation alone (lines per second).
 *
 * On in-memory PGlite (as the app opens it) and, when BENCH_DATABASE_URL is set, on PostgreSQL (THAT
 * DATABASE IS WIPED). BENCH_RUNS repetitions (default 5) after one warm-up; p50/p95 in ms.
 *
 *   node --import tsx bench/payroll.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/edufam_bench node --import tsx bench/payroll.ts
 *
 * Writes bench/results/payroll.md.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { payComponents, schools, staffMembers } from '../src/server/db/schema/index.js';
import { FEMALE_NAMES, MALE_NAMES, SURNAMES, createRandom } from '../src/server/seed/names.js';
import { seedDemo } from '../src/server/seed/seed.js';
import { withSystem } from '../src/server/db/tenant.js';
import { createRun, getRun } from '../src/server/modules/payroll/payroll-runs.service.js';
import { buildPayrollLine, type PayComponentInput } from '../src/shared/payroll/run.js';
import { actorFor, timeCalls, wipePostgres } from './support.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const STAFF = Number(process.env.BENCH_STAFF ?? 600);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MONTH = '2026-11';

/** p50/p95 of RUNS calls after one warm-up. */
const time = (fn: () => Promise<unknown>) => timeCalls(fn, RUNS, 1);

/** Adds BOM staff to Greenhill until its payroll has STAFF members, each with five components. */
async function fill(database: Database): Promise<number> {
  return withSystem(database.db, async (tx) => {
    const [school] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.code, 'greenhill'));
    const schoolId = school!.id;
    const [{ n }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(staffMembers).where(eq(staffMembers.schoolId, schoolId))) as [{ n: number }];
    const rnd = createRandom(14);
    const add = Math.max(0, STAFF - n);
    for (let start = 0; start < add; start += 500) {
      const rows = Array.from({ length: Math.min(500, add - start) }, (_, k) => {
        const female = rnd.next() < 0.5;
        return {
          schoolId,
          staffNumber: `BENCH-${String(start + k + 1).padStart(5, '0')}`,
          firstName: rnd.pick(female ? FEMALE_NAMES : MALE_NAMES),
          lastName: rnd.pick(SURNAMES),
          gender: female ? 'female' : 'male',
          employer: 'bom',
          employmentType: 'permanent',
          department: rnd.pick(['Teaching', 'Catering', 'Security', 'Administration']),
          jobTitle: 'Teacher',
          startDate: '2024-01-08',
          paymentMethod: 'bank',
          bankName: 'KCB Bank',
          bankCode: '01',
          bankAccount: String(rnd.int(10_000_000, 99_999_999)),
        };
      });
      const inserted = await tx.insert(staffMembers).values(rows).returning({ id: staffMembers.id });
      await tx.insert(payComponents).values(
        inserted.flatMap(({ id }) => {
          const basic = rnd.int(15, 180) * 1_000_00;
          return [
            { schoolId, staffId: id, kind: 'basic', code: 'basic', name: 'Basic salary', amountCents: basic, startMonth: '2025-01' },
            { schoolId, staffId: id, kind: 'allowance', code: 'house', name: 'House allowance', amountCents: Math.round(basic * 0.15), startMonth: '2025-01' },
            { schoolId, staffId: id, kind: 'allowance', code: 'commuter', name: 'Commuter allowance', amountCents: 4_000_00, startMonth: '2025-01' },
            { schoolId, staffId: id, kind: 'deduction', code: 'sacco', name: 'SACCO', amountCents: 2_000_00, startMonth: '2025-01' },
            { schoolId, staffId: id, kind: 'pension', code: 'pension', name: 'Pension', amountCents: 3_000_00, startMonth: '2025-01' },
          ];
        }),
      );
    }
    const [{ total }] = (await tx.select({ total: sql<number>`count(*)::int` }).from(staffMembers).where(eq(staffMembers.schoolId, schoolId))) as [{ total: number }];
    return total;
  });
}

interface Row {
  target: string;
  scenario: string;
  lines: number;
  p50: number;
  p95: number;
}

async function runTarget(target: string, database: Database): Promise<Row[]> {
  await database.migrate();
  await seedDemo(database.db);
  const staff = await fill(database);
  await database.db.execute(sql`analyze`);
  const hr = await actorFor(database.db, 'hr@greenhill.edufam.test');
  const caller = { actor: hr, ip: '127.0.0.1' };
  let lines = 0;
  let runId = '';
  const compute = await time(async () => {
    const { run } = await createRun(database, caller, MONTH);
    lines = run.lines.length;
    runId = run.id;
  });
  const read = await time(() => getRun(database, hr, runId));
  console.log(`${target}: ${staff} staff, ${lines} lines`);
  return [
    { target, scenario: 'compute / recompute a month (POST /api/payroll/runs)', lines, ...compute },
    { target, scenario: 'read a run with every line (GET /api/payroll/runs/:id)', lines, ...read },
  ];
}

function lineBuilder(): Row {
  const components: PayComponentInput[] = [
    { kind: 'basic', code: 'basic', name: 'Basic salary', amountCents: 63_500_00, taxable: true, startMonth: '2025-01', endMonth: null },
    { kind: 'allowance', code: 'house', name: 'House', amountCents: 8_000_00, taxable: true, startMonth: '2025-01', endMonth: null },
    { kind: 'deduction', code: 'sacco', name: 'SACCO', amountCents: 2_000_00, taxable: false, startMonth: '2025-01', endMonth: null },
    { kind: 'pension', code: 'pension', name: 'Pension', amountCents: 3_000_00, taxable: false, startMonth: '2025-01', endMonth: null },
  ];
  const n = 100_000;
  const start = performance.now();
  for (let i = 0; i < n; i++) buildPayrollLine(components, MONTH, '2026-11-28', { shifRounding: 'cents', nitaLevy: true });
  const ms = performance.now() - start;
  return { target: 'node', scenario: `line builder, ${n.toLocaleString('en')} lines (ms total)`, lines: n, p50: Math.round(ms), p95: Math.round(ms) };
}

const results: Row[] = [lineBuilder()];
const lite = await openDatabase({ dataDir: 'memory://' });
results.push(...(await runTarget('pglite', lite)));
await lite.close();
const url = process.env.BENCH_DATABASE_URL;
if (url) {
  await wipePostgres(url);
  const pgDb = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  results.push(...(await runTarget('postgres', pgDb)));
  await pgDb.close();
}
const out = [
  `# Payroll runs (bench/payroll.ts)`,
  '',
  `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${STAFF} staff on Greenhill's payroll, ${RUNS} runs after a warm-up.`,
  '',
  '| target | scenario | lines | p50 ms | p95 ms |',
  '| --- | --- | ---: | ---: | ---: |',
  ...results.map((r) => `| ${r.target} | ${r.scenario} | ${r.lines} | ${r.p50} | ${r.p95} |`),
  '',
];
writeFileSync(path.join(ROOT, 'bench/results/payroll.md'), out.join('\n'));
console.log(out.join('\n'));
process.exit(0);
