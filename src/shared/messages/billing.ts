import { localized } from '../i18n/localized.js';
import * as sw from './sw/billing.js';
/**
 * User-facing strings of platform billing (issue 18 §1): EduFam's "Billing Management" and the school
 * director's own invoices. Shared by the API (errors, e-mails, PDFs) and the screens.
 */

export const BILLING_STATUS_LABELS: Record<string, string> = localized('billing/BILLING_STATUS_LABELS', {
  trial: 'Free trial',
  active: 'Active',
  arrears: 'In arrears',
  read_only: 'Read-only',
  cancelled: 'Cancelled',
  none: 'No plan',
}, { sw: sw.BILLING_STATUS_LABELS });

export const PLATFORM_INVOICE_STATUS_LABELS: Record<string, string> = localized('billing/PLATFORM_INVOICE_STATUS_LABELS', {
  draft: 'Draft',
  issued: 'Issued',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  void: 'Void',
}, { sw: sw.PLATFORM_INVOICE_STATUS_LABELS });

export const PLATFORM_PAYMENT_METHOD_LABELS: Record<string, string> = localized('billing/PLATFORM_PAYMENT_METHOD_LABELS', {
  mpesa: 'M-Pesa',
  bank: 'Bank',
}, { sw: sw.PLATFORM_PAYMENT_METHOD_LABELS });

export const INVOICE_LINE_KIND_LABELS: Record<string, string> = localized('billing/INVOICE_LINE_KIND_LABELS', {
  learners: 'Active learners',
  minimum: 'Minimum charge',
  module: 'Module',
  setup_fee: 'Setup fee',
  discount: 'Discount',
}, { sw: sw.INVOICE_LINE_KIND_LABELS });

export const PLATFORM_STK_STATUS_LABELS: Record<string, string> = localized('billing/PLATFORM_STK_STATUS_LABELS', {
  pending: 'Waiting for the phone',
  succeeded: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled on the phone',
  timeout: 'No answer from the phone',
}, { sw: sw.PLATFORM_STK_STATUS_LABELS });

/** The company name used when Company Management has none yet. */
export const BILLING_FALLBACK_COMPANY = 'EduFam';

