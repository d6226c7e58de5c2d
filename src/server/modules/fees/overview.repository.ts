import { and, asc, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { bankStatementLines, classes, invoiceBalances, levels, mpesaStkRequests, mpesaTransactions, payments, studentBalances, students } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { learnerNameColumns } from '../../lib/learner-columns.js';

/**
 * Read-only queries of the financial overview, one school at a time inside the caller's school-scoped
 * transaction. Amounts are KES cents. Each function returns the query itself (run when awaited), so the
 * overview can start them together in a fixed order.
 */

/** The term's invoices (none when `termId` is null): expected (due) and paid cents, learners invoiced and cleared. One row. */
export function termInvoiceTotals(tx: Tx, schoolId: string, termId: string | null) {
  return tx
    .select({
      expected: sql<number>`coalesce(sum(${invoiceBalances.dueCents}), 0)`.mapWith(Number),
      paid: sql<number>`coalesce(sum(${invoiceBalances.paidCents}), 0)`.mapWith(Number),
      learners: sql<number>`count(distinct ${invoiceBalances.studentId})`.mapWith(Number),
      cleared: sql<number>`count(*) filter (where ${invoiceBalances.paidCents} >= ${invoiceBalances.dueCents})`.mapWith(Number),
    })
    .from(invoiceBalances)
    .where(and(eq(invoiceBalances.schoolId, schoolId), termCondition(termId)));
}

function termCondition(termId: string | null) {
  return termId ? eq(invoiceBalances.termId, termId) : sql`false`;
}

/** The term's invoices per invoiced stream with its level: expected and paid cents, by level order, then stream name. */
export function termInvoiceTotalsByStream(tx: Tx, schoolId: string, termId: string | null) {
  return tx
    .select({
      classId: classes.id,
      className: classes.name,
      levelId: levels.id,
      levelName: levels.name,
      levelOrder: levels.levelOrder,
      expected: sql<number>`coalesce(sum(${invoiceBalances.dueCents}), 0)`.mapWith(Number),
      paid: sql<number>`coalesce(sum(${invoiceBalances.paidCents}), 0)`.mapWith(Number),
    })
    .from(invoiceBalances)
    .innerJoin(classes, eq(classes.id, invoiceBalances.classId))
    .innerJoin(levels, eq(levels.id, classes.levelId))
    .where(and(eq(invoiceBalances.schoolId, schoolId), termCondition(termId)))
    .groupBy(classes.id, classes.name, levels.id, levels.name, levels.levelOrder)
    .orderBy(asc(levels.levelOrder), asc(classes.name));
}

/*
 * Money collected: payments less reversals (reversals are negative payment rows) paid `from`..`to`
 * inclusive (YYYY-MM-DD). The one home of these two queries for the fees overview, the financial
 * analytics and the financial reports (exported through the fees index).
 */

/** Collected per method: `amount` in KES cents and `n` the number of payments (reversals not counted); unordered. */
export function collectedByMethod(tx: Tx, schoolId: string, from: string, to: string) {
  return tx
    .select({ method: payments.method, amount: sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number), n: sql<number>`count(*) filter (where ${payments.kind} = 'payment')`.mapWith(Number) })
    .from(payments)
    .where(and(eq(payments.schoolId, schoolId), gte(payments.paidOn, from), lte(payments.paidOn, to)))
    .groupBy(payments.method);
}

/** Collected per day (`day`, YYYY-MM-DD): `amount` in KES cents and `n` the number of payments (reversals not counted); unordered. */
export function collectedByDay(tx: Tx, schoolId: string, from: string, to: string) {
  return tx
    .select({ day: payments.paidOn, amount: sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number), n: sql<number>`count(*) filter (where ${payments.kind} = 'payment')`.mapWith(Number) })
    .from(payments)
    .where(and(eq(payments.schoolId, schoolId), gte(payments.paidOn, from), lte(payments.paidOn, to)))
    .groupBy(payments.paidOn);
}

/** The `limit` active learners owing most (balance in cents, largest first, then last name), with stream and last payment date. */
export function topDefaulters(tx: Tx, schoolId: string, limit: number) {
  return tx
    .select({
      studentId: students.id,
      ...learnerNameColumns,
      admissionNumber: students.admissionNumber,
      className: classes.name,
      balance: studentBalances.balanceCents,
      lastPaidOn: studentBalances.lastPaidOn,
    })
    .from(studentBalances)
    .innerJoin(students, eq(students.id, studentBalances.studentId))
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(and(eq(students.schoolId, schoolId), eq(students.status, 'active'), sql`${studentBalances.balanceCents} > 0`))
    .orderBy(desc(studentBalances.balanceCents), asc(students.lastName))
    .limit(limit);
}

/** Every learner's arrears: the cents owed (positive balances only) and how many learners owe. One row. */
export function arrearsTotals(tx: Tx, schoolId: string) {
  return tx
    .select({
      owed: sql<number>`coalesce(sum(${studentBalances.balanceCents}) filter (where ${studentBalances.balanceCents} > 0), 0)`.mapWith(Number),
      owing: sql<number>`count(*) filter (where ${studentBalances.balanceCents} > 0)`.mapWith(Number),
    })
    .from(studentBalances)
    .where(eq(studentBalances.schoolId, schoolId));
}

/** Unmatched M-Pesa transactions: how many and their cents. One row. */
export function unmatchedMpesaTotals(tx: Tx, schoolId: string) {
  return tx
    .select({ n: count(), amount: sql<number>`coalesce(sum(${mpesaTransactions.amountCents}), 0)`.mapWith(Number) })
    .from(mpesaTransactions)
    .where(and(eq(mpesaTransactions.schoolId, schoolId), eq(mpesaTransactions.status, 'unmatched')));
}

/** Unmatched deposits of imported bank statements: how many and their cents. One row. */
export function unmatchedBankTotals(tx: Tx, schoolId: string) {
  return tx
    .select({ n: count(), amount: sql<number>`coalesce(sum(${bankStatementLines.amountCents}), 0)`.mapWith(Number) })
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.schoolId, schoolId), eq(bankStatementLines.status, 'unmatched')));
}

/** Pending STK push requests: how many. One row. */
export function pendingStkCount(tx: Tx, schoolId: string) {
  return tx.select({ n: count() }).from(mpesaStkRequests).where(and(eq(mpesaStkRequests.schoolId, schoolId), eq(mpesaStkRequests.status, 'pending')));
}
