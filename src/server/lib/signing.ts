import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import canonicalize from 'canonicalize';
import { desc, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { signingKeys } from '../db/schema/index.js';
import { withSystem, type Tx } from '../db/tenant.js';
import { decryptSecret, encryptSecret } from './secrets.js';

/**
 * Ed25519 signatures over documents EduFam vouches for (issue 12 §6: certificates and report cards).
 *
 * What is signed is the document's content as canonical JSON (RFC 8785, JSON Canonicalization Scheme,
 * via the `canonicalize` package): keys sorted, no whitespace, numbers in ECMAScript form, so anyone can
 * rebuild the exact bytes from the JSON the verification API returns and check the signature offline
 * with the public key published at GET /api/certificates/keys. Signatures and public keys travel as
 * base64url without padding (a signature is 64 bytes, 86 characters; a public key 32 bytes, 43).
 *
 * The platform keeps one active key pair in `signing_keys`; the private key is stored AES-256-GCM
 * encrypted with the server's secrets key (lib/secrets.ts). A retired key still verifies what it signed.
 */

export const SIGNATURE_ALGORITHM = 'Ed25519' as const;

/** The exact string that is signed: RFC 8785 canonical JSON of `content`. Throws on values JSON cannot hold. */
export function canonicalJson(content: unknown): string {
  const text = canonicalize(content);
  if (text === undefined) throw new Error('Cannot sign a document that is not JSON');
  return text;
}

/** Signs `content` (canonical JSON) with an Ed25519 private key → base64url signature. */
export function signContent(privateKey: KeyObject, content: unknown): string {
  return sign(null, Buffer.from(canonicalJson(content), 'utf8'), privateKey).toString('base64url');
}

/**
 * Checks a base64url Ed25519 `signature` of `content` against a raw public key (base64url, 32 bytes).
 * False for a malformed key or signature, never throws: a tampered link is just "invalid".
 */
export function verifyContent(publicKey: string, content: unknown, signature: string): boolean {
  try {
    if (!/^[A-Za-z0-9_-]{86}$/.test(signature)) return false;
    return verify(null, Buffer.from(canonicalJson(content), 'utf8'), publicKeyObject(publicKey), Buffer.from(signature, 'base64url'));
  } catch {
    return false;
  }
}

/** A raw Ed25519 public key (base64url) as a KeyObject. */
export function publicKeyObject(raw: string): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw }, format: 'jwk' });
}

/** The key id: "ed25519-" and the first 16 characters of the base64url SHA-256 of the raw public key. */
export function keyIdOf(rawPublicKey: string): string {
  return `ed25519-${createHash('sha256').update(Buffer.from(rawPublicKey, 'base64url')).digest('base64url').slice(0, 16)}`;
}

/** A new Ed25519 key pair: the raw public key (base64url) and the private key as PKCS#8 DER (base64url). */
export function generateSigningKeyPair(): { keyId: string; publicKey: string; privateKeyDer: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'jwk' }).x!;
  return { keyId: keyIdOf(raw), publicKey: raw, privateKeyDer: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url') };
}

export interface ActiveSigningKey {
  keyId: string;
  publicKey: string;
  privateKey: KeyObject;
}

export interface PublishedKey {
  keyId: string;
  algorithm: typeof SIGNATURE_ALGORITHM;
  /** Raw 32-byte public key, base64url. */
  publicKey: string;
  /** The same key as a PEM SubjectPublicKeyInfo, for `openssl pkeyutl -verify`. */
  pem: string;
  createdAt: string;
  retiredAt: string | null;
}

export interface Signer {
  /**
   * The active key (created on first use), cached for the life of the process. Inside an open
   * transaction pass it as `tx`: the key is then read (or created) in that transaction, because a second
   * connection may not exist (PGlite has one) or may be the last one in the pool; a key first created
   * that way is not cached, since the transaction may still roll back.
   */
  activeKey(tx?: Tx): Promise<ActiveSigningKey>;
  /** Signs `content` with the active key → { keyId, signature }. */
  sign(content: unknown): Promise<{ keyId: string; signature: string }>;
  /** Raw public key (base64url) of `keyId`, or null when the platform never had that key. */
  publicKeyOf(keyId: string): Promise<string | null>;
  /** Every key, newest first, for GET /api/certificates/keys. */
  publishedKeys(): Promise<PublishedKey[]>;
}

/**
 * The platform signer over `signing_keys`. `secretsKey` (32 bytes) decrypts the stored private key; a
 * key stored under another secrets key cannot be used, so a new one is made (the old one keeps
 * verifying). Concurrent first uses on one database are safe: each instance inserts its own key pair
 * and then uses the newest.
 */
export function createSigner(database: Database, secretsKey: Buffer): Signer {
  let active: Promise<ActiveSigningKey> | null = null;
  const publicKeys = new Map<string, string>();

  async function loadOrCreate(tx: Tx): Promise<ActiveSigningKey> {
    const rows = await tx.select().from(signingKeys).where(isNull(signingKeys.retiredAt)).orderBy(desc(signingKeys.createdAt));
    for (const row of rows) {
      try {
        const der = decryptSecret(secretsKey, row.privateKeyEnc);
        return { keyId: row.id, publicKey: row.publicKey, privateKey: createPrivateKey({ key: Buffer.from(der, 'base64url'), format: 'der', type: 'pkcs8' }) };
      } catch {
        // Encrypted under another secrets key (another instance's, or before SECRETS_KEY was set).
      }
    }
    const pair = generateSigningKeyPair();
    await tx.insert(signingKeys).values({ id: pair.keyId, publicKey: pair.publicKey, privateKeyEnc: encryptSecret(secretsKey, pair.privateKeyDer) }).onConflictDoNothing();
    return { keyId: pair.keyId, publicKey: pair.publicKey, privateKey: createPrivateKey({ key: Buffer.from(pair.privateKeyDer, 'base64url'), format: 'der', type: 'pkcs8' }) };
  }

  const signer: Signer = {
    activeKey(tx) {
      if (!active && tx) return loadOrCreate(tx);
      active ??= withSystem(database.db, loadOrCreate).catch((err: unknown) => {
        active = null;
        throw err;
      });
      return active;
    },
    async sign(content) {
      const key = await signer.activeKey();
      return { keyId: key.keyId, signature: signContent(key.privateKey, content) };
    },
    async publicKeyOf(keyId) {
      const cached = publicKeys.get(keyId);
      if (cached) return cached;
      const all = await signer.publishedKeys();
      return all.find((k) => k.keyId === keyId)?.publicKey ?? null;
    },
    async publishedKeys() {
      const rows = await withSystem(database.db, (tx) =>
        tx.select({ id: signingKeys.id, publicKey: signingKeys.publicKey, createdAt: signingKeys.createdAt, retiredAt: signingKeys.retiredAt }).from(signingKeys).orderBy(desc(signingKeys.createdAt)),
      );
      for (const r of rows) publicKeys.set(r.id, r.publicKey);
      return rows.map((r) => ({
        keyId: r.id,
        algorithm: SIGNATURE_ALGORITHM,
        publicKey: r.publicKey,
        pem: publicKeyObject(r.publicKey).export({ format: 'pem', type: 'spki' }).toString(),
        createdAt: r.createdAt.toISOString(),
        retiredAt: r.retiredAt?.toISOString() ?? null,
      }));
    },
  };
  return signer;
}
