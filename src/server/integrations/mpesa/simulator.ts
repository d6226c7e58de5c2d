import { randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messages } from '../../../shared/messages.js';
import { darajaTimestamp, parseDarajaTimestamp } from './daraja-protocol.js';

/**
 * A local M-Pesa Daraja that speaks the real protocol (domain/mpesa-daraja.md), mounted into the
 * product as Fastify routes, so "Pay with M-Pesa" works in the demo and in tests with no internet. The
 * Daraja client (daraja-client.ts) talks to it exactly as to Safaricom: only the base URL differs
 * (`<public url><prefix>`, prefix default `/daraja-sim`).
 *
 * Routes under the prefix (same paths as Safaricom):
 * - GET  /oauth/v1/generate?grant_type=client_credentials  Basic auth with any non-empty key and secret.
 * - POST /mpesa/stkpush/v1/processrequest                   STK push, validated field by field.
 * - POST /mpesa/stkpushquery/v1/query                       STK query.
 * - POST /mpesa/c2b/v1/registerurl, /mpesa/c2b/v2/registerurl
 * - POST /mpesa/c2b/v1/simulate                             a customer paying the paybill from the menu.
 * - POST /_control/next, GET /_control/requests             test and demo controls (not Safaricom's).
 *
 * STK outcomes, decided per request by the PhoneNumber that gets the prompt (the "magic numbers"):
 * - ends in 032  → cancelled by the user: callback ResultCode 1032 "Request cancelled by user".
 * - ends in 037  → the phone never answers: NO callback; once the delay has passed the STK query says
 *                   1037 "DS timeout user cannot be reached".
 * - ends in 2001 → wrong PIN: 2001 "The initiator information is invalid.".
 * - ends in 001 (but not 2001) → insufficient funds: 1 "The balance is insufficient for the transaction.".
 * - anything else, e.g. the sandbox's 254708374149 → paid: 0 with CallbackMetadata.
 * `POST <prefix>/_control/next` overrides the next push (a FIFO queue, one entry per push), see
 * stkControlSchema: outcome, duplicate callbacks, late callback, Amount written as 1.00, Balance item
 * shape, ResultCode as a string.
 *
 * Success callbacks carry the items Amount, MpesaReceiptNumber, Balance (no Value by default),
 * TransactionDate (number, Africa/Nairobi) and PhoneNumber (number), deliberately NOT in Safaricom's
 * documented order: consumers must read items by name.
 *
 * Security: every callback or C2B URL must have an origin listed in `allowedCallbackOrigins` (else
 * 400 Invalid CallBackURL / ConfirmationURL / ValidationURL), so the simulator cannot be used to make the
 * server POST to arbitrary hosts (SSRF). The routes are public (`config.public`), like Safaricom's; the
 * product mounts them with a `callerKey`, so that only its own in-process client reaches them, and the
 * callbacks it delivers are accepted only for schools on the simulator environment (issue 32 §1).
 *
 * State lives in memory in this process (Maps), forgotten after an hour and capped in size; timers are
 * unref'd and cancelled when the app closes. With several instances behind a load balancer each has its
 * own simulator: point the simulator base URL at one instance.
 */

/** What `deliver` answers: the HTTP status and raw body of the callback's response; void when unknown. */
export type DeliverResult = { status: number; body: string } | void;

export interface DarajaSimulatorOptions {
  /** Path prefix of every route, default '/daraja-sim' (no trailing slash). */
  prefix?: string;
  /**
   * POSTs `rawJsonBody` (Content-Type application/json) to `url`: STK callbacks and C2B
   * validation/confirmation. Return the response (`{ status, body }`) so C2B validation answers are
   * honoured; void or a throw counts as "unreachable". See injectDeliver for an in-process one.
   */
  deliver: (url: string, rawJsonBody: string) => Promise<DeliverResult>;
  /** Origins (scheme://host[:port]) callbacks may go to; everything else is refused. Required. */
  allowedCallbackOrigins: string[];
  /** How long the simulated phone takes to answer a push, default 3000 ms. */
  callbackDelayMs?: number;
  /** How long a C2B validation URL has to answer, default 8000 ms (Safaricom: ~8 s). */
  validationTimeoutMs?: number;
  log?: FastifyBaseLogger;
  /** Clock for timestamps, expiry and the query's "has the phone answered yet"; timers use real time. */
  now?: () => Date;
  /**
   * When set, every route answers 404 unless the request carries this key in the
   * `x-daraja-simulator-key` header, which only injectFetch (this process's own Daraja client) adds:
   * the simulator cannot be reached from outside, so nobody can get a token, simulate a payment, steer
   * the next push or read the request log (with its callback URLs) over HTTP (issue 32 §1). Tests
   * steer it through the handle.
   */
  callerKey?: string;
}

