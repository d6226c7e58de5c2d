import { z } from 'zod';
import { billingMessages as bm } from '../messages/billing.js';
import { isCalendarDate } from './learners.js';

/**
 * Platform billing (issue 18 §1, §5): EduFam bills each school per active learner per term.
 * All money is integer KES cents (`…Cents`); dates are calendar dates `YYYY-MM-DD` in Africa/Nairobi;
 * instants are ISO timestamps (UTC). VAT rates are basis points (1600 = 16 %).
 *
 * Who: EduFam staff with manageBilling change things; viewBilling reads (the school director reads only
 * their own school's invoices: another school's is 404); payPlatformInvoices lets the director pay their
 * own school's invoice by M-Pesa. docs/decisions/0017-platform-billing.md.
 */

const m = bm.api;

export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'arrears', 'read_only', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** A school's billing status as the banner and health cards show it ('none': no subscription). */
export const BILLING_STATUSES = ['trial', 'active', 'arrears', 'read_only', 'cancelled', 'none'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];
export const PLATFORM_INVOICE_STATUSES = ['draft', 'issued', 'partly_paid', 'paid', 'void'] as const;
export type PlatformInvoiceStatus = (typeof PLATFORM_INVOICE_STATUSES)[number];
export const PLATFORM_PAYMENT_METHODS = ['mpesa', 'bank'] as const;
export type PlatformPaymentMethod = (typeof PLATFORM_PAYMENT_METHODS)[number];
export const INVOICE_LINE_KINDS = ['learners', 'minimum', 'module', 'setup_fee', 'discount'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];
export const BILLING_MPESA_ENVIRONMENTS = ['simulator', 'sandbox', 'production'] as const;
export const PLATFORM_STK_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled', 'timeout'] as const;
export type PlatformStkStatus = (typeof PLATFORM_STK_STATUSES)[number];

/** Days of free trial a new school gets (spec §1 "30-day free trial"). */
export const TRIAL_DAYS = 30;
/** Largest amount any billing figure may take (KES 100 million, in cents). */
export const BILLING_MAX_CENTS = 10_000_000_000;

export const BILLING_DEFAULT_PAGE_SIZE = 25;
export const BILLING_MAX_PAGE_SIZE = 200;

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(BILLING_MAX_PAGE_SIZE).default(BILLING_DEFAULT_PAGE_SIZE);
/** A calendar date YYYY-MM-DD. */
export const billingDate = z.string(m.dateInvalid).trim().refine(isCalendarDate, m.dateInvalid);
/** A price in cents: a whole number ≥ 0 (a negative price is 400). */
const priceCents = z.number(m.priceInvalid).int(m.priceInvalid).min(0, m.priceNegative).max(BILLING_MAX_CENTS, m.priceTooLarge);
/** An amount that moves money: a whole number of cents > 0. */
const amountCents = z.number(m.amountInvalid).int(m.amountInvalid).min(1, m.amountPositive).max(BILLING_MAX_CENTS, m.priceTooLarge);
const reason = z.string(m.reasonRequired).trim().min(1, m.reasonRequired).max(500, m.reasonTooLong);
const moduleKey = z.string(m.moduleKeyInvalid).trim().regex(/^[a-z][a-z0-9_]{1,39}$/, m.moduleKeyInvalid);

// ------------------------------------------------------------------------------------------------
// Plans

export const planModuleSchema = z.object({ key: z.string(), name: z.string(), priceCents: z.number().int() });
export type PlanModule = z.infer<typeof planModuleSchema>;

/** GET /api/billing/plans → { items: BillingPlan[] }. */
export const billingPlanSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Price per active learner per term (cents). */
  pricePerLearnerCents: z.number().int(),
  /** The least a school pays per term for the learner part (cents). */
  minimumCents: z.number().int(),
  /** Charged once, on a school's first invoice (cents). */
  setupFeeCents: z.number().int(),
  /** Optional modules priced separately per term. */
  modules: z.array(planModuleSchema),
  active: z.boolean(),
  /** Schools currently subscribed (not cancelled). */
  schoolCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BillingPlan = z.infer<typeof billingPlanSchema>;
