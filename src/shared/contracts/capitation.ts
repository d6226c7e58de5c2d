import { z } from 'zod';
import { capitationMessages } from '../messages/capitation.js';
import { MAX_AMOUNT_CENTS, kesToCents } from '../money.js';
import { feeDate, kesAmount } from './fees.js';

/**
 * Government capitation contracts (issue 35 §3, §6; server/modules/vote-heads/capitation.*). Amounts are
 * KES as numbers with two decimals, as in the rest of the fees API (requests take a number or a decimal
 * string); the server stores integer cents. Dates are calendar dates (YYYY-MM-DD, Africa/Nairobi).
 */

const m = capitationMessages.api;

export const CAPITATION_BAND_IDS = ['primary', 'junior', 'senior'] as const;
export const CAPITATION_FORMATS = ['json', 'xlsx', 'pdf'] as const;

const year = z.coerce.number(m.yearInvalid).int(m.yearInvalid).min(2000, m.yearInvalid).max(2100, m.yearInvalid);
const kes = z.number();

/** GET /api/capitation?year=&format= (year: default the school's current academic year). */
export const capitationQuery = z.object({
  year: year.optional(),
  format: z.enum(CAPITATION_FORMATS).default('json'),
});
export type CapitationQuery = z.infer<typeof capitationQuery>;

export const capitationRateSchema = z.object({
  band: z.enum(CAPITATION_BAND_IDS),
  voteHeadId: z.uuid(),
  voteHead: z.string(),
  code: z.string(),
  /** KES per learner per year. */
  annual: kes,
});
export type CapitationRate = z.infer<typeof capitationRateSchema>;

export const capitationBandSchema = z.object({
  band: z.enum(CAPITATION_BAND_IDS),
  /** KES per learner per year, all vote heads. */
  annual: kes,
  /** school: the school set this year's rates of the band; default: the Ministry's (dated configuration). */
  source: z.enum(['school', 'default']),
});

export const capitationVoteHeadLine = z.object({
  voteHeadId: z.uuid(),
  voteHead: z.string(),
  code: z.string(),
  expected: kes,
  received: kes,
});

export const capitationReceiptSchema = z.object({
  id: z.uuid(),
  termId: z.uuid(),
  amount: kes,
  receivedOn: z.string(),
  reference: z.string(),
  notes: z.string().nullable(),
  allocations: z.array(z.object({ voteHeadId: z.uuid(), voteHead: z.string(), amount: kes })),
  /** When the grant was voided (ISO timestamp), else null: a voided grant is listed but counts nowhere. */
  voidedAt: z.string().nullable(),
  /** Why it was voided, else null. */
  voidReason: z.string().nullable(),
  /** The name of who voided it (null: not voided, or the account is gone). */
  voidedBy: z.string().nullable(),
});
export type CapitationReceipt = z.infer<typeof capitationReceiptSchema>;

export const capitationTermSchema = z.object({
  termId: z.uuid(),
  termName: z.string(),
  number: z.number().int(),
  startsOn: z.string(),
  endsOn: z.string(),
  /** The day the learners were counted: the year's count date, else the term's opening day. */
  countOn: z.string(),
  /** The term's share of the year's grant, percent. */
  share: z.number(),
  learners: z.object({ primary: z.number().int(), junior: z.number().int(), senior: z.number().int() }),
  expected: kes,
  received: kes,
  /** expected − received when positive, else 0. */
  shortfall: kes,
  /** received − expected when positive, else 0. */
  excess: kes,
  byVoteHead: z.array(capitationVoteHeadLine),
  receipts: z.array(capitationReceiptSchema),
});
export type CapitationTerm = z.infer<typeof capitationTermSchema>;

export const capitationResponse = z.object({
  year: z.number().int(),
  termShares: z.array(z.number().int()),
  /** The year's count date (null: each term's opening day). */
  countOn: z.string().nullable(),
  /** The term the dashboard shows: the current term of the year, else the latest that has opened, else the first. */
  currentTermId: z.uuid().nullable(),
  bands: z.array(capitationBandSchema),
  rates: z.array(capitationRateSchema),
  terms: z.array(capitationTermSchema),
  /** Sums of the terms; voided grants count in none of the figures. */
  totals: z.object({ expected: kes, received: kes, shortfall: kes, excess: kes }),
  /** The caller may record and void grants and change rates (finance officer). */
  canManage: z.boolean(),
});
export type CapitationResponse = z.infer<typeof capitationResponse>;

const reference = z.string(m.referenceRequired).trim().min(1, m.referenceRequired).max(60, m.referenceTooLong);

/** POST /api/capitation/receipts */
export const createCapitationReceiptBody = z.strictObject({
  termId: z.uuid(m.termInvalid),
  amount: kesAmount,
  receivedOn: feeDate,
  reference,
  notes: z.string().trim().max(500, m.notesTooLong).nullish(),
  /** The year the grant is for; when given the term must be of it. */
  year: year.optional(),
});
export type CreateCapitationReceiptBody = z.input<typeof createCapitationReceiptBody>;

/** POST /api/capitation/receipts/:id/void */
export const capitationReceiptParams = z.object({ id: z.uuid(m.receiptNotFound) });

/** POST /api/capitation/receipts/:id/void: why the grant is voided (1-300 characters, trimmed). */
export const voidCapitationReceiptBody = z.strictObject({
  reason: z.string(m.voidReasonRequired).trim().min(1, m.voidReasonRequired).max(300, m.voidReasonTooLong),
});
export type VoidCapitationReceiptBody = z.input<typeof voidCapitationReceiptBody>;

/** A rate in KES (zero allowed), parsed to integer cents. */
const kesRate = z.union([z.number(m.rateInvalid), z.string(m.rateInvalid)], m.rateInvalid).transform((v, ctx) => {
  const cents = kesToCents(v);
  if (cents === null || cents < 0 || cents > MAX_AMOUNT_CENTS) {
    ctx.addIssue({ code: 'custom', message: m.rateInvalid });
    return z.NEVER;
  }
  return cents;
});

/** PUT /api/capitation/rates: the given rates of the year replace those of their band and vote head. */
export const putCapitationRatesBody = z.strictObject({
  year,
  rates: z
    .array(z.strictObject({ band: z.enum(CAPITATION_BAND_IDS, m.bandInvalid), voteHeadId: z.uuid(m.voteHeadInvalid), annual: kesRate }), m.ratesRequired)
    .min(1, m.ratesRequired)
    .max(200),
});
export type PutCapitationRatesBody = z.input<typeof putCapitationRatesBody>;

/** PUT /api/capitation/settings: the year's term shares (percent, three, summing to 100) and count date. */
export const putCapitationSettingsBody = z.strictObject({
  year,
  termShares: z
    .array(z.number(m.sharesInvalid).int(m.sharesInvalid).min(0, m.sharesInvalid).max(100, m.sharesInvalid), m.sharesInvalid)
    .length(3, m.sharesInvalid)
    .refine((s) => s.reduce((a, b) => a + b, 0) === 100, m.sharesInvalid)
    .optional(),
  countOn: feeDate.nullable().optional(),
});
export type PutCapitationSettingsBody = z.input<typeof putCapitationSettingsBody>;
