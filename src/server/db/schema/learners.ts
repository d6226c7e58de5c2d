import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { academicYears, classes, profiles, schools, students } from './tenancy.js';
import { createdAt, requiredRef, updatedAt } from './columns.js';
import { profileRef, schoolId, schoolRow } from './tenant-columns.js';

/**
 * Learners and school structure (issue 10). Every table carries school_id and is guarded by
 * row-level security (drizzle/0004_learners.sql), except transfer_requests, which two schools share.
 */

/** A department (Languages, Mathematics, Sciences, ...) with its head of department. */
export const departments = pgTable(
  'departments',
  {
    ...schoolRow(),
    name: text('name').notNull(),
    headId: profileRef('head_id'),
    createdAt,
    updatedAt,
  },
  (t) => [uniqueIndex('departments_school_name_uq').on(t.schoolId, t.name)],
);

/** Teachers who belong to a department. */
export const departmentMembers = pgTable(
  'department_members',
  {
    schoolId: schoolId(),
    departmentId: requiredRef('department_id', () => departments.id, { onDelete: 'cascade' }),
    profileId: requiredRef('profile_id', () => profiles.id, { onDelete: 'cascade' }),
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
    schoolId: schoolId(),
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
    ...schoolRow(),
    studentId: requiredRef('student_id', () => students.id, { onDelete: 'cascade' }),
    academicYearId: requiredRef('academic_year_id', () => academicYears.id),
    classId: requiredRef('class_id', () => classes.id),
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
    ...schoolRow(),
    fromYearId: requiredRef('from_year_id', () => academicYears.id),
    toYearId: requiredRef('to_year_id', () => academicYears.id),
    status: text('status').notNull().default('applied'),
    mapping: jsonb('mapping').notNull(),
    exceptions: jsonb('exceptions').notNull(),
    counts: jsonb('counts').notNull(),
    createdBy: profileRef('created_by'),
    createdAt,
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: profileRef('undone_by'),
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
    ...schoolRow(),
    studentId: requiredRef('student_id', () => students.id, { onDelete: 'cascade' }),
    direction: text('direction').notNull(),
    otherSchoolName: text('other_school_name').notNull(),
    otherSchoolId: uuid('other_school_id'),
    reason: text('reason'),
    transferDate: date('transfer_date').notNull(),
    leavingCertificateNumber: text('leaving_certificate_number'),
    previousUpi: text('previous_upi'),
    feesOwedCents: bigint('fees_owed_cents', { mode: 'number' }),
    requestId: uuid('request_id'),
    createdBy: profileRef('created_by'),
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
    fromSchoolId: requiredRef('from_school_id', () => schools.id),
    toSchoolId: requiredRef('to_school_id', () => schools.id),
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
    ...schoolRow(),
    studentId: requiredRef('student_id', () => students.id, { onDelete: 'cascade' }),
    exitType: text('exit_type').notNull(),
    reason: text('reason').notNull(),
    exitDate: date('exit_date').notNull(),
    createdBy: profileRef('created_by'),
    createdAt,
    readmittedOn: date('readmitted_on'),
    readmittedBy: profileRef('readmitted_by'),
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
    ...schoolRow(),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    originalName: text('original_name'),
    sha256: text('sha256').notNull(),
    createdBy: profileRef('created_by'),
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
    ...schoolRow(),
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
    createdBy: profileRef('created_by'),
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
