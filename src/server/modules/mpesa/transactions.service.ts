import type { z } from 'zod';
import type { Actor } from '../../../shared/access.js';
import { learnerName } from '../../../shared/contracts/learners.js';
import type { ListTransactionsQuery, MpesaTransaction, Reconciliation, simulateC2bBody } from '../../../shared/contracts/mpesa.js';
import type { UnmatchedSummary } from '../../../shared/contracts/bank-statements.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { messages } from '../../../shared/messages.js';
import { centsToKes } from '../../../shared/money.js';
import { normaliseKenyanPhone } from '../../../shared/phone.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { DarajaError } from '../../integrations/mpesa/daraja-client.js';
import { FEES_AUDIT } from '../fees/index.js';
import { findLearner } from '../fees/index.js';
import { afterPayment } from '../fees/index.js';
import { postPayment } from '../fees/index.js';
import { unmatchedBankTotals } from '../bank-statements/index.js';
import { findConfig } from './config.repository.js';
import { darajaFor, type MpesaDeps } from './mpesa-deps.js';
import { auditSchool, inSchool } from '../../lib/school-context.js';
import { pageWindow } from '../../lib/paging.js';
import {
  failedStkPushesByDay,
  findTransactionRow,
  listTransactionRows,
  lockTransaction,
  resolveTransaction,
  transactionsByDay,
  transactionTotals,
  type TransactionListRow,
} from './transactions.repository.js';

const m = messages.fees;

/**
 * M-Pesa transactions (issue 11 §3): every payment M-Pesa reported, matched to a learner or waiting in
 * the unmatched queue, where the finance officer allocates it to a learner (audited) or marks it
 * refunded; the reconciliation view by day.
 */

/** A transaction row in the API's shape (KES, ISO times, the learner's name). */
function toTransaction({ t, ...r }: TransactionListRow): MpesaTransaction {
  return {
    id: t.id,
    source: t.source as MpesaTransaction['source'],
    transId: t.transId,
    amount: centsToKes(t.amountCents),
    msisdn: t.msisdn,
    payerName: t.payerName,
    billRef: t.billRef,
    transTime: t.transTime.toISOString(),
    status: t.status as MpesaTransaction['status'],
    studentId: t.studentId,
    studentName: r.firstName ? learnerName({ firstName: r.firstName, middleName: r.middleName, lastName: r.lastName! }) : null,
    admissionNumber: r.admissionNumber,
    receiptNumber: r.receiptNumber,
    paymentId: t.paymentId,
    resolvedBy: r.resolvedBy,
    resolvedAt: t.resolvedAt?.toISOString() ?? null,
    note: t.note,
  };
}

/** The transaction `id` in the API's shape (after a write in the same transaction). */
async function transactionView(tx: Tx, id: string): Promise<MpesaTransaction | undefined> {
  const row = await findTransactionRow(tx, id);
  return row && toTransaction(row);
}

/** GET /api/mpesa/transactions?status=&source=&from=&to=&search= → { items, total, sum }. */
export async function listTransactions(deps: MpesaDeps, actor: Actor, q: ListTransactionsQuery) {
  return inSchool(deps.database, actor, q.schoolId, async (tx, schoolId) => {
    const filters = { status: q.status, source: q.source, from: q.from, to: q.to, search: q.search };
    // Not `paginate`: the count and the sum come from one query.
    const items = (await listTransactionRows(tx, schoolId, filters, pageWindow(q))).map(toTransaction);
    const totals = await transactionTotals(tx, schoolId, filters);
    return { items, total: totals.count, sum: centsToKes(totals.sumCents) };
  });
}

/**
 * GET /api/fees/unmatched-summary → { total, sum, mpesa: { total, sum }, bank: { total, sum } }: the
 * payments waiting for the finance officer in the Unmatched tab, M-Pesa transactions (status unmatched)
 * and deposit lines of imported bank statements (status unmatched, decision 0029) together; sums in KES.
 */
