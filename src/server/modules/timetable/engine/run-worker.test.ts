import { describe, expect, it } from 'vitest';
import { checkTimetable } from './checker.js';
import { solveInWorker } from './run-worker.js';
import type { SolveProgress, TimetableProblem } from './types.js';

/** Two streams, two teachers; `extra` lessons for stream c0 beyond what fits make it unsolvable. */
function problem(extra: number): TimetableProblem {
  const p: TimetableProblem = {
    days: ['Mon', 'Tue', 'Wed'],
    periods: ['P1', 'P2', 'P3', 'P4'],
    teachers: [
      { id: 't0', name: 'Mr Otieno' },
      { id: 't1', name: 'Ms Wanjiru' },
    ],
    subjects: [{ id: 'mat', name: 'Mathematics' }],
    studentGroups: [
      { id: 'c0', name: 'Grade 7 East' },
      { id: 'c1', name: 'Grade 7 West' },
    ],
    studentSets: [
      { id: 'c0', name: 'Grade 7 East', groupIds: ['c0'] },
      { id: 'c1', name: 'Grade 7 West', groupIds: ['c1'] },
    ],
    rooms: [],
    activities: [],
    constraints: [],
  };
  for (let k = 0; k < 10 + extra; k++) p.activities.push({ id: `a${k}`, duration: 1, subjectId: 'mat', teacherIds: [k % 2 ? 't0' : 't1'], studentSetIds: ['c0'] });
  for (let k = 0; k < 10; k++) p.activities.push({ id: `b${k}`, duration: 1, subjectId: 'mat', teacherIds: [k % 2 ? 't1' : 't0'], studentSetIds: ['c1'] });
  return p;
}

describe('solveInWorker', () => {
  it('solves in a worker thread and returns a clash-free timetable', async () => {
    const p = problem(0);
    const result = await solveInWorker(p, { timeLimitMs: 5000, seed: 1 });
    expect(result.status).toBe('complete');
    expect(checkTimetable(p, result.placements).hard).toEqual([]);
  });

  it('reports progress and stops on abort with the best so far', async () => {
    const p = problem(4); // 14 lessons for 12 periods: never complete, runs to the limit unless cancelled
    const progress: SolveProgress[] = [];
    const controller = new AbortController();
    // Cancel soon after the search reports progress (the worker takes a moment to load tsx).
    const onProgress = (x: SolveProgress) => {
      if (!progress.length) setTimeout(() => controller.abort(), 300);
      progress.push(x);
    };
    const started = Date.now();
    const result = await solveInWorker(p, { timeLimitMs: 20_000, seed: 1, signal: controller.signal, onProgress });
    expect(result.status).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.length).toBeLessThan(20);
    expect(result.placements.length).toBe(22);
    expect(result.unplaced).toHaveLength(2);
    expect(checkTimetable(p, result.placements, { allowUnplaced: true }).hard).toEqual([]);
  });
});
