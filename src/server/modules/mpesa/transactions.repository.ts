import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { mpesaCallbacks, mpesaStkRequests, mpesaTransactions, payments, profiles, students } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { learnerNameColumns } from '../../lib/learner-columns.js';
import type { PageWindow } from '../../lib/paging.js';
import { containsPattern } from '../../lib/like.js';

/**
 * Queries on M-Pesa transactions (mpesa_transactions: every payment M-Pesa reported, matched, unmatched
 * or refunded; amounts in KES cents), the learners a paybill account names, and the daily figures of
 * the reconciliation view.
 */

/** An M-Pesa transaction row. */
export type TransactionRow = typeof mpesaTransactions.$inferSelect;

/** A transaction with its learner, fees receipt and who resolved it, as lists show it. */
export interface TransactionListRow {
  t: TransactionRow;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  admissionNumber: string | null;
  receiptNumber: string | null;
  resolvedBy: string | null;
}

/** Filters of the transaction list: status, source, Nairobi days (YYYY-MM-DD, inclusive), free text. */
export interface TransactionFilters {
  status?: string;
  source?: string;
  from?: string;
  to?: string;
  search?: string;
}

/** One day's transactions by status (counts and KES cents), `day` YYYY-MM-DD in Africa/Nairobi. */
export interface TransactionDay {
  day: string;
  matched: number;
  unmatched: number;
  refunded: number;
  matchedAmount: number;
  unmatchedAmount: number;
  refundedAmount: number;
}

const resolver = alias(profiles, 'resolver');

function nairobiDay(col: unknown): SQL {
  return sql`(${col} at time zone 'Africa/Nairobi')::date`;
}

/** Learners of the school whose account key (normalised admission number) is `key`. */
export async function listLearnersByAccountKey(tx: Tx, schoolId: string, key: string): Promise<{ id: string; status: string }[]> {
  return tx
    .select({ id: students.id, status: students.status })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.accountKey, key)));
}

/**
 * Records the matched transaction of a successful STK Push, once: returns its id, or undefined when the
 * school already has this TransID (or the request already has a transaction; nothing written).
 */
export async function insertStkTransaction(
  tx: Tx,
  v: Pick<typeof mpesaTransactions.$inferInsert, 'schoolId' | 'transId' | 'amountCents' | 'msisdn' | 'billRef' | 'transTime' | 'studentId' | 'paymentId' | 'callbackId' | 'stkRequestId'>,
): Promise<{ id: string } | undefined> {
  const [txn] = await tx
    .insert(mpesaTransactions)
    .values({
      schoolId: v.schoolId,
      source: 'stk',
      transId: v.transId,
      amountCents: v.amountCents,
      msisdn: v.msisdn,
      billRef: v.billRef,
      transTime: v.transTime,
      status: 'matched',
      studentId: v.studentId,
      paymentId: v.paymentId,
      callbackId: v.callbackId,
      stkRequestId: v.stkRequestId,
      resolvedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: mpesaTransactions.id });
  return txn;
}

/** Records an STK payment held unposted in the unmatched queue with `note` (nothing when the TransID is known). */
export async function insertHeldStkTransaction(
  tx: Tx,
  v: Pick<typeof mpesaTransactions.$inferInsert, 'schoolId' | 'transId' | 'amountCents' | 'msisdn' | 'transTime' | 'stkRequestId' | 'callbackId' | 'note'>,
): Promise<void> {
  await tx
    .insert(mpesaTransactions)
    .values({ schoolId: v.schoolId, source: 'stk', transId: v.transId, amountCents: v.amountCents, msisdn: v.msisdn, transTime: v.transTime, status: 'unmatched', stkRequestId: v.stkRequestId, callbackId: v.callbackId, note: v.note })
    .onConflictDoNothing();
}

/** Replaces the placeholder TransID ("Q:…", from the STK query) of the request's transaction with the M-Pesa receipt. */
export async function fillQueriedTransId(tx: Tx, stkRequestId: string, receipt: string): Promise<void> {
  await tx
    .update(mpesaTransactions)
    .set({ transId: receipt })
    .where(and(eq(mpesaTransactions.stkRequestId, stkRequestId), sql`${mpesaTransactions.transId} like 'Q:%'`));
}

/** A C2B confirmation's transaction as stored: matched to `studentId` with `paymentId`, or unmatched (`held`: the reason). */
export interface NewC2bTransaction {
  schoolId: string;
  transId: string;
  amountCents: number;
  msisdn: string | null;
  payerName: string | null;
  billRef: string | null;
  transTime: Date;
  shortcode: string | null;
  studentId: string | null;
  paymentId: string | null;
  callbackId: string;
  held: string | null;
}

/**
 * Inserts a C2B transaction and closes its callback in one statement: the callback's outcome is posted,
 * held or unmatched, or 'duplicate' when the school already has the TransID (nothing inserted). Returns
 * the new transaction's id, or undefined for a duplicate.
 */
