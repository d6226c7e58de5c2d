import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  billingPlans,
  billingReminders,
  platformCreditNotes,
  platformInvoiceLines,
  platformInvoices,
  platformPayments,
  profiles,
  schools,
  schoolSubscriptions,
  type BillingPlanRow,
  type NewBillingPlan,
  type NewPlatformCreditNote,
  type NewPlatformInvoice,
  type NewPlatformInvoiceLine,
  type NewPlatformPayment,
  type PlatformCreditNoteRow,
  type PlatformInvoiceLineRow,
  type PlatformInvoiceRow,
  type PlatformPaymentRow,
  type SchoolSubscriptionRow,
} from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import type { PageWindow } from '../../lib/paging.js';
import { containsPattern } from '../../lib/like.js';

export type { BillingPlanRow as PlanRow, SchoolSubscriptionRow as SubscriptionRow, PlatformInvoiceRow as InvoiceRow, PlatformPaymentRow as PaymentRow, PlatformCreditNoteRow as CreditRow } from '../../db/schema/index.js';

/**
 * Queries of platform billing (issue 18 §1): plans, school subscriptions, platform invoices with their
 * lines, credit notes and payments, document numbers, and the reminder log. Money in KES cents; dates
 * YYYY-MM-DD. Most run in platform context; those taking `ownSchoolId` narrow a school role's reads to
 * its own school (on top of row-level security).
 */

/** A subscription's values as PUT /api/billing/subscriptions/:schoolId stores them. */
export type SubscriptionValues = Pick<
  typeof schoolSubscriptions.$inferInsert,
  'planId' | 'startsOn' | 'trialEndsOn' | 'discountPercent' | 'discountCents' | 'modules' | 'status' | 'cancelledAt' | 'updatedAt'
>;
/** Columns of an invoice that a credit note, a payment or a void changes. */
export type InvoiceChanges = Partial<Pick<PlatformInvoiceRow, 'paidCents' | 'creditedCents' | 'balanceCents' | 'status' | 'voidReason' | 'updatedAt'>>;

/** Which numbered document: invoices (EDF-…), credit notes (EDF-CN-…) or receipts (EDF-RCT-…). */
export type NumberSeries = 'invoice' | 'credit' | 'receipt';

// ------------------------------------------------------------------------------------------------
// Document numbers

/** Takes the transaction-scoped advisory lock of a number series (serialises number allocation). */
export async function lockNumberSeries(tx: Tx, what: NumberSeries): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`edufam.billing.${what}`}))`);
}

/** The highest number N among the series' numbers "<prefix>N" (digits only after the prefix), 0 when none. */
export async function highestNumber(tx: Tx, what: NumberSeries, prefix: string): Promise<number> {
  const [table, column] =
    what === 'invoice'
      ? [platformInvoices, platformInvoices.number]
      : what === 'credit'
        ? [platformCreditNotes, platformCreditNotes.number]
        : [platformPayments, platformPayments.receiptNumber];
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(substring(${column} from ${prefix.length + 1}::int)::int), 0)`.mapWith(Number) })
    .from(table)
    .where(sql`${column} like ${`${prefix}%`} and substring(${column} from ${prefix.length + 1}::int) ~ '^[0-9]+$'`);
  return row?.n ?? 0;
}

// ------------------------------------------------------------------------------------------------
// Plans

/** How many subscriptions (not cancelled) are on the plan. */
export async function countPlanSubscriptions(tx: Tx, planId: string): Promise<number> {
  const [n] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(schoolSubscriptions)
    .where(and(eq(schoolSubscriptions.planId, planId), ne(schoolSubscriptions.status, 'cancelled')));
  return n?.n ?? 0;
}

/** Every plan, active first, then by name. */
export async function listPlans(tx: Tx): Promise<BillingPlanRow[]> {
  return tx.select().from(billingPlans).orderBy(desc(billingPlans.active), asc(billingPlans.name));
}

