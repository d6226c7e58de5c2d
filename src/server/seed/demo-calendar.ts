import { addDays, schoolToday } from '../../shared/dates.js';
import { weekday } from '../../shared/kenya-holidays.js';
import { ministryTermTemplate } from '../../shared/curriculum-catalogue.js';

/**
 * The demo school year, built around the day the demo is seeded (issue 34 "The demo is live on any
 * day"). The demo's story is written once against the 2026 Ministry of Education calendar (the
 * reference year, domain/curriculum.md); this module picks the academic year that holds today
 * (Africa/Nairobi), generates its terms with School Setup's Ministry template, and maps every reference date of the
 * story into it: a date keeps its place in the school year (the same week of the same term, the same
 * weekday), so the story stays coherent in any year. The seed modules then keep only what has
 * happened by today: registers up to the last school day, payments, payroll months and expenses
 * before today, the exam series sat so far.
 *
 * The terms are School Setup's Ministry template (the 2026 calendar of domain/curriculum.md moved by
 * whole weeks to the year: Term 1 opens on the Monday nearest 5 January; Term 2 16 weeks and Term 3 33
 * weeks later; half-terms in weeks 8 and 9). Dates are Africa/Nairobi calendar days, YYYY-MM-DD.
 */

/** The year the demo story is written against. */
export const REFERENCE_YEAR = 2026;

export interface DemoTerm {
  year: number;
  number: 1 | 2 | 3;
  name: string;
  startsOn: string;
  endsOn: string;
  halfTermStartsOn: string | null;
  halfTermEndsOn: string | null;
}

/** Where today falls in the demo school year. */
export type DemoPhase = 'term' | 'half_term' | 'holiday';

export interface DemoCalendar {
  /** The day the demo is built around (Africa/Nairobi). */
  today: string;
  /** The current academic year (its Term 1 has opened by today). */
  year: number;
  /** Its three terms. */
  terms: DemoTerm[];
  /** The previous (closed) year's terms: class history. */
  historyTerms: DemoTerm[];
  /** The next year's terms (the coming Term 1 after Term 3; the promotion creates that year). */
  nextTerms: DemoTerm[];
  /** The latest term of `year` that has opened by today (the current term, or the one just ended). */
  latestTerm: DemoTerm;
  /** The term before `latestTerm` (the previous year's Term 3 when `latestTerm` is Term 1). */
  previousTerm: DemoTerm;
  /** The next term that has not opened yet (Term 1 of next year after Term 3). */
  comingTerm: DemoTerm;
  phase: DemoPhase;
  /** True in the holiday after Term 3 (the coming year's Term 1 is next). */
  yearEnded: boolean;
  /** Maps a date of the reference story (any year; 2026 is the current year) into this calendar. */
  ref(day: string): string;
  /** `ref` for a month 'YYYY-MM' (the month of the mapped 15th). */
  refMonth(month: string): string;
  /** The year a reference year stands for (2026 → `year`, 2025 → `year - 1`). */
  refYear(referenceYear: number): number;
}

const DAY_MS = 86_400_000;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The three terms of a school year: School Setup's Ministry template (curriculum-catalogue.ts
 * ministryTermTemplate, the 2026 calendar moved by whole weeks to the year), so the demo and a school
 * creating its year get the same dates.
 */
export function kenyanTerms(year: number): DemoTerm[] {
  return ministryTermTemplate(year).map((t) => ({ ...t, year, number: t.number as 1 | 2 | 3 }));
}

/**
 * Maps `day` from `from` terms to `to` terms: a day inside a term (or after its start, before the next)
 * keeps its offset from that term's start; a day before Term 1 keeps its offset from Term 1's start.
 * The offsets are whole days, and every term starts on a Monday, so the weekday is kept.
 */
function mapDay(day: string, from: DemoTerm[], to: DemoTerm[]): string {
  let i = from.length - 1;
  while (i > 0 && day < from[i]!.startsOn) i--;
  const offset = daysBetween(from[i]!.startsOn, day);
  return addDays(to[i]!.startsOn, offset);
}

/**
 * The demo calendar for `today` (default: today in Africa/Nairobi, or EDUFAM_DEMO_DATE when set, so a
 * test or a sales demo can pin the story to a day). Before Term 1 opens in January the current year is
 * still last year (its December holiday).
 */
