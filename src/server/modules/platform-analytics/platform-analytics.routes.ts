import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';

/** Platform analytics, school health and system reports (issue 18 §3). Stub: built by issue 18 work. */
export async function platformAnalyticsRoutes(_app: FastifyInstance, _deps: ModuleDeps): Promise<void> {}
