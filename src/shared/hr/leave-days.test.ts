import { describe, expect, it } from 'vitest';
import { datesBetween, leaveDays } from './leave-days.js';

describe('leaveDays (issue 14 §2)', () => {
  it('counts working days, skipping weekends and public holidays', () => {
    // Mon 7 – Fri 18 Dec 2026: ten weekdays, Jamhuri Day (Sat 12 Dec) falls on a weekend
    expect(leaveDays('2026-12-07', '2026-12-18', 'working_days')).toBe(10);
    // Mon 21 – Thu 24 Dec 2026: four weekdays before Christmas
    expect(leaveDays('2026-12-21', '2026-12-24', 'working_days')).toBe(4);
    // Fri 9 Oct – Tue 13 Oct 2026: Mazingira Day Sat 10 Oct; Mon 12, Tue 13 working
    expect(leaveDays('2026-10-09', '2026-10-13', 'working_days')).toBe(3);
    // Wed 20 Oct 2027 Mashujaa Day is a holiday
    expect(leaveDays('2027-10-18', '2027-10-22', 'working_days')).toBe(4);
  });
  it('counts calendar days inclusive', () => {
    expect(leaveDays('2026-12-01', '2027-02-28', 'calendar_days')).toBe(90);
    expect(leaveDays('2026-12-07', '2026-12-20', 'calendar_days')).toBe(14);
  });
  it('is 0 when the end is before the start', () => {
    expect(leaveDays('2026-12-07', '2026-12-06', 'working_days')).toBe(0);
    expect(datesBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });
});

describe('leaveDays over Christmas', () => {
  it('does not count Christmas Day (Fri 25 Dec 2026)', () => {
    // Mon 21 – Thu 31 Dec 2026: nine weekdays; Christmas (Fri 25) is a holiday, Boxing Day a Saturday
    expect(leaveDays('2026-12-21', '2026-12-31', 'working_days')).toBe(8);
  });
});
