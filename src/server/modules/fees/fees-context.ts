import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../shared/access.js';
import { messages } from '../../../shared/messages.js';
import { isAdminRole } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { documentSequences, financeSettings, idempotencyKeys, schools } from '../../db/schema/index.js';
import { withScope, type Tx } from '../../db/tenant.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { pgCode } from '../school-setup/setup-context.js';

/**
 * What every part of the fees module shares: the school a call works for (pinned for school roles,
 * named by `?schoolId=` for platform staff), the transaction it runs in, audit entries, document
 * numbers (receipts, invoices, credit notes) and Idempotency-Key handling.
 *
 * Taking a number locks the school's sequence row until the transaction ends, so every payment of a
 * school waits for the one before it to commit: callers take it as late as they can (postPayment is
 * the last write of the M-Pesa transactions), keeping that wait to one statement and the commit.
 */

/** Who is doing what, for audit entries. */
export interface FeesCaller {
  actor: Actor;
  schoolId: string;
  ip: string;
}

/** The school of a call: a school role's own, or the one platform staff name (400 without one). */
export function feesSchoolId(actor: Actor, schoolId?: string | null): string {
  if (isAdminRole(actor.role)) {
    if (!schoolId) throw badRequest(messages.schoolSetup.schoolRequired, { schoolId: messages.schoolSetup.schoolRequired });
    return schoolId;
  }
  if (!actor.schoolId) throw forbidden(messages.friendly.permission);
  return actor.schoolId;
}

/**
 * Runs `fn` in one transaction confined (row-level security) to the caller's school; 404 when platform
 * staff name a school that does not exist. Unique-index races that slipped past the service's checks
 * become 409 CONFLICT, never a 500.
 */
export async function inSchool<T>(database: Database, actor: Actor, schoolId: string | null | undefined, fn: (tx: Tx, schoolId: string) => Promise<T>): Promise<T> {
  const id = feesSchoolId(actor, schoolId);
  try {
    return await withScope(database.db, { schoolId: id, userId: actor.id, allSchools: false }, async (tx) => {
      if (isAdminRole(actor.role)) {
        const [row] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, id));
        if (!row) throw notFound(messages.schoolSetup.schoolNotFound);
      }
      return fn(tx, id);
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (pgCode(err) === '23505') throw new AppError(409, 'CONFLICT', messages.schoolSetup.conflictRetry, {}, err);
    throw err;
  }
}

/** An audit entry of a fees change (old and new values), in the caller's transaction. */
export async function auditFees(tx: Tx, c: FeesCaller, action: string, target: string, oldValue: unknown, newValue: unknown, metadata?: Record<string, unknown>) {
  await recordAudit(tx, {
    schoolId: c.schoolId,
    action,
    performedByUserId: c.actor.id,
    performedByRole: c.actor.role,
    targetEntity: target,
    oldValue,
    newValue,
    metadata,
    ipAddress: c.ip,
  });
}

/** Audit actions of the fees module (the Audit Trail lists them). */
export const FEES_AUDIT = {
  settingsUpdated: 'FINANCE_SETTINGS_UPDATED',
  structureCreated: 'FEE_STRUCTURE_CREATED',
  structureUpdated: 'FEE_STRUCTURE_UPDATED',
  structureDeleted: 'FEE_STRUCTURE_DELETED',
  invoicesGenerated: 'INVOICES_GENERATED',
  invoiceCreated: 'INVOICE_CREATED',
  invoiceCancelled: 'INVOICE_CANCELLED',
  adjustmentApplied: 'FEE_ADJUSTMENT_APPLIED',
  adjustmentRequested: 'FEE_ADJUSTMENT_REQUESTED',
  adjustmentApproved: 'FEE_ADJUSTMENT_APPROVED',
  adjustmentRejected: 'FEE_ADJUSTMENT_REJECTED',
  paymentRecorded: 'PAYMENT_RECORDED',
  paymentReversed: 'PAYMENT_REVERSED',
  feeOptionChanged: 'FEE_OPTION_CHANGED',
  mpesaConfigUpdated: 'MPESA_CONFIG_UPDATED',
  mpesaTokenRotated: 'MPESA_CALLBACK_TOKEN_ROTATED',
  mpesaUrlsRegistered: 'MPESA_C2B_URLS_REGISTERED',
  mpesaAllocated: 'MPESA_PAYMENT_ALLOCATED',
  mpesaRefunded: 'MPESA_PAYMENT_REFUNDED',
  /** Issue 32 §2: a callback whose amount differs from the STK request, or a C2B over the ceiling. */
  mpesaHeld: 'MPESA_PAYMENT_HELD',
  remindersSent: 'FEE_REMINDERS_SENT',
} as const;

