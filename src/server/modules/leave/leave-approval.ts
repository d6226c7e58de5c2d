import type { Tx } from '../../db/tenant.js';
import { decideInTx } from './leave.service.js';
import { type SchoolCaller } from '../../lib/school-context.js';

/**
 * The approvals model's decider for kind 'leave' (issue 14 §2): the principal approves or rejects a
 * pending leave request from the Approvals card. Called inside the approval's transaction, which then
 * decides the approvals row itself. 404 when the request is gone; 409 when it is no longer pending
 * (decided by HR from Staff Management, or cancelled).
 */
export async function decideLeaveApproval(tx: Tx, c: SchoolCaller, requestId: string, approve: boolean, note: string | null): Promise<void> {
  await decideInTx(tx, c, requestId, approve, note, false);
}
