import { and, asc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { DAILY_SESSIONS } from '../../../shared/contracts/attendance.js';
import {
  absenceAlerts,
  academicYears,
  adminCommunications,
  attendanceEntries,
  attendanceRegisters,
  attendanceSettings,
  classes,
  guardians,
  notifications,
  profiles,
  schoolCalendarEvents,
  schools,
  studentGuardians,
  students,
  teacherAssignments,
  terms,
  type AttendanceEntryRow,
  type AttendanceRegisterRow,
  type AttendanceSettingsRow,
  type CalendarEventRow,
} from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { admittedBySql, onStreamsRollBetweenSql, onStreamsRollSql, streamAmongSql } from '../../lib/roll.js';
import { termDateColumns } from '../../lib/term-columns.js';

export type { CalendarEventRow } from '../../db/schema/index.js';

/**
 * Queries of learner attendance (issue 13): the school's settings, terms and calendar days, streams and
 * their learners, registers and their entries, day statuses and counts, absence alerts. Every function
 * runs in the caller's school-scoped transaction (row-level security); per-school reads keep their
 * explicit school_id predicate on top.
 */

// ---------------------------------------------------------------------------------------------
// Day statuses

/** SQL: the day status of grouped entries, the most serious session (absent > excused > late > present). */
function dayStatusSql() {
  return sql<string>`case when bool_or(${attendanceEntries.status} = 'absent') then 'absent'
    when bool_or(${attendanceEntries.status} = 'excused') then 'excused'
    when bool_or(${attendanceEntries.status} = 'late') then 'late' else 'present' end`;
}
/** SQL: entries of daily sessions only (per-lesson registers do not count in daily figures). */
const dailyOnly = () => inArray(attendanceEntries.session, [...DAILY_SESSIONS]);

/**
 * Per learner of `studentIds`, the number of days from `from` to `to` (inclusive) whose day status
 * (daily sessions) is present, absent, late and excused. Learners without any entry are absent.
 */
export async function countLearnerDays(
  tx: Tx,
  studentIds: string[],
  from: string,
  to: string,
): Promise<{ studentId: string; present: number; absent: number; late: number; excused: number }[]> {
  const perDay = tx
    .select({ studentId: attendanceEntries.studentId, date: attendanceEntries.date, status: dayStatusSql().as('status') })
    .from(attendanceEntries)
    .where(and(inArray(attendanceEntries.studentId, studentIds), sql`${attendanceEntries.date} between ${from} and ${to}`, dailyOnly()))
    .groupBy(attendanceEntries.studentId, attendanceEntries.date)
    .as('per_day');
  return tx
    .select({
      studentId: perDay.studentId,
      present: sql<number>`count(*) filter (where ${perDay.status} = 'present')`.mapWith(Number),
      absent: sql<number>`count(*) filter (where ${perDay.status} = 'absent')`.mapWith(Number),
      late: sql<number>`count(*) filter (where ${perDay.status} = 'late')`.mapWith(Number),
      excused: sql<number>`count(*) filter (where ${perDay.status} = 'excused')`.mapWith(Number),
    })
    .from(perDay)
    .groupBy(perDay.studentId);
}

/** The day status on `date` of each learner marked in a daily register of streams `classIds`: one row per stream and learner. */
export async function listLearnerDayStatuses(tx: Tx, classIds: string[], date: string): Promise<{ classId: string; studentId: string; status: string }[]> {
  return tx
    .select({ classId: attendanceRegisters.classId, studentId: attendanceEntries.studentId, status: dayStatusSql() })
    .from(attendanceEntries)
    .innerJoin(attendanceRegisters, eq(attendanceRegisters.id, attendanceEntries.registerId))
    .where(and(inArray(attendanceRegisters.classId, classIds), eq(attendanceEntries.date, date), dailyOnly()))
    .groupBy(attendanceRegisters.classId, attendanceEntries.studentId);
}

/**
 * Per stream of `classIds` and school week (Monday, 'YYYY-MM-DD') from `from` to `to`: learner-days
 * with a day status and those attended (present or late). Unordered.
 */
export async function weeklyAttendanceByStream(tx: Tx, classIds: string[], from: string, to: string): Promise<{ classId: string; week: string; days: number; attended: number }[]> {
  const perDay = tx
    .select({ classId: attendanceRegisters.classId, studentId: attendanceEntries.studentId, date: attendanceEntries.date, status: dayStatusSql().as('status') })
    .from(attendanceEntries)
    .innerJoin(attendanceRegisters, eq(attendanceRegisters.id, attendanceEntries.registerId))
    .where(and(inArray(attendanceRegisters.classId, classIds), sql`${attendanceEntries.date} between ${from} and ${to}`, dailyOnly()))
    .groupBy(attendanceRegisters.classId, attendanceEntries.studentId, attendanceEntries.date)
    .as('per_day');
  return tx
    .select({
      classId: perDay.classId,
      week: sql<string>`to_char(date_trunc('week', ${perDay.date}::timestamp), 'YYYY-MM-DD')`,
      days: sql<number>`count(*)`.mapWith(Number),
      attended: sql<number>`count(*) filter (where ${perDay.status} in ('present', 'late'))`.mapWith(Number),
    })
    .from(perDay)
    .groupBy(perDay.classId, sql`2`);
}

/** A learner's entries of daily sessions from `from` to `to` (inclusive), by date then session. */
export async function listLearnerDailyEntries(
  tx: Tx,
  studentId: string,
  from: string,
  to: string,
): Promise<{ date: string; session: string; status: string; note: string | null; arrivalTime: string | null }[]> {
  return tx
    .select({ date: attendanceEntries.date, session: attendanceEntries.session, status: attendanceEntries.status, note: attendanceEntries.note, arrivalTime: attendanceEntries.arrivalTime })
    .from(attendanceEntries)
    .where(and(eq(attendanceEntries.studentId, studentId), sql`${attendanceEntries.date} between ${from} and ${to}`, dailyOnly()))
    .orderBy(asc(attendanceEntries.date), asc(attendanceEntries.session), asc(attendanceEntries.registerId));
}

// ---------------------------------------------------------------------------------------------
// Settings, terms, calendar

/** The school's saved attendance settings (undefined until it saves any). */
export async function findAttendanceSettings(tx: Tx, schoolId: string): Promise<AttendanceSettingsRow | undefined> {
  const [row] = await tx.select().from(attendanceSettings).where(eq(attendanceSettings.schoolId, schoolId));
  return row;
}

/** Inserts or replaces the school's attendance settings. */
export async function upsertAttendanceSettings(tx: Tx, schoolId: string, values: Omit<typeof attendanceSettings.$inferInsert, 'schoolId'>): Promise<void> {
  await tx
    .insert(attendanceSettings)
    .values({ schoolId, ...values })
    .onConflictDoUpdate({ target: attendanceSettings.schoolId, set: values });
}

export interface TermRow {
  id: string;
  name: string;
  number: number;
  academicYearId: string;
  startsOn: string;
  endsOn: string;
  halfTermStartsOn: string | null;
  halfTermEndsOn: string | null;
  isCurrent: boolean;
}

/** All the school's terms, oldest first. */
export async function listSchoolTerms(tx: Tx, schoolId: string): Promise<TermRow[]> {
  return tx
    .select({
      id: terms.id,
      name: terms.name,
      number: terms.number,
      academicYearId: terms.academicYearId,
      ...termDateColumns,
      isCurrent: terms.isCurrent,
    })
    .from(terms)
    .where(eq(terms.schoolId, schoolId))
    .orderBy(asc(terms.startsOn), asc(terms.id));
}

/** The id of the school's current academic year, if any. */
export async function findCurrentAcademicYearId(tx: Tx, schoolId: string): Promise<string | null> {
  const [row] = await tx.select({ id: academicYears.id }).from(academicYears).where(and(eq(academicYears.schoolId, schoolId), eq(academicYears.isCurrent, true))).limit(1);
  return row?.id ?? null;
}

/** The school's own closed/open days (with `range`, those overlapping it: from and to inclusive), by first day. */
export async function listCalendarEvents(tx: Tx, schoolId: string, range?: { from: string; to: string }): Promise<CalendarEventRow[]> {
  const where = [eq(schoolCalendarEvents.schoolId, schoolId)];
  if (range) where.push(lte(schoolCalendarEvents.startsOn, range.to), gte(schoolCalendarEvents.endsOn, range.from));
  return tx.select().from(schoolCalendarEvents).where(and(...where)).orderBy(asc(schoolCalendarEvents.startsOn), asc(schoolCalendarEvents.id));
}

/** Inserts one of the school's own days; returns the row. */
export async function insertCalendarEvent(tx: Tx, values: typeof schoolCalendarEvents.$inferInsert): Promise<CalendarEventRow> {
  const [row] = await tx.insert(schoolCalendarEvents).values(values).returning();
  return row!;
}

/** Deletes the school's day `id`; returns the deleted row (undefined when there was none). */
export async function deleteCalendarEvent(tx: Tx, schoolId: string, id: string): Promise<CalendarEventRow | undefined> {
  const [row] = await tx.delete(schoolCalendarEvents).where(and(eq(schoolCalendarEvents.id, id), eq(schoolCalendarEvents.schoolId, schoolId))).returning();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Streams and learners

export interface StreamRow {
  id: string;
  name: string;
  gradeLevel: string;
  levelOrder: number;
  levelId: string | null;
  classTeacherId: string | null;
  academicYearId: string;
}

/** The columns of a StreamRow (classes). */
const streamColumns = {
  id: classes.id,
  name: classes.name,
  gradeLevel: classes.gradeLevel,
  levelOrder: classes.levelOrder,
  levelId: classes.levelId,
  classTeacherId: classes.classTeacherId,
  academicYearId: classes.academicYearId,
};

/** Stream `classId` of the school. */
export async function findStream(tx: Tx, schoolId: string, classId: string): Promise<StreamRow | undefined> {
  const [row] = await tx
    .select(streamColumns)
    .from(classes)
    .where(and(eq(classes.id, classId), eq(classes.schoolId, schoolId)));
  return row;
}

/** True when the school has stream `classId`. */
export async function streamExists(tx: Tx, schoolId: string, classId: string): Promise<boolean> {
  const [exists] = await tx.select({ id: classes.id }).from(classes).where(and(eq(classes.id, classId), eq(classes.schoolId, schoolId)));
  return !!exists;
}

/**
 * The school's streams (of `academicYearId` when given; only those `teacherId` leads or teaches when
 * given) with the class teacher's name, by level order then name.
 */
export async function listStreams(
  tx: Tx,
  schoolId: string,
  f: { academicYearId: string | null; teacherId?: string },
): Promise<(StreamRow & { classTeacher: string | null })[]> {
  const where: SQL[] = [eq(classes.schoolId, schoolId)];
  if (f.academicYearId) where.push(eq(classes.academicYearId, f.academicYearId));
  if (f.teacherId) {
    where.push(
      or(
        eq(classes.classTeacherId, f.teacherId),
        sql`${classes.id} in (select ${teacherAssignments.classId} from ${teacherAssignments} where ${teacherAssignments.teacherId} = ${f.teacherId})`,
      )!,
    );
  }
  return tx
    .select({ ...streamColumns, classTeacher: profiles.name })
    .from(classes)
    .leftJoin(profiles, eq(profiles.id, classes.classTeacherId))
    .where(and(...where))
    .orderBy(asc(classes.levelOrder), asc(classes.name), asc(classes.id));
}

/** True when the teacher has an assignment of the school in the stream (of learning area `subjectId` when given). */
export async function hasTeacherAssignment(tx: Tx, schoolId: string, teacherId: string, classId: string, subjectId?: string | null): Promise<boolean> {
  const where = [eq(teacherAssignments.schoolId, schoolId), eq(teacherAssignments.teacherId, teacherId), eq(teacherAssignments.classId, classId)];
  if (subjectId) where.push(eq(teacherAssignments.subjectId, subjectId));
  const [row] = await tx.select({ id: teacherAssignments.id }).from(teacherAssignments).where(and(...where)).limit(1);
  return !!row;
}

export interface LearnerRow {
  id: string;
  admissionNumber: string;
  firstName: string;
  lastName: string;
  gender: string;
}

/**
 * The learners on a stream's roll on `date` (lib/roll.ts: in the stream that year, admitted by then, not
 * left before it; a past year's stream lists its learners from class history), by last name, first
 * name, id.
 */
export async function listStreamLearners(tx: Tx, classId: string, date: string): Promise<LearnerRow[]> {
  return tx
    .select({ id: students.id, admissionNumber: students.admissionNumber, firstName: students.firstName, lastName: students.lastName, gender: students.gender })
    .from(students)
    .where(onStreamsRollSql([classId], date))
    .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id));
}