export function demoCalendar(today: string = demoToday()): DemoCalendar {
  const calendarYear = Number(today.slice(0, 4));
  const year = today < kenyanTerms(calendarYear)[0]!.startsOn ? calendarYear - 1 : calendarYear;
  const terms = kenyanTerms(year);
  const historyTerms = kenyanTerms(year - 1);
  const nextTerms = kenyanTerms(year + 1);
  const latestIndex = terms.reduce((found, t, i) => (t.startsOn <= today ? i : found), 0);
  const latestTerm = terms[latestIndex]!;
  const previousTerm = latestIndex > 0 ? terms[latestIndex - 1]! : historyTerms[2]!;
  const comingTerm = latestIndex < 2 ? terms[latestIndex + 1]! : nextTerms[0]!;
  const inTerm = today <= latestTerm.endsOn;
  const inHalfTerm = inTerm && !!latestTerm.halfTermStartsOn && today >= latestTerm.halfTermStartsOn && today <= latestTerm.halfTermEndsOn!;
  const phase: DemoPhase = !inTerm ? 'holiday' : inHalfTerm ? 'half_term' : 'term';
  const refYear = (referenceYear: number) => year + (referenceYear - REFERENCE_YEAR);
  const ref = (day: string) => {
    const from = Number(day.slice(0, 4));
    return mapDay(day, kenyanTerms(from), kenyanTerms(refYear(from)));
  };
  return {
    today,
    year,
    terms,
    historyTerms,
    nextTerms,
    latestTerm,
    previousTerm,
    comingTerm,
    phase,
    yearEnded: phase === 'holiday' && latestTerm.number === 3,
    ref,
    refMonth: (month: string) => ref(`${month}-15`).slice(0, 7),
    refYear,
  };
}

/** The day the demo is seeded for: EDUFAM_DEMO_DATE (YYYY-MM-DD) when set, else today in Nairobi. */
export function demoToday(): string {
  const pinned = process.env.EDUFAM_DEMO_DATE;
  if (pinned && /^\d{4}-\d{2}-\d{2}$/.test(pinned)) return pinned;
  return schoolToday();
}

/** An instant on a calendar day at a Nairobi wall-clock time ('HH:MM'). */
export function atNairobi(day: string, time = '09:00'): Date {
  return new Date(`${day}T${time}:00+03:00`);
}

/** One sitting of an exam series: its dates and marks-entry window (Africa/Nairobi days). */
export interface Sitting {
  kind: 'opener' | 'mid_term' | 'end_term';
  name: string;
  startsOn: string;
  endsOn: string;
  entryOpensOn: string;
  entryClosesOn: string;
  weight: number;
}

/** Monday of the week holding `day`. */
const mondayOf = (day: string) => addDays(day, -((weekday(day) + 6) % 7));

/**
 * A term's exam sittings, as Kenyan schools run them: an opener in week 2 of Term 1, a mid-term the
 * week before half-term (week 5 in Term 3, which has none) and the end of term in the second-last
 * week. Each sitting's marks entry opens when the one before it closes (the first at the term's start)
 * and closes 12 days after the sitting (end of term: 5 days, so report cards go home at closing).
 */
export function termSittings(t: DemoTerm): Sitting[] {
  const label = `${t.number} ${t.year}`;
  const raw: Omit<Sitting, 'entryOpensOn'>[] = [];
  const week = (kind: Sitting['kind'], name: string, monday: string, closeAfter: number, weight: number) =>
    raw.push({ kind, name, startsOn: monday, endsOn: addDays(monday, 4), entryClosesOn: addDays(monday, 4 + closeAfter), weight });
  if (t.number === 1) week('opener', `Opener Term ${label}`, addDays(t.startsOn, 7), 7, 20);
  week('mid_term', `Mid-Term ${label}`, t.halfTermStartsOn ? addDays(mondayOf(t.halfTermStartsOn), -7) : addDays(t.startsOn, 28), 12, 30);
  week('end_term', `End of Term ${label}`, addDays(mondayOf(t.endsOn), -7), 5, 100);
  return raw.map((x, i) => ({ ...x, entryOpensOn: i === 0 ? t.startsOn : addDays(raw[i - 1]!.entryClosesOn, 1) }));
}

/** One exam series of the demo: its sitting, its term, released or open, and whether it is last year's. */
export interface PlannedSeries {
  sitting: Sitting;
  term: DemoTerm;
  status: 'open' | 'released';
  /** Last year's End of Term 3, on last year's streams. */
  lastYear: boolean;
}

/**
 * The demo's exam series for its day, in date order (the seed writes them; tests read their names):
 * earlier terms' End of Term released (their report cards went home); in the latest term each sitting
 * whose marks entry has opened by today, released once the next one opened, the last one open. In the
 * holiday after a term its End of Term entry stays open until the coming term's first week (late
 * marks), so a teacher always has a series to enter. In Term 1 last year's End of Term 3 is released
 * too (first in the list): until this year's End of Term 1 it is the only result of the lower levels.
 */
