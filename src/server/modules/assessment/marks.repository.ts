import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { classes, examMarks, examSeries, examTimetable, gradeAudit, markSheets, profiles, students, subjects, teacherAssignments, terms, type ExamMarkRow, type MarkSheetRow, type NewExamMark, type NewGradeAudit } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { learnerIdentityColumns, learnerNameColumns, type LearnerNames } from '../../lib/learner-columns.js';
import { admittedBySql, inStreamsSql, joinedBySql, streamAmongSql } from '../../lib/roll.js';

/**
 * Queries of marks entry and approval (issue 12 §3): mark sheets (one per exam x stream x subject) and
 * their state, learners' marks, the grade audit log of changes after approval, and the teacher
 * assignments that say who may enter what. Every function runs inside the caller's school-scoped
 * transaction (row-level security).
 */

const submitter = alias(profiles, 'submitter');
const decider = alias(profiles, 'decider');
const teacher = alias(profiles, 'teacher');

// -- mark sheets --------------------------------------------------------------------------------------

/** The sheets of an exam for the given streams, with who submitted and who decided them (unordered). */
export async function listSheetsWithNames(tx: Tx, examId: string, classIds: string[]) {
  return tx
    .select({ s: markSheets, submittedBy: submitter.name, decidedBy: decider.name })
    .from(markSheets)
    .leftJoin(submitter, eq(submitter.id, markSheets.submittedBy))
    .leftJoin(decider, eq(decider.id, markSheets.decidedBy))
    .where(and(eq(markSheets.examId, examId), inArray(markSheets.classId, classIds)));
}

/** Number of sheets per exam and status, for the given exams. */
export async function countSheetsByStatus(tx: Tx, examIds: string[]): Promise<{ examId: string; status: string; n: number }[]> {
  return tx
    .select({ examId: markSheets.examId, status: markSheets.status, n: count() })
    .from(markSheets)
    .where(inArray(markSheets.examId, examIds))
    .groupBy(markSheets.examId, markSheets.status);
}

/**
 * The sheet of an exam x stream x subject, created (draft) when missing and then locked `for update`
 * until the transaction ends, so a submit cannot slip between a check and a write.
 */
export async function lockSheet(tx: Tx, schoolId: string, examId: string, classId: string, subjectId: string): Promise<MarkSheetRow> {
  const select = () =>
    tx
      .select()
      .from(markSheets)
      .where(and(eq(markSheets.examId, examId), eq(markSheets.classId, classId), eq(markSheets.subjectId, subjectId)))
      .for('update');
  // Every save after the first finds the sheet: one statement (issue 37: results-day mark saves).
  const [found] = await select();
  if (found) return found;
  await tx.insert(markSheets).values({ schoolId, examId, classId, subjectId }).onConflictDoNothing();
  const [row] = await select();
  return row!;
}

/** The school's sheet `sheetId`, locked `for update` until the transaction ends; undefined when none. */
export async function lockSheetById(tx: Tx, schoolId: string, sheetId: string): Promise<MarkSheetRow | undefined> {
  const [sheet] = await tx.select().from(markSheets).where(and(eq(markSheets.schoolId, schoolId), eq(markSheets.id, sheetId))).for('update');
  return sheet;
}

/** The id of the sheet of an exam x stream x subject, if one exists. */
export async function findSheetId(tx: Tx, examId: string, classId: string, subjectId: string): Promise<{ id: string } | undefined> {
  const [sheet] = await tx.select({ id: markSheets.id }).from(markSheets).where(and(eq(markSheets.examId, examId), eq(markSheets.classId, classId), eq(markSheets.subjectId, subjectId)));
  return sheet;
}

/** Marks a sheet as changed at `at`. */
export async function touchSheet(tx: Tx, sheetId: string, at: Date): Promise<void> {
  await tx.update(markSheets).set({ updatedAt: at }).where(eq(markSheets.id, sheetId));
}

/** Sets a sheet submitted by `by` at `at` (clearing any earlier decision). */
export async function markSheetSubmitted(tx: Tx, sheetId: string, by: string, at: Date): Promise<void> {
  await tx.update(markSheets).set({ status: 'submitted', submittedBy: by, submittedAt: at, decidedBy: null, decidedAt: null, updatedAt: at }).where(eq(markSheets.id, sheetId));
}

/** Records the decision on a sheet: approved or returned, by whom, when, with the comment. */
export async function markSheetDecided(tx: Tx, schoolId: string, sheetId: string, d: { status: 'approved' | 'returned'; decidedBy: string; decidedAt: Date; comment: string | null }): Promise<void> {
  await tx
    .update(markSheets)
    .set({ ...d, updatedAt: d.decidedAt })
    .where(and(eq(markSheets.schoolId, schoolId), eq(markSheets.id, sheetId)));
}

