import { z } from 'zod';
import { darajaTimestamp, stkPassword } from './daraja-protocol.js';

/**
 * HTTP client for Safaricom's M-Pesa Daraja API (domain/mpesa-daraja.md): OAuth, STK push, STK query,
 * C2B URL registration and the sandbox's C2B simulate. The same client talks to production, the sandbox
 * or the built-in simulator (simulator.ts): only `baseUrl` differs.
 *
 * Errors: every refusal or unexpected answer throws DarajaError; network failures and timeouts throw
 * DarajaError with status 0. Messages never contain the consumer key or secret, the passkey, the STK
 * password or the access token (they are redacted even if Safaricom were to echo them).
 */

/** A refusal or failure of a Daraja call. `status` is the HTTP status, 0 when no answer arrived. */
export class DarajaError extends Error {
  /** HTTP status; 0 for network failures and timeouts. */
  readonly status: number;
  /** Daraja's errorCode (e.g. "400.002.02", "404.001.03", "500.001.1001"), or OAuth's resultCode; null when none. */
  readonly errorCode: string | null;
  /** Daraja's errorMessage, or a description of what went wrong. */
  readonly errorMessage: string;
  /** Daraja's requestId, for Safaricom support; null when none. */
  readonly requestId: string | null;

  constructor(init: { operation: string; status: number; errorCode?: string | null; errorMessage: string; requestId?: string | null }) {
    const code = init.errorCode ? ` ${init.errorCode}` : '';
    const status = init.status ? ` (HTTP ${init.status}${code})` : code ? ` (${code.trim()})` : '';
    super(`M-Pesa ${init.operation} failed${status}: ${init.errorMessage}`);
    this.name = 'DarajaError';
    this.status = init.status;
    this.errorCode = init.errorCode ?? null;
    this.errorMessage = init.errorMessage;
    this.requestId = init.requestId ?? null;
  }
}

/** Where a school's Daraja calls go: the built-in simulator, Safaricom's sandbox, or production. */
export type DarajaEnvironment = 'simulator' | 'sandbox' | 'production';

/**
 * The base URL for an environment, from configuration (e.g. sandbox `https://sandbox.safaricom.co.ke`,
 * production `https://api.safaricom.co.ke`, simulator `<PUBLIC_URL>/daraja-sim`), without a trailing slash.
 */
export function darajaBaseUrl(environment: DarajaEnvironment, urls: { simulator: string; sandbox: string; production: string }): string {
  return urls[environment].replace(/\/+$/, '');
}

// ---------------------------------------------------------------------------------------------------
// Token cache, shared by every client object in the process (one OAuth call per app, not per request).

interface CachedToken {
  token: string;
  /** Epoch ms after which the token is no longer used. */
  expiresAt: number;
}
const tokenCache = new Map<string, CachedToken>();
const tokenRequests = new Map<string, Promise<string>>();
/** Tokens are refreshed this long before Safaricom says they expire (clock skew, slow requests). */
const TOKEN_MARGIN_MS = 60_000;

/** Forgets every cached and in-flight access token (tests; after credentials change). */
export function clearDarajaTokenCache(): void {
  tokenCache.clear();
  tokenRequests.clear();
}

// ---------------------------------------------------------------------------------------------------

export interface DarajaClientOptions {
  /** e.g. `https://sandbox.safaricom.co.ke` (see darajaBaseUrl). */
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** Injected for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  /** Clock for STK timestamps and token expiry; `() => new Date()` otherwise. */
  now?: () => Date;
  /** Per HTTP request, default 20 000 ms. */
  timeoutMs?: number;
}

