import type { BillingDashboard, BillingStatement, BillingStatusResponse } from '../../../shared/contracts/billing.js';
import { schoolToday } from '../../../shared/dates.js';
import { billingMessages as bm } from '../../../shared/messages/billing.js';
import { formatKesLabel } from '../../../shared/money.js';
import { formatDay } from '../../lib/pdf.js';
import type { Tx } from '../../db/tenant.js';
import { effectiveStatus } from './billing-status.js';
import { invoiceView, paymentView } from './billing.service.js';
import * as repo from './reports.repository.js';

/**
 * GET /api/billing/dashboard?year= (platform context): invoiced and paid by term over the year's
 * non-void invoices (by issue date), outstanding and overdue balances now, collection rate
 * paid ÷ (invoiced − credited), schools by status, and churn = subscriptions cancelled in the year ÷
 * subscriptions started before the year and not cancelled before it.
 */
export async function dashboard(tx: Tx, year: number, today = schoolToday()): Promise<BillingDashboard> {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const terms = await repo.figuresByTerm(tx, from, to);
  const open = await repo.openAndOverdueBalances(tx, today);
  const subs = await repo.listAllSubscriptions(tx);
  const counts = { trial: 0, active: 0, arrears: 0, read_only: 0 };
  let cancelled = 0;
  let activeAtStart = 0;
  for (const s of subs) {
    const st = effectiveStatus(s.status, s.trialEndsOn, today);
    if (st !== 'none') counts[st]++;
    const cancelledOn = s.cancelledAt ? schoolToday(s.cancelledAt) : null;
    if (s.startsOn < from && (!cancelledOn || cancelledOn >= from)) activeAtStart++;
    if (cancelledOn && cancelledOn >= from && cancelledOn <= to) cancelled++;
  }
  const invoicedCents = terms.reduce((s, t) => s + t.invoiced, 0);
  const revenueCents = terms.reduce((s, t) => s + t.paid, 0);
  const creditedCents = terms.reduce((s, t) => s + t.credited, 0);
  const base = invoicedCents - creditedCents;
  const pct = (n: number, d: number) => (d > 0 ? Math.round((n / d) * 1000) / 10 : null);
  return {
    year,
    terms: terms.map((t) => ({ termLabel: t.termLabel, invoices: t.invoices, invoicedCents: t.invoiced, paidCents: t.paid, creditedCents: t.credited, outstandingCents: t.outstanding })),
    invoicedCents,
    revenueCents,
    outstandingCents: open?.outstanding ?? 0,
    overdueCents: open?.overdue ?? 0,
    collectionRatePct: pct(revenueCents, base),
    schoolsInTrial: counts.trial,
    activeSchools: counts.active,
    arrearsSchools: counts.arrears,
    readOnlySchools: counts.read_only,
    churn: { cancelled, activeAtStart, ratePct: pct(cancelled, activeAtStart) },
  };
}

/** The billing statement: invoices issued, payments received and credit notes written between from and to (inclusive, Nairobi days). */
export async function statement(tx: Tx, from: string, to: string, schoolId?: string): Promise<BillingStatement> {
  const inv = await repo.statementInvoices(tx, from, to, schoolId);
  const pays = await repo.statementPayments(tx, from, to, schoolId);
  const credits = await repo.statementCreditNotes(tx, from, to, schoolId);
  const invoices = inv.map((r) => invoiceView(r.inv, r.schoolName));
  const payments = pays.map((r) => paymentView(r.p, r.number, r.schoolName));
  const creditNotes = credits.map((r) => ({
    id: r.cn.id,
    number: r.cn.number,
    invoiceId: r.cn.invoiceId,
    invoiceNumber: r.number,
    amountCents: r.cn.amountCents,
    reason: r.cn.reason,
    createdByName: null,
    createdAt: r.cn.createdAt.toISOString(),
    schoolName: r.schoolName,
  }));
  return {
    from,
    to,
    invoices,
    payments,
    creditNotes,
    totals: {
      invoicedCents: invoices.filter((i) => i.status !== 'void').reduce((s, i) => s + i.totalCents, 0),
      paidCents: payments.reduce((s, x) => s + x.amountCents, 0),
      creditedCents: creditNotes.reduce((s, x) => s + x.amountCents, 0),
    },
  };
}

/** GET /api/billing/status: the school's billing state and a banner sentence (school scope). */
export async function schoolBillingStatus(tx: Tx, schoolId: string, planName: string | null, today = schoolToday()): Promise<BillingStatusResponse> {
  const sub = await repo.findSubscription(tx, schoolId);
  const open = await repo.openBalanceOfSchool(tx, schoolId);
  const balanceCents = open?.balance ?? 0;
  const dueOn = open?.dueOn ?? null;
  const status = sub ? (sub.status === 'cancelled' ? 'cancelled' : effectiveStatus(sub.status, sub.trialEndsOn, today)) : 'none';
  const b = bm.banner;
  let message: string | null = null;
  if (status === 'trial' && sub?.trialEndsOn) message = b.trial(formatDay(sub.trialEndsOn));
  else if (status === 'read_only') message = b.readOnly(formatKesLabel(balanceCents));
  else if (status === 'arrears' && dueOn) message = b.arrears(formatKesLabel(balanceCents), formatDay(dueOn));
  else if (status === 'cancelled') message = b.cancelled;
  else if (balanceCents > 0 && dueOn) message = b.due(formatKesLabel(balanceCents), formatDay(dueOn));
  return { status, planName, balanceCents, dueOn, trialEndsOn: sub?.trialEndsOn ?? null, readOnly: status === 'read_only', message };
}

/** The name of the plan the school subscribes to (from `planNames`, read in platform context), or null. */
export async function subscribedPlanName(tx: Tx, schoolId: string, planNames: Map<string, string>): Promise<string | null> {
  const planId = await repo.findSubscriptionPlanId(tx, schoolId);
  return planId ? (planNames.get(planId) ?? null) : null;
}
