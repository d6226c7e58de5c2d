import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DarajaError, clearDarajaTokenCache, createDarajaClient, darajaBaseUrl, type DarajaClientOptions } from './daraja-client.js';

const BASE = 'https://sandbox.example.test';
const KEY = 'consumer-key-AAAA';
const SECRET = 'consumer-secret-BBBB';
const PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';

interface Seen {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}
type Handler = (req: Seen) => { status?: number; body?: unknown; text?: string } | Promise<{ status?: number; body?: unknown; text?: string }>;

/** A local fake of Daraja: routes by path to handlers, records every request. */
function fakeDaraja(routes: Record<string, Handler>) {
  const seen: Seen[] = [];
  let tokens = 0;
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    const req: Seen = { method: init?.method ?? 'GET', url, headers, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    seen.push(req);
    const path = new URL(url).pathname;
    const handler =
      routes[path] ??
      (path === '/oauth/v1/generate'
        ? () => {
            tokens++;
            return { body: { access_token: `token-${tokens}`, expires_in: '3599' } };
          }
        : undefined);
    if (!handler) return new Response('not found', { status: 404 });
    const out = await handler(req);
    const text = out.text ?? (out.body === undefined ? '' : JSON.stringify(out.body));
    return new Response(text, { status: out.status ?? 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetch: fetchFn, seen, tokenCalls: () => seen.filter((s) => s.url.includes('/oauth/')).length };
}

let clock = new Date('2026-01-15T09:05:03Z');
function client(fetchFn: typeof fetch, extra: Partial<DarajaClientOptions> = {}) {
  return createDarajaClient({ baseUrl: BASE, consumerKey: KEY, consumerSecret: SECRET, fetch: fetchFn, now: () => clock, ...extra });
}

const stkAccepted = {
  MerchantRequestID: '29115-34620561-1',
  CheckoutRequestID: 'ws_CO_191220191020363925',
  ResponseCode: '0',
  ResponseDescription: 'Success. Request accepted for processing',
  CustomerMessage: 'Success. Request accepted for processing',
};
const pushRequest = {
  shortcode: '174379',
  passkey: PASSKEY,
  transactionType: 'CustomerPayBillOnline' as const,
  amountShillings: 1500,
  partyA: '254708374149',
  partyB: '174379',
  phone: '254708374149',
  callbackUrl: 'https://school.example/api/mpesa/callbacks/abc/stk',
  accountReference: 'GHA/2026/0042-EXTRA',
  transactionDesc: 'School fees for Term 1',
};

beforeEach(() => {
  clearDarajaTokenCache();
  clock = new Date('2026-01-15T09:05:03Z');
});
afterEach(() => clearDarajaTokenCache());

describe('darajaBaseUrl', () => {
  it('picks the environment and drops trailing slashes', () => {
    const urls = { simulator: 'http://localhost:3000/daraja-sim/', sandbox: 'https://sandbox.safaricom.co.ke', production: 'https://api.safaricom.co.ke' };
    expect(darajaBaseUrl('simulator', urls)).toBe('http://localhost:3000/daraja-sim');
    expect(darajaBaseUrl('sandbox', urls)).toBe('https://sandbox.safaricom.co.ke');
    expect(darajaBaseUrl('production', urls)).toBe('https://api.safaricom.co.ke');
  });
});

describe('accessToken', () => {
  it('GETs /oauth/v1/generate with Basic auth and caches the token until 60 s before expires_in', async () => {
    const fake = fakeDaraja({});
    const c = client(fake.fetch);
    expect(await c.accessToken()).toBe('token-1');
    const req = fake.seen[0];
    expect(req.method).toBe('GET');
    expect(req.url).toBe(`${BASE}/oauth/v1/generate?grant_type=client_credentials`);
    expect(req.headers.get('authorization')).toBe(`Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`);

    clock = new Date(clock.getTime() + (3599 - 61) * 1000);
    expect(await c.accessToken()).toBe('token-1');
    expect(fake.tokenCalls()).toBe(1);
    clock = new Date(clock.getTime() + 2000); // now 59 s before expiry
    expect(await c.accessToken()).toBe('token-2');
    expect(fake.tokenCalls()).toBe(2);
  });

  it('shares the cache between client objects for the same base URL and key, not across keys', async () => {
    const fake = fakeDaraja({});
    expect(await client(fake.fetch).accessToken()).toBe('token-1');
    expect(await client(fake.fetch).accessToken()).toBe('token-1');
    expect(await client(fake.fetch, { consumerKey: 'other-key' }).accessToken()).toBe('token-2');
    expect(await client(fake.fetch, { baseUrl: 'https://api.example.test' }).accessToken()).toBe('token-3');
    expect(fake.tokenCalls()).toBe(3);
    clearDarajaTokenCache();
    expect(await client(fake.fetch).accessToken()).toBe('token-4');
  });

  it('makes one OAuth request for concurrent callers', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const fake = fakeDaraja({
      '/oauth/v1/generate': async () => {
        await gate;
        return { body: { access_token: 'shared', expires_in: '3599' } };
      },
    });
    const calls = [client(fake.fetch).accessToken(), client(fake.fetch).accessToken(), client(fake.fetch).accessToken()];
    release();
    expect(await Promise.all(calls)).toEqual(['shared', 'shared', 'shared']);
    expect(fake.tokenCalls()).toBe(1);
  });

  it('does not cache a failed request, and reports OAuth errors without the credentials', async () => {
    let fail = true;
    const fake = fakeDaraja({
      '/oauth/v1/generate': () =>
        fail
          ? { status: 400, body: { resultCode: '999991', resultDesc: `Invalid client id passed: ${KEY} / ${SECRET}` } }
          : { body: { access_token: 'ok', expires_in: 3599 } },
    });
    const err = await client(fake.fetch).accessToken().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DarajaError);
    const e = err as DarajaError;
    expect(e.status).toBe(400);
    expect(e.errorCode).toBe('999991');
    expect(e.message).toContain('Invalid client id passed');
    expect(e.message).not.toContain(KEY);
    expect(e.message).not.toContain(SECRET);
    fail = false;
    expect(await client(fake.fetch).accessToken()).toBe('ok');
  });

  it('throws DarajaError when the answer has no token', async () => {
    const fake = fakeDaraja({ '/oauth/v1/generate': () => ({ body: { expires_in: '3599' } }) });
    await expect(client(fake.fetch).accessToken()).rejects.toThrow(/access token failed \(HTTP 200\): unexpected answer/);
  });
});

