import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { clearDarajaTokenCache, createDarajaClient } from './daraja-client.js';
import { darajaTimestamp, parseC2bRequest, parseStkCallback, stkPassword } from './daraja-protocol.js';
import { injectDeliver, injectFetch, maskMsisdn, registerDarajaSimulator, simulatedOutcomeFor, simulatedTransId, type DarajaSimulatorOptions, type DeliverResult } from './simulator.js';

const PREFIX = '/daraja-sim';
const ORIGIN = 'https://school.example';
const CALLBACK = `${ORIGIN}/api/mpesa/callbacks/tok/stk`;
const PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';
const DELAY = 150;

interface Delivery {
  url: string;
  body: string;
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  clearDarajaTokenCache();
});

/** A bare Fastify with the host's zod compilers and a gate like the host's (every route must be public). */
async function setup(extra: Partial<DarajaSimulatorOptions> = {}, answer?: (d: Delivery) => Promise<DeliverResult>) {
  const app = Fastify();
  apps.push(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const publicRoutes: string[] = [];
  app.addHook('onRoute', (route) => {
    if ((route.config as { public?: boolean } | undefined)?.public !== true) throw new Error(`${route.method} ${route.url} is not public`);
    publicRoutes.push(`${String(route.method)} ${route.url}`);
  });
  const delivered: Delivery[] = [];
  const handle = registerDarajaSimulator(app, {
    deliver: async (url, body) => {
      delivered.push({ url, body });
      return answer ? answer({ url, body }) : { status: 200, body: '{"ResultCode":0,"ResultDesc":"Accepted"}' };
    },
    allowedCallbackOrigins: [ORIGIN],
    callbackDelayMs: DELAY,
    ...extra,
  });
  await app.ready();
  return { app, delivered, handle, publicRoutes };
}

async function until(cond: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function token(app: FastifyInstance): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: `${PREFIX}/oauth/v1/generate?grant_type=client_credentials`,
    headers: { authorization: `Basic ${Buffer.from('key:secret').toString('base64')}` },
  });
  return res.json<{ access_token: string }>().access_token;
}

function stkBody(overrides: Record<string, unknown> = {}) {
  const Timestamp = darajaTimestamp(new Date());
  return {
    BusinessShortCode: '174379',
    Password: stkPassword('174379', PASSKEY, Timestamp),
    Timestamp,
    TransactionType: 'CustomerPayBillOnline',
    Amount: 1,
    PartyA: '254708374149',
    PartyB: '174379',
    PhoneNumber: '254708374149',
    CallBackURL: CALLBACK,
    AccountReference: 'GHA20260042',
    TransactionDesc: 'School fees',
    ...overrides,
  };
}

