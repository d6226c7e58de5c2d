import type { Tx } from '../tenant.js';

/** What the timetable demo needs from the school seed (ids are the 2026 year's). */
export interface TimetableSeedPlan {
  schoolId: string;
  code: 'greenhill' | 'riverside';
  principalId: string;
  demoTeacherId: string;
}

/**
 * Demo timetable inputs (bell schedules, rooms, lesson options, rules) and a published timetable for
 * each demo school (issue 16 "Demo data"). Filled in by the module's work.
 */
export async function seedTimetable(tx: Tx, plan: TimetableSeedPlan, seed: number): Promise<void> {
  void tx;
  void plan;
  void seed;
}
