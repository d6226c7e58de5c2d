import { createPrivateKey, createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, generateSigningKeyPair, keyIdOf, signContent, verifyContent } from './signing.js';

/** Ed25519 signing of certificates (issue 12 §6): canonical JSON, signatures, tampering. */

function pair() {
  const p = generateSigningKeyPair();
  return { ...p, privateKey: createPrivateKey({ key: Buffer.from(p.privateKeyDer, 'base64url'), format: 'der', type: 'pkcs8' }) };
}

describe('canonical JSON (RFC 8785)', () => {
  it('sorts keys at every depth and drops whitespace, so key order never changes the signature', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson({ x: 72.5, y: 1e21, s: 'Wanjiku “Njeri”' })).toBe('{"s":"Wanjiku “Njeri”","x":72.5,"y":1e+21}');
  });
});

describe('Ed25519 signatures', () => {
  const content = { id: 'c1', student: { name: 'Amani Otieno', admission_number: 'GH/2026/001' }, performance: { average_score: 72.5, grade_letter: 'ME1', attendance_percentage: 95 } };

  it('a signature verifies with the public key, whatever order the keys arrive in', () => {
    const k = pair();
    const sig = signContent(k.privateKey, content);
    expect(sig).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(verifyContent(k.publicKey, content, sig)).toBe(true);
    expect(verifyContent(k.publicKey, { performance: content.performance, student: content.student, id: 'c1' }, sig)).toBe(true);
  });

  it('any change to the content, the signature or the key fails', () => {
    const k = pair();
    const sig = signContent(k.privateKey, content);
    expect(verifyContent(k.publicKey, { ...content, performance: { ...content.performance, average_score: 92.5 } }, sig)).toBe(false);
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expect(verifyContent(k.publicKey, content, flipped)).toBe(false);
    expect(verifyContent(pair().publicKey, content, sig)).toBe(false);
    expect(verifyContent(k.publicKey, content, 'not-a-signature')).toBe(false);
    expect(verifyContent('garbage', content, sig)).toBe(false);
  });

  it('verifies offline with nothing but node:crypto and the published PEM', () => {
    const k = pair();
    const sig = signContent(k.privateKey, content);
    const pem = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: k.publicKey }, format: 'jwk' }).export({ format: 'pem', type: 'spki' }).toString();
    expect(pem).toContain('BEGIN PUBLIC KEY');
    expect(verify(null, Buffer.from(canonicalJson(content)), createPublicKey(pem), Buffer.from(sig, 'base64url'))).toBe(true);
  });

  it('key ids name the public key', () => {
    const k = pair();
    expect(k.keyId).toBe(keyIdOf(k.publicKey));
    expect(k.keyId).toMatch(/^ed25519-[A-Za-z0-9_-]{16}$/);
    expect(pair().keyId).not.toBe(k.keyId);
  });
});
