import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { academicYears, classes, profiles, schools, students } from './tenancy.js';

/**
 * Learners and school structure (issue 10). Every table carries school_id and is guarded by
 * row-level security (drizzle/0004_learners.sql), except transfer_requests, which two schools share.
 */

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A department (Languages, Mathematics, Sciences, ...) with its head of department. */
export const departments = pgTable(
  'departments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    headId: uuid('head_id').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt,
    updatedAt,
  },
  (t) => [uniqueIndex('departments_school_name_uq').on(t.schoolId, t.name)],
);

/** Teachers who belong to a department. */
export const departmentMembers = pgTable(
  'department_members',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.departmentId, t.profileId] }), index('department_members_profile_idx').on(t.profileId)],
);

/**
 * The last sequence number issued per school and pattern prefix (the admission-number pattern with
 * {SEQ} removed and the year filled in, e.g. "GHA/2026/"), so numbers restart each year when the
 * pattern contains the year and run on otherwise.
 */
export const admissionSequences = pgTable(
  'admission_sequences',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    prefix: text('prefix').notNull(),
    lastValue: integer('last_value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.prefix] })],
);

/**
 * Class history: the stream a learner was in for each academic year (one row per learner and year).
 * outcome is filled when the year ends for the learner: promoted, repeated, skipped, graduated,
 * transferred or exited. promotion_batch_id links rows a promotion created (for undo).
 */
export const studentEnrolments = pgTable(
  'student_enrolments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    academicYearId: uuid('academic_year_id')
      .notNull()
      .references(() => academicYears.id),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id),
    startedOn: date('started_on'),
    endedOn: date('ended_on'),
    outcome: text('outcome'),
    promotionBatchId: uuid('promotion_batch_id'),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('student_enrolments_student_year_uq').on(t.studentId, t.academicYearId),
    index('student_enrolments_class_idx').on(t.classId),
    index('student_enrolments_batch_idx').on(t.promotionBatchId),
    check(
      'student_enrolments_outcome_check',
      sql`${t.outcome} is null or ${t.outcome} in ('promoted', 'repeated', 'skipped', 'graduated', 'transferred', 'exited')`,
    ),
  ],
);

/**
 * A year-end promotion (issue 10 §2 Promotion): from one academic year's streams to the next year's.
 * mapping: [{ fromClassId, toClassId | null (graduates) }]; exceptions: [{ studentId, action:
 * 'repeat' | 'skip', toClassId }]; counts: { promoted, repeated, skipped, graduated }.
 */
export const promotionBatches = pgTable(
  'promotion_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    fromYearId: uuid('from_year_id')
      .notNull()
      .references(() => academicYears.id),
    toYearId: uuid('to_year_id')
      .notNull()
      .references(() => academicYears.id),
    status: text('status').notNull().default('applied'),
    mapping: jsonb('mapping').notNull(),
    exceptions: jsonb('exceptions').notNull(),
    counts: jsonb('counts').notNull(),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt,
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: uuid('undone_by').references(() => profiles.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('promotion_batches_school_idx').on(t.schoolId, t.createdAt),
    check('promotion_batches_status_check', sql`${t.status} in ('applied', 'undone')`),
  ],
);

/**
 * A learner's movement in or out of the school (issue 10 §2 Transfers). direction out: destination
 * school (name, and id when it is on EduFam), leaving-certificate number, whether fees were owed.
 * direction in: previous school and previous UPI.
 */
export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    direction: text('direction').notNull(),
    otherSchoolName: text('other_school_name').notNull(),
    otherSchoolId: uuid('other_school_id'),
    reason: text('reason'),
    transferDate: date('transfer_date').notNull(),
    leavingCertificateNumber: text('leaving_certificate_number'),
    previousUpi: text('previous_upi'),
    feesOwedCents: bigint('fees_owed_cents', { mode: 'number' }),
    requestId: uuid('request_id'),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt,
  },
  (t) => [
    index('transfers_school_idx').on(t.schoolId, t.createdAt),
    index('transfers_student_idx').on(t.studentId),
    check('transfers_direction_check', sql`${t.direction} in ('in', 'out')`),
  ],
);

