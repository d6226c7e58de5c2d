import { z } from 'zod';
import { listStudentsQuery } from './learners.js';

/**
 * Import and export of learners (issue 10 §2 "Import" and "Export", §4 Public API). Shared by the API
 * (server/modules/learner-files) and the import wizard and export menu (web/features/learner-import).
 *
 * - POST /api/students/import (multipart field `file`, CSV or .xlsx up to 10 MB):
 *   `?commit=true` writes, otherwise a dry run; answers `{ created, updated, errors: [{ row, column,
 *   message }] }` plus the extras of `importResult`. `?commit=true&async=true` answers 202 `{ taskId }`
 *   and runs the import as the background task `student-import` (GET /api/tasks/:id; its result is the
 *   same object, its progress counts rows).
 * - GET /api/students/export?format=csv|xlsx with the filters of GET /api/students.
 * - GET /api/students/import/template?format=csv|xlsx.
 */

/** The template's columns, in order (issue 10 §2: exactly these). */
export const IMPORT_COLUMNS = [
  'admission_number',
  'first_name',
  'middle_name',
  'last_name',
  'gender',
  'date_of_birth',
  'class',
  'upi',
  'birth_certificate_number',
  'boarding',
  'guardian_name',
  'guardian_relationship',
  'guardian_phone',
  'guardian_email',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/**
 * Columns an export adds after the template's. An import accepts them and ignores them, so an exported
 * register can be edited and imported back.
 */
export const EXPORT_EXTRA_COLUMNS = ['status', 'admission_date'] as const;

/** Columns a row must fill (the others may be blank). */
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = ['first_name', 'last_name', 'gender', 'class', 'guardian_name', 'guardian_phone'];

/**
 * Column mapping (issue 34): a file whose header row is not the template's is imported with a mapping
 * sent beside it (multipart field `mapping`, before the `file` part): a JSON object of our column → the
 * file's header that holds it (null or absent: not in the file, read as blank). Targets are the
 * template's columns and `full_name`, one column holding the whole name, split on spaces into first
 * (first word), middle (the words between) and last (last word) name.
 */
export const FULL_NAME = 'full_name';
export const MAPPING_TARGETS = ['admission_number', FULL_NAME, ...IMPORT_COLUMNS.filter((c) => c !== 'admission_number')] as const;
export type MappingTarget = ImportColumn | typeof FULL_NAME;
export type ImportMapping = Partial<Record<MappingTarget, string | null>>;

/** The name columns a full_name column replaces (a mapping has either). */
export const NAME_PARTS: readonly MappingTarget[] = ['first_name', 'middle_name', 'last_name'];

/** A header as mappings compare it: lower case, letters and digits only ("Adm. No" → "admno"). */
export function normaliseHeader(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The usual names of each column in schools' own files (normalised), besides the template's name. */
const HEADER_SYNONYMS: Record<MappingTarget, string[]> = {
  admission_number: ['admissionnumber', 'admno', 'admissionno', 'adm', 'admnumber', 'admission', 'regno', 'registrationnumber', 'studentno', 'studentnumber', 'learnerno'],
  full_name: ['fullname', 'name', 'names', 'studentname', 'learnername', 'pupilname', 'nameofstudent', 'nameoflearner', 'studentsname', 'learnersname'],
  first_name: ['firstname', 'fname', 'givenname', 'forename', 'othernames'],
  middle_name: ['middlename', 'othername', 'othernames', 'mname', 'secondname'],
  last_name: ['lastname', 'surname', 'lname', 'familyname'],
  gender: ['gender', 'sex'],
  date_of_birth: ['dateofbirth', 'dob', 'birthdate', 'birthday', 'born'],
  class: ['class', 'stream', 'classname', 'grade', 'form', 'currentclass', 'classstream'],
  upi: ['upi', 'nemisupi', 'nemis', 'nemisno', 'kemis', 'uniquepupilidentifier'],
  birth_certificate_number: ['birthcertificatenumber', 'birthcertificate', 'birthcertno', 'birthcertificateno', 'bcn', 'bcno', 'certno'],
  boarding: ['boarding', 'boarder', 'dayboarding', 'dayorboarding', 'residence', 'boardingstatus'],
  guardian_name: ['guardianname', 'parentname', 'parentsname', 'guardiansname', 'parent', 'guardian', 'parentguardian', 'parentguardianname', 'nameofparent', 'contactname'],
  guardian_relationship: ['guardianrelationship', 'relationship', 'relation', 'relationshiptostudent', 'parentrelationship'],
  guardian_phone: ['guardianphone', 'parentphone', 'phone', 'phonenumber', 'phoneno', 'mobile', 'mobileno', 'telephone', 'tel', 'contact', 'parentcontact', 'parentmobile', 'guardianmobile', 'parentphoneno', 'guardiancontact'],
  guardian_email: ['guardianemail', 'parentemail', 'email', 'emailaddress', 'parentemailaddress'],
};

/**
 * A first guess of the mapping for a file's headers: each of our columns gets the first unused header
 * whose normalised name is the column's or a usual synonym ("Adm No" → admission_number, "DOB" →
 * date_of_birth, "Parent Phone" → guardian_phone, "Full Name" → full_name). `remembered` (the last
 * mapping the school used) wins where its header is in the file. Full name is only guessed when no
 * name part is ("Surname" and "Other Names" are last and first name).
 */
export function guessMapping(headers: readonly string[], remembered: ImportMapping = {}): ImportMapping {
  const used = new Set<string>();
  const byKey = new Map<string, string>();
  for (const h of headers) if (h.trim() && !byKey.has(normaliseHeader(h))) byKey.set(normaliseHeader(h), h);
  const exact = new Map(headers.map((h) => [h.trim().toLowerCase(), h]));
  const out: ImportMapping = {};
  const take = (target: MappingTarget, header: string | undefined) => {
    if (header === undefined || used.has(header)) return false;
    out[target] = header;
    used.add(header);
    return true;
  };
  for (const target of MAPPING_TARGETS) {
    const r = remembered[target];
    if (r) take(target, exact.get(r.trim().toLowerCase()));
  }
  for (const target of MAPPING_TARGETS) {
    if (out[target] || target === FULL_NAME || (out.full_name && NAME_PARTS.includes(target))) continue;
    for (const key of [normaliseHeader(target), ...HEADER_SYNONYMS[target]]) if (take(target, byKey.get(key))) break;
  }
  if (!out.full_name && !out.first_name && !out.last_name && !out.middle_name) {
    for (const key of HEADER_SYNONYMS.full_name) if (take(FULL_NAME, byKey.get(key))) break;
  }
  return out;
}

/** Our required columns that `mapping` leaves unmapped (first and last name are covered by full_name). */
export function unmappedRequired(mapping: ImportMapping): ImportColumn[] {
  return REQUIRED_IMPORT_COLUMNS.filter((c) => !mapping[c] && !((c === 'first_name' || c === 'last_name') && mapping.full_name));
}

/** The mapping field as the API accepts it: an object of mapping targets → a header or null (unknown targets are named). */
export const importMappingSchema = z.record(z.string(), z.string().trim().max(200).nullable()).transform((v, ctx) => {
  const unknown = Object.keys(v).filter((k) => !(MAPPING_TARGETS as readonly string[]).includes(k));
  if (unknown.length) {
    ctx.addIssue({ code: 'custom', message: unknown.join(', '), params: { unknown } });
    return z.NEVER;
  }
  return Object.fromEntries(Object.entries(v).filter(([, h]) => h)) as ImportMapping;
});

/** The background task kind of an import (GET /api/tasks/:id). */
export const STUDENT_IMPORT_TASK = 'student-import';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** `true`/`false` (also 1/0, yes/no, on/off) in a query string. */
const flag = z
  .union([z.boolean(), z.stringbool({ truthy: ['true', '1', 'yes', 'on'], falsy: ['false', '0', 'no', 'off', ''] })])
  .optional()
  .transform((v) => v === true);

/** POST /api/students/import query. */
export const importQuery = z.object({
  /** Write the valid rows (all of them in one transaction); without it, a dry run that writes nothing. */
  commit: flag,
  /** With commit: run as a background task and answer 202 { taskId } at once. */
  async: flag,
});
export type ImportQuery = z.infer<typeof importQuery>;

/** A bad row (an error) or a note on a good row (a warning): the spreadsheet row (header = 1) and column. */
export const importIssueSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type ImportIssue = z.infer<typeof importIssueSchema>;

/**
 * The answer of an import, dry run or commit (§4: created, updated, errors; the rest are extras).
 * created/updated: learners that were (commit) or would be (dry run) created or changed; unchanged:
 * rows that match a learner whose details are already the same; errors: every problem of every bad row
 * (bad rows are never written); warnings: notes that do not block (a stream over capacity).
 */
export const importResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(importIssueSchema),
  // Extras beyond §4.
  unchanged: z.number().int(),
  warnings: z.array(importIssueSchema),
  /** Data rows read (blank rows not counted). */
  rows: z.number().int(),
  /** Rows with at least one error (not written). */
  badRows: z.number().int(),
  /** Rows that are (or would be) written or already up to date: rows - badRows. */
  goodRows: z.number().int(),
  committed: z.boolean(),
  fileName: z.string(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** POST /api/students/import?commit=true&async=true → 202. */
export const importStartedSchema = z.object({ taskId: z.uuid() });
export type ImportStarted = z.infer<typeof importStartedSchema>;

/** GET /api/students/import/template query. */
export const templateQuery = z.object({ format: z.enum(EXPORT_FORMATS, 'Choose csv or xlsx.').default('csv') });

/**
 * GET /api/students/export query: the register's filters (GET /api/students) and the format. Paging is
 * ignored: every matching learner is exported.
 */
export const exportQuery = z.object({
  format: z.enum(EXPORT_FORMATS, 'Choose csv or xlsx.').default('csv'),
  ...listStudentsQuery.omit({ page: true, pageSize: true }).shape,
});
export type ExportQuery = z.infer<typeof exportQuery>;

/** The register's filters as the export menu receives them (empty values mean "any"). */
export interface ExportFilters {
  search?: string | null;
  classId?: string | null;
  levelId?: string | null;
  status?: string | null;
  gender?: string | null;
  boarding?: string | null;
  sort?: string | null;
  schoolId?: string | null;
}

/** The export URL for a format and the register's current filters (only the filters that are set). */
export function exportUrl(format: ExportFormat, filters: ExportFilters = {}): string {
  const qs = new URLSearchParams({ format });
  for (const key of ['search', 'classId', 'levelId', 'status', 'gender', 'boarding', 'sort', 'schoolId'] as const) {
    const v = filters[key]?.trim();
    if (v) qs.set(key, v);
  }
  return `/api/students/export?${qs.toString()}`;
}

/** The template's URL. */
export function templateUrl(format: ExportFormat): string {
  return `/api/students/import/template?format=${format}`;
}
