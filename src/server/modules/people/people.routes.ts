import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';

/** Teachers and classes (issue 10 §3): staff lists, class lists and ID cards as PDF, learner photos. */
export async function peopleRoutes(app: FastifyInstance, deps: ModuleDeps) {
  void app;
  void deps;
}
