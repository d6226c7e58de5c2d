import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listClassesQuery, listClassesResponse } from '../../../shared/contracts/classes.js';
import type { Database } from '../../db/client.js';
import { actorOf } from '../../plugins/access.js';
import { listClasses } from './classes.service.js';

/**
 * Streams (issue 10 §4 Public API). GET /api/classes?yearId=&levelId= → [{ id, name, level, stream,
 * classTeacherId, learnerCount, capacity, ...extras }]: the current year's streams by default. Any
 * signed-in user: parents get their children's classes only; others their school (platform staff any
 * school with schoolId). Writes live with school setup (modules/school-setup).
 */
export async function classesRoutes(app: FastifyInstance, database: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/classes',
    { config: { permission: 'signedIn' }, schema: { querystring: listClassesQuery, response: { 200: listClassesResponse }, tags: ['classes'] } },
    async (request) => listClasses(database, actorOf(request), request.query),
  );
}
