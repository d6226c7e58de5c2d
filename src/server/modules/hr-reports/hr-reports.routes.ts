import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';

/** HR reports, analytics and dashboard (issue 14 §4). */
export async function hrReportsRoutes(_app: FastifyInstance, _deps: ModuleDeps) {}