export const listPlansResponse = z.object({ items: z.array(billingPlanSchema) });
export type ListPlansResponse = z.infer<typeof listPlansResponse>;

const planModuleInput = z.strictObject({
  key: moduleKey,
  name: z.string(m.moduleNameRequired).trim().min(1, m.moduleNameRequired).max(80),
  priceCents,
});

/** POST /api/billing/plans (manageBilling) → 201 BillingPlan. Negative prices are 400. */
export const createPlanBody = z.strictObject({
  name: z.string(m.planNameRequired).trim().min(1, m.planNameRequired).max(80, m.planNameTooLong),
  pricePerLearnerCents: priceCents,
  minimumCents: priceCents.default(0),
  setupFeeCents: priceCents.default(0),
  modules: z
    .array(planModuleInput)
    .max(30)
    .default([])
    .refine((mods) => new Set(mods.map((x) => x.key)).size === mods.length, m.moduleKeyDuplicate),
  active: z.boolean().default(true),
});
export type CreatePlanBody = z.input<typeof createPlanBody>;

/** PATCH /api/billing/plans/:id (manageBilling) → BillingPlan. Fields left out keep their value. */
export const updatePlanBody = z.strictObject({
  name: z.string(m.planNameRequired).trim().min(1, m.planNameRequired).max(80, m.planNameTooLong).optional(),
  pricePerLearnerCents: priceCents.optional(),
  minimumCents: priceCents.optional(),
  setupFeeCents: priceCents.optional(),
  modules: z
    .array(planModuleInput)
    .max(30)
    .refine((mods) => new Set(mods.map((x) => x.key)).size === mods.length, m.moduleKeyDuplicate)
    .optional(),
  active: z.boolean().optional(),
});
export type UpdatePlanBody = z.input<typeof updatePlanBody>;

export const idParams = z.object({ id: z.uuid(m.notFound) });
export const schoolIdParams = z.object({ schoolId: z.uuid(m.schoolNotFound) });

// ------------------------------------------------------------------------------------------------
// Subscriptions

/**
 * GET /api/billing/subscriptions (viewBilling) → { items }: one row per school (a director: their own),
 * with its subscription or `status: 'none'` when it has none.
 */
