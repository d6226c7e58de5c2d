import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCALES,
  bandFor,
  bandMax,
  bandProblems,
  competitionRanks,
  competitionRanksBy,
  defaultScaleFor,
  gradeLabel,
  kcseMeanGrade,
  percentOf,
  rollUpLevels,
  weightedPercent,
} from './grading.js';

const code = (key: keyof typeof DEFAULT_SCALES, percent: number) => bandFor(DEFAULT_SCALES[key].bands, percent).code;

describe('every default scale at its boundaries (curriculum.md)', () => {
  it('CBC four-level rubric: EE 80-100, ME 65-79, AE 50-64, BE 0-49', () => {
    const cases: [number, string][] = [[100, 'EE'], [80, 'EE'], [79, 'ME'], [65, 'ME'], [64, 'AE'], [50, 'AE'], [49, 'BE'], [0, 'BE']];
    for (const [p, c] of cases) expect(code('cbc4', p), `${p} %`).toBe(c);
  });
  it('KNEC eight levels: EE1 90, EE2 75, ME1 58, ME2 41, AE1 31, AE2 21, BE1 11, BE2 1-10 and 0', () => {
    const cases: [number, string][] = [
      [100, 'EE1'], [90, 'EE1'], [89, 'EE2'], [75, 'EE2'], [74, 'ME1'], [58, 'ME1'], [57, 'ME2'], [41, 'ME2'], [40, 'AE1'],
      [31, 'AE1'], [30, 'AE2'], [21, 'AE2'], [20, 'BE1'], [11, 'BE1'], [10, 'BE2'], [1, 'BE2'], [0, 'BE2'],
    ];
    for (const [p, c] of cases) expect(code('knec8', p), `${p} %`).toBe(c);
    expect(DEFAULT_SCALES.knec8.bands.map((b) => b.points)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
  });
  it('KCSE bands A 80 ... E 0-29 with points 12..1', () => {
    const cases: [number, string][] = [
      [80, 'A'], [79, 'A-'], [75, 'A-'], [74, 'B+'], [70, 'B+'], [69, 'B'], [65, 'B'], [64, 'B-'], [60, 'B-'], [59, 'C+'], [55, 'C+'],
      [54, 'C'], [50, 'C'], [49, 'C-'], [45, 'C-'], [44, 'D+'], [40, 'D+'], [39, 'D'], [35, 'D'], [34, 'D-'], [30, 'D-'], [29, 'E'], [0, 'E'],
    ];
    for (const [p, c] of cases) expect(code('kcse', p), `${p} %`).toBe(c);
    expect(DEFAULT_SCALES.kcse.bands.map((b) => b.points)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });
  it('IGCSE A* 90 ... G 20, below U; 9-1 anchored at A, C and G', () => {
    const cases: [number, string][] = [[90, 'A*'], [89, 'A'], [80, 'A'], [79, 'B'], [60, 'C'], [59, 'D'], [20, 'G'], [19, 'U'], [0, 'U']];
    for (const [p, c] of cases) expect(code('igcse', p), `${p} %`).toBe(c);
    expect(code('igcse91', 80)).toBe('7');
    expect(code('igcse91', 79)).toBe('6');
    expect(code('igcse91', 60)).toBe('4');
    expect(code('igcse91', 20)).toBe('1');
    expect(code('igcse91', 19)).toBe('U');
  });
  it('grades the whole percentage rounded half-up: 74.5 % is EE2, 74.49 % is ME1', () => {
    expect(code('knec8', 74.5)).toBe('EE2');
    expect(code('knec8', 74.49)).toBe('ME1');
    expect(code('kcse', 79.5)).toBe('A');
  });
  it('shows the descriptor next to the code', () => {
    expect(gradeLabel(bandFor(DEFAULT_SCALES.knec8.bands, 60))).toBe('ME1 Good');
    expect(gradeLabel(bandFor(DEFAULT_SCALES.cbc4.bands, 82))).toBe('EE Exceeding Expectations');
    expect(gradeLabel(bandFor(DEFAULT_SCALES.kcse.bands, 72))).toBe('B+');
  });
  it('band ranges for the scale editor', () => {
    const b = DEFAULT_SCALES.knec8.bands;
    expect(bandMax(b, b[0]!)).toBe(100);
    expect(bandMax(b, b[2]!)).toBe(74);
  });
});

describe('scale editing rules', () => {
  it('accepts the defaults', () => {
    for (const s of Object.values(DEFAULT_SCALES)) expect(bandProblems(s.bands), s.key).toEqual([]);
  });
  it('rejects duplicate codes, duplicate or out-of-range minimums and a scale without a 0 band', () => {
    expect(bandProblems([{ code: 'A', descriptor: '', min: 50, points: 2 }, { code: 'a', descriptor: '', min: 10, points: 1 }])).toEqual([
      'The code a is used twice.',
      'The lowest band must start at 0 %.',
    ]);
    expect(bandProblems([{ code: 'A', descriptor: '', min: 101, points: 2 }, { code: 'B', descriptor: '', min: 0, points: 1 }])).toContain('The lowest mark of A must be a whole number from 0 to 100.');
    expect(bandProblems([{ code: 'A', descriptor: '', min: 0, points: 2 }, { code: 'B', descriptor: '', min: 0, points: 1 }])).toContain('Two bands start at 0 %.');
    expect(bandProblems([{ code: 'A', descriptor: '', min: 0, points: 2 }])).toContain('A scale needs at least two bands.');
  });
});

describe('percentages and papers', () => {
  it('combines papers into a percentage: 60/80 + 70/100 = 72.22 %', () => {
    expect(percentOf(60 + 70, 80 + 100)).toBe(72.22);
    expect(percentOf(0, 0)).toBe(0);
  });
  it('weights series over the ones sat: CAT 30 %, end-term 70 %', () => {
    expect(weightedPercent([{ percent: 60, weight: 30 }, { percent: 80, weight: 70 }])).toBe(74);
    expect(weightedPercent([{ percent: null, weight: 30 }, { percent: 80, weight: 70 }])).toBe(80);
    expect(weightedPercent([{ percent: null, weight: 30 }])).toBeNull();
  });
});

describe('positions: ties share, the next is skipped', () => {
  it('ranks 90, 80, 80, 70 as 1, 2, 2, 4 and leaves learners without marks unranked', () => {
    expect(competitionRanks([80, 90, null, 80, 70])).toEqual([2, 1, null, 2, 4]);
  });
  it('ranks by points, then by mean marks', () => {
    expect(competitionRanksBy([[70, 60.5], [70, 61], [72, 40], [70, 61]])).toEqual([4, 2, 1, 2]);
  });
});

describe('KCSE mean grade from the best seven with English, Kiswahili and Mathematics', () => {
  const s = (name: string, points: number) => ({ subjectId: name, name, points });
  it('keeps the compulsory three even when others score higher', () => {
    const subjects = [s('English', 3), s('Kiswahili', 4), s('Mathematics', 5), s('Biology', 12), s('Chemistry', 12), s('Physics', 12), s('History', 12), s('Geography', 11), s('CRE', 10)];
    const r = kcseMeanGrade(subjects, DEFAULT_SCALES.kcse.bands);
    expect(r.counted).toEqual(['English', 'Kiswahili', 'Mathematics', 'Biology', 'Chemistry', 'Physics', 'History']);
    expect(r.totalPoints).toBe(60);
    // 60 / 7 = 8.57 → 9 points → B (total band B 60-66).
    expect(r.meanPoints).toBe(9);
    expect(r.grade?.code).toBe('B');
  });
  it('matches the total-points bands at their edges (A 81, A- 74-80, E 7-10)', () => {
    const seven = (total: number) => {
      const each = Array.from({ length: 7 }, (_, i) => Math.floor(total / 7) + (i < total % 7 ? 1 : 0));
      return kcseMeanGrade(each.map((p, i) => s(['English', 'Kiswahili', 'Mathematics', 'A', 'B', 'C', 'D'][i]!, p)), DEFAULT_SCALES.kcse.bands).grade?.code;
    };
    expect(seven(81)).toBe('A');
    expect(seven(80)).toBe('A-');
    expect(seven(74)).toBe('A-');
    expect(seven(73)).toBe('B+');
    expect(seven(11)).toBe('D-');
    expect(seven(10)).toBe('E');
    expect(seven(7)).toBe('E');
  });
});

describe('CBC formative roll-up', () => {
  const levels = [{ points: 2, on: '2026-02-01' }, { points: 4, on: '2026-03-01' }, { points: 2, on: '2026-01-15' }, { points: 3, on: '2026-03-20' }];
  it('latest, mean and mode', () => {
    expect(rollUpLevels(levels, 'latest')).toBe(3);
    expect(rollUpLevels(levels, 'mean')).toBe(3); // 11 / 4 = 2.75
    expect(rollUpLevels(levels, 'mode')).toBe(2);
    expect(rollUpLevels([], 'mean')).toBeNull();
  });
});

describe('default scale per level', () => {
  it('junior school KNEC, primary rubric, IGCSE and 8-4-4 theirs', () => {
    expect(defaultScaleFor('CBC', 'Junior School')).toBe('knec8');
    expect(defaultScaleFor('CBC', 'Upper Primary')).toBe('cbc4');
    expect(defaultScaleFor('IGCSE', 'IGCSE')).toBe('igcse');
    expect(defaultScaleFor('8-4-4', 'Secondary')).toBe('kcse');
  });
});
