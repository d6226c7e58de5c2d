import { and, asc, eq, gt, inArray, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { paymentAllocations, payments, students } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/** Payments (not reversed) holding money on the prepayment vote head, oldest first, with the amount held (cents). */
export async function paymentsHoldingPrepayment(tx: Tx, schoolId: string, prepaymentId: string, lock: boolean) {
  const reversal = alias(payments, 'reversal');
  const q = tx
    .select({ id: payments.id, studentId: payments.studentId, cents: paymentAllocations.amountCents })
    .from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
    .where(
      and(
        eq(paymentAllocations.schoolId, schoolId),
        eq(paymentAllocations.voteHeadId, prepaymentId),
        gt(paymentAllocations.amountCents, 0),
        eq(payments.kind, 'payment'),
        notExists(tx.select({ one: sql`1` }).from(reversal).where(eq(reversal.reversesPaymentId, payments.id))),
      ),
    )
    .orderBy(asc(payments.paidOn), asc(payments.createdAt), asc(payments.id));
  const rows = lock ? await q.for('update', { of: payments }) : await q;
  return rows.map((r) => ({ ...r, cents: Number(r.cents) }));
}

/** Names and admission numbers of the school's learners `ids`. */
export async function learnerNames(tx: Tx, schoolId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: students.id, firstName: students.firstName, middleName: students.middleName, lastName: students.lastName, admissionNumber: students.admissionNumber })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), inArray(students.id, ids)));
}
