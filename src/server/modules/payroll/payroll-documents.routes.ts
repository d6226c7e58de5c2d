import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';

/** Payslips, My Payslips, bank files and statutory returns (issue 14 §3). */
export async function payrollDocumentsRoutes(_app: FastifyInstance, _deps: ModuleDeps) {}
