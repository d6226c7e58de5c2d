import type { Tx } from '../../db/tenant.js';
import type { FeesCaller } from '../fees/fees-context.js';

/**
 * Decides a pending expense from the Approvals card (issue 15 §1): approving lets the finance officer
 * pay it; rejecting closes it with the decider's comment. Stub until the expenses module lands.
 */
export async function decideExpenseApproval(_tx: Tx, _c: FeesCaller, _expenseId: string, _approve: boolean, _note: string | null): Promise<void> {}
