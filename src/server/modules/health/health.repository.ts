import { count, countDistinct, eq, gt, lt, sql } from 'drizzle-orm';
import { FLEET_FORGET_MINUTES, type InstanceFigures } from '../../../shared/contracts/health.js';
import type { Db } from '../../db/client.js';
import { instanceHeartbeats, sessions } from '../../db/schema/index.js';
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

/**
 * Job queue figures for Prometheus, per pg-boss queue (`pgboss.job.name`): jobs waiting (states
 * created and retry) and running (active), and the age in seconds of the oldest job that could run
 * now but has not started (`start_after` passed; a job delayed into the future is not yet late).
 * Finished jobs (completed, failed, cancelled) are left out: they are history, not depth. Empty when
 * pg-boss's table does not exist.
 */
export async function jobQueueFigures(db: Db): Promise<{ queue: string; state: 'created' | 'retry' | 'active'; count: number }[]> {
  const probe = await db.execute(sql`select to_regclass('pgboss.job') is not null as present`);
  if (!rowsOf<{ present: boolean }>(probe)[0]?.present) return [];
  const res = await db.execute(
    sql.raw(
      `select name as queue, state::text as state, count(*)::int as count
         from pgboss.job
        where state::text in ('created', 'retry', 'active')
        group by name, state`,
    ),
  );
  return rowsOf<{ queue: string; state: 'created' | 'retry' | 'active'; count: number | string }>(res).map((r) => ({ ...r, count: Number(r.count) }));
}

/** Per pg-boss queue, seconds since the oldest runnable, not yet started job became runnable (see jobQueueFigures). */
export async function jobQueueOldestAges(db: Db): Promise<{ queue: string; ageSeconds: number }[]> {
  const probe = await db.execute(sql`select to_regclass('pgboss.job') is not null as present`);
  if (!rowsOf<{ present: boolean }>(probe)[0]?.present) return [];
  const res = await db.execute(
    sql.raw(
      `select name as queue, greatest(0, extract(epoch from now() - min(start_after)))::float8 as age
         from pgboss.job
        where state::text in ('created', 'retry') and start_after <= now()
        group by name`,
    ),
  );
  return rowsOf<{ queue: string; age: number | string }>(res).map((r) => ({ queue: r.queue, ageSeconds: Number(r.age) }));
}

/** What one heartbeat writes (instance_heartbeats; last_seen_at is the database's now()). */
export interface HeartbeatWrite {
  instanceId: string;
  hostname: string;
  pid: number;
  version: string;
  nodeVersion: string;
  startedAt: Date;
  figures: InstanceFigures;
}

/**
 * Writes this instance's heartbeat (insert or update, last_seen_at = now()) and deletes every row
 * unseen for FLEET_FORGET_MINUTES (instances that stopped without saying so). Platform context
 * (withSystem): the table's RLS policy admits nothing else.
 */
export async function writeHeartbeat(tx: Tx, row: HeartbeatWrite): Promise<void> {
  const { instanceId, ...rest } = row;
  await tx
    .insert(instanceHeartbeats)
    .values({ instanceId, ...rest, lastSeenAt: sql`now()` })
    .onConflictDoUpdate({ target: instanceHeartbeats.instanceId, set: { ...rest, lastSeenAt: sql`now()` } });
  await tx.delete(instanceHeartbeats).where(lt(instanceHeartbeats.lastSeenAt, sql`now() - make_interval(mins => ${FLEET_FORGET_MINUTES}::int)`));
}

/** Deletes one instance's heartbeat (a clean shutdown: it leaves the fleet at once instead of going stale). */
export async function deleteHeartbeat(tx: Tx, instanceId: string): Promise<void> {
  await tx.delete(instanceHeartbeats).where(eq(instanceHeartbeats.instanceId, instanceId));
}

/** A heartbeat row as the fleet view reads it: what was written, when, and `secondsSinceSeen` by the database's clock. */
export interface FleetRow extends HeartbeatWrite {
  lastSeenAt: Date;
  secondsSinceSeen: number;
}

/** Every instance seen within FLEET_FORGET_MINUTES, oldest start first. */
export async function listFleet(tx: Tx): Promise<FleetRow[]> {
  const rows = await tx
    .select({
      instanceId: instanceHeartbeats.instanceId,
      hostname: instanceHeartbeats.hostname,
      pid: instanceHeartbeats.pid,
      version: instanceHeartbeats.version,
      nodeVersion: instanceHeartbeats.nodeVersion,
      startedAt: instanceHeartbeats.startedAt,
      lastSeenAt: instanceHeartbeats.lastSeenAt,
      secondsSinceSeen: sql<number>`greatest(0, floor(extract(epoch from now() - ${instanceHeartbeats.lastSeenAt})))::int`,
      figures: instanceHeartbeats.figures,
    })
    .from(instanceHeartbeats)
    .where(gt(instanceHeartbeats.lastSeenAt, sql`now() - make_interval(mins => ${FLEET_FORGET_MINUTES}::int)`))
    .orderBy(instanceHeartbeats.startedAt, instanceHeartbeats.instanceId);
  return rows.map((r) => ({ ...r, secondsSinceSeen: Number(r.secondsSinceSeen) }));
}

/** Rows of a raw query on either driver (node-postgres and PGlite both answer `{ rows }`). */
function rowsOf<T>(res: unknown): T[] {
  return ((res as { rows?: T[] }).rows ?? []) as T[];
}
