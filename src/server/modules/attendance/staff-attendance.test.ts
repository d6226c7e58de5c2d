import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, countRows, createTestApp, methodCaller, profileIdOf, schoolIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';
import { latestSchoolDay, notSchoolDay, schoolDaysBetween } from '../../../shared/attendance-calendar.js';
import type { MyStaffDay, StaffDayResponse, StaffReportResponse } from '../../../shared/contracts/attendance.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { attendanceMessages as am } from '../../../shared/messages/attendance.js';
import { staffAttendanceScreens as sm } from '../../../shared/messages/staff-attendance-screens.js';
import { attendanceSettings, auditLogs, departments, schoolCalendarEvents, staffAttendance } from '../../db/schema/index.js';
import { inspectPdf } from '../../lib/pdf.js';
import { loadCalendar } from './attendance-context.js';
import { isLate, monthRange, nairobiTime, staffRate } from './staff-attendance.service.js';

/**
 * Staff attendance (issue 13 §3): HR's day register (check-in/out, absent, on leave, official duty; late
 * after the school's time), the monthly report per person and department (JSON, PDF, Excel) and staff
 * checking themselves in and out. Dates are computed from the demo calendar, never hard-coded: today
 * (Africa/Nairobi) is usually outside the demo's terms, so the register defaults to the latest school day.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (scripts/test-postgres.sh).
 */

let t: TestApp;
let greenhill: string;
let riverside: string;
let today: string;
/** The latest school day up to today: the day the register opens on. */
let day: string;
/** A day before `day` that is not a school day (a weekend at the latest). */
let closedDay: string;
let closedReason: string;
const cookie: Record<string, string> = {};
const id: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  greenhill = await schoolIdOf(t.database, 'greenhill');
  riverside = await schoolIdOf(t.database, 'riverside');
  for (const [who, email] of Object.entries(DEMO.greenhill)) {
    cookie[who] = await signIn(t.app, email, 'school');
    id[who] = await profileIdOf(t.database, email);
  }
  cookie.rsHr = await signIn(t.app, DEMO.riverside.hr, 'school');
  id.rsTeacher = await profileIdOf(t.database, DEMO.riverside.teacher);
  cookie.admin = await signIn(t.app, DEMO.admin, 'admin');
  today = schoolToday();
  let cal = await system(t.database, (tx) => loadCalendar(tx, greenhill));
  if (!latestSchoolDay(cal, today)) {
    // Years after the demo's terms: the school opens yesterday so there is a day to record.
    await system(t.database, (tx) => tx.insert(schoolCalendarEvents).values({ schoolId: greenhill, startsOn: addDays(today, -1), endsOn: addDays(today, -1), name: 'Staff day', kind: 'open' }));
    cal = await system(t.database, (tx) => loadCalendar(tx, greenhill));
  }
  day = latestSchoolDay(cal, today)!;
  closedDay = addDays(day, -1);
  while (!notSchoolDay(cal, closedDay, today)) closedDay = addDays(closedDay, -1);
  closedReason = notSchoolDay(cal, closedDay, today)!.reason;
  // The demo has staff attendance on every seeded school day: HR has not recorded the latest one yet here.
  await system(t.database, (tx) => tx.delete(staffAttendance).where(and(eq(staffAttendance.schoolId, greenhill), eq(staffAttendance.date, day))));
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'PUT' | 'POST';
const { send, json } = methodCaller(() => t.app, cookie);
async function error(method: Method, url: string, who: string | undefined, payload: Record<string, unknown> | undefined, status: number) {
  return (await json<{ error: { code: string; message: string; fields?: Record<string, string> } }>(method, url, who, payload, status)).error;
}
const staffAudits = () => system(t.database, async (tx) => (await tx.select({ id: auditLogs.id }).from(auditLogs).where(eq(auditLogs.action, 'STAFF_ATTENDANCE_RECORDED'))).length);

