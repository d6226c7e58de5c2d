import { z } from 'zod';
import { checkAdmissionPattern } from '../admission-number.js';
import { LOCALES } from '../i18n/locale.js';
import { languageMessages } from '../messages/language.js';
import { schoolSetupMessages as m } from '../messages/school-setup.js';
import { schoolMinistryFieldsInput, schoolMinistryFieldsSchema } from './kemis.js';

/**
 * School setup contracts (issue 10 §1): profile, academic years and terms, levels and streams,
 * learning areas, teachers' assignments and departments. Shared by the API
 * (server/modules/school-setup, paths under /api/school-setup and the stream writes on /api/classes)
 * and the web screens (web/features/school-setup).
 *
 * Dates are calendar dates (YYYY-MM-DD) in Africa/Nairobi; instants are ISO strings. Reads take
 * `schoolId` (platform staff only; school roles always get their own school).
 */

export const SETUP_CURRICULA = ['CBC', 'IGCSE', '8-4-4'] as const;
export type SetupCurriculum = (typeof SETUP_CURRICULA)[number];

/** Kenya's 47 counties (Constitution of Kenya 2010, First Schedule), alphabetically. */
export const KENYAN_COUNTIES = [
  'Baringo', 'Bomet', 'Bungoma', 'Busia', 'Elgeyo-Marakwet', 'Embu', 'Garissa', 'Homa Bay', 'Isiolo', 'Kajiado',
  'Kakamega', 'Kericho', 'Kiambu', 'Kilifi', 'Kirinyaga', 'Kisii', 'Kisumu', 'Kitui', 'Kwale', 'Laikipia',
  'Lamu', 'Machakos', 'Makueni', 'Mandera', 'Marsabit', 'Meru', 'Migori', 'Mombasa', 'Murang’a', 'Nairobi',
  'Nakuru', 'Nandi', 'Narok', 'Nyamira', 'Nyandarua', 'Nyeri', 'Samburu', 'Siaya', 'Taita-Taveta', 'Tana River',
  'Tharaka-Nithi', 'Trans Nzoia', 'Turkana', 'Uasin Gishu', 'Vihiga', 'Wajir', 'West Pokot',
] as const;

/** The county of this name (case, spaces, hyphens and apostrophes ignored), or null. */
export function canonicalCounty(input: string): string | null {
  const key = (s: string) => s.toLowerCase().replace(/[\s'’-]+/g, '');
  const k = key(input);
  return KENYAN_COUNTIES.find((c) => key(c) === k) ?? null;
}

/** Teachers' load above which the assignments screen warns, unless the school sets its own. */
export const TEACHER_LOAD_MAX_DEFAULT = 40;
export const TEACHER_LOAD_MAX_LIMIT = 80;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (s: string) => {
  if (!DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
const dateField = z.string(m.invalidDate).refine(isDate, m.invalidDate);
const optionalDate = z
  .union([z.literal(''), z.null(), dateField])
  .optional()
  .transform((v) => v || null);

/** An optional text field: trimmed; '' or null clears it; absent leaves it. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, m.textTooLong(max))
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

const optionalId = (message: string) =>
  z
    .union([z.uuid(message), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

/** `?schoolId=` of every read (platform staff name the school; ignored for school roles). */
export const schoolQuery = z.object({ schoolId: z.uuid('Invalid school id').optional() });

export const idParams = z.object({ id: z.uuid('Invalid id') });

// ── Profile ─────────────────────────────────────────────────────────────────────────────────────

/**
 * The school profile (GET /api/school-setup/profile). nextAdmissionNumber is what the next admission
 * this year would get (the admission_sequences row for the current year); canEdit is true for the
 * principal.
 */
export const schoolProfileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string(),
  motto: z.string().nullable(),
  logoUrl: z.string().nullable(),
  address: z.string().nullable(),
  county: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  curriculum: z.enum(SETUP_CURRICULA),
  curricula: z.array(z.enum(SETUP_CURRICULA)),
  admissionNumberPattern: z.string(),
  nextAdmissionNumber: z.string().nullable(),
  maxTeacherLoad: z.number().int(),
  /**
   * The school's default language (issue 36 §1, §5): what guardians without a language of their own
   * receive SMS, e-mails and letters in (schools.default_locale).
   */
  defaultLocale: z.enum(LOCALES),
  canEdit: z.boolean(),
  updatedAt: z.string(),
  /** The Ministry's institution fields (issue 35 §1; contracts/kemis.ts). */
  ...schoolMinistryFieldsSchema.shape,
});
export type SchoolProfile = z.infer<typeof schoolProfileSchema>;

/**
 * PATCH /api/school-setup/profile: any subset. phone in any Kenyan form (stored 2547XXXXXXXX); county
 * one of the 47; curriculum (the main one) must be among curricula; admissionNumberPattern checked
 * with checkAdmissionPattern; defaultLocale 'en' or 'sw'. Unknown keys are refused.
 */
export const updateProfileBody = z.strictObject({
  name: z.string(m.nameRequired).trim().min(1, m.nameRequired).max(160, m.nameTooLong).optional(),
  motto: optionalText(200),
  address: optionalText(300),
  county: optionalText(40),
  phone: optionalText(30),
  email: z
    .union([z.literal(''), z.null(), z.email(m.invalidEmail).max(320, m.invalidEmail)])
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v.trim().toLowerCase() : null)),
  curriculum: z.enum(SETUP_CURRICULA, m.invalidCurriculum).optional(),
  curricula: z.array(z.enum(SETUP_CURRICULA, m.invalidCurriculum), m.curriculaRequired).min(1, m.curriculaRequired).max(3).optional(),
  admissionNumberPattern: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const r = checkAdmissionPattern(v);
      if (!r.ok) ctx.addIssue({ code: 'custom', message: r.message });
    })
    .optional(),
  maxTeacherLoad: z.coerce.number(m.maxTeacherLoadInvalid).int(m.maxTeacherLoadInvalid).min(1, m.maxTeacherLoadInvalid).max(TEACHER_LOAD_MAX_LIMIT, m.maxTeacherLoadInvalid).optional(),
  /** 'en' | 'sw' (issue 36 §1); anything else is refused with "Choose English or Kiswahili." */
  defaultLocale: z.enum(LOCALES, languageMessages.invalid).optional(),
  /** The Ministry's institution fields (issue 35 §1): KRA PIN, county code 001-047 … (contracts/kemis.ts). */
  ...schoolMinistryFieldsInput,
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;
export type UpdateProfileInput = z.output<typeof updateProfileBody>;

