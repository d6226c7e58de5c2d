import { and, asc, count, desc, eq, inArray, sql, sum, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { learnerName } from '../../../shared/contracts/learners.js';
import type { Adjustment, Invoice, InvoiceStatus, Payment } from '../../../shared/contracts/fees.js';
import { centsToKes } from '../../../shared/money.js';
import {
  academicYears,
  classes,
  feeAdjustments,
  financeSettings,
  invoiceBalances,
  invoiceLines,
  invoices,
  levels,
  mpesaConfigs,
  payments,
  profiles,
  studentBalances,
  students,
  terms,
} from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { learnerNameColumns } from '../../lib/learner-columns.js';
import { paymentDetailColumns } from '../../lib/payment-columns.js';
import { visibleLearners, type LearnerAudience } from '../learners/index.js';
import { allocationsByPayment } from '../vote-heads/index.js';

/**
 * Queries the fees services share: learners as the fees screens name them, invoices with what has
 * been paid against them (the invoice_balances view), payments and adjustments in the API's shape.
 * Every function runs inside the caller's school-scoped transaction (row-level security).
 */

/** A learner as fees documents name them. */
export interface FeeLearner {
  id: string;
  schoolId: string;
  name: string;
  firstName: string;
  admissionNumber: string;
  classId: string | null;
  className: string | null;
  levelId: string | null;
  levelName: string | null;
  status: string;
  boarding: string;
}

const learnerColumns = {
  id: students.id,
  schoolId: students.schoolId,
  ...learnerNameColumns,
  admissionNumber: students.admissionNumber,
  classId: students.classId,
  className: classes.name,
  levelId: classes.levelId,
  levelName: levels.name,
  status: students.status,
  boarding: students.boarding,
};

function toLearner(r: { id: string; schoolId: string; firstName: string; middleName: string | null; lastName: string; admissionNumber: string; classId: string | null; className: string | null; levelId: string | null; levelName: string | null; status: string; boarding: string }): FeeLearner {
  return { ...r, name: learnerName(r) };
}

/** The learner `id` of the school (narrowed by `visible`, e.g. a parent's children), or null. */
export async function findLearner(tx: Tx, schoolId: string, id: string, visible?: SQL): Promise<FeeLearner | null> {
  const [row] = await tx
    .select(learnerColumns)
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .leftJoin(levels, eq(levels.id, classes.levelId))
    .where(and(eq(students.schoolId, schoolId), eq(students.id, id), visible));
  return row ? toLearner(row) : null;
}

/** The school's learner `id` if the audience may see them (parents: their own children), or null. */
export async function findVisibleLearner(tx: Tx, schoolId: string, audience: LearnerAudience, id: string): Promise<FeeLearner | null> {
  return findLearner(tx, schoolId, id, visibleLearners(audience));
}

/** Learners by id (for lists that name them). */
export async function learnersByIds(tx: Tx, ids: string[]): Promise<Map<string, FeeLearner>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select(learnerColumns)
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .leftJoin(levels, eq(levels.id, classes.levelId))
    .where(sql`${students.id} in ${ids}`);
  return new Map(rows.map((r) => [r.id, toLearner(r)]));
}

/** A learner's balance in cents (positive = owed). */
export async function balanceOf(tx: Tx, studentId: string): Promise<number> {
  const [row] = await tx.select({ b: studentBalances.balanceCents }).from(studentBalances).where(eq(studentBalances.studentId, studentId));
  return Number(row?.b ?? 0);
}

/** An invoice's status from its amounts. */
export function invoiceStatus(status: string, dueCents: number, paidCents: number): InvoiceStatus {
  if (status === 'cancelled') return 'cancelled';
  if (paidCents >= dueCents) return 'paid';
  return paidCents > 0 ? 'partial' : 'unpaid';
}

/**
 * The invoice_balances row of each invoice, computed for that invoice's learner only: a LATERAL
 * subquery whose learner filter reaches the view's window partition (OFFSET 0 keeps PostgreSQL from
 * flattening it into a join, which would compute every learner's allocation for every row).
 */
// Totals over a whole filtered list join the view plainly instead: one pass computes every learner once.
const lateralBalance = sql`left join lateral (select * from ${invoiceBalances} x where x.student_id = ${invoices.studentId} and x.invoice_id = ${invoices.id} offset 0) ib on true`;