/** Ids of the plans named `name`, case ignored. */
export async function listPlanIdsNamed(tx: Tx, name: string): Promise<{ id: string }[]> {
  return tx.select({ id: billingPlans.id }).from(billingPlans).where(sql`lower(${billingPlans.name}) = lower(${name})`);
}

/** Creates a plan; returns it. */
export async function insertPlan(tx: Tx, values: NewBillingPlan): Promise<BillingPlanRow> {
  const [row] = await tx.insert(billingPlans).values(values).returning();
  return row!;
}

/** The plan `id`, locked for update, or undefined. */
export async function lockPlan(tx: Tx, id: string): Promise<BillingPlanRow | undefined> {
  const [old] = await tx.select().from(billingPlans).where(eq(billingPlans.id, id)).for('update');
  return old;
}

/** Changes the plan `id` (its updated_at set now); returns the updated plan. */
export async function updatePlan(tx: Tx, id: string, patch: Partial<BillingPlanRow>): Promise<BillingPlanRow> {
  const [row] = await tx
    .update(billingPlans)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(billingPlans.id, id))
    .returning();
  return row!;
}

/** The plan `id`, or undefined. */
export async function findPlan(tx: Tx, id: string): Promise<BillingPlanRow | undefined> {
  const [plan] = await tx.select().from(billingPlans).where(eq(billingPlans.id, id));
  return plan;
}

/** Every plan's id and name (unordered). */
export async function listPlanNames(tx: Tx): Promise<{ id: string; name: string }[]> {
  return tx.select({ id: billingPlans.id, name: billingPlans.name }).from(billingPlans);
}

// ------------------------------------------------------------------------------------------------
// Schools and subscriptions

/** Every school the transaction sees (or only `ownSchoolId`), with its subscription if any; by school name. */
export async function listSchoolsWithSubscription(tx: Tx, ownSchoolId: string | null): Promise<{ school: { id: string; name: string }; sub: SchoolSubscriptionRow | null }[]> {
  return tx
    .select({ school: { id: schools.id, name: schools.name }, sub: schoolSubscriptions })
    .from(schools)
    .leftJoin(schoolSubscriptions, eq(schoolSubscriptions.schoolId, schools.id))
    .where(ownSchoolId ? eq(schools.id, ownSchoolId) : undefined)
    .orderBy(asc(schools.name));
}

/** What each of the schools owes on its issued and partly paid invoices (KES cents); schools owing nothing may be missing. */
export async function openBalancesBySchool(tx: Tx, schoolIds: string[]): Promise<{ schoolId: string; sum: number }[]> {
  return tx
    .select({ schoolId: platformInvoices.schoolId, sum: sql<number>`coalesce(sum(${platformInvoices.balanceCents}), 0)`.mapWith(Number) })
    .from(platformInvoices)
    .where(and(inArray(platformInvoices.schoolId, schoolIds), inArray(platformInvoices.status, ['issued', 'partly_paid'])))
    .groupBy(platformInvoices.schoolId);
}

/** Active learners now per school among `schoolIds` (schools with none are missing). */
export async function activeLearnersBySchool(tx: Tx, schoolIds: string[]): Promise<{ schoolId: string; n: number }[]> {
  const l = await tx.execute(sql`select school_id, count(*)::int as n from students where status = 'active' and school_id in ${sql`(${sql.join(
    schoolIds.map((i) => sql`${i}::uuid`),
    sql`, `,
  )})`} group by school_id`);
  return (l as unknown as { rows: { school_id: string; n: number }[] }).rows.map((r) => ({ schoolId: r.school_id, n: Number(r.n) }));
}

