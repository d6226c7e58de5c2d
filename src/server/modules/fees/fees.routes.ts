import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelInvoiceBody,
  copyFeeStructuresBody,
  createAdjustmentBody,
  createFeeStructureBody,
  createInvoiceBody,
  feeOptionBody,
  feeStructureSchema,
  financeSettingsSchema,
  financialOverviewSchema,
  generateInvoicesBody,
  generateInvoicesResponse,
  invoiceSchema,
  listAccountsQuery,
  listAccountsResponse,
  listAdjustmentsQuery,
  listAdjustmentsResponse,
  listFeeStructuresQuery,
  listInvoicesQuery,
  listInvoicesResponse,
  listPaymentsQuery,
  listPaymentsResponse,
  myChildrenFeesSchema,
  overviewQuery,
  paymentSchema,
  recordPaymentBody,
  recordPaymentResponse,
  reversePaymentBody,
  statementQuery,
  statementSchema,
  studentAccountSchema,
  updateFeeStructureBody,
  updateFinanceSettingsBody,
  adjustmentSchema,
  type AccountListItem,
  type Invoice,
  type PaymentListItem,
} from '../../../shared/contracts/fees.js';
import { formatKes } from '../../../shared/money.js';
import { loadLetterhead, sendPdf } from '../../lib/pdf.js';
import { sendSpreadsheet, type ExportColumn } from '../../lib/spreadsheet.js';
import { withSystem } from '../../db/tenant.js';
import { messages } from '../../../shared/messages.js';
import { notFound } from '../../errors.js';
import { actorOf } from '../../plugins/access.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { learnerBalancesSweep } from './learner-balances.service.js';
import { registerApprovalKind } from '../approvals/index.js';
import { getAccount, getStatement, listAccounts, myChildrenFees, setFeeOption, statementOf, withVisibleLearner } from './accounts.service.js';
import { createAdjustment, decideWaiver, listAdjustments } from './adjustments.service.js';
import { invoicePdf, receiptPdf, statementPdf } from './documents.js';
import * as repo from './fees.repository.js';
import { cancelInvoice, createInvoice, generateInvoices, getInvoice, listInvoices } from './invoices.service.js';
import { getOverview } from './overview.service.js';
import { listPayments, paymentStudent, recordPayment, reversePayment } from './payments.service.js';
import { getFinanceSettings, updateFinanceSettings } from './settings.service.js';
import { copyStructures, createStructure, deleteStructure, listStructures, updateStructure } from './structures.service.js';
import { cachedRead } from '../../lib/read-cache.js';

const idParams = (what: string) => z.object({ id: z.uuid(`Invalid ${what} id`) });
const schoolQuery = z.object({ schoolId: z.uuid('Invalid school id').optional() });
const exportFormat = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });
const money = (v: number) => formatKes(Math.round(v * 100));
const messagesFees = messages.fees;

/** What a route needs after a payment has committed (receipt SMS, live events); see sms and mpesa modules. */
export interface FeesHooks {
  /** Called after a payment commits (never throws into the request). */
  afterPayment(schoolId: string, paymentId: string): Promise<void>;
}

/**
 * Fees routes (issue 11 §1, §2, §5). Reads need viewFees (finance officer, principal, director,
 * platform staff with ?schoolId=); writes need manageFees (finance officer). A learner's account,
 * statement, invoices and receipts need viewStudentAccount: parents only for their own children
 * (another learner is 404). Every error is `{ error: { code, message, fields? } }`.
 */
