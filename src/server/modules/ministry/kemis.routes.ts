import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../lib/module-deps.js';

/** KEMIS learner data (issue 35 §1). */
export async function kemisRoutes(_app: FastifyInstance, _deps: ModuleDeps) {}
