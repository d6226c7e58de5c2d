import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/** Transaction handle passed to repository functions. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Who a query runs for. `schoolId` scopes tenant rows; `allSchools` (platform admins, system jobs)
 * lifts the school filter. Row-level security in PostgreSQL enforces it (drizzle/0001_rls.sql).
 */
export interface TenantScope {
  schoolId: string | null;
  userId: string | null;
  allSchools: boolean;
}

/**
 * Runs `fn` in a transaction as the non-owner role edufam_app with the scope set by set_config(…, true),
 * so PostgreSQL row-level security filters every tenant table. Throws whatever `fn` throws, after
 * rolling back.
 */
export async function withScope<T>(db: Db, scope: TenantScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await narrowScope(tx, scope);
    return fn(tx);
  });
}

/**
 * Sets (or changes) the scope of an open transaction: row-level security follows it from the next
 * statement on. Used by withScope, and by work that learns its school mid-transaction (an M-Pesa
 * callback names its school by token). One round trip: set_config('role', …, true) is SET LOCAL ROLE.
 */
export async function narrowScope(tx: Tx, scope: TenantScope): Promise<void> {
  await tx.execute(
    sql`select set_config('app.school_id', ${scope.schoolId ?? ''}, true),
               set_config('app.user_id', ${scope.userId ?? ''}, true),
               set_config('app.all_schools', ${scope.allSchools ? 'on' : 'off'}, true),
               set_config('role', 'edufam_app', true)`,
  );
}

/** Platform-wide scope for the server's own work (sign-in lookups, seeding, jobs). */
export const SYSTEM_SCOPE: TenantScope = { schoolId: null, userId: null, allSchools: true };

export function withSystem<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withScope(db, SYSTEM_SCOPE, fn);
}
