/**
 * Vitest global setup: builds the migrated and seeded demo database ONCE per run and hands it to the
 * test files, which then start from a copy of it (createTestApp in tests/helpers.ts) instead of
 * migrating and seeding their own (about 7 s per file on PostgreSQL, more on PGlite).
 *
 * - PGlite (default): the snapshot is a tarball of PGlite's data directory (dumpDataDir) in a file under
 *   os.tmpdir() with a unique name, deleted at teardown; each createTestApp loads it.
 * - PostgreSQL (TEST_DATABASE_URL set, scripts/test-postgres.sh): the database TEST_DATABASE_URL names is
 *   emptied, migrated and seeded here and becomes a TEMPLATE; each createTestApp copies it with
 *   `CREATE DATABASE <copy> TEMPLATE <it>` (about 0.4 s) and drops the copy when it closes. So test files
 *   have their own databases and run in parallel (docs/decisions/0019-fast-ci.md).
 *
 * EDUFAM_TEST_SNAPSHOT=off turns both off (every createTestApp migrates and seeds, on PostgreSQL in the
 * one shared database, files one at a time), e.g. to compare. What was prepared reaches the test files
 * through vitest's provide/inject: key `edufamTestSnapshot` (PGlite dump path, '' when none) and
 * `edufamTestTemplate` (PostgreSQL template database name, '' when none).
 */
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/server/db/client.js';
import { seedDemo } from '../src/server/seed/seed.js';
import { resetPostgres } from './postgres-copies.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the seeded demo database's PGlite dump (tar), or '' when the files seed their own. */
    edufamTestSnapshot: string;
    /** Name of the seeded PostgreSQL template database, or '' when the files seed their own. */
    edufamTestTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
  project.provide('edufamTestSnapshot', '');
  project.provide('edufamTestTemplate', '');
  if (process.env.EDUFAM_TEST_SNAPSHOT === 'off') return async () => undefined;
  const started = performance.now();
  const log = (what: string) => {
    if (process.env.EDUFAM_TEST_SNAPSHOT_LOG) console.log(`[global-setup] ${what} in ${Math.round(performance.now() - started)} ms`);
  };

  if (databaseUrl) {
    const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
    try {
      await resetPostgres(database);
      await database.migrate();
      await seedDemo(database.db);
    } finally {
      // A template database must have no open connections when it is copied.
      await database.close();
    }
    project.provide('edufamTestTemplate', new URL(databaseUrl).pathname.slice(1));
    log('seeded the PostgreSQL template database');
    return async () => undefined;
  }

  const file = path.join(os.tmpdir(), `edufam-test-db-${process.pid}-${randomUUID()}.tar`);
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    // The same steps as createTestApp without a snapshot (seedDemo ends with ANALYZE).
    await database.migrate();
    await seedDemo(database.db);
    // Flush the WAL into the data files so that loading the dump needs no crash recovery.
    await database.pglite!.exec('checkpoint');
    const dump = await database.pglite!.dumpDataDir('none');
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('edufamTestSnapshot', file);
  log(`seeded demo database snapshot ${file}`);
  return async () => {
    await rm(file, { force: true });
  };
}