/** Active learners of a school on a date: admitted on/before it, and still active then (active now, or left after it). */
export async function countActiveLearnersOn(tx: Tx, schoolId: string, day: string): Promise<number> {
  const res = await tx.execute(sql`select count(*)::int as n from students
      where school_id = ${schoolId}
        and coalesce(admitted_on, (created_at at time zone 'Africa/Nairobi')::date) <= ${day}::date
        and (status = 'active' or (left_on is not null and left_on > ${day}::date))`);
  return Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** Whether the school `schoolId` exists (and the transaction sees it). */
export async function schoolExists(tx: Tx, schoolId: string): Promise<boolean> {
  const [school] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId));
  return !!school;
}

/** The school's name, address, county and e-mail (for document letterheads), or undefined. */
export async function findSchoolLetterhead(tx: Tx, schoolId: string): Promise<{ name: string; address: string | null; county: string | null; email: string | null } | undefined> {
  const [s] = await tx.select({ name: schools.name, address: schools.address, county: schools.county, email: schools.email }).from(schools).where(eq(schools.id, schoolId));
  return s;
}

/** The school's subscription, locked for update, or undefined. */
export async function lockSubscriptionOfSchool(tx: Tx, schoolId: string): Promise<SchoolSubscriptionRow | undefined> {
  const [old] = await tx.select().from(schoolSubscriptions).where(eq(schoolSubscriptions.schoolId, schoolId)).for('update');
  return old;
}

/** Overwrites the subscription `id` with `values`. */
export async function updateSubscription(tx: Tx, id: string, values: SubscriptionValues): Promise<void> {
  await tx.update(schoolSubscriptions).set(values).where(eq(schoolSubscriptions.id, id));
}

/** Creates the school's subscription; returns its id. */
export async function insertSubscription(tx: Tx, schoolId: string, values: SubscriptionValues): Promise<string> {
  const [row] = await tx
    .insert(schoolSubscriptions)
    .values({ schoolId, ...values })
    .returning({ id: schoolSubscriptions.id });
  return row!.id;
}

/** Sets the subscription `id`'s status (updated_at now). */
export async function setSubscriptionStatus(tx: Tx, id: string, status: string): Promise<void> {
  await tx.update(schoolSubscriptions).set({ status, updatedAt: new Date() }).where(eq(schoolSubscriptions.id, id));
}

/** Subscriptions that are not cancelled (of every school the transaction sees, or only `schoolId`); unordered. */
export async function listLiveSubscriptions(tx: Tx, schoolId?: string): Promise<SchoolSubscriptionRow[]> {
  return tx
    .select()
    .from(schoolSubscriptions)
    .where(and(ne(schoolSubscriptions.status, 'cancelled'), schoolId ? eq(schoolSubscriptions.schoolId, schoolId) : undefined));
}

/** The earliest due date (YYYY-MM-DD) of the school's open invoices with a balance, due before `today`; null when none. */
export async function oldestOverdueDueOn(tx: Tx, schoolId: string, today: string): Promise<string | null> {
  const [oldest] = await tx
    .select({ dueOn: sql<string | null>`min(${platformInvoices.dueOn})::text` })
    .from(platformInvoices)
    .where(and(eq(platformInvoices.schoolId, schoolId), inArray(platformInvoices.status, ['issued', 'partly_paid']), sql`${platformInvoices.balanceCents} > 0`, sql`${platformInvoices.dueOn} < ${today}::date`));
  return oldest?.dueOn ?? null;
}

/** Subscriptions to invoice: not cancelled, of active schools, with their plan and school name; by school name. */
export async function listInvoiceableSubscriptions(tx: Tx): Promise<{ sub: SchoolSubscriptionRow; plan: BillingPlanRow; schoolName: string }[]> {
  return tx
    .select({ sub: schoolSubscriptions, plan: billingPlans, schoolName: schools.name })
    .from(schoolSubscriptions)
    .innerJoin(billingPlans, eq(billingPlans.id, schoolSubscriptions.planId))
    .innerJoin(schools, eq(schools.id, schoolSubscriptions.schoolId))
    .where(and(ne(schoolSubscriptions.status, 'cancelled'), eq(schools.status, 'active')))
    .orderBy(asc(schools.name));
}

