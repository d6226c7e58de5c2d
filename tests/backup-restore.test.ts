/**
 * Restore drill (issue 37 §3): back up the demo, destroy it, restore, and every learner, payment and
 * uploaded file is back, on both databases:
 * (a) embedded: the demo in a PGlite DATA_DIR (the run's seeded snapshot when there is one, else migrated
 *     and seeded here), two uploaded files and the generated secrets key beside it;
 * (b) PostgreSQL: the demo in a database of this file's own (a copy of the run's seeded template under
 *     scripts/test-postgres.sh, else created, migrated and seeded here on TEST_PG_SERVER_URL, default
 *     postgres://root@127.0.0.1:5432), dropped after the backup and restored into a new empty database,
 *     with row-level security still FORCE'd on the same tables and the same policies.
 * Plus the refusals an operator meets: a non-empty target without --force, an archive from a newer EduFam.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { withSystem } from '../src/server/db/tenant.js';
import { backup, codeMigrations, newerMigrationsReason, nairobiStamp, restore } from '../src/server/ops/backup.js';
import { seedDemo } from '../src/server/seed/seed.js';
import { createLocalStorage } from '../src/server/storage/storage.js';
import { createDatabaseCopy, dropDatabaseCopy } from './postgres-copies.js';

/** What must come back: counts and a checksum of the payments' amounts, read as the application role. */
async function census(database: Database) {
  return withSystem(database.db, async (tx) => {
    const r = await tx.execute(sql`
      select (select count(*)::int from students) as learners,
             (select count(*)::int from payments) as payments,
             (select coalesce(sum(amount_cents), 0)::text from payments) as amount_cents,
             (select md5(coalesce(string_agg(id::text || ':' || amount_cents::text, ',' order by id), '')) from payments) as payments_md5,
             (select count(*)::int from files) as file_rows`);
    return (r as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
  });
}

/** Two uploaded files (a photo-like binary and a text) in the local storage at `dir`. */
async function uploadTwoFiles(dir: string): Promise<Map<string, Buffer>> {
  const storage = createLocalStorage(dir);
  const files = new Map<string, Buffer>([
    ['school-a/photos/learner-1.jpg', randomBytes(200_000)],
    ['school-a/imports/learners.csv', Buffer.from('admission_no,name\n1001,Achieng Otieno\n')],
  ]);
  for (const [key, body] of files) await storage.put(key, body, 'application/octet-stream');
  return files;
}

async function expectFiles(dir: string, files: Map<string, Buffer>): Promise<void> {
  for (const [key, body] of files) expect((await readFile(path.join(dir, key))).equals(body), key).toBe(true);
}

/** Learners per stream of the demo seeded here when the run has no seeded copy to start from. */
const SMALL_DEMO_LEARNERS_PER_STREAM = 6;

const timings: string[] = [];
const work: string[] = [];

beforeAll(async () => {
  work.push(await mkdtemp(path.join(os.tmpdir(), 'edufam-backup-test-')));
});
afterAll(async () => {
  for (const dir of work) await rm(dir, { recursive: true, force: true });
  // The figures the README's restore drill quotes.
  if (timings.length) console.log(`[backup-restore] ${timings.join('; ')}`);
});

describe('backup and restore', () => {
  it('names archives by Africa/Nairobi time and refuses an archive from newer migrations', async () => {
    expect(nairobiStamp(new Date('2026-03-01T21:30:00Z'))).toBe('20260302-0030');
    const code = await codeMigrations();
    const last = code.at(-1)!;
    expect(newerMigrationsReason({ count: code.length, lastTag: last.tag, lastWhen: last.when }, code)).toBeNull();
    expect(newerMigrationsReason({ count: code.length - 3, lastTag: code[code.length - 4]!.tag, lastWhen: code[code.length - 4]!.when }, code)).toBeNull();
    const reason = newerMigrationsReason({ count: code.length + 1, lastTag: '9999_future', lastWhen: last.when + 1 }, code);
    expect(reason).toMatch(/newer EduFam.*Upgrade EduFam first/);
  });

  it('embedded database: back up the demo with its files, destroy DATA_DIR, restore, everything is back', { timeout: 120_000 }, async () => {
    const root = work[0]!;
    const dataDir = path.join(root, 'pglite-data');
    const snapshot = inject('edufamTestSnapshot');
    const t = performance.now();
    const source = await openDatabase({ dataDir, loadDataDir: snapshot ? new Blob([new Uint8Array(await readFile(snapshot))]) : undefined });
    let before: Record<string, unknown>;
    try {
      if (!snapshot) {
        // No seeded snapshot (the PostgreSQL run): a smaller demo, seeding the full one on PGlite takes a minute.
        await source.migrate();
        await seedDemo(source.db, { learnersPerStream: SMALL_DEMO_LEARNERS_PER_STREAM });
      }
      before = await census(source);
    } finally {
      await source.close();
    }
    timings.push(`pglite demo ready ${Math.round(performance.now() - t)} ms${snapshot ? ' (snapshot)' : ' (seeded, small demo)'}`);
    expect(Number(before.learners)).toBeGreaterThan(20);
    expect(Number(before.payments)).toBeGreaterThan(5);
    const files = await uploadTwoFiles(path.join(dataDir, 'files'));
    const key = randomBytes(32).toString('hex');
    await writeFile(path.join(dataDir, 'secrets.key'), key);

    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    // A running server holds PGlite's lock file: the backup refuses rather than copy a live directory.
    await writeFile(path.join(dataDir, 'postmaster.pid'), '-42\n');
    await expect(backup(config, { outDir: path.join(root, 'out') })).rejects.toThrow(/in use.*stop the EduFam server first.*--force/s);
    await rm(path.join(dataDir, 'postmaster.pid'));

    const made = await backup(config, { outDir: path.join(root, 'out') });
    timings.push(`pglite backup ${made.ms} ms, archive ${(made.bytes / 1024 / 1024).toFixed(1)} MB`);
    expect(path.basename(made.archive)).toMatch(/^edufam-backup-\d{8}-\d{4}\.tar\.gz$/);
    expect(made.manifest.database.kind).toBe('pglite');
    expect(made.manifest.migrations.count).toBe((await codeMigrations()).length);
    expect(made.manifest.files.count).toBe(2);
    expect(made.manifest.secretsKey.source).toBe('file');

    // Restoring over the live installation is refused, naming the flag.
    await expect(restore(config, { archive: made.archive })).rejects.toThrow(/Refusing to restore over existing data.*--force/);

    await rm(dataDir, { recursive: true, force: true });
    const restored = await restore(config, { archive: made.archive });
    timings.push(`pglite restore ${restored.ms} ms`);
    expect(restored.filesRestored).toBe(2);
    expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);
    await expectFiles(path.join(dataDir, 'files'), files);
    expect(await readFile(path.join(dataDir, 'secrets.key'), 'utf8')).toBe(key);

    const back = await openDatabase({ dataDir });
    try {
      expect(await census(back)).toEqual(before);
    } finally {
      await back.close();
    }
    // No scratch directory left beside the archive.
    expect((await readdir(path.join(root, 'out'))).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('PostgreSQL: back up the demo, drop the database, restore into a new one: rows, files and FORCE row-level security are back', { timeout: 120_000 }, async () => {
    const root = work[0]!;
    const serverUrl = process.env.TEST_DATABASE_URL || process.env.TEST_PG_SERVER_URL || 'postgres://root@127.0.0.1:5432/edufam_backup_test';
    const template = process.env.TEST_DATABASE_URL ? inject('edufamTestTemplate') : '';
    const t = performance.now();
    const sourceUrl = await createDatabaseCopy(serverUrl, template || undefined);
    let targetUrl: string | undefined;
    try {
      const source = await openDatabase({ databaseUrl: sourceUrl, dataDir: 'memory://' });
      let before: Record<string, unknown>;
      let rlsBefore: unknown;
      try {
        if (!template) {
          // No seeded template (run outside scripts/test-postgres.sh): a smaller demo, as above.
          await source.migrate();
          await seedDemo(source.db, { learnersPerStream: SMALL_DEMO_LEARNERS_PER_STREAM });
        }
        before = await census(source);
        rlsBefore = await rlsState(sourceUrl);
      } finally {
        await source.close();
      }
      timings.push(`postgres demo ready ${Math.round(performance.now() - t)} ms${template ? ' (template copy)' : ' (migrated and seeded, small demo)'}`);
      expect(Number(before.learners)).toBeGreaterThan(20);
      expect(Number(before.payments)).toBeGreaterThan(5);

      const dataDir = path.join(root, 'pg-data');
      const files = await uploadTwoFiles(path.join(dataDir, 'files'));
      const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: sourceUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SECRETS_KEY: 'a'.repeat(64) });
      const made = await backup(config, { outDir: path.join(root, 'pg-out') });
      timings.push(`postgres backup ${made.ms} ms, archive ${(made.bytes / 1024 / 1024).toFixed(1)} MB`);
      expect(made.manifest.database.kind).toBe('postgres');
      expect(made.manifest.secretsKey.source).toBe('environment');
      expect(made.notes.join(' ')).toMatch(/same SECRETS_KEY/);

      // Destroy: the database and the files.
      await dropDatabaseCopy(sourceUrl);
      await rm(dataDir, { recursive: true, force: true });
      targetUrl = await createDatabaseCopy(serverUrl, undefined);
      const target = { ...config, DATABASE_URL: targetUrl };
      const restored = await restore(target, { archive: made.archive });
      timings.push(`postgres restore ${restored.ms} ms`);
      await expectFiles(path.join(dataDir, 'files'), files);

      const back = await openDatabase({ databaseUrl: targetUrl, dataDir: 'memory://' });
      try {
        // Counts read through withSystem, i.e. as edufam_app under the restored policies and grants.
        expect(await census(back)).toEqual(before);
        // The next server start finds nothing to migrate and works on the restored schema.
        await back.migrate();
      } finally {
        await back.close();
      }
      const rlsAfter = await rlsState(targetUrl);
      expect(rlsAfter).toEqual(rlsBefore);
      expect((rlsAfter as { forced: string[] }).forced).toEqual(expect.arrayContaining(['students', 'payments', 'files', 'schools']));

      // A second restore into the now non-empty database is refused without --force; with it, the
      // database and the files are wiped and restored again (the drill run twice).
      await expect(restore(target, { archive: made.archive })).rejects.toThrow(/the database holds \d+ tables.*--force/);
      await writeFile(path.join(dataDir, 'files', 'stray.txt'), 'not in the archive');
      const forced = await restore(target, { archive: made.archive, force: true });
      timings.push(`postgres restore with --force ${forced.ms} ms`);
      expect(existsSync(path.join(dataDir, 'files', 'stray.txt'))).toBe(false);
      await expectFiles(path.join(dataDir, 'files'), files);
      const again = await openDatabase({ databaseUrl: targetUrl, dataDir: 'memory://' });
      try {
        expect(await census(again)).toEqual(before);
      } finally {
        await again.close();
      }
      expect(await rlsState(targetUrl)).toEqual(rlsBefore);
    } finally {
      await dropDatabaseCopy(sourceUrl).catch(() => undefined);
      if (targetUrl) await dropDatabaseCopy(targetUrl);
    }
  });
});

/** Tables with row-level security enabled and FORCE'd, and the policies, as the catalogue says. */
async function rlsState(url: string): Promise<{ forced: string[]; enabledNotForced: string[]; policies: string[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ relname: string; forced: boolean }>(
      `select c.relname, c.relforcerowsecurity as forced from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r','p') and c.relrowsecurity order by c.relname`,
    );
    const policies = await client.query<{ p: string }>(
      `select tablename || '.' || policyname || ':' || cmd || ':' || coalesce(qual, '') || ':' || coalesce(with_check, '') as p
         from pg_policies where schemaname = 'public' order by 1`,
    );
    return {
      forced: tables.rows.filter((r) => r.forced).map((r) => r.relname),
      enabledNotForced: tables.rows.filter((r) => !r.forced).map((r) => r.relname),
      policies: policies.rows.map((r) => r.p),
    };
  } finally {
    await client.end();
  }
}
