import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hrDashboardResponse, hrReportsQuery, hrSummaryResponse } from '../../../shared/contracts/hr-reports.js';
import { actorOf } from '../../plugins/access.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { hrReportsPdf, hrReportsXlsx } from './hr-reports-export.js';
import { hrDashboard, hrSummary } from './hr-reports.service.js';

/**
 * HR reports, analytics and the HR dashboard (issue 14 §4), for HR, the principal and the director
 * (viewHrReports; other roles 403, another school's id 404; platform staff name the school with
 * ?schoolId= where the permission lets them). Dates YYYY-MM-DD in Africa/Nairobi; money KES with two
 * decimals. Errors: `{ error: { code, message, fields? } }`; 400 for bad dates or `to` before `from`.
 */
export async function hrReportsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, storage } = deps;
  const tags = ['hr-reports'];

  /**
   * GET /api/hr-reports/summary?from=&to= (default: 1 January of this year to today) → headcount by
   * department, employment type, gender and employer; joiners and leavers; leave taken by type; payroll
   * cost by month and by component (approved runs); staff attendance rate; contracts ending in 30/60/90 days.
   */
  r.get('/api/hr-reports/summary', { config: { permission: 'viewHrReports' }, schema: { querystring: hrReportsQuery, response: { 200: hrSummaryResponse }, tags } }, async (req) => {
    const { schoolId: _s, ...summary } = await hrSummary(database, actorOf(req), req.query);
    return summary;
  });

  /** GET /api/hr-reports/export.pdf?from=&to= → the summary as hr-reports-<from>-to-<to>.pdf (A4 landscape, the school's letterhead). */
  r.get('/api/hr-reports/export.pdf', { config: { permission: 'viewHrReports' }, schema: { querystring: hrReportsQuery, tags } }, async (req, reply) =>
    hrReportsPdf(reply, database, storage, actorOf(req), await hrSummary(database, actorOf(req), req.query)),
  );

  /** GET /api/hr-reports/export.xlsx?from=&to= → the summary as hr-reports-<from>-to-<to>.xlsx, one sheet per table. */
  r.get('/api/hr-reports/export.xlsx', { config: { permission: 'viewHrReports' }, schema: { querystring: hrReportsQuery, tags } }, async (req, reply) =>
    hrReportsXlsx(reply, await hrSummary(database, actorOf(req), req.query)),
  );

  /**
   * GET /api/hr-reports/dashboard → the HR dashboard: active staff, on leave today, pending leave
   * requests, contracts ending in 30 days, the latest payroll run (month, status, gross, net, employer
   * cost) and active staff by department.
   */
  r.get(
    '/api/hr-reports/dashboard',
    { config: { permission: 'viewHrReports' }, schema: { querystring: z.object({ schoolId: z.uuid().optional() }), response: { 200: hrDashboardResponse }, tags } },
    async (req) => hrDashboard(database, actorOf(req), req.query),
  );
}
