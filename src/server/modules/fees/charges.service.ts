import type { Tx } from '../../db/tenant.js';
import { schoolToday } from '../../../shared/dates.js';
import { auditSchool, type SchoolCaller } from '../../lib/school-context.js';
import * as repo from './charges.repository.js';

/**
 * Charges to a learner's fee account from outside the fee structure (issue 15 §4 transport, §5 store
 * sales such as uniform). The balance stays derived from invoices − adjustments − payments (fees
 * schema), so a charge is either a line added to the learner's issued invoice of the current term (its
 * total raised in the same transaction: the balance rises at once) or a pending charge that the next
 * invoice generation turns into a line. Every charge is a student_charges row pointing at what caused it.
 */

export type ChargeSource = 'inventory_sale' | 'transport';

export interface ChargeInput {
  studentId: string;
  source: ChargeSource;
  /** The inventory movement or transport assignment the charge comes from. */
  sourceId: string;
  /** Invoice line name, e.g. "School sweater × 2" or "Transport: Route A (Kiserian), pro rata". */
  description: string;
  /** Invoice line category, e.g. 'uniform', 'transport'. */
  category: string;
  amountCents: number;
  /** true: onto the current term's invoice when the learner has one; false: wait for the next invoice. */
  immediate: boolean;
}

export interface ChargeResult {
  chargeId: string;
  status: 'invoiced' | 'pending';
  invoiceId: string | null;
  invoiceNumber: string | null;
}

/** The school's term containing `day` (YYYY-MM-DD, Africa/Nairobi), else the term marked current, else null. */
export async function termOn(tx: Tx, schoolId: string, day: string) {
  const row = await repo.findTermOn(tx, schoolId, day);
  return row ?? null;
}

/**
 * The part of a termly fee for the days left in the term from `from` (inclusive) to the term's last
 * day, in whole shillings (cents rounded to the nearest 100). A date before the term gives the whole fee;
 * after it, nothing. Rule: calendar days, the simplest rule a parent can check by hand.
 */
export function proRataCents(feeCents: number, term: { startsOn: string; endsOn: string }, from: string): number {
  const day = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;
  const total = day(term.endsOn) - day(term.startsOn) + 1;
  const start = Math.max(day(from), day(term.startsOn));
  const left = Math.max(0, day(term.endsOn) - start + 1);
  if (total <= 0) return 0;
  return Math.round((feeCents * left) / total / 100) * 100;
}

/**
 * Charges a learner (inside the caller's transaction). With `immediate` and an issued invoice for the
 * term containing today, adds a line to it and raises its total; otherwise records a pending charge for
 * the next invoice. Audited (STUDENT_CHARGE_ADDED). Amount must be > 0 (the caller validates).
 */
export async function chargeLearner(tx: Tx, c: SchoolCaller, input: ChargeInput): Promise<ChargeResult> {
  let invoice: { id: string; invoiceNumber: string; totalCents: number } | null = null;
  if (input.immediate) {
    const term = await termOn(tx, c.schoolId, schoolToday());
    if (term) {
      const row = await repo.lockIssuedInvoiceOfTerm(tx, input.studentId, term.id);
      invoice = row ?? null;
    }
  }
  let lineId: string | null = null;
  if (invoice) {
    const next = await repo.nextLineSortOrder(tx, invoice.id);
    lineId = await repo.insertInvoiceLine(tx, { schoolId: c.schoolId, invoiceId: invoice.id, itemId: null, name: input.description, category: input.category, amountCents: input.amountCents, sortOrder: next });
    await repo.raiseInvoiceTotal(tx, invoice.id, input.amountCents);
  }
  const chargeId = await repo.insertCharge(tx, {
    schoolId: c.schoolId,
    studentId: input.studentId,
    source: input.source,
    sourceId: input.sourceId,
    description: input.description,
    category: input.category,
    amountCents: input.amountCents,
    status: invoice ? 'invoiced' : 'pending',
    invoiceId: invoice?.id ?? null,
    invoiceLineId: lineId,
    createdBy: c.actor.id,
  });
  const result: ChargeResult = { chargeId, status: invoice ? 'invoiced' : 'pending', invoiceId: invoice?.id ?? null, invoiceNumber: invoice?.invoiceNumber ?? null };
  await auditSchool(tx, c, 'STUDENT_CHARGE_ADDED', `student:${input.studentId}`, null, { ...input, ...result });
  return result;
}

/** Withdraws the pending (not yet invoiced) charges of a source (e.g. a learner taken off a route). Returns how many. */
export async function cancelPendingCharges(tx: Tx, schoolId: string, source: ChargeSource, sourceId: string): Promise<number> {
  const rows = await repo.cancelPendingChargesOf(tx, schoolId, source, sourceId);
  return rows.length;
}

/** A learner's charges not yet on an invoice (the account screen shows them as "on the next invoice"). */
export async function pendingChargesOf(tx: Tx, studentId: string) {
  return repo.listPendingCharges(tx, studentId);
}

export interface ExtraInvoiceLine {
  name: string;
  category: string;
  amountCents: number;
  /** The pending charge this line settles (null for a transport fee of an active route assignment). */
  chargeId: string | null;
}

/**
 * Lines a term's invoice carries beyond the fee structure (issue 15 §4, §5): the route fee (or the stop's
 * zone fee) of every learner on a route when the term starts (active assignment that began on or
 * before the term's last day and has not ended before its first), and every pending charge.
 */
export async function extraInvoiceLines(tx: Tx, schoolId: string, term: { id: string; startsOn: string; endsOn: string }, studentIds: string[]): Promise<Map<string, ExtraInvoiceLine[]>> {
  const out = new Map<string, ExtraInvoiceLine[]>();
  if (studentIds.length === 0) return out;
  const push = (id: string, line: ExtraInvoiceLine) => {
    const list = out.get(id) ?? [];
    list.push(line);
    out.set(id, list);
  };
  for (let i = 0; i < studentIds.length; i += 2000) {
    const ids = studentIds.slice(i, i + 2000);
    const onRoutes = await repo.listRouteFeesOverlapping(tx, schoolId, ids, term.startsOn, term.endsOn);
    for (const r of onRoutes) {
      const amount = r.zoneFee ?? r.routeFee;
      if (amount > 0) push(r.studentId, { name: `Transport: ${r.route} (${r.stop})`, category: 'transport', amountCents: amount, chargeId: null });
    }
    const pending = await repo.listPendingChargesOfStudents(tx, schoolId, ids);
    for (const ch of pending) push(ch.studentId, { name: ch.description, category: ch.category, amountCents: ch.amountCents, chargeId: ch.id });
  }
  return out;
}

/** Marks pending charges as invoiced once their lines are written (same transaction as the invoice). */
export async function markChargesInvoiced(tx: Tx, settled: { chargeId: string; invoiceId: string; lineId: string }[]): Promise<void> {
  for (const s of settled) {
    await repo.markChargeInvoiced(tx, s.chargeId, s.invoiceId, s.lineId);
  }
}
