import { describe, expect, it } from 'vitest';
import { demoCalendar, demoPayrollMonths, kenyanTerms, termSittings } from './demo-calendar.js';
import { MINISTRY_CALENDAR_2026, ministryTermTemplate } from '../../shared/curriculum-catalogue.js';
import { weekday } from '../../shared/kenya-holidays.js';

/**
 * The demo school year built around the day it starts (issue 34 "The demo is live on any day"): the
 * Kenyan term rule, where a day falls, how the reference story's dates move, and which exam sittings
 * are open, for a school day in each term, a half-term, the December holiday and 29 February.
 */

const strip = ({ year: _y, ...t }: ReturnType<typeof kenyanTerms>[number]) => t;

describe('the Kenyan term rule', () => {
  it('is School Setup’s Ministry template: the 2026 calendar day for day (Term 1 closing on Thursday 2 April, before Good Friday), moved by whole weeks', () => {
    expect(kenyanTerms(2026).map(strip)).toEqual(MINISTRY_CALENDAR_2026);
    for (const year of [2025, 2027, 2028, 2031]) expect(kenyanTerms(year).map(strip)).toEqual(ministryTermTemplate(year));
    expect(kenyanTerms(2027)[0]!.startsOn).toBe('2027-01-04');
    expect(kenyanTerms(2028)[0]!.startsOn).toBe('2028-01-03');
  });

  it('opens every term on a Monday and closes it on a Thursday or Friday, for years to come', () => {
    for (let year = 2025; year <= 2040; year++) {
      for (const t of kenyanTerms(year)) {
        expect(weekday(t.startsOn), `${year} ${t.name}`).toBe(1);
        expect([4, 5], `${year} ${t.name}`).toContain(weekday(t.endsOn));
        if (t.halfTermStartsOn) expect(weekday(t.halfTermStartsOn)).toBe(3);
      }
    }
  });
});

describe('where the demo day falls', () => {
  const cases: [string, { year: number; term: number; phase: string; coming: string }][] = [
    ['2027-02-10', { year: 2027, term: 1, phase: 'term', coming: 'Term 2 2027' }],
    ['2027-02-26', { year: 2027, term: 1, phase: 'half_term', coming: 'Term 2 2027' }],
    ['2027-06-09', { year: 2027, term: 2, phase: 'term', coming: 'Term 3 2027' }],
    ['2027-08-10', { year: 2027, term: 2, phase: 'holiday', coming: 'Term 3 2027' }],
    ['2027-09-15', { year: 2027, term: 3, phase: 'term', coming: 'Term 1 2028' }],
    ['2026-11-28', { year: 2026, term: 3, phase: 'holiday', coming: 'Term 1 2027' }],
    ['2027-01-02', { year: 2026, term: 3, phase: 'holiday', coming: 'Term 1 2027' }],
    ['2028-02-29', { year: 2028, term: 1, phase: 'term', coming: 'Term 2 2028' }],
  ];
  it.each(cases)('%s', (day, want) => {
    const cal = demoCalendar(day);
    expect({ year: cal.year, term: cal.latestTerm.number, phase: cal.phase, coming: `${cal.comingTerm.name} ${cal.comingTerm.year}` }).toEqual(want);
    expect(cal.latestTerm.startsOn <= day).toBe(true);
    expect(cal.yearEnded).toBe(want.phase === 'holiday' && want.term === 3);
  });
});

describe('the reference story moved into the demo year', () => {
  it('keeps a day’s week of term and weekday, and maps last year and next year alike', () => {
    const cal = demoCalendar('2028-02-29');
    // Monday 14 September 2026 is the fourth Monday of Term 3 2026.
    const moved = cal.ref('2026-09-14');
    expect(weekday(moved)).toBe(1);
    expect(moved).toBe('2028-09-11');
    expect(cal.ref('2025-01-06')).toBe(kenyanTerms(2027)[0]!.startsOn);
    expect(cal.ref('2027-04-30').slice(0, 4)).toBe('2029');
    expect(cal.refMonth('2026-10')).toBe('2028-10');
  });

  it('the same calendar for 2026 leaves the reference dates where they are', () => {
    const cal = demoCalendar('2026-10-14');
    for (const day of ['2026-01-05', '2026-02-06', '2026-06-15', '2026-09-19', '2026-10-23', '2025-12-15']) expect(cal.ref(day)).toBe(day);
  });
});

describe('exam sittings and payroll months around the day', () => {
  it('a term’s sittings follow one another: each entry window opens when the one before closes, within the term', () => {
    for (const t of kenyanTerms(2028)) {
      const list = termSittings(t);
      expect(list.map((s) => s.kind)).toEqual(t.number === 1 ? ['opener', 'mid_term', 'end_term'] : ['mid_term', 'end_term']);
      expect(list[0]!.entryOpensOn).toBe(t.startsOn);
      for (let i = 1; i < list.length; i++) expect(list[i]!.entryOpensOn > list[i - 1]!.entryClosesOn).toBe(true);
      for (const s of list) {
        expect(weekday(s.startsOn)).toBe(1);
        expect(s.startsOn >= t.startsOn && s.endsOn <= t.endsOn).toBe(true);
        if (t.halfTermStartsOn) expect(s.endsOn < t.halfTermStartsOn || s.startsOn > t.halfTermEndsOn!).toBe(true);
      }
      expect(list.at(-1)!.name).toBe(`End of Term ${t.number} 2028`);
      expect(list.at(-1)!.entryClosesOn <= t.endsOn).toBe(true);
    }
  });

  it('payroll runs are for the three months before the demo’s month, across a year end', () => {
    expect(demoPayrollMonths('2028-02-29')).toEqual(['2027-11', '2027-12', '2028-01']);
    expect(demoPayrollMonths('2026-11-28')).toEqual(['2026-08', '2026-09', '2026-10']);
  });
});
