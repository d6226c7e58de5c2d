import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';

/** Leave (issue 14 §2). */
export async function leaveRoutes(_app: FastifyInstance, _deps: ModuleDeps) {}
