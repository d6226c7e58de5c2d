import { currentLocale, type Locale } from './i18n/locale.js';

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

const ONES = ['Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];
const SCALES = ['', 'Thousand', 'Million', 'Billion', 'Trillion'];

/** 1..99 in words: "Fifteen", "Forty-Two". */
function tensInWords(n: number): string {
  if (n < 20) return ONES[n]!;
  const rest = n % 10;
  return rest ? `${TENS[Math.floor(n / 10)]}-${ONES[rest]}` : TENS[Math.floor(n / 10)]!;
}

/** 1..999 in words, British style: "One Hundred and Five". */
function hundredsInWords(n: number): string {
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (!h) return tensInWords(rest);
  return rest ? `${ONES[h]} Hundred and ${tensInWords(rest)}` : `${ONES[h]} Hundred`;
}

/**
 * A whole number in English words as Kenyan cheques and receipts write them (British "and"):
 * 0 → "Zero", 12500 → "Twelve Thousand Five Hundred", 1005 → "One Thousand and Five",
 * 1250000 → "One Million Two Hundred and Fifty Thousand". Throws a RangeError for a negative,
 * fractional or too large (a quadrillion or more) number.
 */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e15) throw new RangeError(`numberInWords: ${n} is not a whole number from 0 to 999 trillion`);
  if (n === 0) return ONES[0]!;
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  const parts: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i]!;
    if (!g) continue;
    // "One Thousand and Five": the last group below a hundred joins the higher ones with "and".
    const joiner = i === 0 && g < 100 && parts.length ? 'and ' : '';
    parts.push(`${joiner}${hundredsInWords(g)}${SCALES[i] ? ` ${SCALES[i]}` : ''}`);
  }
  return parts.join(' ');
}

const SW_ONES = ['sifuri', 'moja', 'mbili', 'tatu', 'nne', 'tano', 'sita', 'saba', 'nane', 'tisa'];
const SW_TENS = ['', 'kumi', 'ishirini', 'thelathini', 'arobaini', 'hamsini', 'sitini', 'sabini', 'themanini', 'tisini'];
/** Scales above the thousands, largest first: [value, word]. */
const SW_SCALES: readonly (readonly [number, string])[] = [
  [1e12, 'trilioni'],
  [1e9, 'bilioni'],
  [1e6, 'milioni'],
];

/** The places in use of 0..999, largest first: 355 → ["mia tatu", "hamsini", "tano"]; 0 → []. */
function swPlaces(n: number): string[] {
  const places: string[] = [];
  const h = Math.floor(n / 100);
  const t = Math.floor((n % 100) / 10);
  const o = n % 10;
  if (h) places.push(`mia ${SW_ONES[h]}`);
  if (t) places.push(SW_TENS[t]!);
  if (o) places.push(SW_ONES[o]!);
  return places;
}

/** Places joined as Kiswahili counts: "na" before the last place in use ("mia tatu hamsini na tano"). */
function swJoinPlaces(places: readonly string[]): string {
  if (places.length < 2) return places[0] ?? '';
  return `${places.slice(0, -1).join(' ')} na ${places.at(-1)}`;
}

/**
 * A whole number in Kiswahili words as a Kenyan receipt writes an amount: the scales milioni, laki
 * (hundred thousand) and elfu come before their count ("elfu kumi na mbili" = 12,000), hundreds are
 * "mia" and their count ("mia tano"), and "na" (and) stands before the last place in use, the groups
 * before it set off by commas: 0 → "sifuri", 15 → "kumi na tano", 355 → "mia tatu hamsini na tano",
 * 1001 → "elfu moja na moja", 12550 → "elfu kumi na mbili, mia tano na hamsini", 100000 → "laki moja",
 * 1250000 → "milioni moja, laki mbili na elfu hamsini". The rule Kiswahili courses teach ("na" before
 * the ones place, or the last place in use); "laki" is the word Kenyans use for 100,000 (in place of
 * "elfu mia moja"). Throws a RangeError for a negative, fractional or too large (a quadrillion or
 * more) number.
 */
export function numberInWordsSw(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e15) throw new RangeError(`numberInWordsSw: ${n} is not a whole number from 0 to 999 trillion`);
  if (n === 0) return SW_ONES[0]!;
  // Groups: "milioni moja", "laki mbili", "elfu hamsini", each joined to the next by a comma; the
  // places below a thousand ("mia tano", "hamsini") follow, joined by spaces.
  const groups: string[] = [];
  let rest = n;
  for (const [value, word] of SW_SCALES) {
    const count = Math.floor(rest / value);
    rest %= value;
    if (count) groups.push(`${word} ${swJoinPlaces(swPlaces(count))}`);
  }
  const laki = Math.floor(rest / 100_000);
  const elfu = Math.floor((rest % 100_000) / 1000);
  rest %= 1000;
  if (laki) groups.push(`laki ${SW_ONES[laki]}`);
  if (elfu) groups.push(`elfu ${swJoinPlaces(swPlaces(elfu))}`);
  const places = swPlaces(rest);
  const parts = [...groups, ...places];
  if (parts.length === 1) return parts[0]!;
  // "na" before the last place in use; before it, a comma after a group, a space between places.
  let words = parts[0]!;
  for (let i = 1; i < parts.length; i++) {
    const separator = i === parts.length - 1 ? ' na ' : i <= groups.length ? ', ' : ' ';
    words += `${separator}${parts[i]}`;
  }
  return words;
}

/**
 * A KES amount in integer cents written out for receipts, in the current language (currentLocale(),
 * or `locale`).
 * English: 1250000 → "Kenya Shillings Twelve Thousand Five Hundred Only", 125000050 → "Kenya Shillings
 * One Million Two Hundred and Fifty Thousand and Fifty Cents Only", 0 → "Kenya Shillings Zero Only".
 * Kiswahili (numberInWordsSw; "tu" is the receipt's "Only"): 1255050 → "Shilingi elfu kumi na mbili,
 * mia tano na hamsini na senti hamsini tu", 0 → "Shilingi sifuri tu".
 * Throws a RangeError for a negative or fractional amount.
 */
export function kesInWords(cents: number, locale: Locale = currentLocale()): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`kesInWords: ${cents} is not a whole number of cents`);
  const shillings = Math.floor(cents / 100);
  const rest = cents % 100;
  if (locale === 'sw') {
    const sentiPart = rest ? ` na senti ${numberInWordsSw(rest)}` : '';
    return `Shilingi ${numberInWordsSw(shillings)}${sentiPart} tu`;
  }
  const centsPart = rest ? ` and ${tensInWords(rest)} ${rest === 1 ? 'Cent' : 'Cents'}` : '';
  return `Kenya Shillings ${numberInWords(shillings)}${centsPart} Only`;
}