// -- marks --------------------------------------------------------------------------------------------

/** Number of marks per stream and subject of an exam, for the given streams. */
export async function countMarksByStreamSubject(tx: Tx, examId: string, classIds: string[]): Promise<{ classId: string; subjectId: string; n: number }[]> {
  return tx
    .select({ classId: examMarks.classId, subjectId: examMarks.subjectId, n: count() })
    .from(examMarks)
    .where(and(eq(examMarks.examId, examId), inArray(examMarks.classId, classIds)))
    .groupBy(examMarks.classId, examMarks.subjectId);
}

/** Number of marks per subject of an exam. */
export async function countMarksBySubject(tx: Tx, examId: string): Promise<{ subjectId: string; n: number }[]> {
  return tx.select({ subjectId: examMarks.subjectId, n: count() }).from(examMarks).where(eq(examMarks.examId, examId)).groupBy(examMarks.subjectId);
}

/** Number of marks of an exam. */
export async function countExamMarks(tx: Tx, examId: string): Promise<number> {
  const [n] = await tx.select({ n: count() }).from(examMarks).where(eq(examMarks.examId, examId));
  return Number(n?.n ?? 0);
}

/** Every mark of a stream x subject of an exam (unordered). */
export async function listSheetMarks(tx: Tx, examId: string, classId: string, subjectId: string): Promise<ExamMarkRow[]> {
  return tx.select().from(examMarks).where(and(eq(examMarks.examId, examId), eq(examMarks.subjectId, subjectId), eq(examMarks.classId, classId)));
}

/** Ids of the learners with a mark in a stream x subject of an exam. */
export async function listMarkedLearnerIds(tx: Tx, examId: string, classId: string, subjectId: string): Promise<{ id: string }[]> {
  return tx.select({ id: examMarks.studentId }).from(examMarks).where(and(eq(examMarks.examId, examId), eq(examMarks.subjectId, subjectId), eq(examMarks.classId, classId)));
}

/** The marks of some learners in a subject of an exam (any stream). */
export async function listLearnerMarks(tx: Tx, examId: string, subjectId: string, studentIds: string[]): Promise<ExamMarkRow[]> {
  return tx
    .select()
    .from(examMarks)
    .where(and(eq(examMarks.examId, examId), eq(examMarks.subjectId, subjectId), inArray(examMarks.studentId, studentIds)));
}

/** Removes the marks of some learners in a subject of an exam. */
export async function deleteLearnerMarks(tx: Tx, examId: string, subjectId: string, studentIds: string[]): Promise<void> {
  await tx.delete(examMarks).where(and(eq(examMarks.examId, examId), eq(examMarks.subjectId, subjectId), inArray(examMarks.studentId, studentIds)));
}

/**
 * Writes marks: new ones inserted, existing ones (same exam, subject, learner) get the new status,
 * score, paper scores, percent and stream, changed by `updatedBy` at `updatedAt`.
 */
export async function upsertMarks(tx: Tx, rows: NewExamMark[], by: { updatedBy: string; updatedAt: Date }): Promise<void> {
  await tx
    .insert(examMarks)
    .values(rows)
    .onConflictDoUpdate({
      target: [examMarks.examId, examMarks.subjectId, examMarks.studentId],
      set: { status: sql`excluded.status`, score: sql`excluded.score`, paperScores: sql`excluded.paper_scores`, percent: sql`excluded.percent`, classId: sql`excluded.class_id`, updatedBy: by.updatedBy, updatedAt: by.updatedAt },
    });
}

// -- grade audit --------------------------------------------------------------------------------------

/** Records changes made to approved marks. */
export async function insertGradeAudit(tx: Tx, rows: NewGradeAudit[]): Promise<void> {
  await tx.insert(gradeAudit).values(rows);
}

/** The school's grade audit entries of an exam with learner, subject, stream and who changed it; newest first. */
export async function listGradeAudit(tx: Tx, schoolId: string, examId: string) {
  return tx
    .select({ a: gradeAudit, ...learnerNameColumns, admissionNumber: students.admissionNumber, subjectName: subjects.name, changedBy: profiles.name, className: classes.name })
    .from(gradeAudit)
    .innerJoin(students, eq(students.id, gradeAudit.studentId))
    .innerJoin(subjects, eq(subjects.id, gradeAudit.subjectId))
    .leftJoin(profiles, eq(profiles.id, gradeAudit.changedBy))
    .leftJoin(examMarks, and(eq(examMarks.examId, gradeAudit.examId), eq(examMarks.subjectId, gradeAudit.subjectId), eq(examMarks.studentId, gradeAudit.studentId)))
    .leftJoin(classes, eq(classes.id, examMarks.classId))
    .where(and(eq(gradeAudit.schoolId, schoolId), eq(gradeAudit.examId, examId)))
    .orderBy(desc(gradeAudit.changedAt), asc(gradeAudit.id));
}

