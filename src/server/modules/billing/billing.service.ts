import type { z } from 'zod';
import type {
  BankPaymentBody,
  BillingPlan,
  CreateCreditNoteBody,
  createPlanBody,
  CreatePlanBody,
  GenerateInvoicesBody,
  GenerateInvoicesResponse,
  listInvoicesQuery,
  ListInvoicesResponse,
  listPaymentsQuery,
  ListPaymentsResponse,
  PaymentResponse,
  PlatformCreditNote,
  PlatformInvoice,
  PlatformInvoiceDetail,
  PlatformPayment,
  PutSubscriptionBody,
  Subscription,
  UpdatePlanBody,
} from '../../../shared/contracts/billing.js';
import { TRIAL_DAYS } from '../../../shared/contracts/billing.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { billingMessages as bm } from '../../../shared/messages/billing.js';
import { formatKesLabel } from '../../../shared/money.js';
import { isSchoolRole } from '../../../shared/roles.js';
import type { Tx } from '../../db/tenant.js';
import type { RequestCaller } from '../../lib/school-context.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { recordAudit } from '../../lib/audit.js';
import { effectiveStatus } from './billing-status.js';
import { priceTerm } from './pricing.js';
import { loadBillingSettings, type StoredBillingSettings } from './settings.service.js';
import { pageWindow, paginate } from '../../lib/paging.js';
import * as repo from './billing.repository.js';
import type { CreditRow, InvoiceRow, PaymentRow, PlanRow } from './billing.repository.js';

const m = bm.api;
const conflict = (code: string, message: string) => new AppError(409, code, message);

/** The school a school-role caller is pinned to, or null for EduFam staff. */
export function ownSchool(c: RequestCaller): string | null {
  return isSchoolRole(c.actor.role) ? (c.actor.schoolId ?? '00000000-0000-0000-0000-000000000000') : null;
}

function audit(tx: Tx, c: RequestCaller | null, e: { schoolId: string | null; action: string; entity: string; id: string; oldValue?: unknown; newValue?: unknown; metadata?: Record<string, unknown> }) {
  return recordAudit(tx, {
    schoolId: e.schoolId,
    action: e.action,
    performedByUserId: c?.actor.id ?? null,
    performedByRole: c?.actor.role ?? 'system',
    targetEntity: e.entity,
    resource: e.id,
    oldValue: e.oldValue,
    newValue: e.newValue,
    metadata: e.metadata,
    ipAddress: c?.ip ?? null,
  });
}

/** Next "<prefix>-<year>-NNNN" for a table's number column (4 digits, more when needed). */
async function nextNumber(tx: Tx, what: 'invoice' | 'credit' | 'receipt', year: string): Promise<string> {
  // Serialises number allocation (invoices, credit notes, receipts) across concurrent transactions.
  await repo.lockNumberSeries(tx, what);
  const prefix = what === 'invoice' ? `EDF-${year}-` : what === 'credit' ? `EDF-CN-${year}-` : `EDF-RCT-${year}-`;
  const n = await repo.highestNumber(tx, what, prefix);
  return `${prefix}${String(n + 1).padStart(4, '0')}`;
}

// ------------------------------------------------------------------------------------------------
// Plans

