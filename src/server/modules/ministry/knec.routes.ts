import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sbaOptionsResponse, sbaQuery, sbaResponse, type SbaRow } from '../../../shared/contracts/knec.js';
import { schoolToday } from '../../../shared/dates.js';
import { knecMessages } from '../../../shared/messages/knec.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { inRequestScope } from '../../lib/request-caller.js';
import { sendSpreadsheet, type ExportColumn } from '../../lib/spreadsheet.js';
import * as svc from './knec-sba.service.js';
import { perLocale } from '../../../shared/i18n/localized.js';

const col = knecMessages.columns;

/** KNEC's upload layout (docs/decisions/0027-knec-sba.md "Layout"): one row per learner and learning area. */
const sbaColumns = perLocale((): ExportColumn<SbaRow>[] => ([
  { header: col.assessmentNumber, value: (r) => r.assessmentNumber, width: 20 },
  { header: col.name, value: (r) => r.name, width: 32 },
  { header: col.learningAreaCode, value: (r) => r.learningAreaCode, width: 20 },
  { header: col.learningArea, value: (r) => r.learningArea, width: 32 },
  { header: col.score, value: (r) => r.score, width: 10 },
]));

/**
 * KNEC school-based assessment export (issue 35 §2, §6; docs/decisions/0027-knec-sba.md). The
 * principal only (permission exportKnecSba; teacher, director, parent and the rest 403). Errors:
 * `{ error: { code, message, fields? } }`; bad input 400, another school's level or series 404.
 */
export async function knecRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;
  const config = { permission: 'exportKnecSba' } as const;

  /**
   * GET /api/ministry/knec/sba/options → { levels: [{ id, name, learners }], series: [{ id, name, term,
   * year, levels, levelIds, releasedAt }] }: the CBC junior-school levels and the released series they
   * sat, for the principal's picker.
   */
  r.get(
    '/api/ministry/knec/sba/options',
    { config, schema: { summary: 'KNEC SBA: the junior-school levels and released series to pick from', response: { 200: sbaOptionsResponse }, tags: ['ministry'] } },
    async (req) => inRequestScope(database, req, (tx, c) => svc.sbaOptions(tx, c)),
  );

  /**
   * GET /api/ministry/knec/sba?levelId=&examIds=a,b&weights=1,1&format=xlsx|csv|json (xlsx when
   * omitted). Per learner on the roll of the level and learning area, the SBA score (whole percent
   * 0-100) = weighted mean of the learner's percentage in each picked released series.
   * json → { level, series, weights, learners, rows: [{ studentId, assessmentNumber, name,
   * learningAreaCode, learningArea, score }], missingAssessmentNumber: [{ studentId, name,
   * admissionNumber, stream }], noMarks: [… , learningAreas] }; xlsx / csv → the rows only, columns
   * ASSESSMENT NUMBER, LEARNER NAME, LEARNING AREA CODE, LEARNING AREA, SCORE, as
   * knec-sba-<level>-<YYYY-MM-DD>.xlsx|csv. 400: bad weights or series list, a level not CBC junior
   * school, a series not released; 404: a level or series not of the school.
   */
  r.get(
    '/api/ministry/knec/sba',
    { config, schema: { summary: 'KNEC school-based assessment scores of a junior-school level (xlsx, csv or json)', querystring: sbaQuery, response: { 200: sbaResponse }, tags: ['ministry'] } },
    async (req, reply) => {
      const out = await inRequestScope(database, req, (tx, c) => svc.sbaExport(tx, c, req.query));
      if (req.query.format === 'json') return out;
      return sendSpreadsheet(reply, req.query.format, knecMessages.fileName(out.level.name, schoolToday()), sbaColumns, out.rows, knecMessages.sheet);
    },
  );
}
