// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { attendanceMessages as am } from '@shared/messages/attendance';
import { timeFieldMessages } from '@shared/messages/dates';
import { errorsOf, type Entry } from './staff-day-view';

const entry = (e: Partial<Entry>): Entry => ({ status: 'present', checkIn: '07:30', checkOut: '', note: '', ...e });

describe('staff day: a check-in or check-out mistyped stops the save instead of saving no time', () => {
  it('names the box holding text that is not a time', () => {
    expect(errorsOf(entry({ checkIn: '7:3' }))).toEqual({ checkIn: timeFieldMessages.invalid });
    expect(errorsOf(entry({ checkOut: '4:30 PM' }))).toEqual({ checkOut: timeFieldMessages.invalid });
    expect(errorsOf(entry({ status: 'official_duty', checkIn: '25:00' }))).toEqual({ checkIn: timeFieldMessages.invalid });
  });

  it('times pass; the other rules stay', () => {
    expect(errorsOf(entry({ checkOut: '16:30' }))).toEqual({});
    expect(errorsOf(entry({ checkIn: '' }))).toEqual({ checkIn: am.checkInRequired });
    expect(errorsOf(entry({ checkIn: '09:00', checkOut: '08:00' }))).toEqual({ checkOut: am.checkOutBeforeIn });
  });
});
