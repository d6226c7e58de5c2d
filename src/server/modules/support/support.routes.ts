import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';

/** Issue 17: school communication (stub; the module fills it in). */
export async function supportRoutes(_app: FastifyInstance, _deps: ModuleDeps) {}
