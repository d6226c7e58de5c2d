import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';

/** Issue 15 routes of the expenses module (stub until the module lands). */
export async function expensesRoutes(_app: FastifyInstance, _deps: ModuleDeps) {}
