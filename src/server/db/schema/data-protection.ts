import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { guardians, schools, students } from './tenancy.js';
import { createdAt, requiredRef } from './columns.js';
import { profileRef, schoolRow } from './tenant-columns.js';

/**
 * What a data-protection request did (issue 18 §2; Kenya Data Protection Act 2019): counts of rows
 * exported, anonymised and deleted per table, and what was kept and why (legal retention).
 */
export interface DataProtectionOutcome {
  /** Rows per table in the export, or anonymised / deleted by the erasure. */
  exported?: Record<string, number>;
  anonymised?: Record<string, number>;
  deleted?: Record<string, number>;
  /** Stored files removed after the erasure committed. */
  filesDeleted?: number;
  /** Records kept, each with its legal reason. */
  retained?: { what: string; why: string }[];
}

/**
 * A data subject's request handled by EduFam (issue 18 §2): an export of their personal data (DPA 2019
 * s.26 right of access) or an erasure / anonymisation (s.40). One row per completed or refused request;
 * the audit log carries PERSONAL_DATA_EXPORTED / PERSONAL_DATA_ERASED beside it.
 *
 * school_id is the subject's school; null for a platform user (EduFam staff), visible to platform
 * context only (drizzle/0021_data_protection.sql). subject_name_snapshot is the name at the time of the
 * request, replaced by the anonymised label once the subject is erased (s.39: keep no longer than
 * needed).
 */
export const dataProtectionRequests = pgTable(
  'data_protection_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id').references(() => schools.id),
    /** learner | user */
    subjectType: text('subject_type').notNull(),
    subjectId: uuid('subject_id').notNull(),
    subjectNameSnapshot: text('subject_name_snapshot').notNull(),
    /** export | erasure */
    kind: text('kind').notNull(),
    /** completed | refused */
    status: text('status').notNull().default('completed'),
    reason: text('reason').notNull(),
    legalBasis: text('legal_basis').notNull(),
    requestedBy: profileRef('requested_by'),
    createdAt,
    completedAt: timestamp('completed_at', { withTimezone: true }),
    outcome: jsonb('outcome').$type<DataProtectionOutcome>().notNull().default({}),
  },
  (t) => [
    index('data_protection_requests_school_idx').on(t.schoolId, t.createdAt.desc()),
    index('data_protection_requests_subject_idx').on(t.subjectType, t.subjectId),
    check('data_protection_requests_subject_type_check', sql`${t.subjectType} in ('learner', 'user')`),
    check('data_protection_requests_kind_check', sql`${t.kind} in ('export', 'erasure')`),
    check('data_protection_requests_status_check', sql`${t.status} in ('completed', 'refused')`),
  ],
);

/**
 * Consent under the Data Protection Act 2019 (issue 35 §5; docs/decisions/0025-consent.md): one row per
 * decision, never updated (an append-only history). The current state of a learner, guardian and
 * purpose is its newest row (recorded_at, then id). guardian_id null is the learner-level consent the
 * school records on admission. purpose: processing | photos | sms | email; source: admission | parent |
 * school_office. Row-level security: each school sees its own rows (drizzle/0026_consents.sql).
 */
export const consents = pgTable(
  'consents',
  {
    ...schoolRow(),
    studentId: requiredRef('student_id', () => students.id, { onDelete: 'cascade' }),
    guardianId: uuid('guardian_id').references(() => guardians.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    granted: boolean('granted').notNull(),
    source: text('source').notNull(),
    recordedBy: profileRef('recorded_by'),
    /** The recorder's role when recorded (principal, school_director, parent). */
    recordedByRole: text('recorded_by_role'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('consents_student_idx').on(t.studentId, t.guardianId, t.purpose, t.recordedAt.desc()),
    index('consents_guardian_idx').on(t.guardianId, t.purpose, t.recordedAt.desc()),
    index('consents_school_idx').on(t.schoolId, t.recordedAt.desc()),
    check('consents_purpose_check', sql`${t.purpose} in ('processing', 'photos', 'sms', 'email')`),
    check('consents_source_check', sql`${t.source} in ('admission', 'parent', 'school_office')`),
  ],
);
