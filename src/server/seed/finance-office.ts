import type { Tx } from '../db/tenant.js';
import { seedExpenses } from './expenses.js';
import { seedTransport } from './transport.js';
import { seedInventory } from './inventory.js';
import type { FinanceOfficeSeedPlan } from './finance-office-plan.js';

/**
 * The finance office's demo data (issue 15 "Demo data"), for both schools: a term of expenses across
 * categories with budgets and petty cash; two bus routes with learners (the demo parent's first child
 * among them); a store with uniforms and stationery and its movements.
 */
export async function seedFinanceOffice(tx: Tx, plan: FinanceOfficeSeedPlan, seed: number): Promise<void> {
  await seedExpenses(tx, plan, seed + 1);
  await seedTransport(tx, plan, seed + 2);
  await seedInventory(tx, plan, seed + 3);
}
