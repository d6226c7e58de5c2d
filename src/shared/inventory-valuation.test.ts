import { describe, expect, it } from 'vitest';
import { applyMovement, isLowStock, stockValueCents, weightedAverage } from './inventory-valuation.js';

describe('weighted average cost', () => {
  it('averages purchases at different costs, rounded to the cent', () => {
    // 10 at 100.00, then 5 at 130.00 → (1000 + 650) / 15 = 110.00
    expect(weightedAverage({ quantity: 10, averageCostCents: 10_000 }, 5, 13_000)).toBe(11_000);
    // 3 at 1.00 then 4 at 2.00 → 11/7 = 1.571428… → 1.57
    expect(weightedAverage({ quantity: 3, averageCostCents: 100 }, 4, 200)).toBe(157);
    // Nothing held: the purchase cost.
    expect(weightedAverage({ quantity: 0, averageCostCents: 999 }, 4, 250)).toBe(250);
  });

  it('moves the average on stock in and keeps it on stock out, at that average', () => {
    const a = applyMovement({ quantity: 10, averageCostCents: 10_000 }, 5, 13_000);
    expect(a).toEqual({ ok: true, quantity: 15, averageCostCents: 11_000, unitCostCents: 13_000 });
    const b = applyMovement({ quantity: 15, averageCostCents: 11_000 }, -4);
    expect(b).toEqual({ ok: true, quantity: 11, averageCostCents: 11_000, unitCostCents: 11_000 });
    // A found item (positive adjustment without a cost) comes in at the average: no change.
    expect(applyMovement({ quantity: 11, averageCostCents: 11_000 }, 2)).toEqual({ ok: true, quantity: 13, averageCostCents: 11_000, unitCostCents: 11_000 });
  });

  it('refuses to take out more than is held, saying how many are there', () => {
    expect(applyMovement({ quantity: 12, averageCostCents: 500 }, -13)).toEqual({ ok: false, available: 12 });
    expect(applyMovement({ quantity: 12, averageCostCents: 500 }, -12)).toMatchObject({ ok: true, quantity: 0 });
    expect(() => applyMovement({ quantity: 1, averageCostCents: 1 }, 0)).toThrow(RangeError);
  });

  it('values stock at quantity × average and flags items at or below the reorder level', () => {
    expect(stockValueCents({ quantity: 7, averageCostCents: 1_234 })).toBe(8_638);
    expect(isLowStock({ quantity: 5, reorderLevel: 5 })).toBe(true);
    expect(isLowStock({ quantity: 6, reorderLevel: 5 })).toBe(false);
    expect(isLowStock({ quantity: 0, reorderLevel: 0 })).toBe(false);
  });
});
