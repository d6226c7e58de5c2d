import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';

/** Learner movements (issue 10 §2): promotion, transfers, exits and readmission. */
export async function movementsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  void app;
  void deps;
}
