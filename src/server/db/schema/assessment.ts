import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, time, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { GradeBand } from '../../../shared/grading.js';
import { classes, levels, schools, students, subjects, terms } from './tenancy.js';
import { createdAt, requiredRef, updatedAt } from './columns.js';
import { profileRef, schoolId, schoolRow } from './tenant-columns.js';
import type { ChildSeries } from '../../../shared/contracts/assessment.js';

/**
 * Assessment (issue 12): grading scales (versioned), exam series with their subjects and papers, marks
 * with their approval per stream x subject, the grade audit log, CBC formative assessment, report-card
 * comments and issued documents (certificates and report cards) with Ed25519 signatures. Every table
 * carries school_id and is guarded by row-level security (drizzle/0007_assessment.sql).
 */

/**
 * A school's grading scale (issue 12 §1), one per key (cbc4, knec8, kcse, igcse, igcse91). `version`
 * counts edits; each edit adds a grading_scale_versions row, and marks are graded with the version that
 * was current when their series was released (exam_series.scale_versions).
 */
export const gradingScales = pgTable(
  'grading_scales',
  {
    ...schoolRow(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    version: integer('version').notNull().default(1),
    bands: jsonb('bands').$type<GradeBand[]>().notNull(),
    updatedBy: profileRef('updated_by'),
    createdAt,
    updatedAt,
  },
  (t) => [uniqueIndex('grading_scales_school_key_uq').on(t.schoolId, t.key)],
);

/** A grading_scales row as stored. */
export type GradingScaleRow = typeof gradingScales.$inferSelect;

/** Every version a scale has had (who changed it, when), so released results keep theirs. */
export const gradingScaleVersions = pgTable(
  'grading_scale_versions',
  {
    ...schoolRow(),
    scaleId: requiredRef('scale_id', () => gradingScales.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    bands: jsonb('bands').$type<GradeBand[]>().notNull(),
    createdBy: profileRef('created_by'),
    createdAt,
  },
  (t) => [uniqueIndex('grading_scale_versions_uq').on(t.scaleId, t.version)],
);

/**
 * Which scale grades a level (subject_id null) or one subject of a level (an override). A level without
 * a row uses the default of its curriculum (shared/grading.ts defaultScaleFor).
 */
export const levelScales = pgTable(
  'level_scales',
  {
    ...schoolRow(),
    levelId: requiredRef('level_id', () => levels.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id').references(() => subjects.id, { onDelete: 'cascade' }),
    scaleKey: text('scale_key').notNull(),
    createdAt,
  },
  (t) => [uniqueIndex('level_scales_uq').on(t.levelId, sql`coalesce(${t.subjectId}, '00000000-0000-0000-0000-000000000000'::uuid)`)],
);

/** Per-school assessment settings (a missing row means the defaults). */
export const assessmentSettings = pgTable('assessment_settings', {
  schoolId: uuid('school_id')
    .primaryKey()
    .references(() => schools.id),
  /** How CBC formative levels roll up to the term: latest | mean | mode. */
  rollupMethod: text('rollup_method').notNull().default('mean'),
  /** Whether parents see positions in stream and level. */
  publishPositions: text('publish_positions').notNull().default('yes'),
  /** Whether report cards print the learner's fee balance. */
  showFeeBalance: text('show_fee_balance').notNull().default('no'),
  updatedAt,
});

/**
 * An exam series (issue 12 §2): opener, CAT, mid-term, end-term or mock of one term for chosen levels,
 * with dates, a marks-entry window and its weight in the term result. status: draft (being set up),
 * open (marks being entered), released (parents see it; its scales are frozen in scale_versions).
 */
export const examSeries = pgTable(
  'exam_series',
  {
    ...schoolRow(),
    termId: requiredRef('term_id', () => terms.id),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    levelIds: uuid('level_ids').array().notNull(),
    startsOn: date('starts_on'),
    endsOn: date('ends_on'),
    entryOpensOn: date('entry_opens_on').notNull(),
    entryClosesOn: date('entry_closes_on').notNull(),
    /** Weight of the series in the term result, in percent (0 = not counted). */
    weight: integer('weight').notNull().default(100),
    status: text('status').notNull().default('open'),
    /** At release: scale key → grading_scale_versions.id used for this series, so later edits do not regrade it. */
    scaleVersions: jsonb('scale_versions').$type<Record<string, string>>(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releasedBy: profileRef('released_by'),
    /**
     * Issue 37 §1: when every learner's result of the released series was stored in released_results
     * (in the release's transaction, or by the sweep for series released before that table existed).
     */
    resultsFrozenAt: timestamp('results_frozen_at', { withTimezone: true }),
    createdBy: profileRef('created_by'),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('exam_series_school_term_idx').on(t.schoolId, t.termId),
    check('exam_series_kind_check', sql`${t.kind} in ('opener', 'cat', 'mid_term', 'end_term', 'mock')`),
    check('exam_series_status_check', sql`${t.status} in ('draft', 'open', 'released')`),
    check('exam_series_window_check', sql`${t.entryClosesOn} >= ${t.entryOpensOn}`),
    check('exam_series_weight_check', sql`${t.weight} between 0 and 100`),
  ],
);

/**
 * Issue 37 §1 (results day): one learner's result in a released series, as their parents see it
 * (GET /api/grades/my-children's series entry: subjects, mean, grade, points, position in stream),
 * computed once when the series is released. A released series' marks cannot change, so the stored
 * result is the result; parents' reads read this row instead of ranking the stream again. Only
 * learners with a mark row in the series have one. `series` holds the position even where the school
 * does not publish positions (that setting is applied when read).
 */
export const releasedResults = pgTable(
  'released_results',
  {
    schoolId: schoolId(),
    examId: requiredRef('exam_id', () => examSeries.id, { onDelete: 'cascade' }),
    studentId: requiredRef('student_id', () => students.id, { onDelete: 'cascade' }),
    series: jsonb('series').$type<ChildSeries>().notNull(),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.examId, t.studentId] }), index('released_results_student_idx').on(t.studentId)],
);

/** A paper of an exam subject: Paper 1 out of 80, Paper 2 out of 100 ... */
export interface ExamPaper {
  name: string;
  maxMarks: number;
}

/** A subject (learning area) sat in a series, with its papers; the maximum is their sum. */
export const examSubjects = pgTable(
  'exam_subjects',
  {
    ...schoolRow(),
    examId: requiredRef('exam_id', () => examSeries.id, { onDelete: 'cascade' }),
    subjectId: requiredRef('subject_id', () => subjects.id),
    papers: jsonb('papers').$type<ExamPaper[]>().notNull(),
    maxMarks: numeric('max_marks', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    createdAt,
  },
  (t) => [uniqueIndex('exam_subjects_uq').on(t.examId, t.subjectId)],
);

/**
 * A learner's mark in one subject of a series. status present (score required), absent or exempt (no
 * score; absent and exempt are not zero and do not count in means). score is the total over the papers
 * (paper_scores when the subject has more than one); percent is score / max x 100.
 */
export const examMarks = pgTable(
  'exam_marks',
  {
    ...schoolRow(),
    examId: requiredRef('exam_id', () => examSeries.id, { onDelete: 'cascade' }),
    subjectId: requiredRef('subject_id', () => subjects.id),
    studentId: requiredRef('student_id', () => students.id),
    /** The stream the learner sat the exam in. */
    classId: requiredRef('class_id', () => classes.id),
    status: text('status').notNull(),
    score: numeric('score', { precision: 7, scale: 2, mode: 'number' }),
    paperScores: jsonb('paper_scores').$type<(number | null)[]>(),
    percent: numeric('percent', { precision: 5, scale: 2, mode: 'number' }),
    updatedBy: profileRef('updated_by'),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('exam_marks_uq').on(t.examId, t.subjectId, t.studentId),
    index('exam_marks_class_idx').on(t.examId, t.classId, t.subjectId),
    index('exam_marks_student_idx').on(t.studentId),
    // Mean scores across schools (platform comparisons) read only these columns: index-only at 3.7 million
    // marks (issue 37 bench: 2.1 s -> 0.8 s).
    index('exam_marks_exam_percent_idx').on(t.examId, t.schoolId, t.percent).where(sql`percent is not null`),
    check('exam_marks_status_check', sql`${t.status} in ('present', 'absent', 'exempt')`),
    check('exam_marks_score_check', sql`(${t.status} = 'present') = (${t.score} is not null)`),
  ],
);

/** An exam_marks row as stored (score and percent numbers; percent 0..100). */
export type ExamMarkRow = typeof examMarks.$inferSelect;
/** Values of a new exam_marks row. */
export type NewExamMark = typeof examMarks.$inferInsert;

/**
 * The marks of one stream x subject in a series, as a unit of approval (issue 12 §3): draft → submitted
 * → approved (locked) or returned (with the principal's comment) → submitted again.
 */
export const markSheets = pgTable(
  'mark_sheets',
  {
    ...schoolRow(),
    examId: requiredRef('exam_id', () => examSeries.id, { onDelete: 'cascade' }),
    classId: requiredRef('class_id', () => classes.id),
    subjectId: requiredRef('subject_id', () => subjects.id),
    status: text('status').notNull().default('draft'),
    submittedBy: profileRef('submitted_by'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedBy: profileRef('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    comment: text('comment'),
    updatedAt,
  },
  (t) => [
    uniqueIndex('mark_sheets_uq').on(t.examId, t.classId, t.subjectId),
    index('mark_sheets_status_idx').on(t.schoolId, t.status),
    check('mark_sheets_status_check', sql`${t.status} in ('draft', 'submitted', 'returned', 'approved')`),
  ],
);

/** A mark_sheets row as stored. */
export type MarkSheetRow = typeof markSheets.$inferSelect;

/** Every change to a mark after it was first saved and approved: who, when, old, new, why (issue 12 §3). */
export const gradeAudit = pgTable(
  'grade_audit',
  {
    ...schoolRow(),
    examId: requiredRef('exam_id', () => examSeries.id, { onDelete: 'cascade' }),
    subjectId: requiredRef('subject_id', () => subjects.id),
    studentId: requiredRef('student_id', () => students.id),
    oldStatus: text('old_status'),
    oldScore: numeric('old_score', { precision: 7, scale: 2, mode: 'number' }),
    newStatus: text('new_status').notNull(),
    newScore: numeric('new_score', { precision: 7, scale: 2, mode: 'number' }),
    reason: text('reason').notNull(),
    changedBy: profileRef('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('grade_audit_exam_idx').on(t.schoolId, t.examId, t.changedAt)],
);

/** Values of a new grade_audit row. */
export type NewGradeAudit = typeof gradeAudit.$inferInsert;

/** A paper on the exam timetable (issue 12 §2): date, time, room and invigilator. */
export const examTimetable = pgTable(
  'exam_timetable',
  {
    ...schoolRow(),
    examId: requiredRef('exam_id', () => examSeries.id, { onDelete: 'cascade' }),
    subjectId: requiredRef('subject_id', () => subjects.id),
    paper: text('paper').notNull(),
    sitsOn: date('sits_on').notNull(),
    startsAt: time('starts_at').notNull(),
    endsAt: time('ends_at').notNull(),
    room: text('room'),
    invigilatorId: profileRef('invigilator_id'),
    createdAt,
  },
  (t) => [index('exam_timetable_exam_idx').on(t.examId, t.sitsOn, t.startsAt), check('exam_timetable_time_check', sql`${t.endsAt} > ${t.startsAt}`)],
);

/**
 * CBC formative assessment (issue 12 §2): a rubric level (EE/ME/AE/BE, points 4..1) for a learner in a
 * strand or sub-strand of a learning area, with a comment, on a date in a term.
 */
export const formativeAssessments = pgTable(
  'formative_assessments',
  {
    ...schoolRow(),
    termId: requiredRef('term_id', () => terms.id),
    studentId: requiredRef('student_id', () => students.id),
    subjectId: requiredRef('subject_id', () => subjects.id),
    strand: text('strand').notNull(),
    subStrand: text('sub_strand'),
    level: text('level').notNull(),
    points: integer('points').notNull(),
    comment: text('comment'),
    assessedOn: date('assessed_on').notNull(),
    assessedBy: profileRef('assessed_by'),
    createdAt,
  },
  (t) => [index('formative_student_idx').on(t.studentId, t.termId, t.subjectId), index('formative_school_term_idx').on(t.schoolId, t.termId)],
);

/** The class teacher's and principal's comments on a learner's report card for a term. */
export const reportComments = pgTable(
  'report_comments',
  {
    ...schoolRow(),
    studentId: requiredRef('student_id', () => students.id),
    termId: requiredRef('term_id', () => terms.id),
    classTeacherComment: text('class_teacher_comment'),
    principalComment: text('principal_comment'),
    updatedBy: profileRef('updated_by'),
    updatedAt,
  },
  (t) => [uniqueIndex('report_comments_uq').on(t.studentId, t.termId)],
);

/**
 * A document EduFam vouches for (issue 12 §6): a leaving, completion or merit certificate, or a report
 * card. `content` is the spec's Certificate fields as issued (spec §3); `signature` is Ed25519 over its
 * canonical JSON with the platform key `key_id` (lib/signing.ts). Revoked documents verify as revoked.
 */
export const certificates = pgTable(
  'certificates',
  {
    ...schoolRow(),
    studentId: requiredRef('student_id', () => students.id),
    kind: text('kind').notNull(),
    termId: uuid('term_id').references(() => terms.id),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    keyId: text('key_id').notNull(),
    signature: text('signature').notNull(),
    generatedBy: profileRef('generated_by'),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: profileRef('revoked_by'),
    revokeReason: text('revoke_reason'),
  },
  (t) => [
    index('certificates_school_idx').on(t.schoolId, t.generatedAt),
    index('certificates_student_idx').on(t.studentId, t.kind),
    check('certificates_kind_check', sql`${t.kind} in ('leaving', 'completion', 'merit', 'report_card')`),
  ],
);

/** The platform's Ed25519 signing keys (private key AES-256-GCM encrypted with lib/secrets.ts). Not tenant data. */
export const signingKeys = pgTable('signing_keys', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKeyEnc: text('private_key_enc').notNull(),
  createdAt,
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});
