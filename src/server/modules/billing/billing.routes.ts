import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';
import type { MpesaDeps } from '../mpesa/mpesa-deps.js';

export type BillingDeps = ModuleDeps & { mpesa: MpesaDeps };

/** Platform billing (issue 18 §1): plans, subscriptions, term invoices, payments. Stub: built by issue 18 work. */
export async function billingRoutes(_app: FastifyInstance, _deps: BillingDeps): Promise<void> {}
