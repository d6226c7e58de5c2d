import type { Tx } from '../tenant.js';

/** EduFam's company details and default system settings (issue 18 §4). Stub: built by issue 18 work. */
export async function seedCompany(_tx: Tx): Promise<void> {}
