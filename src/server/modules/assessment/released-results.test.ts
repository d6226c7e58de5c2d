import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { examSeries, releasedResults } from '../../db/schema/index.js';
import type { MyChildrenGrades } from '../../../shared/contracts/assessment.js';
import { apiCaller, openDemoApp, system, type TestApp } from '../../../../tests/helpers.js';
import { freezePendingResults } from './results.service.js';

/**
 * Issue 37 §1 (results day): a released series' results are stored when it is released
 * (released_results), and parents' results pages read them instead of ranking streams. What a parent
 * sees must not change: the stored answer equals the one computed from the marks.
 */

let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};
const { ok } = apiCaller(() => t.app, cookie);

beforeAll(async () => {
  ({ t, greenhill } = await openDemoApp(cookie, ['parent', 'rsParent', 'principal'], { env: { READ_CACHE: 'off' } }));
});
afterAll(async () => t?.close());

const released = () => system(t.database, (tx) => tx.select({ id: examSeries.id, schoolId: examSeries.schoolId, frozenAt: examSeries.resultsFrozenAt }).from(examSeries).where(eq(examSeries.status, 'released')));

/** Runs `fn` with every released series of `schoolIds` marked not stored, so parents' answers are computed from the marks. */
async function computedLive<T>(schoolIds: string[], fn: () => Promise<T>): Promise<T> {
  const ids = (await released()).filter((e) => schoolIds.includes(e.schoolId)).map((e) => e.id);
  const at = new Date();
  await system(t.database, (tx) => tx.update(examSeries).set({ resultsFrozenAt: null }).where(inArray(examSeries.id, ids)));
  try {
    return await fn();
  } finally {
    await system(t.database, (tx) => tx.update(examSeries).set({ resultsFrozenAt: at }).where(inArray(examSeries.id, ids)));
  }
}

describe('released results stored at release', () => {
  it('the demo stores every released series’ results: one row per learner with a mark', async () => {
    const all = await released();
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter((e) => e.frozenAt === null)).toEqual([]);
    const rows = await system(t.database, (tx) => tx.select({ examId: releasedResults.examId }).from(releasedResults));
    for (const e of all) expect(rows.some((r) => r.examId === e.id)).toBe(true);
  });

  it('a parent’s stored answer is the answer computed from the marks, for both demo schools', async () => {
    for (const who of ['parent', 'rsParent']) {
      const stored = await ok<MyChildrenGrades>(who, 'GET', '/api/grades/my-children');
      expect(stored.children.flatMap((c) => c.series).length).toBeGreaterThan(0);
      const schoolIds = (await released()).map((e) => e.schoolId);
      const live = await computedLive(schoolIds, () => ok<MyChildrenGrades>(who, 'GET', '/api/grades/my-children'));
      expect(stored).toEqual(live);
    }
  });

  it('the sweep stores a series released without its results, once', async () => {
    const [one] = (await released()).filter((e) => e.schoolId === greenhill);
    const before = await ok<MyChildrenGrades>('parent', 'GET', '/api/grades/my-children');
    const count = async () => (await system(t.database, (tx) => tx.select({ s: releasedResults.studentId }).from(releasedResults).where(eq(releasedResults.examId, one!.id)))).length;
    const stored = await count();
    await system(t.database, async (tx) => {
      await tx.delete(releasedResults).where(eq(releasedResults.examId, one!.id));
      await tx.update(examSeries).set({ resultsFrozenAt: null }).where(eq(examSeries.id, one!.id));
    });
    // Not stored: the parent's answer is computed, and is the same.
    expect(await ok<MyChildrenGrades>('parent', 'GET', '/api/grades/my-children')).toEqual(before);
    expect(await freezePendingResults(t.database)).toBe(1);
    expect(await freezePendingResults(t.database)).toBe(0);
    expect(await count()).toBe(stored);
    const pending = await system(t.database, (tx) => tx.select({ id: examSeries.id }).from(examSeries).where(and(eq(examSeries.status, 'released'), isNull(examSeries.resultsFrozenAt))));
    expect(pending).toEqual([]);
    expect(await ok<MyChildrenGrades>('parent', 'GET', '/api/grades/my-children')).toEqual(before);
  });

  it('positions follow the school’s setting when read, not when stored', async () => {
    await ok('principal', 'PUT', '/api/assessment/settings', { publishPositions: false });
    const hidden = await ok<MyChildrenGrades>('parent', 'GET', '/api/grades/my-children');
    expect(hidden.children.flatMap((c) => c.series).every((s) => s.position === null && s.positionOutOf === null)).toBe(true);
    await ok('principal', 'PUT', '/api/assessment/settings', { publishPositions: true });
    const shown = await ok<MyChildrenGrades>('parent', 'GET', '/api/grades/my-children');
    expect(shown.children.flatMap((c) => c.series).some((s) => s.position !== null)).toBe(true);
  });
});
