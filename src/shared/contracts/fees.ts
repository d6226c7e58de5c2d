import { z } from 'zod';
import { feesMessages as m } from '../messages/fees.js';
import { MAX_AMOUNT_CENTS, kesToCents } from '../money.js';
import { isCalendarDate } from './learners.js';
import { VOTE_HEAD_RULES, paymentAllocationSchema } from './vote-heads.js';
import { voteHeadsMessages } from '../messages/vote-heads.js';

/**
 * Fees contracts (issue 11 §1, §2, §5), shared by the API (server/modules/fees) and the screens
 * (web/features/fees). Requests and responses speak KES as numbers with two decimals (the public API of
 * §5); the server stores integer cents. Dates are calendar dates (YYYY-MM-DD) in Africa/Nairobi;
 * instants are ISO strings. Balance: positive = owed, negative = in credit.
 */

export const PAYMENT_METHODS = ['cash', 'bank_deposit', 'cheque', 'mpesa', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const ADJUSTMENT_KINDS = ['credit_note', 'discount', 'bursary', 'waiver'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];
export const FEE_CATEGORIES = ['tuition', 'boarding', 'lunch', 'transport', 'activity', 'uniform', 'exam', 'development', 'other'] as const;
export type FeeCategory = (typeof FEE_CATEGORIES)[number];
export const STRUCTURE_BOARDING = ['all', 'day', 'boarding'] as const;
export const ALLOCATION_RULES = ['oldest_first', 'current_term_first'] as const;
export const INVOICE_STATUSES = ['unpaid', 'partial', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const BALANCE_FILTERS = ['owing', 'cleared', 'credit'] as const;

/** A KES amount in a request (number or decimal string, at most two decimals), parsed to integer cents. */
export const kesAmount = z.union([z.number(m.amountInvalid), z.string(m.amountInvalid)], m.amountInvalid).transform((v, ctx) => {
  const cents = kesToCents(v);
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: m.amountInvalid });
    return z.NEVER;
  }
  if (cents <= 0) {
    ctx.addIssue({ code: 'custom', message: m.amountPositive });
    return z.NEVER;
  }
  if (cents > MAX_AMOUNT_CENTS) {
    ctx.addIssue({ code: 'custom', message: m.amountTooLarge });
    return z.NEVER;
  }
  return cents;
});

/** A KES limit or threshold in a request (number or decimal string, zero allowed), parsed to integer cents. */
const kesNonNegative = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const c = kesToCents(v);
  if (c === null || c < 0) {
    ctx.addIssue({ code: 'custom', message: m.amountInvalid });
    return z.NEVER;
  }
  return c;
});

export const feeDate = z.string(m.dateInvalid).trim().refine(isCalendarDate, m.dateInvalid);
const uuid = (message: string) => z.uuid(message);
const reason = z.string(m.reasonRequired).trim().min(1, m.reasonRequired).max(500);
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(200).default(25);
const schoolIdParam = z.uuid('Invalid school id').optional();
const kes = z.number();

// ---------------------------------------------------------------------------------------------
// Settings

export const financeSettingsSchema = z.object({
  allocationRule: z.enum(ALLOCATION_RULES),
  /** Waivers above this (KES) wait for the principal's approval. */
  waiverApprovalLimit: kes,
  receiptPrefix: z.string(),
  invoicePrefix: z.string(),
  smsReceipts: z.boolean(),
  invoiceDueDays: z.number().int(),
  /** How a payment splits over vote heads (issue 35 §3): priority order, or proportional to what is owed. */
  voteHeadRule: z.enum(VOTE_HEAD_RULES),
});
export type FinanceSettings = z.infer<typeof financeSettingsSchema>;