export async function feesRoutes(app: FastifyInstance, deps: ModuleDeps, hooks: FeesHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, storage } = deps;
  const tags = ['fees'];
  // Issue 11 §1: a waiver above the school's limit waits for the principal.
  registerApprovalKind('fee_waiver', { decide: decideWaiver, deciders: ['principal'] });
  // Issue 37 §1: stored learner balances checked against their sums every night.
  deps.tasks.schedule(learnerBalancesSweep(database, app.log));

  // -- Settings -------------------------------------------------------------------------------
  /** GET /api/fees/settings → finance settings (allocation rule, waiver approval limit in KES, prefixes, SMS receipts, due days). */
  r.get('/api/fees/settings', { config: { permission: 'viewFees' }, schema: { querystring: schoolQuery, response: { 200: financeSettingsSchema }, tags } }, async (req) =>
    getFinanceSettings(database, actorOf(req), req.query.schoolId),
  );
  /** PUT /api/fees/settings (finance officer) → the saved settings; audited. */
  r.put('/api/fees/settings', { config: { permission: 'manageFees' }, schema: { body: updateFinanceSettingsBody, response: { 200: financeSettingsSchema }, tags } }, async (req) =>
    updateFinanceSettings(database, actorOf(req), req.body, req.ip),
  );

  // -- Fee structures -------------------------------------------------------------------------
  /** GET /api/fees/structures?termId= → structures with items (KES), totals and how many invoices each produced. */
  r.get('/api/fees/structures', { config: { permission: 'viewFees' }, schema: { querystring: listFeeStructuresQuery, response: { 200: z.array(feeStructureSchema) }, tags } }, async (req) =>
    listStructures(database, actorOf(req), req.query),
  );
  /** POST /api/fees/structures → 201 the structure; 404 term/level/stream; 409 STRUCTURE_EXISTS. */
  r.post('/api/fees/structures', { config: { permission: 'manageFees' }, schema: { body: createFeeStructureBody, response: { 201: feeStructureSchema }, tags } }, async (req, reply) =>
    reply.status(201).send(await createStructure(database, actorOf(req), req.body, req.ip)),
  );
  /** PATCH /api/fees/structures/:id → the structure (issued invoices keep their lines). */
  r.patch(
    '/api/fees/structures/:id',
    { config: { permission: 'manageFees' }, schema: { params: idParams('fee structure'), body: updateFeeStructureBody, response: { 200: feeStructureSchema }, tags } },
    async (req) => updateStructure(database, actorOf(req), req.params.id, req.body, req.ip),
  );
  /** DELETE /api/fees/structures/:id → { deleted }; 409 STRUCTURE_IN_USE once invoiced. */
  r.delete('/api/fees/structures/:id', { config: { permission: 'manageFees' }, schema: { params: idParams('fee structure'), tags } }, async (req) =>
    deleteStructure(database, actorOf(req), req.params.id, req.ip),
  );
  /** POST /api/fees/structures/copy { fromTermId, toTermId } → { copied, skipped, total }. */
  r.post('/api/fees/structures/copy', { config: { permission: 'manageFees' }, schema: { body: copyFeeStructuresBody, tags } }, async (req) =>
    copyStructures(database, actorOf(req), req.body, req.ip),
  );

  // -- Invoices -------------------------------------------------------------------------------
  /** POST /api/fees/invoices/generate { termId, levelId?, preview? } → { created, alreadyInvoiced, withoutStructure, amount, preview }. Idempotent. */
  r.post('/api/fees/invoices/generate', { config: { permission: 'manageFees' }, schema: { body: generateInvoicesBody, response: { 200: generateInvoicesResponse }, tags } }, async (req) => {
    const result = await generateInvoices(database, actorOf(req), req.body, req.ip);
    // A term's invoices at once change the tables' sizes a lot: refresh the planner's statistics.
    if (!result.preview && result.created > 50) await database.analyze(['invoices', 'invoice_lines']);
    return result;
  });
  /** POST /api/fees/invoices { studentId, termId } → 201 the invoice; 409 INVOICE_EXISTS; 400 NO_STRUCTURE. */
  r.post('/api/fees/invoices', { config: { permission: 'manageFees' }, schema: { body: createInvoiceBody, response: { 201: invoiceSchema }, tags } }, async (req, reply) =>
    reply.status(201).send(await createInvoice(database, actorOf(req), req.body, req.ip)),
  );
  /** GET /api/fees/invoices?termId=&levelId=&classId=&status=&search=&page=&pageSize= → { items, total, totals }. */
  r.get('/api/fees/invoices', { config: { permission: 'viewFees' }, schema: { querystring: listInvoicesQuery, response: { 200: listInvoicesResponse }, tags } }, async (req) =>
    listInvoices(database, actorOf(req), req.query),
  );
  /** GET /api/fees/invoices/export?format=csv|xlsx&… → the filtered invoice list as a download. */
  r.get('/api/fees/invoices/export', { config: { permission: 'viewFees' }, schema: { querystring: listInvoicesQuery.extend(exportFormat.shape), tags } }, async (req, reply) => {
    const { items } = await listInvoices(database, actorOf(req), { ...req.query, page: 1, pageSize: 100_000 });
    const cols: ExportColumn<Invoice>[] = [
      { header: 'Invoice', value: (i) => i.invoiceNumber, width: 14 },
      { header: 'Admission number', value: (i) => i.admissionNumber, width: 16 },
      { header: 'Learner', value: (i) => i.studentName, width: 28 },
      { header: 'Class', value: (i) => i.className, width: 16 },
      { header: 'Term', value: (i) => i.termName, width: 14 },
      { header: 'Issued', value: (i) => i.issuedOn, width: 12 },
      { header: 'Due', value: (i) => i.dueOn, width: 12 },
      { header: 'Total (KES)', value: (i) => money(i.total), width: 14 },
      { header: 'Adjusted (KES)', value: (i) => money(i.adjusted), width: 14 },
      { header: 'Paid (KES)', value: (i) => money(i.paid), width: 14 },
      { header: 'Balance (KES)', value: (i) => money(i.balance), width: 14 },
      { header: 'Status', value: (i) => i.status, width: 10 },
    ];
    return sendSpreadsheet(reply, req.query.format, 'invoices', cols, items, 'Invoices');
  });
  /** GET /api/fees/invoices/:id → the invoice with its lines. */
  r.get('/api/fees/invoices/:id', { config: { permission: 'viewFees' }, schema: { params: idParams('invoice'), querystring: schoolQuery, response: { 200: invoiceSchema }, tags } }, async (req) =>
    getInvoice(database, actorOf(req), req.params.id, req.query.schoolId),
  );
  /** GET /api/fees/invoices/:id/invoice.pdf → the invoice as PDF (parents: their own children's). */
  r.get('/api/fees/invoices/:id/invoice.pdf', { config: { permission: 'viewStudentAccount' }, schema: { params: idParams('invoice'), querystring: schoolQuery, tags } }, async (req, reply) => {
    const actor = actorOf(req);
    const studentId = await withVisibleInvoice(req.params.id);
    const pdf = await withVisibleLearner(database, actor, studentId, req.query.schoolId, async (tx, learner) => {
      const inv = await repo.findInvoice(tx, req.params.id);
      if (!inv) throw notFound(messagesFees.invoiceNotFound);
      const cfg = await repo.findMpesaShortcode(tx, learner.schoolId);
      // Arrears or credit carried in from before this invoice (issue 11 §1: they carry into the next term).
      const broughtForward = (await statementOf(tx, learner.id, { from: inv.issuedOn, to: inv.issuedOn })).openingBalance;
      return invoicePdf(await loadLetterhead(tx, storage, learner.schoolId), learner, inv, { paybill: cfg?.type === 'paybill' ? cfg.shortcode : null, broughtForward });
    });
    return sendPdf(reply, pdf, `invoice-${req.params.id.slice(0, 8)}`);
  });
  /** POST /api/fees/invoices/:id/cancel { reason } → the cancelled invoice; 409 with adjustments against it. */
  r.post(
    '/api/fees/invoices/:id/cancel',
    { config: { permission: 'manageFees' }, schema: { params: idParams('invoice'), body: cancelInvoiceBody, response: { 200: invoiceSchema }, tags } },
    async (req) => cancelInvoice(database, actorOf(req), req.params.id, req.body.reason, req.ip),
  );

  /** The learner of an invoice or payment, looked up without narrowing (the account check follows), or 404. */
  async function withVisibleInvoice(invoiceId: string): Promise<string> {
    const studentId = await withSystem(database.db, (tx) => repo.findInvoiceStudentId(tx, invoiceId));
    if (!studentId) throw notFound(messagesFees.invoiceNotFound);
    return studentId;
  }

  // -- Adjustments and approvals ----------------------------------------------------------------
  /** POST /api/fees/adjustments { studentId, invoiceId?, kind, amount, reason } → 201 (status applied, or pending for a waiver above the limit). */
  r.post('/api/fees/adjustments', { config: { permission: 'manageFees' }, schema: { body: createAdjustmentBody, response: { 201: adjustmentSchema }, tags } }, async (req, reply) =>
    reply.status(201).send(await createAdjustment(database, actorOf(req), req.body, req.ip)),
  );
  /** GET /api/fees/adjustments?status=&kind=&studentId= → { items, total }. */
  r.get('/api/fees/adjustments', { config: { permission: 'viewFees' }, schema: { querystring: listAdjustmentsQuery, response: { 200: listAdjustmentsResponse }, tags } }, async (req) =>
    listAdjustments(database, actorOf(req), req.query),
  );

  // -- Payments -------------------------------------------------------------------------------
  /**
   * POST /api/fees/payments { studentId, amount (KES), method, reference, paidOn (YYYY-MM-DD), payerName?,
   * payerPhone?, notes? } → 201 the payment with its receipt number and the learner's new balance.
   * Header Idempotency-Key: a retry with the same key returns the first answer (same receipt).
   */
  r.post(
    '/api/fees/payments',
    {
      config: { permission: 'manageFees' },
      schema: { body: recordPaymentBody, headers: z.object({ 'idempotency-key': z.string().optional() }), response: { 201: recordPaymentResponse }, tags },
    },
    async (req, reply) => {
      const result = await recordPayment(database, actorOf(req), req.body, { ip: req.ip, idempotencyKey: req.headers['idempotency-key'] });
      if (!result.replayed) await hooks.afterPayment(actorOf(req).schoolId!, result.paymentId);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.body);
    },
  );
  /** GET /api/fees/payments?from=&to=&method=&kind=&search=&classId=&page=&pageSize= → { items, total, sum }. */
  r.get('/api/fees/payments', { config: { permission: 'viewFees' }, schema: { querystring: listPaymentsQuery, response: { 200: listPaymentsResponse }, tags } }, async (req) =>
    listPayments(database, actorOf(req), req.query),
  );
  /** GET /api/fees/payments/export?format=csv|xlsx&… → the filtered payments as a download. */
  r.get('/api/fees/payments/export', { config: { permission: 'viewFees' }, schema: { querystring: listPaymentsQuery.extend(exportFormat.shape), tags } }, async (req, reply) => {
    const { items } = await listPayments(database, actorOf(req), { ...req.query, page: 1, pageSize: 100_000 });
    const cols: ExportColumn<PaymentListItem>[] = [
      { header: 'Date', value: (p) => p.paidAt, width: 12 },
      { header: 'Receipt', value: (p) => p.receiptNumber, width: 14 },
      { header: 'Admission number', value: (p) => p.admissionNumber, width: 16 },
      { header: 'Learner', value: (p) => p.studentName, width: 28 },
      { header: 'Class', value: (p) => p.className, width: 16 },
      { header: 'Amount (KES)', value: (p) => money(p.amount), width: 14 },
      { header: 'Method', value: (p) => p.method, width: 14 },
      { header: 'Reference', value: (p) => p.reference, width: 16 },
      { header: 'Kind', value: (p) => p.kind, width: 10 },
      { header: 'Reason', value: (p) => p.reason, width: 24 },
      { header: 'Recorded by', value: (p) => p.recordedBy, width: 20 },
    ];
    return sendSpreadsheet(reply, req.query.format, 'payments', cols, items, 'Payments');
  });
  /** POST /api/fees/payments/:id/reverse { reason } → 201 { reversal, original, balance }; 409 ALREADY_REVERSED / NOT_REVERSIBLE. */
  r.post(
    '/api/fees/payments/:id/reverse',
    {
      config: { permission: 'manageFees' },
      schema: { params: idParams('payment'), body: reversePaymentBody, response: { 201: z.object({ reversal: paymentSchema, original: paymentSchema, balance: z.number() }) }, tags },
    },
    async (req, reply) => reply.status(201).send(await reversePayment(database, actorOf(req), req.params.id, req.body.reason, { ip: req.ip })),
  );
  /** GET /api/fees/payments/:id/receipt.pdf → the receipt (parents: their own children's). */
  r.get('/api/fees/payments/:id/receipt.pdf', { config: { permission: 'viewStudentAccount' }, schema: { params: idParams('payment'), querystring: schoolQuery, tags } }, async (req, reply) => {
    const actor = actorOf(req);
    const studentId = await withSystem(database.db, (tx) => paymentStudent(tx, req.params.id));
    if (!studentId) throw notFound(messagesFees.paymentNotFound);
    const { pdf, name } = await withVisibleLearner(database, actor, studentId, req.query.schoolId, async (tx, learner) => {
      const payment = await repo.findPayment(tx, req.params.id);
      if (!payment || payment.kind !== 'payment') throw notFound(messagesFees.paymentNotFound);
      const reversal = payment.reversedBy ? await repo.findPayment(tx, payment.reversedBy) : null;
      const balance = await repo.balanceOf(tx, learner.id);
      return { pdf: await receiptPdf(await loadLetterhead(tx, storage, learner.schoolId), learner, payment, { balance: balance / 100, reversal }), name: `receipt-${payment.receiptNumber}` };
    });
    return sendPdf(reply, pdf, name);
  });

  // -- Accounts ---------------------------------------------------------------------------------
  /**
   * GET /api/students/:id/account (§5) → { balance, invoices, payments: [{ id, amount, method, reference,
   * receiptNumber, paidAt }], adjustments, ... }. KES numbers with two decimals; positive balance = owed.
   */
  r.get('/api/students/:id/account', { config: { permission: 'viewStudentAccount' }, schema: { params: idParams('learner'), querystring: schoolQuery, response: { 200: studentAccountSchema }, tags } }, async (req) =>
    getAccount(database, actorOf(req), req.params.id, req.query.schoolId),
  );
  /** GET /api/students/:id/statement?from=&to=&format=json|pdf → the statement for the date range. */
  r.get(
    '/api/students/:id/statement',
    { config: { permission: 'viewStudentAccount' }, schema: { params: idParams('learner'), querystring: statementQuery.extend(schoolQuery.shape), response: { 200: statementSchema }, tags } },
    async (req, reply) => {
      const actor = actorOf(req);
      if (req.query.format === 'pdf') {
        const pdf = await withVisibleLearner(database, actor, req.params.id, req.query.schoolId, async (tx, learner) => {
          return statementPdf(await loadLetterhead(tx, storage, learner.schoolId), learner, await statementOf(tx, learner.id, req.query));
        });
        return sendPdf(reply, pdf, `statement-${req.params.id.slice(0, 8)}`);
      }
      const { statement } = await getStatement(database, actor, req.params.id, req.query, req.query.schoolId);
      return statement;
    },
  );
  /** PUT /api/students/:id/fee-options { key, chosen } (finance officer) → the account: opt in or out of an optional item. */
  r.put('/api/students/:id/fee-options', { config: { permission: 'manageFees' }, schema: { params: idParams('learner'), body: feeOptionBody, response: { 200: studentAccountSchema }, tags } }, async (req) =>
    setFeeOption(database, actorOf(req), req.params.id, req.body, req.ip),
  );
  /** GET /api/fees/accounts?search=&levelId=&classId=&balance=owing|cleared|credit&sort=&page=&pageSize= → { items, total, totals }. */
  r.get('/api/fees/accounts', { config: { permission: 'viewFees' }, schema: { querystring: listAccountsQuery, response: { 200: listAccountsResponse }, tags } }, async (req) =>
    listAccounts(database, actorOf(req), req.query),
  );
  /** GET /api/fees/accounts/export?format=csv|xlsx&… → the filtered accounts as a download. */
  r.get('/api/fees/accounts/export', { config: { permission: 'viewFees' }, schema: { querystring: listAccountsQuery.extend(exportFormat.shape), tags } }, async (req, reply) => {
    const { items } = await listAccounts(database, actorOf(req), { ...req.query, page: 1, pageSize: 100_000 });
    const cols: ExportColumn<AccountListItem>[] = [
      { header: 'Admission number', value: (a) => a.admissionNumber, width: 16 },
      { header: 'Learner', value: (a) => a.name, width: 28 },
      { header: 'Class', value: (a) => a.className, width: 16 },
      { header: 'Invoiced (KES)', value: (a) => money(a.invoiced), width: 14 },
      { header: 'Adjusted (KES)', value: (a) => money(a.adjusted), width: 14 },
      { header: 'Paid (KES)', value: (a) => money(a.paid), width: 14 },
      { header: 'Balance (KES)', value: (a) => money(a.balance), width: 14 },
      { header: 'Last payment', value: (a) => a.lastPaymentOn, width: 12 },
    ];
    return sendSpreadsheet(reply, req.query.format, 'fee-balances', cols, items, 'Balances');
  });
  /** GET /api/fees/my-children (parent) → each child's balance, this term's invoice, last payment; the parent's phone; M-Pesa availability. Kept in memory per parent (lib/read-cache.ts). */
  r.get('/api/fees/my-children', { config: { permission: 'payFees' }, schema: { response: { 200: myChildrenFeesSchema }, tags } }, async (req, reply) => {
    const actor = actorOf(req);
    return cachedRead(deps.readCache, 'fees', reply, actor, () => myChildrenFees(database, actor));
  });

  // -- Overview -----------------------------------------------------------------------------------
  /** GET /api/fees/overview?termId= → expected vs collected, by level, stream and method, daily collections, top defaulters, collection rate. */
  r.get('/api/fees/overview', { config: { permission: 'viewFees' }, schema: { querystring: overviewQuery, response: { 200: financialOverviewSchema }, tags } }, async (req) =>
    getOverview(database, actorOf(req), req.query),
  );
}
