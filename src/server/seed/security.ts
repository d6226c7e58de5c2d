import type { Tx } from '../db/tenant.js';
import { systemSettings } from '../db/schema/index.js';
import { DEFAULT_SECURITY_POLICY } from '../../shared/contracts/security.js';
import { SECURITY_POLICY_KEY } from '../modules/security/policy.js';

/**
 * Demo security policy (issue 18 §2). Issue 18 "Demo data": "Demo accounts keep signing in without
 * two-factor unless a user turns it on", so the demo stores a policy that requires two-factor for no
 * role; the code's default (no policy stored: platform staff and finance officers must use two-factor)
 * applies to an installation that was not seeded with the demo. EduFam staff change it under
 * Security → Policy. Leaves a stored policy alone.
 */
export async function seedSecurity(tx: Tx): Promise<void> {
  await tx
    .insert(systemSettings)
    .values({
      settingKey: SECURITY_POLICY_KEY,
      settingValue: { ...DEFAULT_SECURITY_POLICY, twoFactorRequiredRoles: [] },
      description: 'Security policy (issue 18 §2); demo: two-factor required for no role',
    })
    .onConflictDoNothing();
}
