import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  arrearsQuery,
  arrearsResponse,
  budgetVsActualQuery,
  budgetVsActualResponse,
  cashBookQuery,
  cashBookResponse,
  defaultersQuery,
  defaultersResponse,
  expensesByCategoryQuery,
  expensesByCategoryResponse,
  feeCollectionQuery,
  feeCollectionResponse,
  incomeExpenditureQuery,
  incomeExpenditureResponse,
  mpesaReconciliationQuery,
  mpesaReconciliationResponse,
  reportOptionsResponse,
  type ReportFormat,
} from '../../../shared/contracts/financial-reports.js';
import type { ReportId } from '../../../shared/messages/financial-reports.js';
import type { Actor } from '../../../shared/access.js';
import { actorOf } from '../../plugins/access.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { docOf, sendReport } from './financial-reports-export.js';
import {
  arrears,
  budgetVsActual,
  cashBook,
  defaulters,
  expensesByCategory,
  feeCollection,
  incomeExpenditure,
  mpesaReconciliation,
  reportOptions,
  type WithContext,
} from './financial-reports.service.js';

/**
 * Financial reports (issue 15), for the finance officer only (viewFinancialReports; every other role
 * 403, signed out 401). Each report is `GET /api/reports/<report>` with its filters and
 * `format=json|pdf|xlsx` (default json): json is the report below; pdf an A4 landscape attachment with
 * the school's letterhead (application/pdf); xlsx an attachment workbook (Summary sheet, then a sheet
 * per table). Amounts KES with two decimals; dates YYYY-MM-DD (Africa/Nairobi); a period defaults to 1
 * January of this year to today. Errors `{ error: { code, message, fields? } }`: 400 for a bad date,
 * `to` before `from`, more than five years, an unknown format, method or groupBy; 404 for a term, level
 * or stream that is not the school's.
 */
