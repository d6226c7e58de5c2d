import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';

/** Personal-data export and erasure (issue 18 §2, Kenya Data Protection Act 2019). Stub: built by issue 18 work. */
export async function dataProtectionRoutes(_app: FastifyInstance, _deps: ModuleDeps): Promise<void> {}
