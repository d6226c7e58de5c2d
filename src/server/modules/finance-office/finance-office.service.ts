import { and, asc, count, eq, gte, inArray, isNotNull, lte, or, sql, sum } from 'drizzle-orm';
import type { Actor } from '../../../shared/access.js';
import type { FinanceOfficeSummary } from '../../../shared/contracts/finance-office.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { centsToKes } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
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
import { termOn } from '../fees/index.js';
import { inSchool } from '../../lib/school-context.js';

/** Defaults of finance_office_settings when the school has no row yet (schema defaults). */
const DEFAULT_FLOAT_CENTS = 2_000_000;
/** Issue 15 §4: alerts 30 days before a vehicle's insurance or inspection (and a driver's licence) expires. */
const ALERT_DAYS = 30;

/**
 * GET /api/finance-office/summary: the term's spending (paid and approved expenses dated in the term),
 * expenses waiting for approval, petty-cash balance against the float, the store's value at weighted
 * average cost with items at or below their reorder level, learners on bus routes, and vehicle and
 * driver papers expired or expiring within 30 days. Read-only, one RLS-scoped transaction; the caller's
 * school (viewExpenses: finance officer, principal, director).
 */
export async function financeOfficeSummary(database: Database, actor: Actor): Promise<FinanceOfficeSummary> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const today = schoolToday();
    const term = await termOn(tx, schoolId, today);
    const soon = addDays(today, ALERT_DAYS);

    const spent = term
      ? await tx
          .select({ category: expenseCategories.name, categoryId: expenses.categoryId, total: sum(expenses.amountCents).mapWith(Number) })
          .from(expenses)
          .innerJoin(expenseCategories, eq(expenseCategories.id, expenses.categoryId))
          .where(and(eq(expenses.schoolId, schoolId), inArray(expenses.status, ['paid', 'approved']), gte(expenses.spentOn, term.startsOn), lte(expenses.spentOn, term.endsOn)))
          .groupBy(expenseCategories.name, expenses.categoryId)
      : [];
    const termBudgets = term ? await tx.select().from(budgets).where(and(eq(budgets.schoolId, schoolId), eq(budgets.termId, term.id))) : [];
    const overBudget = spent.flatMap((s) => {
      const b = termBudgets.find((x) => x.categoryId === s.categoryId);
      return b && s.total > b.amountCents ? [{ category: s.category, budget: centsToKes(b.amountCents), actual: centsToKes(s.total) }] : [];
    });
    const [pending] = await tx
      .select({ n: count(), total: sum(expenses.amountCents).mapWith(Number) })
      .from(expenses)
      .where(and(eq(expenses.schoolId, schoolId), eq(expenses.status, 'pending')));
    const [petty] = await tx.select({ total: sum(pettyCashEntries.amountCents).mapWith(Number) }).from(pettyCashEntries).where(eq(pettyCashEntries.schoolId, schoolId));
    const [settings] = await tx.select().from(financeOfficeSettings).where(eq(financeOfficeSettings.schoolId, schoolId));

    const [store] = await tx
      .select({ n: count(), value: sql<number>`coalesce(sum(${inventoryItems.quantityOnHand}::bigint * ${inventoryItems.averageCostCents}), 0)`.mapWith(Number) })
      .from(inventoryItems)
      .where(and(eq(inventoryItems.schoolId, schoolId), eq(inventoryItems.active, true)));
    const low = await tx
      .select({ id: inventoryItems.id, name: inventoryItems.name, quantity: inventoryItems.quantityOnHand, reorderLevel: inventoryItems.reorderLevel, unit: inventoryItems.unit })
      .from(inventoryItems)
      .where(and(eq(inventoryItems.schoolId, schoolId), eq(inventoryItems.active, true), sql`${inventoryItems.quantityOnHand} <= ${inventoryItems.reorderLevel}`))
      .orderBy(asc(sql`${inventoryItems.quantityOnHand}::float / greatest(${inventoryItems.reorderLevel}, 1)`), asc(inventoryItems.name))
      .limit(8);

    const [routes] = await tx.select({ n: count() }).from(transportRoutes).where(and(eq(transportRoutes.schoolId, schoolId), eq(transportRoutes.active, true)));
    const [riders] = await tx.select({ n: count() }).from(transportAssignments).where(and(eq(transportAssignments.schoolId, schoolId), eq(transportAssignments.status, 'active')));
    const vehicles = await tx
      .select()
      .from(transportVehicles)
      .where(
        and(
          eq(transportVehicles.schoolId, schoolId),
          eq(transportVehicles.active, true),
          or(and(isNotNull(transportVehicles.insuranceExpiresOn), lte(transportVehicles.insuranceExpiresOn, soon)), and(isNotNull(transportVehicles.inspectionExpiresOn), lte(transportVehicles.inspectionExpiresOn, soon))),
        ),
      );
    const drivers = await tx
      .select()
      .from(transportDrivers)
      .where(and(eq(transportDrivers.schoolId, schoolId), eq(transportDrivers.active, true), isNotNull(transportDrivers.licenceExpiresOn), lte(transportDrivers.licenceExpiresOn, soon)));
    const alerts: FinanceOfficeSummary['transport']['alerts'] = [];
    for (const v of vehicles) {
      if (v.insuranceExpiresOn && v.insuranceExpiresOn <= soon) alerts.push({ kind: 'insurance', subject: v.registration, expiresOn: v.insuranceExpiresOn, expired: v.insuranceExpiresOn < today });
      if (v.inspectionExpiresOn && v.inspectionExpiresOn <= soon) alerts.push({ kind: 'inspection', subject: v.registration, expiresOn: v.inspectionExpiresOn, expired: v.inspectionExpiresOn < today });
    }
    for (const d of drivers) alerts.push({ kind: 'licence', subject: d.name, expiresOn: d.licenceExpiresOn!, expired: d.licenceExpiresOn! < today });
    alerts.sort((a, b) => a.expiresOn.localeCompare(b.expiresOn));

    return {
      term: term ? { id: term.id, name: term.name, startsOn: term.startsOn, endsOn: term.endsOn } : null,
      expenses: {
        spentThisTerm: centsToKes(spent.reduce((s, x) => s + x.total, 0)),
        pendingCount: Number(pending?.n ?? 0),
        pendingAmount: centsToKes(pending?.total ?? 0),
        overBudget,
      },
      pettyCash: { balance: centsToKes(petty?.total ?? 0), float: centsToKes(settings?.pettyCashFloatCents ?? DEFAULT_FLOAT_CENTS) },
      store: { items: Number(store?.n ?? 0), stockValue: centsToKes(store?.value ?? 0), lowStock: low },
      transport: { routes: Number(routes?.n ?? 0), learners: Number(riders?.n ?? 0), alerts },
    };
  });
}
