import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptTransferBody,
  applyPromotionBody,
  applyPromotionResponse,
  declineTransferBody,
  exitBody,
  exitResponse,
  exportExitsQuery,
  exportTransfersQuery,
  listExitsQuery,
  listExitsResponse,
  listTransferRequestsQuery,
  listTransferRequestsResponse,
  listTransfersQuery,
  listTransfersResponse,
  promotionBatchesResponse,
  promotionPlanQuery,
  promotionPlanSchema,
  promotionPreviewBody,
  promotionPreviewSchema,
  readmitBody,
  schoolsDirectoryResponse,
  transferCheckQuery,
  transferCheckResponse,
  transferDecisionResponse,
  transferInBody,
  transferInResponse,
  transferOutBody,
  transferOutResponse,
  undoPromotionResponse,
  type ExitItem,
  type TransferItem,
} from '../../../shared/contracts/movements.js';
import { formatKes } from '../../../shared/money.js';
import { messages } from '../../../shared/messages.js';
import { sendSpreadsheet, type ExportColumn, type ExportFormat } from '../../lib/spreadsheet.js';
import type { Actor } from '../../../shared/access.js';
import type { Database } from '../../db/client.js';
import { actorOf } from '../../plugins/access.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { allExits, exitLearner, listExits, readmitLearner } from './exits.service.js';
import { applyPromotion, listPromotionBatches, previewPromotion, promotionPlan, undoPromotion } from './promotion.service.js';
import {
  acceptTransferRequest,
  allTransfers,
  declineTransferRequest,
  listTransferRequests,
  listTransfers,
  schoolsDirectory,
  transferCheck,
  transferIn,
  transferOut,
} from './transfers.service.js';

const m = messages.movements;
const idParams = (what: string) => z.object({ id: z.uuid(`Invalid ${what} id`) });

/**
 * One movement list (transfers, exits): its page (query, response, reader) and its export (query with
 * `format`, every filtered row, the file's base name, columns and sheet name).
 */
interface MovementList<LQ, LR, EQ extends { format: ExportFormat }, Row> {
  query: z.ZodType<LQ>;
  response: z.ZodType<LR>;
  page: (database: Database, actor: Actor, q: LQ) => Promise<LR>;
  exportQuery: z.ZodType<EQ>;
  rows: (database: Database, actor: Actor, filters: Omit<EQ, 'format'>) => Promise<Row[]>;
  file: string;
  columns: ExportColumn<Row>[];
  sheet: string;
}

const transferColumns: ExportColumn<TransferItem>[] = [
  { header: 'Date', value: (t) => t.transferDate, width: 12 },
  { header: 'Direction', value: (t) => m.directions[t.direction], width: 10 },
  { header: 'Admission number', value: (t) => t.learner.admissionNumber, width: 18 },
  { header: 'Learner', value: (t) => t.learner.name, width: 28 },
  { header: 'Class', value: (t) => t.learner.className, width: 16 },
  { header: 'Other school', value: (t) => t.otherSchoolName, width: 30 },
  { header: 'On EduFam', value: (t) => (t.onEduFam ? 'Yes' : 'No'), width: 10 },
  { header: 'Reason', value: (t) => t.reason, width: 36 },
  { header: 'Leaving certificate', value: (t) => t.leavingCertificateNumber, width: 18 },
  { header: 'Previous UPI', value: (t) => t.previousUpi, width: 16 },
  { header: 'Fees owed (KES)', value: (t) => (t.feesOwedCents === null ? '' : formatKes(t.feesOwedCents)), width: 14 },
  { header: 'Request status', value: (t) => (t.requestStatus ? m.requestStatuses[t.requestStatus] : ''), width: 14 },
  { header: 'Recorded by', value: (t) => t.createdBy, width: 24 },
];

const exitColumns: ExportColumn<ExitItem>[] = [
  { header: 'Exit date', value: (e) => e.exitDate, width: 12 },
  { header: 'Admission number', value: (e) => e.learner.admissionNumber, width: 18 },
  { header: 'Learner', value: (e) => e.learner.name, width: 28 },
  { header: 'Last class', value: (e) => e.learner.className, width: 16 },
  { header: 'Type', value: (e) => m.exitTypes[e.exitType], width: 12 },
  { header: 'Reason', value: (e) => e.reason, width: 40 },
  { header: 'Status', value: (e) => messages.learners.statuses[e.learner.status], width: 12 },
  { header: 'Readmitted on', value: (e) => e.readmittedOn, width: 14 },
  { header: 'Readmitted into', value: (e) => e.readmittedClassName, width: 16 },
  { header: 'Recorded by', value: (e) => e.createdBy, width: 24 },
];

