import { schoolToday } from '../../../shared/dates.js';
import type { Tx } from '../../db/tenant.js';
import { listSchoolBillingRows } from './reports.repository.js';

/** A school's billing state as health cards and the banner show it. */
export interface SchoolBillingStatus {
  /** 'none': no subscription, or a cancelled one. A trial whose end has passed counts as active. */
  status: 'trial' | 'active' | 'arrears' | 'read_only' | 'none';
  planName: string | null;
  /** What the school owes across its non-void platform invoices, KES cents. */
  balanceCents: number;
  /** Last day of the free trial (YYYY-MM-DD), or null. */
  trialEndsOn: string | null;
}

/**
 * Billing status of every school the transaction can see, keyed by school id (issue 18 §3 health cards
 * "billing status"). Run it in platform context (withSystem) for every school; under a school scope it
 * answers for that school only. One query. Schools with no subscription map to status 'none'.
 */
export async function billingStatusBySchool(tx: Tx, today = schoolToday()): Promise<Map<string, SchoolBillingStatus>> {
  const rows = await listSchoolBillingRows(tx);
  const out = new Map<string, SchoolBillingStatus>();
  for (const r of rows) {
    out.set(r.school_id, {
      status: effectiveStatus(r.status, r.trial_ends_on, today),
      planName: r.plan_name,
      balanceCents: Number(r.balance_cents),
      trialEndsOn: r.trial_ends_on,
    });
  }
  return out;
}

/** The status shown for a stored subscription status: a trial past its end is active; cancelled or none is 'none'. */
export function effectiveStatus(stored: string | null, trialEndsOn: string | null, today: string): SchoolBillingStatus['status'] {
  if (!stored || stored === 'cancelled') return 'none';
  if (stored === 'trial') return trialEndsOn && trialEndsOn < today ? 'active' : 'trial';
  if (stored === 'active' || stored === 'arrears' || stored === 'read_only') return stored;
  return 'none';
}
