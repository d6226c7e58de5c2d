import type { Tx } from '../../db/tenant.js';
import type { FeesCaller } from '../fees/fees-context.js';
import { decideRun } from './payroll-runs.service.js';

/**
 * The approvals model's decider for kind 'payroll_run' (issue 14 §3): approving locks the run,
 * rejecting returns it to HR as a draft with the note. Called inside the approval's transaction
 * (the approvals service marks the approvals row itself).
 */
export async function decidePayrollRunApproval(tx: Tx, c: FeesCaller, runId: string, approve: boolean, note: string | null): Promise<void> {
  await decideRun(tx, c, runId, approve, note);
}
