import type { Actor } from '../../../shared/access.js';
import { latestSchoolDay, notSchoolDay, schoolDaysBetween, type SchoolCalendar } from '../../../shared/attendance-calendar.js';
import type { AttendanceSettings, MyStaffDay, StaffDayItem, StaffDayResponse, StaffReportResponse, StaffStatus } from '../../../shared/contracts/attendance.js';
import { SCHOOL_TIME_ZONE } from '../../../shared/contracts/dashboard.js';
import { formatMonth, schoolToday } from '../../../shared/dates.js';
import { attendanceMessages as am } from '../../../shared/messages/attendance.js';
import { staffAttendanceScreens as sm } from '../../../shared/messages/staff-attendance-screens.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import { approvedLeaveByProfile } from '../leave/index.js';
import { leaveMessages } from '../../../shared/messages/leave.js';
import { ATTENDANCE_AUDIT, assertSchoolDay, loadAttendanceSettings, loadCalendar, minutesOf } from './attendance-context.js';
import { auditSchool, inSchool, type SchoolCaller } from '../../lib/school-context.js';
import * as repo from './staff-attendance.repository.js';
import type { StaffAttendanceRow } from './staff-attendance.repository.js';

/**
 * Staff attendance (issue 13 §3 "HR records staff attendance (check-in/out, absent, on leave, official
 * duty; late after a time the school sets); staff may check themselves in from the app; monthly report
 * per person and department").
 *
 * Who counts as staff: every active profile of the school with a staff role (school_director,
 * principal, teacher, finance_officer, hr). A person's department is the one they head, else the first
 * by name they belong to (department_members); non-teaching staff have none. A day is one row per person
 * (staff_attendance, unique profile + date): status present | absent | on_leave | official_duty, check-in
 * and check-out as HH:MM in Africa/Nairobi. "Late" is not stored: a present person whose check-in is
 * after the school's `staffLateAfter` (attendance settings) is late, so changing that time re-reads
 * every day by the new rule. Only school days (shared/attendance-calendar.ts) have a staff register.
 */

/** Roles that are staff of a school (everyone but parents). */
export const STAFF_ROLES = ['school_director', 'principal', 'teacher', 'finance_officer', 'hr'] as const;

/** A member of staff with their department. */
export interface StaffMember {
  profileId: string;
  name: string;
  role: string;
  departmentId: string | null;
  department: string | null;
  /** Every department they belong to (a teacher may sit in two). */
  departmentIds: string[];
}

type StaffRow = StaffAttendanceRow;

const ROLE_ORDER: Record<string, number> = { principal: 0, school_director: 1, teacher: 2, hr: 3, finance_officer: 4 };

/** The current time in Africa/Nairobi as HH:MM (24-hour). */
export function nairobiTime(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: SCHOOL_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  return `${p.hour}:${p.minute}`;
}

/** Late: present and checked in after the school's late time (HH:MM compared as minutes). */
export function isLate(status: string | null, checkIn: string | null, lateAfter: string): boolean {
  return status === 'present' && !!checkIn && minutesOf(checkIn) > minutesOf(lateAfter);
}

/** Attendance rate of a member of staff, percent with one decimal: present (late included) of the days they were expected. */
export function staffRate(c: { daysOpen: number; present: number; onLeave: number; officialDuty: number }): number | null {
  const expected = c.daysOpen - c.onLeave - c.officialDuty;
  if (expected <= 0) return null;
  return Math.round((c.present / expected) * 1000) / 10;
}

/** The school's active staff with their departments, in a stable order (role, then name). */
export async function loadStaff(tx: Tx, schoolId: string): Promise<StaffMember[]> {
  const people = await repo.listActiveStaffProfiles(tx, schoolId, STAFF_ROLES);
  const memberships = await repo.listDepartmentMemberships(tx, schoolId);
  const byPerson = new Map<string, typeof memberships>();
  for (const m of memberships) {
    const list = byPerson.get(m.profileId) ?? [];
    list.push(m);
    byPerson.set(m.profileId, list);
  }
  return people
    .map((p) => {
      const own = byPerson.get(p.id) ?? [];
      const primary = own.find((d) => d.headId === p.id) ?? own[0];
      return { profileId: p.id, name: p.name, role: p.role ?? '', departmentId: primary?.departmentId ?? null, department: primary?.name ?? null, departmentIds: own.map((d) => d.departmentId) };
    })
    .sort((a, b) => (ROLE_ORDER[a.role] ?? 9) - (ROLE_ORDER[b.role] ?? 9) || a.name.localeCompare(b.name));
}

