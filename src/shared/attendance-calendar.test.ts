import { describe, expect, it } from 'vitest';
import { attendanceRate, dayStatus, isRegisterLocked, latestSchoolDay, notSchoolDay, schoolDaysBetween, type SchoolCalendar } from './attendance-calendar.js';
import { easterSunday, kenyaPublicHolidays } from './kenya-holidays.js';

const cal: SchoolCalendar = {
  terms: [
    { name: 'Term 1', startsOn: '2026-01-05', endsOn: '2026-04-02', halfTermStartsOn: '2026-02-25', halfTermEndsOn: '2026-03-01' },
    { name: 'Term 2', startsOn: '2026-04-27', endsOn: '2026-07-31', halfTermStartsOn: '2026-06-24', halfTermEndsOn: '2026-06-28' },
    { name: 'Term 3', startsOn: '2026-08-24', endsOn: '2026-10-23', halfTermStartsOn: null, halfTermEndsOn: null },
  ],
  events: [
    { startsOn: '2026-02-06', endsOn: '2026-02-06', name: 'Staff development day', kind: 'closed' },
    { startsOn: '2026-10-20', endsOn: '2026-10-20', name: 'Mock examinations', kind: 'open' },
    { startsOn: '2026-09-05', endsOn: '2026-09-05', name: 'Saturday remedial classes', kind: 'open' },
  ],
};

describe('Kenya public holidays (Public Holidays Act, Cap. 110)', () => {
  it('lists the fixed holidays, Easter and the expected Idd dates of 2026', () => {
    const h = kenyaPublicHolidays(2026);
    const names = Object.fromEntries(h.map((x) => [x.date, x.name]));
    expect(names['2026-01-01']).toBe("New Year's Day");
    expect(names['2026-04-03']).toBe('Good Friday');
    expect(names['2026-04-06']).toBe('Easter Monday');
    expect(names['2026-05-01']).toBe('Labour Day');
    expect(names['2026-06-01']).toBe('Madaraka Day');
    expect(names['2026-10-10']).toBe('Mazingira Day');
    expect(names['2026-10-20']).toBe('Mashujaa Day');
    expect(names['2026-12-12']).toBe('Jamhuri Day');
    expect(names['2026-03-20']).toBe('Idd-ul-Fitr');
  });

  it('observes a Sunday holiday on the Monday after, and Christmas on a Sunday pushes Boxing Day to Tuesday', () => {
    const h2027 = Object.fromEntries(kenyaPublicHolidays(2027).map((x) => [x.date, x.name]));
    expect(h2027['2027-10-10']).toBe('Mazingira Day');
    expect(h2027['2027-10-11']).toBe('Mazingira Day (observed)');
    expect(h2027['2027-12-13']).toBe('Jamhuri Day (observed)');
    const h2022 = Object.fromEntries(kenyaPublicHolidays(2022).map((x) => [x.date, x.name]));
    expect(h2022['2022-12-26']).toBe('Boxing Day');
    expect(h2022['2022-12-27']).toBe('Christmas Day (observed)');
  });

  it('computes Western Easter', () => {
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2024)).toBe('2024-03-31');
  });
});

describe('school days (issue 13 §1)', () => {
  it('refuses weekends, half-terms, closures, public holidays, days outside terms and future days, with the reason', () => {
    expect(notSchoolDay(cal, '2026-03-14')).toMatchObject({ kind: 'weekend', reason: 'Sat 14/03/2026 is a weekend, not a school day.' });
    expect(notSchoolDay(cal, '2026-02-26')).toMatchObject({ kind: 'half_term', reason: 'Thu 26/02/2026 is in the Term 1 half-term break, not a school day.' });
    expect(notSchoolDay(cal, '2026-02-06')).toMatchObject({ kind: 'school_holiday', reason: 'Fri 06/02/2026 is a school holiday (Staff development day), not a school day.' });
    expect(notSchoolDay(cal, '2026-05-01')).toMatchObject({ kind: 'public_holiday', reason: 'Fri 01/05/2026 is a public holiday (Labour Day), not a school day.' });
    expect(notSchoolDay(cal, '2026-11-24')).toMatchObject({ kind: 'outside_term' });
    expect(notSchoolDay(cal, '2026-03-10', '2026-03-09')).toMatchObject({ kind: 'future', reason: 'Attendance cannot be marked for a future date.' });
    expect(notSchoolDay(cal, '2026-03-10')).toBeNull();
  });

  it("opens the school's open days whatever else (a public holiday, a Saturday)", () => {
    expect(notSchoolDay(cal, '2026-10-20')).toBeNull();
    expect(notSchoolDay(cal, '2026-09-05')).toBeNull();
  });

  it('counts school days and finds the latest one up to a day', () => {
    // Week of 2 Feb 2026: Mon-Thu open, Fri 6 Feb closed.
    expect(schoolDaysBetween(cal, '2026-02-02', '2026-02-08')).toEqual(['2026-02-02', '2026-02-03', '2026-02-04', '2026-02-05']);
    expect(latestSchoolDay(cal, '2026-11-24')).toBe('2026-10-23');
    expect(latestSchoolDay(cal, '2026-03-15')).toBe('2026-03-13');
  });

  it('locks a register after the given number of following school days, holidays not counted', () => {
    // Fri 23 Oct is the last day of term: a month later no school day has followed it.
    expect(isRegisterLocked(cal, '2026-10-23', '2026-11-24', 1)).toBe(false);
    // Mon 9 Mar 2026, today Thu 12 Mar: three school days followed (10, 11, 12).
    expect(isRegisterLocked(cal, '2026-03-09', '2026-03-12', 3)).toBe(false);
    expect(isRegisterLocked(cal, '2026-03-09', '2026-03-12', 2)).toBe(true);
    expect(isRegisterLocked(cal, '2026-03-09', '2026-03-12', null)).toBe(false);
  });
});

describe('day status and rate', () => {
  it('takes the most serious session of the day', () => {
    expect(dayStatus(['present', 'absent'])).toBe('absent');
    expect(dayStatus(['late', 'present'])).toBe('late');
    expect(dayStatus(['excused', 'late'])).toBe('excused');
    expect(dayStatus(['present'])).toBe('present');
    expect(dayStatus([])).toBeNull();
  });

  it('counts present and late as attended, one decimal, null without days', () => {
    expect(attendanceRate({ daysOpen: 60, present: 50, late: 4 })).toBe(90);
    expect(attendanceRate({ daysOpen: 3, present: 2, late: 0 })).toBe(66.7);
    expect(attendanceRate({ daysOpen: 0, present: 0, late: 0 })).toBeNull();
  });
});
