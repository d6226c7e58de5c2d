import { and, eq } from 'drizzle-orm';
import { addDays } from '../../shared/dates.js';
import { atNairobi, type DemoCalendar } from './demo-calendar.js';
import { applyPayment, generateInvoices } from '../modules/billing/billing.service.js';
import { loadBillingSettings } from '../modules/billing/settings.service.js';
import { billingPlans, platformInvoices, platformMpesaRequests, schools, schoolSubscriptions } from '../db/schema/index.js';
import type { Tx } from '../db/tenant.js';

/**
 * Demo billing (issue 18 "Demo data"), platform scope, after both schools and the company: the
 * "Standard" plan (KES 50 per active learner per term, minimum KES 10,000, setup fee KES 20,000, two
 * optional modules); both schools subscribed since last year (trials long over); the term before the
 * latest invoiced for both (learners counted a week into that term): Greenhill's paid in full by M-Pesa,
 * Riverside's partly paid by bank with an agreed extension to 30 days after the demo's day, so no demo
 * school is ever in arrears or read-only. The latest term is left for the admin to generate.
 */
export async function seedBilling(tx: Tx, cal: DemoCalendar): Promise<void> {
  const [existing] = await tx.select({ id: billingPlans.id }).from(billingPlans).limit(1);
  if (existing) return;
  await loadBillingSettings(tx); // the settings row, with its callback token
  const [plan] = await tx
    .insert(billingPlans)
    .values({
      name: 'Standard',
      pricePerLearnerCents: 5_000,
      minimumCents: 1_000_000,
      setupFeeCents: 2_000_000,
      modules: [
        { key: 'sms_bundle', name: 'SMS bundle (1,000 SMS a term)', priceCents: 150_000 },
        { key: 'transport_tracking', name: 'Transport tracking', priceCents: 500_000 },
      ],
    })
    .returning();
  await tx.insert(billingPlans).values({ name: 'Starter (legacy)', pricePerLearnerCents: 4_000, minimumCents: 800_000, setupFeeCents: 1_500_000, modules: [], active: false });
  const byCode = async (code: string) => (await tx.select({ id: schools.id }).from(schools).where(eq(schools.code, code)))[0]?.id;
  const greenhill = await byCode('greenhill');
  const riverside = await byCode('riverside');
  if (!plan || !greenhill || !riverside) return;
  await tx.insert(schoolSubscriptions).values([
    { schoolId: greenhill, planId: plan.id, startsOn: cal.ref('2025-01-06'), trialEndsOn: cal.ref('2025-02-04'), status: 'active', modules: ['sms_bundle'] },
    { schoolId: riverside, planId: plan.id, startsOn: cal.ref('2025-05-05'), trialEndsOn: cal.ref('2025-06-03'), status: 'active', discountPercent: 10, modules: [] },
  ]);
  const term = cal.previousTerm;
  const termLabel = `${term.name} ${term.year}`;
  const counted = addDays(term.startsOn, 7);
  await generateInvoices(tx, null, { termLabel, snapshotDate: counted, issuedOn: counted });
  const invoiceOf = async (schoolId: string) =>
    (await tx.select().from(platformInvoices).where(and(eq(platformInvoices.schoolId, schoolId), eq(platformInvoices.termLabel, termLabel))))[0]!;

  // Greenhill: paid in full by M-Pesa (STK push from the director's phone).
  const gInv = await invoiceOf(greenhill);
  const gPaidAt = atNairobi(addDays(counted, 8), '10:42');
  const stamp = `${addDays(counted, 8).split('-').reverse().join('')}104210`;
  const gPay = await applyPayment(tx, null, gInv.id, { method: 'mpesa', amountCents: gInv.totalCents, reference: 'SKE4H7Q2XA', paidAt: gPaidAt, phone: '254722860966', capAtBalance: false });
  await tx.insert(platformMpesaRequests).values({
    invoiceId: gInv.id,
    schoolId: greenhill,
    merchantRequestId: '29115-34620561-1',
    checkoutRequestId: `ws_CO_${stamp}722860966`,
    phone: '254722860966',
    amountCents: gInv.totalCents,
    status: 'succeeded',
    resultCode: '0',
    resultDesc: 'The service request is processed successfully.',
    mpesaReceipt: 'SKE4H7Q2XA',
    paymentId: gPay.payment.id,
    createdAt: new Date(gPaidAt.getTime() - 40_000),
    resolvedAt: gPaidAt,
  });

  // Riverside: about 60 % paid by bank transfer, the rest due after an agreed extension.
  const rInv = await invoiceOf(riverside);
  const part = Math.round((rInv.totalCents * 0.6) / 100_000) * 100_000 || Math.floor(rInv.totalCents / 2);
  await applyPayment(tx, null, rInv.id, { method: 'bank', amountCents: part, reference: 'KCB-FT-26051987', paidAt: atNairobi(addDays(counted, 16), '12:00'), capAtBalance: true });
  const extended = addDays(cal.today, 30);
  if (!rInv.dueOn || extended > rInv.dueOn) await tx.update(platformInvoices).set({ dueOn: extended }).where(eq(platformInvoices.id, rInv.id));
}
