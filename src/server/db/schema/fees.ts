import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, pgView, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { classes, guardians, levels, schools, students, terms } from './tenancy.js';
import { cents, createdAt, requiredRef, updatedAt } from './columns.js';
import { decisionColumns, profileRef, schoolId, schoolRow } from './tenant-columns.js';
import { voteHeads } from './vote-heads.js';

/**
 * School fees and M-Pesa (issue 11). Money is integer KES cents (bigint, mode number: exact up to
 * 2^53 cents, far beyond any school's books). Every table carries school_id and is guarded by
 * row-level security (drizzle/0006_fees.sql).
 *
 * A learner's balance (positive = owed) is derived, never stored:
 *   sum(issued invoices) − sum(applied adjustments) − sum(payments, reversal rows being negative).
 * Arrears and overpayments therefore carry from term to term by construction.
 */

/** Per-school finance settings (issue 11 §1, §2); a missing row means the defaults. */
export const financeSettings = pgTable(
  'finance_settings',
  {
    schoolId: uuid('school_id')
      .primaryKey()
      .references(() => schools.id),
    /** oldest_first (default) | current_term_first: which invoices a payment settles first. */
    allocationRule: text('allocation_rule').notNull().default('oldest_first'),
    /** Waivers above this need the principal's approval (issue 11 §1). */
    waiverApprovalCents: cents('waiver_approval_cents').notNull().default(1_000_000),
    receiptPrefix: text('receipt_prefix').notNull().default('RCT-'),
    invoicePrefix: text('invoice_prefix').notNull().default('INV-'),
    /** Send the payer an SMS receipt for every payment. */
    smsReceipts: boolean('sms_receipts').notNull().default(true),
    /** Days after issue an invoice falls due. */
    invoiceDueDays: integer('invoice_due_days').notNull().default(14),
    /**
     * How a payment splits over vote heads (issue 35 §3): priority (vote heads in their priority order,
     * the Ministry guidelines' order by default) | proportional (in proportion to what is owed on each).
     */
    voteHeadRule: text('vote_head_rule').notNull().default('priority'),
    updatedBy: profileRef('updated_by'),
    updatedAt,
  },
  (t) => [
    check('finance_settings_rule_check', sql`${t.allocationRule} in ('oldest_first', 'current_term_first')`),
    check('finance_settings_waiver_check', sql`${t.waiverApprovalCents} >= 0`),
    check('finance_settings_vote_head_rule_check', sql`${t.voteHeadRule} in ('priority', 'proportional')`),
  ],
);

/**
 * Numbering of receipts, invoices and credit notes: one row per school and kind, incremented with
 * UPDATE … RETURNING inside the transaction that uses the number, so numbers never repeat (the row lock
 * serialises writers) and never skip (a rolled-back transaction rolls the increment back too).
 */
