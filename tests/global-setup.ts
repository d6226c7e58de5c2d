/**
 * Vitest global setup: builds the migrated and seeded demo database ONCE per run and hands it to the
 * test files, which then load it (createTestApp in tests/helpers.ts) instead of migrating and seeding
 * an in-memory PGlite each (many seconds per file).
 *
 * Only on PGlite: with TEST_DATABASE_URL set the files share one PostgreSQL database that
 * createTestApp resets, migrates and seeds itself, and nothing is done here. EDUFAM_TEST_SNAPSHOT=off
 * also turns it off (every file migrates and seeds its own database, as before), e.g. to compare.
 *
 * The snapshot is a tarball of PGlite's data directory (dumpDataDir) in a file under os.tmpdir()
 * with a unique name, deleted at teardown. Its path reaches the test files through vitest's
 * provide/inject (key `edufamTestSnapshot`, '' when there is none).
 */
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/server/db/client.js';
import { seedDemo } from '../src/server/db/seed/seed.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the seeded demo database's PGlite dump (tar), or '' when the files seed their own. */
    edufamTestSnapshot: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DATABASE_URL || process.env.EDUFAM_TEST_SNAPSHOT === 'off') {
    project.provide('edufamTestSnapshot', '');
    return async () => undefined;
  }
  const started = performance.now();
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
  if (process.env.EDUFAM_TEST_SNAPSHOT_LOG) {
    console.log(`[global-setup] seeded demo database snapshot ${file} in ${Math.round(performance.now() - started)} ms`);
  }
  return async () => {
    await rm(file, { force: true });
  };
}
