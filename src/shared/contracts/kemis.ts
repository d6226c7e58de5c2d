import { z } from 'zod';
import { optionalTextField } from './fields.js';
import { KENYA_COUNTY_CODES } from '../kenya-counties.js';
import { BOARDING_TYPES, KEMIS_REQUIRED_FIELDS, KRA_PIN, LEVELS_OFFERED, NATIONALITY_CODES, SPECIAL_NEEDS_CODES, normaliseKraPin } from '../kemis.js';
import { kemisMessages } from '../messages/kemis.js';

/**
 * KEMIS / NEMIS contracts (issue 35 §1, §6; docs/decisions/0026-kemis.md): the school's Ministry
 * institution fields (on the school profile), the learner's KEMIS fields (on the learner record), the
 * KEMIS export with its missing-fields report, and the UPI import.
 */

const m = kemisMessages.api;
const text = (max: number) => optionalTextField(max, m.textTooLong);

/** Optional value that must be one of `allowed` after `clean`; '' and null clear it; absent leaves it. */
const optionalCode = (allowed: readonly string[], message: string, clean: (s: string) => string = (s) => s.trim()) =>
  z
    .union([z.string(message), z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null ? null : clean(v) || null))
    .refine((v) => v === undefined || v === null || allowed.includes(v), message);

// ── School: the Ministry's institution fields ───────────────────────────────────────────────────

/** The Ministry's institution fields as the school profile shows them (GET /api/school-setup/profile). */
export const schoolMinistryFieldsSchema = z.object({
  knecCode: z.string().nullable(),
  tscCode: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  /** KRA PIN, upper case (A/P + 9 digits + letter). */
  kraPin: z.string().nullable(),
  /** Official county code 001-047 (shared/kenya-counties.ts). */
  countyCode: z.string().nullable(),
  subCounty: z.string().nullable(),
  subCountyCode: z.string().nullable(),
  ward: z.string().nullable(),
  zone: z.string().nullable(),
  cluster: z.string().nullable(),
  boardingType: z.enum(BOARDING_TYPES).nullable(),
  levelsOffered: z.array(z.enum(LEVELS_OFFERED)),
});
export type SchoolMinistryFields = z.infer<typeof schoolMinistryFieldsSchema>;

/**
 * The PATCH /api/school-setup/profile keys of the Ministry fields, each optional ('' or null clears):
 * kraPin checked against ^[AP]\d{9}[A-Z]$ after upper-casing and removing spaces and dashes
 * (domain/identifiers.md); countyCode one of 001-047; boardingType day | boarding | mixed;
 * levelsOffered among pre_primary | primary | junior | senior.
 */
