import { z } from 'zod';
import { financialAnalyticsMessages as m } from '../messages/financial-analytics.js';

/**
 * Financial analytics (issue 15 §3): a term's collections week by week against the same term of the
 * previous academic year, the collection rate by grade level, payment methods, expenses by category, the
 * projected term-end collection and the top arrears. Money is KES with two decimals (the server sums
 * integer cents); dates YYYY-MM-DD in Africa/Nairobi; rates and shares are fractions 0..1 with three decimals.
 */

/** The charts an export can hold ("all" = one sheet per chart). */
export const ANALYTICS_CHARTS = ['weekly', 'byLevel', 'methods', 'expensesByCategory', 'projection', 'topArrears'] as const;
export type AnalyticsChart = (typeof ANALYTICS_CHARTS)[number];

/** GET /api/finance/analytics?termId= (default: the current term); platform staff add ?schoolId=. */
export const financialAnalyticsQuery = z.object({
  termId: z.uuid(m.api.termInvalid).optional(),
  /** Platform staff name the school. */
  schoolId: z.uuid(m.api.schoolInvalid).optional(),
});
export type FinancialAnalyticsQuery = z.infer<typeof financialAnalyticsQuery>;

/** GET /api/finance/analytics/export.xlsx?termId=&chart= (default: all). */
export const financialAnalyticsExportQuery = financialAnalyticsQuery.extend({
  chart: z.enum([...ANALYTICS_CHARTS, 'all'], m.api.chartInvalid).optional(),
});
export type FinancialAnalyticsExportQuery = z.infer<typeof financialAnalyticsExportQuery>;

const term = z.object({ id: z.string(), name: z.string(), number: z.number().int(), academicYear: z.string(), startsOn: z.string(), endsOn: z.string() });
export type AnalyticsTerm = z.infer<typeof term>;

const weekRow = z.object({
  week: z.number().int(),
  weekStart: z.string(),
  /** Money received in the week (net of reversals); null for weeks that have not started yet. */
  collected: z.number().nullable(),
  cumulative: z.number().nullable(),
  /** The same week of last year's term; null when there is no such term. */
  lastYearCollected: z.number().nullable(),
  lastYearCumulative: z.number().nullable(),
});
export type AnalyticsWeek = z.infer<typeof weekRow>;

const levelRow = z.object({ levelId: z.string(), level: z.string(), invoiced: z.number(), collected: z.number(), rate: z.number() });
export type AnalyticsLevel = z.infer<typeof levelRow>;

const methodRow = z.object({ method: z.string(), amount: z.number(), count: z.number().int(), share: z.number() });
export type AnalyticsMethod = z.infer<typeof methodRow>;

const categoryRow = z.object({ category: z.string(), amount: z.number(), share: z.number() });
export type AnalyticsCategory = z.infer<typeof categoryRow>;

const projection = z.object({
  invoiced: z.number(),
  collectedToDate: z.number(),
  daysElapsed: z.number().int(),
  daysInTerm: z.number().int(),
  pacePerDay: z.number(),
  projectedTermEnd: z.number(),
  projectedRate: z.number(),
});
export type AnalyticsProjection = z.infer<typeof projection>;

/**
 * The term's two headline figures, each on its stated base (issue 34: "Collected to date" and
 * "Collection rate" must say what they are of):
 * - `receivedToDate`: money received from the term's first day up to today (or its last day), net of
 *   reversals, whatever it paid for (this term's fees, arrears of earlier terms, credit);
 *   `receivedShare` = receivedToDate ÷ invoiced.
 * - `rate`: `paidOnInvoices` (paid against the term's own invoices, whenever the money came in,
 *   prepayments and credit included) ÷ `invoiced` (due on every invoice of the term: invoice less
 *   adjustments). The two differ when money pays arrears or arrived before the term began.
 */
const collection = z.object({
  invoiced: z.number(),
  paidOnInvoices: z.number(),
  rate: z.number(),
  receivedFrom: z.string(),
  receivedTo: z.string(),
  receivedToDate: z.number(),
  receivedShare: z.number(),
});
export type AnalyticsCollection = z.infer<typeof collection>;

const arrearsRow = z.object({
  studentId: z.string(),
  name: z.string(),
  admissionNumber: z.string(),
  stream: z.string().nullable(),
  balance: z.number(),
  daysOverdue: z.number().int(),
});
export type AnalyticsArrears = z.infer<typeof arrearsRow>;

export const financialAnalyticsResponse = z.object({
  term: term.nullable(),
  lastYearTerm: term.nullable(),
  weekly: z.array(weekRow),
  byLevel: z.array(levelRow),
  methods: z.array(methodRow),
  expensesByCategory: z.array(categoryRow),
  projection: projection.nullable(),
  /** The headline figures and their bases; null when the school has no term. */
  collection: collection.nullable(),
  topArrears: z.array(arrearsRow),
});
export type FinancialAnalytics = z.infer<typeof financialAnalyticsResponse>;