/** The status filter of the invoice list as SQL on the invoice's balance row (alias ib, see lateralBalance). */
export function invoiceStatusCondition(status: InvoiceStatus): SQL {
  switch (status) {
    case 'cancelled':
      return eq(invoices.status, 'cancelled');
    case 'paid':
      return sql`${invoices.status} = 'issued' and ib.paid_cents >= ib.due_cents`;
    case 'partial':
      return sql`${invoices.status} = 'issued' and ib.paid_cents > 0 and ib.paid_cents < ib.due_cents`;
    case 'unpaid':
      return sql`${invoices.status} = 'issued' and ib.paid_cents = 0 and ib.due_cents > 0`;
  }
}

interface InvoiceRow {
  id: string;
  invoiceNumber: string;
  studentId: string;
  admissionNumber: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  className: string | null;
  termId: string;
  termName: string;
  issuedOn: string;
  dueOn: string;
  status: string;
  totalCents: number;
  adjustedCents: number;
  dueCents: number;
  paidCents: number;
}

async function selectInvoices(tx: Tx, where: SQL | undefined, order: SQL, limit = 100_000, offset = 0): Promise<InvoiceRow[]> {
  const rows = await tx.execute(sql`select ${invoices.id} as id, ${invoices.invoiceNumber} as "invoiceNumber", ${invoices.studentId} as "studentId",
      ${students.admissionNumber} as "admissionNumber", ${students.firstName} as "firstName", ${students.middleName} as "middleName",
      ${students.lastName} as "lastName", ${classes.name} as "className", ${invoices.termId} as "termId",
      ${terms.name} || ' ' || ${academicYears.name} as "termName", ${invoices.issuedOn} as "issuedOn", ${invoices.dueOn} as "dueOn",
      ${invoices.status} as status, ${invoices.totalCents} as "totalCents",
      coalesce(ib.adjusted_cents, 0) as "adjustedCents", coalesce(ib.due_cents, ${invoices.totalCents}) as "dueCents", coalesce(ib.paid_cents, 0) as "paidCents"
    from ${invoices}
    join ${students} on ${students.id} = ${invoices.studentId}
    join ${terms} on ${terms.id} = ${invoices.termId}
    join ${academicYears} on ${academicYears.id} = ${terms.academicYearId}
    left join ${classes} on ${classes.id} = ${invoices.classId}
    ${lateralBalance}
    where ${where ?? sql`true`}
    order by ${order}
    limit ${limit} offset ${offset}`);
  return (rows as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    ...(r as unknown as InvoiceRow),
    totalCents: Number(r.totalCents),
    adjustedCents: Number(r.adjustedCents),
    dueCents: Number(r.dueCents),
    paidCents: Number(r.paidCents),
  }));
}

export function toInvoice(r: InvoiceRow): Invoice {
  const paid = r.status === 'cancelled' ? 0 : r.paidCents;
  const due = r.status === 'cancelled' ? 0 : r.dueCents;
  return {
    id: r.id,
    invoiceNumber: r.invoiceNumber,
    studentId: r.studentId,
    admissionNumber: r.admissionNumber,
    studentName: learnerName(r),
    className: r.className,
    termId: r.termId,
    termName: r.termName,
    issuedOn: r.issuedOn,
    dueOn: r.dueOn,
    total: centsToKes(r.totalCents),
    adjusted: centsToKes(r.adjustedCents),
    paid: centsToKes(paid),
    balance: centsToKes(Math.max(due - paid, 0)),
    status: invoiceStatus(r.status, r.dueCents, r.paidCents),
  };
}