async function planView(tx: Tx, p: PlanRow): Promise<BillingPlan> {
  const schoolCount = await repo.countPlanSubscriptions(tx, p.id);
  return {
    id: p.id,
    name: p.name,
    pricePerLearnerCents: p.pricePerLearnerCents,
    minimumCents: p.minimumCents,
    setupFeeCents: p.setupFeeCents,
    modules: p.modules,
    active: p.active,
    schoolCount,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** GET /api/billing/plans: every plan, active first, by name. Platform context. */
export async function listPlans(tx: Tx): Promise<{ items: BillingPlan[] }> {
  const rows = await repo.listPlans(tx);
  const items: BillingPlan[] = [];
  for (const r of rows) items.push(await planView(tx, r));
  return { items };
}

async function planNameFree(tx: Tx, name: string, exceptId?: string) {
  const rows = await repo.listPlanIdsNamed(tx, name);
  if (rows.some((r) => r.id !== exceptId)) throw conflict('PLAN_NAME_TAKEN', m.planNameTaken);
}

/** POST /api/billing/plans → the plan; 409 PLAN_NAME_TAKEN. Audited. */
export async function createPlan(tx: Tx, c: RequestCaller, body: z.output<typeof createPlanBody>): Promise<BillingPlan> {
  await planNameFree(tx, body.name);
  const row = await repo.insertPlan(tx, body);
  await audit(tx, c, { schoolId: null, action: 'billing.plan.create', entity: 'billing_plan', id: row.id, newValue: body });
  return planView(tx, row);
}

/** PATCH /api/billing/plans/:id → the plan; 404 unknown; 409 name taken. Audited with old and new prices. */
export async function updatePlan(tx: Tx, c: RequestCaller, id: string, body: UpdatePlanBody): Promise<BillingPlan> {
  const old = await repo.lockPlan(tx, id);
  if (!old) throw notFound(m.planNotFound);
  if (body.name) await planNameFree(tx, body.name, id);
  const patch = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<PlanRow>;
  const row = await repo.updatePlan(tx, id, patch);
  const pick = (p: PlanRow) => ({ name: p.name, pricePerLearnerCents: p.pricePerLearnerCents, minimumCents: p.minimumCents, setupFeeCents: p.setupFeeCents, modules: p.modules, active: p.active });
  await audit(tx, c, { schoolId: null, action: 'billing.plan.update', entity: 'billing_plan', id, oldValue: pick(old), newValue: pick(row) });
  return planView(tx, row);
}

export type { CreatePlanBody };

// ------------------------------------------------------------------------------------------------
// Subscriptions

/**
 * GET /api/billing/subscriptions: one row per school the transaction sees (a director: their own), with
 * the plan name (`planNames`, read in platform context by the caller, since plans are platform-only).
 */
export async function listSubscriptions(tx: Tx, c: RequestCaller, planNames: Map<string, string>): Promise<{ items: Subscription[] }> {
  const own = ownSchool(c);
  const today = schoolToday();
  const rows = await repo.listSchoolsWithSubscription(tx, own);
  const ids = rows.map((r) => r.school.id);
  const balances = new Map<string, number>();
  const learners = new Map<string, number>();
  if (ids.length) {
    for (const r of await repo.openBalancesBySchool(tx, ids)) balances.set(r.schoolId, r.sum);
    for (const r of await repo.activeLearnersBySchool(tx, ids)) learners.set(r.schoolId, r.n);
  }
  return {
    items: rows.map(({ school, sub }) => ({
      schoolId: school.id,
      schoolName: school.name,
      subscriptionId: sub?.id ?? null,
      planId: sub?.planId ?? null,
      planName: sub ? (planNames.get(sub.planId) ?? null) : null,
      startsOn: sub?.startsOn ?? null,
      trialEndsOn: sub?.trialEndsOn ?? null,
      discountPercent: Number(sub?.discountPercent ?? 0),
      discountCents: sub?.discountCents ?? 0,
      modules: sub?.modules ?? [],
      status: sub ? (sub.status === 'cancelled' ? 'cancelled' : effectiveStatus(sub.status, sub.trialEndsOn, today)) : 'none',
      cancelledAt: sub?.cancelledAt?.toISOString() ?? null,
      balanceCents: balances.get(school.id) ?? 0,
      activeLearners: learners.get(school.id) ?? 0,
      updatedAt: sub?.updatedAt.toISOString() ?? null,
    })),
  };
}

/**
 * PUT /api/billing/subscriptions/:schoolId: creates (trial of TRIAL_DAYS from startsOn unless
 * trialEndsOn is given) or updates the school's subscription. Modules must be on the plan (400).
 * 'cancelled' stamps cancelled_at (churn); leaving cancelled clears it. Audited old → new. Platform context.
 */
export async function putSubscription(tx: Tx, c: RequestCaller, schoolId: string, body: PutSubscriptionBody): Promise<void> {
  if (!(await repo.schoolExists(tx, schoolId))) throw notFound(m.schoolNotFound);
  const plan = await repo.findPlan(tx, body.planId);
  if (!plan) throw badRequest(m.planNotFound, { planId: m.planNotFound });
  const old = await repo.lockSubscriptionOfSchool(tx, schoolId);
  if (!plan.active && old?.planId !== plan.id) throw badRequest(m.planInactive, { planId: m.planInactive });
  const modules = body.modules ?? (old && old.planId === plan.id ? old.modules : []);
  const offered = new Set(plan.modules.map((x) => x.key));
  if (modules.some((k) => !offered.has(k))) throw badRequest(m.moduleNotOnPlan, { modules: m.moduleNotOnPlan });
  const today = schoolToday();
  const now = new Date();
  const startsOn = body.startsOn ?? old?.startsOn ?? today;
  const trialEndsOn = body.trialEndsOn !== undefined ? body.trialEndsOn : old ? old.trialEndsOn : addDays(startsOn, TRIAL_DAYS - 1);
  let status = body.status ?? old?.status ?? (trialEndsOn && trialEndsOn >= today ? 'trial' : 'active');
  if (!body.status && status === 'trial' && (!trialEndsOn || trialEndsOn < today)) status = 'active';
  const values = {
    planId: plan.id,
    startsOn,
    trialEndsOn,
    discountPercent: body.discountPercent ?? (old ? Number(old.discountPercent) : 0),
    discountCents: body.discountCents ?? old?.discountCents ?? 0,
    modules,
    status,
    cancelledAt: status === 'cancelled' ? (old?.status === 'cancelled' ? old.cancelledAt : now) : null,
    updatedAt: now,
  };
  let id: string;
  if (old) {
    await repo.updateSubscription(tx, old.id, values);
    id = old.id;
  } else {
    id = await repo.insertSubscription(tx, schoolId, values);
  }
  const pick = (s: typeof values) => ({
    planId: s.planId,
    startsOn: s.startsOn,
    trialEndsOn: s.trialEndsOn,
    discountPercent: Number(s.discountPercent),
    discountCents: s.discountCents,
    modules: s.modules,
    status: s.status,
  });
  await audit(tx, c, { schoolId, action: old ? 'billing.subscription.update' : 'billing.subscription.create', entity: 'school_subscription', id, oldValue: old ? pick({ ...old, cancelledAt: old.cancelledAt, updatedAt: old.updatedAt }) : null, newValue: pick(values) });
}

// ------------------------------------------------------------------------------------------------
// Invoices

export function invoiceView(r: InvoiceRow, schoolName: string, today = schoolToday()): PlatformInvoice {
  return {
    id: r.id,
    number: r.number,
    schoolId: r.schoolId,
    schoolName,
    termLabel: r.termLabel,
    snapshotDate: r.snapshotDate,
    learnerCount: r.learnerCount,
    subtotalCents: r.subtotalCents,
    discountCents: r.discountCents,
    vatRateBps: r.vatRateBps,
    vatCents: r.vatCents,
    totalCents: r.totalCents,
    paidCents: r.paidCents,
    creditedCents: r.creditedCents,
    balanceCents: r.balanceCents,
    status: r.status as PlatformInvoice['status'],
    issuedOn: r.issuedOn,
    dueOn: r.dueOn,
    overdue: (r.status === 'issued' || r.status === 'partly_paid') && r.balanceCents > 0 && !!r.dueOn && r.dueOn < today,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Active learners of a school on a date: admitted on/before it, and still active then (active now, or left after it). */
export async function activeLearnersOn(tx: Tx, schoolId: string, day: string): Promise<number> {
  return repo.countActiveLearnersOn(tx, schoolId, day);
}

/**
 * POST /api/billing/invoices/generate: in the caller's one transaction (platform context), an invoice
 * per subscribed school that is not cancelled and past its trial on the snapshot date. Idempotent: a
 * school that already has an invoice for the term label is skipped (the unique (school_id, term_label)
 * index backs this up). Returns created, skipped and the created invoices. Audited.
 */
export async function generateInvoices(tx: Tx, c: RequestCaller | null, body: GenerateInvoicesBody, settings?: StoredBillingSettings): Promise<GenerateInvoicesResponse> {
  const s = settings ?? (await loadBillingSettings(tx));
  await repo.lockNumberSeries(tx, 'invoice');
  const issuedOn = body.issuedOn ?? schoolToday();
  const dueOn = addDays(issuedOn, s.paymentTermsDays);
  const subs = await repo.listInvoiceableSubscriptions(tx);
  let skipped = 0;
  let inTrial = 0;
  const created: PlatformInvoice[] = [];
  for (const { sub, plan, schoolName } of subs) {
    if (sub.startsOn > body.snapshotDate || (sub.trialEndsOn && sub.trialEndsOn >= body.snapshotDate)) {
      inTrial++;
      continue;
    }
    if (await repo.invoiceExistsForTerm(tx, sub.schoolId, body.termLabel)) {
      skipped++;
      continue;
    }
    const prior = await repo.countNonVoidInvoices(tx, sub.schoolId);
    const learnerCount = await activeLearnersOn(tx, sub.schoolId, body.snapshotDate);
    const chosen = plan.modules.filter((x) => sub.modules.includes(x.key));
    const price = priceTerm({
      learnerCount,
      pricePerLearnerCents: plan.pricePerLearnerCents,
      minimumCents: plan.minimumCents,
      setupFeeCents: plan.setupFeeCents,
      modules: chosen,
      firstInvoice: prior === 0,
      discountPercent: Number(sub.discountPercent),
      discountCents: sub.discountCents,
      vatRateBps: s.vatRateBps,
    });
    const number = await nextNumber(tx, 'invoice', issuedOn.slice(0, 4));
    const inv = await repo.insertInvoice(tx, {
      number,
      schoolId: sub.schoolId,
      subscriptionId: sub.id,
      termLabel: body.termLabel,
      snapshotDate: body.snapshotDate,
      learnerCount,
      subtotalCents: price.subtotalCents,
      discountCents: price.discountCents,
      vatRateBps: s.vatRateBps,
      vatCents: price.vatCents,
      totalCents: price.totalCents,
      balanceCents: price.totalCents,
      status: price.totalCents === 0 ? 'paid' : 'issued',
      issuedOn,
      dueOn,
      createdBy: c?.actor.id ?? null,
    });
    if (!inv) {
      skipped++;
      continue;
    }
    await repo.insertInvoiceLines(tx, price.lines.map((l, i) => ({ ...l, invoiceId: inv.id, schoolId: sub.schoolId, position: i + 1 })));
    if (sub.status === 'trial') await repo.setSubscriptionStatus(tx, sub.id, 'active');
    created.push(invoiceView(inv, schoolName));
  }
  await audit(tx, c, {
    schoolId: null,
    action: 'billing.invoices.generate',
    entity: 'platform_invoice',
    id: body.termLabel,
    newValue: { termLabel: body.termLabel, snapshotDate: body.snapshotDate, created: created.map((i) => ({ number: i.number, schoolId: i.schoolId, totalCents: i.totalCents })) },
    metadata: { created: created.length, skipped, inTrial },
  });
  return { created: created.length, skipped, inTrial, invoices: created };
}

/** GET /api/billing/invoices: filters, newest first; a school role always only its own school. */
export async function listInvoices(tx: Tx, c: RequestCaller, q: z.output<typeof listInvoicesQuery>): Promise<ListInvoicesResponse> {
  const own = ownSchool(c);
  const filters = { schoolId: own ?? q.schoolId, status: q.status, termLabel: q.termLabel, q: q.q };
  // Not `paginate`: the count and the sums come from one query.
  const rows = await repo.listInvoices(tx, filters, pageWindow(q));
  const agg = await repo.invoiceTotals(tx, filters);
  const today = schoolToday();
  return {
    items: rows.map((r) => invoiceView(r.inv, r.schoolName, today)),
    total: agg.count,
    page: q.page,
    pageSize: q.pageSize,
    totals: { totalCents: agg.totalCents, paidCents: agg.paidCents, balanceCents: agg.balanceCents },
  };
}

/** The invoice and its school's name, or 404 (a school role: another school's invoice is 404). */
export async function findInvoice(tx: Tx, c: RequestCaller | null, id: string, forUpdate = false): Promise<{ inv: InvoiceRow; schoolName: string }> {
  const own = c ? ownSchool(c) : null;
  const row = await repo.findInvoiceWithSchool(tx, id, own, forUpdate);
  if (!row) throw notFound(m.notFound);
  return row;
}

export function paymentView(p: PaymentRow, invoiceNumber: string, schoolName: string): PlatformPayment {
  return {
    id: p.id,
    invoiceId: p.invoiceId,
    invoiceNumber,
    schoolId: p.schoolId,
    schoolName,
    method: p.method as PlatformPayment['method'],
    amountCents: p.amountCents,
    reference: p.reference,
    paidAt: p.paidAt.toISOString(),
    receiptNumber: p.receiptNumber,
    phone: p.phone,
    createdAt: p.createdAt.toISOString(),
  };
}

function creditView(cn: CreditRow, invoiceNumber: string, createdByName: string | null): PlatformCreditNote {
  return {
    id: cn.id,
    number: cn.number,
    invoiceId: cn.invoiceId,
    invoiceNumber,
    amountCents: cn.amountCents,
    reason: cn.reason,
    createdByName,
    createdAt: cn.createdAt.toISOString(),
  };
}

/** Lines, credit notes and payments of an invoice (in the caller's transaction). */
export async function invoiceParts(tx: Tx, inv: InvoiceRow, schoolName: string) {
  const lines = await repo.listInvoiceLines(tx, inv.id);
  const credits = await repo.listInvoiceCreditNotes(tx, inv.id);
  const pays = await repo.listInvoicePayments(tx, inv.id);
  return {
    lines: lines.map((l) => ({ id: l.id, kind: l.kind as PlatformInvoiceDetail['lines'][number]['kind'], description: l.description, quantity: l.quantity, unitCents: l.unitCents, amountCents: l.amountCents })),
    creditNotes: credits.map((r) => creditView(r.cn, inv.number, r.by)),
    payments: pays.map((p) => paymentView(p, inv.number, schoolName)),
  };
}

/** GET /api/billing/invoices/:id: the invoice with lines, credit notes, payments and how to pay (`payTo` from the caller). */
export async function invoiceDetail(tx: Tx, c: RequestCaller, id: string, payTo: Omit<PlatformInvoiceDetail['payTo'], 'accountNumber'>): Promise<PlatformInvoiceDetail> {
  const { inv, schoolName } = await findInvoice(tx, c, id);
  const parts = await invoiceParts(tx, inv, schoolName);
  return { ...invoiceView(inv, schoolName), ...parts, payTo: { ...payTo, accountNumber: inv.number } };
}

/** Status from the figures: paid when nothing is owed, partly paid after a payment or credit, else issued. */
function statusFor(total: number, paid: number, credited: number): 'issued' | 'partly_paid' | 'paid' {
  const balance = total - paid - credited;
  if (balance <= 0) return 'paid';
  return paid > 0 || credited > 0 ? 'partly_paid' : 'issued';
}

function assertOpen(inv: InvoiceRow) {
  if (inv.status === 'void') throw conflict('INVOICE_VOID', m.invoiceVoid);
  if (inv.status === 'draft') throw conflict('INVOICE_DRAFT', m.invoiceDraft);
}

/** 409 when nothing is owed on the invoice; 400 on amountCents when `amountCents` is more than its balance. */
function assertWithinBalance(inv: InvoiceRow, amountCents: number) {
  if (inv.balanceCents <= 0) throw conflict('INVOICE_PAID', m.invoicePaid);
  if (amountCents > inv.balanceCents) throw badRequest(m.overBalance(formatKesLabel(inv.balanceCents)), { amountCents: m.overBalance(formatKesLabel(inv.balanceCents)) });
}

/**
 * Adds `amountCents` to the invoice's paid or credited figure (`figure`), recomputes its balance and
 * status (a void invoice stays void) and audits `action` with that figure, the balance and the status
 * before and after, plus `detail` after. Returns the updated invoice.
 */
async function postToInvoice(tx: Tx, c: RequestCaller | null, inv: InvoiceRow, figure: 'paidCents' | 'creditedCents', amountCents: number, action: string, detail: Record<string, unknown>) {
  const paid = inv.paidCents + (figure === 'paidCents' ? amountCents : 0);
  const credited = inv.creditedCents + (figure === 'creditedCents' ? amountCents : 0);
  const after = await repo.updateInvoice(tx, inv.id, {
    ...(figure === 'paidCents' ? { paidCents: paid } : { creditedCents: credited }),
    balanceCents: inv.totalCents - paid - credited,
    status: inv.status === 'void' ? 'void' : statusFor(inv.totalCents, paid, credited),
    updatedAt: new Date(),
  });
  await audit(tx, c, {
    schoolId: inv.schoolId,
    action,
    entity: 'platform_invoice',
    id: inv.id,
    oldValue: { [figure]: inv[figure], balanceCents: inv.balanceCents, status: inv.status },
    newValue: { [figure]: after[figure], balanceCents: after.balanceCents, status: after.status, ...detail },
  });
  return after;
}

/** POST /api/billing/invoices/:id/credit-notes: amount ≤ balance (400), not on a void invoice (409). Audited. */
export async function addCreditNote(tx: Tx, c: RequestCaller, id: string, body: CreateCreditNoteBody): Promise<{ creditNote: PlatformCreditNote; invoice: PlatformInvoice; schoolId: string }> {
  const { inv, schoolName } = await findInvoice(tx, c, id, true);
  assertOpen(inv);
  assertWithinBalance(inv, body.amountCents);
  const number = await nextNumber(tx, 'credit', schoolToday().slice(0, 4));
  const cn = await repo.insertCreditNote(tx, { number, invoiceId: inv.id, schoolId: inv.schoolId, amountCents: body.amountCents, reason: body.reason, createdBy: c.actor.id });
  const after = await postToInvoice(tx, c, inv, 'creditedCents', body.amountCents, 'billing.credit_note.create', { creditNote: number, amountCents: body.amountCents, reason: body.reason });
  const by = await repo.findProfileName(tx, c.actor.id);
  return { creditNote: creditView(cn, inv.number, by), invoice: invoiceView(after, schoolName), schoolId: inv.schoolId };
}

export interface PaymentInput {
  method: 'mpesa' | 'bank';
  amountCents: number;
  reference: string;
  paidAt: Date;
  phone?: string | null;
  recordedBy?: string | null;
  /** Refuse more than the balance (bank entries); M-Pesa money has already moved, so it is taken as is. */
  capAtBalance: boolean;
}

/**
 * Posts a payment to an invoice, once: (method, reference) is unique, so the same bank reference or
 * M-Pesa receipt again returns the first payment with duplicate: true (409 when that reference was
 * used on another invoice). Updates paid, balance and status; audited old → new. Platform or school scope.
 */
export async function applyPayment(tx: Tx, c: RequestCaller | null, invoiceId: string, p: PaymentInput): Promise<PaymentResponse & { schoolId: string }> {
  const { inv, schoolName } = await findInvoice(tx, c, invoiceId, true);
  const reference = p.reference.trim();
  const dup = await repo.findPaymentByReference(tx, p.method, reference);
  if (dup) {
    if (dup.invoiceId !== inv.id) throw conflict('REFERENCE_USED', m.referenceUsedElsewhere);
    return { payment: paymentView(dup, inv.number, schoolName), invoice: invoiceView(inv, schoolName), duplicate: true, schoolId: inv.schoolId };
  }
  // M-Pesa money has already moved: it is recorded even against a void invoice (as a credit to refund).
  if (p.capAtBalance) assertOpen(inv);
  if (p.capAtBalance) assertWithinBalance(inv, p.amountCents);
  const receiptNumber = await nextNumber(tx, 'receipt', schoolToday(p.paidAt).slice(0, 4));
  const pay = await repo.insertPayment(tx, { invoiceId: inv.id, schoolId: inv.schoolId, method: p.method, amountCents: p.amountCents, reference, paidAt: p.paidAt, receiptNumber, phone: p.phone ?? null, recordedBy: p.recordedBy ?? null });
  if (!pay) {
    const again = await repo.findPaymentByReference(tx, p.method, reference);
    return { payment: paymentView(again!, inv.number, schoolName), invoice: invoiceView(inv, schoolName), duplicate: true, schoolId: inv.schoolId };
  }
  const after = await postToInvoice(tx, c, inv, 'paidCents', p.amountCents, 'billing.payment.record', { payment: { method: p.method, amountCents: p.amountCents, reference, receiptNumber } });
  return { payment: paymentView(pay, inv.number, schoolName), invoice: invoiceView(after, schoolName), duplicate: false, schoolId: inv.schoolId };
}

/** POST /api/billing/invoices/:id/payments { method: 'bank', amountCents, reference, paidOn }. */
export function recordBankPayment(tx: Tx, c: RequestCaller, id: string, body: BankPaymentBody) {
  if (body.paidOn > schoolToday()) throw badRequest(m.dateInvalid, { paidOn: m.dateInvalid });
  // Noon in Nairobi on the day paid: the day stays the same in every time zone people read it in.
  const paidAt = new Date(`${body.paidOn}T09:00:00Z`);
  return applyPayment(tx, c, id, { method: 'bank', amountCents: body.amountCents, reference: body.reference, paidAt, recordedBy: c.actor.id, capAtBalance: true });
}

/** POST /api/billing/invoices/:id/void { reason }: only without payments (409); audited. */
export async function voidInvoice(tx: Tx, c: RequestCaller, id: string, reason: string): Promise<PlatformInvoice & { schoolIdForCache: string }> {
  const { inv, schoolName } = await findInvoice(tx, c, id, true);
  if (inv.status === 'void') throw conflict('INVOICE_VOID', m.invoiceVoid);
  if (inv.paidCents > 0) throw conflict('INVOICE_HAS_PAYMENTS', m.voidHasPayments);
  const after = await repo.updateInvoice(tx, inv.id, { status: 'void', balanceCents: 0, creditedCents: inv.totalCents, voidReason: reason, updatedAt: new Date() });
  await audit(tx, c, {
    schoolId: inv.schoolId,
    action: 'billing.invoice.void',
    entity: 'platform_invoice',
    id: inv.id,
    oldValue: { status: inv.status, balanceCents: inv.balanceCents, creditedCents: inv.creditedCents },
    newValue: { status: 'void', balanceCents: 0, reason },
  });
  return { ...invoiceView(after, schoolName), schoolIdForCache: inv.schoolId };
}

/** GET /api/billing/payments: newest first; a school role only its own school. */
export async function listPayments(tx: Tx, c: RequestCaller, q: z.output<typeof listPaymentsQuery>): Promise<ListPaymentsResponse> {
  const own = ownSchool(c);
  const filters = { schoolId: own ?? q.schoolId, invoiceId: q.invoiceId, method: q.method };
  const page = await paginate(
    q,
    (w) => repo.listPayments(tx, filters, w),
    () => repo.countPayments(tx, filters),
  );
  return { ...page, items: page.items.map((r) => paymentView(r.p, r.number, r.schoolName)) };
}

/** A payment with its invoice and school, or 404 (a school role: only its own school's). */
export async function findPayment(tx: Tx, c: RequestCaller, id: string) {
  const own = ownSchool(c);
  const row = await repo.findPaymentWithInvoice(tx, id, own);
  if (!row) throw notFound(m.paymentNotFound);
  return row;
}

// ------------------------------------------------------------------------------------------------
// Subscription status from the invoices (arrears, read-only)

/**
 * Recomputes each non-cancelled subscription's status from its open invoices on `today`: a trial past
 * its end becomes active; an invoice unpaid past its due date makes the school 'arrears', and past due
 * + graceDays 'read_only'; nothing overdue → 'active'. Returns the schools whose status changed.
 * Platform context (or a school scope to recompute one school).
 */
export async function recomputeStatuses(tx: Tx, graceDays: number, today = schoolToday(), schoolId?: string): Promise<{ schoolId: string; from: string; to: string }[]> {
  const subs = await repo.listLiveSubscriptions(tx, schoolId);
  const changes: { schoolId: string; from: string; to: string }[] = [];
  for (const sub of subs) {
    if (sub.status === 'trial' && sub.trialEndsOn && sub.trialEndsOn >= today) continue;
    const due = await repo.oldestOverdueDueOn(tx, sub.schoolId, today);
    const to = !due ? 'active' : addDays(due, graceDays) < today ? 'read_only' : 'arrears';
    if (to !== sub.status) {
      await repo.setSubscriptionStatus(tx, sub.id, to);
      await recordAudit(tx, {
        schoolId: sub.schoolId,
        action: 'billing.subscription.status',
        performedByRole: 'system',
        targetEntity: 'school_subscription',
        resource: sub.id,
        oldValue: { status: sub.status },
        newValue: { status: to },
        metadata: { overdueSince: due, graceDays },
      });
      changes.push({ schoolId: sub.schoolId, from: sub.status, to });
    }
  }
  return changes;
}

/** Plan names by id (platform context: plans are platform-only). */
export async function planNames(tx: Tx): Promise<Map<string, string>> {
  const rows = await repo.listPlanNames(tx);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The school's letterhead for its invoice PDF: name, address, county, e-mail (`fallbackName` when the school is not visible). */
export async function schoolLetterhead(tx: Tx, schoolId: string, fallbackName: string): Promise<{ name: string; address: string | null; county: string | null; email: string | null }> {
  return (await repo.findSchoolLetterhead(tx, schoolId)) ?? { name: fallbackName, address: null, county: null, email: null };
}
