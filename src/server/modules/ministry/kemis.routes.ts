import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { kemisLearnersQuery, kemisLearnersResponse, kemisUpiImportQuery, kemisUpiImportResult } from '../../../shared/contracts/kemis.js';
import { kemisMessages } from '../../../shared/messages/kemis.js';
import { readUpload } from '../../lib/files.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { inRequestScope } from '../../lib/request-caller.js';
import { sendSpreadsheet } from '../../lib/spreadsheet.js';
import * as svc from './kemis.service.js';

const tags = ['ministry'];

/**
 * KEMIS learner data (issue 35 §1, §6; docs/decisions/0026-kemis.md). Errors: `{ error: { code,
 * message } }`; bad input 400 with nothing written; another school's stream or level 404.
 */
export async function kemisRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const database = deps.database;

  /**
   * GET /api/ministry/kemis/learners?classId=&levelId=&format=xlsx|csv|json (principal, director): the
   * active learners of a stream, a level or the whole school in the Ministry's KEMIS column order.
   * xlsx/csv → kemis-learners-<scope>-<YYYY-MM-DD>.<ext> (dates dd/mm/yyyy); json → { rows, missing:
   * [{ studentId, name, admissionNumber, stream, fields }], awaitingUpi: [{ studentId, name,
   * admissionNumber, stream }] }. 404 another school's stream or level.
   */
  r.get(
    '/api/ministry/kemis/learners',
    {
      config: { permission: 'viewMinistryReturns' },
      schema: { summary: 'KEMIS learner sheet (xlsx, csv or json with the missing-fields report)', querystring: kemisLearnersQuery, response: { 200: kemisLearnersResponse }, tags },
    },
    async (req, reply) => {
      const sheet = await inRequestScope(database, req, (tx, c) => svc.kemisSheet(tx, c, req.query));
      if (req.query.format === 'json') return { rows: sheet.rows, missing: sheet.missing, awaitingUpi: sheet.awaitingUpi };
      return sendSpreadsheet(reply, req.query.format, svc.kemisFileName(sheet.scope), svc.KEMIS_COLUMNS, sheet.rows, kemisMessages.sheet);
    },
  );

  /**
   * GET /api/ministry/kemis/upis/sample (principal) → kemis-upis-sample.csv: a UPI file as the Ministry
   * sends it, with made-up UPIs for the learners awaiting one, a conflict and an unmatched row, to try
   * the import (svc.sampleUpiFile). A demo aid: 409 DEMO_ONLY for a school that takes real payments.
   */
  r.get(
    '/api/ministry/kemis/upis/sample',
    { config: { permission: 'manageMinistryReturns' }, schema: { summary: 'A sample UPI file to try the import (demo and test schools only)', tags } },
    async (req, reply) => {
      const { csv, fileName } = await inRequestScope(database, req, (tx, c) => svc.sampleUpiFile(tx, c));
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      return reply.send(csv);
    },
  );

  /**
   * POST /api/ministry/kemis/upis?commit=false|true (principal; multipart field `file`, CSV or .xlsx with
   * a UPI column and a Birth Certificate No and/or Admission No column) → { committed, rows, matched,
   * updated, conflicts: [{ row, reason, upi, name }], unmatched: [same], matches: [{ row, studentId,
   * name, admissionNumber, upi, change: new | same }] }. Matched by birth certificate number, then
   * admission number; a UPI held by another learner or a learner holding another UPI is a conflict and
   * never overwritten. Dry run unless commit=true; a commit runs in one transaction and is audited
   * (KEMIS_UPIS_IMPORTED with the counts). 400 COLUMNS naming unknown or missing columns; 413/415 as
   * every upload.
   */
  r.post(
    '/api/ministry/kemis/upis',
    {
      config: { permission: 'manageMinistryReturns' },
      schema: {
        summary: 'Import the UPIs the Ministry assigned (CSV or xlsx; dry run unless commit=true)',
        querystring: kemisUpiImportQuery,
        consumes: ['multipart/form-data'],
        response: { 200: kemisUpiImportResult },
        tags,
      },
    },
    async (req) => {
      const upload = await readUpload(req, 'import');
      const rows = await svc.readUpiFile(upload.buffer, upload.contentType);
      return inRequestScope(database, req, (tx, c) => svc.importUpis(tx, c, rows, { commit: req.query.commit, fileName: upload.filename || 'upis' }));
    },
  );
}
