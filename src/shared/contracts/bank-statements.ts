import { z } from 'zod';
import { bankStatementMessages } from '../messages/bank-statements.js';
import { feeDate } from './fees.js';

/**
 * Bank statement import (issue 35 §4, §6; docs/decisions/0029-bank-statements.md). Amounts in KES
 * numbers with two decimals, as the rest of the fees API; dates YYYY-MM-DD.
 */

const m = bankStatementMessages.api;

/** The date layouts a statement's date column may use (the mapping's dateFormat). */
export const BANK_DATE_FORMATS = ['DD/MM/YYYY', 'DD-MM-YYYY', 'DD.MM.YYYY', 'DD/MM/YY', 'DD-MMM-YYYY', 'DD MMM YYYY', 'YYYY-MM-DD', 'MM/DD/YYYY'] as const;
export type BankDateFormat = (typeof BANK_DATE_FORMATS)[number];
export const BANK_LINE_STATUSES = ['matched', 'unmatched', 'allocated', 'ignored'] as const;

const column = z.string(m.columnRequired).trim().min(1, m.columnRequired).max(200);

/** Which column of the bank's export holds each field (saved per bank account). */
export const bankStatementMappingSchema = z.object({
  date: column,
  reference: column,
  narration: column,
  amount: column,
  amountKind: z.enum(['credit', 'signed'], m.mappingInvalid),
  dateFormat: z.enum(BANK_DATE_FORMATS, m.dateFormatInvalid),
});
export type BankMapping = z.infer<typeof bankStatementMappingSchema>;

const schoolIdParam = z.uuid('Invalid school id').optional();

/** A school bank account statements are imported for. */
export const bankAccountSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  mapping: bankStatementMappingSchema.nullable(),
  createdAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
export const listBankAccountsResponse = z.object({ items: z.array(bankAccountSchema) });

/** POST /api/fees/bank-accounts */
export const createBankAccountBody = z.strictObject({
  name: z.string(m.nameRequired).trim().min(1, m.nameRequired).max(100),
  bankName: z.string(m.bankNameRequired).trim().min(1, m.bankNameRequired).max(100),
  accountNumber: z.string(m.accountNumberRequired).trim().min(1, m.accountNumberRequired).max(40),
  mapping: bankStatementMappingSchema.nullable().optional(),
});
export type CreateBankAccountBody = z.input<typeof createBankAccountBody>;
/** PATCH /api/fees/bank-accounts/:id: the fields sent change. */
export const updateBankAccountBody = createBankAccountBody.partial();

const flag = z
  .union([z.boolean(), z.stringbool({ truthy: ['true', '1', 'yes', 'on'], falsy: ['false', '0', 'no', 'off', ''] })])
  .optional()
  .transform((v) => v === true);

/** POST /api/fees/bank-statements?commit=&bankAccountId= (multipart `mapping` JSON, then `file`). */
export const importStatementQuery = z.object({
  /** Write (one transaction); without it a dry run that writes nothing. */
  commit: flag,
  bankAccountId: z.uuid(m.accountNotFound),
});

export const LINE_OUTCOMES = ['matched', 'duplicate', 'unmatched'] as const;

/** One deposit line of the statement and what importing it does (did). */
export const previewLineSchema = z.object({
  /** The row number as a spreadsheet shows it (header counted). */
  row: z.number().int(),
  date: z.string(),
  reference: z.string(),
  narration: z.string(),
  amount: z.number(),
  outcome: z.enum(LINE_OUTCOMES),
  studentId: z.uuid().nullable(),
  studentName: z.string().nullable(),
  admissionNumber: z.string().nullable(),
  matchedBy: z.enum(['admission_number', 'name']).nullable(),
  /** Why it matched, why not, or why it is a duplicate. */
  reason: z.string(),
  /** The receipt of the payment posted (commit only). */
  receiptNumber: z.string().nullable(),
});
export type PreviewLine = z.infer<typeof previewLineSchema>;

