import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { PGlite, TransactionAbortedError } from '@electric-sql/pglite';
import { PgliteSession } from 'drizzle-orm/pglite';
import { withScopeOnPglite } from './pglite-scope.js';
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

/** What withScope reads off drizzle's session (its fields are not public API). */
interface SessionParts {
  client: unknown;
  dialect: PgDialect;
  schema: unknown;
  options: unknown;
}

/**
 * Runs `fn` in a transaction as the non-owner role edufam_app with the scope set by set_config(…, true),
 * so PostgreSQL row-level security filters every tenant table. Throws whatever `fn` throws, after
 * rolling back; throws TransactionAbortedError ("Transaction was rolled back instead of committed") when
 * a statement failed inside `fn` and `fn` caught the error itself (the commit then writes nothing).
 *
 * Issue 19: on PostgreSQL (node-postgres pool) BEGIN and the four settings travel as one simple-query
 * batch, so opening the scoped transaction costs one round trip (drizzle's own transaction() sends
 * BEGIN, then the settings: two). On PGlite the same batch opens it, and queries run as prepared
 * statements in one protocol exchange each (pglite-scope.ts). Any other driver: drizzle's transaction.
 */
export async function withScope<T>(db: Db, scope: TenantScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const session = (db as unknown as { session: unknown }).session;
  if (session instanceof NodePgSession) {
    const parts = session as unknown as SessionParts;
    if (parts.client instanceof pg.Pool) return withScopeOnPool(parts.client, parts, scope, fn);
  }
  if (session instanceof PgliteSession) {
    const parts = session as unknown as SessionParts;
    if (parts.client instanceof PGlite) return withScopeOnPglite(parts.client, parts, scopeSettingsSql(scope), fn);
  }
  return db.transaction(async (tx) => {
    await narrowScope(tx, scope);
    return fn(tx);
  });
}

/**
 * withScope on a node-postgres pool: `begin;` and scopeSettingsSql in one round trip, then `fn` on a
 * drizzle transaction over the same connection, then commit (or rollback). A connection whose rollback
 * failed is destroyed rather than returned to the pool.
 */
async function withScopeOnPool<T>(
  pool: pg.Pool,
  parts: { dialect: PgDialect; schema: unknown; options: unknown },
  scope: TenantScope,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let destroy: Error | undefined;
  const rollback = () =>
    client.query('rollback').then(
      () => undefined,
      (err: Error) => {
        destroy = err;
      },
    );
  try {
    try {
      await client.query(`begin; ${scopeSettingsSql(scope)}`);
    } catch (err) {
      await rollback();
      throw err;
    }
    const txSession = new NodePgSession(namingClient(client) as never, parts.dialect, parts.schema as never, parts.options as never);
    const tx = new NodePgTransaction(parts.dialect, txSession, parts.schema as never) as unknown as Tx;
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      await rollback();
      throw err;
    }
    let committed: pg.QueryResult;
    try {
      committed = await client.query('commit');
    } catch (err) {
      // PostgreSQL ends a transaction whose commit failed; the rollback only makes sure of it.
      await rollback();
      throw err;
    }
    // COMMIT of a transaction a statement had aborted (an error `fn` caught itself) rolls back without
    // an error: nothing was written, so the caller must not hear success (PGlite's TransactionAbortedError).
    if (committed.command === 'ROLLBACK') throw new TransactionAbortedError();
    return result;
  } finally {
    // A connection whose rollback failed is in an unknown state: destroyed, never reused.
    client.release(destroy);
  }
}

/**
 * Sets (or changes) the scope of an open transaction: row-level security follows it from the next
 * statement on. Used by withScope, and by work that learns its school mid-transaction (an M-Pesa
 * callback names its school by token). One round trip: set_config('role', …, true) is SET LOCAL ROLE.
 */
export async function narrowScope(tx: Tx, scope: TenantScope): Promise<void> {
  await tx.execute(sql.raw(scopeSettingsSql(scope)));
}

/**
 * The one statement that sets a scope: the three app.* settings row-level security reads and the role,
 * all transaction-local. Values are quoted with pg's escapeLiteral, so withScope can send it in the
 * same simple-query batch as BEGIN (that protocol takes no parameters).
 */
function scopeSettingsSql(scope: TenantScope): string {
  const lit = (v: string) => pg.escapeLiteral(v);
  return `select set_config('app.school_id', ${lit(scope.schoolId ?? '')}, true), set_config('app.user_id', ${lit(scope.userId ?? '')}, true), set_config('app.all_schools', ${scope.allSchools ? "'on'" : "'off'"}, true), set_config('role', 'edufam_app', true)`;
}

/** Platform-wide scope for the server's own work (sign-in lookups, seeding, jobs). */
export const SYSTEM_SCOPE: TenantScope = { schoolId: null, userId: null, allSchools: true };

export function withSystem<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withScope(db, SYSTEM_SCOPE, fn);
}

/** Named statements one pooled connection keeps at most; later new shapes run unnamed (parsed and planned each time). */
const MAX_NAMED_STATEMENTS = 1000;
const namedOn = new WeakMap<pg.PoolClient, Set<string>>();

/**
 * The connection as the scoped drizzle session sees it: every parameterised query becomes a named
 * (prepared) statement, named by a hash of its text, so each connection parses and plans a query shape
 * once and then only binds and executes it (issue 19: planning under row-level security was most of a
 * small query's database time). PostgreSQL re-plans by itself when a plan is invalidated (schema
 * change, another role), and row-level-security settings are read at execution, so a reused plan
 * filters by the current scope. At most MAX_NAMED_STATEMENTS per connection.
 */
function namingClient(client: pg.PoolClient): Pick<pg.PoolClient, 'query'> {
  let named = namedOn.get(client);
  if (!named) {
    named = new Set();
    namedOn.set(client, named);
  }
  const names = named;
  const send = (config: unknown, values?: unknown) => {
    if (config && typeof config === 'object' && 'text' in config && typeof config.text === 'string' && !('name' in config && config.name)) {
      const name = `s_${createHash('sha1').update(config.text).digest('base64url')}`;
      if (names.has(name) || names.size < MAX_NAMED_STATEMENTS) {
        names.add(name);
        return client.query({ ...(config as pg.QueryConfig), name }, values as unknown[]);
      }
    }
    return client.query(config as pg.QueryConfig, values as unknown[]);
  };
  // One query at a time on the connection, in the order they were asked for (issue 32 §6): services
  // read several things of one transaction with Promise.all, and node-postgres's own queueing of a
  // query sent while another runs is deprecated (pg 9 refuses it). A connection runs one statement at a
  // time anyway, so this costs nothing.
  let tail: Promise<unknown> = Promise.resolve();
  const query = (config: unknown, values?: unknown) => {
    const run = () => send(config, values);
    const result = tail.then(run, run);
    tail = result.catch(() => undefined);
    return result;
  };
  return { query } as Pick<pg.PoolClient, 'query'>;
}