/**
 * The learners on the roll of streams `classIds` at some time from `from` to `to` (a term; lib/roll.ts),
 * each with the stream they were in, by last name, first name, id. `classIds` must not be empty.
 */
export async function listLearnersOfStreams(
  tx: Tx,
  classIds: string[],
  from: string,
  to: string,
): Promise<{ id: string; admissionNumber: string; firstName: string; lastName: string; classId: string | null }[]> {
  return tx
    .select({ id: students.id, admissionNumber: students.admissionNumber, firstName: students.firstName, lastName: students.lastName, classId: streamAmongSql(classIds) })
    .from(students)
    .where(onStreamsRollBetweenSql(classIds, from, to))
    .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id));
}

/** Number of learners on the roll on `date` per stream of `classIds` (lib/roll.ts). `classIds` must not be empty. */
export async function countActiveLearnersByStream(tx: Tx, classIds: string[], date: string): Promise<{ classId: string | null; n: number }[]> {
  const stream = streamAmongSql(classIds);
  return tx
    .select({ classId: stream, n: sql<number>`count(*)`.mapWith(Number) })
    .from(students)
    .where(onStreamsRollSql(classIds, date))
    .groupBy(sql`1`);
}

/** Learner `studentId` of the school if `visible` (the caller's audience) lets the caller see them. */
export async function findVisibleLearner(tx: Tx, schoolId: string, studentId: string, visible: SQL | undefined): Promise<{ id: string } | undefined> {
  const [student] = await tx
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.id, studentId), eq(students.schoolId, schoolId), visible));
  return student;
}

