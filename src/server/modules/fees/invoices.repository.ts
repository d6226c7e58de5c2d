import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { InvoiceStatus } from '../../../shared/contracts/fees.js';
import { classes, feeAdjustments, invoiceLines, invoices, studentEnrolments, studentFeeOptions, students } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import type { PageWindow } from '../../lib/paging.js';
import { registerFilters } from '../learners/index.js';
import { invoiceStatusCondition, listInvoiceRows } from './fees.repository.js';

/**
 * Invoice generation, cancellation and the invoice list, inside the caller's school-scoped transaction.
 * Amounts are KES cents.
 */

/** An active learner to invoice: day/boarding and the stream (with level) of the term's year. */
export interface InvoiceCandidate {
  studentId: string;
  boarding: string;
  classId: string;
  levelId: string | null;
}

/** Active learners of the school with their stream in academic year `academicYearId` (class history), optionally of one level or one learner; unordered. */
export async function listInvoiceCandidates(tx: Tx, schoolId: string, academicYearId: string, filter: { levelId?: string; studentId?: string }): Promise<InvoiceCandidate[]> {
  return tx
    .select({ studentId: students.id, boarding: students.boarding, classId: classes.id, levelId: classes.levelId })
    .from(students)
    .innerJoin(studentEnrolments, and(eq(studentEnrolments.studentId, students.id), eq(studentEnrolments.academicYearId, academicYearId)))
    .innerJoin(classes, eq(classes.id, studentEnrolments.classId))
    .where(
      and(
        eq(students.schoolId, schoolId),
        eq(students.status, 'active'),
        filter.levelId ? eq(classes.levelId, filter.levelId) : undefined,
        filter.studentId ? eq(students.id, filter.studentId) : undefined,
      ),
    );
}

/** The learners that have an issued invoice for the term (one row per invoice), unordered. */
export async function listInvoicedStudents(tx: Tx, termId: string): Promise<{ studentId: string }[]> {
  return tx.select({ studentId: invoices.studentId }).from(invoices).where(and(eq(invoices.termId, termId), eq(invoices.status, 'issued')));
}

/** Optional items chosen: of one learner when `studentId` is given, else of every learner of the school; unordered. */
export async function listFeeOptions(tx: Tx, schoolId: string, studentId?: string) {
  return tx.select().from(studentFeeOptions).where(studentId ? eq(studentFeeOptions.studentId, studentId) : eq(studentFeeOptions.schoolId, schoolId));
}

/** Inserts invoices (totals in KES cents) and returns their ids in the order given. */
export async function insertInvoices(tx: Tx, rows: (typeof invoices.$inferInsert)[]): Promise<{ id: string }[]> {
  return tx.insert(invoices).values(rows).returning({ id: invoices.id });
}

/** Inserts invoice lines (amounts in KES cents). */
export async function insertInvoiceLines(tx: Tx, rows: (typeof invoiceLines.$inferInsert)[]): Promise<void> {
  await tx.insert(invoiceLines).values(rows);
}

/** The lines (id, invoice, sort order, name) of the invoices `invoiceIds` (non-empty), unordered. */
export async function listLinesOfInvoices(tx: Tx, invoiceIds: string[]) {
  return tx
    .select({ id: invoiceLines.id, invoiceId: invoiceLines.invoiceId, sortOrder: invoiceLines.sortOrder, name: invoiceLines.name })
    .from(invoiceLines)
    .where(inArray(invoiceLines.invoiceId, invoiceIds));
}

/** Whether the invoice has an adjustment that is not rejected (pending or applied). */
export async function hasLiveAdjustment(tx: Tx, invoiceId: string): Promise<boolean> {
  const [adj] = await tx.select({ id: feeAdjustments.id }).from(feeAdjustments).where(and(eq(feeAdjustments.invoiceId, invoiceId), sql`${feeAdjustments.status} <> 'rejected'`)).limit(1);
  return !!adj;
}

/** Marks the school's invoice `id` cancelled with the reason. */
export async function markInvoiceCancelled(tx: Tx, schoolId: string, id: string, reason: string): Promise<void> {
  await tx.update(invoices).set({ status: 'cancelled', cancelReason: reason }).where(and(eq(invoices.id, id), eq(invoices.schoolId, schoolId)));
}

/** What the invoice list may be narrowed by. */
export interface InvoiceFilters {
  termId?: string;
  classId?: string;
  levelId?: string;
  status?: InvoiceStatus;
  /** An invoice number (exact, any case), or the register's search on the learner. */
  search?: string;
}

function invoiceConditions(schoolId: string, f: InvoiceFilters): SQL[] {
  const where: SQL[] = [eq(invoices.schoolId, schoolId)];
  if (f.termId) where.push(eq(invoices.termId, f.termId));
  if (f.classId) where.push(eq(invoices.classId, f.classId));
  if (f.levelId) where.push(eq(classes.levelId, f.levelId));
  if (f.status) where.push(invoiceStatusCondition(f.status));
  const search = f.search?.trim();
  if (search) {
    const byNumber = sql`lower(${invoices.invoiceNumber}) = ${search.toLowerCase()}`;
    where.push(sql`(${byNumber} or (${sql.join(registerFilters(null, { search, status: 'all' }), sql` and `)}))`);
  }
  return where;
}

/**
 * One page of the school's invoices matching the filters (newest term first, then stream and learner
 * name, ending on id), with the number of matching invoices and their totals (see listInvoiceRows).
 */
export async function listInvoicePage(tx: Tx, schoolId: string, f: InvoiceFilters, w: PageWindow) {
  return listInvoiceRows(tx, invoiceConditions(schoolId, f), w.limit, w.offset);
}
