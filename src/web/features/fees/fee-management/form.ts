import { isCalendarDate } from '@shared/contracts/learners';
import { schoolToday } from '@shared/dates';
import { messages } from '@shared/messages';
import { MAX_AMOUNT_CENTS, kesToCents } from '@shared/money';
import { ApiError } from '@/lib/api';

const f = messages.fees;

/**
 * Client checks of the fee forms, worded as the server words them (messages.fees), so a user sees the
 * same sentence before and after a round trip.
 */

/** The error of a KES amount typed by the user ("5000", "5,000.50"), or undefined when it is fine. */
export function amountError(text: string): string | undefined {
  const cents = kesToCents(text);
  if (cents === null) return f.amountInvalid;
  if (cents <= 0) return f.amountPositive;
  if (cents > MAX_AMOUNT_CENTS) return f.amountTooLarge;
  return undefined;
}

/** The amount as the API takes it (KES with at most two decimals, thousands separators removed). */
export function amountValue(text: string): string {
  return text.trim().replace(/,/g, '');
}

/** The error of a payment date: a real date, not after today in Nairobi. */
export function paymentDateError(date: string): string | undefined {
  if (!isCalendarDate(date)) return f.dateInvalid;
  if (date > schoolToday()) return f.dateInFuture;
  return undefined;
}

/** The server's field errors of a failed call (400 with `fields`), or none. */
export function apiFields(err: unknown): Record<string, string> {
  return err instanceof ApiError && err.fields ? err.fields : {};
}

/**
 * True when the failure is fully told by errors under the form's fields (`shown`: the field keys the
 * form displays), so no alert is needed; a field the form does not show gets the alert.
 */
export function hasFieldErrors(err: unknown, shown: readonly string[]): boolean {
  const keys = Object.keys(apiFields(err));
  return keys.length > 0 && keys.every((k) => shown.some((s) => k === s || k.startsWith(`${s}.`)));
}

/**
 * A fresh Idempotency-Key for one filled-in payment form. crypto.randomUUID needs a secure context
 * (HTTPS or localhost); a school LAN over plain HTTP falls back to getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
