import { count } from 'drizzle-orm';
import type { Actor } from '../../../shared/access.js';
import { dashboardKindFor } from '../../../shared/access.js';
import type { Tx } from '../../db/tenant.js';
import { students } from '../../db/schema/index.js';

/** Figures for the caller's dashboard. */
export async function buildDashboard(tx: Tx, actor: Actor) {
  const kind = dashboardKindFor(actor.role);
  const [row] = await tx.select({ n: count() }).from(students);
  return { kind, learners: Number(row?.n ?? 0) };
}