/**
 * A transfer between two schools on EduFam: the sending school files it with a copy of the learner's
 * details (names, gender, date of birth, UPI, assessment and birth-certificate numbers; nothing else of
 * the old school), and the receiving principal accepts (creating the learner there) or declines.
 * Row-level security: visible to both schools (drizzle/0004_learners.sql).
 */
export const transferRequests = pgTable(
  'transfer_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromSchoolId: uuid('from_school_id')
      .notNull()
      .references(() => schools.id),
    toSchoolId: uuid('to_school_id')
      .notNull()
      .references(() => schools.id),
    /** The learner at the sending school (readable only there). */
    fromStudentId: uuid('from_student_id').notNull(),
    learner: jsonb('learner').notNull(),
    reason: text('reason'),
    transferDate: date('transfer_date').notNull(),
    status: text('status').notNull().default('pending'),
    requestedBy: uuid('requested_by'),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    /** The learner created at the receiving school on acceptance. */
    toStudentId: uuid('to_student_id'),
    createdAt,
  },
  (t) => [
    index('transfer_requests_to_idx').on(t.toSchoolId, t.status),
    index('transfer_requests_from_idx').on(t.fromSchoolId),
    check('transfer_requests_status_check', sql`${t.status} in ('pending', 'accepted', 'declined', 'cancelled')`),
    check('transfer_requests_schools_check', sql`${t.fromSchoolId} <> ${t.toSchoolId}`),
  ],
);

/**
 * A learner's exit (issue 10 §2 Exit): withdrawal, completion, expulsion, death or other, with reason
 * and date; readmission closes it.
 */
export const studentExits = pgTable(
  'student_exits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    exitType: text('exit_type').notNull(),
    reason: text('reason').notNull(),
    exitDate: date('exit_date').notNull(),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt,
    readmittedOn: date('readmitted_on'),
    readmittedBy: uuid('readmitted_by').references(() => profiles.id, { onDelete: 'set null' }),
    readmittedClassId: uuid('readmitted_class_id').references(() => classes.id),
  },
  (t) => [
    index('student_exits_school_idx').on(t.schoolId, t.createdAt),
    index('student_exits_student_idx').on(t.studentId),
    check('student_exits_type_check', sql`${t.exitType} in ('withdrawal', 'completion', 'expulsion', 'death', 'other')`),
  ],
);

/**
 * An uploaded or generated file (photos, logos, imports, documents). The bytes live in the storage
 * (server/storage: a directory under DATA_DIR, or S3-compatible storage) under storage_key.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    originalName: text('original_name'),
    sha256: text('sha256').notNull(),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt,
  },
  (t) => [index('files_school_idx').on(t.schoolId, t.kind)],
);

/**
 * Long work as the page sees it (issue 10 §5): an import, a bulk PDF. The work itself runs as a
 * pg-boss job (server/jobs) that carries this row's id; the row holds status, progress and result.
 */
export const backgroundTasks = pgTable(
  'background_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('queued'),
    /** Work done and to do, in the task's own units (rows, pages). */
    progress: integer('progress').notNull().default(0),
    total: integer('total').notNull().default(0),
    input: jsonb('input').notNull().default({}),
    result: jsonb('result'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** A file the task reads (an upload) and one it made (a PDF). */
    inputFileId: uuid('input_file_id').references(() => files.id, { onDelete: 'set null' }),
    resultFileId: uuid('result_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt,
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Set by Cancel (issue 16 §2); a long handler polls it and stops, keeping its best result. */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    updatedAt,
  },
  (t) => [
    index('background_tasks_school_idx').on(t.schoolId, t.createdAt),
    check('background_tasks_status_check', sql`${t.status} in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`),
  ],
);
