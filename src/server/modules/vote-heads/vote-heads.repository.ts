import { and, asc, eq, sql } from 'drizzle-orm';
import { capitationRates, capitationReceiptAllocations, expenseCategories, feeStructureItems, invoiceLines, paymentAllocations, payments, voteHeads } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/** Vote heads and payment allocations, inside the caller's school-scoped transaction (amounts KES cents). */

/** A vote_heads row. */
export type VoteHeadRecord = typeof voteHeads.$inferSelect;

/** Whether a vote head is used (fee items, invoice lines, expense categories, allocations, capitation): SQL boolean. */
const inUseSql = sql<boolean>`(exists (select 1 from ${feeStructureItems} where ${feeStructureItems.voteHeadId} = ${voteHeads.id})
  or exists (select 1 from ${invoiceLines} where ${invoiceLines.voteHeadId} = ${voteHeads.id})
  or exists (select 1 from ${expenseCategories} where ${expenseCategories.voteHeadId} = ${voteHeads.id})
  or exists (select 1 from ${paymentAllocations} where ${paymentAllocations.voteHeadId} = ${voteHeads.id})
  or exists (select 1 from ${capitationRates} where ${capitationRates.voteHeadId} = ${voteHeads.id})
  or exists (select 1 from ${capitationReceiptAllocations} where ${capitationReceiptAllocations.voteHeadId} = ${voteHeads.id}))`;

/** The school's vote heads in priority order (then code), each with whether it is in use. */
export async function listVoteHeadRows(tx: Tx, schoolId: string) {
  return tx
    .select({ v: voteHeads, inUse: inUseSql })
    .from(voteHeads)
    .where(eq(voteHeads.schoolId, schoolId))
    .orderBy(asc(voteHeads.priority), asc(voteHeads.code));
}

/** The school's vote head `id` with whether it is in use, or undefined. */
export async function findVoteHead(tx: Tx, schoolId: string, id: string) {
  const [row] = await tx
    .select({ v: voteHeads, inUse: inUseSql })
    .from(voteHeads)
    .where(and(eq(voteHeads.schoolId, schoolId), eq(voteHeads.id, id)));
  return row;
}

/** The school's vote head with `code` (upper case), or undefined. */
export async function findVoteHeadByCode(tx: Tx, schoolId: string, code: string): Promise<{ id: string } | undefined> {
  const [row] = await tx.select({ id: voteHeads.id }).from(voteHeads).where(and(eq(voteHeads.schoolId, schoolId), eq(voteHeads.code, code)));
  return row;
}

/** The highest priority the school uses (0 when it has no vote heads). */
export async function maxPriority(tx: Tx, schoolId: string): Promise<number> {
  const [row] = await tx.select({ p: sql<number>`coalesce(max(${voteHeads.priority}), 0)`.mapWith(Number) }).from(voteHeads).where(eq(voteHeads.schoolId, schoolId));
  return row?.p ?? 0;
}

/** Inserts a vote head and returns it. */
export async function insertVoteHead(tx: Tx, values: typeof voteHeads.$inferInsert): Promise<VoteHeadRecord> {
  const [row] = await tx.insert(voteHeads).values(values).returning();
  return row!;
}

/** Writes `patch` onto vote head `id`. */
export async function updateVoteHeadRow(tx: Tx, id: string, patch: Partial<typeof voteHeads.$inferInsert>): Promise<void> {
  await tx.update(voteHeads).set(patch).where(eq(voteHeads.id, id));
}

/** Deletes vote head `id` (callers check it is not in use). */
export async function deleteVoteHeadRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(voteHeads).where(eq(voteHeads.id, id));
}

/** The school's payment `id` locked for update, with whether it was reversed, or undefined. */
export async function lockSchoolPayment(tx: Tx, schoolId: string, id: string) {
  const [row] = await tx
    .select({ id: payments.id, kind: payments.kind, amountCents: payments.amountCents, receiptNumber: payments.receiptNumber })
    .from(payments)
    .where(and(eq(payments.schoolId, schoolId), eq(payments.id, id)))
    .for('update');
  if (!row) return undefined;
  const [rev] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.reversesPaymentId, id));
  return { ...row, reversed: !!rev };
}

/** A payment's allocation rows (cents). */
export async function allocationRows(tx: Tx, paymentId: string): Promise<{ voteHeadId: string; cents: number }[]> {
  const rows = await tx.select({ voteHeadId: paymentAllocations.voteHeadId, cents: paymentAllocations.amountCents }).from(paymentAllocations).where(eq(paymentAllocations.paymentId, paymentId));
  return rows.map((r) => ({ voteHeadId: r.voteHeadId, cents: Number(r.cents) }));
}

/** Removes a payment's allocations (before writing new ones). */
export async function deleteAllocations(tx: Tx, paymentId: string): Promise<void> {
  await tx.delete(paymentAllocations).where(eq(paymentAllocations.paymentId, paymentId));
}
