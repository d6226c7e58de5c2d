import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';

/** Import and export of learners (issue 10 §2), background tasks (§5). */
export async function learnerFilesRoutes(app: FastifyInstance, deps: ModuleDeps) {
  void app;
  void deps;
}
