import { z } from 'zod';
import { consentMessages } from '../messages/consents.js';

/**
 * Consent under the Kenya Data Protection Act 2019 (issue 35 §5 and §6; docs/decisions/0025-consent.md).
 * Per learner and guardian, one state per purpose: the newest recorded decision (granted or withdrawn),
 * or not yet asked (granted null). guardianId null is the learner-level consent the school records on
 * admission. Instants are ISO timestamps (UTC); screens show them as dd/mm/yyyy in Africa/Nairobi.
 */

const m = consentMessages.api;

export const CONSENT_PURPOSES = ['processing', 'photos', 'sms', 'email'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
export const CONSENT_SOURCES = ['admission', 'parent', 'school_office'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** Admission defaults (issue 35 brief): processing, SMS and e-mail checked; photos unchecked. */
export const ADMISSION_CONSENT_DEFAULTS: Record<ConsentPurpose, boolean> = { processing: true, photos: false, sms: true, email: true };

/** The admission form's answers (POST /api/students `consents`): each purpose granted or not. */
export const admissionConsentsSchema = z.strictObject({
  processing: z.boolean().optional(),
  photos: z.boolean().optional(),
  sms: z.boolean().optional(),
  email: z.boolean().optional(),
});

export const consentPurposeSchema = z.enum(CONSENT_PURPOSES, { error: m.purposeInvalid });

export const consentInputSchema = z.object({
  purpose: consentPurposeSchema,
  granted: z.boolean({ error: m.grantedRequired }),
  guardianId: z.uuid({ error: m.guardianInvalid }).optional(),
});
export type ConsentInput = z.infer<typeof consentInputSchema>;

/** PUT /api/students/:id/consents */
export const putConsentsBody = z.object({
  consents: z
    .array(consentInputSchema, { error: m.consentsRequired })
    .min(1, m.consentsRequired)
    .max(50, m.tooMany)
    .refine((list) => new Set(list.map((c) => `${c.guardianId ?? ''}:${c.purpose}`)).size === list.length, m.duplicate),
});
export type PutConsentsBody = z.infer<typeof putConsentsBody>;

/** One decision (a history row), or the current state of a learner, guardian and purpose (granted null: not yet asked). */
export const consentStateSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  guardianId: z.uuid().nullable(),
  granted: z.boolean().nullable(),
  source: z.enum(CONSENT_SOURCES).nullable(),
  recordedById: z.uuid().nullable(),
  recordedByName: z.string().nullable(),
  recordedByRole: z.string().nullable(),
  recordedAt: z.string().nullable(),
});
export type ConsentState = z.infer<typeof consentStateSchema>;

export const consentGuardianSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  relationship: z.string(),
  isPrimary: z.boolean(),
  /** The caller's own guardian record (a parent). */
  own: z.boolean(),
});

/** GET and PUT /api/students/:id/consents */
export const consentsResponse = z.object({
  studentId: z.uuid(),
  studentName: z.string(),
  /** all: principal or director (every guardian and the learner record); own: a parent (themselves). */
  canEdit: z.enum(['all', 'own']),
  guardians: z.array(consentGuardianSchema),
  /** One per purpose for the learner record (guardianId null) and each guardian listed. */
  current: z.array(consentStateSchema),
  /** Every decision recorded, newest first. */
  history: z.array(consentStateSchema),
});
export type ConsentsResponse = z.infer<typeof consentsResponse>;

/** GET /api/data-protection/consent-register?format=xlsx|json */
export const consentRegisterQuery = z.object({ format: z.enum(['xlsx', 'json'], { error: m.formatInvalid }).default('json') });

export const consentRegisterRow = z.object({
  studentId: z.uuid(),
  learner: z.string(),
  admissionNumber: z.string(),
  stream: z.string().nullable(),
  guardianId: z.uuid().nullable(),
  guardian: z.string().nullable(),
  phone: z.string().nullable(),
  purpose: z.enum(CONSENT_PURPOSES),
  granted: z.boolean(),
  source: z.enum(CONSENT_SOURCES),
  recordedBy: z.string().nullable(),
  recordedByRole: z.string().nullable(),
  recordedAt: z.string(),
});
export type ConsentRegisterRow = z.infer<typeof consentRegisterRow>;
export const consentRegisterResponse = z.object({ generatedAt: z.string(), rows: z.array(consentRegisterRow) });

/**
 * GET /api/data-protection/consent-summary (principal, director): the school's active learners, how
 * many have guardians of whom none has answered the processing question yet (s.33), and how many have
 * a guardian whose newest SMS decision about them is a withdrawal.
 */
export const consentSummaryResponse = z.object({ learners: z.number().int(), notAnswered: z.number().int(), smsWithdrawn: z.number().int() });
export type ConsentSummary = z.infer<typeof consentSummaryResponse>;
