import type { Tx } from '../tenant.js';

/** Demo security policy (issue 18 "Demo accounts keep signing in without two-factor"). Stub: built by issue 18 work. */
export async function seedSecurity(_tx: Tx): Promise<void> {}
