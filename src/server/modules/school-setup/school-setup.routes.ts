import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';

/** School setup (issue 10 §1): profile, years and terms, levels and streams, learning areas, teacher assignments, departments. */
export async function schoolSetupRoutes(app: FastifyInstance, deps: ModuleDeps) {
  void app;
  void deps;
}
