import { localized } from '../i18n/localized.js';
import { plural } from '../plural.js';
import * as sw from './sw/fees.js';
/**
 * Fees and M-Pesa (issue 11): API errors, notices and texts sent to parents. The screens' own labels
 * live beside these in `feesScreens` (messages/fees-screens.ts).
 */
export const feesMessages = localized('fees/feesMessages', {
  // Validation and API errors.
  amountInvalid: 'Enter an amount in KES with at most two decimals, e.g. 5000 or 5000.50.',
  amountPositive: 'The amount must be more than KES 0.',
  amountTooLarge: 'The amount is too large.',
  methodInvalid: 'Choose how the money was paid: cash, bank deposit, cheque, M-Pesa or bank transfer.',
  referenceRequired: 'Enter the reference (M-Pesa code, bank slip or cheque number).',
  dateInvalid: 'Enter a real date as dd/mm/yyyy.',
  dateInFuture: 'The payment date cannot be in the future.',
  reasonRequired: 'Give a reason.',
  learnerRequired: 'Choose a learner.',
  learnerNotFound: 'Learner not found',
  learnerNotActive: 'This learner is no longer active in the school.',
  termRequired: 'Choose a term.',
  termNotFound: 'Term not found',
  levelRequired: 'Choose a level.',
  levelNotFound: 'Level not found',
  streamNotFound: 'Stream not found',
  streamWrongLevel: 'The stream is not in this level.',
  structureNotFound: 'Fee structure not found',
  structureExists: 'A fee structure for this term, level, stream and boarding already exists.',
  structureInUse: (n: number) => `This fee structure has been invoiced to ${plural(n, 'learner')}; cancel those invoices first.`,
  itemsRequired: 'Add at least one fee item.',
  itemNameRequired: 'Name the fee item.',
  itemNamesUnique: 'Each fee item needs its own name.',
  invoiceNotFound: 'Invoice not found',
  invoiceExists: 'This learner already has an invoice for this term.',
  noStructureForLearner: 'No fee structure applies to this learner for this term. Create one for the learner\'s level first.',
  invoiceHasPayments: 'This invoice has payments or adjustments against it. Reverse them or adjust instead of cancelling.',
  invoiceCancelled: 'This invoice is cancelled.',
  adjustmentTooLarge: (max: string) => `The adjustment is more than what is left on the invoice (KES ${max}).`,
  adjustmentKindInvalid: 'Choose credit note, discount, bursary or waiver.',
  adjustmentNotFound: 'Adjustment not found',
  paymentNotFound: 'Payment not found',
  paymentAlreadyReversed: 'This payment has already been reversed.',
  reversalNotReversible: 'A reversal cannot itself be reversed.',
  approvalNotFound: 'Approval not found',
  approvalDecided: 'This request has already been decided.',
  idempotencyReused: 'This Idempotency-Key was already used for a different request.',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 100 characters.',
  settingsSaved: 'Finance settings saved.',
  // M-Pesa.
  mpesaNotConfigured: 'M-Pesa is not set up for this school yet. The finance officer sets it up in Finance Settings.',
  shortcodeInvalid: 'Enter the paybill or till number: 5 to 7 digits.',
  shortcodeTaken: 'This shortcode is already registered to another school on EduFam.',
  credentialsRequired: 'Enter the consumer key, consumer secret and passkey from the Daraja portal.',
  phoneInvalid: 'Enter a Kenyan mobile number, e.g. 0712 345 678.',
  stkAmountWhole: 'M-Pesa takes whole shillings only.',
  stkAmountRange: 'M-Pesa payments are from KES 1 to KES 250,000.',
  stkFailed: (reason: string) => `M-Pesa did not accept the request: ${reason}`,
  stkUnavailable: 'M-Pesa could not be reached. Please try again in a moment.',
  stkRequestNotFound: 'Payment request not found',
  transactionNotFound: 'M-Pesa transaction not found',
  transactionNotUnmatched: 'This M-Pesa payment has already been allocated or refunded.',
  callbackUnknown: 'Unknown callback address',
  callbackMalformed: 'Malformed callback body',
  /** Issue 32 §1: a simulated callback for a live school, or an outside one for a simulator school. */
  /** Issue 32 §2: why a payment waits in the unmatched queue instead of being posted. */
  heldAmountMismatch: (asked: string, paid: string) => `Held for review: the STK Push asked for ${asked} but M-Pesa reported ${paid}.`,
  heldOverCeiling: (paid: string, ceiling: string) => `Held for review: ${paid} is above the paybill ceiling of ${ceiling}.`,
  callbackWrongSource: 'This callback did not come from the M-Pesa environment the school is set up for',
  registerFailed: (reason: string) => `Registering the URLs failed: ${reason}`,
  simulatorOnly: 'Simulated paybill payments are only possible with the simulator or the sandbox.',
  secretsUnavailable: 'The M-Pesa credentials cannot be read: the server\'s SECRETS_KEY has changed. Enter them again in Finance Settings.',
  // Texts to parents (issue 11 §4, word for word).
  smsReceipt: (amount: string, learner: string, admissionNumber: string, balance: string, ref: string) =>
    `Received KES ${amount} for ${learner} ${admissionNumber}. Balance KES ${balance}. Ref ${ref}`,
  smsReminder: (school: string, learner: string, admissionNumber: string, balance: string, paybill: string | null) =>
    `Dear parent, ${learner} ${admissionNumber} has a fee balance of KES ${balance} at ${school}.` +
    (paybill ? ` Pay via M-Pesa paybill ${paybill}, account ${admissionNumber}.` : '') +
    ' Thank you.',
  reminderEmailSubject: (school: string, learner: string) => `${school}: fee balance for ${learner}`,
  reminderNoRecipients: 'No guardian of a learner owing that much has a phone number or e-mail.',
  channelsRequired: 'Choose SMS, e-mail or both.',
  // Receipts (PDF and the on-screen receipt after recording a payment).
  amountInWords: 'Amount in words',
  // Finance settings (contracts/fees.ts updateFinanceSettingsBody).
  prefixInvalid: 'Use letters, digits, / - or _.',
} as const, { sw: sw.feesMessages });