export type FinanceSettingsRow = typeof financeSettings.$inferSelect;

/** The school's finance settings (defaults when it never saved any). */
export async function loadFinanceSettings(tx: Tx, schoolId: string): Promise<FinanceSettingsRow> {
  const [row] = await tx.select().from(financeSettings).where(eq(financeSettings.schoolId, schoolId));
  return (
    row ?? {
      schoolId,
      allocationRule: 'oldest_first',
      waiverApprovalCents: 1_000_000,
      receiptPrefix: 'RCT-',
      invoicePrefix: 'INV-',
      smsReceipts: true,
      invoiceDueDays: 14,
      updatedBy: null,
      updatedAt: new Date(0),
    }
  );
}

export type DocumentKind = 'receipt' | 'invoice' | 'credit_note' | 'expense';

/**
 * Takes the next `count` numbers of a school's receipt, invoice or credit-note sequence inside the
 * caller's transaction and returns the first. The UPDATE locks the sequence row until the transaction
 * ends, so two payments at once get different numbers, and a rolled-back payment gives its number
 * back: no repeats, no gaps (issue 11 §2).
 */
export async function takeDocumentNumbers(tx: Tx, schoolId: string, kind: DocumentKind, count = 1): Promise<number> {
  // One statement: creates the school's sequence on first use, otherwise increments it under a row lock.
  const [row] = await tx
    .insert(documentSequences)
    .values({ schoolId, kind, lastValue: count })
    .onConflictDoUpdate({ target: [documentSequences.schoolId, documentSequences.kind], set: { lastValue: sql`${documentSequences.lastValue} + ${count}` } })
    .returning({ last: documentSequences.lastValue });
  return row!.last - count + 1;
}

/** A document number as printed: prefix and a six-digit sequence, e.g. "RCT-000042". */
export function documentNumber(prefix: string, n: number): string {
  return `${prefix}${String(n).padStart(6, '0')}`;
}

/** Credit-note numbers carry a fixed prefix (every applied adjustment gets one). */
export const CREDIT_NOTE_PREFIX = 'CN-';

/**
 * Idempotency-Key (issue 11 §2 "a retried POST returns the first result"): the first request with a key
 * runs `fn` and stores its answer in the same transaction; a retry with the same key and the same body
 * gets that stored answer back without running anything; the same key with a different body is 422.
 * Two concurrent requests with one key: the second waits on the primary key until the first commits,
 * then finds its answer (or, when the first rolled back, runs itself).
 */
export async function withIdempotency<T>(
  tx: Tx,
  opts: { schoolId: string; userId: string; key: string | undefined; route: string; body: unknown; status: number },
  fn: () => Promise<T>,
): Promise<{ status: number; body: T; replayed: boolean }> {
  if (opts.key === undefined) return { status: opts.status, body: await fn(), replayed: false };
  const key = opts.key.trim();
  if (key.length < 1 || key.length > 100) throw badRequest(messages.fees.idempotencyKeyInvalid);
  const hash = createHash('sha256').update(`${opts.route}\n${JSON.stringify(opts.body ?? null)}`).digest('hex');
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ schoolId: opts.schoolId, userId: opts.userId, key, route: opts.route, requestHash: hash, statusCode: 0, response: {} })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 0) {
    const [prior] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.schoolId, opts.schoolId), eq(idempotencyKeys.userId, opts.userId), eq(idempotencyKeys.key, key)));
    if (!prior || prior.requestHash !== hash || prior.route !== opts.route) throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', messages.fees.idempotencyReused);
    return { status: prior.statusCode, body: prior.response as T, replayed: true };
  }
  const body = await fn();
  await tx
    .update(idempotencyKeys)
    .set({ statusCode: opts.status, response: body as object })
    .where(and(eq(idempotencyKeys.schoolId, opts.schoolId), eq(idempotencyKeys.userId, opts.userId), eq(idempotencyKeys.key, key)));
  return { status: opts.status, body, replayed: false };
}