export const updateFinanceSettingsBody = z.strictObject({
  allocationRule: z.enum(ALLOCATION_RULES).optional(),
  waiverApprovalLimit: kesNonNegative.optional(),
  receiptPrefix: z.string().trim().min(1).max(12).regex(/^[A-Za-z0-9/_-]+$/, m.prefixInvalid).optional(),
  invoicePrefix: z.string().trim().min(1).max(12).regex(/^[A-Za-z0-9/_-]+$/, m.prefixInvalid).optional(),
  smsReceipts: z.boolean().optional(),
  invoiceDueDays: z.number().int().min(0).max(120).optional(),
  voteHeadRule: z.enum(VOTE_HEAD_RULES, voteHeadsMessages.ruleInvalid).optional(),
});
export type UpdateFinanceSettingsBody = z.input<typeof updateFinanceSettingsBody>;

// ---------------------------------------------------------------------------------------------
// Fee structures

export const feeItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  category: z.enum(FEE_CATEGORIES),
  amount: kes,
  optional: z.boolean(),
  /** The vote head the item is accounted under (issue 35 §3). */
  voteHeadId: z.uuid().nullable(),
});
export type FeeItem = z.infer<typeof feeItemSchema>;

export const feeStructureSchema = z.object({
  id: z.uuid(),
  termId: z.uuid(),
  termName: z.string(),
  academicYear: z.string(),
  levelId: z.uuid(),
  levelName: z.string(),
  levelOrder: z.number().int(),
  classId: z.uuid().nullable(),
  className: z.string().nullable(),
  boarding: z.enum(STRUCTURE_BOARDING),
  name: z.string(),
  notes: z.string().nullable(),
  items: z.array(feeItemSchema),
  /** Sum of the compulsory items (KES). */
  requiredTotal: kes,
  /** Sum of every item, optional ones included (KES). */
  fullTotal: kes,
  /** Live invoices made from this structure. */
  invoiced: z.number().int(),
});
export type FeeStructure = z.infer<typeof feeStructureSchema>;

export const feeItemInput = z.strictObject({
  name: z.string(m.itemNameRequired).trim().min(1, m.itemNameRequired).max(80),
  category: z.enum(FEE_CATEGORIES).default('other'),
  amount: kesAmount,
  optional: z.boolean().default(false),
  /** The school's active vote head; default: the vote head of the item's category (issue 35 §3). */
  voteHeadId: z.uuid(voteHeadsMessages.voteHeadNotFound).nullish(),
});

export const createFeeStructureBody = z.strictObject({
  termId: uuid(m.termRequired),
  levelId: uuid(m.levelRequired),
  classId: z.uuid(m.streamNotFound).nullish(),
  boarding: z.enum(STRUCTURE_BOARDING).default('all'),
  name: z.string().trim().max(120).optional(),
  notes: z.string().trim().max(500).nullish(),
  items: z
    .array(feeItemInput, m.itemsRequired)
    .min(1, m.itemsRequired)
    .max(40)
    .refine((items) => new Set(items.map((i) => i.name.toLowerCase())).size === items.length, m.itemNamesUnique),
});
export type CreateFeeStructureBody = z.input<typeof createFeeStructureBody>;

export const updateFeeStructureBody = z.strictObject({
  name: z.string().trim().min(1).max(120).optional(),
  notes: z.string().trim().max(500).nullish(),
  items: createFeeStructureBody.shape.items.optional(),
});
export type UpdateFeeStructureBody = z.input<typeof updateFeeStructureBody>;

export const listFeeStructuresQuery = z.object({ termId: z.uuid('Invalid term id').optional(), schoolId: schoolIdParam });

export const copyFeeStructuresBody = z.strictObject({
  fromTermId: uuid(m.termRequired),
  toTermId: uuid(m.termRequired),
});

// ---------------------------------------------------------------------------------------------
// Invoices

export const invoiceLineSchema = z.object({ name: z.string(), category: z.string(), amount: kes });

