import { and, asc, desc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { academicYears, classes, examMarks, examSeries, students, teacherAssignments, terms } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { learnerIdentityColumns, learnerNameColumns, type LearnerIdentity } from '../../lib/learner-columns.js';
import { visibleLearners, type LearnerAudience } from '../learners/index.js';

/**
 * Queries of exam results and analytics (issue 12 §4): the marks and learners a series' results are
 * computed from, means over series, the series before one, and a parent's children and their released
 * series. Every function runs inside the caller's school-scoped transaction (row-level security).
 * Means are percentages (0..100) as PostgreSQL's avg returns them: decimal strings.
 */

/** `ids` as a PostgreSQL uuid[] built from bound parameters (never spliced into the SQL text). */
function uuidArray(ids: readonly string[]) {
  return sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::uuid[]`;
}

/** A learner as results name them, with the stream they are in now and their status. */
export interface ResultLearner extends LearnerIdentity {
  gender: string;
  classId: string | null;
  status: string;
}

const resultLearnerColumns = { ...learnerIdentityColumns, gender: students.gender, classId: students.classId, status: students.status };

/** Each learner's mean percentage over the subjects they sat (status present) in a series. */
export async function learnerMeansOfExam(tx: Tx, examId: string): Promise<{ studentId: string; mean: string }[]> {
  return tx
    .select({ studentId: examMarks.studentId, mean: sql<string>`avg(${examMarks.percent})` })
    .from(examMarks)
    .where(and(eq(examMarks.examId, examId), eq(examMarks.status, 'present')))
    .groupBy(examMarks.studentId);
}

/** Each subject's mean percentage (status present) in a series over some learners. */
export async function subjectMeansOfLearners(tx: Tx, examId: string, studentIds: string[]): Promise<{ subjectId: string; mean: string }[]> {
  return tx
    .select({ subjectId: examMarks.subjectId, mean: sql<string>`avg(${examMarks.percent})` })
    .from(examMarks)
    .where(and(eq(examMarks.examId, examId), eq(examMarks.status, 'present'), inArray(examMarks.studentId, studentIds)))
    .groupBy(examMarks.subjectId);
}

/** The mean percentage (status present) of some learners' marks in a series; mean null when they have none. */
export async function meanOfLearners(tx: Tx, examId: string, studentIds: string[]): Promise<{ mean: string | null } | undefined> {
  const [row] = await tx
    .select({ mean: sql<string | null>`avg(${examMarks.percent})` })
    .from(examMarks)
    .where(and(eq(examMarks.examId, examId), eq(examMarks.status, 'present'), inArray(examMarks.studentId, studentIds)));
  return row;
}

/**
 * The school's series before `e` for any of the same levels: an earlier term, or the same term and
 * created earlier; the latest such (by term start, then creation), or undefined.
 */
export async function findPreviousExam(tx: Tx, schoolId: string, e: { id: string; levelIds: string[]; termStartsOn: string; createdAt: Date }): Promise<{ id: string; name: string } | undefined> {
  const [row] = await tx
    .select({ id: examSeries.id, name: examSeries.name })
    .from(examSeries)
    .innerJoin(terms, eq(terms.id, examSeries.termId))
    .where(
      and(
        eq(examSeries.schoolId, schoolId),
        ne(examSeries.id, e.id),
        sql`${examSeries.levelIds} && ${uuidArray(e.levelIds)}`,
        or(lt(terms.startsOn, e.termStartsOn), and(eq(terms.startsOn, e.termStartsOn), lt(examSeries.createdAt, e.createdAt))),
      ),
    )
    .orderBy(desc(terms.startsOn), desc(examSeries.createdAt), desc(examSeries.id))
    .limit(1);
  return row;
}

/** The school's latest twelve series for any of the given levels with term and year names; newest first. */
export async function listLatestSeriesOfLevels(tx: Tx, schoolId: string, levelIds: string[]): Promise<{ id: string; name: string; termName: string; year: string }[]> {
  return tx
    .select({ id: examSeries.id, name: examSeries.name, termName: terms.name, year: academicYears.name })
    .from(examSeries)
    .innerJoin(terms, eq(terms.id, examSeries.termId))
    .innerJoin(academicYears, eq(academicYears.id, terms.academicYearId))
    .where(and(eq(examSeries.schoolId, schoolId), sql`${examSeries.levelIds} && ${uuidArray(levelIds)}`))
    .orderBy(desc(terms.startsOn), desc(examSeries.createdAt), asc(examSeries.id))
    .limit(12);
}

/**
 * The marks of a series (learner, subject, stream, status, score, percent): every stream's, or
 * (`classIds`) only those streams' (an empty list reads none).
 */
export async function listResultMarks(tx: Tx, examId: string, classIds?: string[]) {
  return tx
    .select({ studentId: examMarks.studentId, subjectId: examMarks.subjectId, classId: examMarks.classId, status: examMarks.status, score: examMarks.score, percent: examMarks.percent })
    .from(examMarks)
    .where(!classIds ? eq(examMarks.examId, examId) : classIds.length ? and(eq(examMarks.examId, examId), inArray(examMarks.classId, classIds)) : sql`false`);
}

/** The school's learners `studentIds`; by first name, then last name. */
export async function listResultLearnersByIds(tx: Tx, schoolId: string, studentIds: string[]): Promise<ResultLearner[]> {
  return tx
    .select(resultLearnerColumns)
    .from(students)
    .where(and(eq(students.schoolId, schoolId), inArray(students.id, studentIds)))
    .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id));
}

/** The school's active learners of the given streams plus the learners `studentIds` (who have marks); by first name, then last name. */
export async function listResultLearners(tx: Tx, schoolId: string, classIds: string[], studentIds: string[]): Promise<ResultLearner[]> {
  return tx
    .select(resultLearnerColumns)
    .from(students)
    .where(and(eq(students.schoolId, schoolId), or(and(inArray(students.classId, classIds), eq(students.status, 'active')), studentIds.length ? inArray(students.id, studentIds) : sql`false`)))
    .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id));
}

/** The id of stream `classId` when the teacher leads it or teaches a subject in it. */
export async function findTaughtClassId(tx: Tx, teacherId: string, classId: string): Promise<{ id: string } | undefined> {
  const [row] = await tx
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.id, classId), or(eq(classes.classTeacherId, teacherId), sql`${classes.id} in (select ${teacherAssignments.classId} from ${teacherAssignments} where ${teacherAssignments.teacherId} = ${teacherId})`)));
  return row;
}

/** The school's learners the audience may see (a parent: their children) with their stream's name; by first name. */
export async function listVisibleLearners(tx: Tx, schoolId: string, audience: LearnerAudience) {
  return tx
    .select({ id: students.id, ...learnerNameColumns, admissionNumber: students.admissionNumber, className: classes.name })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(and(eq(students.schoolId, schoolId), visibleLearners(audience)))
    .orderBy(asc(students.firstName), asc(students.id));
}

/** The released series in which any of the learners has a mark, each once; by term start, then creation. */
export async function listReleasedExamsOf(tx: Tx, studentIds: string[]): Promise<{ examId: string; startsOn: string; createdAt: Date }[]> {
  return tx
    .selectDistinct({ examId: examMarks.examId, startsOn: terms.startsOn, createdAt: examSeries.createdAt })
    .from(examMarks)
    .innerJoin(examSeries, eq(examSeries.id, examMarks.examId))
    .innerJoin(terms, eq(terms.id, examSeries.termId))
    .where(and(inArray(examMarks.studentId, studentIds), eq(examSeries.status, 'released')))
    .orderBy(asc(terms.startsOn), asc(examSeries.createdAt), asc(examMarks.examId));
}

/** The (series, stream) pairs in which any of the learners has a mark, among the given series; each once. */
export async function listStreamsSatIn(tx: Tx, studentIds: string[], examIds: string[]): Promise<{ examId: string; classId: string }[]> {
  return tx
    .selectDistinct({ examId: examMarks.examId, classId: examMarks.classId })
    .from(examMarks)
    .where(and(inArray(examMarks.studentId, studentIds), inArray(examMarks.examId, examIds)));
}
