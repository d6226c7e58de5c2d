/**
 * Store valuation at weighted average cost (issue 15 §5). Pure rules shared by the inventory service
 * and its tests. Quantities are whole units; money is integer KES cents.
 *
 * - Stock coming in (opening stock, a purchase, a positive adjustment) moves the average:
 *   newAvg = (qty × avg + inQty × unitCost) / (qty + inQty), rounded to the cent.
 * - Stock going out (an issue, a sale, a negative adjustment) leaves at the current average, which it
 *   does not change. More than is held cannot go out.
 * - The value of an item is quantity × average cost; a category's value is the sum of its items'.
 */

export interface StockState {
  quantity: number;
  averageCostCents: number;
}

export type StockResult =
  | { ok: true; quantity: number; averageCostCents: number; unitCostCents: number }
  | { ok: false; available: number };

/**
 * The item after a movement of `delta` units (signed: + in, − out). `unitCostCents` is the cost of units
 * coming in (defaults to the current average, e.g. a found item in a stock take); ignored going out.
 */
export function applyMovement(state: StockState, delta: number, unitCostCents?: number | null): StockResult {
  if (!Number.isInteger(delta) || delta === 0) throw new RangeError('delta must be a non-zero whole number');
  if (delta < 0) {
    if (-delta > state.quantity) return { ok: false, available: state.quantity };
    return { ok: true, quantity: state.quantity + delta, averageCostCents: state.averageCostCents, unitCostCents: state.averageCostCents };
  }
  const cost = unitCostCents ?? state.averageCostCents;
  return { ok: true, quantity: state.quantity + delta, averageCostCents: weightedAverage(state, delta, cost), unitCostCents: cost };
}

/** (qty × avg + inQty × unitCost) / (qty + inQty), rounded to the cent (half up). */
export function weightedAverage(state: StockState, inQty: number, unitCostCents: number): number {
  const held = Math.max(0, state.quantity);
  const total = held + inQty;
  if (total <= 0) return state.averageCostCents;
  return Math.round((held * state.averageCostCents + inQty * unitCostCents) / total);
}

/** Value of a holding in cents. */
export function stockValueCents(state: StockState): number {
  return state.quantity * state.averageCostCents;
}

/** Is the item at or below its reorder level (items with no reorder level never are)? */
export function isLowStock(item: { quantity: number; reorderLevel: number }): boolean {
  return item.reorderLevel > 0 && item.quantity <= item.reorderLevel;
}
