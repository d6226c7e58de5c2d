import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canAccessSchool } from '../../../shared/access.js';
import { messages } from '../../../shared/messages.js';
import type { Database } from '../../db/client.js';
import { withScope } from '../../db/tenant.js';
import { notFound } from '../../errors.js';
import { actorOf, scopeOf } from '../../plugins/access.js';
import { findSchool, listSchools } from './schools.repository.js';

/** Read access to schools (spec §7 table call 3; management screens come with the schools issue). */
export async function schoolsRoutes(app: FastifyInstance, database: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * GET /api/schools → 200 {schools: School[]} ordered by name: every school for platform admins,
   * the caller's own school for school roles.
   */
  r.get('/api/schools', { config: { permission: 'signedIn' }, schema: { tags: ['schools'] } }, async (request) => {
    const schools = await withScope(database.db, scopeOf(request), (tx) => listSchools(tx));
    return { schools };
  });

  /**
   * GET /api/schools/:id → 200 {school}. 404 (not 403) for another school's id or an unknown id, so
   * the answer does not reveal whether the school exists. 400 for an id that is not a UUID.
   */
  r.get(
    '/api/schools/:id',
    {
      config: { permission: 'signedIn' },
      schema: { params: z.object({ id: z.uuid('Invalid school id') }), tags: ['schools'] },
    },
    async (request) => {
      const actor = actorOf(request);
      if (!canAccessSchool(actor, request.params.id)) throw notFound(messages.api.notFound);
      const school = await withScope(database.db, scopeOf(request), (tx) => findSchool(tx, request.params.id));
      if (!school) throw notFound(messages.api.notFound);
      return { school };
    },
  );
}
