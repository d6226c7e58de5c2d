import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';

/** Issue 15 routes of the financial-reports module (stub until the module lands). */
export async function financialReportsRoutes(_app: FastifyInstance, _deps: ModuleDeps) {}
