/**
 * `npm run backup -- [--out <dir>] [--force]`: writes edufam-backup-<YYYYMMDD-HHmm>.tar.gz (Africa/Nairobi
 * time) of the installation the environment describes (the server's own variables: DATABASE_URL or
 * DATA_DIR, FILES_DIR, S3_*, SECRETS_KEY) into <dir> (default ./backups). What is in it and the rules:
 * src/server/ops/backup.ts and README "Backup and restore". With the embedded database the server must be
 * stopped; --force backs up a DATA_DIR whose lock file a crashed server left behind. Exit code 1 on refusal.
 */
import { loadConfig } from '../src/server/config.js';
import { BackupError, backup } from '../src/server/ops/backup.js';

const args = process.argv.slice(2);
let outDir = './backups';
let force = false;
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  if (a === '--out' && args[i + 1]) outDir = args[++i]!;
  else if (a.startsWith('--out=')) outDir = a.slice('--out='.length);
  else if (a === '--force') force = true;
  else {
    console.error(`backup: unknown argument ${a}\nusage: npm run backup -- [--out <dir>] [--force]`);
    process.exit(2);
  }
}

try {
  const result = await backup(loadConfig(process.env), { outDir, force });
  const m = result.manifest;
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  console.log(`backup: ${result.archive}`);
  console.log(`  ${mb(result.bytes)} in ${(result.ms / 1000).toFixed(1)} s; database ${m.database.kind} (${mb(m.database.bytes)}), ${m.migrations.count} migrations (last ${m.migrations.lastTag ?? 'none'}), ${m.files.count} files (${mb(m.files.bytes)})`);
  for (const note of result.notes) console.log(`  note: ${note}`);
} catch (err) {
  console.error(`backup: ${err instanceof BackupError ? err.message : (err as Error).stack ?? String(err)}`);
  process.exit(1);
}
