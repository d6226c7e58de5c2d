import { createServer, type Server } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, createMemoryStorage, createS3Storage, type FileStorage } from './storage.js';

/**
 * The file storage (issue 10 §5): the same behaviour from the local directory, memory, and an
 * S3-compatible service. The S3 one talks HTTP to a local fake that speaks the path-style object API
 * (PUT/GET/DELETE /<bucket>/<key>, NoSuchKey as XML), as MinIO does; no network leaves the machine.
 */

const objects = new Map<string, { body: Buffer; type: string }>();
const seen: { method: string; url: string; auth: boolean }[] = [];
let server: Server;
let endpoint: string;
let dir: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = decodeURIComponent((req.url ?? '').split('?')[0]!);
      seen.push({ method: req.method ?? '', url, auth: String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256') });
      if (req.method === 'PUT') {
        objects.set(url, { body: Buffer.concat(chunks), type: String(req.headers['content-type'] ?? '') });
        res.writeHead(200, { etag: '"x"' }).end();
      } else if (req.method === 'GET') {
        const o = objects.get(url);
        if (!o) {
          res.writeHead(404, { 'content-type': 'application/xml' }).end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>gone</Message></Error>');
          return;
        }
        res.writeHead(200, { 'content-type': o.type, 'content-length': String(o.body.length) }).end(o.body);
      } else if (req.method === 'DELETE') {
        objects.delete(url);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address() as { port: number };
  endpoint = `http://127.0.0.1:${addr.port}`;
  dir = await mkdtemp(path.join(tmpdir(), 'edufam-files-'));
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await rm(dir, { recursive: true, force: true });
});

async function behaves(storage: FileStorage) {
  const key = 'school-1/photo/abc';
  expect(await storage.get(key)).toBeNull();
  await storage.put(key, Buffer.from('first'), 'image/png');
  await storage.put(key, Buffer.from('second'), 'image/png');
  expect((await storage.get(key))?.toString()).toBe('second');
  await storage.delete(key);
  expect(await storage.get(key)).toBeNull();
  await expect(storage.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid storage key/);
}

describe('file storage', () => {
  it('memory', async () => {
    await behaves(createMemoryStorage());
  });

  it('a local directory, written through a temporary file (no half-written files left)', async () => {
    await behaves(createLocalStorage(dir));
    await createLocalStorage(dir).put('s/kind/one', Buffer.from('x'), 'text/plain');
    expect(await readdir(path.join(dir, 's/kind'))).toEqual(['one']);
  });

  it('S3-compatible object storage (path style, signed requests, key prefix)', async () => {
    const storage = await createS3Storage({ bucket: 'edufam', region: 'us-east-1', endpoint, accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true, prefix: 'prod/' });
    await behaves(storage);
    expect(seen.some((r) => r.method === 'PUT' && r.url === '/edufam/prod/school-1/photo/abc' && r.auth)).toBe(true);
    expect(seen.every((r) => r.auth)).toBe(true);
  });
});
