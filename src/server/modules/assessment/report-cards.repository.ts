import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { academicYears, classes, examSeries, formativeAssessments, levels, profiles, reportComments, studentEnrolments, students, terms } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { learnerIdentityColumns, type LearnerIdentity } from '../../lib/learner-columns.js';
import { inStreamsSql } from '../../lib/roll.js';
import { visibleLearners, type LearnerAudience } from '../learners/index.js';

/**
 * Queries of report cards (issue 12 §5) and CBC formative assessment (§2): the term and its released
 * series, what a card prints about a learner (stream, level, class teacher, comments, strand levels, fee
 * balance), the comments teachers and the principal write, and strand assessments. Every function runs
 * inside the caller's school-scoped transaction (row-level security).
 */

/** A report_comments row. */
export type ReportCommentRow = typeof reportComments.$inferSelect;
/** The comment columns a save may set, with who saved them and when. */
export type ReportCommentChanges = Pick<typeof reportComments.$inferInsert, 'classTeacherComment' | 'principalComment' | 'updatedBy' | 'updatedAt'>;
/** Values of a new formative_assessments row. */
export type NewFormativeAssessment = typeof formativeAssessments.$inferInsert;

/** A learner's names and admission number. */
export type NamedLearner = LearnerIdentity;

// -- terms --------------------------------------------------------------------------------------------

/** The school's term `termId` with its dates and academic year's name, if any. */
export async function findTermWithYear(tx: Tx, schoolId: string, termId: string): Promise<{ id: string; name: string; startsOn: string; endsOn: string; academicYear: string } | undefined> {
  const [t] = await tx
    .select({ id: terms.id, name: terms.name, startsOn: terms.startsOn, endsOn: terms.endsOn, academicYear: academicYears.name })
    .from(terms)
    .innerJoin(academicYears, eq(academicYears.id, terms.academicYearId))
    .where(and(eq(terms.schoolId, schoolId), eq(terms.id, termId)));
  return t;
}

/** Ids of the school's released series of a term; by start date, then creation. */
export async function listReleasedSeriesIds(tx: Tx, schoolId: string, termId: string): Promise<{ id: string }[]> {
  return tx
    .select({ id: examSeries.id })
    .from(examSeries)
    .where(and(eq(examSeries.schoolId, schoolId), eq(examSeries.termId, termId), eq(examSeries.status, 'released')))
    .orderBy(asc(examSeries.startsOn), asc(examSeries.createdAt), asc(examSeries.id));
}

/** The first day of the school's first term starting after `after` (a date), if any. */
export async function findNextTermStart(tx: Tx, schoolId: string, after: string): Promise<{ startsOn: string } | undefined> {
  const [next] = await tx.select({ startsOn: terms.startsOn }).from(terms).where(and(eq(terms.schoolId, schoolId), gt(terms.startsOn, after))).orderBy(asc(terms.startsOn)).limit(1);
  return next;
}

// -- learners -----------------------------------------------------------------------------------------

/** UPI, current stream (name, stream, level) and the stream's class teacher of each of these learners of the school (unordered). */
export async function listCardLearnerInfo(tx: Tx, schoolId: string, studentIds: string[]) {
  return tx
    .select({ id: students.id, upi: students.upi, classId: students.classId, className: classes.name, stream: classes.stream, levelId: classes.levelId, levelName: levels.name, classTeacher: profiles.name })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .leftJoin(levels, eq(levels.id, classes.levelId))
    .leftJoin(profiles, eq(profiles.id, classes.classTeacherId))
    .where(and(eq(students.schoolId, schoolId), inArray(students.id, studentIds)));
}

/** The id of learner `studentId` when the audience may see them (its school set). */
export async function findVisibleLearnerId(tx: Tx, audience: LearnerAudience, studentId: string): Promise<{ id: string } | undefined> {
  const [row] = await tx.select({ id: students.id }).from(students).where(and(eq(students.id, studentId), visibleLearners(audience)));
  return row;
}

/**
 * The school's active learners of a stream (unordered): in it now or, for a past year's stream, by class
 * history (lib/roll.ts), so last Term 3's comments list its learners after they moved up.
 */
export async function listActiveLearnersOfClass(tx: Tx, schoolId: string, classId: string): Promise<NamedLearner[]> {
  return tx
    .select(learnerIdentityColumns)
    .from(students)
    .where(and(eq(students.schoolId, schoolId), inStreamsSql([classId]), eq(students.status, 'active')));
}