/** One page of invoices with the totals of every matching invoice. */
export async function listInvoiceRows(tx: Tx, where: SQL[], limit: number, offset: number) {
  const cond = and(...where);
  const rows = await selectInvoices(
    tx,
    cond,
    sql`${terms.startsOn} desc, ${classes.levelOrder} asc, ${classes.stream} asc, ${students.lastName} asc, ${students.firstName} asc, ${invoices.id} asc`,
    limit,
    offset,
  );
  const totalsResult = await tx.execute(sql`select count(*)::int as n,
      coalesce(sum(case when ${invoices.status} = 'issued' then ${invoices.totalCents} end), 0)::bigint as total,
      coalesce(sum(ib.due_cents), 0)::bigint as due, coalesce(sum(ib.paid_cents), 0)::bigint as paid
    from ${invoices}
    join ${students} on ${students.id} = ${invoices.studentId}
    left join ${classes} on ${classes.id} = ${invoices.classId}
    left join ${invoiceBalances} ib on ib.invoice_id = ${invoices.id}
    where ${cond ?? sql`true`}`);
  const t = (totalsResult as unknown as { rows: { n: number; total: string; due: string; paid: string }[] }).rows[0];
  const totals = { n: Number(t?.n ?? 0), total: Number(t?.total ?? 0), due: Number(t?.due ?? 0), paid: Number(t?.paid ?? 0) };
  return {
    items: rows.map(toInvoice),
    total: Number(totals?.n ?? 0),
    totals: { total: centsToKes(totals?.total ?? 0), paid: centsToKes(totals?.paid ?? 0), balance: centsToKes((totals?.due ?? 0) - (totals?.paid ?? 0)) },
  };
}

/** A learner's invoices, newest term first, with their lines. */
export async function invoicesOfStudent(tx: Tx, studentId: string, withLines = true): Promise<Invoice[]> {
  const rows = await selectInvoices(tx, eq(invoices.studentId, studentId), sql`${terms.startsOn} desc, ${invoices.issuedOn} desc, ${invoices.id} desc`);
  const list = rows.map(toInvoice);
  return withLines ? withInvoiceLines(tx, list) : list;
}

/**
 * Each learner's invoice of `termId` that is not cancelled (the newest issued when there are several),
 * with its lines, by learner: what a parent's fee page shows as this term's invoice (issue 37 §1: the
 * children's invoices of one term in two queries, not every term's with all their lines).
 */
export async function termInvoicesOfStudents(tx: Tx, studentIds: string[], termId: string): Promise<Map<string, Invoice>> {
  if (studentIds.length === 0) return new Map();
  const rows = await selectInvoices(
    tx,
    and(inArray(invoices.studentId, studentIds), eq(invoices.termId, termId), sql`${invoices.status} <> 'cancelled'`),
    sql`${invoices.studentId}, ${invoices.issuedOn} desc, ${invoices.id} desc`,
  );
  const first = new Map<string, Invoice>();
  for (const invoice of rows.map(toInvoice)) if (!first.has(invoice.studentId)) first.set(invoice.studentId, invoice);
  await withInvoiceLines(tx, [...first.values()]);
  return first;
}

/** Fills each invoice's lines (one query for the list), in the invoice's order of lines. */
async function withInvoiceLines(tx: Tx, list: Invoice[]): Promise<Invoice[]> {
  if (list.length === 0) return list;
  const lines = await tx
    .select({ invoiceId: invoiceLines.invoiceId, name: invoiceLines.name, category: invoiceLines.category, amountCents: invoiceLines.amountCents })
    .from(invoiceLines)
    .where(sql`${invoiceLines.invoiceId} in ${list.map((i) => i.id)}`)
    .orderBy(asc(invoiceLines.sortOrder), asc(invoiceLines.name));
  for (const inv of list) {
    inv.lines = lines.filter((l) => l.invoiceId === inv.id).map((l) => ({ name: l.name, category: l.category, amount: centsToKes(l.amountCents) }));
  }
  return list;
}

/** One invoice (any learner of the school), with lines, or null. */
export async function findInvoice(tx: Tx, id: string): Promise<Invoice | null> {
  const [row] = await selectInvoices(tx, eq(invoices.id, id), sql`${invoices.id}`);
  if (!row) return null;
  const inv = toInvoice(row);
  const lines = await tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)).orderBy(asc(invoiceLines.sortOrder));
  inv.lines = lines.map((l) => ({ name: l.name, category: l.category, amount: centsToKes(l.amountCents) }));
  return inv;
}

const recorder = alias(profiles, 'recorder');
const reversal = alias(payments, 'reversal');

const paymentColumns = {
  id: payments.id,
  studentId: payments.studentId,
  ...paymentDetailColumns,
  reversesPaymentId: payments.reversesPaymentId,
  reversedBy: reversal.id,
  recordedBy: recorder.name,
  createdAt: payments.createdAt,
};
type PaymentRow = Awaited<ReturnType<typeof selectPayments>>[number];

function selectPayments(tx: Tx) {
  return tx
    .select(paymentColumns)
    .from(payments)
    .leftJoin(recorder, eq(recorder.id, payments.createdBy))
    .leftJoin(reversal, eq(reversal.reversesPaymentId, payments.id));
}

