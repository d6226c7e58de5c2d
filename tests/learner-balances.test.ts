import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { invoices, learnerBalances, studentBalances, studentBalancesComputed } from '../src/server/db/schema/index.js';
import { reconcileLearnerBalances } from '../src/server/modules/fees/learner-balances.service.js';
import type { MyChildrenFees, RecordPaymentResponse, StudentAccount } from '../src/shared/contracts/fees.js';
import { apiCaller, learnerInStream, openDemoApp, system, type TestApp } from './helpers.js';

/**
 * Issue 37 §1, "balances kept with each payment" (decision 0034): a learner's fee totals are stored in
 * learner_balances and changed by the statement that writes each invoice, adjustment and payment. What a
 * finance officer or parent reads must be what the sums of those rows say, after every kind of write,
 * with payments arriving at once, and the nightly reconciliation finds and mends a row that drifted.
 * Runs on PGlite and on PostgreSQL.
 */

let t: TestApp;
const cookie: Record<string, string> = {};
const { ok, req } = apiCaller(() => t.app, cookie);

beforeAll(async () => {
  ({ t } = await openDemoApp(cookie, ['finance', 'principal', 'parent'], { env: { READ_CACHE: 'off' } }));
});
afterAll(async () => t?.close());

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());

const learnerOf = (className: string, index: number) => learnerInStream((who, url) => ok(who, 'GET', url), className, index);

/** The learner's stored totals and the sums of their rows, in cents. */
async function storedAndSums(studentId: string) {
  const pick = { balance: studentBalances.balanceCents, paid: studentBalances.paidCents, lastPaidOn: studentBalances.lastPaidOn };
  const pickSums = { balance: studentBalancesComputed.balanceCents, paid: studentBalancesComputed.paidCents, lastPaidOn: studentBalancesComputed.lastPaidOn };
  return system(t.database, async (tx) => {
    const [stored] = await tx.select(pick).from(studentBalances).where(eq(studentBalances.studentId, studentId));
    const [sums] = await tx.select(pickSums).from(studentBalancesComputed).where(eq(studentBalancesComputed.studentId, studentId));
    return { stored: stored!, sums: sums! };
  });
}

async function expectStoredEqualsSums(studentId: string) {
  const { stored, sums } = await storedAndSums(studentId);
  expect(stored).toEqual(sums);
  return stored.balance;
}

const account = (studentId: string) => ok<StudentAccount>('finance', 'GET', `/api/students/${studentId}/account`);

