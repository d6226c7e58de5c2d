import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSchema } from '../../../shared/contracts/dashboard.js';
import type { Database } from '../../db/client.js';
import { withScope } from '../../db/tenant.js';
import { actorOf, scopeOf } from '../../plugins/access.js';
import { buildDashboard } from './dashboard.service.js';

/** The signed-in user's dashboard figures (spec §2 dashboard section). */
export async function dashboardRoutes(app: FastifyInstance, database: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * GET /api/dashboard → 200 with the caller's dashboard, a union discriminated by `kind`
   * (`dashboardSchema` in shared/contracts/dashboard.ts): platform (edufam_admin, elimisha_admin: all
   * schools), director, principal, teacher, parent, finance (finance_officer) or hr. Counts are whole
   * numbers, dates ISO `YYYY-MM-DD` in Africa/Nairobi. Runs in the caller's row-level-security scope,
   * so school roles only ever see their own school. 401 without a session; 403 for a deactivated or
   * misconfigured account (access gate); 404 when a school role's school is not visible.
   */
  r.get(
    '/api/dashboard',
    {
      config: { permission: 'signedIn' },
      schema: { tags: ['dashboard'], summary: "The caller's dashboard figures", response: { 200: dashboardSchema } },
    },
    async (request) => {
      const actor = actorOf(request);
      return withScope(database.db, scopeOf(request), (tx) => buildDashboard(tx, actor));
    },
  );
}
