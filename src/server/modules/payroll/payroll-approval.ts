import type { Tx } from '../../db/tenant.js';
import type { FeesCaller } from '../fees/fees-context.js';

/**
 * The approvals model's decider for kind 'payroll_run' (issue 14 §3): approving locks the run,
 * rejecting returns it to HR as a draft with the note. Called inside the approval's transaction.
 */
export async function decidePayrollRunApproval(_tx: Tx, _c: FeesCaller, _runId: string, _approve: boolean, _note: string | null): Promise<void> {
  throw new Error('payroll run approval: not built yet');
}
