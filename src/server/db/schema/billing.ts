import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { schools } from './tenancy.js';
import { createdAt, requiredRef, updatedAt } from './columns.js';
import { profileRef, schoolId } from './tenant-columns.js';

/**
 * Platform billing (issue 18 §1): EduFam bills schools per active learner per term. Money in integer
 * KES cents. Row-level security (drizzle/0018_billing.sql): plans are platform-only; school-owned rows
 * (subscriptions, invoices, lines, credit notes, payments, STK requests, reminders) use
 * app_can_see_school(school_id), so a director reads only their own school's.
 */

export interface BillingPlanModule {
  key: string;
  name: string;
  /** Price per term, cents. */
  priceCents: number;
}

export const billingPlans = pgTable(
  'billing_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    pricePerLearnerCents: integer('price_per_learner_cents').notNull(),
    minimumCents: integer('minimum_cents').notNull().default(0),
    setupFeeCents: integer('setup_fee_cents').notNull().default(0),
    modules: jsonb('modules').$type<BillingPlanModule[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    createdAt,
    updatedAt,
  },
  (t) => [
    check(
      'billing_plans_prices_check',
      sql`${t.pricePerLearnerCents} >= 0 and ${t.minimumCents} >= 0 and ${t.setupFeeCents} >= 0`,
    ),
  ],
);

/** A billing_plans row as stored. */
export type BillingPlanRow = typeof billingPlans.$inferSelect;
/** The columns of a new billing plan. */
export type NewBillingPlan = typeof billingPlans.$inferInsert;

/** A school's subscription: one per school. status trial | active | arrears | read_only | cancelled. */
export const schoolSubscriptions = pgTable(
  'school_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .unique()
      .references(() => schools.id),
    planId: requiredRef('plan_id', () => billingPlans.id),
    startsOn: date('starts_on').notNull(),
    /** Last day of the free trial (inclusive), null when none. */
    trialEndsOn: date('trial_ends_on'),
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    modules: text('modules').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').notNull().default('trial'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (t) => [
    check('school_subscriptions_status_check', sql`${t.status} in ('trial', 'active', 'arrears', 'read_only', 'cancelled')`),
    check('school_subscriptions_discount_check', sql`${t.discountPercent} between 0 and 100 and ${t.discountCents} >= 0`),
  ],
);

/** A school_subscriptions row as stored. */
export type SchoolSubscriptionRow = typeof schoolSubscriptions.$inferSelect;

/** A term invoice to a school (number EDF-2026-0001; also the M-Pesa account number). */
export const platformInvoices = pgTable(
  'platform_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    schoolId: schoolId(),
    subscriptionId: uuid('subscription_id').references(() => schoolSubscriptions.id),
    termLabel: text('term_label').notNull(),
    snapshotDate: date('snapshot_date').notNull(),
    learnerCount: integer('learner_count').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    vatRateBps: integer('vat_rate_bps').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    paidCents: integer('paid_cents').notNull().default(0),
    creditedCents: integer('credited_cents').notNull().default(0),
    balanceCents: integer('balance_cents').notNull(),
    status: text('status').notNull().default('issued'),
    issuedOn: date('issued_on'),
    dueOn: date('due_on'),
    voidReason: text('void_reason'),
    createdBy: profileRef('created_by'),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('platform_invoices_school_term_uq').on(t.schoolId, t.termLabel),
    index('platform_invoices_status_due_idx').on(t.status, t.dueOn),
    check('platform_invoices_status_check', sql`${t.status} in ('draft', 'issued', 'partly_paid', 'paid', 'void')`),
    check(
      'platform_invoices_money_check',
      sql`${t.totalCents} >= 0 and ${t.paidCents} >= 0 and ${t.creditedCents} >= 0 and ${t.balanceCents} = ${t.totalCents} - ${t.paidCents} - ${t.creditedCents}`,
    ),
  ],
);

/** A platform_invoices row as stored (money in KES cents). */
export type PlatformInvoiceRow = typeof platformInvoices.$inferSelect;
/** The columns of a new platform invoice. */
export type NewPlatformInvoice = typeof platformInvoices.$inferInsert;