export function toPayment(r: PaymentRow): Payment {
  return {
    id: r.id,
    amount: centsToKes(r.amountCents),
    method: r.method as Payment['method'],
    reference: r.reference,
    receiptNumber: r.receiptNumber,
    paidAt: r.paidOn,
    studentId: r.studentId,
    kind: r.kind as Payment['kind'],
    source: r.source as Payment['source'],
    payerName: r.payerName,
    payerPhone: r.payerPhone,
    notes: r.notes,
    reason: r.reason,
    reversesPaymentId: r.reversesPaymentId,
    reversedBy: r.reversedBy,
    recordedBy: r.recordedBy,
    createdAt: r.createdAt.toISOString(),
    allocations: [],
  };
}

/** Fills each payment's vote-head allocations (issue 35 §3) in one query, in place. */
async function withAllocations<P extends Payment>(tx: Tx, list: P[]): Promise<P[]> {
  const byPayment = await allocationsByPayment(
    tx,
    list.map((p) => p.id),
  );
  for (const p of list) p.allocations = byPayment.get(p.id) ?? [];
  return list;
}

/**
 * A learner's payments newest first: by day paid, time recorded, then receipt number (payments recorded
 * together, e.g. imported, keep their receipts' order) and id, so the order is the same on every read.
 */
const newestPaymentFirst = [desc(payments.paidOn), desc(payments.createdAt), sql`${payments.receiptNumber} desc nulls last`, desc(payments.id)];

/** A learner's payments and reversals, newest first (newestPaymentFirst). */
export async function paymentsOfStudent(tx: Tx, studentId: string): Promise<Payment[]> {
  const rows = await selectPayments(tx)
    .where(eq(payments.studentId, studentId))
    .orderBy(...newestPaymentFirst);
  return withAllocations(tx, rows.map(toPayment));
}

/** Each learner's latest payment (not a reversal), with its allocations, by learner: a parent's "last payment". */
export async function lastPaymentsOfStudents(tx: Tx, studentIds: string[]): Promise<Map<string, Payment>> {
  if (studentIds.length === 0) return new Map();
  const rows = await tx
    .selectDistinctOn([payments.studentId], paymentColumns)
    .from(payments)
    .leftJoin(recorder, eq(recorder.id, payments.createdBy))
    .leftJoin(reversal, eq(reversal.reversesPaymentId, payments.id))
    .where(and(inArray(payments.studentId, studentIds), eq(payments.kind, 'payment')))
    .orderBy(payments.studentId, ...newestPaymentFirst);
  const list = await withAllocations(tx, rows.map(toPayment));
  return new Map(list.map((p, i) => [rows[i]!.studentId, p]));
}

/** One payment row or null. */
export async function findPayment(tx: Tx, id: string): Promise<Payment | null> {
  const [row] = await selectPayments(tx).where(eq(payments.id, id));
  return row ? (await withAllocations(tx, [toPayment(row)]))[0]! : null;
}

/** One page of payments with their learners, and the sum of every matching row. */
export async function listPaymentRows(tx: Tx, where: SQL[], limit: number, offset: number) {
  const cond = and(...where);
  const rows = await tx
    .select({ ...paymentColumns, admissionNumber: students.admissionNumber, firstName: students.firstName, middleName: students.middleName, lastName: students.lastName, className: classes.name })
    .from(payments)
    .innerJoin(students, eq(students.id, payments.studentId))
    .leftJoin(classes, eq(classes.id, students.classId))
    .leftJoin(recorder, eq(recorder.id, payments.createdBy))
    .leftJoin(reversal, eq(reversal.reversesPaymentId, payments.id))
    .where(cond)
    .orderBy(desc(payments.paidOn), desc(payments.createdAt), desc(payments.id))
    .limit(limit)
    .offset(offset);
  const [agg] = await tx
    .select({ n: count(), total: sum(payments.amountCents).mapWith(Number) })
    .from(payments)
    .innerJoin(students, eq(students.id, payments.studentId))
    .where(cond);
  return {
    items: await withAllocations(
      tx,
      rows.map((r) => ({ ...toPayment(r), studentName: learnerName(r), admissionNumber: r.admissionNumber, className: r.className })),
    ),
    total: Number(agg?.n ?? 0),
    sum: centsToKes(agg?.total ?? 0),
  };
}

