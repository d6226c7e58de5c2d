import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';

/** The platform team's project hub and onboarding checklists (issue 18 §4). Stub: built by issue 18 work. */
export async function projectHubRoutes(_app: FastifyInstance, _deps: ModuleDeps): Promise<void> {}
