import { z } from 'zod';

/**
 * Pure helpers for Safaricom's M-Pesa Daraja protocol (domain/mpesa-daraja.md): timestamps, the STK
 * password, result codes, and parsing of the bodies Safaricom POSTs to us (STK callbacks, C2B validation
 * and confirmation). No I/O here: the HTTP client is daraja-client.ts, the local fake simulator.ts.
 *
 * Units: amounts leave this module as integer KES cents; dates are instants (Date) read from
 * Africa/Nairobi wall-clock strings.
 */

/** Thrown when an inbound Daraja body does not have the documented shape; the message says what is wrong. */
export class DarajaProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DarajaProtocolError';
  }
}

// ---------------------------------------------------------------------------------------------------
// Time

/**
 * Africa/Nairobi is UTC+3 all year (no daylight saving since 1942), so a fixed offset is exact and does
 * not depend on the ICU data of the Node build.
 */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

/**
 * `YYYYMMDDHHmmss` in Africa/Nairobi local time for the instant `at`, as Daraja wants in the STK push
 * and query `Timestamp` (mpesa-daraja.md §STK Push). E.g. 2026-01-15T09:05:03Z → `20260115120503`.
 */
export function darajaTimestamp(at: Date): string {
  const d = new Date(at.getTime() + NAIROBI_OFFSET_MS);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(d.getUTCFullYear(), 4)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
}

/**
 * Reads a Daraja `YYYYMMDDHHmmss` Africa/Nairobi wall-clock time (STK `TransactionDate`, which arrives as
 * a JSON number, or C2B `TransTime`, a string) back into an instant. Returns null for anything that is
 * not a real calendar time (empty, wrong length, 31 February...): a payment is never refused for its
 * date, which is informational.
 */
export function parseDarajaTimestamp(value: string | number | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const s = String(value).trim();
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(s);
  if (!m) return null;
  const [y, mo, d, h, mi, se] = m.slice(1).map(Number);
  const utc = Date.UTC(y, mo - 1, d, h, mi, se);
  const check = new Date(utc);
  // Date.UTC rolls 31 Feb over to March; a round trip catches impossible dates.
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || se > 59) {
    return null;
  }
  return new Date(utc - NAIROBI_OFFSET_MS);
}

/**
 * The STK push / query `Password`: base64(BusinessShortCode + Passkey + Timestamp) of the UTF-8 string
 * (mpesa-daraja.md §STK Push). `timestamp` must be the same `YYYYMMDDHHmmss` sent as `Timestamp`.
 */
