import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { invoiceLines, invoices, studentCharges, terms, transportAssignments, transportRoutes, transportStops } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/**
 * Charges to learners' fee accounts from outside the fee structure (transport, store sales), inside the
 * caller's school-scoped transaction. Amounts are KES cents.
 */

/** A student_charges row. */
export type ChargeRecord = typeof studentCharges.$inferSelect;

/** The school's term containing `day` (YYYY-MM-DD), else the term marked current (the containing one first), or undefined. */
export async function findTermOn(tx: Tx, schoolId: string, day: string) {
  const [row] = await tx
    .select()
    .from(terms)
    .where(and(eq(terms.schoolId, schoolId), or(and(lte(terms.startsOn, day), gte(terms.endsOn, day)), eq(terms.isCurrent, true))))
    .orderBy(desc(sql`(${terms.startsOn} <= ${day} and ${terms.endsOn} >= ${day})`))
    .limit(1);
  return row;
}

/** The learner's issued invoice of the term (id, number, total cents), locked for update, or undefined. */
export async function lockIssuedInvoiceOfTerm(tx: Tx, studentId: string, termId: string): Promise<{ id: string; invoiceNumber: string; totalCents: number } | undefined> {
  const [row] = await tx
    .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, totalCents: invoices.totalCents })
    .from(invoices)
    .where(and(eq(invoices.studentId, studentId), eq(invoices.termId, termId), eq(invoices.status, 'issued')))
    .for('update');
  return row;
}

/** The sort order after the invoice's last line (0 for an invoice without lines). */
export async function nextLineSortOrder(tx: Tx, invoiceId: string): Promise<number> {
  const [{ next }] = (await tx
    .select({ next: sql<number>`coalesce(max(${invoiceLines.sortOrder}), -1) + 1` })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))) as [{ next: number }];
  return Number(next);
}

/** Inserts one invoice line (amount in KES cents) and returns its id. */
export async function insertInvoiceLine(tx: Tx, values: typeof invoiceLines.$inferInsert): Promise<string> {
  const [line] = await tx.insert(invoiceLines).values(values).returning({ id: invoiceLines.id });
  return line!.id;
}

/** Raises the invoice's total by `amountCents` (in SQL, on the locked row). */
export async function raiseInvoiceTotal(tx: Tx, invoiceId: string, amountCents: number): Promise<void> {
  await tx.update(invoices).set({ totalCents: sql`${invoices.totalCents} + ${amountCents}` }).where(eq(invoices.id, invoiceId));
}

/** Inserts a charge (amount in KES cents) and returns its id. */
export async function insertCharge(tx: Tx, values: typeof studentCharges.$inferInsert): Promise<string> {
  const [charge] = await tx.insert(studentCharges).values(values).returning({ id: studentCharges.id });
  return charge!.id;
}

/** Cancels the school's pending charges of a source; returns the ids cancelled. */
export async function cancelPendingChargesOf(tx: Tx, schoolId: string, source: string, sourceId: string): Promise<{ id: string }[]> {
  return tx
    .update(studentCharges)
    .set({ status: 'cancelled' })
    .where(and(eq(studentCharges.schoolId, schoolId), eq(studentCharges.source, source), eq(studentCharges.sourceId, sourceId), eq(studentCharges.status, 'pending')))
    .returning({ id: studentCharges.id });
}

/** A learner's pending charges, oldest first. */
export function listPendingCharges(tx: Tx, studentId: string) {
  return tx.select().from(studentCharges).where(and(eq(studentCharges.studentId, studentId), eq(studentCharges.status, 'pending'))).orderBy(asc(studentCharges.createdAt));
}

/**
 * Route assignments of the learners `studentIds` (non-empty) active at some point of `startsOn`..`endsOn`:
 * route and stop names, the route's term fee and the stop's zone fee (cents); unordered.
 */
export async function listRouteFeesOverlapping(tx: Tx, schoolId: string, studentIds: string[], startsOn: string, endsOn: string) {
  return tx
    .select({ studentId: transportAssignments.studentId, route: transportRoutes.name, stop: transportStops.name, routeFee: transportRoutes.termFeeCents, zoneFee: transportStops.zoneFeeCents })
    .from(transportAssignments)
    .innerJoin(transportRoutes, eq(transportRoutes.id, transportAssignments.routeId))
    .innerJoin(transportStops, eq(transportStops.id, transportAssignments.stopId))
    .where(
      and(
        eq(transportAssignments.schoolId, schoolId),
        inArray(transportAssignments.studentId, studentIds),
        lte(transportAssignments.startsOn, endsOn),
        or(isNull(transportAssignments.endsOn), gte(transportAssignments.endsOn, startsOn)),
        eq(transportAssignments.status, 'active'),
      ),
    );
}

/** The pending charges of the school's learners `studentIds` (non-empty), oldest first. */
export async function listPendingChargesOfStudents(tx: Tx, schoolId: string, studentIds: string[]): Promise<ChargeRecord[]> {
  return tx
    .select()
    .from(studentCharges)
    .where(and(eq(studentCharges.schoolId, schoolId), inArray(studentCharges.studentId, studentIds), eq(studentCharges.status, 'pending')))
    .orderBy(asc(studentCharges.createdAt));
}

/** Marks charge `chargeId` invoiced on the invoice line, if it is still pending. */
export async function markChargeInvoiced(tx: Tx, chargeId: string, invoiceId: string, lineId: string): Promise<void> {
  await tx.update(studentCharges).set({ status: 'invoiced', invoiceId, invoiceLineId: lineId }).where(and(eq(studentCharges.id, chargeId), eq(studentCharges.status, 'pending')));
}
