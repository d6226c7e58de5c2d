import type { Tx } from '../../db/tenant.js';
import { billingStatusBySchool, type SchoolBillingStatus } from '../billing/index.js';

/**
 * The billing state of every school for the health cards (issue 18 §3 "billing status"), from the
 * billing module's public `billingStatusBySchool(tx)`. It runs in a savepoint: should billing's query
 * fail, the caller's transaction goes on and every school shows 'unknown' rather than the whole health
 * page failing.
 */
export type BillingState = Pick<SchoolBillingStatus, 'planName' | 'balanceCents' | 'trialEndsOn'> & { status: SchoolBillingStatus['status'] | 'unknown' };

export const UNKNOWN_BILLING: BillingState = { status: 'unknown', planName: null, balanceCents: 0, trialEndsOn: null };

/** schoolId → billing state; empty when billing cannot say (callers show UNKNOWN_BILLING). */
export async function billingStatuses(tx: Tx, today?: string): Promise<Map<string, BillingState>> {
  try {
    return await tx.transaction((sp) => billingStatusBySchool(sp, today));
  } catch {
    return new Map();
  }
}
