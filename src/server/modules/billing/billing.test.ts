import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEMO, countRows, methodCaller, openDemoApp, system, type TestApp } from '../../../../tests/helpers.js';
import { demo } from '../../../../tests/demo.js';
import type {
  BillingDashboard,
  BillingPlan,
  BillingSettings,
  BillingStatusResponse,
  GenerateInvoicesResponse,
  ListInvoicesResponse,
  ListSubscriptionsResponse,
  PaymentResponse,
  PlatformInvoiceDetail,
} from '../../../shared/contracts/billing.js';
import { auditLogs, billingReminders, platformInvoices, platformPayments, profiles, schoolSubscriptions } from '../../db/schema/index.js';
import { billingMessages as bm } from '../../../shared/messages/billing.js';
import { withLocale } from '../../lib/request-locale.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { inspectPdf } from '../../lib/pdf.js';
import { priceTerm } from './pricing.js';
import { allowedWhileReadOnly, invalidateBillingGate } from './billing-gate.js';
import { billingStatusBySchool } from './billing-status.js';
import { runBillingSweep } from './reminders.service.js';

/**
 * Platform billing (issue 18 §1, §5, "Bad input", "Demo data"): the pure price function (minimum, VAT,
 * discount, setup fee), access (director own school only, other school's invoice 404, other roles 403,
 * no session 401), plans (negative price 400), term generation twice without duplicates, the PDF with the
 * KRA PIN, credit notes, idempotent bank payments, reminders and read-only mode (POST refused with
 * SCHOOL_READ_ONLY, GET works, paying still works). Runs on PGlite and on PostgreSQL.
 */

let t: TestApp;
let greenhill: string;
let riverside: string;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  ({ t, greenhill, riverside } = await openDemoApp(cookie, ['admin', 'elimisha', 'director', 'rsDirector', 'principal', 'finance', 'teacher'], { env: { MPESA_SIMULATOR_DELAY_MS: '20' } }));
});
afterAll(async () => {
  await t?.close();
});

const { send, json } = methodCaller(() => t.app, cookie);

/** The demo's terms by label: the one before the latest is invoiced by the seed, the latest and the coming one are generated here. */
const { cal } = demo;
const today = schoolToday();
const q = (label: string) => encodeURIComponent(label);

