import { timingSafeEqual } from 'node:crypto';
import { can } from '../../../shared/access.js';
import type { PlatformStkRequest } from '../../../shared/contracts/billing.js';
import { billingMessages as bm } from '../../../shared/messages/billing.js';
import { normaliseKenyanPhone } from '../../../shared/phone.js';
import { withScope, withSystem, type Tx } from '../../db/tenant.js';
import type { RequestCaller } from '../../lib/school-context.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import { DarajaError } from '../../integrations/mpesa/daraja-client.js';
import { c2bAccept, c2bReject, confirmationAck, normaliseAccountReference, parseC2bRequest, parseStkCallback, stkOutcome } from '../../integrations/mpesa/daraja-protocol.js';
import type { MpesaDeps } from '../mpesa/index.js';
import { applyPayment, findInvoice, ownSchool, recomputeStatuses } from './billing.service.js';
import { invalidateBillingGate } from './billing-gate.js';
import { loadBillingSettings, loadCompany, paybillOf, platformCallbackUrls, platformDaraja } from './settings.service.js';
import * as repo from './platform-mpesa.repository.js';
import type { PlatformStkRow } from './platform-mpesa.repository.js';

/**
 * M-Pesa to EduFam's own paybill (issue 18 §1), with the same Daraja client and simulator as school fees
 * (integrations/mpesa): an STK push for a platform invoice (AccountReference = the invoice number without
 * punctuation, e.g. EDF20260001: Daraja allows 12 characters), its callback applied once (the request
 * row is locked and resolved once; a payment is unique per M-Pesa receipt), the STK query for pushes
 * whose callback never came, and C2B paybill payments with BillRefNumber = the invoice number.
 */

const m = bm.api;
/** Largest single M-Pesa payment (KES 250,000) in cents. */
const STK_MAX_CENTS = 25_000_000;

async function stkView(tx: Tx, r: PlatformStkRow): Promise<PlatformStkRequest> {
  const inv = await repo.findInvoiceNumberAndBalance(tx, r.invoiceId);
  let receiptNumber: string | null = null;
  if (r.paymentId) receiptNumber = (await repo.findReceiptNumber(tx, r.paymentId)) ?? null;
  return {
    id: r.id,
    checkoutRequestId: r.checkoutRequestId,
    invoiceId: r.invoiceId,
    invoiceNumber: inv?.number ?? '',
    amountCents: r.amountCents,
    phone: r.phone,
    status: r.status as PlatformStkRequest['status'],
    resultCode: r.resultCode,
    resultDesc: r.resultDesc,
    mpesaReceipt: r.mpesaReceipt,
    customerMessage: r.customerMessage,
    paymentId: r.paymentId,
    receiptNumber,
    invoiceBalanceCents: inv?.balance ?? 0,
    createdAt: r.createdAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
  };
}

/**
 * POST /api/billing/invoices/:id/mpesa { phone, amountCents? }: the school's director (own school) or
 * EduFam billing staff. Amount defaults to the balance, rounded up to whole shillings (M-Pesa takes
 * whole KES). 400 bad phone or amount; 404 not the caller's invoice; 409 void/paid or paybill not set
 * up; 502 when Daraja refuses or cannot be reached (nothing stored).
 */
