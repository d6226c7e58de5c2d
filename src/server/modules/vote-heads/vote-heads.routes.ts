import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createVoteHeadBody,
  listVoteHeadsResponse,
  prepaymentsResponse,
  reallocatePaymentBody,
  reallocatePaymentResponse,
  updateVoteHeadBody,
  voteHeadCashBookQuery,
  voteHeadCashBookResponse,
  voteHeadSchema,
} from '../../../shared/contracts/vote-heads.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { sendReport } from '../../lib/report-doc.js';
import { actorOf } from '../../plugins/access.js';
import { capitationRoutes } from './capitation.routes.js';
import { voteHeadCashBook, voteHeadCashBookDoc } from './cash-book.service.js';
import { applyPrepayments, previewPrepayments } from './prepayments.service.js';
import * as svc from './vote-heads.service.js';

const idParams = (what: string) => z.object({ id: z.uuid(`Invalid ${what} id`) });

/**
 * Vote heads, payment allocations, the vote-head cash book and capitation (issue 35 §3, §6; decision
 * 0028). Reading vote heads: viewVoteHeads (finance officer, principal, director); changing them and
 * reallocating a payment: manageVoteHeads (finance officer); the cash book: viewFinancialReports
 * (finance officer). Other roles 403; another school's ids 404. Amounts KES with two decimals as in the
 * rest of the fees API. Errors `{ error: { code, message, fields? } }`; bad input 400, nothing written.
 */
export async function voteHeadsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;
  const tags = ['vote-heads'];
  const view = { permission: 'viewVoteHeads' } as const;
  const manage = { permission: 'manageVoteHeads' } as const;

  /**
   * GET /api/fees/vote-heads → { items: [{ id, code, name, account: tuition|operations|school_fund,
   * priority, active, inUse }], rule: priority|proportional }, in priority order. A school without
   * vote heads gets the Ministry's defaults first (src/server/modules/vote-heads/defaults.ts).
   */
  r.get('/api/fees/vote-heads', { config: view, schema: { summary: 'The school’s vote heads (the Ministry’s defaults on first read) and its allocation rule', response: { 200: listVoteHeadsResponse }, tags } }, async (req) =>
    svc.listVoteHeads(database, actorOf(req)),
  );

  /** POST /api/fees/vote-heads { code, name, account?, priority? } → 201 the vote head; 409 VOTE_HEAD_CODE_TAKEN. */
  r.post('/api/fees/vote-heads', { config: manage, schema: { summary: 'Add a vote head', body: createVoteHeadBody, response: { 201: voteHeadSchema }, tags } }, async (req, reply) =>
    reply.status(201).send(await svc.createVoteHead(database, actorOf(req), req.body, req.ip)),
  );

  /** PATCH /api/fees/vote-heads/:id { name?, account?, priority?, active? } → the vote head (rename, reorder, move, deactivate). */
  r.patch(
    '/api/fees/vote-heads/:id',
    { config: manage, schema: { summary: 'Rename, reorder, move or (de)activate a vote head', params: idParams('vote head'), body: updateVoteHeadBody, response: { 200: voteHeadSchema }, tags } },
    async (req) => svc.updateVoteHead(database, actorOf(req), req.params.id, req.body, req.ip),
  );

  /** DELETE /api/fees/vote-heads/:id → { deleted: true }; 409 VOTE_HEAD_IN_USE (fee items, invoice lines, expense categories, allocations): deactivate it instead. */
  r.delete(
    '/api/fees/vote-heads/:id',
    { config: manage, schema: { summary: 'Delete an unused vote head', params: idParams('vote head'), response: { 200: z.object({ deleted: z.literal(true) }) }, tags } },
    async (req) => svc.deleteVoteHead(database, actorOf(req), req.params.id, req.ip),
  );

  /**
   * GET /api/fees/vote-heads/prepayments → { committed: false, held, heldLearners, amount, learners,
   * payments, items: [{ studentId, name, admissionNumber, amount }] } (KES): money held under "Fees paid
   * in advance" and what of it can move now to the vote heads the learners owe on. Writes nothing.
   */
  r.get('/api/fees/vote-heads/prepayments', { config: view, schema: { summary: 'Money held in advance and what can move to the invoices now', response: { 200: prepaymentsResponse }, tags } }, async (req) =>
    previewPrepayments(database, actorOf(req)),
  );

  /**
   * POST /api/fees/vote-heads/prepayments/apply → the same shape, committed: moves each learner's money in
   * advance to the vote heads they owe on (oldest payments first, the school's rule), in one transaction;
   * audited PREPAYMENTS_APPLIED. A second call moves nothing more until new invoices are issued.
   */
  r.post('/api/fees/vote-heads/prepayments/apply', { config: manage, schema: { summary: 'Move money paid in advance to the vote heads the learners now owe on (audited)', response: { 200: prepaymentsResponse }, tags } }, async (req) =>
    applyPrepayments(database, actorOf(req), req.ip),
  );

  /**
   * PUT /api/fees/payments/:id/allocations { allocations: [{ voteHeadId, amount (KES) }] } → { paymentId,
   * allocations: [{ voteHeadId, voteHead, amount }] }. The amounts must add up to the payment exactly
   * (400 "more than it was" / less); vote heads of the school (400); a reversed payment or a reversal
   * 409 PAYMENT_REVERSED; another school's payment 404. Audited PAYMENT_REALLOCATED (before and after).
   */
  r.put(
    '/api/fees/payments/:id/allocations',
    { config: manage, schema: { summary: 'Reallocate a payment over vote heads (audited)', params: idParams('payment'), body: reallocatePaymentBody, response: { 200: reallocatePaymentResponse }, tags } },
    async (req) => svc.reallocatePayment(database, actorOf(req), req.params.id, req.body, req.ip),
  );

  /**
   * GET /api/reports/vote-head-cash-book?from=&to=&format=json|pdf|xlsx (finance officer) → per vote head:
   * opening (before from), money in (fee allocations less reversals, capitation grants by vote head),
   * money out (paid expenses through their category's vote head), closing and the days; totals; income
   * by vote head; paid expenses whose category has no vote head. Period default: 1 January of `to`'s
   * year to today; 400 when `to` is before `from` or the period is longer than five years. pdf: A4
   * landscape with the letterhead; xlsx: Summary sheet then a sheet per table.
   */
  r.get(
    '/api/reports/vote-head-cash-book',
    { config: { permission: 'viewFinancialReports' }, schema: { summary: 'Vote-head cash book and income by vote head (json, pdf, xlsx)', querystring: voteHeadCashBookQuery, response: { 200: voteHeadCashBookResponse }, tags: ['financial-reports', ...tags] } },
    async (req, reply) => {
      const actor = actorOf(req);
      const { schoolId, ...book } = await voteHeadCashBook(database, actor, req.query);
      if (req.query.format === 'json') return reply.send(book);
      return sendReport(reply, deps, actor, req.query.format, voteHeadCashBookDoc(book), schoolId);
    },
  );

  await capitationRoutes(app, deps);
}
