import type { z } from 'zod';
import type { Actor } from '../../../shared/access.js';
import type { createVoteHeadBody, ListVoteHeadsResponse, reallocatePaymentBody, ReallocatePaymentResponse, updateVoteHeadBody, VoteHead } from '../../../shared/contracts/vote-heads.js';
import { voteHeadsMessages as m } from '../../../shared/messages/vote-heads.js';
import { formatKes } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { auditSchool, inSchool } from '../../lib/school-context.js';
import { allocationsByPayment, insertAllocations, schoolVoteHeads, voteHeadOfCategory, voteHeadRuleOf } from './allocation.repository.js';
import * as repo from './vote-heads.repository.js';

/**
 * Vote heads as school data (issue 35 §3, §6; decision 0028): list (the Ministry's defaults on first
 * read), add, rename, reorder, move to another account, deactivate, delete while unused; and the
 * audited reallocation of a payment over vote heads. Every call runs in the caller's school (another
 * school's ids are 404).
 */

function toVoteHead(r: { v: repo.VoteHeadRecord; inUse: boolean }): VoteHead {
  return { id: r.v.id, code: r.v.code, name: r.v.name, account: r.v.account as VoteHead['account'], priority: r.v.priority, active: r.v.active, inUse: Boolean(r.inUse) };
}

async function oneVoteHead(tx: Tx, schoolId: string, id: string): Promise<VoteHead> {
  const row = await repo.findVoteHead(tx, schoolId, id);
  if (!row) throw notFound(m.voteHeadNotFound);
  return toVoteHead(row);
}

/** GET /api/fees/vote-heads: the school's vote heads in priority order and its rule; the defaults on first read. */
export async function listVoteHeads(database: Database, actor: Actor): Promise<ListVoteHeadsResponse> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    await schoolVoteHeads(tx, schoolId);
    const rows = await repo.listVoteHeadRows(tx, schoolId);
    return { items: rows.map(toVoteHead), rule: await voteHeadRuleOf(tx, schoolId) };
  });
}

/** POST /api/fees/vote-heads { code, name, account, priority? } → 201 the vote head; 409 VOTE_HEAD_CODE_TAKEN. Audited. */
export async function createVoteHead(database: Database, actor: Actor, body: z.output<typeof createVoteHeadBody>, ip: string): Promise<VoteHead> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    await schoolVoteHeads(tx, schoolId);
    if (await repo.findVoteHeadByCode(tx, schoolId, body.code)) throw new AppError(409, 'VOTE_HEAD_CODE_TAKEN', m.codeTaken, { fields: { code: m.codeTaken } });
    const priority = body.priority ?? (await repo.maxPriority(tx, schoolId)) + 10;
    const row = await repo.insertVoteHead(tx, { schoolId, code: body.code, name: body.name, account: body.account, priority, createdBy: actor.id });
    const created = await oneVoteHead(tx, schoolId, row.id);
    await auditSchool(tx, { actor, schoolId, ip }, m.audit.created, `vote_head:${row.id}`, null, created);
    return created;
  });
}

/** PATCH /api/fees/vote-heads/:id { name?, account?, priority?, active? } → the vote head; 404 another school's. Audited. */
export async function updateVoteHead(database: Database, actor: Actor, id: string, body: z.output<typeof updateVoteHeadBody>, ip: string): Promise<VoteHead> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const before = await oneVoteHead(tx, schoolId, id);
    await repo.updateVoteHeadRow(tx, id, { ...body, updatedAt: new Date() });
    const after = await oneVoteHead(tx, schoolId, id);
    await auditSchool(tx, { actor, schoolId, ip }, m.audit.updated, `vote_head:${id}`, before, after);
    return after;
  });
}

/** DELETE /api/fees/vote-heads/:id → { deleted: true }; 409 VOTE_HEAD_IN_USE when anything uses it ("deactivate it instead"). */
export async function deleteVoteHead(database: Database, actor: Actor, id: string, ip: string): Promise<{ deleted: true }> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const before = await oneVoteHead(tx, schoolId, id);
    if (before.inUse) throw new AppError(409, 'VOTE_HEAD_IN_USE', m.inUse);
    await repo.deleteVoteHeadRow(tx, id);
    await auditSchool(tx, { actor, schoolId, ip }, m.audit.deleted, `vote_head:${id}`, before, null);
    return { deleted: true as const };
  });
}

