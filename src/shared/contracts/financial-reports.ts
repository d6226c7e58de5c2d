import { z } from 'zod';
import { financialReportsMessages as m } from '../messages/financial-reports.js';
import { kesToCents } from '../money.js';
import { isCalendarDate } from './learners.js';

/**
 * Financial reports (issue 15): fee collection, arrears with ageing, defaulters, cash book, income and
 * expenditure, M-Pesa reconciliation, expenses by category and budget vs actual. Every report is
 * `GET /api/reports/<report>?…&format=json|pdf|xlsx` (json by default; pdf is an A4 attachment with the
 * school's letterhead, xlsx a workbook attachment). Amounts are KES numbers with two decimals (the
 * server sums integer cents); dates YYYY-MM-DD in Africa/Nairobi; shares and % used are percent with one
 * decimal. Finance officer only (viewFinancialReports).
 */

export const REPORT_FORMATS = ['json', 'pdf', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_PAYMENT_METHODS = ['cash', 'bank_deposit', 'cheque', 'mpesa', 'bank_transfer'] as const;
export const GROUP_BY = ['day', 'month', 'method', 'level', 'class'] as const;
export type GroupBy = (typeof GROUP_BY)[number];
export const AGE_BUCKETS = ['0-30', '31-60', '61-90', 'Over 90'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

const day = (message: string) => z.string(message).trim().refine(isCalendarDate, message);
const id = (message: string) => z.uuid(message);
const format = z.enum(REPORT_FORMATS, m.api.formatInvalid).default('json');
/** A KES amount ≥ 0 as a query string → integer cents. */
const minBalance = z.string(m.api.minBalanceInvalid).transform((v, ctx) => {
  const cents = kesToCents(v);
  if (cents === null || cents < 0) {
    ctx.addIssue({ code: 'custom', message: m.api.minBalanceInvalid });
    return z.NEVER;
  }
  return cents;
});
const kes = z.number();
const int = z.number().int();

const period = {
  /** Start of the period (inclusive); default 1 January of `to`'s year (or the term's first day). */
  from: day(m.api.fromInvalid).optional(),
  /** End of the period (inclusive); default today (or the term's last day). */
  to: day(m.api.toInvalid).optional(),
};
const asOfFilters = {
  /** The date balances are taken at (default today); payments and adjustments after it are ignored. */
  asOf: day(m.api.asOfInvalid).optional(),
  levelId: id(m.api.idInvalid).optional(),
  classId: id(m.api.idInvalid).optional(),
  /** Only learners owing at least this many KES. */
  minBalance: minBalance.optional(),
  format,
};

export const feeCollectionQuery = z.object({
  ...period,
  /** The term's dates as the period (from/to, when given, win). */
  termId: id(m.api.idInvalid).optional(),
  levelId: id(m.api.idInvalid).optional(),
  classId: id(m.api.idInvalid).optional(),
  method: z.enum(REPORT_PAYMENT_METHODS, m.api.methodInvalid).optional(),
  groupBy: z.enum(GROUP_BY, m.api.groupByInvalid).default('day'),
  format,
});
export const arrearsQuery = z.object(asOfFilters);
export const defaultersQuery = z.object(asOfFilters);
export const cashBookQuery = z.object({ ...period, format });
export const incomeExpenditureQuery = z.object({ ...period, termId: id(m.api.idInvalid).optional(), format });
export const mpesaReconciliationQuery = z.object({ ...period, format });
export const expensesByCategoryQuery = z.object({ ...period, termId: id(m.api.idInvalid).optional(), format });
export const budgetVsActualQuery = z.object({
  termId: id(m.api.idInvalid).optional(),
  year: z
    .string(m.api.yearInvalid)
    .regex(/^\d{4}$/, m.api.yearInvalid)
    .transform(Number)
    .refine((y) => y >= 2000 && y <= 2100, m.api.yearInvalid)
    .optional(),
  format,
});
export type FeeCollectionQuery = z.infer<typeof feeCollectionQuery>;
export type ArrearsQuery = z.infer<typeof arrearsQuery>;
export type CashBookQuery = z.infer<typeof cashBookQuery>;
export type IncomeExpenditureQuery = z.infer<typeof incomeExpenditureQuery>;
export type BudgetVsActualQuery = z.infer<typeof budgetVsActualQuery>;

const labelled = z.object({ key: z.string(), label: z.string(), count: int, amount: kes });
export type LabelledAmount = z.infer<typeof labelled>;

/** GET /api/reports/fee-collection */
export const feeCollectionResponse = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(GROUP_BY),
  totals: z.object({ receipts: int, learners: int, payments: kes, reversals: kes, collected: kes }),
  byMethod: z.array(labelled),
  /** One row per day | month | method | level | stream (by `groupBy`), net of reversals. */
  groups: z.array(labelled),
});
export type FeeCollectionReport = z.infer<typeof feeCollectionResponse>;

/** The learner a row of the arrears and defaulters reports is about: id, name, admission number, current stream and level. */
const learnerColumns = { studentId: z.string(), name: z.string(), admissionNumber: z.string(), stream: z.string().nullable(), level: z.string().nullable() };
const bucketRow = z.object({ key: z.enum(AGE_BUCKETS), label: z.string(), invoices: int, learners: int, amount: kes });
/** GET /api/reports/arrears */
export const arrearsResponse = z.object({
  asOf: z.string(),
  totals: z.object({ learners: int, invoices: int, outstanding: kes }),
  buckets: z.array(bucketRow),
  rows: z.array(
    z.object({
      ...learnerColumns,
      d0to30: kes,
      d31to60: kes,
      d61to90: kes,
      over90: kes,
      total: kes,
    }),
  ),
});
export type ArrearsReport = z.infer<typeof arrearsResponse>;

