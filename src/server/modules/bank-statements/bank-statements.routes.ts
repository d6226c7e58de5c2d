import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../lib/module-deps.js';

/** Bank statement import (issue 35 §4). */
export async function bankStatementsRoutes(_app: FastifyInstance, _deps: ModuleDeps) {}
