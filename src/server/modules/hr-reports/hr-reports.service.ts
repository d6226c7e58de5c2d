import type { Actor } from '../../../shared/access.js';
import type { AttendanceMonthRow, HrCountRow, HrDashboardResponse, HrSummaryResponse, PayrollMonthRow } from '../../../shared/contracts/hr-reports.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { leaveDays } from '../../../shared/hr/leave-days.js';
import { EMPLOYER_LABELS, EMPLOYMENT_TYPE_LABELS, GENDER_LABELS, hrReportsMessages as m } from '../../../shared/messages/hr-reports.js';
import { centsToKes } from '../../../shared/money.js';
import { runDeductionsKes } from '../../../shared/payroll/run.js';
import { messages } from '../../../shared/messages.js';
import { isAdminRole } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { badRequest, notFound } from '../../errors.js';
import { loadAttendanceSettings } from '../attendance/index.js';
import { isLate, staffRate } from '../attendance/index.js';
import { inSchool } from '../../lib/school-context.js';
import * as repo from './hr-reports.repository.js';
import type { StaffRow } from './hr-reports.repository.js';

/**
 * HR reports, analytics and the HR dashboard (issue 14 §4 "Headcount by department, employment type and
 * gender; joiners and leavers; leave taken; payroll cost trend by month and component; staff attendance
 * rate; contracts ending"). Read-only: every figure is computed from the school's rows in one
 * RLS-scoped transaction (fees-context inSchool). Money is summed in integer cents and answered in KES
 * with two decimals; dates are calendar dates in Africa/Nairobi.
 */

/** The period of a report: from/to (YYYY-MM-DD, inclusive). */
export interface HrPeriod {
  from: string;
  to: string;
}

/** What the exports print besides the figures. */
export interface HrSummary extends HrSummaryResponse {
  schoolId: string;
}

const MAX_DAYS = 5 * 366;

/**
 * The period asked for: `from` defaults to 1 January of this year, `to` to today (Africa/Nairobi).
 * 400 (field `to`) when `to` is before `from` or the period is longer than five years.
 */
