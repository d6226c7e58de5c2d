import { kenyaPublicHolidaysBetween, weekday } from '../kenya-holidays.js';

/**
 * Days a leave from `from` to `to` (YYYY-MM-DD, inclusive) counts against a balance (issue 14 §2):
 * calendar days count every day; working days skip Saturdays, Sundays and Kenya's public holidays
 * (Employment Act 2007 s.28: annual leave is in working days; public holidays within it are not leave).
 * Returns 0 when `to` is before `from`.
 */
export function leaveDays(from: string, to: string, unit: 'working_days' | 'calendar_days'): number {
  if (to < from) return 0;
  const holidays = new Set(kenyaPublicHolidaysBetween(from, to).map((h) => h.date));
  let n = 0;
  const d = new Date(`${from}T00:00:00Z`);
  for (;;) {
    const day = d.toISOString().slice(0, 10);
    if (day > to) break;
    const wd = weekday(day);
    if (unit === 'calendar_days' || (wd !== 0 && wd !== 6 && !holidays.has(day))) n++;
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return n;
}

/** Every date from `from` to `to` inclusive. */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const d = new Date(`${from}T00:00:00Z`);
  for (;;) {
    const day = d.toISOString().slice(0, 10);
    if (day > to) break;
    out.push(day);
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}
