import type { Tx } from '../../db/tenant.js';
import { decideExpense } from './expenses.service.js';
import { type SchoolCaller } from '../../lib/school-context.js';

/**
 * Decides a pending expense from the Approvals card (issue 15 §1): approving lets the finance officer
 * pay it; rejecting closes it with the decider's comment (required). The requester cannot decide their
 * own expense (403), whichever path they use.
 */
export async function decideExpenseApproval(tx: Tx, c: SchoolCaller, expenseId: string, approve: boolean, note: string | null): Promise<void> {
  await decideExpense(tx, c, expenseId, approve, note);
}
