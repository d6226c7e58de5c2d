import { notSchoolDay, type SchoolCalendar } from '@shared/attendance-calendar';
import type { CalendarResponse } from '@shared/contracts/attendance';
import { addDays } from '@shared/dates';

/**
 * Stepping through school days on the register page (issue 13 §1 "Only school days count"), with the
 * shared rule the server applies (shared/attendance-calendar.ts), so the prev/next buttons land only on
 * days that have a register. Pure.
 */

/** The calendar of GET /api/attendance/calendar as the shared rule takes it. */
export const calendarOf = (c: CalendarResponse): SchoolCalendar => ({ terms: c.terms, events: c.events });

/** The school day before `day` (looking back at most `lookBack` days), or null. */
export function previousSchoolDay(cal: SchoolCalendar, day: string, lookBack = 366): string | null {
  let d = day;
  for (let i = 0; i < lookBack; i++) {
    d = addDays(d, -1);
    if (!notSchoolDay(cal, d)) return d;
  }
  return null;
}

/** The school day after `day` up to `today` (registers cannot be taken for the future), or null. */
export function nextSchoolDay(cal: SchoolCalendar, day: string, today: string): string | null {
  let d = day;
  while (d < today) {
    d = addDays(d, 1);
    if (!notSchoolDay(cal, d, today)) return d;
  }
  return null;
}

/**
 * The calendar range the page asks for: the year of `day` (from a month before it, for stepping back over
 * New Year) up to today at the latest; at most 396 days (the API takes 400). Steady while the teacher
 * steps through one year, so stepping does not refetch it.
 */
export function calendarRange(day: string, today: string): { from: string; to: string } {
  const year = day.slice(0, 4);
  const end = `${year}-12-31`;
  return { from: addDays(`${year}-01-01`, -30), to: end < today ? end : today };
}
