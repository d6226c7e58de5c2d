import type { Tx } from '../../db/tenant.js';
import type { FeesCaller } from '../fees/fees-context.js';

/**
 * The approvals model's decider for kind 'leave' (issue 14 §2): the principal approves or rejects a
 * pending leave request from the Approvals card. Called inside the approval's transaction.
 */
export async function decideLeaveApproval(_tx: Tx, _c: FeesCaller, _requestId: string, _approve: boolean, _note: string | null): Promise<void> {
  throw new Error('leave approval: not built yet');
}
