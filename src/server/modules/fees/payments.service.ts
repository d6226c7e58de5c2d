import { randomUUID } from 'node:crypto';
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../../shared/access.js';
import type { ListPaymentsQuery, PaymentMethod, RecordPaymentResponse, recordPaymentBody } from '../../../shared/contracts/fees.js';
import { messages } from '../../../shared/messages.js';
import { schoolToday } from '../../../shared/dates.js';
import { centsToKes } from '../../../shared/money.js';
import { normaliseKenyanPhone } from '../../../shared/phone.js';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { documentSequences, financeSettings, payments, students } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { registerFilters } from '../learners/index.js';
import { FEES_AUDIT } from './fees-context.js';
import * as repo from './fees.repository.js';
import { auditSchool, inSchool, type SchoolCaller } from '../../lib/school-context.js';
import { withIdempotency } from '../../lib/idempotency.js';

const m = messages.fees;

/** A payment to post, whatever brought it (the finance officer, an STK callback, a paybill confirmation). */
export interface PaymentToPost {
  studentId: string;
  amountCents: number;
  method: PaymentMethod;
  reference: string | null;
  paidOn: string;
  source: 'manual' | 'mpesa_stk' | 'mpesa_c2b' | 'mpesa_allocation';
  mpesaTransactionId?: string | null;
  payerName?: string | null;
  payerPhone?: string | null;
  notes?: string | null;
  createdBy: string | null;
  /** The payment's id when the caller needs it before posting (to link an M-Pesa transaction first). */
  id?: string;
}

export type PaymentRow = typeof payments.$inferSelect;

/**
 * Writes one payment with the next receipt number of the school, in the caller's transaction (the
 * receipt number and the payment land or roll back together: no gaps, no repeats). One statement takes
 * the number (creating the school's sequence on first use), reads the school's receipt prefix and
 * inserts the payment: the sequence row stays locked until the caller commits, so make it the
 * transaction's last write (fees-context.ts). An M-Pesa transaction can post only once: the unique
 * index on payments.mpesa_transaction_id refuses a second row, so callers that race each other cannot
 * double-post.
 */
export async function postPayment(tx: Tx, schoolId: string, p: PaymentToPost): Promise<PaymentRow> {
  const id = p.id ?? randomUUID();
  const result = await tx.execute(sql`
    with seq as (
      insert into ${documentSequences} (school_id, kind, last_value) values (${schoolId}, 'receipt', 1)
      on conflict (school_id, kind) do update set last_value = ${documentSequences.lastValue} + 1
      returning last_value)
    insert into ${payments} (id, school_id, student_id, kind, amount_cents, method, reference, paid_on, receipt_number, source,
      mpesa_transaction_id, payer_name, payer_phone, notes, created_by)
    select ${id}, ${schoolId}, ${p.studentId}, 'payment', ${p.amountCents}, ${p.method}, ${p.reference}, ${p.paidOn},
      coalesce((select receipt_prefix from ${financeSettings} where school_id = ${schoolId}), 'RCT-') || lpad(seq.last_value::text, 6, '0'),
      ${p.source}, ${p.mpesaTransactionId ?? null}, ${p.payerName ?? null}, ${p.payerPhone ?? null}, ${p.notes ?? null}, ${p.createdBy}
    from seq
    returning receipt_number, created_at`);
  const row = (result as unknown as { rows: { receipt_number: string; created_at: string | Date }[] }).rows[0]!;
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
 * payment is reversed at most once (unique index), a reversal never.
 */
export async function reversePayment(database: Database, actor: Actor, paymentId: string, reason: string, opts: { ip: string; schoolId?: string }) {
  return inSchool(database, actor, opts.schoolId, async (tx, schoolId) => {
    const [original] = await tx.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.schoolId, schoolId))).for('update');
    if (!original) throw notFound(m.paymentNotFound);
    if (original.kind === 'reversal') throw new AppError(409, 'NOT_REVERSIBLE', m.reversalNotReversible);
    const [already] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.reversesPaymentId, original.id));
    if (already) throw new AppError(409, 'ALREADY_REVERSED', m.paymentAlreadyReversed);
    const [row] = await tx
      .insert(payments)
      .values({
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
      })
      .returning();
    await auditSchool(tx, { actor, schoolId, ip: opts.ip }, FEES_AUDIT.paymentReversed, `payment:${original.id}`, { amountCents: original.amountCents, receiptNumber: original.receiptNumber }, { reversalId: row!.id, reason });
    const reversal = (await repo.findPayment(tx, row!.id))!;
    return { reversal, original: (await repo.findPayment(tx, original.id))!, balance: centsToKes(await repo.balanceOf(tx, original.studentId)) };
  });
}

/** GET /api/fees/payments: the school's payments and reversals, newest first, with filters; sum of all matching. */
export async function listPayments(database: Database, actor: Actor, q: ListPaymentsQuery) {
  return inSchool(database, actor, q.schoolId, async (tx, schoolId) => {
    const where: SQL[] = [eq(payments.schoolId, schoolId)];
    if (q.from) where.push(gte(payments.paidOn, q.from));
    if (q.to) where.push(lte(payments.paidOn, q.to));
    if (q.method) where.push(eq(payments.method, q.method));
    if (q.kind) where.push(eq(payments.kind, q.kind));
    if (q.classId) where.push(eq(students.classId, q.classId));
    const search = q.search?.trim();
    if (search) {
      const receipt = sql`(lower(${payments.receiptNumber}) = ${search.toLowerCase()} or lower(${payments.reference}) = ${search.toLowerCase()})`;
      const learner = registerFilters(null, { search, status: 'all' });
      where.push(sql`(${receipt} or (${sql.join(learner, sql` and `)}))`);
    }
    return repo.listPaymentRows(tx, where, q.pageSize, (q.page - 1) * q.pageSize);
  });
}

/** Every payment matching the filters (exports), newest first. */
export async function allPayments(database: Database, actor: Actor, q: ListPaymentsQuery) {
  return listPayments(database, actor, { ...q, page: 1, pageSize: 100_000 });
}

/** The learner a payment belongs to, for receipt access checks. */
export async function paymentStudent(tx: Tx, paymentId: string): Promise<string | null> {
  const [row] = await tx.select({ studentId: payments.studentId }).from(payments).where(eq(payments.id, paymentId));
  return row?.studentId ?? null;
}