export interface StkPushRequest {
  /** BusinessShortCode: the paybill, or for a till the store (head office) number; 5-7 digits. */
  shortcode: string;
  /** The Lipa na M-Pesa Online passkey of that shortcode (secret). */
  passkey: string;
  /** `CustomerPayBillOnline` for a paybill, `CustomerBuyGoodsOnline` for a till (PartyB = till). */
  transactionType: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
  /** Whole KES (M-Pesa takes whole shillings only); 1 or more. */
  amountShillings: number;
  /** Payer MSISDN, 2547XXXXXXXX / 2541XXXXXXXX. */
  partyA: string;
  /** Receiving shortcode (paybill, or the till number). */
  partyB: string;
  /** The MSISDN that gets the PIN prompt (usually partyA). */
  phone: string;
  /** Where Safaricom POSTs the STK callback. */
  callbackUrl: string;
  /** Shown to the payer (e.g. admission number); required; truncated to 12 characters. */
  accountReference: string;
  /** 1-13 characters; truncated, and "Payment" when empty. */
  transactionDesc: string;
}

export interface StkPushResponse {
  merchantRequestId: string;
  /** The key of the request: callbacks and queries refer to it. */
  checkoutRequestId: string;
  /** "0" when accepted for processing (accepted only: not paid). */
  responseCode: string;
  responseDescription: string;
  customerMessage: string;
}

/**
 * STK query answer. `pending: true` when Daraja says the transaction is still being processed (its
 * error body `{ errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' }`); ask
 * again later. Otherwise the final state: compare `resultCode` as a string ("0" paid, "1032"
 * cancelled, ...; see stkOutcome after Number()).
 */
export type StkQueryResult =
  | { pending: true; errorCode: string; errorMessage: string }
  | {
      pending: false;
      responseCode: string;
      responseDescription: string | null;
      merchantRequestId: string | null;
      checkoutRequestId: string | null;
      resultCode: string | null;
      resultDesc: string | null;
    };

/** Answer of C2B register and simulate. */
export interface C2bResponse {
  /** Safaricom spells the field "OriginatorCoversationID"; both spellings are read. */
  originatorConversationId: string | null;
  responseCode: string;
  responseDescription: string;
}

/** The calls of one Daraja app. Every method throws DarajaError on refusal, malformed answers and (status 0) network failures. */
export interface DarajaClient {
  /**
   * GET /oauth/v1/generate (mpesa-daraja.md §OAuth): a bearer token, cached process-wide per base URL
   * and consumer key until 60 s before `expires_in`; concurrent callers share one request.
   */
  accessToken(): Promise<string>;
  /**
   * POST /mpesa/stkpush/v1/processrequest (§STK Push): Timestamp is now in Africa/Nairobi, Password
   * derived from the passkey. Resolves when Safaricom ACCEPTED the request (responseCode "0"), not when
   * it is paid: the callback or stkQuery says that. RangeError for a non-whole or < 1 amount.
   */
  stkPush(request: StkPushRequest): Promise<StkPushResponse>;
  /** POST /mpesa/stkpushquery/v1/query (§STK Push Query): pending, or the final ResultCode as a string. */
  stkQuery(request: { shortcode: string; passkey: string; checkoutRequestId: string }): Promise<StkQueryResult>;
  /** POST /mpesa/c2b/v2/registerurl (or v1) (§C2B): URLs must not contain "mpesa", "m-pesa" or "safaricom". */
  registerC2bUrls(request: {
    shortcode: string;
    responseType: 'Completed' | 'Cancelled';
    confirmationUrl: string;
    validationUrl: string;
    /** Path version, default 'v2' (masks the MSISDN in callbacks). */
    version?: 'v1' | 'v2';
  }): Promise<C2bResponse>;
  /** POST /mpesa/c2b/v1/simulate (§C2B, sandbox and simulator only). RangeError for a non-whole or < 1 amount. */
  simulateC2b(request: {
    shortcode: string;
    /** Whole KES. */
    amount: number;
    msisdn: string;
    billRefNumber: string;
    commandId: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
  }): Promise<C2bResponse>;
}

/** Daraja's answer to a call with an unknown or expired bearer token. */
const INVALID_TOKEN = '404.001.03';
/** Daraja's "still processing" answer to an STK query (mpesa-daraja.md §STK Push). */
const STILL_PROCESSING = '500.001.1001';

