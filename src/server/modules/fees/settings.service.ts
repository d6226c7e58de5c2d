import type { z } from 'zod';
import type { Actor } from '../../../shared/access.js';
import type { FinanceSettings, updateFinanceSettingsBody } from '../../../shared/contracts/fees.js';
import { centsToKes } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
import { FEES_AUDIT, loadFinanceSettings, type FinanceSettingsRow } from './fees-context.js';
import { upsertFinanceSettings } from './fees.repository.js';
import { auditSchool, inSchool } from '../../lib/school-context.js';

function toSettings(r: FinanceSettingsRow): FinanceSettings {
  return {
    allocationRule: r.allocationRule as FinanceSettings['allocationRule'],
    waiverApprovalLimit: centsToKes(r.waiverApprovalCents),
    receiptPrefix: r.receiptPrefix,
    invoicePrefix: r.invoicePrefix,
    smsReceipts: r.smsReceipts,
    invoiceDueDays: r.invoiceDueDays,
    voteHeadRule: r.voteHeadRule as FinanceSettings['voteHeadRule'],
  };
}

/** GET /api/fees/settings: the school's finance settings (defaults until saved). */
export async function getFinanceSettings(database: Database, actor: Actor, schoolId?: string): Promise<FinanceSettings> {
  return inSchool(database, actor, schoolId, async (tx, id) => toSettings(await loadFinanceSettings(tx, id)));
}

/**
 * PUT /api/fees/settings (finance officer): allocation rule (oldest invoice first, or the current term
 * first), the waiver amount above which the principal approves, receipt and invoice prefixes, SMS
 * receipts, days until an invoice falls due, and how payments split over vote heads (issue 35 §3:
 * priority | proportional). Audited with old and new values.
 */
export async function updateFinanceSettings(database: Database, actor: Actor, body: z.output<typeof updateFinanceSettingsBody>, ip: string): Promise<FinanceSettings> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const before = await loadFinanceSettings(tx, schoolId);
    const next = {
      schoolId,
      allocationRule: body.allocationRule ?? before.allocationRule,
      waiverApprovalCents: body.waiverApprovalLimit ?? before.waiverApprovalCents,
      receiptPrefix: body.receiptPrefix ?? before.receiptPrefix,
      invoicePrefix: body.invoicePrefix ?? before.invoicePrefix,
      smsReceipts: body.smsReceipts ?? before.smsReceipts,
      invoiceDueDays: body.invoiceDueDays ?? before.invoiceDueDays,
      voteHeadRule: body.voteHeadRule ?? before.voteHeadRule,
      updatedBy: actor.id,
      updatedAt: new Date(),
    };
    await upsertFinanceSettings(tx, next);
    await auditSchool(tx, { actor, schoolId, ip }, FEES_AUDIT.settingsUpdated, `finance_settings:${schoolId}`, toSettings(before), toSettings(next));
    return toSettings(next);
  });
}
