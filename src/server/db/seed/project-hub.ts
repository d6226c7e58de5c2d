import type { Tx } from '../tenant.js';

/** Demo project board with onboarding tasks (issue 18 "Demo data"). Stub: built by issue 18 work. */
export async function seedProjectHub(_tx: Tx): Promise<void> {}