/** Lines of a platform invoice (learners or minimum, modules, setup fee, discount as a negative line). */
export const platformInvoiceLines = pgTable(
  'platform_invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: requiredRef('invoice_id', () => platformInvoices.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id').notNull(),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitCents: integer('unit_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    index('platform_invoice_lines_invoice_idx').on(t.invoiceId, t.position),
    check('platform_invoice_lines_kind_check', sql`${t.kind} in ('learners', 'minimum', 'module', 'setup_fee', 'discount')`),
  ],
);

/** A platform_invoice_lines row as stored. */
export type PlatformInvoiceLineRow = typeof platformInvoiceLines.$inferSelect;
/** The columns of a new platform invoice line. */
export type NewPlatformInvoiceLine = typeof platformInvoiceLines.$inferInsert;

export const platformCreditNotes = pgTable(
  'platform_credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    invoiceId: requiredRef('invoice_id', () => platformInvoices.id),
    schoolId: uuid('school_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    createdBy: profileRef('created_by'),
    createdAt,
  },
  (t) => [index('platform_credit_notes_invoice_idx').on(t.invoiceId), check('platform_credit_notes_amount_check', sql`${t.amountCents} > 0`)],
);

/** A platform_credit_notes row as stored. */
export type PlatformCreditNoteRow = typeof platformCreditNotes.$inferSelect;
/** The columns of a new platform credit note. */
export type NewPlatformCreditNote = typeof platformCreditNotes.$inferInsert;

/** A payment of a platform invoice; (method, reference) is unique so a retried payment is not counted twice. */
export const platformPayments = pgTable(
  'platform_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: requiredRef('invoice_id', () => platformInvoices.id),
    schoolId: uuid('school_id').notNull(),
    method: text('method').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reference: text('reference').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    receiptNumber: text('receipt_number').notNull().unique(),
    phone: text('phone'),
    recordedBy: profileRef('recorded_by'),
    createdAt,
  },
  (t) => [
    uniqueIndex('platform_payments_method_reference_uq').on(t.method, t.reference),
    index('platform_payments_invoice_idx').on(t.invoiceId),
    index('platform_payments_school_idx').on(t.schoolId, t.paidAt),
    check('platform_payments_method_check', sql`${t.method} in ('mpesa', 'bank')`),
    check('platform_payments_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** A platform_payments row as stored. */
export type PlatformPaymentRow = typeof platformPayments.$inferSelect;
/** The columns of a new platform payment. */
export type NewPlatformPayment = typeof platformPayments.$inferInsert;

/** STK pushes to the platform paybill for platform invoices. */
export const platformMpesaRequests = pgTable(
  'platform_mpesa_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: requiredRef('invoice_id', () => platformInvoices.id),
    schoolId: uuid('school_id').notNull(),
    merchantRequestId: text('merchant_request_id'),
    checkoutRequestId: text('checkout_request_id').notNull().unique(),
    phone: text('phone').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** pending | succeeded | failed | cancelled | timeout. */
    status: text('status').notNull().default('pending'),
    resultCode: text('result_code'),
    resultDesc: text('result_desc'),
    mpesaReceipt: text('mpesa_receipt'),
    customerMessage: text('customer_message'),
    paymentId: uuid('payment_id').references(() => platformPayments.id),
    rawCallback: jsonb('raw_callback'),
    initiatedBy: profileRef('initiated_by'),
    createdAt,
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('platform_mpesa_requests_invoice_idx').on(t.invoiceId),
    index('platform_mpesa_requests_pending_idx').on(t.status, t.createdAt),
    check('platform_mpesa_requests_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed', 'cancelled', 'timeout')`),
  ],
);

/** Each billing reminder sent, once: (invoice, kind) unique, kind e.g. "before:7", "after:14", "read_only". */
export const billingReminders = pgTable(
  'billing_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: requiredRef('invoice_id', () => platformInvoices.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id').notNull(),
    kind: text('kind').notNull(),
    sentTo: text('sent_to'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_reminders_invoice_kind_uq').on(t.invoiceId, t.kind)],
);
