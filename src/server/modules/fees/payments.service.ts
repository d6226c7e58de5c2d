import { randomUUID } from 'node:crypto';
import type { Actor } from '../../../shared/access.js';
import type { ListPaymentsQuery, PaymentMethod, RecordPaymentResponse, recordPaymentBody } from '../../../shared/contracts/fees.js';
import { messages } from '../../../shared/messages.js';
import { schoolToday } from '../../../shared/dates.js';
import { centsToKes } from '../../../shared/money.js';
import { normaliseKenyanPhone } from '../../../shared/phone.js';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { FEES_AUDIT } from './fees-context.js';
import * as repo from './fees.repository.js';
import * as paymentsRepo from './payments.repository.js';
import { pageWindow } from '../../lib/paging.js';
import { auditSchool, inSchool, type SchoolCaller } from '../../lib/school-context.js';
import { withIdempotency } from '../../lib/idempotency.js';
import { allocatePayment, allocateReversal } from '../vote-heads/index.js';

const m = messages.fees;

/**
 * A payment to post, whatever brought it (the finance officer, an STK callback, a paybill confirmation):
 * the receipt row's columns with the method and the source narrowed to what the API knows.
 */
export interface PaymentToPost extends paymentsRepo.ReceiptPaymentValues {
  method: PaymentMethod;
  source: 'manual' | 'mpesa_stk' | 'mpesa_c2b' | 'mpesa_allocation' | 'bank_statement';
  /** The payment's id when the caller needs it before posting (to link an M-Pesa transaction first). */
  id?: string;
}

export type PaymentRow = paymentsRepo.PaymentRecord;

/**
 * Writes one payment with the next receipt number of the school, in the caller's transaction (the
 * receipt number and the payment land or roll back together: no gaps, no repeats). One statement takes
 * the number (creating the school's sequence on first use), reads the school's receipt prefix and
 * inserts the payment: the sequence row stays locked until the caller commits, so make it the
 * transaction's last write (fees-context.ts). An M-Pesa transaction can post only once: the unique
 * index on payments.mpesa_transaction_id refuses a second row, so callers that race each other cannot
 * double-post. Issue 35 §3: the payment is split over vote heads in the same transaction
 * (vote-heads allocatePayment: the school's rule over what the learner owes per vote head; an
 * overpayment to "Fees paid in advance"), whatever posted it (manual, M-Pesa, bank statement).
 */
export async function postPayment(tx: Tx, schoolId: string, p: PaymentToPost): Promise<PaymentRow> {
  const id = p.id ?? randomUUID();
  const row = await paymentsRepo.insertPaymentWithReceipt(tx, schoolId, id, p);
  await allocatePayment(tx, schoolId, { id, studentId: p.studentId, amountCents: p.amountCents });
  return {
    id,
    schoolId,
    studentId: p.studentId,
    kind: 'payment',
    amountCents: p.amountCents,
    method: p.method,
    reference: p.reference,
    paidOn: p.paidOn,
    receiptNumber: row.receipt_number,
    source: p.source,
    mpesaTransactionId: p.mpesaTransactionId ?? null,
    payerName: p.payerName ?? null,
    payerPhone: p.payerPhone ?? null,
    notes: p.notes ?? null,
    reversesPaymentId: null,
    reason: null,
    createdBy: p.createdBy,
    createdAt: new Date(row.created_at),
  };
}

type RecordInput = z.output<typeof recordPaymentBody>;

/**
 * POST /api/fees/payments (issue 11 §2, §5): the finance officer records money received (cash, bank
 * deposit, cheque, M-Pesa, bank transfer) for a learner of the school. One transaction: payment,
 * receipt number, audit entry and the Idempotency-Key's stored answer. Answers the payment with the
 * learner's new balance. 404 for a learner not in the school; 400 for a future date or a missing
 * reference on a non-cash payment.
 */