describe('stkPush', () => {
  it('POSTs the documented body with a Nairobi timestamp, password, truncated reference and description', async () => {
    const fake = fakeDaraja({ '/mpesa/stkpush/v1/processrequest': () => ({ body: stkAccepted }) });
    const answer = await client(fake.fetch).stkPush(pushRequest);
    expect(answer).toEqual({
      merchantRequestId: '29115-34620561-1',
      checkoutRequestId: 'ws_CO_191220191020363925',
      responseCode: '0',
      responseDescription: 'Success. Request accepted for processing',
      customerMessage: 'Success. Request accepted for processing',
    });
    const req = fake.seen[1];
    expect(req.method).toBe('POST');
    expect(req.url).toBe(`${BASE}/mpesa/stkpush/v1/processrequest`);
    expect(req.headers.get('authorization')).toBe('Bearer token-1');
    expect(req.headers.get('content-type')).toBe('application/json');
    expect(req.body).toEqual({
      BusinessShortCode: '174379',
      Password: Buffer.from(`174379${PASSKEY}20260115120503`).toString('base64'),
      Timestamp: '20260115120503',
      TransactionType: 'CustomerPayBillOnline',
      Amount: 1500,
      PartyA: '254708374149',
      PartyB: '174379',
      PhoneNumber: '254708374149',
      CallBackURL: 'https://school.example/api/mpesa/callbacks/abc/stk',
      AccountReference: 'GHA/2026/004',
      TransactionDesc: 'School fees f',
    });
  });

  it('sends "Payment" for an empty description and refuses amounts that are not whole shillings', async () => {
    const fake = fakeDaraja({ '/mpesa/stkpush/v1/processrequest': () => ({ body: { ...stkAccepted, ResponseCode: 0 } }) });
    const answer = await client(fake.fetch).stkPush({ ...pushRequest, transactionDesc: '   ' });
    expect(answer.responseCode).toBe('0');
    expect((fake.seen[1].body as Record<string, unknown>).TransactionDesc).toBe('Payment');
    for (const amountShillings of [0, -5, 10.5, Number.NaN]) {
      await expect(client(fake.fetch).stkPush({ ...pushRequest, amountShillings })).rejects.toThrow(RangeError);
    }
    expect(fake.seen).toHaveLength(2);
  });

  it('on an invalid token drops the cached token and retries once with a new one', async () => {
    let pushes = 0;
    const fake = fakeDaraja({
      '/mpesa/stkpush/v1/processrequest': (req) => {
        pushes++;
        if (req.headers.get('authorization') === 'Bearer token-1') {
          return { status: 401, body: { requestId: 'r-1', errorCode: '404.001.03', errorMessage: 'Invalid Access Token' } };
        }
        return { body: stkAccepted };
      },
    });
    const c = client(fake.fetch);
    await c.accessToken(); // cache token-1, which Daraja has "revoked"
    expect((await c.stkPush(pushRequest)).checkoutRequestId).toBe(stkAccepted.CheckoutRequestID);
    expect(pushes).toBe(2);
    expect(fake.tokenCalls()).toBe(2);
    expect(await c.accessToken()).toBe('token-2');
  });

  it('gives up after one retry and throws the invalid-token error', async () => {
    const fake = fakeDaraja({
      '/mpesa/stkpush/v1/processrequest': () => ({ status: 401, body: { requestId: 'r-2', errorCode: '404.001.03', errorMessage: 'Invalid Access Token' } }),
    });
    const err = (await client(fake.fetch).stkPush(pushRequest).catch((e: unknown) => e)) as DarajaError;
    expect(err).toBeInstanceOf(DarajaError);
    expect(err).toMatchObject({ status: 401, errorCode: '404.001.03', errorMessage: 'Invalid Access Token', requestId: 'r-2' });
    expect(fake.seen.filter((s) => s.url.endsWith('processrequest'))).toHaveLength(2);
  });

  it('throws DarajaError with Daraja fields for refusals, and hides the passkey, password and token', async () => {
    let seenPassword = '';
    const fake = fakeDaraja({
      '/mpesa/stkpush/v1/processrequest': (req) => {
        seenPassword = (req.body as { Password: string }).Password;
        return {
          status: 400,
          body: { requestId: 'r-3', errorCode: '400.002.02', errorMessage: `Bad Request - Invalid PhoneNumber ${PASSKEY} ${seenPassword} token-1 ${SECRET}` },
        };
      },
    });
    const err = (await client(fake.fetch).stkPush(pushRequest).catch((e: unknown) => e)) as DarajaError;
    expect(err).toBeInstanceOf(DarajaError);
    expect(err).toMatchObject({ status: 400, errorCode: '400.002.02', requestId: 'r-3' });
    expect(err.message).toMatch(/^M-Pesa STK push failed \(HTTP 400 400\.002\.02\): Bad Request - Invalid PhoneNumber/);
    for (const secret of [PASSKEY, seenPassword, 'token-1', SECRET]) {
      expect(err.message).not.toContain(secret);
      expect(err.errorMessage).not.toContain(secret);
    }
  });

  it('treats a 2xx carrying errorCode, a non-JSON error page and a malformed success as errors', async () => {
    const answers = [
      { body: { requestId: 'r', errorCode: '500.001.1001', errorMessage: 'Unable to lock subscriber, a transaction is already in process for the current subscriber' } },
      { status: 503, text: '<html>Service Unavailable</html>' },
      { body: { ResponseCode: '0' } },
    ];
    let i = 0;
    const fake = fakeDaraja({ '/mpesa/stkpush/v1/processrequest': () => answers[i++] });
    await expect(client(fake.fetch).stkPush(pushRequest)).rejects.toThrow(/\(HTTP 200 500\.001\.1001\): Unable to lock subscriber/);
    await expect(client(fake.fetch).stkPush(pushRequest)).rejects.toMatchObject({ status: 503, errorCode: null, message: expect.stringMatching(/unexpected HTTP 503/) });
    await expect(client(fake.fetch).stkPush(pushRequest)).rejects.toThrow(/unexpected answer/);
  });

  it('reports network failures and timeouts as DarajaError status 0', async () => {
    const refused = (async () => {
      throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    }) as typeof fetch;
    const err = (await client(refused).stkPush(pushRequest).catch((e: unknown) => e)) as DarajaError;
    expect(err).toBeInstanceOf(DarajaError);
    expect(err.status).toBe(0);
    expect(err.message).toBe('M-Pesa access token failed: could not reach sandbox.example.test (ECONNREFUSED)');

    const hanging = ((_url: string, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as typeof fetch;
    const slow = (await client(hanging, { timeoutMs: 30 }).accessToken().catch((e: unknown) => e)) as DarajaError;
    expect(slow).toBeInstanceOf(DarajaError);
    expect(slow.status).toBe(0);
    expect(slow.message).toMatch(/no answer from sandbox\.example\.test within 30 ms/);
  });
});

describe('stkQuery', () => {
  it('returns pending for the "being processed" error body (HTTP 500)', async () => {
    const fake = fakeDaraja({
      '/mpesa/stkpushquery/v1/query': () => ({ status: 500, body: { requestId: 'r', errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' } }),
    });
    expect(await client(fake.fetch).stkQuery({ shortcode: '174379', passkey: PASSKEY, checkoutRequestId: 'ws_CO_1' })).toEqual({
      pending: true,
      errorCode: '500.001.1001',
      errorMessage: 'The transaction is being processed',
    });
    expect(fake.seen[1].body).toEqual({
      BusinessShortCode: '174379',
      Password: Buffer.from(`174379${PASSKEY}20260115120503`).toString('base64'),
      Timestamp: '20260115120503',
      CheckoutRequestID: 'ws_CO_1',
    });
  });

  it('returns the final result with codes as strings, whether Daraja wrote numbers or strings', async () => {
    const answers = [
      { ResponseCode: '0', ResponseDescription: 'The service request has been accepted successsfully', MerchantRequestID: 'm', CheckoutRequestID: 'ws_CO_1', ResultCode: '1032', ResultDesc: 'Request cancelled by user' },
      { ResponseCode: 0, ResultCode: 0, ResultDesc: 'The service request is processed successfully.' },
    ];
    let i = 0;
    const fake = fakeDaraja({ '/mpesa/stkpushquery/v1/query': () => ({ body: answers[i++] }) });
    const c = client(fake.fetch);
    expect(await c.stkQuery({ shortcode: '174379', passkey: PASSKEY, checkoutRequestId: 'ws_CO_1' })).toEqual({
      pending: false,
      responseCode: '0',
      responseDescription: 'The service request has been accepted successsfully',
      merchantRequestId: 'm',
      checkoutRequestId: 'ws_CO_1',
      resultCode: '1032',
      resultDesc: 'Request cancelled by user',
    });
    expect(await c.stkQuery({ shortcode: '174379', passkey: PASSKEY, checkoutRequestId: 'ws_CO_1' })).toMatchObject({ pending: false, responseCode: '0', resultCode: '0' });
  });

  it('throws for other errors', async () => {
    const fake = fakeDaraja({
      '/mpesa/stkpushquery/v1/query': () => ({ status: 400, body: { requestId: 'r', errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid CheckoutRequestID' } }),
    });
    await expect(client(fake.fetch).stkQuery({ shortcode: '174379', passkey: PASSKEY, checkoutRequestId: 'nope' })).rejects.toMatchObject({
      status: 400,
      errorCode: '400.002.02',
    });
  });
});

describe('C2B register and simulate', () => {
  it('registers on the v2 path by default and reads Safaricom\'s "OriginatorCoversationID" spelling', async () => {
    const fake = fakeDaraja({
      '/mpesa/c2b/v2/registerurl': () => ({ body: { OriginatorCoversationID: 'oc-1', ResponseCode: '0', ResponseDescription: 'Success' } }),
      '/mpesa/c2b/v1/registerurl': () => ({ body: { OriginatorConversationID: 'oc-2', ResponseCode: 0, ResponseDescription: 'Success' } }),
    });
    const c = client(fake.fetch);
    const urls = { confirmationUrl: 'https://school.example/api/paybill/callbacks/t/confirmation', validationUrl: 'https://school.example/api/paybill/callbacks/t/validation' };
    expect(await c.registerC2bUrls({ shortcode: '600638', responseType: 'Completed', ...urls })).toEqual({
      originatorConversationId: 'oc-1',
      responseCode: '0',
      responseDescription: 'Success',
    });
    expect(fake.seen[1].body).toEqual({ ShortCode: '600638', ResponseType: 'Completed', ConfirmationURL: urls.confirmationUrl, ValidationURL: urls.validationUrl });
    expect((await c.registerC2bUrls({ shortcode: '600638', responseType: 'Cancelled', version: 'v1', ...urls })).originatorConversationId).toBe('oc-2');
  });

  it('simulates a C2B payment with the documented fields', async () => {
    const fake = fakeDaraja({
      '/mpesa/c2b/v1/simulate': () => ({ body: { OriginatorCoversationID: 'oc-3', ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' } }),
    });
    const answer = await client(fake.fetch).simulateC2b({ shortcode: '600638', amount: 1500, msisdn: '254708374149', billRefNumber: 'GHA/2026/0042', commandId: 'CustomerPayBillOnline' });
    expect(answer.responseDescription).toBe('Accept the service request successfully.');
    expect(fake.seen[1].body).toEqual({ ShortCode: '600638', CommandID: 'CustomerPayBillOnline', Amount: 1500, Msisdn: '254708374149', BillRefNumber: 'GHA/2026/0042' });
    await expect(
      client(fake.fetch).simulateC2b({ shortcode: '600638', amount: 1.5, msisdn: '254708374149', billRefNumber: 'x', commandId: 'CustomerPayBillOnline' }),
    ).rejects.toThrow(RangeError);
  });
});
