import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { PaymentMethod } from '../../../shared/contracts/fees.js';
import { documentSequences, financeSettings, payments, students } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import type { PageWindow } from '../../lib/paging.js';
import { registerFilters } from '../learners/index.js';
import { listPaymentRows } from './fees.repository.js';

/**
 * Payments and reversals (amounts in KES cents; reversals negative), inside the caller's school-scoped
 * transaction.
 */

/** A payments row. */
export type PaymentRecord = typeof payments.$inferSelect;

/** The columns of a payment posted with a receipt number (amount in KES cents). */
export interface ReceiptPaymentValues {
  studentId: string;
  amountCents: number;
  method: string;
  reference: string | null;
  paidOn: string;
  source: string;
  mpesaTransactionId?: string | null;
  payerName?: string | null;
  payerPhone?: string | null;
  notes?: string | null;
  createdBy: string | null;
}

/**
 * Inserts payment `id` with the school's next receipt number in one statement: takes the number from
 * the school's receipt sequence (creating it on first use; the sequence row stays locked until the
 * transaction ends), reads the school's receipt prefix (default 'RCT-') and inserts the payment.
 * Returns the receipt number and created_at of the new row.
 */
export async function insertPaymentWithReceipt(tx: Tx, schoolId: string, id: string, p: ReceiptPaymentValues): Promise<{ receipt_number: string; created_at: string | Date }> {
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
  return (result as unknown as { rows: { receipt_number: string; created_at: string | Date }[] }).rows[0]!;
}

/** Payment `id` (any school the transaction sees), or undefined. */
export async function findPaymentRecord(tx: Tx, id: string): Promise<PaymentRecord | undefined> {
  const [p] = await tx.select().from(payments).where(eq(payments.id, id));
  return p;
}

/** The school's payment `id`, locked for update (reversing it), or undefined. */
export async function lockPayment(tx: Tx, schoolId: string, id: string): Promise<PaymentRecord | undefined> {
  const [original] = await tx.select().from(payments).where(and(eq(payments.id, id), eq(payments.schoolId, schoolId))).for('update');
  return original;
}

/** The id of the reversal of payment `paymentId`, or undefined when it was not reversed. */
export async function findReversalOf(tx: Tx, paymentId: string): Promise<{ id: string } | undefined> {
  const [already] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.reversesPaymentId, paymentId));
  return already;
}

/** Inserts a payments row (a reversal: negative amount in KES cents) and returns it. */
export async function insertPaymentRow(tx: Tx, values: typeof payments.$inferInsert): Promise<PaymentRecord | undefined> {
  const [row] = await tx.insert(payments).values(values).returning();
  return row;
}

/** What the payment list may be narrowed by. */
export interface PaymentFilters {
  from?: string;
  to?: string;
  method?: PaymentMethod;
  kind?: 'payment' | 'reversal';
  classId?: string;
  /** A receipt number or reference (exact, any case), or the register's search on the learner. */
  search?: string;
}

function paymentConditions(schoolId: string, f: PaymentFilters): SQL[] {
  const where: SQL[] = [eq(payments.schoolId, schoolId)];
  if (f.from) where.push(gte(payments.paidOn, f.from));
  if (f.to) where.push(lte(payments.paidOn, f.to));
  if (f.method) where.push(eq(payments.method, f.method));
  if (f.kind) where.push(eq(payments.kind, f.kind));
  if (f.classId) where.push(eq(students.classId, f.classId));
  const search = f.search?.trim();
  if (search) {
    const receipt = sql`(lower(${payments.receiptNumber}) = ${search.toLowerCase()} or lower(${payments.reference}) = ${search.toLowerCase()})`;
    const learner = registerFilters(null, { search, status: 'all' });
    where.push(sql`(${receipt} or (${sql.join(learner, sql` and `)}))`);
  }
  return where;
}

/**
 * One page of the school's payments and reversals matching the filters (newest first, ending on id),
 * with the number of matching rows and their sum (see listPaymentRows).
 */
export async function listPaymentPage(tx: Tx, schoolId: string, f: PaymentFilters, w: PageWindow) {
  return listPaymentRows(tx, paymentConditions(schoolId, f), w.limit, w.offset);
}
