import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fromProjectRoot } from '../lib/project-root.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** Drizzle database over either driver; repositories only see this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Apply the SQL migrations in ./drizzle (idempotent). */
  migrate(): Promise<void>;
  /** Round-trip latency check for /api/ready and health figures. */
  ping(): Promise<number>;
  /**
   * Refreshes the planner's statistics (ANALYZE) of some tables, or of all. PGlite runs no autovacuum,
   * so without this its plans assume near-empty tables after bulk loads (seed, imports, invoicing) and
   * can turn a 50 ms query into seconds. Harmless on PostgreSQL, where autovacuum also does it.
   */
  analyze(tables?: string[]): Promise<void>;
  close(): Promise<void>;
  /** The raw pg pool (PostgreSQL only), for LISTEN/NOTIFY and benchmarks. */
  pool?: pg.Pool;
  /** The PGlite instance (embedded only). */
  pglite?: PGlite;
}

// From the project root, not this file: the bundled server (dist/server/main.js) sits at another depth.
const migrationsFolder = fromProjectRoot('drizzle');

/**
 * Opens the database: a PostgreSQL server when `databaseUrl` is given, otherwise PGlite (real
 * PostgreSQL in WASM) persisted in `dataDir` (created if missing), or in memory when dataDir is
 * "memory://".
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /**
   * PGlite only (ignored with `databaseUrl`): start from this dump of a data directory (a tarball made
   * by PGlite's dumpDataDir, gzipped or not) instead of an empty cluster; `dataDir` must not already
   * hold a database. The tests use it to load a migrated and seeded demo database once per run.
   */
  loadDataDir?: Blob | File;
}): Promise<Database> {
  if (opts.databaseUrl) {
    // jit off: PostgreSQL's JIT compiled the platform-wide analytics statements for 0.25-2.8 s each at 200
    // schools (bench/results/scale.md) and never paid that back on our short queries.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, options: '-c jit=off' });
    // An idle pooled connection failed: the server restarted, or an administrator or DROP DATABASE ...
    // WITH (FORCE) terminated it. The pool has already discarded it and opens a new one on the next
    // query. Without a listener node-postgres rethrows the error as an uncaught exception and the
    // process dies; main.ts adds one that logs it.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      migrate: () => migrateLocked(pool),
      ping: () => timed(() => db.execute(sql`select 1`)),
      analyze: (tables) => analyze(db, tables),
      close: () => pool.end(),
    };
  }
  let dataDir = opts.dataDir;
  if (!dataDir.startsWith('memory://')) {
    dataDir = path.resolve(dataDir);
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir, loadDataDir: opts.loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    ping: () => timed(() => db.execute(sql`select 1`)),
    analyze: (tables) => analyze(db, tables),
    close: () => client.close(),
  };
}

/** The advisory lock key that serialises migrations across a fleet ("EDUFAM" in hex, any fixed number). */
const MIGRATION_LOCK = 0x454455464131;

/**
 * Applies the migrations on PostgreSQL under a session advisory lock (issue 37 §2): instances of a fleet
 * started at the same moment take turns, and the ones after the first find nothing left to apply,
 * instead of racing on the same CREATE statements. The lock goes with the connection if a process dies.
 */
async function migrateLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

async function analyze(db: Db, tables?: string[]): Promise<void> {
  const names = (tables ?? []).filter((t) => /^[a-z_]+$/.test(t));
  await db.execute(sql.raw(names.length ? `analyze ${names.join(', ')}` : 'analyze'));
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}