const requester = alias(profiles, 'requester');
const decider = alias(profiles, 'decider');

/** Adjustments in the API's shape (filtered by `where`), newest first. */
export async function adjustmentRows(tx: Tx, where: SQL | undefined, limit = 500, offset = 0): Promise<{ items: Adjustment[]; total: number }> {
  const rows = await tx
    .select({
      a: feeAdjustments,
      admissionNumber: students.admissionNumber,
      ...learnerNameColumns,
      invoiceNumber: invoices.invoiceNumber,
      requestedBy: requester.name,
      decidedBy: decider.name,
    })
    .from(feeAdjustments)
    .innerJoin(students, eq(students.id, feeAdjustments.studentId))
    .leftJoin(invoices, eq(invoices.id, feeAdjustments.invoiceId))
    .leftJoin(requester, eq(requester.id, feeAdjustments.requestedBy))
    .leftJoin(decider, eq(decider.id, feeAdjustments.decidedBy))
    .where(where)
    .orderBy(desc(feeAdjustments.createdAt), desc(feeAdjustments.id))
    .limit(limit)
    .offset(offset);
  const [n] = await tx.select({ n: count() }).from(feeAdjustments).where(where);
  return {
    total: Number(n?.n ?? 0),
    items: rows.map(({ a, ...r }) => ({
      id: a.id,
      studentId: a.studentId,
      studentName: learnerName(r),
      admissionNumber: r.admissionNumber,
      invoiceId: a.invoiceId,
      invoiceNumber: r.invoiceNumber,
      kind: a.kind as Adjustment['kind'],
      amount: centsToKes(a.amountCents),
      reason: a.reason,
      number: a.number,
      status: a.status as Adjustment['status'],
      effectiveOn: a.effectiveOn,
      requestedBy: r.requestedBy,
      decidedBy: r.decidedBy,
      decidedAt: a.decidedAt?.toISOString() ?? null,
      decisionNote: a.decisionNote,
      createdAt: a.createdAt.toISOString(),
    })),
  };
}

/** A finance_settings row (waiver limit in KES cents). */
export type FinanceSettingsRow = typeof financeSettings.$inferSelect;

/** The school's saved finance settings, or undefined when it never saved any. */
export async function findFinanceSettings(tx: Tx, schoolId: string): Promise<FinanceSettingsRow | undefined> {
  const [row] = await tx.select().from(financeSettings).where(eq(financeSettings.schoolId, schoolId));
  return row;
}

/** Saves the school's finance settings (insert, or overwrite the school's row). */
export async function upsertFinanceSettings(tx: Tx, row: FinanceSettingsRow): Promise<void> {
  await tx.insert(financeSettings).values(row).onConflictDoUpdate({ target: financeSettings.schoolId, set: row });
}

/** The school's M-Pesa shortcode and its type (paybill or till), or undefined when M-Pesa is not set up. */
export async function findMpesaShortcode(tx: Tx, schoolId: string): Promise<{ shortcode: string; type: string } | undefined> {
  const [cfg] = await tx.select({ shortcode: mpesaConfigs.shortcode, type: mpesaConfigs.shortcodeType }).from(mpesaConfigs).where(eq(mpesaConfigs.schoolId, schoolId));
  return cfg;
}

/** The learner invoice `id` belongs to, or undefined (no school narrowing: callers check access next). */
export async function findInvoiceStudentId(tx: Tx, id: string): Promise<string | undefined> {
  const [row] = await tx.select({ studentId: invoices.studentId }).from(invoices).where(eq(invoices.id, id));
  return row?.studentId;
}

/** The learner payment `id` belongs to, or undefined. */
export async function findPaymentStudentId(tx: Tx, id: string): Promise<string | undefined> {
  const [row] = await tx.select({ studentId: payments.studentId }).from(payments).where(eq(payments.id, id));
  return row?.studentId;
}

/** The learners' balances in KES cents (positive = owed), by learner id; learners without a row are absent. */
export async function balancesByStudent(tx: Tx, ids: string[]): Promise<Map<string, number>> {
  const rows = await tx.select({ id: studentBalances.studentId, b: studentBalances.balanceCents }).from(studentBalances).where(inArray(studentBalances.studentId, ids));
  return new Map(rows.map((r) => [r.id, Number(r.b)]));
}