async function post(app: FastifyInstance, path: string, body: unknown, bearer?: string) {
  return app.inject({
    method: 'POST',
    url: `${PREFIX}${path}`,
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function push(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const res = await post(app, '/mpesa/stkpush/v1/processrequest', stkBody(overrides), await token(app));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ CheckoutRequestID: string; MerchantRequestID: string }>();
}

async function query(app: FastifyInstance, checkoutRequestId: string) {
  const Timestamp = darajaTimestamp(new Date());
  return post(
    app,
    '/mpesa/stkpushquery/v1/query',
    { BusinessShortCode: '174379', Password: stkPassword('174379', PASSKEY, Timestamp), Timestamp, CheckoutRequestID: checkoutRequestId },
    await token(app),
  );
}

describe('Daraja simulator: OAuth', () => {
  it('registers only public routes and issues tokens for any non-empty key and secret', async () => {
    const { app, publicRoutes } = await setup();
    expect(publicRoutes).toEqual(
      expect.arrayContaining([
        'GET /daraja-sim/oauth/v1/generate',
        'POST /daraja-sim/mpesa/stkpush/v1/processrequest',
        'POST /daraja-sim/mpesa/stkpushquery/v1/query',
        'POST /daraja-sim/mpesa/c2b/v1/registerurl',
        'POST /daraja-sim/mpesa/c2b/v2/registerurl',
        'POST /daraja-sim/mpesa/c2b/v1/simulate',
        'POST /daraja-sim/_control/next',
        'GET /daraja-sim/_control/requests',
      ]),
    );
    const res = await app.inject({
      method: 'GET',
      url: `${PREFIX}/oauth/v1/generate?grant_type=client_credentials`,
      headers: { authorization: `Basic ${Buffer.from('key:secret').toString('base64')}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ access_token: expect.stringMatching(/^[A-Za-z0-9]{28}$/), expires_in: '3599' });
  });

  it('refuses missing or half-empty Basic credentials and other grant types', async () => {
    const { app } = await setup();
    const url = `${PREFIX}/oauth/v1/generate?grant_type=client_credentials`;
    for (const authorization of [undefined, 'Basic ', `Basic ${Buffer.from('key:').toString('base64')}`, `Basic ${Buffer.from(':secret').toString('base64')}`, 'Bearer x']) {
      const res = await app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' });
    }
    const grant = await app.inject({
      method: 'GET',
      url: `${PREFIX}/oauth/v1/generate?grant_type=password`,
      headers: { authorization: `Basic ${Buffer.from('key:secret').toString('base64')}` },
    });
    expect(grant.statusCode).toBe(400);
  });
});

describe('Daraja simulator: STK push', () => {
  it('refuses a missing or unknown token with 401 404.001.03', async () => {
    const { app } = await setup();
    for (const bearer of [undefined, 'not-a-token']) {
      const res = await post(app, '/mpesa/stkpush/v1/processrequest', stkBody(), bearer);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ requestId: expect.any(String), errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });
    }
  });

  it('validates every field like Safaricom', async () => {
    const { app, delivered } = await setup();
    const t = await token(app);
    const ts = darajaTimestamp(new Date());
    const cases: [Record<string, unknown>, string][] = [
      [{ BusinessShortCode: '1234' }, 'BusinessShortCode'],
      [{ BusinessShortCode: '12345678' }, 'BusinessShortCode'],
      [{ Timestamp: '2026011512050' }, 'Timestamp'],
      [{ Timestamp: '20261315120503' }, 'Timestamp'],
      [{ Password: 'not base64!' }, 'Password'],
      [{ Password: Buffer.from(`600000${PASSKEY}${ts}`).toString('base64') }, 'Password'],
      [{ Password: Buffer.from(`174379${ts}`).toString('base64') }, 'Password'],
      [{ TransactionType: 'CustomerPayBill' }, 'TransactionType'],
      [{ Amount: 0 }, 'Amount'],
      [{ Amount: 1.5 }, 'Amount'],
      [{ Amount: '10.50' }, 'Amount'],
      [{ Amount: -1 }, 'Amount'],
      [{ PartyA: '0708374149' }, 'PartyA'],
      [{ PartyA: '254208374149' }, 'PartyA'],
      [{ PartyB: 'abc' }, 'PartyB'],
      [{ PhoneNumber: '25470837414' }, 'PhoneNumber'],
      [{ CallBackURL: 'ftp://school.example/cb' }, 'CallBackURL'],
      [{ CallBackURL: 'not a url' }, 'CallBackURL'],
      [{ CallBackURL: 'https://evil.example/cb' }, 'CallBackURL'],
      [{ CallBackURL: 'http://school.example/cb' }, 'CallBackURL'], // another scheme is another origin
      [{ AccountReference: '' }, 'AccountReference'],
      [{ AccountReference: 'ABCDEFGHIJKLM' }, 'AccountReference'],
      [{ TransactionDesc: '' }, 'TransactionDesc'],
      [{ TransactionDesc: '12345678901234' }, 'TransactionDesc'],
    ];
    for (const [overrides, name] of cases) {
      const res = await post(app, '/mpesa/stkpush/v1/processrequest', stkBody(overrides), t);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json()).toEqual({ requestId: expect.any(String), errorCode: '400.002.02', errorMessage: `Bad Request - Invalid ${name}` });
    }
    const badJson = await post(app, '/mpesa/stkpush/v1/processrequest', '{"BusinessShortCode":', t);
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid JSON' });
    // Numbers where Safaricom documents strings are accepted, as Safaricom does.
    const numeric = await post(app, '/mpesa/stkpush/v1/processrequest', stkBody({ BusinessShortCode: 174379, PartyA: 254708374149, PartyB: 174379, PhoneNumber: 254708374149, Amount: '5' }), t);
    expect(numeric.statusCode, numeric.body).toBe(200);
    await sleep(DELAY * 2);
    expect(delivered).toHaveLength(1);
  });

  it('accepts a push, then delivers a success callback with items out of the documented order', async () => {
    const { app, delivered, handle } = await setup();
    const before = Date.now();
    const res = await post(app, '/mpesa/stkpush/v1/processrequest', stkBody({ Amount: 1500 }), await token(app));
    expect(res.json()).toEqual({
      MerchantRequestID: expect.stringMatching(/^\d{5}-\d{8}-\d$/),
      CheckoutRequestID: expect.stringMatching(/^ws_CO_\d{22}$/),
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    });
    const { CheckoutRequestID, MerchantRequestID } = res.json<{ CheckoutRequestID: string; MerchantRequestID: string }>();
    const ts = darajaTimestamp(new Date(before));
    expect(CheckoutRequestID.slice(6, 14)).toBe(`${ts.slice(6, 8)}${ts.slice(4, 6)}${ts.slice(0, 4)}`);
    expect(delivered).toHaveLength(0);

    await until(() => delivered.length === 1);
    expect(Date.now() - before).toBeGreaterThanOrEqual(DELAY - 5);
    expect(delivered[0].url).toBe(CALLBACK);
    const raw = JSON.parse(delivered[0].body);
    const names = raw.Body.stkCallback.CallbackMetadata.Item.map((i: { Name: string }) => i.Name);
    expect([...names].sort()).toEqual(['Amount', 'Balance', 'MpesaReceiptNumber', 'PhoneNumber', 'TransactionDate']);
    expect(names).not.toEqual(['Amount', 'MpesaReceiptNumber', 'Balance', 'TransactionDate', 'PhoneNumber']);
    expect(raw.Body.stkCallback.CallbackMetadata.Item.find((i: { Name: string }) => i.Name === 'Balance')).toEqual({ Name: 'Balance' });
    expect(raw.Body.stkCallback.ResultCode).toBe(0);

    const parsed = parseStkCallback(raw);
    expect(parsed).toMatchObject({ merchantRequestId: MerchantRequestID, checkoutRequestId: CheckoutRequestID, resultCode: 0 });
    expect(parsed.paid).toMatchObject({ amountCents: 150_000, phone: '254708374149' });
    expect(parsed.paid?.receipt).toMatch(/^[A-Z][A-L][1-9A-V][A-Z0-9]{7}$/);
    expect(Math.abs((parsed.paid?.transactionDate?.getTime() ?? 0) - Date.now())).toBeLessThan(5000);
    expect(handle.requests().stkPushes[0]).toMatchObject({ checkoutRequestId: CheckoutRequestID, outcome: 'success', receipt: parsed.paid?.receipt, deliveries: [{ status: 200, error: null }] });
  });

  it('decides outcomes by the magic phone numbers', async () => {
    expect(simulatedOutcomeFor('254708374149')).toBe('success');
    expect(simulatedOutcomeFor('254700000032')).toBe('cancelled');
    expect(simulatedOutcomeFor('254700000037')).toBe('timeout');
    expect(simulatedOutcomeFor('254700000001')).toBe('insufficient');
    expect(simulatedOutcomeFor('254700002001')).toBe('wrong_pin');

    const { app, delivered } = await setup();
    const expected: [string, number, string][] = [
      ['254700000032', 1032, 'Request cancelled by user'],
      ['254700000001', 1, 'The balance is insufficient for the transaction.'],
      ['254700002001', 2001, 'The initiator information is invalid.'],
    ];
    for (const [phone] of expected) await push(app, { PhoneNumber: phone, PartyA: phone });
    await until(() => delivered.length === 3);
    const got = delivered.map((d) => JSON.parse(d.body).Body.stkCallback);
    for (const [i, [, code, desc]] of expected.entries()) {
      expect(got[i]).toMatchObject({ ResultCode: code, ResultDesc: desc });
      expect(got[i].CallbackMetadata).toBeUndefined();
      expect(parseStkCallback(JSON.parse(delivered[i].body)).paid).toBeNull();
    }
  });

  it('answers the STK query "being processed" (HTTP 500) until the phone answers, then the result as strings', async () => {
    const { app, delivered } = await setup();
    const { CheckoutRequestID, MerchantRequestID } = await push(app, { PhoneNumber: '254700000032' });
    const pending = await query(app, CheckoutRequestID);
    expect(pending.statusCode).toBe(500);
    expect(pending.json()).toEqual({ requestId: expect.any(String), errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' });
    await until(() => delivered.length === 1);
    const done = await query(app, CheckoutRequestID);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      ResponseCode: '0',
      ResponseDescription: 'The service request has been accepted successsfully',
      MerchantRequestID,
      CheckoutRequestID,
      ResultCode: '1032',
      ResultDesc: 'Request cancelled by user',
    });
    const unknown = await query(app, 'ws_CO_000');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errorMessage: 'Bad Request - Invalid CheckoutRequestID' });
  });

  it('never calls back for a phone that does not answer; the query says 1037 after the delay', async () => {
    const { app, delivered } = await setup();
    const { CheckoutRequestID } = await push(app, { PhoneNumber: '254700000037' });
    expect((await query(app, CheckoutRequestID)).statusCode).toBe(500);
    await sleep(DELAY * 3);
    expect(delivered).toHaveLength(0);
    const done = await query(app, CheckoutRequestID);
    expect(done.json()).toMatchObject({ ResultCode: '1037', ResultDesc: 'DS timeout user cannot be reached' });
  });
});

describe('Daraja simulator: controls', () => {
  it('applies queued controls to the next pushes only, in order', async () => {
    const { app, delivered } = await setup();
    const t1 = await app.inject({ method: 'POST', url: `${PREFIX}/_control/next`, payload: { outcome: 'insufficient', resultCodeAsString: true } });
    expect(t1.json()).toEqual({ queued: 1 });
    await app.inject({ method: 'POST', url: `${PREFIX}/_control/next`, payload: { duplicate: 2, amountAsDecimal: true, balance: 'value' } });
    await push(app);
    await push(app, { Amount: 250 });
    await push(app);
    await until(() => delivered.length === 5);
    await sleep(DELAY);
    expect(delivered).toHaveLength(5);
    const [first, ...rest] = delivered;
    expect(JSON.parse(first.body).Body.stkCallback).toMatchObject({ ResultCode: '1', ResultDesc: 'The balance is insufficient for the transaction.' });
    expect(parseStkCallback(JSON.parse(first.body)).resultCode).toBe(1);
    // Three identical copies of the second push's callback, Amount written as the literal 250.00.
    expect(rest[0].body).toBe(rest[1].body);
    expect(rest[1].body).toBe(rest[2].body);
    expect(rest[0].body).toContain('{"Name":"Amount","Value":250.00}');
    expect(rest[0].body).toContain('{"Name":"Balance","Value":45000.00}');
    expect(parseStkCallback(JSON.parse(rest[0].body)).paid?.amountCents).toBe(25_000);
    // The third push is back to the defaults.
    const third = JSON.parse(rest[3].body).Body.stkCallback;
    expect(rest[3].body).toContain('{"Name":"Amount","Value":1}');
    expect(third.ResultCode).toBe(0);
    expect(third.CallbackMetadata.Item).toContainEqual({ Name: 'Balance' });
  });

  it('lateMs: the query resolves after the usual delay, the callback comes later', async () => {
    const { app, delivered, handle } = await setup();
    handle.next({ lateMs: DELAY * 5, balance: 'absent' });
    const { CheckoutRequestID } = await push(app);
    await sleep(DELAY * 2);
    expect((await query(app, CheckoutRequestID)).json()).toMatchObject({ ResultCode: '0' });
    expect(delivered).toHaveLength(0);
    await until(() => delivered.length === 1);
    const items = JSON.parse(delivered[0].body).Body.stkCallback.CallbackMetadata.Item as { Name: string }[];
    expect(items.map((i) => i.Name)).not.toContain('Balance');
  });

  it('outcome overrides the magic numbers; bad controls are refused', async () => {
    const { app, delivered, handle } = await setup();
    handle.next({ outcome: 'wrong_pin' });
    await push(app, { PhoneNumber: '254700000032' });
    await until(() => delivered.length === 1);
    expect(JSON.parse(delivered[0].body).Body.stkCallback.ResultCode).toBe(2001);
    for (const payload of [{ outcome: 'maybe' }, { duplicate: -1 }, { extra: true }]) {
      const res = await app.inject({ method: 'POST', url: `${PREFIX}/_control/next`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const listed = await app.inject({ method: 'GET', url: `${PREFIX}/_control/requests` });
    expect(listed.json()).toMatchObject({ stkPushes: [{ outcome: 'wrong_pin', resultCode: 2001, phone: '254700000032' }], queuedControls: 0 });
  });
});

describe('Daraja simulator: C2B', () => {
  const urls = { ConfirmationURL: `${ORIGIN}/api/paybill/callbacks/tok/confirmation`, ValidationURL: `${ORIGIN}/api/paybill/callbacks/tok/validation` };

  async function register(app: FastifyInstance, version: 'v1' | 'v2', overrides: Record<string, unknown> = {}) {
    return post(app, `/mpesa/c2b/${version}/registerurl`, { ShortCode: '600638', ResponseType: 'Completed', ...urls, ...overrides }, await token(app));
  }
  async function simulate(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
    return post(
      app,
      '/mpesa/c2b/v1/simulate',
      { ShortCode: '600638', CommandID: 'CustomerPayBillOnline', Amount: 1500, Msisdn: '254708374149', BillRefNumber: 'GHA/2026/0042', ...overrides },
      await token(app),
    );
  }

  it('registers URLs, refusing bad fields, foreign origins and the words Safaricom refuses', async () => {
    const { app, handle } = await setup();
    const ok = await register(app, 'v2');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ OriginatorCoversationID: expect.any(String), ResponseCode: '0', ResponseDescription: 'Success' });
    const cases: [Record<string, unknown>, string][] = [
      [{ ShortCode: '12' }, 'ShortCode'],
      [{ ResponseType: 'completed' }, 'ResponseType'],
      [{ ConfirmationURL: `${ORIGIN}/api/mpesa/confirmation` }, 'ConfirmationURL'],
      [{ ConfirmationURL: `${ORIGIN}/M-PESA/confirmation` }, 'ConfirmationURL'],
      [{ ValidationURL: `${ORIGIN}/Safaricom/validation` }, 'ValidationURL'],
      [{ ValidationURL: 'https://evil.example/validation' }, 'ValidationURL'],
      [{ ValidationURL: undefined }, 'ValidationURL'],
    ];
    for (const [overrides, name] of cases) {
      const res = await register(app, 'v1', overrides);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: '400.002.02', errorMessage: `Bad Request - Invalid ${name}` });
    }
    expect(handle.requests().registrations).toEqual([
      { shortcode: '600638', version: 'v2', responseType: 'Completed', confirmationUrl: urls.ConfirmationURL, validationUrl: urls.ValidationURL, registeredAt: expect.any(String) },
    ]);
    expect((await post(app, '/mpesa/c2b/v2/registerurl', { ShortCode: '600638', ResponseType: 'Completed', ...urls })).statusCode).toBe(401);
  });

  it('simulate needs registered URLs and valid fields', async () => {
    const { app } = await setup();
    const none = await simulate(app);
    expect(none.statusCode).toBe(400);
    expect(none.json().errorMessage).toMatch(/Invalid ShortCode/);
    await register(app, 'v2');
    for (const [overrides, name] of [
      [{ CommandID: 'Pay' }, 'CommandID'],
      [{ Amount: 0 }, 'Amount'],
      [{ Msisdn: '0708374149' }, 'Msisdn'],
    ] as const) {
      const res = await simulate(app, overrides);
      expect(res.statusCode).toBe(400);
      expect(res.json().errorMessage).toBe(`Bad Request - Invalid ${name}`);
    }
  });

  it('v2: validation, then a confirmation with the same TransID, masked MSISDN and "1500.00"', async () => {
    const { app, delivered, handle } = await setup();
    await register(app, 'v2');
    const res = await simulate(app);
    expect(res.json()).toEqual({ OriginatorCoversationID: expect.any(String), ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' });
    await until(() => delivered.length === 2);
    expect(delivered.map((d) => d.url)).toEqual([urls.ValidationURL, urls.ConfirmationURL]);
    const validation = JSON.parse(delivered[0].body);
    const confirmation = JSON.parse(delivered[1].body);
    for (const body of [validation, confirmation]) {
      expect(body).toMatchObject({ TransactionType: 'Pay Bill', TransAmount: '1500.00', BusinessShortCode: '600638', BillRefNumber: 'GHA/2026/0042', MSISDN: '25470****149' });
      expect(body.TransID).toMatch(/^[A-Z0-9]{10}$/);
      for (const v of Object.values(body)) expect(typeof v).toBe('string');
    }
    expect(confirmation.TransID).toBe(validation.TransID);
    expect(validation.OrgAccountBalance).toBe('');
    expect(confirmation.OrgAccountBalance).toBe('1500.00');
    expect(parseC2bRequest(confirmation)).toMatchObject({ amountCents: 150_000, msisdn: '25470****149', billRefNumber: 'GHA/2026/0042' });
    await until(() => handle.requests().c2bPayments[0]?.confirmation === 'delivered');
    expect(handle.requests().c2bPayments[0]).toMatchObject({ validation: 'accepted', validationResultCode: '0' });
  });

  it('v1 sends the MSISDN unmasked; a rejection stops the confirmation', async () => {
    let verdict = '{"ResultCode":"C2B00012","ResultDesc":"Rejected"}';
    const { app, delivered, handle } = await setup({}, async (d) => (d.url.endsWith('/validation') ? { status: 200, body: verdict } : { status: 200, body: '{}' }));
    await register(app, 'v1');
    await simulate(app);
    await until(() => handle.requests().c2bPayments[0]?.confirmation === 'skipped');
    expect(delivered).toHaveLength(1);
    expect(JSON.parse(delivered[0].body).MSISDN).toBe('254708374149');
    expect(handle.requests().c2bPayments[0]).toMatchObject({ validation: 'rejected', validationResultCode: 'C2B00012' });
    verdict = '{"ResultCode":"0","ResultDesc":"Accepted"}';
    await simulate(app, { CommandID: 'CustomerBuyGoodsOnline', BillRefNumber: '' });
    await until(() => delivered.length === 3);
    expect(JSON.parse(delivered[2].body)).toMatchObject({ TransactionType: 'Buy Goods', BillRefNumber: '', MSISDN: '254708374149' });
  });

  it('an unreachable validation URL confirms with ResponseType Completed and not with Cancelled', async () => {
    const { app, delivered, handle } = await setup({ validationTimeoutMs: 30 }, async (d) => {
      if (d.url.endsWith('/validation')) {
        if (d.body.includes('"BillRefNumber":"SLOW"')) return new Promise<DeliverResult>(() => undefined); // never answers
        throw new Error('ECONNREFUSED');
      }
      return { status: 200, body: '{"ResultCode":0,"ResultDesc":"Accepted"}' };
    });
    await register(app, 'v2', { ResponseType: 'Completed' });
    await simulate(app);
    await simulate(app, { BillRefNumber: 'SLOW' });
    await until(() => handle.requests().c2bPayments.every((p) => p.confirmation === 'delivered'));
    expect(handle.requests().c2bPayments.map((p) => p.validation)).toEqual(['unreachable', 'unreachable']);
    expect(delivered.filter((d) => d.url.endsWith('/confirmation'))).toHaveLength(2);

    await register(app, 'v2', { ResponseType: 'Cancelled' });
    await simulate(app);
    await until(() => handle.requests().c2bPayments[2]?.confirmation === 'skipped');
    expect(delivered.filter((d) => d.url.endsWith('/confirmation'))).toHaveLength(2);
  });
});

describe('Daraja simulator: lifecycle', () => {
  it('cancels pending callbacks when the app closes', async () => {
    const { app, delivered } = await setup();
    await push(app);
    await app.close();
    await sleep(DELAY * 3);
    expect(delivered).toHaveLength(0);
  });

  it('forgets requests older than an hour', async () => {
    let clock = new Date();
    const { app, handle } = await setup({ now: () => clock });
    const { CheckoutRequestID } = await push(app, { PhoneNumber: '254700000037' });
    clock = new Date(clock.getTime() + 30 * 60_000);
    expect((await query(app, CheckoutRequestID)).json()).toMatchObject({ ResultCode: '1037' });
    clock = new Date(clock.getTime() + 31 * 60_000);
    expect((await query(app, CheckoutRequestID)).json()).toMatchObject({ errorMessage: 'Bad Request - Invalid CheckoutRequestID' });
    expect(handle.requests().stkPushes).toEqual([]);
  });

  it('refuses allowedCallbackOrigins entries that are not URLs', () => {
    const app = Fastify();
    apps.push(app);
    expect(() => registerDarajaSimulator(app, { deliver: async () => undefined, allowedCallbackOrigins: ['school.example'] })).toThrow(/not a URL/);
  });
});

describe('Daraja simulator with the Daraja client', () => {
  it('works end to end in-process (injectFetch, injectDeliver): push, callback to the app, query', async () => {
    const app = Fastify();
    apps.push(app);
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const callbacks: unknown[] = [];
    app.post('/api/mpesa/callbacks/tok/stk', { config: { public: true } }, async (req) => {
      callbacks.push(req.body);
      return { ResultCode: 0, ResultDesc: 'Accepted' };
    });
    registerDarajaSimulator(app, { deliver: injectDeliver(app), allowedCallbackOrigins: ['https://school.example'], callbackDelayMs: DELAY });
    await app.ready();
    const client = createDarajaClient({ baseUrl: `http://ignored.internal${PREFIX}`, consumerKey: 'k', consumerSecret: 's', fetch: injectFetch(app) });
    const accepted = await client.stkPush({
      shortcode: '174379',
      passkey: PASSKEY,
      transactionType: 'CustomerPayBillOnline',
      amountShillings: 20,
      partyA: '254708374149',
      partyB: '174379',
      phone: '254708374149',
      callbackUrl: CALLBACK,
      accountReference: 'GHA/2026/0042',
      transactionDesc: 'School fees',
    });
    expect(accepted.responseCode).toBe('0');
    expect(await client.stkQuery({ shortcode: '174379', passkey: PASSKEY, checkoutRequestId: accepted.checkoutRequestId })).toMatchObject({ pending: true });
    await until(() => callbacks.length === 1);
    expect(parseStkCallback(callbacks[0])).toMatchObject({ checkoutRequestId: accepted.checkoutRequestId, paid: { amountCents: 2000 } });
    expect(await client.stkQuery({ shortcode: '174379', passkey: PASSKEY, checkoutRequestId: accepted.checkoutRequestId })).toMatchObject({
      pending: false,
      resultCode: '0',
    });
  });

  it('speaks HTTP: the client against the simulator listening on 127.0.0.1', async () => {
    const { app, delivered } = await setup();
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const client = createDarajaClient({ baseUrl: `${address}${PREFIX}`, consumerKey: 'k', consumerSecret: 's' });
    const urls = { confirmationUrl: `${ORIGIN}/api/paybill/c`, validationUrl: `${ORIGIN}/api/paybill/v` };
    expect(await client.registerC2bUrls({ shortcode: '600638', responseType: 'Completed', ...urls })).toMatchObject({ responseCode: '0', responseDescription: 'Success' });
    await expect(client.registerC2bUrls({ shortcode: '600638', responseType: 'Completed', ...urls, validationUrl: `${ORIGIN}/mpesa/v` })).rejects.toMatchObject({
      status: 400,
      errorCode: '400.002.02',
      errorMessage: 'Bad Request - Invalid ValidationURL',
    });
    expect(
      await client.simulateC2b({ shortcode: '600638', amount: 700, msisdn: '254708374149', billRefNumber: 'ADM7', commandId: 'CustomerPayBillOnline' }),
    ).toMatchObject({ responseCode: '0' });
    await until(() => delivered.length === 2);
    expect(JSON.parse(delivered[1].body)).toMatchObject({ TransAmount: '700.00', BillRefNumber: 'ADM7' });
  });
});

describe('simulator helpers', () => {
  it('makes M-Pesa-like transaction ids and masks MSISDNs the v2 way', () => {
    expect(simulatedTransId(new Date('2026-01-11T10:00:00Z'))).toMatch(/^UAB[A-Z0-9]{7}$/);
    expect(simulatedTransId(new Date('2024-12-31T22:00:00Z'))).toMatch(/^TA1[A-Z0-9]{7}$/); // already 2025-01-01 in Nairobi
    expect(maskMsisdn('254708374149')).toBe('25470****149');
  });
});