export const invoiceSchema = z.object({
  id: z.uuid(),
  invoiceNumber: z.string(),
  studentId: z.uuid(),
  admissionNumber: z.string(),
  studentName: z.string(),
  className: z.string().nullable(),
  termId: z.uuid(),
  termName: z.string(),
  issuedOn: z.string(),
  dueOn: z.string(),
  total: kes,
  /** Credit notes, discounts, bursaries and waivers against this invoice. */
  adjusted: kes,
  /** Payments allocated to this invoice (by the school's allocation rule). */
  paid: kes,
  balance: kes,
  status: z.enum(INVOICE_STATUSES),
  lines: z.array(invoiceLineSchema).optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const listInvoicesQuery = z.object({
  termId: z.uuid('Invalid term id').optional(),
  levelId: z.uuid('Invalid level id').optional(),
  classId: z.uuid('Invalid class id').optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
  page,
  pageSize,
  schoolId: schoolIdParam,
});
export type ListInvoicesQuery = z.infer<typeof listInvoicesQuery>;
export const listInvoicesResponse = z.object({ items: z.array(invoiceSchema), total: z.number().int(), totals: z.object({ total: kes, paid: kes, balance: kes }) });
export type ListInvoicesResponse = z.infer<typeof listInvoicesResponse>;

export const generateInvoicesBody = z.strictObject({
  termId: uuid(m.termRequired),
  levelId: z.uuid(m.levelNotFound).optional(),
  /** Count only; write nothing. */
  preview: z.boolean().default(false),
});
export type GenerateInvoicesBody = z.input<typeof generateInvoicesBody>;
export const generateInvoicesResponse = z.object({
  /** Invoices written (or, in a preview, that would be). */
  created: z.number().int(),
  /** Learners who already had this term's invoice. */
  alreadyInvoiced: z.number().int(),
  /** Active learners no fee structure applies to. */
  withoutStructure: z.number().int(),
  /** KES total of the new invoices. */
  amount: kes,
  preview: z.boolean(),
});
export type GenerateInvoicesResponse = z.infer<typeof generateInvoicesResponse>;

export const createInvoiceBody = z.strictObject({ studentId: uuid(m.learnerRequired), termId: uuid(m.termRequired) });
export const cancelInvoiceBody = z.strictObject({ reason });

// ---------------------------------------------------------------------------------------------
// Adjustments and approvals

export const adjustmentSchema = z.object({
  id: z.uuid(),
  studentId: z.uuid(),
  studentName: z.string(),
  admissionNumber: z.string(),
  invoiceId: z.uuid().nullable(),
  invoiceNumber: z.string().nullable(),
  kind: z.enum(ADJUSTMENT_KINDS),
  amount: kes,
  reason: z.string(),
  number: z.string().nullable(),
  status: z.enum(['applied', 'pending', 'rejected']),
  effectiveOn: z.string(),
  requestedBy: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

export const createAdjustmentBody = z.strictObject({
  studentId: uuid(m.learnerRequired),
  invoiceId: z.uuid(m.invoiceNotFound).nullish(),
  kind: z.enum(ADJUSTMENT_KINDS, m.adjustmentKindInvalid),
  amount: kesAmount,
  reason,
});
export type CreateAdjustmentBody = z.input<typeof createAdjustmentBody>;

export const listAdjustmentsQuery = z.object({
  status: z.enum(['applied', 'pending', 'rejected']).optional(),
  kind: z.enum(ADJUSTMENT_KINDS).optional(),
  studentId: z.uuid().optional(),
  page,
  pageSize,
  schoolId: schoolIdParam,
});
export const listAdjustmentsResponse = z.object({ items: z.array(adjustmentSchema), total: z.number().int() });

export const approvalSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['fee_waiver', 'marks', 'payroll_run', 'leave', 'expense']),
  subjectId: z.uuid(),
  title: z.string(),
  summary: z.string(),
  amount: kes.nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  requestedBy: z.string().nullable(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;
export const listApprovalsQuery = z.object({ status: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending'), page, pageSize });
export const listApprovalsResponse = z.object({ items: z.array(approvalSchema), total: z.number().int(), pending: z.number().int() });
export const decideApprovalBody = z.strictObject({ note: z.string().trim().max(500).optional() });

// ---------------------------------------------------------------------------------------------
// Payments and accounts

export const paymentSchema = z.object({
  id: z.uuid(),
  /** KES; negative on a reversal row. */
  amount: kes,
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  paidAt: z.string(),
  // Extras beyond §5.
  studentId: z.uuid(),
  kind: z.enum(['payment', 'reversal']),
  source: z.enum(['manual', 'mpesa_stk', 'mpesa_c2b', 'mpesa_allocation', 'bank_statement']),
  payerName: z.string().nullable(),
  payerPhone: z.string().nullable(),
  notes: z.string().nullable(),
  reason: z.string().nullable(),
  reversesPaymentId: z.uuid().nullable(),
  reversedBy: z.uuid().nullable(),
  recordedBy: z.string().nullable(),
  createdAt: z.string(),
  /** How the payment splits over vote heads (issue 35 §3), KES; negated on a reversal row. */
  allocations: z.array(paymentAllocationSchema),
});
export type Payment = z.infer<typeof paymentSchema>;

export const recordPaymentBody = z.strictObject({
  studentId: uuid(m.learnerRequired),
  amount: kesAmount,
  method: z.enum(PAYMENT_METHODS, m.methodInvalid),
  reference: z.string().trim().max(60).nullish(),
  paidOn: feeDate,
  payerName: z.string().trim().max(120).nullish(),
  payerPhone: z.string().trim().max(30).nullish(),
  notes: z.string().trim().max(500).nullish(),
});
export type RecordPaymentBody = z.input<typeof recordPaymentBody>;

export const recordPaymentResponse = paymentSchema.extend({
  /** The learner's balance after this payment (KES). */
  balance: kes,
  studentName: z.string(),
  admissionNumber: z.string(),
});
export type RecordPaymentResponse = z.infer<typeof recordPaymentResponse>;

export const reversePaymentBody = z.strictObject({ reason });

export const listPaymentsQuery = z.object({
  from: feeDate.optional(),
  to: feeDate.optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  kind: z.enum(['payment', 'reversal']).optional(),
  search: z.string().trim().max(100).optional(),
  classId: z.uuid().optional(),
  page,
  pageSize,
  schoolId: schoolIdParam,
});
export type ListPaymentsQuery = z.infer<typeof listPaymentsQuery>;
export const paymentListItemSchema = paymentSchema.extend({ studentName: z.string(), admissionNumber: z.string(), className: z.string().nullable() });
export type PaymentListItem = z.infer<typeof paymentListItemSchema>;
export const listPaymentsResponse = z.object({ items: z.array(paymentListItemSchema), total: z.number().int(), sum: kes });
export type ListPaymentsResponse = z.infer<typeof listPaymentsResponse>;

/** GET /api/students/:id/account (§5): balance, invoices, payments, adjustments; extras after. */
export const studentAccountSchema = z.object({
  balance: kes,
  invoices: z.array(invoiceSchema),
  payments: z.array(paymentSchema),
  adjustments: z.array(adjustmentSchema),
  // Extras beyond §5.
  student: z.object({
    id: z.uuid(),
    name: z.string(),
    admissionNumber: z.string(),
    className: z.string().nullable(),
    status: z.string(),
    boarding: z.string(),
  }),
  totals: z.object({ invoiced: kes, adjusted: kes, paid: kes }),
  optionalItems: z.array(z.object({ key: z.string(), name: z.string(), amount: kes, chosen: z.boolean() })),
  pendingAdjustments: kes,
  /** Issue 15: store sales and transport fees not yet on an invoice (they go on the next one). */
  pendingCharges: z.array(z.object({ id: z.uuid(), source: z.enum(['inventory_sale', 'transport']), description: z.string(), category: z.string(), amount: kes, createdAt: z.string() })),
  /** Issue 15 §4: the learner's bus route while on one (the termly fee goes on each term's invoice). */
  transport: z.object({ route: z.string(), stop: z.string(), termFee: kes, since: z.string() }).nullable(),
});
export type StudentAccount = z.infer<typeof studentAccountSchema>;

export const statementQuery = z.object({ from: feeDate.optional(), to: feeDate.optional(), format: z.enum(['json', 'pdf']).default('json') });
export const statementEntrySchema = z.object({
  date: z.string(),
  kind: z.enum(['invoice', 'payment', 'reversal', 'adjustment']),
  description: z.string(),
  reference: z.string().nullable(),
  /** What it added to the balance (KES, invoices and reversals). */
  debit: kes,
  /** What it took off the balance (KES, payments and adjustments). */
  credit: kes,
  balance: kes,
});
export const statementSchema = z.object({
  from: z.string(),
  to: z.string(),
  openingBalance: kes,
  closingBalance: kes,
  entries: z.array(statementEntrySchema),
});
export type Statement = z.infer<typeof statementSchema>;

export const feeOptionBody = z.strictObject({ key: z.string().trim().min(1).max(80), chosen: z.boolean() });

export const accountListItemSchema = z.object({
  studentId: z.uuid(),
  admissionNumber: z.string(),
  name: z.string(),
  className: z.string().nullable(),
  levelName: z.string().nullable(),
  status: z.string(),
  boarding: z.string(),
  invoiced: kes,
  adjusted: kes,
  paid: kes,
  balance: kes,
  lastPaymentOn: z.string().nullable(),
});
export type AccountListItem = z.infer<typeof accountListItemSchema>;
export const ACCOUNT_SORTS = ['name', 'balance_desc', 'balance_asc', 'admission'] as const;
export const listAccountsQuery = z.object({
  search: z.string().trim().max(100).optional(),
  levelId: z.uuid('Invalid level id').optional(),
  classId: z.uuid('Invalid class id').optional(),
  balance: z.enum(BALANCE_FILTERS).optional(),
  status: z.enum(['active', 'all']).default('active'),
  sort: z.enum(ACCOUNT_SORTS).default('name'),
  page,
  pageSize,
  schoolId: schoolIdParam,
});
export type ListAccountsQuery = z.infer<typeof listAccountsQuery>;
export const listAccountsResponse = z.object({
  items: z.array(accountListItemSchema),
  total: z.number().int(),
  totals: z.object({ balance: kes, owing: z.number().int(), owed: kes }),
});
export type ListAccountsResponse = z.infer<typeof listAccountsResponse>;

/** A parent's children with their balances (parent "School Fees"). */
export const myChildrenFeesSchema = z.object({
  children: z.array(
    z.object({
      studentId: z.uuid(),
      name: z.string(),
      admissionNumber: z.string(),
      className: z.string().nullable(),
      balance: kes,
      currentTermInvoice: invoiceSchema.nullable(),
      lastPayment: paymentSchema.nullable(),
    }),
  ),
  /** The parent's own phone, to prefill "Pay with M-Pesa". */
  phone: z.string().nullable(),
  mpesa: z.object({
    available: z.boolean(),
    shortcode: z.string().nullable(),
    shortcodeType: z.enum(['paybill', 'till']).nullable(),
    /** simulator: the built-in Daraja simulator, no money moves. */
    environment: z.enum(['simulator', 'sandbox', 'production']).nullable(),
  }),
});
export type MyChildrenFees = z.infer<typeof myChildrenFeesSchema>;

// ---------------------------------------------------------------------------------------------
// Financial overview

export const overviewQuery = z.object({ termId: z.uuid('Invalid term id').optional(), schoolId: schoolIdParam });
const collectionRow = z.object({ id: z.string(), name: z.string(), expected: kes, paid: kes, balance: kes, rate: z.number() });
export const financialOverviewSchema = z.object({
  term: z.object({ id: z.uuid(), name: z.string(), academicYear: z.string(), startsOn: z.string(), endsOn: z.string() }).nullable(),
  /** The term's invoices less adjustments (KES). */
  expected: kes,
  /** What the allocation rule has settled of the term's invoices (KES). */
  paidAgainstTerm: kes,
  /** Money received during the term's dates (KES), whatever it settled. */
  collected: kes,
  /** Owed on the term's invoices (KES). */
  outstanding: kes,
  /** Whole-school balance owed, every term included (KES). */
  totalArrears: kes,
  /** paidAgainstTerm / expected, 0..1. */
  collectionRate: z.number(),
  learnersInvoiced: z.number().int(),
  learnersCleared: z.number().int(),
  learnersOwing: z.number().int(),
  byLevel: z.array(collectionRow),
  byStream: z.array(collectionRow.extend({ levelName: z.string() })),
  byMethod: z.array(z.object({ method: z.enum(PAYMENT_METHODS), amount: kes, count: z.number().int() })),
  daily: z.array(z.object({ date: z.string(), amount: kes, count: z.number().int() })),
  topDefaulters: z.array(
    z.object({ studentId: z.uuid(), name: z.string(), admissionNumber: z.string(), className: z.string().nullable(), balance: kes, lastPaymentOn: z.string().nullable() }),
  ),
  mpesa: z.object({ unmatched: z.number().int(), unmatchedAmount: kes, pendingStk: z.number().int() }),
  /** Deposits of imported bank statements that wait in the same unmatched queue (decision 0029). */
  bank: z.object({ unmatched: z.number().int(), unmatchedAmount: kes }),
  pendingApprovals: z.number().int(),
});
export type FinancialOverview = z.infer<typeof financialOverviewSchema>;

// ---------------------------------------------------------------------------------------------
// Reminders and SMS log

export const remindersBody = z.strictObject({
  /** Remind guardians of learners owing more than this (KES). */
  minBalance: kesNonNegative,
  channels: z.array(z.enum(['sms', 'email'])).min(1, m.channelsRequired),
  levelId: z.uuid().optional(),
  classId: z.uuid().optional(),
  preview: z.boolean().default(false),
});
export type RemindersBody = z.input<typeof remindersBody>;
export const remindersResponse = z.object({
  learners: z.number().int(),
  sms: z.number().int(),
  emails: z.number().int(),
  /** The background task sending them (absent in a preview). */
  taskId: z.uuid().nullable(),
  sample: z.string().nullable(),
});
export type RemindersResponse = z.infer<typeof remindersResponse>;

export const smsMessageSchema = z.object({
  id: z.uuid(),
  toPhone: z.string(),
  body: z.string(),
  kind: z.enum(['receipt', 'reminder', 'absence', 'other']),
  /** delivered: the gateway reported the message on the phone (delivery report). */
  status: z.enum(['queued', 'sent', 'delivered', 'failed']),
  provider: z.string(),
  cost: kes.nullable(),
  error: z.string().nullable(),
  studentName: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type SmsMessage = z.infer<typeof smsMessageSchema>;
export const listSmsQuery = z.object({
  status: z.enum(['queued', 'sent', 'delivered', 'failed']).optional(),
  kind: z.enum(['receipt', 'reminder', 'absence', 'other']).optional(),
  search: z.string().trim().max(100).optional(),
  page,
  pageSize,
  schoolId: schoolIdParam,
});
export const listSmsResponse = z.object({
  items: z.array(smsMessageSchema),
  total: z.number().int(),
  /** sent counts delivered messages too (they were sent). */
  totals: z.object({ sent: z.number().int(), failed: z.number().int(), cost: kes }),
});
export type ListSmsResponse = z.infer<typeof listSmsResponse>;
