import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { platformCreditNotes, platformInvoices, platformPayments, schools, schoolSubscriptions } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import type { CreditRow, InvoiceRow, PaymentRow, SubscriptionRow } from './billing.repository.js';

/**
 * Read-only billing figures: the dashboard's sums by term, the statement's documents between two days,
 * a school's subscription and open balance (banner, access gate), and every school's billing state
 * (health cards). Money in KES cents; days YYYY-MM-DD in Africa/Nairobi.
 */

/** One term's non-void invoices: how many, invoiced, paid, credited and outstanding (KES cents). */
export interface TermFigures {
  termLabel: string;
  first: string;
  invoices: number;
  invoiced: number;
  paid: number;
  credited: number;
  outstanding: number;
}

/** A school's subscription and open balance as the billing state per school reads them. */
export interface SchoolBillingRow {
  school_id: string;
  status: string | null;
  trial_ends_on: string | null;
  plan_name: string | null;
  balance_cents: string | number;
}

/** Non-void invoices issued between `from` and `to` (inclusive) summed per term label; by first issue date, then label. */
export async function figuresByTerm(tx: Tx, from: string, to: string): Promise<TermFigures[]> {
  const yearCond = and(sql`${platformInvoices.status} <> 'void'`, gte(platformInvoices.issuedOn, from), lte(platformInvoices.issuedOn, to));
  return tx
    .select({
      termLabel: platformInvoices.termLabel,
      first: sql<string>`min(${platformInvoices.issuedOn})::text`,
      invoices: sql<number>`count(*)`.mapWith(Number),
      invoiced: sql<number>`coalesce(sum(${platformInvoices.totalCents}), 0)`.mapWith(Number),
      paid: sql<number>`coalesce(sum(${platformInvoices.paidCents}), 0)`.mapWith(Number),
      credited: sql<number>`coalesce(sum(${platformInvoices.creditedCents}), 0)`.mapWith(Number),
      outstanding: sql<number>`coalesce(sum(greatest(${platformInvoices.balanceCents}, 0)), 0)`.mapWith(Number),
    })
    .from(platformInvoices)
    .where(yearCond)
    .groupBy(platformInvoices.termLabel)
    .orderBy(sql`min(${platformInvoices.issuedOn})`, asc(platformInvoices.termLabel));
}

/** What open invoices with a balance owe now, and the part due before `today` (KES cents). */
export async function openAndOverdueBalances(tx: Tx, today: string): Promise<{ outstanding: number; overdue: number } | undefined> {
  const [open] = await tx
    .select({
      outstanding: sql<number>`coalesce(sum(${platformInvoices.balanceCents}), 0)`.mapWith(Number),
      overdue: sql<number>`coalesce(sum(${platformInvoices.balanceCents}) filter (where ${platformInvoices.dueOn} < ${today}::date), 0)`.mapWith(Number),
    })
    .from(platformInvoices)
    .where(and(inArray(platformInvoices.status, ['issued', 'partly_paid']), sql`${platformInvoices.balanceCents} > 0`));
  return open;
}

/** Every subscription the transaction sees (unordered). */
export async function listAllSubscriptions(tx: Tx): Promise<SubscriptionRow[]> {
  return tx.select().from(schoolSubscriptions);
}

const nairobiDay = (col: typeof platformPayments.paidAt | typeof platformCreditNotes.createdAt) => sql`(${col} at time zone 'Africa/Nairobi')::date`;

/** Invoices issued between `from` and `to` (inclusive; of one school when given) with the school's name; by issue date, then number. */
export async function statementInvoices(tx: Tx, from: string, to: string, schoolId?: string): Promise<{ inv: InvoiceRow; schoolName: string }[]> {
  return tx
    .select({ inv: platformInvoices, schoolName: schools.name })
    .from(platformInvoices)
    .innerJoin(schools, eq(schools.id, platformInvoices.schoolId))
    .where(and(gte(platformInvoices.issuedOn, from), lte(platformInvoices.issuedOn, to), schoolId ? eq(platformInvoices.schoolId, schoolId) : undefined))
    .orderBy(asc(platformInvoices.issuedOn), asc(platformInvoices.number));
}