export async function financialReportsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;
  const tags = ['financial-reports'];
  const config = { permission: 'viewFinancialReports' } as const;

  /** json → the data without its export context; pdf/xlsx → the document. */
  const answer = async <T extends object>(reply: FastifyReply, actor: Actor, report: ReportId, format: ReportFormat, data: WithContext<T>) => {
    if (format === 'json') {
      const { ctx: _ctx, ...body } = data;
      return reply.send(body);
    }
    return sendReport(reply, deps, actor, format, docOf(report, data), data.ctx.schoolId);
  };

  /**
   * GET /api/reports/fee-collection?from=&to=&termId=&levelId=&classId=&method=&groupBy=day|month|method|level|class&format=
   * → payments (reversals negative) paid in the period (termId: the term's dates unless from/to are
   * given), of the learner's current level/stream and method: totals (receipts, learners, payments,
   * reversals, collected = net), byMethod, and groups by `groupBy` (default day, newest first).
   */
  r.get('/api/reports/fee-collection', { config, schema: { querystring: feeCollectionQuery, response: { 200: feeCollectionResponse }, tags } }, async (req, reply) =>
    answer(reply, actorOf(req), 'fee-collection', req.query.format, await feeCollection(database, actorOf(req), req.query)),
  );

  /**
   * GET /api/reports/arrears?asOf=&levelId=&classId=&minBalance=&format= → unpaid invoice balances as at
   * asOf (default today; invoices, applied adjustments and payments up to that day, allocated like
   * invoice_balances), aged by days past due: buckets exactly "0-30" (invoices not yet due count here),
   * "31-60", "61-90", "Over 90", with invoices, learners and KES each; rows per learner (largest first).
   */
  r.get('/api/reports/arrears', { config, schema: { querystring: arrearsQuery, response: { 200: arrearsResponse }, tags } }, async (req, reply) =>
    answer(reply, actorOf(req), 'arrears', req.query.format, await arrears(database, actorOf(req), req.query)),
  );

  /**
   * GET /api/reports/defaulters?asOf=&minBalance=&levelId=&classId=&format= → learners with a balance
   * past its due date as at asOf and a total balance ≥ minBalance (KES; default any), largest first:
   * learner, admission number, stream, level, balance, overdue, days overdue (oldest unpaid due date),
   * last payment (date, KES) and primary guardian (name, phone, e-mail).
   */
  r.get('/api/reports/defaulters', { config, schema: { querystring: defaultersQuery, response: { 200: defaultersResponse }, tags } }, async (req, reply) =>
    answer(reply, actorOf(req), 'defaulters', req.query.format, await defaulters(database, actorOf(req), req.query)),
  );

  /**
   * GET /api/reports/cash-book?from=&to=&format= → opening balance (all money in less out before from),
   * money in (fee payments by method incl. M-Pesa, reversals negative) and out (paid expenses, on the
   * day paid) per day with the closing balance, totals, and every entry.
   */
  r.get('/api/reports/cash-book', { config, schema: { querystring: cashBookQuery, response: { 200: cashBookResponse }, tags } }, async (req, reply) =>
    answer(reply, actorOf(req), 'cash-book', req.query.format, await cashBook(database, actorOf(req), req.query)),
  );

  /**
   * GET /api/reports/income-expenditure?from=&to=|termId=&format= → income = fees collected (payments
   * less reversals) by method, fees invoiced by category for reference; expenditure = paid expenses by
   * category plus "Salaries (payroll)" (employer cost of approved runs paid in the period); surplus.
   */
  r.get('/api/reports/income-expenditure', { config, schema: { querystring: incomeExpenditureQuery, response: { 200: incomeExpenditureResponse }, tags } }, async (req, reply) =>
    answer(reply, actorOf(req), 'income-expenditure', req.query.format, await incomeExpenditure(database, actorOf(req), req.query)),
  );

  /**
   * GET /api/reports/mpesa-reconciliation?from=&to=&format= → M-Pesa transactions received in the
   * period (by Nairobi day) against matched, posted to learners (payments made from them), unmatched and
   * refunded; M-Pesa payments recorded by hand; difference = matched − posted; per day; and the
   * unmatched and refunded transactions.
   */
  r.get('/api/reports/mpesa-reconciliation', { config, schema: { querystring: mpesaReconciliationQuery, response: { 200: mpesaReconciliationResponse }, tags } }, async (req, reply) =>
    answer(reply, actorOf(req), 'mpesa-reconciliation', req.query.format, await mpesaReconciliation(database, actorOf(req), req.query)),
  );

  /**
   * GET /api/reports/expenses-by-category?from=&to=|termId=&format= → approved and paid expenses (by
   * the day spent; a term: filed under it or spent within its dates) per category: count, amount,
   * paid, approved-unpaid, share %; largest first.
   */
  r.get('/api/reports/expenses-by-category', { config, schema: { querystring: expensesByCategoryQuery, response: { 200: expensesByCategoryResponse }, tags } }, async (req, reply) =>
    answer(reply, actorOf(req), 'expenses-by-category', req.query.format, await expensesByCategory(database, actorOf(req), req.query)),
  );

  /**
   * GET /api/reports/budget-vs-actual?termId=|year=&format= → per category: budget (the term's, or the
   * year's; a year without a year budget sums its term budgets), actual (approved + paid expenses),
   * variance (budget − actual), % used and status under|near (≥ 90%)|over|unbudgeted. Default: the
   * current term, else this year; 400 when both termId and year are given.
   */
  r.get('/api/reports/budget-vs-actual', { config, schema: { querystring: budgetVsActualQuery, response: { 200: budgetVsActualResponse }, tags } }, async (req, reply) =>
    answer(reply, actorOf(req), 'budget-vs-actual', req.query.format, await budgetVsActual(database, actorOf(req), req.query)),
  );

  /** GET /api/reports/options → what the report filters offer: terms (newest first), levels, the current year's streams, today. */
  r.get('/api/reports/options', { config, schema: { response: { 200: reportOptionsResponse }, tags } }, async (req) => reportOptions(database, actorOf(req)));
}
