import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { academicYears, classes, examSeries, examSubjects, examTimetable, profiles, subjects, terms } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/**
 * Queries of exam series (issue 12 §2): the series with their terms, their subjects and papers, the
 * streams that sit them, and their timetables. Every function runs inside the caller's school-scoped
 * transaction (row-level security).
 */

/** An exam_series row. */
export type ExamSeriesRow = typeof examSeries.$inferSelect;
/** An exam series with its term: name, academic year (name and id) and the term's first day. */
export type ExamRow = ExamSeriesRow & { termName: string; academicYear: string; academicYearId: string; termStartsOn: string };
/** Values of a new exam_series row. */
export type NewExam = typeof examSeries.$inferInsert;
/** Values of a new exam_subjects row. */
export type NewExamSubject = typeof examSubjects.$inferInsert;
/** Values of a new exam_timetable row. */
export type NewTimetableEntry = typeof examTimetable.$inferInsert;
/** The columns of an exam series an edit may change. */
export type ExamChanges = Partial<Pick<NewExam, 'name' | 'kind' | 'levelIds' | 'startsOn' | 'endsOn' | 'entryOpensOn' | 'entryClosesOn' | 'weight' | 'status' | 'releasedAt' | 'releasedBy' | 'scaleVersions' | 'updatedAt'>>;

const examWithTerm = { e: examSeries, termName: terms.name, academicYear: academicYears.name, academicYearId: terms.academicYearId, termStartsOn: terms.startsOn };

function toExamRow(r: { e: ExamSeriesRow; termName: string; academicYear: string; academicYearId: string; termStartsOn: string }): ExamRow {
  return { ...r.e, termName: r.termName, academicYear: r.academicYear, academicYearId: r.academicYearId, termStartsOn: r.termStartsOn };
}

/** The exam `examId` of the school with its term, if any. */
export async function findExam(tx: Tx, schoolId: string, examId: string): Promise<ExamRow | undefined> {
  const [row] = await tx
    .select(examWithTerm)
    .from(examSeries)
    .innerJoin(terms, eq(terms.id, examSeries.termId))
    .innerJoin(academicYears, eq(academicYears.id, terms.academicYearId))
    .where(and(eq(examSeries.schoolId, schoolId), eq(examSeries.id, examId)));
  return row ? toExamRow(row) : undefined;
}

/** The school's exam series with their terms, optionally of one term and/or status; newest term first, then newest created. */
export async function listExams(tx: Tx, schoolId: string, filters: { termId?: string; status?: string }): Promise<ExamRow[]> {
  const rows = await tx
    .select(examWithTerm)
    .from(examSeries)
    .innerJoin(terms, eq(terms.id, examSeries.termId))
    .innerJoin(academicYears, eq(academicYears.id, terms.academicYearId))
    .where(and(eq(examSeries.schoolId, schoolId), filters.termId ? eq(examSeries.termId, filters.termId) : undefined, filters.status ? eq(examSeries.status, filters.status) : undefined))
    .orderBy(desc(terms.startsOn), desc(examSeries.createdAt), asc(examSeries.id));
  return rows.map(toExamRow);
}

/** Ids of the school's latest twelve series that are not released or were released in the last 120 days; newest term first. */
export async function listRecentExamIds(tx: Tx, schoolId: string): Promise<{ id: string }[]> {
  return tx
    .select({ id: examSeries.id })
    .from(examSeries)
    .innerJoin(terms, eq(terms.id, examSeries.termId))
    .where(and(eq(examSeries.schoolId, schoolId), sql`(${examSeries.status} <> 'released' or ${examSeries.releasedAt} > now() - interval '120 days')`))
    .orderBy(desc(terms.startsOn), desc(examSeries.createdAt), asc(examSeries.id))
    .limit(12);
}

/** Takes the row lock on the school's exam series (`for update`) until the transaction ends. */
export async function lockExam(tx: Tx, schoolId: string, examId: string): Promise<void> {
  await tx.select({ id: examSeries.id }).from(examSeries).where(and(eq(examSeries.id, examId), eq(examSeries.schoolId, schoolId))).for('update');
}

/** Adds an exam series; the new row. */
export async function insertExam(tx: Tx, values: NewExam): Promise<ExamSeriesRow | undefined> {
  const [row] = await tx.insert(examSeries).values(values).returning();
  return row;
}

/** Writes changes to an exam series. */
export async function updateExam(tx: Tx, schoolId: string, examId: string, set: ExamChanges): Promise<void> {
  await tx.update(examSeries).set(set).where(and(eq(examSeries.schoolId, schoolId), eq(examSeries.id, examId)));
}

