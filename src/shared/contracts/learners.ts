import { z } from 'zod';
import { admissionConsentsSchema } from './consents.js';
import { optionalTextField } from './fields.js';
import { learnerKemisFieldsInput, learnerKemisFieldsSchema } from './kemis.js';
import { ADMISSION_NUMBER_MAX, normaliseAdmissionNumber } from '../admission-number.js';
import { learnersMessages as m } from '../messages/learners.js';
import { languageMessages } from '../messages/language.js';
import { LOCALES } from '../i18n/locale.js';

/**
 * Learner register contracts (issue 10 §2 Student admission and Student information, §4 Public API).
 * Shared by the API (server/modules/learners) and the web screens (web/features/learners). The paths and
 * field names of §4 are a public contract: integrations call them.
 *
 * Dates are calendar dates (YYYY-MM-DD) in Africa/Nairobi; instants are ISO strings.
 */

export const STUDENT_STATUSES = ['active', 'transferred', 'exited', 'graduated'] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];
export const GENDERS = ['female', 'male'] as const;
export type Gender = (typeof GENDERS)[number];
export const BOARDING = ['day', 'boarding'] as const;
export type Boarding = (typeof BOARDING)[number];
export const RELATIONSHIPS = ['mother', 'father', 'guardian', 'grandparent', 'sibling', 'relative', 'sponsor', 'other'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];
export const MAX_GUARDIANS = 4;

/**
 * A guardian link's relationship as people read it (issue 34): the word the school typed when there is
 * one ("Grandmother"), else the label of the vocabulary value ("Grandparent"), else the value itself.
 */
