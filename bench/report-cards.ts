/**
 * Bulk report cards (issue 12 §5: "1,000 report cards in 20 s or less"). Runs what the `report-cards`
 * background task runs for a whole level of 1,000 learners, timing each part:
 *
 *   compute   termCards: every released series of the term, positions in stream and level, comments,
 *             CBC strand roll-ups (one computation for the level)
 *   issue     the signed verification records behind the QR codes (one per card), when wired
 *   draw      drawReportCards: one page per learner with its QR code, rendered to one PDF
 *
 * on in-memory PGlite (as the app opens it) and, when BENCH_DATABASE_URL is set, on PostgreSQL (THAT
 * DATABASE IS WIPED). Greenhill's Grade 8 is filled to BENCH_CARDS learners (default 1,000) with marks
 * in the released End of Term 1 2026 series. Writes bench/results/report-cards.md.
 *
 *   node --import tsx bench/report-cards.ts
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/edufam_bench node --import tsx bench/report-cards.ts
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { classes, examMarks, examSeries, examSubjects, levels, schools, students, subjects, terms } from '../src/server/db/schema/index.js';
import { FEMALE_NAMES, MALE_NAMES, SURNAMES, createRandom } from '../src/server/seed/names.js';
import { seedDemo } from '../src/server/seed/seed.js';
import { withSystem } from '../src/server/db/tenant.js';
import { drawReportCards, termCards } from '../src/server/modules/assessment/report-cards.js';
import { reportCardIssuer } from '../src/server/modules/certificates/certificates.service.js';
import { createSigner } from '../src/server/lib/signing.js';
import type { ReportCardIssuer } from '../src/server/modules/assessment/report-cards.service.js';
import type { Letterhead } from '../src/server/lib/pdf.js';
import { percentOf } from '../src/shared/grading.js';
import { wipePostgres } from './support.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const CARDS = Number(process.env.BENCH_CARDS ?? 1_000);

/** The certificates module's issuer: one signed record (Ed25519) per card, its URL in the QR code. */
let issuer: ReportCardIssuer | undefined;

async function fill(database: Database) {
  return withSystem(database.db, async (tx) => {
    const [school] = await tx.select().from(schools).where(eq(schools.code, 'greenhill'));
    const schoolId = school!.id;
    const [level] = await tx.select().from(levels).where(and(eq(levels.schoolId, schoolId), eq(levels.name, 'Grade 8')));
    const [exam] = await tx.select().from(examSeries).where(and(eq(examSeries.schoolId, schoolId), eq(examSeries.name, 'End of Term 1 2026')));
    const streams = await tx.select().from(classes).where(and(eq(classes.levelId, level!.id), eq(classes.academicYearId, (await tx.select({ y: terms.academicYearId }).from(terms).where(eq(terms.id, exam!.termId)))[0]!.y)));
    const subs = await tx
      .select({ id: subjects.id })
      .from(examSubjects)
      .innerJoin(subjects, eq(subjects.id, examSubjects.subjectId))
      .where(and(eq(examSubjects.examId, exam!.id), eq(subjects.band, level!.band)));
    const have = await tx.select({ id: students.id }).from(students).where(inArray(students.classId, streams.map((s) => s.id)));
    const rnd = createRandom(42);
    const rows: (typeof students.$inferInsert)[] = [];
    for (let i = have.length; i < CARDS; i++) {
      const female = i % 2 === 0;
      rows.push({
        schoolId,
        admissionNumber: `BENCH/${String(i).padStart(5, '0')}`,
        firstName: rnd.pick(female ? FEMALE_NAMES : MALE_NAMES),
        lastName: rnd.pick(SURNAMES),
        gender: female ? 'female' : 'male',
        classId: streams[i % streams.length]!.id,
        status: 'active',
        admittedOn: '2026-01-05',
      });
    }
    const ids: { id: string; classId: string | null }[] = [];
    for (let i = 0; i < rows.length; i += 500) ids.push(...(await tx.insert(students).values(rows.slice(i, i + 500)).returning({ id: students.id, classId: students.classId })));
    const marks: (typeof examMarks.$inferInsert)[] = [];
    for (const s of ids) {
      const ability = 30 + rnd.next() * 60;
      for (const sub of subs) {
        const score = Math.max(0, Math.min(100, Math.round(ability + (rnd.next() - 0.5) * 30)));
        marks.push({ schoolId, examId: exam!.id, subjectId: sub.id, studentId: s.id, classId: s.classId!, status: 'present', score, percent: percentOf(score, 100) });
      }
    }
    for (let i = 0; i < marks.length; i += 1000) await tx.insert(examMarks).values(marks.slice(i, i + 1000));
    return { schoolId, termId: exam!.termId, classIds: streams.map((s) => s.id), subjects: subs.length };
  });
}

async function run(target: string, database: Database) {
  await database.migrate();
  await seedDemo(database.db);
  const f = await fill(database);
  await database.analyze();
  issuer = reportCardIssuer({ signer: createSigner(database, randomBytes(32)), publicUrl: 'https://app.edufam.example' });
  const school: Letterhead = { name: 'Greenhill Academy', motto: 'Nurturing Every Learner', address: 'Ngong Road, Nairobi', county: 'Nairobi', phone: '254722410330', email: 'info@greenhill.edufam.test', logo: null };
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const t0 = performance.now();
  const r = await withSystem(database.db, (tx) => termCards(tx, f.schoolId, f.termId, { classIds: f.classIds }));
  const t1 = performance.now();
  const verification = issuer ? await withSystem(database.db, (tx) => issuer!(tx, f.schoolId, r!.term, r!.cards, null)) : undefined;
  const t2 = performance.now();
  const pdf = await drawReportCards(school, r!.term, r!.cards, { verification });
  const t3 = performance.now();
  clearInterval(sample);
  return { target, cards: r!.cards.length, subjects: f.subjects, compute: (t1 - t0) / 1000, issue: (t2 - t1) / 1000, draw: (t3 - t2) / 1000, total: (t3 - t0) / 1000, mb: pdf.length / 1e6, peakMb: peak / 1e6, signed: !!issuer };
}

const results = [];
const lite = await openDatabase({ dataDir: 'memory://' });
results.push(await run('pglite', lite));
await lite.close();
const url = process.env.BENCH_DATABASE_URL;
if (url) {
  await wipePostgres(url);
  const pg = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  results.push(await run('postgres', pg));
  await pg.close();
}
const lines = [
  '# Bulk report cards',
  '',
  `What the \`report-cards\` background task does for a whole level (Greenhill Grade 8 filled to ${CARDS} learners, every learning area marked in the released End of Term 1 2026 series), on this machine (2 cores). Times in seconds; peak RSS of the process.`,
  '',
  '| database | cards | learning areas | compute | issue (signatures) | draw PDF | total | PDF MB | peak RSS MB |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...results.map((x) => `| ${x.target} | ${x.cards} | ${x.subjects} | ${x.compute.toFixed(2)} | ${x.signed ? x.issue.toFixed(2) : 'not wired'} | ${x.draw.toFixed(2)} | ${x.total.toFixed(2)} | ${x.mb.toFixed(1)} | ${x.peakMb.toFixed(0)} |`),
  '',
  `Run: ${new Date().toISOString()} with \`node --import tsx bench/report-cards.ts\`${url ? ' (BENCH_DATABASE_URL set)' : ''}.`,
];
writeFileSync(path.join(ROOT, 'bench/results/report-cards.md'), `${lines.join('\n')}\n`);
console.log(lines.join('\n'));
process.exit(0);
