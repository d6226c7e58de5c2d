import { and, eq, lt, sql } from 'drizzle-orm';
import { platformInvoices, platformMpesaRequests, platformPayments } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/**
 * Queries of M-Pesa to EduFam's own paybill (platform_mpesa_requests: STK pushes for platform invoices;
 * amounts in KES cents) and the invoice a paybill account number names. Platform context unless noted.
 */

export type PlatformStkRow = typeof platformMpesaRequests.$inferSelect;

/** What a new platform STK push stores (status starts pending). */
export type NewPlatformStk = Pick<
  typeof platformMpesaRequests.$inferInsert,
  'invoiceId' | 'schoolId' | 'merchantRequestId' | 'checkoutRequestId' | 'phone' | 'amountCents' | 'customerMessage' | 'initiatedBy'
>;

/** How a push was resolved (by its callback or the STK query); columns left out keep their value. */
export type PlatformStkResolution = Pick<typeof platformMpesaRequests.$inferInsert, 'resultCode' | 'resultDesc' | 'mpesaReceipt' | 'paymentId' | 'rawCallback'> & {
  status: string;
  resolvedAt: Date;
};

/** The invoice's number and balance (KES cents), or undefined. */
export async function findInvoiceNumberAndBalance(tx: Tx, invoiceId: string): Promise<{ number: string; balance: number } | undefined> {
  const [inv] = await tx.select({ number: platformInvoices.number, balance: platformInvoices.balanceCents }).from(platformInvoices).where(eq(platformInvoices.id, invoiceId));
  return inv;
}

/** The receipt number of the platform payment `paymentId`, or undefined. */
export async function findReceiptNumber(tx: Tx, paymentId: string): Promise<string | undefined> {
  const [p] = await tx.select({ receipt: platformPayments.receiptNumber }).from(platformPayments).where(eq(platformPayments.id, paymentId));
  return p?.receipt;
}

/** Stores a new push; undefined when its CheckoutRequestID is already stored (nothing written). */
export async function insertPlatformStk(tx: Tx, values: NewPlatformStk): Promise<PlatformStkRow | undefined> {
  const [row] = await tx.insert(platformMpesaRequests).values(values).onConflictDoNothing().returning();
  return row;
}

/** The push `checkoutRequestId` (only of `ownSchoolId` when given), or undefined. */
export async function findPlatformStk(tx: Tx, checkoutRequestId: string, ownSchoolId: string | null = null): Promise<PlatformStkRow | undefined> {
  const [row] = await tx
    .select()
    .from(platformMpesaRequests)
    .where(and(eq(platformMpesaRequests.checkoutRequestId, checkoutRequestId), ownSchoolId ? eq(platformMpesaRequests.schoolId, ownSchoolId) : undefined));
  return row;
}

/** The push `checkoutRequestId`, locked for update, or undefined. */
export async function lockPlatformStkByCheckoutId(tx: Tx, checkoutRequestId: string): Promise<PlatformStkRow | undefined> {
  const [req] = await tx.select().from(platformMpesaRequests).where(eq(platformMpesaRequests.checkoutRequestId, checkoutRequestId)).for('update');
  return req;
}

/** The push `id`, locked for update, or undefined. */
export async function lockPlatformStk(tx: Tx, id: string): Promise<PlatformStkRow | undefined> {
  const [req] = await tx.select().from(platformMpesaRequests).where(eq(platformMpesaRequests.id, id)).for('update');
  return req;
}

/** Records how the push `id` was resolved. */
export async function resolvePlatformStk(tx: Tx, id: string, resolution: PlatformStkResolution): Promise<void> {
  await tx.update(platformMpesaRequests).set(resolution).where(eq(platformMpesaRequests.id, id));
}

/** Up to 50 pending pushes created before `createdBefore` (unordered). */
export async function listStalePlatformPushes(tx: Tx, createdBefore: Date): Promise<PlatformStkRow[]> {
  return tx.select().from(platformMpesaRequests).where(and(eq(platformMpesaRequests.status, 'pending'), lt(platformMpesaRequests.createdAt, createdBefore))).limit(50);
}

/** The invoice whose number, upper-cased without punctuation, is `key` (its id, school and status), or null. */
export async function findInvoiceByAccountKey(tx: Tx, key: string): Promise<{ id: string; schoolId: string; status: string } | null> {
  const [row] = await tx
    .select({ id: platformInvoices.id, schoolId: platformInvoices.schoolId, status: platformInvoices.status })
    .from(platformInvoices)
    .where(sql`regexp_replace(upper(${platformInvoices.number}), '[^A-Z0-9]', '', 'g') = ${key}`);
  return row ?? null;
}
