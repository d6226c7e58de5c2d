import type { Tx } from '../../db/tenant.js';
import { decideRun } from './payroll-runs.service.js';
import { type SchoolCaller } from '../../lib/school-context.js';

/**
 * The approvals model's decider for kind 'payroll_run' (issue 14 §3): approving locks the run,
 * rejecting returns it to HR as a draft with the note. Called inside the approval's transaction
 * (the approvals service marks the approvals row itself).
 */
export async function decidePayrollRunApproval(tx: Tx, c: SchoolCaller, runId: string, approve: boolean, note: string | null): Promise<void> {
  await decideRun(tx, c, runId, approve, note);
}
