import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { approvals, profiles } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import type { PageWindow } from '../../lib/paging.js';

/**
 * The approvals table: requests waiting for a decider, and their decisions. Every function runs inside
 * the caller's school-scoped transaction; per-school reads keep their explicit school_id predicate.
 */

/** An approvals row as stored (amount_cents in KES cents, or null). */
export type ApprovalRecord = typeof approvals.$inferSelect;

/** The fields a request (re)sets: title, summary, amount (KES cents), status, requester. */
export interface ApprovalRequestFields {
  title: string;
  summary: string;
  amountCents: number | null;
  status: string;
  requestedBy: string;
  requestedAt: Date;
}

/**
 * Inserts a request for (kind, subject), or resets the existing row of that kind and subject to the
 * given fields with no decision.
 */
export async function upsertApprovalRequest(tx: Tx, schoolId: string, kind: string, subjectId: string, fields: ApprovalRequestFields): Promise<void> {
  await tx
    .insert(approvals)
    .values({ schoolId, kind, subjectId, ...fields })
    .onConflictDoUpdate({ target: [approvals.kind, approvals.subjectId], set: { ...fields, decidedBy: null, decidedAt: null, note: null } });
}

/** A decision: status approved/rejected, who decided, when, with an optional note. */
export interface ApprovalDecision {
  status: string;
  decidedBy: string;
  decidedAt: Date;
  note: string | null;
}

/**
 * Inserts an already decided row for (kind, subject), or writes the decision onto the existing row of
 * that kind and subject. `amountCents`: KES cents or null.
 */
export async function upsertApprovalDecision(
  tx: Tx,
  r: { schoolId: string; kind: string; subjectId: string; title: string; summary: string; amountCents: number | null; requestedBy: string | null },
  decided: ApprovalDecision,
): Promise<void> {
  await tx
    .insert(approvals)
    .values({ ...r, ...decided })
    .onConflictDoUpdate({ target: [approvals.kind, approvals.subjectId], set: decided });
}

const requester = alias(profiles, 'requester');
const decider = alias(profiles, 'decider');

/** An approvals row with the names of its requester and decider. */
export interface ApprovalListRow {
  a: ApprovalRecord;
  requestedBy: string | null;
  decidedBy: string | null;
}

function statusCondition(status: string): SQL | undefined {
  return status === 'all' ? undefined : eq(approvals.status, status);
}

async function selectApprovals(tx: Tx, schoolId: string, status: string, limit: number, offset: number, id?: string): Promise<ApprovalListRow[]> {
  return tx
    .select({ a: approvals, requestedBy: requester.name, decidedBy: decider.name })
    .from(approvals)
    .leftJoin(requester, eq(requester.id, approvals.requestedBy))
    .leftJoin(decider, eq(decider.id, approvals.decidedBy))
    .where(and(eq(approvals.schoolId, schoolId), statusCondition(status), id ? eq(approvals.id, id) : undefined))
    .orderBy(desc(approvals.requestedAt), desc(approvals.id))
    .limit(limit)
    .offset(offset);
}

/** One page of the school's approvals of `status` ('all' for any), newest first (requested_at desc, id desc). */
export async function listApprovalPage(tx: Tx, schoolId: string, status: string, w: PageWindow): Promise<ApprovalListRow[]> {
  return selectApprovals(tx, schoolId, status, w.limit, w.offset);
}

/** The school's approval `id` with its requester and decider names, or undefined. */
export async function findApprovalRow(tx: Tx, schoolId: string, id: string): Promise<ApprovalListRow | undefined> {
  const [row] = await selectApprovals(tx, schoolId, 'all', 1, 0, id);
  return row;
}

/** How many of the school's approvals have `status` ('all' for any). */
export async function countApprovals(tx: Tx, schoolId: string, status: string): Promise<number> {
  const [total] = await tx.select({ n: count() }).from(approvals).where(and(eq(approvals.schoolId, schoolId), statusCondition(status)));
  return Number(total?.n ?? 0);
}

/** The school's approval `id`, locked for update (the decision is taken in this transaction), or undefined. */
export async function lockApproval(tx: Tx, schoolId: string, id: string): Promise<ApprovalRecord | undefined> {
  const [row] = await tx.select().from(approvals).where(and(eq(approvals.id, id), eq(approvals.schoolId, schoolId))).for('update');
  return row;
}

/** Writes a decision onto approval `id`. */
export async function markApprovalDecided(tx: Tx, id: string, decided: ApprovalDecision): Promise<void> {
  await tx.update(approvals).set(decided).where(eq(approvals.id, id));
}

/**
 * Writes a decision onto the pending row of (kind, subject) in the school, if there is one (a module
 * deciding its own record, e.g. the principal approving a marks sheet, closes its Approvals card).
 * Never inserts; a row already decided is left as it is.
 */
export async function decidePending(
  tx: Tx,
  schoolId: string,
  kind: (typeof approvals.$inferSelect)['kind'],
  subjectId: string,
  decided: { status: 'approved' | 'rejected'; decidedBy: string; decidedAt: Date; note: string | null },
): Promise<void> {
  await tx
    .update(approvals)
    .set(decided)
    .where(and(eq(approvals.schoolId, schoolId), eq(approvals.kind, kind), eq(approvals.subjectId, subjectId), eq(approvals.status, 'pending')));
}
