import { localized } from '../i18n/localized.js';
import * as sw from './sw/fees-screens.js';
/**
 * Labels shared by the fees screens (issue 11): money, payment methods, statuses, and the "Pay with
 * M-Pesa" dialog used by the parent's School Fees and the finance officer's screens. Each screen area
 * keeps its own labels beside these: fee-management.ts (structures, invoices, adjustments, accounts),
 * mpesa-screens.ts (M-Pesa payments and Finance Settings), finance-overview.ts (overview, parent view,
 * dashboard cards).
 */
export const feesScreensMessages = localized('fees-screens/feesScreensMessages', {
  kes: (amount: string) => `KES ${amount}`,
  methods: { cash: 'Cash', bank_deposit: 'Bank deposit', cheque: 'Cheque', mpesa: 'M-Pesa', bank_transfer: 'Bank transfer' },
  invoiceStatus: { unpaid: 'Unpaid', partial: 'Partly paid', paid: 'Paid', cancelled: 'Cancelled' },
  adjustmentKinds: { credit_note: 'Credit note', discount: 'Discount', bursary: 'Bursary', waiver: 'Waiver' },
  adjustmentStatus: { applied: 'Applied', pending: 'Awaiting approval', rejected: 'Rejected' },
  balanceOwed: 'Balance owed',
  inCredit: 'In credit',
  cleared: 'Cleared',
  pay: {
    button: 'Pay with M-Pesa',
    title: 'Pay with M-Pesa',
    description: (learner: string) => `M-Pesa will ask the phone below to approve the payment for ${learner}.`,
    phone: 'M-Pesa phone number',
    phoneHint: 'The phone that gets the PIN prompt, e.g. 0712 345 678.',
    amount: 'Amount (KES)',
    amountHint: 'Whole shillings.',
    send: 'Send payment request',
    sending: 'Sending…',
    pendingTitle: 'Check your phone',
    pendingText: 'Enter your M-Pesa PIN on the phone to complete the payment. This page updates by itself.',
    succeededTitle: 'Payment received',
    succeededText: (amount: string, receipt: string) => `KES ${amount} was received. M-Pesa receipt ${receipt}.`,
    newBalance: 'New balance',
    receipt: 'Download receipt',
    cancelledTitle: 'Payment cancelled',
    cancelledText: 'The request was cancelled on the phone. Nothing was paid.',
    failedTitle: 'Payment not completed',
    timeoutTitle: 'No answer from the phone',
    timeoutText: 'The phone did not answer in time. Nothing was paid; you can try again.',
    tryAgain: 'Try again',
    close: 'Close',
    simulatorNote: 'Demo school: payments go to the built-in M-Pesa simulator, no money moves.',
  },
} as const, { sw: sw.feesScreensMessages });
