import { bankAccounts } from '../db/schema/index.js';
import type { Tx } from '../db/tenant.js';

/**
 * Demo bank account (issue 35 §4 "Demo data"; decision 0029): Greenhill's fees collection account at
 * KCB, WITHOUT a saved column mapping, so the demo's first import shows the mapping step (filled in from
 * the file's headers: the sample statement's KCB headers are all guessed). Committing that import saves
 * the mapping to the account, so the second import goes straight to the dry run. The sample statement
 * itself is built on request from the school's learners (GET /api/fees/bank-statements/sample).
 * Riverside has no bank account: its finance officer adds one from the Bank statements tab.
 */
export async function seedBankStatements(tx: Tx, p: { schoolId: string; code: 'greenhill' | 'riverside'; financeOfficerId: string }): Promise<void> {
  if (p.code !== 'greenhill') return;
  await tx.insert(bankAccounts).values({
    schoolId: p.schoolId,
    name: 'Fees collection account',
    bankName: 'KCB Bank Kenya',
    accountNumber: '1290345678',
    mapping: null,
    createdBy: p.financeOfficerId,
  });
}
