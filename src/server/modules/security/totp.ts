import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  RECOVERY_CODE_COUNT,
  TOTP_ALGORITHM,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW,
} from '../../../shared/contracts/security.js';

/**
 * Pure two-factor helpers (issue 18 §2): TOTP per RFC 6238 with the `otpauth` library (30-second step,
 * 6 digits, SHA-1, ±1 step accepted), the QR code drawn locally with `qrcode` (no network call ever),
 * recovery codes and their salted hashes, and the "network" of an IP address for new-network alerts.
 */

const ISSUER = 'EduFam';

/** A fresh random 160-bit TOTP secret, base32 (what authenticator apps take by hand). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secret: string, label = 'account'): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The otpauth:// URI an authenticator app scans: otpauth://totp/EduFam:<email>?issuer=EduFam&secret=… */
export function otpauthUri(secret: string, email: string): string {
  return totpFor(secret, email).toString();
}

/** The URI as a QR code, a data:image/png;base64 URL drawn on this server. */
export async function qrDataUrl(uri: string): Promise<string> {
  return QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
}

/** The TOTP time step (counter) of an instant: floor(unix seconds / 30). */
export function totpStep(nowMs: number = Date.now()): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code for `secret` at `nowMs` (tests and the demo use it; the server only checks codes). */
export function totpCode(secret: string, nowMs: number = Date.now()): string {
  return totpFor(secret).generate({ timestamp: nowMs });
}

/**
 * Checks a 6-digit code against `secret` at `nowMs`, ±TOTP_WINDOW steps. Returns the time step it
 * belongs to, or null when it matches none. Replay protection (refusing a step at or before the last
 * accepted one) is the caller's, since it needs the stored state.
 */
export function matchTotp(secret: string, code: string, nowMs: number = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret).validate({ token: code, timestamp: nowMs, window: TOTP_WINDOW });
  return delta === null ? null : totpStep(nowMs) + delta;
}

/** Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** RECOVERY_CODE_COUNT fresh recovery codes, "xxxx-xxxx" (about 40 bits each). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const out: string[] = [];
  while (out.length < count) {
    let s = '';
    for (let i = 0; i < 8; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    const code = `${s.slice(0, 4)}-${s.slice(4)}`;
    if (!out.includes(code)) out.push(code);
  }
  return out;
}

/** A recovery code as typed, normalised: lower case, spaces and dashes dropped. */
export function normaliseRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, '');
}

/** Salted SHA-256 of a recovery code (the codes are random, so a fast hash with a salt is enough). */
export function hashRecoveryCode(code: string, salt: string = randomBytes(16).toString('base64url')): { salt: string; hash: string } {
  const hash = createHash('sha256').update(`${salt}:${normaliseRecoveryCode(code)}`).digest('hex');
  return { salt, hash };
}

/** Does `input` match a stored (salt, hash)? Constant-time comparison. */
export function recoveryCodeMatches(input: string, stored: { salt: string; codeHash: string }): boolean {
  const { hash } = hashRecoveryCode(input, stored.salt);
  const a = Buffer.from(hash, 'hex');
  const b = Buffer.from(stored.codeHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** An IPv6 address written out in full: eight groups of four hex digits. Null when not IPv6. */
function expandIpv6(ip: string): string[] | null {
  const [head, tail = null, ...rest] = ip.split('::');
  if (rest.length) return null;
  const parts = (s: string) => (s ? s.split(':') : []);
  const h = parts(head ?? '');
  const t = tail === null ? [] : parts(tail);
  const missing = 8 - h.length - t.length;
  if (tail === null ? missing !== 0 : missing < 1) return null;
  const groups = [...h, ...Array.from({ length: tail === null ? 0 : missing }, () => '0'), ...t];
  return groups.map((g) => g.padStart(4, '0'));
}

/**
 * The network an address belongs to, for "sign-in from a new network": IPv4 /16 ("41.90"), IPv6 /48
 * ("2001:0db8:0001"); IPv4-mapped IPv6 counts as IPv4. Null when the address cannot be read.
 * (EduFam has no offline GeoIP database: a new network stands in for a new country.)
 */
export function networkOf(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const addr = ip.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').replace(/%.*$/, '');
  const kind = isIP(addr);
  if (kind === 4) return addr.split('.').slice(0, 2).join('.');
  if (kind === 6) {
    const groups = expandIpv6(addr.toLowerCase());
    return groups ? groups.slice(0, 3).join(':') : null;
  }
  return null;
}

/** How a network reads in an alert: "41.90.x.x" or "2001:0db8:0001::/48". */
export function networkLabel(network: string): string {
  return network.includes(':') ? `${network}::/48` : `${network}.x.x`;
}
