import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentAllocation, VoteHeadRule } from '../../../shared/contracts/vote-heads.js';
import { centsToKes } from '../../../shared/money.js';
import { feeAdjustments, financeSettings, invoiceLines, invoices, paymentAllocations, payments, voteHeads } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { DEFAULT_VOTE_HEADS, PREPAYMENT_CODE, VOTE_HEAD_OF_CATEGORY } from './defaults.js';

/**
 * How a payment splits over vote heads (issue 35 §3; docs/decisions/0028-vote-heads-and-capitation.md).
 * Amounts are integer KES cents.
 *
 * What a learner owes on a vote head = the learner's issued invoice lines on it (a line without a vote
 * head counts under its category's default vote head, VOTE_HEAD_OF_CATEGORY, else OTHER) less the
 * learner's applied adjustments spread over the vote heads in proportion to what was invoiced on each,
 * less what earlier payments were allocated to it (reversals negative). A payment fills those by the
 * school's rule (finance_settings.vote_head_rule):
 * - priority: vote heads in priority order (lower first, then code), each filled before the next;
 * - proportional: in proportion to what is owed on each (largest remainder for the last cents).
 * What is left (an overpayment) goes to the PREPAYMENT vote head, "Fees paid in advance".
 */

/** A vote head with what the learner still owes on it (cents, > 0) and its priority. */
export interface OwedOnVoteHead {
  voteHeadId: string;
  code: string;
  priority: number;
  owedCents: number;
}

/**
 * Splits `amountCents` (> 0) over what is owed by `rule`; the rest to `overflowId`. Pure: the same
 * function posts a payment and seeds the demo's allocations. Answers { voteHeadId, cents } with cents
 * > 0, summing exactly to the amount.
 */
export function splitPayment(amountCents: number, owed: OwedOnVoteHead[], rule: VoteHeadRule, overflowId: string): { voteHeadId: string; cents: number }[] {
  const due = owed.filter((o) => o.owedCents > 0).sort((a, b) => a.priority - b.priority || a.code.localeCompare(b.code));
  const out = new Map<string, number>();
  const totalOwed = due.reduce((s, o) => s + o.owedCents, 0);
  let left = amountCents;
  if (rule === 'proportional' && amountCents < totalOwed) {
    const shares = due.map((o) => {
      const exact = (amountCents * o.owedCents) / totalOwed;
      return { o, cents: Math.floor(exact), rest: exact - Math.floor(exact) };
    });
    let spare = amountCents - shares.reduce((s, x) => s + x.cents, 0);
    for (const x of [...shares].sort((a, b) => b.rest - a.rest || a.o.priority - b.o.priority)) {
      if (spare <= 0) break;
      x.cents++;
      spare--;
    }
    for (const x of shares) if (x.cents > 0) out.set(x.o.voteHeadId, x.cents);
    left = 0;
  } else {
    for (const o of due) {
      if (left <= 0) break;
      const take = Math.min(left, o.owedCents);
      out.set(o.voteHeadId, take);
      left -= take;
    }
  }
  if (left > 0) out.set(overflowId, (out.get(overflowId) ?? 0) + left);
  return [...out].map(([voteHeadId, cents]) => ({ voteHeadId, cents }));
}

/** The school's vote heads (id, code, priority, active), giving it the defaults first when it has none. */
export async function schoolVoteHeads(tx: Tx, schoolId: string) {
  const read = () =>
    tx
      .select({ id: voteHeads.id, code: voteHeads.code, name: voteHeads.name, priority: voteHeads.priority, active: voteHeads.active })
      .from(voteHeads)
      .where(eq(voteHeads.schoolId, schoolId))
      .orderBy(asc(voteHeads.priority), asc(voteHeads.code));
  let rows = await read();
  const missingPrepayment = !rows.some((r) => r.code === PREPAYMENT_CODE);
  if (rows.length === 0 || missingPrepayment) {
    const wanted = rows.length === 0 ? DEFAULT_VOTE_HEADS : DEFAULT_VOTE_HEADS.filter((d) => d.code === PREPAYMENT_CODE);
    await tx
      .insert(voteHeads)
      .values(wanted.map((v) => ({ schoolId, code: v.code, name: v.name, account: v.account, priority: v.priority })))
      .onConflictDoNothing();
    rows = await read();
  }
  return rows;
}

type VoteHeadRow = Awaited<ReturnType<typeof schoolVoteHeads>>[number];

/** The vote head a line of `category` without its own vote head counts under (category default, OTHER, else the first). */
export function voteHeadOfCategory(heads: VoteHeadRow[], category: string): VoteHeadRow {
  const code = (VOTE_HEAD_OF_CATEGORY as Record<string, string>)[category] ?? 'OTHER';
  return heads.find((h) => h.code === code) ?? heads.find((h) => h.code === 'OTHER') ?? heads.find((h) => h.code !== PREPAYMENT_CODE) ?? heads[0]!;
}