// ------------------------------------------------------------------------------------------------
// Invoices

/** Whether the school already has an invoice for the term label. */
export async function invoiceExistsForTerm(tx: Tx, schoolId: string, termLabel: string): Promise<boolean> {
  const [existing] = await tx
    .select({ id: platformInvoices.id })
    .from(platformInvoices)
    .where(and(eq(platformInvoices.schoolId, schoolId), eq(platformInvoices.termLabel, termLabel)));
  return !!existing;
}

/** How many invoices of the school are not void. */
export async function countNonVoidInvoices(tx: Tx, schoolId: string): Promise<number> {
  const [prior] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(platformInvoices)
    .where(and(eq(platformInvoices.schoolId, schoolId), ne(platformInvoices.status, 'void')));
  return prior?.n ?? 0;
}

/** Creates an invoice; undefined when the school already has one for its term label (nothing written). */
export async function insertInvoice(tx: Tx, values: NewPlatformInvoice): Promise<PlatformInvoiceRow | undefined> {
  const [inv] = await tx
    .insert(platformInvoices)
    .values(values)
    .onConflictDoNothing({ target: [platformInvoices.schoolId, platformInvoices.termLabel] })
    .returning();
  return inv;
}

/** Stores an invoice's lines. */
export async function insertInvoiceLines(tx: Tx, lines: NewPlatformInvoiceLine[]): Promise<void> {
  await tx.insert(platformInvoiceLines).values(lines);
}

/** Filters of the invoice list; `schoolId` already narrowed to a school role's own school. */
export interface InvoiceFilters {
  schoolId?: string;
  status?: string;
  termLabel?: string;
  /** Matches the invoice number or the school name (ILIKE, literally). */
  q?: string;
}

function invoiceConditions(f: InvoiceFilters): SQL | undefined {
  const where: SQL[] = [];
  if (f.schoolId) where.push(eq(platformInvoices.schoolId, f.schoolId));
  if (f.status) where.push(eq(platformInvoices.status, f.status));
  if (f.termLabel) where.push(eq(platformInvoices.termLabel, f.termLabel));
  if (f.q) {
    const like = containsPattern(f.q);
    where.push(or(sql`${platformInvoices.number} ilike ${like}`, sql`${schools.name} ilike ${like}`)!);
  }
  return where.length ? and(...where) : undefined;
}

/** One page of invoices matching `f` with their school's name; newest issue date first, then number, then id. */
export async function listInvoices(tx: Tx, f: InvoiceFilters, w: PageWindow): Promise<{ inv: PlatformInvoiceRow; schoolName: string }[]> {
  return tx
    .select({ inv: platformInvoices, schoolName: schools.name })
    .from(platformInvoices)
    .innerJoin(schools, eq(schools.id, platformInvoices.schoolId))
    .where(invoiceConditions(f))
    .orderBy(desc(platformInvoices.issuedOn), desc(platformInvoices.number), desc(platformInvoices.id))
    .limit(w.limit)
    .offset(w.offset);
}

/** How many invoices match `f`, and their total, paid and balance (KES cents, void invoices left out of the sums). */
export async function invoiceTotals(tx: Tx, f: InvoiceFilters): Promise<{ count: number; totalCents: number; paidCents: number; balanceCents: number }> {
  const [agg] = await tx
    .select({
      n: sql<number>`count(*)`.mapWith(Number),
      total: sql<number>`coalesce(sum(${platformInvoices.totalCents}) filter (where ${platformInvoices.status} <> 'void'), 0)`.mapWith(Number),
      paid: sql<number>`coalesce(sum(${platformInvoices.paidCents}) filter (where ${platformInvoices.status} <> 'void'), 0)`.mapWith(Number),
      balance: sql<number>`coalesce(sum(${platformInvoices.balanceCents}) filter (where ${platformInvoices.status} <> 'void'), 0)`.mapWith(Number),
    })
    .from(platformInvoices)
    .innerJoin(schools, eq(schools.id, platformInvoices.schoolId))
    .where(invoiceConditions(f));
  return { count: agg?.n ?? 0, totalCents: agg?.total ?? 0, paidCents: agg?.paid ?? 0, balanceCents: agg?.balance ?? 0 };
}