/** Payments received on Nairobi days `from`..`to` (of one school when given) with invoice number and school name; oldest first. */
export async function statementPayments(tx: Tx, from: string, to: string, schoolId?: string): Promise<{ p: PaymentRow; number: string; schoolName: string }[]> {
  return tx
    .select({ p: platformPayments, number: platformInvoices.number, schoolName: schools.name })
    .from(platformPayments)
    .innerJoin(platformInvoices, eq(platformInvoices.id, platformPayments.invoiceId))
    .innerJoin(schools, eq(schools.id, platformPayments.schoolId))
    .where(and(sql`${nairobiDay(platformPayments.paidAt)} between ${from}::date and ${to}::date`, schoolId ? eq(platformPayments.schoolId, schoolId) : undefined))
    .orderBy(asc(platformPayments.paidAt));
}

/** Credit notes written on Nairobi days `from`..`to` (of one school when given) with invoice number and school name; oldest first. */
export async function statementCreditNotes(tx: Tx, from: string, to: string, schoolId?: string): Promise<{ cn: CreditRow; number: string; schoolName: string }[]> {
  return tx
    .select({ cn: platformCreditNotes, number: platformInvoices.number, schoolName: schools.name })
    .from(platformCreditNotes)
    .innerJoin(platformInvoices, eq(platformInvoices.id, platformCreditNotes.invoiceId))
    .innerJoin(schools, eq(schools.id, platformCreditNotes.schoolId))
    .where(and(sql`${nairobiDay(platformCreditNotes.createdAt)} between ${from}::date and ${to}::date`, schoolId ? eq(platformCreditNotes.schoolId, schoolId) : undefined))
    .orderBy(asc(platformCreditNotes.createdAt));
}

/** The school's subscription, or undefined. */
export async function findSubscription(tx: Tx, schoolId: string): Promise<SubscriptionRow | undefined> {
  const [sub] = await tx.select().from(schoolSubscriptions).where(eq(schoolSubscriptions.schoolId, schoolId));
  return sub;
}

/** The plan id of the school's subscription, or undefined when it has none. */
export async function findSubscriptionPlanId(tx: Tx, schoolId: string): Promise<string | undefined> {
  const [sub] = await tx.select({ planId: schoolSubscriptions.planId }).from(schoolSubscriptions).where(eq(schoolSubscriptions.schoolId, schoolId));
  return sub?.planId;
}

/** The stored status of the school's subscription, or undefined when it has none (the access gate's read). */
export async function findSubscriptionStatus(tx: Tx, schoolId: string): Promise<string | undefined> {
  const [row] = await tx.select({ status: schoolSubscriptions.status }).from(schoolSubscriptions).where(eq(schoolSubscriptions.schoolId, schoolId));
  return row?.status;
}

/** What the school owes on open invoices with a balance (KES cents) and their earliest due date. */
export async function openBalanceOfSchool(tx: Tx, schoolId: string): Promise<{ balance: number; dueOn: string | null } | undefined> {
  const [open] = await tx
    .select({
      balance: sql<number>`coalesce(sum(${platformInvoices.balanceCents}), 0)`.mapWith(Number),
      dueOn: sql<string | null>`min(${platformInvoices.dueOn})::text`,
    })
    .from(platformInvoices)
    .where(and(eq(platformInvoices.schoolId, schoolId), inArray(platformInvoices.status, ['issued', 'partly_paid']), sql`${platformInvoices.balanceCents} > 0`));
  return open;
}

/**
 * Every school the transaction sees with its subscription's status, trial end, plan name and what its
 * issued and partly paid invoices owe (KES cents). One query; unordered.
 */
export async function listSchoolBillingRows(tx: Tx): Promise<SchoolBillingRow[]> {
  const res = await tx.execute(sql`
    select s.id as school_id,
           sub.status as status,
           sub.trial_ends_on::text as trial_ends_on,
           (select p.name from billing_plans p where p.id = sub.plan_id) as plan_name,
           coalesce((select sum(i.balance_cents) from platform_invoices i
                      where i.school_id = s.id and i.status in ('issued', 'partly_paid')), 0)::bigint as balance_cents
      from schools s
      left join school_subscriptions sub on sub.school_id = s.id`);
  return (res as unknown as { rows: SchoolBillingRow[] }).rows;
}