/** Which of `studentIds` are the school's learners of stream `classId` (any status; class history too). */
export async function learnerIdsInClass(tx: Tx, schoolId: string, classId: string, studentIds: string[]): Promise<{ id: string }[]> {
  return tx.select({ id: students.id }).from(students).where(and(eq(students.schoolId, schoolId), inStreamsSql([classId]), inArray(students.id, studentIds)));
}

/**
 * The stream of each of the school's learners `studentIds` that exists, in term `termId`: their class
 * history row of the term's year, else their current stream (last Term 3's comments are written in
 * January by last year's class teacher, when the learners have moved up).
 */
export async function learnerClassesOf(tx: Tx, schoolId: string, studentIds: string[], termId: string): Promise<{ id: string; classId: string | null }[]> {
  const rows = await tx
    .select({ id: students.id, current: students.classId, then: studentEnrolments.classId })
    .from(students)
    .leftJoin(terms, and(eq(terms.schoolId, schoolId), eq(terms.id, termId)))
    .leftJoin(studentEnrolments, and(eq(studentEnrolments.studentId, students.id), eq(studentEnrolments.academicYearId, terms.academicYearId)))
    .where(and(eq(students.schoolId, schoolId), inArray(students.id, studentIds)));
  return rows.map((r) => ({ id: r.id, classId: r.then ?? r.current }));
}

// -- streams ------------------------------------------------------------------------------------------

/** The school's stream `classId` with its class teacher, if any. */
export async function findClassTeacher(tx: Tx, schoolId: string, classId: string): Promise<{ id: string; classTeacherId: string | null } | undefined> {
  const [c] = await tx.select({ id: classes.id, classTeacherId: classes.classTeacherId }).from(classes).where(and(eq(classes.schoolId, schoolId), eq(classes.id, classId)));
  return c;
}

/** Ids of the school's streams of a level (any academic year). */
export async function listClassIdsOfLevel(tx: Tx, schoolId: string, levelId: string): Promise<{ id: string }[]> {
  return tx.select({ id: classes.id }).from(classes).where(and(eq(classes.schoolId, schoolId), eq(classes.levelId, levelId)));
}

// -- comments -----------------------------------------------------------------------------------------

/** The report comments of some learners in a term. */
export async function listTermComments(tx: Tx, termId: string, studentIds: string[]): Promise<ReportCommentRow[]> {
  return tx.select().from(reportComments).where(and(eq(reportComments.termId, termId), inArray(reportComments.studentId, studentIds)));
}

/** The report comments of some learners in every term. */
export async function listLearnerComments(tx: Tx, studentIds: string[]): Promise<ReportCommentRow[]> {
  return tx.select().from(reportComments).where(inArray(reportComments.studentId, studentIds));
}

/** Saves a learner's term comments: creates the row, or sets the given columns of the existing one. */
export async function upsertReportComment(tx: Tx, schoolId: string, studentId: string, termId: string, set: ReportCommentChanges): Promise<void> {
  await tx
    .insert(reportComments)
    .values({ schoolId, studentId, termId, ...set })
    .onConflictDoUpdate({ target: [reportComments.studentId, reportComments.termId], set });
}

// -- formative assessment -----------------------------------------------------------------------------

/** Strand levels (points 1..4, date) of some learners in every subject of a term (unordered). */
export async function listTermFormativePoints(tx: Tx, termId: string, studentIds: string[]): Promise<{ studentId: string; subjectId: string; points: number; on: string }[]> {
  return tx
    .select({ studentId: formativeAssessments.studentId, subjectId: formativeAssessments.subjectId, points: formativeAssessments.points, on: formativeAssessments.assessedOn })
    .from(formativeAssessments)
    .where(and(eq(formativeAssessments.termId, termId), inArray(formativeAssessments.studentId, studentIds)));
}

/** Strand assessments of some learners in one subject of a term, with who assessed (unordered). */
export async function listFormativeEntries(tx: Tx, termId: string, subjectId: string, studentIds: string[]) {
  return tx
    .select({ f: formativeAssessments, by: profiles.name })
    .from(formativeAssessments)
    .leftJoin(profiles, eq(profiles.id, formativeAssessments.assessedBy))
    .where(and(eq(formativeAssessments.termId, termId), eq(formativeAssessments.subjectId, subjectId), inArray(formativeAssessments.studentId, studentIds)));
}

/** Records strand assessments. */
export async function insertFormative(tx: Tx, rows: NewFormativeAssessment[]): Promise<void> {
  await tx.insert(formativeAssessments).values(rows);
}
