import { describe, expect, it } from 'vitest';
import type { Lesson, TimetableViolation } from '@shared/contracts/timetable';
import { groupSoft, softInView, softSummary } from './soft-summary';

const lesson = (activityId: string, classId: string, teacherId: string): Lesson => ({
  activityId,
  day: 0,
  period: 0,
  duration: 1,
  classIds: [classId],
  subjectId: 'maths',
  teacherIds: [teacherId],
  roomId: null,
  locked: false,
});
const v = (constraint: string, message: string, activityIds: string[]): TimetableViolation => ({ constraint, hard: false, message, activityIds, penalty: 95 });

const lessons = [lesson('a1', 'east', 't1'), lesson('a2', 'east', 't1'), lesson('a3', 'east', 't1'), lesson('b1', 'west', 't2'), lesson('b2', 'west', 't2')];
const violations = [
  // Three lessons of one subject on Monday: reported per pair, one sentence.
  v('minDaysBetween', 'Mathematics for Grade 7 East (Mr Otieno) has two lessons on Monday; they should be on different days.', ['a1', 'a2']),
  v('minDaysBetween', 'Mathematics for Grade 7 East (Mr Otieno) has two lessons on Monday; they should be on different days.', ['a1', 'a3']),
  v('minDaysBetween', 'Mathematics for Grade 7 East (Mr Otieno) has two lessons on Monday; they should be on different days.', ['a2', 'a3']),
  v('minDaysBetween', 'English for Grade 7 West (Ms Wanjiku) has two lessons on Tuesday; they should be on different days.', ['b1', 'b2']),
  v('teacherMaxGapsPerDay', 'Ms Wanjiku has 2 gaps on Tuesday; at most 1.', ['b1', 'b2']),
];

describe('the unmet rules a principal reads (issue 34)', () => {
  it('names each unmet rule once, with how often it recurs', () => {
    const items = groupSoft(violations);
    expect(items.map((i) => i.count)).toEqual([3, 1, 1]);
    expect(items[0]!.activityIds).toEqual(['a1', 'a2', 'a3']);
    expect(new Set(items.map((i) => i.message)).size).toBe(items.length);
  });

  it('lists only the rules of the stream or teacher on screen; no choice lists them all', () => {
    const items = groupSoft(violations);
    expect(softInView(items, lessons, 'class', 'east').map((i) => i.message)).toEqual([violations[0]!.message]);
    expect(softInView(items, lessons, 'teacher', 't2')).toHaveLength(2);
    expect(softInView(items, lessons, 'class', 'north')).toHaveLength(0);
    expect(softInView(items, lessons, 'class', '')).toHaveLength(3);
  });

  it('replaces the soft score with words: how many preferences are not met, with the commonest kind as the example', () => {
    expect(softSummary(groupSoft(violations))).toBe("3 preferences not met (e.g. 2 times a subject's lessons fall too close together)");
    expect(softSummary([])).toBe('Every preference met');
  });
});