/** Header the in-process transport (injectFetch, injectDeliver) sends with the simulator's key. */
export const SIMULATOR_KEY_HEADER = 'x-daraja-simulator-key';

/** Does `req` carry `key` in SIMULATOR_KEY_HEADER (compared in constant time)? */
export function carriesSimulatorKey(headers: Record<string, string | string[] | undefined>, key: string): boolean {
  const given = headers[SIMULATOR_KEY_HEADER];
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Outcomes a simulated STK push can have (see OUTCOMES for their ResultCode and ResultDesc). */
export const STK_SIM_OUTCOMES = ['success', 'cancelled', 'timeout', 'insufficient', 'wrong_pin'] as const;
export type StkSimOutcome = (typeof STK_SIM_OUTCOMES)[number];

/** Body of `POST <prefix>/_control/next`: how the NEXT STK push behaves (one queue entry per push). */
export const stkControlSchema = z.strictObject({
  /** Overrides the magic phone numbers. */
  outcome: z.enum(STK_SIM_OUTCOMES).optional(),
  /** Extra identical copies of the callback (Safaricom sometimes calls back twice). */
  duplicate: z.number().int().min(0).max(10).optional(),
  /**
   * Deliver the callback only this many ms after the push; the query still answers after the usual
   * delay. Like `duplicate`, no effect on the timeout outcome, which never calls back.
   */
  lateMs: z.number().int().min(0).max(3_600_000).optional(),
  /** Write Amount as the JSON literal 1.00 instead of 1. */
  amountAsDecimal: z.boolean().optional(),
  /** Balance item: with no Value (default), absent, or with a Value. */
  balance: z.enum(['no-value', 'absent', 'value']).optional(),
  /** Write ResultCode as "0" rather than 0. */
  resultCodeAsString: z.boolean().optional(),
});
export type StkControl = z.infer<typeof stkControlSchema>;

/**
 * What the simulator keeps of an STK push, inside and in `GET <prefix>/_control/requests`: the request
 * (amount in whole shillings, phone 2547XXXXXXXX), the answer the simulated phone gives, and what
 * happened since.
 */
export interface StkPushSeen {
  checkoutRequestId: string;
  merchantRequestId: string;
  shortcode: string;
  phone: string;
  amount: number;
  accountReference: string;
  callbackUrl: string;
  outcome: StkSimOutcome;
  receipt: string | null;
  /** Callback deliveries attempted so far, with the response status or the error. */
  deliveries: { at: string; status: number | null; error: string | null }[];
  /** STK queries answered for it. */
  queries: number;
}

/** What the simulator has seen (`GET <prefix>/_control/requests`), oldest first. */
export interface SimulatorRequests {
  stkPushes: (StkPushSeen & { resultCode: number; createdAt: string })[];
  registrations: { shortcode: string; version: 'v1' | 'v2'; responseType: string; confirmationUrl: string; validationUrl: string; registeredAt: string }[];
  c2bPayments: {
    transId: string;
    shortcode: string;
    msisdn: string;
    amount: number;
    billRefNumber: string;
    commandId: string;
    /** Validation verdict; 'pending' until the validation URL has answered. */
    validation: 'pending' | 'accepted' | 'rejected' | 'unreachable';
    validationResultCode: string | null;
    confirmation: 'pending' | 'delivered' | 'failed' | 'skipped';
    createdAt: string;
  }[];
  /** Entries still queued by /_control/next. */
  queuedControls: number;
}

/** A handle on a mounted simulator (tests and the demo can also use the HTTP control routes). */
export interface DarajaSimulatorHandle {
  /** Same as POST /_control/next. */
  next(control: StkControl): void;
  /** Same as GET /_control/requests. */
  requests(): SimulatorRequests;
}

// ---------------------------------------------------------------------------------------------------

const OUTCOMES: Record<StkSimOutcome, { code: number; desc: string }> = {
  success: { code: 0, desc: 'The service request is processed successfully.' },
  cancelled: { code: 1032, desc: 'Request cancelled by user' },
  timeout: { code: 1037, desc: 'DS timeout user cannot be reached' },
  insufficient: { code: 1, desc: 'The balance is insufficient for the transaction.' },
  wrong_pin: { code: 2001, desc: 'The initiator information is invalid.' },
};

/** The magic phone numbers of the file's docstring. */
export function simulatedOutcomeFor(phone: string): StkSimOutcome {
  if (phone.endsWith('032')) return 'cancelled';
  if (phone.endsWith('037')) return 'timeout';
  if (phone.endsWith('2001')) return 'wrong_pin';
  if (phone.endsWith('001')) return 'insufficient';
  return 'success';
}

const MAX_AGE_MS = 60 * 60 * 1000;
const MAX_ENTRIES = 5000;
const MAX_QUEUE = 100;
const TOKEN_TTL_S = 3599;
const BAD_REQUEST = '400.002.02';
const INVALID_TOKEN = '404.001.03';
const PROCESSING = '500.001.1001';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const DAY_CHARS = '123456789ABCDEFGHIJKLMNOPQRSTUV';

function digits(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(randomInt(10));
  return s;
}

/** Daraja-looking ids such as requestId, MerchantRequestID, OriginatorCoversationID: "29115-34620561-1". */
function conversationId(): string {
  return `${digits(5)}-${digits(8)}-${randomInt(1, 4)}`;
}

/**
 * An M-Pesa transaction id / receipt: 10 uppercase alphanumerics, like real ones starting with a letter
 * for the year (2026 → U), one for the month and one for the day (Nairobi), e.g. "UAB1CD2EF3".
 */
export function simulatedTransId(at: Date): string {
  const ts = darajaTimestamp(at);
  const year = Number(ts.slice(0, 4));
  const month = Number(ts.slice(4, 6));
  const day = Number(ts.slice(6, 8));
  let s = String.fromCharCode(65 + ((((year - 2006) % 26) + 26) % 26)) + String.fromCharCode(64 + month) + DAY_CHARS[day - 1];
  for (let i = 0; i < 7; i++) s += ALNUM[randomInt(ALNUM.length)];
  return s;
}

/** v2 C2B masking (mpesa-daraja.md §C2B): "254708374149" → "25470****149". */
export function maskMsisdn(msisdn: string): string {
  return msisdn.length > 8 ? `${msisdn.slice(0, 5)}****${msisdn.slice(-3)}` : msisdn;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A Daraja string field, which callers often send as a number. */
function field(body: Record<string, unknown>, name: string): string | null {
  const v = body[name];
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

const SHORTCODE = /^\d{5,7}$/;
const MSISDN = /^254[17]\d{8}$/;

function wholeShillings(v: unknown): number | null {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 1) return v;
  if (typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) && Number(v) >= 1) return Number(v);
  return null;
}

interface StkRecord extends StkPushSeen {
  control: StkControl;
  createdAt: number;
  /** When the simulated phone has answered (the query stops saying "being processed"). */
  resolveAt: number;
}

interface Registration {
  shortcode: string;
  version: 'v1' | 'v2';
  responseType: 'Completed' | 'Cancelled';
  confirmationUrl: string;
  validationUrl: string;
  registeredAt: number;
  /** Running OrgAccountBalance of the simulated paybill, in cents. */
  balanceCents: number;
}

type C2bRecord = SimulatorRequests['c2bPayments'][number] & { at: number };

/**
 * Mounts the Daraja simulator's routes on `app` (see the file docstring for routes, magic numbers and
 * security). Every route declares `config: { public: true }` and has no schema (raw JSON bodies checked
 * by hand, answering Safaricom's `{ requestId, errorCode, errorMessage }` errors), so it works under the
 * host's zod validator/serializer compilers. STK callbacks go out `callbackDelayMs` after the push via
 * `deliver`. Returns a handle with the control functions. Call before the app is ready.
 */
export function registerDarajaSimulator(app: FastifyInstance, opts: DarajaSimulatorOptions): DarajaSimulatorHandle {
  const prefix = (opts.prefix ?? '/daraja-sim').replace(/\/+$/, '');
  const delayMs = opts.callbackDelayMs ?? 3000;
  const validationTimeoutMs = opts.validationTimeoutMs ?? 8000;
  const log = opts.log ?? app.log;
  const now = opts.now ?? (() => new Date());
  const allowed = new Set(
    opts.allowedCallbackOrigins.map((o) => {
      try {
        return new URL(o).origin;
      } catch {
        throw new Error(`Daraja simulator: allowedCallbackOrigins entry is not a URL: ${o}`);
      }
    }),
  );

  const tokens = new Map<string, number>(); // token → expiry (epoch ms)
  const stk = new Map<string, StkRecord>(); // CheckoutRequestID → record, oldest first
  const registrations = new Map<string, Registration>(); // ShortCode → URLs
  const c2b: C2bRecord[] = [];
  const queue: StkControl[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  function schedule(ms: number, fn: () => Promise<void>): void {
    if (closed) return;
    const t = setTimeout(() => {
      timers.delete(t);
      if (closed) return;
      fn().catch((err: unknown) => log.warn({ err }, 'Daraja simulator: scheduled work failed'));
    }, ms);
    t.unref(); // never keeps the process alive
    timers.add(t);
  }

  app.addHook('onClose', async () => {
    closed = true;
    for (const t of timers) clearTimeout(t);
    timers.clear();
  });

  /**
   * Forgets expired tokens and STK/C2B records older than an hour, and the oldest entries beyond the cap
   * (the routes are public). Registrations are configuration, as at Safaricom: only capped.
   */
  function prune(): void {
    const t = now().getTime();
    const cutoff = t - MAX_AGE_MS;
    for (const [token, exp] of tokens) if (exp <= t || tokens.size > MAX_ENTRIES) tokens.delete(token);
    for (const [id, r] of stk) {
      if (r.createdAt >= cutoff && stk.size <= MAX_ENTRIES) break; // Map order is insertion order: oldest first
      stk.delete(id);
    }
    while (c2b.length > 0 && (c2b[0].at < cutoff || c2b.length > MAX_ENTRIES)) c2b.shift();
    for (const sc of registrations.keys()) {
      if (registrations.size <= MAX_ENTRIES) break;
      registrations.delete(sc);
    }
  }

  function darajaError(reply: FastifyReply, status: number, errorCode: string, errorMessage: string) {
    return reply.status(status).send({ requestId: conversationId(), errorCode, errorMessage });
  }
  const invalid = (reply: FastifyReply, name: string) => darajaError(reply, 400, BAD_REQUEST, `Bad Request - Invalid ${name}`);

  /** http(s), parseable, and an allowed origin (SSRF guard). */
  function callbackAllowed(url: string | null): url is string {
    if (!url) return false;
    try {
      const u = new URL(url);
      return (u.protocol === 'https:' || u.protocol === 'http:') && allowed.has(u.origin);
    } catch {
      return false;
    }
  }

  function authorised(req: FastifyRequest): boolean {
    const m = /^Bearer\s+(\S+)$/.exec(req.headers.authorization ?? '');
    const exp = m ? tokens.get(m[1]) : undefined;
    return exp !== undefined && exp > now().getTime();
  }

  /** Body as a JSON object, or null. */
  function objectBody(req: FastifyRequest): Record<string, unknown> | null {
    return isRecord(req.body) ? req.body : null;
  }

  /** Shared STK push/query checks: BusinessShortCode, Timestamp, Password. Returns the failing field. */
  function stkAuthProblem(b: Record<string, unknown>): string | null {
    const shortcode = field(b, 'BusinessShortCode');
    if (!shortcode || !SHORTCODE.test(shortcode)) return 'BusinessShortCode';
    const timestamp = typeof b.Timestamp === 'string' ? b.Timestamp : null;
    if (!timestamp || !parseDarajaTimestamp(timestamp)) return 'Timestamp';
    const password = typeof b.Password === 'string' ? b.Password : '';
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(password)) return 'Password';
    const decoded = Buffer.from(password, 'base64').toString('utf8');
    if (decoded.length <= shortcode.length + timestamp.length || !decoded.startsWith(shortcode) || !decoded.endsWith(timestamp)) return 'Password';
    return null;
  }

  /** C2B register/simulate check: a ShortCode of 5 to 7 digits. Returns the failing field. */
  function c2bShortcodeProblem(b: Record<string, unknown>): string | null {
    const shortcode = field(b, 'ShortCode');
    return shortcode && SHORTCODE.test(shortcode) ? null : 'ShortCode';
  }

  /**
   * The start the STK and C2B routes share: prune old entries, then the bearer token, a JSON object
   * body and the route's own first check (`problemOf`: the failing field or null). Returns the body, or
   * the reply already sent with Daraja's error answer.
   */
  function checkedRequest(
    req: FastifyRequest,
    reply: FastifyReply,
    problemOf: (b: Record<string, unknown>) => string | null,
  ): { body: Record<string, unknown> } | { sent: FastifyReply } {
    prune();
    if (!authorised(req)) return { sent: darajaError(reply, 401, INVALID_TOKEN, 'Invalid Access Token') };
    const b = objectBody(req);
    if (!b) return { sent: invalid(reply, 'JSON') };
    const problem = problemOf(b);
    if (problem) return { sent: invalid(reply, problem) };
    return { body: b };
  }

  // Safaricom-style errors for what Fastify refuses before a handler runs (bad JSON, wrong content type).
  const errorHandler = (err: FastifyError, _req: FastifyRequest, reply: FastifyReply) => {
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return darajaError(reply, 400, BAD_REQUEST, 'Bad Request - Invalid JSON');
    log.error({ err }, 'Daraja simulator: unexpected error');
    return darajaError(reply, 500, '500.003.1001', 'Internal Server Error');
  };
  // Hidden from /api/docs: Safaricom's API, not EduFam's.
  const callerKey = opts.callerKey;
  const onRequest = async (req: FastifyRequest, reply: FastifyReply) => {
    if (callerKey && !carriesSimulatorKey(req.headers, callerKey)) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: messages.api.notFound } });
    }
  };
  const routeOptions = { config: { public: true }, schema: { hide: true }, errorHandler, onRequest } as const;

  // --- OAuth -----------------------------------------------------------------------------------------
  app.get(`${prefix}/oauth/v1/generate`, routeOptions, async (req, reply) => {
    prune();
    const grant = (req.query as Record<string, unknown>).grant_type;
    if (grant !== 'client_credentials') return darajaError(reply, 400, '400.008.02', 'Invalid grant type passed');
    const m = /^Basic\s+([A-Za-z0-9+/=]+)$/.exec(req.headers.authorization ?? '');
    const decoded = m ? Buffer.from(m[1], 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    if (colon < 1 || colon === decoded.length - 1) return darajaError(reply, 400, '400.008.01', 'Invalid Authentication passed');
    let token = '';
    for (let i = 0; i < 28; i++) token += (ALNUM + 'abcdefghijklmnopqrstuvwxyz')[randomInt(62)];
    tokens.set(token, now().getTime() + TOKEN_TTL_S * 1000);
    return reply.send({ access_token: token, expires_in: String(TOKEN_TTL_S) });
  });

  // --- STK push --------------------------------------------------------------------------------------
  app.post(`${prefix}/mpesa/stkpush/v1/processrequest`, routeOptions, async (req, reply) => {
    const checked = checkedRequest(req, reply, stkAuthProblem);
    if ('sent' in checked) return checked.sent;
    const b = checked.body;
    if (b.TransactionType !== 'CustomerPayBillOnline' && b.TransactionType !== 'CustomerBuyGoodsOnline') return invalid(reply, 'TransactionType');
    const amount = wholeShillings(b.Amount);
    if (amount === null) return invalid(reply, 'Amount');
    const partyA = field(b, 'PartyA');
    if (!partyA || !MSISDN.test(partyA)) return invalid(reply, 'PartyA');
    const partyB = field(b, 'PartyB');
    if (!partyB || !SHORTCODE.test(partyB)) return invalid(reply, 'PartyB');
    const phone = field(b, 'PhoneNumber');
    if (!phone || !MSISDN.test(phone)) return invalid(reply, 'PhoneNumber');
    const callbackUrl = typeof b.CallBackURL === 'string' ? b.CallBackURL : null;
    if (!callbackAllowed(callbackUrl)) return invalid(reply, 'CallBackURL');
    const accountReference = field(b, 'AccountReference');
    if (accountReference === null || accountReference.length < 1 || accountReference.length > 12) return invalid(reply, 'AccountReference');
    const desc = field(b, 'TransactionDesc');
    if (desc === null || desc.length < 1 || desc.length > 13) return invalid(reply, 'TransactionDesc');

    const at = now();
    const ts = darajaTimestamp(at); // YYYYMMDDHHmmss → ddmmyyyyHHmmss, as in real CheckoutRequestIDs
    let checkoutRequestId: string;
    do checkoutRequestId = `ws_CO_${ts.slice(6, 8)}${ts.slice(4, 6)}${ts.slice(0, 4)}${ts.slice(8)}${digits(8)}`;
    while (stk.has(checkoutRequestId));
    const control = queue.shift() ?? {};
    const outcome = control.outcome ?? simulatedOutcomeFor(phone);
    const record: StkRecord = {
      checkoutRequestId,
      merchantRequestId: conversationId(),
      shortcode: field(b, 'BusinessShortCode') ?? '',
      phone,
      amount,
      accountReference,
      callbackUrl,
      outcome,
      control,
      receipt: outcome === 'success' ? simulatedTransId(at) : null,
      createdAt: at.getTime(),
      resolveAt: at.getTime() + delayMs,
      deliveries: [],
      queries: 0,
    };
    stk.set(checkoutRequestId, record);
    // The phone that never answers sends no callback: only the query tells (after the delay).
    if (outcome !== 'timeout') schedule(control.lateMs ?? delayMs, () => deliverStkCallback(record));
    return reply.send({
      MerchantRequestID: record.merchantRequestId,
      CheckoutRequestID: checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    });
  });

  /** The callback's raw JSON, written by hand so Amount can be the literal 1.00 (JSON.stringify writes 1). */
  function stkCallbackJson(r: StkRecord): string {
    const { code, desc } = OUTCOMES[r.outcome];
    const j = JSON.stringify;
    const resultCode = r.control.resultCodeAsString ? j(String(code)) : String(code);
    let metadata = '';
    if (r.outcome === 'success') {
      const balance = r.control.balance ?? 'no-value';
      const items = [
        `{"Name":"MpesaReceiptNumber","Value":${j(r.receipt)}}`,
        ...(balance === 'absent' ? [] : [balance === 'value' ? '{"Name":"Balance","Value":45000.00}' : '{"Name":"Balance"}']),
        `{"Name":"TransactionDate","Value":${darajaTimestamp(new Date(r.resolveAt))}}`,
        `{"Name":"PhoneNumber","Value":${r.phone}}`,
        `{"Name":"Amount","Value":${r.control.amountAsDecimal ? `${r.amount}.00` : String(r.amount)}}`,
      ];
      metadata = `,"CallbackMetadata":{"Item":[${items.join(',')}]}`;
    }
    return (
      `{"Body":{"stkCallback":{"MerchantRequestID":${j(r.merchantRequestId)},"CheckoutRequestID":${j(r.checkoutRequestId)},` +
      `"ResultCode":${resultCode},"ResultDesc":${j(desc)}${metadata}}}}`
    );
  }

  async function deliverStkCallback(r: StkRecord): Promise<void> {
    const raw = stkCallbackJson(r);
    for (let i = 0; i <= (r.control.duplicate ?? 0) && !closed; i++) {
      const entry: StkRecord['deliveries'][number] = { at: now().toISOString(), status: null, error: null };
      r.deliveries.push(entry);
      try {
        const res = await opts.deliver(r.callbackUrl, raw);
        entry.status = res ? res.status : null;
      } catch (err) {
        // Safaricom does not retry STK callbacks either: the app must reconcile with the query.
        entry.error = (err as Error).message ?? 'delivery failed';
        log.warn({ checkoutRequestId: r.checkoutRequestId, err: entry.error }, 'Daraja simulator: STK callback not delivered');
      }
    }
  }

  // --- STK query -------------------------------------------------------------------------------------
  app.post(`${prefix}/mpesa/stkpushquery/v1/query`, routeOptions, async (req, reply) => {
    const checked = checkedRequest(req, reply, stkAuthProblem);
    if ('sent' in checked) return checked.sent;
    const b = checked.body;
    const id = field(b, 'CheckoutRequestID');
    const r = id ? stk.get(id) : undefined;
    if (!r || r.shortcode !== field(b, 'BusinessShortCode')) return invalid(reply, 'CheckoutRequestID');
    r.queries++;
    if (now().getTime() < r.resolveAt && r.deliveries.length === 0) {
      return darajaError(reply, 500, PROCESSING, 'The transaction is being processed');
    }
    const { code, desc } = OUTCOMES[r.outcome];
    return reply.send({
      ResponseCode: '0',
      // Safaricom's own spelling.
      ResponseDescription: 'The service request has been accepted successsfully',
      MerchantRequestID: r.merchantRequestId,
      CheckoutRequestID: r.checkoutRequestId,
      ResultCode: String(code),
      ResultDesc: desc,
    });
  });

  // --- C2B register ----------------------------------------------------------------------------------
  /** Safaricom refuses C2B URLs containing these words (mpesa-daraja.md §C2B register). */
  const forbiddenUrl = (url: string) => /mpesa|m-pesa|safaricom/i.test(url);
  for (const version of ['v1', 'v2'] as const) {
    app.post(`${prefix}/mpesa/c2b/${version}/registerurl`, routeOptions, async (req, reply) => {
      const checked = checkedRequest(req, reply, c2bShortcodeProblem);
      if ('sent' in checked) return checked.sent;
      const b = checked.body;
      const shortcode = field(b, 'ShortCode')!;
      if (b.ResponseType !== 'Completed' && b.ResponseType !== 'Cancelled') return invalid(reply, 'ResponseType');
      for (const name of ['ConfirmationURL', 'ValidationURL'] as const) {
        const url = typeof b[name] === 'string' ? b[name] : null;
        if (!callbackAllowed(url) || forbiddenUrl(url)) return invalid(reply, name);
      }
      registrations.delete(shortcode); // re-registering moves it to the end (newest)
      registrations.set(shortcode, {
        shortcode,
        version,
        responseType: b.ResponseType,
        confirmationUrl: b.ConfirmationURL as string,
        validationUrl: b.ValidationURL as string,
        registeredAt: now().getTime(),
        balanceCents: 0,
      });
      return reply.send({ OriginatorCoversationID: conversationId(), ResponseCode: '0', ResponseDescription: 'Success' });
    });
  }

  // --- C2B simulate ----------------------------------------------------------------------------------
  app.post(`${prefix}/mpesa/c2b/v1/simulate`, routeOptions, async (req, reply) => {
    const checked = checkedRequest(req, reply, c2bShortcodeProblem);
    if ('sent' in checked) return checked.sent;
    const b = checked.body;
    const shortcode = field(b, 'ShortCode')!;
    if (b.CommandID !== 'CustomerPayBillOnline' && b.CommandID !== 'CustomerBuyGoodsOnline') return invalid(reply, 'CommandID');
    const amount = wholeShillings(b.Amount);
    if (amount === null) return invalid(reply, 'Amount');
    const msisdn = field(b, 'Msisdn');
    if (!msisdn || !MSISDN.test(msisdn)) return invalid(reply, 'Msisdn');
    const billRef = b.BillRefNumber === undefined || b.BillRefNumber === null ? '' : field(b, 'BillRefNumber');
    if (billRef === null || billRef.length > 100) return invalid(reply, 'BillRefNumber');
    const reg = registrations.get(shortcode);
    // Safaricom accepts and then calls nobody; refusing says why nothing would arrive.
    if (!reg) return darajaError(reply, 400, BAD_REQUEST, 'Bad Request - Invalid ShortCode (no URLs registered)');

    const at = now();
    const record: C2bRecord = {
      transId: simulatedTransId(at),
      shortcode,
      msisdn,
      amount,
      billRefNumber: billRef,
      commandId: b.CommandID,
      validation: 'pending',
      validationResultCode: null,
      confirmation: 'pending',
      createdAt: at.toISOString(),
      at: at.getTime(),
    };
    c2b.push(record);
    schedule(0, () => runC2b(record, reg, at));
    return reply.send({ OriginatorCoversationID: conversationId(), ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' });
  });

  /** Validation then (if accepted, or unreachable with ResponseType Completed) confirmation. */
  async function runC2b(r: C2bRecord, reg: Registration, at: Date): Promise<void> {
    const body = (orgBalance: string) =>
      JSON.stringify({
        TransactionType: r.commandId === 'CustomerBuyGoodsOnline' ? 'Buy Goods' : 'Pay Bill',
        TransID: r.transId,
        TransTime: darajaTimestamp(at),
        TransAmount: `${r.amount}.00`,
        BusinessShortCode: r.shortcode,
        BillRefNumber: r.billRefNumber,
        InvoiceNumber: '',
        OrgAccountBalance: orgBalance,
        ThirdPartyTransID: '',
        MSISDN: reg.version === 'v2' ? maskMsisdn(r.msisdn) : r.msisdn,
        FirstName: 'John',
        MiddleName: 'J.',
        LastName: 'Doe',
      });

    let answer: DeliverResult;
    try {
      const attempt = opts.deliver(reg.validationUrl, body(''));
      attempt.catch(() => undefined); // a late rejection after the timeout must not go unhandled
      answer = await Promise.race([
        attempt,
        new Promise<'timeout'>((resolve) => {
          const t = setTimeout(() => {
            timers.delete(t);
            resolve('timeout');
          }, validationTimeoutMs);
          t.unref();
          timers.add(t);
        }),
      ]).then((v) => (v === 'timeout' ? undefined : v));
    } catch {
      answer = undefined;
    }
    if (closed) return;
    r.validation = 'unreachable';
    if (answer && answer.status >= 200 && answer.status < 300) {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(answer.body);
      } catch {
        parsed = null;
      }
      const code = isRecord(parsed) ? field(parsed, 'ResultCode') : null;
      if (code !== null) {
        r.validationResultCode = code;
        r.validation = code === '0' ? 'accepted' : 'rejected';
      }
    }
    if (r.validation === 'rejected' || (r.validation === 'unreachable' && reg.responseType === 'Cancelled')) {
      r.confirmation = 'skipped';
      return;
    }
    reg.balanceCents += r.amount * 100;
    const balance = `${Math.floor(reg.balanceCents / 100)}.${String(reg.balanceCents % 100).padStart(2, '0')}`;
    try {
      await opts.deliver(reg.confirmationUrl, body(balance));
      r.confirmation = 'delivered';
    } catch (err) {
      r.confirmation = 'failed';
      log.warn({ transId: r.transId, err: (err as Error).message }, 'Daraja simulator: C2B confirmation not delivered');
    }
  }

  // --- Controls (not Safaricom's) --------------------------------------------------------------------
  function next(control: StkControl): void {
    if (queue.length >= MAX_QUEUE) throw new Error('Daraja simulator: too many queued controls');
    queue.push(stkControlSchema.parse(control));
  }

  function requests(): SimulatorRequests {
    prune();
    return {
      stkPushes: [...stk.values()].map((r) => ({
        checkoutRequestId: r.checkoutRequestId,
        merchantRequestId: r.merchantRequestId,
        shortcode: r.shortcode,
        phone: r.phone,
        amount: r.amount,
        accountReference: r.accountReference,
        callbackUrl: r.callbackUrl,
        outcome: r.outcome,
        resultCode: OUTCOMES[r.outcome].code,
        receipt: r.receipt,
        createdAt: new Date(r.createdAt).toISOString(),
        deliveries: r.deliveries.map((d) => ({ ...d })),
        queries: r.queries,
      })),
      registrations: [...registrations.values()].map((r) => ({
        shortcode: r.shortcode,
        version: r.version,
        responseType: r.responseType,
        confirmationUrl: r.confirmationUrl,
        validationUrl: r.validationUrl,
        registeredAt: new Date(r.registeredAt).toISOString(),
      })),
      c2bPayments: c2b.map(({ at: _at, ...rest }) => ({ ...rest })),
      queuedControls: queue.length,
    };
  }

  app.post(`${prefix}/_control/next`, routeOptions, async (req, reply) => {
    const parsed = stkControlSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reply.status(400).send({ error: { code: 'BAD_REQUEST', message: `${issue.path.join('.') || 'body'}: ${issue.message}` } });
    }
    if (queue.length >= MAX_QUEUE) return reply.status(400).send({ error: { code: 'BAD_REQUEST', message: 'Too many queued controls' } });
    queue.push(parsed.data);
    return reply.send({ queued: queue.length });
  });

  app.get(`${prefix}/_control/requests`, routeOptions, async () => requests());

  return { next, requests };
}

