import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allocateBody,
  listStkQuery,
  listStkResponse,
  listTransactionsQuery,
  listTransactionsResponse,
  mpesaConfigSchema,
  mpesaTransactionSchema,
  putMpesaConfigBody,
  reconciliationQuery,
  reconciliationSchema,
  refundBody,
  simulateC2bBody,
  stkPushBody,
  stkRequestSchema,
  type MpesaTransaction,
} from '../../../shared/contracts/mpesa.js';
import { unmatchedSummarySchema } from '../../../shared/contracts/bank-statements.js';
import { listSmsQuery, listSmsResponse, remindersBody, remindersResponse } from '../../../shared/contracts/fees.js';
import { messages } from '../../../shared/messages.js';
import { formatKes } from '../../../shared/money.js';
import { withSystem } from '../../db/tenant.js';
import { AppError, notFound } from '../../errors.js';
import { carriesSimulatorKey } from '../../integrations/mpesa/simulator.js';
import { DarajaProtocolError, c2bAccept, c2bReject, confirmationAck, type C2bRejectCode } from '../../integrations/mpesa/daraja-protocol.js';
import { sendSpreadsheet, type ExportColumn } from '../../lib/spreadsheet.js';
import { actorOf } from '../../plugins/access.js';
import type { TaskRunner } from '../../jobs/tasks.js';
import { remindersTaskHandler, REMINDER_TASK, startReminders } from '../fees/index.js';
import { listSms } from '../sms/index.js';
import { applyValidation, receiveCallback, sourceMatches, storeCallbackForToken, type CallbackKind } from './apply.service.js';
import { getConfig, putConfig, registerUrls, rotateToken } from './config.service.js';
import type { MpesaDeps } from './mpesa-deps.js';
import { getStkStatus, listStk, startStkPush } from './stk.service.js';
import { markCallbackProcessed } from './callbacks.repository.js';
import { findSchoolIdByCallbackToken } from './config.repository.js';
import { allocateTransaction, listTransactions, reconciliation, refundTransaction, simulateC2b, unmatchedSummary } from './transactions.service.js';

const m = messages.fees;
const idParams = z.object({ id: z.uuid('Invalid transaction id') });
const schoolQuery = z.object({ schoolId: z.uuid('Invalid school id').optional() });
const exportFormat = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });
const tokenParams = z.object({ token: z.string().min(1).max(200) });

/** Whether a callback token names a school (the malformed-body path, which stores nothing otherwise). */
async function tokenKnown(deps: MpesaDeps, token: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return false;
  const schoolId = await withSystem(deps.database.db, (tx) => findSchoolIdByCallbackToken(tx, token));
  return !!schoolId;
}

/** The id Daraja gave the thing a callback is about (for duplicates and the log), best effort. */
function externalIdOf(kind: CallbackKind, body: unknown): string | null {
  const b = body as Record<string, unknown> | null;
  if (kind === 'stk') {
    const id = (b?.Body as { stkCallback?: { CheckoutRequestID?: unknown } } | undefined)?.stkCallback?.CheckoutRequestID;
    return typeof id === 'string' ? id : null;
  }
  return typeof b?.TransID === 'string' ? b.TransID : null;
}

/**
 * M-Pesa routes (issue 11 §3, §5). Callbacks are public (Safaricom calls them) but reachable only with
 * the school's random token: unknown token 404, malformed body 400 (logged; stored when the token is
 * known), never a 500. Everything else: reads with viewFees, set-up and the unmatched queue with
 * manageFees (finance officer), STK Push with payFees (finance officer; parents for their children).
 */
