import type { Tx } from '../tenant.js';

/** Demo activity days for platform analytics (issue 18 "Demo data"). Stub: built by issue 18 work. */
export async function seedPlatformActivity(_tx: Tx): Promise<void> {}
