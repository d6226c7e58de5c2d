import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDemoApp, system, until, type TestApp } from '../../../../tests/helpers.js';
import { demo } from '../../../../tests/demo.js';
import { addDays } from '../../../shared/dates.js';
import { darajaTimestamp } from '../../integrations/mpesa/daraja-protocol.js';
import type { GenerateInvoicesResponse, PlatformInvoice, PlatformInvoiceDetail, PlatformStkRequest } from '../../../shared/contracts/billing.js';
import { platformPayments, schoolSubscriptions } from '../../db/schema/index.js';
import { invalidateBillingGate } from './billing-gate.js';
import { BILLING_SETTINGS_KEY, loadBillingSettings } from './settings.service.js';

/**
 * Paying a platform invoice by M-Pesa (issue 18 §1): the director's STK push to EduFam's paybill through
 * the built-in Daraja simulator (the same client and simulator as school fees), the callback applied
 * once (duplicates change nothing), a cancelled push pays nothing, another school's invoice is 404,
 * C2B paybill payments with the invoice number as account (once per TransID), unknown tokens 404, and a
 * read-only school can still pay. Runs on PGlite and on PostgreSQL.
 */

let t: TestApp;
let greenhill: string;
let token: string;
const invoices: Record<string, PlatformInvoice> = {};
const cookie: Record<string, string> = {};

beforeAll(async () => {
  ({ t, greenhill } = await openDemoApp(cookie, ['admin', 'director', 'rsDirector', 'finance'], { env: { MPESA_SIMULATOR_DELAY_MS: '30', MPESA_STK_TIMEOUT_S: '60' } }));
  const gen = await t.app.inject({ method: 'POST', url: '/api/billing/invoices/generate', headers: { cookie: cookie.admin! }, payload: { termLabel: demo.latestTermLabel, snapshotDate: addDays(demo.cal.latestTerm.startsOn, 7) } });
  for (const inv of (gen.json() as GenerateInvoicesResponse).invoices) invoices[inv.schoolId === greenhill ? 'greenhill' : 'riverside'] = inv;
  token = (await system(t.database, (tx) => loadBillingSettings(tx))).mpesa.callbackToken;
  expect(BILLING_SETTINGS_KEY).toBe('billing_settings');
});
afterAll(async () => {
  await t?.close();
});

function send(method: 'GET' | 'POST', url: string, who?: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: who ? { cookie: cookie[who]! } : {}, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
}

const stkStatus = async (id: string, who = 'director') => (await send('GET', `/api/billing/mpesa/${id}`, who)).json() as PlatformStkRequest;
const invoice = async (id: string) => (await send('GET', `/api/billing/invoices/${id}`, 'admin')).json() as PlatformInvoiceDetail;