export async function mpesaRoutes(app: FastifyInstance, deps: MpesaDeps & { tasks: TaskRunner }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['mpesa'];
  deps.tasks.register(REMINDER_TASK, remindersTaskHandler(deps));

  // -- Callbacks from Daraja --------------------------------------------------------------------
  const logBad = async (request: FastifyRequest, _reply: FastifyReply, err: Error) => {
    request.log.warn({ url: request.url.replace(/callbacks\/[^/]+/, 'callbacks/…'), err: err.message }, 'M-Pesa callback refused');
  };

  /** Closes a stored callback without applying it. */
  const closeUnapplied = (callbackId: string, outcome: 'malformed' | 'wrong_source') =>
    withSystem(deps.database.db, (tx) => markCallbackProcessed(tx, callbackId, outcome));

  /** A malformed body: stored (when the token is known) as malformed, then 400. */
  async function refuseMalformed(kind: CallbackKind, token: string, body: unknown, request: FastifyRequest, reason: string): Promise<never> {
    const stored = body !== null && typeof body === 'object' && !Array.isArray(body) ? await storeCallbackForToken(deps, token, kind, body, externalIdOf(kind, body), request.ip) : null;
    if (stored) await closeUnapplied(stored.callbackId, 'malformed');
    else if (!(await tokenKnown(deps, token))) throw notFound(m.callbackUnknown);
    throw new AppError(400, 'MALFORMED_CALLBACK', reason ? `${m.callbackMalformed}: ${reason}` : m.callbackMalformed);
  }

  /** The callback kinds as GET /metrics labels them. */
  const OPS_KIND = { stk: 'stk', validation: 'c2b_validation', confirmation: 'c2b_confirmation' } as const;

  /** Answers a callback (receive) and counts its outcome for GET /metrics (issue 37 §3): refusals by their error. */
  async function receiveCounted(kind: CallbackKind, token: string, request: FastifyRequest, reply: FastifyReply) {
    const seen = { outcome: 'error' };
    try {
      return await receive(kind, token, request, reply, seen);
    } catch (err) {
      const code = err instanceof AppError ? err.code : null;
      seen.outcome =
        code === 'MALFORMED_CALLBACK' ? 'malformed' : code === 'CALLBACK_WRONG_SOURCE' ? 'wrong_source' : err instanceof AppError && err.status === 404 ? 'unknown_token' : 'error';
      throw err;
    } finally {
      deps.ops?.mpesaCallback(OPS_KIND[kind], seen.outcome);
    }
  }

  async function receive(kind: CallbackKind, token: string, request: FastifyRequest, reply: FastifyReply, seen: { outcome: string }) {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) throw notFound(m.callbackUnknown);
    // Issue 32 §1: whether the in-process simulator sent it; checked against the school's environment in
    // the transaction that stores the callback (one transaction per callback, as before the check).
    const fromSimulator = !!deps.simulatorKey && carriesSimulatorKey(request.headers, deps.simulatorKey);
    const wrongSource = () => new AppError(403, 'CALLBACK_WRONG_SOURCE', m.callbackWrongSource);
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return refuseMalformed(kind, token, body, request, '');
    if (kind === 'validation') {
      // Stored first, in the same transaction that reads the token (mpesa-daraja.md: never lose one).
      const stored = await storeCallbackForToken(deps, token, kind, body, externalIdOf(kind, body), request.ip);
      if (!stored) throw notFound(m.callbackUnknown);
      if (!sourceMatches(stored, fromSimulator)) {
        await closeUnapplied(stored.callbackId, 'wrong_source');
        throw wrongSource();
      }
      try {
        const verdict = await applyValidation(deps, stored.schoolId, stored.callbackId, body, stored.strict);
        seen.outcome = verdict.accept ? 'accepted' : 'rejected';
        return reply.send(verdict.accept ? c2bAccept() : c2bReject(verdict.code as C2bRejectCode));
      } catch (err) {
        if (err instanceof DarajaProtocolError) {
          await closeUnapplied(stored.callbackId, 'malformed');
          throw new AppError(400, 'MALFORMED_CALLBACK', `${m.callbackMalformed}: ${err.message}`);
        }
        // Unreachable validation means "Completed" (registered ResponseType): accept rather than block a payer.
        request.log.error({ err }, 'C2B validation failed; accepting');
        return reply.send(c2bAccept());
      }
    }
    let received: Awaited<ReturnType<typeof receiveCallback>>;
    try {
      received = await receiveCallback(deps, token, kind, body, externalIdOf(kind, body), request.ip, fromSimulator);
    } catch (err) {
      if (err instanceof DarajaProtocolError) return refuseMalformed(kind, token, body, request, err.message);
      throw err;
    }
    if (!received) throw notFound(m.callbackUnknown);
    if (received.wrongSource) throw wrongSource();
    // Not applied (an error after storing): the sweep applies it later.
    seen.outcome = received.applied?.outcome ?? 'stored';
    return reply.send(confirmationAck());
  }

  for (const prefix of ['/api/mpesa/callbacks', '/api/paybill/callbacks']) {
    for (const kind of ['stk', 'validation', 'confirmation'] as const) {
      if (prefix === '/api/paybill/callbacks' && kind === 'stk') continue;
      /** POST …/callbacks/:token/{stk|validation|confirmation}: Daraja's callbacks (public; the token identifies the school). */
      r.post(`${prefix}/:token/${kind}`, { config: { public: true, nul: 'replace' }, schema: { params: tokenParams, tags: ['mpesa callbacks'] }, onError: logBad }, (request, reply) =>
        receiveCounted(kind, request.params.token, request, reply),
      );
    }
  }

  // -- Set-up ---------------------------------------------------------------------------------
  /** GET /api/mpesa/config (§5) → { shortcode, shortcodeType, environment, callbackUrls, ...masked secrets }; 404 MPESA_NOT_CONFIGURED. */
  r.get('/api/mpesa/config', { config: { permission: 'viewFees' }, schema: { querystring: schoolQuery, response: { 200: mpesaConfigSchema }, tags } }, async (req) =>
    getConfig(deps, actorOf(req), req.query.schoolId),
  );
  /** PUT /api/mpesa/config (§5, finance officer): secrets left out keep their value; 409 SHORTCODE_TAKEN. */
  r.put('/api/mpesa/config', { config: { permission: 'manageFees' }, schema: { body: putMpesaConfigBody, response: { 200: mpesaConfigSchema }, tags } }, async (req) =>
    putConfig(deps, actorOf(req), req.body, req.ip),
  );
  /** POST /api/mpesa/config/rotate-token → the set-up with new callback URLs. */
  r.post('/api/mpesa/config/rotate-token', { config: { permission: 'manageFees' }, schema: { response: { 200: mpesaConfigSchema }, tags } }, async (req) => rotateToken(deps, actorOf(req), req.ip));
  /** POST /api/mpesa/register-urls → registers the C2B URLs with Daraja; 502 DARAJA_REFUSED with its reason. */
  r.post('/api/mpesa/register-urls', { config: { permission: 'manageFees' }, schema: { response: { 200: mpesaConfigSchema }, tags } }, async (req) => registerUrls(deps, actorOf(req), req.ip));

  // -- STK Push ---------------------------------------------------------------------------------
  /** POST /api/mpesa/stk-push (§5) { studentId, phone, amount } → 201 { checkoutRequestId, status: 'pending', ... }. */
  r.post('/api/mpesa/stk-push', { config: { permission: 'payFees' }, schema: { body: stkPushBody, response: { 201: stkRequestSchema }, tags } }, async (req, reply) =>
    reply.status(201).send(await startStkPush(deps, actorOf(req), req.body)),
  );
  /** GET /api/mpesa/stk-push/:checkoutRequestId → the request's status and, once paid, the receipt and new balance. */
  r.get(
    '/api/mpesa/stk-push/:checkoutRequestId',
    { config: { permission: 'viewStudentAccount' }, schema: { params: z.object({ checkoutRequestId: z.string().min(1).max(100) }), response: { 200: stkRequestSchema }, tags } },
    async (req) => getStkStatus(deps, actorOf(req), req.params.checkoutRequestId),
  );
  /** GET /api/mpesa/stk-requests?status=&from=&to= → the school's STK pushes. */
  r.get('/api/mpesa/stk-requests', { config: { permission: 'viewFees' }, schema: { querystring: listStkQuery, response: { 200: listStkResponse }, tags } }, async (req) =>
    listStk(deps, actorOf(req), req.query),
  );

  // -- Transactions -----------------------------------------------------------------------------
  /** GET /api/mpesa/transactions?status=matched|unmatched|refunded&source=&from=&to=&search= (§5) → { items, total, sum }. */
  r.get('/api/mpesa/transactions', { config: { permission: 'viewFees' }, schema: { querystring: listTransactionsQuery, response: { 200: listTransactionsResponse }, tags } }, async (req) =>
    listTransactions(deps, actorOf(req), req.query),
  );
  /** GET /api/mpesa/transactions/export?format=csv|xlsx&… */
  r.get('/api/mpesa/transactions/export', { config: { permission: 'viewFees' }, schema: { querystring: listTransactionsQuery.extend(exportFormat.shape), tags } }, async (req, reply) => {
    const { items } = await listTransactions(deps, actorOf(req), { ...req.query, page: 1, pageSize: 100_000 });
    const cols: ExportColumn<MpesaTransaction>[] = [
      { header: 'Time', value: (t) => t.transTime, width: 22 },
      { header: 'M-Pesa code', value: (t) => t.transId, width: 14 },
      { header: 'Source', value: (t) => t.source, width: 8 },
      { header: 'Amount (KES)', value: (t) => formatKes(Math.round(t.amount * 100)), width: 14 },
      { header: 'Phone', value: (t) => t.msisdn, width: 14 },
      { header: 'Payer', value: (t) => t.payerName, width: 24 },
      { header: 'Account', value: (t) => t.billRef, width: 16 },
      { header: 'Status', value: (t) => t.status, width: 10 },
      { header: 'Learner', value: (t) => t.studentName, width: 24 },
      { header: 'Admission number', value: (t) => t.admissionNumber, width: 16 },
      { header: 'Receipt', value: (t) => t.receiptNumber, width: 14 },
      { header: 'Note', value: (t) => t.note, width: 24 },
    ];
    return sendSpreadsheet(reply, req.query.format, 'mpesa-transactions', cols, items, 'M-Pesa');
  });
  /** GET /api/mpesa/unmatched (§5) → { items, total, sum }: payments waiting for the bursar. */
  r.get('/api/mpesa/unmatched', { config: { permission: 'viewFees' }, schema: { querystring: listTransactionsQuery.omit({ status: true }), response: { 200: listTransactionsResponse }, tags } }, async (req) =>
    listTransactions(deps, actorOf(req), { ...req.query, status: 'unmatched' }),
  );
  /** GET /api/fees/unmatched-summary → { total, sum, mpesa, bank }: the Unmatched tab's count, M-Pesa payments and bank deposits together. */
  r.get(
    '/api/fees/unmatched-summary',
    { config: { permission: 'viewFees' }, schema: { querystring: schoolQuery, response: { 200: unmatchedSummarySchema }, tags, description: 'How many payments wait in the unmatched queue and their KES sum: M-Pesa transactions and bank statement deposits, apart and together.' } },
    async (req) => unmatchedSummary(deps, actorOf(req), req.query),
  );
  /** POST /api/mpesa/unmatched/:id/allocate (§5) { studentId, note? } → the matched transaction; 409 NOT_UNMATCHED. */
  r.post('/api/mpesa/unmatched/:id/allocate', { config: { permission: 'manageFees' }, schema: { params: idParams, body: allocateBody, response: { 200: mpesaTransactionSchema }, tags } }, async (req) =>
    allocateTransaction(deps, actorOf(req), req.params.id, req.body, req.ip),
  );
  /** POST /api/mpesa/unmatched/:id/refund { note } → the refunded transaction; 409 NOT_UNMATCHED. */
  r.post('/api/mpesa/unmatched/:id/refund', { config: { permission: 'manageFees' }, schema: { params: idParams, body: refundBody, response: { 200: mpesaTransactionSchema }, tags } }, async (req) =>
    refundTransaction(deps, actorOf(req), req.params.id, req.body.note, req.ip),
  );
  /** GET /api/mpesa/reconciliation?from=&to= → per day: matched, unmatched, refunded, failed. */
  r.get('/api/mpesa/reconciliation', { config: { permission: 'viewFees' }, schema: { querystring: reconciliationQuery, response: { 200: reconciliationSchema }, tags } }, async (req) =>
    reconciliation(deps, actorOf(req), req.query),
  );
  /** GET /api/mpesa/reconciliation/export?format=csv|xlsx&from=&to= */
  r.get('/api/mpesa/reconciliation/export', { config: { permission: 'viewFees' }, schema: { querystring: reconciliationQuery.extend(exportFormat.shape), tags } }, async (req, reply) => {
    const rec = await reconciliation(deps, actorOf(req), req.query);
    type Day = (typeof rec.days)[number];
    const kes = (v: number) => formatKes(Math.round(v * 100));
    const cols: ExportColumn<Day>[] = [
      { header: 'Date', value: (d) => d.date, width: 12 },
      { header: 'Matched', value: (d) => d.matched, width: 10 },
      { header: 'Matched (KES)', value: (d) => kes(d.matchedAmount), width: 14 },
      { header: 'Unmatched', value: (d) => d.unmatched, width: 10 },
      { header: 'Unmatched (KES)', value: (d) => kes(d.unmatchedAmount), width: 14 },
      { header: 'Refunded', value: (d) => d.refunded, width: 10 },
      { header: 'Refunded (KES)', value: (d) => kes(d.refundedAmount), width: 14 },
      { header: 'Failed STK pushes', value: (d) => d.failed, width: 12 },
    ];
    return sendSpreadsheet(reply, req.query.format, `mpesa-reconciliation-${rec.from}-${rec.to}`, cols, rec.days, 'Reconciliation');
  });
  /** POST /api/mpesa/simulate-c2b { amount, phone, accountReference } → { accepted }: a simulated paybill payment. */
  r.post('/api/mpesa/simulate-c2b', { config: { permission: 'manageFees' }, schema: { body: simulateC2bBody, tags } }, async (req) => simulateC2b(deps, actorOf(req), req.body));

  // -- Reminders and the SMS log -----------------------------------------------------------------
  /** POST /api/fees/reminders { minBalance, channels, levelId?, classId?, preview? } → counts, sample text and the sending task. */
  r.post('/api/fees/reminders', { config: { permission: 'manageFees' }, schema: { body: remindersBody, response: { 200: remindersResponse }, tags: ['fees'] } }, async (req) =>
    startReminders(deps.database, deps.tasks, actorOf(req), req.body, req.ip),
  );
  /** GET /api/sms/messages?status=&kind=&search= → the school's SMS log with counts and cost. */
  r.get('/api/sms/messages', { config: { permission: 'viewFees' }, schema: { querystring: listSmsQuery, response: { 200: listSmsResponse }, tags: ['sms'] } }, async (req) =>
    listSms(deps.database, actorOf(req), req.query),
  );
}
