import type { FeeCategory } from '../../../shared/contracts/fees.js';

/**
 * The Ministry's vote heads as a school starts with them (issue 35 §3; docs/decisions/0028-vote-heads-
 * and-capitation.md). The capitation vote heads follow the Free Day Secondary Education guidelines'
 * split of the grant (tuition account: Tuition; operations account: Medical and insurance, Activity,
 * SMASSE, Operations, Maintenance and improvement); the school-fund vote heads hold what the school
 * charges parents itself (boarding, lunch, transport, uniform, examinations, development, other).
 * `priority` is the order a payment settles vote heads in under the priority rule (lower first).
 * A school renames, reorders, adds and deactivates its own copy; this list only seeds it.
 */
export const DEFAULT_VOTE_HEADS = [
  { code: 'TUITION', name: 'Tuition', account: 'tuition', priority: 10 },
  { code: 'MEDICAL', name: 'Medical and insurance', account: 'operations', priority: 20 },
  { code: 'ACTIVITY', name: 'Activity', account: 'operations', priority: 30 },
  { code: 'SMASSE', name: 'SMASSE', account: 'operations', priority: 40 },
  { code: 'OPERATIONS', name: 'Operations', account: 'operations', priority: 50 },
  { code: 'MAINTENANCE', name: 'Maintenance and improvement', account: 'operations', priority: 60 },
  { code: 'BOARDING', name: 'Boarding and equipment', account: 'school_fund', priority: 70 },
  { code: 'LUNCH', name: 'Lunch', account: 'school_fund', priority: 80 },
  { code: 'TRANSPORT', name: 'Transport', account: 'school_fund', priority: 90 },
  { code: 'EXAMINATIONS', name: 'Examinations', account: 'school_fund', priority: 100 },
  { code: 'UNIFORM', name: 'Uniform', account: 'school_fund', priority: 110 },
  { code: 'DEVELOPMENT', name: 'Development', account: 'school_fund', priority: 120 },
  { code: 'OTHER', name: 'Other charges', account: 'school_fund', priority: 130 },
  // What a payment brings beyond what the learner owes (an overpayment, fees paid before the invoice):
  // the school holds it for the learner until it is reallocated (decision 0028).
  { code: 'PREPAYMENT', name: 'Fees paid in advance', account: 'school_fund', priority: 1000 },
] as const satisfies readonly { code: string; name: string; account: 'tuition' | 'operations' | 'school_fund'; priority: number }[];

export type DefaultVoteHeadCode = (typeof DEFAULT_VOTE_HEADS)[number]['code'];

/** The vote head an overpayment goes to (the part of a payment beyond what the learner owes). */
export const PREPAYMENT_CODE = 'PREPAYMENT' satisfies DefaultVoteHeadCode;

/** The default vote head of a fee-structure item's category (an item with no vote head set takes it). */
export const VOTE_HEAD_OF_CATEGORY: Record<FeeCategory, DefaultVoteHeadCode> = {
  tuition: 'TUITION',
  boarding: 'BOARDING',
  lunch: 'LUNCH',
  transport: 'TRANSPORT',
  activity: 'ACTIVITY',
  uniform: 'UNIFORM',
  exam: 'EXAMINATIONS',
  development: 'DEVELOPMENT',
  other: 'OTHER',
};
