import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../lib/module-deps.js';

/** KNEC school-based assessment export (issue 35 §2). */
export async function knecRoutes(_app: FastifyInstance, _deps: ModuleDeps) {}
