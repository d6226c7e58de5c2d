import { z } from 'zod';
import { feesMessages as m } from '../messages/fees.js';
import { kesToCents } from '../money.js';
import { feeDate } from './fees.js';

/**
 * M-Pesa contracts (issue 11 §3, §5). Amounts in KES numbers; phones normalised to 2547XXXXXXXX /
 * 2541XXXXXXXX (domain/identifiers.md). Secrets are write-only: responses carry only masked hints.
 */

export const MPESA_ENVIRONMENTS = ['simulator', 'sandbox', 'production'] as const;
export type MpesaEnvironment = (typeof MPESA_ENVIRONMENTS)[number];
export const SHORTCODE_TYPES = ['paybill', 'till'] as const;
export const STK_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled', 'timeout'] as const;
export type StkStatus = (typeof STK_STATUSES)[number];
export const TRANSACTION_STATUSES = ['matched', 'unmatched', 'refunded'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(200).default(25);
const schoolIdParam = z.uuid('Invalid school id').optional();

/** GET /api/mpesa/config (§5): shortcode, shortcodeType, environment, callbackUrls; extras after. */
export const mpesaConfigSchema = z.object({
  shortcode: z.string(),
  shortcodeType: z.enum(SHORTCODE_TYPES),
  environment: z.enum(MPESA_ENVIRONMENTS),
  callbackUrls: z.object({ stk: z.string(), validation: z.string(), confirmation: z.string() }),
  // Extras beyond §5.
  /**
   * The C2B URLs as registered with Daraja: the same handlers under /api/paybill, because Daraja refuses
   * to register URLs containing "mpesa" (docs/decisions/0008).
   */
  registeredUrls: z.object({ validation: z.string(), confirmation: z.string() }),
  tillNumber: z.string().nullable(),
  strictValidation: z.boolean(),
  /** Masked hints of the stored secrets ("••••••••c919"), null when not set. */
  consumerKey: z.string().nullable(),
  consumerSecret: z.string().nullable(),
  passkey: z.string().nullable(),
  c2bRegisteredAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type MpesaConfig = z.infer<typeof mpesaConfigSchema>;

const secret = z.string().trim().min(1).max(200);
/** PUT /api/mpesa/config: secrets left out keep their stored value. */
export const putMpesaConfigBody = z.strictObject({
  shortcode: z.string(m.shortcodeInvalid).trim().regex(/^\d{5,7}$/, m.shortcodeInvalid),
  shortcodeType: z.enum(SHORTCODE_TYPES),
  tillNumber: z.string().trim().regex(/^\d{5,7}$/, m.shortcodeInvalid).nullish(),
  environment: z.enum(MPESA_ENVIRONMENTS),
  consumerKey: secret.optional(),
  consumerSecret: secret.optional(),
  passkey: secret.optional(),
  strictValidation: z.boolean().default(false),
});
export type PutMpesaConfigBody = z.input<typeof putMpesaConfigBody>;

/** POST /api/mpesa/stk-push (§5). amount: whole KES (M-Pesa takes whole shillings). */
export const stkPushBody = z.strictObject({
  studentId: z.uuid(m.learnerRequired),
  phone: z.string(m.phoneInvalid).trim().min(1, m.phoneInvalid).max(30),
  amount: z.union([z.number(), z.string()], m.amountInvalid).transform((v, ctx) => {
    const cents = kesToCents(v);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: m.amountInvalid });
      return z.NEVER;
    }
    if (cents % 100 !== 0) {
      ctx.addIssue({ code: 'custom', message: m.stkAmountWhole });
      return z.NEVER;
    }
    if (cents < 100 || cents > 25_000_000) {
      ctx.addIssue({ code: 'custom', message: m.stkAmountRange });
      return z.NEVER;
    }
    return cents;
  }),
});
export type StkPushBody = z.input<typeof stkPushBody>;

export const stkRequestSchema = z.object({
  checkoutRequestId: z.string(),
  status: z.enum(STK_STATUSES),
  // Extras beyond §5.
  id: z.uuid(),
  studentId: z.uuid(),
  amount: z.number(),
  phone: z.string(),
  resultCode: z.string().nullable(),
  resultDesc: z.string().nullable(),
  mpesaReceipt: z.string().nullable(),
  customerMessage: z.string().nullable(),
  /** The learner's balance once the payment is posted (KES), else null. */
  balance: z.number().nullable(),
  receiptNumber: z.string().nullable(),
  paymentId: z.uuid().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type StkRequest = z.infer<typeof stkRequestSchema>;

export const mpesaTransactionSchema = z.object({
  id: z.uuid(),
  source: z.enum(['stk', 'c2b']),
  transId: z.string(),
  amount: z.number(),
  msisdn: z.string().nullable(),
  payerName: z.string().nullable(),
  billRef: z.string().nullable(),
  transTime: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  studentId: z.uuid().nullable(),
  studentName: z.string().nullable(),
  admissionNumber: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  paymentId: z.uuid().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type MpesaTransaction = z.infer<typeof mpesaTransactionSchema>;

export const listTransactionsQuery = z.object({
  status: z.enum(TRANSACTION_STATUSES).optional(),
  source: z.enum(['stk', 'c2b']).optional(),
  from: feeDate.optional(),
  to: feeDate.optional(),
  search: z.string().trim().max(100).optional(),
  page,
  pageSize,
  schoolId: schoolIdParam,
});
export type ListTransactionsQuery = z.infer<typeof listTransactionsQuery>;
export const listTransactionsResponse = z.object({ items: z.array(mpesaTransactionSchema), total: z.number().int(), sum: z.number() });
export type ListTransactionsResponse = z.infer<typeof listTransactionsResponse>;

export const allocateBody = z.strictObject({ studentId: z.uuid(m.learnerRequired), note: z.string().trim().max(500).optional() });
export const refundBody = z.strictObject({ note: z.string(m.reasonRequired).trim().min(1, m.reasonRequired).max(500) });

export const listStkQuery = z.object({
  status: z.enum(STK_STATUSES).optional(),
  from: feeDate.optional(),
  to: feeDate.optional(),
  page,
  pageSize,
  schoolId: schoolIdParam,
});
export const stkListItemSchema = stkRequestSchema.extend({ studentName: z.string(), admissionNumber: z.string() });
export const listStkResponse = z.object({ items: z.array(stkListItemSchema), total: z.number().int() });

export const reconciliationQuery = z.object({ from: feeDate.optional(), to: feeDate.optional(), schoolId: schoolIdParam });
export const reconciliationDaySchema = z.object({
  date: z.string(),
  matched: z.number().int(),
  unmatched: z.number().int(),
  refunded: z.number().int(),
  /** STK pushes that failed, were cancelled or timed out that day. */
  failed: z.number().int(),
  matchedAmount: z.number(),
  unmatchedAmount: z.number(),
  refundedAmount: z.number(),
});
export const reconciliationSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(reconciliationDaySchema),
  totals: reconciliationDaySchema.omit({ date: true }),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

/** POST /api/mpesa/simulate-c2b: a paybill payment from the simulator's phone (simulator/sandbox only). */
export const simulateC2bBody = z.strictObject({
  amount: z.union([z.number(), z.string()]).transform((v, ctx) => {
    const cents = kesToCents(v);
    if (cents === null || cents < 100 || cents % 100 !== 0) {
      ctx.addIssue({ code: 'custom', message: m.stkAmountWhole });
      return z.NEVER;
    }
    return cents;
  }),
  phone: z.string().trim().min(1, m.phoneInvalid).max(30),
  accountReference: z.string().trim().min(1).max(20),
});