export function relationshipText(relationship: string, label?: string | null): string {
  return label?.trim() || (m.relationships as Record<string, string>)[relationship] || relationship;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True when `s` is a real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDate(s: string): boolean {
  if (!DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/**
 * Gender as the API and the import accept it: female/male, or F/M (the import template's letters), any
 * case. Stored and returned as female/male.
 */
export function parseGender(input: unknown): Gender | null {
  if (typeof input !== 'string') return null;
  const g = input.trim().toLowerCase();
  if (g === 'f' || g === 'female') return 'female';
  if (g === 'm' || g === 'male') return 'male';
  return null;
}

/** A learner as the register lists it (§4: exactly these fields, plus the extras after the comment). */
export const studentListItemSchema = z.object({
  id: z.uuid(),
  admissionNumber: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  gender: z.enum(GENDERS),
  dateOfBirth: z.string().nullable(),
  classId: z.uuid().nullable(),
  className: z.string().nullable(),
  status: z.enum(STUDENT_STATUSES),
  // Extras beyond §4.
  upi: z.string().nullable(),
  boarding: z.enum(BOARDING),
  levelName: z.string().nullable(),
  admittedOn: z.string().nullable(),
  hasPhoto: z.boolean(),
});
export type StudentListItem = z.infer<typeof studentListItemSchema>;

/** A guardian as a learner's record shows them (§4: name, relationship, phone, email). */
export const studentGuardianSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  relationship: z.string(),
  /**
   * The relationship as the school typed it on import ("Grandmother", "Step-father"; issue 34), shown
   * instead of the label of `relationship`; null (or absent) shows that label (relationshipText).
   */
  relationshipLabel: z.string().nullable().optional(),
  /** 2547XXXXXXXX / 2541XXXXXXXX (domain/identifiers.md). */
  phone: z.string(),
  email: z.string().nullable(),
  isPrimary: z.boolean(),
  /** The guardian has a parent sign-in account. */
  hasAccount: z.boolean(),
  idNumber: z.string().nullable(),
  occupation: z.string().nullable(),
  /**
   * The language SMS, e-mails and printed letters for this guardian are written in (issue 36 §1, §5):
   * their own choice, or the school's default when they have none (`followsSchoolLanguage`).
   */
  preferredLanguage: z.enum(LOCALES),
  /** No language of their own: they follow the school's default (schools.default_locale). */
  followsSchoolLanguage: z.boolean(),
  /**
   * Issue 36 §5: the guardian gets no non-essential SMS (announcements, fee reminders): they replied
   * STOP, or the school recorded their wish. Fee receipts and absence alerts still go. Optional for
   * older clients; the API always sends it.
   */
  smsOptOut: z.boolean().optional(),
  /** Other learners of the school this guardian is linked to (siblings), by name and class. */
  otherChildren: z.array(z.object({ id: z.uuid(), name: z.string(), className: z.string().nullable() })),
});
export type StudentGuardian = z.infer<typeof studentGuardianSchema>;

/**
 * GET /api/students/:id. Guardians are empty for a subject teacher (only the class teacher sees guardian
 * contacts, §3); medical notes and special needs are null for the finance officer.
 */
export const studentDetailSchema = studentListItemSchema.extend({
  schoolId: z.uuid(),
  assessmentNumber: z.string().nullable(),
  birthCertificateNumber: z.string().nullable(),
  previousSchool: z.string().nullable(),
  previousUpi: z.string().nullable(),
  medicalNotes: z.string().nullable(),
  specialNeeds: z.string().nullable(),
  levelId: z.uuid().nullable(),
  stream: z.string().nullable(),
  academicYear: z.string().nullable(),
  leftOn: z.string().nullable(),
  leavingReason: z.string().nullable(),
  photoUrl: z.string().nullable(),
  guardians: z.array(studentGuardianSchema),
  /** The KEMIS fields (issue 35 §1; contracts/kemis.ts); medicalCondition is null for the finance officer. */
  ...learnerKemisFieldsSchema.shape,
  /** What the caller may do with this record (the server checks again on every write). */
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StudentDetail = z.infer<typeof studentDetailSchema>;

/** A year of a learner's class history (GET /api/students/:id/history). */
export const classHistoryEntrySchema = z.object({
  academicYearId: z.uuid(),
  academicYear: z.string(),
  classId: z.uuid(),
  className: z.string(),
  classTeacher: z.string().nullable(),
  startedOn: z.string().nullable(),
  endedOn: z.string().nullable(),
  outcome: z.string().nullable(),
});
export const classHistoryResponse = z.object({ items: z.array(classHistoryEntrySchema) });
export type ClassHistoryEntry = z.infer<typeof classHistoryEntrySchema>;

export const STUDENT_SORTS = ['name', '-name', 'admissionNumber', '-admissionNumber', 'class', '-class', 'admittedOn', '-admittedOn'] as const;
export type StudentSort = (typeof STUDENT_SORTS)[number];

/**
 * GET /api/students query (§4 plus filters): search matches names, admission number, UPI, assessment
 * and birth-certificate numbers, and guardian phone (any Kenyan form); status defaults to active
 * (`all` lists every status); page is 1-based. schoolId is for platform staff (school roles always get
 * their own school).
 */
export const listStudentsQuery = z.object({
  search: z.string().trim().max(100).optional(),
  classId: z.uuid('Invalid class id').optional(),
  levelId: z.uuid('Invalid level id').optional(),
  status: z.enum([...STUDENT_STATUSES, 'all']).default('active'),
  gender: z.enum(GENDERS).optional(),
  boarding: z.enum(BOARDING).optional(),
  sort: z.enum(STUDENT_SORTS).default('name'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  schoolId: z.uuid('Invalid school id').optional(),
});
export type ListStudentsQuery = z.infer<typeof listStudentsQuery>;
export type ListStudentsParams = z.input<typeof listStudentsQuery>;

export const listStudentsResponse = z.object({
  items: z.array(studentListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ListStudentsResponse = z.infer<typeof listStudentsResponse>;

/** Trimmed optional text; '' and null clear it. */
const optionalText = (max: number) => optionalTextField(max, m.textTooLong);

const name = (required: string) => z.string(required).trim().min(1, required).max(80, m.nameTooLong);
const calendarDate = (message: string) => z.string(message).trim().refine(isCalendarDate, message);

const gender = z.preprocess((v) => parseGender(v) ?? v, z.enum(GENDERS, m.genderRequired));

/** A guardian's language (issue 36 §1): 'en' | 'sw', or null to follow the school's default. */
const guardianLanguage = z.enum(LOCALES, languageMessages.invalid).nullable().optional();

/** A guardian on the admission form / POST /api/students/:id/guardians. */
export const guardianInputSchema = z.strictObject({
  name: z.string(m.guardianNameRequired).trim().min(1, m.guardianNameRequired).max(120, m.nameTooLong),
  relationship: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(RELATIONSHIPS, m.guardianRelationshipRequired),
  ),
  /** Any common Kenyan form (07…, +254…); stored as 2547XXXXXXXX (shared/phone.ts). */
  phone: z.string(m.invalidPhone).trim().min(1, m.invalidPhone).max(30, m.invalidPhone),
  email: z
    .union([z.literal(''), z.null(), z.email(m.invalidEmail).max(320, m.invalidEmail)])
    .optional()
    .transform((v) => (v ? v.trim().toLowerCase() : null)),
  isPrimary: z.boolean().optional(),
  idNumber: optionalText(20),
  occupation: optionalText(80),
  /** 'en' | 'sw' for what is sent to this guardian; null or absent follows the school's default. */
  preferredLanguage: guardianLanguage,
  /** Create a parent sign-in account for this guardian (needs an e-mail); a link to set a password is e-mailed. */
  createAccount: z.boolean().optional(),
});
export type GuardianInput = z.input<typeof guardianInputSchema>;

const learnerFields = {
  firstName: name(m.firstNameRequired),
  middleName: optionalText(80),
  lastName: name(m.lastNameRequired),
  gender,
  dateOfBirth: calendarDate(m.dateOfBirthInvalid),
  birthCertificateNumber: optionalText(40),
  upi: optionalText(40),
  assessmentNumber: optionalText(40),
  previousSchool: optionalText(160),
  previousUpi: optionalText(40),
  boarding: z.enum(BOARDING, m.boardingInvalid),
  medicalNotes: optionalText(1000),
  specialNeeds: optionalText(1000),
  classId: z.uuid(m.classRequired),
  /** KEMIS fields (issue 35 §1), all optional: nationality, county of residence, special-needs codes … */
  ...learnerKemisFieldsInput,
};

const admissionNumber = z
  .string()
  .transform(normaliseAdmissionNumber)
  .pipe(z.string().max(ADMISSION_NUMBER_MAX, m.admissionNumberInvalid).regex(/^[A-Za-z0-9/\-_. ]*$/, m.admissionNumberInvalid))
  .nullish()
  .transform((v) => v || undefined);

/**
 * POST /api/students (admission). admissionNumber: typed (checked for uniqueness, case-insensitive) or
 * absent to take the next number of the school's pattern. admittedOn defaults to today. guardians: 1-4,
 * one primary (the first when none is marked). overrideCapacity: admit into a full stream (the principal
 * saw the warning).
 */
export const createStudentBody = z.strictObject({
  ...learnerFields,
  boarding: learnerFields.boarding.default('day'),
  admissionNumber,
  admittedOn: calendarDate(m.invalidDate).optional(),
  guardians: z.array(guardianInputSchema, m.guardianRequired).min(1, m.guardianRequired).max(MAX_GUARDIANS, m.tooManyGuardians),
  overrideCapacity: z.boolean().optional(),
  /**
   * The consents the admission form asks (issue 35 §5; Data Protection Act 2019): saved with the learner
   * (source admission) for the learner record (processing) and every guardian (each purpose given).
   */
  consents: admissionConsentsSchema.optional(),
});
export type CreateStudentBody = z.input<typeof createStudentBody>;
export type CreateStudentInput = z.output<typeof createStudentBody>;

/**
 * PATCH /api/students/:id: any subset of the learner's fields, and its guardians' languages (other
 * guardian details have their own routes).
 * Moving class changes this year's class history. Every change is audited with old and new values.
 */
export const updateStudentBody = z.strictObject({
  firstName: learnerFields.firstName.optional(),
  middleName: learnerFields.middleName,
  lastName: learnerFields.lastName.optional(),
  gender: gender.optional(),
  dateOfBirth: learnerFields.dateOfBirth.optional(),
  birthCertificateNumber: learnerFields.birthCertificateNumber,
  upi: learnerFields.upi,
  assessmentNumber: learnerFields.assessmentNumber,
  previousSchool: learnerFields.previousSchool,
  previousUpi: learnerFields.previousUpi,
  boarding: learnerFields.boarding.optional(),
  medicalNotes: learnerFields.medicalNotes,
  specialNeeds: learnerFields.specialNeeds,
  ...learnerKemisFieldsInput,
  classId: learnerFields.classId.optional(),
  admissionNumber,
  admittedOn: calendarDate(m.invalidDate).optional(),
  overrideCapacity: z.boolean().optional(),
  /**
   * Issue 36 §5: the language of each of this learner's guardians, by guardian id (other guardian
   * details have their own route, PATCH /api/students/:id/guardians/:guardianId).
   */
  guardians: z
    .array(z.strictObject({ id: z.uuid(m.guardianNotFound), preferredLanguage: z.enum(LOCALES, languageMessages.invalid).nullable() }))
    .max(4, m.tooManyGuardians)
    .optional(),
});
export type UpdateStudentBody = z.input<typeof updateStudentBody>;
export type UpdateStudentInput = z.output<typeof updateStudentBody>;

/** PATCH /api/students/:id/guardians/:guardianId: the guardian's details and this link's relationship. */
export const updateGuardianBody = z.strictObject({
  name: guardianInputSchema.shape.name.optional(),
  relationship: guardianInputSchema.shape.relationship.optional(),
  phone: guardianInputSchema.shape.phone.optional(),
  email: guardianInputSchema.shape.email,
  isPrimary: z.boolean().optional(),
  idNumber: optionalText(20),
  occupation: optionalText(80),
  preferredLanguage: guardianLanguage,
  createAccount: z.boolean().optional(),
  /** Issue 36 §5: opt the guardian out of (true) or back in to (false) non-essential SMS. */
  smsOptOut: z.boolean().optional(),
});
export type UpdateGuardianBody = z.input<typeof updateGuardianBody>;

/** GET /api/guardians/lookup?phone= : the school's guardian with this phone, if any (admission form). */
export const guardianLookupResponse = z.object({
  guardian: z
    .object({
      id: z.uuid(),
      name: z.string(),
      phone: z.string(),
      email: z.string().nullable(),
      hasAccount: z.boolean(),
      children: z.array(z.object({ id: z.uuid(), name: z.string(), className: z.string().nullable(), relationship: z.string() })),
    })
    .nullable(),
});
export type GuardianLookup = z.infer<typeof guardianLookupResponse>['guardian'];

/** POST /api/students → 201: the record, plus what happened to each guardian and account. */
export const createStudentResponse = studentDetailSchema.extend({
  notices: z.array(z.string()),
});

/** A learner's display name: first, middle, last. */
export function learnerName(s: { firstName: string; middleName?: string | null; lastName: string }): string {
  return [s.firstName, s.middleName, s.lastName].filter(Boolean).join(' ');
}

/** Age in whole years on `onDate` (YYYY-MM-DD) of someone born on `dateOfBirth`. */
export function ageOn(dateOfBirth: string, onDate: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, mo, d] = onDate.split('-').map(Number) as [number, number, number];
  return y - by - (mo < bm || (mo === bm && d < bd) ? 1 : 0);
}
