import { localized } from '../i18n/localized.js';
import * as sw from './sw/vote-heads.js';

/**
 * User-facing strings of vote heads, payment allocations and the vote-head cash book (issue 35 §3;
 * docs/decisions/0028-vote-heads-and-capitation.md): the API's errors, audit actions, the receipt's
 * split, the cash-book report and the finance officer's screens.
 */

export const VOTE_HEAD_ACCOUNT_LABELS: Record<string, string> = localized('vote-heads/VOTE_HEAD_ACCOUNT_LABELS', {
  tuition: 'Tuition account',
  operations: 'Operations account',
  school_fund: 'School fund',
}, { sw: sw.VOTE_HEAD_ACCOUNT_LABELS });

export const VOTE_HEAD_RULE_LABELS: Record<string, string> = localized('vote-heads/VOTE_HEAD_RULE_LABELS', {
  priority: 'In priority order (the Ministry’s order)',
  proportional: 'In proportion to what is owed on each',
}, { sw: sw.VOTE_HEAD_RULE_LABELS });

export const voteHeadsMessages = localized('vote-heads/voteHeadsMessages', {
  // API errors
  amountInvalid: 'Enter an amount in KES of zero or more, with at most two decimals.',
  codeInvalid: 'Code: 1 to 20 letters, digits, - or _.',
  nameRequired: 'Enter the vote head’s name.',
  nameTooLong: 'The name can be at most 80 characters.',
  priorityInvalid: 'Priority must be a whole number from 0 to 10000.',
  accountInvalid: 'Account must be one of: tuition, operations, school_fund.',
  dateInvalid: 'Use a date as YYYY-MM-DD.',
  formatInvalid: 'Format must be json, pdf or xlsx.',
  periodInvalid: 'The end date must be on or after the start date.',
  periodTooLong: 'Choose a period of at most five years.',
  voteHeadNotFound: 'Vote head not found.',
  ruleInvalid: 'Vote-head rule must be priority or proportional.',
  voteHeadInactive: 'That vote head is not active: choose an active vote head of the school.',
  codeTaken: 'Another vote head of the school already has that code.',
  inUse: 'This vote head is in use (fee items, invoices, expense categories or payments): deactivate it instead.',
  allocationsRequired: 'Send at least one vote head with an amount.',
  voteHeadTwice: 'Each vote head may appear once.',
  paymentNotFound: 'Payment not found.',
  reversedNotReallocated: 'A reversed payment or a reversal cannot be reallocated.',
  moreThanPayment: (total: string, amount: string) => `The allocations add up to KES ${total}, more than it was (KES ${amount}).`,
  lessThanPayment: (total: string, amount: string) => `The allocations add up to KES ${total}; they must add up to the payment, KES ${amount}.`,
  // Audit actions (the Audit Trail lists them).
  audit: {
    created: 'VOTE_HEAD_CREATED',
    updated: 'VOTE_HEAD_UPDATED',
    deleted: 'VOTE_HEAD_DELETED',
    reallocated: 'PAYMENT_REALLOCATED',
    prepaymentsApplied: 'PREPAYMENTS_APPLIED',
  },
  // The receipt's split
  receipt: { heading: 'Allocated to vote heads', voteHead: 'Vote head', amount: 'Amount (KES)' },
  // The vote-head cash book (GET /api/reports/vote-head-cash-book)
  report: {
    title: 'Vote-head cash book',
    blurb: 'Money in and out per vote head, with opening and closing balances, and income by vote head.',
    file: 'vote-head-cash-book',
    period: (from: string, to: string) => `${from} to ${to}`,
    rule: 'Money in: fee payments (less reversals) as allocated to vote heads, and capitation grants by their vote heads. Money out: paid expenses through their category’s vote head, on the day paid.',
    opening: 'Opening',
    moneyIn: 'Money in',
    moneyOut: 'Money out',
    closing: 'Closing',
    net: 'Net',
    voteHead: 'Vote head',
    account: 'Account',
    date: 'Date',
    fees: 'Fees',
    capitation: 'Capitation',
    total: 'Total',
    share: 'Share',
    summarySection: 'By vote head',
    incomeSection: 'Income by vote head',
    daysSection: 'Day by day',
    unassigned: 'Paid expenses whose category has no vote head',
    summarySheet: 'Summary',
    empty: 'Nothing in this period.',
  },
  // Screens
  ui: {
    prepaymentsTitle: 'Fees paid in advance',
    prepaymentsIntro: 'Money paid before it was invoiced waits under “Fees paid in advance”. Once the learners’ invoices are out, move it to the vote heads they owe on, by the rule above.',
    prepaymentsHeld: (amount: string, n: number) => `KES ${amount} held in advance for ${n} learner${n === 1 ? '' : 's'}.`,
    prepaymentsReady: (amount: string, n: number) => `KES ${amount} can move to the invoices of ${n} learner${n === 1 ? '' : 's'}.`,
    prepaymentsNone: 'Nothing to move: no learner with money in advance owes on another vote head.',
    prepaymentsApply: 'Apply to invoices',
    prepaymentsApplied: (amount: string, n: number) => `KES ${amount} moved to the invoices of ${n} learner${n === 1 ? '' : 's'}.`,
    prepaymentsMore: (n: number) => `and ${n} more`,
    tab: 'Vote heads',
    title: 'Vote heads',
    description: 'The budget lines fees and grants are accounted under. Every payment is split over them by the rule below and the split shows on the receipt.',
    add: 'Add vote head',
    edit: 'Edit vote head',
    code: 'Code',
    name: 'Name',
    account: 'Account',
    priority: 'Priority',
    active: 'Active',
    inactive: 'Inactive',
    deactivate: 'Deactivate',
    activate: 'Activate',
    delete: 'Delete',
    moveUp: 'Move up',
    moveDown: 'Move down',
    save: 'Save',
    cancel: 'Cancel',
    saved: 'Vote head saved',
    deleted: 'Vote head deleted',
    failed: 'Could not save the vote head',
    loadFailed: 'Could not load the vote heads',
    retry: 'Try again',
    rule: 'How payments split over vote heads',
    rulePriority: 'Priority order',
    ruleProportional: 'Proportional',
    ruleSaved: 'Rule saved',
    voteHead: 'Vote head',
    defaultForCategory: 'Default for the category',
    allocations: 'Vote heads',
    reallocate: 'Reallocate',
    reallocateTitle: 'Reallocate payment',
    reallocateHelp: (amount: string) => `The amounts must add up to the payment, KES ${amount}.`,
    reallocated: 'Payment reallocated',
    remaining: (amount: string) => `Left to allocate: KES ${amount}`,
    noAllocations: 'Not allocated to vote heads.',
  },
}, { sw: sw.voteHeadsMessages });
