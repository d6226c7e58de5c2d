import ExcelJS from 'exceljs';
import { and, count, countDistinct, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, createSchool, createTestApp, schoolIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';
import type { ComparisonResponse, PlatformAnalytics, SchoolHealth, SchoolsHealthResponse } from '../../../shared/contracts/platform-analytics.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { COMPARISON_METRICS, platformAnalyticsMessages as m } from '../../../shared/messages/platform-analytics.js';
import { inspectPdf } from '../../lib/pdf.js';
import { attendanceRegisters, auditLogs, payments, profiles, schools, students, userActivityDays } from '../../db/schema/index.js';
import { resolvePeriod } from './platform-analytics.service.js';

/**
 * Platform analytics and system reports (issue 18 §3): who may read what (signed out 401, school roles
 * 403, elimisha_admin reads everything edufam_admin reads, spec §1), the figures agree with counts taken
 * independently here, the reports are a real PDF and a real workbook, and comparisons never carry a
 * learner. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};
const today = schoolToday();
/** A year to today (365 days, within the 366-day limit): the demo's latest terms, whatever the day. */
const yearAgo = addDays(today, -364);

beforeAll(async () => {
  t = await createTestApp();
  greenhill = await schoolIdOf(t.database, 'greenhill');
  cookie.admin = await signIn(t.app, DEMO.admin, 'admin');
  cookie.elimisha = await signIn(t.app, DEMO.elimisha, 'admin');
  for (const [who, email] of Object.entries(DEMO.greenhill)) cookie[who] = await signIn(t.app, email, 'school');
});
afterAll(async () => {
  await t?.close();
});

const get = (who: string | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: cookie[who]! } : {} });
async function json<T>(who: string, url: string): Promise<T> {
  const res = await get(who, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

describe('access', () => {
  const analyticsUrls = ['/api/platform/analytics', '/api/platform/comparisons?metric=attendance_rate'];
  const reportUrls = ['/api/platform/schools/health', '/api/platform/reports/schools?format=pdf', '/api/platform/reports/usage?format=xlsx', '/api/platform/reports/audit?format=xlsx'];

  it('is 401 signed out', async () => {
    for (const url of [...analyticsUrls, ...reportUrls, `/api/platform/schools/${greenhill}/health`]) expect((await get(undefined, url)).statusCode, url).toBe(401);
  });

  it('is 403 for every school role', async () => {
    for (const who of Object.keys(DEMO.greenhill)) {
      for (const url of [...analyticsUrls, ...reportUrls]) expect((await get(who, url)).statusCode, `${who} ${url}`).toBe(403);
    }
  });

  it('lets elimisha_admin, the older alias of edufam_admin (spec §1), read analytics, System Reports and school health', async () => {
    for (const url of [...analyticsUrls, ...reportUrls, `/api/platform/schools/${greenhill}/health`]) expect((await get('elimisha', url)).statusCode, url).toBe(200);
  });

  it('answers 400 for bad input and 404 for an unknown school', async () => {
    for (const url of [
      '/api/platform/analytics?from=2026-13-01',
      '/api/platform/analytics?from=2026-05-02&to=2026-05-01',
      '/api/platform/analytics?from=2024-01-01&to=2026-01-01',
      '/api/platform/comparisons?metric=learner_names',
      '/api/platform/reports/schools?format=docx',
      '/api/platform/schools/not-a-uuid/health',
    ]) {
      const res = await get('admin', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBeTruthy();
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await get('admin', `/api/platform/schools/${unknown}/health`)).statusCode).toBe(404);
    expect((await get('admin', `/api/platform/comparisons?schoolId=${unknown}`)).statusCode).toBe(404);
    expect((await get('admin', `/api/platform/reports/audit?schoolId=${unknown}&format=xlsx`)).statusCode).toBe(404);
  });
});

describe('period', () => {
  it('defaults to the 30 days ending today and checks the range', () => {
    expect(resolvePeriod({}, '2026-11-27')).toEqual({ from: '2026-10-29', to: '2026-11-27', days: 30 });
    expect(resolvePeriod({ from: '2026-11-01', to: '2026-11-01' }, '2026-11-27')).toEqual({ from: '2026-11-01', to: '2026-11-01', days: 1 });
    expect(() => resolvePeriod({ from: '2026-11-02', to: '2026-11-01' })).toThrow(m.api.rangeInvalid);
  });
});

describe('platform analytics', () => {
  it('counts schools, learners, staff and parents as the tables do', async () => {
    const a = await json<PlatformAnalytics>('admin', '/api/platform/analytics');
    const expected = await system(t.database, async (tx) => {
      const [s] = await tx.select({ n: count() }).from(schools).where(eq(schools.status, 'active'));
      const [l] = await tx
        .select({ n: count() })
        .from(students)
        .innerJoin(schools, eq(schools.id, students.schoolId))
        .where(and(eq(students.status, 'active'), eq(schools.status, 'active')));
      const [st] = await tx
        .select({ n: count() })
        .from(profiles)
        .where(and(eq(profiles.status, 'active'), inArray(profiles.role, ['school_director', 'principal', 'teacher', 'finance_officer', 'hr'])));
      const [p] = await tx.select({ n: count() }).from(profiles).where(and(eq(profiles.status, 'active'), eq(profiles.role, 'parent')));
      return { schools: s!.n, learners: l!.n, staff: st!.n, parents: p!.n };
    });
    expect(a.totals.activeSchools).toBe(expected.schools);
    expect(a.totals.learners).toBe(expected.learners);
    expect(a.totals.learners).toBeGreaterThan(100);
    expect(a.totals.staff).toBe(expected.staff);
    expect(a.totals.parents).toBe(expected.parents);
    expect(a.period).toEqual({ from: addDays(today, -29), to: today, days: 30 });
  });

  it('counts daily active users by role from user_activity_days, every day listed', async () => {
    const from = addDays(today, -13);
    const a = await json<PlatformAnalytics>('admin', `/api/platform/analytics?from=${from}&to=${today}`);
    expect(a.dailyActiveUsers.map((d) => d.day)).toEqual(Array.from({ length: 14 }, (_, i) => addDays(from, i)));
    const rows = await system(t.database, (tx) =>
      tx
        .select({ day: userActivityDays.day, n: countDistinct(userActivityDays.userId) })
        .from(userActivityDays)
        .where(and(gte(userActivityDays.day, from), lte(userActivityDays.day, today)))
        .groupBy(userActivityDays.day),
    );
    const byDay = new Map(rows.map((r) => [r.day, r.n]));
    for (const d of a.dailyActiveUsers) {
      expect(d.total, d.day).toBe(byDay.get(d.day) ?? 0);
      expect(Object.values(d.byRole).reduce((s, n) => s + n, 0)).toBe(d.total);
    }
    // The demo has 60 days of history: teachers and parents show up.
    expect(a.activeUsersByRole.map((r) => r.role)).toEqual(expect.arrayContaining(['teacher', 'parent', 'platform']));
    const [distinct] = await system(t.database, (tx) =>
      tx.select({ n: countDistinct(userActivityDays.userId) }).from(userActivityDays).where(and(gte(userActivityDays.day, from), lte(userActivityDays.day, today))),
    );
    expect(a.totals.activeUsers).toBe(distinct!.n);
  });

  it('matches fee volume and attendance adoption with the records', async () => {
    const from = yearAgo;
    const to = today;
    const a = await json<PlatformAnalytics>('admin', `/api/platform/analytics?from=${from}&to=${to}`);
    const [fees] = await system(t.database, (tx) =>
      tx
        .select({
          amount: sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number),
          mpesa: sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${payments.method} = 'mpesa'), 0)`.mapWith(Number),
          n: sql<number>`count(*) filter (where ${payments.kind} = 'payment')`.mapWith(Number),
        })
        .from(payments)
        .where(and(gte(payments.paidOn, from), lte(payments.paidOn, to))),
    );
    expect(a.fees.amountCents).toBe(fees!.amount);
    expect(a.fees.mpesaAmountCents).toBe(fees!.mpesa);
    expect(a.fees.count).toBe(fees!.n);
    expect(a.fees.amountCents).toBeGreaterThan(0);
    const [att] = await system(t.database, (tx) =>
      tx
        .select({ n: countDistinct(attendanceRegisters.schoolId) })
        .from(attendanceRegisters)
        .where(and(gte(attendanceRegisters.date, from), lte(attendanceRegisters.date, to))),
    );
    const attendance = a.moduleAdoption.find((x) => x.module === 'attendance')!;
    expect(attendance.schools).toBe(att!.n);
    expect(attendance.share).toBeCloseTo(att!.n / a.totals.activeSchools, 3);
    expect(a.growth).toHaveLength(12);
    expect(a.growth.at(-1)!.month).toBe(to.slice(0, 7));
  });
});

describe('school health', () => {
  it('gives every school a card with activity, completeness and billing status', async () => {
    const h = await json<SchoolsHealthResponse>('admin', '/api/platform/schools/health');
    expect(h.asOf).toBe(today);
    const gh = h.schools.find((s) => s.schoolId === greenhill)!;
    expect(gh.code).toBe('greenhill');
    expect(gh.activeUsers30d).toBeGreaterThan(0);
    expect(gh.activeUsers7d).toBeLessThanOrEqual(gh.activeUsers30d);
    expect(gh.checks.map((c) => c.check)).toEqual(['guardianPhone', 'dateOfBirth', 'upi', 'photo', 'classTeacher', 'staffKraPin']);
    expect(gh.completeness).toBeGreaterThan(0);
    expect(gh.completeness).toBeLessThanOrEqual(1);
    expect(['trial', 'active', 'arrears', 'read_only', 'none']).toContain(gh.billingStatus);
    const [learners] = await system(t.database, (tx) =>
      tx.select({ n: count() }).from(students).where(and(eq(students.schoolId, greenhill), eq(students.status, 'active'))),
    );
    expect(gh.learners).toBe(learners!.n);
    const dob = gh.checks.find((c) => c.check === 'dateOfBirth')!;
    expect(dob.total).toBe(learners!.n);
    const [last] = await system(t.database, (tx) =>
      tx.select({ d: sql<string>`max(${userActivityDays.day})::text` }).from(userActivityDays).where(eq(userActivityDays.schoolId, greenhill)),
    );
    expect(gh.lastActiveOn).toBe(last!.d);

    const one = await json<SchoolHealth>('admin', `/api/platform/schools/${greenhill}/health`);
    expect(one).toEqual(gh);
  });

  it('shows a new school with no one active as inactive', async () => {
    const id = await createSchool(t.database, { code: 'quiet-hill', name: 'Quiet Hill Academy' });
    const one = await json<SchoolHealth>('admin', `/api/platform/schools/${id}/health`);
    expect(one).toMatchObject({ learners: 0, activeUsers30d: 0, lastActiveOn: null, health: 'inactive', modulesUsed: [], completeness: 0 });
  });
});

describe('anonymised comparisons', () => {
  it('names only the school picked and never carries a learner', async () => {
    const names = await system(t.database, (tx) => tx.select({ first: students.firstName, last: students.lastName, adm: students.admissionNumber, id: students.id }).from(students));
    const otherSchools = await system(t.database, (tx) => tx.select({ id: schools.id, name: schools.name }).from(schools));
    for (const metric of COMPARISON_METRICS) {
      const c = await json<ComparisonResponse>('admin', `/api/platform/comparisons?metric=${metric}&schoolId=${greenhill}&from=${yearAgo}&to=${today}`);
      const body = JSON.stringify(c);
      for (const n of names) {
        expect(body).not.toContain(n.id);
        expect(body).not.toContain(`"${n.adm}"`);
        expect(body).not.toMatch(new RegExp(`\\b${n.first} ${n.last}\\b`));
      }
      for (const s of otherSchools.filter((x) => x.id !== greenhill)) {
        expect(body).not.toContain(s.id);
        expect(body).not.toContain(s.name);
      }
      const picked = c.schools.filter((s) => s.picked);
      expect(picked.length).toBeLessThanOrEqual(1);
      if (picked[0]) expect(picked[0]).toMatchObject({ label: otherSchools.find((x) => x.id === greenhill)!.name, schoolId: greenhill });
      for (const s of c.schools.filter((x) => !x.picked)) {
        expect(s.label).toMatch(/^School [A-Z]+$/);
        expect(s.schoolId).toBeNull();
      }
      if (c.distribution) {
        expect(c.distribution.min).toBeLessThanOrEqual(c.distribution.median);
        expect(c.distribution.median).toBeLessThanOrEqual(c.distribution.max);
      }
    }
    const att = await json<ComparisonResponse>('admin', `/api/platform/comparisons?metric=attendance_rate&from=${yearAgo}&to=${today}`);
    expect(att.schools.length).toBeGreaterThanOrEqual(2);
    expect(att.schools.every((s) => !s.picked && s.schoolId === null)).toBe(true);
    expect(att.schools.map((s) => s.label)).toEqual(att.schools.map((_, i) => m.comparison.anonymousLabel(i)));
  });

  it('labels schools beyond Z as AA, AB …', () => {
    expect(m.comparison.anonymousLabel(0)).toBe('School A');
    expect(m.comparison.anonymousLabel(25)).toBe('School Z');
    expect(m.comparison.anonymousLabel(26)).toBe('School AA');
  });
});

describe('system reports', () => {
  it('prints the schools list as a PDF and a workbook', async () => {
    const pdf = await get('admin', '/api/platform/reports/schools?format=pdf');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const doc = inspectPdf(pdf.rawPayload);
    expect(doc.isPdf).toBe(true);
    expect(doc.pages).toBeGreaterThanOrEqual(1);
    expect(doc.text).toContain(m.reports.schoolsTitle);
    expect(doc.text).toContain('Greenhill');

    const xlsx = await get('admin', '/api/platform/reports/schools?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet(m.reports.schoolsSheet)!;
    const [schoolCount] = await system(t.database, (tx) => tx.select({ n: count() }).from(schools));
    expect(ws.rowCount).toBe(schoolCount!.n + 1);
    expect(ws.getRow(1).getCell(1).value).toBe(m.reports.cols.name);
    const codes = ws.getColumn(2).values.slice(2);
    expect(codes).toEqual(expect.arrayContaining(['greenhill', 'riverside']));
  });

  it('reports usage by school with fees matching the payments', async () => {
    const from = yearAgo;
    const xlsx = await get('admin', `/api/platform/reports/usage?from=${from}&to=${today}&format=xlsx`);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet(m.reports.usageSheet)!;
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    const feeCol = headers.indexOf(m.reports.cols.feeVolume) + 1;
    const codeCol = headers.indexOf(m.reports.cols.code) + 1;
    let ghFees = -1;
    ws.eachRow((row, i) => {
      if (i > 1 && row.getCell(codeCol).value === 'greenhill') ghFees = Number(row.getCell(feeCol).value);
    });
    const [paid] = await system(t.database, (tx) =>
      tx
        .select({ s: sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number) })
        .from(payments)
        .where(and(eq(payments.schoolId, greenhill), gte(payments.paidOn, from), lte(payments.paidOn, today))),
    );
    expect(Math.round(ghFees * 100)).toBe(paid!.s);

    const pdf = await get('admin', `/api/platform/reports/usage?from=${from}&to=${today}&format=pdf`);
    expect(pdf.statusCode).toBe(200);
    const doc = inspectPdf(pdf.rawPayload);
    expect(doc.isPdf).toBe(true);
    expect(doc.text).toContain(m.reports.usageTitle);
  });

  it('extracts the audit log by school and action, newest first', async () => {
    await system(t.database, (tx) =>
      tx.insert(auditLogs).values([
        { schoolId: greenhill, action: 'zz_test.first', targetEntity: 'x' },
        { schoolId: greenhill, action: 'zz_test.second', targetEntity: 'y', success: false },
      ]),
    );
    const xlsx = await get('admin', `/api/platform/reports/audit?from=${today}&to=${today}&schoolId=${greenhill}&action=ZZ_TEST&format=xlsx`);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet(m.reports.auditSheet)!;
    expect(ws.rowCount).toBe(3);
    const actions = [ws.getRow(2).getCell(3).value, ws.getRow(3).getCell(3).value];
    expect(actions.sort()).toEqual(['zz_test.first', 'zz_test.second']);
    expect(xlsx.headers['x-report-capped']).toBeUndefined();

    const pdf = await get('admin', `/api/platform/reports/audit?from=${today}&to=${today}&action=zz_test&format=pdf`);
    expect(pdf.statusCode).toBe(200);
    const doc = inspectPdf(pdf.rawPayload);
    expect(doc.text).toContain('zz_test.second');
    expect(doc.text).toContain(m.reports.auditTitle);
  });
});
