import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { auditLogs, mpesaCallbacks, mpesaConfigs, mpesaStkRequests, mpesaTransactions, payments, smsMessages, students } from '../../db/schema/index.js';
import { GREENHILL_SESSIONS, openDemoApp, system, until, type TestApp } from '../../../../tests/helpers.js';
import { SIMULATOR_KEY_HEADER } from '../../integrations/mpesa/simulator.js';
import { darajaTimestamp } from '../../integrations/mpesa/daraja-protocol.js';
import { demo } from '../../../../tests/demo.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { feesMessages as fm } from '../../../shared/messages/fees.js';
import type { MyChildrenFees, StudentAccount } from '../../../shared/contracts/fees.js';
import type { ListTransactionsResponse, MpesaConfig, MpesaTransaction, Reconciliation, StkRequest } from '../../../shared/contracts/mpesa.js';

/**
 * M-Pesa (issue 11 §3, §5): the school's set-up with encrypted secrets, STK Push through the built-in
 * Daraja simulator and every quirk of the protocol doc (Balance without a Value, Amount 1.00, string
 * result codes, cancellations, timeouts, duplicated and late callbacks), C2B validation and
 * confirmation (duplicates, unknown accounts, another school's account), unknown tokens, malformed
 * bodies, the unmatched queue and reconciliation. Runs on PGlite and on PostgreSQL.
 */

let t: TestApp;
let greenhill: string;
let riverside: string;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  ({ t, greenhill, riverside } = await openDemoApp(cookie, [...GREENHILL_SESSIONS, 'rsFinance', 'rsParent', 'admin'], { env: { MPESA_SIMULATOR_DELAY_MS: '40', MPESA_STK_TIMEOUT_S: '60' } }));
});
afterAll(async () => {
  await t?.close();
});

