/**
 * The learner register at 40,000 learners (issue 10 "Done when": register search at 40,000 learners,
 * p50/p95). Times the service behind GET /api/students (listStudents: one page plus the total)
 * directly, without HTTP, on
 *
 *   - pglite     in-memory PGlite, opened as the app opens it (src/server/db/client.ts);
 *   - postgres   when BENCH_DATABASE_URL is set. THAT DATABASE IS WIPED before the run.
 *
 *   node --import tsx bench/learners-register.ts
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/edufam_bench node --import tsx bench/learners-register.ts
 *
 * Each target: migrate, seed the demo schools, then bulk-insert learners into Greenhill's 2026 streams
 * until it has BENCH_LEARNERS (default 40,000), each with a guardian (unique phone) and a class-history
 * row, ANALYZE, and run each scenario BENCH_RUNS times (default 20) after 2 warm-ups. Search is a
 * LIKE '%word%' on students.search_text (names and numbers, lower-case, kept by a trigger) per word, or
 * an exact match on the guardian's normalised phone; under row-level security PostgreSQL cannot use a
 * trigram index for LIKE (not LEAKPROOF, see bench/users-50k.ts), so a search scans the school's rows.
 * Writes bench/results/learners-register.md.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../src/shared/access.js';
import { listStudentsQuery, type ListStudentsParams } from '../src/shared/contracts/learners.js';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { academicYears, classes, guardians, schools, studentEnrolments, studentGuardians, students } from '../src/server/db/schema/index.js';
import { FEMALE_NAMES, MALE_NAMES, SURNAMES, createRandom } from '../src/server/seed/names.js';
import { seedDemo } from '../src/server/seed/seed.js';
import { withSystem } from '../src/server/db/tenant.js';
import { listStudents } from '../src/server/modules/learners/learners.service.js';
import { actorFor, timeCalls, wipePostgres, type ScenarioResult } from './support.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 40_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const BATCH = 1_000;

type Result = ScenarioResult;

/** p50/p95 of RUNS calls after two warm-ups. */
const time = (fn: () => Promise<unknown>) => timeCalls(fn, RUNS, 2);

/** Adds learners to Greenhill's current streams until it has `target`, with guardians and history. */
export async function fill(database: Database, target: number): Promise<{ seconds: number }> {
  const started = performance.now();
  await withSystem(database.db, async (tx) => {
    const [school] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.code, 'greenhill'));
    const schoolId = school!.id;
    const [year] = await tx.select().from(academicYears).where(and(eq(academicYears.schoolId, schoolId), eq(academicYears.isCurrent, true)));
    const streams = await tx.select({ id: classes.id }).from(classes).where(eq(classes.academicYearId, year!.id));
    const [have] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(students).where(eq(students.schoolId, schoolId));
    const rnd = createRandom(4242);
    for (let done = have!.n, i = 0; done < target; done += BATCH, i++) {
      const n = Math.min(BATCH, target - done);
      const rows = Array.from({ length: n }, (_, k) => {
        const female = rnd.next() < 0.5;
        const seq = done + k + 1;
        return {
          schoolId,
          admissionNumber: `GHA/B/${String(seq).padStart(6, '0')}`,
          firstName: rnd.pick(female ? FEMALE_NAMES : MALE_NAMES),
          middleName: rnd.next() < 0.6 ? rnd.pick(female ? FEMALE_NAMES : MALE_NAMES) : null,
          lastName: rnd.pick(SURNAMES),
          gender: female ? 'female' : 'male',
          dateOfBirth: `${2010 + rnd.int(0, 12)}-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`,
          classId: streams[seq % streams.length]!.id,
          upi: `B${String(seq).padStart(7, '0')}`,
          birthCertificateNumber: String(300_000_000 + seq),
          boarding: rnd.next() < 0.2 ? 'boarding' : 'day',
          status: rnd.next() < 0.95 ? 'active' : 'exited',
          admittedOn: '2026-01-06',
        };
      });
      const inserted = await tx.insert(students).values(rows).returning({ id: students.id, classId: students.classId, lastName: students.lastName });
      const gs = await tx
        .insert(guardians)
        .values(inserted.map((s, k) => ({ schoolId, name: `${rnd.pick(FEMALE_NAMES)} ${s.lastName}`, phone: `2547${String(20_000_000 + done + k).padStart(8, '0')}` })))
        .returning({ id: guardians.id });
      await tx.insert(studentGuardians).values(inserted.map((s, k) => ({ schoolId, studentId: s.id, guardianId: gs[k]!.id, relationship: 'mother', isPrimary: true })));
      await tx.insert(studentEnrolments).values(inserted.map((s) => ({ schoolId, studentId: s.id, academicYearId: year!.id, classId: s.classId!, startedOn: '2026-01-06' })));
    }
  });
  await database.db.execute(sql`analyze`);
  return { seconds: Math.round((performance.now() - started) / 100) / 10 };
}

