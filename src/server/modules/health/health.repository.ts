import { count, countDistinct, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/**
 * Database figures of the System Health screen. None of them reads tenant rows: the sessions count
 * (better-auth's table, not a tenant table), the database's size and the job queue's backlog.
 */

/** Unexpired sign-in sessions and the distinct users holding them. */
export async function countActiveSessions(tx: Tx): Promise<{ active: number; users: number }> {
  const [row] = await tx
    .select({ active: count(), users: countDistinct(sessions.userId) })
    .from(sessions)
    .where(gt(sessions.expiresAt, sql`now()`));
  return { active: Number(row?.active ?? 0), users: Number(row?.users ?? 0) };
}

/** pg_database_size(current_database()) in bytes (works on PostgreSQL and on PGlite). */
export async function databaseSizeBytes(db: Db): Promise<number> {
  const res = await db.execute(sql`select pg_database_size(current_database())::float8 as size`);
  return Number(rowsOf<{ size: number | string }>(res)[0]?.size ?? 0);
}

/**
 * Background job backlog from pg-boss's queue table (`pgboss.job`: states created and retry are
 * waiting, active is running) when that schema exists; `source: 'none'` and zeros when no queue is
 * installed (the case until a module brings pg-boss). Runs as the database owner, which owns pg-boss's
 * schema; it reads counts only.
 */
export async function jobBacklog(db: Db): Promise<{ pending: number; active: number; source: 'pg-boss' | 'none' }> {
  const probe = await db.execute(sql`select to_regclass('pgboss.job') is not null as present`);
  if (!rowsOf<{ present: boolean }>(probe)[0]?.present) return { pending: 0, active: 0, source: 'none' };
  const res = await db.execute(
    sql.raw(
      `select count(*) filter (where state::text in ('created', 'retry'))::int as pending,
              count(*) filter (where state::text = 'active')::int as active
         from pgboss.job`,
    ),
  );
  const row = rowsOf<{ pending: number | string; active: number | string }>(res)[0];
  return { pending: Number(row?.pending ?? 0), active: Number(row?.active ?? 0), source: 'pg-boss' };
}

/** Rows of a raw query on either driver (node-postgres and PGlite both answer `{ rows }`). */
function rowsOf<T>(res: unknown): T[] {
  return ((res as { rows?: T[] }).rows ?? []) as T[];
}