type Json = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT';
function send(method: Method, url: string, who?: string, payload?: Json | string) {
  return t.app.inject({
    method,
    url,
    headers: {
      ...(who ? { cookie: cookie[who]! } : {}),
      ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
      // Callbacks to the demo schools (simulator environment) come from the in-process simulator.
      ...(url.includes('/callbacks/') ? { [SIMULATOR_KEY_HEADER]: t.deps.mpesa.simulatorKey! } : {}),
    },
    ...(payload !== undefined ? { payload } : {}),
  });
}
async function json<T>(method: Method, url: string, who: string, payload?: Json, status = 200): Promise<T> {
  const res = await send(method, url, who, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

async function tokenOf(schoolId: string): Promise<string> {
  const [row] = await system(t.database, (tx) => tx.select({ token: mpesaConfigs.callbackToken }).from(mpesaConfigs).where(eq(mpesaConfigs.schoolId, schoolId)));
  return row!.token;
}

async function balance(studentId: string): Promise<number> {
  return (await json<StudentAccount>('GET', `/api/students/${studentId}/account`, 'finance')).balance;
}

async function paymentsFor(studentId: string): Promise<number> {
  const [row] = await system(t.database, (tx) => tx.select({ n: count() }).from(payments).where(eq(payments.studentId, studentId)));
  return Number(row!.n);
}

async function learnerByAdmission(schoolId: string, index: number) {
  const rows = await system(t.database, (tx) =>
    tx.select({ id: students.id, admissionNumber: students.admissionNumber }).from(students).where(and(eq(students.schoolId, schoolId), eq(students.status, 'active'))).orderBy(students.admissionNumber).limit(index + 1),
  );
  return rows[index]!;
}

/** When the payments of the callbacks below were made: now (Daraja's YYYYMMDDHHmmss, Nairobi time). */
const paidAt = darajaTimestamp(new Date());

function stkBody(checkoutRequestId: string, opts: { resultCode?: number | string; amount?: string; receipt?: string } = {}): string {
  const code = opts.resultCode ?? 0;
  const meta =
    String(code) === '0'
      ? `,"CallbackMetadata":{"Item":[{"Name":"MpesaReceiptNumber","Value":"${opts.receipt ?? 'UAB0000001'}"},{"Name":"Balance"},{"Name":"Amount","Value":${opts.amount ?? '1.00'}},{"Name":"TransactionDate","Value":${paidAt}},{"Name":"PhoneNumber","Value":254708374149}]}`
      : '';
  return `{"Body":{"stkCallback":{"MerchantRequestID":"29115-34620561-1","CheckoutRequestID":"${checkoutRequestId}","ResultCode":${typeof code === 'string' ? `"${code}"` : code},"ResultDesc":"x"${meta}}}}`;
}

function c2bBody(transId: string, account: string, amount = '1500.00') {
  return {
    TransactionType: 'Pay Bill',
    TransID: transId,
    TransTime: paidAt,
    TransAmount: amount,
    BusinessShortCode: '174379',
    BillRefNumber: account,
    InvoiceNumber: '',
    OrgAccountBalance: '',
    ThirdPartyTransID: '',
    MSISDN: '25470****149',
    FirstName: 'JOHN',
    MiddleName: '',
    LastName: 'DOE',
  };
}

describe('set-up (§3, §5 GET/PUT /api/mpesa/config)', () => {
  it('answers the contract fields and never a secret; secrets are stored encrypted and shown masked', async () => {
    const cfg = await json<MpesaConfig>('GET', '/api/mpesa/config', 'finance');
    expect(cfg).toMatchObject({ shortcode: '174379', shortcodeType: 'paybill', environment: 'simulator' });
    const token = await tokenOf(greenhill);
    expect(cfg.callbackUrls).toEqual({
      stk: `http://edufam.test/api/mpesa/callbacks/${token}/stk`,
      validation: `http://edufam.test/api/mpesa/callbacks/${token}/validation`,
      confirmation: `http://edufam.test/api/mpesa/callbacks/${token}/confirmation`,
    });
    const saved = await json<MpesaConfig>('PUT', '/api/mpesa/config', 'finance', {
      shortcode: '174379',
      shortcodeType: 'paybill',
      environment: 'simulator',
      consumerKey: 'my-consumer-key-ABCD',
      consumerSecret: 'my-consumer-secret-WXYZ',
      passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
    });
    expect(saved.consumerKey).toBe('••••••••ABCD');
    expect(JSON.stringify(saved)).not.toContain('my-consumer');
    const [row] = await system(t.database, (tx) => tx.select().from(mpesaConfigs).where(eq(mpesaConfigs.schoolId, greenhill)));
    expect(row!.consumerKeyEnc).toMatch(/^v1\./);
    expect(row!.consumerKeyEnc).not.toContain('my-consumer');
    // Leaving secrets out keeps them.
    const again = await json<MpesaConfig>('PUT', '/api/mpesa/config', 'finance', { shortcode: '174379', shortcodeType: 'paybill', environment: 'simulator', strictValidation: false });
    expect(again.consumerKey).toBe('••••••••ABCD');
  });

  it('refuses another school’s shortcode, a bad shortcode, and other roles', async () => {
    const taken = await send('PUT', '/api/mpesa/config', 'rsFinance', { shortcode: '174379', shortcodeType: 'paybill', environment: 'simulator' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('This shortcode is already registered to another school on EduFam.');
    expect((await send('PUT', '/api/mpesa/config', 'finance', { shortcode: '12', shortcodeType: 'paybill', environment: 'simulator' })).statusCode).toBe(400);
    expect((await send('PUT', '/api/mpesa/config', 'finance', { shortcode: '174379', shortcodeType: 'paybill', environment: 'production' })).statusCode).toBe(200);
    await json('PUT', '/api/mpesa/config', 'finance', { shortcode: '174379', shortcodeType: 'paybill', environment: 'simulator' });
    expect((await send('PUT', '/api/mpesa/config', 'principal', { shortcode: '174379', shortcodeType: 'paybill', environment: 'simulator' })).statusCode).toBe(403);
    expect((await send('GET', '/api/mpesa/config', 'teacher')).statusCode).toBe(403);
    expect((await send('GET', '/api/mpesa/config', 'parent')).statusCode).toBe(403);
  });

  it('shows the callback token only to the finance officer and platform admins (issue 32 §1)', async () => {
    const token = await tokenOf(greenhill);
    expect(JSON.stringify(await json<MpesaConfig>('GET', '/api/mpesa/config', 'finance'))).toContain(token);
    for (const who of ['principal', 'director']) {
      const cfg = await json<MpesaConfig>('GET', '/api/mpesa/config', who);
      expect(JSON.stringify(cfg)).not.toContain(token);
      expect(cfg.callbackUrls.confirmation).toBe('http://edufam.test/api/mpesa/callbacks/••••••••/confirmation');
    }
    const admin = await t.app.inject({ method: 'GET', url: `/api/mpesa/config?schoolId=${greenhill}`, headers: { cookie: cookie.admin! } });
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain(token);
  });

  it('a new environment or new credentials issue a new callback token; the old one stops working at once', async () => {
    const first = await tokenOf(greenhill);
    const learner = await learnerByAdmission(greenhill, 46);
    const put = (body: Record<string, unknown>) => json<MpesaConfig>('PUT', '/api/mpesa/config', 'finance', { shortcode: '174379', shortcodeType: 'paybill', ...body });
    // Same environment, no new secrets: the token stays.
    await put({ environment: 'simulator', strictValidation: false });
    expect(await tokenOf(greenhill)).toBe(first);
    await put({ environment: 'simulator', consumerKey: 'rotated-consumer-key-1234' });
    const second = await tokenOf(greenhill);
    expect(second).not.toBe(first);
    const old = await send('POST', `/api/mpesa/callbacks/${first}/confirmation`, undefined, c2bBody('UAB1OLDTK1', learner.admissionNumber));
    expect(old.statusCode).toBe(404);
    await put({ environment: 'production' });
    const third = await tokenOf(greenhill);
    expect(third).not.toBe(second);
    await put({ environment: 'simulator' });
    expect(await tokenOf(greenhill)).not.toBe(third);
    expect((await send('POST', `/api/mpesa/callbacks/${second}/confirmation`, undefined, c2bBody('UAB1OLDTK2', learner.admissionNumber))).statusCode).toBe(404);
  });

  it('registers the C2B URLs with the simulator (under /api/paybill: Daraja refuses URLs containing "mpesa")', async () => {
    const cfg = await json<MpesaConfig>('POST', '/api/mpesa/register-urls', 'finance');
    expect(cfg.c2bRegisteredAt).not.toBeNull();
    const reg = t.deps.darajaSimulator!.requests().registrations.at(-1)!;
    expect(reg.confirmationUrl).toContain('/api/paybill/callbacks/');
  });
});

describe('STK Push (§2 "Pay with M-Pesa", §3)', () => {
  it('a parent pays for their own child: pending, then the callback posts the payment once and the balance drops', async () => {
    const mine = await json<MyChildrenFees>('GET', '/api/fees/my-children', 'parent');
    const child = mine.children[0]!;
    const before = await balance(child.studentId);
    t.deps.darajaSimulator!.next({ amountAsDecimal: true, balance: 'no-value', duplicate: 2 });
    const stk = await json<StkRequest>('POST', '/api/mpesa/stk-push', 'parent', { studentId: child.studentId, phone: mine.phone!, amount: 1500 }, 201);
    expect(stk).toMatchObject({ status: 'pending' });
    expect(stk.checkoutRequestId).toMatch(/^ws_CO_/);
    const done = await until(() => json<StkRequest>('GET', `/api/mpesa/stk-push/${stk.checkoutRequestId}`, 'parent'), (s) => s.status !== 'pending');
    expect(done.status).toBe('succeeded');
    expect(done.mpesaReceipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(done.balance).toBeCloseTo(before - 1500, 2);
    // Three callbacks arrived (two duplicates); one payment.
    await until(() => system(t.database, (tx) => tx.select().from(mpesaCallbacks).where(eq(mpesaCallbacks.externalId, stk.checkoutRequestId))), (r) => r.length === 3);
    const posted = await system(t.database, (tx) => tx.select().from(payments).where(eq(payments.reference, done.mpesaReceipt!)));
    expect(posted).toHaveLength(1);
    expect(await balance(child.studentId)).toBeCloseTo(before - 1500, 2);
    // The SMS receipt, in the spec's words.
    const sms = await until(() => system(t.database, (tx) => tx.select().from(smsMessages).where(eq(smsMessages.studentId, child.studentId))), (r) => r.length > 0);
    expect(sms.at(-1)!.body).toMatch(new RegExp(`^Received KES 1,500\\.00 for .+ ${child.admissionNumber.replace(/\//g, '\\/')}\\. Balance KES [\\d,]+\\.\\d\\d\\. Ref ${done.mpesaReceipt}$`));
  });

  it('a cancellation (1032) and a wrong PIN leave the balance; a string ResultCode is read as a number', async () => {
    const learner = await learnerByAdmission(greenhill, 20);
    const before = await balance(learner.id);
    const cancelled = await json<StkRequest>('POST', '/api/mpesa/stk-push', 'finance', { studentId: learner.id, phone: '0712000032', amount: 100 }, 201);
    t.deps.darajaSimulator!.next({ outcome: 'wrong_pin', resultCodeAsString: true });
    const wrongPin = await json<StkRequest>('POST', '/api/mpesa/stk-push', 'finance', { studentId: learner.id, phone: '0712345678', amount: 100 }, 201);
    const a = await until(() => json<StkRequest>('GET', `/api/mpesa/stk-push/${cancelled.checkoutRequestId}`, 'finance'), (s) => s.status !== 'pending');
    const b = await until(() => json<StkRequest>('GET', `/api/mpesa/stk-push/${wrongPin.checkoutRequestId}`, 'finance'), (s) => s.status !== 'pending');
    expect(a).toMatchObject({ status: 'cancelled', resultCode: '1032' });
    expect(b).toMatchObject({ status: 'failed', resultCode: '2001' });
    expect(await balance(learner.id)).toBe(before);
  });

  it('no callback: the STK query resolves the push as timed out (1037) after the timeout; a late success still posts once', async () => {
    const learner = await learnerByAdmission(greenhill, 21);
    const before = await balance(learner.id);
    const stk = await json<StkRequest>('POST', '/api/mpesa/stk-push', 'finance', { studentId: learner.id, phone: '0712000037', amount: 200 }, 201);
    await new Promise((r) => setTimeout(r, 150));
    // Before the timeout the sweep leaves it alone.
    await t.deps.mpesaSweeper.runOnce();
    expect((await json<StkRequest>('GET', `/api/mpesa/stk-push/${stk.checkoutRequestId}`, 'finance')).status).toBe('pending');
    const swept = await t.deps.mpesaSweeper.runOnce({ now: new Date(Date.now() + 120_000) });
    expect(swept.pushes).toBeGreaterThanOrEqual(1);
    expect((await json<StkRequest>('GET', `/api/mpesa/stk-push/${stk.checkoutRequestId}`, 'finance')).status).toBe('timeout');
    // Safaricom's late success for the same request: the money moved, so it posts (once).
    const token = await tokenOf(greenhill);
    for (let i = 0; i < 2; i++) {
      const res = await send('POST', `/api/mpesa/callbacks/${token}/stk`, undefined, stkBody(stk.checkoutRequestId, { amount: '200.00', receipt: 'UAB7LATE01' }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    }
    expect((await json<StkRequest>('GET', `/api/mpesa/stk-push/${stk.checkoutRequestId}`, 'finance')).status).toBe('succeeded');
    expect(await balance(learner.id)).toBeCloseTo(before - 200, 2);
  });

  it('a success the query reports first posts once; the callback that follows only fills in the receipt', async () => {
    const learner = await learnerByAdmission(greenhill, 22);
    const before = await balance(learner.id);
    t.deps.darajaSimulator!.next({ lateMs: 600_000 });
    const stk = await json<StkRequest>('POST', '/api/mpesa/stk-push', 'finance', { studentId: learner.id, phone: '0712345678', amount: 300 }, 201);
    await new Promise((r) => setTimeout(r, 150));
    await t.deps.mpesaSweeper.runOnce({ now: new Date(Date.now() + 120_000) });
    const byQuery = await json<StkRequest>('GET', `/api/mpesa/stk-push/${stk.checkoutRequestId}`, 'finance');
    expect(byQuery.status).toBe('succeeded');
    expect(await balance(learner.id)).toBeCloseTo(before - 300, 2);
    const token = await tokenOf(greenhill);
    await send('POST', `/api/mpesa/callbacks/${token}/stk`, undefined, stkBody(stk.checkoutRequestId, { amount: '300', receipt: 'UAB7QRY001' }));
    expect(await balance(learner.id)).toBeCloseTo(before - 300, 2);
    const [txn] = await system(t.database, (tx) => tx.select().from(mpesaTransactions).where(eq(mpesaTransactions.transId, 'UAB7QRY001')));
    expect(txn?.status).toBe('matched');
  });

  it('who may push: parents only for their own children; teachers 403; bad phone and fractional amount 400', async () => {
    const other = await learnerByAdmission(greenhill, 30);
    expect((await send('POST', '/api/mpesa/stk-push', 'parent', { studentId: other.id, phone: '0712345678', amount: 100 })).statusCode).toBe(404);
    expect((await send('POST', '/api/mpesa/stk-push', 'teacher', { studentId: other.id, phone: '0712345678', amount: 100 })).statusCode).toBe(403);
    expect((await send('POST', '/api/mpesa/stk-push', 'principal', { studentId: other.id, phone: '0712345678', amount: 100 })).statusCode).toBe(403);
    expect((await send('POST', '/api/mpesa/stk-push', 'finance', { studentId: other.id, phone: '12345', amount: 100 })).statusCode).toBe(400);
    expect((await send('POST', '/api/mpesa/stk-push', 'finance', { studentId: other.id, phone: '0712345678', amount: 100.5 })).statusCode).toBe(400);
    expect((await send('POST', '/api/mpesa/stk-push', 'rsFinance', { studentId: other.id, phone: '0712345678', amount: 100 })).statusCode).toBe(404);
  });
});

describe('callbacks: tokens, bodies, duplicates (§3)', () => {
  it('an unknown token is 404 and a malformed body 400, never a 500; a bad body with a good token is stored', async () => {
    const token = await tokenOf(greenhill);
    expect((await send('POST', '/api/mpesa/callbacks/not-a-real-token-123456/stk', undefined, stkBody('ws_CO_x'))).statusCode).toBe(404);
    expect((await send('POST', `/api/mpesa/callbacks/${token}/stk`, undefined, '{"Body": {')).statusCode).toBe(400);
    expect((await send('POST', `/api/mpesa/callbacks/${token}/stk`, undefined, '[1,2]')).statusCode).toBe(400);
    const missing = await send('POST', `/api/mpesa/callbacks/${token}/stk`, undefined, '{"Body":{"nothing":true}}');
    expect(missing.statusCode).toBe(400);
    const noTrans = await send('POST', `/api/mpesa/callbacks/${token}/confirmation`, undefined, '{"TransAmount":"10.00"}');
    expect(noTrans.statusCode).toBe(400);
    const stored = await system(t.database, (tx) => tx.select().from(mpesaCallbacks).where(eq(mpesaCallbacks.outcome, 'malformed')));
    expect(stored.length).toBeGreaterThanOrEqual(2);
  });

  it('a paybill confirmation posts to the learner whose admission number was typed (case and spacing ignored), once', async () => {
    const token = await tokenOf(greenhill);
    const learner = await learnerByAdmission(greenhill, 40);
    const before = await balance(learner.id);
    const typed = ` ${learner.admissionNumber.toLowerCase().replace(/\//g, ' ')} `;
    for (let i = 0; i < 3; i++) {
      const res = await send('POST', `/api/mpesa/callbacks/${token}/confirmation`, undefined, c2bBody('UAB1DUP001', typed));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    }
    expect(await balance(learner.id)).toBeCloseTo(before - 1500, 2);
    const rows = await system(t.database, (tx) => tx.select().from(mpesaCallbacks).where(eq(mpesaCallbacks.externalId, 'UAB1DUP001')));
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.outcome === 'duplicate')).toHaveLength(2);
  });

  it("another school's admission number on Greenhill's paybill is never posted to that school: it waits unmatched at Greenhill", async () => {
    const token = await tokenOf(greenhill);
    const rs = await learnerByAdmission(riverside, 0);
    const rsBefore = await paymentsFor(rs.id);
    await send('POST', `/api/mpesa/callbacks/${token}/confirmation`, undefined, c2bBody('UAB1XSCH01', rs.admissionNumber));
    expect(await paymentsFor(rs.id)).toBe(rsBefore);
    const [txn] = await system(t.database, (tx) => tx.select().from(mpesaTransactions).where(eq(mpesaTransactions.transId, 'UAB1XSCH01')));
    expect(txn).toMatchObject({ schoolId: greenhill, status: 'unmatched' });
    const queue = await json<ListTransactionsResponse>('GET', '/api/mpesa/unmatched?search=UAB1XSCH01', 'finance');
    expect(queue.items.map((i) => i.transId)).toEqual(['UAB1XSCH01']);
    const rsQueue = await json<ListTransactionsResponse>('GET', '/api/mpesa/unmatched?search=UAB1XSCH01', 'rsFinance');
    expect(rsQueue.items).toHaveLength(0);
  });

  it('strict validation rejects an unknown account with C2B00012 and accepts a known one', async () => {
    await json('PUT', '/api/mpesa/config', 'finance', { shortcode: '174379', shortcodeType: 'paybill', environment: 'simulator', strictValidation: true });
    const token = await tokenOf(greenhill);
    const learner = await learnerByAdmission(greenhill, 41);
    const bad = await send('POST', `/api/mpesa/callbacks/${token}/validation`, undefined, c2bBody('UAB1VAL001', 'NOSUCH123'));
    expect(bad.json()).toEqual({ ResultCode: 'C2B00012', ResultDesc: 'Rejected' });
    const good = await send('POST', `/api/paybill/callbacks/${token}/validation`, undefined, c2bBody('UAB1VAL002', learner.admissionNumber.toLowerCase()));
    expect(good.json()).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    await json('PUT', '/api/mpesa/config', 'finance', { shortcode: '174379', shortcodeType: 'paybill', environment: 'simulator', strictValidation: false });
    const lax = await send('POST', `/api/mpesa/callbacks/${token}/validation`, undefined, c2bBody('UAB1VAL003', 'NOSUCH123'));
    expect(lax.json()).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
  });

  it('the simulator’s paybill payment runs validation and confirmation end to end', async () => {
    const learner = await learnerByAdmission(greenhill, 42);
    const before = await balance(learner.id);
    await json('POST', '/api/mpesa/simulate-c2b', 'finance', { amount: 2500, phone: '0712345678', accountReference: learner.admissionNumber });
    const after = await until(() => balance(learner.id), (b) => b !== before);
    expect(after).toBeCloseTo(before - 2500, 2);
  });

  it('a callback stored but never applied (the server died in between) is applied by the sweep, exactly once', async () => {
    const learner = await learnerByAdmission(greenhill, 43);
    const before = await balance(learner.id);
    await system(t.database, (tx) =>
      tx.insert(mpesaCallbacks).values({ schoolId: greenhill, kind: 'confirmation', externalId: 'UAB1CRASH1', body: c2bBody('UAB1CRASH1', learner.admissionNumber, '700.00'), receivedAt: new Date(Date.now() - 60_000) }),
    );
    await t.deps.mpesaSweeper.runOnce();
    await t.deps.mpesaSweeper.runOnce();
    expect(await balance(learner.id)).toBeCloseTo(before - 700, 2);
  });
});

describe('the simulator cannot touch real money or leak secrets (issue 32 §1)', () => {
  it('its routes are not reachable over HTTP: no token, no simulated payment, no control, no request log', async () => {
    const basic = `Basic ${Buffer.from('anything:anything').toString('base64')}`;
    const probes = [
      await t.app.inject({ method: 'GET', url: '/daraja-sim/oauth/v1/generate?grant_type=client_credentials', headers: { authorization: basic } }),
      await t.app.inject({ method: 'GET', url: '/daraja-sim/_control/requests' }),
      await t.app.inject({ method: 'POST', url: '/daraja-sim/_control/next', payload: { outcome: 'success', duplicate: 3 } }),
      await t.app.inject({ method: 'POST', url: '/daraja-sim/mpesa/c2b/v1/simulate', payload: { ShortCode: '174379', CommandID: 'CustomerPayBillOnline', Amount: 5000, Msisdn: '254708374149', BillRefNumber: 'X' } }),
      // Signed in as the platform admin makes no difference: the simulator answers only this process.
      await t.app.inject({ method: 'GET', url: '/daraja-sim/_control/requests', headers: { cookie: cookie.admin! } }),
    ];
    for (const res of probes) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('callbacks/');
    }
    expect(t.deps.darajaSimulator!.requests().stkPushes.length).toBeGreaterThan(0);
  });

  it('a callback that did not come from the simulator cannot pay a simulator school, even with its token', async () => {
    const token = await tokenOf(greenhill);
    const learner = await learnerByAdmission(greenhill, 45);
    const before = await balance(learner.id);
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/paybill/callbacks/${token}/confirmation`,
      payload: c2bBody('UAB1FORGE1', learner.admissionNumber, '999999999999.99'),
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.message).toBe(fm.callbackWrongSource);
    expect(await balance(learner.id)).toBe(before);
    const [kept] = await system(t.database, (tx) => tx.select().from(mpesaCallbacks).where(eq(mpesaCallbacks.externalId, 'UAB1FORGE1')));
    expect(kept).toMatchObject({ outcome: 'wrong_source', schoolId: greenhill });
    expect(await system(t.database, (tx) => tx.select().from(mpesaTransactions).where(eq(mpesaTransactions.transId, 'UAB1FORGE1')))).toHaveLength(0);
  });

  it('the simulator cannot pay a school on the sandbox or production environment', async () => {
    const token = await tokenOf(riverside);
    const learner = await learnerByAdmission(riverside, 5);
    const before = await paymentsFor(learner.id);
    await system(t.database, (tx) => tx.update(mpesaConfigs).set({ environment: 'production' }).where(eq(mpesaConfigs.schoolId, riverside)));
    try {
      const res = await send('POST', `/api/mpesa/callbacks/${token}/confirmation`, undefined, c2bBody('UAB1SIMPR1', learner.admissionNumber));
      expect(res.statusCode).toBe(403);
      expect(await paymentsFor(learner.id)).toBe(before);
    } finally {
      await system(t.database, (tx) => tx.update(mpesaConfigs).set({ environment: 'simulator' }).where(eq(mpesaConfigs.schoolId, riverside)));
    }
  });
});

describe('every credited amount matches what was asked (issue 32 §2)', () => {
  it('an STK callback for more than the push asked is held in the unmatched queue with the reason, never posted', async () => {
    const learner = await learnerByAdmission(greenhill, 47);
    const before = await balance(learner.id);
    // A phone ending in 037 never answers, so only our callback arrives.
    const stk = await json<StkRequest>('POST', '/api/mpesa/stk-push', 'finance', { studentId: learner.id, phone: '0712000037', amount: 10 }, 201);
    const token = await tokenOf(greenhill);
    for (let i = 0; i < 2; i++) {
      const res = await send('POST', `/api/mpesa/callbacks/${token}/stk`, undefined, stkBody(stk.checkoutRequestId, { amount: '50.00', receipt: 'UAB7MORE01' }));
      expect(res.statusCode).toBe(200);
    }
    const after = await json<StkRequest>('GET', `/api/mpesa/stk-push/${stk.checkoutRequestId}`, 'finance');
    expect(after.status).toBe('failed');
    expect(await balance(learner.id)).toBe(before);
    const queue = await json<ListTransactionsResponse>('GET', '/api/mpesa/unmatched?search=UAB7MORE01', 'finance');
    expect(queue.items).toHaveLength(1);
    expect(queue.items[0]).toMatchObject({ amount: 50, note: 'Held for review: the STK Push asked for KES 10.00 but M-Pesa reported KES 50.00.' });
    const audits = await system(t.database, (tx) => tx.select().from(auditLogs).where(eq(auditLogs.action, 'MPESA_PAYMENT_HELD')));
    expect(audits.some((a) => JSON.stringify(a.newValue).includes('UAB7MORE01'))).toBe(true);
  });

  it('a paybill payment above the ceiling (KES 250,000) is held even for a known account; at the ceiling it posts', async () => {
    const token = await tokenOf(greenhill);
    const learner = await learnerByAdmission(greenhill, 48);
    const before = await balance(learner.id);
    const over = await send('POST', `/api/mpesa/callbacks/${token}/confirmation`, undefined, c2bBody('UAB1HIGH01', learner.admissionNumber, '250000.01'));
    expect(over.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(await balance(learner.id)).toBe(before);
    const queue = await json<ListTransactionsResponse>('GET', '/api/mpesa/unmatched?search=UAB1HIGH01', 'finance');
    expect(queue.items[0]).toMatchObject({ amount: 250000.01, note: 'Held for review: KES 250,000.01 is above the paybill ceiling of KES 250,000.00.' });
    await send('POST', `/api/mpesa/callbacks/${token}/confirmation`, undefined, c2bBody('UAB1HIGH02', learner.admissionNumber, '250000.00'));
    expect(await balance(learner.id)).toBeCloseTo(before - 250000, 2);
  });
});

describe('the unmatched queue and reconciliation (§3)', () => {
  it('allocates an unmatched payment to a learner (audited, receipt), once; refunds another', async () => {
    const queue = await json<ListTransactionsResponse>('GET', '/api/mpesa/unmatched', 'finance');
    expect(queue.total).toBeGreaterThanOrEqual(5);
    const [first, second] = queue.items;
    const learner = await learnerByAdmission(greenhill, 50);
    const before = await balance(learner.id);
    expect((await send('POST', `/api/mpesa/unmatched/${first!.id}/allocate`, 'principal', { studentId: learner.id })).statusCode).toBe(403);
    const done = await json<MpesaTransaction>('POST', `/api/mpesa/unmatched/${first!.id}/allocate`, 'finance', { studentId: learner.id, note: 'Parent called: typed FEES' });
    expect(done).toMatchObject({ status: 'matched', studentId: learner.id });
    expect(done.receiptNumber).toMatch(/^RCT-/);
    expect(await balance(learner.id)).toBeCloseTo(before - first!.amount, 2);
    expect((await send('POST', `/api/mpesa/unmatched/${first!.id}/allocate`, 'finance', { studentId: learner.id })).statusCode).toBe(409);
    const refunded = await json<MpesaTransaction>('POST', `/api/mpesa/unmatched/${second!.id}/refund`, 'finance', { note: 'Paid to the wrong paybill; refunded' });
    expect(refunded.status).toBe('refunded');
    expect((await send('POST', `/api/mpesa/unmatched/${second!.id}/refund`, 'finance', { note: 'x' })).statusCode).toBe(409);
    expect((await send('POST', `/api/mpesa/unmatched/${crypto.randomUUID()}/refund`, 'finance', { note: 'x' })).statusCode).toBe(404);
  });

  it('reconciliation counts matched, unmatched, refunded and failed by day; transactions filter by status', async () => {
    // Since before this school year opened: every payment of the demo and of this file.
    const from = addDays(demo.cal.terms[0]!.startsOn, -30);
    const rec = await json<Reconciliation>('GET', `/api/mpesa/reconciliation?from=${from}`, 'finance');
    // Each day counts the school's M-Pesa transactions of that Nairobi day by status: the demo's paybill
    // payments since the term opened (more the further into it) and this file's of today.
    const txns = await system(t.database, (tx) =>
      tx.select({ at: mpesaTransactions.transTime, status: mpesaTransactions.status }).from(mpesaTransactions).where(eq(mpesaTransactions.schoolId, greenhill)),
    );
    const expected = new Map<string, Record<string, number>>();
    for (const x of txns.filter((x) => schoolToday(x.at) >= from)) {
      const day = expected.get(schoolToday(x.at)) ?? { matched: 0, unmatched: 0, refunded: 0 };
      day[x.status]!++;
      expected.set(schoolToday(x.at), day);
    }
    const counted = new Map(rec.days.filter((d) => d.matched + d.unmatched + d.refunded > 0).map((d) => [d.date, { matched: d.matched, unmatched: d.unmatched, refunded: d.refunded }]));
    expect(counted).toEqual(expected);
    // The demo's payments of earlier days are counted, not only this file's.
    expect(rec.days.some((d) => d.date < schoolToday() && d.matched > 0)).toBe(true);
    expect(rec.totals.unmatched).toBeGreaterThanOrEqual(1);
    expect(rec.totals.refunded).toBeGreaterThanOrEqual(1);
    expect(rec.totals.failed).toBeGreaterThanOrEqual(1);
    const sum = rec.days.reduce((s, d) => s + d.matched, 0);
    expect(sum).toBe(rec.totals.matched);
    const matched = await json<ListTransactionsResponse>('GET', '/api/mpesa/transactions?status=matched&pageSize=5', 'director');
    expect(matched.items.every((i) => i.status === 'matched')).toBe(true);
    const csv = await send('GET', `/api/mpesa/reconciliation/export?format=csv&from=${from}`, 'finance');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Failed STK pushes');
  });
});

describe('every learner balance equals the sum of its distinct payments', () => {
  it('no M-Pesa transaction posted twice', async () => {
    const [dup] = await system(t.database, (tx) =>
      tx.execute(sql`select count(*)::int as n from (select mpesa_transaction_id from payments where mpesa_transaction_id is not null group by 1 having count(*) > 1) d`),
    ).then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(Number(dup!.n)).toBe(0);
    const pending = await system(t.database, (tx) => tx.select({ n: count() }).from(mpesaStkRequests).where(eq(mpesaStkRequests.status, 'succeeded')));
    expect(Number(pending[0]!.n)).toBeGreaterThanOrEqual(2);
  });
});