/** Names of the people who recorded rows (HR, or the person themself). */
async function namesOf(tx: Tx, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await repo.listProfileNames(tx, unique);
  return new Map(rows.map((r) => [r.id, r.name]));
}

function dayItems(staff: StaffMember[], rows: StaffRow[], lateAfter: string, names: Map<string, string>): StaffDayItem[] {
  const byProfile = new Map(rows.map((r) => [r.profileId, r]));
  return staff.map((s) => {
    const r = byProfile.get(s.profileId);
    const status = (r?.status ?? null) as StaffStatus | null;
    return {
      profileId: s.profileId,
      name: s.name,
      role: s.role,
      department: s.department,
      status,
      checkIn: r?.checkIn ?? null,
      checkOut: r?.checkOut ?? null,
      late: isLate(status, r?.checkIn ?? null, lateAfter),
      note: r?.note ?? null,
      recordedBy: r?.recordedBy ? (names.get(r.recordedBy) ?? null) : null,
      selfRecorded: r?.selfRecorded ?? false,
    };
  });
}

function dayTotals(items: StaffDayItem[]): StaffDayResponse['totals'] {
  const count = (s: StaffStatus) => items.filter((i) => i.status === s).length;
  return {
    staff: items.length,
    present: count('present'),
    absent: count('absent'),
    onLeave: count('on_leave'),
    officialDuty: count('official_duty'),
    late: items.filter((i) => i.late).length,
    unrecorded: items.filter((i) => i.status === null).length,
  };
}

async function buildDay(tx: Tx, schoolId: string, day: string, today: string, cal: SchoolCalendar, settings: AttendanceSettings): Promise<StaffDayResponse> {
  const staff = await loadStaff(tx, schoolId);
  const rows = await repo.listStaffDayRows(tx, schoolId, day);
  const names = await namesOf(tx, rows.flatMap((r) => (r.recordedBy ? [r.recordedBy] : [])));
  const items = dayItems(staff, rows, settings.staffLateAfter, names);
  // Issue 14 §2: staff on approved leave show as on leave on days HR has not recorded.
  const leave = await approvedLeaveByProfile(tx, schoolId, day, day);
  for (const i of items) {
    const type = leave.get(i.profileId)?.get(day);
    if (i.status === null && type) Object.assign(i, { status: 'on_leave', note: leaveMessages.attendanceNote(type) });
  }
  return { date: day, today, notSchoolDay: notSchoolDay(cal, day, today)?.reason ?? null, lateAfter: settings.staffLateAfter, items, totals: dayTotals(items) };
}

/**
 * GET /api/staff-attendance?date= → the day's staff register: every member of staff with their status
 * (null: not recorded), check-in/out, late flag, note and who recorded it, with totals. Without `date`:
 * today when it is a school day, else the latest school day before it (today when the school has no
 * school day at all). A date that is not a school day still answers, with `notSchoolDay` saying why.
 */
export async function staffDay(database: Database, actor: Actor, query: { date?: string; schoolId?: string }): Promise<StaffDayResponse> {
  return inSchool(database, actor, query.schoolId, async (tx, schoolId) => {
    const today = schoolToday();
    const settings = await loadAttendanceSettings(tx, schoolId);
    const cal = await loadCalendar(tx, schoolId);
    const day = query.date ?? latestSchoolDay(cal, today) ?? today;
    return buildDay(tx, schoolId, day, today, cal, settings);
  });
}

export interface StaffEntryInput {
  profileId: string;
  status: StaffStatus;
  checkIn?: string | null;
  checkOut?: string | null;
  note?: string | null;
}

/** What a row holds after an entry: times only for present and official duty, empty notes as null. */
function normalise(e: StaffEntryInput): { status: StaffStatus; checkIn: string | null; checkOut: string | null; note: string | null } {
  const timed = e.status === 'present' || e.status === 'official_duty';
  return { status: e.status, checkIn: timed ? (e.checkIn ?? null) : null, checkOut: timed ? (e.checkOut ?? null) : null, note: e.note ? e.note : null };
}