export async function recordPayment(
  database: Database,
  actor: Actor,
  body: RecordInput,
  opts: { ip: string; idempotencyKey?: string; schoolId?: string },
): Promise<{ status: number; body: RecordPaymentResponse; replayed: boolean; paymentId: string }> {
  const result = await inSchool(database, actor, opts.schoolId, (tx, schoolId) =>
    withIdempotency(tx, { schoolId, userId: actor.id, key: opts.idempotencyKey, route: 'POST /api/fees/payments', body, status: 201 }, async () => {
      const learner = await repo.findLearner(tx, schoolId, body.studentId);
      if (!learner) throw notFound(m.learnerNotFound);
      if (body.paidOn > schoolToday()) throw badRequest(m.dateInFuture, { paidOn: m.dateInFuture });
      if (body.method !== 'cash' && !body.reference) throw badRequest(m.referenceRequired, { reference: m.referenceRequired });
      let payerPhone: string | null = null;
      if (body.payerPhone) {
        payerPhone = normaliseKenyanPhone(body.payerPhone);
        if (!payerPhone) throw badRequest(m.phoneInvalid, { payerPhone: m.phoneInvalid });
      }
      const row = await postPayment(tx, schoolId, {
        studentId: learner.id,
        amountCents: body.amount,
        method: body.method,
        reference: body.reference?.trim() || null,
        paidOn: body.paidOn,
        source: 'manual',
        payerName: body.payerName ?? null,
        payerPhone,
        notes: body.notes ?? null,
        createdBy: actor.id,
      });
      const caller: SchoolCaller = { actor, schoolId, ip: opts.ip };
      await auditSchool(tx, caller, FEES_AUDIT.paymentRecorded, `payment:${row.id}`, null, {
        studentId: learner.id,
        amountCents: row.amountCents,
        method: row.method,
        reference: row.reference,
        receiptNumber: row.receiptNumber,
        paidOn: row.paidOn,
      });
      const payment = (await repo.findPayment(tx, row.id))!;
      return { ...payment, balance: centsToKes(await repo.balanceOf(tx, learner.id)), studentName: learner.name, admissionNumber: learner.admissionNumber };
    }),
  );
  return { ...result, paymentId: result.body.id };
}

/**
 * POST /api/fees/payments/:id/reverse: reverses a payment with a reason. Adds a reversal row (negative
 * amount, same method and learner) so the payment and its reversal both stay on the account; a
 * payment is reversed at most once (unique index), a reversal never. The reversal row carries the
 * payment's vote-head allocations negated (issue 35 §3).
 */
export async function reversePayment(database: Database, actor: Actor, paymentId: string, reason: string, opts: { ip: string; schoolId?: string }) {
  return inSchool(database, actor, opts.schoolId, async (tx, schoolId) => {
    const original = await paymentsRepo.lockPayment(tx, schoolId, paymentId);
    if (!original) throw notFound(m.paymentNotFound);
    if (original.kind === 'reversal') throw new AppError(409, 'NOT_REVERSIBLE', m.reversalNotReversible);
    const already = await paymentsRepo.findReversalOf(tx, original.id);
    if (already) throw new AppError(409, 'ALREADY_REVERSED', m.paymentAlreadyReversed);
    const row = await paymentsRepo.insertPaymentRow(tx, {
      schoolId,
      studentId: original.studentId,
      kind: 'reversal',
      amountCents: -original.amountCents,
      method: original.method,
      reference: original.receiptNumber,
      paidOn: schoolToday(),
      source: original.source,
      reversesPaymentId: original.id,
      reason,
      createdBy: actor.id,
    });
    await allocateReversal(tx, row!.id, original.id);
    await auditSchool(tx, { actor, schoolId, ip: opts.ip }, FEES_AUDIT.paymentReversed, `payment:${original.id}`, { amountCents: original.amountCents, receiptNumber: original.receiptNumber }, { reversalId: row!.id, reason });
    const reversal = (await repo.findPayment(tx, row!.id))!;
    return { reversal, original: (await repo.findPayment(tx, original.id))!, balance: centsToKes(await repo.balanceOf(tx, original.studentId)) };
  });
}

/** GET /api/fees/payments: the school's payments and reversals, newest first, with filters; sum of all matching. */
export async function listPayments(database: Database, actor: Actor, q: ListPaymentsQuery) {
  return inSchool(database, actor, q.schoolId, async (tx, schoolId) => {
    const filters: paymentsRepo.PaymentFilters = { from: q.from, to: q.to, method: q.method, kind: q.kind, classId: q.classId, search: q.search };
    return paymentsRepo.listPaymentPage(tx, schoolId, filters, pageWindow(q));
  });
}

/** Every payment matching the filters (exports), newest first. */
export async function allPayments(database: Database, actor: Actor, q: ListPaymentsQuery) {
  return listPayments(database, actor, { ...q, page: 1, pageSize: 100_000 });
}

/** The learner a payment belongs to, for receipt access checks. */
export async function paymentStudent(tx: Tx, paymentId: string): Promise<string | null> {
  return (await repo.findPaymentStudentId(tx, paymentId)) ?? null;
}