export const schoolMinistryFieldsInput = {
  knecCode: text(20),
  tscCode: text(20),
  registrationNumber: text(40),
  kraPin: z
    .union([z.string(m.kraPinInvalid), z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null ? null : normaliseKraPin(v) || null))
    .refine((v) => v === undefined || v === null || KRA_PIN.test(v), m.kraPinInvalid),
  countyCode: optionalCode(KENYA_COUNTY_CODES, m.countyCodeInvalid),
  subCounty: text(80),
  subCountyCode: text(20),
  ward: text(80),
  zone: text(80),
  cluster: text(80),
  boardingType: z
    .union([z.enum(BOARDING_TYPES, m.boardingTypeInvalid), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  levelsOffered: z.array(z.enum(LEVELS_OFFERED, m.levelsOfferedInvalid), m.levelsOfferedInvalid).max(4).optional().transform((v) => (v ? [...new Set(v)] : v)),
};

// ── Learner: the KEMIS fields ───────────────────────────────────────────────────────────────────

/** The learner's KEMIS fields as the record shows them (GET /api/students/:id). */
export const learnerKemisFieldsSchema = z.object({
  /** ISO 3166-1 alpha-2, e.g. KE. */
  nationality: z.string().nullable(),
  /** Official county code 001-047. */
  residenceCountyCode: z.string().nullable(),
  residenceSubCounty: z.string().nullable(),
  /** The Ministry's categories (shared/kemis.ts SPECIAL_NEEDS_CODES). */
  specialNeedsCodes: z.array(z.string()),
  medicalCondition: z.string().nullable(),
  /** Social Health Authority (formerly NHIF) number. */
  shaNumber: z.string().nullable(),
  kcpeIndexNumber: z.string().nullable(),
  kpseaIndexNumber: z.string().nullable(),
});
export type LearnerKemisFields = z.infer<typeof learnerKemisFieldsSchema>;

/**
 * The learner create/update keys of the KEMIS fields, all optional ('' or null clears): nationality a
 * two-letter code (any case) of NATIONALITY_CODES; residenceCountyCode 001-047; specialNeedsCodes among
 * SPECIAL_NEEDS_CODES (duplicates dropped).
 */
export const learnerKemisFieldsInput = {
  nationality: optionalCode(NATIONALITY_CODES, m.nationalityInvalid, (s) => s.trim().toUpperCase()),
  residenceCountyCode: optionalCode(KENYA_COUNTY_CODES, m.countyCodeInvalid),
  residenceSubCounty: text(80),
  specialNeedsCodes: z
    .array(z.enum(SPECIAL_NEEDS_CODES, m.specialNeedsInvalid), m.specialNeedsInvalid)
    .max(SPECIAL_NEEDS_CODES.length)
    .optional()
    .transform((v) => (v ? [...new Set(v)] : v)),
  medicalCondition: text(500),
  shaNumber: text(30),
  kcpeIndexNumber: text(20),
  kpseaIndexNumber: text(20),
};

// ── Export ──────────────────────────────────────────────────────────────────────────────────────

/**
 * GET /api/ministry/kemis/learners: classId (a stream) or levelId (a level) or neither (the whole
 * school's active learners); format xlsx (default), csv or json.
 */
export const kemisLearnersQuery = z.object({
  classId: z.uuid('Invalid class id').optional(),
  levelId: z.uuid('Invalid level id').optional(),
  format: z.enum(['xlsx', 'csv', 'json']).default('xlsx'),
});
export type KemisLearnersQuery = z.infer<typeof kemisLearnersQuery>;

/** One learner row of the KEMIS sheet (json); keys follow the columns of the export. Dates YYYY-MM-DD. */
export const kemisRowSchema = z.object({
  studentId: z.uuid(),
  upi: z.string().nullable(),
  admissionNumber: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  gender: z.string(),
  dateOfBirth: z.string().nullable(),
  birthCertificateNumber: z.string().nullable(),
  assessmentNumber: z.string().nullable(),
  nationality: z.string().nullable(),
  residenceCountyCode: z.string().nullable(),
  residenceCounty: z.string().nullable(),
  residenceSubCounty: z.string().nullable(),
  specialNeedsCodes: z.array(z.string()),
  medicalCondition: z.string().nullable(),
  shaNumber: z.string().nullable(),
  kcpeIndexNumber: z.string().nullable(),
  kpseaIndexNumber: z.string().nullable(),
  level: z.string().nullable(),
  stream: z.string().nullable(),
  boarding: z.string(),
  admittedOn: z.string().nullable(),
  fatherName: z.string().nullable(),
  fatherIdNumber: z.string().nullable(),
  fatherPhone: z.string().nullable(),
  motherName: z.string().nullable(),
  motherIdNumber: z.string().nullable(),
  motherPhone: z.string().nullable(),
  guardianName: z.string().nullable(),
  guardianIdNumber: z.string().nullable(),
  guardianPhone: z.string().nullable(),
  guardianRelationship: z.string().nullable(),
});
export type KemisRow = z.infer<typeof kemisRowSchema>;

const reportLearner = z.object({
  studentId: z.uuid(),
  name: z.string(),
  admissionNumber: z.string(),
  stream: z.string().nullable(),
});

/** GET /api/ministry/kemis/learners?format=json. */
export const kemisLearnersResponse = z.object({
  rows: z.array(kemisRowSchema),
  /** Learners missing a field KEMIS requires, with the fields (KEMIS_REQUIRED_FIELDS keys). */
  missing: z.array(reportLearner.extend({ fields: z.array(z.enum(KEMIS_REQUIRED_FIELDS)) })),
  /** Learners without a UPI yet (the Ministry assigns it). */
  awaitingUpi: z.array(reportLearner),
});
export type KemisLearnersResponse = z.infer<typeof kemisLearnersResponse>;

// ── UPI import ──────────────────────────────────────────────────────────────────────────────────

export const kemisUpiImportQuery = z.object({
  commit: z
    .union([z.boolean(), z.stringbool({ truthy: ['true', '1', 'yes'], falsy: ['false', '0', 'no', ''] })])
    .optional()
    .transform((v) => v === true),
});

/** A row of the file that was not applied: its spreadsheet row (header = 1) and why. */
const importProblem = z.object({ row: z.number().int(), reason: z.string(), upi: z.string(), name: z.string().nullable() });

/**
 * POST /api/ministry/kemis/upis. matched: rows matched to a learner; updated: learners whose UPI is
 * (commit) or would be (dry run) set; conflicts and unmatched: rows not applied. matches: the matched
 * rows (the preview table), change new (UPI to set) or same (already held).
 */
export const kemisUpiImportResult = z.object({
  committed: z.boolean(),
  rows: z.number().int(),
  matched: z.number().int(),
  updated: z.number().int(),
  conflicts: z.array(importProblem),
  unmatched: z.array(importProblem),
  matches: z.array(
    z.object({
      row: z.number().int(),
      studentId: z.uuid(),
      name: z.string(),
      admissionNumber: z.string(),
      upi: z.string(),
      change: z.enum(['new', 'same']),
    }),
  ),
});
export type KemisUpiImportResult = z.infer<typeof kemisUpiImportResult>;
