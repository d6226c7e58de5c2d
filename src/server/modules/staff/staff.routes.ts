import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';

/** Staff records (issue 14 §1). */
export async function staffRoutes(_app: FastifyInstance, _deps: ModuleDeps) {}
