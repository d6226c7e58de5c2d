import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';

/** Issue 15 routes of the inventory module (stub until the module lands). */
export async function inventoryRoutes(_app: FastifyInstance, _deps: ModuleDeps) {}
