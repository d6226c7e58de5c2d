import { z } from 'zod';
import { dataProtectionMessages as dm } from '../messages/data-protection.js';

/**
 * Data protection requests (issue 18 §2; Kenya Data Protection Act 2019). EduFam staff (edufam_admin,
 * every school) and a school's principal or director (their own school) find a data subject (a learner
 * or a user) and export everything EduFam holds about them (s.26 right of access) as a JSON document;
 * EduFam staff alone erase or anonymise it where the law allows (s.40), keeping what the law requires
 * (s.39; Tax Procedures Act 2015: financial records for five years). Every request is recorded and
 * audited (PERSONAL_DATA_EXPORTED, PERSONAL_DATA_ERASED). Instants are ISO timestamps (UTC); screens
 * show them in Africa/Nairobi.
 */

const m = dm.api;

export const DP_SUBJECT_TYPES = ['learner', 'user'] as const;
export type DpSubjectType = (typeof DP_SUBJECT_TYPES)[number];
export const DP_KINDS = ['export', 'erasure'] as const;
export type DpKind = (typeof DP_KINDS)[number];
export const DP_STATUSES = ['completed', 'refused'] as const;
export type DpStatus = (typeof DP_STATUSES)[number];

export const DP_DEFAULT_PAGE_SIZE = 25;
export const DP_MAX_PAGE_SIZE = 100;
/** Most learners and most users a subject search returns (each). */
export const DP_SEARCH_LIMIT = 20;

/** Whether an erasure may go ahead now, and if not the reason shown (e.g. "Exit the learner before…"). */
export const erasabilitySchema = z.object({ allowed: z.boolean(), reason: z.string().nullable() });
export type Erasability = z.infer<typeof erasabilitySchema>;

/** GET /api/data-protection/subjects?q= : search by name, admission number or e-mail (2+ characters). */
export const subjectsQuery = z.object({
  q: z.string().trim().min(2, m.searchTooShort).max(200),
  type: z.union([z.literal(''), z.enum(DP_SUBJECT_TYPES)]).optional(),
});
export type SubjectsQuery = z.input<typeof subjectsQuery>;

export const learnerSubjectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  admissionNumber: z.string(),
  schoolId: z.uuid(),
  schoolName: z.string(),
  className: z.string().nullable(),
  /** active | transferred | graduated | exited */
  status: z.string(),
  erased: z.boolean(),
  erasure: erasabilitySchema,
});
export type LearnerSubject = z.infer<typeof learnerSubjectSchema>;

export const userSubjectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.string().nullable(),
  schoolId: z.uuid().nullable(),
  schoolName: z.string().nullable(),
  /** active | inactive | suspended */
  status: z.string(),
  erased: z.boolean(),
  erasure: erasabilitySchema,
});
export type UserSubject = z.infer<typeof userSubjectSchema>;

export const subjectsResponse = z.object({ learners: z.array(learnerSubjectSchema), users: z.array(userSubjectSchema) });
export type SubjectsResponse = z.infer<typeof subjectsResponse>;

const reason = z.string(m.reasonRequired).trim().min(3, m.reasonRequired).max(1000);

/** POST /api/data-protection/exports → the JSON document as an attachment (personal-data-<ref>-<date>.json). */
export const exportBody = z.strictObject({
  subjectType: z.enum(DP_SUBJECT_TYPES),
  subjectId: z.uuid(),
  reason,
});
export type ExportBody = z.input<typeof exportBody>;

/**
 * POST /api/data-protection/erasures (edufam_admin). `confirm` is the subject's name exactly as the
 * search shows it (surrounding spaces ignored); a mismatch is 400 and nothing changes.
 */
export const erasureBody = z.strictObject({
  subjectType: z.enum(DP_SUBJECT_TYPES),
  subjectId: z.uuid(),
  reason,
  confirm: z.string(m.confirmMismatch).trim().min(1, m.confirmMismatch).max(300),
});
export type ErasureBody = z.input<typeof erasureBody>;

export const retainedItemSchema = z.object({ what: z.string(), why: z.string() });

export const outcomeSchema = z.object({
  exported: z.record(z.string(), z.number()).optional(),
  anonymised: z.record(z.string(), z.number()).optional(),
  deleted: z.record(z.string(), z.number()).optional(),
  filesDeleted: z.number().optional(),
  retained: z.array(retainedItemSchema).optional(),
});
export type DpOutcome = z.infer<typeof outcomeSchema>;

export const dpRequestSchema = z.object({
  id: z.uuid(),
  schoolId: z.uuid().nullable(),
  schoolName: z.string().nullable(),
  subjectType: z.enum(DP_SUBJECT_TYPES),
  subjectId: z.uuid(),
  /** The name when requested; the anonymised label once the subject was erased. */
  subjectName: z.string(),
  kind: z.enum(DP_KINDS),
  status: z.enum(DP_STATUSES),
  reason: z.string(),
  legalBasis: z.string(),
  requestedBy: z.uuid().nullable(),
  requestedByName: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  outcome: outcomeSchema,
});
export type DpRequest = z.infer<typeof dpRequestSchema>;

export const erasureResponse = z.object({ request: dpRequestSchema, message: z.string() });
export type ErasureResponse = z.infer<typeof erasureResponse>;

/** GET /api/data-protection/requests?page&pageSize&kind : newest first. */
export const listRequestsQuery = z.object({
  kind: z.union([z.literal(''), z.enum(DP_KINDS)]).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(DP_MAX_PAGE_SIZE).default(DP_DEFAULT_PAGE_SIZE),
});
export type ListRequestsQuery = z.input<typeof listRequestsQuery>;

export const listRequestsResponse = z.object({
  items: z.array(dpRequestSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ListRequestsResponse = z.infer<typeof listRequestsResponse>;

/** The download's file name: personal-data-<admission number or e-mail, made file-safe>-<YYYY-MM-DD>.json. */
export function exportFileName(reference: string, date: string): string {
  const safe = reference.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase() || 'subject';
  return `personal-data-${safe}-${date}.json`;
}