const errorBody = z.looseObject({
  requestId: z.string().optional(),
  errorCode: z.union([z.string(), z.number()]).optional(),
  errorMessage: z.string().optional(),
  // OAuth errors use another shape: { resultCode: "999991", resultDesc: "Invalid client id passed..." }.
  resultCode: z.union([z.string(), z.number()]).optional(),
  resultDesc: z.string().optional(),
});
const code = z.union([z.string(), z.number()]).transform(String);
const tokenBody = z.object({ access_token: z.string().min(1), expires_in: z.union([z.string(), z.number()]) });
const stkPushBody = z.object({
  MerchantRequestID: z.string(),
  CheckoutRequestID: z.string().min(1),
  ResponseCode: code,
  ResponseDescription: z.string().optional(),
  CustomerMessage: z.string().optional(),
});
const stkQueryBody = z.object({
  ResponseCode: code,
  ResponseDescription: z.string().optional(),
  MerchantRequestID: z.string().optional(),
  CheckoutRequestID: z.string().optional(),
  ResultCode: code.nullish(),
  ResultDesc: z.string().nullish(),
});
const c2bBody = z.object({
  OriginatorCoversationID: z.string().optional(),
  OriginatorConversationID: z.string().optional(),
  ResponseCode: code,
  ResponseDescription: z.string().optional(),
});

interface HttpAnswer {
  status: number;
  /** Parsed JSON, or null when the body was empty or not JSON. */
  body: unknown;
}

/**
 * Throws a RangeError unless `amount` is a whole number of shillings, at least 1, before anything is
 * sent (`what` names it in the message, e.g. "STK push amount").
 */
function assertWholeShillings(what: string, amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 1) {
    throw new RangeError(`${what} must be a whole number of shillings, at least 1 (got ${amount})`);
  }
}

function truncate(s: string, max: number): string {
  return Array.from(s).slice(0, max).join('');
}

/**
 * A client for one Daraja app (consumer key/secret) at one base URL. Cheap to create: make one per
 * school and call. See DarajaClient for the methods; all throw DarajaError on refusal, on a malformed
 * answer, and (status 0) when Daraja cannot be reached within `timeoutMs`. A call refused for an invalid
 * token (errorCode 404.001.03, or HTTP 401) drops the cached token and is retried once.
 */
