import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';

/** Timetable routes (issue 16); filled in by the module's work. */
export async function timetableSetupRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  void app;
  void deps;
}