describe('priceTerm (pure)', () => {
  const base = { pricePerLearnerCents: 5_000, minimumCents: 1_000_000, setupFeeCents: 2_000_000, modules: [], firstInvoice: false, discountPercent: 0, discountCents: 0, vatRateBps: 1600 };
  it('charges learners × price when above the minimum, VAT 16 % on top', () => {
    const p = priceTerm({ ...base, learnerCount: 480 });
    expect(p.lines).toHaveLength(1);
    expect(p.lines[0]).toMatchObject({ kind: 'learners', quantity: 480, unitCents: 5_000, amountCents: 2_400_000 });
    expect(p.subtotalCents).toBe(2_400_000);
    expect(p.vatCents).toBe(384_000);
    expect(p.totalCents).toBe(2_784_000);
  });
  it('charges the minimum when learners × price is below it', () => {
    const p = priceTerm({ ...base, learnerCount: 150 });
    expect(p.lines[0]).toMatchObject({ kind: 'minimum', quantity: 1, amountCents: 1_000_000 });
    expect(p.totalCents).toBe(1_160_000);
  });
  it('adds modules and the setup fee on the first invoice, then the discount, VAT on the discounted sum (half up)', () => {
    const p = priceTerm({ ...base, learnerCount: 301, firstInvoice: true, modules: [{ key: 'sms', name: 'SMS', priceCents: 150_000 }], discountPercent: 10, discountCents: 1_000 });
    // 301 × 50 = 15,050; + 1,500 + 20,000 = 36,550; discount 3,655 + 10 = 3,665 → 32,885; VAT 5,261.60
    expect(p.subtotalCents).toBe(3_655_000);
    expect(p.discountCents).toBe(366_500);
    expect(p.vatCents).toBe(526_160);
    expect(p.totalCents).toBe(3_288_500 + 526_160);
    expect(p.lines.map((l) => l.kind)).toEqual(['learners', 'module', 'setup_fee', 'discount']);
    expect(p.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(p.subtotalCents - p.discountCents);
  });
  it('never discounts below zero and rounds VAT half up', () => {
    expect(priceTerm({ ...base, learnerCount: 0, minimumCents: 0, discountCents: 5_000 }).totalCents).toBe(0);
    expect(priceTerm({ ...base, learnerCount: 1, minimumCents: 0, pricePerLearnerCents: 1_003, vatRateBps: 1650 }).vatCents).toBe(165); // 165.495 → 165
    expect(priceTerm({ ...base, learnerCount: 1, minimumCents: 0, pricePerLearnerCents: 1_000, vatRateBps: 1650 }).vatCents).toBe(165);
    expect(priceTerm({ ...base, learnerCount: 1, minimumCents: 0, pricePerLearnerCents: 1_010, vatRateBps: 1650 }).vatCents).toBe(167); // 166.65 → 167
  });
});

describe('access (§5)', () => {
  it('401 without a session, 403 for roles other than EduFam staff and the director', async () => {
    expect((await send('GET', '/api/billing/invoices')).statusCode).toBe(401);
    expect((await send('POST', '/api/billing/invoices/generate', undefined, { termLabel: 'x', snapshotDate: today })).statusCode).toBe(401);
    for (const who of ['principal', 'finance', 'teacher']) {
      expect((await send('GET', '/api/billing/invoices', who)).statusCode, who).toBe(403);
    }
    expect((await send('POST', '/api/billing/invoices/generate', 'director', { termLabel: 'x', snapshotDate: today })).statusCode).toBe(403);
    expect((await send('GET', '/api/billing/plans', 'director')).statusCode).toBe(403);
    expect((await send('GET', '/api/billing/dashboard', 'director')).statusCode).toBe(403);
  });

  it('a director lists only their own school whatever schoolId they pass; another school\'s invoice is 404', async () => {
    const own = await json<ListInvoicesResponse>('GET', `/api/billing/invoices?schoolId=${riverside}`, 'director');
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((i) => i.schoolId === greenhill)).toBe(true);
    const all = await json<ListInvoicesResponse>('GET', '/api/billing/invoices', 'admin');
    const rs = all.items.find((i) => i.schoolId === riverside)!;
    expect(rs).toBeTruthy();
    expect((await send('GET', `/api/billing/invoices/${rs.id}`, 'director')).statusCode).toBe(404);
    expect((await send('GET', `/api/billing/invoices/${rs.id}/pdf`, 'director')).statusCode).toBe(404);
    const gh = all.items.find((i) => i.schoolId === greenhill)!;
    const detail = await json<PlatformInvoiceDetail>('GET', `/api/billing/invoices/${gh.id}`, 'director');
    expect(detail.payments[0]).toMatchObject({ method: 'mpesa', reference: 'SKE4H7Q2XA' });
    expect((await send('GET', `/api/billing/payments/${detail.payments[0]!.id}/receipt`, 'rsDirector')).statusCode).toBe(404);
    const subs = await json<ListSubscriptionsResponse>('GET', '/api/billing/subscriptions', 'director');
    expect(subs.items.map((s) => s.schoolId)).toEqual([greenhill]);
    expect(subs.items[0]).toMatchObject({ planName: 'Standard', status: 'active' });
  });

  it('the elimisha admin, the older alias of edufam_admin (spec §1), reads and may change billing', async () => {
    await json<ListInvoicesResponse>('GET', '/api/billing/invoices', 'elimisha');
    // Past the permission check (a school director gets 403), the empty plan is refused as bad input.
    expect((await send('POST', '/api/billing/plans', 'director', {})).statusCode).toBe(403);
    expect((await send('POST', '/api/billing/plans', 'elimisha', {})).statusCode).toBe(400);
  });
});

