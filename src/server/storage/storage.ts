import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/**
 * Where uploaded and generated files live (issue 10 §5): a directory under DATA_DIR by default,
 * S3-compatible object storage when S3_BUCKET is configured, memory for tests and `DATA_DIR=memory://`.
 * Keys are opaque paths chosen by the files module ("<schoolId>/<kind>/<uuid>"); metadata (owner, type,
 * size, checksum) lives in the `files` table, never in the storage.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3' | 'memory';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when the key does not exist. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

/** Keys are written by our code only; refuse anything that could escape the storage root. */
function checkKey(key: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(key) || key.includes('..') || key.includes('//')) throw new Error(`invalid storage key ${key}`);
  return key;
}

/** Files under `root` (created on demand). Writes go to a temporary file first, then rename: no half files. */
export function createLocalStorage(root: string): FileStorage {
  const full = (key: string) => path.join(root, checkKey(key));
  return {
    kind: 'local',
    async put(key, body) {
      const target = full(key);
      await mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${randomUUID()}.tmp`;
      await writeFile(tmp, body);
      await rename(tmp, target);
    },
    async get(key) {
      try {
        return await readFile(full(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(full(key), { force: true });
    },
  };
}

/** In-memory storage (tests, and DATA_DIR=memory:// where nothing is meant to survive). */
export function createMemoryStorage(): FileStorage {
  const files = new Map<string, Buffer>();
  return {
    kind: 'memory',
    async put(key, body) {
      files.set(checkKey(key), Buffer.from(body));
    },
    async get(key) {
      return files.get(checkKey(key)) ?? null;
    },
    async delete(key) {
      files.delete(checkKey(key));
    },
  };
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** e.g. https://<account>.r2.cloudflarestorage.com or http://127.0.0.1:9000 (MinIO); unset for AWS. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Key prefix inside the bucket, e.g. "edufam/". */
  prefix: string;
}

/**
 * S3-compatible storage (AWS S3, Cloudflare R2, MinIO, Wasabi...) through the AWS SDK, loaded only when
 * configured. Objects are private; EduFam serves them through its own authorised routes.
 */
export async function createS3Storage(s: S3Settings): Promise<FileStorage> {
  const { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand, NoSuchKey } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
  });
  const k = (key: string) => `${s.prefix}${checkKey(key)}`;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket: s.bucket, Key: k(key), Body: body, ContentType: contentType }));
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: k(key) }));
        if (!out.Body) return null;
        return Buffer.from(await out.Body.transformToByteArray());
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey' || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: k(key) }));
    },
  };
}
