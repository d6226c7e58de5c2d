import { SCHOOL_TIME_ZONE } from './contracts/dashboard.js';

// Building an Intl formatter costs far more than using one: keep one (hot paths call schoolToday).
let dayFormat: Intl.DateTimeFormat | null = null;

/** Today's calendar date in Africa/Nairobi (the school's day) as YYYY-MM-DD. */
export function schoolToday(now: Date = new Date()): string {
  dayFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  return dayFormat.format(now);
}

/** The calendar date `days` days after `day` (YYYY-MM-DD; negative goes back). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** "November 2026" for '2026-11' (a calendar month, no time zone involved). */
export function monthName(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** This month at the school, 'YYYY-MM'. */
export function schoolMonth(now: Date = new Date()): string {
  return schoolToday(now).slice(0, 7);
}