export function stkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`, 'utf8').toString('base64');
}

// ---------------------------------------------------------------------------------------------------
// Amounts

/**
 * KES amount as Daraja writes it (`1`, `1.00`, `"1.00"`, `"1500.00"`) → integer cents, or null when it
 * is not a non-negative decimal with at most two significant decimals (fractions of a cent, exponents,
 * NaN, negative). Works on the decimal text so `"19.99"` is exactly 1999, never 1998.9999.
 */
export function darajaAmountToCents(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    // String(n) gives the shortest text that round-trips, i.e. the literal Safaricom wrote (1.00 → "1").
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const m = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!m) return null;
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  if (fraction.length > 2) return null;
  const cents = Number(m[1]) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

// ---------------------------------------------------------------------------------------------------
// Result codes

/** STK ResultCodes (mpesa-daraja.md §STK callback) and what they mean. ResultDesc wording varies: match on these. */
export const STK_RESULT_CODES = {
  /** Paid. */
  SUCCESS: 0,
  /** Insufficient funds. */
  INSUFFICIENT_FUNDS: 1,
  /** Subscriber busy: another transaction is in progress for this phone. */
  SUBSCRIBER_BUSY: 1001,
  /** The prompt expired before it was answered. */
  EXPIRED: 1019,
  /** Error sending the push request. */
  PUSH_ERROR: 1025,
  /** Cancelled by the user on the phone. */
  CANCELLED: 1032,
  /** Phone unreachable or no response (often retryable). */
  UNREACHABLE: 1037,
  /** Wrong PIN (the "initiator information is invalid"). */
  WRONG_PIN: 2001,
  /** Error sending the push request (generic). */
  PUSH_ERROR_GENERIC: 9999,
} as const;

/** Plain-English meaning of each known STK ResultCode, for logs and the bursar's screens. */
export const STK_RESULT_MEANINGS: Readonly<Record<number, string>> = {
  0: 'Paid',
  1: 'Insufficient M-Pesa balance',
  1001: 'Phone busy with another M-Pesa transaction',
  1019: 'The payment prompt expired',
  1025: 'The payment prompt could not be sent',
  1032: 'Cancelled on the phone',
  1037: 'The phone could not be reached or did not answer',
  2001: 'Wrong M-Pesa PIN',
  9999: 'The payment prompt could not be sent',
};

export type StkOutcome = 'succeeded' | 'cancelled' | 'timeout' | 'failed';

/**
 * Maps an STK ResultCode to the payment request's final status: 0 succeeded; 1032 cancelled; 1037
 * (unreachable) and 1019 (expired) timeout, the retryable ones; every other code failed.
 */
export function stkOutcome(resultCode: number): StkOutcome {
  switch (resultCode) {
    case STK_RESULT_CODES.SUCCESS:
      return 'succeeded';
    case STK_RESULT_CODES.CANCELLED:
      return 'cancelled';
    case STK_RESULT_CODES.UNREACHABLE:
    case STK_RESULT_CODES.EXPIRED:
      return 'timeout';
    default:
      return 'failed';
  }
}

/** C2B validation rejection codes (mpesa-daraja.md §C2B). */
export const C2B_RESULT_CODES = {
  INVALID_MSISDN: 'C2B00011',
  INVALID_ACCOUNT_NUMBER: 'C2B00012',
  INVALID_AMOUNT: 'C2B00013',
  INVALID_KYC: 'C2B00014',
  INVALID_SHORTCODE: 'C2B00015',
  OTHER: 'C2B00016',
} as const;
export type C2bRejectCode = (typeof C2B_RESULT_CODES)[keyof typeof C2B_RESULT_CODES];

/** Validation answer that lets a C2B payment through: `{ ResultCode: '0', ResultDesc: 'Accepted' }` (a string "0"). */
export function c2bAccept(): { ResultCode: '0'; ResultDesc: 'Accepted' } {
  return { ResultCode: '0', ResultDesc: 'Accepted' };
}

/** Validation answer that refuses a C2B payment, e.g. `c2bReject('C2B00012')` for an unknown account. */
export function c2bReject<C extends C2bRejectCode>(code: C): { ResultCode: C; ResultDesc: 'Rejected' } {
  return { ResultCode: code, ResultDesc: 'Rejected' };
}

/** Confirmation acknowledgement: `{ ResultCode: 0, ResultDesc: 'Accepted' }` (a number 0, as documented). */
export function confirmationAck(): { ResultCode: 0; ResultDesc: 'Accepted' } {
  return { ResultCode: 0, ResultDesc: 'Accepted' };
}

/**
 * Account references (admission numbers typed by payers, BillRefNumber) compared loosely: NFKC, upper
 * case, and every character that is not a letter or a decimal digit dropped, so " gha/2026/0042 ",
 * "GHA-2026-0042" and "GHA20260042" are equal. Store the raw value too; this is only the match key.
 */
export function normaliseAccountReference(s: string): string {
  return s.normalize('NFKC').toUpperCase().replace(/[^\p{L}\p{Nd}]/gu, '');
}

// ---------------------------------------------------------------------------------------------------
// Inbound bodies

/** Path of the first problem in a zod error, described against the original body ("is missing" vs wrong type). */
function protocolError(kind: string, body: unknown, error: z.ZodError): DarajaProtocolError {
  const issue = error.issues[0];
  const where = issue.path.map(String).join('.') || 'body';
  let value: unknown = body;
  for (const key of issue.path) value = value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  const what = value === undefined ? 'is missing' : `is invalid (${issue.message})`;
  return new DarajaProtocolError(`Malformed ${kind}: ${where} ${what}`);
}

const nonEmpty = z.string().trim().min(1);
/** Daraja writes some codes as numbers in one release and strings in another. */
const intLike = z.union([z.number().int(), z.string().trim().regex(/^-?\d+$/)]).transform(Number);

const stkCallbackSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string(),
      CheckoutRequestID: nonEmpty,
      ResultCode: intLike,
      ResultDesc: z.string().optional(),
      CallbackMetadata: z
        .object({
          Item: z.array(
            z.object({
              Name: z.string(),
              Value: z.union([z.string(), z.number(), z.null()]).optional(),
            }),
          ),
        })
        .nullish(),
    }),
  }),
});

export interface StkCallbackPayment {
  /** Amount paid in KES cents. */
  amountCents: number;
  /** M-Pesa receipt (transaction id), e.g. "NLJ7RT61SV". */
  receipt: string;
  /** TransactionDate read as Africa/Nairobi wall-clock time; null when absent or not a valid time. */
  transactionDate: Date | null;
  /** The paying MSISDN as sent (digits, possibly masked in some releases); null when absent. */
  phone: string | null;
}

export interface StkCallback {
  merchantRequestId: string;
  checkoutRequestId: string;
  resultCode: number;
  resultDesc: string;
  /** Present exactly when resultCode is 0. */
  paid: StkCallbackPayment | null;
}

/**
 * Parses the STK callback Safaricom POSTs to the CallBackURL (mpesa-daraja.md §STK callback):
 * `{ Body: { stkCallback: { MerchantRequestID, CheckoutRequestID, ResultCode, ResultDesc,
 * CallbackMetadata?: { Item: [{ Name, Value? }] } } } }`.
 *
 * - ResultCode may be a number or a numeric string; it is returned as a number.
 * - CallbackMetadata items are read BY NAME (order varies); Amount may be `1`, `1.00` or `"1.00"` and
 *   becomes integer cents; Balance is ignored (often has no Value, or is absent).
 * - On ResultCode 0, Amount (> 0) and MpesaReceiptNumber are required; TransactionDate and PhoneNumber
 *   are optional (null).
 * Throws DarajaProtocolError on anything else (no Body.stkCallback, no CheckoutRequestID, success without
 * Amount or receipt...). Callers store the raw body before parsing, so a throw loses nothing.
 */
export function parseStkCallback(body: unknown): StkCallback {
  const parsed = stkCallbackSchema.safeParse(body);
  if (!parsed.success) throw protocolError('STK callback', body, parsed.error);
  const cb = parsed.data.Body.stkCallback;
  const base = {
    merchantRequestId: cb.MerchantRequestID.trim(),
    checkoutRequestId: cb.CheckoutRequestID.trim(),
    resultCode: cb.ResultCode,
    resultDesc: cb.ResultDesc ?? '',
  };
  if (cb.ResultCode !== STK_RESULT_CODES.SUCCESS) return { ...base, paid: null };

  if (!cb.CallbackMetadata) throw new DarajaProtocolError('Malformed STK callback: ResultCode 0 without CallbackMetadata');
  // By name, first occurrence wins: the order of items is not part of the protocol.
  const items = new Map<string, string | number | null | undefined>();
  for (const item of cb.CallbackMetadata.Item) if (!items.has(item.Name)) items.set(item.Name, item.Value);

  const rawAmount = items.get('Amount');
  if (rawAmount === undefined || rawAmount === null) throw new DarajaProtocolError('Malformed STK callback: ResultCode 0 without an Amount item');
  const amountCents = darajaAmountToCents(rawAmount);
  if (amountCents === null || amountCents <= 0) {
    throw new DarajaProtocolError(`Malformed STK callback: Amount ${JSON.stringify(rawAmount)} is not a positive KES amount`);
  }
  const receipt = items.get('MpesaReceiptNumber');
  if (receipt === undefined || receipt === null || String(receipt).trim() === '') {
    throw new DarajaProtocolError('Malformed STK callback: ResultCode 0 without a MpesaReceiptNumber item');
  }
  const phone = items.get('PhoneNumber');
  return {
    ...base,
    paid: {
      amountCents,
      receipt: String(receipt).trim(),
      transactionDate: parseDarajaTimestamp(items.get('TransactionDate')),
      phone: phone === undefined || phone === null || String(phone).trim() === '' ? null : String(phone).trim(),
    },
  };
}

/** C2B fields are documented as strings; numbers are tolerated (some releases and simulators send them). */
const text = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null ? '' : String(v).trim()));

const c2bSchema = z.object({
  TransactionType: text,
  TransID: z.union([z.string(), z.number()]).transform((v) => String(v).trim()).pipe(z.string().min(1)),
  TransTime: text,
  TransAmount: z.union([z.string(), z.number()]),
  BusinessShortCode: z.union([z.string(), z.number()]).transform((v) => String(v).trim()).pipe(z.string().min(1)),
  BillRefNumber: text,
  InvoiceNumber: text,
  OrgAccountBalance: text,
  ThirdPartyTransID: text,
  MSISDN: text,
  FirstName: text,
  MiddleName: text,
  LastName: text,
});

export interface C2bRequest {
  /** e.g. "Pay Bill", "Buy Goods" (wording varies between releases). */
  transactionType: string;
  /** M-Pesa transaction id, the idempotency key, e.g. "UAB1CD2EF3". */
  transId: string;
  /** TransTime read as Africa/Nairobi wall-clock time; null when absent or invalid. */
  transTime: Date | null;
  /** TransAmount in KES cents. */
  amountCents: number;
  /** BusinessShortCode: maps the payment to exactly one school. */
  shortcode: string;
  /** The account the payer typed (raw; compare with normaliseAccountReference). */
  billRefNumber: string;
  invoiceNumber: string;
  /** Payer MSISDN; v2 masks it ("25470****149"), so never match on it. */
  msisdn: string;
  firstName: string;
  middleName: string;
  lastName: string;
  thirdPartyTransId: string;
  /** Empty in validation requests. */
  orgAccountBalance: string;
}

/**
 * Parses a C2B validation or confirmation request (they share one shape; mpesa-daraja.md §C2B). Every
 * field is trimmed text; absent optional fields become ''. TransID, BusinessShortCode and a positive
 * TransAmount ("1500.00" → 150000 cents) are required; TransTime becomes a Date or null. Throws
 * DarajaProtocolError naming the field when the body is not an object or a required field is missing
 * or invalid.
 */
export function parseC2bRequest(body: unknown): C2bRequest {
  const parsed = c2bSchema.safeParse(body);
  if (!parsed.success) throw protocolError('C2B request', body, parsed.error);
  const b = parsed.data;
  const amountCents = darajaAmountToCents(b.TransAmount);
  if (amountCents === null || amountCents <= 0) {
    throw new DarajaProtocolError(`Malformed C2B request: TransAmount ${JSON.stringify(b.TransAmount)} is not a positive KES amount`);
  }
  return {
    transactionType: b.TransactionType,
    transId: b.TransID,
    transTime: parseDarajaTimestamp(b.TransTime),
    amountCents,
    shortcode: b.BusinessShortCode,
    billRefNumber: b.BillRefNumber,
    invoiceNumber: b.InvoiceNumber,
    msisdn: b.MSISDN,
    firstName: b.FirstName,
    middleName: b.MiddleName,
    lastName: b.LastName,
    thirdPartyTransId: b.ThirdPartyTransID,
    orgAccountBalance: b.OrgAccountBalance,
  };
}