/** Deletes an exam series (its subjects, sheets and timetable go with it: on delete cascade). */
export async function deleteExam(tx: Tx, schoolId: string, examId: string): Promise<void> {
  await tx.delete(examSeries).where(and(eq(examSeries.schoolId, schoolId), eq(examSeries.id, examId)));
}

/** Subjects of the given series with names, code, curriculum band, papers and maximum (numeric as stored); by subject code, then name. */
export async function listExamSubjects(tx: Tx, examIds: string[]) {
  return tx
    .select({ examId: examSubjects.examId, subjectId: examSubjects.subjectId, name: subjects.name, code: subjects.code, band: subjects.band, papers: examSubjects.papers, maxMarks: examSubjects.maxMarks })
    .from(examSubjects)
    .innerJoin(subjects, eq(subjects.id, examSubjects.subjectId))
    .where(inArray(examSubjects.examId, examIds))
    .orderBy(asc(subjects.code), asc(subjects.name), asc(examSubjects.id));
}

/** Adds subjects to a series. */
export async function insertExamSubjects(tx: Tx, rows: NewExamSubject[]): Promise<void> {
  await tx.insert(examSubjects).values(rows);
}

/** Removes every subject of a series. */
export async function deleteExamSubjects(tx: Tx, schoolId: string, examId: string): Promise<void> {
  await tx.delete(examSubjects).where(and(eq(examSubjects.schoolId, schoolId), eq(examSubjects.examId, examId)));
}

/** The school's streams of the given levels in an academic year; by level order, then name. */
export async function listStreamsOfLevels(tx: Tx, schoolId: string, academicYearId: string, levelIds: string[]) {
  return tx
    .select({ id: classes.id, name: classes.name, levelId: classes.levelId, stream: classes.stream, gradeLevel: classes.gradeLevel, band: classes.band, classTeacherId: classes.classTeacherId })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.academicYearId, academicYearId), inArray(classes.levelId, levelIds)))
    .orderBy(asc(classes.levelOrder), asc(classes.name), asc(classes.id));
}

/** Number of the school's streams per curriculum band among the given levels in an academic year (no levels: none). */
export async function countStreamsByBand(tx: Tx, schoolId: string, academicYearId: string, levelIds: string[]): Promise<{ band: string; n: number }[]> {
  return tx
    .select({ band: classes.band, n: count() })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.academicYearId, academicYearId), levelIds.length ? inArray(classes.levelId, levelIds) : sql`false`))
    .groupBy(classes.band);
}

/** The id of stream `classId` when it is the school's. */
export async function findClassId(tx: Tx, schoolId: string, classId: string): Promise<{ id: string } | undefined> {
  const [row] = await tx.select({ id: classes.id }).from(classes).where(and(eq(classes.schoolId, schoolId), eq(classes.id, classId)));
  return row;
}

/** The name of the school's stream `classId`, or undefined. */
export async function findClassName(tx: Tx, schoolId: string, classId: string): Promise<{ name: string } | undefined> {
  const [row] = await tx.select({ name: classes.name }).from(classes).where(and(eq(classes.id, classId), eq(classes.schoolId, schoolId)));
  return row;
}

/** The id of term `termId` when it is the school's. */
export async function findTermId(tx: Tx, schoolId: string, termId: string): Promise<{ id: string } | undefined> {
  const [row] = await tx.select({ id: terms.id }).from(terms).where(and(eq(terms.schoolId, schoolId), eq(terms.id, termId)));
  return row;
}

/** Which of `profileIds` are profiles of the school. */
export async function profileIdsOf(tx: Tx, schoolId: string, profileIds: string[]): Promise<{ id: string }[]> {
  return tx.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.schoolId, schoolId), inArray(profiles.id, profileIds)));
}

/** A series' timetable with subject and invigilator names; by date, start time, then subject name. */
export async function listTimetable(tx: Tx, schoolId: string, examId: string) {
  return tx
    .select({ t: examTimetable, subjectName: subjects.name, invigilatorName: profiles.name })
    .from(examTimetable)
    .innerJoin(subjects, eq(subjects.id, examTimetable.subjectId))
    .leftJoin(profiles, eq(profiles.id, examTimetable.invigilatorId))
    .where(and(eq(examTimetable.schoolId, schoolId), eq(examTimetable.examId, examId)))
    .orderBy(asc(examTimetable.sitsOn), asc(examTimetable.startsAt), asc(subjects.name), asc(examTimetable.id));
}

/** Removes every paper of a series' timetable. */
export async function deleteTimetable(tx: Tx, schoolId: string, examId: string): Promise<void> {
  await tx.delete(examTimetable).where(and(eq(examTimetable.schoolId, schoolId), eq(examTimetable.examId, examId)));
}

/** Adds papers to a series' timetable. */
export async function insertTimetable(tx: Tx, rows: NewTimetableEntry[]): Promise<void> {
  await tx.insert(examTimetable).values(rows);
}
