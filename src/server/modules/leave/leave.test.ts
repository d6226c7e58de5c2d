import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, countRows, createTestApp, profileIdOf, schoolIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';
import { dayLabel, latestSchoolDay } from '../../../shared/attendance-calendar.js';
import type { StaffDayResponse } from '../../../shared/contracts/attendance.js';
import type { BalancesResponse, CalendarResponse, LeaveRequest, LeaveType, MyLeaveResponse } from '../../../shared/contracts/leave.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { leaveDays } from '../../../shared/hr/leave-days.js';
import { leaveMessages as m } from '../../../shared/messages/leave.js';
import { weekday } from '../../../shared/kenya-holidays.js';
import { approvals, leaveRequests, leaveTypes, staffAttendance, staffMembers } from '../../db/schema/index.js';
import { loadCalendar } from '../attendance/attendance-context.js';

/**
 * Leave (issue 14 §2): types, balances with lazily created allocations and carry-over, requests by HR
 * and by staff themselves ("My Leave"), the checks that refuse a request (nothing written), approval by
 * HR or the principal (also from the Approvals card), cancel, the calendar, and staff on approved leave
 * showing as on leave in staff attendance. Dates are next year's (computed from today), so they are in
 * the future whenever the suite runs. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};
let teacherStaffId: string;
let teacherName: string;
let year: number;
let types: LeaveType[];
const typeId = (code: string) => types.find((x) => x.code === code)!.id;

/** The first Monday on or after `day`. */
function monday(day: string): string {
  let d = day;
  while (weekday(d) !== 1) d = addDays(d, 1);
  return d;
}