export const documentSequences = pgTable(
  'document_sequences',
  {
    schoolId: schoolId(),
    kind: text('kind').notNull(),
    lastValue: integer('last_value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.kind] }), check('document_sequences_kind_check', sql`${t.kind} in ('receipt', 'invoice', 'credit_note', 'expense')`)],
);

/**
 * A fee structure: what learners of one level pay in one term, optionally for one stream only and for
 * day scholars or boarders only (boarding 'all' | 'day' | 'boarding'). The most specific structure
 * wins for a learner (stream over level, day/boarding over all).
 */
export const feeStructures = pgTable(
  'fee_structures',
  {
    ...schoolRow(),
    termId: requiredRef('term_id', () => terms.id),
    levelId: requiredRef('level_id', () => levels.id),
    classId: uuid('class_id').references(() => classes.id),
    boarding: text('boarding').notNull().default('all'),
    name: text('name').notNull(),
    notes: text('notes'),
    createdBy: profileRef('created_by'),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('fee_structures_term_idx').on(t.schoolId, t.termId),
    uniqueIndex('fee_structures_scope_uq').on(t.termId, t.levelId, sql`coalesce(${t.classId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.boarding),
    check('fee_structures_boarding_check', sql`${t.boarding} in ('all', 'day', 'boarding')`),
  ],
);

/** A line of a fee structure (tuition, boarding, lunch, transport, activity...); optional items are opted into. */
export const feeStructureItems = pgTable(
  'fee_structure_items',
  {
    ...schoolRow(),
    structureId: requiredRef('structure_id', () => feeStructures.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    category: text('category').notNull().default('other'),
    amountCents: cents('amount_cents').notNull(),
    optional: boolean('optional').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The vote head the item is accounted under (issue 35 §3). */
    voteHeadId: uuid('vote_head_id').references(() => voteHeads.id),
  },
  (t) => [
    index('fee_structure_items_structure_idx').on(t.structureId),
    index('fee_structure_items_vote_head_idx').on(t.voteHeadId),
    check('fee_structure_items_amount_check', sql`${t.amountCents} > 0`),
    check(
      'fee_structure_items_category_check',
      sql`${t.category} in ('tuition', 'boarding', 'lunch', 'transport', 'activity', 'uniform', 'exam', 'development', 'other')`,
    ),
  ],
);

/**
 * Optional fee items a learner takes (issue 11 §1 "optional items a learner opts into"), by item name
 * (lower-cased, trimmed) so the choice carries from term to term ("Transport", "Lunch").
 */
export const studentFeeOptions = pgTable(
  'student_fee_options',
  {
    schoolId: schoolId(),
    studentId: requiredRef('student_id', () => students.id, { onDelete: 'cascade' }),
    itemKey: text('item_key').notNull(),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.studentId, t.itemKey] })],
);

/**
 * A learner's invoice for a term. At most one live (issued) invoice per learner and term, which makes
 * generating a term's invoices idempotent: a second run finds them and creates nothing.
 */
export const invoices = pgTable(
  'invoices',
  {
    ...schoolRow(),
    studentId: requiredRef('student_id', () => students.id),
    termId: requiredRef('term_id', () => terms.id),
    structureId: uuid('structure_id').references(() => feeStructures.id, { onDelete: 'set null' }),
    /** The learner's stream when invoiced (for collections by level and stream). */
    classId: uuid('class_id').references(() => classes.id),
    invoiceNumber: text('invoice_number').notNull(),
    issuedOn: date('issued_on').notNull(),
    dueOn: date('due_on').notNull(),
    totalCents: cents('total_cents').notNull(),
    /** issued | cancelled */
    status: text('status').notNull().default('issued'),
    cancelReason: text('cancel_reason'),
    createdBy: profileRef('created_by'),
    createdAt,
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.schoolId, t.invoiceNumber),
    uniqueIndex('invoices_student_term_uq').on(t.studentId, t.termId).where(sql`${t.status} = 'issued'`),
    index('invoices_school_term_idx').on(t.schoolId, t.termId),
    index('invoices_student_idx').on(t.studentId),
    check('invoices_status_check', sql`${t.status} in ('issued', 'cancelled')`),
    check('invoices_total_check', sql`${t.totalCents} >= 0`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    ...schoolRow(),
    invoiceId: requiredRef('invoice_id', () => invoices.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id'),
    name: text('name').notNull(),
    category: text('category').notNull(),
    amountCents: cents('amount_cents').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The item's vote head when invoiced (issue 35 §3). */
    voteHeadId: uuid('vote_head_id').references(() => voteHeads.id),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId)],
);

/**
 * A reduction of what a learner owes (issue 11 §1): credit note, discount, bursary or waiver, each with
 * a reason and audited. A waiver above the school's threshold waits for the principal (status pending)
 * and counts only once approved.
 */
export const feeAdjustments = pgTable(
  'fee_adjustments',
  {
    ...schoolRow(),
    studentId: requiredRef('student_id', () => students.id),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    termId: uuid('term_id').references(() => terms.id),
    kind: text('kind').notNull(),
    amountCents: cents('amount_cents').notNull(),
    reason: text('reason').notNull(),
    /** Credit-note number from the school's sequence (every applied adjustment gets one). */
    number: text('number'),
    status: text('status').notNull().default('applied'),
    effectiveOn: date('effective_on').notNull(),
    ...decisionColumns(),
    createdAt,
  },
  (t) => [
    index('fee_adjustments_student_idx').on(t.studentId),
    index('fee_adjustments_school_idx').on(t.schoolId, t.status, t.createdAt),
    // The invoice_balances view sums each invoice's applied adjustments: without this, every fee-collection
    // figure over many schools scanned them all per invoice (issue 37 bench: 99 s -> 5 s at 200 schools).
    index('fee_adjustments_invoice_idx').on(t.invoiceId).where(sql`status = 'applied'`),
    uniqueIndex('fee_adjustments_number_uq').on(t.schoolId, t.number),
    check('fee_adjustments_kind_check', sql`${t.kind} in ('credit_note', 'discount', 'bursary', 'waiver')`),
    check('fee_adjustments_status_check', sql`${t.status} in ('applied', 'pending', 'rejected')`),
    check('fee_adjustments_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * Money received for a learner (issue 11 §2), and reversals of it. A payment row has a positive amount
 * and a receipt number from the school's sequence; reversing it adds a second row (kind reversal,
 * negative amount, a reason) so both stay visible. An M-Pesa transaction posts at most one payment
 * (unique mpesa_transaction_id): the database itself refuses a double posting.
 */
export const payments = pgTable(
  'payments',
  {
    ...schoolRow(),
    studentId: requiredRef('student_id', () => students.id),
    /** payment | reversal */
    kind: text('kind').notNull().default('payment'),
    amountCents: cents('amount_cents').notNull(),
    method: text('method').notNull(),
    reference: text('reference'),
    paidOn: date('paid_on').notNull(),
    receiptNumber: text('receipt_number'),
    /** manual | mpesa_stk | mpesa_c2b | mpesa_allocation */
    source: text('source').notNull().default('manual'),
    mpesaTransactionId: uuid('mpesa_transaction_id'),
    payerName: text('payer_name'),
    payerPhone: text('payer_phone'),
    notes: text('notes'),
    /** On a reversal row: the payment it reverses. */
    reversesPaymentId: uuid('reverses_payment_id'),
    reason: text('reason'),
    createdBy: profileRef('created_by'),
    createdAt,
  },
  (t) => [
    uniqueIndex('payments_receipt_uq').on(t.schoolId, t.receiptNumber),
    uniqueIndex('payments_mpesa_uq').on(t.mpesaTransactionId),
    uniqueIndex('payments_reverses_uq').on(t.reversesPaymentId),
    index('payments_student_idx').on(t.studentId, t.paidOn),
    index('payments_school_day_idx').on(t.schoolId, t.paidOn),
    check('payments_kind_check', sql`${t.kind} in ('payment', 'reversal')`),
    check('payments_method_check', sql`${t.method} in ('cash', 'bank_deposit', 'cheque', 'mpesa', 'bank_transfer')`),
    check('payments_source_check', sql`${t.source} in ('manual', 'mpesa_stk', 'mpesa_c2b', 'mpesa_allocation', 'bank_statement')`),
    check(
      'payments_amount_sign_check',
      sql`(${t.kind} = 'payment' and ${t.amountCents} > 0 and ${t.receiptNumber} is not null) or (${t.kind} = 'reversal' and ${t.amountCents} < 0 and ${t.reversesPaymentId} is not null)`,
    ),
  ],
);

/**
 * How a payment (or a reversal row, negated) splits over vote heads (issue 35 §3), summing to its
 * amount. Written with the payment in one transaction; a reallocation replaces the rows and is audited
 * (PAYMENT_REALLOCATED).
 */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    schoolId: schoolId(),
    paymentId: requiredRef('payment_id', () => payments.id, { onDelete: 'cascade' }),
    voteHeadId: requiredRef('vote_head_id', () => voteHeads.id),
    amountCents: cents('amount_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.voteHeadId] }), index('payment_allocations_vote_head_idx').on(t.schoolId, t.voteHeadId)],
);

/**
 * Idempotency-Key of a POST (issue 11 §2): the first request's answer, returned again for a retry with
 * the same key by the same user. Inserted in the same transaction as the write it guards.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    schoolId: schoolId(),
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.userId, t.key] })],
);

/**
 * One approvals model (ARCHITECTURE.md "Approvals"): requests that wait for a school leader, shown on
 * the principal's and director's dashboards. kind fee_waiver: subject_id is the fee_adjustments row.
 */
export const approvals = pgTable(
  'approvals',
  {
    ...schoolRow(),
    kind: text('kind').notNull(),
    subjectId: uuid('subject_id').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    amountCents: cents('amount_cents'),
    status: text('status').notNull().default('pending'),
    requestedBy: profileRef('requested_by'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: profileRef('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    note: text('note'),
  },
  (t) => [
    index('approvals_school_status_idx').on(t.schoolId, t.status, t.requestedAt),
    uniqueIndex('approvals_subject_uq').on(t.kind, t.subjectId),
    check('approvals_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('approvals_kind_check', sql`${t.kind} in ('fee_waiver', 'marks', 'payroll_run', 'leave', 'expense')`),
  ],
);

/**
 * A school's M-Pesa (Daraja) set-up (issue 11 §3). Secrets are AES-256-GCM ciphertexts
 * (lib/secrets.ts), never returned by the API. callback_token is the random path segment of the
 * school's callback URLs; shortcode is unique across schools so every incoming shortcode maps to
 * exactly one school.
 */
export const mpesaConfigs = pgTable(
  'mpesa_configs',
  {
    schoolId: uuid('school_id')
      .primaryKey()
      .references(() => schools.id),
    shortcode: text('shortcode').notNull(),
    /** paybill | till */
    shortcodeType: text('shortcode_type').notNull(),
    /** Till number (Buy Goods: PartyB), when it differs from the store shortcode. */
    tillNumber: text('till_number'),
    environment: text('environment').notNull().default('simulator'),
    consumerKeyEnc: text('consumer_key_enc'),
    consumerSecretEnc: text('consumer_secret_enc'),
    passkeyEnc: text('passkey_enc'),
    callbackToken: text('callback_token').notNull(),
    /** Reject C2B payments whose account is not a learner's admission number (C2B00012). */
    strictValidation: boolean('strict_validation').notNull().default(false),
    c2bRegisteredAt: timestamp('c2b_registered_at', { withTimezone: true }),
    updatedBy: profileRef('updated_by'),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('mpesa_configs_shortcode_uq').on(t.shortcode),
    uniqueIndex('mpesa_configs_token_uq').on(t.callbackToken),
    check('mpesa_configs_type_check', sql`${t.shortcodeType} in ('paybill', 'till')`),
    check('mpesa_configs_env_check', sql`${t.environment} in ('simulator', 'sandbox', 'production')`),
  ],
);

/**
 * Every callback Daraja sent us, raw, stored before anything else happens (mpesa-daraja.md: "store
 * every raw callback"). processed_at is set once it has been applied; a row left unprocessed by a
 * crash is applied again at start-up (applying is idempotent).
 */
export const mpesaCallbacks = pgTable(
  'mpesa_callbacks',
  {
    ...schoolRow(),
    /** stk | validation | confirmation */
    kind: text('kind').notNull(),
    /** CheckoutRequestID (stk) or TransID (c2b), when the body had one. */
    externalId: text('external_id'),
    body: jsonb('body').notNull(),
    remoteIp: text('remote_ip'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** What applying it did: posted, duplicate, unmatched, failed, accepted, rejected, unknown_request... */
    outcome: text('outcome'),
  },
  (t) => [
    index('mpesa_callbacks_school_idx').on(t.schoolId, t.receivedAt),
    index('mpesa_callbacks_external_idx').on(t.schoolId, t.externalId),
    index('mpesa_callbacks_unprocessed_idx').on(t.receivedAt).where(sql`${t.processedAt} is null`),
    check('mpesa_callbacks_kind_check', sql`${t.kind} in ('stk', 'validation', 'confirmation')`),
  ],
);

/**
 * An STK Push (M-Pesa Express) request: pending until its callback (or, failing that, the STK query)
 * resolves it, once.
 */
export const mpesaStkRequests = pgTable(
  'mpesa_stk_requests',
  {
    ...schoolRow(),
    studentId: requiredRef('student_id', () => students.id),
    phone: text('phone').notNull(),
    amountCents: cents('amount_cents').notNull(),
    accountReference: text('account_reference').notNull(),
    merchantRequestId: text('merchant_request_id'),
    checkoutRequestId: text('checkout_request_id').notNull(),
    /** pending | succeeded | failed | cancelled | timeout */
    status: text('status').notNull().default('pending'),
    resultCode: text('result_code'),
    resultDesc: text('result_desc'),
    mpesaReceipt: text('mpesa_receipt'),
    paymentId: uuid('payment_id'),
    /** The signed-in user who asked (a parent or the finance officer); null for a guardian paying from USSD. */
    requestedBy: profileRef('requested_by'),
    /** The guardian who asked from USSD without an EduFam account (issue 36 §3); null otherwise. */
    requestedByGuardianId: uuid('requested_by_guardian_id').references(() => guardians.id, { onDelete: 'set null' }),
    createdAt,
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    queryAttempts: integer('query_attempts').notNull().default(0),
    lastQueryAt: timestamp('last_query_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mpesa_stk_checkout_uq').on(t.checkoutRequestId),
    index('mpesa_stk_student_idx').on(t.studentId, t.createdAt),
    index('mpesa_stk_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('mpesa_stk_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed', 'cancelled', 'timeout')`),
    check('mpesa_stk_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * Money M-Pesa says the school received (a successful STK Push, or a C2B confirmation). Unique per
 * school and TransID, so a duplicate callback finds the row and changes nothing. unmatched ones wait
 * in the bursar's queue until allocated to a learner or refunded.
 */
export const mpesaTransactions = pgTable(
  'mpesa_transactions',
  {
    ...schoolRow(),
    /** stk | c2b */
    source: text('source').notNull(),
    transId: text('trans_id').notNull(),
    amountCents: cents('amount_cents').notNull(),
    msisdn: text('msisdn'),
    payerName: text('payer_name'),
    billRef: text('bill_ref'),
    transTime: timestamp('trans_time', { withTimezone: true }).notNull(),
    shortcode: text('shortcode'),
    /** matched | unmatched | refunded */
    status: text('status').notNull(),
    studentId: uuid('student_id').references(() => students.id),
    paymentId: uuid('payment_id'),
    callbackId: uuid('callback_id'),
    stkRequestId: uuid('stk_request_id'),
    resolvedBy: profileRef('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    note: text('note'),
    createdAt,
  },
  (t) => [
    uniqueIndex('mpesa_transactions_trans_uq').on(t.schoolId, t.transId),
    // An STK Push posts one transaction, whether its callback or the STK query resolved it first.
    uniqueIndex('mpesa_transactions_stk_uq').on(t.stkRequestId),
    index('mpesa_transactions_school_time_idx').on(t.schoolId, t.transTime),
    index('mpesa_transactions_status_idx').on(t.schoolId, t.status),
    check('mpesa_transactions_source_check', sql`${t.source} in ('stk', 'c2b')`),
    check('mpesa_transactions_status_check', sql`${t.status} in ('matched', 'unmatched', 'refunded')`),
  ],
);

/** Every SMS sent for a school (issue 11 §4 "SMS log with status and cost"). */
export const smsMessages = pgTable(
  'sms_messages',
  {
    ...schoolRow(),
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    /** receipt | reminder | other */
    kind: text('kind').notNull(),
    /** queued | sent | delivered (the gateway's delivery report) | failed */
    status: text('status').notNull().default('queued'),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id'),
    costCents: integer('cost_cents'),
    error: text('error'),
    studentId: uuid('student_id').references(() => students.id, { onDelete: 'set null' }),
    taskId: uuid('task_id'),
    createdBy: profileRef('created_by'),
    createdAt,
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When the gateway reported the message delivered to the phone (sms.service.ts applyDeliveryReport). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('sms_messages_school_idx').on(t.schoolId, t.createdAt),
    index('sms_messages_provider_message_idx').on(t.providerMessageId),
    check('sms_messages_status_check', sql`${t.status} in ('queued', 'sent', 'delivered', 'failed')`),
    check('sms_messages_kind_check', sql`${t.kind} in ('receipt', 'reminder', 'absence', 'other')`),
  ],
);

/**
 * Issue 37 §1 (balances kept with each payment, decision 0034): a learner's fee totals in KES cents,
 * changed in the same statement as every invoice, adjustment and payment by the triggers of
 * drizzle/0039_learner_balances.sql, which add each statement's difference under this row's lock (so
 * concurrent payments each add their own amount). `student_balances` reads this table; the sums it was
 * computed from stay as the view `student_balances_computed`, which the nightly reconciliation
 * (fees/learner-balances.service.ts) compares against. A learner with no fee activity has no row.
 */
export const learnerBalances = pgTable(
  'learner_balances',
  {
    studentId: uuid('student_id')
      .primaryKey()
      .references(() => students.id, { onDelete: 'cascade' }),
    schoolId: schoolId(),
    /** Issued invoices' totals (cancelled ones out). */
    invoicedCents: cents('invoiced_cents').notNull().default(0),
    /** Applied adjustments (bursaries, discounts, waivers, credit notes). */
    adjustedCents: cents('adjusted_cents').notNull().default(0),
    /** Payments less reversals. */
    paidCents: cents('paid_cents').notNull().default(0),
    /** The latest payment's date (reversals not counted), Africa/Nairobi. */
    lastPaidOn: date('last_paid_on'),
  },
  (t) => [index('learner_balances_school_idx').on(t.schoolId)],
);

/** A learner's fee totals and balance in KES cents: the columns of student_balances and of the sums it was computed from. */
const balanceColumns = () => ({
  studentId: uuid('student_id').notNull(),
  schoolId: uuid('school_id').notNull(),
  invoicedCents: cents('invoiced_cents').notNull(),
  adjustedCents: cents('adjusted_cents').notNull(),
  paidCents: cents('paid_cents').notNull(),
  balanceCents: cents('balance_cents').notNull(),
  lastPaidOn: date('last_paid_on'),
});

/** The sums student_balances was computed from before learner_balances (drizzle/0039): the reconciliation's reference. */
export const studentBalancesComputed = pgView('student_balances_computed', balanceColumns()).existing();

/** Per-invoice allocation of a learner's credits (view in drizzle/0006_fees.sql). */
export const invoiceBalances = pgView('invoice_balances', {
  invoiceId: uuid('invoice_id').notNull(),
  schoolId: uuid('school_id').notNull(),
  studentId: uuid('student_id').notNull(),
  termId: uuid('term_id').notNull(),
  classId: uuid('class_id'),
  totalCents: cents('total_cents').notNull(),
  adjustedCents: cents('adjusted_cents').notNull(),
  dueCents: cents('due_cents').notNull(),
  paidCents: cents('paid_cents').notNull(),
}).existing();

/** A learner's fee totals and balance (view in drizzle/0006_fees.sql; read from learner_balances since drizzle/0039). */
export const studentBalances = pgView('student_balances', balanceColumns()).existing();
