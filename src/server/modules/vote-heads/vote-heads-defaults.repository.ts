import { sql } from 'drizzle-orm';
import { voteHeads } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { DEFAULT_VOTE_HEADS } from './defaults.js';

/**
 * Gives the school the default vote heads it lacks (matched by code) and answers every vote head of the
 * school by code. Idempotent: a second call inserts nothing (unique school and code). Runs in the
 * caller's transaction, under the caller's tenant scope.
 */
export async function ensureDefaultVoteHeads(tx: Tx, schoolId: string): Promise<Map<string, string>> {
  await tx
    .insert(voteHeads)
    .values(DEFAULT_VOTE_HEADS.map((v) => ({ schoolId, code: v.code, name: v.name, account: v.account, priority: v.priority })))
    .onConflictDoNothing();
  const rows = await tx.select({ id: voteHeads.id, code: voteHeads.code }).from(voteHeads).where(sql`${voteHeads.schoolId} = ${schoolId}`);
  return new Map(rows.map((r) => [r.code, r.id]));
}
