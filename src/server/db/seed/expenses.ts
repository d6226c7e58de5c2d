import type { Tx } from '../tenant.js';
import type { FinanceOfficeSeedPlan } from './finance-office.js';

/** Expenses demo data (issue 15; stub until the module lands). */
export async function seedExpenses(_tx: Tx, _plan: FinanceOfficeSeedPlan, _seed: number): Promise<void> {}