const snapshot = (r: Pick<StaffRow, 'status' | 'checkIn' | 'checkOut' | 'note'>) => ({ status: r.status, checkIn: r.checkIn, checkOut: r.checkOut, note: r.note });

/**
 * PUT /api/staff-attendance { date, entries: [{ profileId, status, checkIn?, checkOut?, note? }] } (HR)
 * → the day as GET answers it. Each person's day is upserted in one transaction; a person whose values
 * do not change is left alone (sending the same body twice changes nothing and audits nothing); every
 * change is audited (STAFF_ATTENDANCE_RECORDED, old and new values). Check-in/out are kept for present
 * and official duty only. Errors: 400 for a day that is not a school day or is in the future (the
 * calendar's reason), a person twice, present without a check-in, a check-out before the check-in
 * (fields `entries.N.checkIn` / `entries.N.checkOut`); 404 for someone who is not active staff of the school.
 */
export async function putStaffDay(database: Database, c: { actor: Actor; ip: string }, body: { date: string; entries: StaffEntryInput[]; schoolId?: string }): Promise<StaffDayResponse> {
  const seen = new Set<string>();
  const fields: Record<string, string> = {};
  body.entries.forEach((e, i) => {
    if (seen.has(e.profileId)) fields[`entries.${i}.profileId`] = sm.api.entriesUnique;
    seen.add(e.profileId);
    const n = normalise(e);
    if (n.status === 'present' && !n.checkIn) fields[`entries.${i}.checkIn`] = am.checkInRequired;
    else if (n.checkOut && !n.checkIn) fields[`entries.${i}.checkIn`] = am.checkInRequired;
    else if (n.checkIn && n.checkOut && minutesOf(n.checkOut) < minutesOf(n.checkIn)) fields[`entries.${i}.checkOut`] = am.checkOutBeforeIn;
  });
  const firstError = Object.values(fields)[0];
  if (firstError) throw badRequest(firstError, fields);

  return inSchool(database, c.actor, body.schoolId, async (tx, schoolId) => {
    const today = schoolToday();
    const cal = await loadCalendar(tx, schoolId);
    assertSchoolDay(cal, body.date, today);
    const settings = await loadAttendanceSettings(tx, schoolId);
    const staff = new Map((await loadStaff(tx, schoolId)).map((s) => [s.profileId, s]));
    if (body.entries.some((e) => !staff.has(e.profileId))) throw notFound(am.staffNotFound);

    const ids = body.entries.map((e) => e.profileId);
    const existing = new Map(
      (await repo.listStaffDayRows(tx, schoolId, body.date, ids)).map((r) => [r.profileId, r]),
    );
    const caller: SchoolCaller = { actor: c.actor, schoolId, ip: c.ip };
    const now = new Date();
    for (const e of body.entries) {
      const next = normalise(e);
      const before = existing.get(e.profileId);
      if (before && JSON.stringify(snapshot(before)) === JSON.stringify(next)) continue;
      if (before) {
        await repo.updateStaffDayRow(tx, before.id, next, c.actor.id, false, now);
      } else {
        await repo.upsertStaffDayRow(tx, schoolId, e.profileId, body.date, next, c.actor.id, now);
      }
      await auditSchool(tx, caller, ATTENDANCE_AUDIT.staffAttendanceRecorded, `staff_attendance:${e.profileId}:${body.date}`, before ? snapshot(before) : null, next, {
        date: body.date,
        profileId: e.profileId,
        name: staff.get(e.profileId)!.name,
      });
    }
    return buildDay(tx, schoolId, body.date, today, cal, settings);
  });
}

async function myDay(tx: Tx, actor: Actor, schoolId: string, today: string, cal: SchoolCalendar, settings: AttendanceSettings): Promise<MyStaffDay> {
  const row = await repo.findStaffDayRow(tx, schoolId, actor.id, today);
  const status = (row?.status ?? null) as StaffStatus | null;
  return {
    date: today,
    notSchoolDay: notSchoolDay(cal, today, today)?.reason ?? null,
    selfCheckIn: settings.staffSelfCheckIn,
    status,
    checkIn: row?.checkIn ?? null,
    checkOut: row?.checkOut ?? null,
    late: isLate(status, row?.checkIn ?? null, settings.staffLateAfter),
  };
}