/** GET /api/school-setup/admission-preview?pattern= → { next } or 400 naming `pattern`. */
export const admissionPreviewQuery = schoolQuery.extend({ pattern: z.string().max(60) });
export const admissionPreviewResponse = z.object({ next: z.string(), year: z.number().int() });

// ── Academic years and terms ──────────────────────────────────────────────────────────────────

export const termSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  name: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  halfTermStartsOn: z.string().nullable(),
  halfTermEndsOn: z.string().nullable(),
  isCurrent: z.boolean(),
});
export type Term = z.infer<typeof termSchema>;

export const academicYearSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  isCurrent: z.boolean(),
  status: z.enum(['open', 'closed']),
  closedAt: z.string().nullable(),
  streamCount: z.number().int(),
  terms: z.array(termSchema),
});
export type AcademicYear = z.infer<typeof academicYearSchema>;
export const listYearsResponse = z.object({ items: z.array(academicYearSchema) });

export const termInput = z.object({
  number: z.number(m.termsNumbering).int(m.termsNumbering).min(1, m.termsNumbering).max(4, m.termsNumbering),
  name: z.string(m.termNameRequired).trim().min(1, m.termNameRequired).max(40, m.textTooLong(40)),
  startsOn: dateField,
  endsOn: dateField,
  halfTermStartsOn: optionalDate,
  halfTermEndsOn: optionalDate,
});
export type TermInput = z.output<typeof termInput>;

const DAY_MS = 86_400_000;

/**
 * The rules of a year's terms (issue 10 §1): numbered 1, 2, 3 … in order; each ends on or after it
 * starts; no overlaps (a term starts after the previous one ends); a half-term has both dates, in
 * order, inside its term; the whole year within 18 months. Field errors keyed `terms.<i>.<field>`;
 * empty when all is well. The year form runs it live; the server runs it again.
 */