export const subscriptionSchema = z.object({
  schoolId: z.uuid(),
  schoolName: z.string(),
  subscriptionId: z.uuid().nullable(),
  planId: z.uuid().nullable(),
  planName: z.string().nullable(),
  startsOn: z.string().nullable(),
  /** Last day of the free trial (inclusive); null when no trial. */
  trialEndsOn: z.string().nullable(),
  /** Discount: a percent (0–100) of the subtotal, then a fixed amount (cents), capped at the subtotal. */
  discountPercent: z.number(),
  discountCents: z.number().int(),
  /** Keys of the plan's optional modules the school takes. */
  modules: z.array(z.string()),
  status: z.enum(BILLING_STATUSES),
  cancelledAt: z.string().nullable(),
  /** What the school owes across its invoices (cents). */
  balanceCents: z.number().int(),
  /** Active learners today. */
  activeLearners: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const listSubscriptionsResponse = z.object({ items: z.array(subscriptionSchema) });
export type ListSubscriptionsResponse = z.infer<typeof listSubscriptionsResponse>;

/**
 * PUT /api/billing/subscriptions/:schoolId (manageBilling) → Subscription. Creates or updates the school's
 * subscription. A new one without trialEndsOn gets the 30-day trial from startsOn (default today).
 * status 'cancelled' records cancelled_at (churn); setting it back to active clears it.
 */
export const putSubscriptionBody = z.strictObject({
  planId: z.uuid(m.planRequired),
  startsOn: billingDate.optional(),
  trialEndsOn: billingDate.nullable().optional(),
  discountPercent: z.number(m.discountInvalid).min(0, m.discountInvalid).max(100, m.discountInvalid).optional(),
  discountCents: priceCents.optional(),
  modules: z.array(moduleKey).max(30).optional(),
  status: z.enum(SUBSCRIPTION_STATUSES, { error: m.statusInvalid }).optional(),
});
export type PutSubscriptionBody = z.input<typeof putSubscriptionBody>;

// ------------------------------------------------------------------------------------------------
// Invoices

export const invoiceLineSchema = z.object({
  id: z.uuid(),
  kind: z.enum(INVOICE_LINE_KINDS),
  description: z.string(),
  quantity: z.number().int(),
  unitCents: z.number().int(),
  /** Negative for the discount line. */
  amountCents: z.number().int(),
});
export type PlatformInvoiceLine = z.infer<typeof invoiceLineSchema>;

/** One row of GET /api/billing/invoices. */
export const platformInvoiceSchema = z.object({
  id: z.uuid(),
  /** EDF-2026-0001: also the M-Pesa account number. */
  number: z.string(),
  schoolId: z.uuid(),
  schoolName: z.string(),
  termLabel: z.string(),
  snapshotDate: z.string(),
  /** Active learners on the snapshot date. */
  learnerCount: z.number().int(),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  vatRateBps: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  creditedCents: z.number().int(),
  /** total − paid − credited. */
  balanceCents: z.number().int(),
  status: z.enum(PLATFORM_INVOICE_STATUSES),
  issuedOn: z.string().nullable(),
  dueOn: z.string().nullable(),
  /** Past its due date with a balance. */
  overdue: z.boolean(),
  createdAt: z.string(),
});
export type PlatformInvoice = z.infer<typeof platformInvoiceSchema>;

export const creditNoteSchema = z.object({
  id: z.uuid(),
  /** EDF-CN-2026-0001. */
  number: z.string(),
  invoiceId: z.uuid(),
  invoiceNumber: z.string(),
  amountCents: z.number().int(),
  reason: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type PlatformCreditNote = z.infer<typeof creditNoteSchema>;

export const platformPaymentSchema = z.object({
  id: z.uuid(),
  invoiceId: z.uuid(),
  invoiceNumber: z.string(),
  schoolId: z.uuid(),
  schoolName: z.string(),
  method: z.enum(PLATFORM_PAYMENT_METHODS),
  amountCents: z.number().int(),
  /** M-Pesa receipt (e.g. SKE4H7Q2XA) or the bank reference. */
  reference: z.string(),
  paidAt: z.string(),
  /** EDF-RCT-2026-0001. */
  receiptNumber: z.string(),
  phone: z.string().nullable(),
  createdAt: z.string(),
});
export type PlatformPayment = z.infer<typeof platformPaymentSchema>;

/** GET /api/billing/invoices/:id → the invoice with its lines, credit notes and payments. */
export const platformInvoiceDetailSchema = platformInvoiceSchema.extend({
  lines: z.array(invoiceLineSchema),
  creditNotes: z.array(creditNoteSchema),
  payments: z.array(platformPaymentSchema),
  /** How to pay: the platform paybill (account = invoice number) and bank details. */
  payTo: z.object({
    paybill: z.string().nullable(),
    accountNumber: z.string(),
    bankName: z.string().nullable(),
    bankAccountName: z.string().nullable(),
    bankAccountNumber: z.string().nullable(),
    bankBranch: z.string().nullable(),
  }),
});
export type PlatformInvoiceDetail = z.infer<typeof platformInvoiceDetailSchema>;

/** GET /api/billing/invoices (viewBilling). A director always gets only their own school's. */
export const listInvoicesQuery = z.object({
  schoolId: z.uuid(m.schoolNotFound).optional(),
  status: z.enum(PLATFORM_INVOICE_STATUSES, { error: m.statusInvalid }).optional(),
  termLabel: z.string().trim().max(60).optional(),
  /** Matches the invoice number or school name. */
  q: z.string().trim().max(100).optional(),
  page,
  pageSize,
});
export type ListInvoicesQuery = z.input<typeof listInvoicesQuery>;
export const listInvoicesResponse = z.object({
  items: z.array(platformInvoiceSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Sums over every matching invoice (not only this page), void ones left out. */
  totals: z.object({ totalCents: z.number().int(), paidCents: z.number().int(), balanceCents: z.number().int() }),
});
export type ListInvoicesResponse = z.infer<typeof listInvoicesResponse>;

/**
 * POST /api/billing/invoices/generate (manageBilling): one invoice per subscribed school not cancelled and
 * past its trial on the snapshot date, in one transaction. Idempotent per (school, termLabel).
 */
export const generateInvoicesBody = z.strictObject({
  termLabel: z.string(m.termLabelRequired).trim().min(1, m.termLabelRequired).max(60, m.termLabelTooLong),
  snapshotDate: billingDate,
  /** Issue date (default today); due = issue + paymentTermsDays. */
  issuedOn: billingDate.optional(),
});
export type GenerateInvoicesBody = z.input<typeof generateInvoicesBody>;
export const generateInvoicesResponse = z.object({
  created: z.number().int(),
  /** Schools that already had an invoice for this term. */
  skipped: z.number().int(),
  /** Schools left out because they are in trial (or not yet started) on the snapshot date. */
  inTrial: z.number().int(),
  invoices: z.array(platformInvoiceSchema),
});
export type GenerateInvoicesResponse = z.infer<typeof generateInvoicesResponse>;

/** POST /api/billing/invoices/:id/credit-notes (manageBilling) → 201 { creditNote, invoice }. amount ≤ balance. */
export const createCreditNoteBody = z.strictObject({ amountCents, reason });
export type CreateCreditNoteBody = z.input<typeof createCreditNoteBody>;
export const creditNoteResponse = z.object({ creditNote: creditNoteSchema, invoice: platformInvoiceSchema });

/**
 * POST /api/billing/invoices/:id/payments (manageBilling) → 201 { payment, invoice, duplicate }: a bank
 * payment. Idempotent on the reference: the same reference again returns the first payment (200,
 * duplicate: true). amount ≤ balance.
 */
export const bankPaymentBody = z.strictObject({
  method: z.literal('bank', m.methodInvalid),
  amountCents,
  reference: z.string(m.referenceRequired).trim().min(1, m.referenceRequired).max(60, m.referenceTooLong),
  paidOn: billingDate,
});
export type BankPaymentBody = z.input<typeof bankPaymentBody>;
export const paymentResponse = z.object({ payment: platformPaymentSchema, invoice: platformInvoiceSchema, duplicate: z.boolean() });
export type PaymentResponse = z.infer<typeof paymentResponse>;

/** POST /api/billing/invoices/:id/void (manageBilling) → PlatformInvoice. Only with no payments. */
export const voidInvoiceBody = z.strictObject({ reason });
export type VoidInvoiceBody = z.input<typeof voidInvoiceBody>;

/** GET /api/billing/payments (viewBilling; a director: own school) → { items, total, page, pageSize }. */
export const listPaymentsQuery = z.object({
  schoolId: z.uuid(m.schoolNotFound).optional(),
  invoiceId: z.uuid(m.notFound).optional(),
  method: z.enum(PLATFORM_PAYMENT_METHODS).optional(),
  page,
  pageSize,
});
export const listPaymentsResponse = z.object({
  items: z.array(platformPaymentSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ListPaymentsResponse = z.infer<typeof listPaymentsResponse>;

// ------------------------------------------------------------------------------------------------
// M-Pesa (the platform's own paybill)

/**
 * POST /api/billing/invoices/:id/mpesa (payPlatformInvoices: the director, own school; or manageBilling)
 * → 202 PlatformStkRequest. amountCents defaults to the balance, rounded up to whole shillings.
 */
export const platformStkBody = z.strictObject({
  phone: z.string(m.phoneInvalid).trim().min(1, m.phoneInvalid).max(30),
  amountCents: amountCents.optional(),
});
export type PlatformStkBody = z.input<typeof platformStkBody>;

/** GET /api/billing/mpesa/:checkoutRequestId: poll until status is not pending. */
export const platformStkSchema = z.object({
  id: z.uuid(),
  checkoutRequestId: z.string(),
  invoiceId: z.uuid(),
  invoiceNumber: z.string(),
  amountCents: z.number().int(),
  phone: z.string(),
  status: z.enum(PLATFORM_STK_STATUSES),
  resultCode: z.string().nullable(),
  resultDesc: z.string().nullable(),
  mpesaReceipt: z.string().nullable(),
  customerMessage: z.string().nullable(),
  paymentId: z.uuid().nullable(),
  receiptNumber: z.string().nullable(),
  /** The invoice's balance now (cents). */
  invoiceBalanceCents: z.number().int(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type PlatformStkRequest = z.infer<typeof platformStkSchema>;
export const checkoutParams = z.object({ checkoutRequestId: z.string().trim().min(1).max(100) });
export const callbackTokenParams = z.object({ token: z.string().min(1).max(200) });

// ------------------------------------------------------------------------------------------------
// Settings

/** GET /api/billing/settings (manageBilling). Secrets come back masked ("••••••••c919") or null. */
export const billingSettingsSchema = z.object({
  vatRateBps: z.number().int(),
  paymentTermsDays: z.number().int(),
  /** Days after the due date before an unpaid school becomes read-only. */
  graceDays: z.number().int(),
  reminderDaysBefore: z.array(z.number().int()),
  reminderDaysAfter: z.array(z.number().int()),
  mpesa: z.object({
    environment: z.enum(BILLING_MPESA_ENVIRONMENTS),
    /** The paybill the credentials belong to; Company Management's paybill, when set, is the one schools see and pay. */
    shortCode: z.string(),
    consumerKey: z.string().nullable(),
    consumerSecret: z.string().nullable(),
    passkey: z.string().nullable(),
    /** Where Daraja posts STK results (contains the secret token). */
    stkCallbackUrl: z.string(),
    /** C2B confirmation URL for the paybill (BillRefNumber = invoice number). */
    c2bConfirmationUrl: z.string(),
  }),
  /** From Company Management (platform_company), read-only here; "EduFam" when not filled in. */
  company: z.object({
    name: z.string(),
    kraPin: z.string().nullable(),
    address: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    paybill: z.string().nullable(),
    bankName: z.string().nullable(),
    bankAccountName: z.string().nullable(),
    bankAccountNumber: z.string().nullable(),
    bankBranch: z.string().nullable(),
  }),
  updatedAt: z.string().nullable(),
});
export type BillingSettings = z.infer<typeof billingSettingsSchema>;

const reminderDays = z.array(z.number(m.reminderDaysInvalid).int(m.reminderDaysInvalid).min(0, m.reminderDaysInvalid).max(365, m.reminderDaysInvalid)).max(10, m.reminderDaysInvalid);
const secret = z.string().trim().min(1).max(200);
/** PUT /api/billing/settings (manageBilling) → BillingSettings. Secrets left out keep their stored value. */
export const putBillingSettingsBody = z.strictObject({
  vatRateBps: z.number(m.vatInvalid).int(m.vatInvalid).min(0, m.vatInvalid).max(5000, m.vatInvalid).optional(),
  paymentTermsDays: z.number(m.termsInvalid).int(m.termsInvalid).min(0, m.termsInvalid).max(365, m.termsInvalid).optional(),
  graceDays: z.number(m.graceInvalid).int(m.graceInvalid).min(0, m.graceInvalid).max(365, m.graceInvalid).optional(),
  reminderDaysBefore: reminderDays.optional(),
  reminderDaysAfter: reminderDays.optional(),
  mpesa: z
    .strictObject({
      environment: z.enum(BILLING_MPESA_ENVIRONMENTS).optional(),
      shortCode: z.string(m.shortCodeInvalid).trim().regex(/^\d{5,7}$/, m.shortCodeInvalid).optional(),
      consumerKey: secret.optional(),
      consumerSecret: secret.optional(),
      passkey: secret.optional(),
    })
    .optional(),
});
export type PutBillingSettingsBody = z.input<typeof putBillingSettingsBody>;

// ------------------------------------------------------------------------------------------------
// Status (banner) and dashboard

/** GET /api/billing/status (signedIn school roles): the school's billing state for a banner. */
export const billingStatusSchema = z.object({
  status: z.enum(BILLING_STATUSES),
  planName: z.string().nullable(),
  balanceCents: z.number().int(),
  /** Earliest due date among unpaid invoices. */
  dueOn: z.string().nullable(),
  trialEndsOn: z.string().nullable(),
  /** Writes refused (GET still works). */
  readOnly: z.boolean(),
  /** A sentence for the banner, or null when there is nothing to say. */
  message: z.string().nullable(),
});
export type BillingStatusResponse = z.infer<typeof billingStatusSchema>;

export const dashboardQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });
/** GET /api/billing/dashboard?year= (manageBilling). Figures over non-void invoices of that year. */
export const billingDashboardSchema = z.object({
  year: z.number().int(),
  /** Invoiced and paid (revenue) by term label, in order of first invoice. */
  terms: z.array(
    z.object({
      termLabel: z.string(),
      invoices: z.number().int(),
      invoicedCents: z.number().int(),
      paidCents: z.number().int(),
      creditedCents: z.number().int(),
      outstandingCents: z.number().int(),
    }),
  ),
  invoicedCents: z.number().int(),
  /** Payments received against the year's invoices. */
  revenueCents: z.number().int(),
  /** Balances still owed across all invoices (any year). */
  outstandingCents: z.number().int(),
  overdueCents: z.number().int(),
  /** paid ÷ (invoiced − credited), 0–100, one decimal; null with nothing invoiced. */
  collectionRatePct: z.number().nullable(),
  schoolsInTrial: z.number().int(),
  activeSchools: z.number().int(),
  arrearsSchools: z.number().int(),
  readOnlySchools: z.number().int(),
  /** Cancelled in the year ÷ subscribed (not cancelled) at the start of the year. */
  churn: z.object({ cancelled: z.number().int(), activeAtStart: z.number().int(), ratePct: z.number().nullable() }),
});
export type BillingDashboard = z.infer<typeof billingDashboardSchema>;

/** GET /api/billing/statement?from&to&format=json|pdf|xlsx (manageBilling or viewSystemReports). */
export const statementQuery = z
  .object({
    from: billingDate,
    to: billingDate,
    format: z.enum(['json', 'pdf', 'xlsx']).default('json'),
    schoolId: z.uuid(m.schoolNotFound).optional(),
  })
  .refine((q) => q.from <= q.to, { message: m.rangeInvalid, path: ['to'] });
export type StatementQuery = z.input<typeof statementQuery>;
export const statementSchema = z.object({
  from: z.string(),
  to: z.string(),
  invoices: z.array(platformInvoiceSchema),
  payments: z.array(platformPaymentSchema),
  creditNotes: z.array(creditNoteSchema.extend({ schoolName: z.string() })),
  totals: z.object({ invoicedCents: z.number().int(), paidCents: z.number().int(), creditedCents: z.number().int() }),
});
export type BillingStatement = z.infer<typeof statementSchema>;