// -- learners and teachers ----------------------------------------------------------------------------

/**
 * SQL: the day a series' mark sheets take their roll on (issue 34): the series' last day, else its last
 * sitting on the exam timetable, else the last day of its term. Learners admitted after it are not on
 * its mark sheets.
 */
function seriesRollDateSql(examId: string) {
  return sql`(select coalesce(${examSeries.endsOn}, (select max(${examTimetable.sitsOn}) from ${examTimetable} where ${examTimetable.examId} = ${examSeries.id}), ${terms.endsOn})
    from ${examSeries} inner join ${terms} on ${terms.id} = ${examSeries.termId} where ${examSeries.id} = ${examId})`;
}

/**
 * Number of active learners per stream on exam `examId`'s roll (joined by the series' roll day), for the
 * school's given streams.
 */
export async function countActiveLearnersByClass(tx: Tx, schoolId: string, examId: string, classIds: string[]): Promise<{ classId: string | null; n: number }[]> {
  if (classIds.length === 0) return [];
  const stream = streamAmongSql(classIds);
  return tx
    .select({ classId: stream, n: count() })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), inStreamsSql(classIds), eq(students.status, 'active'), joinedBySql(seriesRollDateSql(examId), classIds)))
    .groupBy(sql`1`);
}

/**
 * Learners of a marks grid: the school's active learners of the stream (a past year's from class
 * history, lib/roll.ts) who had joined it by the series' roll day (seriesRollDateSql), plus anyone with a
 * mark in the stream x subject already (admitted by that day); by first name, last name, then admission
 * number.
 */
export async function listGridLearners(tx: Tx, schoolId: string, examId: string, classId: string, subjectId: string, onlyIds?: string[]) {
  const rollDate = seriesRollDateSql(examId);
  return tx
    .select({ ...learnerIdentityColumns, gender: students.gender })
    .from(students)
    .where(
      and(
        eq(students.schoolId, schoolId),
        // A save checks only the learners it names against the roll, not the whole stream.
        onlyIds ? inArray(students.id, onlyIds) : undefined,
        or(
          and(inStreamsSql([classId]), eq(students.status, 'active'), joinedBySql(rollDate, [classId])),
          and(
            sql`${students.id} in (select ${examMarks.studentId} from ${examMarks} where ${examMarks.examId} = ${examId} and ${examMarks.classId} = ${classId} and ${examMarks.subjectId} = ${subjectId})`,
            admittedBySql(rollDate),
          ),
        ),
      ),
    )
    .orderBy(asc(students.firstName), asc(students.lastName), asc(students.admissionNumber));
}

/** The names of the school's learner `studentId`, if any. */
export async function findLearnerNames(tx: Tx, schoolId: string, studentId: string): Promise<LearnerNames | undefined> {
  const [s] = await tx.select(learnerNameColumns).from(students).where(and(eq(students.schoolId, schoolId), eq(students.id, studentId)));
  return s;
}

/** The name of profile `profileId`, if any. */
export async function findProfileName(tx: Tx, profileId: string): Promise<{ name: string } | undefined> {
  const [me] = await tx.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, profileId));
  return me;
}

/** The id of the assignment of a teacher to a stream x subject, if they are assigned. */
export async function findAssignmentId(tx: Tx, teacherId: string, classId: string, subjectId: string): Promise<{ id: string } | undefined> {
  const [a] = await tx
    .select({ id: teacherAssignments.id })
    .from(teacherAssignments)
    .where(and(eq(teacherAssignments.teacherId, teacherId), eq(teacherAssignments.classId, classId), eq(teacherAssignments.subjectId, subjectId)));
  return a;
}

/** The stream x subject pairs one teacher is assigned to, or (schoolId) every assignment of the school. */
export async function listAssignedPairs(tx: Tx, of: { teacherId: string } | { schoolId: string }): Promise<{ classId: string; subjectId: string }[]> {
  const where = 'teacherId' in of ? eq(teacherAssignments.teacherId, of.teacherId) : eq(teacherAssignments.schoolId, of.schoolId);
  return tx.select({ classId: teacherAssignments.classId, subjectId: teacherAssignments.subjectId }).from(teacherAssignments).where(where);
}

/** The teacher's name of each stream x subject assignment, for the given streams (unordered). */
export async function listSubjectTeachers(tx: Tx, classIds: string[]): Promise<{ classId: string; subjectId: string; name: string }[]> {
  return tx
    .select({ classId: teacherAssignments.classId, subjectId: teacherAssignments.subjectId, name: teacher.name })
    .from(teacherAssignments)
    .innerJoin(teacher, eq(teacher.id, teacherAssignments.teacherId))
    .where(inArray(teacherAssignments.classId, classIds));
}

