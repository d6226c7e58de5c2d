import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';

/** EduFam's company details and platform staff (issue 18 §4). Stub: built by issue 18 work. */
export async function companyRoutes(_app: FastifyInstance, _deps: ModuleDeps): Promise<void> {}
