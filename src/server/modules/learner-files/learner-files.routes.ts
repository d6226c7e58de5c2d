import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  exportQuery,
  importQuery,
  importResultSchema,
  importStartedSchema,
  STUDENT_IMPORT_TASK,
  templateQuery,
  type ImportMapping,
  type ImportResult,
} from '../../../shared/contracts/learner-files.js';
import { schoolToday } from '../../../shared/dates.js';
import { messages } from '../../../shared/messages.js';
import { withScope } from '../../db/tenant.js';
import { AppError } from '../../errors.js';
import type { TaskContext } from '../../jobs/tasks.js';
import { CONTENT_TYPES, sendSpreadsheet } from '../../lib/spreadsheet.js';
import { actorOf } from '../../plugins/access.js';
import { loadFile, readUpload, storeFile } from '../../lib/files.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { parseMappingField, readImportFile } from './import-file.js';
import { importAuditOfTask } from './learner-files.repository.js';
import { buildTemplate, exportStudents, EXPORT_COLUMNS, importerOf, importLearners, LEARNER_FILES_AUDIT } from './learner-files.service.js';

/**
 * Import and export of learners (issue 10 §2 "Import" and "Export", §4 Public API, §5 background work).
 *
 * - POST /api/students/import (manageLearners: the principal), multipart field `file` (CSV or .xlsx, up
 *   to 10 MB) → 200 `{ created, updated, errors: [{ row, column, message }], unchanged, warnings, rows,
 *   badRows, goodRows, committed, fileName }`. Without `?commit=true` a dry run: nothing is written and
 *   created/updated say what would be. With `?commit=true` the good rows are written, all of them in one
 *   transaction, and the bad rows are reported, not written (the web page shows the dry run first and
 *   the user chooses "Import N learners" or cancels). `&async=true` stores the upload, starts the
 *   background task `student-import` and answers 202 `{ taskId }`: follow it with GET /api/tasks/:id
 *   (progress counts rows; the result is the same object). Synchronous calls suit integrations.
 *   Whole-file refusals, nothing imported: 400 COLUMNS (missing, unknown or repeated columns, named),
 *   400 for an empty file, no rows, an unreadable file or no open academic year; 413 FILE_TOO_LARGE;
 *   415 FILE_TYPE; 409 CONFLICT when a number was taken meanwhile. COLUMNS carries `details.headers`
 *   (the file's own column names). A file with other headers than the template's is imported with a
 *   multipart field `mapping` sent before `file` (issue 34): a JSON object of our column (or
 *   `full_name`) → the file's header; 400 MAPPING, nothing imported, for invalid JSON, unknown targets,
 *   headers not in the file (or in it twice), a header used twice or a required column left out.
 * - GET /api/students/import/template?format=csv|xlsx (manageLearners): the template.
 * - GET /api/students/export?format=csv|xlsx&search=&classId=&levelId=&status=&gender=&boarding=&sort=
 *   (viewLearners, staff only: 403 for a parent): every learner of the register's filters the caller
 *   may see, with the template's columns plus status and admission_date. Cells starting with = + - @
 *   are escaped.
 */