/** First and last name and stream of learner `studentId` of the school. */
export async function findLearnerName(tx: Tx, schoolId: string, studentId: string): Promise<{ firstName: string; lastName: string; classId: string | null } | undefined> {
  const [s] = await tx
    .select({ firstName: students.firstName, lastName: students.lastName, classId: students.classId })
    .from(students)
    .where(and(eq(students.id, studentId), eq(students.schoolId, schoolId)));
  return s;
}

/** Id, first and last name of learners `ids`. */
export async function listLearnerNames(tx: Tx, ids: string[]): Promise<{ id: string; firstName: string; lastName: string }[]> {
  return tx.select({ id: students.id, firstName: students.firstName, lastName: students.lastName }).from(students).where(inArray(students.id, ids));
}

/** The guardians of learners `studentIds`: primary or not, phone, parent account, and the languages they read (the guardian's choice, the account's). */
export async function listGuardianLinks(
  tx: Tx,
  studentIds: string[],
): Promise<{ studentId: string; isPrimary: boolean; phone: string | null; profileId: string | null; preferredLanguage: string | null; profileLocale: string | null }[]> {
  return tx
    .select({
      studentId: studentGuardians.studentId,
      isPrimary: studentGuardians.isPrimary,
      phone: guardians.phone,
      profileId: guardians.profileId,
      preferredLanguage: guardians.preferredLanguage,
      profileLocale: profiles.locale,
    })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .leftJoin(profiles, eq(profiles.id, guardians.profileId))
    .where(inArray(studentGuardians.studentId, studentIds));
}