describe('demo data', () => {
  it('both schools are on Standard with invoices for the term before the latest: Greenhill paid by M-Pesa, Riverside partly paid by bank; no school read-only', async () => {
    const all = await json<ListInvoicesResponse>('GET', `/api/billing/invoices?termLabel=${q(demo.previousTermLabel)}`, 'admin');
    expect(all.total).toBe(2);
    const gh = all.items.find((i) => i.schoolId === greenhill)!;
    const rs = all.items.find((i) => i.schoolId === riverside)!;
    expect(gh).toMatchObject({ status: 'paid', balanceCents: 0, vatRateBps: 1600 });
    expect(gh.number).toMatch(new RegExp(`^EDF-${cal.previousTerm.startsOn.slice(0, 4)}-\\d{4}$`));
    expect(rs.status).toBe('partly_paid');
    expect(rs.balanceCents).toBeGreaterThan(0);
    expect(rs.overdue).toBe(false);
    const statuses = await system(t.database, (tx) => billingStatusBySchool(tx));
    expect(statuses.get(greenhill)).toMatchObject({ status: 'active', planName: 'Standard', balanceCents: 0 });
    expect(statuses.get(riverside)?.status).toBe('active');
    expect(statuses.get(riverside)?.balanceCents).toBe(rs.balanceCents);
  });
});

