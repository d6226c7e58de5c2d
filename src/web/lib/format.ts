import { messages } from '@shared/messages';
import { SCHOOL_TIME_ZONE, type Term } from '@shared/contracts/dashboard';
import { formatDay, formatDayTime, formatShortDay } from '@shared/dates';
import { formatKenyanPhone } from '@shared/phone';

const numberFormat = new Intl.NumberFormat('en-KE');

const schoolFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The one way the web shows instants: an Intl.DateTimeFormat in the school's time zone
 * (SCHOOL_TIME_ZONE, Africa/Nairobi: EAT, UTC+03:00 all year), built once per locale and option set.
 * Screens use the named formatters below; this is for the rare shape they do not cover.
 */
export function schoolTimeFormat(options: Intl.DateTimeFormatOptions, locale = 'en-GB'): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = schoolFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: SCHOOL_TIME_ZONE });
    schoolFormats.set(key, format);
  }
  return format;
}

const instantOf = (at: string | number | Date) => (at instanceof Date ? at : new Date(at));
const clockFormat = schoolTimeFormat({ hour: '2-digit', minute: '2-digit' });
const clockSecondsFormat = schoolTimeFormat({ hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** An instant (ISO string, epoch ms or Date) in Nairobi time: "12/03/2026 14:05" (shared formatDayTime). */
export const formatInstant = (at: string | number | Date) => formatDayTime(at);

/** The Nairobi day of an instant: "12/03/2026" (shared formatDay). */
export const formatInstantDay = (at: string | number | Date) => formatDay(at);

/** The Nairobi time of day of an instant: "14:05". */
export const formatClock = (at: string | number | Date) => clockFormat.format(instantOf(at));

/** The Nairobi time of day with seconds: "14:05:09". */
export const formatClockSeconds = (at: string | number | Date) => clockSecondsFormat.format(instantOf(at));

/** 1234 → "1,234". */
export const formatNumber = (n: number) => numberFormat.format(n);

/** Milliseconds of an ISO calendar date (YYYY-MM-DD) at UTC midnight: calendar maths without zones. */
export const dayMs = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

/** "2026-10-23" → "23/10/2026" (a calendar date: no time-zone shift; shared formatDay). */
export const formatDate = (iso: string) => formatDay(iso);

/** "2026-10-23" → "23 Oct" (a compact day for charts and hints; shared formatShortDay). */
export const formatShortDate = (iso: string) => formatShortDay(iso);

/** An instant in Nairobi time, e.g. "22/11/2026 08:15" (shared formatDayTime). */
export const formatDateTime = (at: string | number | Date) => formatDayTime(at);

/** Whole days from `from` to `to` (ISO dates). */
export const daysBetween = (from: string, to: string) => Math.round((dayMs(to) - dayMs(from)) / 86_400_000);

/** Short axis label of a grade level: "Grade 7" → "G7", "Year 10" → "Y10", "PP1" stays. */
export function shortGrade(level: string | null): string {
  if (!level) return messages.dashboard.unassigned;
  const m = /^(Grade|Year|Form)\s+(\d+)$/i.exec(level);
  return m ? `${m[1]![0]!.toUpperCase()}${m[2]}` : level;
}

/** Short label of a class: "Grade 7 East" → "G7 East". */
export function shortClass(name: string): string {
  return name.replace(/^(Grade|Year|Form)\s+(\d+)/i, (_, w: string, n: string) => `${w[0]!.toUpperCase()}${n}`);
}

/** A term's headline and a one-line status ("12 days left", "Ended 23 Oct 2026"). */
export function termSummary(term: Term, asOf: string): { title: string; status: string; hint: string } {
  const m = messages.dashboard;
  const title = `${term.name} · ${term.academicYear}`;
  if (term.status === 'current') {
    return { title, status: term.inHalfTerm ? m.termHalfTerm : m.termCurrent, hint: m.termDaysLeft(Math.max(0, daysBetween(asOf, term.endsOn))) };
  }
  // Between terms: the holiday, and when the next term opens (from the school's calendar or the Ministry's).
  if (term.status === 'ended') {
    return term.next
      ? { title, status: m.termHoliday, hint: m.termOpens(term.next.name, term.next.academicYear, formatDate(term.next.startsOn)) }
      : { title, status: m.termEnded, hint: m.termEndedOn(formatDate(term.endsOn)) };
  }
  return { title, status: m.termUpcoming, hint: m.termStartsOn(formatDate(term.startsOn)) };
}

/** Initials of a name for an avatar: "Grace Achieng Owino" → "GO". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase();
}

/** A Kenyan phone (stored 2547XXXXXXXX) as people read it, "0722 334 455" (shared formatKenyanPhone). */
export const formatPhone = (phone: string | null | undefined) => formatKenyanPhone(phone);
