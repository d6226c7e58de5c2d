import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bankPaymentBody,
  billingDashboardSchema,
  billingPlanSchema,
  billingSettingsSchema,
  billingStatusSchema,
  callbackTokenParams,
  checkoutParams,
  createCreditNoteBody,
  createPlanBody,
  creditNoteResponse,
  dashboardQuery,
  generateInvoicesBody,
  generateInvoicesResponse,
  idParams,
  listInvoicesQuery,
  listInvoicesResponse,
  listPaymentsQuery,
  listPaymentsResponse,
  listPlansResponse,
  listSubscriptionsResponse,
  paymentResponse,
  platformInvoiceDetailSchema,
  platformInvoiceSchema,
  platformStkBody,
  platformStkSchema,
  putBillingSettingsBody,
  putSubscriptionBody,
  schoolIdParams,
  statementQuery,
  statementSchema,
  subscriptionSchema,
  updatePlanBody,
  voidInvoiceBody,
} from '../../../shared/contracts/billing.js';
import { schoolToday } from '../../../shared/dates.js';
import { billingMessages as bm } from '../../../shared/messages/billing.js';
import { isSchoolRole } from '../../../shared/roles.js';
import { recordAudit } from '../../lib/audit.js';
import { withSystem, type Tx } from '../../db/tenant.js';
import type { RequestCaller } from '../../lib/school-context.js';
import { notFound } from '../../errors.js';
import { DarajaProtocolError } from '../../integrations/mpesa/daraja-protocol.js';
import { sendPdf } from '../../lib/pdf.js';
import { actorOf } from '../../plugins/access.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import type { MpesaDeps } from '../mpesa/index.js';
import * as svc from './billing.service.js';
import { invalidateBillingGate } from './billing-gate.js';
import { invoicePdf, receiptPdf, statementPdf, statementXlsx } from './documents.js';
import * as mpesa from './mpesa.service.js';
import { billingSweeps } from './reminders.service.js';
import { dashboard, schoolBillingStatus, statement, subscribedPlanName } from './reports.service.js';
import { getSettings, loadBillingSettings, loadCompany, paybillOf, putSettings } from './settings.service.js';
import { inRequestScope, requestCallerOf } from '../../lib/request-caller.js';

export type BillingDeps = ModuleDeps & { mpesa: MpesaDeps };

/**
 * Platform billing (issue 18 §1, §5; docs/decisions/0017-platform-billing.md). EduFam staff with
 * manageBilling run plans, subscriptions, term invoices (generated per school from the active-learner
 * count on a snapshot date, one transaction, idempotent per term), credit notes, bank payments, voids
 * and the settings; viewBilling reads invoices and receipts (a school's director: their own school only,
 * another school's invoice is 404); the director pays by M-Pesa to the platform paybill (STK push through
 * the same Daraja client and simulator as school fees). Money in KES cents; dates YYYY-MM-DD
 * (Africa/Nairobi). Errors `{ error: { code, message } }`: 400 bad input (nothing written), 401, 403,
 * 404, 409 (void or paid invoice, name taken), 502 M-Pesa unreachable. Every money write is audited.
 */
