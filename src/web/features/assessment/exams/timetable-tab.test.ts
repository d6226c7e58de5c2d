// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { timeFieldMessages } from '@shared/messages/dates';
import { rowProblem } from './timetable-tab';

const t = messages.examsScreens.timetable;
const row = { subjectId: 's1', paper: 'Paper 1', sitsOn: '2026-11-02', startsAt: '08:00', endsAt: '10:00' };

describe('exam timetable: a paper’s start or end mistyped is refused with the time fields’ words', () => {
  it('text that is not a time, in either box', () => {
    expect(rowProblem({ ...row, startsAt: '8.3' }, 0)).toBe(timeFieldMessages.invalid);
    expect(rowProblem({ ...row, endsAt: '10:00 AM' }, 2)).toBe(timeFieldMessages.invalid);
  });

  it('a complete row passes; an empty time is still "incomplete", an early end still named', () => {
    expect(rowProblem(row, 0)).toBeNull();
    expect(rowProblem({ ...row, startsAt: '' }, 1)).toBe(t.rowIncomplete(2));
    expect(rowProblem({ ...row, endsAt: '07:00' }, 0)).toBe(t.rowEndsBeforeStart(1));
  });
});
