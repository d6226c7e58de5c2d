import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { academicYears, classes, examMarks, examSeries, examSubjects, levels, students, subjects, terms } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { learnerIdentityColumns } from '../../lib/learner-columns.js';

/**
 * Queries of the KNEC school-based assessment export (issue 35 §2; docs/decisions/0027-knec-sba.md).
 * Every function runs inside the caller's school-scoped transaction (row-level security) and filters
 * by school as well. "On the roll of a level" means an active learner whose current stream is one of
 * the level's streams.
 */

/** `ids` as a PostgreSQL uuid[] built from bound parameters (never spliced into the SQL text). */
function uuidArray(ids: readonly string[]) {
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
}

/** A level of the school: name, curriculum, band and order; undefined when unknown. */
export async function findLevel(tx: Tx, schoolId: string, levelId: string) {
  const [row] = await tx
    .select({ id: levels.id, name: levels.name, curriculum: levels.curriculum, band: levels.band, levelOrder: levels.levelOrder })
    .from(levels)
    .where(and(eq(levels.schoolId, schoolId), eq(levels.id, levelId)));
  return row;
}

/** Every level of the school (id, name, curriculum, band, order); by order. */
export async function listLevels(tx: Tx, schoolId: string) {
  return tx
    .select({ id: levels.id, name: levels.name, curriculum: levels.curriculum, band: levels.band, levelOrder: levels.levelOrder })
    .from(levels)
    .where(eq(levels.schoolId, schoolId))
    .orderBy(asc(levels.levelOrder), asc(levels.name));
}

/** Number of active learners on the roll of each of the given levels (levels without learners are absent). */
export async function countLearnersByLevel(tx: Tx, schoolId: string, levelIds: string[]): Promise<{ levelId: string; n: number }[]> {
  if (!levelIds.length) return [];
  const rows = await tx
    .select({ levelId: classes.levelId, n: count() })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.classId))
    .where(and(eq(students.schoolId, schoolId), eq(students.status, 'active'), inArray(classes.levelId, levelIds)))
    .groupBy(classes.levelId);
  return rows.flatMap((r) => (r.levelId ? [{ levelId: r.levelId, n: Number(r.n) }] : []));
}

const seriesColumns = {
  id: examSeries.id,
  name: examSeries.name,
  status: examSeries.status,
  levelIds: examSeries.levelIds,
  releasedAt: examSeries.releasedAt,
  term: terms.name,
  year: academicYears.name,
};

/** The school's series among `ids` with term and year names (unknown ids are absent). */
export async function listSeriesByIds(tx: Tx, schoolId: string, ids: string[]) {
  if (!ids.length) return [];
  return tx
    .select(seriesColumns)
    .from(examSeries)
    .innerJoin(terms, eq(terms.id, examSeries.termId))
    .innerJoin(academicYears, eq(academicYears.id, terms.academicYearId))
    .where(and(eq(examSeries.schoolId, schoolId), inArray(examSeries.id, ids)));
}

/** The school's released series sat by any of the given levels; newest term first, then newest release. */
export async function listReleasedSeriesOfLevels(tx: Tx, schoolId: string, levelIds: string[]) {
  if (!levelIds.length) return [];
  return tx
    .select(seriesColumns)
    .from(examSeries)
    .innerJoin(terms, eq(terms.id, examSeries.termId))
    .innerJoin(academicYears, eq(academicYears.id, terms.academicYearId))
    .where(and(eq(examSeries.schoolId, schoolId), eq(examSeries.status, 'released'), sql`${examSeries.levelIds} && ${uuidArray(levelIds)}`))
    .orderBy(desc(terms.startsOn), desc(examSeries.releasedAt), asc(examSeries.id))
    .limit(60);
}

/** The learning areas of the given series (each subject once): id, code, name and curriculum band. */
export async function listSeriesSubjects(tx: Tx, schoolId: string, examIds: string[]) {
  if (!examIds.length) return [];
  return tx
    .selectDistinct({ id: subjects.id, code: subjects.code, name: subjects.name, band: subjects.band })
    .from(examSubjects)
    .innerJoin(subjects, eq(subjects.id, examSubjects.subjectId))
    .where(and(eq(examSubjects.schoolId, schoolId), inArray(examSubjects.examId, examIds)));
}

/** Active learners on the roll of the level: identity, assessment number and stream; by stream, then name. */
export async function listLevelLearners(tx: Tx, schoolId: string, levelId: string) {
  return tx
    .select({ ...learnerIdentityColumns, assessmentNumber: students.assessmentNumber, stream: classes.name })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.classId))
    .where(and(eq(students.schoolId, schoolId), eq(students.status, 'active'), eq(classes.levelId, levelId)))
    .orderBy(asc(classes.name), asc(students.firstName), asc(students.lastName), asc(students.id));
}

/**
 * The marks that count ("present", with a percentage) of the level's learners on the roll in the given
 * series: learner, series, learning area and percentage (0..100).
 */
export async function listLevelMarks(tx: Tx, schoolId: string, levelId: string, examIds: string[]): Promise<{ studentId: string; examId: string; subjectId: string; percent: number }[]> {
  if (!examIds.length) return [];
  const rows = await tx
    .select({ studentId: examMarks.studentId, examId: examMarks.examId, subjectId: examMarks.subjectId, percent: examMarks.percent })
    .from(examMarks)
    .innerJoin(students, eq(students.id, examMarks.studentId))
    .innerJoin(classes, eq(classes.id, students.classId))
    .where(
      and(
        eq(examMarks.schoolId, schoolId),
        inArray(examMarks.examId, examIds),
        eq(examMarks.status, 'present'),
        sql`${examMarks.percent} is not null`,
        eq(students.status, 'active'),
        eq(classes.levelId, levelId),
      ),
    );
  return rows.map((r) => ({ ...r, percent: Number(r.percent) }));
}