/** Name of profile `id`. */
export async function findProfileName(tx: Tx, id: string): Promise<string | null> {
  const [p] = await tx.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, id));
  return p?.name ?? null;
}

/** Name of school `id`. */
export async function findSchoolName(tx: Tx, id: string): Promise<string | undefined> {
  const [school] = await tx.select({ name: schools.name }).from(schools).where(eq(schools.id, id));
  return school?.name;
}

// ---------------------------------------------------------------------------------------------
// Registers

/** The register of a stream, date, session and learning area (null: a daily register). */
export async function findRegister(tx: Tx, classId: string, date: string, session: string, subjectId: string | null): Promise<AttendanceRegisterRow | undefined> {
  const [row] = await tx
    .select()
    .from(attendanceRegisters)
    .where(and(eq(attendanceRegisters.classId, classId), eq(attendanceRegisters.date, date), eq(attendanceRegisters.session, session), eq(attendanceRegisters.subjectKey, subjectId ?? '')));
  return row;
}

/** Daily registers (stream, session) saved on `date` for streams `classIds`. */
export async function listDailyRegisters(tx: Tx, classIds: string[], date: string): Promise<{ classId: string; session: string }[]> {
  return tx
    .select({ classId: attendanceRegisters.classId, session: attendanceRegisters.session })
    .from(attendanceRegisters)
    .where(and(inArray(attendanceRegisters.classId, classIds), eq(attendanceRegisters.date, date), inArray(attendanceRegisters.session, [...DAILY_SESSIONS])));
}

