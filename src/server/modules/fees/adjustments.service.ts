import type { z } from 'zod';
import type { Actor } from '../../../shared/access.js';
import type { Adjustment, createAdjustmentBody, listAdjustmentsQuery } from '../../../shared/contracts/fees.js';
import { schoolToday } from '../../../shared/dates.js';
import { messages } from '../../../shared/messages.js';
import { formatKes } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { CREDIT_NOTE_PREFIX, FEES_AUDIT, loadFinanceSettings } from './fees-context.js';
import * as repo from './fees.repository.js';
import * as adjustmentsRepo from './adjustments.repository.js';
import { pageWindow } from '../../lib/paging.js';
import { auditSchool, inSchool, type SchoolCaller } from '../../lib/school-context.js';
import { documentNumber, takeDocumentNumbers } from '../../lib/document-numbers.js';
import { requestApproval } from '../approvals/index.js';

const m = messages.fees;
type CreateInput = z.output<typeof createAdjustmentBody>;

/** Labels of the adjustment kinds (approvals and documents). */
export const ADJUSTMENT_LABELS: Record<Adjustment['kind'], string> = {
  credit_note: 'Credit note',
  discount: 'Discount',
  bursary: 'Bursary',
  waiver: 'Waiver',
};

async function adjustmentById(tx: Tx, id: string): Promise<Adjustment> {
  const adjustment = await adjustmentsRepo.findAdjustment(tx, id);
  if (!adjustment) throw notFound(m.adjustmentNotFound);
  return adjustment;
}

/**
 * POST /api/fees/adjustments (issue 11 §1): a credit note, discount, bursary or waiver for a learner,
 * with a reason, audited. Tied to an invoice it may not exceed what is left due on it. A waiver above
 * the school's limit (finance settings) waits for the principal: it is stored pending, an approval is
 * filed for the Approvals card, and it only reduces the balance once approved.
 */
export async function createAdjustment(database: Database, actor: Actor, body: CreateInput, ip: string): Promise<Adjustment> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const c: SchoolCaller = { actor, schoolId, ip };
    const learner = await repo.findLearner(tx, schoolId, body.studentId);
    if (!learner) throw notFound(m.learnerNotFound);
    let termId: string | null = null;
    if (body.invoiceId) {
      const row = await adjustmentsRepo.findInvoiceHead(tx, schoolId, body.invoiceId);
      // The learner filter reaches the view's window partition: only this learner's allocation is computed.
      const due = row ? await adjustmentsRepo.findInvoiceDue(tx, row.studentId, row.id) : undefined;
      const inv = row && { ...row, dueCents: due?.dueCents ?? 0 };
      if (!inv || inv.studentId !== learner.id) throw notFound(m.invoiceNotFound);
      if (inv.status !== 'issued') throw new AppError(409, 'INVOICE_CANCELLED', m.invoiceCancelled);
      const left = Number(inv.dueCents ?? 0);
      if (body.amount > left) throw badRequest(m.adjustmentTooLarge(formatKes(left)), { amount: m.adjustmentTooLarge(formatKes(left)) });
      termId = inv.termId;
    }
    const settings = await loadFinanceSettings(tx, schoolId);
    const needsApproval = body.kind === 'waiver' && body.amount > settings.waiverApprovalCents;
    const number = needsApproval ? null : documentNumber(CREDIT_NOTE_PREFIX, await takeDocumentNumbers(tx, schoolId, 'credit_note'));
    const row = await adjustmentsRepo.insertAdjustment(tx, {
      schoolId,
      studentId: learner.id,
      invoiceId: body.invoiceId ?? null,
      termId,
      kind: body.kind,
      amountCents: body.amount,
      reason: body.reason,
      number,
      status: needsApproval ? 'pending' : 'applied',
      effectiveOn: schoolToday(),
      requestedBy: actor.id,
    });
    if (needsApproval) {
      await requestApproval(tx, {
        schoolId,
        kind: 'fee_waiver',
        subjectId: row!.id,
        title: `Waiver of KES ${formatKes(body.amount)} for ${learner.name}`,
        summary: `${learner.name} (${learner.admissionNumber}${learner.className ? `, ${learner.className}` : ''}): ${body.reason}`,
        amountCents: body.amount,
        requestedBy: actor.id,
      });
    }
    const adjustment = await adjustmentById(tx, row!.id);
    await auditSchool(tx, c, needsApproval ? FEES_AUDIT.adjustmentRequested : FEES_AUDIT.adjustmentApplied, `fee_adjustment:${row!.id}`, null, adjustment);
    return adjustment;
  });
}

/** GET /api/fees/adjustments */
export async function listAdjustments(database: Database, actor: Actor, q: z.output<typeof listAdjustmentsQuery>) {
  return inSchool(database, actor, q.schoolId, async (tx, schoolId) => {
    const filters: adjustmentsRepo.AdjustmentFilters = { status: q.status, kind: q.kind, studentId: q.studentId };
    return adjustmentsRepo.listAdjustmentPage(tx, schoolId, filters, pageWindow(q));
  });
}

/**
 * Applies or rejects a pending waiver once the principal decides (called by the approvals service in
 * its transaction). Approved: the adjustment gets its credit-note number and counts from now on.
 */
export async function decideWaiver(tx: Tx, c: SchoolCaller, adjustmentId: string, approve: boolean, note: string | null): Promise<void> {
  const before = await adjustmentById(tx, adjustmentId);
  if (before.status !== 'pending') throw new AppError(409, 'ALREADY_DECIDED', m.approvalDecided);
  const number = approve ? documentNumber(CREDIT_NOTE_PREFIX, await takeDocumentNumbers(tx, c.schoolId, 'credit_note')) : null;
  await adjustmentsRepo.markAdjustmentDecided(tx, adjustmentId, { status: approve ? 'applied' : 'rejected', number, decidedBy: c.actor.id, decidedAt: new Date(), decisionNote: note, effectiveOn: schoolToday() });
  const after = await adjustmentById(tx, adjustmentId);
  await auditSchool(tx, c, approve ? FEES_AUDIT.adjustmentApproved : FEES_AUDIT.adjustmentRejected, `fee_adjustment:${adjustmentId}`, before, after);
}