describe('STK push to the platform paybill (§1)', () => {
  it('the director pays their invoice through the simulator; a duplicated callback is applied once', async () => {
    const inv = invoices.greenhill!;
    t.deps.darajaSimulator!.next({ duplicate: 2, amountAsDecimal: true, balance: 'no-value' });
    const res = await send('POST', `/api/billing/invoices/${inv.id}/mpesa`, 'director', { phone: '0708 374 149' });
    expect(res.statusCode, res.body).toBe(202);
    const stk = res.json() as PlatformStkRequest;
    expect(stk).toMatchObject({ status: 'pending', invoiceNumber: inv.number, phone: '254708374149' });
    expect(stk.amountCents).toBe(Math.ceil(inv.balanceCents / 100) * 100);
    const push = t.deps.darajaSimulator!.requests().stkPushes.at(-1)!;
    expect(push).toMatchObject({ checkoutRequestId: stk.checkoutRequestId });
    const done = await until(() => stkStatus(stk.checkoutRequestId), (s) => s.status !== 'pending');
    expect(done.status).toBe('succeeded');
    expect(done.mpesaReceipt).toBeTruthy();
    expect(done.receiptNumber).toMatch(/^EDF-RCT-\d{4}-\d{4}$/);
    await new Promise((r) => setTimeout(r, 300)); // the duplicate callbacks
    const after = await invoice(inv.id);
    expect(after.status).toBe('paid');
    expect(after.balanceCents).toBeLessThanOrEqual(0);
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]).toMatchObject({ method: 'mpesa', reference: done.mpesaReceipt });
    // another school's director cannot see the request
    expect((await send('GET', `/api/billing/mpesa/${stk.checkoutRequestId}`, 'rsDirector')).statusCode).toBe(404);
  });

  it('a paid invoice cannot be pushed again; another school\'s invoice is 404; other roles 403; bad phone 400', async () => {
    expect((await send('POST', `/api/billing/invoices/${invoices.greenhill!.id}/mpesa`, 'director', { phone: '0708374149' })).statusCode).toBe(409);
    expect((await send('POST', `/api/billing/invoices/${invoices.riverside!.id}/mpesa`, 'director', { phone: '0708374149' })).statusCode).toBe(404);
    expect((await send('POST', `/api/billing/invoices/${invoices.riverside!.id}/mpesa`, 'finance', { phone: '0708374149' })).statusCode).toBe(403);
    expect((await send('POST', `/api/billing/invoices/${invoices.riverside!.id}/mpesa`, undefined, { phone: '0708374149' })).statusCode).toBe(401);
    expect((await send('POST', `/api/billing/invoices/${invoices.riverside!.id}/mpesa`, 'rsDirector', { phone: '12345' })).statusCode).toBe(400);
  });

  it('a cancelled push pays nothing', async () => {
    const inv = invoices.riverside!;
    const res = await send('POST', `/api/billing/invoices/${inv.id}/mpesa`, 'rsDirector', { phone: '0708374032', amountCents: 100_000 });
    expect(res.statusCode, res.body).toBe(202);
    const done = await until(() => stkStatus((res.json() as PlatformStkRequest).checkoutRequestId, 'rsDirector'), (s) => s.status !== 'pending');
    expect(done.status).toBe('cancelled');
    expect(done.paymentId).toBeNull();
    expect((await invoice(inv.id)).paidCents).toBe(0);
  });

  it('a read-only school can still pay (the billing routes are exempt)', async () => {
    const inv = invoices.riverside!;
    const riverside = inv.schoolId;
    await system(t.database, (tx) => tx.update(schoolSubscriptions).set({ status: 'read_only' }).where(eq(schoolSubscriptions.schoolId, riverside)));
    invalidateBillingGate();
    const blocked = await send('POST', '/api/announcements', 'rsDirector', {});
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ error: { code: 'SCHOOL_READ_ONLY' } });
    const res = await send('POST', `/api/billing/invoices/${inv.id}/mpesa`, 'rsDirector', { phone: '254708374149', amountCents: 250_000 });
    expect(res.statusCode, res.body).toBe(202);
    const done = await until(() => stkStatus((res.json() as PlatformStkRequest).checkoutRequestId, 'rsDirector'), (s) => s.status !== 'pending');
    expect(done.status).toBe('succeeded');
    expect((await invoice(inv.id)).paidCents).toBe(250_000);
    // nothing is overdue, so the payment lifts read-only at once
    const [sub] = await system(t.database, (tx) => tx.select().from(schoolSubscriptions).where(eq(schoolSubscriptions.schoolId, riverside)));
    expect(sub!.status).toBe('active');
    expect((await send('POST', '/api/announcements', 'rsDirector', {})).statusCode).toBe(400);
  });
});

describe('C2B paybill payments (account = invoice number)', () => {
  const body = (transId: string, account: string, amount = '1000.00') => ({
    TransactionType: 'Pay Bill',
    TransID: transId,
    TransTime: darajaTimestamp(new Date()),
    TransAmount: amount,
    BusinessShortCode: '4012345',
    BillRefNumber: account,
    InvoiceNumber: '',
    OrgAccountBalance: '',
    ThirdPartyTransID: '',
    MSISDN: '25470****149',
    FirstName: 'AMINA',
    MiddleName: '',
    LastName: 'HASSAN',
  });

  it('validates the account, posts a confirmation once per TransID, and refuses unknown tokens', async () => {
    const inv = invoices.riverside!;
    const before = (await invoice(inv.id)).paidCents;
    const loose = inv.number.toLowerCase().replace(/-/g, ' ');
    const ok = await send('POST', `/api/billing/paybill/validation/${token}`, undefined, body('UAB1CD2EF3', loose));
    expect(ok.json()).toMatchObject({ ResultCode: '0' });
    const bad = await send('POST', `/api/billing/paybill/validation/${token}`, undefined, body('UAB1CD2EF3', 'NOPE-1'));
    expect(bad.json()).toMatchObject({ ResultCode: 'C2B00012' });
    for (let i = 0; i < 2; i++) {
      const res = await send('POST', `/api/billing/paybill/confirmation/${token}`, undefined, body('UAB1CD2EF3', loose));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ResultCode: 0 });
    }
    expect((await invoice(inv.id)).paidCents).toBe(before + 100_000);
    const rows = await system(t.database, (tx) => tx.select().from(platformPayments).where(eq(platformPayments.reference, 'UAB1CD2EF3')));
    expect(rows).toHaveLength(1);
    expect((await send('POST', '/api/billing/paybill/confirmation/not-the-token', undefined, body('UAB1CD2EF4', loose))).statusCode).toBe(404);
    expect((await send('POST', '/api/billing/mpesa/callback/not-the-token', undefined, { Body: {} })).statusCode).toBe(404);
    // a malformed callback with the right token is acknowledged (Safaricom must not retry forever)
    expect((await send('POST', `/api/billing/mpesa/callback/${token}`, undefined, { Body: {} })).statusCode).toBe(200);
  });
});