/** Inserts a register unless it exists already (a concurrent save); its id, or undefined when it existed. */
export async function insertRegisterIfAbsent(tx: Tx, values: typeof attendanceRegisters.$inferInsert): Promise<string | undefined> {
  const [created] = await tx.insert(attendanceRegisters).values(values).onConflictDoNothing().returning({ id: attendanceRegisters.id });
  return created?.id;
}

/** Stamps who changed register `id` last, and when. */
export async function touchRegister(tx: Tx, id: string, updatedBy: string, at: Date): Promise<void> {
  await tx.update(attendanceRegisters).set({ updatedBy, updatedAt: at }).where(eq(attendanceRegisters.id, id));
}

/** Every entry of register `registerId`. */
export async function listEntries(tx: Tx, registerId: string): Promise<AttendanceEntryRow[]> {
  return tx.select().from(attendanceEntries).where(eq(attendanceEntries.registerId, registerId));
}

/**
 * The entries of register `registerId` with the learner's details and the name of who last changed each,
 * leaving out marks of learners admitted after the register's day (saved before issue 34's roll check).
 */
export async function listEntriesWithLearners(tx: Tx, registerId: string) {
  return tx
    .select({
      studentId: attendanceEntries.studentId,
      status: attendanceEntries.status,
      note: attendanceEntries.note,
      arrivalTime: attendanceEntries.arrivalTime,
      updatedAt: attendanceEntries.updatedAt,
      updatedBy: profiles.name,
      admissionNumber: students.admissionNumber,
      firstName: students.firstName,
      lastName: students.lastName,
      gender: students.gender,
    })
    .from(attendanceEntries)
    .innerJoin(students, eq(students.id, attendanceEntries.studentId))
    .leftJoin(profiles, eq(profiles.id, attendanceEntries.updatedBy))
    .where(and(eq(attendanceEntries.registerId, registerId), admittedBySql(sql`${attendanceEntries.date}`)));
}

/** Inserts entries, or (same register and learner) replaces status, note, arrival time and who/when. */
export async function upsertEntries(tx: Tx, rows: (typeof attendanceEntries.$inferInsert)[]): Promise<void> {
  await tx
    .insert(attendanceEntries)
    .values(rows)
    .onConflictDoUpdate({
      target: [attendanceEntries.registerId, attendanceEntries.studentId],
      set: { status: sql`excluded.status`, note: sql`excluded.note`, arrivalTime: sql`excluded.arrival_time`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`excluded.updated_at` },
    });
}

// ---------------------------------------------------------------------------------------------
// Absence alerts

/** Records an alert per learner of `studentIds` on `date` unless one exists; the learners newly recorded. */
export async function insertAbsenceAlerts(tx: Tx, schoolId: string, studentIds: string[], date: string): Promise<string[]> {
  const fresh = await tx
    .insert(absenceAlerts)
    .values(studentIds.map((studentId) => ({ schoolId, studentId, date })))
    .onConflictDoNothing()
    .returning({ studentId: absenceAlerts.studentId });
  return fresh.map((f) => f.studentId);
}

/** Stores how many parent accounts were notified and the SMS (if any) of a learner's alert on `date`. */
export async function setAbsenceAlertSent(tx: Tx, studentId: string, date: string, notified: number, smsId: string | null): Promise<void> {
  await tx
    .update(absenceAlerts)
    .set({ notified, smsId })
    .where(and(eq(absenceAlerts.studentId, studentId), eq(absenceAlerts.date, date)));
}

/** Inserts a communication (run in platform context); returns its id. */
export async function insertCommunication(tx: Tx, values: typeof adminCommunications.$inferInsert): Promise<string> {
  const [comm] = await tx.insert(adminCommunications).values(values).returning({ id: adminCommunications.id });
  return comm!.id;
}

/** Notifies `userIds` of communication `communicationId` (already notified ones are skipped; platform context). */
export async function insertNotifications(tx: Tx, schoolId: string, communicationId: string, userIds: string[]): Promise<void> {
  await tx.insert(notifications).values(userIds.map((userId) => ({ userId, schoolId, communicationId }))).onConflictDoNothing();
}
