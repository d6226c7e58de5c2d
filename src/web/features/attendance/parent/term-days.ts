import { notSchoolDay, type AttendanceStatus, type SchoolCalendar } from '@shared/attendance-calendar';
import type { CalendarResponse, StudentAttendance } from '@shared/contracts/attendance';

/**
 * Pure helpers of the parent's attendance calendar (issue 13 §2): which term to show first, what each
 * day of a term is for the learner (a mark, not yet marked, upcoming, no school and why) and the
 * Monday-first month grids of a term.
 */

export type Term = CalendarResponse['terms'][number];

/** What a calendar day shows: the learner's mark, or why there is none. */
export type DayKind = AttendanceStatus | 'unmarked' | 'upcoming' | 'closed' | 'outside';

export interface TermDay {
  date: string;
  kind: DayKind;
  /** Why the school is closed (kind closed or outside). */
  reason: string | null;
  note: string | null;
  arrivalTime: string | null;
}

/** The tone of an attendance rate: good at 95 % or more, watch from 90 % to under 95 %, concern below 90 %. */
export type RateTone = 'good' | 'watch' | 'concern';
export function rateTone(rate: number | null): RateTone | null {
  if (rate === null) return null;
  return rate >= 95 ? 'good' : rate >= 90 ? 'watch' : 'concern';
}

/** The term shown first: the current term if it has started, else the latest term that has begun by today, else the first. */
export function defaultTermId(terms: Term[], today: string): string | null {
  const started = terms.filter((t) => t.startsOn <= today);
  const current = started.find((t) => t.isCurrent);
  if (current) return current.id;
  const latest = [...started].sort((a, b) => a.startsOn.localeCompare(b.startsOn)).at(-1);
  return latest?.id ?? terms[0]?.id ?? null;
}

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** The school's calendar as shared/attendance-calendar.ts reads it. */
export function schoolCalendarOf(cal: CalendarResponse): SchoolCalendar {
  return {
    terms: cal.terms.map((t) => ({ name: t.name, startsOn: t.startsOn, endsOn: t.endsOn, halfTermStartsOn: t.halfTermStartsOn, halfTermEndsOn: t.halfTermEndsOn })),
    events: cal.events.map((e) => ({ startsOn: e.startsOn, endsOn: e.endsOn, name: e.name, kind: e.kind })),
  };
}

/**
 * Every day of the months a term spans, keyed by date: a marked day has its status (with note and
 * arrival time); a closed day its reason (the server's closed days first, else the shared rules); a
 * school day after today is upcoming; an earlier one without a mark is not yet marked. Days of those
 * months outside the term are "outside".
 */
export function termDays(term: Term, attendance: StudentAttendance | undefined, cal: SchoolCalendar, today: string): Map<string, TermDay> {
  const marks = new Map((attendance?.days ?? []).map((d) => [d.date, d]));
  const closed = new Map((attendance?.closedDays ?? []).map((d) => [d.date, d.reason]));
  const out = new Map<string, TermDay>();
  const first = `${term.startsOn.slice(0, 7)}-01`;
  const end = new Date(`${term.endsOn.slice(0, 7)}-01T00:00:00Z`);
  end.setUTCMonth(end.getUTCMonth() + 1);
  const last = addDays(end.toISOString().slice(0, 10), -1);
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const base = { date: day, reason: null, note: null, arrivalTime: null };
    const mark = marks.get(day);
    if (day < term.startsOn || day > term.endsOn) {
      out.set(day, { ...base, kind: 'outside', reason: closed.get(day) ?? notSchoolDay(cal, day)?.reason ?? null });
    } else if (mark) {
      out.set(day, { ...base, kind: mark.status, note: mark.note, arrivalTime: mark.arrivalTime });
    } else {
      const why = closed.get(day) ?? notSchoolDay(cal, day)?.reason ?? null;
      if (why) out.set(day, { ...base, kind: 'closed', reason: why });
      else out.set(day, { ...base, kind: day > today ? 'upcoming' : 'unmarked' });
    }
  }
  return out;
}

export interface MonthGrid {
  /** YYYY-MM */
  key: string;
  /** Weeks Monday to Sunday; null pads the days of other months. */
  weeks: (string | null)[][];
}

/** The Monday-first month grids from the month of `from` to the month of `to`. */
export function monthGrids(from: string, to: string): MonthGrid[] {
  const out: MonthGrid[] = [];
  const cursor = new Date(`${from.slice(0, 7)}-01T00:00:00Z`);
  const stop = `${to.slice(0, 7)}-01`;
  while (cursor.toISOString().slice(0, 10) <= stop) {
    const key = cursor.toISOString().slice(0, 7);
    const lead = (cursor.getUTCDay() + 6) % 7;
    const cells: (string | null)[] = Array.from({ length: lead }, () => null);
    const d = new Date(cursor);
    while (d.toISOString().slice(0, 7) === key) {
      cells.push(d.toISOString().slice(0, 10));
      d.setUTCDate(d.getUTCDate() + 1);
    }
    while (cells.length % 7) cells.push(null);
    const weeks: (string | null)[][] = [];
    for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
    out.push({ key, weeks });
    cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return out;
}
