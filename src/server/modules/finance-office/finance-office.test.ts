import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemoApp, system, type TestApp } from '../../../../tests/helpers.js';
import type { FinanceOfficeSummary } from '../../../shared/contracts/finance-office.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { expenseCategories, expenses, inventoryItems, terms, transportVehicles } from '../../db/schema/index.js';

/**
 * The finance office at a glance (issue 15): GET /api/finance-office/summary adds up the term's paid and
 * approved expenses, lists items at or below their reorder level and vehicles whose papers expire within
 * 30 days, for the finance officer and the school's leaders only. Runs on PGlite and on PostgreSQL.
 */

let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  ({ t, greenhill } = await openDemoApp(cookie, ['finance', 'principal', 'director', 'teacher', 'parent', 'hr', 'rsFinance']));
});
afterAll(async () => {
  await t?.close();
});

const summary = async (who: string): Promise<FinanceOfficeSummary> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/finance-office/summary', headers: { cookie: cookie[who]! } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/finance-office/summary', () => {
  it('401 without a session; 403 for teachers, parents and HR; the finance officer, principal and director read it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/finance-office/summary' })).statusCode).toBe(401);
    for (const who of ['teacher', 'parent', 'hr']) expect((await t.app.inject({ method: 'GET', url: '/api/finance-office/summary', headers: { cookie: cookie[who]! } })).statusCode, who).toBe(403);
    for (const who of ['finance', 'principal', 'director']) await summary(who);
  });

  it("counts a paid expense in this term's spending, a pending one as waiting, and neither in the other school's", async () => {
    const before = await summary('finance');
    const otherBefore = await summary('rsFinance');
    await system(t.database, async (tx) => {
      const [category] = await tx.insert(expenseCategories).values({ schoolId: greenhill, name: 'Summary test category' }).returning();
      const [term] = await tx.select().from(terms).where(and(eq(terms.schoolId, greenhill), eq(terms.isCurrent, true)));
      const base = { schoolId: greenhill, spentOn: term!.startsOn, termId: term!.id, categoryId: category!.id, payee: 'Kamau Hardware', description: 'Padlocks', method: 'cash' };
      await tx.insert(expenses).values([
        { ...base, number: 'EXP-T-1', amountCents: 1_234_500, status: 'paid' },
        { ...base, number: 'EXP-T-2', amountCents: 9_900_000, status: 'pending' },
      ]);
    });
    const after = await summary('finance');
    expect(Math.round((after.expenses.spentThisTerm - before.expenses.spentThisTerm) * 100)).toBe(1_234_500);
    expect(after.expenses.pendingCount - before.expenses.pendingCount).toBe(1);
    expect(Math.round((after.expenses.pendingAmount - before.expenses.pendingAmount) * 100)).toBe(9_900_000);
    expect(await summary('rsFinance')).toEqual(otherBefore);
  });

  it('lists an item at its reorder level and a vehicle whose insurance expires within 30 days', async () => {
    const today = schoolToday();
    await system(t.database, async (tx) => {
      await tx.insert(inventoryItems).values({ schoolId: greenhill, code: 'SUM-CHALK', name: 'Summary chalk', category: 'Stationery', unit: 'box', reorderLevel: 5, quantityOnHand: 5, averageCostCents: 25_000 });
      await tx.insert(transportVehicles).values({ schoolId: greenhill, registration: 'KZZ 999Z', capacity: 33, insuranceExpiresOn: addDays(today, 12), inspectionExpiresOn: addDays(today, 200) });
    });
    const d = await summary('finance');
    expect(d.store.lowStock.map((i) => i.name)).toContain('Summary chalk');
    expect(d.transport.alerts).toContainEqual({ kind: 'insurance', subject: 'KZZ 999Z', expiresOn: addDays(today, 12), expired: false });
    expect(d.transport.alerts.some((a) => a.subject === 'KZZ 999Z' && a.kind === 'inspection')).toBe(false);
  });
});