export async function unmatchedSummary(deps: MpesaDeps, actor: Actor, q: { schoolId?: string }): Promise<UnmatchedSummary> {
  return inSchool(deps.database, actor, q.schoolId, async (tx, schoolId) => {
    const mpesa = await transactionTotals(tx, schoolId, { status: 'unmatched' });
    const bank = await unmatchedBankTotals(tx, schoolId);
    return {
      total: mpesa.count + bank.count,
      sum: centsToKes(mpesa.sumCents + bank.sumCents),
      mpesa: { total: mpesa.count, sum: centsToKes(mpesa.sumCents) },
      bank: { total: bank.count, sum: centsToKes(bank.sumCents) },
    };
  });
}

async function unmatchedForUpdate(tx: Tx, schoolId: string, id: string) {
  const t = await lockTransaction(tx, schoolId, id);
  if (!t) throw notFound(m.transactionNotFound);
  if (t.status !== 'unmatched') throw new AppError(409, 'NOT_UNMATCHED', m.transactionNotUnmatched);
  return t;
}

/**
 * POST /api/mpesa/unmatched/:id/allocate { studentId, note? }: posts an unmatched M-Pesa payment to a
 * learner of the school (receipt, balance), audited. 409 once allocated or refunded (the row lock makes
 * two clicks post once).
 */
export async function allocateTransaction(deps: MpesaDeps, actor: Actor, id: string, body: { studentId: string; note?: string }, ip: string) {
  const out = await inSchool(deps.database, actor, undefined, async (tx, schoolId) => {
    const t = await unmatchedForUpdate(tx, schoolId, id);
    const learner = await findLearner(tx, schoolId, body.studentId);
    if (!learner) throw notFound(m.learnerNotFound);
    const payment = await postPayment(tx, schoolId, {
      studentId: learner.id,
      amountCents: t.amountCents,
      method: 'mpesa',
      reference: t.transId,
      paidOn: schoolToday(t.transTime),
      source: 'mpesa_allocation',
      mpesaTransactionId: t.id,
      payerName: t.payerName,
      payerPhone: t.msisdn && /^\d{12}$/.test(t.msisdn) ? t.msisdn : null,
      notes: body.note ?? null,
      createdBy: actor.id,
    });
    await resolveTransaction(tx, t.id, { status: 'matched', studentId: learner.id, paymentId: payment.id, resolvedBy: actor.id, resolvedAt: new Date(), note: body.note ?? null });
    await auditSchool(tx, { actor, schoolId, ip }, FEES_AUDIT.mpesaAllocated, `mpesa_transaction:${t.id}`, { status: 'unmatched', billRef: t.billRef }, {
      status: 'matched',
      studentId: learner.id,
      admissionNumber: learner.admissionNumber,
      paymentId: payment.id,
      receiptNumber: payment.receiptNumber,
      note: body.note ?? null,
    });
    const item = await transactionView(tx, t.id);
    return { item: item!, paymentId: payment.id, schoolId };
  });
  await afterPayment(deps, out.schoolId, out.paymentId);
  return out.item;
}

/** POST /api/mpesa/unmatched/:id/refund { note }: the money went back to the payer; audited. */
export async function refundTransaction(deps: MpesaDeps, actor: Actor, id: string, note: string, ip: string) {
  return inSchool(deps.database, actor, undefined, async (tx, schoolId) => {
    const t = await unmatchedForUpdate(tx, schoolId, id);
    await resolveTransaction(tx, t.id, { status: 'refunded', resolvedBy: actor.id, resolvedAt: new Date(), note });
    await auditSchool(tx, { actor, schoolId, ip }, FEES_AUDIT.mpesaRefunded, `mpesa_transaction:${t.id}`, { status: 'unmatched' }, { status: 'refunded', note });
    const item = await transactionView(tx, t.id);
    return item!;
  });
}

