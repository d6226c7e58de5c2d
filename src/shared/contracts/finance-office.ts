import { z } from 'zod';

const kes = z.number();

/**
 * GET /api/finance-office/summary (issue 15): the finance office at a glance for the finance officer's
 * dashboard and the leaders' finance view. Money in KES with two decimals; dates YYYY-MM-DD (Africa/Nairobi).
 */
export const financeOfficeSummaryResponse = z.object({
  term: z.object({ id: z.uuid(), name: z.string(), startsOn: z.string(), endsOn: z.string() }).nullable(),
  expenses: z.object({
    /** Paid and approved expenses dated in the term. */
    spentThisTerm: kes,
    pendingCount: z.number().int(),
    pendingAmount: kes,
    /** Categories whose term budget the term's expenses have passed. */
    overBudget: z.array(z.object({ category: z.string(), budget: kes, actual: kes })),
  }),
  pettyCash: z.object({ balance: kes, float: kes }),
  store: z.object({ items: z.number().int(), stockValue: kes, lowStock: z.array(z.object({ id: z.uuid(), name: z.string(), quantity: z.number().int(), reorderLevel: z.number().int(), unit: z.string() })) }),
  transport: z.object({
    routes: z.number().int(),
    learners: z.number().int(),
    /** Vehicle insurance or inspection and driver licences expired or expiring within 30 days. */
    alerts: z.array(z.object({ kind: z.enum(['insurance', 'inspection', 'licence']), subject: z.string(), expiresOn: z.string(), expired: z.boolean() })),
  }),
});
export type FinanceOfficeSummary = z.infer<typeof financeOfficeSummaryResponse>;
