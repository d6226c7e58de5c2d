import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { financeOfficeSummaryResponse } from '../../../shared/contracts/finance-office.js';
import { actorOf } from '../../plugins/access.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { financeOfficeSummary } from './finance-office.service.js';

/**
 * The finance office at a glance (issue 15): GET /api/finance-office/summary for the finance officer's
 * dashboard and the leaders' finance view (viewExpenses: finance officer, principal, director; other
 * roles 403; 401 without a session). Figures of the caller's own school only.
 */
export async function financeOfficeRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/finance-office/summary',
    { config: { permission: 'viewExpenses' }, schema: { response: { 200: financeOfficeSummaryResponse }, tags: ['finance-office'] } },
    async (req) => financeOfficeSummary(deps.database, actorOf(req)),
  );
}
