import { z } from 'zod';
import { messages } from '../messages.js';

/**
 * Schools contracts (spec §2 edufam_admin "schools" Schools Management, §3 School, §7 table reads 3).
 * Shared by the API routes (modules/schools) and the web screens (features/schools, lib/school-context).
 */

const m = messages.schoolsManagement;

/** Curricula a school follows (schools_curriculum_check). */
export const CURRICULA = ['CBC', 'IGCSE', '8-4-4'] as const;
export type Curriculum = (typeof CURRICULA)[number];

export const SCHOOL_STATUSES = ['active', 'inactive'] as const;
export type SchoolStatus = (typeof SCHOOL_STATUSES)[number];

/** A school code: lowercase letters and digits in hyphen-separated words, 2 to 40 characters, e.g. "greenhill". */
export const SCHOOL_CODE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SCHOOL_CODE_MAX = 40;

/**
 * A school as the API returns it (spec §3 School plus the fields EduFam keeps). ownerName and
 * principalName are the linked profiles' names; userCount counts the school's accounts (every role),
 * studentCount its active students. Dates are ISO instants.
 */
export const schoolSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string(),
  curriculum: z.enum(CURRICULA),
  address: z.string().nullable(),
  county: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  logoUrl: z.string().nullable(),
  motto: z.string().nullable(),
  ownerId: z.uuid().nullable(),
  ownerName: z.string().nullable(),
  principalId: z.uuid().nullable(),
  principalName: z.string().nullable(),
  status: z.enum(SCHOOL_STATUSES),
  userCount: z.number().int(),
  studentCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type School = z.infer<typeof schoolSchema>;

/**
 * GET /api/schools query. Without pageSize every matching school is returned (spec §7 table read 3:
 * the school context and the school pickers); with it, one page (page is 1-based). search matches
 * name, code, county or e-mail, case-insensitive, anywhere in the text.
 */
export const listSchoolsQuery = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(SCHOOL_STATUSES).optional(),
  curriculum: z.enum(CURRICULA).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});
export type ListSchoolsQuery = z.infer<typeof listSchoolsQuery>;

/** Summary cards over the caller's whole scope (not the filters). */
export const schoolsSummarySchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
});

export const listSchoolsResponse = z.object({
  schools: z.array(schoolSchema),
  /** Schools matching the filters (all pages). */
  total: z.number().int(),
  page: z.number().int(),
  /** null when the whole list was asked for (no pageSize). */
  pageSize: z.number().int().nullable(),
  summary: schoolsSummarySchema,
});
export type ListSchoolsResponse = z.infer<typeof listSchoolsResponse>;

/**
 * A logo address: a web address (http or https), or a logo uploaded in School Setup (issue 10 §1),
 * which EduFam serves itself at /api/files/<id>.
 */
function isLogoUrl(v: string): boolean {
  if (/^\/api\/files\/[0-9a-f-]{36}$/.test(v)) return true;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

/** An optional text field: trimmed; '' or null clears it. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

const optionalId = z
  .union([z.uuid(m.invalidPerson), z.literal(''), z.null()])
  .optional()
  .transform((v) => (v === undefined ? undefined : v || null));

const fields = {
  name: z.string(m.nameRequired).trim().min(1, m.nameRequired).max(160, m.nameTooLong),
  code: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .toLowerCase()
        .min(2, m.codeInvalid)
        .max(SCHOOL_CODE_MAX, m.codeInvalid)
        .regex(SCHOOL_CODE_PATTERN, m.codeInvalid),
    ])
    .optional()
    .transform((v) => (v ? v : undefined)),
  curriculum: z.enum(CURRICULA, m.curriculumRequired),
  address: optionalText(300, m.textTooLong(300)),
  county: optionalText(80, m.textTooLong(80)),
  /** Any common Kenyan form (07…, +254…); stored as 2547XXXXXXXX (shared/phone.ts). */
  phone: optionalText(30, m.invalidPhone),
  email: z
    .union([z.literal(''), z.null(), z.email(m.invalidEmail).max(320, m.invalidEmail)])
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v.trim().toLowerCase() : null)),
  logoUrl: z
    .union([z.literal(''), z.null(), z.string().max(2000, m.invalidLogoUrl).refine(isLogoUrl, m.invalidLogoUrl)])
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  motto: optionalText(200, m.textTooLong(200)),
  /** A school director of this school (or empty). */
  ownerId: optionalId,
  /** A principal of this school (or empty). */
  principalId: optionalId,
};

/**
 * POST /api/schools body (unknown keys are refused). code is derived from the name when absent. A new school has no people yet,
 * so ownerId and principalId may only be empty here; they are chosen later with PATCH.
 */
export const createSchoolBody = z.strictObject(fields);
export type CreateSchoolBody = z.input<typeof createSchoolBody>;
export type CreateSchoolInput = z.output<typeof createSchoolBody>;

/**
 * PATCH /api/schools/:id body: any subset of the fields; an absent field is left as it is. Unknown keys
 * (e.g. status, which has its own route) are refused.
 */
export const updateSchoolBody = z.strictObject({
  name: fields.name.optional(),
  code: fields.code,
  curriculum: fields.curriculum.optional(),
  address: fields.address.optional(),
  county: fields.county.optional(),
  phone: fields.phone.optional(),
  email: fields.email,
  logoUrl: fields.logoUrl,
  motto: fields.motto.optional(),
  ownerId: fields.ownerId,
  principalId: fields.principalId,
});
export type UpdateSchoolBody = z.input<typeof updateSchoolBody>;
export type UpdateSchoolInput = z.output<typeof updateSchoolBody>;

/** PATCH /api/schools/:id/status body. */
export const updateSchoolStatusBody = z.object({ status: z.enum(SCHOOL_STATUSES, m.invalidStatus) });

export const schoolResponse = z.object({ school: schoolSchema });
export const updateSchoolStatusResponse = z.object({ school: schoolSchema, message: z.string() });

/** A person who may be picked as a school's owner (school_director) or principal (principal). */
export const schoolLeaderSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['school_director', 'principal']),
  status: z.string(),
});
export type SchoolLeader = z.infer<typeof schoolLeaderSchema>;
export const schoolLeadersResponse = z.object({ leaders: z.array(schoolLeaderSchema) });

/**
 * A code from a school name: "St. Mary's Girls, Nairobi" → "st-marys-girls-nairobi". Accents are
 * dropped, anything else that is not a letter or digit separates words. Falls back to "school".
 */
export function codeFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SCHOOL_CODE_MAX - 4)
    .replace(/-+$/, '');
  return slug.length >= 2 ? slug : 'school';
}