export async function startPlatformStk(deps: MpesaDeps, c: RequestCaller, invoiceId: string, body: { phone: string; amountCents?: number }): Promise<PlatformStkRequest> {
  if (!can(c.actor, 'payPlatformInvoices') && !can(c.actor, 'manageBilling')) throw forbidden(m.notAllowedToPay);
  const phone = normaliseKenyanPhone(body.phone);
  if (!phone) throw badRequest(m.phoneInvalid, { phone: m.phoneInvalid });
  const own = ownSchool(c);
  const scope = own ? { schoolId: own, userId: c.actor.id, allSchools: false } : { schoolId: null, userId: c.actor.id, allSchools: true };
  const { inv } = await withScope(deps.database.db, scope, (tx) => findInvoice(tx, c, invoiceId));
  if (inv.status === 'void') throw new AppError(409, 'INVOICE_VOID', m.invoiceVoid);
  if (inv.balanceCents <= 0) throw new AppError(409, 'INVOICE_PAID', m.invoicePaid);
  const wanted = body.amountCents ?? inv.balanceCents;
  const amountCents = Math.ceil(wanted / 100) * 100;
  if (amountCents < 100) throw badRequest(m.stkTooSmall, { amountCents: m.stkTooSmall });
  if (amountCents > STK_MAX_CENTS) throw badRequest(m.stkTooLarge, { amountCents: m.stkTooLarge });
  const { settings, shortCode } = await withSystem(deps.database.db, async (tx) => {
    const st = await loadBillingSettings(tx);
    return { settings: st, shortCode: paybillOf(st, await loadCompany(tx)) };
  });
  const { client, passkey } = platformDaraja(deps, settings);
  let answer: Awaited<ReturnType<typeof client.stkPush>>;
  try {
    answer = await client.stkPush({
      shortcode: shortCode,
      passkey,
      transactionType: 'CustomerPayBillOnline',
      amountShillings: amountCents / 100,
      partyA: phone,
      partyB: shortCode,
      phone,
      callbackUrl: platformCallbackUrls(deps.callbackBase, settings.mpesa.callbackToken).stk,
      accountReference: normaliseAccountReference(inv.number).slice(0, 12),
      transactionDesc: 'EduFam',
    });
  } catch (err) {
    if (err instanceof DarajaError) {
      deps.log.warn({ status: err.status, errorCode: err.errorCode }, 'platform STK push refused');
      throw new AppError(502, 'MPESA_REFUSED', err.status === 0 ? m.mpesaUnavailable : m.mpesaRejected(err.errorMessage || err.message), {}, err);
    }
    throw err;
  }
  return withSystem(deps.database.db, async (tx) => {
    const row = await repo.insertPlatformStk(tx, {
      invoiceId: inv.id,
      schoolId: inv.schoolId,
      merchantRequestId: answer.merchantRequestId,
      checkoutRequestId: answer.checkoutRequestId,
      phone,
      amountCents,
      customerMessage: answer.customerMessage ?? null,
      initiatedBy: c.actor.id,
    });
    const stored = row ?? (await repo.findPlatformStk(tx, answer.checkoutRequestId))!;
    return stkView(tx, stored);
  });
}

/** GET /api/billing/mpesa/:checkoutRequestId: 404 unless the caller's school's (EduFam staff: any). */
export async function platformStkStatus(tx: Tx, c: RequestCaller, checkoutRequestId: string): Promise<PlatformStkRequest> {
  const own = ownSchool(c);
  const row = await repo.findPlatformStk(tx, checkoutRequestId, own);
  if (!row) throw notFound(m.requestNotFound);
  return stkView(tx, row);
}

