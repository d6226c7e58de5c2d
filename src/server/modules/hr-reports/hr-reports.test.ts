import ExcelJS from 'exceljs';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, createTestApp, schoolIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';
import type { HrDashboardResponse, HrSummaryResponse } from '../../../shared/contracts/hr-reports.js';
import { addDays, formatMonth, schoolToday } from '../../../shared/dates.js';
import { hrReportsMessages as hm } from '../../../shared/messages/hr-reports.js';
import { leaveRequests, payrollLines, payrollRuns, staffAttendance, staffMembers } from '../../db/schema/index.js';
import { inspectPdf } from '../../lib/pdf.js';
import { monthsOf, resolvePeriod } from './hr-reports.service.js';
import { demoPayrollMonths } from '../../seed/demo-calendar.js';
import { demo } from '../../../../tests/demo.js';

/** The demo's approved runs (the three months before today's) and this calendar year (the default period). */
const [M1, M2, M3] = demoPayrollMonths(schoolToday()) as [string, string, string];
const YEAR_START = `${schoolToday().slice(0, 4)}-01-01`;
const YEAR_END = `${schoolToday().slice(0, 4)}-12-31`;

/**
 * HR reports, analytics and the HR dashboard (issue 14 §4): the summary's figures agree with the demo
 * seed read straight from the database (headcount = active staff, payroll months: the three before today's, with the
 * runs' gross, components adding up to gross, attendance counts), the exports are a PDF and an xlsx
 * workbook, and access is HR, the principal and the director of the school only.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let greenhill: string;
let riverside: string;
const cookie: Record<string, string> = {};
/** This calendar year (what the reports default to). */
const YEAR = `from=${YEAR_START}&to=${YEAR_END}`;
/** From the first demo run's month to today: the exports hold the three demo runs. */
const RUNS = `from=${M1}-01&to=${schoolToday()}`;

beforeAll(async () => {
  t = await createTestApp();
  greenhill = await schoolIdOf(t.database, 'greenhill');
  riverside = await schoolIdOf(t.database, 'riverside');
  for (const [who, email] of Object.entries(DEMO.greenhill)) cookie[who] = await signIn(t.app, email, 'school');
  cookie.rsHr = await signIn(t.app, DEMO.riverside.hr, 'school');
  cookie.admin = await signIn(t.app, DEMO.admin, 'admin');
});
afterAll(async () => {
  await t?.close();
});

