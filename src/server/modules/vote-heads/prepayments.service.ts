import type { Actor } from '../../../shared/access.js';
import { learnerName } from '../../../shared/contracts/learners.js';
import type { PrepaymentsResponse } from '../../../shared/contracts/vote-heads.js';
import { voteHeadsMessages as m } from '../../../shared/messages/vote-heads.js';
import { centsToKes } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { auditSchool, inSchool, readSchool } from '../../lib/school-context.js';
import { PREPAYMENT_CODE } from './defaults.js';
import { insertAllocations, loadLedgers, owedOf, schoolVoteHeads, splitPayment, voteHeadRuleOf } from './allocation.repository.js';
import { learnerNames, paymentsHoldingPrepayment } from './prepayments.repository.js';
import * as repo from './vote-heads.repository.js';

interface Plan {
  /** The school's "Fees paid in advance" vote head. */
  prepaymentId: string;
  heldCents: number;
  heldLearners: number;
  /** Per payment: the vote heads (cents) its prepayment moves to. */
  moves: { paymentId: string; studentId: string; to: { voteHeadId: string; cents: number }[] }[];
  byLearner: Map<string, number>;
}

/**
 * What moves: for each learner with money in advance, up to what they owe on the other vote heads
 * (their issued invoice lines less adjustments and earlier allocations), split by the school's rule,
 * taken from their oldest payments first.
 */
async function plan(tx: Tx, schoolId: string, lock: boolean): Promise<Plan> {
  const heads = await schoolVoteHeads(tx, schoolId);
  const prepayment = heads.find((h) => h.code === PREPAYMENT_CODE)!;
  const rule = await voteHeadRuleOf(tx, schoolId);
  const holding = await paymentsHoldingPrepayment(tx, schoolId, prepayment.id, lock);
  const held = new Map<string, number>();
  for (const p of holding) held.set(p.studentId, (held.get(p.studentId) ?? 0) + p.cents);
  const ledgers = await loadLedgers(tx, heads, [...held.keys()]);
  const out: Plan = { prepaymentId: prepayment.id, heldCents: [...held.values()].reduce((s, c) => s + c, 0), heldLearners: held.size, moves: [], byLearner: new Map() };
  for (const [studentId, heldCents] of held) {
    const owed = owedOf(ledgers.get(studentId), heads).filter((o) => o.voteHeadId !== prepayment.id);
    const owedCents = owed.reduce((s, o) => s + o.owedCents, 0);
    const moveCents = Math.min(heldCents, owedCents);
    if (moveCents <= 0) continue;
    // The whole move split once by the rule, then handed out over the learner's payments in order.
    const targets = splitPayment(moveCents, owed, rule, prepayment.id).filter((t) => t.voteHeadId !== prepayment.id);
    let left = moveCents;
    for (const p of holding.filter((x) => x.studentId === studentId)) {
      if (left <= 0) break;
      let take = Math.min(p.cents, left);
      left -= take;
      const to: { voteHeadId: string; cents: number }[] = [];
      for (const t of targets) {
        if (take <= 0) break;
        const c = Math.min(t.cents, take);
        if (c <= 0) continue;
        to.push({ voteHeadId: t.voteHeadId, cents: c });
        t.cents -= c;
        take -= c;
      }
      out.moves.push({ paymentId: p.id, studentId, to });
    }
    out.byLearner.set(studentId, moveCents);
  }
  return out;
}

async function answer(tx: Tx, schoolId: string, p: Plan, committed: boolean): Promise<PrepaymentsResponse> {
  const ids = [...p.byLearner.keys()];
  const names = await learnerNames(tx, schoolId, ids);
  const items = names
    .map((s) => ({ studentId: s.id, name: learnerName(s), admissionNumber: s.admissionNumber, amount: centsToKes(p.byLearner.get(s.id) ?? 0) }))
    .sort((a, b) => b.amount - a.amount || a.admissionNumber.localeCompare(b.admissionNumber) || a.studentId.localeCompare(b.studentId));
  const amountCents = [...p.byLearner.values()].reduce((s, c) => s + c, 0);
  return { committed, held: centsToKes(p.heldCents), heldLearners: p.heldLearners, amount: centsToKes(amountCents), learners: ids.length, payments: new Set(p.moves.map((x) => x.paymentId)).size, items };
}

/**
 * GET /api/fees/vote-heads/prepayments (finance officer, principal, director): the money held under
 * "Fees paid in advance" (PREPAYMENT) and what of it can move now to the vote heads the learners owe
 * on; writes nothing. Decision 0028.
 */
export async function previewPrepayments(database: Database, actor: Actor): Promise<PrepaymentsResponse> {
  return readSchool(database, actor, undefined, async (tx, schoolId) => answer(tx, schoolId, await plan(tx, schoolId, false), false));
}

/**
 * POST /api/fees/vote-heads/prepayments/apply (finance officer): moves each learner's money in advance
 * to the vote heads they now owe on (at most what they owe), by the school's rule, out of their oldest
 * payments first: each payment keeps its amount, only its split changes (as a reallocation does). One
 * transaction, the payments locked; audited PREPAYMENTS_APPLIED with each payment's split before and
 * after. Running it again moves nothing more until new invoices are issued.
 */
export async function applyPrepayments(database: Database, actor: Actor, ip: string): Promise<PrepaymentsResponse> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const p = await plan(tx, schoolId, true);
    if (p.moves.length === 0) return answer(tx, schoolId, p, true);
    const changes: { paymentId: string; before: { voteHeadId: string; cents: number }[]; after: { voteHeadId: string; cents: number }[] }[] = [];
    for (const mv of p.moves) {
      const before = await repo.allocationRows(tx, mv.paymentId);
      const after = new Map(before.map((r) => [r.voteHeadId, r.cents]));
      for (const t of mv.to) {
        after.set(p.prepaymentId, (after.get(p.prepaymentId) ?? 0) - t.cents);
        after.set(t.voteHeadId, (after.get(t.voteHeadId) ?? 0) + t.cents);
      }
      const rows = [...after].filter(([, c]) => c > 0).map(([voteHeadId, cents]) => ({ voteHeadId, cents }));
      await repo.deleteAllocations(tx, mv.paymentId);
      await insertAllocations(tx, schoolId, mv.paymentId, rows);
      changes.push({ paymentId: mv.paymentId, before, after: rows });
    }
    const result = await answer(tx, schoolId, p, true);
    await auditSchool(tx, { actor, schoolId, ip }, m.audit.prepaymentsApplied, `school:${schoolId}`, null, { payments: changes }, { learners: result.learners, payments: result.payments, amount: result.amount });
    return result;
  });
}