/** GET /api/reports/defaulters */
export const defaultersResponse = z.object({
  asOf: z.string(),
  totals: z.object({ learners: int, balance: kes, overdue: kes }),
  rows: z.array(
    z.object({
      ...learnerColumns,
      balance: kes,
      overdue: kes,
      daysOverdue: int,
      lastPaymentOn: z.string().nullable(),
      lastPaymentAmount: kes.nullable(),
      guardianName: z.string().nullable(),
      guardianPhone: z.string().nullable(),
      guardianEmail: z.string().nullable(),
    }),
  ),
});
export type DefaultersReport = z.infer<typeof defaultersResponse>;

/** GET /api/reports/cash-book */
export const cashBookResponse = z.object({
  from: z.string(),
  to: z.string(),
  openingBalance: kes,
  totals: z.object({ moneyIn: kes, moneyOut: kes, net: kes, closingBalance: kes }),
  inByMethod: z.array(labelled),
  outByMethod: z.array(labelled),
  days: z.array(z.object({ date: z.string(), moneyIn: kes, moneyOut: kes, net: kes, closing: kes })),
  entries: z.array(
    z.object({
      date: z.string(),
      direction: z.enum(['in', 'out']),
      reference: z.string().nullable(),
      description: z.string(),
      method: z.string(),
      /** Money in positive (a reversal negative); money out positive. */
      amount: kes,
    }),
  ),
});
export type CashBookReport = z.infer<typeof cashBookResponse>;

/** GET /api/reports/income-expenditure */
export const incomeExpenditureResponse = z.object({
  from: z.string(),
  to: z.string(),
  termId: z.string().nullable(),
  income: z.object({ collected: kes, byMethod: z.array(labelled), invoiced: kes, invoicedByCategory: z.array(labelled) }),
  /** Paid expenses by category, then "Salaries (payroll)" (key `payroll`) from approved runs. */
  expenditure: z.object({ total: kes, lines: z.array(labelled) }),
  /** Income less expenditure (negative: a deficit). */
  surplus: kes,
});
export type IncomeExpenditureReport = z.infer<typeof incomeExpenditureResponse>;

const countAmount = z.object({ count: int, amount: kes });
/** GET /api/reports/mpesa-reconciliation */
export const mpesaReconciliationResponse = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({
    received: countAmount,
    matched: countAmount,
    /** Payments actually posted to learners from the matched transactions. */
    postedToLearners: countAmount,
    unmatched: countAmount,
    refunded: countAmount,
    /** Payments recorded by hand with method M-Pesa (not through Daraja). */
    manualMpesa: countAmount,
    /** matched − postedToLearners (should be 0). */
    difference: kes,
  }),
  days: z.array(z.object({ date: z.string(), count: int, received: kes, posted: kes, unmatched: kes, refunded: kes })),
  exceptions: z.array(
    z.object({
      transId: z.string(),
      receivedOn: z.string(),
      amount: kes,
      msisdn: z.string().nullable(),
      payerName: z.string().nullable(),
      billRef: z.string().nullable(),
      status: z.string(),
      note: z.string().nullable(),
    }),
  ),
});
export type MpesaReconciliationReport = z.infer<typeof mpesaReconciliationResponse>;

/** GET /api/reports/expenses-by-category */
export const expensesByCategoryResponse = z.object({
  from: z.string(),
  to: z.string(),
  termId: z.string().nullable(),
  totals: z.object({ count: int, amount: kes, paid: kes, approved: kes }),
  rows: z.array(z.object({ categoryId: z.string(), name: z.string(), count: int, amount: kes, paid: kes, approved: kes, share: z.number() })),
});
export type ExpensesByCategoryReport = z.infer<typeof expensesByCategoryResponse>;

export const BUDGET_STATUSES = ['under', 'near', 'over', 'unbudgeted'] as const;
/** GET /api/reports/budget-vs-actual */
export const budgetVsActualResponse = z.object({
  termId: z.string().nullable(),
  year: int,
  periodLabel: z.string(),
  from: z.string(),
  to: z.string(),
  totals: z.object({ budget: kes, actual: kes, variance: kes, percentUsed: z.number().nullable() }),
  rows: z.array(
    z.object({
      categoryId: z.string(),
      name: z.string(),
      budget: kes,
      actual: kes,
      /** budget − actual (negative: overspent). */
      variance: kes,
      percentUsed: z.number().nullable(),
      status: z.enum(BUDGET_STATUSES),
    }),
  ),
});
export type BudgetVsActualReport = z.infer<typeof budgetVsActualResponse>;

/** GET /api/reports/options: what the filters offer. */
export const reportOptionsResponse = z.object({
  today: z.string(),
  currentTermId: z.string().nullable(),
  terms: z.array(z.object({ id: z.string(), name: z.string(), year: z.string(), startsOn: z.string(), endsOn: z.string() })),
  levels: z.array(z.object({ id: z.string(), name: z.string() })),
  classes: z.array(z.object({ id: z.string(), name: z.string(), levelId: z.string().nullable() })),
});
export type ReportOptions = z.infer<typeof reportOptionsResponse>;
