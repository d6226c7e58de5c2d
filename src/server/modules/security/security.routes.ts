import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';

/** Two-factor, active sessions, security log and settings (issue 18 §2). Stub: built by issue 18 work. */
export async function securityRoutes(_app: FastifyInstance, _deps: ModuleDeps): Promise<void> {}
