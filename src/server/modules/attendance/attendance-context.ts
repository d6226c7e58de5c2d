import { notSchoolDay, type SchoolCalendar } from '../../../shared/attendance-calendar.js';
import { DEFAULT_ATTENDANCE_SETTINGS, type AttendanceSettings } from '../../../shared/contracts/attendance.js';
import { schoolToday } from '../../../shared/dates.js';
import type { Tx } from '../../db/tenant.js';
import { badRequest } from '../../errors.js';
import * as repo from './attendance.repository.js';
import type { TermRow } from './attendance.repository.js';

export type { TermRow };

/**
 * What every part of the attendance module (issue 13) shares: the school of a call, the school's
 * settings (defaults until saved), its calendar (terms, half-terms, its own closed/open days; Kenya's
 * public holidays come from shared/kenya-holidays.ts) and audit entries.
 */

/** Audit actions of the attendance module (the Audit Trail lists them). */
export const ATTENDANCE_AUDIT = {
  registerMarked: 'ATTENDANCE_REGISTER_MARKED',
  registerChanged: 'ATTENDANCE_REGISTER_CHANGED',
  settingsUpdated: 'ATTENDANCE_SETTINGS_UPDATED',
  calendarDayAdded: 'SCHOOL_CALENDAR_DAY_ADDED',
  calendarDayRemoved: 'SCHOOL_CALENDAR_DAY_REMOVED',
  staffAttendanceRecorded: 'STAFF_ATTENDANCE_RECORDED',
} as const;

/** The school's attendance settings (the defaults when it never saved any). */
export async function loadAttendanceSettings(tx: Tx, schoolId: string): Promise<AttendanceSettings> {
  const row = await repo.findAttendanceSettings(tx, schoolId);
  if (!row) return { ...DEFAULT_ATTENDANCE_SETTINGS };
  return {
    sessionsPerDay: row.sessionsPerDay === 2 ? 2 : 1,
    perLessonRegisters: row.perLessonRegisters,
    lockAfterDays: row.lockAfterDays,
    chronicThreshold: row.chronicThreshold,
    smsAbsenceAlerts: row.smsAbsenceAlerts,
    staffLateAfter: row.staffLateAfter,
    staffSelfCheckIn: row.staffSelfCheckIn,
  };
}

/** The daily sessions of a school: ["day"], or ["morning", "afternoon"]. */
export function dailySessions(s: AttendanceSettings): string[] {
  return s.sessionsPerDay === 2 ? ['morning', 'afternoon'] : ['day'];
}

/**
 * The school's calendar (terms and its own days) for shared/attendance-calendar.ts. With `from`/`to`
 * only the school days overlapping that range are loaded.
 */
export async function loadCalendar(tx: Tx, schoolId: string, range?: { from: string; to: string }): Promise<SchoolCalendar & { termRows: TermRow[] }> {
  const termRows = await repo.listSchoolTerms(tx, schoolId);
  const events = await repo.listCalendarEvents(tx, schoolId, range);
  return {
    termRows,
    terms: termRows.map((t) => ({ name: t.name, startsOn: t.startsOn, endsOn: t.endsOn, halfTermStartsOn: t.halfTermStartsOn, halfTermEndsOn: t.halfTermEndsOn })),
    events: events.map((e) => ({ startsOn: e.startsOn, endsOn: e.endsOn, name: e.name, kind: e.kind === 'open' ? 'open' : 'closed' })),
  };
}

/** Throws 400 with the reason when `day` is not a school day (or is in the future). */
export function assertSchoolDay(cal: SchoolCalendar, day: string, today = schoolToday()): void {
  const why = notSchoolDay(cal, day, today);
  if (why) throw badRequest(why.reason, { date: why.reason });
}

/** The term a day falls in (half-terms included), the current term, or the latest before it. */
export function termOf(rows: TermRow[], day: string): TermRow | undefined {
  return rows.find((t) => day >= t.startsOn && day <= t.endsOn) ?? rows.filter((t) => t.startsOn <= day).at(-1) ?? rows[0];
}

/** The term a report defaults to: the current term, else the one today falls in, else the latest started. */
export function defaultTerm(rows: TermRow[], today = schoolToday()): TermRow | undefined {
  return rows.find((t) => t.isCurrent) ?? termOf(rows, today);
}

/** The last day a report over a term counts: the term's end, or today when the term is still running. */
export function countedUntil(term: { endsOn: string }, today = schoolToday()): string {
  return term.endsOn < today ? term.endsOn : today;
}


/** Minutes since midnight of an HH:MM time. */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}