const get = (who: string | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: cookie[who]! } : {} });
const summary = async (who: string, query = YEAR) => {
  const res = await get(who, `/api/hr-reports/summary?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<HrSummaryResponse>();
};

describe('period helpers', () => {
  it('defaults to this year to date and lists the months the period touches', () => {
    expect(resolvePeriod({}, '2026-11-26')).toEqual({ from: '2026-01-01', to: '2026-11-26' });
    expect(resolvePeriod({ to: '2025-06-30' }, '2026-11-26')).toEqual({ from: '2025-01-01', to: '2025-06-30' });
    expect(monthsOf({ from: '2025-11-15', to: '2026-02-01' })).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(() => resolvePeriod({ from: '2026-05-01', to: '2026-04-30' })).toThrow(hm.api.toBeforeFrom);
  });
});

describe('GET /api/hr-reports/summary', () => {
  it('counts the active staff by department, employment type, gender and employer', async () => {
    const s = await summary('hr');
    const staff = await system(t.database, (tx) => tx.select().from(staffMembers).where(eq(staffMembers.schoolId, greenhill)));
    const active = staff.filter((x) => x.status === 'active');
    expect(active.length).toBeGreaterThan(10);
    expect(s.headcount.total).toBe(active.length);
    for (const group of [s.headcount.byDepartment, s.headcount.byEmploymentType, s.headcount.byGender, s.headcount.byEmployer]) {
      expect(group.reduce((sum, g) => sum + g.count, 0)).toBe(active.length);
    }
    expect(s.headcount.byDepartment.find((d) => d.key === 'Teaching')?.count).toBe(active.filter((x) => x.department === 'Teaching').length);
    expect(s.headcount.byEmployer.map((e) => e.label)).toContain('Board of Management');
    expect(s.headcount.byEmployer.find((e) => e.key === 'tsc')?.count ?? 0).toBe(active.filter((x) => x.employer === 'tsc').length);
    expect(s.headcount.byGender.find((g) => g.key === 'female')?.count).toBe(active.filter((x) => x.gender === 'female').length);
    // Joiners: start dates in the period.
    expect(s.joiners.count).toBe(staff.filter((x) => x.startDate >= YEAR_START && x.startDate <= YEAR_END).length);
    expect(s.leavers.count).toBe(staff.filter((x) => x.exitDate && x.exitDate >= YEAR_START && x.exitDate <= YEAR_END).length);
  });

  it('gives the payroll cost of the demo’s three approved runs with each run’s gross, and components that add up to it', async () => {
    const s = await summary('hr', RUNS);
    const runs = await system(t.database, (tx) => tx.select().from(payrollRuns).where(and(eq(payrollRuns.schoolId, greenhill), eq(payrollRuns.status, 'approved'))).orderBy(asc(payrollRuns.month)));
    expect(s.payroll.months.map((x) => x.month)).toEqual([M1, M2, M3]);
    for (const [i, row] of s.payroll.months.entries()) {
      const run = runs[i]!;
      expect(row).toEqual({
        month: run.month,
        staffCount: run.staffCount,
        gross: run.grossCents / 100,
        net: run.netCents / 100,
        paye: run.payeCents / 100,
        nssf: run.nssfCents / 100,
        shif: run.shifCents / 100,
        ahl: run.ahlCents / 100,
        otherDeductions: run.otherDeductionsCents / 100,
        employerCost: run.employerCostCents / 100,
      });
      const byComponent = s.payroll.byComponent[i]!;
      expect(byComponent.month).toBe(run.month);
      const sum = Object.values(byComponent.amounts).reduce((a, b) => a + Math.round(b * 100), 0);
      expect(sum).toBe(run.grossCents);
      const basic = await system(t.database, (tx) => tx.select({ c: payrollLines.basicCents }).from(payrollLines).where(eq(payrollLines.runId, run.id)));
      expect(Math.round(byComponent.amounts.basic! * 100)).toBe(basic.reduce((a, b) => a + b.c, 0));
    }
    expect(s.payroll.components[0]).toMatchObject({ code: 'basic', name: 'Basic salary' });
    expect(s.payroll.components.map((c) => c.code)).toEqual(expect.arrayContaining(['house', 'commuter']));
    expect(Math.round(s.payroll.totals.gross * 100)).toBe(runs.reduce((a, r) => a + r.grossCents, 0));
    // A period inside the middle run's month only gives that run.
    const middle = await summary('hr', `from=${M2}-10&to=${M2}-20`);
    expect(middle.payroll.months.map((x) => x.month)).toEqual([M2]);
  });

  it('counts approved leave taken in the period by type, not pending requests', async () => {
    // From the start of the demo school year (last calendar year's in the New Year holiday, when the
    // demo's leave was all taken then), or of the term before the latest when that is earlier (early in
    // Term 1 the demo's leave is last year's: the December holiday's), to the end of this calendar year
    // (the pending request is next week's).
    const from = [`${demo.yearName}-01-01`, demo.cal.previousTerm.startsOn].sort()[0]!;
    const s = await summary('hr', `from=${from}&to=${YEAR_END}`);
    const approved = await system(t.database, (tx) =>
      tx.select().from(leaveRequests).where(and(eq(leaveRequests.schoolId, greenhill), eq(leaveRequests.status, 'approved'), gte(leaveRequests.endDate, from), lte(leaveRequests.startDate, YEAR_END))),
    );
    expect(approved.length).toBeGreaterThan(0);
    expect(s.leave.requests).toBe(approved.length);
    expect(s.leave.byType.find((x) => x.code === 'annual')?.days).toBeGreaterThan(0);
    expect(s.leave.byType.find((x) => x.code === 'sick')).toBeUndefined(); // the seed's sick leave is pending
    expect(s.leave.days).toBe(approved.reduce((a, r) => a + Number(r.days), 0));
  });

  it('gives the staff attendance rate from the recorded days, overall and by month', async () => {
    const s = await summary('hr');
    const rows = await system(t.database, (tx) => tx.select().from(staffAttendance).where(and(eq(staffAttendance.schoolId, greenhill), gte(staffAttendance.date, YEAR_START), lte(staffAttendance.date, YEAR_END))));
    expect(s.attendance.marked).toBe(rows.length);
    const n = (st: string) => rows.filter((r) => r.status === st).length;
    expect(s.attendance.present).toBe(n('present'));
    expect(s.attendance.absent).toBe(n('absent'));
    if (rows.length) {
      const expected = Math.round((n('present') / (rows.length - n('on_leave') - n('official_duty'))) * 1000) / 10;
      expect(s.attendance.rate).toBe(expected);
      expect(s.attendance.byMonth.reduce((a, m) => a + m.marked, 0)).toBe(rows.length);
    }
  });

  it('lists contracts of active staff ending in the next 30/60/90 days', async () => {
    const s = await summary('hr');
    const today = schoolToday();
    const staff = await system(t.database, (tx) => tx.select().from(staffMembers).where(and(eq(staffMembers.schoolId, greenhill), eq(staffMembers.status, 'active'))));
    const ending = (d: number) => staff.filter((x) => x.contractEnd && x.contractEnd >= today && x.contractEnd <= addDays(today, d)).length;
    expect(s.contractsEnding.within30).toBe(ending(30));
    expect(s.contractsEnding.within60).toBe(ending(60));
    expect(s.contractsEnding.within90).toBe(ending(90));
    expect(s.contractsEnding.items.length).toBe(ending(90));
  });

  it('defaults to this year to date and refuses bad dates', async () => {
    const s = await summary('hr', '');
    expect(s.to).toBe(schoolToday());
    expect(s.from).toBe(`${schoolToday().slice(0, 4)}-01-01`);
    const bad = async (q: string, field: string) => {
      const res = await get('hr', `/api/hr-reports/summary?${q}`);
      expect(res.statusCode, res.body).toBe(400);
      return (res.json() as { error: { fields?: Record<string, string> } }).error.fields?.[field];
    };
    expect(await bad('from=2026-13-01', 'from')).toBe(hm.api.fromInvalid);
    expect(await bad('from=2026-05-01&to=2026-04-30', 'to')).toBe(hm.api.toBeforeFrom);
  });
});

describe('GET /api/hr-reports/dashboard', () => {
  it('gives HR the KPIs: active staff, pending leave, contracts ending, the last payroll', async () => {
    const res = await get('hr', '/api/hr-reports/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<HrDashboardResponse>();
    const staff = await system(t.database, (tx) => tx.select().from(staffMembers).where(and(eq(staffMembers.schoolId, greenhill), eq(staffMembers.status, 'active'))));
    const pending = await system(t.database, (tx) => tx.select().from(leaveRequests).where(and(eq(leaveRequests.schoolId, greenhill), eq(leaveRequests.status, 'pending'))));
    expect(d.activeStaff).toBe(staff.length);
    expect(d.pendingLeave).toBe(pending.length);
    expect(d.pendingLeave).toBeGreaterThanOrEqual(1);
    const [run] = await system(t.database, (tx) => tx.select().from(payrollRuns).where(and(eq(payrollRuns.schoolId, greenhill), eq(payrollRuns.month, M3))));
    expect(d.lastPayroll).toEqual({ month: M3, status: 'approved', staffCount: run!.staffCount, gross: run!.grossCents / 100, net: run!.netCents / 100, employerCost: run!.employerCostCents / 100 });
    expect(d.byDepartment.reduce((a, x) => a + x.count, 0)).toBe(staff.length);
  });
});

describe('exports', () => {
  it('gives the reports as a PDF with the school letterhead', async () => {
    const res = await get('hr', `/api/hr-reports/export.pdf?${RUNS}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`hr-reports-${M1}-01-to-${schoolToday()}.pdf`);
    const pdf = inspectPdf(res.rawPayload);
    expect(pdf.isPdf).toBe(true);
    expect(pdf.text).toContain('Greenhill');
    expect(pdf.text).toContain(hm.reports.title);
    expect(pdf.text).toContain(hm.reports.payrollTitle);
    expect(pdf.text).toContain(formatMonth(M3));
  });

  it('gives the reports as an Excel workbook, one sheet per table', async () => {
    const res = await get('principal', `/api/hr-reports/export.xlsx?${RUNS}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const r = hm.reports;
    expect(wb.worksheets.map((w) => w.name)).toEqual([r.sheetHeadcount, r.sheetJoiners, r.sheetLeavers, r.sheetLeave, r.sheetPayroll, r.sheetComponents, r.sheetAttendance, r.sheetContracts]);
    const pay = wb.getWorksheet(r.sheetPayroll)!;
    expect(pay.rowCount).toBe(4);
    const [run] = await system(t.database, (tx) => tx.select().from(payrollRuns).where(and(eq(payrollRuns.schoolId, greenhill), eq(payrollRuns.month, M1))));
    expect(pay.getRow(2).getCell(1).value).toBe(M1);
    expect(pay.getRow(2).getCell(3).value).toBe(run!.grossCents / 100);
  });
});

describe('access', () => {
  it('is for HR, the principal and the director; other roles 403, signed out 401', async () => {
    for (const who of ['hr', 'principal', 'director']) expect((await get(who, '/api/hr-reports/summary')).statusCode, who).toBe(200);
    for (const who of ['teacher', 'finance', 'parent']) {
      for (const url of ['/api/hr-reports/summary', '/api/hr-reports/dashboard', '/api/hr-reports/export.pdf', '/api/hr-reports/export.xlsx']) {
        expect((await get(who, url)).statusCode, `${who} ${url}`).toBe(403);
      }
    }
    expect((await get(undefined, '/api/hr-reports/summary')).statusCode).toBe(401);
  });

  it('keeps each school to its own figures: another school’s id is 404', async () => {
    expect((await get('rsHr', `/api/hr-reports/summary?schoolId=${greenhill}`)).statusCode).toBe(404);
    expect((await get('rsHr', `/api/hr-reports/dashboard?schoolId=${greenhill}`)).statusCode).toBe(404);
    expect((await get('rsHr', `/api/hr-reports/export.xlsx?schoolId=${greenhill}`)).statusCode).toBe(404);
    const rs = await summary('rsHr');
    const rsActive = await system(t.database, (tx) => tx.select().from(staffMembers).where(and(eq(staffMembers.schoolId, riverside), eq(staffMembers.status, 'active'))));
    expect(rs.headcount.total).toBe(rsActive.length);
  });
});