/**
 * GET /api/mpesa/reconciliation?from=&to= (default the last 30 days): per day, M-Pesa transactions
 * matched, unmatched and refunded (counts and KES) and STK pushes that failed, were cancelled or timed out.
 */
export async function reconciliation(deps: MpesaDeps, actor: Actor, q: { from?: string; to?: string; schoolId?: string }): Promise<Reconciliation> {
  const to = q.to ?? schoolToday();
  const from = q.from ?? addDays(to, -29);
  if (from > to) throw badRequest(m.dateInvalid, { from: m.dateInvalid });
  return inSchool(deps.database, actor, q.schoolId, async (tx, schoolId) => {
    const txRows = await transactionsByDay(tx, schoolId, from, to);
    const failed = await failedStkPushesByDay(tx, schoolId, from, to);
    const byDay = new Map(txRows.map((r) => [r.day, r]));
    const failedByDay = new Map(failed.map((r) => [r.day, Number(r.n)]));
    const days: Reconciliation['days'] = [];
    const totals = { matched: 0, unmatched: 0, refunded: 0, failed: 0, matchedAmount: 0, unmatchedAmount: 0, refundedAmount: 0 };
    for (let d = to; d >= from; d = addDays(d, -1)) {
      const r = byDay.get(d);
      const f = failedByDay.get(d) ?? 0;
      if (!r && !f) continue;
      const row = {
        date: d,
        matched: r?.matched ?? 0,
        unmatched: r?.unmatched ?? 0,
        refunded: r?.refunded ?? 0,
        failed: f,
        matchedAmount: centsToKes(r?.matchedAmount ?? 0),
        unmatchedAmount: centsToKes(r?.unmatchedAmount ?? 0),
        refundedAmount: centsToKes(r?.refundedAmount ?? 0),
      };
      days.push(row);
      totals.matched += row.matched;
      totals.unmatched += row.unmatched;
      totals.refunded += row.refunded;
      totals.failed += row.failed;
      totals.matchedAmount += r?.matchedAmount ?? 0;
      totals.unmatchedAmount += r?.unmatchedAmount ?? 0;
      totals.refundedAmount += r?.refundedAmount ?? 0;
    }
    return {
      from,
      to,
      days,
      totals: { ...totals, matchedAmount: centsToKes(totals.matchedAmount), unmatchedAmount: centsToKes(totals.unmatchedAmount), refundedAmount: centsToKes(totals.refundedAmount) },
    };
  });
}

/**
 * POST /api/mpesa/simulate-c2b { amount, phone, accountReference }: a paybill payment from a simulated
 * phone (Daraja's C2B simulate; simulator and sandbox only), so the paybill flow can be tried end to end.
 */
export async function simulateC2b(deps: MpesaDeps, actor: Actor, body: z.output<typeof simulateC2bBody>) {
  const phone = normaliseKenyanPhone(body.phone);
  if (!phone) throw badRequest(m.phoneInvalid, { phone: m.phoneInvalid });
  const cfg = await inSchool(deps.database, actor, undefined, (tx, schoolId) => findConfig(tx, schoolId));
  if (!cfg) throw new AppError(409, 'MPESA_NOT_CONFIGURED', m.mpesaNotConfigured);
  if (cfg.environment === 'production') throw new AppError(409, 'NOT_SIMULATED', m.simulatorOnly);
  const { client } = darajaFor(deps, cfg);
  try {
    await client.simulateC2b({ shortcode: cfg.shortcode, amount: body.amount / 100, msisdn: phone, billRefNumber: body.accountReference, commandId: cfg.shortcodeType === 'till' ? 'CustomerBuyGoodsOnline' : 'CustomerPayBillOnline' });
  } catch (err) {
    if (err instanceof DarajaError) throw new AppError(502, 'MPESA_REFUSED', m.stkFailed(err.errorMessage || err.message), {}, err);
    throw err;
  }
  return { accepted: true };
}
