/**
 * Identifiers on staff records (issue 14 §1; ../shared/domain/identifiers.md).
 * - KRA PIN: 11 characters, A (individual) or P (organisation) + 9 digits + 1 letter, e.g. A004416331M.
 *   Upper-cased with spaces and dashes removed before checking `^[AP]\d{9}[A-Z]$`.
 * - TSC number: digits, commonly 6-7; stored as a string.
 */

const KRA_PIN = /^[AP]\d{9}[A-Z]$/;

/** The PIN as stored: upper case, no spaces or dashes ("a004-416 331m" → "A004416331M"). */
export function normalizeKraPin(raw: string): string {
  return raw.replace(/[\s-]+/g, '').toUpperCase();
}

/** Is this a KRA PIN in the right shape (after normalising)? Staff are individuals, so `individualOnly` refuses P…. */
export function isKraPin(raw: string, opts: { individualOnly?: boolean } = {}): boolean {
  const pin = normalizeKraPin(raw);
  if (!KRA_PIN.test(pin)) return false;
  return !opts.individualOnly || pin.startsWith('A');
}

/** A TSC number: 4 to 10 digits (commonly 6-7), kept as a string with spaces removed. */
export function normalizeTscNumber(raw: string): string | null {
  const v = raw.replace(/\s+/g, '');
  return /^\d{4,10}$/.test(v) ? v : null;
}