export async function insertC2bTransactionClosingCallback(tx: Tx, v: NewC2bTransaction): Promise<{ id: string } | undefined> {
  const inserted = await tx.execute(sql`
    with t as (
      insert into ${mpesaTransactions} (school_id, source, trans_id, amount_cents, msisdn, payer_name, bill_ref, trans_time, shortcode,
        status, student_id, payment_id, resolved_at, callback_id, note)
      values (${v.schoolId}, 'c2b', ${v.transId}, ${v.amountCents}, ${v.msisdn}, ${v.payerName}, ${v.billRef},
        ${v.transTime.toISOString()}, ${v.shortcode}, ${v.studentId ? 'matched' : 'unmatched'}, ${v.studentId},
        ${v.paymentId}, ${v.studentId ? new Date().toISOString() : null}, ${v.callbackId}, ${v.held})
      on conflict do nothing
      returning id),
    c as (
      update ${mpesaCallbacks} set processed_at = now(),
        outcome = case when exists (select 1 from t) then ${v.studentId ? 'posted' : v.held ? 'held' : 'unmatched'} else 'duplicate' end
      where id = ${v.callbackId})
    select id from t`);
  return (inserted as unknown as { rows: { id: string }[] }).rows[0];
}

async function transactionRowsWhere(tx: Tx, where: SQL | undefined, limit: number, offset: number): Promise<TransactionListRow[]> {
  return tx
    .select({
      t: mpesaTransactions,
      ...learnerNameColumns,
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
}

function transactionConditions(schoolId: string, f: TransactionFilters): SQL | undefined {
  const where: SQL[] = [eq(mpesaTransactions.schoolId, schoolId)];
  if (f.status) where.push(eq(mpesaTransactions.status, f.status));
  if (f.source) where.push(eq(mpesaTransactions.source, f.source));
  if (f.from) where.push(gte(nairobiDay(mpesaTransactions.transTime), f.from));
  if (f.to) where.push(lte(nairobiDay(mpesaTransactions.transTime), f.to));
  const search = f.search?.trim();
  if (search) {
    const like = containsPattern(search.toLowerCase());
    where.push(sql`(lower(${mpesaTransactions.transId}) like ${like} or lower(${mpesaTransactions.billRef}) like ${like} or lower(${mpesaTransactions.payerName}) like ${like} or ${mpesaTransactions.msisdn} like ${like})`);
  }
  return and(...where);
}

/** One page of the school's transactions matching `f`; newest M-Pesa time first, then by id. */
export async function listTransactionRows(tx: Tx, schoolId: string, f: TransactionFilters, w: PageWindow): Promise<TransactionListRow[]> {
  return transactionRowsWhere(tx, transactionConditions(schoolId, f), w.limit, w.offset);
}

/** How many of the school's transactions match `f`, and their sum in KES cents. */
export async function transactionTotals(tx: Tx, schoolId: string, f: TransactionFilters): Promise<{ count: number; sumCents: number }> {
  const [agg] = await tx
    .select({ n: count(), total: sql<number>`coalesce(sum(${mpesaTransactions.amountCents}), 0)`.mapWith(Number) })
    .from(mpesaTransactions)
    .where(transactionConditions(schoolId, f));
  return { count: Number(agg?.n ?? 0), sumCents: agg?.total ?? 0 };
}

/** The transaction `id` as lists show it (row-level security scopes it), or undefined. */
export async function findTransactionRow(tx: Tx, id: string): Promise<TransactionListRow | undefined> {
  const [row] = await transactionRowsWhere(tx, eq(mpesaTransactions.id, id), 1, 0);
  return row;
}

/** The school's transaction `id`, locked for update, or undefined. */
export async function lockTransaction(tx: Tx, schoolId: string, id: string): Promise<TransactionRow | undefined> {
  const [t] = await tx.select().from(mpesaTransactions).where(and(eq(mpesaTransactions.id, id), eq(mpesaTransactions.schoolId, schoolId))).for('update');
  return t;
}

/** Resolves the transaction `id` by hand: allocated to a learner (matched) or refunded, by whom and when. */
export async function resolveTransaction(
  tx: Tx,
  id: string,
  r: Pick<typeof mpesaTransactions.$inferInsert, 'studentId' | 'paymentId' | 'note'> & { status: 'matched' | 'refunded'; resolvedBy: string; resolvedAt: Date },
): Promise<void> {
  await tx.update(mpesaTransactions).set(r).where(eq(mpesaTransactions.id, id));
}

/** The school's transactions per Nairobi day between `from` and `to` (inclusive), by status; unordered. */
export async function transactionsByDay(tx: Tx, schoolId: string, from: string, to: string): Promise<TransactionDay[]> {
  const day = nairobiDay(mpesaTransactions.transTime);
  return tx
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
}

/** The school's STK pushes that failed, were cancelled or timed out, counted per Nairobi day of creation; unordered. */
export async function failedStkPushesByDay(tx: Tx, schoolId: string, from: string, to: string): Promise<{ day: string; n: number }[]> {
  const stkDay = nairobiDay(mpesaStkRequests.createdAt);
  return tx
    .select({ day: sql<string>`${stkDay}::text`, n: count() })
    .from(mpesaStkRequests)
    .where(and(eq(mpesaStkRequests.schoolId, schoolId), sql`${mpesaStkRequests.status} in ('failed', 'cancelled', 'timeout')`, gte(stkDay, from), lte(stkDay, to)))
    .groupBy(stkDay);
}