export function demoExamPlan(cal: DemoCalendar): PlannedSeries[] {
  const out: PlannedSeries[] = [];
  for (const t of cal.terms.filter((x) => x.number < cal.latestTerm.number)) out.push({ sitting: termSittings(t).at(-1)!, term: t, status: 'released', lastYear: false });
  const opened = termSittings(cal.latestTerm).filter((x) => x.entryOpensOn <= cal.today);
  const last = opened.at(-1);
  if (last && last.entryClosesOn < cal.today) last.entryClosesOn = addDays(cal.comingTerm.startsOn, 4);
  for (const sitting of opened) out.push({ sitting, term: cal.latestTerm, status: sitting === last ? 'open' : 'released', lastYear: false });
  // In Term 1 last year's End of Term 3 is the newest result every learner has (the opener and mid-term are
  // sat by the upper levels only): parents of younger children see it until this year's End of Term 1.
  if (cal.latestTerm.number === 1) out.unshift({ sitting: termSittings(cal.historyTerms[2]!).at(-1)!, term: cal.historyTerms[2]!, status: 'released', lastYear: true });
  return out;
}


/**
 * The names of the demo's exam series for its day (tests and browser journeys look for them): the one
 * open for entry, every released one (oldest first), and the newest released End of Term series of this
 * year (sat by every level with exams; the newest released series when there is none yet).
 */
export function demoSeriesNames(cal: DemoCalendar): { open: string; released: string[]; releasedEndOfTerm: string } {
  const plan = demoExamPlan(cal);
  const released = plan.filter((x) => x.status === 'released');
  const endOfTerm = released.filter((x) => x.sitting.kind === 'end_term' && !x.lastYear).at(-1) ?? released.at(-1)!;
  return { open: plan.find((x) => x.status === 'open')!.sitting.name, released: released.map((x) => x.sitting.name), releasedEndOfTerm: endOfTerm.sitting.name };
}

/** The demo's approved payroll months: the three months before the month of `today` ('YYYY-MM'). */
export function demoPayrollMonths(today: string): string[] {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return [3, 2, 1].map((back) => {
    const d = new Date(Date.UTC(y, m - 1 - back, 1));
    return d.toISOString().slice(0, 7);
  });
}

/** What the demo says on its day, by name: the labels tests and browser journeys look for. */
export interface DemoFacts {
  cal: DemoCalendar;
  /** "2026": the current academic year's name; `lastYearName` the closed one before it (class history). */
  yearName: string;
  lastYearName: string;
  /** The year the year-end promotion creates. */
  nextYearName: string;
  /** "Term 3 2026": the latest term that has opened (current, or just ended in a holiday). */
  latestTermLabel: string;
  /** The term before it (last year's Term 3 when the latest is Term 1): platform billing's term. */
  previousTermLabel: string;
  /** The next term that has not opened. */
  comingTermLabel: string;
  /** The exam series open for marks entry, every released one (oldest first), the newest released End of Term. */
  openSeries: string;
  releasedSeries: string[];
  releasedEndOfTerm: string;
  /** The term of `releasedEndOfTerm` ("Term 2 2026"): report cards with results. */
  reportTermLabel: string;
  /** The three approved payroll months, oldest first ('YYYY-MM'), and this month. */
  payrollMonths: [string, string, string];
  currentMonth: string;
}

/** The demo's facts for a calendar (see DemoFacts). */
export function demoFacts(cal: DemoCalendar): DemoFacts {
  const label = (t: DemoTerm) => `${t.name} ${t.year}`;
  const names = demoSeriesNames(cal);
  const reportTerm = demoExamPlan(cal).find((x) => x.sitting.name === names.releasedEndOfTerm)!.term;
  return {
    cal,
    yearName: String(cal.year),
    lastYearName: String(cal.year - 1),
    nextYearName: String(cal.year + 1),
    latestTermLabel: label(cal.latestTerm),
    previousTermLabel: label(cal.previousTerm),
    comingTermLabel: label(cal.comingTerm),
    openSeries: names.open,
    releasedSeries: names.released,
    releasedEndOfTerm: names.releasedEndOfTerm,
    reportTermLabel: label(reportTerm),
    payrollMonths: demoPayrollMonths(cal.today) as [string, string, string],
    currentMonth: cal.today.slice(0, 7),
  };
}
