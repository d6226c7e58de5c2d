import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { examMarks, examSeries, releasedResults, terms } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import type { ChildSeries } from '../../../shared/contracts/assessment.js';

/**
 * Queries of released_results (issue 37 §1): each learner's result of a released series, stored once
 * at release. Every function runs inside the caller's school-scoped transaction (row-level security).
 */

/** Rows per INSERT statement when storing a series' results (a level of 40,000 learners in 40 statements). */
const INSERT_CHUNK = 1000;

/** The learners with a mark row (any status) in a series: the learners whose parents see it. */
export async function listStudentsWithMarks(tx: Tx, examId: string): Promise<Set<string>> {
  const rows = await tx.selectDistinct({ studentId: examMarks.studentId }).from(examMarks).where(eq(examMarks.examId, examId));
  return new Set(rows.map((r) => r.studentId));
}

/** Stores a series' results (a learner already stored keeps their row) and marks the series frozen. */
export async function storeReleasedResults(tx: Tx, schoolId: string, examId: string, rows: { studentId: string; series: ChildSeries }[], at: Date): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK).map((r) => ({ schoolId, examId, studentId: r.studentId, series: r.series }));
    await tx.insert(releasedResults).values(chunk).onConflictDoNothing();
  }
  await tx.update(examSeries).set({ resultsFrozenAt: at }).where(and(eq(examSeries.schoolId, schoolId), eq(examSeries.id, examId)));
}

/**
 * The stored results of these learners, in the order parents read them: by the series' term start,
 * then its creation, then its id. The series' and term's ids come from the row's columns (the stored
 * JSON is what the parent sees otherwise).
 */
export async function listReleasedResultsOf(
  tx: Tx,
  studentIds: string[],
): Promise<{ studentId: string; examId: string; termId: string; startsOn: string; createdAt: Date; series: ChildSeries }[]> {
  if (studentIds.length === 0) return [];
  return tx
    .select({ studentId: releasedResults.studentId, examId: releasedResults.examId, termId: examSeries.termId, startsOn: terms.startsOn, createdAt: examSeries.createdAt, series: releasedResults.series })
    .from(releasedResults)
    .innerJoin(examSeries, eq(examSeries.id, releasedResults.examId))
    .innerJoin(terms, eq(terms.id, examSeries.termId))
    .where(inArray(releasedResults.studentId, studentIds))
    .orderBy(asc(terms.startsOn), asc(examSeries.createdAt), asc(examSeries.id), asc(releasedResults.studentId));
}

/** Released series of the school whose results are not stored yet (released before issue 37, or by a seed). */
export async function listUnfrozenReleased(tx: Tx, schoolId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: examSeries.id })
    .from(examSeries)
    .where(and(eq(examSeries.schoolId, schoolId), eq(examSeries.status, 'released'), isNull(examSeries.resultsFrozenAt)))
    .orderBy(asc(examSeries.createdAt), asc(examSeries.id));
  return rows.map((r) => r.id);
}

/** Released series whose results are not stored yet, every school's (the sweep's work list, system scope). */
export async function listAllUnfrozenReleased(tx: Tx): Promise<{ schoolId: string; examId: string }[]> {
  return tx
    .select({ schoolId: examSeries.schoolId, examId: examSeries.id })
    .from(examSeries)
    .where(and(eq(examSeries.status, 'released'), isNull(examSeries.resultsFrozenAt)))
    .orderBy(asc(examSeries.schoolId), asc(examSeries.createdAt), asc(examSeries.id));
}

/**
 * Locks a released series still without stored results, for the sweep; false when another transaction
 * holds it (SKIP LOCKED) or its results are stored already.
 */
export async function tryLockUnfrozenExam(tx: Tx, schoolId: string, examId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: examSeries.id })
    .from(examSeries)
    .where(and(eq(examSeries.schoolId, schoolId), eq(examSeries.id, examId), eq(examSeries.status, 'released'), isNull(examSeries.resultsFrozenAt)))
    .for('update', { skipLocked: true });
  return rows.length > 0;
}
