import { z } from 'zod';
import { messages } from '../messages.js';

/**
 * Audit trail contracts (spec §3 audit_logs and Error audit record; the /audit section). Shared by the
 * API routes (GET /api/audit, GET /api/audit/actions) and the web Audit Trail screen. Browser-safe.
 *
 * Dates in filters are calendar days in Africa/Nairobi (`from` is the start of that day in Nairobi,
 * `to` the end of that day); instants in answers are ISO 8601 date-times (UTC).
 */

/** Largest page the list answers. */
export const AUDIT_MAX_PAGE_SIZE = 100;
export const AUDIT_DEFAULT_PAGE_SIZE = 25;

/** Messages of the query's validation (also used by the web filters). */
export const AUDIT_INPUT_MESSAGES = {
  date: 'Use a date in the form dd/mm/yyyy',
  uuid: (what: string) => `Invalid ${what} id`,
  success: 'Use true or false',
  dateOrder: messages.audit.dateOrder,
} as const;

/**
 * An optional query parameter where an empty value (`?action=`) means "no filter", as a form sends it.
 * Anything else must match `schema`, else 400 with `error`.
 */
function optionalParam<T extends z.ZodType<string | boolean, string>>(schema: T, error: string) {
  return z
    .union([z.literal(''), schema], { error })
    .optional()
    .transform((v) => (v === '' ? undefined : (v as z.output<T> | undefined)));
}

const text = (max: number) => z.string().trim().max(max);

/**
 * GET /api/audit query. `actor` matches the actor's name or e-mail (and the e-mail a failed sign-in
 * was tried with), `entity` the target entity or resource, both case-insensitive substrings; `action`
 * is exact. `schoolId` narrows platform admins to one school (school leaders are always pinned to
 * their own). page is 1-based.
 */
export const auditListQuery = z.object({
  action: optionalParam(text(100), 'Invalid action'),
  actorId: optionalParam(z.uuid({ error: AUDIT_INPUT_MESSAGES.uuid('actor') }), AUDIT_INPUT_MESSAGES.uuid('actor')),
  actor: optionalParam(text(200), 'Actor search is too long'),
  entity: optionalParam(text(200), 'Entity search is too long'),
  from: optionalParam(z.iso.date({ error: AUDIT_INPUT_MESSAGES.date }), AUDIT_INPUT_MESSAGES.date),
  to: optionalParam(z.iso.date({ error: AUDIT_INPUT_MESSAGES.date }), AUDIT_INPUT_MESSAGES.date),
  success: optionalParam(z.enum(['true', 'false']).transform((v) => v === 'true'), AUDIT_INPUT_MESSAGES.success),
  schoolId: optionalParam(z.uuid({ error: AUDIT_INPUT_MESSAGES.uuid('school') }), AUDIT_INPUT_MESSAGES.uuid('school')),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(AUDIT_MAX_PAGE_SIZE, `At most ${AUDIT_MAX_PAGE_SIZE} entries per page`)
    .default(AUDIT_DEFAULT_PAGE_SIZE),
});
export type AuditListQuery = z.output<typeof auditListQuery>;
/** The query as the web client sends it (strings, empty meaning "no filter"). */
export type AuditListParams = Partial<Record<'action' | 'actorId' | 'actor' | 'entity' | 'from' | 'to' | 'success' | 'schoolId', string>> & {
  page?: number;
  pageSize?: number;
};

/** A JSON value as stored in the jsonb columns (old_value, new_value, metadata). */
const jsonValue = z.unknown();

/**
 * One audit entry with its actor (joined from profiles; null when the actor is unknown, deleted or
 * outside the caller's view) and its school (null for platform entries).
 */
export const auditEntrySchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  action: z.string(),
  success: z.boolean(),
  errorMessage: z.string().nullable(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  /** The actor's e-mail, or for sign-in attempts the e-mail that was tried. */
  actorEmail: z.string().nullable(),
  actorRole: z.string().nullable(),
  schoolId: z.string().nullable(),
  schoolName: z.string().nullable(),
  targetEntity: z.string().nullable(),
  resource: z.string().nullable(),
  oldValue: jsonValue,
  newValue: jsonValue,
  metadata: jsonValue,
  ipAddress: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/audit answer: newest first. */
export const auditListResponse = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditListResponse = z.infer<typeof auditListResponse>;

/** GET /api/audit/actions answer: the distinct actions in the caller's scope, sorted. */
export const auditActionsResponse = z.object({ actions: z.array(z.string()) });
export type AuditActionsResponse = z.infer<typeof auditActionsResponse>;
