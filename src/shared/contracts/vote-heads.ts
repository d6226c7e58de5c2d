import { z } from 'zod';
import { voteHeadsMessages as m } from '../messages/vote-heads.js';
import { MAX_AMOUNT_CENTS, kesToCents } from '../money.js';
import { isCalendarDate } from './learners.js';

/**
 * Vote heads, payment allocations and the vote-head cash book (issue 35 §3, §6), shared by the API
 * (server/modules/vote-heads) and the screens (web/features/fees/settings/vote-heads*). Amounts are KES
 * numbers with two decimals as in the rest of the fees API (src/shared/contracts/fees.ts); the server
 * keeps integer cents. Dates are calendar dates (YYYY-MM-DD, Africa/Nairobi).
 */

/** The bank account a vote head belongs to (the Ministry's tuition and operations accounts, the school fund). */
export const VOTE_HEAD_ACCOUNTS = ['tuition', 'operations', 'school_fund'] as const;
export type VoteHeadAccount = (typeof VOTE_HEAD_ACCOUNTS)[number];
/** How a payment splits over vote heads: in priority order (lower first) or in proportion to what is owed on each. */
export const VOTE_HEAD_RULES = ['priority', 'proportional'] as const;
export type VoteHeadRule = (typeof VOTE_HEAD_RULES)[number];

const kes = z.number();

/** A KES amount of an allocation (zero allowed), parsed to integer cents. */
const kesAllocation = z.union([z.number(m.amountInvalid), z.string(m.amountInvalid)], m.amountInvalid).transform((v, ctx) => {
  const c = kesToCents(v);
  if (c === null || c < 0 || c > MAX_AMOUNT_CENTS) {
    ctx.addIssue({ code: 'custom', message: m.amountInvalid });
    return z.NEVER;
  }
  return c;
});

export const voteHeadSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  account: z.enum(VOTE_HEAD_ACCOUNTS),
  /** Lower settles first under the priority rule. */
  priority: z.number().int(),
  active: z.boolean(),
  /** Used by a fee item, an invoice line, an expense category or an allocation (cannot be deleted). */
  inUse: z.boolean(),
});
export type VoteHead = z.infer<typeof voteHeadSchema>;

export const listVoteHeadsResponse = z.object({ items: z.array(voteHeadSchema), rule: z.enum(VOTE_HEAD_RULES) });
export type ListVoteHeadsResponse = z.infer<typeof listVoteHeadsResponse>;

const code = z
  .string(m.codeInvalid)
  .trim()
  .min(1, m.codeInvalid)
  .max(20, m.codeInvalid)
  .regex(/^[A-Za-z0-9_-]+$/, m.codeInvalid)
  .transform((s) => s.toUpperCase());
const name = z.string(m.nameRequired).trim().min(1, m.nameRequired).max(80, m.nameTooLong);
const priority = z.number(m.priorityInvalid).int(m.priorityInvalid).min(0, m.priorityInvalid).max(10_000, m.priorityInvalid);

export const createVoteHeadBody = z.strictObject({
  code,
  name,
  account: z.enum(VOTE_HEAD_ACCOUNTS, m.accountInvalid).default('school_fund'),
  /** Default: after the school's last vote head. */
  priority: priority.optional(),
});
export type CreateVoteHeadBody = z.input<typeof createVoteHeadBody>;

export const updateVoteHeadBody = z.strictObject({
  name: name.optional(),
  account: z.enum(VOTE_HEAD_ACCOUNTS, m.accountInvalid).optional(),
  priority: priority.optional(),
  active: z.boolean().optional(),
});
export type UpdateVoteHeadBody = z.input<typeof updateVoteHeadBody>;

/** One vote head's share of a payment (KES; negative on a reversal row). */
export const paymentAllocationSchema = z.object({ voteHeadId: z.uuid(), voteHead: z.string(), amount: kes });
export type PaymentAllocation = z.infer<typeof paymentAllocationSchema>;

export const reallocatePaymentBody = z.strictObject({
  allocations: z
    .array(z.strictObject({ voteHeadId: z.uuid(m.voteHeadNotFound), amount: kesAllocation }), m.allocationsRequired)
    .min(1, m.allocationsRequired)
    .max(50)
    .refine((a) => new Set(a.map((x) => x.voteHeadId)).size === a.length, m.voteHeadTwice),
});
export type ReallocatePaymentBody = z.input<typeof reallocatePaymentBody>;
export const reallocatePaymentResponse = z.object({ paymentId: z.uuid(), allocations: z.array(paymentAllocationSchema) });
export type ReallocatePaymentResponse = z.infer<typeof reallocatePaymentResponse>;

const reportDate = z.string(m.dateInvalid).trim().refine(isCalendarDate, m.dateInvalid);
export const voteHeadCashBookQuery = z.object({
  from: reportDate.optional(),
  to: reportDate.optional(),
  format: z.enum(['json', 'pdf', 'xlsx'], m.formatInvalid).default('json'),
});
export type VoteHeadCashBookQuery = z.infer<typeof voteHeadCashBookQuery>;

const dayRow = z.object({ date: z.string(), moneyIn: kes, moneyOut: kes, closing: kes });
export const voteHeadCashBookResponse = z.object({
  from: z.string(),
  to: z.string(),
  voteHeads: z.array(
    z.object({
      voteHeadId: z.uuid(),
      code: z.string(),
      name: z.string(),
      account: z.enum(VOTE_HEAD_ACCOUNTS),
      /** Money in less money out before `from` (KES). */
      opening: kes,
      /** Fee payments (less reversals) allocated to it plus capitation received for it, in the period (KES). */
      moneyIn: kes,
      /** Paid expenses of categories charged to it, on the day paid (KES). */
      moneyOut: kes,
      closing: kes,
      /** Days with money in or out, oldest first, with the closing balance of the day. */
      days: z.array(dayRow),
    }),
  ),
  totals: z.object({ opening: kes, moneyIn: kes, moneyOut: kes, closing: kes }),
  /** Income of the period by vote head: fees, capitation, total and share of all income (%). */
  incomeByVoteHead: z.array(z.object({ voteHeadId: z.uuid(), name: z.string(), fees: kes, capitation: kes, total: kes, share: z.number() })),
  /** Paid expenses whose category has no vote head (KES): out of the cash book's vote heads. */
  unassignedOut: kes,
});
export type VoteHeadCashBook = z.infer<typeof voteHeadCashBookResponse>;

/**
 * GET /api/fees/vote-heads/prepayments (preview) and POST /api/fees/vote-heads/prepayments/apply: money
 * held in "Fees paid in advance" and what of it can move to the vote heads the learners now owe on.
 * Amounts in KES.
 */
export const prepaymentsResponse = z.object({
  /** The apply wrote (POST); false for the preview. */
  committed: z.boolean(),
  /** All money held in advance, and for how many learners. */
  held: kes,
  heldLearners: z.number().int(),
  /** What can move (or moved) now: the learners who owe on other vote heads, at most what they owe. */
  amount: kes,
  learners: z.number().int(),
  payments: z.number().int(),
  items: z.array(z.object({ studentId: z.uuid(), name: z.string(), admissionNumber: z.string(), amount: kes })),
});
export type PrepaymentsResponse = z.infer<typeof prepaymentsResponse>;
