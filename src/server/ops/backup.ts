/**
 * Backup and restore of an EduFam installation (issue 37 §3; README "Backup and restore").
 *
 * One archive file, `edufam-backup-<YYYYMMDD-HHmm>.tar.gz` (Africa/Nairobi time), holds:
 * - `manifest.json`: what the archive is (BackupManifest below), with the size and sha256 of every part;
 * - `database/edufam.pgdump` (PostgreSQL: `pg_dump --format=custom`, policies, FORCE ROW LEVEL SECURITY
 *   flags and grants included) or `database/pglite-datadir.tar` (embedded database: PGlite's
 *   dumpDataDir of DATA_DIR without the uploaded files, the secrets key and the lock file);
 * - `files/…`: the uploaded and generated files of local storage (FILES_DIR or <DATA_DIR>/files). S3
 *   storage is out of scope: the bucket's own versioning and replication protect it (noted in the manifest);
 * - `secrets/secrets.key`: the generated secrets key of <DATA_DIR>/secrets.key when SECRETS_KEY is not set,
 *   without which the M-Pesa credentials, two-factor secrets and signing keys in the database cannot be read.
 *
 * Restore checks every checksum before it changes anything, refuses an archive made by a NEWER migration
 * set than this code (upgrade first), and refuses a target that already holds a database or files unless
 * `force` (then it wipes the target first). An archive from an older migration set restores as it is; the
 * next server start applies the missing migrations.
 *
 * Operator messages are English, like the configuration errors of src/server/config.ts: they are read by
 * whoever runs the command on the server, not by school users, so they are not in the message catalogue.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { Pack, Parser, create as tarCreate, extract as tarExtract, list as tarList, type ReadEntry } from 'tar';
import type { Config } from '../config.js';
import { openDatabase } from '../db/client.js';
import { fromProjectRoot } from '../lib/project-root.js';

const run = promisify(execFile);

/** Name of the role the migrations create and every request runs as (drizzle/0001_rls.sql). */
export const APP_ROLE = 'edufam_app';

const PG_DUMP_PART = 'database/edufam.pgdump';
const PGLITE_PART = 'database/pglite-datadir.tar';
const SECRETS_PART = 'secrets/secrets.key';

/** A refusal or failure the CLI prints as it is (exit code 1), without a stack trace. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** Size and checksum of one part of an archive. */
export interface PartInfo {
  /** Path inside the archive. */
  path: string;
  bytes: number;
  /** Hex sha256 of the part's bytes. */
  sha256: string;
}

/** manifest.json of an archive (formatVersion 1). */
export interface BackupManifest {
  format: 'edufam-backup';
  formatVersion: 1;
  /** package.json version of the EduFam that made it. */
  edufamVersion: string;
  /** ISO 8601 instant (UTC). */
  createdAt: string;
  database: PartInfo & {
    kind: 'postgres' | 'pglite';
    /** PostgreSQL server version (server_version) of the dumped database. */
    serverVersion: string;
  };
  /**
   * Migrations applied to the dumped database (drizzle.__drizzle_migrations): how many, and the tag and
   * journal time (`when`, epoch ms) of the last one; null when none.
   */
  migrations: { count: number; lastTag: string | null; lastWhen: number | null };
  files: {
    /** Where the installation kept its files: local directory, S3 (not in the archive), or memory (none). */
    storage: 'local' | 's3' | 'memory';
    count: number;
    /** Sum of the files' sizes, bytes. */
    bytes: number;
    /** Each file under `files/` in the archive (path relative to the storage root). */
    entries: PartInfo[];
    note?: string;
  };
  /** The generated secrets key file, when the installation uses one (SECRETS_KEY unset). */
  secretsKey: { source: 'file'; part: PartInfo } | { source: 'environment' | 'none' };
}

/** What a backup made: the archive, its size, its manifest and how long it took. */
export interface BackupResult {
  archive: string;
  /** Archive size, bytes. */
  bytes: number;
  manifest: BackupManifest;
  ms: number;
  /** Things the operator should know (S3 not included, secrets key from the environment). */
  notes: string[];
}

