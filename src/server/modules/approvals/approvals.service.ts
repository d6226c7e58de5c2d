import type { Actor } from '../../../shared/access.js';
import type { Approval } from '../../../shared/contracts/fees.js';
import { messages } from '../../../shared/messages.js';
import { centsToKes } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, notFound } from '../../errors.js';
import { paginate } from '../../lib/paging.js';
import { inSchool, type SchoolCaller } from '../../lib/school-context.js';
import * as repo from './approvals.repository.js';

/**
 * One approvals model (ARCHITECTURE.md "Approvals"): requests that wait for the principal (or the
 * director), listed on their dashboards' Approvals card and decided there. The module that owns a kind
 * registers at boot what deciding does and who may decide (`registerApprovalKind`), so this module
 * knows no other module: fee waivers (issue 11 §1), marks (issue 12 §3), payroll runs and leave
 * (issue 14), expenses (issue 15 §1). docs/decisions/0021-shared-core-and-fences.md.
 */

/** What deciding an approval of one kind does, inside the approval's transaction; it may throw 403/404/409. */
export type ApprovalDecider = (tx: Tx, c: SchoolCaller, subjectId: string, approve: boolean, note: string | null) => Promise<void>;

/** A kind of approval: what deciding it does and the roles that may decide it. */
export interface ApprovalKind {
  decide: ApprovalDecider;
  deciders: readonly string[];
}

const KINDS = new Map<string, ApprovalKind>();

/**
 * Registers (or replaces) what deciding `kind` does and who may decide it; each module calls it for
 * its own kinds when its routes are registered at boot.
 */
export function registerApprovalKind(kind: Approval['kind'], handler: ApprovalKind): void {
  KINDS.set(kind, handler);
}

function kindOf(kind: string): ApprovalKind {
  const handler = KINDS.get(kind);
  if (!handler) throw new Error(`no decider registered for approval kind ${kind}`);
  return handler;
}

/**
 * Puts a request before the deciders (pending), or puts a returned one back (same kind and subject: the
 * row is reset to pending with the new text and requester), in the requester's transaction.
 * `amountCents`: KES cents, or null when the request has no amount.
 */
export async function requestApproval(
  tx: Tx,
  r: { schoolId: string; kind: Approval['kind']; subjectId: string; title: string; summary: string; amountCents?: number | null; requestedBy: string; requestedAt?: Date },
): Promise<void> {
  const requestedAt = r.requestedAt ?? new Date();
  const fields = { title: r.title, summary: r.summary, amountCents: r.amountCents ?? null, status: 'pending', requestedBy: r.requestedBy, requestedAt };
  await repo.upsertApprovalRequest(tx, r.schoolId, r.kind, r.subjectId, fields);
}

/**
 * Records a decision taken outside the Approvals card (e.g. the director approving a payroll run from
 * Payroll): the approvals row is created decided, or the pending one decided.
 */
export async function recordApprovalDecision(
  tx: Tx,
  r: { schoolId: string; kind: Approval['kind']; subjectId: string; title: string; summary: string; amountCents?: number | null; requestedBy: string | null; approve: boolean; decidedBy: string; note: string | null },
): Promise<void> {
  const decided = { status: r.approve ? 'approved' : 'rejected', decidedBy: r.decidedBy, decidedAt: new Date(), note: r.note };
  await repo.upsertApprovalDecision(
    tx,
    { schoolId: r.schoolId, kind: r.kind, subjectId: r.subjectId, title: r.title, summary: r.summary, amountCents: r.amountCents ?? null, requestedBy: r.requestedBy },
    decided,
  );
}

/**
 * Decides the pending approval of (kind, subject) in the school from the module that owns the record
 * (assessment's sheet approve/return), in the caller's transaction. No pending row: nothing changes.
 */
export async function decidePendingApproval(
  tx: Tx,
  r: { schoolId: string; kind: Approval['kind']; subjectId: string; approve: boolean; decidedBy: string; note: string | null },
): Promise<void> {
  await repo.decidePending(tx, r.schoolId, r.kind, r.subjectId, { status: r.approve ? 'approved' : 'rejected', decidedBy: r.decidedBy, decidedAt: new Date(), note: r.note });
}

function toApproval({ a, requestedBy, decidedBy }: repo.ApprovalListRow): Approval {
  return {
    id: a.id,
    kind: a.kind as Approval['kind'],
    subjectId: a.subjectId,
    title: a.title,
    summary: a.summary,
    amount: a.amountCents === null ? null : centsToKes(a.amountCents),
    status: a.status as Approval['status'],
    requestedBy,
    requestedAt: a.requestedAt.toISOString(),
    decidedBy,
    decidedAt: a.decidedAt?.toISOString() ?? null,
    note: a.note,
  };
}

/** GET /api/approvals?status= → { items, total, pending } for the caller's school, newest first. */
export async function listApprovals(database: Database, actor: Actor, q: { status: string; page: number; pageSize: number }) {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const { items, total } = await paginate(
      q,
      async (w) => (await repo.listApprovalPage(tx, schoolId, q.status, w)).map(toApproval),
      () => repo.countApprovals(tx, schoolId, q.status),
    );
    const pending = await repo.countApprovals(tx, schoolId, 'pending');
    return { items, total, pending };
  });
}

/** Pending approvals of a school (dashboards). */
export async function pendingApprovalCount(tx: Tx, schoolId: string): Promise<number> {
  return repo.countApprovals(tx, schoolId, 'pending');
}

/**
 * POST /api/approvals/:id/approve | /reject: the principal decides a pending request, in one
 * transaction with what the decision does (e.g. the waiver applied). 409 when already decided.
 */
export async function decideApproval(database: Database, actor: Actor, id: string, approve: boolean, note: string | null, ip: string): Promise<Approval> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const row = await repo.lockApproval(tx, schoolId, id);
    if (!row) throw notFound(messages.fees.approvalNotFound);
    const kind = kindOf(row.kind);
    if (!kind.deciders.includes(actor.role)) throw new AppError(403, 'FORBIDDEN', messages.denial.generic);
    if (row.status !== 'pending') throw new AppError(409, 'ALREADY_DECIDED', messages.fees.approvalDecided);
    await kind.decide(tx, { actor, schoolId, ip }, row.subjectId, approve, note);
    await repo.markApprovalDecided(tx, id, { status: approve ? 'approved' : 'rejected', decidedBy: actor.id, decidedAt: new Date(), note });
    const after = await repo.findApprovalRow(tx, schoolId, id);
    return toApproval(after!);
  });
}
