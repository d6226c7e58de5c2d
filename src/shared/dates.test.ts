import { describe, expect, it } from 'vitest';
import { formatDay, formatDayTime, formatLongDay, formatMonth, formatShortDay, formatShortMonth, formatWeekday, monthName, parseDay } from './dates';

describe('one date format per kind (issue 34)', () => {
  it('writes a day as dd/mm/yyyy: calendar dates as they are, instants on their Nairobi day', () => {
    expect(formatDay('2026-11-28')).toBe('28/11/2026');
    expect(formatDay('2026-04-02')).toBe('02/04/2026');
    // 22:30 UTC on 27 Nov is already 28 Nov in Nairobi (UTC+03:00).
    expect(formatDay('2026-11-27T22:30:00Z')).toBe('28/11/2026');
    expect(formatDay(new Date('2026-11-28T05:00:00Z'))).toBe('28/11/2026');
    expect(formatDay(Date.UTC(2026, 0, 31, 20, 59))).toBe('31/01/2026');
    expect(formatDay('')).toBe('');
    expect(formatDay(null)).toBe('');
    expect(formatDay('not a date')).toBe('');
  });

  it('writes a day with its time as dd/mm/yyyy HH:MM, 24-hour, in Nairobi', () => {
    expect(formatDayTime('2026-11-28T11:05:00Z')).toBe('28/11/2026 14:05');
    expect(formatDayTime(new Date('2026-11-28T21:00:00Z'))).toBe('29/11/2026 00:00');
    expect(formatDayTime(undefined)).toBe('');
  });

  it('adds the seconds to a day with its time only when asked (the audit log)', () => {
    expect(formatDayTime('2026-11-28T11:05:09Z', { seconds: true })).toBe('28/11/2026 14:05:09');
    expect(formatDayTime('2026-11-28T11:05:09Z')).toBe('28/11/2026 14:05');
  });

  it('writes a compact day as "23 Oct": calendar dates as they are, instants on their Nairobi day', () => {
    expect(formatShortDay('2026-10-23')).toBe('23 Oct');
    expect(formatShortDay('2026-09-01')).toBe('1 Sep');
    // 21:30 UTC on 31 Dec is 1 January in Nairobi.
    expect(formatShortDay('2026-12-31T21:30:00Z')).toBe('1 Jan');
    expect(formatShortDay(new Date('2026-03-12T06:00:00Z'))).toBe('12 Mar');
    expect(formatShortDay('')).toBe('');
    expect(formatShortDay('not a date')).toBe('');
  });

  it('writes a friendly long day as "Sunday, 29 November 2026", in Nairobi for instants', () => {
    expect(formatLongDay('2026-11-29')).toBe('Sunday, 29 November 2026');
    expect(formatLongDay('2026-03-03')).toBe('Tuesday, 3 March 2026');
    // 22:00 UTC on Saturday 28 Nov is already Sunday in Nairobi.
    expect(formatLongDay(new Date('2026-11-28T22:00:00Z'))).toBe('Sunday, 29 November 2026');
    expect(formatLongDay(null)).toBe('');
  });

  it('writes a weekday short or long, and a compact month with or without its year', () => {
    expect(formatWeekday('2026-11-29')).toBe('Sun');
    expect(formatWeekday('2026-11-30', 'long')).toBe('Monday');
    expect(formatWeekday(new Date('2026-11-29T21:30:00Z'), 'long')).toBe('Monday');
    expect(formatShortMonth('2026-11')).toBe('Nov 2026');
    expect(formatShortMonth('2026-09-17')).toBe('Sep 2026');
    expect(formatShortMonth('2026-02', { year: false })).toBe('Feb');
    expect(formatShortMonth('2026-13')).toBe('');
    expect(formatShortMonth(undefined)).toBe('');
  });

  it('writes a month as "November 2026"', () => {
    expect(formatMonth('2026-11')).toBe('November 2026');
    expect(formatMonth('2026-02-17')).toBe('February 2026');
    expect(monthName('2026-01')).toBe('January 2026');
  });

  it('reads what people type: dd/mm/yyyy (and YYYY-MM-DD), real days only', () => {
    expect(parseDay('28/11/2026')).toBe('2026-11-28');
    expect(parseDay(' 1/3/2026 ')).toBe('2026-03-01');
    expect(parseDay('01-03-2026')).toBe('2026-03-01');
    expect(parseDay('2026-03-01')).toBe('2026-03-01');
    expect(parseDay('29/02/2028')).toBe('2028-02-29');
    expect(parseDay('29/02/2027')).toBeNull();
    expect(parseDay('31/04/2026')).toBeNull();
    expect(parseDay('13/13/2026')).toBeNull();
    expect(parseDay('00/01/2026')).toBeNull();
    // Month-first (US) text is not guessed: 11/28/2026 has no 28th month.
    expect(parseDay('11/28/2026')).toBeNull();
    expect(parseDay('28/11/26')).toBeNull();
    expect(parseDay('')).toBeNull();
    expect(parseDay('2026-02-30')).toBeNull();
  });

  it('round-trips: what formatDay writes, parseDay reads back', () => {
    for (const day of ['2026-01-01', '2028-02-29', '2026-12-31']) expect(parseDay(formatDay(day))).toBe(day);
  });
});