/**
 * GET /api/staff-attendance/me → the caller's own day today (Africa/Nairobi): whether today is a school
 * day (and why not), whether the school lets staff check themselves in, and their status and times.
 */
export async function myStaffDay(database: Database, actor: Actor): Promise<MyStaffDay> {
  return inSchool(database, actor, null, async (tx, schoolId) => {
    const today = schoolToday();
    return myDay(tx, actor, schoolId, today, await loadCalendar(tx, schoolId), await loadAttendanceSettings(tx, schoolId));
  });
}

const conflict = (message: string) => new AppError(409, 'CONFLICT', message);

/**
 * POST /api/staff-attendance/check-in | /check-out (the member of staff, from the app) → their day.
 * The time is now in Africa/Nairobi. Check-in makes the day present with that check-in (a day HR
 * recorded as absent or on leave becomes present: the person came in); check-out sets the check-out.
 * Audited like HR's records (metadata self: true).
 * Errors: 403 when the school has turned self check-in off; 400 when today is not a school day (the
 * calendar's reason); 409 when already checked in, not checked in yet, or already checked out.
 */
export async function selfCheck(database: Database, c: { actor: Actor; ip: string }, kind: 'in' | 'out', now: Date = new Date()): Promise<MyStaffDay> {
  return inSchool(database, c.actor, null, async (tx, schoolId) => {
    const today = schoolToday(now);
    const settings = await loadAttendanceSettings(tx, schoolId);
    if (!settings.staffSelfCheckIn) throw forbidden(sm.api.selfCheckInOff);
    const cal = await loadCalendar(tx, schoolId);
    assertSchoolDay(cal, today, today);
    if (!(await repo.isStaffOfSchool(tx, schoolId, c.actor.id, STAFF_ROLES))) throw notFound(am.staffNotFound);
    const before = await repo.findStaffDayRow(tx, schoolId, c.actor.id, today);
    const time = nairobiTime(now);
    let next: { status: StaffStatus; checkIn: string | null; checkOut: string | null; note: string | null };
    if (kind === 'in') {
      if (before?.checkIn) throw conflict(am.alreadyCheckedIn);
      next = { status: 'present', checkIn: time, checkOut: null, note: before?.note ?? null };
    } else {
      if (!before?.checkIn) throw conflict(am.notCheckedIn);
      if (before.checkOut) throw conflict(am.alreadyCheckedOut);
      if (minutesOf(time) < minutesOf(before.checkIn)) throw badRequest(am.checkOutBeforeIn, { checkOut: am.checkOutBeforeIn });
      next = { status: before.status as StaffStatus, checkIn: before.checkIn, checkOut: time, note: before.note };
    }
    if (before) {
      await repo.updateStaffDayRow(tx, before.id, next, c.actor.id, true, now);
    } else {
      await repo.insertSelfRecordedDay(tx, schoolId, c.actor.id, today, next);
    }
    await auditSchool(tx, { actor: c.actor, schoolId, ip: c.ip }, ATTENDANCE_AUDIT.staffAttendanceRecorded, `staff_attendance:${c.actor.id}:${today}`, before ? snapshot(before) : null, next, {
      date: today,
      profileId: c.actor.id,
      self: true,
      action: kind === 'in' ? 'check-in' : 'check-out',
    });
    return myDay(tx, c.actor, schoolId, today, cal, settings);
  });
}

/** The first and last day of a month (YYYY-MM). */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** "October 2026" for 2026-10 (shared formatMonth). */
export function monthLabel(month: string): string {
  return formatMonth(month);
}

/** The monthly report and what its documents print besides (school, late time, department filter). */
export interface StaffReport extends StaffReportResponse {
  schoolId: string;
  lateAfter: string;
  departmentName: string | null;
}