// ---------------------------------------------------------------------------------------------------
// In-process transport, so the simulator environment needs no network at all.

function pathOf(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

/**
 * A `fetch` that answers through `app.inject` instead of the network: give it to createDarajaClient
 * for the simulator environment. Only the path and query of the URL are used (the host is ignored), so
 * use it only with URLs that point at this app. Supports string/URL inputs and string bodies.
 */
export function injectFetch(app: FastifyInstance, callerKey?: string): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    if (input instanceof Request) throw new TypeError('injectFetch: pass a URL string, not a Request');
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    if (callerKey) headers[SIMULATOR_KEY_HEADER] = callerKey;
    if (init?.body !== undefined && init.body !== null && typeof init.body !== 'string') throw new TypeError('injectFetch: only string bodies');
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: pathOf(String(input)),
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const type = res.headers['content-type'];
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: typeof type === 'string' ? { 'content-type': type } : {},
    });
  }) as typeof fetch;
}

/**
 * A simulator `deliver` that POSTs the callback to this same app through `app.inject` (no network);
 * the URL's host is ignored, so list only this app's own origin in `allowedCallbackOrigins`. Answers
 * `{ status, body }` so C2B validation verdicts are honoured.
 */
export function injectDeliver(app: FastifyInstance, callerKey?: string): (url: string, rawJsonBody: string) => Promise<DeliverResult> {
  return async (url, rawJsonBody) => {
    // The key tells the callback routes this came from the simulator (they accept it only for schools
    // whose M-Pesa environment is the simulator, and refuse outside callbacks for those schools).
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(callerKey ? { [SIMULATOR_KEY_HEADER]: callerKey } : {}) };
    const res = await app.inject({ method: 'POST', url: pathOf(url), headers, payload: rawJsonBody });
    return { status: res.statusCode, body: res.body };
  };
}
