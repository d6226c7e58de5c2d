import type { Actor } from '../../../shared/access.js';
import type { FinanceOfficeSummary } from '../../../shared/contracts/finance-office.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { centsToKes } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
import { termOn } from '../fees/index.js';
import { inSchool } from '../../lib/school-context.js';
import * as repo from './finance-office.repository.js';

/** Defaults of finance_office_settings when the school has no row yet (schema defaults). */
const DEFAULT_FLOAT_CENTS = 2_000_000;
/** Active items at or below their reorder level shown on the summary. */
const LOW_STOCK_SHOWN = 8;
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

    const spent = term ? await repo.spentByCategory(tx, schoolId, term.startsOn, term.endsOn) : [];
    const termBudgets = term ? await repo.listTermBudgets(tx, schoolId, term.id) : [];
    const overBudget = spent.flatMap((s) => {
      const b = termBudgets.find((x) => x.categoryId === s.categoryId);
      return b && s.total > b.amountCents ? [{ category: s.category, budget: centsToKes(b.amountCents), actual: centsToKes(s.total) }] : [];
    });
    const pending = await repo.pendingExpenseTotals(tx, schoolId);
    const petty = await repo.pettyCashBalance(tx, schoolId);
    const settings = await repo.findFinanceOfficeSettings(tx, schoolId);

    const store = await repo.storeTotals(tx, schoolId);
    const low = await repo.listLowStock(tx, schoolId, LOW_STOCK_SHOWN);

    const routes = await repo.countActiveRoutes(tx, schoolId);
    const riders = await repo.countActiveRiders(tx, schoolId);
    const vehicles = await repo.listVehiclesExpiringBy(tx, schoolId, soon);
    const drivers = await repo.listDriversExpiringBy(tx, schoolId, soon);
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
      transport: { routes, learners: riders, alerts },
    };
  });
}