/** Whether a callback token is the platform's (constant time). */
export async function tokenIsValid(deps: Pick<MpesaDeps, 'database'>, token: string): Promise<boolean> {
  const s = await withSystem(deps.database.db, (tx) => loadBillingSettings(tx));
  const a = Buffer.from(token);
  const b = Buffer.from(s.mpesa.callbackToken);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** After a payment lands: the school's status from its invoices (a paid school leaves arrears or read-only). */
async function afterPlatformPayment(tx: Tx, schoolId: string) {
  const s = await loadBillingSettings(tx);
  const changes = await recomputeStatuses(tx, s.graceDays, undefined, schoolId);
  return changes.length > 0;
}

/**
 * Applies an STK callback exactly once (platform context): the request row is locked; only a pending
 * request is resolved; success posts a payment keyed by the M-Pesa receipt. Returns whether a request
 * was found. A callback for a request not yet stored (it beat the insert) is retried for a few seconds.
 */
export async function receivePlatformStkCallback(deps: MpesaDeps, body: unknown): Promise<'applied' | 'duplicate' | 'unknown'> {
  const cb = parseStkCallback(body);
  for (let attempt = 0; attempt < 30; attempt++) {
    const result = await withSystem(deps.database.db, async (tx) => {
      const req = await repo.lockPlatformStkByCheckoutId(tx, cb.checkoutRequestId);
      if (!req) return 'unknown' as const;
      if (req.status !== 'pending') return 'duplicate' as const;
      const now = new Date();
      if (cb.paid) {
        const pay = await applyPayment(tx, null, req.invoiceId, {
          method: 'mpesa',
          amountCents: cb.paid.amountCents,
          reference: cb.paid.receipt,
          paidAt: cb.paid.transactionDate ?? now,
          phone: cb.paid.phone ?? req.phone,
          capAtBalance: false,
        });
        await repo.resolvePlatformStk(tx, req.id, {
          status: 'succeeded',
          resultCode: String(cb.resultCode),
          resultDesc: cb.resultDesc,
          mpesaReceipt: cb.paid.receipt,
          paymentId: pay.payment.id,
          rawCallback: body as object,
          resolvedAt: now,
        });
        if (await afterPlatformPayment(tx, req.schoolId)) invalidateBillingGate(req.schoolId);
      } else {
        await repo.resolvePlatformStk(tx, req.id, { status: stkOutcome(cb.resultCode), resultCode: String(cb.resultCode), resultDesc: cb.resultDesc, rawCallback: body as object, resolvedAt: now });
      }
      return 'applied' as const;
    });
    if (result !== 'unknown') return result;
    await new Promise((r) => setTimeout(r, 100));
  }
  deps.log.warn({ checkoutRequestId: cb.checkoutRequestId }, 'platform STK callback for an unknown request');
  return 'unknown';
}

/** The invoice a paybill account number names (punctuation and case ignored), or null. Platform context. */
async function invoiceForAccount(tx: Tx, account: string) {
  const key = normaliseAccountReference(account);
  if (!key) return null;
  return repo.findInvoiceByAccountKey(tx, key);
}

/** C2B validation: accept a known, open invoice number; reject others with C2B00012 (invalid account). */
export async function validatePlatformC2b(deps: MpesaDeps, body: unknown) {
  const req = parseC2bRequest(body);
  const inv = await withSystem(deps.database.db, (tx) => invoiceForAccount(tx, req.billRefNumber));
  return inv && inv.status !== 'void' ? c2bAccept() : c2bReject('C2B00012');
}

/**
 * C2B confirmation to the platform paybill: BillRefNumber = invoice number; the payment is posted once
 * per TransID. An unknown account is logged (the money has moved; EduFam staff record it by hand).
 */
export async function confirmPlatformC2b(deps: MpesaDeps, body: unknown) {
  const req = parseC2bRequest(body);
  await withSystem(deps.database.db, async (tx) => {
    const inv = await invoiceForAccount(tx, req.billRefNumber);
    if (!inv || inv.status === 'void') {
      deps.log.warn({ transId: req.transId, account: req.billRefNumber }, 'platform paybill payment for an unknown invoice');
      return;
    }
    await applyPayment(tx, null, inv.id, {
      method: 'mpesa',
      amountCents: req.amountCents,
      reference: req.transId,
      paidAt: req.transTime ?? new Date(),
      phone: null,
      capAtBalance: false,
    });
    if (await afterPlatformPayment(tx, inv.schoolId)) invalidateBillingGate(inv.schoolId);
  });
  return confirmationAck();
}

/**
 * Resolves pending platform STK pushes whose callback has not come within the timeout, with the STK
 * query; a success known only from the query posts the requested amount under the reference
 * "STK-<CheckoutRequestID>" (M-Pesa's query gives no receipt). Pushes still unanswered 10 minutes after
 * the timeout are marked timeout. Returns how many were resolved.
 */
export async function resolveStalePlatformPushes(deps: MpesaDeps, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - deps.stkTimeoutSeconds * 1000);
  const stale = await withSystem(deps.database.db, (tx) => repo.listStalePlatformPushes(tx, cutoff));
  if (!stale.length) return 0;
  const { settings, shortCode } = await withSystem(deps.database.db, async (tx) => {
    const st = await loadBillingSettings(tx);
    return { settings: st, shortCode: paybillOf(st, await loadCompany(tx)) };
  });
  let resolved = 0;
  for (const r of stale) {
    let code: string | null = null;
    let desc: string | null = null;
    try {
      const { client, passkey } = platformDaraja(deps, settings);
      const q = await client.stkQuery({ shortcode: shortCode, passkey, checkoutRequestId: r.checkoutRequestId });
      if (!q.pending) {
        code = q.resultCode;
        desc = q.resultDesc;
      }
    } catch (err) {
      deps.log.warn({ err: err instanceof Error ? err.message : err, checkoutRequestId: r.checkoutRequestId }, 'platform STK query failed');
    }
    const giveUp = now.getTime() - r.createdAt.getTime() > deps.stkTimeoutSeconds * 1000 + 10 * 60_000;
    const done = await withSystem(deps.database.db, async (tx) => {
      const req = await repo.lockPlatformStk(tx, r.id);
      if (!req || req.status !== 'pending') return false;
      if (code === null) {
        if (!giveUp) return false;
        await repo.resolvePlatformStk(tx, req.id, { status: 'timeout', resultDesc: 'No answer from M-Pesa', resolvedAt: now });
        return true;
      }
      if (String(code) === '0') {
        const pay = await applyPayment(tx, null, req.invoiceId, { method: 'mpesa', amountCents: req.amountCents, reference: `STK-${req.checkoutRequestId}`, paidAt: now, phone: req.phone, capAtBalance: false });
        await repo.resolvePlatformStk(tx, req.id, { status: 'succeeded', resultCode: '0', resultDesc: desc, paymentId: pay.payment.id, resolvedAt: now });
        if (await afterPlatformPayment(tx, req.schoolId)) invalidateBillingGate(req.schoolId);
      } else {
        await repo.resolvePlatformStk(tx, req.id, { status: stkOutcome(Number(code)), resultCode: String(code), resultDesc: desc, resolvedAt: now });
      }
      return true;
    });
    if (done) resolved++;
  }
  return resolved;
}
