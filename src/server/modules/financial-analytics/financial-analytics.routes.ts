import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { financialAnalyticsExportQuery, financialAnalyticsQuery, financialAnalyticsResponse } from '../../../shared/contracts/financial-analytics.js';
import { actorOf } from '../../plugins/access.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { sendAnalyticsXlsx } from './financial-analytics-export.js';
import { getFinancialAnalytics } from './financial-analytics.service.js';

/**
 * Financial analytics (issue 15 §3) for the finance officer, the principal, the director and platform
 * staff (viewFinancialAnalytics; other roles 403, signed out 401). Platform staff name the school with
 * ?schoolId= (400 without one); a school role naming another school's id, or a term that is not its
 * school's, gets 404. A malformed termId or chart is 400 with `fields`. Money KES with two decimals,
 * rates and shares fractions 0..1, dates YYYY-MM-DD (Africa/Nairobi). Errors: `{ error: { code, message, fields? } }`.
 */
export async function financialAnalyticsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;
  const tags = ['financial-analytics'];

  /**
   * GET /api/finance/analytics?termId= (default: the current term) → { term, lastYearTerm, weekly,
   * byLevel, methods, expensesByCategory, projection, topArrears }.
   * - weekly: seven-day weeks from the term's first day: collected (payments with paid_on in the week,
   *   reversals negative) and cumulative, null for weeks not yet started; lastYearCollected/Cumulative
   *   from the term with the same number in the previous academic year (null when there is none).
   * - byLevel: the term's invoices by grade level: invoiced (due after adjustments), collected (paid
   *   against them) and rate = collected ÷ invoiced.
   * - methods: money received in the term by method, with the count of payments and the share.
   * - expensesByCategory: approved and paid expenses dated in the term, by category, with the share.
   * - projection: linear pace. pacePerDay = collectedToDate ÷ daysElapsed (school days: Monday–Friday,
   *   half-term excluded); projectedTermEnd = pacePerDay × daysInTerm, capped at invoiced and never below
   *   collectedToDate; projectedRate = projectedTermEnd ÷ invoiced.
   * - topArrears: the 10 largest unpaid balances on the term's invoices, with stream and days past due.
   * No term in the school's calendar: term null and empty figures.
   */
  r.get(
    '/api/finance/analytics',
    { config: { permission: 'viewFinancialAnalytics' }, schema: { querystring: financialAnalyticsQuery, response: { 200: financialAnalyticsResponse }, tags } },
    async (req) => {
      const { schoolId: _s, ...analytics } = await getFinancialAnalytics(database, actorOf(req), req.query);
      return analytics;
    },
  );

  /**
   * GET /api/finance/analytics/export.xlsx?termId=&chart=weekly|byLevel|methods|expensesByCategory|projection|topArrears|all
   * (default all) → an Excel workbook, one sheet per chart with the figures of GET /api/finance/analytics
   * (money as numbers in KES, rates and shares in percent), named financial-analytics-<chart>-<year>-term-<n>.xlsx.
   */
  r.get('/api/finance/analytics/export.xlsx', { config: { permission: 'viewFinancialAnalytics' }, schema: { querystring: financialAnalyticsExportQuery, tags } }, async (req, reply) => {
    const { chart = 'all', ...q } = req.query;
    return sendAnalyticsXlsx(reply, await getFinancialAnalytics(database, actorOf(req), q), chart);
  });
}
