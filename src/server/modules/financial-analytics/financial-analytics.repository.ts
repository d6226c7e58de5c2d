import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { AnalyticsTerm } from '../../../shared/contracts/financial-analytics.js';
import { academicYears, classes, expenseCategories, expenses, invoiceBalances, invoices, levels, students, terms } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { termDateColumns } from '../../lib/term-columns.js';
import { learnerNameColumns } from '../../lib/learner-columns.js';

/**
 * Read-only queries of the financial analytics: terms, invoice balances (the invoice_balances view)
 * and expenses of one school, inside the caller's school-scoped transaction
 * (explicit school_id predicates on top of row-level security). Amounts are KES cents. Payments
 * collected per day and method come from the fees module (`collectedByDay`, `collectedByMethod`).
 */

/** A term with its academic year and half-term break, as the analytics use it. */
export interface AnalyticsTermRow extends AnalyticsTerm {
  academicYearId: string;
  halfTermStartsOn: string | null;
  halfTermEndsOn: string | null;
}

const termColumns = {
  id: terms.id,
  name: terms.name,
  number: terms.number,
  academicYear: academicYears.name,
  academicYearId: terms.academicYearId,
  ...termDateColumns,
};

function selectTerms(tx: Tx) {
  return tx.select(termColumns).from(terms).innerJoin(academicYears, eq(academicYears.id, terms.academicYearId));
}

/** The school's term `termId`, or undefined. */
export async function findTerm(tx: Tx, schoolId: string, termId: string): Promise<AnalyticsTermRow | undefined> {
  const [row] = await selectTerms(tx).where(and(eq(terms.schoolId, schoolId), eq(terms.id, termId)));
  return row;
}

/** The school's current term, else the latest term that has started, or undefined. */
export async function findCurrentOrLatestTerm(tx: Tx, schoolId: string): Promise<AnalyticsTermRow | undefined> {
  const [row] = await selectTerms(tx)
    .where(and(eq(terms.schoolId, schoolId), sql`(${terms.startsOn} <= current_date or ${terms.isCurrent})`))
    .orderBy(sql`${terms.isCurrent} desc`, desc(terms.startsOn))
    .limit(1);
  return row;
}

/** The start date of academic year `id`, or undefined. */
export async function findYearStart(tx: Tx, id: string): Promise<{ startsOn: string } | undefined> {
  const [year] = await tx.select({ startsOn: academicYears.startsOn }).from(academicYears).where(eq(academicYears.id, id));
  return year;
}

/** The school's academic year starting latest before `startsOn`, or undefined. */
export async function findPreviousYear(tx: Tx, schoolId: string, startsOn: string): Promise<{ id: string } | undefined> {
  const [prev] = await tx
    .select({ id: academicYears.id })
    .from(academicYears)
    .where(and(eq(academicYears.schoolId, schoolId), lt(academicYears.startsOn, startsOn)))
    .orderBy(desc(academicYears.startsOn))
    .limit(1);
  return prev;
}

/** The school's term with number `number` in academic year `yearId`, or undefined. */
export async function findTermOfYear(tx: Tx, schoolId: string, yearId: string, number: number): Promise<AnalyticsTermRow | undefined> {
  const [row] = await selectTerms(tx).where(and(eq(terms.schoolId, schoolId), eq(terms.academicYearId, yearId), eq(terms.number, number)));
  return row;
}

/** The term's invoices due and paid (KES cents) per level of the invoiced stream, in level order. */
export function dueAndPaidByLevel(tx: Tx, schoolId: string, termId: string) {
  return tx
    .select({
      levelId: levels.id,
      level: levels.name,
      levelOrder: levels.levelOrder,
      due: sql<number>`coalesce(sum(${invoiceBalances.dueCents}), 0)`.mapWith(Number),
      paid: sql<number>`coalesce(sum(${invoiceBalances.paidCents}), 0)`.mapWith(Number),
    })
    .from(invoiceBalances)
    .innerJoin(classes, eq(classes.id, invoiceBalances.classId))
    .innerJoin(levels, eq(levels.id, classes.levelId))
    .where(and(eq(invoiceBalances.schoolId, schoolId), eq(invoiceBalances.termId, termId)))
    .groupBy(levels.id, levels.name, levels.levelOrder)
    .orderBy(asc(levels.levelOrder));
}

/** Approved and paid expenses spent `from`..`to` per category name (KES cents); unordered. */
export function expensesByCategory(tx: Tx, schoolId: string, from: string, to: string) {
  return tx
    .select({ category: expenseCategories.name, amount: sql<number>`coalesce(sum(${expenses.amountCents}), 0)`.mapWith(Number) })
    .from(expenses)
    .innerJoin(expenseCategories, eq(expenseCategories.id, expenses.categoryId))
    .where(and(eq(expenses.schoolId, schoolId), inArray(expenses.status, ['approved', 'paid']), gte(expenses.spentOn, from), lte(expenses.spentOn, to)))
    .groupBy(expenseCategories.name);
}

/**
 * The `limit` unpaid invoice balances of the term, largest (due − paid, KES cents) first, then by
 * learner last and first name, with the learner and the stream invoiced.
 */
export function topUnpaidBalances(tx: Tx, schoolId: string, termId: string, limit: number) {
  return tx
    .select({
      studentId: students.id,
      ...learnerNameColumns,
      admissionNumber: students.admissionNumber,
      stream: classes.name,
      balance: sql<number>`(${invoiceBalances.dueCents} - ${invoiceBalances.paidCents})`.mapWith(Number),
      dueOn: invoices.dueOn,
    })
    .from(invoiceBalances)
    .innerJoin(invoices, eq(invoices.id, invoiceBalances.invoiceId))
    .innerJoin(students, eq(students.id, invoiceBalances.studentId))
    .leftJoin(classes, eq(classes.id, invoiceBalances.classId))
    .where(and(eq(invoiceBalances.schoolId, schoolId), eq(invoiceBalances.termId, termId), sql`${invoiceBalances.dueCents} > ${invoiceBalances.paidCents}`))
    .orderBy(sql`(${invoiceBalances.dueCents} - ${invoiceBalances.paidCents}) desc`, asc(students.lastName), asc(students.firstName))
    .limit(limit);
}

/**
 * The total due and paid (KES cents) of every invoice of the term (also one whose stream has no level),
 * in a one-row list.
 */
export function termDueAndPaid(tx: Tx, schoolId: string, termId: string) {
  return tx
    .select({
      due: sql<number>`coalesce(sum(${invoiceBalances.dueCents}), 0)`.mapWith(Number),
      paid: sql<number>`coalesce(sum(${invoiceBalances.paidCents}), 0)`.mapWith(Number),
    })
    .from(invoiceBalances)
    .where(and(eq(invoiceBalances.schoolId, schoolId), eq(invoiceBalances.termId, termId)));
}
