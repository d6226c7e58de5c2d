import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { classes, profiles, schools, students, subjects } from './tenancy.js';
import { createdAt, requiredRef, updatedAt } from './columns.js';
import { profileRef, schoolId, schoolRow } from './tenant-columns.js';

/**
 * Attendance (issue 13): the school's attendance settings and calendar days, learner registers (one per
 * stream, date and session; an entry per learner), absence alerts sent (once per learner and day) and
 * staff attendance. Every table carries school_id and is guarded by row-level security
 * (drizzle/0009_attendance.sql).
 */

/** Settings (contracts/attendance.ts attendanceSettingsSchema); a school without a row uses the defaults. */
export const attendanceSettings = pgTable(
  'attendance_settings',
  {
    schoolId: uuid('school_id')
      .primaryKey()
      .references(() => schools.id),
    sessionsPerDay: integer('sessions_per_day').notNull().default(1),
    perLessonRegisters: boolean('per_lesson_registers').notNull().default(false),
    lockAfterDays: integer('lock_after_days'),
    chronicThreshold: integer('chronic_threshold').notNull().default(90),
    smsAbsenceAlerts: boolean('sms_absence_alerts').notNull().default(true),
    staffLateAfter: text('staff_late_after').notNull().default('07:45'),
    staffSelfCheckIn: boolean('staff_self_check_in').notNull().default(true),
    updatedBy: uuid('updated_by'),
    updatedAt,
  },
  (t) => [check('attendance_settings_sessions_check', sql`${t.sessionsPerDay} in (1, 2)`)],
);

/** A school's attendance_settings row as stored. */
export type AttendanceSettingsRow = typeof attendanceSettings.$inferSelect;

/** The school's own calendar days: closed (a school holiday) or open (teaching on a public holiday). */
export const schoolCalendarEvents = pgTable(
  'school_calendar_events',
  {
    ...schoolRow(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('closed'),
    createdBy: uuid('created_by'),
    createdAt,
  },
  (t) => [
    index('school_calendar_events_school_idx').on(t.schoolId, t.startsOn),
    check('school_calendar_events_kind_check', sql`${t.kind} in ('closed', 'open')`),
    check('school_calendar_events_dates_check', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);

/** A school_calendar_events row as stored. */
export type CalendarEventRow = typeof schoolCalendarEvents.$inferSelect;

/**
 * A register: one stream, one date, one session ("day", "morning", "afternoon", or "period-N" for a
 * lesson with its learning area). subject_key is the subject id or '' so the unique index covers daily
 * registers too.
 */
export const attendanceRegisters = pgTable(
  'attendance_registers',
  {
    ...schoolRow(),
    classId: requiredRef('class_id', () => classes.id),
    date: date('date').notNull(),
    session: text('session').notNull(),
    subjectId: uuid('subject_id').references(() => subjects.id),
    subjectKey: text('subject_key').notNull().default(''),
    markedBy: profileRef('marked_by'),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: profileRef('updated_by'),
    updatedAt,
  },
  (t) => [
    uniqueIndex('attendance_registers_uq').on(t.classId, t.date, t.session, t.subjectKey),
    index('attendance_registers_school_date_idx').on(t.schoolId, t.date),
  ],
);

/** An attendance_registers row as stored. */
export type AttendanceRegisterRow = typeof attendanceRegisters.$inferSelect;

/** A learner's mark in a register; last write wins per learner. */
export const attendanceEntries = pgTable(
  'attendance_entries',
  {
    schoolId: schoolId(),
    registerId: requiredRef('register_id', () => attendanceRegisters.id, { onDelete: 'cascade' }),
    studentId: requiredRef('student_id', () => students.id, { onDelete: 'cascade' }),
    /** Copied from the register so a learner's days are one index range. */
    date: date('date').notNull(),
    session: text('session').notNull(),
    status: text('status').notNull(),
    note: text('note'),
    arrivalTime: text('arrival_time'),
    updatedBy: profileRef('updated_by'),
    createdAt,
    updatedAt,
  },
  // Few indexes: a school writes tens of thousands of entries a term (and the demo seeds 80,000).
  (t) => [
    primaryKey({ columns: [t.registerId, t.studentId] }),
    index('attendance_entries_student_date_idx').on(t.studentId, t.date),
    check('attendance_entries_status_check', sql`${t.status} in ('present', 'absent', 'late', 'excused')`),
  ],
);

/** An attendance_entries row as stored. */
export type AttendanceEntryRow = typeof attendanceEntries.$inferSelect;

/** An absence alert sent for a learner and day (in-app, and SMS when on): at most one per learner and day. */
export const absenceAlerts = pgTable(
  'absence_alerts',
  {
    schoolId: schoolId(),
    studentId: requiredRef('student_id', () => students.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    notified: integer('notified').notNull().default(0),
    smsId: uuid('sms_id'),
    createdAt,
  },
  (t) => [uniqueIndex('absence_alerts_student_date_uq').on(t.studentId, t.date)],
);

/** A member of staff's day: status, check-in and check-out (HH:MM, Nairobi). */
export const staffAttendance = pgTable(
  'staff_attendance',
  {
    ...schoolRow(),
    profileId: requiredRef('profile_id', () => profiles.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    status: text('status').notNull(),
    checkIn: text('check_in'),
    checkOut: text('check_out'),
    note: text('note'),
    recordedBy: profileRef('recorded_by'),
    selfRecorded: boolean('self_recorded').notNull().default(false),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('staff_attendance_profile_date_uq').on(t.profileId, t.date),
    index('staff_attendance_school_date_idx').on(t.schoolId, t.date),
    check('staff_attendance_status_check', sql`${t.status} in ('present', 'absent', 'on_leave', 'official_duty')`),
  ],
);
