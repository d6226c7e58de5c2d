import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../lib/module-deps.js';

/** Vote heads, payment allocations, the vote-head cash book and capitation (issue 35 §3). */
export async function voteHeadsRoutes(_app: FastifyInstance, _deps: ModuleDeps) {}
