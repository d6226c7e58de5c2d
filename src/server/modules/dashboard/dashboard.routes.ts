import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSchema } from '../../../shared/contracts/dashboard.js';
import type { Database } from '../../db/client.js';
import { withScope } from '../../db/tenant.js';
import { actorOf, scopeOf } from '../../plugins/access.js';
import { buildDashboard } from './dashboard.service.js';
import { cachedRead, PLATFORM, type ReadCache } from '../../lib/read-cache.js';
import { dashboardKindFor } from '../../../shared/access.js';
import { schoolToday } from '../../../shared/dates.js';

/** How old the platform admins' overview may be (it shows the week's sign-ins, which no trigger watches). */
const PLATFORM_DASHBOARD_TTL_MS = 15_000;

/** The signed-in user's dashboard figures (spec §2 dashboard section). */
export async function dashboardRoutes(app: FastifyInstance, database: Database, readCache?: ReadCache) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * GET /api/dashboard → 200 with the caller's dashboard, a union discriminated by `kind`
   * (`dashboardSchema` in shared/contracts/dashboard.ts): platform (edufam_admin, elimisha_admin: all
   * schools), director, principal, teacher, parent, finance (finance_officer) or hr. Counts are whole
   * numbers, dates ISO `YYYY-MM-DD` in Africa/Nairobi. Runs in the caller's row-level-security scope,
   * so school roles only ever see their own school. 401 without a session; 403 for a deactivated or
   * misconfigured account (access gate); 404 when a school role's school is not visible. A parent's is
   * kept in memory (lib/read-cache.ts).
   */
  r.get(
    '/api/dashboard',
    {
      config: { permission: 'signedIn' },
      schema: { tags: ['dashboard'], summary: "The caller's dashboard figures", response: { 200: dashboardSchema } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const load = () => withScope(database.db, scopeOf(request), (tx) => buildDashboard(tx, actor));
      // Issue 37 §1: a parent's dashboard is read by thousands at once on results day; kept per school day.
      if (actor.role === 'parent') return cachedRead(readCache, 'dashboard', reply, actor, load, schoolToday());
      // The platform overview counts every school's learners and staff: one answer for every platform admin,
      // dropped by any school's change to learners, streams, terms or accounts, and at most 15 s old (the
      // week's sign-ins are not watched).
      if (dashboardKindFor(actor.role) === 'platform') return cachedRead(readCache, 'dashboard', reply, { id: 'platform', schoolId: PLATFORM }, load, schoolToday(), PLATFORM_DASHBOARD_TTL_MS);
      return load();
    },
  );
}