export function checkTerms(terms: readonly TermInput[]): Record<string, string> {
  const errors: Record<string, string> = {};
  if (terms.length === 0) return { terms: m.termsRequired };
  terms.forEach((t, i) => {
    const at = (f: string) => `terms.${i}.${f}`;
    if (t.number !== i + 1) errors[at('number')] = m.termsNumbering;
    if (t.endsOn < t.startsOn) errors[at('endsOn')] = m.termDatesOrder;
    const prev = terms[i - 1];
    if (prev && t.startsOn <= prev.endsOn) errors[at('startsOn')] = m.termsOverlap;
    const hs = t.halfTermStartsOn;
    const he = t.halfTermEndsOn;
    if (!!hs !== !!he) errors[at(hs ? 'halfTermEndsOn' : 'halfTermStartsOn')] = m.halfTermBoth;
    else if (hs && he) {
      if (he < hs) errors[at('halfTermEndsOn')] = m.halfTermOrder;
      else if (hs < t.startsOn || he > t.endsOn) errors[at(hs < t.startsOn ? 'halfTermStartsOn' : 'halfTermEndsOn')] = m.halfTermInside;
    }
  });
  const first = terms[0]!.startsOn;
  const last = terms[terms.length - 1]!.endsOn;
  if (!Object.keys(errors).length && (Date.parse(last) - Date.parse(first)) / DAY_MS > 548) errors[`terms.${terms.length - 1}.endsOn`] = m.termsSpanYear;
  return errors;
}

/**
 * POST /api/school-setup/years: the year (its name, e.g. "2027") with its terms; the year runs from the
 * first term's start to the last term's end. copyStreamsFromYearId copies that year's streams (same
 * levels, streams, capacity, home room and class teacher), with copyAssignments their teachers'
 * assignments too.
 */
export const createYearBody = z.strictObject({
  name: z.string(m.yearNameInvalid).trim().regex(/^\d{4}(?:[/-]\d{2,4})?$/, m.yearNameInvalid),
  terms: z.array(termInput, m.termsRequired).min(1, m.termsRequired).max(4),
  copyStreamsFromYearId: optionalId('Invalid academic year id'),
  copyAssignments: z.boolean().optional().default(false),
});
export type CreateYearBody = z.input<typeof createYearBody>;
export type CreateYearInput = z.output<typeof createYearBody>;

/** PATCH /api/school-setup/years/:id: rename and move the terms' dates (the same terms, by number). Open years only. */
export const updateYearBody = z.strictObject({
  name: createYearBody.shape.name.optional(),
  terms: z.array(termInput, m.termsRequired).min(1, m.termsRequired).max(4).optional(),
});
export type UpdateYearBody = z.input<typeof updateYearBody>;

/**
 * POST /api/school-setup/years/:id/close. Closing the current year needs nextCurrentTermId: a term of
 * another open year that becomes the current term (and its year the current year).
 */
export const closeYearBody = z.strictObject({ nextCurrentTermId: optionalId('Invalid term id') });

// ── Levels ──────────────────────────────────────────────────────────────────────────────────────

export const levelSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  levelOrder: z.number().int(),
  band: z.string(),
  curriculum: z.enum(SETUP_CURRICULA),
  isFinal: z.boolean(),
  /** Streams of the level in the current year; all years in streamCountAllYears. */
  streamCount: z.number().int(),
  streamCountAllYears: z.number().int(),
});
export type Level = z.infer<typeof levelSchema>;
export const listLevelsResponse = z.object({ items: z.array(levelSchema) });

/** POST /api/school-setup/levels (and PATCH with any subset). The name is unique in the school. */
export const levelBody = z.strictObject({
  name: z.string(m.levelNameRequired).trim().min(1, m.levelNameRequired).max(40, m.textTooLong(40)),
  levelOrder: z.number(m.levelOrderInvalid).int(m.levelOrderInvalid).min(-5, m.levelOrderInvalid).max(40, m.levelOrderInvalid),
  band: z.string(m.bandRequired).trim().min(1, m.bandRequired).max(60, m.textTooLong(60)),
  curriculum: z.enum(SETUP_CURRICULA, m.invalidCurriculum),
  isFinal: z.boolean().optional().default(false),
});
export type LevelBody = z.input<typeof levelBody>;
export const updateLevelBody = z.strictObject({
  name: levelBody.shape.name.optional(),
  levelOrder: levelBody.shape.levelOrder.optional(),
  band: levelBody.shape.band.optional(),
  curriculum: levelBody.shape.curriculum.optional(),
  isFinal: z.boolean().optional(),
});

// ── Streams (classes) ───────────────────────────────────────────────────────────────────────────

