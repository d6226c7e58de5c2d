/**
 * PostgreSQL test databases (scripts/test-postgres.sh): the run's template database, seeded once by
 * tests/global-setup.ts, is copied for every createTestApp (CREATE DATABASE … TEMPLATE, about 0.4 s for
 * the 47 MB demo) so that test files run in parallel, each on its own data, as on PGlite.
 *
 * CREATE and DROP DATABASE are issued from the server's maintenance database (TEST_PG_MAINT_DB, which
 * scripts/test-postgres.sh sets; default `postgres`): nobody may be connected to a template while it
 * is copied, nor to a database while it is dropped.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../src/server/db/client.js';

/** Empties a PostgreSQL test database: public, drizzle and pg-boss schemas dropped, public recreated. */
export async function resetPostgres(database: Database): Promise<void> {
  const pool = database.pool;
  if (!pool) throw new Error('resetPostgres needs a PostgreSQL pool');
  await pool.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
  // Background tasks' queue (pg-boss) of an earlier test file.
  await pool.query('DROP SCHEMA IF EXISTS pgboss CASCADE');
  await pool.query('DROP SCHEMA IF EXISTS public CASCADE');
  await pool.query('CREATE SCHEMA public');
}

/** `url` with its database name replaced. */
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function onMaintenance<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, process.env.TEST_PG_MAINT_DB || 'postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates a new database on the server of `serverUrl`: a copy of `template` when given, else empty.
 * Its name starts with the template's (or serverUrl's database) name, so scripts/test-postgres.sh can
 * drop whatever a crashed test file left behind. Returns its connection URL.
 */
export async function createDatabaseCopy(serverUrl: string, template: string | undefined): Promise<string> {
  const base = template || new URL(serverUrl).pathname.slice(1);
  const name = `${base.slice(0, 50)}_${randomBytes(5).toString('hex')}`;
  await onMaintenance(serverUrl, (c) => c.query(`CREATE DATABASE ${quoted(name)}${template ? ` TEMPLATE ${quoted(template)}` : ''}`));
  return withDatabase(serverUrl, name);
}

/** Drops a database made by createDatabaseCopy, closing whatever connections are still open to it. */
export async function dropDatabaseCopy(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await onMaintenance(url, (c) => c.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`));
}