export const billingMessages = localized('billing/billingMessages', {
  title: 'Billing Management',
  directorTitle: 'Billing',
  api: {
    notFound: 'That invoice was not found.',
    planNotFound: 'That billing plan was not found.',
    schoolNotFound: 'That school was not found.',
    paymentNotFound: 'That payment was not found.',
    requestNotFound: 'That M-Pesa request was not found.',
    dateInvalid: 'Enter a date as dd/mm/yyyy.',
    rangeInvalid: 'The end date must be on or after the start date.',
    priceInvalid: 'Enter a price as a whole number of cents.',
    priceNegative: 'A price cannot be negative.',
    priceTooLarge: 'That amount is too large.',
    amountInvalid: 'Enter an amount as a whole number of cents.',
    amountPositive: 'The amount must be more than zero.',
    reasonRequired: 'Give a reason.',
    reasonTooLong: 'Keep the reason under 500 characters.',
    moduleKeyInvalid: 'A module key is 2–40 lowercase letters, digits or underscores, starting with a letter.',
    moduleKeyDuplicate: 'Each module key may appear only once.',
    moduleNameRequired: 'Give the module a name.',
    moduleNotOnPlan: 'That module is not offered on the chosen plan.',
    planNameRequired: 'Give the plan a name.',
    planNameTooLong: 'Keep the plan name under 80 characters.',
    planNameTaken: 'A plan with that name already exists.',
    planInactive: 'That plan is no longer offered.',
    planRequired: 'Choose a plan.',
    discountInvalid: 'A discount percent is between 0 and 100.',
    statusInvalid: 'Choose a valid status.',
    termLabelRequired: 'Give the term, e.g. "Term 3 2026".',
    termLabelTooLong: 'Keep the term label under 60 characters.',
    methodInvalid: 'Only bank payments are recorded by hand; M-Pesa payments arrive from Safaricom.',
    referenceRequired: 'Enter the bank reference.',
    referenceTooLong: 'Keep the reference under 60 characters.',
    referenceUsedElsewhere: 'That reference was already recorded against another invoice.',
    phoneInvalid: 'Enter a Safaricom number such as 0712 345 678.',
    vatInvalid: 'VAT is given in basis points between 0 and 5000 (1600 = 16 %).',
    termsInvalid: 'Payment terms are between 0 and 365 days.',
    graceInvalid: 'The grace period is between 0 and 365 days.',
    reminderDaysInvalid: 'Reminder days are whole numbers between 0 and 365 (at most 10 of them).',
    shortCodeInvalid: 'A paybill number has 5 to 7 digits.',
    invoiceVoid: 'That invoice is void.',
    invoicePaid: 'That invoice is already paid in full.',
    invoiceDraft: 'That invoice has not been issued yet.',
    overBalance: (balance: string) => `The amount is more than the balance of ${balance}.`,
    voidHasPayments: 'An invoice with payments cannot be voided; issue a credit note instead.',
    stkTooSmall: 'M-Pesa takes at least KES 1.',
    stkTooLarge: 'M-Pesa takes at most KES 250,000 in one payment; pay the rest by bank or in parts.',
    mpesaUnavailable: 'M-Pesa could not be reached. Try again in a minute or pay by bank.',
    mpesaCredentialsMissing: 'The platform paybill is not set up yet. Pay by bank or ask EduFam.',
    mpesaRejected: (why: string) => `M-Pesa refused the request: ${why}`,
    readOnly:
      "This school's EduFam subscription is overdue, so the school is read-only: you can still view and export everything, and pay the invoice under Billing. Changes resume once it is paid.",
    notAllowedToPay: "Only the school's director pays EduFam invoices.",
  },
  banner: {
    trial: (until: string) => `Your free trial runs until ${until}.`,
    due: (amount: string, dueOn: string) => `EduFam invoice of ${amount} due on ${dueOn}.`,
    arrears: (amount: string, dueOn: string) => `EduFam invoice of ${amount} was due on ${dueOn}. Please pay to avoid read-only mode.`,
    readOnly: (amount: string) => `Your school is read-only until the overdue balance of ${amount} is paid. You can still view and export your data.`,
    cancelled: 'Your EduFam subscription is cancelled.',
  },
  pdf: {
    invoiceTitle: 'TAX INVOICE',
    receiptTitle: 'PAYMENT RECEIPT',
    statementTitle: 'BILLING STATEMENT',
    kraPin: 'KRA PIN',
    billTo: 'Bill to',
    invoiceNumber: 'Invoice no.',
    receiptNumber: 'Receipt no.',
    term: 'Term',
    snapshot: 'Learners counted on',
    issuedOn: 'Issued on',
    dueOn: 'Due on',
    status: 'Status',
    description: 'Description',
    quantity: 'Qty',
    unit: 'Unit (KES)',
    amount: 'Amount (KES)',
    subtotal: 'Subtotal',
    discount: 'Discount',
    vat: (pct: string) => `VAT ${pct}`,
    total: 'Total',
    paid: 'Paid',
    credited: 'Credited',
    balance: 'Balance due',
    howToPay: 'How to pay',
    mpesaHow: (paybill: string, account: string) => `M-Pesa: Paybill ${paybill}, account number ${account}.`,
    mpesaNone: 'M-Pesa: ask EduFam for the paybill number.',
    bankHow: (bank: string, name: string, account: string, branch: string) =>
      `Bank: ${bank}${branch ? `, ${branch} branch` : ''}, account ${name}, no. ${account}; quote ${'the invoice number'} as the reference.`,
    receivedFrom: 'Received from',
    forInvoice: 'For invoice',
    method: 'Method',
    reference: 'Reference',
    paidAt: 'Paid on',
    amountReceived: 'Amount received',
    balanceAfter: 'Invoice balance now',
    thanks: 'Thank you for your payment.',
    statementPeriod: (from: string, to: string) => `From ${from} to ${to}`,
    invoicesHeading: 'Invoices',
    paymentsHeading: 'Payments',
    creditNotesHeading: 'Credit notes',
    school: 'School',
    date: 'Date',
    none: 'None in this period.',
  },
  mail: {
    reminderBeforeSubject: (number: string, dueOn: string) => `EduFam invoice ${number} is due on ${dueOn}`,
    reminderAfterSubject: (number: string) => `EduFam invoice ${number} is overdue`,
    reminderBody: (name: string, school: string, number: string, amount: string, dueOn: string, payHow: string) =>
      `Dear ${name},\n\nEduFam invoice ${number} for ${school} has a balance of ${amount}, due on ${dueOn}.\n\n${payHow}\n\nYou can view and download the invoice under Billing in EduFam.\n\nThank you,\nEduFam`,
    readOnlyNote:
      'Because the invoice is past its grace period, the school is now read-only: everyone can still view and export data, and the invoice can be paid under Billing.',
  },
  sheet: {
    invoices: 'Invoices',
    payments: 'Payments',
    creditNotes: 'Credit notes',
  },
} as const, { sw: sw.billingMessages });
