import type { EventBus } from '../events/bus.js';

/** The roles whose finance screens refresh on `fees.changed` (the fees screens' live refresh). */
const FINANCE_ROLES = ['finance_officer', 'principal', 'school_director'] as const;

/**
 * Publishes `fees.changed` with `data` to the school's finance officer, principal and director, so their
 * open finance screens refetch (a payment, a capitation grant). Best effort: screens also refetch on
 * their own, so a failed publish is swallowed.
 */
export async function publishSchoolFeesChanged(events: Pick<EventBus, 'publish'>, schoolId: string, data: Record<string, unknown>): Promise<void> {
  try {
    await events.publish({ type: 'fees.changed', audience: { schoolIds: [schoolId], roles: FINANCE_ROLES }, data });
  } catch {
    // Live updates are best effort.
  }
}