export async function learnerFilesRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const database = deps.database;

  deps.tasks.register(STUDENT_IMPORT_TASK, (ctx) => runImportTask(ctx));

  r.post(
    '/api/students/import',
    {
      config: { permission: 'manageLearners' },
      schema: {
        querystring: importQuery,
        consumes: ['multipart/form-data'],
        response: { 200: importResultSchema, 202: importStartedSchema },
        tags: ['students'],
        description:
          'Imports learners from a CSV or .xlsx file (multipart field `file`). Dry run unless commit=true; async=true answers 202 { taskId } and runs as a background task.',
      },
    },
    async (request, reply) => {
      const actor = importerOf(actorOf(request));
      const upload = await readUpload(request, 'import');
      const mapping = parseMappingField(upload.fields.mapping);
      // Read it now, so a file with the wrong columns (or a wrong mapping) is refused at once, background or not.
      const file = await readImportFile(upload.buffer, upload.contentType, mapping);
      const fileName = upload.filename || 'import';
      if (request.query.async) {
        const task = await withScope(database.db, { schoolId: actor.schoolId, userId: actor.id, allSchools: false }, async (tx) => {
          const stored = await storeFile(tx, deps.storage, {
            schoolId: actor.schoolId,
            kind: 'import',
            buffer: upload.buffer,
            contentType: upload.contentType,
            originalName: fileName,
            createdBy: actor.id,
          });
          return deps.tasks.create(tx, {
            schoolId: actor.schoolId,
            kind: STUDENT_IMPORT_TASK,
            createdBy: actor.id,
            input: { fileName, commit: request.query.commit, role: actor.role, ip: request.ip, rows: file.rows.length, ...(mapping ? { mapping } : {}) },
            inputFileId: stored.id,
            total: file.rows.length,
          });
        });
        await deps.tasks.dispatch(task.id);
        return reply.status(202).send({ taskId: task.id });
      }
      return importLearners(database, actor, file, { commit: request.query.commit, fileName, ip: request.ip });
    },
  );

  r.get(
    '/api/students/import/template',
    { config: { permission: 'manageLearners' }, schema: { querystring: templateQuery, tags: ['students'], description: 'The import template (CSV or Excel).' } },
    async (request, reply) => {
      const actor = importerOf(actorOf(request));
      const format = request.query.format;
      const body = await buildTemplate(database, actor.schoolId, format);
      reply.header('content-type', CONTENT_TYPES[format]);
      reply.header('content-disposition', `attachment; filename="learners-import-template.${format}"`);
      reply.header('cache-control', 'no-store');
      return reply.send(body);
    },
  );

  r.get(
    '/api/students/export',
    {
      config: { permission: 'viewLearners' },
      schema: { querystring: exportQuery, tags: ['students'], description: 'The register (current filters) as CSV or Excel; staff only.' },
    },
    async (request, reply) => {
      const rows = await exportStudents(database, actorOf(request), request.query, request.ip);
      return sendSpreadsheet(reply, request.query.format, `learners-${schoolToday()}`, EXPORT_COLUMNS, rows, 'Learners');
    },
  );
}

/**
 * The background import (task kind `student-import`): reads the stored upload and imports it for the
 * principal who started it; progress counts rows. Idempotent: when a previous attempt already committed
 * (its STUDENTS_IMPORTED audit entry names this task), a retry writes nothing again and reports what was
 * written then, with the bad rows of a fresh check.
 */
async function runImportTask(ctx: TaskContext): Promise<{ result: ImportResult }> {
  const t = ctx.task;
  const input = t.input as { fileName?: string; commit?: boolean; role?: string; ip?: string; mapping?: ImportMapping };
  // The person who started it (a task is always started by someone; createdBy is null only once they are deleted).
  if (!t.createdBy) throw new AppError(400, 'NO_OWNER', messages.friendly.permission);
  const actor = { id: t.createdBy, role: input.role ?? 'principal', schoolId: t.schoolId };
  const scope = { schoolId: t.schoolId, userId: t.createdBy, allSchools: false };
  const fileName = input.fileName ?? 'import';
  const commit = input.commit === true;
  if (!t.inputFileId) throw new AppError(400, 'NO_FILE', messages.files.noFile);
  const fileId = t.inputFileId;
  const { row, body } = await withScope(ctx.database.db, scope, (tx) => loadFile(tx, ctx.storage, t.schoolId, fileId));
  const file = await readImportFile(body, row.contentType, input.mapping);
  const rows = file.rows.length;
  await ctx.progress(0, rows);

  if (commit) {
    const previous = await withScope(ctx.database.db, scope, (tx) => importAuditOfTask(tx, t.schoolId, LEARNER_FILES_AUDIT.imported, t.id));
    if (previous) {
      const check = await importLearners(ctx.database, actor, file, { commit: false, fileName });
      const written = (previous.newValue ?? {}) as Partial<ImportResult>;
      await ctx.progress(rows, rows);
      return { result: { ...check, created: written.created ?? 0, updated: written.updated ?? 0, unchanged: written.unchanged ?? 0, committed: true } };
    }
  }
  // Progress from inside the import's transaction needs a second connection: PostgreSQL only.
  const onProgress = ctx.database.kind === 'postgres' ? (done: number) => ctx.progress(done, rows) : undefined;
  const result = await importLearners(ctx.database, actor, file, { commit, fileName, ip: input.ip ?? null, taskId: t.id, fileId, onProgress });
  await ctx.progress(rows, rows);
  return { result };
}
