// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { BellPeriod } from '@shared/contracts/timetable';
import { timeFieldMessages } from '@shared/messages/dates';
import { timetableSetupScreens as sm } from '@shared/messages/timetable-setup-screens';
import { badTimeBox, standardDay, validate } from './week-tab';

const line = (label: string, start: string, end: string): BellPeriod => ({ kind: 'lesson', label, start, end });

describe('school week: a lesson time mistyped is refused, not saved as no time', () => {
  it('a line whose start or end box holds text that is not a time refuses the save with the time fields’ words', () => {
    const day = [line('Lesson 1', '08:00', '08:40'), line('Lesson 2', '8:4O', '09:20')];
    expect(validate([0, 1, 2, 3, 4], day)).toBe(timeFieldMessages.invalid);
    expect(badTimeBox(day)).toEqual({ index: 1, end: false });
    expect(badTimeBox([line('Lesson 1', '08:00', '2:30 PM')])).toEqual({ index: 0, end: true });
  });

  it('a day of times passes; the other checks still speak', () => {
    const day = standardDay(40, '07:30');
    expect(badTimeBox(day)).toBeNull();
    expect(validate([0, 1, 2, 3, 4], day)).toBeNull();
    expect(validate([], day)).toBe(sm.week.noDays);
    expect(validate([0], [line('Lesson 1', '09:00', '08:40')])).toBe(sm.week.badTimes('Lesson 1'));
    // An emptied box is not mistyped text: it is the line's missing time.
    expect(validate([0], [line('Lesson 1', '', '08:40')])).toBe(sm.week.badTimes('Lesson 1'));
  });
});
