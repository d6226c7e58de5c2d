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
