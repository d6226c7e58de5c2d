import { SCHOOL_TIME_ZONE } from './contracts/dashboard.js';
import { currentLocale, type Locale } from './i18n/locale.js';

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

/**
 * EduFam writes dates one way per kind, as Kenya does (issue 34), on screens, PDFs and exports alike:
 * a day "28/11/2026" (formatDay), a day with its time "28/11/2026 14:05" (formatDayTime, 24-hour),
 * a month "November 2026" (formatMonth). Calendar dates (YYYY-MM-DD) are shown as they are; instants
 * are shown in Africa/Nairobi. People type days as dd/mm/yyyy (parseDay); the API keeps YYYY-MM-DD.
 */
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
let instantParts: Intl.DateTimeFormat | null = null;

/** Nairobi year, month, day, hour, minute and second of an instant, two-digit padded. */
function nairobiParts(at: string | number | Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  instantParts ??= new Intl.DateTimeFormat('en-GB', { timeZone: SCHOOL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const parts = Object.fromEntries(instantParts.formatToParts(at instanceof Date ? at : new Date(at)).map((p) => [p.type, p.value]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour === '24' ? '00' : parts.hour!, minute: parts.minute!, second: parts.second! };
}

/**
 * A day as dd/mm/yyyy: "2026-11-28" → "28/11/2026" (a calendar date, no time-zone shift); an instant
 * (ISO timestamp, epoch ms or Date) → its day in Nairobi. Empty or unreadable input → ''.
 */
export function formatDay(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const iso = ISO_DAY.exec(value);
    if (iso) return `${iso[3]}/${iso[2]}/${iso[1]}`;
  }
  const at = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  const p = nairobiParts(at);
  return `${p.day}/${p.month}/${p.year}`;
}

/**
 * An instant's day and 24-hour time in Nairobi: "28/11/2026 14:05" ("28/11/2026 14:05:09" with
 * `{ seconds: true }`, for the audit log's exact moment). Empty or unreadable input → ''.
 */
export function formatDayTime(at: string | number | Date | null | undefined, options: { seconds?: boolean } = {}): string {
  if (at === null || at === undefined || at === '') return '';
  const d = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  const p = nairobiParts(d);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}${options.seconds ? `:${p.second}` : ''}`;
}

/*
 * Two shorter kinds, for where dd/mm/yyyy does not fit or reads coldly: a compact day "23 Oct"
 * (chart axes, list stamps, hints) and a friendly long day "Sunday, 29 November 2026" (the header's
 * greeting, a thread's day heading); with them a weekday ("Sun", "Sunday") and a compact month
 * ("Nov 2026", "Nov" on a year axis). The names are written here, not left to Intl, so the server,
 * Node and every browser write the same words (some ICU versions write September "Sept"), in English or
 * Kiswahili as the reader reads (issue 36 §1: "Jumapili, 29 Novemba 2026", "29 Nov", "Jpili").
 */
const CALENDAR_NAMES: Record<Locale, { months: readonly string[]; shortMonths: readonly string[]; weekdays: readonly string[]; shortWeekdays: readonly string[] }> = {
  en: {
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    shortMonths: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    shortWeekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  },
  sw: {
    months: ['Januari', 'Februari', 'Machi', 'Aprili', 'Mei', 'Juni', 'Julai', 'Agosti', 'Septemba', 'Oktoba', 'Novemba', 'Desemba'],
    shortMonths: ['Jan', 'Feb', 'Mac', 'Apr', 'Mei', 'Jun', 'Jul', 'Ago', 'Sep', 'Okt', 'Nov', 'Des'],
    weekdays: ['Jumapili', 'Jumatatu', 'Jumanne', 'Jumatano', 'Alhamisi', 'Ijumaa', 'Jumamosi'],
    shortWeekdays: ['Jpili', 'Jtatu', 'Jnne', 'Jtano', 'Alh', 'Ijm', 'Jmosi'],
  },
};
const names = () => CALENDAR_NAMES[currentLocale()];
const ISO_MONTH = /^\d{4}-\d{2}$/;

/**
 * The calendar day a value stands for, as a Date at its UTC midnight: a YYYY-MM-DD (or YYYY-MM, its 1st)
 * as it is, an instant (ISO timestamp, epoch ms or Date) on its Nairobi day. Empty or unreadable → null.
 */
function calendarDay(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && (ISO_DAY.test(value) || ISO_MONTH.test(value))) {
    const d = new Date(`${value.length === 7 ? `${value}-01` : value}T00:00:00Z`);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  const at = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(at.getTime())) return null;
  return new Date(`${schoolToday(at)}T00:00:00Z`);
}

/**
 * A compact day, day and short month without the year: "2026-10-23" → "23 Oct" (no time-zone shift);
 * an instant → its Nairobi day. For chart axes, list stamps and hints; tables and details use formatDay.
 * Empty or unreadable → ''.
 */
export function formatShortDay(value: string | number | Date | null | undefined): string {
  const d = calendarDay(value);
  return d ? `${d.getUTCDate()} ${names().shortMonths[d.getUTCMonth()]}` : '';
}

/**
 * A friendly long day: "2026-11-29" → "Sunday, 29 November 2026" (no time-zone shift); an instant → its
 * Nairobi day. For the header's greeting and a message thread's day headings. Empty or unreadable → ''.
 */
export function formatLongDay(value: string | number | Date | null | undefined): string {
  const d = calendarDay(value);
  const { weekdays, months } = names();
  return d ? `${weekdays[d.getUTCDay()]}, ${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}` : '';
}

/**
 * The weekday of a day: "Sun" (short, the default) or "Sunday" (long); a YYYY-MM-DD as it is, an instant
 * on its Nairobi day. Empty or unreadable → ''.
 */
export function formatWeekday(value: string | number | Date | null | undefined, width: 'short' | 'long' = 'short'): string {
  const d = calendarDay(value);
  if (!d) return '';
  return (width === 'long' ? names().weekdays : names().shortWeekdays)[d.getUTCDay()]!;
}

/**
 * A compact month: '2026-11' (or a day of it, or an instant, on its Nairobi day) → "Nov 2026"; "Nov" with
 * `{ year: false }` (a year's axis). For charts and narrow columns; elsewhere formatMonth ("November 2026").
 */
export function formatShortMonth(value: string | number | Date | null | undefined, options: { year?: boolean } = {}): string {
  const d = calendarDay(value);
  if (!d) return '';
  const month = names().shortMonths[d.getUTCMonth()]!;
  return options.year === false ? month : `${month} ${d.getUTCFullYear()}`;
}

/**
 * "November 2026" ("Novemba 2026" in Kiswahili) for '2026-11' (or the month of a YYYY-MM-DD day); a
 * calendar month, no time zone involved.
 */
export function formatMonth(month: string): string {
  const [year, m] = month.slice(0, 7).split('-');
  const name = names().months[Number(m) - 1];
  return name && year ? `${name} ${year}` : '';
}

/** Same as formatMonth ("November 2026" for '2026-11'); kept for the payroll and report callers. */
export const monthName = formatMonth;

/** True when y-m-d is a real calendar day (29/02 only in leap years, no 31/04). */
function realDay(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || y < 1000) return false;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= last;
}

/**
 * The YYYY-MM-DD of a day a person typed: dd/mm/yyyy (one-digit day or month and '-' or '.' also read,
 * "1/3/2026" is 1 March) or YYYY-MM-DD; surrounding spaces ignored. Not a real day (29/02/2027,
 * 31/04/2026) or any other shape → null.
 */
export function parseDay(text: string): string | null {
  const s = text.trim();
  let y: number, m: number, d: number;
  const iso = ISO_DAY.exec(s);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dmy) [d, m, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
  else return null;
  if (!realDay(y, m, d)) return null;
  return `${String(y)}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** This month at the school, 'YYYY-MM'. */
export function schoolMonth(now: Date = new Date()): string {
  return schoolToday(now).slice(0, 7);
}

/**
 * A weekday named in English data (a timetable's day "Monday", "tue") in the reader's language:
 * "Jumatatu" in Kiswahili; a name that is not an English weekday comes back as it is.
 */
export function weekdayLabel(name: string): string {
  const key = name.trim().toLowerCase();
  const i = CALENDAR_NAMES.en.weekdays.findIndex((w) => w.toLowerCase() === key);
  if (i >= 0) return names().weekdays[i]!;
  const s = CALENDAR_NAMES.en.shortWeekdays.findIndex((w) => w.toLowerCase() === key);
  return s >= 0 ? names().shortWeekdays[s]! : name;
}
