import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { learnerFiguresQuery, learnerFiguresSchema } from '../../../shared/contracts/learner-figures.js';
import type { Database } from '../../db/client.js';
import { actorOf } from '../../plugins/access.js';
import { learnerFigures } from './learner-figures.js';

/**
 * GET /api/students/figures?schoolId= → { asOf, term, active: { total, female, male, boarding, day },
 * levels: [...same per level], streams: [{ classId, name, levelId, total }], admittedThisTerm,
 * pendingTransferRequests }. viewLearners; the figures cover only the learners the caller may see (a
 * teacher's streams, a parent's children). schoolId is for platform staff (school roles always get
 * their own school). 400 for a malformed schoolId.
 */
export async function learnerFiguresRoutes(app: FastifyInstance, deps: { database: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/students/figures',
    { config: { permission: 'viewLearners' }, schema: { querystring: learnerFiguresQuery, response: { 200: learnerFiguresSchema }, tags: ['students'] } },
    async (request) => learnerFigures(deps.database, actorOf(request), request.query),
  );
}
