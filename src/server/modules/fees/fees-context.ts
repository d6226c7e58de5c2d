import type { Tx } from '../../db/tenant.js';
import { findFinanceSettings, type FinanceSettingsRow } from './fees.repository.js';

/**
 * What the fees module's parts share beyond the school context (src/server/lib/school-context.ts):
 * its audit actions, the school's finance settings and the credit-note prefix.
 */

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

export type { FinanceSettingsRow };

/** The school's finance settings (defaults when it never saved any). */
export async function loadFinanceSettings(tx: Tx, schoolId: string): Promise<FinanceSettingsRow> {
  const row = await findFinanceSettings(tx, schoolId);
  return (
    row ?? {
      schoolId,
      allocationRule: 'oldest_first',
      waiverApprovalCents: 1_000_000,
      receiptPrefix: 'RCT-',
      invoicePrefix: 'INV-',
      smsReceipts: true,
      invoiceDueDays: 14,
      voteHeadRule: 'priority',
      updatedBy: null,
      updatedAt: new Date(0),
    }
  );
}

/** Credit-note numbers carry a fixed prefix (every applied adjustment gets one). */
export const CREDIT_NOTE_PREFIX = 'CN-';