/** The invoice `id` (only of `ownSchoolId` when given) with its school's name; `forUpdate` locks the invoice row. */
export async function findInvoiceWithSchool(tx: Tx, id: string, ownSchoolId: string | null, forUpdate: boolean): Promise<{ inv: PlatformInvoiceRow; schoolName: string } | undefined> {
  const q = tx
    .select({ inv: platformInvoices, schoolName: schools.name })
    .from(platformInvoices)
    .innerJoin(schools, eq(schools.id, platformInvoices.schoolId))
    .where(and(eq(platformInvoices.id, id), ownSchoolId ? eq(platformInvoices.schoolId, ownSchoolId) : undefined));
  const [row] = forUpdate ? await q.for('update', { of: platformInvoices }) : await q;
  return row;
}

/** Changes the invoice `id`; returns the updated invoice. */
export async function updateInvoice(tx: Tx, id: string, changes: InvoiceChanges): Promise<PlatformInvoiceRow> {
  const [after] = await tx.update(platformInvoices).set(changes).where(eq(platformInvoices.id, id)).returning();
  return after!;
}

/** The invoice's lines by position. */
export async function listInvoiceLines(tx: Tx, invoiceId: string): Promise<PlatformInvoiceLineRow[]> {
  return tx.select().from(platformInvoiceLines).where(eq(platformInvoiceLines.invoiceId, invoiceId)).orderBy(asc(platformInvoiceLines.position));
}

/** The invoice's credit notes with their author's name, oldest first. */
export async function listInvoiceCreditNotes(tx: Tx, invoiceId: string): Promise<{ cn: PlatformCreditNoteRow; by: string | null }[]> {
  return tx
    .select({ cn: platformCreditNotes, by: profiles.name })
    .from(platformCreditNotes)
    .leftJoin(profiles, eq(profiles.id, platformCreditNotes.createdBy))
    .where(eq(platformCreditNotes.invoiceId, invoiceId))
    .orderBy(asc(platformCreditNotes.createdAt));
}

/** The invoice's payments, oldest first. */
export async function listInvoicePayments(tx: Tx, invoiceId: string): Promise<PlatformPaymentRow[]> {
  return tx.select().from(platformPayments).where(eq(platformPayments.invoiceId, invoiceId)).orderBy(asc(platformPayments.paidAt));
}

/** Stores a credit note; returns it. */
export async function insertCreditNote(tx: Tx, values: NewPlatformCreditNote): Promise<PlatformCreditNoteRow> {
  const [cn] = await tx.insert(platformCreditNotes).values(values).returning();
  return cn!;
}

/** A user's display name, or null. */
export async function findProfileName(tx: Tx, userId: string): Promise<string | null> {
  const [by] = await tx.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, userId));
  return by?.name ?? null;
}

// ------------------------------------------------------------------------------------------------
// Payments

/** The payment with this method and reference (unique together), or undefined. */
export async function findPaymentByReference(tx: Tx, method: string, reference: string): Promise<PlatformPaymentRow | undefined> {
  const [row] = await tx.select().from(platformPayments).where(and(eq(platformPayments.method, method), eq(platformPayments.reference, reference)));
  return row;
}

/** Stores a payment; undefined when its (method, reference) is already stored (nothing written). */
export async function insertPayment(tx: Tx, values: NewPlatformPayment): Promise<PlatformPaymentRow | undefined> {
  const [pay] = await tx
    .insert(platformPayments)
    .values(values)
    .onConflictDoNothing({ target: [platformPayments.method, platformPayments.reference] })
    .returning();
  return pay;
}

