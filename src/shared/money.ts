/**
 * Money (ARCHITECTURE.md "Money"): stored and computed as integer KES cents; the public API speaks KES
 * as numbers with two decimals (issue 11 §5); screens show KES with thousands separators.
 */

/** Largest amount one payment, invoice line or adjustment may carry: KES 10,000,000. */
export const MAX_AMOUNT_CENTS = 1_000_000_000;

let kesFormat: Intl.NumberFormat | null = null;

/** KES from integer cents, e.g. 1234567 → "12,345.67". */
export function formatKes(cents: number): string {
  kesFormat ??= new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return kesFormat.format(cents / 100);
}

/** "KES 12,345.67" (negative amounts as "-KES 1,000.00"). */
export function formatKesLabel(cents: number): string {
  return cents < 0 ? `-KES ${formatKes(-cents)}` : `KES ${formatKes(cents)}`;
}

/** The API's KES number from integer cents (1234567 → 12345.67). */
export function centsToKes(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * Integer cents from a KES amount given as a number or a decimal string ("5000", "5,000.50", 5000.5),
 * or null when it is not an amount with at most two decimals. Strings are read digit by digit, so
 * "0.29" is exactly 29 cents (no binary floating point on the way).
 */
export function kesToCents(input: unknown): number | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    // Numbers arrive already rounded by JSON parsing; toFixed(6) shows whether more than 2 decimals exist.
    text = input.toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
  } else if (typeof input === 'string') {
    text = input.trim().replace(/,/g, '');
  } else {
    return null;
  }
  const m = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
}
