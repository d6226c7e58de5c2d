import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Actor } from '../../../shared/access.js';
import { learnerName } from '../../../shared/contracts/learners.js';
import type { ListTransactionsQuery, MpesaTransaction, Reconciliation, simulateC2bBody } from '../../../shared/contracts/mpesa.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { messages } from '../../../shared/messages.js';
import { centsToKes } from '../../../shared/money.js';
import { normaliseKenyanPhone } from '../../../shared/phone.js';
import { mpesaStkRequests, mpesaTransactions, payments, profiles, students } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { DarajaError } from '../../integrations/mpesa/daraja-client.js';
import { FEES_AUDIT } from '../fees/index.js';
import { findLearner } from '../fees/index.js';
import { afterPayment } from '../fees/index.js';
import { postPayment } from '../fees/index.js';
import { configRow } from './config.service.js';
import { darajaFor, type MpesaDeps } from './mpesa-deps.js';
import { auditSchool, inSchool } from '../../lib/school-context.js';

const m = messages.fees;

/**
 * M-Pesa transactions (issue 11 §3): every payment M-Pesa reported, matched to a learner or waiting in
 * the unmatched queue, where the finance officer allocates it to a learner (audited) or marks it
 * refunded; the reconciliation view by day.
 */

const resolver = alias(profiles, 'resolver');

function nairobiDay(col: unknown): SQL {
  return sql`(${col} at time zone 'Africa/Nairobi')::date`;
}

async function transactionRows(tx: Tx, where: SQL | undefined, limit: number, offset: number): Promise<MpesaTransaction[]> {
  const rows = await tx
    .select({
      t: mpesaTransactions,
      firstName: students.firstName,
      middleName: students.middleName,
      lastName: students.lastName,
      admissionNumber: students.admissionNumber,
      receiptNumber: payments.receiptNumber,
      resolvedBy: resolver.name,
    })
    .from(mpesaTransactions)
    .leftJoin(students, eq(students.id, mpesaTransactions.studentId))
    .leftJoin(payments, eq(payments.id, mpesaTransactions.paymentId))
    .leftJoin(resolver, eq(resolver.id, mpesaTransactions.resolvedBy))
    .where(where)
    .orderBy(desc(mpesaTransactions.transTime), desc(mpesaTransactions.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ t, ...r }) => ({
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
  }));
}

/** GET /api/mpesa/transactions?status=&source=&from=&to=&search= → { items, total, sum }. */
export async function listTransactions(deps: MpesaDeps, actor: Actor, q: ListTransactionsQuery) {
  return inSchool(deps.database, actor, q.schoolId, async (tx, schoolId) => {
    const where: SQL[] = [eq(mpesaTransactions.schoolId, schoolId)];
    if (q.status) where.push(eq(mpesaTransactions.status, q.status));
    if (q.source) where.push(eq(mpesaTransactions.source, q.source));
    if (q.from) where.push(gte(nairobiDay(mpesaTransactions.transTime), q.from));
    if (q.to) where.push(lte(nairobiDay(mpesaTransactions.transTime), q.to));
    const search = q.search?.trim();
    if (search) {
      const like = `%${search.toLowerCase()}%`;
      where.push(sql`(lower(${mpesaTransactions.transId}) like ${like} or lower(${mpesaTransactions.billRef}) like ${like} or lower(${mpesaTransactions.payerName}) like ${like} or ${mpesaTransactions.msisdn} like ${like})`);
    }
    const cond = and(...where);
    const items = await transactionRows(tx, cond, q.pageSize, (q.page - 1) * q.pageSize);
    const [agg] = await tx.select({ n: count(), total: sql<number>`coalesce(sum(${mpesaTransactions.amountCents}), 0)`.mapWith(Number) }).from(mpesaTransactions).where(cond);
    return { items, total: Number(agg?.n ?? 0), sum: centsToKes(agg?.total ?? 0) };
  });
}

