import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fetImportResponse, generateBody, jobSchema, problemsResponse } from '../../../shared/contracts/timetable.js';
import { timetableMessages as tm } from '../../../shared/messages/timetable.js';
import { assertNoNulInUpload } from '../../plugins/input-guard.js';
import { AppError } from '../../errors.js';
import { actorOf } from '../../plugins/access.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import * as gen from './timetable-generate.service.js';
import { run } from './timetable-setup.service.js';
import { requestCallerOf } from '../../lib/request-caller.js';
import { timetableRouteParts } from './timetable-setup.routes.js';



const MB = 1024 * 1024;

/**
 * Reads the multipart field `file` (at most FET_UPLOAD_MAX_BYTES). 400 without a file, empty, or too
 * large (with "The file is too large (limit 5 MB).").
 */
async function readFetUpload(request: FastifyRequest): Promise<{ buffer: Buffer; filename: string }> {
  const max = gen.FET_UPLOAD_MAX_BYTES;
  const tooLarge = () => new AppError(400, 'FILE_TOO_LARGE', tm.fileTooLarge(Math.round(max / MB)));
  if (!request.isMultipart()) throw new AppError(400, 'NO_FILE', tm.noFile);
  let part;
  try {
    part = await request.file({ limits: { fileSize: max, files: 1 } });
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new AppError(400, 'BAD_UPLOAD', tm.noFile, {}, err);
  }
  if (!part) throw new AppError(400, 'NO_FILE', tm.noFile);
  assertNoNulInUpload(part);
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new AppError(400, 'BAD_UPLOAD', tm.noFile, {}, err);
  }
  if (part.file.truncated || buffer.length > max) throw tooLarge();
  if (buffer.length === 0) throw new AppError(400, 'EMPTY', tm.emptyFile);
  return { buffer, filename: part.filename || 'timetable.fet' };
}

function sendFet(reply: FastifyReply, file: { xml: string; fileName: string }) {
  reply.header('content-type', 'application/xml; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
  reply.header('cache-control', 'no-store');
  return reply.send(file.xml);
}

/**
 * Generation and FET files (issue 16 §2, §3, §6). The principal imports and generates
 * (manageTimetable); the principal and the director download .fet files (viewSchoolTimetables);
 * another school's ids 404.
 *
 * - POST /api/timetables/import-fet (multipart `file`, up to 5 MB) → 201 { problemId, report:
 *   { activities, supported, ignored: [{ constraint, count }] } }. 400 not XML / not FET (importFet's
 *   message), empty, no file, too large ("The file is too large (limit 5 MB).").
 * - GET  /api/timetables/problems → { items }: imported and built problems, newest first.
 * - GET  /api/timetables/problems/:id/export.fet; GET /api/timetables/:id/export.fet (a version with
 *   its lessons, locked the FET way) → the .fet file (attachment).
 * - POST /api/timetables/generate { problemId?, timeLimitSeconds 5-600, seed?, baseTimetableId?,
 *   levelId?, name? } → 202 { jobId }. Without problemId the school's inputs are built into a new
 *   problem. 400 TIMETABLE_IMPOSSIBLE { message: the first issue, details: every issue } when the
 *   precheck finds the input impossible (overloaded teacher, two locked lessons in one slot, ...).
 * - GET  /api/jobs/:id → the job (status queued | running | succeeded | failed | cancelled, progress of
 *   total, detail { placed, total, hardViolations, softScore, elapsedMs }, timetableId when done). The
 *   creator or a principal of the school; 404 otherwise.
 * - POST /api/jobs/:id/cancel → 202 the job (the generator stops and keeps its best so far); 409 when finished.
 */
export async function timetableGenerateRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;
  const { tags, view, manage, idParams } = timetableRouteParts;
  const who = requestCallerOf;

  deps.tasks.register(gen.GENERATE_TASK, (ctx) => gen.runGenerateTask(ctx));

  r.post(
    '/api/timetables/import-fet',
    {
      config: manage,
      schema: { consumes: ['multipart/form-data'], response: { 201: fetImportResponse }, tags, description: 'Imports a FET .fet file (multipart field `file`, up to 5 MB) as a timetable problem.' },
    },
    async (req, reply) => {
      const upload = await readFetUpload(req);
      const out = await run(database, who(req), (tx, c) => gen.importFetProblem(tx, c, upload.buffer, upload.filename));
      return reply.code(201).send(out);
    },
  );

  r.get('/api/timetables/problems', { config: view, schema: { response: { 200: problemsResponse }, tags } }, async (req) =>
    run(database, who(req), async (tx, c) => ({ items: await gen.listProblems(tx, c.schoolId) })),
  );

  r.get('/api/timetables/problems/:id/export.fet', { config: view, schema: { params: idParams, tags } }, async (req, reply) =>
    sendFet(reply, await run(database, who(req), (tx, c) => gen.problemFet(tx, c.schoolId, req.params.id))),
  );

  r.get('/api/timetables/:id/export.fet', { config: view, schema: { params: idParams, tags } }, async (req, reply) =>
    sendFet(reply, await run(database, who(req), (tx, c) => gen.timetableFet(tx, c.schoolId, req.params.id))),
  );

  r.post('/api/timetables/generate', { config: manage, schema: { body: generateBody, response: { 202: z.object({ jobId: z.uuid() }) }, tags } }, async (req, reply) => {
    const out = await run(database, who(req), (tx, c) => gen.startGeneration(tx, c, deps.tasks, req.body));
    await deps.tasks.dispatch(out.jobId);
    return reply.code(202).send(out);
  });

  r.get('/api/jobs/:id', { config: { permission: 'signedIn' }, schema: { params: idParams, response: { 200: jobSchema }, tags } }, async (req) => {
    const actor = actorOf(req);
    return gen.toJob(await gen.inCallerSchool(database, actor, (tx, schoolId) => gen.loadJob(tx, actor, schoolId, req.params.id)));
  });

  r.post('/api/jobs/:id/cancel', { config: { permission: 'signedIn' }, schema: { params: idParams, response: { 202: jobSchema }, tags } }, async (req, reply) => {
    const actor = actorOf(req);
    return reply.code(202).send(await gen.inCallerSchool(database, actor, (tx, schoolId) => gen.cancelJob(tx, actor, schoolId, req.params.id)));
  });
}