describe('plans', () => {
  it('creates and updates a plan; a negative price is 400 and writes nothing; a taken name 409', async () => {
    for (const bad of [{ pricePerLearnerCents: -1 }, { pricePerLearnerCents: 100, minimumCents: -5 }, { pricePerLearnerCents: 100, modules: [{ key: 'sms', name: 'SMS', priceCents: -100 }] }, { pricePerLearnerCents: 10.5 }]) {
      const res = await send('POST', '/api/billing/plans', 'admin', { name: 'Bad plan', ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const plans = await json<{ items: BillingPlan[] }>('GET', '/api/billing/plans', 'admin');
    expect(plans.items.some((p) => p.name === 'Bad plan')).toBe(false);
    const premium = await json<BillingPlan>('POST', '/api/billing/plans', 'admin', { name: 'Premium', pricePerLearnerCents: 8_000, minimumCents: 2_000_000, modules: [{ key: 'analytics', name: 'Analytics', priceCents: 300_000 }] }, 201);
    expect(premium).toMatchObject({ name: 'Premium', setupFeeCents: 0, active: true, schoolCount: 0 });
    expect((await send('POST', '/api/billing/plans', 'admin', { name: 'premium', pricePerLearnerCents: 1 })).statusCode).toBe(409);
    expect((await send('PATCH', `/api/billing/plans/${premium.id}`, 'admin', { pricePerLearnerCents: -2 })).statusCode).toBe(400);
    const updated = await json<BillingPlan>('PATCH', `/api/billing/plans/${premium.id}`, 'admin', { pricePerLearnerCents: 7_500 });
    expect(updated.pricePerLearnerCents).toBe(7_500);
    const [entry] = await system(t.database, (tx) => tx.select().from(auditLogs).where(and(eq(auditLogs.action, 'billing.plan.update'), eq(auditLogs.resource, premium.id))));
    expect(entry?.oldValue).toMatchObject({ pricePerLearnerCents: 8_000 });
    expect(entry?.newValue).toMatchObject({ pricePerLearnerCents: 7_500 });
  });
});

describe('settings', () => {
  it('defaults to 16 % VAT; secrets are write-only (masked)', async () => {
    const s = await json<BillingSettings>('GET', '/api/billing/settings', 'admin');
    expect(s).toMatchObject({ vatRateBps: 1600, paymentTermsDays: 14, reminderDaysBefore: [7, 1], reminderDaysAfter: [1, 7, 14] });
    expect(s.company).toMatchObject({ kraPin: 'P051234567X' });
    const saved = await json<BillingSettings>('PUT', '/api/billing/settings', 'admin', { graceDays: 21, mpesa: { passkey: 'my-very-secret-passkey-c0de' } });
    expect(saved.graceDays).toBe(21);
    expect(saved.mpesa.passkey).toBe('••••••••c0de');
    expect(JSON.stringify(saved)).not.toContain('my-very-secret');
    expect((await send('PUT', '/api/billing/settings', 'admin', { vatRateBps: -1 })).statusCode).toBe(400);
    // back to the simulator's credentials for the M-Pesa tests
    await json('PUT', '/api/billing/settings', 'admin', { graceDays: 14 });
  });
});

describe('generating term invoices (§1, §5)', () => {
  it('creates one invoice per subscribed school past its trial, in one go; a second call creates nothing', async () => {
    const before = await countRows(t.database, platformInvoices);
    const first = await json<GenerateInvoicesResponse>('POST', '/api/billing/invoices/generate', 'admin', { termLabel: demo.latestTermLabel, snapshotDate: addDays(cal.latestTerm.startsOn, 7) });
    expect(first.created).toBe(2);
    expect(first.skipped).toBe(0);
    for (const inv of first.invoices) {
      expect(inv.status).toBe('issued');
      expect(inv.learnerCount).toBeGreaterThan(0);
      expect(inv.vatCents).toBe(Math.round(((inv.subtotalCents - inv.discountCents) * 1600) / 10_000));
      expect(inv.totalCents).toBe(inv.subtotalCents - inv.discountCents + inv.vatCents);
    }
    const again = await json<GenerateInvoicesResponse>('POST', '/api/billing/invoices/generate', 'admin', { termLabel: demo.latestTermLabel, snapshotDate: addDays(cal.latestTerm.startsOn, 8) });
    expect(again).toMatchObject({ created: 0, skipped: 2, invoices: [] });
    expect(await countRows(t.database, platformInvoices)).toBe(before + 2);
    // Greenhill takes the SMS module; no setup fee after its first invoice; Riverside has 10 % off.
    const gh = first.invoices.find((i) => i.schoolId === greenhill)!;
    const detail = await json<PlatformInvoiceDetail>('GET', `/api/billing/invoices/${gh.id}`, 'admin');
    expect(detail.lines.map((l) => l.kind)).toEqual([detail.lines[0]!.kind, 'module']);
    const rs = first.invoices.find((i) => i.schoolId === riverside)!;
    expect(rs.discountCents).toBe(Math.round(rs.subtotalCents * 0.1));
  });

  it('leaves out a school in its trial and counts only learners admitted by the snapshot date', async () => {
    const plans = await json<{ items: BillingPlan[] }>('GET', '/api/billing/plans', 'admin');
    const standard = plans.items.find((p) => p.name === 'Standard')!;
    // Riverside's trial (renewed) runs into the coming term, past the day its learners are counted.
    const trialEndsOn = addDays(cal.comingTerm.startsOn, 27);
    const sub = await json<{ status: string; trialEndsOn: string }>('PUT', `/api/billing/subscriptions/${riverside}`, 'admin', { planId: standard.id, trialEndsOn, status: 'trial' });
    expect(sub).toMatchObject({ status: 'trial', trialEndsOn });
    const res = await json<GenerateInvoicesResponse>('POST', '/api/billing/invoices/generate', 'admin', { termLabel: demo.comingTermLabel, snapshotDate: addDays(cal.comingTerm.startsOn, 7) });
    expect(res).toMatchObject({ created: 1, inTrial: 1 });
    expect(res.invoices[0]!.schoolId).toBe(greenhill);
    // an early snapshot (before anyone was admitted) falls back to the minimum
    const early = await json<GenerateInvoicesResponse>('POST', '/api/billing/invoices/generate', 'admin', { termLabel: 'Term 1 2015', snapshotDate: '2015-01-10', issuedOn: today });
    expect(early.created).toBe(0);
    await json('PUT', `/api/billing/subscriptions/${riverside}`, 'admin', { planId: standard.id, trialEndsOn: cal.ref('2025-06-03'), status: 'active' });
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await countRows(t.database, platformInvoices);
    for (const body of [{ termLabel: '', snapshotDate: today }, { termLabel: 'T', snapshotDate: '2026-02-30' }, { termLabel: 'T' }, { termLabel: 'T', snapshotDate: today, extra: 1 }]) {
      expect((await send('POST', '/api/billing/invoices/generate', 'admin', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await countRows(t.database, platformInvoices)).toBe(before);
  });
});

describe('documents', () => {
  it('the invoice PDF is a PDF with the company KRA PIN, the school and how to pay', async () => {
    const list = await json<ListInvoicesResponse>('GET', `/api/billing/invoices?termLabel=${q(demo.latestTermLabel)}`, 'admin');
    const inv = list.items.find((i) => i.schoolId === greenhill)!;
    const res = await send('GET', `/api/billing/invoices/${inv.id}/pdf`, 'director');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = inspectPdf(res.rawPayload);
    expect(pdf.isPdf).toBe(true);
    expect(pdf.text).toContain('P051234567X');
    expect(pdf.text).toContain('TAX INVOICE');
    expect(pdf.text).toContain(inv.number);
    expect(pdf.text).toContain('Greenhill');
    expect(pdf.text).toContain('Paybill 4012345');
  });

  it('the receipt PDF and the statement (json, pdf, xlsx)', async () => {
    const pays = await json<{ items: { id: string; receiptNumber: string }[] }>('GET', '/api/billing/payments', 'director');
    const res = await send('GET', `/api/billing/payments/${pays.items[0]!.id}/receipt`, 'director');
    expect(res.statusCode).toBe(200);
    expect(inspectPdf(res.rawPayload).text).toContain(pays.items[0]!.receiptNumber);
    // From the opening of the term before the latest (the seed's invoices and payments) to today (the invoices generated above).
    const range = `from=${cal.previousTerm.startsOn}&to=${today}`;
    const st = await json<{ invoices: unknown[]; payments: unknown[] }>('GET', `/api/billing/statement?${range}`, 'admin');
    expect(st.invoices.length).toBeGreaterThanOrEqual(4);
    expect(st.payments.length).toBeGreaterThanOrEqual(2);
    const pdf = await send('GET', `/api/billing/statement?${range}&format=pdf`, 'admin');
    expect(inspectPdf(pdf.rawPayload).isPdf).toBe(true);
    const xlsx = await send('GET', `/api/billing/statement?${range}&format=xlsx`, 'admin');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await send('GET', `/api/billing/statement?from=${today}&to=${cal.previousTerm.startsOn}`, 'admin')).statusCode).toBe(400);
    expect((await send('GET', `/api/billing/statement?${range}`, 'director')).statusCode).toBe(403);
  });
});

describe('credit notes and bank payments', () => {
  it('a credit note lowers the balance (never above it); a bank payment is idempotent on its reference', async () => {
    const list = await json<ListInvoicesResponse>('GET', `/api/billing/invoices?termLabel=${q(demo.latestTermLabel)}`, 'admin');
    const inv = list.items.find((i) => i.schoolId === riverside)!;
    expect((await send('POST', `/api/billing/invoices/${inv.id}/credit-notes`, 'admin', { amountCents: inv.balanceCents + 1, reason: 'Too much' })).statusCode).toBe(400);
    expect((await send('POST', `/api/billing/invoices/${inv.id}/credit-notes`, 'admin', { amountCents: 100_000 })).statusCode).toBe(400);
    const cn = await json<{ invoice: { balanceCents: number; creditedCents: number; status: string }; creditNote: { number: string } }>(
      'POST',
      `/api/billing/invoices/${inv.id}/credit-notes`,
      'admin',
      { amountCents: 100_000, reason: '20 learners left before the snapshot' },
      201,
    );
    expect(cn.creditNote.number).toMatch(/^EDF-CN-\d{4}-\d{4}$/);
    expect(cn.invoice).toMatchObject({ balanceCents: inv.balanceCents - 100_000, creditedCents: 100_000, status: 'partly_paid' });

    const body = { method: 'bank', amountCents: 500_000, reference: 'EQ-TT-99887766', paidOn: today };
    const first = await json<PaymentResponse>('POST', `/api/billing/invoices/${inv.id}/payments`, 'admin', body, 201);
    expect(first.duplicate).toBe(false);
    expect(first.payment.receiptNumber).toMatch(new RegExp(`^EDF-RCT-${today.slice(0, 4)}-\\d{4}$`));
    const again = await json<PaymentResponse>('POST', `/api/billing/invoices/${inv.id}/payments`, 'admin', body, 200);
    expect(again.duplicate).toBe(true);
    expect(again.payment.id).toBe(first.payment.id);
    expect(again.invoice.balanceCents).toBe(first.invoice.balanceCents);
    const n = await system(t.database, (tx) => tx.select().from(platformPayments).where(eq(platformPayments.reference, 'EQ-TT-99887766')));
    expect(n).toHaveLength(1);
    // over the balance, negative, another invoice with the same reference, a director: refused
    expect((await send('POST', `/api/billing/invoices/${inv.id}/payments`, 'admin', { ...body, reference: 'X1', amountCents: first.invoice.balanceCents + 1 })).statusCode).toBe(400);
    expect((await send('POST', `/api/billing/invoices/${inv.id}/payments`, 'admin', { ...body, reference: 'X2', amountCents: -5 })).statusCode).toBe(400);
    expect((await send('POST', `/api/billing/invoices/${inv.id}/payments`, 'rsDirector', { ...body, reference: 'X3' })).statusCode).toBe(403);
    const other = list.items.find((i) => i.schoolId === greenhill)!;
    expect((await send('POST', `/api/billing/invoices/${other.id}/payments`, 'admin', body)).statusCode).toBe(409);
    const audit = await system(t.database, (tx) => tx.select().from(auditLogs).where(and(eq(auditLogs.action, 'billing.payment.record'), eq(auditLogs.resource, inv.id))));
    expect(audit[0]?.oldValue).toMatchObject({ paidCents: 0 });
  });

  it('voids an invoice without payments only', async () => {
    const gen = await json<GenerateInvoicesResponse>('POST', '/api/billing/invoices/generate', 'admin', { termLabel: `Special ${demo.yearName}`, snapshotDate: today });
    const inv = gen.invoices[0]!;
    const voided = await json<{ status: string; balanceCents: number }>('POST', `/api/billing/invoices/${inv.id}/void`, 'admin', { reason: 'Generated by mistake' });
    expect(voided).toMatchObject({ status: 'void', balanceCents: 0 });
    expect((await send('POST', `/api/billing/invoices/${inv.id}/void`, 'admin', { reason: 'again' })).statusCode).toBe(409);
    const paid = (await json<ListInvoicesResponse>('GET', `/api/billing/invoices?termLabel=${q(demo.previousTermLabel)}`, 'admin')).items.find((i) => i.schoolId === greenhill)!;
    expect((await send('POST', `/api/billing/invoices/${paid.id}/void`, 'admin', { reason: 'x' })).statusCode).toBe(409);
  });
});

describe('reminders, arrears and read-only (§1)', () => {
  it('reminds once before and after the due date, marks arrears, then read-only after the grace period', async () => {
    const list = await json<ListInvoicesResponse>('GET', `/api/billing/invoices?termLabel=${q(demo.latestTermLabel)}`, 'admin');
    const inv = list.items.find((i) => i.schoolId === greenhill)!;
    const due = inv.dueOn!;
    const day = (n: number) => new Date(Date.parse(`${due}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const mails = () => t.mailbox.filter((mm) => mm.to === DEMO.greenhill.director && mm.subject.includes(inv.number));
    const before = mails().length;
    const [start] = await system(t.database, (tx) => tx.select().from(schoolSubscriptions).where(eq(schoolSubscriptions.schoolId, greenhill)));
    expect(start!.status).toBe('active');
    await runBillingSweep(t.deps.mpesa, day(-3));
    expect(mails().length).toBe(before + 1);
    expect(mails().at(-1)!.subject).toContain('is due on');
    await runBillingSweep(t.deps.mpesa, day(-3));
    expect(mails().length).toBe(before + 1);
    const r1 = await runBillingSweep(t.deps.mpesa, day(2));
    expect(r1.statusChanges.find((c) => c.schoolId === greenhill)?.to).toBe('arrears');
    expect(mails().at(-1)!.subject).toContain('overdue');
    // The director reads Kiswahili (profiles.locale): the next reminder comes in Kiswahili (issue 36 §2).
    const setDirectorLocale = (locale: string) => system(t.database, (tx) => tx.update(profiles).set({ locale }).where(eq(profiles.email, DEMO.greenhill.director)));
    await setDirectorLocale('sw');
    const r2 = await runBillingSweep(t.deps.mpesa, day(16)).finally(() => setDirectorLocale('en'));
    expect(r2.statusChanges.find((c) => c.schoolId === greenhill)?.to).toBe('read_only');
    const inKiswahili = mails().at(-1)!;
    expect(inKiswahili.subject).toBe(withLocale('sw', () => bm.mail.reminderAfterSubject(inv.number)));
    expect(inKiswahili.text).toContain(withLocale('sw', () => bm.mail.readOnlyNote));
    expect(inKiswahili.text).not.toContain(bm.mail.readOnlyNote);
    const kinds = await system(t.database, (tx) => tx.select({ kind: billingReminders.kind }).from(billingReminders).where(eq(billingReminders.invoiceId, inv.id)));
    expect(kinds.map((k) => k.kind).sort()).toEqual(['after:1', 'after:14', 'before:7']);
  });

  it('a read-only school: POST refused with SCHOOL_READ_ONLY, GET works, paying still works; staff unaffected', async () => {
    const [sub] = await system(t.database, (tx) => tx.select().from(schoolSubscriptions).where(eq(schoolSubscriptions.schoolId, greenhill)));
    expect(sub!.status).toBe('read_only');
    invalidateBillingGate();
    const refused = await send('POST', '/api/support/tickets', 'principal', { category: 'technical', subject: 'x', description: 'y' });
    expect(refused.statusCode).not.toBe(403); // support stays open (to ask about the bill)
    const classes = await send('POST', '/api/announcements', 'principal', {});
    expect(classes.statusCode).toBe(403);
    expect(classes.json()).toMatchObject({ error: { code: 'SCHOOL_READ_ONLY' } });
    expect((await send('GET', '/api/classes', 'principal')).statusCode).toBe(200);
    const status = await json<BillingStatusResponse>('GET', '/api/billing/status', 'finance');
    expect(status).toMatchObject({ status: 'read_only', readOnly: true });
    expect(status.message).toContain('read-only');
    expect(allowedWhileReadOnly('POST', '/api/billing/invoices/x/mpesa')).toBe(true);
    expect(allowedWhileReadOnly('POST', '/api/auth/sign-out')).toBe(true);
    expect(allowedWhileReadOnly('DELETE', '/api/learners/x')).toBe(false);
    // Paying: the admin records the outstanding balances (all overdue invoices) → active again, writes resume.
    const open = await json<ListInvoicesResponse>('GET', `/api/billing/invoices?schoolId=${greenhill}`, 'admin');
    for (const inv of open.items.filter((i) => i.balanceCents > 0 && i.status !== 'void')) {
      await json('POST', `/api/billing/invoices/${inv.id}/payments`, 'admin', { method: 'bank', amountCents: inv.balanceCents, reference: `CLEAR-${inv.number}`, paidOn: today }, 201);
    }
    const after = await json<BillingStatusResponse>('GET', '/api/billing/status', 'director');
    expect(after.status).toBe('active');
    expect((await send('POST', '/api/announcements', 'principal', {})).statusCode).not.toBe(403);
    // Back to today: nothing is overdue for either school any more.
    await runBillingSweep(t.deps.mpesa);
    expect((await json<BillingStatusResponse>('GET', '/api/billing/status', 'rsDirector')).readOnly).toBe(false);
  });

  it('the dashboard sums the year by term', async () => {
    // A term's invoices count in the year they were issued: the seed's a week into the term before the
    // latest, the latest term's today (both in one year, or in two around the new year).
    const issuedIn = async (label: string) => (await json<ListInvoicesResponse>('GET', `/api/billing/invoices?termLabel=${q(label)}`, 'admin')).items[0]!.issuedOn!.slice(0, 4);
    const years = new Map<string, string[]>();
    for (const label of [demo.previousTermLabel, demo.latestTermLabel]) {
      const year = await issuedIn(label);
      years.set(year, [...(years.get(year) ?? []), label]);
    }
    expect(years.get(today.slice(0, 4))).toContain(demo.latestTermLabel);
    for (const [year, labels] of years) {
      const d = await json<BillingDashboard>('GET', `/api/billing/dashboard?year=${year}`, 'admin');
      expect(d.year).toBe(Number(year));
      expect(d.terms.map((x) => x.termLabel)).toEqual(expect.arrayContaining(labels));
      expect(d.revenueCents).toBeGreaterThan(0);
      expect(d.invoicedCents).toBeGreaterThanOrEqual(d.revenueCents);
      expect(d.collectionRatePct).not.toBeNull();
      expect(d.activeSchools).toBe(2);
    }
  });
});
