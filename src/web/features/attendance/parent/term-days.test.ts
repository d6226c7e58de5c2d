import { describe, expect, it } from 'vitest';
import type { StudentAttendance } from '@shared/contracts/attendance';
import { attendanceParentScreens as m } from '@shared/messages/attendance-parent-screens';
import { defaultTermId, monthGrids, rateTone, termDays, type Term } from './term-days';

const term = (id: string, startsOn: string, endsOn: string, extra: Partial<Term> = {}): Term => ({
  id,
  name: `Term ${id}`,
  startsOn,
  endsOn,
  halfTermStartsOn: null,
  halfTermEndsOn: null,
  isCurrent: false,
  ...extra,
});

// The demo's 2026 terms (Term 1 with its half-term).
const T1 = term('1', '2026-01-05', '2026-04-02', { halfTermStartsOn: '2026-02-25', halfTermEndsOn: '2026-03-01' });
const T2 = term('2', '2026-04-27', '2026-07-31');
const T3 = term('3', '2026-08-24', '2026-10-23');

describe('rateTone', () => {
  it('is good from 95 %, watch from 90 % and concern below', () => {
    expect(rateTone(100)).toBe('good');
    expect(rateTone(95)).toBe('good');
    expect(rateTone(94.9)).toBe('watch');
    expect(rateTone(90)).toBe('watch');
    expect(rateTone(89.9)).toBe('concern');
    expect(rateTone(null)).toBeNull();
  });
});

describe('defaultTermId', () => {
  it('prefers the current term once it has started', () => {
    expect(defaultTermId([T1, T2, { ...T3, isCurrent: true }], '2026-11-24')).toBe('3');
    expect(defaultTermId([T1, { ...T2, isCurrent: true }, T3], '2026-09-01')).toBe('2');
  });
  it('otherwise takes the latest term that has begun by today', () => {
    expect(defaultTermId([T1, T2, T3], '2026-05-10')).toBe('2');
    expect(defaultTermId([T3, T1, T2], '2026-11-24')).toBe('3');
    // A current term that has not started yet does not hide the one with days.
    expect(defaultTermId([T1, T2, { ...T3, isCurrent: true }], '2026-05-10')).toBe('2');
  });
  it('falls back to the first term, or null with none', () => {
    expect(defaultTermId([T1], '2025-12-01')).toBe('1');
    expect(defaultTermId([], '2026-01-01')).toBeNull();
  });
});

describe('termDays', () => {
  const cal = { terms: [T1, T2, T3], events: [{ startsOn: '2026-02-06', endsOn: '2026-02-06', name: 'Staff development day', kind: 'closed' as const }] };
  const attendance: StudentAttendance = {
    studentId: 's',
    from: T1.startsOn,
    to: T1.endsOn,
    daysOpen: 2,
    present: 1,
    absent: 1,
    late: 0,
    excused: 0,
    rate: 50,
    days: [
      { date: '2026-01-05', status: 'present', note: null, arrivalTime: null },
      { date: '2026-03-09', status: 'absent', note: 'Unwell', arrivalTime: null },
    ],
    unmarkedDays: [],
    closedDays: [],
  };
  const days = termDays(T1, attendance, cal, '2026-03-10');

  it('covers whole months, marking the days outside the term', () => {
    expect(days.get('2026-01-01')?.kind).toBe('outside');
    expect(days.get('2026-04-30')?.kind).toBe('outside');
    expect(days.size).toBe(31 + 28 + 31 + 30);
  });
  it('gives each marked day its status and note', () => {
    expect(days.get('2026-01-05')).toMatchObject({ kind: 'present' });
    expect(days.get('2026-03-09')).toMatchObject({ kind: 'absent', note: 'Unwell' });
  });
  it('greys weekends, half-term, the school’s own days and public holidays with why', () => {
    expect(days.get('2026-01-10')).toMatchObject({ kind: 'closed', reason: expect.stringContaining('weekend') });
    expect(days.get('2026-02-26')).toMatchObject({ kind: 'closed', reason: expect.stringContaining('half-term') });
    expect(days.get('2026-02-06')).toMatchObject({ kind: 'closed', reason: expect.stringContaining('Staff development day') });
    expect(m.closedShort(days.get('2026-01-10')!.reason!)).toBe('a weekend');
  });
  it('tells days not yet marked from upcoming ones', () => {
    expect(days.get('2026-03-10')?.kind).toBe('unmarked');
    expect(days.get('2026-03-11')?.kind).toBe('upcoming');
  });
  it('takes the server’s closed days first', () => {
    const withServer = termDays(T1, { ...attendance, closedDays: [{ date: '2026-03-12', kind: 'school_holiday', reason: 'Thu 12 Mar 2026 is a school holiday (Sports day), not a school day.' }] }, cal, '2026-03-31');
    expect(withServer.get('2026-03-12')).toMatchObject({ kind: 'closed', reason: expect.stringContaining('Sports day') });
  });
});

describe('monthGrids', () => {
  it('lays each month out Monday first in whole weeks', () => {
    const [oct] = monthGrids('2026-10-01', '2026-10-23');
    expect(oct!.key).toBe('2026-10');
    // 1 Oct 2026 is a Thursday.
    expect(oct!.weeks[0]).toEqual([null, null, null, '2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04']);
    expect(oct!.weeks.every((w) => w.length === 7)).toBe(true);
    expect(oct!.weeks.flat().filter(Boolean)).toHaveLength(31);
  });
  it('spans every month of a term, across a year end', () => {
    expect(monthGrids(T1.startsOn, T1.endsOn).map((g) => g.key)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04']);
    expect(monthGrids('2025-11-20', '2026-01-05').map((g) => g.key)).toEqual(['2025-11', '2025-12', '2026-01']);
    // February 2026 begins on a Sunday.
    expect(monthGrids('2026-02-01', '2026-02-28')[0]!.weeks[0]!.at(-1)).toBe('2026-02-01');
  });
});
