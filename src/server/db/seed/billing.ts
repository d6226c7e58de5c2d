import type { Tx } from '../tenant.js';

/** Demo billing (issue 18 "Demo data"): both schools on a plan with last term's invoices. Stub: built by issue 18 work. */
export async function seedBilling(_tx: Tx): Promise<void> {}
