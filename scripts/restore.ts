/**
 * `npm run restore -- <archive> [--force]`: restores an archive of `npm run backup` into the installation
 * the environment describes (DATABASE_URL or DATA_DIR, FILES_DIR, SECRETS_KEY), which must be empty: an
 * empty PostgreSQL database, or a DATA_DIR without a database, and an empty files directory. --force wipes
 * a non-empty target first. Refuses an archive from a newer EduFam (upgrade first) or with a damaged part.
 * Stop the servers first. Rules: src/server/ops/backup.ts and README "Backup and restore". Exit code 1 on refusal.
 */
import { loadConfig } from '../src/server/config.js';
import { BackupError, restore } from '../src/server/ops/backup.js';

const args = process.argv.slice(2);
let archive: string | undefined;
let force = false;
for (const a of args) {
  if (a === '--force') force = true;
  else if (!a.startsWith('-') && !archive) archive = a;
  else {
    console.error(`restore: unexpected argument ${a}\nusage: npm run restore -- <archive> [--force]`);
    process.exit(2);
  }
}
if (!archive) {
  console.error('usage: npm run restore -- <archive> [--force]');
  process.exit(2);
}

try {
  const result = await restore(loadConfig(process.env), { archive, force });
  const m = result.manifest;
  console.log(`restore: ${archive} (made ${m.createdAt} by EduFam ${m.edufamVersion})`);
  console.log(`  database ${m.database.kind}, ${m.migrations.count} migrations (last ${m.migrations.lastTag ?? 'none'}), ${result.filesRestored} files, in ${(result.ms / 1000).toFixed(1)} s`);
  for (const note of result.notes) console.log(`  note: ${note}`);
  console.log('  Start the server: it applies any newer migrations of this code.');
} catch (err) {
  console.error(`restore: ${err instanceof BackupError ? err.message : (err as Error).stack ?? String(err)}`);
  process.exit(1);
}
