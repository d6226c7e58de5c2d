import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { capitationRoutes } from './capitation.routes.js';

/** Vote heads, payment allocations, the vote-head cash book and capitation (issue 35 §3). */
export async function voteHeadsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  await capitationRoutes(app, deps);
}
