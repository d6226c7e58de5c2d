import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
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
import type { Database } from '../../db/client.js';
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
   * Registers `GET /api/reports/<report>`: the query is validated by `querystring`, `run` computes the
   * report for the caller, and the answer is json (checked against `response`), pdf or xlsx by `format`.
   */
  const report = <Q extends z.ZodType<{ format: ReportFormat }>>(
    id: ReportId,
    querystring: Q,
    response: z.ZodType,
    run: (database: Database, actor: Actor, query: z.infer<Q>) => Promise<WithContext<object>>,
  ) =>
    r.get(`/api/reports/${id}`, { config, schema: { querystring, response: { 200: response }, tags } }, async (req, reply) => {
      const query = req.query as z.infer<Q>;
      return answer(reply, actorOf(req), id, query.format, await run(database, actorOf(req), query));
    });

  /**
   * GET /api/reports/fee-collection?from=&to=&termId=&levelId=&classId=&method=&groupBy=day|month|method|level|class&format=
   * → payments (reversals negative) paid in the period (termId: the term's dates unless from/to are
   * given), of the learner's current level/stream and method: totals (receipts, learners, payments,
   * reversals, collected = net), byMethod, and groups by `groupBy` (default day, newest first).
   */
  report('fee-collection', feeCollectionQuery, feeCollectionResponse, feeCollection);

  /**
   * GET /api/reports/arrears?asOf=&levelId=&classId=&minBalance=&format= → unpaid invoice balances as at
   * asOf (default today; invoices, applied adjustments and payments up to that day, allocated like
   * invoice_balances), aged by days past due: buckets exactly "0-30" (invoices not yet due count here),
   * "31-60", "61-90", "Over 90", with invoices, learners and KES each; rows per learner (largest first).
   */
  report('arrears', arrearsQuery, arrearsResponse, arrears);

  /**
   * GET /api/reports/defaulters?asOf=&minBalance=&levelId=&classId=&format= → learners with a balance
   * past its due date as at asOf and a total balance ≥ minBalance (KES; default any), largest first:
   * learner, admission number, stream, level, balance, overdue, days overdue (oldest unpaid due date),
   * last payment (date, KES) and primary guardian (name, phone, e-mail).
   */
  report('defaulters', defaultersQuery, defaultersResponse, defaulters);

  /**
   * GET /api/reports/cash-book?from=&to=&format= → opening balance (all money in less out before from),
   * money in (fee payments by method incl. M-Pesa, reversals negative) and out (paid expenses, on the
   * day paid) per day with the closing balance, totals, and every entry.
   */
  report('cash-book', cashBookQuery, cashBookResponse, cashBook);

  /**
   * GET /api/reports/income-expenditure?from=&to=|termId=&format= → income = fees collected (payments
   * less reversals) by method, fees invoiced by category for reference; expenditure = paid expenses by
   * category plus "Salaries (payroll)" (employer cost of approved runs paid in the period); surplus.
   */
  report('income-expenditure', incomeExpenditureQuery, incomeExpenditureResponse, incomeExpenditure);

  /**
   * GET /api/reports/mpesa-reconciliation?from=&to=&format= → M-Pesa transactions received in the
   * period (by Nairobi day) against matched, posted to learners (payments made from them), unmatched and
   * refunded; M-Pesa payments recorded by hand; difference = matched − posted; per day; and the
   * unmatched and refunded transactions.
   */
  report('mpesa-reconciliation', mpesaReconciliationQuery, mpesaReconciliationResponse, mpesaReconciliation);

  /**
   * GET /api/reports/expenses-by-category?from=&to=|termId=&format= → approved and paid expenses (by
   * the day spent; a term: filed under it or spent within its dates) per category: count, amount,
   * paid, approved-unpaid, share %; largest first.
   */
  report('expenses-by-category', expensesByCategoryQuery, expensesByCategoryResponse, expensesByCategory);

  /**
   * GET /api/reports/budget-vs-actual?termId=|year=&format= → per category: budget (the term's, or the
   * year's; a year without a year budget sums its term budgets), actual (approved + paid expenses),
   * variance (budget − actual), % used and status under|near (≥ 90%)|over|unbudgeted. Default: the
   * current term, else this year; 400 when both termId and year are given.
   */
  report('budget-vs-actual', budgetVsActualQuery, budgetVsActualResponse, budgetVsActual);

  /** GET /api/reports/options → what the report filters offer: terms (newest first), levels, the current year's streams, today. */
  r.get('/api/reports/options', { config, schema: { response: { 200: reportOptionsResponse }, tags } }, async (req) => reportOptions(database, actorOf(req)));
}