async function unmatchedForUpdate(tx: Tx, schoolId: string, id: string) {
  const [t] = await tx.select().from(mpesaTransactions).where(and(eq(mpesaTransactions.id, id), eq(mpesaTransactions.schoolId, schoolId))).for('update');
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
    await tx
      .update(mpesaTransactions)
      .set({ status: 'matched', studentId: learner.id, paymentId: payment.id, resolvedBy: actor.id, resolvedAt: new Date(), note: body.note ?? null })
      .where(eq(mpesaTransactions.id, t.id));
    await auditSchool(tx, { actor, schoolId, ip }, FEES_AUDIT.mpesaAllocated, `mpesa_transaction:${t.id}`, { status: 'unmatched', billRef: t.billRef }, {
      status: 'matched',
      studentId: learner.id,
      admissionNumber: learner.admissionNumber,
      paymentId: payment.id,
      receiptNumber: payment.receiptNumber,
      note: body.note ?? null,
    });
    const [item] = await transactionRows(tx, eq(mpesaTransactions.id, t.id), 1, 0);
    return { item: item!, paymentId: payment.id, schoolId };
  });
  await afterPayment(deps, out.schoolId, out.paymentId);
  return out.item;
}

/** POST /api/mpesa/unmatched/:id/refund { note }: the money went back to the payer; audited. */
export async function refundTransaction(deps: MpesaDeps, actor: Actor, id: string, note: string, ip: string) {
  return inSchool(deps.database, actor, undefined, async (tx, schoolId) => {
    const t = await unmatchedForUpdate(tx, schoolId, id);
    await tx.update(mpesaTransactions).set({ status: 'refunded', resolvedBy: actor.id, resolvedAt: new Date(), note }).where(eq(mpesaTransactions.id, t.id));
    await auditSchool(tx, { actor, schoolId, ip }, FEES_AUDIT.mpesaRefunded, `mpesa_transaction:${t.id}`, { status: 'unmatched' }, { status: 'refunded', note });
    const [item] = await transactionRows(tx, eq(mpesaTransactions.id, t.id), 1, 0);
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
    const day = nairobiDay(mpesaTransactions.transTime);
    const txRows = await tx
      .select({
        day: sql<string>`${day}::text`,
        matched: sql<number>`count(*) filter (where ${mpesaTransactions.status} = 'matched')`.mapWith(Number),
        unmatched: sql<number>`count(*) filter (where ${mpesaTransactions.status} = 'unmatched')`.mapWith(Number),
        refunded: sql<number>`count(*) filter (where ${mpesaTransactions.status} = 'refunded')`.mapWith(Number),
        matchedAmount: sql<number>`coalesce(sum(${mpesaTransactions.amountCents}) filter (where ${mpesaTransactions.status} = 'matched'), 0)`.mapWith(Number),
        unmatchedAmount: sql<number>`coalesce(sum(${mpesaTransactions.amountCents}) filter (where ${mpesaTransactions.status} = 'unmatched'), 0)`.mapWith(Number),
        refundedAmount: sql<number>`coalesce(sum(${mpesaTransactions.amountCents}) filter (where ${mpesaTransactions.status} = 'refunded'), 0)`.mapWith(Number),
      })
      .from(mpesaTransactions)
      .where(and(eq(mpesaTransactions.schoolId, schoolId), gte(day, from), lte(day, to)))
      .groupBy(day);
    const stkDay = nairobiDay(mpesaStkRequests.createdAt);
    const failed = await tx
      .select({ day: sql<string>`${stkDay}::text`, n: count() })
      .from(mpesaStkRequests)
      .where(and(eq(mpesaStkRequests.schoolId, schoolId), sql`${mpesaStkRequests.status} in ('failed', 'cancelled', 'timeout')`, gte(stkDay, from), lte(stkDay, to)))
      .groupBy(stkDay);
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
  const cfg = await inSchool(deps.database, actor, undefined, (tx, schoolId) => configRow(tx, schoolId));
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
