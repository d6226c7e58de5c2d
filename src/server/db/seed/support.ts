import type { Tx } from '../tenant.js';
import type { CommunicationSeedPlan } from './announcements.js';

/** Demo support (issue 17 "Demo data"); stub until the module lands. */
export async function seedSupport(_tx: Tx, _plan: CommunicationSeedPlan, _seed: number): Promise<void> {}
