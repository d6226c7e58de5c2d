import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';

/** System settings: new-school defaults, feature flags, providers (issue 18 §4). Stub: built by issue 18 work. */
export async function systemSettingsRoutes(_app: FastifyInstance, _deps: ModuleDeps): Promise<void> {}