/**
 * GET /api/staff-attendance/report?month=YYYY-MM&departmentId= → a row per member of staff and a row per
 * department. Days open: the school days of the month up to today. Per person: present (late included),
 * late, absent, on leave, official duty, not recorded (days open with no record) and the rate: present of
 * the days open less leave and official duty, percent with one decimal (null when no day is expected).
 * Per department (a person counts in their own department; "No department" for non-teaching staff):
 * totals and the rate over its people's expected days. With `departmentId`, only its members (404 when
 * the school has no such department).
 */
export async function staffReport(database: Database, actor: Actor, query: { month: string; departmentId?: string; schoolId?: string }): Promise<StaffReport> {
  return inSchool(database, actor, query.schoolId, async (tx, schoolId) => {
    const today = schoolToday();
    const settings = await loadAttendanceSettings(tx, schoolId);
    const { from, to } = monthRange(query.month);
    const until = to < today ? to : today;
    const cal = await loadCalendar(tx, schoolId, { from, to });
    const days = from <= until ? schoolDaysBetween(cal, from, until) : [];
    const open = new Set(days);

    let staff = await loadStaff(tx, schoolId);
    let departmentName: string | null = null;
    if (query.departmentId) {
      const d = await repo.findDepartment(tx, schoolId, query.departmentId);
      if (!d) throw notFound(sm.api.departmentNotFound);
      departmentName = d.name;
      staff = staff.filter((s) => s.departmentIds.includes(d.id)).map((s) => ({ ...s, departmentId: d.id, department: d.name }));
    }

    const rows = days.length ? await repo.listStaffRowsBetween(tx, schoolId, from, until) : [];
    const byPerson = new Map<string, typeof rows>();
    for (const r of rows) {
      if (!open.has(r.date)) continue;
      const list = byPerson.get(r.profileId) ?? [];
      list.push(r);
      byPerson.set(r.profileId, list);
    }

    // Issue 14 §2: unrecorded school days on approved leave count as on leave.
    const leave = days.length ? await approvedLeaveByProfile(tx, schoolId, from, until) : new Map<string, Map<string, string>>();
    const items = staff.map((s) => {
      const own = byPerson.get(s.profileId) ?? [];
      const recorded = new Set(own.map((r) => r.date));
      const leaveOnly = [...(leave.get(s.profileId)?.keys() ?? [])].filter((d) => open.has(d) && !recorded.has(d)).length;
      const n = (status: StaffStatus) => own.filter((r) => r.status === status).length;
      const counts = {
        daysOpen: days.length,
        present: n('present'),
        absent: n('absent'),
        onLeave: n('on_leave') + leaveOnly,
        officialDuty: n('official_duty'),
        late: own.filter((r) => isLate(r.status, r.checkIn, settings.staffLateAfter)).length,
        unrecorded: days.length - own.length - leaveOnly,
      };
      return { profileId: s.profileId, name: s.name, role: s.role, department: s.department, departmentId: s.departmentId, ...counts, rate: staffRate(counts) };
    });

    const groups = new Map<string, { id: string | null; name: string; rows: typeof items }>();
    for (const i of items) {
      const key = i.departmentId ?? '';
      const g = groups.get(key) ?? { id: i.departmentId, name: i.department ?? sm.api.noDepartment, rows: [] };
      g.rows.push(i);
      groups.set(key, g);
    }
    const sum = (list: typeof items, k: 'daysOpen' | 'present' | 'absent' | 'late' | 'onLeave' | 'officialDuty') => list.reduce((s, r) => s + r[k], 0);
    const departmentsOut = [...groups.values()]
      .sort((a, b) => (a.id === null ? 1 : 0) - (b.id === null ? 1 : 0) || a.name.localeCompare(b.name))
      .map((g) => ({
        id: g.id,
        name: g.name,
        staff: g.rows.length,
        present: sum(g.rows, 'present'),
        absent: sum(g.rows, 'absent'),
        late: sum(g.rows, 'late'),
        rate: staffRate({ daysOpen: sum(g.rows, 'daysOpen'), present: sum(g.rows, 'present'), onLeave: sum(g.rows, 'onLeave'), officialDuty: sum(g.rows, 'officialDuty') }),
      }));

    return {
      month: query.month,
      daysOpen: days.length,
      items: items.map(({ departmentId: _d, ...rest }) => rest),
      departments: departmentsOut,
      schoolId,
      lateAfter: settings.staffLateAfter,
      departmentName,
    };
  });
}