/** The answer of POST /api/fees/bank-statements (§6: counts first; the rest are extras). */
export const importStatementResponse = z.object({
  lines: z.number().int(),
  matched: z.number().int(),
  duplicates: z.number().int(),
  unmatched: z.number().int(),
  committed: z.boolean(),
  importId: z.uuid().nullable(),
  /** Rows under the header that are not deposits (debits, balances, totals, blank). */
  skipped: z.number().int(),
  mapping: bankStatementMappingSchema,
  preview: z.array(previewLineSchema),
});
export type ImportStatementResponse = z.infer<typeof importStatementResponse>;

/** POST /api/fees/bank-statements/columns (multipart `file`): the header row, a few rows and a guessed mapping. */
export const statementColumnsResponse = z.object({
  headers: z.array(z.string()),
  headerRow: z.number().int(),
  rows: z.array(z.array(z.string())),
  suggested: z.object({
    date: z.string().nullable(),
    reference: z.string().nullable(),
    narration: z.string().nullable(),
    amount: z.string().nullable(),
    amountKind: z.enum(['credit', 'signed']),
    dateFormat: z.enum(BANK_DATE_FORMATS).nullable(),
  }),
});
export type StatementColumns = z.infer<typeof statementColumnsResponse>;

/** GET /api/fees/bank-statements?bankAccountId=: the statements imported, newest first. */
export const listImportsQuery = z.object({ bankAccountId: z.uuid(m.accountNotFound).optional(), schoolId: schoolIdParam });
export const statementImportSchema = z.object({
  id: z.uuid(),
  bankAccountId: z.uuid(),
  bankAccountName: z.string(),
  fileName: z.string(),
  lines: z.number().int(),
  matched: z.number().int(),
  duplicates: z.number().int(),
  unmatched: z.number().int(),
  importedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type StatementImport = z.infer<typeof statementImportSchema>;
export const listImportsResponse = z.object({ items: z.array(statementImportSchema) });

/** A deposit line of an imported statement (the unmatched queue and after). */
export const bankLineSchema = z.object({
  id: z.uuid(),
  bankAccountId: z.uuid(),
  bankAccountName: z.string(),
  bankName: z.string(),
  bankReference: z.string(),
  txnDate: z.string(),
  amount: z.number(),
  narration: z.string().nullable(),
  status: z.enum(BANK_LINE_STATUSES),
  studentId: z.uuid().nullable(),
  studentName: z.string().nullable(),
  admissionNumber: z.string().nullable(),
  paymentId: z.uuid().nullable(),
  receiptNumber: z.string().nullable(),
  note: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type BankLine = z.infer<typeof bankLineSchema>;

/** GET /api/fees/bank-statements/unmatched?search=&from=&to= */
export const listBankUnmatchedQuery = z.object({
  search: z.string().trim().max(100).optional(),
  from: feeDate.optional(),
  to: feeDate.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  schoolId: schoolIdParam,
});
export type ListBankUnmatchedQuery = z.infer<typeof listBankUnmatchedQuery>;
export const listBankLinesResponse = z.object({ items: z.array(bankLineSchema), total: z.number().int(), sum: z.number() });
export type ListBankLinesResponse = z.infer<typeof listBankLinesResponse>;

/**
 * GET /api/fees/unmatched-summary: the whole unmatched queue, M-Pesa payments and bank deposits, as the
 * M-Pesa Payments badge and overview strip count it. `total` how many, `sum` KES.
 */
const queuePart = z.object({ total: z.number().int(), sum: z.number() });
export const unmatchedSummarySchema = queuePart.extend({ mpesa: queuePart, bank: queuePart });
export type UnmatchedSummary = z.infer<typeof unmatchedSummarySchema>;

/** POST /api/fees/bank-statement-lines/:id/allocate */
export const allocateBankLineBody = z.strictObject({ studentId: z.uuid(m.learnerRequired), note: z.string().trim().max(500).optional() });
/** POST /api/fees/bank-statement-lines/:id/ignore */
export const ignoreBankLineBody = z.strictObject({ reason: z.string(m.reasonRequired).trim().min(1, m.reasonRequired).max(500) });
