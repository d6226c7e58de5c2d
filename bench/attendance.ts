/**
 * Attendance (issue 13): the requests a school makes every morning and the reports over a term, through
 * app.inject on the real buildApp with the demo data (registers for every stream on every school day of
 * Terms 1 and 3 2026):
 *
 *   save register     PUT /api/attendance/registers, a whole stream, each save changing marks
 *   today's picture   GET /api/attendance/streams (every stream of the school, the principal)
 *   learner           GET /api/students/:id/attendance (a term's days)
 *   summary           GET /api/attendance/summary (every learner of the school for the term)
 *   trends            GET /api/attendance/trends (weekly rates per stream)
 *   summary PDF       GET /api/attendance/summary?format=pdf
 *
 * On in-memory PGlite and, with BENCH_DATABASE_URL, on PostgreSQL (THAT DATABASE IS WIPED). Writes
 * bench/results/attendance.md.
 *
 *   node --import tsx bench/attendance.ts
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/edufam_bench node --import tsx bench/attendance.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { countRows, createTestApp, DEMO, signIn } from '../tests/helpers.js';
import { attendanceEntries, attendanceRegisters } from '../src/server/db/schema/index.js';
import type { Register, StreamsResponse, SummaryResponse } from '../src/shared/contracts/attendance.js';
import { schoolToday } from '../src/shared/dates.js';
import { summarize } from './support.js';

const ROOT = path.resolve(import.meta.dirname, '..');

async function run(label: string, databaseUrl?: string) {
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  const t = await createTestApp();
  const principal = await signIn(t.app, DEMO.greenhill.principal, 'school');
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: principal } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const time = async (n: number, fn: (i: number) => Promise<unknown>) => {
    const ms: number[] = [];
    for (let i = 0; i < n; i++) {
      const s = performance.now();
      await fn(i);
      ms.push(performance.now() - s);
    }
    return { n, ...summarize(ms) };
  };
  const streams = (await get('/api/attendance/streams')).json() as StreamsResponse;
  const day = streams.date;
  const stream = streams.items.reduce((a, b) => (b.learners > a.learners ? b : a));
  const reg = (await get(`/api/attendance/registers?classId=${stream.classId}&date=${day}`)).json() as Register;
  const reason = day < schoolToday() ? { reason: 'Benchmark' } : {};
  const rows: { what: string; n: number; p50: number; p95: number }[] = [];
  rows.push({
    what: `save register (${reg.entries.length} learners)`,
    ...(await time(40, async (i) => {
      const entries = reg.entries.map((e, k) => ({ studentId: e.studentId, status: (k + i) % 9 === 0 ? 'absent' : (k + i) % 13 === 0 ? 'late' : 'present', arrivalTime: (k + i) % 13 === 0 ? '08:05' : null }));
      const res = await t.app.inject({ method: 'PUT', url: '/api/attendance/registers', headers: { cookie: principal, 'idempotency-key': `bench-${label}-${i}` }, payload: { classId: stream.classId, date: day, entries, ...reason } });
      if (res.statusCode !== 200) throw new Error(res.body);
    })),
  });
  rows.push({ what: `today's picture (${streams.items.length} streams)`, ...(await time(30, () => get(`/api/attendance/streams?date=${day}`))) });
  rows.push({ what: "a learner's term", ...(await time(50, (i) => get(`/api/students/${reg.entries[i % reg.entries.length]!.studentId}/attendance`))) });
  const summary = (await get('/api/attendance/summary')).json() as SummaryResponse;
  rows.push({ what: `term summary (${summary.items.length} learners)`, ...(await time(10, () => get('/api/attendance/summary'))) });
  rows.push({ what: 'weekly trends per stream', ...(await time(10, () => get('/api/attendance/trends'))) });
  rows.push({ what: 'term summary PDF', ...(await time(5, () => get('/api/attendance/summary?format=pdf'))) });
  const registers = await countRows(t.database, attendanceRegisters);
  const entries = await countRows(t.database, attendanceEntries);
  await t.close();
  return { label, rows, registers, entries };
}

const results = [await run('PGlite (in memory)')];
if (process.env.BENCH_DATABASE_URL) results.push(await run('PostgreSQL', process.env.BENCH_DATABASE_URL));

const lines = [
  '# Attendance benchmark',
  '',
  `Run ${new Date().toISOString()}: requests through app.inject on the real buildApp with the demo data, Greenhill's principal, Node ${process.version}. Milliseconds per request, sequential.`,
  '',
];
for (const r of results) {
  lines.push(`## ${r.label}`, '', `${r.registers.toLocaleString('en')} registers, ${r.entries.toLocaleString('en')} register entries in the database.`, '', '| request | n | p50 ms | p95 ms |', '|---|---:|---:|---:|');
  for (const row of r.rows) lines.push(`| ${row.what} | ${row.n} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} |`);
  lines.push('');
}
writeFileSync(path.join(ROOT, 'bench/results/attendance.md'), lines.join('\n'));
console.log(lines.join('\n'));