describe('learner balances kept with each write', () => {
  it('the demo’s stored balances are the sums of its invoices, adjustments and payments, for every learner', async () => {
    const result = await reconcileLearnerBalances(t.database);
    expect(result.schools).toBeGreaterThanOrEqual(2);
    expect(result.drifted).toEqual([]);
    const stored = await system(t.database, (tx) => tx.select({ id: learnerBalances.studentId }).from(learnerBalances));
    expect(stored.length).toBeGreaterThan(500);
  });

  it('a payment, its reversal, a charge on an invoice, a cancelled invoice and a bursary each move the stored balance as the sums do', async () => {
    const learner = await learnerOf('Grade 5 East', 2);
    const start = await expectStoredEqualsSums(learner.id);

    const paid = await ok<RecordPaymentResponse>('finance', 'POST', '/api/fees/payments', { studentId: learner.id, amount: 4321.5, method: 'cash', paidOn: today() }, 201);
    expect(await expectStoredEqualsSums(learner.id)).toBe(start - 432_150);
    expect((await account(learner.id)).balance).toBeCloseTo((start - 432_150) / 100, 2);
    expect((await storedAndSums(learner.id)).stored.lastPaidOn).toBe(today());

    await ok('finance', 'POST', `/api/fees/payments/${paid.id}/reverse`, { reason: 'Counterfeit note' }, 201);
    expect(await expectStoredEqualsSums(learner.id)).toBe(start);

    const acc = await account(learner.id);
    const invoice = acc.invoices[0]!;
    // A charge raises the invoice's total in place (charges.repository.ts: transport, store sales).
    await system(t.database, (tx) => tx.update(invoices).set({ totalCents: sql`${invoices.totalCents} + 75000` }).where(eq(invoices.id, invoice.id)));
    expect(await expectStoredEqualsSums(learner.id)).toBe(start + 75_000);

    const bursary = await ok<{ status: string }>('finance', 'POST', '/api/fees/adjustments', { studentId: learner.id, invoiceId: invoice.id, kind: 'bursary', amount: 500, reason: 'CDF bursary' }, 201);
    expect(bursary.status).toBe('applied');
    expect(await expectStoredEqualsSums(learner.id)).toBe(start + 75_000 - 50_000);

    // An invoice without adjustments against it can be cancelled.
    const other = await learnerOf('Grade 5 East', 3);
    const before = await expectStoredEqualsSums(other.id);
    const [inv] = (await account(other.id)).invoices;
    await ok('finance', 'POST', `/api/fees/invoices/${inv!.id}/cancel`, { reason: 'Issued twice' });
    expect(await expectStoredEqualsSums(other.id)).toBe(before - Math.round(inv!.total * 100));
  });

  it('twelve payments for one learner at once are each counted once', async () => {
    const learner = await learnerOf('Grade 8 West', 4);
    const start = await expectStoredEqualsSums(learner.id);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => req('finance', 'POST', '/api/fees/payments', { studentId: learner.id, amount: 100 + i, method: 'cash', paidOn: today() })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const total = Array.from({ length: 12 }, (_, i) => (100 + i) * 100).reduce((a, b) => a + b, 0);
    expect(await expectStoredEqualsSums(learner.id)).toBe(start - total);
  });

  it('the parent’s fee page shows the stored balance', async () => {
    const mine = await ok<MyChildrenFees>('parent', 'GET', '/api/fees/my-children');
    for (const child of mine.children) {
      const cents = await expectStoredEqualsSums(child.studentId);
      expect(child.balance).toBeCloseTo(cents / 100, 2);
    }
  });

  it('the reconciliation finds stored rows that drifted or went missing, names both balances and sets them to the sums, once', async () => {
    const learner = await learnerOf('Grade 2 West', 1);
    const right = await expectStoredEqualsSums(learner.id);
    // A hand-made database change: 999 shillings too much paid.
    await system(t.database, (tx) => tx.update(learnerBalances).set({ paidCents: sql`${learnerBalances.paidCents} + 99900` }).where(eq(learnerBalances.studentId, learner.id)));
    expect((await account(learner.id)).balance).toBeCloseTo((right - 99_900) / 100, 2);

    // And a learner's row deleted by hand: they read as owing nothing.
    const lost = await learnerOf('Grade 2 West', 2);
    const lostRight = await expectStoredEqualsSums(lost.id);
    expect(lostRight).not.toBe(0);
    await system(t.database, (tx) => tx.delete(learnerBalances).where(eq(learnerBalances.studentId, lost.id)));
    expect((await account(lost.id)).balance).toBe(0);

    const warned: unknown[] = [];
    const first = await reconcileLearnerBalances(t.database, { warn: (obj: object) => void warned.push(obj) });
    expect(first.drifted).toHaveLength(2);
    expect(first.drifted).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ studentId: learner.id, storedBalanceCents: right - 99_900, computedBalanceCents: right }),
        expect.objectContaining({ studentId: lost.id, storedBalanceCents: 0, computedBalanceCents: lostRight }),
      ]),
    );
    expect(first.repaired).toBe(2);
    expect(warned).toHaveLength(2);
    expect((await account(learner.id)).balance).toBeCloseTo(right / 100, 2);
    expect((await account(lost.id)).balance).toBeCloseTo(lostRight / 100, 2);

    const second = await reconcileLearnerBalances(t.database);
    expect(second.drifted).toEqual([]);
    expect(second.repaired).toBe(0);
  });
});