beforeAll(async () => {
  t = await createTestApp();
  greenhill = await schoolIdOf(t.database, 'greenhill');
  for (const [who, email] of Object.entries(DEMO.greenhill)) cookie[who] = await signIn(t.app, email, 'school');
  cookie.rsHr = await signIn(t.app, DEMO.riverside.hr, 'school');
  const teacherProfile = await profileIdOf(t.database, DEMO.greenhill.teacher);
  const [s] = await system(t.database, (tx) => tx.select().from(staffMembers).where(eq(staffMembers.profileId, teacherProfile)));
  teacherStaffId = s!.id;
  teacherName = [s!.firstName, s!.otherNames, s!.lastName].filter(Boolean).join(' ');
  year = Number(schoolToday().slice(0, 4)) + 1;
  const res = await t.app.inject({ method: 'GET', url: '/api/leave/types', headers: { cookie: cookie.hr! } });
  types = (res.json() as { items: LeaveType[] }).items;
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
function send(method: Method, url: string, who: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: { cookie: cookie[who]! }, ...(payload ? { payload } : {}) });
}
async function json<T>(method: Method, url: string, who: string, payload?: Record<string, unknown>, status = 200): Promise<T> {
  const res = await send(method, url, who, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

describe('access', () => {
  it('lets HR, the principal and the director read leave; other roles get 403', async () => {
    for (const who of ['hr', 'principal', 'director']) expect((await send('GET', '/api/leave/requests', who)).statusCode).toBe(200);
    for (const who of ['teacher', 'finance', 'parent']) expect((await send('GET', '/api/leave/requests', who)).statusCode).toBe(403);
    for (const who of ['teacher', 'finance', 'parent']) expect((await send('GET', `/api/leave/calendar?month=${year}-03`, who)).statusCode).toBe(403);
  });

  it('lets staff read leave types and their own leave; parents get 403', async () => {
    expect((await send('GET', '/api/leave/types', 'teacher')).statusCode).toBe(200);
    expect((await send('GET', '/api/me/leave', 'teacher')).statusCode).toBe(200);
    expect((await send('GET', '/api/leave/types', 'parent')).statusCode).toBe(403);
    expect((await send('GET', '/api/me/leave', 'parent')).statusCode).toBe(403);
  });

  it('lets only HR edit types and request on behalf of staff; only HR and the principal decide', async () => {
    expect((await send('POST', '/api/leave/types', 'principal', { name: 'Sabbatical', daysPerYear: 30 })).statusCode).toBe(403);
    expect((await send('PATCH', `/api/leave/types/${typeId('study')}`, 'director', { daysPerYear: 12 })).statusCode).toBe(403);
    const body = { staffId: teacherStaffId, leaveTypeId: typeId('annual'), startDate: `${year}-02-02`, endDate: `${year}-02-03` };
    expect((await send('POST', '/api/leave/requests', 'principal', body)).statusCode).toBe(403);
    const [pending] = await system(t.database, (tx) => tx.select().from(leaveRequests).where(and(eq(leaveRequests.schoolId, greenhill), eq(leaveRequests.status, 'pending'))));
    for (const who of ['teacher', 'director', 'finance']) expect((await send('POST', `/api/leave/requests/${pending!.id}/approve`, who, {})).statusCode).toBe(403);
  });

  it('answers 404 for another school’s staff and requests', async () => {
    expect((await send('GET', `/api/leave/balances?staffId=${teacherStaffId}`, 'rsHr')).statusCode).toBe(404);
    expect((await send('GET', `/api/leave/requests?staffId=${teacherStaffId}`, 'rsHr')).statusCode).toBe(404);
    const body = { staffId: teacherStaffId, leaveTypeId: typeId('annual'), startDate: `${year}-02-02`, endDate: `${year}-02-03` };
    expect((await send('POST', '/api/leave/requests', 'rsHr', body)).statusCode).toBe(404);
    const [pending] = await system(t.database, (tx) => tx.select().from(leaveRequests).where(and(eq(leaveRequests.schoolId, greenhill), eq(leaveRequests.status, 'pending'))));
    expect((await send('POST', `/api/leave/requests/${pending!.id}/approve`, 'rsHr', {})).statusCode).toBe(404);
    expect((await send('PATCH', `/api/leave/types/${typeId('study')}`, 'rsHr', { daysPerYear: 12 })).statusCode).toBe(404);
  });
});

describe('balances', () => {
  it('creates next year’s allocations lazily, carrying unused annual days up to the limit', async () => {
    const b = await json<BalancesResponse>('GET', `/api/leave/balances?staffId=${teacherStaffId}&year=${year}`, 'hr');
    const annual = b.items.find((x) => x.code === 'annual')!;
    const thisYear = await json<BalancesResponse>('GET', `/api/leave/balances?staffId=${teacherStaffId}&year=${year - 1}`, 'hr');
    const before = thisYear.items.find((x) => x.code === 'annual')!;
    expect(annual.entitled).toBe(21);
    expect(annual.carried).toBe(Math.max(0, Math.min(10, before.entitled + before.carried - before.taken)));
    expect(annual.available).toBe(annual.entitled + annual.carried - annual.taken - annual.pending);
    // The teacher is a woman: maternity applies, paternity does not.
    expect(b.items.some((x) => x.code === 'maternity')).toBe(true);
    expect(b.items.some((x) => x.code === 'paternity')).toBe(false);
  });
});

describe('requests', () => {
  let requestId: string;
  const start = () => monday(`${year}-03-02`);

  it('refuses bad requests with 400 and writes nothing', async () => {
    const before = await countRows(t.database, leaveRequests);
    const bad = async (body: Record<string, unknown>, message: string) => {
      const res = await send('POST', '/api/me/leave', 'teacher', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(message);
    };
    await bad({ leaveTypeId: typeId('annual'), startDate: addDays(start(), 3), endDate: start() }, m.endBeforeStart);
    await bad({ leaveTypeId: typeId('paternity'), startDate: start(), endDate: addDays(start(), 3) }, m.genderRestricted('Paternity leave', 'male'));
    const saturday = addDays(start(), 5);
    await bad({ leaveTypeId: typeId('annual'), startDate: saturday, endDate: addDays(saturday, 1) }, m.noDays);
    const far = `${year}-07-31`;
    const b = await json<BalancesResponse>('GET', `/api/leave/balances?staffId=${teacherStaffId}&year=${year}`, 'hr');
    const annual = b.items.find((x) => x.code === 'annual')!;
    await bad({ leaveTypeId: typeId('annual'), startDate: `${year}-04-01`, endDate: far }, m.notEnoughDays(leaveDays(`${year}-04-01`, far, 'working_days'), annual.available, 'annual leave'));
    expect((await send('POST', '/api/me/leave', 'teacher', { leaveTypeId: typeId('annual'), startDate: 'tomorrow', endDate: start() })).statusCode).toBe(400);
    expect(await countRows(t.database, leaveRequests)).toBe(before);
  });

  it('creates a pending request from My Leave with an approvals row for the principal', async () => {
    const approvalsBefore = await countRows(t.database, approvals);
    const r = await json<LeaveRequest>('POST', '/api/me/leave', 'teacher', { leaveTypeId: typeId('annual'), startDate: start(), endDate: addDays(start(), 2), reason: 'Family visit' }, 201);
    requestId = r.id;
    const n = leaveDays(start(), addDays(start(), 2), 'working_days');
    expect(r).toMatchObject({ status: 'pending', staffId: teacherStaffId, days: n, leaveType: 'Annual leave' });
    expect(await countRows(t.database, approvals)).toBe(approvalsBefore + 1);
    const [a] = await system(t.database, (tx) => tx.select().from(approvals).where(and(eq(approvals.kind, 'leave'), eq(approvals.subjectId, r.id))));
    expect(a).toMatchObject({ status: 'pending', title: `Annual leave: ${teacherName}` });
    expect(a!.summary).toContain(`${n} working day`);
    expect(a!.summary).toContain(dayLabel(start()).slice(0, -5));
    const mine = await json<MyLeaveResponse>('GET', '/api/me/leave', 'teacher');
    expect(mine.requests.some((x) => x.id === r.id)).toBe(true);
    const b = await json<BalancesResponse>('GET', `/api/leave/balances?staffId=${teacherStaffId}&year=${year}`, 'hr');
    expect(b.items.find((x) => x.code === 'annual')!.pending).toBe(n);
  });

  it('refuses a request overlapping a pending one', async () => {
    const res = await send('POST', '/api/me/leave', 'teacher', { leaveTypeId: typeId('compassionate'), startDate: addDays(start(), 2), endDate: addDays(start(), 3) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(m.overlap);
  });

  it('shows pending leave on the calendar', async () => {
    const cal = await json<CalendarResponse>('GET', `/api/leave/calendar?month=${start().slice(0, 7)}`, 'principal');
    const day = cal.days.find((d) => d.date === start())!;
    expect(day.entries).toEqual(expect.arrayContaining([expect.objectContaining({ requestId, status: 'pending', staffName: teacherName })]));
  });

  it('approves the request when the principal approves it on the Approvals card; approving again is 409', async () => {
    const [a] = await system(t.database, (tx) => tx.select().from(approvals).where(and(eq(approvals.kind, 'leave'), eq(approvals.subjectId, requestId))));
    expect((await send('POST', `/api/approvals/${a!.id}/approve`, 'director', {})).statusCode).toBe(403);
    await json('POST', `/api/approvals/${a!.id}/approve`, 'principal', { note: 'Enjoy' });
    const list = await json<{ items: LeaveRequest[] }>('GET', `/api/leave/requests?staffId=${teacherStaffId}&status=approved`, 'hr');
    expect(list.items.find((x) => x.id === requestId)).toMatchObject({ status: 'approved', decisionNote: 'Enjoy' });
    const again = await send('POST', `/api/leave/requests/${requestId}/approve`, 'hr', {});
    expect(again.statusCode).toBe(409);
    expect((await send('POST', `/api/approvals/${a!.id}/approve`, 'principal', {})).statusCode).toBe(409);
    const b = await json<BalancesResponse>('GET', `/api/leave/balances?staffId=${teacherStaffId}&year=${year}`, 'hr');
    expect(b.items.find((x) => x.code === 'annual')).toMatchObject({ taken: leaveDays(start(), addDays(start(), 2), 'working_days'), pending: 0 });
  });

  it('lets HR request on behalf of staff and reject with a note, deciding the approvals row too', async () => {
    const from = monday(`${year}-05-04`);
    const r = await json<LeaveRequest>('POST', '/api/leave/requests', 'hr', { staffId: teacherStaffId, leaveTypeId: typeId('study'), startDate: from, endDate: addDays(from, 1), reason: 'Exam' }, 201);
    const rejected = await json<LeaveRequest>('POST', `/api/leave/requests/${r.id}/reject`, 'principal', { note: 'Exams week' });
    expect(rejected).toMatchObject({ status: 'rejected', decisionNote: 'Exams week' });
    const [a] = await system(t.database, (tx) => tx.select().from(approvals).where(and(eq(approvals.kind, 'leave'), eq(approvals.subjectId, r.id))));
    expect(a).toMatchObject({ status: 'rejected', note: 'Exams week' });
    expect((await send('POST', `/api/leave/requests/${r.id}/reject`, 'hr', {})).statusCode).toBe(409);
  });

  it('lets the requester cancel a pending request, not another member of staff', async () => {
    const from = monday(`${year}-06-01`);
    const r = await json<LeaveRequest>('POST', '/api/me/leave', 'teacher', { leaveTypeId: typeId('annual'), startDate: from, endDate: from }, 201);
    expect((await send('POST', `/api/leave/requests/${r.id}/cancel`, 'finance')).statusCode).toBe(403);
    const c = await json<LeaveRequest>('POST', `/api/leave/requests/${r.id}/cancel`, 'teacher');
    expect(c.status).toBe('cancelled');
    const [a] = await system(t.database, (tx) => tx.select().from(approvals).where(and(eq(approvals.kind, 'leave'), eq(approvals.subjectId, r.id))));
    expect(a!.status).toBe('rejected');
    expect((await send('POST', `/api/leave/requests/${r.id}/cancel`, 'teacher')).statusCode).toBe(409);
  });

  it('refuses HR deciding their own leave (403); the principal decides it', async () => {
    const from = monday(`${year}-10-04`);
    const r = await json<LeaveRequest>('POST', '/api/me/leave', 'hr', { leaveTypeId: typeId('annual'), startDate: from, endDate: from }, 201);
    const res = await send('POST', `/api/leave/requests/${r.id}/approve`, 'hr', {});
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(m.ownRequest);
    expect((await json<LeaveRequest>('POST', `/api/leave/requests/${r.id}/approve`, 'principal', {})).status).toBe('approved');
  });

  it('answers 404 with a clear message to a member of staff without a staff record', async () => {
    const finance = await profileIdOf(t.database, DEMO.greenhill.finance);
    const [s] = await system(t.database, (tx) => tx.update(staffMembers).set({ profileId: null }).where(eq(staffMembers.profileId, finance)).returning());
    try {
      const res = await send('GET', '/api/me/leave', 'finance');
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(m.noStaffRecord);
      expect((await send('POST', '/api/me/leave', 'finance', { leaveTypeId: typeId('annual'), startDate: `${year}-02-02`, endDate: `${year}-02-02` })).statusCode).toBe(404);
    } finally {
      if (s) await system(t.database, (tx) => tx.update(staffMembers).set({ profileId: finance }).where(eq(staffMembers.id, s.id)));
    }
  });
});

describe('leave types', () => {
  it('lets HR add and edit a type; bad values are 400', async () => {
    const created = await json<LeaveType>('POST', '/api/leave/types', 'hr', { name: 'Sabbatical leave', daysPerYear: 30, unit: 'calendar_days', paid: false }, 201);
    expect(created).toMatchObject({ code: 'sabbatical', daysPerYear: 30, paid: false, carryOverMax: null, active: true });
    expect((await send('POST', '/api/leave/types', 'hr', { name: 'Sabbatical', daysPerYear: 30 })).statusCode).toBe(409);
    const edited = await json<LeaveType>('PATCH', `/api/leave/types/${created.id}`, 'hr', { daysPerYear: 20, active: false });
    expect(edited).toMatchObject({ daysPerYear: 20, active: false });
    expect((await send('PATCH', `/api/leave/types/${created.id}`, 'hr', { daysPerYear: 400 })).statusCode).toBe(400);
    const [row] = await system(t.database, (tx) => tx.select().from(leaveTypes).where(eq(leaveTypes.id, created.id)));
    expect(row!.daysPerYear).toBe(20);
    const res = await send('POST', '/api/me/leave', 'teacher', { leaveTypeId: created.id, startDate: `${year}-09-01`, endDate: `${year}-09-02` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(m.typeInactive);
  });
});

describe('staff attendance', () => {
  it('shows a member of staff on approved leave as on leave on a day HR has not recorded', async () => {
    const today = schoolToday();
    const cal = await system(t.database, (tx) => loadCalendar(tx, greenhill));
    const day = latestSchoolDay(cal, today);
    if (!day) return;
    const teacherProfile = await profileIdOf(t.database, DEMO.greenhill.teacher);
    await system(t.database, async (tx) => {
      await tx.delete(staffAttendance).where(and(eq(staffAttendance.profileId, teacherProfile), eq(staffAttendance.date, day)));
      await tx.delete(leaveRequests).where(and(eq(leaveRequests.staffId, teacherStaffId), eq(leaveRequests.startDate, day)));
      await tx.insert(leaveRequests).values({ schoolId: greenhill, staffId: teacherStaffId, leaveTypeId: typeId('compassionate'), startDate: day, endDate: day, days: 1, status: 'approved' });
    });
    const d = await json<StaffDayResponse>('GET', `/api/staff-attendance?date=${day}`, 'hr');
    expect(d.items.find((i) => i.profileId === teacherProfile)).toMatchObject({ status: 'on_leave', note: m.attendanceNote('Compassionate leave') });
  });
});