/**
 * POST /api/classes (issue 10 §1 Levels and streams): field names as GET /api/classes lists them.
 * levelId (or `level`, the level's name) and stream are required; name defaults to "<level> <stream>";
 * academicYearId defaults to the current year; capacity to 45. classTeacherId must be a teacher of the
 * school.
 */
export const createClassBody = z.strictObject({
  academicYearId: optionalId('Invalid academic year id'),
  levelId: optionalId('Invalid level id'),
  level: z.string().trim().max(40).optional(),
  stream: z.string(m.streamRequired).trim().min(1, m.streamRequired).max(40, m.streamTooLong),
  name: z.string().trim().max(80, m.textTooLong(80)).optional(),
  capacity: z.number(m.capacityInvalid).int(m.capacityInvalid).min(1, m.capacityInvalid).max(200, m.capacityInvalid).optional().default(45),
  classTeacherId: optionalId(m.notATeacher),
  homeRoom: optionalText(80),
});
export type CreateClassBody = z.input<typeof createClassBody>;

/** PATCH /api/classes/:id: stream, name, capacity, class teacher, home room (the level and year stay). */
export const updateClassBody = z.strictObject({
  stream: createClassBody.shape.stream.optional(),
  name: z.string().trim().min(1).max(80, m.textTooLong(80)).optional(),
  capacity: z.number(m.capacityInvalid).int(m.capacityInvalid).min(1, m.capacityInvalid).max(200, m.capacityInvalid).optional(),
  classTeacherId: optionalId(m.notATeacher),
  homeRoom: optionalText(80),
});
export type UpdateClassBody = z.input<typeof updateClassBody>;

// ── Learning areas / subjects ─────────────────────────────────────────────────────────────────

export const subjectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string(),
  band: z.string(),
  lessonsPerWeek: z.number().int(),
  isCore: z.boolean(),
  curriculum: z.string().nullable(),
  departmentId: z.uuid().nullable(),
  departmentName: z.string().nullable(),
  retiredAt: z.string().nullable(),
  /** Teachers' assignments using it (any year). */
  assignmentCount: z.number().int(),
});
export type Subject = z.infer<typeof subjectSchema>;
export const listSubjectsResponse = z.object({ items: z.array(subjectSchema) });

/** GET /api/school-setup/subjects?band=&includeRetired=true */
export const listSubjectsQuery = schoolQuery.extend({
  band: z.string().trim().max(60).optional(),
  includeRetired: z.enum(['true', 'false']).optional(),
});

const subjectCode = z
  .string(m.subjectCodeRequired)
  .trim()
  .min(1, m.subjectCodeRequired)
  .max(12, m.subjectCodeInvalid)
  .regex(/^[A-Za-z0-9-]+$/, m.subjectCodeInvalid)
  .transform((v) => v.toUpperCase());
const lessons = z.number(m.lessonsInvalid).int(m.lessonsInvalid).min(1, m.lessonsInvalid).max(15, m.lessonsInvalid);

/** POST /api/school-setup/subjects: a custom learning area of a band (code unique in the band). */
export const createSubjectBody = z.strictObject({
  band: z.string(m.unknownBand).trim().min(1, m.unknownBand).max(60),
  name: z.string(m.subjectNameRequired).trim().min(1, m.subjectNameRequired).max(80, m.textTooLong(80)),
  code: subjectCode,
  lessonsPerWeek: lessons,
  isCore: z.boolean().optional().default(true),
  departmentId: optionalId('Invalid department id'),
});
export type CreateSubjectBody = z.input<typeof createSubjectBody>;

/** PATCH /api/school-setup/subjects/:id: any subset (band stays). */
export const updateSubjectBody = z.strictObject({
  name: createSubjectBody.shape.name.optional(),
  code: subjectCode.optional(),
  lessonsPerWeek: lessons.optional(),
  isCore: z.boolean().optional(),
  departmentId: optionalId('Invalid department id'),
});
export type UpdateSubjectBody = z.input<typeof updateSubjectBody>;

/** POST /api/school-setup/subjects/catalogue: add these catalogue codes to a band (already-added ones are skipped). */
export const addCatalogueSubjectsBody = z.strictObject({
  band: createSubjectBody.shape.band,
  codes: z.array(z.string().trim().min(1).max(12), m.catalogueCodesRequired).min(1, m.catalogueCodesRequired).max(60),
});
export const addCatalogueSubjectsResponse = z.object({ created: z.array(subjectSchema), skipped: z.array(z.string()) });