/** Filters of the payment list; `schoolId` already narrowed to a school role's own school. */
export interface PaymentFilters {
  schoolId?: string;
  invoiceId?: string;
  method?: string;
}

function paymentConditions(f: PaymentFilters): SQL | undefined {
  const where: SQL[] = [];
  if (f.schoolId) where.push(eq(platformPayments.schoolId, f.schoolId));
  if (f.invoiceId) where.push(eq(platformPayments.invoiceId, f.invoiceId));
  if (f.method) where.push(eq(platformPayments.method, f.method));
  return where.length ? and(...where) : undefined;
}

/** One page of payments matching `f` with their invoice number and school name; newest first, then by id. */
export async function listPayments(tx: Tx, f: PaymentFilters, w: PageWindow): Promise<{ p: PlatformPaymentRow; number: string; schoolName: string }[]> {
  return tx
    .select({ p: platformPayments, number: platformInvoices.number, schoolName: schools.name })
    .from(platformPayments)
    .innerJoin(platformInvoices, eq(platformInvoices.id, platformPayments.invoiceId))
    .innerJoin(schools, eq(schools.id, platformPayments.schoolId))
    .where(paymentConditions(f))
    .orderBy(desc(platformPayments.paidAt), desc(platformPayments.id))
    .limit(w.limit)
    .offset(w.offset);
}

/** How many payments match `f`. */
export async function countPayments(tx: Tx, f: PaymentFilters): Promise<number> {
  const [n] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(platformPayments).where(paymentConditions(f));
  return n?.n ?? 0;
}

/** The payment `id` (only of `ownSchoolId` when given) with its invoice and school name, or undefined. */
export async function findPaymentWithInvoice(tx: Tx, id: string, ownSchoolId: string | null): Promise<{ p: PlatformPaymentRow; inv: PlatformInvoiceRow; schoolName: string } | undefined> {
  const [row] = await tx
    .select({ p: platformPayments, inv: platformInvoices, schoolName: schools.name })
    .from(platformPayments)
    .innerJoin(platformInvoices, eq(platformInvoices.id, platformPayments.invoiceId))
    .innerJoin(schools, eq(schools.id, platformPayments.schoolId))
    .where(and(eq(platformPayments.id, id), ownSchoolId ? eq(platformPayments.schoolId, ownSchoolId) : undefined));
  return row;
}

// ------------------------------------------------------------------------------------------------
// Reminders

/** Issued and partly paid invoices with a balance and a due date, with their school's name and e-mail (unordered). */
export async function listOpenDueInvoices(tx: Tx): Promise<{ inv: PlatformInvoiceRow; schoolName: string; schoolEmail: string | null; schoolLocale: string }[]> {
  return tx
    .select({ inv: platformInvoices, schoolName: schools.name, schoolEmail: schools.email, schoolLocale: schools.defaultLocale })
    .from(platformInvoices)
    .innerJoin(schools, eq(schools.id, platformInvoices.schoolId))
    .where(and(inArray(platformInvoices.status, ['issued', 'partly_paid']), sql`${platformInvoices.balanceCents} > 0`, sql`${platformInvoices.dueOn} is not null`));
}

/** The school's active directors' e-mails, names and saved languages (profiles.locale; unordered). */
export async function listActiveDirectors(tx: Tx, schoolId: string): Promise<{ email: string; name: string; locale: string }[]> {
  return tx
    .select({ email: profiles.email, name: profiles.name, locale: profiles.locale })
    .from(profiles)
    .where(and(eq(profiles.schoolId, schoolId), eq(profiles.role, 'school_director'), eq(profiles.status, 'active')));
}

/** Logs a reminder (invoice, kind) as sent; false when it was already logged (nothing written). */
export async function insertReminder(tx: Tx, values: { invoiceId: string; schoolId: string; kind: string; sentTo: string | null }): Promise<boolean> {
  const [logged] = await tx.insert(billingReminders).values(values).onConflictDoNothing().returning({ id: billingReminders.id });
  return !!logged;
}
