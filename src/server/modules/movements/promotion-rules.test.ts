import { describe, expect, it } from 'vitest';
import { feesStatus } from '../../../shared/contracts/movements.js';
import { graduatesFrom, graduationReason, levelAbove, nextYearName, type LevelInfo } from './promotion-rules.js';

/** Pure promotion rules (issue 10 §2 Promotion): next levels, graduation, the next year's name. */

const level = (id: string, name: string, levelOrder: number, curriculum = 'CBC', isFinal = false): LevelInfo => ({ id, name, levelOrder, curriculum, band: 'x', isFinal });
// A school running CBC and IGCSE side by side.
const levels = [
  level('g6', 'Grade 6', 6),
  level('g7', 'Grade 7', 7),
  level('g8', 'Grade 8', 8),
  level('g9', 'Grade 9', 9, 'CBC', true),
  level('y7', 'Year 7', 7, 'IGCSE'),
  level('y10', 'Year 10', 10, 'IGCSE'),
  level('y11', 'Year 11', 11, 'IGCSE'),
];

describe('promotion rules', () => {
  it('the next level stays in the curriculum', () => {
    expect(levelAbove(levels, 'g6', 1)!.name).toBe('Grade 7');
    expect(levelAbove(levels, 'g7', 2)!.name).toBe('Grade 9');
    expect(levelAbove(levels, 'g8', 2)).toBeNull();
    expect(levelAbove(levels, 'y7', 1)!.name).toBe('Year 10');
    expect(levelAbove(levels, 'nope', 1)).toBeNull();
  });

  it('the final level graduates, and the top level when none is marked final', () => {
    expect(graduatesFrom(levels, 'g9')).toBe(true);
    expect(graduatesFrom(levels, 'g8')).toBe(false);
    expect(graduatesFrom(levels, 'y11')).toBe(true);
    expect(graduationReason(levels[3]!)).toBe('Completed junior school (Grade 9).');
    expect(graduationReason(levels[6]!)).toBe('Completed Year 11; left as alumni.');
  });

  it('names the next year', () => {
    expect(nextYearName('2026')).toBe('2027');
    expect(nextYearName('2026/27')).toBe('2027/28');
    expect(nextYearName('2026-2027')).toBe('2027-2028');
    expect(nextYearName('Year A')).toBeNull();
  });

  it('words the transfer-out fee warning from what the fees module reports', () => {
    expect(feesStatus(null)).toMatchObject({ tracked: false, owedCents: null, message: expect.stringMatching(/not tracked/) });
    expect(feesStatus(1_234_550).message).toBe('This learner owes KES 12,345.50 in fees.');
    expect(feesStatus(0)).toEqual({ tracked: true, owedCents: 0, message: 'No fees are owed.' });
  });
});