// ── Teachers' assignments ─────────────────────────────────────────────────────────────────────

export const assignmentSchema = z.object({
  id: z.uuid(),
  teacherId: z.uuid(),
  teacherName: z.string(),
  classId: z.uuid(),
  className: z.string(),
  levelOrder: z.number().int(),
  subjectId: z.uuid(),
  subjectName: z.string(),
  subjectCode: z.string(),
  subjectRetired: z.boolean(),
  lessonsPerWeek: z.number().int(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

/** A teacher's load in the year: lessons per week summed over their assignments. */
export const teacherLoadSchema = z.object({
  teacherId: z.uuid(),
  name: z.string(),
  lessons: z.number().int(),
  streams: z.number().int(),
  overMax: z.boolean(),
});
export type TeacherLoad = z.infer<typeof teacherLoadSchema>;

/** GET /api/school-setup/assignments?yearId=&classId=&teacherId= (year: the current one by default). */
export const listAssignmentsQuery = schoolQuery.extend({
  yearId: z.uuid('Invalid academic year id').optional(),
  classId: z.uuid('Invalid stream id').optional(),
  teacherId: z.uuid('Invalid teacher id').optional(),
});
export const listAssignmentsResponse = z.object({
  academicYearId: z.uuid().nullable(),
  items: z.array(assignmentSchema),
  /** Every teacher of the school with their load in the year (whatever the filters), heaviest first. */
  loads: z.array(teacherLoadSchema),
  maxLoad: z.number().int(),
});
export type ListAssignmentsResponse = z.infer<typeof listAssignmentsResponse>;

/** POST /api/school-setup/assignments: lessonsPerWeek defaults to the learning area's. */
export const createAssignmentBody = z.strictObject({
  teacherId: z.uuid(m.teacherRequired),
  classId: z.uuid(m.streamChoiceRequired),
  subjectId: z.uuid(m.subjectRequired),
  lessonsPerWeek: lessons.optional(),
});
export type CreateAssignmentBody = z.input<typeof createAssignmentBody>;

export const updateAssignmentBody = z.strictObject({
  teacherId: z.uuid(m.teacherRequired).optional(),
  lessonsPerWeek: lessons.optional(),
});

/** The saved assignment and the teacher's load after the change (warning when over the maximum). */
export const assignmentResponse = z.object({ assignment: assignmentSchema, load: teacherLoadSchema, warning: z.string().nullable() });

/** POST /api/school-setup/assignments/copy: the source stream's assignments onto the target (same band). */
export const copyAssignmentsBody = z.strictObject({
  fromClassId: z.uuid(m.streamChoiceRequired),
  toClassId: z.uuid(m.streamChoiceRequired),
  replace: z.boolean().optional().default(false),
});
export const copyAssignmentsResponse = z.object({ created: z.number().int(), replaced: z.number().int(), skipped: z.number().int() });

// ── Departments and teachers ──────────────────────────────────────────────────────────────────

export const personRefSchema = z.object({ id: z.uuid(), name: z.string() });
export const departmentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  headId: z.uuid().nullable(),
  headName: z.string().nullable(),
  members: z.array(personRefSchema),
  subjects: z.array(z.object({ id: z.uuid(), name: z.string(), band: z.string() })),
});
export type Department = z.infer<typeof departmentSchema>;
export const listDepartmentsResponse = z.object({ items: z.array(departmentSchema) });

/** POST /api/school-setup/departments (PATCH: any subset). headId and memberIds: teachers of the school. */
export const departmentBody = z.strictObject({
  name: z.string(m.departmentNameRequired).trim().min(1, m.departmentNameRequired).max(80, m.textTooLong(80)),
  headId: optionalId(m.notATeacher),
  memberIds: z.array(z.uuid(m.notATeacher)).max(200).optional(),
});
export type DepartmentBody = z.input<typeof departmentBody>;
export const updateDepartmentBody = z.strictObject({
  name: departmentBody.shape.name.optional(),
  headId: departmentBody.shape.headId,
  memberIds: departmentBody.shape.memberIds,
});

/** GET /api/school-setup/teachers: the school's active teachers (pickers) with their current-year load. */
export const teacherOptionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  lessons: z.number().int(),
});
export type TeacherOption = z.infer<typeof teacherOptionSchema>;
export const listTeachersResponse = z.object({ items: z.array(teacherOptionSchema) });