async function runTarget(target: string, database: Database): Promise<{ results: Result[]; fillSeconds: number }> {
  await database.migrate();
  await seedDemo(database.db);
  const { seconds } = await fill(database, LEARNERS);
  const principal = await actorFor(database.db, 'principal@greenhill.edufam.test');
  const teacher = await actorFor(database.db, 'teacher@greenhill.edufam.test');
  const [grade7] = await withSystem(database.db, (tx) =>
    tx
      .select({ id: classes.id })
      .from(classes)
      .innerJoin(academicYears, eq(academicYears.id, classes.academicYearId))
      .where(and(eq(classes.name, 'Grade 7 East'), eq(academicYears.isCurrent, true))),
  );
  const [someone] = await withSystem(database.db, (tx) =>
    tx
      .select({ phone: guardians.phone })
      .from(guardians)
      .where(sql`${guardians.phone} like '2547200%'`)
      .limit(1),
  );
  const scenarios: [string, Actor, ListStudentsParams][] = [
    ['page 1 (active, by name)', principal, {}],
    ['page 800 (deep page)', principal, { page: 800 }],
    ['search a surname', principal, { search: 'wanjiru' }],
    ['search two words', principal, { search: 'kamau akinyi' }],
    ['search an admission number', principal, { search: 'GHA/B/012345' }],
    ['search a guardian phone (07… form)', principal, { search: `0${someone!.phone.slice(3)}` }],
    ['filter one stream', principal, { classId: grade7!.id }],
    ['stream + search', principal, { classId: grade7!.id, search: 'a' }],
    ['all statuses, sorted by class', principal, { status: 'all', sort: 'class' }],
    ["teacher's My Students", teacher, {}],
  ];
  const results: Result[] = [];
  for (const [scenario, actor, params] of scenarios) {
    const q = listStudentsQuery.parse(params);
    const page = await listStudents(database, actor, q);
    const t = await time(() => listStudents(database, actor, q));
    results.push({ target, scenario, rows: page.items.length, total: page.total, ...t });
    console.log(`${target.padEnd(8)} ${scenario.padEnd(38)} rows ${String(page.items.length).padStart(3)} of ${String(page.total).padStart(6)}  p50 ${t.p50} ms  p95 ${t.p95} ms`);
  }
  return { results, fillSeconds: seconds };
}

async function main() {
  const all: Result[] = [];
  const fills: string[] = [];
  const lite = await openDatabase({ dataDir: 'memory://' });
  try {
    const r = await runTarget('pglite', lite);
    all.push(...r.results);
    fills.push(`pglite: ${r.fillSeconds} s`);
  } finally {
    await lite.close();
  }
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    await wipePostgres(url);
    const pg = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
    try {
      const r = await runTarget('postgres', pg);
      all.push(...r.results);
      fills.push(`postgres: ${r.fillSeconds} s`);
    } finally {
      await pg.close();
    }
  }
  const lines = [
    '# Learner register at 40,000 learners',
    '',
    `listStudents (GET /api/students: one page of 25 plus the total) for Greenhill with ${LEARNERS.toLocaleString('en')} learners (95% active), each with a guardian, on this machine (2 cores). ${RUNS} runs after 2 warm-ups; times in ms. Bulk fill: ${fills.join(', ')}.`,
    '',
    '| database | scenario | rows | total | p50 | p95 |',
    '|---|---|---:|---:|---:|---:|',
    ...all.map((r) => `| ${r.target} | ${r.scenario} | ${r.rows} | ${r.total} | ${r.p50} | ${r.p95} |`),
    '',
    `Run: ${new Date().toISOString()} with \`node --import tsx bench/learners-register.ts\`${url ? ' (BENCH_DATABASE_URL set)' : ''}.`,
    '',
  ];
  writeFileSync(path.join(ROOT, 'bench/results/learners-register.md'), lines.join('\n'));
}

// Only when run as a script: bench/request-speed.ts imports fill() from here.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