describe('pure rules', () => {
  it('late is a present check-in strictly after the late time; other statuses are never late', () => {
    expect(isLate('present', '07:46', '07:45')).toBe(true);
    expect(isLate('present', '07:45', '07:45')).toBe(false);
    expect(isLate('present', null, '07:45')).toBe(false);
    expect(isLate('official_duty', '09:00', '07:45')).toBe(false);
  });
  it('the rate leaves out leave and official duty, one decimal, null when no day is expected', () => {
    expect(staffRate({ daysOpen: 20, present: 17, onLeave: 2, officialDuty: 0 })).toBe(94.4);
    expect(staffRate({ daysOpen: 3, present: 0, onLeave: 2, officialDuty: 1 })).toBeNull();
    expect(staffRate({ daysOpen: 0, present: 0, onLeave: 0, officialDuty: 0 })).toBeNull();
  });
  it('months and Nairobi time', () => {
    expect(monthRange('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(nairobiTime(new Date('2026-10-23T04:35:00Z'))).toBe('07:35');
    expect(nairobiTime(new Date('2026-10-23T21:05:00Z'))).toBe('00:05');
  });
});

describe('who may call (401, 403)', () => {
  const month = () => day.slice(0, 7);
  it('answers 401 without a session on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/staff-attendance'],
      ['PUT', '/api/staff-attendance'],
      ['GET', '/api/staff-attendance/me'],
      ['POST', '/api/staff-attendance/check-in'],
      ['POST', '/api/staff-attendance/check-out'],
      ['GET', `/api/staff-attendance/report?month=${month()}`],
    ] as const) {
      expect((await send(method, url, undefined, method === 'PUT' ? { date: day, entries: [] } : undefined)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('only HR records; HR, principal and director read; teachers, finance and parents do not; parents and platform staff have no own day', async () => {
    const rowsBefore = await countRows(t.database, staffAttendance);
    const body = { date: day, entries: [{ profileId: id.teacher, status: 'present', checkIn: '07:30' }] };
    for (const who of ['principal', 'director', 'teacher', 'finance', 'parent']) expect((await send('PUT', '/api/staff-attendance', who, body)).statusCode, who).toBe(403);
    for (const who of ['teacher', 'finance', 'parent']) {
      expect((await send('GET', '/api/staff-attendance', who)).statusCode, who).toBe(403);
      expect((await send('GET', `/api/staff-attendance/report?month=${month()}`, who)).statusCode, who).toBe(403);
    }
    for (const who of ['hr', 'principal', 'director']) expect((await send('GET', '/api/staff-attendance', who)).statusCode, who).toBe(200);
    for (const who of ['parent', 'admin']) {
      expect((await send('GET', '/api/staff-attendance/me', who)).statusCode, who).toBe(403);
      expect((await send('POST', '/api/staff-attendance/check-in', who)).statusCode, who).toBe(403);
    }
    expect(await countRows(t.database, staffAttendance)).toBe(rowsBefore);
  });
});

describe("HR's day register", () => {
  it('opens on the latest school day and lists every active member of staff of the school, nobody recorded yet', async () => {
    const res = await json<StaffDayResponse>('GET', '/api/staff-attendance', 'hr');
    expect(res).toMatchObject({ date: day, today, notSchoolDay: null, lateAfter: '07:45' });
    const roles = new Set(res.items.map((i) => i.role));
    expect([...roles].sort()).toEqual(['finance_officer', 'hr', 'principal', 'school_director', 'teacher']);
    const ids = res.items.map((i) => i.profileId);
    for (const who of ['director', 'principal', 'teacher', 'finance', 'hr']) expect(ids).toContain(id[who]);
    expect(ids).not.toContain(id.parent);
    expect(ids).not.toContain(id.rsTeacher);
    expect(res.items.every((i) => i.status === null && i.checkIn === null && !i.late)).toBe(true);
    expect(res.totals).toEqual({ staff: res.items.length, present: 0, absent: 0, onLeave: 0, officialDuty: 0, late: 0, unrecorded: res.items.length });
    // Teachers sit in a department; non-teaching staff have none.
    expect(res.items.find((i) => i.profileId === id.teacher)!.department).toEqual(expect.any(String));
    expect(res.items.find((i) => i.profileId === id.finance)!.department).toBeNull();
  });

  it('a day that is not a school day answers with the reason', async () => {
    const res = await json<StaffDayResponse>('GET', `/api/staff-attendance?date=${closedDay}`, 'principal');
    expect(res.date).toBe(closedDay);
    expect(res.notSchoolDay).toBe(closedReason);
    expect((await json<StaffDayResponse>('GET', `/api/staff-attendance?date=${addDays(today, 1)}`, 'hr')).notSchoolDay).toBe(am.futureDate);
  });

  let first: StaffDayResponse;
  /** HR's first save of the day (sent twice: the second time changes nothing). */
  const firstSave = () => ({
    date: day,
    entries: [
      { profileId: id.teacher, status: 'present', checkIn: '07:30', checkOut: '16:45' },
      { profileId: id.finance, status: 'present', checkIn: '08:10', note: 'Traffic on Ngong Road' },
      { profileId: id.director, status: 'absent', checkIn: '07:00' },
      { profileId: id.principal, status: 'on_leave' },
      { profileId: id.hr, status: 'official_duty', note: 'County HR workshop' },
    ],
  });
  it('HR records present, late, absent, on leave and official duty in one save, audited with old and new values', async () => {
    const audits = await staffAudits();
    first = await json<StaffDayResponse>('PUT', '/api/staff-attendance', 'hr', firstSave());
    const item = (who: string) => first.items.find((i) => i.profileId === id[who])!;
    expect(item('teacher')).toMatchObject({ status: 'present', checkIn: '07:30', checkOut: '16:45', late: false, selfRecorded: false, recordedBy: 'Daniel Kiprono Rotich' });
    expect(item('finance')).toMatchObject({ status: 'present', checkIn: '08:10', late: true, note: 'Traffic on Ngong Road' });
    // Times are kept for present and official duty only.
    expect(item('director')).toMatchObject({ status: 'absent', checkIn: null, late: false });
    expect(item('principal')).toMatchObject({ status: 'on_leave', checkIn: null });
    expect(item('hr')).toMatchObject({ status: 'official_duty', note: 'County HR workshop' });
    expect(first.totals).toEqual({ staff: first.items.length, present: 2, absent: 1, onLeave: 1, officialDuty: 1, late: 1, unrecorded: first.items.length - 5 });
    expect(await staffAudits()).toBe(audits + 5);
    const [audit] = await system(t.database, (tx) =>
      tx.select().from(auditLogs).where(and(eq(auditLogs.action, 'STAFF_ATTENDANCE_RECORDED'), eq(auditLogs.targetEntity, `staff_attendance:${id.finance}:${day}`))),
    );
    expect(audit).toMatchObject({ schoolId: greenhill, performedByUserId: id.hr, performedByRole: 'hr', oldValue: null, newValue: { status: 'present', checkIn: '08:10', checkOut: null, note: 'Traffic on Ngong Road' } });
    // It persists: GET answers the same.
    expect(await json<StaffDayResponse>('GET', `/api/staff-attendance?date=${day}`, 'director')).toEqual(first);
  });

  it('sending the same body twice changes nothing the second time', async () => {
    const audits = await staffAudits();
    const rows = await system(t.database, (tx) => tx.select().from(staffAttendance).where(eq(staffAttendance.date, day)));
    const again = await json<StaffDayResponse>('PUT', '/api/staff-attendance', 'hr', firstSave());
    expect(again).toEqual(first);
    expect(await staffAudits()).toBe(audits);
    expect(await system(t.database, (tx) => tx.select().from(staffAttendance).where(eq(staffAttendance.date, day)))).toEqual(rows);
  });

  it('a change updates the person’s day (one row per person and day) and audits the old value', async () => {
    const res = await json<StaffDayResponse>('PUT', '/api/staff-attendance', 'hr', { date: day, entries: [{ profileId: id.director, status: 'present', checkIn: '07:40' }] });
    expect(res.items.find((i) => i.profileId === id.director)).toMatchObject({ status: 'present', checkIn: '07:40', late: false });
    expect(res.totals).toMatchObject({ present: 3, absent: 0 });
    const [audit] = await system(t.database, (tx) =>
      tx.select().from(auditLogs).where(and(eq(auditLogs.targetEntity, `staff_attendance:${id.director}:${day}`), sql`${auditLogs.oldValue} is not null`)),
    );
    expect(audit).toMatchObject({ oldValue: { status: 'absent' }, newValue: { status: 'present', checkIn: '07:40' } });
    expect(await system(t.database, async (tx) => (await tx.select().from(staffAttendance).where(and(eq(staffAttendance.profileId, id.director!), eq(staffAttendance.date, day)))).length)).toBe(1);
  });

  it('refuses bad input with 400 and the reason', async () => {
    const put = (date: string, entries: unknown[]) => error('PUT', '/api/staff-attendance', 'hr', { date, entries }, 400);
    const present = [{ profileId: id.teacher, status: 'present', checkIn: '07:30' }];
    expect((await put(closedDay, present)).message).toBe(closedReason);
    expect((await put(addDays(today, 1), present)).message).toBe(am.futureDate);
    expect((await put('2026-02-30', present)).message).toContain(am.dateInvalid);
    const noCheckIn = await put(day, [{ profileId: id.teacher, status: 'present' }]);
    expect(noCheckIn).toMatchObject({ message: am.checkInRequired, fields: { 'entries.0.checkIn': am.checkInRequired } });
    const backwards = await put(day, [present[0], { profileId: id.finance, status: 'present', checkIn: '08:00', checkOut: '07:59' }]);
    expect(backwards).toMatchObject({ message: am.checkOutBeforeIn, fields: { 'entries.1.checkOut': am.checkOutBeforeIn } });
    expect((await put(day, [{ profileId: id.teacher, status: 'present', checkIn: '7.30' }])).message).toContain(am.timeInvalid);
    expect((await put(day, [{ profileId: id.teacher, status: 'sick' }])).message).toContain(am.staffStatusInvalid);
    expect((await put(day, [])).message).toContain(am.entriesRequired);
    expect((await put(day, [present[0], present[0]])).message).toBe(sm.api.entriesUnique);
    // Nothing of the refused saves was written.
    expect((await json<StaffDayResponse>('GET', `/api/staff-attendance?date=${closedDay}`, 'hr')).totals.unrecorded).toBe(first.items.length);
  });

  it('someone who is not active staff of the school is not found (404), and nothing is saved', async () => {
    for (const profileId of [id.parent, id.rsTeacher, '00000000-0000-4000-8000-000000000000']) {
      const e = await error('PUT', '/api/staff-attendance', 'hr', { date: day, entries: [{ profileId: id.teacher, status: 'absent' }, { profileId, status: 'absent' }] }, 404);
      expect(e.message).toBe(am.staffNotFound);
    }
    expect((await json<StaffDayResponse>('GET', `/api/staff-attendance?date=${day}`, 'hr')).items.find((i) => i.profileId === id.teacher)!.status).toBe('present');
  });

  it('is confined to the school: Riverside HR sees only Riverside and cannot record Greenhill staff; platform staff name the school', async () => {
    const rs = await json<StaffDayResponse>('GET', `/api/staff-attendance?date=${day}`, 'rsHr');
    expect(rs.items.map((i) => i.profileId)).toContain(id.rsTeacher);
    expect(rs.items.map((i) => i.profileId)).not.toContain(id.teacher);
    expect(rs.lateAfter).toBe('07:30');
    expect((await error('PUT', '/api/staff-attendance', 'rsHr', { date: day, entries: [{ profileId: id.teacher, status: 'absent' }] }, 404)).message).toBe(am.staffNotFound);
    // A school role cannot reach another school by naming it.
    const named = await json<StaffDayResponse>('GET', `/api/staff-attendance?date=${day}&schoolId=${greenhill}`, 'rsHr');
    expect(named.items.map((i) => i.profileId)).toContain(id.rsTeacher);
    expect(named.items.map((i) => i.profileId)).not.toContain(id.teacher);
    expect((await send('GET', `/api/staff-attendance?date=${day}`, 'admin')).statusCode).toBe(400);
    expect((await json<StaffDayResponse>('GET', `/api/staff-attendance?date=${day}&schoolId=${greenhill}`, 'admin')).totals.present).toBe(3);
    expect((await send('GET', `/api/staff-attendance?schoolId=00000000-0000-4000-8000-000000000000`, 'admin')).statusCode).toBe(404);
    expect(riverside).not.toBe(greenhill);
  });
});

describe('monthly report (JSON, PDF, Excel)', () => {
  let report: StaffReportResponse;
  let daysOpen: number;
  let openDays: Set<string>;
  beforeAll(async () => {
    const cal = await system(t.database, (tx) => loadCalendar(tx, greenhill));
    const { from, to } = monthRange(day.slice(0, 7));
    openDays = new Set(schoolDaysBetween(cal, from, to < today ? to : today));
    daysOpen = openDays.size;
  });

  it('counts each person’s days of the month: present (late included), late, absent, leave, duty, not recorded, and the rate', async () => {
    report = await json<StaffReportResponse>('GET', `/api/staff-attendance/report?month=${day.slice(0, 7)}`, 'hr');
    expect(report.month).toBe(day.slice(0, 7));
    expect(report.daysOpen).toBe(daysOpen);
    expect(daysOpen).toBeGreaterThan(0);
    // Expected figures straight from the stored days of the month (the demo's and this file's).
    const { from } = monthRange(day.slice(0, 7));
    const stored = await system(t.database, (tx) => tx.select().from(staffAttendance).where(and(eq(staffAttendance.schoolId, greenhill), sql`${staffAttendance.date} between ${from} and ${today}`)));
    const expected = (profileId: string) => {
      const own = stored.filter((r) => r.profileId === profileId && openDays.has(r.date));
      const n = (st: string) => own.filter((r) => r.status === st).length;
      const c = { daysOpen, present: n('present'), absent: n('absent'), onLeave: n('on_leave'), officialDuty: n('official_duty'), late: own.filter((r) => r.status === 'present' && r.checkIn! > '07:45').length, unrecorded: daysOpen - own.length };
      const expectedDays = c.daysOpen - c.onLeave - c.officialDuty;
      return { ...c, rate: expectedDays > 0 ? Math.round((c.present / expectedDays) * 1000) / 10 : null };
    };
    expect(report.items.length).toBeGreaterThan(10);
    for (const row of report.items) expect(row, row.name).toMatchObject(expected(row.profileId));
    const row = (who: string) => report.items.find((i) => i.profileId === id[who])!;
    // This file's day counts: the finance officer was late, the principal on leave, HR on official duty.
    expect(row('finance').late).toBeGreaterThanOrEqual(1);
    expect(row('finance').department).toBeNull();
    expect(row('principal').onLeave).toBeGreaterThanOrEqual(1);
    expect(row('hr').officialDuty).toBeGreaterThanOrEqual(1);
    // Per department: every person once; non-teaching staff under "No department".
    expect(report.departments.reduce((s, d) => s + d.staff, 0)).toBe(report.items.length);
    const none = report.departments.find((d) => d.id === null)!;
    expect(none.name).toBe(sm.api.noDepartment);
    const nonTeaching = report.items.filter((i) => i.department === null);
    expect(none).toMatchObject({
      staff: nonTeaching.length,
      present: nonTeaching.reduce((s, i) => s + i.present, 0),
      late: nonTeaching.reduce((s, i) => s + i.late, 0),
      absent: nonTeaching.reduce((s, i) => s + i.absent, 0),
    });
    const expectedDays = nonTeaching.reduce((s, i) => s + i.daysOpen - i.onLeave - i.officialDuty, 0);
    expect(none.rate).toBe(Math.round((none.present / expectedDays) * 1000) / 10);
    expect(report.departments.find((d) => d.name === row('teacher').department)).toBeTruthy();
  });

  it('filters by department (its members only) and answers 404 for another school’s department, 400 for a bad month', async () => {
    const teacherDept = report.items.find((i) => i.profileId === id.teacher)!.department!;
    const [dept] = await system(t.database, (tx) => tx.select().from(departments).where(and(eq(departments.schoolId, greenhill), eq(departments.name, teacherDept))));
    const filtered = await json<StaffReportResponse>('GET', `/api/staff-attendance/report?month=${day.slice(0, 7)}&departmentId=${dept!.id}`, 'principal');
    expect(filtered.items.map((i) => i.profileId)).toContain(id.teacher);
    expect(filtered.items.map((i) => i.profileId)).not.toContain(id.finance);
    expect(filtered.items.every((i) => i.department === teacherDept)).toBe(true);
    expect(filtered.departments).toHaveLength(1);
    expect((await error('GET', `/api/staff-attendance/report?month=${day.slice(0, 7)}&departmentId=${dept!.id}`, 'rsHr', undefined, 404)).message).toBe(sm.api.departmentNotFound);
    for (const month of ['2026-13', '2026-1', 'October']) expect((await error('GET', `/api/staff-attendance/report?month=${month}`, 'hr', undefined, 400)).message).toContain(am.monthInvalid);
    expect((await send('GET', `/api/staff-attendance/report?month=${day.slice(0, 7)}&format=doc`, 'hr')).statusCode).toBe(400);
  });

  it('a month still to come has no days open and no rates', async () => {
    const next = addDays(`${today.slice(0, 7)}-28`, 10).slice(0, 7);
    const future = await json<StaffReportResponse>('GET', `/api/staff-attendance/report?month=${next}`, 'director');
    expect(future.daysOpen).toBe(0);
    expect(future.items.every((i) => i.rate === null && i.unrecorded === 0)).toBe(true);
  });

  it('downloads as a PDF with the school header, a row per person, departments and page numbers', async () => {
    const res = await send('GET', `/api/staff-attendance/report?month=${day.slice(0, 7)}&format=pdf`, 'hr');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename="staff-attendance-${day.slice(0, 7)}.pdf"`);
    const pdf = inspectPdf(res.rawPayload);
    expect(pdf.isPdf).toBe(true);
    expect(pdf.text).toContain('Greenhill Academy');
    expect(pdf.text).toContain(sm.report.title);
    expect(pdf.text).toContain('Lucy Njeri Maina');
    expect(pdf.text).toContain(sm.report.departmentsHeading);
    expect(pdf.text).toContain(sm.api.noDepartment);
    expect(pdf.text).toMatch(new RegExp(`Page 1 of ${pdf.pages}`));
  });

  it('downloads as Excel: a Staff sheet and a Departments sheet', async () => {
    const res = await send('GET', `/api/staff-attendance/report?month=${day.slice(0, 7)}&format=xlsx`, 'principal');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`filename="staff-attendance-${day.slice(0, 7)}.xlsx"`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([sm.report.sheetStaff, sm.report.sheetDepartments]);
    const staff = wb.getWorksheet(sm.report.sheetStaff)!;
    expect(staff.getRow(1).values).toEqual([undefined, 'Name', 'Role', 'Department', 'Days open', 'Present', 'Late', 'Absent', 'On leave', 'Official duty', 'Not recorded', 'Rate %']);
    expect(staff.rowCount).toBe(report.items.length + 1);
    const finance = staff.getRows(2, staff.rowCount - 1)!.find((r) => r.getCell(1).value === 'Lucy Njeri Maina')!;
    expect(finance.getCell(2).value).toBe('Finance Officer');
    const row = report.items.find((i) => i.profileId === id.finance)!;
    expect([finance.getCell(4).value, finance.getCell(5).value, finance.getCell(6).value, finance.getCell(11).value]).toEqual([daysOpen, row.present, row.late, row.rate]);
    expect(wb.getWorksheet(sm.report.sheetDepartments)!.rowCount).toBe(report.departments.length + 1);
  });
});

describe('staff check themselves in and out', () => {
  const setToday = async (kind: 'open' | 'closed' | null) => {
    await system(t.database, async (tx) => {
      await tx.delete(schoolCalendarEvents).where(and(eq(schoolCalendarEvents.schoolId, greenhill), eq(schoolCalendarEvents.startsOn, today), eq(schoolCalendarEvents.endsOn, today)));
      if (kind) await tx.insert(schoolCalendarEvents).values({ schoolId: greenhill, startsOn: today, endsOn: today, name: kind === 'open' ? 'Open day' : 'Closure', kind });
    });
  };
  const settings = (values: Partial<typeof attendanceSettings.$inferInsert>) =>
    system(t.database, (tx) => tx.insert(attendanceSettings).values({ schoolId: greenhill, ...values }).onConflictDoUpdate({ target: attendanceSettings.schoolId, set: values }));
  // Nobody has a day today yet: when today is a school day it is `day`, which HR recorded above.
  beforeAll(async () => {
    await system(t.database, (tx) => tx.delete(staffAttendance).where(and(eq(staffAttendance.schoolId, greenhill), eq(staffAttendance.date, today))));
  });

  it('not on a day the school is closed: 400 with the reason, and the card says why', async () => {
    await setToday('closed');
    const me = await json<MyStaffDay>('GET', '/api/staff-attendance/me', 'teacher');
    expect(me).toMatchObject({ date: today, selfCheckIn: true, status: null, checkIn: null, late: false });
    expect(me.notSchoolDay).toEqual(expect.any(String));
    expect((await error('POST', '/api/staff-attendance/check-in', 'teacher', undefined, 400)).message).toBe(me.notSchoolDay);
  });

  it('on a school day: check-out needs a check-in, check-in once (now, Nairobi), check-out once', async () => {
    await setToday('open');
    await settings({ staffLateAfter: '23:59' });
    expect((await json<MyStaffDay>('GET', '/api/staff-attendance/me', 'teacher')).notSchoolDay).toBeNull();
    expect((await error('POST', '/api/staff-attendance/check-out', 'teacher', undefined, 409)).message).toBe(am.notCheckedIn);
    // The audit trail of the teacher's day so far (HR's records above when today is a school day).
    const target = `staff_attendance:${id.teacher}:${today}`;
    const earlier = await system(t.database, (tx) => tx.select({ id: auditLogs.id }).from(auditLogs).where(eq(auditLogs.targetEntity, target)));
    const before = nairobiTime();
    const inn = await json<MyStaffDay>('POST', '/api/staff-attendance/check-in', 'teacher');
    expect(inn).toMatchObject({ date: today, status: 'present', checkOut: null });
    expect([before, nairobiTime()]).toContain(inn.checkIn);
    expect((await error('POST', '/api/staff-attendance/check-in', 'teacher', undefined, 409)).message).toBe(am.alreadyCheckedIn);
    const out = await json<MyStaffDay>('POST', '/api/staff-attendance/check-out', 'teacher');
    expect(out.checkOut).toMatch(/^\d\d:\d\d$/);
    expect(out.checkIn).toBe(inn.checkIn);
    expect((await error('POST', '/api/staff-attendance/check-out', 'teacher', undefined, 409)).message).toBe(am.alreadyCheckedOut);
    // HR sees it, marked as checked in from the app.
    const hr = await json<StaffDayResponse>('GET', '/api/staff-attendance', 'hr');
    expect(hr.date).toBe(today);
    expect(hr.items.find((i) => i.profileId === id.teacher)).toMatchObject({ status: 'present', checkIn: inn.checkIn, selfRecorded: true, recordedBy: 'Grace Achieng Owino' });
    const [audit] = (await system(t.database, (tx) => tx.select().from(auditLogs).where(eq(auditLogs.targetEntity, target)).orderBy(auditLogs.createdAt))).filter((a) => !earlier.some((e) => e.id === a.id));
    expect(audit).toMatchObject({ performedByUserId: id.teacher, metadata: { self: true, action: 'check-in' } });
  });

  it('late after the school’s time; a day HR recorded as absent becomes present when the person checks in', async () => {
    await settings({ staffLateAfter: '00:00' });
    await json('PUT', '/api/staff-attendance', 'hr', { date: today, entries: [{ profileId: id.finance, status: 'absent' }] });
    const me = await json<MyStaffDay>('POST', '/api/staff-attendance/check-in', 'finance');
    expect(me).toMatchObject({ status: 'present', late: me.checkIn !== '00:00' });
    expect((await json<StaffDayResponse>('GET', '/api/staff-attendance', 'hr')).lateAfter).toBe('00:00');
  });

  it('refused with 403 when the school turns self check-in off', async () => {
    await settings({ staffSelfCheckIn: false });
    expect((await json<MyStaffDay>('GET', '/api/staff-attendance/me', 'principal')).selfCheckIn).toBe(false);
    expect((await error('POST', '/api/staff-attendance/check-in', 'principal', undefined, 403)).message).toBe(sm.api.selfCheckInOff);
    await settings({ staffSelfCheckIn: true, staffLateAfter: '07:45' });
    await setToday(null);
  });
});
