import type { Actor } from '../../../shared/access.js';
import { learnerName } from '../../../shared/contracts/learners.js';
import { feesStatus, type FeesStatus, type MovementLearner } from '../../../shared/contracts/movements.js';
import { messages } from '../../../shared/messages.js';
import type { Database } from '../../db/client.js';
import { withScope, withSystem, type TenantScope, type Tx } from '../../db/tenant.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import type { LearnerIdentity } from '../../lib/learner-columns.js';
import { balanceOf } from '../fees/index.js';
import * as repo from './movements.repository.js';

/**
 * What promotion, transfers and exits share besides queries: the principal's school scope, the learner
 * as the movement screens show them, the fee rule, audit actions (placement is the learners module's
 * checkPlacement). The queries behind them are in movements.repository.ts; every one takes the school
 * explicitly, on top of row-level security (ARCHITECTURE.md wall 3).
 */

const m = messages.movements;

/** The principal's school (manageLearners is principal-only; the route gate checked the permission). */
export function writerSchool(actor: Actor): string {
  if (actor.role !== 'principal' || !actor.schoolId) throw forbidden(messages.friendly.permission);
  return actor.schoolId;
}

/** The row-level-security scope of a principal's request. */
export function schoolScope(actor: Actor): { schoolId: string; scope: TenantScope } {
  const schoolId = writerSchool(actor);
  return { schoolId, scope: { schoolId, userId: actor.id, allSchools: false } };
}

/** Runs `fn` in the principal's school scope. */
export function inSchool<T>(database: Database, actor: Actor, fn: (tx: Tx, schoolId: string) => Promise<T>): Promise<T> {
  const { schoolId, scope } = schoolScope(actor);
  return withScope(database.db, scope, (tx) => fn(tx, schoolId));
}

/** The learner of this school with their class and its year, or a 404. */
export async function findLearner(tx: Tx, schoolId: string, id: string): Promise<repo.LearnerRow> {
  const row = await repo.findLearnerRow(tx, schoolId, id);
  if (!row) throw notFound(m.learnerNotFound);
  return row;
}

/** The learner as the movement screens show them. */
export function toMovementLearner(s: LearnerIdentity & { status: string; admittedOn: string | null; className: string | null }): MovementLearner {
  return {
    id: s.id,
    name: learnerName(s),
    admissionNumber: s.admissionNumber,
    className: s.className,
    status: s.status as MovementLearner['status'],
    admittedOn: s.admittedOn,
  };
}

/** 409 for a movement of a learner who is not active (already left). */
export function notActive(name: string, status: string): AppError {
  const label = messages.learners.statuses[status as keyof typeof messages.learners.statuses] ?? status;
  return new AppError(409, 'NOT_ACTIVE', m.learnerNotActive(name, label.toLowerCase()), { fields: { studentId: m.learnerNotActive(name, label.toLowerCase()) } });
}

/**
 * Fees a learner owes, for the transfer-out warning (issue 10 §2 Transfers "a warning when fees are
 * owed"), from the fees module's balance (issue 11: student_balances, positive = owed; a learner in
 * credit owes nothing). owedCents: integer cents, KES.
 */
export async function feesOwed(tx: Tx, _schoolId: string, studentId: string): Promise<FeesStatus> {
  return feesStatus(Math.max(await balanceOf(tx, studentId), 0));
}

/**
 * Active EduFam schools other than `exceptId`: id, name and county only (the transfer directory).
 * Read in the platform scope because row-level security shows a principal only their own school.
 */
export async function directorySchools(database: Database, exceptId: string) {
  return withSystem(database.db, (tx) => repo.listDirectorySchools(tx, exceptId));
}

/** Names of EduFam schools by id (the two ends of transfer requests), read in the platform scope. */
export async function schoolNames(database: Database, ids: string[]): Promise<Map<string, { name: string; status: string }>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await withSystem(database.db, (tx) => repo.listSchoolNames(tx, unique));
  return new Map(rows.map((r) => [r.id, { name: r.name, status: r.status }]));
}

/** Runs `fn` over `ids` in chunks (keeps IN lists and bind parameters small). */
export async function inChunks<T>(ids: T[], size: number, fn: (chunk: T[]) => Promise<void>): Promise<void> {
  for (let i = 0; i < ids.length; i += size) await fn(ids.slice(i, i + size));
}

/** Audit actions of learner movements (the Audit Trail lists them), with old and new values. */
export const MOVEMENT_AUDIT = {
  promotionApplied: 'PROMOTION_APPLIED',
  promotionUndone: 'PROMOTION_UNDONE',
  transferredOut: 'STUDENT_TRANSFERRED_OUT',
  transferredIn: 'STUDENT_TRANSFERRED_IN',
  requestAccepted: 'TRANSFER_REQUEST_ACCEPTED',
  requestDeclined: 'TRANSFER_REQUEST_DECLINED',
  exited: 'STUDENT_EXITED',
  readmitted: 'STUDENT_READMITTED',
} as const;

/** Is `err` (or its cause) a PostgreSQL unique violation? */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
