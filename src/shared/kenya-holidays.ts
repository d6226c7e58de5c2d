/**
 * Kenya's public holidays (Public Holidays Act, Cap. 110, as amended by the Public Holidays
 * (Amendment) Act 2024, which added Mazingira Day on 10 October). Dates are YYYY-MM-DD in
 * Africa/Nairobi.
 *
 * - Fixed dates: New Year's Day, Labour Day, Madaraka Day, Mazingira Day, Mashujaa Day, Jamhuri Day,
 *   Christmas Day, Boxing Day. When one falls on a Sunday the Monday after is the holiday (the Act, s. 3).
 * - Good Friday and Easter Monday follow Western Easter (computed below).
 * - Idd-ul-Fitr and Idd-ul-Azha depend on the moon and are gazetted each year: the table holds the
 *   expected dates; a school corrects a date on its calendar (issue 13 §1 "editable per school"), and
 *   the Cabinet Secretary may gazette extra days, which schools add the same way.
 */

export interface PublicHoliday {
  date: string;
  name: string;
}

/** Expected Idd dates (Umm al-Qura, adjusted to Kenya's usual sighting). Correct per school when gazetted. */
export const IDD_DATES: Record<number, { fitr: string; azha: string }> = {
  2025: { fitr: '2025-03-31', azha: '2025-06-06' },
  2026: { fitr: '2026-03-20', azha: '2026-05-27' },
  2027: { fitr: '2027-03-10', azha: '2027-05-17' },
  2028: { fitr: '2028-02-27', azha: '2028-05-05' },
  2029: { fitr: '2029-02-15', azha: '2029-04-24' },
  2030: { fitr: '2030-02-05', azha: '2030-04-14' },
};

const FIXED: { month: number; day: number; name: string }[] = [
  { month: 1, day: 1, name: "New Year's Day" },
  { month: 5, day: 1, name: 'Labour Day' },
  { month: 6, day: 1, name: 'Madaraka Day' },
  { month: 10, day: 10, name: 'Mazingira Day' },
  { month: 10, day: 20, name: 'Mashujaa Day' },
  { month: 12, day: 12, name: 'Jamhuri Day' },
  { month: 12, day: 25, name: 'Christmas Day' },
  { month: 12, day: 26, name: 'Boxing Day' },
];

function iso(y: number, m: number, d: number): string {
  return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
}

/** Western Easter Sunday (Anonymous Gregorian algorithm, "Meeus/Jones/Butcher"). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(year, month, day);
}

function shift(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, for a YYYY-MM-DD date. */
export function weekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/**
 * Kenya's public holidays of a year, in date order, with Sunday holidays observed on the Monday after
 * (named "… (observed)"). Idd dates come from IDD_DATES when the year is listed.
 */
export function kenyaPublicHolidays(year: number): PublicHoliday[] {
  const out: PublicHoliday[] = [];
  const add = (date: string, name: string) => {
    out.push({ date, name });
    if (weekday(date) === 0) out.push({ date: shift(date, 1), name: `${name} (observed)` });
  };
  for (const f of FIXED) add(iso(year, f.month, f.day), f.name);
  const easter = easterSunday(year);
  out.push({ date: shift(easter, -2), name: 'Good Friday' });
  out.push({ date: shift(easter, 1), name: 'Easter Monday' });
  const idd = IDD_DATES[year];
  if (idd) {
    add(idd.fitr, 'Idd-ul-Fitr');
    add(idd.azha, 'Idd-ul-Azha');
  }
  // Boxing Day on a Sunday observes on Monday 27th; Christmas on a Sunday moves to Monday 26th, which is
  // Boxing Day already, so Boxing Day is observed on Tuesday 27th.
  const dates = new Map<string, string>();
  const observed = (h: PublicHoliday) => h.name.endsWith('(observed)');
  for (const h of out.filter((x) => !observed(x))) if (!dates.has(h.date)) dates.set(h.date, h.name);
  for (const h of out.filter(observed).sort((a, b) => a.date.localeCompare(b.date))) {
    let date = h.date;
    while (dates.has(date)) date = shift(date, 1);
    dates.set(date, h.name);
  }
  return [...dates.entries()].map(([date, name]) => ({ date, name })).sort((a, b) => a.date.localeCompare(b.date));
}

/** Public holidays between two dates (inclusive), across years. */
export function kenyaPublicHolidaysBetween(from: string, to: string): PublicHoliday[] {
  const out: PublicHoliday[] = [];
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) {
    for (const h of kenyaPublicHolidays(y)) if (h.date >= from && h.date <= to) out.push(h);
  }
  return out;
}
