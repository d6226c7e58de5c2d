import type { Database } from '../../db/client.js';
import { withScope, withSystem } from '../../db/tenant.js';
import type { Sweep } from '../../jobs/tasks.js';
import * as repo from './learner-balances.repository.js';
import type { BalanceDrift } from './learner-balances.repository.js';

/** Where drift is reported (the app's logger). */
export interface DriftLog {
  warn(obj: object, msg: string): void;
}

/** What one reconciliation found and mended. */
export interface BalanceReconciliation {
  schools: number;
  /** Learners whose stored totals differed from their sums, with both balances (KES cents). */
  drifted: BalanceDrift[];
  /** Stored rows set to their sums (a learner paid between the check and the repair may already match). */
  repaired: number;
}

/**
 * Issue 37 §1 (decision 0034): compares every learner's stored fee totals (learner_balances, kept by
 * the triggers of drizzle/0039) with the sums of their invoices, adjustments and payments, and sets
 * any that differ to the sums, school by school, one transaction each. Nothing in the app writes
 * around the triggers, so drift means a bug or a hand-made database change: each one is logged as a
 * warning with the learner and both balances, for someone to find out why.
 */
export async function reconcileLearnerBalances(database: Database, log?: DriftLog): Promise<BalanceReconciliation> {
  const schools = await withSystem(database.db, (tx) => repo.allSchools(tx));
  const drifted: BalanceDrift[] = [];
  let repaired = 0;
  for (const schoolId of schools) {
    await withScope(database.db, { schoolId, userId: null, allSchools: false }, async (tx) => {
      const found = await repo.driftedLearners(tx, schoolId);
      if (found.length === 0) return;
      drifted.push(...found);
      repaired += await repo.resetToSums(
        tx,
        schoolId,
        found.map((d) => d.studentId),
      );
    });
  }
  for (const d of drifted) log?.warn(d, 'learner balance differed from its invoices, adjustments and payments; set to the sums');
  return { schools: schools.length, drifted, repaired };
}

/** The nightly reconciliation (jobs/tasks.ts Sweep): 02:30 in Nairobi, when schools do not bill or take payments. */
export function learnerBalancesSweep(database: Database, log: DriftLog): Sweep {
  return {
    name: 'learner-balances',
    cron: '30 2 * * *',
    tz: 'Africa/Nairobi',
    label: 'Learner balance reconciliation',
    run: () => reconcileLearnerBalances(database, log),
  };
}