/** What the learners owe per vote head, from their invoiced lines, applied adjustments and earlier allocations (cents). */
export interface LearnerLedger {
  invoiced: Map<string, number>;
  adjustedCents: number;
  allocated: Map<string, number>;
}

/** Each learner's ledger (invoiced per vote head, applied adjustments, allocations so far), for the given learners. */
export async function loadLedgers(tx: Tx, heads: VoteHeadRow[], studentIds: string[]): Promise<Map<string, LearnerLedger>> {
  const ledgers = new Map<string, LearnerLedger>();
  const of = (id: string) => {
    let l = ledgers.get(id);
    if (!l) ledgers.set(id, (l = { invoiced: new Map(), adjustedCents: 0, allocated: new Map() }));
    return l;
  };
  if (studentIds.length === 0) return ledgers;
  const [lines, adjustments, allocations] = await Promise.all([
    tx
      .select({ studentId: invoices.studentId, voteHeadId: invoiceLines.voteHeadId, category: invoiceLines.category, cents: sql<string>`sum(${invoiceLines.amountCents})` })
      .from(invoiceLines)
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .where(and(inArray(invoices.studentId, studentIds), eq(invoices.status, 'issued')))
      .groupBy(invoices.studentId, invoiceLines.voteHeadId, invoiceLines.category),
    tx
      .select({ studentId: feeAdjustments.studentId, cents: sql<string>`sum(${feeAdjustments.amountCents})` })
      .from(feeAdjustments)
      .where(and(inArray(feeAdjustments.studentId, studentIds), eq(feeAdjustments.status, 'applied')))
      .groupBy(feeAdjustments.studentId),
    tx
      .select({ studentId: payments.studentId, voteHeadId: paymentAllocations.voteHeadId, cents: sql<string>`sum(${paymentAllocations.amountCents})` })
      .from(paymentAllocations)
      .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
      .where(inArray(payments.studentId, studentIds))
      .groupBy(payments.studentId, paymentAllocations.voteHeadId),
  ]);
  for (const l of lines) {
    const vh = l.voteHeadId ?? voteHeadOfCategory(heads, l.category).id;
    const led = of(l.studentId);
    led.invoiced.set(vh, (led.invoiced.get(vh) ?? 0) + Number(l.cents));
  }
  for (const a of adjustments) of(a.studentId).adjustedCents += Number(a.cents);
  for (const a of allocations) {
    const led = of(a.studentId);
    led.allocated.set(a.voteHeadId, (led.allocated.get(a.voteHeadId) ?? 0) + Number(a.cents));
  }
  return ledgers;
}

/** What is still owed per vote head on a ledger (adjustments spread in proportion to what was invoiced). */
export function owedOf(ledger: LearnerLedger | undefined, heads: VoteHeadRow[]): OwedOnVoteHead[] {
  if (!ledger) return [];
  const totalInvoiced = [...ledger.invoiced.values()].reduce((s, c) => s + c, 0);
  const byId = new Map(heads.map((h) => [h.id, h]));
  const out: OwedOnVoteHead[] = [];
  for (const [vh, invoiced] of ledger.invoiced) {
    const adjusted = totalInvoiced > 0 ? Math.round((ledger.adjustedCents * invoiced) / totalInvoiced) : 0;
    const owed = invoiced - adjusted - (ledger.allocated.get(vh) ?? 0);
    const head = byId.get(vh);
    if (owed > 0) out.push({ voteHeadId: vh, code: head?.code ?? '', priority: head?.priority ?? 10_000, owedCents: owed });
  }
  return out;
}

/** The school's vote-head rule (priority until it saves one). */
export async function voteHeadRuleOf(tx: Tx, schoolId: string): Promise<VoteHeadRule> {
  const [row] = await tx.select({ rule: financeSettings.voteHeadRule }).from(financeSettings).where(eq(financeSettings.schoolId, schoolId));
  return (row?.rule as VoteHeadRule | undefined) ?? 'priority';
}