export function createDarajaClient(opts: DarajaClientOptions): DarajaClient {
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? (() => new Date());
  const timeoutMs = opts.timeoutMs ?? 20_000;
  const cacheKey = `${baseUrl}\u0000${opts.consumerKey}`;
  /** For messages: the host only (a base URL carries no credentials, but keep messages short). */
  const host = URL.canParse(baseUrl) ? new URL(baseUrl).host : baseUrl;

  /** One call: its name for messages, and the per-call secrets (passkey, password, token) to redact. */
  interface Call {
    operation: string;
    hide: string[];
  }

  function redact(call: Call, text: string): string {
    let out = text;
    for (const s of [opts.consumerKey, opts.consumerSecret, ...call.hide]) if (s.length >= 4) out = out.split(s).join('[redacted]');
    return out;
  }

  function fail(call: Call, status: number, errorMessage: string, extra: { errorCode?: string | null; requestId?: string | null } = {}): DarajaError {
    return new DarajaError({
      operation: call.operation,
      status,
      errorMessage: redact(call, errorMessage),
      errorCode: extra.errorCode ?? null,
      requestId: extra.requestId ?? null,
    });
  }

  async function send(call: Call, path: string, init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string }): Promise<HttpAnswer> {
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      text = await response.text();
    } catch (err) {
      const e = err as Error & { cause?: { code?: unknown } };
      if (e.name === 'TimeoutError' || e.name === 'AbortError') throw fail(call, 0, `no answer from ${host} within ${timeoutMs} ms`);
      // Only the error code (ECONNREFUSED, ENOTFOUND...): free-form messages could carry anything.
      const reason = typeof e.cause?.code === 'string' ? e.cause.code : 'network error';
      throw fail(call, 0, `could not reach ${host} (${reason})`);
    }
    let body: unknown = null;
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = null; // HTML error pages from gateways: the status says enough.
      }
    }
    return { status: response.status, body };
  }

  /** Daraja's error fields when the answer is an error (non-2xx, or a 2xx carrying errorCode), else null. */
  function errorOf(answer: HttpAnswer): { errorCode: string | null; errorMessage: string | null; requestId: string | null } | null {
    const parsed = errorBody.safeParse(answer.body);
    const e: z.infer<typeof errorBody> = parsed.success ? parsed.data : {};
    const ok = answer.status >= 200 && answer.status < 300;
    if (ok && e.errorCode === undefined) return null;
    return {
      errorCode: e.errorCode !== undefined ? String(e.errorCode) : e.resultCode !== undefined ? String(e.resultCode) : null,
      errorMessage: e.errorMessage ?? e.resultDesc ?? null,
      requestId: e.requestId ?? null,
    };
  }

  function throwIfError(call: Call, answer: HttpAnswer): void {
    const e = errorOf(answer);
    if (e) throw fail(call, answer.status, e.errorMessage ?? `unexpected HTTP ${answer.status} answer`, e);
  }

  function unexpected(call: Call, answer: HttpAnswer): DarajaError {
    return fail(call, answer.status, 'unexpected answer (missing or invalid fields)');
  }

  async function fetchToken(): Promise<string> {
    const call: Call = { operation: 'access token', hide: [] };
    const basic = Buffer.from(`${opts.consumerKey}:${opts.consumerSecret}`, 'utf8').toString('base64');
    call.hide.push(basic);
    const answer = await send(call, '/oauth/v1/generate?grant_type=client_credentials', {
      method: 'GET',
      headers: { Authorization: `Basic ${basic}`, Accept: 'application/json' },
    });
    throwIfError(call, answer);
    const parsed = tokenBody.safeParse(answer.body);
    if (!parsed.success) throw unexpected(call, answer);
    const seconds = Number(parsed.data.expires_in);
    const ttlMs = Number.isFinite(seconds) ? seconds * 1000 - TOKEN_MARGIN_MS : 0;
    // A token that expires within the margin is used for this call only, never cached.
    if (ttlMs > 0) tokenCache.set(cacheKey, { token: parsed.data.access_token, expiresAt: now().getTime() + ttlMs });
    return parsed.data.access_token;
  }

  async function accessToken(): Promise<string> {
    const cached = tokenCache.get(cacheKey);
    if (cached && now().getTime() < cached.expiresAt) return cached.token;
    // Concurrent callers share one OAuth request.
    let pending = tokenRequests.get(cacheKey);
    if (!pending) {
      pending = fetchToken().finally(() => tokenRequests.delete(cacheKey));
      tokenRequests.set(cacheKey, pending);
    }
    return pending;
  }

  /** POST with the bearer token; on an invalid-token answer, drops that token and tries once more. */
  async function authorisedPost(call: Call, path: string, payload: Record<string, unknown>): Promise<HttpAnswer> {
    for (let attempt = 0; ; attempt++) {
      const token = await accessToken();
      call.hide.push(token);
      const answer = await send(call, path, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(payload),
      });
      const e = errorOf(answer);
      const invalidToken = e !== null && (e.errorCode === INVALID_TOKEN || answer.status === 401);
      if (invalidToken && attempt === 0) {
        // Only drop the token we used: a concurrent caller may already have stored a fresh one.
        if (tokenCache.get(cacheKey)?.token === token) tokenCache.delete(cacheKey);
        continue;
      }
      return answer;
    }
  }

  /** Timestamp and Password for STK push and query; the passkey and password are hidden from messages. */
  function stkAuth(call: Call, shortcode: string, passkey: string): { Timestamp: string; Password: string } {
    const timestamp = darajaTimestamp(now());
    const password = stkPassword(shortcode, passkey, timestamp);
    call.hide.push(passkey, password);
    return { Timestamp: timestamp, Password: password };
  }

  function c2bResponse(call: Call, answer: HttpAnswer): C2bResponse {
    throwIfError(call, answer);
    const parsed = c2bBody.safeParse(answer.body);
    if (!parsed.success) throw unexpected(call, answer);
    const b = parsed.data;
    return {
      originatorConversationId: b.OriginatorCoversationID ?? b.OriginatorConversationID ?? null,
      responseCode: b.ResponseCode,
      responseDescription: b.ResponseDescription ?? '',
    };
  }

  return {
    accessToken,

    async stkPush(r) {
      const call: Call = { operation: 'STK push', hide: [] };
      assertWholeShillings('STK push amount', r.amountShillings);
      const answer = await authorisedPost(call, '/mpesa/stkpush/v1/processrequest', {
          BusinessShortCode: r.shortcode,
          ...stkAuth(call, r.shortcode, r.passkey),
          TransactionType: r.transactionType,
          Amount: r.amountShillings,
          PartyA: r.partyA,
          PartyB: r.partyB,
          PhoneNumber: r.phone,
          CallBackURL: r.callbackUrl,
          AccountReference: truncate(r.accountReference.trim(), 12),
          TransactionDesc: truncate(r.transactionDesc.trim(), 13) || 'Payment',
      });
      throwIfError(call, answer);
      const parsed = stkPushBody.safeParse(answer.body);
      if (!parsed.success) throw unexpected(call, answer);
      const b = parsed.data;
      return {
        merchantRequestId: b.MerchantRequestID,
        checkoutRequestId: b.CheckoutRequestID,
        responseCode: b.ResponseCode,
        responseDescription: b.ResponseDescription ?? '',
        customerMessage: b.CustomerMessage ?? '',
      };
    },

    async stkQuery(r) {
      const call: Call = { operation: 'STK query', hide: [] };
      const answer = await authorisedPost(call, '/mpesa/stkpushquery/v1/query', {
        BusinessShortCode: r.shortcode,
        ...stkAuth(call, r.shortcode, r.passkey),
        CheckoutRequestID: r.checkoutRequestId,
      });
      const e = errorOf(answer);
      if (e?.errorCode === STILL_PROCESSING) {
        return { pending: true, errorCode: STILL_PROCESSING, errorMessage: redact(call, e.errorMessage ?? 'The transaction is being processed') };
      }
      throwIfError(call, answer);
      const parsed = stkQueryBody.safeParse(answer.body);
      if (!parsed.success) throw unexpected(call, answer);
      const b = parsed.data;
      return {
        pending: false,
        responseCode: b.ResponseCode,
        responseDescription: b.ResponseDescription ?? null,
        merchantRequestId: b.MerchantRequestID ?? null,
        checkoutRequestId: b.CheckoutRequestID ?? null,
        resultCode: b.ResultCode ?? null,
        resultDesc: b.ResultDesc ?? null,
      };
    },

    async registerC2bUrls(r) {
      const call: Call = { operation: 'C2B URL registration', hide: [] };
      const answer = await authorisedPost(call, `/mpesa/c2b/${r.version ?? 'v2'}/registerurl`, {
        ShortCode: r.shortcode,
        ResponseType: r.responseType,
        ConfirmationURL: r.confirmationUrl,
        ValidationURL: r.validationUrl,
      });
      return c2bResponse(call, answer);
    },

    async simulateC2b(r) {
      const call: Call = { operation: 'C2B simulate', hide: [] };
      assertWholeShillings('C2B simulate amount', r.amount);
      const answer = await authorisedPost(call, '/mpesa/c2b/v1/simulate', {
        ShortCode: r.shortcode,
        CommandID: r.commandId,
        Amount: r.amount,
        Msisdn: r.msisdn,
        BillRefNumber: r.billRefNumber,
      });
      return c2bResponse(call, answer);
    },
  };
}
