import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Secrets at rest (domain/mpesa-daraja.md, last paragraph: "store them encrypted at rest"): each
 * school's Daraja consumer key, consumer secret and passkey are stored as AES-256-GCM tokens, never as
 * plaintext. GCM authenticates as well as encrypts, so a tampered token or a wrong key fails loudly
 * instead of decrypting to garbage that would then be sent to Safaricom.
 *
 * Token format: `v1.<iv>.<tag>.<ciphertext>`, each part base64url without padding; iv is a fresh random
 * 12 bytes per encryption (the GCM standard size), tag is the 16-byte authentication tag. The version
 * prefix leaves room for key rotation or another algorithm later without guessing formats.
 */

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
/** The file `loadOrCreateKeyFile` keeps the generated key in. */
export const SECRETS_KEY_FILE = 'secrets.key';

/**
 * Parses a 32-byte key given as 64 hex characters, or as base64 / base64url (padded or not) of exactly
 * 32 bytes. Surrounding whitespace is ignored (keys pasted into .env files often carry a newline).
 * Throws an Error naming the accepted forms; the message never repeats the value, which is a secret.
 */
export function parseSecretsKey(value: string): Buffer {
  const v = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  // 32 bytes are 43 base64 characters plus one "=" of padding. Checked by pattern first because
  // Buffer.from(…, 'base64') silently skips characters it does not understand.
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(v) && !(/[+/]/.test(v) && /[-_]/.test(v))) {
    const key = Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length === KEY_BYTES) return key;
  }
  throw new Error(
    'Invalid secrets key: expected 32 bytes written as 64 hex characters or as base64/base64url (43-44 characters), e.g. the output of `openssl rand -hex 32`',
  );
}

function assertKey(key: Buffer): void {
  if (!Buffer.isBuffer(key) || key.length !== KEY_BYTES) throw new Error('Invalid secrets key: expected a 32-byte Buffer');
}

/**
 * Encrypts `plaintext` (UTF-8) with AES-256-GCM under `key` (32 bytes, see parseSecretsKey). Returns
 * `v1.<iv>.<tag>.<ciphertext>` (base64url parts). Two encryptions of the same text differ (random IV).
 */
export function encryptSecret(key: Buffer, plaintext: string): string {
  assertKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/**
 * Decrypts a token made by encryptSecret. Throws an Error when the token is malformed, was made with
 * another key, or was altered in any way (GCM authentication); the message never contains the key or
 * the token.
 */
export function decryptSecret(key: Buffer, token: string): string {
  assertKey(key);
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) throw new Error('Invalid encrypted secret: unknown format');
  const [, ivText, tagText, ctText] = parts;
  const b64url = /^[A-Za-z0-9_-]*$/;
  if (!b64url.test(ivText) || !b64url.test(tagText) || !b64url.test(ctText)) throw new Error('Invalid encrypted secret: unknown format');
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error('Invalid encrypted secret: unknown format');
  try {
    const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(ctText, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('Encrypted secret could not be decrypted: wrong key or altered data');
  }
}

const BULLETS = '••••••••';

/**
 * A display hint for a stored secret: eight bullets then the last 4 characters, e.g.
 * `••••••••c919`. Secrets shorter than 8 characters show only the eight bullets, since 4 visible
 * characters would give away half of them. The bullet count is fixed so the hint does not leak the
 * length. Counts Unicode code points, not UTF-16 units.
 */
export function maskSecret(plaintext: string): string {
  const chars = Array.from(plaintext);
  if (chars.length < 8) return BULLETS;
  return BULLETS + chars.slice(-4).join('');
}

/**
 * Development and single-server default when no key is configured: keeps a random 32-byte key, hex
 * encoded, in `<dir>/secrets.key`. Creates `dir` (mode 0700) and the file (mode 0600) when missing and
 * returns `{ key, created: true }`; otherwise reads and parses the file (`created: false`). Throws when
 * the file exists but does not hold a valid key (never overwrites it: the stored secrets would be lost).
 * Losing this file makes every stored secret unreadable; a configured key (env) is preferable when
 * there are several servers. The caller decides when to use it.
 */
export function loadOrCreateKeyFile(dir: string): { key: Buffer; created: boolean } {
  const file = path.join(dir, SECRETS_KEY_FILE);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const key = randomBytes(KEY_BYTES);
  try {
    // 'wx' fails if the file exists, so two processes starting together cannot both write a key.
    fs.writeFileSync(file, `${key.toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    return { key, created: true };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  try {
    return { key: parseSecretsKey(fs.readFileSync(file, 'utf8')), created: false };
  } catch (err) {
    throw new Error(`${file} does not hold a valid secrets key (${(err as Error).message})`, { cause: err });
  }
}