export function resolvePeriod(query: { from?: string; to?: string }, today: string = schoolToday()): HrPeriod {
  const to = query.to ?? today;
  const from = query.from ?? `${to.slice(0, 4)}-01-01`;
  if (to < from) throw badRequest(m.api.toBeforeFrom, { to: m.api.toBeforeFrom });
  if ((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 > MAX_DAYS) throw badRequest(m.api.rangeTooLong, { from: m.api.rangeTooLong });
  return { from, to };
}

/**
 * The school of a call (fees-context inSchool): a school role's own, or the one platform staff name.
 * A school role naming another school's id gets 404 (it does not exist for them), never that school's figures.
 */
function inHrSchool<T>(database: Database, actor: Actor, schoolId: string | undefined, fn: (tx: Tx, schoolId: string) => Promise<T>): Promise<T> {
  if (schoolId && !isAdminRole(actor.role) && schoolId !== actor.schoolId) throw notFound(messages.schoolSetup.schoolNotFound);
  return inSchool(database, actor, schoolId, fn);
}

/** Whole days from `a` to `b` (YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** Every month (YYYY-MM) the period touches, oldest first. */
export function monthsOf(p: HrPeriod): string[] {
  const out: string[] = [];
  let [y, mo] = p.from.split('-').map(Number) as [number, number];
  const last = p.to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(mo).padStart(2, '0')}`;
    if (key > last) break;
    out.push(key);
    mo++;
    if (mo > 12) {
      mo = 1;
      y++;
    }
  }
  return out;
}

const fullName = (s: Pick<StaffRow, 'firstName' | 'otherNames' | 'lastName'>) => [s.firstName, s.otherNames, s.lastName].filter(Boolean).join(' ');

const personOf = (s: StaffRow) => ({
  staffId: s.id,
  staffNumber: s.staffNumber,
  name: fullName(s),
  department: s.department,
  jobTitle: s.jobTitle,
  employmentType: s.employmentType,
  employer: s.employer,
});

/** Counts of `rows` grouped by `key`, largest first (ties by label); `order` pins known keys' order instead. */
function countBy<T>(rows: readonly T[], key: (r: T) => string, label: (k: string) => string, order?: readonly string[]): HrCountRow[] {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
  const out = [...counts.entries()].map(([k, count]) => ({ key: k, label: label(k), count }));
  if (order) return out.sort((a, b) => (order.indexOf(a.key) + 1 || 99) - (order.indexOf(b.key) + 1 || 99));
  return out.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

/** Headcount of the active staff by department, employment type, gender and employer. */
export function headcountOf(active: readonly StaffRow[]): HrSummaryResponse['headcount'] {
  return {
    total: active.length,
    byDepartment: countBy(active, (s) => s.department ?? '', (k) => k || m.noDepartment),
    byEmploymentType: countBy(active, (s) => s.employmentType, (k) => EMPLOYMENT_TYPE_LABELS[k] ?? k, Object.keys(EMPLOYMENT_TYPE_LABELS)),
    byGender: countBy(active, (s) => s.gender ?? 'unknown', (k) => GENDER_LABELS[k] ?? k, ['female', 'male', 'unknown']),
    byEmployer: countBy(active, (s) => s.employer, (k) => EMPLOYER_LABELS[k] ?? k, ['bom', 'tsc']),
  };
}

/** Contracts of active staff ending from today to today + 90 days, soonest first, with the 30/60/90-day counts. */
export function contractsEndingOf(active: readonly StaffRow[], today: string): HrSummaryResponse['contractsEnding'] {
  const limit = addDays(today, 90);
  const items = active
    .filter((s) => s.contractEnd && s.contractEnd >= today && s.contractEnd <= limit)
    .map((s) => ({ ...personOf(s), contractEnd: s.contractEnd!, daysLeft: daysBetween(today, s.contractEnd!) }))
    .sort((a, b) => a.contractEnd.localeCompare(b.contractEnd) || a.name.localeCompare(b.name));
  const within = (d: number) => items.filter((i) => i.daysLeft <= d).length;
  return { within30: within(30), within60: within(60), within90: within(90), items };
}

/** Approved leave overlapping the period, counted within it: days in each type's unit, requests and people per type. */
async function leaveTaken(tx: Tx, schoolId: string, p: HrPeriod): Promise<HrSummaryResponse['leave']> {
  const rows = await repo.listApprovedLeaveOverlapping(tx, schoolId, p.from, p.to);
  const types = new Map<string, { code: string; name: string; days: number; requests: number; staff: Set<string> }>();
  for (const r of rows) {
    const inside = r.startDate >= p.from && r.endDate <= p.to;
    const days = inside ? Number(r.days) : leaveDays(r.startDate < p.from ? p.from : r.startDate, r.endDate > p.to ? p.to : r.endDate, r.unit === 'calendar_days' ? 'calendar_days' : 'working_days');
    const t = types.get(r.code) ?? { code: r.code, name: r.name, days: 0, requests: 0, staff: new Set<string>() };
    t.days += days;
    t.requests++;
    t.staff.add(r.staffId);
    types.set(r.code, t);
  }
  const byType = [...types.values()].map((t) => ({ code: t.code, name: t.name, days: Math.round(t.days * 10) / 10, requests: t.requests, staff: t.staff.size })).sort((a, b) => b.days - a.days || a.name.localeCompare(b.name));
  return { days: Math.round(byType.reduce((s, t) => s + t.days, 0) * 10) / 10, requests: byType.reduce((s, t) => s + t.requests, 0), byType };
}

/** Approved payroll runs of the months the period touches: the run totals per month and the cash earnings by component code. */
async function payrollCost(tx: Tx, schoolId: string, p: HrPeriod): Promise<HrSummaryResponse['payroll']> {
  const months = monthsOf(p);
  const runs = await repo.listApprovedRuns(tx, schoolId, months[0]!, months[months.length - 1]!);
  const rows: PayrollMonthRow[] = runs.map((r) => ({ month: r.month, staffCount: r.staffCount, gross: centsToKes(r.grossCents), net: centsToKes(r.netCents), ...runDeductionsKes(r) }));
  const sum = (f: (r: (typeof runs)[number]) => number) => centsToKes(runs.reduce((s, r) => s + f(r), 0));
  const totals = {
    staffCount: runs.reduce((s, r) => Math.max(s, r.staffCount), 0),
    gross: sum((r) => r.grossCents),
    net: sum((r) => r.netCents),
    paye: sum((r) => r.payeCents),
    nssf: sum((r) => r.nssfCents),
    shif: sum((r) => r.shifCents),
    ahl: sum((r) => r.ahlCents),
    otherDeductions: sum((r) => r.otherDeductionsCents),
    employerCost: sum((r) => r.employerCostCents),
  };

  const lines = runs.length
    ? await repo.listRunBreakdowns(
        tx,
        schoolId,
        runs.map((r) => r.id),
      )
    : [];
  const monthOf = new Map(runs.map((r) => [r.id, r.month]));
  const names = new Map<string, string>();
  const totalsByCode = new Map<string, number>();
  const perMonth = new Map<string, Map<string, number>>(runs.map((r) => [r.month, new Map()]));
  for (const l of lines) {
    const month = monthOf.get(l.runId)!;
    const bucket = perMonth.get(month)!;
    for (const e of l.breakdown.earnings) {
      if (!names.has(e.code)) names.set(e.code, e.kind === 'basic' ? 'Basic salary' : e.name);
      bucket.set(e.code, (bucket.get(e.code) ?? 0) + e.amountCents);
      totalsByCode.set(e.code, (totalsByCode.get(e.code) ?? 0) + e.amountCents);
    }
  }
  const components = [...totalsByCode.entries()]
    .sort(([a, x], [b, y]) => (a === 'basic' ? -1 : b === 'basic' ? 1 : y - x || a.localeCompare(b)))
    .map(([code, total]) => ({ code, name: names.get(code) ?? code, total: centsToKes(total) }));
  const byComponent = runs.map((r) => ({
    month: r.month,
    amounts: Object.fromEntries(components.map((c) => [c.code, centsToKes(perMonth.get(r.month)!.get(c.code) ?? 0)])),
  }));
  return { months: rows, totals, components, byComponent };
}

type AttendanceCounts = Omit<AttendanceMonthRow, 'month' | 'rate'>;

const rateOf = (c: AttendanceCounts) => staffRate({ daysOpen: c.marked, present: c.present, onLeave: c.onLeave, officialDuty: c.officialDuty });

/**
 * Staff attendance of the period from the recorded days (staff_attendance): marked days, present (late
 * included), late, absent, on leave, official duty, and the rate: present of the marked days on which
 * the person was expected (marked less leave and official duty), percent with one decimal, as the
 * monthly staff attendance report computes it (staff-attendance.service staffRate); overall and by month.
 */
async function attendanceOf(tx: Tx, schoolId: string, p: HrPeriod): Promise<HrSummaryResponse['attendance']> {
  const settings = await loadAttendanceSettings(tx, schoolId);
  const rows = await repo.listStaffAttendance(tx, schoolId, p.from, p.to);
  const zero = (): AttendanceCounts => ({ marked: 0, present: 0, late: 0, absent: 0, onLeave: 0, officialDuty: 0 });
  const all = zero();
  const months = new Map<string, AttendanceCounts>();
  for (const r of rows) {
    const month = r.date.slice(0, 7);
    const c = months.get(month) ?? zero();
    months.set(month, c);
    for (const x of [all, c]) {
      x.marked++;
      if (r.status === 'present') x.present++;
      else if (r.status === 'absent') x.absent++;
      else if (r.status === 'on_leave') x.onLeave++;
      else if (r.status === 'official_duty') x.officialDuty++;
      if (isLate(r.status, r.checkIn, settings.staffLateAfter)) x.late++;
    }
  }
  const byMonth = [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, c]) => ({ month, ...c, rate: rateOf(c) }));
  return { ...all, rate: rateOf(all), byMonth };
}

/**
 * GET /api/hr-reports/summary?from=&to= (viewHrReports) → every HR report of the period:
 *  - headcount: active staff today by department, employment type, gender and employer (TSC/BOM);
 *  - joiners (start date in the period) and leavers (exit date in the period), lists and counts;
 *  - leave taken: approved requests overlapping the period, days within it by type;
 *  - payroll: approved runs of the months the period touches (gross, net, PAYE, NSSF, SHIF, AHL, other
 *    deductions, employer cost) and the cash earnings per component code per month, KES;
 *  - attendance: the staff attendance rate overall and by month;
 *  - contracts ending within 30/60/90 days of today (independent of the period).
 * Errors: 400 for bad dates or `to` before `from`; 403 for other roles; 404 for an unknown ?schoolId=.
 */
export async function hrSummary(database: Database, actor: Actor, query: { from?: string; to?: string; schoolId?: string }): Promise<HrSummary> {
  const today = schoolToday();
  const p = resolvePeriod(query, today);
  return inHrSchool(database, actor, query.schoolId, async (tx, schoolId) => {
    const staff = await repo.listStaff(tx, schoolId);
    const active = staff.filter((s) => s.status === 'active');
    const joiners = staff
      .filter((s) => s.startDate >= p.from && s.startDate <= p.to)
      .map((s) => ({ ...personOf(s), startDate: s.startDate }))
      .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.name.localeCompare(b.name));
    const leavers = staff
      .filter((s) => s.exitDate && s.exitDate >= p.from && s.exitDate <= p.to)
      .map((s) => ({ ...personOf(s), exitDate: s.exitDate!, exitType: s.exitType }))
      .sort((a, b) => a.exitDate.localeCompare(b.exitDate) || a.name.localeCompare(b.name));
    return {
      schoolId,
      from: p.from,
      to: p.to,
      today,
      headcount: headcountOf(active),
      joiners: { count: joiners.length, items: joiners },
      leavers: { count: leavers.length, items: leavers },
      leave: await leaveTaken(tx, schoolId, p),
      payroll: await payrollCost(tx, schoolId, p),
      attendance: await attendanceOf(tx, schoolId, p),
      contractsEnding: contractsEndingOf(active, today),
    };
  });
}

/**
 * GET /api/hr-reports/dashboard (viewHrReports) → the HR dashboard's figures today (Africa/Nairobi):
 * active staff; staff on approved leave covering today (with type and end date); pending leave requests;
 * contracts of active staff ending within 30 days; the latest payroll run (any status: draft, submitted,
 * approved) with its totals in KES; active staff by department.
 */
export async function hrDashboard(database: Database, actor: Actor, query: { schoolId?: string }): Promise<HrDashboardResponse> {
  const today = schoolToday();
  return inHrSchool(database, actor, query.schoolId, async (tx, schoolId) => {
    const staff = await repo.listStaff(tx, schoolId);
    const active = staff.filter((s) => s.status === 'active');
    const byId = new Map(staff.map((s) => [s.id, s]));
    const leave = await repo.listOpenLeave(tx, schoolId);
    const onLeaveMap = new Map<string, { staffId: string; name: string; leaveType: string; endDate: string }>();
    for (const l of leave) {
      if (l.status !== 'approved' || l.startDate > today || l.endDate < today) continue;
      const s = byId.get(l.staffId);
      if (!s || s.status !== 'active') continue;
      onLeaveMap.set(l.staffId, { staffId: l.staffId, name: fullName(s), leaveType: l.type, endDate: l.endDate });
    }
    const onLeave = [...onLeaveMap.values()].sort((a, b) => a.endDate.localeCompare(b.endDate) || a.name.localeCompare(b.name));
    const contracts = contractsEndingOf(active, today).items.filter((c) => c.daysLeft <= 30);
    const run = await repo.findLatestRun(tx, schoolId);
    return {
      today,
      activeStaff: active.length,
      onLeaveToday: onLeave.length,
      onLeave,
      pendingLeave: leave.filter((l) => l.status === 'pending').length,
      contractsEnding30: contracts.length,
      contractsEnding: contracts.map((c) => ({ staffId: c.staffId, name: c.name, jobTitle: c.jobTitle, contractEnd: c.contractEnd, daysLeft: c.daysLeft })),
      lastPayroll: run
        ? { month: run.month, status: run.status as 'draft' | 'submitted' | 'approved', staffCount: run.staffCount, gross: centsToKes(run.grossCents), net: centsToKes(run.netCents), employerCost: centsToKes(run.employerCostCents) }
        : null,
      byDepartment: headcountOf(active).byDepartment,
    };
  });
}
