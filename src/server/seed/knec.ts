import { inArray } from 'drizzle-orm';
import { students } from '../db/schema/index.js';
import type { Tx } from '../db/tenant.js';

/**
 * Demo KNEC assessment numbers (issue 35 §2 "Demo data"): the learner seed gives every CBC learner
 * from Grade 3 up a KNEC assessment number; here a few junior-school learners (two in each of Grades
 * 7 and 8, never the demo parent's children) have none yet, as learners who joined from a school that
 * never registered them do, so the principal's SBA export has a "no assessment number" list to show.
 * Deterministic: the third and the thirtieth learner from the end (two streams) of each level, in seed order.
 */
export async function seedKnec(
  tx: Tx,
  plan: {
    /** Every learner of the school: id, level name, and whether the demo parent's child (kept complete). */
    learners: { id: string; level: string; keep: boolean }[];
  },
): Promise<void> {
  const ids: string[] = [];
  for (const level of ['Grade 7', 'Grade 8']) {
    const inLevel = plan.learners.filter((l) => l.level === level && !l.keep);
    ids.push(...[inLevel[inLevel.length - 3], inLevel[inLevel.length - 30]].flatMap((l) => (l ? [l.id] : [])));
  }
  if (ids.length) await tx.update(students).set({ assessmentNumber: null }).where(inArray(students.id, ids));
}