/**
 * PUT /api/fees/payments/:id/allocations { allocations: [{ voteHeadId, amount (KES) }] } → { paymentId,
 * allocations }: replaces how a payment splits over vote heads. The amounts must add up to the payment
 * exactly (more: 400 "more than it was"; less: 400); every vote head the school's (400 otherwise, an
 * inactive one included: money already received may sit on it); a reversed payment or a reversal row
 * 409. Audited PAYMENT_REALLOCATED with the allocations before and after (cents).
 */
export async function reallocatePayment(
  database: Database,
  actor: Actor,
  paymentId: string,
  body: z.output<typeof reallocatePaymentBody>,
  ip: string,
): Promise<ReallocatePaymentResponse> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const payment = await repo.lockSchoolPayment(tx, schoolId, paymentId);
    if (!payment) throw notFound(m.paymentNotFound);
    if (payment.kind !== 'payment' || payment.reversed) throw new AppError(409, 'PAYMENT_REVERSED', m.reversedNotReallocated);
    const heads = new Set((await schoolVoteHeads(tx, schoolId)).map((h) => h.id));
    for (const a of body.allocations) if (!heads.has(a.voteHeadId)) throw badRequest(m.voteHeadNotFound, { allocations: m.voteHeadNotFound });
    const total = body.allocations.reduce((s, a) => s + a.amount, 0);
    if (total > payment.amountCents) throw badRequest(m.moreThanPayment(formatKes(total), formatKes(payment.amountCents)), { allocations: m.moreThanPayment(formatKes(total), formatKes(payment.amountCents)) });
    if (total < payment.amountCents) throw badRequest(m.lessThanPayment(formatKes(total), formatKes(payment.amountCents)), { allocations: m.lessThanPayment(formatKes(total), formatKes(payment.amountCents)) });
    const before = await repo.allocationRows(tx, paymentId);
    await repo.deleteAllocations(tx, paymentId);
    const after = body.allocations.filter((a) => a.amount > 0).map((a) => ({ voteHeadId: a.voteHeadId, cents: a.amount }));
    await insertAllocations(tx, schoolId, paymentId, after);
    await auditSchool(tx, { actor, schoolId, ip }, m.audit.reallocated, `payment:${paymentId}`, { receiptNumber: payment.receiptNumber, allocations: before }, { receiptNumber: payment.receiptNumber, allocations: after });
    return { paymentId, allocations: (await allocationsByPayment(tx, [paymentId])).get(paymentId) ?? [] };
  });
}

/**
 * The vote head of each fee-structure item, in order (issue 35 §3): the item's own `voteHeadId`, which
 * must be an active vote head of the school (400 otherwise), or its category's default vote head
 * (VOTE_HEAD_OF_CATEGORY; the school gets the defaults first when it has none). `keepInactive`: copying
 * a term's structures keeps an item's vote head even when it was deactivated since.
 */
export async function resolveItemVoteHeads(
  tx: Tx,
  schoolId: string,
  items: readonly { category: string; voteHeadId?: string | null }[],
  opts: { keepInactive?: boolean } = {},
): Promise<(string | null)[]> {
  const heads = await schoolVoteHeads(tx, schoolId);
  const byId = new Map(heads.map((h) => [h.id, h]));
  return items.map((i) => {
    if (i.voteHeadId) {
      const h = byId.get(i.voteHeadId);
      if (!h) throw badRequest(m.voteHeadNotFound, { voteHeadId: m.voteHeadNotFound });
      if (!h.active && !opts.keepInactive) throw badRequest(m.voteHeadInactive, { voteHeadId: m.voteHeadInactive });
      return h.id;
    }
    return voteHeadOfCategory(heads, i.category).id;
  });
}
