import type { Tx } from '../tenant.js';

/** Who the demo announcements involve (seed.ts passes the school's demo accounts). */
export interface CommunicationSeedPlan {
  schoolId: string;
  code: 'greenhill' | 'riverside';
  principalId: string;
  directorId: string;
  financeOfficerId: string;
  hrId: string;
  demoTeacherId: string;
  parentId: string;
  parentChildIds: string[];
}

/** Demo announcements (issue 17 "Demo data"); stub until the module lands. */
export async function seedAnnouncements(_tx: Tx, _plan: CommunicationSeedPlan, _seed: number): Promise<void> {}