/** Writes allocation rows (cents) of a payment. */
export async function insertAllocations(tx: Tx, schoolId: string, paymentId: string, rows: { voteHeadId: string; cents: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(paymentAllocations).values(rows.map((r) => ({ schoolId, paymentId, voteHeadId: r.voteHeadId, amountCents: r.cents })));
}

interface ContextRow {
  kind: 'h' | 'l' | 'a' | 'j' | 'r';
  id: string | null;
  code: string | null;
  name: string | null;
  priority: number | null;
  active: boolean | null;
  category: string | null;
  cents: string | null;
}

/**
 * In one round trip (a payment is posted on every M-Pesa callback and bank-statement line): the school's
 * vote heads, the learner's invoiced lines per vote head or category, their allocations so far, their
 * applied adjustments and the school's rule.
 */
async function allocationContext(tx: Tx, schoolId: string, studentId: string) {
  const res = await tx.execute(sql`
    select 'h' as kind, id::text as id, code, name, priority, active, null::text as category, null::text as cents from ${voteHeads} where school_id = ${schoolId}
    union all
    select 'l', l.vote_head_id::text, null, null, null, null, l.category, sum(l.amount_cents)::text
      from ${invoiceLines} l join ${invoices} i on i.id = l.invoice_id
      where i.student_id = ${studentId} and i.status = 'issued' group by l.vote_head_id, l.category
    union all
    select 'a', a.vote_head_id::text, null, null, null, null, null, sum(a.amount_cents)::text
      from ${paymentAllocations} a join ${payments} p on p.id = a.payment_id
      where p.student_id = ${studentId} group by a.vote_head_id
    union all
    select 'j', null, null, null, null, null, null, coalesce(sum(amount_cents), 0)::text from ${feeAdjustments} where student_id = ${studentId} and status = 'applied'
    union all
    select 'r', null, vote_head_rule, null, null, null, null, null from ${financeSettings} where school_id = ${schoolId}`);
  const rows = (res as unknown as { rows: ContextRow[] }).rows;
  let heads = rows
    .filter((r) => r.kind === 'h')
    .map((r) => ({ id: r.id!, code: r.code!, name: r.name!, priority: Number(r.priority), active: !!r.active }))
    .sort((a, b) => a.priority - b.priority || a.code.localeCompare(b.code));
  if (heads.length === 0 || !heads.some((h) => h.code === PREPAYMENT_CODE)) heads = await schoolVoteHeads(tx, schoolId);
  const ledger: LearnerLedger = { invoiced: new Map(), adjustedCents: 0, allocated: new Map() };
  for (const r of rows) {
    if (r.kind === 'l') {
      const vh = r.id ?? voteHeadOfCategory(heads, r.category ?? 'other').id;
      ledger.invoiced.set(vh, (ledger.invoiced.get(vh) ?? 0) + Number(r.cents));
    } else if (r.kind === 'a') ledger.allocated.set(r.id!, (ledger.allocated.get(r.id!) ?? 0) + Number(r.cents));
    else if (r.kind === 'j') ledger.adjustedCents += Number(r.cents);
  }
  const rule = (rows.find((r) => r.kind === 'r')?.code as VoteHeadRule | undefined) ?? 'priority';
  return { heads, ledger, rule };
}

/**
 * Allocates a payment just written (in the caller's transaction) to vote heads by the school's rule
 * over what its learner owes per vote head; the rest to "Fees paid in advance". Called by the fees
 * module's postPayment, so every payment (cash, bank, M-Pesa STK/C2B/allocation, bank statement) is
 * split when posted. Two statements: the context (allocationContext) and the insert.
 */
export async function allocatePayment(tx: Tx, schoolId: string, p: { id: string; studentId: string; amountCents: number }): Promise<void> {
  if (p.amountCents <= 0) return;
  // The payment itself has no allocations yet, so the ledger is what earlier payments left owing.
  const { heads, ledger, rule } = await allocationContext(tx, schoolId, p.studentId);
  const overflow = heads.find((h) => h.code === PREPAYMENT_CODE)!;
  await insertAllocations(tx, schoolId, p.id, splitPayment(p.amountCents, owedOf(ledger, heads), rule, overflow.id));
}

/** A reversal row's allocations: those of the payment it reverses, negated (issue 35 §3). */
export async function allocateReversal(tx: Tx, reversalId: string, reversedPaymentId: string): Promise<void> {
  await tx.execute(sql`insert into ${paymentAllocations} (school_id, payment_id, vote_head_id, amount_cents)
    select school_id, ${reversalId}, vote_head_id, -amount_cents from ${paymentAllocations} where payment_id = ${reversedPaymentId}`);
}

/** The allocations of the payments `ids` in the API's shape (KES), by payment id; vote heads in priority order. */
export async function allocationsByPayment(tx: Tx, ids: string[]): Promise<Map<string, PaymentAllocation[]>> {
  const out = new Map<string, PaymentAllocation[]>();
  if (ids.length === 0) return out;
  const rows = [];
  // In chunks: an export lists up to 100,000 payments, beyond one statement's parameters.
  for (let i = 0; i < ids.length; i += 5000) {
    rows.push(
      ...(await tx
        .select({ paymentId: paymentAllocations.paymentId, voteHeadId: paymentAllocations.voteHeadId, name: voteHeads.name, cents: paymentAllocations.amountCents })
        .from(paymentAllocations)
        .innerJoin(voteHeads, eq(voteHeads.id, paymentAllocations.voteHeadId))
        .where(inArray(paymentAllocations.paymentId, ids.slice(i, i + 5000)))
        .orderBy(asc(voteHeads.priority), asc(voteHeads.code))),
    );
  }
  for (const r of rows) {
    const list = out.get(r.paymentId) ?? [];
    list.push({ voteHeadId: r.voteHeadId, voteHead: r.name, amount: centsToKes(Number(r.cents)) });
    out.set(r.paymentId, list);
  }
  return out;
}
