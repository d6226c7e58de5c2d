import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { africasTalkingCostCents, createAfricasTalkingGateway } from './africas-talking.js';

const API_KEY = 'atsk_0123456789abcdef';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  form: URLSearchParams;
}

/**
 * A local fake of Africa's Talking's messaging endpoint: refuses like the real one a wrong key (401
 * text), a missing username/to/message (400), and answers per recipient from the number's last digits.
 */
function startFake() {
  const received: Received[] = [];
  let override: ((req: Received) => { status: number; body: string; delayMs?: number }) | null = null;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const r: Received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, form: new URLSearchParams(raw) };
      received.push(r);
      const send = (status: number, body: string, type = 'application/json') => {
        res.writeHead(status, { 'content-type': type });
        res.end(body);
      };
      if (override) {
        const o = override(r);
        setTimeout(() => send(o.status, o.body), o.delayMs ?? 0);
        return;
      }
      if (r.method !== 'POST' || r.url !== '/version1/messaging') return send(404, 'Not found', 'text/plain');
      if (r.headers.apikey !== API_KEY) return send(401, 'The supplied authentication is invalid', 'text/plain');
      if (!String(r.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return send(415, 'Unsupported', 'text/plain');
      if (r.headers.accept !== 'application/json') return send(406, 'Not acceptable', 'text/plain');
      const username = r.form.get('username');
      const to = r.form.get('to');
      const message = r.form.get('message');
      if (!username || !to || !message) return send(400, 'Request is missing required form field', 'text/plain');
      if (r.form.get('from') === 'NOTMINE') return send(201, JSON.stringify({ SMSMessageData: { Message: 'InvalidSenderId', Recipients: [] } }));
      const failure: Record<string, [number, string]> = { '403': [403, 'InvalidPhoneNumber'], '405': [405, 'InsufficientBalance'], '401': [401, 'RiskHold'] };
      const [statusCode, status] = failure[to.slice(-3)] ?? [101, 'Success'];
      const ok = statusCode === 101;
      send(
        201,
        JSON.stringify({
          SMSMessageData: {
            Message: ok ? 'Sent to 1/1 Total Cost: KES 0.8000' : 'Sent to 0/1 Total Cost: 0',
            Recipients: [{ statusCode, number: to, status, cost: ok ? 'KES 0.8000' : '0', messageId: ok ? 'ATXid_4ba1d7e0f3c2' : 'None' }],
          },
        }),
      );
    });
  });
  return {
    received,
    setOverride: (fn: typeof override) => (override = fn),
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const fake = startFake();
let baseUrl = '';
beforeAll(async () => {
  baseUrl = await fake.listen();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.received.length = 0;
  fake.setOverride(null);
});

const gateway = (extra: Partial<Parameters<typeof createAfricasTalkingGateway>[0]> = {}) =>
  createAfricasTalkingGateway({ username: 'edufam', apiKey: API_KEY, baseUrl, ...extra });

describe("Africa's Talking gateway", () => {
  it('POSTs the form fields and headers and reads a sent recipient', async () => {
    const result = await gateway({ senderId: 'EDUFAM' }).send({ to: '254712345678', message: 'Fee reminder: KES 12,500 due & payable' });
    expect(result).toEqual({ status: 'sent', providerMessageId: 'ATXid_4ba1d7e0f3c2', costCents: 80, error: null });
    const r = fake.received[0];
    expect(r.method).toBe('POST');
    expect(r.url).toBe('/version1/messaging');
    expect(r.headers.apikey).toBe(API_KEY);
    expect(r.headers.accept).toBe('application/json');
    expect(Object.fromEntries(r.form)).toEqual({ username: 'edufam', to: '+254712345678', message: 'Fee reminder: KES 12,500 due & payable', from: 'EDUFAM' });
  });

  it('omits from without a sender id', async () => {
    expect((await gateway().send({ to: '254112345678', message: 'Hi' })).status).toBe('sent');
    expect(fake.received[0].form.has('from')).toBe(false);
  });

  it('fails refused recipients with their status text', async () => {
    expect(await gateway().send({ to: '254712345403', message: 'Hi' })).toEqual({ status: 'failed', providerMessageId: null, costCents: null, error: 'InvalidPhoneNumber' });
    expect((await gateway().send({ to: '254712345405', message: 'Hi' })).error).toBe('InsufficientBalance');
    expect((await gateway().send({ to: '254712345401', message: 'Hi' })).error).toBe('RiskHold');
    expect((await gateway({ senderId: 'NOTMINE' }).send({ to: '254712345678', message: 'Hi' })).error).toBe('InvalidSenderId');
  });

  it('fails on HTTP errors without throwing or leaking the key', async () => {
    const wrongKey = await createAfricasTalkingGateway({ username: 'edufam', apiKey: 'atsk_wrong_key', baseUrl }).send({ to: '254712345678', message: 'Hi' });
    expect(wrongKey).toEqual({ status: 'failed', providerMessageId: null, costCents: null, error: 'HTTP 401: The supplied authentication is invalid' });
    fake.setOverride(() => ({ status: 500, body: `Internal error for key ${API_KEY}` }));
    const e = await gateway().send({ to: '254712345678', message: 'Hi' });
    expect(e.status).toBe('failed');
    expect(e.error).toBe('HTTP 500: Internal error for key [redacted]');
    fake.setOverride(() => ({ status: 201, body: '<html>oops</html>' }));
    expect((await gateway().send({ to: '254712345678', message: 'Hi' })).error).toMatch(/not JSON/);
    fake.setOverride(() => ({ status: 201, body: '{"SMSMessageData":{}}' }));
    expect((await gateway().send({ to: '254712345678', message: 'Hi' })).error).toMatch(/Unexpected answer/);
  });

  it('fails on timeouts and unreachable servers', async () => {
    fake.setOverride(() => ({ status: 201, body: '{}', delayMs: 500 }));
    expect(await gateway({ timeoutMs: 50 }).send({ to: '254712345678', message: 'Hi' })).toEqual({
      status: 'failed',
      providerMessageId: null,
      costCents: null,
      error: "No answer from Africa's Talking within 50 ms",
    });
    const closed = http.createServer();
    const port = await new Promise<number>((resolve) => closed.listen(0, '127.0.0.1', () => resolve((closed.address() as AddressInfo).port)));
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = await gateway({ baseUrl: `http://127.0.0.1:${port}` }).send({ to: '254712345678', message: 'Hi' });
    expect(unreachable).toMatchObject({ status: 'failed', error: "Could not reach Africa's Talking (ECONNREFUSED)" });
  });

  it('refuses numbers that are not normalised Kenyan mobiles without calling the API', async () => {
    for (const to of ['0712345678', '+254712345678', '25471234567']) {
      expect(await gateway().send({ to, message: 'Hi' })).toMatchObject({ status: 'failed', error: 'InvalidPhoneNumber' });
    }
    expect(fake.received).toHaveLength(0);
  });
});

describe('africasTalkingCostCents', () => {
  it('converts KES text to cents, rounding half up', () => {
    expect(africasTalkingCostCents('KES 0.8000')).toBe(80);
    expect(africasTalkingCostCents('KES 1.0050')).toBe(101);
    expect(africasTalkingCostCents('KES 1.0049')).toBe(100);
    expect(africasTalkingCostCents('KES 2')).toBe(200);
    expect(africasTalkingCostCents('KES 0')).toBe(0);
    expect(africasTalkingCostCents('KES 0.5')).toBe(50);
  });

  it('is null for other currencies and unreadable text', () => {
    for (const bad of ['USD 0.0100', '0', '', undefined, 'KES', 'KES -1.00', 'KES 1,000.00']) expect(africasTalkingCostCents(bad)).toBeNull();
  });
});
