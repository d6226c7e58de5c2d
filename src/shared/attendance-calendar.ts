import { formatDay, formatWeekday } from './dates.js';
import { kenyaPublicHolidaysBetween, weekday } from './kenya-holidays.js';
import { attendanceMessages as m } from './messages/attendance.js';

/**
 * Which days are school days (issue 13 §1 "Only school days count"): inside a term of the school, not in
 * its half-term, not a Saturday or Sunday, not a Kenya public holiday (unless the school opens on it)
 * and not a day the school closed (its own holidays: sports day off, a closure, a gazetted extra day).
 * Pure: the server checks registers with it, the screens grey out days with it.
 */

export interface CalendarTerm {
  name: string;
  startsOn: string;
  endsOn: string;
  halfTermStartsOn: string | null;
  halfTermEndsOn: string | null;
}

/** A school's own calendar entry: closed (holiday) or open (teaching on a public holiday). */
export interface CalendarEvent {
  startsOn: string;
  endsOn: string;
  name: string;
  kind: 'closed' | 'open';
}

export interface SchoolCalendar {
  terms: CalendarTerm[];
  events: CalendarEvent[];
}

export type NotSchoolDayKind = 'future' | 'weekend' | 'public_holiday' | 'school_holiday' | 'half_term' | 'outside_term';

export interface NotSchoolDay {
  kind: NotSchoolDayKind;
  /** Why, in words the page shows and the API returns (400). */
  reason: string;
}

/**
 * "Sat 14/03/2026" for a YYYY-MM-DD date (weekday, then the day as formatDay writes it); the weekday in
 * the reader's language ("Jmosi 14/03/2026" in Kiswahili, shared/dates formatWeekday).
 */
export function dayLabel(day: string): string {
  return `${formatWeekday(day)} ${formatDay(day)}`;
}

const inside = (day: string, from: string | null, to: string | null) => !!from && !!to && day >= from && day <= to;

/**
 * Null when `day` is a school day of the calendar, otherwise why not. `today` (Africa/Nairobi) rules
 * out future days when given. Order: future, the school's open days (always school days), weekend,
 * outside any term, half-term, school closure, public holiday.
 */
export function notSchoolDay(cal: SchoolCalendar, day: string, today?: string): NotSchoolDay | null {
  const label = dayLabel(day);
  if (today && day > today) return { kind: 'future', reason: m.futureDate };
  // An open day (Saturday classes, teaching on a public holiday, a make-up day) is a school day whatever else.
  if (cal.events.some((e) => e.kind === 'open' && inside(day, e.startsOn, e.endsOn))) return null;
  const wd = weekday(day);
  if (wd === 0 || wd === 6) return { kind: 'weekend', reason: m.weekend(label) };
  const term = cal.terms.find((t) => inside(day, t.startsOn, t.endsOn));
  if (!term) return { kind: 'outside_term', reason: m.outsideTerm(label) };
  if (inside(day, term.halfTermStartsOn, term.halfTermEndsOn)) return { kind: 'half_term', reason: m.halfTerm(label, term.name) };
  const closed = cal.events.find((e) => e.kind === 'closed' && inside(day, e.startsOn, e.endsOn));
  if (closed) return { kind: 'school_holiday', reason: m.schoolHoliday(label, closed.name) };
  const holiday = kenyaPublicHolidaysBetween(day, day)[0];
  if (holiday) return { kind: 'public_holiday', reason: m.publicHoliday(label, holiday.name) };
  return null;
}

/** The school days from `from` to `to` inclusive (YYYY-MM-DD), in order. */
export function schoolDaysBetween(cal: SchoolCalendar, from: string, to: string): string[] {
  const out: string[] = [];
  const d = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  while (d <= end) {
    const day = d.toISOString().slice(0, 10);
    if (!notSchoolDay(cal, day)) out.push(day);
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

/** Every day from `from` to `to` that is not a school day, with why (for the calendar screens). */
export function closedDaysBetween(cal: SchoolCalendar, from: string, to: string): { date: string; kind: NotSchoolDayKind; reason: string }[] {
  const out: { date: string; kind: NotSchoolDayKind; reason: string }[] = [];
  const d = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  while (d <= end) {
    const day = d.toISOString().slice(0, 10);
    const why = notSchoolDay(cal, day);
    if (why) out.push({ date: day, ...why });
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

/** Attendance rate in percent with one decimal: (present + late) of the days open; null with no days. */
export function attendanceRate(counts: { daysOpen: number; present: number; late: number }): number | null {
  if (counts.daysOpen <= 0) return null;
  return Math.round(((counts.present + counts.late) / counts.daysOpen) * 1000) / 10;
}

export const ATTENDANCE_STATUSES = ['present', 'absent', 'late', 'excused'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/**
 * A learner's status for a day from their sessions' statuses (two registers a day): the most serious
 * wins, absent > excused > late > present, so leaving at lunch without leave is an absence the parent
 * hears about (docs/decisions/0011-attendance.md).
 */
export function dayStatus(sessions: AttendanceStatus[]): AttendanceStatus | null {
  if (sessions.length === 0) return null;
  for (const s of ['absent', 'excused', 'late'] as const) if (sessions.includes(s)) return s;
  return 'present';
}

/** The latest school day on or before `today` within the calendar (the day registers default to), or null. */
export function latestSchoolDay(cal: SchoolCalendar, today: string, lookBackDays = 400): string | null {
  const d = new Date(`${today}T00:00:00Z`);
  for (let i = 0; i <= lookBackDays; i++) {
    const day = d.toISOString().slice(0, 10);
    if (!notSchoolDay(cal, day)) return day;
    d.setUTCDate(d.getUTCDate() - 1);
  }
  return null;
}

/**
 * Is a register of `day` locked (issue 13 §1 "the principal can lock registers after a number of
 * days")? Counted in school days: locked once more than `lockAfterDays` school days have followed it up to
 * today, so holidays do not lock a Friday register before the teacher is back.
 */
export function isRegisterLocked(cal: SchoolCalendar, day: string, today: string, lockAfterDays: number | null): boolean {
  if (lockAfterDays === null || day >= today) return false;
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  let after = 0;
  const end = new Date(`${today}T00:00:00Z`);
  while (d <= end) {
    if (!notSchoolDay(cal, d.toISOString().slice(0, 10))) after++;
    if (after > lockAfterDays) return true;
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return false;
}
