/**
 * Learner import at 10,000 rows (issue 10 §2 Import: "10,000 learners import in 10 s or less on the
 * embedded database"). Generates a 10,000-learner CSV (and the same rows as .xlsx) for Greenhill and
 * times POST /api/students/import end to end (multipart upload, file check, parse, row rules, prefetch,
 * bulk writes, audit) through app.inject on the real buildApp, on
 *
 *   - pglite     a fresh in-memory PGlite, opened as the app opens it (src/server/db/client.ts);
 *   - postgres   when BENCH_DATABASE_URL is set. THAT DATABASE IS WIPED (schemas public and drizzle
 *                dropped) before the run.
 *
 *   node --import tsx bench/learners-import.ts          (npm run bench:import)
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/edufam_bench node --import tsx bench/learners-import.ts
 *
 * The file: 10,000 learners over Greenhill's 22 streams of 2026, 70% with a typed admission number and
 * 30% blank (numbers allocated from the school's pattern), one guardian per row with about one family
 * in six sharing a phone (siblings), names with apostrophes and accents. Scenarios, in order on one
 * database: dry run; commit (10,000 new learners, class history, guardians, links); the same file
 * again (dry run, then commit: all unchanged); a changed file (every learner moves stream: 10,000
 * updates and class-history moves); the .xlsx as a dry run; the .xlsx committed as a background task
 * (as the web page does it: 202, then GET /api/tasks/:id until it is done). BENCH_ROWS changes the size. Writes a
 * Markdown table to bench/results/learners-import.md.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import { and, count, eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import type { Database } from '../src/server/db/client.js';
import { classes, schools, students } from '../src/server/db/schema/index.js';
import { DEMO_PASSWORD, seedDemo } from '../src/server/seed/seed.js';
import { FEMALE_NAMES, MALE_NAMES, SURNAMES, createRandom } from '../src/server/seed/names.js';
import { withSystem } from '../src/server/db/tenant.js';
import { readImportFile } from '../src/server/modules/learner-files/import-file.js';
import { IMPORT_COLUMNS, type ImportResult } from '../src/shared/contracts/learner-files.js';
import type { Task } from '../src/shared/contracts/tasks.js';
import { onEachDatabase } from './support.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Result {
  target: string;
  scenario: string;
  seconds: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: number;
}

type Row = Record<(typeof IMPORT_COLUMNS)[number], string>;

/** The bench file's rows for the given stream names (`shift` moves every learner to another stream). */
function makeRows(classNames: string[], shift = 0): Row[] {
  const rnd = createRandom(10_000);
  const extra = ["Ng'ang'a", 'Chelangat-Kiprono', 'Zoë', "O'Brien", 'Nyambura'];
  const rows: Row[] = [];
  let phone = 0;
  for (let i = 0; i < ROWS; i++) {
    const female = rnd.next() < 0.5;
    // About one family in six has two children in the file (a shared guardian phone).
    const sibling = i > 0 && rnd.next() < 0.17;
    if (!sibling) phone++;
    const first = `${rnd.pick(female ? FEMALE_NAMES : MALE_NAMES)}${i % 50 === 0 ? ` ${rnd.pick(extra)}` : ''}`;
    rows.push({
      admission_number: i % 10 < 7 ? `BEN/${String(i + 1).padStart(5, '0')}` : '',
      first_name: `${first} ${i}`,
      middle_name: rnd.next() < 0.6 ? rnd.pick(female ? FEMALE_NAMES : MALE_NAMES) : '',
      last_name: i % 97 === 0 ? rnd.pick(extra) : rnd.pick(SURNAMES),
      gender: female ? 'F' : 'M',
      date_of_birth: `${2008 + (i % 14)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      class: classNames[(i + shift) % classNames.length]!,
      upi: rnd.next() < 0.8 ? `U${String(100_000 + i)}` : '',
      birth_certificate_number: rnd.next() < 0.7 ? String(3_000_000 + i) : '',
      boarding: rnd.next() < 0.3 ? 'boarding' : 'day',
      guardian_name: `${rnd.pick(rnd.next() < 0.5 ? FEMALE_NAMES : MALE_NAMES)} ${rnd.pick(SURNAMES)}`,
      guardian_relationship: rnd.pick(['mother', 'father', 'guardian']),
      guardian_phone: `07${String(20_000_000 + phone).padStart(8, '0')}`,
      guardian_email: rnd.next() < 0.3 ? `family${phone}@example.com` : '',
    });
  }
  return rows;
}

function toCsv(rows: Row[]): Buffer {
  return Buffer.from(stringify([[...IMPORT_COLUMNS], ...rows.map((r) => IMPORT_COLUMNS.map((c) => r[c]))], { record_delimiter: '\r\n' }), 'utf8');
}

async function toXlsx(rows: Row[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Learners');
  ws.addRow([...IMPORT_COLUMNS]);
  for (const r of rows) {
    ws.addRow(
      IMPORT_COLUMNS.map((c) => {
        if (c === 'guardian_phone') return Number(r[c]); // as Excel keeps a typed phone: a number without its 0
        if (c === 'date_of_birth' && r[c]) return new Date(`${r[c]}T00:00:00Z`);
        return r[c];
      }),
    );
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(name: string, type: string, content: Buffer) {
  const boundary = '----edufam-bench';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

async function runTarget(target: string, database: Database): Promise<Result[]> {
  await database.migrate();
  await seedDemo(database.db);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', LOGIN_IP_LIMIT: '100000' });
  const { app } = await buildApp({ config, database, logger: false, mailer: { send: async () => undefined, close: () => undefined } });
  await app.ready();
  try {
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'principal@greenhill.edufam.test', password: DEMO_PASSWORD, accessType: 'school' } });
    const cookie = String(signIn.headers['set-cookie'] ?? '')
      .split(/,(?=\s*[\w.-]+=)/)
      .map((c) => c.split(';')[0]!.trim())
      .join('; ');
    const { school, classNames } = await withSystem(database.db, async (tx) => {
      const [s] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.code, 'greenhill'));
      const list = await tx
        .select({ name: classes.name })
        .from(classes)
        .where(and(eq(classes.schoolId, s!.id), sql`${classes.academicYearId} in (select id from academic_years where is_current)`))
        .orderBy(classes.levelOrder, classes.stream);
      return { school: s!.id, classNames: list.map((c) => c.name) };
    });
    const learners = async () => Number((await withSystem(database.db, (tx) => tx.select({ n: count() }).from(students).where(eq(students.schoolId, school))))[0]!.n);

    const results: Result[] = [];
    const run = async (scenario: string, query: string, name: string, type: string, body: Buffer, app: FastifyInstance) => {
      const { headers, payload } = multipart(name, type, body);
      const start = performance.now();
      const res = await app.inject({ method: 'POST', url: `/api/students/import${query}`, headers: { ...headers, cookie }, payload });
      const seconds = (performance.now() - start) / 1000;
      if (res.statusCode !== 200) throw new Error(`${scenario}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      const r = res.json() as ImportResult;
      results.push({ target, scenario, seconds: Math.round(seconds * 100) / 100, created: r.created, updated: r.updated, unchanged: r.unchanged, errors: r.errors.length });
      console.log(`${target.padEnd(9)} ${scenario.padEnd(44)} ${seconds.toFixed(2).padStart(6)} s  created ${r.created} updated ${r.updated} unchanged ${r.unchanged} errors ${r.errors.length} warnings ${r.warnings.length}`);
    };

    const rows = makeRows(classNames);
    const csv = toCsv(rows);
    const moved = toCsv(makeRows(classNames, 1));
    const xlsx = await toXlsx(rows);
    console.log(`${target}: file ${(csv.length / 1024 / 1024).toFixed(2)} MB CSV, ${(xlsx.length / 1024 / 1024).toFixed(2)} MB xlsx, ${ROWS} rows`);

    let t0 = performance.now();
    await readImportFile(csv, 'text/csv');
    results.push({ target, scenario: `parse CSV only (${ROWS} rows)`, seconds: Math.round((performance.now() - t0) / 10) / 100, created: 0, updated: 0, unchanged: 0, errors: 0 });
    t0 = performance.now();
    await readImportFile(xlsx, XLSX);
    results.push({ target, scenario: `parse .xlsx only (${ROWS} rows)`, seconds: Math.round((performance.now() - t0) / 10) / 100, created: 0, updated: 0, unchanged: 0, errors: 0 });

    const before = await learners();
    await run('dry run, new file', '', 'learners.csv', 'text/csv', csv, app);
    await run('commit, new file (10,000 new learners)', '?commit=true', 'learners.csv', 'text/csv', csv, app);
    const after = await learners();
    if (after - before !== ROWS) throw new Error(`expected ${ROWS} new learners, got ${after - before}`);
    await run('dry run, same file again', '', 'learners.csv', 'text/csv', csv, app);
    await run('commit, same file again (nothing changes)', '?commit=true', 'learners.csv', 'text/csv', csv, app);
    await run('commit, every learner moves stream', '?commit=true', 'moved.csv', 'text/csv', moved, app);
    if ((await learners()) !== after) throw new Error('re-import duplicated learners');
    await run('dry run, .xlsx (numeric phones, real dates)', '', 'learners.xlsx', XLSX, xlsx, app);

    // The web page's way: a background task (pg-boss polls every second), followed until it finishes.
    {
      const { headers, payload } = multipart('learners.xlsx', XLSX, xlsx);
      const start = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/students/import?commit=true&async=true', headers: { ...headers, cookie }, payload });
      if (res.statusCode !== 202) throw new Error(`async: ${res.statusCode} ${res.body.slice(0, 300)}`);
      const { taskId } = res.json() as { taskId: string };
      let task: Task;
      for (;;) {
        task = (await app.inject({ method: 'GET', url: `/api/tasks/${taskId}`, headers: { cookie } })).json() as Task;
        if (task.status === 'succeeded' || task.status === 'failed') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      if (task.status !== 'succeeded') throw new Error(`async: ${task.error}`);
      const r = task.result as unknown as ImportResult;
      const seconds = (performance.now() - start) / 1000;
      results.push({ target, scenario: 'commit .xlsx as a background task (202 → done)', seconds: Math.round(seconds * 100) / 100, created: r.created, updated: r.updated, unchanged: r.unchanged, errors: r.errors.length });
      console.log(`${target.padEnd(9)} ${'commit .xlsx as a background task'.padEnd(44)} ${seconds.toFixed(2).padStart(6)} s  updated ${r.updated}`);
    }
    return results;
  } finally {
    await app.close();
  }
}

const results = await onEachDatabase(runTarget);

const table = [
  `Run ${new Date().toISOString()}: POST /api/students/import through app.inject on the real buildApp (upload, type check, parse, row rules, prefetch, bulk writes in one transaction, audit), ${ROWS.toLocaleString('en')} rows for Greenhill on top of the demo seed, Node ${process.version}. Wall-clock seconds, one run each, in order on one database.`,
  '',
  '| database | scenario | seconds | created | updated | unchanged | errors |',
  '|---|---|---:|---:|---:|---:|---:|',
  ...results.map((r) => `| ${r.target} | ${r.scenario} | ${r.seconds} | ${r.created} | ${r.updated} | ${r.unchanged} | ${r.errors} |`),
  '',
].join('\n');
writeFileSync(path.join(ROOT, 'bench/results/learners-import.md'), table);
console.log(`\n${table}`);
process.exit(0);
