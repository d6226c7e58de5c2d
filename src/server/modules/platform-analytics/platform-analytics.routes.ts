import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  auditReportQuery,
  comparisonQuery,
  comparisonResponse,
  periodQuery,
  platformAnalyticsResponse,
  schoolHealth,
  schoolParams,
  schoolsHealthResponse,
  schoolsReportQuery,
  usageReportQuery,
} from '../../../shared/contracts/platform-analytics.js';
import { schoolToday } from '../../../shared/dates.js';
import { withScope, type Tx } from '../../db/tenant.js';
import { scopeOf } from '../../plugins/access.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { comparison, platformAnalytics, schoolsHealth } from './platform-analytics.service.js';
import { auditReport, schoolsReport, usageReport } from './platform-reports.js';

/**
 * Platform analytics, school health, anonymised comparisons and system reports (issue 18 §3) for
 * EduFam staff. Analytics and comparisons: viewPlatformAnalytics (edufam_admin and elimisha_admin);
 * health cards and reports: viewSystemReports (edufam_admin and its alias, spec §1). Signed out 401, school roles 403.
 * Everything is read in one platform-scope transaction (row-level security sees every school). Money
 * in KES cents (fields ending in `Cents`; Excel columns in KES), days YYYY-MM-DD in Africa/Nairobi,
 * rates and shares fractions 0..1. Bad dates, a period longer than 366 days or from after to: 400 with
 * `fields`. Errors: `{ error: { code, message, fields? } }`.
 */
export async function platformAnalyticsRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;
  const tags = ['platform-analytics'];
  const analytics = { permission: 'viewPlatformAnalytics' } as const;
  const reports = { permission: 'viewSystemReports' } as const;
  const run = <T>(req: FastifyRequest, fn: (tx: Tx) => Promise<T>) => withScope(database.db, scopeOf(req), fn);

  /**
   * GET /api/platform/analytics?from&to (default: the 30 days ending today) → { period, totals
   * { activeSchools, schools, learners, staff, parents, activeUsers }, dailyActiveUsers [{ day, total,
   * byRole }], activeUsersByRole, moduleAdoption [{ module, schools, share }], fees { amountCents,
   * count, mpesaAmountCents, mpesaCount, mpesaShare }, messages { sms, email, announcements,
   * conversationMessages, total }, growth [{ month, newSchools, learnersAdmitted, usersCreated }] (12 months) }.
   */
  r.get('/api/platform/analytics', { config: analytics, schema: { querystring: periodQuery, response: { 200: platformAnalyticsResponse }, tags } }, (req) =>
    run(req, (tx) => platformAnalytics(tx, req.query)),
  );

  /**
   * GET /api/platform/schools/health → { asOf, schools: SchoolHealth[] } by name: last active day and
   * audit entry, active users 7/30 days, completeness checks, billing status, modules used in 30 days.
   */
  r.get('/api/platform/schools/health', { config: reports, schema: { response: { 200: schoolsHealthResponse }, tags } }, async (req) => {
    const asOf = schoolToday();
    return { asOf, schools: await run(req, (tx) => schoolsHealth(tx, undefined, asOf)) };
  });

  /** GET /api/platform/schools/:id/health → one SchoolHealth; 404 for an unknown school, 400 a malformed id. */
  r.get('/api/platform/schools/:id/health', { config: reports, schema: { params: schoolParams, response: { 200: schoolHealth }, tags } }, async (req) => {
    const [one] = await run(req, (tx) => schoolsHealth(tx, req.params.id));
    return one!;
  });

  /**
   * GET /api/platform/comparisons?metric=attendance_rate|fee_collection_rate|mean_score|active_users&schoolId&from&to
   * → { metric, unit, period, schools [{ label, value, picked, schoolId }], withoutData, distribution
   * { min, median, max, mean } | null }. One number per active school; only the picked school is named
   * (404 when it is not an active school); no learner is ever part of the answer.
   */
  r.get('/api/platform/comparisons', { config: analytics, schema: { querystring: comparisonQuery, response: { 200: comparisonResponse }, tags } }, (req) =>
    run(req, (tx) => comparison(tx, req.query)),
  );

  /** GET /api/platform/reports/schools?format=pdf|xlsx (default pdf): the schools list. */
  r.get('/api/platform/reports/schools', { config: reports, schema: { querystring: schoolsReportQuery, tags } }, (req, reply) =>
    run(req, (tx) => schoolsReport(tx, reply, req.query.format)),
  );

  /** GET /api/platform/reports/usage?from&to&format=pdf|xlsx: usage by school over the period. */
  r.get('/api/platform/reports/usage', { config: reports, schema: { querystring: usageReportQuery, tags } }, (req, reply) =>
    run(req, (tx) => usageReport(tx, reply, req.query)),
  );

  /**
   * GET /api/platform/reports/audit?from&to&schoolId&action&format=pdf|xlsx: audit entries of the
   * period (action = case-insensitive prefix), newest first; at most 50,000 in Excel and 5,000 in a
   * PDF, with a note (and the header x-report-capped) when capped. 404 for an unknown schoolId.
   */
  r.get('/api/platform/reports/audit', { config: reports, schema: { querystring: auditReportQuery, tags } }, (req, reply) =>
    run(req, (tx) => auditReport(tx, reply, req.query)),
  );
}
