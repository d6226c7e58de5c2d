import { and, asc, count, eq, gte, inArray, isNotNull, lte, or, sql, sum } from 'drizzle-orm';
import {
  budgets,
  expenseCategories,
  expenses,
  financeOfficeSettings,
  inventoryItems,
  pettyCashEntries,
  transportAssignments,
  transportDrivers,
  transportRoutes,
  transportVehicles,
} from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/**
 * Read-only queries of the finance office summary: expenses, budgets, petty cash, the store and
 * transport of one school, inside the caller's school-scoped transaction (explicit school_id predicates
 * on top of row-level security). Amounts are KES cents.
 */

/** Paid and approved expenses spent `from`..`to` (inclusive) per category: name, id, total KES cents. Unordered. */
export async function spentByCategory(tx: Tx, schoolId: string, from: string, to: string) {
  return tx
    .select({ category: expenseCategories.name, categoryId: expenses.categoryId, total: sum(expenses.amountCents).mapWith(Number) })
    .from(expenses)
    .innerJoin(expenseCategories, eq(expenseCategories.id, expenses.categoryId))
    .where(and(eq(expenses.schoolId, schoolId), inArray(expenses.status, ['paid', 'approved']), gte(expenses.spentOn, from), lte(expenses.spentOn, to)))
    .groupBy(expenseCategories.name, expenses.categoryId);
}

/** The term's budget rows (one per category, amount in KES cents). */
export async function listTermBudgets(tx: Tx, schoolId: string, termId: string) {
  return tx.select().from(budgets).where(and(eq(budgets.schoolId, schoolId), eq(budgets.termId, termId)));
}

/** Expenses waiting for approval: how many, and their total in KES cents (null when none). */
export async function pendingExpenseTotals(tx: Tx, schoolId: string) {
  const [pending] = await tx
    .select({ n: count(), total: sum(expenses.amountCents).mapWith(Number) })
    .from(expenses)
    .where(and(eq(expenses.schoolId, schoolId), eq(expenses.status, 'pending')));
  return pending;
}

/** The petty-cash balance: the sum of every entry, KES cents (null when none). */
export async function pettyCashBalance(tx: Tx, schoolId: string) {
  const [petty] = await tx.select({ total: sum(pettyCashEntries.amountCents).mapWith(Number) }).from(pettyCashEntries).where(eq(pettyCashEntries.schoolId, schoolId));
  return petty;
}

/** The school's finance_office_settings row, or undefined when it has none yet. */
export async function findFinanceOfficeSettings(tx: Tx, schoolId: string) {
  const [settings] = await tx.select().from(financeOfficeSettings).where(eq(financeOfficeSettings.schoolId, schoolId));
  return settings;
}

/** Active store items: how many, and their value at weighted average cost in KES cents. */
export async function storeTotals(tx: Tx, schoolId: string) {
  const [store] = await tx
    .select({ n: count(), value: sql<number>`coalesce(sum(${inventoryItems.quantityOnHand}::bigint * ${inventoryItems.averageCostCents}), 0)`.mapWith(Number) })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.schoolId, schoolId), eq(inventoryItems.active, true)));
  return store;
}

/** Up to `limit` active items at or below their reorder level, lowest stock relative to it first, then by name. */
export async function listLowStock(tx: Tx, schoolId: string, limit: number) {
  return tx
    .select({ id: inventoryItems.id, name: inventoryItems.name, quantity: inventoryItems.quantityOnHand, reorderLevel: inventoryItems.reorderLevel, unit: inventoryItems.unit })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.schoolId, schoolId), eq(inventoryItems.active, true), sql`${inventoryItems.quantityOnHand} <= ${inventoryItems.reorderLevel}`))
    .orderBy(asc(sql`${inventoryItems.quantityOnHand}::float / greatest(${inventoryItems.reorderLevel}, 1)`), asc(inventoryItems.name))
    .limit(limit);
}

/** How many active bus routes the school has. */
export async function countActiveRoutes(tx: Tx, schoolId: string): Promise<number> {
  const [routes] = await tx.select({ n: count() }).from(transportRoutes).where(and(eq(transportRoutes.schoolId, schoolId), eq(transportRoutes.active, true)));
  return Number(routes?.n ?? 0);
}

/** How many active learner route assignments the school has. */
export async function countActiveRiders(tx: Tx, schoolId: string): Promise<number> {
  const [riders] = await tx.select({ n: count() }).from(transportAssignments).where(and(eq(transportAssignments.schoolId, schoolId), eq(transportAssignments.status, 'active')));
  return Number(riders?.n ?? 0);
}

/** Active vehicles whose insurance or inspection expires on or before `soon` (YYYY-MM-DD); unordered. */
export async function listVehiclesExpiringBy(tx: Tx, schoolId: string, soon: string) {
  return tx
    .select()
    .from(transportVehicles)
    .where(
      and(
        eq(transportVehicles.schoolId, schoolId),
        eq(transportVehicles.active, true),
        or(and(isNotNull(transportVehicles.insuranceExpiresOn), lte(transportVehicles.insuranceExpiresOn, soon)), and(isNotNull(transportVehicles.inspectionExpiresOn), lte(transportVehicles.inspectionExpiresOn, soon))),
      ),
    );
}

/** Active drivers whose licence expires on or before `soon` (YYYY-MM-DD); unordered. */
export async function listDriversExpiringBy(tx: Tx, schoolId: string, soon: string) {
  return tx
    .select()
    .from(transportDrivers)
    .where(and(eq(transportDrivers.schoolId, schoolId), eq(transportDrivers.active, true), isNotNull(transportDrivers.licenceExpiresOn), lte(transportDrivers.licenceExpiresOn, soon)));
}
