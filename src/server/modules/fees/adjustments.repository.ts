import { and, eq, type SQL } from 'drizzle-orm';
import type { Adjustment } from '../../../shared/contracts/fees.js';
import { feeAdjustments, invoiceBalances, invoices } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import type { PageWindow } from '../../lib/paging.js';
import { adjustmentRows } from './fees.repository.js';

/**
 * Fee adjustments (credit notes, discounts, bursaries, waivers; amounts in KES cents), inside the
 * caller's school-scoped transaction.
 */

/** A fee_adjustments row. */
export type AdjustmentRecord = typeof feeAdjustments.$inferSelect;

/** The school's invoice `id` (learner, status, term), or undefined. */
export async function findInvoiceHead(tx: Tx, schoolId: string, id: string): Promise<{ id: string; studentId: string; status: string; termId: string } | undefined> {
  const [row] = await tx
    .select({ id: invoices.id, studentId: invoices.studentId, status: invoices.status, termId: invoices.termId })
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.schoolId, schoolId)));
  return row;
}

/**
 * What is left due on the learner's invoice (invoice less applied adjustments, cents) per the
 * invoice_balances view, or undefined. The learner filter reaches the view's window partition: only
 * this learner's allocation is computed.
 */
export async function findInvoiceDue(tx: Tx, studentId: string, invoiceId: string): Promise<{ dueCents: number } | undefined> {
  const [due] = await tx.select({ dueCents: invoiceBalances.dueCents }).from(invoiceBalances).where(and(eq(invoiceBalances.studentId, studentId), eq(invoiceBalances.invoiceId, invoiceId)));
  return due;
}

/** Inserts an adjustment and returns the new row. */
export async function insertAdjustment(tx: Tx, values: typeof feeAdjustments.$inferInsert): Promise<AdjustmentRecord | undefined> {
  const [row] = await tx.insert(feeAdjustments).values(values).returning();
  return row;
}

/** Writes the decision on adjustment `id`: status, credit-note number, who decided, when, note, effective date. */
export async function markAdjustmentDecided(
  tx: Tx,
  id: string,
  d: { status: string; number: string | null; decidedBy: string; decidedAt: Date; decisionNote: string | null; effectiveOn: string },
): Promise<void> {
  await tx.update(feeAdjustments).set(d).where(eq(feeAdjustments.id, id));
}

/** Adjustment `id` in the API's shape, or undefined. */
export async function findAdjustment(tx: Tx, id: string): Promise<Adjustment | undefined> {
  const { items } = await adjustmentRows(tx, eq(feeAdjustments.id, id), 1);
  return items[0];
}

/** A learner's adjustments in the API's shape (newest first), with their number. */
export async function adjustmentsOfStudent(tx: Tx, studentId: string): Promise<{ items: Adjustment[]; total: number }> {
  return adjustmentRows(tx, eq(feeAdjustments.studentId, studentId));
}

/** What the adjustment list may be narrowed by. */
export interface AdjustmentFilters {
  status?: string;
  kind?: string;
  studentId?: string;
}

/** One page of the school's adjustments matching the filters (newest first, ending on id), with the number matching. */
export async function listAdjustmentPage(tx: Tx, schoolId: string, f: AdjustmentFilters, w: PageWindow): Promise<{ items: Adjustment[]; total: number }> {
  const where: SQL[] = [eq(feeAdjustments.schoolId, schoolId)];
  if (f.status) where.push(eq(feeAdjustments.status, f.status));
  if (f.kind) where.push(eq(feeAdjustments.kind, f.kind));
  if (f.studentId) where.push(eq(feeAdjustments.studentId, f.studentId));
  return adjustmentRows(tx, and(...where), w.limit, w.offset);
}
