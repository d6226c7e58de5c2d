import { and, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor } from '../../../shared/access.js';
import type { Approval } from '../../../shared/contracts/fees.js';
import { messages } from '../../../shared/messages.js';
import { centsToKes } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
import { approvals, profiles } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, notFound } from '../../errors.js';
import { inSchool, type FeesCaller } from '../fees/fees-context.js';
import { decideWaiver } from '../fees/adjustments.service.js';
import { decideMarksApproval } from '../assessment/marks.service.js';
import { decidePayrollRunApproval } from '../payroll/payroll-approval.js';
import { decideLeaveApproval } from '../leave/leave-approval.js';
import { decideExpenseApproval } from '../expenses/expense-approval.js';

/**
 * One approvals model (ARCHITECTURE.md "Approvals"): requests that wait for the principal, listed on
 * the principal's and director's dashboards. Each kind names what approving or rejecting does; today
 * fee waivers above the school's limit (issue 11 §1). Later modules (expenses, payroll runs, marks) add
 * their kinds here.
 */
const DECIDERS: Record<Approval['kind'], (tx: Tx, c: FeesCaller, subjectId: string, approve: boolean, note: string | null) => Promise<void>> = {
  fee_waiver: decideWaiver,
  // Issue 12 §3: a stream x subject's marks; rejecting returns them to the teacher with the note.
  marks: decideMarksApproval,
  // Issue 14 §3: a submitted payroll run; approving locks it, rejecting returns it to HR as a draft.
  payroll_run: decidePayrollRunApproval,
  // Issue 14 §2: a leave request (HR decides it in Staff Management too).
  leave: decideLeaveApproval,
  // Issue 15 §1: an expense at or above the school's limit; approving lets the finance officer pay it.
  expense: decideExpenseApproval,
};

/**
 * Who decides each kind (issue 11 §1 waivers and issue 12 §3 marks: the principal; issue 14: payroll
 * runs the director or the principal, leave the principal, HR deciding leave from its own screen).
 */
const DECIDER_ROLES: Record<Approval['kind'], readonly string[]> = {
  fee_waiver: ['principal'],
  marks: ['principal'],
  payroll_run: ['principal', 'school_director'],
  leave: ['principal'],
  expense: ['principal', 'school_director'],
};

const requester = alias(profiles, 'requester');
const decider = alias(profiles, 'decider');

async function approvalRows(tx: Tx, schoolId: string, status: string, limit: number, offset: number, id?: string): Promise<Approval[]> {
  const rows = await tx
    .select({ a: approvals, requestedBy: requester.name, decidedBy: decider.name })
    .from(approvals)
    .leftJoin(requester, eq(requester.id, approvals.requestedBy))
    .leftJoin(decider, eq(decider.id, approvals.decidedBy))
    .where(and(eq(approvals.schoolId, schoolId), status === 'all' ? undefined : eq(approvals.status, status), id ? eq(approvals.id, id) : undefined))
    .orderBy(desc(approvals.requestedAt), desc(approvals.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ a, requestedBy, decidedBy }) => ({
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
  }));
}

/** GET /api/approvals?status= → { items, total, pending } for the caller's school, newest first. */
export async function listApprovals(database: Database, actor: Actor, q: { status: string; page: number; pageSize: number }) {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const items = await approvalRows(tx, schoolId, q.status, q.pageSize, (q.page - 1) * q.pageSize);
    const [total] = await tx.select({ n: count() }).from(approvals).where(and(eq(approvals.schoolId, schoolId), q.status === 'all' ? undefined : eq(approvals.status, q.status)));
    const [pending] = await tx.select({ n: count() }).from(approvals).where(and(eq(approvals.schoolId, schoolId), eq(approvals.status, 'pending')));
    return { items, total: Number(total?.n ?? 0), pending: Number(pending?.n ?? 0) };
  });
}

/** Pending approvals of a school (dashboards). */
export async function pendingApprovalCount(tx: Tx, schoolId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(approvals).where(and(eq(approvals.schoolId, schoolId), eq(approvals.status, 'pending')));
  return Number(row?.n ?? 0);
}

/**
 * POST /api/approvals/:id/approve | /reject: the principal decides a pending request, in one
 * transaction with what the decision does (e.g. the waiver applied). 409 when already decided.
 */
export async function decideApproval(database: Database, actor: Actor, id: string, approve: boolean, note: string | null, ip: string): Promise<Approval> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const [row] = await tx.select().from(approvals).where(and(eq(approvals.id, id), eq(approvals.schoolId, schoolId))).for('update');
    if (!row) throw notFound(messages.fees.approvalNotFound);
    if (!DECIDER_ROLES[row.kind as Approval['kind']].includes(actor.role)) throw new AppError(403, 'FORBIDDEN', messages.denial.generic);
    if (row.status !== 'pending') throw new AppError(409, 'ALREADY_DECIDED', messages.fees.approvalDecided);
    await DECIDERS[row.kind as Approval['kind']](tx, { actor, schoolId, ip }, row.subjectId, approve, note);
    await tx.update(approvals).set({ status: approve ? 'approved' : 'rejected', decidedBy: actor.id, decidedAt: new Date(), note }).where(eq(approvals.id, id));
    const [after] = await approvalRows(tx, schoolId, 'all', 1, 0, id);
    return after!;
  });
}
