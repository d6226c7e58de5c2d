import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { withScope } from '../../db/tenant.js';
import { actorOf, scopeOf } from '../../plugins/access.js';
import { buildDashboard } from './dashboard.service.js';

/** The signed-in user's dashboard figures (spec §2 dashboard section). */
export async function dashboardRoutes(app: FastifyInstance, database: Database) {
  /**
   * GET /api/dashboard → 200 {kind, ...figures} for the caller's role (see dashboard.service.ts for
   * the shapes). Scoped by row-level security to the caller's school (platform admins: all schools).
   */
  app.get('/api/dashboard', { config: { permission: 'signedIn' }, schema: { tags: ['dashboard'] } }, async (request) => {
    const actor = actorOf(request);
    return withScope(database.db, scopeOf(request), (tx) => buildDashboard(tx, actor));
  });
}