/**
 * Learner movements (issue 10 §2 Promotion, Transfers, Exit) under /api/movements. Principal only
 * (permission manageLearners, for reads as well as writes); another school's promotion, request, exit or
 * learner is 404. Writes are transactional and audited with old and new values.
 *
 * Errors are `{ error: { code, message, fields? } }`: 401, 403, 404 NOT_FOUND, 400 VALIDATION /
 * BAD_REQUEST with `fields`, 409 PROMOTION_EXISTS / UNDO_REFUSED / ALREADY_UNDONE / NOT_ACTIVE /
 * OVER_CAPACITY / REQUEST_DECIDED / ALREADY_READMITTED / CANNOT_READMIT / NOT_EXITED.
 */
export async function movementsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const database = deps.database;
  const config = { permission: 'manageLearners' as const };
  const tags = ['movements'];

  // The helpers register on `app` (the same instance as `r`, validated and serialised by the same zod
  // compilers): the type provider cannot resolve a generic schema's types, so they name them (`as`).

  /**
   * GET `path`?<filters>&page=&pageSize= → a page of the list; GET `path`/export?format=csv|xlsx&<filters>
   * → every row of the filtered list as a file.
   */
  function listRoutes<LQ, LR, EQ extends { format: ExportFormat }, Row>(path: string, l: MovementList<LQ, LR, EQ, Row>) {
    app.get(path, { config, schema: { querystring: l.query, response: { 200: l.response }, tags } }, async (request) => l.page(database, actorOf(request), request.query as LQ));
    app.get(`${path}/export`, { config, schema: { querystring: l.exportQuery, tags } }, async (request, reply) => {
      const { format, ...filters } = request.query as EQ;
      const rows = await l.rows(database, actorOf(request), filters);
      return sendSpreadsheet(reply, format, l.file, l.columns, rows, l.sheet);
    });
  }

  /** POST `path` with `body` → 201 and what `write` answers (`response`); `write` gets the caller and their address. */
  function createRoute<B, R>(path: string, body: z.ZodType<B>, response: z.ZodType<R>, write: (actor: ReturnType<typeof actorOf>, body: B, req: { ip: string }) => Promise<R>) {
    app.post(path, { config, schema: { body, response: { 201: response }, tags } }, async (request, reply) =>
      reply.status(201).send(await write(actorOf(request), request.body as B, { ip: request.ip })),
    );
  }

  // ---- Promotion ------------------------------------------------------------------------------

  /** GET /api/movements/promotions/plan?fromYearId=&toYearId= → years, streams, default mapping (the wizard). */
  r.get(
    '/api/movements/promotions/plan',
    { config, schema: { querystring: promotionPlanQuery, response: { 200: promotionPlanSchema }, tags } },
    async (request) => promotionPlan(database, actorOf(request), request.query),
  );

  /** POST /api/movements/promotions/preview → counts per outcome and stream, capacity warnings (dry run). */
  r.post(
    '/api/movements/promotions/preview',
    { config, schema: { body: promotionPreviewBody, response: { 200: promotionPreviewSchema }, tags } },
    async (request) => previewPromotion(database, actorOf(request), request.body),
  );

  /** POST /api/movements/promotions → 201 { batch, preview, message }: applies the promotion in one transaction. */
  createRoute('/api/movements/promotions', applyPromotionBody, applyPromotionResponse, (actor, body, req) => applyPromotion(database, actor, body, req));

  /** GET /api/movements/promotions → { items }: the latest batches, each with undoBlockedReason. */
  r.get(
    '/api/movements/promotions',
    { config, schema: { response: { 200: promotionBatchesResponse }, tags } },
    async (request) => ({ items: await listPromotionBatches(database, actorOf(request)) }),
  );

  /** POST /api/movements/promotions/:id/undo → { batch, message }; 409 UNDO_REFUSED once the new year has data. */
  r.post(
    '/api/movements/promotions/:id/undo',
    { config, schema: { params: idParams('promotion'), response: { 200: undoPromotionResponse }, tags } },
    async (request) => undoPromotion(database, actorOf(request), request.params.id, { ip: request.ip }),
  );

  // ---- Transfers ------------------------------------------------------------------------------

  /** GET /api/movements/schools-directory → { schools: [{ id, name, county }] }: other active EduFam schools. */
  r.get(
    '/api/movements/schools-directory',
    { config, schema: { response: { 200: schoolsDirectoryResponse }, tags } },
    async (request) => ({ schools: await schoolsDirectory(database, actorOf(request)) }),
  );

  /** GET /api/movements/transfers/check?studentId= → { learner, fees }: the fee warning before a transfer out. */
  r.get(
    '/api/movements/transfers/check',
    { config, schema: { querystring: transferCheckQuery, response: { 200: transferCheckResponse }, tags } },
    async (request) => transferCheck(database, actorOf(request), request.query.studentId),
  );

  /**
   * GET /api/movements/transfers?direction=&from=&to=&search=&page=&pageSize= → a page of transfers;
   * GET /api/movements/transfers/export?format=csv|xlsx&direction=&from=&to=&search= → the filtered list as a file.
   */
  listRoutes('/api/movements/transfers', {
    query: listTransfersQuery,
    response: listTransfersResponse,
    page: listTransfers,
    exportQuery: exportTransfersQuery,
    rows: allTransfers,
    file: 'transfers',
    columns: transferColumns,
    sheet: 'Transfers',
  });

  /** POST /api/movements/transfers/out → 201 { transfer, requestId, fees, message }. */
  createRoute('/api/movements/transfers/out', transferOutBody, transferOutResponse, (actor, body, req) => transferOut(database, actor, body, req));

  /** POST /api/movements/transfers/in → 201 { transfer, studentId, message, notices }: admission by transfer. */
  createRoute('/api/movements/transfers/in', transferInBody, transferInResponse, (actor, body, req) => transferIn(deps, actor, body, req));

  /** GET /api/movements/transfer-requests?box=incoming|outgoing&status= → { items }. */
  r.get(
    '/api/movements/transfer-requests',
    { config, schema: { querystring: listTransferRequestsQuery, response: { 200: listTransferRequestsResponse }, tags } },
    async (request) => ({ items: await listTransferRequests(database, actorOf(request), request.query) }),
  );

  /** POST /api/movements/transfer-requests/:id/accept {classId, boarding, overrideCapacity} → { request, studentId, message }. */
  r.post(
    '/api/movements/transfer-requests/:id/accept',
    { config, schema: { params: idParams('transfer request'), body: acceptTransferBody, response: { 200: transferDecisionResponse }, tags } },
    async (request) => acceptTransferRequest(database, actorOf(request), request.params.id, request.body, { ip: request.ip }),
  );

  /** POST /api/movements/transfer-requests/:id/decline {note} → { request, message }. */
  r.post(
    '/api/movements/transfer-requests/:id/decline',
    { config, schema: { params: idParams('transfer request'), body: declineTransferBody, response: { 200: transferDecisionResponse }, tags } },
    async (request) => declineTransferRequest(database, actorOf(request), request.params.id, request.body.note, { ip: request.ip }),
  );

  // ---- Exits ----------------------------------------------------------------------------------

  /**
   * GET /api/movements/exits?type=&state=&from=&to=&search=&page=&pageSize= → a page of exits;
   * GET /api/movements/exits/export?format=csv|xlsx&... → the filtered list as a file.
   */
  listRoutes('/api/movements/exits', {
    query: listExitsQuery,
    response: listExitsResponse,
    page: listExits,
    exportQuery: exportExitsQuery,
    rows: allExits,
    file: 'exits',
    columns: exitColumns,
    sheet: 'Exits',
  });

  /** POST /api/movements/exits → 201 { exit, message }. */
  createRoute('/api/movements/exits', exitBody, exitResponse, (actor, body, req) => exitLearner(database, actor, body, req));

  /** POST /api/movements/exits/:id/readmit {classId, readmittedOn, overrideCapacity} → { exit, message }. */
  r.post(
    '/api/movements/exits/:id/readmit',
    { config, schema: { params: idParams('exit'), body: readmitBody, response: { 200: exitResponse }, tags } },
    async (request) => readmitLearner(database, actorOf(request), request.params.id, request.body, { ip: request.ip }),
  );
}