export async function billingRoutes(app: FastifyInstance, deps: BillingDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;
  const tags = ['billing'];
  const manage = { permission: 'manageBilling' } as const;
  const view = { permission: 'viewBilling' } as const;

  const caller = requestCallerOf;
  /** One transaction in the caller's scope (a director: their school under row-level security; EduFam staff: platform). */
  const run = <T>(req: FastifyRequest, fn: (tx: Tx, c: RequestCaller) => Promise<T>): Promise<T> => inRequestScope(database, req, fn);
  /** Platform context, for what only the platform may read (plans, settings, company). */
  const system = <T>(fn: (tx: Tx) => Promise<T>) => withSystem(database.db, fn);

  // Reminders, read-only statuses and stale platform STK pushes: pg-boss schedules (main.ts starts them).
  for (const sweep of billingSweeps(deps.mpesa)) deps.tasks.schedule(sweep);

  // ------------------------------------------------------------------------------------------------
  // Plans

  /** GET /api/billing/plans → { items: BillingPlan[] } (active first). */
  r.get('/api/billing/plans', { config: manage, schema: { response: { 200: listPlansResponse }, tags } }, async (req) => run(req, (tx) => svc.listPlans(tx)));

  /** POST /api/billing/plans { name, pricePerLearnerCents, minimumCents?, setupFeeCents?, modules?, active? } → 201 plan. Negative price 400; name taken 409. */
  r.post('/api/billing/plans', { config: manage, schema: { body: createPlanBody, response: { 201: billingPlanSchema }, tags } }, async (req, reply) =>
    reply.code(201).send(await run(req, (tx, c) => svc.createPlan(tx, c, req.body))),
  );

  /** PATCH /api/billing/plans/:id { any of the plan's fields } → plan. 404 unknown; audited old → new. */
  r.patch('/api/billing/plans/:id', { config: manage, schema: { params: idParams, body: updatePlanBody, response: { 200: billingPlanSchema }, tags } }, async (req) =>
    run(req, (tx, c) => svc.updatePlan(tx, c, req.params.id, req.body)),
  );

  // ------------------------------------------------------------------------------------------------
  // Subscriptions

  /** GET /api/billing/subscriptions → { items }: every school with its subscription (a director: their own). */
  r.get('/api/billing/subscriptions', { config: view, schema: { response: { 200: listSubscriptionsResponse }, tags } }, async (req) => {
    const names = await system((tx) => svc.planNames(tx));
    return run(req, (tx, c) => svc.listSubscriptions(tx, c, names));
  });

  /**
   * PUT /api/billing/subscriptions/:schoolId { planId, startsOn?, trialEndsOn?, discountPercent?,
   * discountCents?, modules?, status? } → the school's Subscription. A new subscription gets the 30-day
   * trial. 404 unknown school; 400 unknown plan or module.
   */
  r.put('/api/billing/subscriptions/:schoolId', { config: manage, schema: { params: schoolIdParams, body: putSubscriptionBody, response: { 200: subscriptionSchema }, tags } }, async (req) => {
    await run(req, (tx, c) => svc.putSubscription(tx, c, req.params.schoolId, req.body));
    invalidateBillingGate(req.params.schoolId);
    const names = await system((tx) => svc.planNames(tx));
    const { items } = await run(req, (tx, c) => svc.listSubscriptions(tx, c, names));
    const item = items.find((i) => i.schoolId === req.params.schoolId);
    if (!item) throw notFound(bm.api.schoolNotFound);
    return item;
  });

  // ------------------------------------------------------------------------------------------------
  // Settings

  /** GET /api/billing/settings → BillingSettings (secrets masked; company details from Company Management). */
  r.get('/api/billing/settings', { config: manage, schema: { response: { 200: billingSettingsSchema }, tags } }, async () => system((tx) => getSettings(tx, deps.mpesa)));

  /** PUT /api/billing/settings { vatRateBps?, paymentTermsDays?, graceDays?, reminderDaysBefore?, reminderDaysAfter?, mpesa? } → BillingSettings. Audited (secrets never logged). */
  r.put('/api/billing/settings', { config: manage, schema: { body: putBillingSettingsBody, response: { 200: billingSettingsSchema }, tags } }, async (req) => {
    const c = caller(req);
    return system(async (tx) => {
      const { view: out, before, after } = await putSettings(tx, deps.mpesa, c.actor.id, req.body);
      await recordAudit(tx, { schoolId: null, action: 'billing.settings.update', performedByUserId: c.actor.id, performedByRole: c.actor.role, targetEntity: 'system_settings', resource: 'billing_settings', oldValue: before, newValue: after, ipAddress: c.ip });
      return out;
    });
  });

  // ------------------------------------------------------------------------------------------------
  // Invoices

  /**
   * POST /api/billing/invoices/generate { termLabel, snapshotDate, issuedOn? } → { created, skipped,
   * inTrial, invoices }. One transaction; a second call for the same term creates nothing
   * ({ created: 0, skipped: n }).
   */
  r.post('/api/billing/invoices/generate', { config: manage, schema: { body: generateInvoicesBody, response: { 200: generateInvoicesResponse }, tags } }, async (req) =>
    run(req, (tx, c) => svc.generateInvoices(tx, c, req.body)),
  );

  /** GET /api/billing/invoices?schoolId=&status=&termLabel=&q=&page=&pageSize= → { items, total, page, pageSize, totals }. A director: own school only. */
  r.get('/api/billing/invoices', { config: view, schema: { querystring: listInvoicesQuery, response: { 200: listInvoicesResponse }, tags } }, async (req) =>
    run(req, (tx, c) => svc.listInvoices(tx, c, req.query)),
  );

  const payToOf = async () =>
    system(async (tx) => {
      const s = await loadBillingSettings(tx);
      const company = await loadCompany(tx);
      return {
        company,
        paybill: paybillOf(s, company),
      };
    });

  /** GET /api/billing/invoices/:id → the invoice with lines, credit notes, payments and payTo. 404 not the caller's. */
  r.get('/api/billing/invoices/:id', { config: view, schema: { params: idParams, response: { 200: platformInvoiceDetailSchema }, tags } }, async (req) => {
    const { company, paybill } = await payToOf();
    return run(req, (tx, c) =>
      svc.invoiceDetail(tx, c, req.params.id, {
        paybill,
        bankName: company.bankName,
        bankAccountName: company.bankAccountName,
        bankAccountNumber: company.bankAccountNumber,
        bankBranch: company.bankBranch,
      }),
    );
  });

  /** GET /api/billing/invoices/:id/pdf → application/pdf: the tax invoice with the company's KRA PIN and how to pay. */
  r.get('/api/billing/invoices/:id/pdf', { config: view, schema: { params: idParams, tags } }, async (req, reply) => {
    const { company, paybill } = await payToOf();
    const { detail, school } = await run(req, async (tx, c) => {
      const d = await svc.invoiceDetail(tx, c, req.params.id, { paybill, bankName: null, bankAccountName: null, bankAccountNumber: null, bankBranch: null });
      return { detail: d, school: await svc.schoolLetterhead(tx, d.schoolId, d.schoolName) };
    });
    return sendPdf(reply, await invoicePdf(detail, company, school, paybill), `Invoice ${detail.number}`);
  });

  /** POST /api/billing/invoices/:id/credit-notes { amountCents, reason } → 201 { creditNote, invoice }. amount ≤ balance (400). */
  r.post('/api/billing/invoices/:id/credit-notes', { config: manage, schema: { params: idParams, body: createCreditNoteBody, response: { 201: creditNoteResponse }, tags } }, async (req, reply) => {
    const out = await run(req, (tx, c) => svc.addCreditNote(tx, c, req.params.id, req.body));
    await refreshStatus(out.schoolId);
    return reply.code(201).send({ creditNote: out.creditNote, invoice: out.invoice });
  });

  /** After a money change: the school's subscription status from its invoices, and the gate's cache. */
  const refreshStatus = async (schoolId: string) => {
    await system(async (tx) => {
      const s = await loadBillingSettings(tx);
      await svc.recomputeStatuses(tx, s.graceDays, schoolToday(), schoolId);
    });
    invalidateBillingGate(schoolId);
  };

  /**
   * POST /api/billing/invoices/:id/payments { method: 'bank', amountCents, reference, paidOn } → 201
   * { payment, invoice, duplicate: false }; the same reference again → 200 with the first payment and
   * duplicate: true. amount ≤ balance (400); 409 void invoice or reference used on another invoice.
   */
  r.post('/api/billing/invoices/:id/payments', { config: manage, schema: { params: idParams, body: bankPaymentBody, response: { 200: paymentResponse, 201: paymentResponse }, tags } }, async (req, reply) => {
    const { schoolId, ...out } = await run(req, (tx, c) => svc.recordBankPayment(tx, c, req.params.id, req.body));
    if (!out.duplicate) await refreshStatus(schoolId);
    return reply.code(out.duplicate ? 200 : 201).send(out);
  });

  /** POST /api/billing/invoices/:id/void { reason } → the invoice (status void). 409 with payments. */
  r.post('/api/billing/invoices/:id/void', { config: manage, schema: { params: idParams, body: voidInvoiceBody, response: { 200: platformInvoiceSchema }, tags } }, async (req) => {
    const { schoolIdForCache, ...out } = await run(req, (tx, c) => svc.voidInvoice(tx, c, req.params.id, req.body.reason));
    await refreshStatus(schoolIdForCache);
    return out;
  });

  /**
   * POST /api/billing/invoices/:id/mpesa { phone, amountCents? } → 202 PlatformStkRequest (status
   * pending; poll GET /api/billing/mpesa/:checkoutRequestId). The school's director (own school) or
   * EduFam billing staff; other roles 403.
   */
  r.post('/api/billing/invoices/:id/mpesa', { config: view, schema: { params: idParams, body: platformStkBody, response: { 202: platformStkSchema }, tags } }, async (req, reply) =>
    reply.code(202).send(await mpesa.startPlatformStk(deps.mpesa, caller(req), req.params.id, req.body)),
  );

  /** GET /api/billing/mpesa/:checkoutRequestId → PlatformStkRequest. 404 unless the caller's school's. */
  r.get('/api/billing/mpesa/:checkoutRequestId', { config: view, schema: { params: checkoutParams, response: { 200: platformStkSchema }, tags } }, async (req) =>
    run(req, (tx, c) => mpesa.platformStkStatus(tx, c, req.params.checkoutRequestId)),
  );

  const ack = { ResultCode: 0, ResultDesc: 'Accepted' } as const;

  /**
   * POST /api/billing/mpesa/callback/:token (public; Safaricom): the STK callback of a platform invoice
   * push, applied once. Unknown token 404; a malformed body is acknowledged and logged.
   */
  r.post('/api/billing/mpesa/callback/:token', { config: { public: true }, schema: { params: callbackTokenParams, body: z.unknown(), tags } }, async (req, reply) => {
    if (!(await mpesa.tokenIsValid(deps.mpesa, req.params.token))) throw notFound();
    try {
      await mpesa.receivePlatformStkCallback(deps.mpesa, req.body);
    } catch (err) {
      if (err instanceof DarajaProtocolError) {
        req.log.warn({ err: err.message }, 'malformed platform STK callback');
        return reply.send(ack);
      }
      throw err;
    }
    return reply.send(ack);
  });

  /** POST /api/billing/paybill/validation/:token (public; Safaricom C2B): accept a known invoice number, else C2B00012. */
  r.post('/api/billing/paybill/validation/:token', { config: { public: true }, schema: { params: callbackTokenParams, body: z.unknown(), tags } }, async (req) => {
    if (!(await mpesa.tokenIsValid(deps.mpesa, req.params.token))) throw notFound();
    return mpesa.validatePlatformC2b(deps.mpesa, req.body);
  });

  /** POST /api/billing/paybill/confirmation/:token (public; Safaricom C2B): BillRefNumber = invoice number; posted once per TransID. */
  r.post('/api/billing/paybill/confirmation/:token', { config: { public: true }, schema: { params: callbackTokenParams, body: z.unknown(), tags } }, async (req) => {
    if (!(await mpesa.tokenIsValid(deps.mpesa, req.params.token))) throw notFound();
    return mpesa.confirmPlatformC2b(deps.mpesa, req.body);
  });

  // ------------------------------------------------------------------------------------------------
  // Payments and receipts

  /** GET /api/billing/payments?schoolId=&invoiceId=&method=&page=&pageSize= → { items, total, page, pageSize }. */
  r.get('/api/billing/payments', { config: view, schema: { querystring: listPaymentsQuery, response: { 200: listPaymentsResponse }, tags } }, async (req) =>
    run(req, (tx, c) => svc.listPayments(tx, c, req.query)),
  );

  /** GET /api/billing/payments/:id/receipt → application/pdf receipt. 404 not the caller's. */
  r.get('/api/billing/payments/:id/receipt', { config: view, schema: { params: idParams, tags } }, async (req, reply) => {
    const company = await system((tx) => loadCompany(tx));
    const row = await run(req, (tx, c) => svc.findPayment(tx, c, req.params.id));
    const pay = svc.paymentView(row.p, row.inv.number, row.schoolName);
    return sendPdf(reply, await receiptPdf(pay, { number: row.inv.number, termLabel: row.inv.termLabel, balanceCents: row.inv.balanceCents }, company), `Receipt ${pay.receiptNumber}`);
  });

  // ------------------------------------------------------------------------------------------------
  // Status, dashboard, statement

  /** GET /api/billing/status → { status, planName, balanceCents, dueOn, trialEndsOn, readOnly, message } for the signed-in school user's banner ('none' for EduFam staff). */
  r.get('/api/billing/status', { config: { permission: 'signedIn' }, schema: { response: { 200: billingStatusSchema }, tags } }, async (req) => {
    const a = actorOf(req);
    if (!isSchoolRole(a.role) || !a.schoolId) return { status: 'none' as const, planName: null, balanceCents: 0, dueOn: null, trialEndsOn: null, readOnly: false, message: null };
    const schoolId = a.schoolId;
    const names = await system((tx) => svc.planNames(tx));
    return run(req, async (tx) => schoolBillingStatus(tx, schoolId, await subscribedPlanName(tx, schoolId, names)));
  });

  /** GET /api/billing/dashboard?year= → BillingDashboard (default: this year). */
  r.get('/api/billing/dashboard', { config: manage, schema: { querystring: dashboardQuery, response: { 200: billingDashboardSchema }, tags } }, async (req) =>
    run(req, (tx) => dashboard(tx, req.query.year ?? Number(schoolToday().slice(0, 4)))),
  );

  /** GET /api/billing/statement?from=&to=&format=json|pdf|xlsx&schoolId= → the statement across schools (System Reports). */
  r.get('/api/billing/statement', { config: { permission: 'viewSystemReports' }, schema: { querystring: statementQuery, response: { 200: statementSchema.or(z.any()) }, tags } }, async (req, reply) => {
    const st = await run(req, (tx) => statement(tx, req.query.from, req.query.to, req.query.schoolId));
    if (req.query.format === 'json') return st;
    const name = `Billing statement ${req.query.from} to ${req.query.to}`;
    if (req.query.format === 'pdf') return sendPdf(reply, await statementPdf(st, await system((tx) => loadCompany(tx))), name);
    reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    reply.header('content-disposition', `attachment; filename="${name.replace(/[^\w.\- ]+/g, '_')}.xlsx"`);
    reply.header('cache-control', 'no-store');
    return reply.send(await statementXlsx(st));
  });
}
