import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, loadOrCreateKeyFile, maskSecret, parseSecretsKey } from './secrets.js';

const key = randomBytes(32);
const passkey = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';

describe('parseSecretsKey', () => {
  it('accepts 64 hex characters, base64 and base64url of 32 bytes, ignoring surrounding whitespace', () => {
    expect(parseSecretsKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretsKey(key.toString('hex').toUpperCase())).toEqual(key);
    expect(parseSecretsKey(key.toString('base64'))).toEqual(key);
    expect(parseSecretsKey(key.toString('base64url'))).toEqual(key);
    expect(parseSecretsKey(` ${key.toString('hex')}\n`)).toEqual(key);
  });

  it('refuses other lengths and alphabets with a message that does not repeat the value', () => {
    const bad = [
      '',
      'hunter2!',
      randomBytes(31).toString('hex'),
      randomBytes(33).toString('hex'),
      randomBytes(16).toString('base64'),
      randomBytes(48).toString('base64'),
      `${key.toString('hex').slice(0, 63)}g`,
      '+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/-_-=', // mixed base64 and base64url alphabets
    ];
    for (const v of bad) {
      let message = '';
      expect(() => {
        try {
          parseSecretsKey(v);
        } catch (err) {
          message = (err as Error).message;
          throw err;
        }
      }, v).toThrow(/32 bytes/);
      if (v.length > 4) expect(message).not.toContain(v);
    }
  });
});

describe('encryptSecret / decryptSecret', () => {
  it('round-trips UTF-8 text and uses a fresh IV every time', () => {
    for (const text of [passkey, '', 'Zoë Ng’ang’a 🔑']) {
      const token = encryptSecret(key, text);
      expect(decryptSecret(key, token)).toBe(text);
    }
    const a = encryptSecret(key, passkey);
    const b = encryptSecret(key, passkey);
    expect(a).not.toBe(b);
    expect(a).not.toContain(passkey);
  });

  it('writes v1.<iv>.<tag>.<ciphertext> with a 12-byte IV and 16-byte tag in base64url', () => {
    const token = encryptSecret(key, passkey);
    const parts = token.split('.');
    expect(parts).toHaveLength(4);
    expect(parts[0]).toBe('v1');
    for (const p of parts.slice(1)) expect(p).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(parts[1], 'base64url')).toHaveLength(12);
    expect(Buffer.from(parts[2], 'base64url')).toHaveLength(16);
    expect(Buffer.from(parts[3], 'base64url')).toHaveLength(Buffer.byteLength(passkey));
  });

  it('throws on a wrong key, any altered part, or a malformed token', () => {
    const token = encryptSecret(key, passkey);
    expect(() => decryptSecret(randomBytes(32), token)).toThrow(/wrong key or altered/);
    const [v, iv, tag, ct] = token.split('.');
    const flip = (s: string) => {
      const buf = Buffer.from(s, 'base64url');
      buf[0] ^= 1;
      return buf.toString('base64url');
    };
    expect(() => decryptSecret(key, [v, flip(iv), tag, ct].join('.'))).toThrow();
    expect(() => decryptSecret(key, [v, iv, flip(tag), ct].join('.'))).toThrow();
    expect(() => decryptSecret(key, [v, iv, tag, flip(ct)].join('.'))).toThrow();
    expect(() => decryptSecret(key, [v, iv, tag, ct.slice(0, -2)].join('.'))).toThrow();
    expect(() => decryptSecret(key, ['v2', iv, tag, ct].join('.'))).toThrow(/format/);
    expect(() => decryptSecret(key, passkey)).toThrow(/format/);
    expect(() => decryptSecret(key, [v, iv.slice(2), tag, ct].join('.'))).toThrow(/format/);
    expect(() => decryptSecret(key, [v, `${iv}!`, tag, ct].join('.'))).toThrow(/format/);
  });

  it('refuses keys that are not 32 bytes', () => {
    expect(() => encryptSecret(randomBytes(16), 'x')).toThrow(/32-byte/);
    expect(() => decryptSecret(randomBytes(16), encryptSecret(key, 'x'))).toThrow(/32-byte/);
  });
});

describe('maskSecret', () => {
  it('shows eight bullets and the last four characters', () => {
    expect(maskSecret(passkey)).toBe('••••••••c919');
    expect(maskSecret('12345678')).toBe('••••••••5678');
  });

  it('shows only bullets for secrets shorter than 8 characters, whatever their length', () => {
    expect(maskSecret('1234567')).toBe('••••••••');
    expect(maskSecret('ab')).toBe('••••••••');
    expect(maskSecret('')).toBe('••••••••');
  });
});

describe('loadOrCreateKeyFile', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'edufam-secrets-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it('creates the directory and a 0600 key file, then reads the same key back', () => {
    const dir = path.join(tmp(), 'nested', 'data');
    const first = loadOrCreateKeyFile(dir);
    expect(first.created).toBe(true);
    expect(first.key).toHaveLength(32);
    const file = path.join(dir, 'secrets.key');
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const second = loadOrCreateKeyFile(dir);
    expect(second.created).toBe(false);
    expect(second.key).toEqual(first.key);
    // A token made with the first key still opens with the key read back.
    expect(decryptSecret(second.key, encryptSecret(first.key, passkey))).toBe(passkey);
  });

  it('reads a key written by hand and refuses (without overwriting) a file that holds no key', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'secrets.key'), key.toString('base64'));
    expect(loadOrCreateKeyFile(dir)).toEqual({ key, created: false });
    fs.writeFileSync(path.join(dir, 'secrets.key'), 'not a key');
    expect(() => loadOrCreateKeyFile(dir)).toThrow(/secrets\.key does not hold a valid secrets key/);
    expect(fs.readFileSync(path.join(dir, 'secrets.key'), 'utf8')).toBe('not a key');
  });
});