/** What a restore did. */
export interface RestoreResult {
  manifest: BackupManifest;
  filesRestored: number;
  ms: number;
  notes: string[];
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The migrations this code carries (drizzle/meta/_journal.json), in order. */
export async function codeMigrations(): Promise<JournalEntry[]> {
  const journal = JSON.parse(await readFile(fromProjectRoot('drizzle/meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

async function edufamVersion(): Promise<string> {
  try {
    return (JSON.parse(await readFile(fromProjectRoot('package.json'), 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * `YYYYMMDD-HHmm` of `at` in Africa/Nairobi time (EAT, UTC+3, no daylight saving): the schools' clock,
 * so an operator finds "last night's" backup by its name.
 */
export function nairobiStamp(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Nairobi',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}${get('month')}${get('day')}-${get('hour')}${get('minute')}`;
}

/** Where the configuration keeps uploaded files (src/server/storage/from-config.ts, same rules). */
export function filesLocation(config: Config): { storage: 'local'; dir: string } | { storage: 's3' | 'memory' } {
  if (config.S3_BUCKET) return { storage: 's3' };
  if (config.FILES_DIR) return { storage: 'local', dir: path.resolve(config.FILES_DIR) };
  if (config.DATA_DIR.startsWith('memory://')) return { storage: 'memory' };
  return { storage: 'local', dir: path.resolve(config.DATA_DIR, 'files') };
}

async function sha256File(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Regular files under `dir`, relative paths with '/' separators, sorted; [] when it does not exist. */
async function listFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = async (rel: string) => {
    for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      // A local storage write in progress leaves "<key>.<uuid>.tmp" (storage.ts): not a file yet.
      else if (entry.isFile() && !/\.[0-9a-f-]{36}\.tmp$/.test(entry.name)) out.push(child);
    }
  };
  await walk('');
  return out.sort();
}

/** pg_dump/pg_restore connection: the URL without its password, which goes in PGPASSWORD (not in `ps`). */
function pgConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(databaseUrl);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function pgToolMajor(tool: 'pg_dump' | 'pg_restore'): Promise<number> {
  let out: string;
  try {
    out = (await run(tool, ['--version'])).stdout;
  } catch {
    throw new BackupError(`${tool} not found: install the PostgreSQL client of the server's version (Debian: apt-get install postgresql-client-<major>).`);
  }
  const m = /(\d+)(?:\.\d+)?/.exec(out);
  return m ? Number(m[1]) : 0;
}

async function withPgClient<T>(databaseUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** Migrations applied to a database, mapped to the code's journal for the tag. */
async function appliedMigrations(query: Query): Promise<BackupManifest['migrations']> {
  const exists = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!exists.rows[0]?.present) return { count: 0, lastTag: null, lastWhen: null };
  const r = await query(`select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations`);
  const count = Number(r.rows[0]?.count ?? 0);
  const lastWhen = r.rows[0]?.last == null ? null : Number(r.rows[0].last);
  const journal = await codeMigrations();
  const lastTag = lastWhen == null ? null : (journal.find((e) => e.when === lastWhen)?.tag ?? `unknown (${lastWhen})`);
  return { count, lastTag, lastWhen };
}

/** Tables, views and sequences outside the system schemas: 0 means an empty database. */
async function userRelationCount(client: pg.Client): Promise<number> {
  const r = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r','p','v','m','S','f') and n.nspname not in ('pg_catalog','information_schema')
        and n.nspname not like 'pg\\_%'`,
  );
  return r.rows[0]?.n ?? 0;
}

/** The lock file PGlite writes into its data directory while it is open (and removes on close). */
const PGLITE_LOCK = 'postmaster.pid';

/** Names of a PostgreSQL cluster's own entries at the top of a PGlite data directory. */
const CLUSTER_ENTRY = /^(PG_VERSION|base|global|pg_[a-z_]+|pg_(hba|ident)\.conf|postgresql(\.auto)?\.conf|postmaster\.(pid|opts))$/;

/**
 * Makes a backup archive of the installation `config` describes, in directory `outDir` (created if
 * missing). PostgreSQL (DATABASE_URL): pg_dump --format=custom while the servers keep running (a
 * consistent snapshot). Embedded (PGlite in DATA_DIR): the server must be stopped; a DATA_DIR holding
 * PGlite's lock file (postmaster.pid) is refused unless `force` (a server that crashed leaves it behind).
 * Throws BackupError with the reason (no database, tool missing or older than the server, directory in use).
 */
export async function backup(config: Config, opts: { outDir: string; force?: boolean; now?: Date }): Promise<BackupResult> {
  const started = performance.now();
  const now = opts.now ?? new Date();
  const notes: string[] = [];
  const outDir = path.resolve(opts.outDir);
  await mkdir(outDir, { recursive: true });
  const staging = await mkdtemp(path.join(outDir, '.edufam-backup-'));
  try {
    const database = config.DATABASE_URL
      ? await dumpPostgres(config.DATABASE_URL, staging)
      : await dumpPglite(config.DATA_DIR, staging, !!opts.force);

    const where = filesLocation(config);
    const entries: PartInfo[] = [];
    let filesNote: string | undefined;
    if (where.storage === 'local') {
      for (const rel of await listFiles(where.dir)) entries.push({ path: rel, ...(await sha256File(path.join(where.dir, rel))) });
      // tar follows this link (follow: true) and stores the files under files/ without copying them first.
      if (entries.length) await symlink(where.dir, path.join(staging, 'files'), 'dir');
    } else if (where.storage === 's3') {
      filesNote = `Files are in the S3 bucket ${config.S3_BUCKET} and are not in this archive: protect them with the bucket's own versioning and replication.`;
      notes.push(filesNote);
    }

    let secretsKey: BackupManifest['secretsKey'] = { source: 'none' };
    const keyFile = config.DATA_DIR.startsWith('memory://') ? null : path.resolve(config.DATA_DIR, 'secrets.key');
    if (config.SECRETS_KEY) {
      secretsKey = { source: 'environment' };
      notes.push('SECRETS_KEY comes from the environment and is not in the archive: the restored installation needs the same SECRETS_KEY.');
    } else if (keyFile && existsSync(keyFile)) {
      await mkdir(path.join(staging, 'secrets'));
      await cp(keyFile, path.join(staging, SECRETS_PART));
      secretsKey = { source: 'file', part: { path: SECRETS_PART, ...(await sha256File(keyFile)) } };
      notes.push('The archive holds the secrets key (secrets/secrets.key): keep it as safe as the database itself.');
    }

    const manifest: BackupManifest = {
      format: 'edufam-backup',
      formatVersion: 1,
      edufamVersion: await edufamVersion(),
      createdAt: now.toISOString(),
      database: database.part,
      migrations: database.migrations,
      files: {
        storage: where.storage,
        count: entries.length,
        bytes: entries.reduce((s, e) => s + e.bytes, 0),
        entries,
        ...(filesNote ? { note: filesNote } : {}),
      },
      secretsKey,
    };
    await writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));

    const stamp = nairobiStamp(now);
    let archive = path.join(outDir, `edufam-backup-${stamp}.tar.gz`);
    for (let i = 2; existsSync(archive); i++) archive = path.join(outDir, `edufam-backup-${stamp}-${i}.tar.gz`);
    const partial = `${archive}.partial`;
    // manifest.json first, so restore reads it (and refuses a newer archive) without unpacking the rest.
    const members = ['manifest.json', 'database', ...(secretsKey.source === 'file' ? ['secrets'] : []), ...(entries.length ? ['files'] : [])];
    await tarCreate({ gzip: true, portable: true, follow: true, cwd: staging, file: partial }, members);
    await rename(partial, archive);
    return { archive, bytes: (await stat(archive)).size, manifest, ms: Math.round(performance.now() - started), notes };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function dumpPostgres(databaseUrl: string, staging: string): Promise<{ part: BackupManifest['database']; migrations: BackupManifest['migrations'] }> {
  const { serverVersion, serverMajor, migrations } = await withPgClient(databaseUrl, async (c) => {
    const v = await c.query<{ server_version: string; num: string }>(`select current_setting('server_version') as server_version, current_setting('server_version_num') as num`);
    return {
      serverVersion: v.rows[0]!.server_version,
      serverMajor: Math.floor(Number(v.rows[0]!.num) / 10000),
      migrations: await appliedMigrations((t) => c.query(t)),
    };
  });
  const toolMajor = await pgToolMajor('pg_dump');
  // pg_dump cannot dump a newer server; an older-format dump would not restore there either.
  if (toolMajor < serverMajor) {
    throw new BackupError(`pg_dump ${toolMajor} is older than the PostgreSQL ${serverMajor} server: install postgresql-client-${serverMajor} and put its pg_dump first on PATH.`);
  }
  const file = path.join(staging, PG_DUMP_PART);
  await mkdir(path.dirname(file));
  const { url, env } = pgConnection(databaseUrl);
  try {
    await run('pg_dump', ['--format=custom', '--file', file, '--dbname', url], { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    throw new BackupError(`pg_dump failed: ${(err as { stderr?: string }).stderr?.trim() || (err as Error).message}`);
  }
  return { part: { kind: 'postgres', serverVersion, path: PG_DUMP_PART, ...(await sha256File(file)) }, migrations };
}

/** Whether a path of PGlite's dump belongs to the database (not the files, secrets key or lock). */
function isClusterPath(p: string): boolean {
  const top = p.replace(/^\/+/, '').split('/')[0] ?? '';
  return CLUSTER_ENTRY.test(top) && top !== PGLITE_LOCK;
}

async function dumpPglite(dataDir: string, staging: string, force: boolean): Promise<{ part: BackupManifest['database']; migrations: BackupManifest['migrations'] }> {
  if (dataDir.startsWith('memory://')) throw new BackupError('DATA_DIR is memory://: an in-memory database keeps nothing to back up.');
  const dir = path.resolve(dataDir);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupError(`No database in DATA_DIR ${dir} (no PG_VERSION): nothing to back up.`);
  if (existsSync(path.join(dir, PGLITE_LOCK)) && !force) {
    throw new BackupError(
      `DATA_DIR ${dir} is in use (${PGLITE_LOCK} present): stop the EduFam server first; the embedded database has one user at a time. ` +
        'If no server is running (it stopped without closing the database), run again with --force.',
    );
  }
  const database = await openDatabase({ dataDir: dir });
  let dump: Blob;
  let migrations: BackupManifest['migrations'];
  let serverVersion: string;
  try {
    const pglite = database.pglite!;
    migrations = await appliedMigrations((t) => pglite.query<Record<string, unknown>>(t));
    serverVersion = String((await pglite.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v);
    // Flush the WAL into the data files so that loading the dump needs no crash recovery.
    await pglite.exec('checkpoint');
    // Uncompressed: the archive is gzipped once as a whole (each extra gzip pass costs seconds on the demo).
    dump = await pglite.dumpDataDir('none');
  } finally {
    await database.close();
  }
  // dumpDataDir takes the whole directory: keep the cluster, leave out files/ (archived on their own),
  // the secrets key (its own part) and the lock file (a restored lock would read as "in use").
  const file = path.join(staging, PGLITE_PART);
  await mkdir(path.dirname(file));
  await writeFile(file, await filterTar(Buffer.from(await dump.arrayBuffer()), isClusterPath));
  return { part: { kind: 'pglite', serverVersion, path: PGLITE_PART, ...(await sha256File(file)) }, migrations };
}

/** A tar (not compressed) of the entries of `tarball` (gzipped or not) whose paths `keep` accepts. */
async function filterTar(tarball: Buffer, keep: (p: string) => boolean): Promise<Buffer> {
  const pack = new Pack({ portable: true });
  const chunks: Buffer[] = [];
  pack.on('data', (d: Buffer) => chunks.push(d));
  const packed = new Promise<void>((resolve, reject) => {
    pack.on('end', () => resolve());
    pack.on('error', reject);
  });
  const parser = new Parser({
    onReadEntry: (entry: ReadEntry) => {
      if (keep(entry.path)) pack.add(entry);
      else entry.resume();
    },
  });
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('end', () => resolve());
    parser.on('error', reject);
  });
  parser.end(tarball);
  await parsed;
  pack.end();
  await packed;
  return Buffer.concat(chunks);
}

/** Reads manifest.json of an archive without unpacking the rest. Throws BackupError when it is not one. */
export async function readManifest(archive: string): Promise<BackupManifest> {
  if (!existsSync(archive)) throw new BackupError(`No such archive: ${archive}`);
  let text: string | null = null;
  try {
    await tarList({
      file: archive,
      filter: (p) => p === 'manifest.json',
      onReadEntry: (entry) => {
        const chunks: Buffer[] = [];
        entry.on('data', (d: Buffer) => chunks.push(d));
        entry.on('end', () => {
          text = Buffer.concat(chunks).toString('utf8');
        });
      },
    });
  } catch (err) {
    throw new BackupError(`${archive} is not a readable EduFam backup archive: ${(err as Error).message}`);
  }
  if (text === null) throw new BackupError(`${archive} is not an EduFam backup archive (no manifest.json).`);
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== 'edufam-backup' || manifest.formatVersion !== 1) {
    throw new BackupError(`${archive}: unknown archive format ${String(manifest.format)} version ${String(manifest.formatVersion)}.`);
  }
  return manifest;
}

/**
 * Why the code cannot restore an archive of `archived` migrations, or null when it can: an archive whose
 * database had more migrations, or a later last migration, than this code knows comes from a newer EduFam.
 */
export function newerMigrationsReason(archived: BackupManifest['migrations'], code: JournalEntry[]): string | null {
  const last = code.at(-1);
  const newer = archived.count > code.length || (archived.lastWhen != null && archived.lastWhen > (last?.when ?? 0));
  if (!newer) return null;
  return (
    `This archive comes from a newer EduFam: its database has ${archived.count} migrations (last ${archived.lastTag ?? '?'}), ` +
    `this code knows ${code.length} (last ${last?.tag ?? 'none'}). Upgrade EduFam first, then restore.`
  );
}

/**
 * Restores `archive` into the installation `config` describes. Checks, before changing anything: the
 * manifest, the migration set (a newer one is refused: upgrade first), the database kind against the
 * configuration, that the target database and files directory are empty (else refused unless `force`,
 * which wipes them: every schema of the PostgreSQL database, the cluster files of DATA_DIR, the files
 * directory), and every part's sha256.
 *
 * PostgreSQL: creates the role the policies and grants name (edufam_app, NOLOGIN) when the server lacks
 * it and grants it to the restoring user, then `pg_restore --no-owner --single-transaction` (all or
 * nothing; objects owned by the restoring user, as the server's own user owns them after migrating), and
 * re-applies the default privileges of drizzle/0001_rls.sql for that user. Policies and FORCE ROW LEVEL
 * SECURITY come back from the dump as they were. Embedded: PGlite loads the dump into DATA_DIR
 * (openDatabase's loadDataDir); the server must be stopped. Throws BackupError with the reason.
 */
export async function restore(config: Config, opts: { archive: string; force?: boolean }): Promise<RestoreResult> {
  const started = performance.now();
  const force = !!opts.force;
  const archive = path.resolve(opts.archive);
  const manifest = await readManifest(archive);
  const notes: string[] = [];
  const newer = newerMigrationsReason(manifest.migrations, await codeMigrations());
  if (newer) throw new BackupError(newer);

  const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    throw new BackupError(
      manifest.database.kind === 'postgres'
        ? 'This archive holds a PostgreSQL dump: set DATABASE_URL to the (empty) database to restore into.'
        : 'This archive holds an embedded (PGlite) database: unset DATABASE_URL and set DATA_DIR to the directory to restore into.',
    );
  }
  const where = filesLocation(config);
  if (manifest.files.count > 0 && where.storage !== 'local') {
    throw new BackupError(`The archive holds ${manifest.files.count} files but this configuration has no local files directory (${where.storage}): set FILES_DIR or DATA_DIR.`);
  }

  // Refuse a non-empty target before unpacking anything.
  const wipe: string[] = [];
  if (kind === 'postgres') {
    const n = await withPgClient(config.DATABASE_URL!, userRelationCount);
    if (n > 0) wipe.push(`the database holds ${n} tables, views or sequences`);
  } else {
    if (config.DATA_DIR.startsWith('memory://')) throw new BackupError('DATA_DIR is memory://: set DATA_DIR to the directory to restore into.');
    const dir = path.resolve(config.DATA_DIR);
    if (existsSync(path.join(dir, PGLITE_LOCK)) && !force) {
      throw new BackupError(`DATA_DIR ${dir} is in use (${PGLITE_LOCK} present): stop the EduFam server first, or pass --force if none is running.`);
    }
    if (existsSync(path.join(dir, 'PG_VERSION'))) wipe.push(`DATA_DIR ${dir} holds a database`);
  }
  if (where.storage === 'local' && (await listFiles(where.dir)).length > 0) wipe.push(`the files directory ${where.dir} is not empty`);
  if (wipe.length && !force) {
    throw new BackupError(`Refusing to restore over existing data: ${wipe.join('; ')}. Restore into an empty target, or pass --force to wipe it first.`);
  }

  const staging = await mkdtemp(path.join(os.tmpdir(), 'edufam-restore-'));
  try {
    await tarExtract({ file: archive, cwd: staging });
    await verifyParts(staging, manifest);

    if (kind === 'postgres') await restorePostgres(config.DATABASE_URL!, path.join(staging, manifest.database.path), force);
    else await restorePglite(path.resolve(config.DATA_DIR), path.join(staging, manifest.database.path), force);

    if (where.storage === 'local') {
      if (force) await rm(where.dir, { recursive: true, force: true });
      if (manifest.files.count > 0) await moveTree(path.join(staging, 'files'), where.dir);
    } else if (where.storage === 's3') {
      notes.push('Files are in S3 and are not restored from archives: the bucket keeps them.');
    }

    if (manifest.secretsKey.source === 'file') {
      const target = path.resolve(config.DATA_DIR, 'secrets.key');
      const key = await readFile(path.join(staging, SECRETS_PART));
      if (config.SECRETS_KEY) {
        notes.push('SECRETS_KEY is set in the environment: the archive\'s secrets key is not used; it must be the same key or encrypted settings cannot be read.');
      } else if (existsSync(target) && !(await readFile(target)).equals(key) && !force) {
        throw new BackupError(`${target} holds another secrets key than the archive: the database is restored but the key is not. Pass --force to replace the key file, or move it away.`);
      } else {
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, key, { mode: 0o600 });
      }
    } else if (manifest.secretsKey.source === 'environment') {
      notes.push('The backed-up installation took SECRETS_KEY from the environment: set the same SECRETS_KEY here.');
    }
    return { manifest, filesRestored: manifest.files.count, ms: Math.round(performance.now() - started), notes };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function verifyParts(staging: string, manifest: BackupManifest): Promise<void> {
  const parts: PartInfo[] = [manifest.database, ...manifest.files.entries.map((e) => ({ ...e, path: `files/${e.path}` }))];
  if (manifest.secretsKey.source === 'file') parts.push(manifest.secretsKey.part);
  for (const part of parts) {
    const file = path.join(staging, part.path);
    if (!existsSync(file)) throw new BackupError(`The archive is incomplete: ${part.path} is missing. Nothing was restored.`);
    const got = await sha256File(file);
    if (got.sha256 !== part.sha256 || got.bytes !== part.bytes) {
      throw new BackupError(`The archive is damaged: ${part.path} does not match its checksum. Nothing was restored.`);
    }
  }
}

/** Moves `from` to `to` (a rename on one disk, else a copy). */
async function moveTree(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  if (!existsSync(to)) {
    try {
      await rename(from, to);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    }
  }
  await cp(from, to, { recursive: true });
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function restorePostgres(databaseUrl: string, dumpFile: string, force: boolean): Promise<void> {
  const toolMajor = await pgToolMajor('pg_restore');
  await withPgClient(databaseUrl, async (c) => {
    const num = Number((await c.query<{ n: string }>(`select current_setting('server_version_num') as n`)).rows[0]!.n);
    if (toolMajor < Math.floor(num / 10000)) {
      throw new BackupError(`pg_restore ${toolMajor} is older than the PostgreSQL ${Math.floor(num / 10000)} server: install postgresql-client-${Math.floor(num / 10000)}.`);
    }
    if (force) {
      // Wipe: every non-system schema (EduFam's public, drizzle, pgboss), then an empty public.
      const schemas = await c.query<{ nspname: string }>(
        `select nspname from pg_namespace where nspname not in ('information_schema') and nspname not like 'pg\\_%'`,
      );
      for (const s of schemas.rows) await c.query(`DROP SCHEMA ${quoteIdent(s.nspname)} CASCADE`);
      await c.query('CREATE SCHEMA public');
    }
    // Roles are the server's, not the database's: a fresh server lacks the one the policies and grants
    // name. Same statements as drizzle/0001_rls.sql.
    const has = await c.query(`select 1 from pg_roles where rolname = $1`, [APP_ROLE]);
    if (has.rowCount === 0) {
      try {
        await c.query(`CREATE ROLE ${APP_ROLE} NOLOGIN`);
      } catch (err) {
        throw new BackupError(`The role ${APP_ROLE} is missing and could not be created (${(err as Error).message}): have an administrator run CREATE ROLE ${APP_ROLE} NOLOGIN, then restore again.`);
      }
    }
    // The server's requests SET LOCAL ROLE edufam_app: the connecting user must be a member.
    await c.query(`GRANT ${APP_ROLE} TO CURRENT_USER`).catch(() => undefined);
  });

  const { url, env } = pgConnection(databaseUrl);
  // Leave out the default-privilege entries: they name the dumping user (ALTER DEFAULT PRIVILEGES FOR
  // ROLE <them>), who may not exist here; they are re-applied for the restoring user below.
  const toc = (await run('pg_restore', ['--list', dumpFile], { maxBuffer: 64 * 1024 * 1024 })).stdout;
  const listFile = `${dumpFile}.list`;
  await writeFile(listFile, toc.split('\n').filter((l) => !/\bDEFAULT ACL\b/.test(l)).join('\n'));
  try {
    await run('pg_restore', ['--no-owner', '--single-transaction', '--exit-on-error', '--use-list', listFile, '--dbname', url, dumpFile], {
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (err) {
    throw new BackupError(`pg_restore failed, nothing was restored: ${(err as { stderr?: string }).stderr?.trim() || (err as Error).message}`);
  }
  await withPgClient(databaseUrl, (c) => c.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${APP_ROLE}`));
}

async function restorePglite(dataDir: string, dumpFile: string, force: boolean): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  if (force) {
    for (const name of await readdir(dataDir)) if (CLUSTER_ENTRY.test(name)) await rm(path.join(dataDir, name), { recursive: true, force: true });
  }
  const database = await openDatabase({ dataDir, loadDataDir: new Blob([new Uint8Array(await readFile(dumpFile))]) });
  try {
    // Proves the loaded cluster opens and answers; the next server start migrates it if it is older.
    await database.pglite!.query('select 1');
  } finally {
    await database.close();
  }
}
