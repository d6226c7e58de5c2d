import { randomUUID } from 'node:crypto';
import { applyMovement } from '../../shared/inventory-valuation.js';
import { chargeLearner } from '../modules/fees/charges.service.js';
import { inventoryItems, inventoryMovements, suppliers } from '../db/schema/index.js';
import type { Tx } from '../db/tenant.js';
import type { FinanceOfficeSeedPlan } from './finance-office-plan.js';
import { createRandom } from './names.js';

/**
 * The store's demo data (issue 15 §5 "Demo data"), for both schools: suppliers; uniforms (sweater,
 * shirt, trousers, skirt, tie, games kit), stationery (exercise books, pens, reams of paper, chalk,
 * markers) and cleaning items, each with opening stock, purchases from suppliers, issues to departments
 * and a few uniform sales to learners (charged to their current invoice). The story is the store's last
 * twelve months (issue 34 "live on any day"): each day of the reference year at its latest date by today,
 * this year's once it has come, else last year's, after the opening stock-take on the first day of the
 * earliest school year it touches; so on any day the store has purchases and sales, and chalk ends below
 * its reorder level (the one low-stock alert). Balances and weighted average costs are computed by the
 * same rule the API uses. Bulk inserts: one per table.
 */

interface ItemDef {
  code: string;
  name: string;
  category: 'uniform' | 'stationery' | 'cleaning';
  unit: string;
  reorder: number;
  /** KES per unit charged to a learner. */
  sale?: number;
  supplier: number;
  opening: [qty: number, cost: number];
  purchases?: [day: string, qty: number, cost: number, ref: string][];
  issues?: [day: string, qty: number, department: string][];
  /** Index from the end of the learner list. */
  sales?: [day: string, qty: number, learnerFromEnd: number][];
}

const SUPPLIERS: Record<FinanceOfficeSeedPlan['code'], { name: string; contactName: string; phone: string; email: string; kraPin: string }[]> = {
  greenhill: [
    { name: 'Elimu Uniforms Ltd', contactName: 'Grace Wanjiru', phone: '254722410355', email: 'orders@elimuuniforms.co.ke', kraPin: 'P051234567K' },
    { name: 'Textbook Centre Kiserian', contactName: 'Peter Kamau', phone: '254711205678', email: 'sales@tbckiserian.co.ke', kraPin: 'P051876543M' },
    { name: 'Usafi Supplies', contactName: 'Halima Abdi', phone: '254733987120', email: 'usafi.supplies@gmail.com', kraPin: 'A004416331M' },
  ],
  riverside: [
    { name: 'Rift Outfitters', contactName: 'Jane Chebet', phone: '254724118902', email: 'jane@riftoutfitters.co.ke', kraPin: 'P052468013Q' },
    { name: 'Stationery World Nakuru', contactName: 'Samuel Otieno', phone: '254710334455', email: 'orders@stationeryworld.co.ke', kraPin: 'P051357924R' },
    { name: 'Clean Rift Distributors', contactName: 'Mary Njeri', phone: '254735662011', email: 'cleanrift@gmail.com', kraPin: 'A005521847P' },
  ],
};

const ITEMS: ItemDef[] = [
  { code: 'UNI-SWT', name: 'School sweater', category: 'uniform', unit: 'piece', reorder: 15, sale: 1500, supplier: 0, opening: [60, 1100], purchases: [['2026-04-20', 40, 1180, 'DN-2231']], sales: [['2026-09-02', 1, 2], ['2026-09-15', 2, 5]] },
  { code: 'UNI-SHT', name: 'School shirt', category: 'uniform', unit: 'piece', reorder: 20, sale: 650, supplier: 0, opening: [120, 420], purchases: [['2026-08-18', 60, 450, 'DN-2290']], sales: [['2026-09-02', 2, 2]] },
  { code: 'UNI-TRS', name: 'School trousers', category: 'uniform', unit: 'pair', reorder: 10, sale: 900, supplier: 0, opening: [45, 620], sales: [['2026-09-09', 1, 8]] },
  { code: 'UNI-SKT', name: 'School skirt', category: 'uniform', unit: 'piece', reorder: 10, sale: 850, supplier: 0, opening: [40, 580] },
  { code: 'UNI-TIE', name: 'School tie', category: 'uniform', unit: 'piece', reorder: 15, sale: 250, supplier: 0, opening: [80, 140], purchases: [['2026-04-20', 30, 150, 'DN-2231']] },
  { code: 'UNI-GMK', name: 'Games kit (T-shirt and shorts)', category: 'uniform', unit: 'set', reorder: 10, sale: 1200, supplier: 0, opening: [35, 820], issues: [['2026-05-12', 12, 'Games']] },
  { code: 'STA-EXB', name: 'Exercise book A4 96 pages', category: 'stationery', unit: 'piece', reorder: 200, supplier: 1, opening: [1200, 48], purchases: [['2026-04-24', 800, 52, 'INV-TB-7781'], ['2026-08-20', 600, 55, 'INV-TB-8120']], issues: [['2026-01-12', 450, 'Languages'], ['2026-05-04', 520, 'Sciences'], ['2026-08-31', 480, 'Mathematics']] },
  { code: 'STA-PEN', name: 'Ballpoint pens (box of 50)', category: 'stationery', unit: 'box', reorder: 5, supplier: 1, opening: [30, 650], issues: [['2026-01-15', 8, 'Administration'], ['2026-05-06', 7, 'Examinations']] },
  { code: 'STA-PPR', name: 'Photocopy paper A4 (ream)', category: 'stationery', unit: 'ream', reorder: 20, supplier: 1, opening: [80, 520], purchases: [['2026-06-01', 50, 560, 'INV-TB-7902']], issues: [['2026-02-02', 30, 'Examinations'], ['2026-06-15', 35, 'Examinations'], ['2026-09-07', 20, 'Administration']] },
  { code: 'STA-CHK', name: 'White chalk (box of 100)', category: 'stationery', unit: 'box', reorder: 20, supplier: 1, opening: [60, 180], issues: [['2026-01-08', 22, 'Teaching'], ['2026-05-04', 18, 'Teaching'], ['2026-09-01', 12, 'Teaching']] },
  { code: 'STA-MRK', name: 'Whiteboard markers (pack of 4)', category: 'stationery', unit: 'pack', reorder: 10, supplier: 1, opening: [50, 320], issues: [['2026-01-08', 14, 'Teaching'], ['2026-08-27', 12, 'Teaching']] },
  { code: 'CLN-DET', name: 'Liquid detergent 5 L', category: 'cleaning', unit: 'jerrican', reorder: 6, supplier: 2, opening: [24, 950], purchases: [['2026-08-20', 12, 990, 'US-4410']], issues: [['2026-02-10', 8, 'Boarding'], ['2026-06-08', 9, 'Kitchen']] },
  { code: 'CLN-BRM', name: 'Soft broom', category: 'cleaning', unit: 'piece', reorder: 5, supplier: 2, opening: [20, 280], issues: [['2026-01-19', 6, 'Boarding']] },
  { code: 'CLN-TPR', name: 'Toilet paper (pack of 10)', category: 'cleaning', unit: 'pack', reorder: 15, supplier: 2, opening: [60, 420], purchases: [['2026-05-02', 40, 440, 'US-4388']], issues: [['2026-02-10', 25, 'Boarding'], ['2026-06-08', 30, 'Boarding']] },
];

export async function seedInventory(tx: Tx, plan: FinanceOfficeSeedPlan, seed: number): Promise<void> {
  const rnd = createRandom(seed);
  const sups = await tx
    .insert(suppliers)
    .values(SUPPLIERS[plan.code].map((s) => ({ ...s, schoolId: plan.schoolId, notes: null })))
    .returning({ id: suppliers.id });
  // Riverside's prices differ a little (a few percent either way).
  const factor = plan.code === 'greenhill' ? 1 : 1 + (rnd.int(-4, 6) / 100);
  const cents = (kes: number) => Math.round(kes * factor) * 100;

  const itemRows: (typeof inventoryItems.$inferInsert)[] = [];
  const movementRows: (typeof inventoryMovements.$inferInsert)[] = [];
  const sales: { movementId: string; studentId: string; description: string; amountCents: number }[] = [];
  // A reference day at its latest date by today: this year's, or last year's when this year's is still to come.
  const { cal } = plan;
  const latest = (day: string) => (cal.ref(day) <= cal.today ? cal.ref(day) : cal.ref(`${Number(day.slice(0, 4)) - 1}${day.slice(4)}`));
  const referenceDays = ITEMS.flatMap((d) => [...(d.purchases ?? []), ...(d.issues ?? []), ...(d.sales ?? [])].map((x) => x[0]));
  const openingTerms = referenceDays.some((day) => latest(day) < cal.terms[0]!.startsOn) ? cal.historyTerms : cal.terms;
  const opening = { day: openingTerms[0]!.startsOn, reference: `Opening stock ${openingTerms[0]!.year}` };
  for (const def of ITEMS) {
    const itemId = randomUUID();
    const supplierId = sups[def.supplier]!.id;
    type Ev = { day: string; delta: number; cost: number | null; type: string; department?: string; studentId?: string; price?: number; reference?: string };
    const all: Ev[] = [
      { day: opening.day, delta: def.opening[0], cost: cents(def.opening[1]), type: 'opening', reference: opening.reference },
      ...(def.purchases ?? []).map(([day, qty, cost, reference]) => ({ day: latest(day), delta: qty, cost: cents(cost), type: 'stock_in', reference })),
      ...(def.issues ?? []).map(([day, qty, department]) => ({ day: latest(day), delta: -qty, cost: null, type: 'issue', department })),
      ...(def.sales ?? []).map(([day, qty, fromEnd]) => ({ day: latest(day), delta: -qty, cost: null, type: 'sale', studentId: plan.learners[plan.learners.length - 1 - fromEnd]?.id, price: cents(def.sale!) })),
    ];
    // Movements of the reference year mapped into the last twelve months (demo-calendar.ts); none after today.
    const events = all
      .filter((e) => (e.type !== 'sale' || e.studentId) && e.day <= cal.today)
      .sort((a, b) => a.day.localeCompare(b.day) || (a.type === 'opening' ? -1 : b.type === 'opening' ? 1 : 0));
    let state = { quantity: 0, averageCostCents: 0 };
    for (const [i, e] of events.entries()) {
      const next = applyMovement(state, e.delta, e.cost);
      if (!next.ok) throw new Error(`inventory seed: ${def.code} goes below zero`);
      state = { quantity: next.quantity, averageCostCents: next.averageCostCents };
      const id = randomUUID();
      movementRows.push({
        id,
        schoolId: plan.schoolId,
        itemId,
        type: e.type,
        quantity: e.delta,
        unitCostCents: next.unitCostCents,
        unitPriceCents: e.price ?? null,
        supplierId: e.type === 'opening' || e.type === 'stock_in' ? supplierId : null,
        department: e.department ?? null,
        studentId: e.studentId ?? null,
        reference: e.reference ?? null,
        movedOn: e.day,
        balanceAfter: next.quantity,
        averageCostAfterCents: next.averageCostCents,
        createdBy: plan.financeOfficerId,
        // Same-day movements keep their order in the history.
        createdAt: new Date(`${e.day}T07:${String(10 + i).padStart(2, '0')}:00Z`),
      });
      if (e.type === 'sale') sales.push({ movementId: id, studentId: e.studentId!, description: `${def.name} × ${-e.delta}`, amountCents: -e.delta * e.price! });
    }
    itemRows.push({
      id: itemId,
      schoolId: plan.schoolId,
      code: def.code,
      name: def.name,
      category: def.category,
      unit: def.unit,
      reorderLevel: def.reorder,
      quantityOnHand: state.quantity,
      averageCostCents: state.averageCostCents,
      salePriceCents: def.sale ? cents(def.sale) : null,
      supplierId,
    });
  }
  await tx.insert(inventoryItems).values(itemRows);
  // Sales charge the learner's current-term invoice (a line, its total raised), as the API does.
  const caller = { actor: { id: plan.financeOfficerId, role: 'finance_officer' as const, schoolId: plan.schoolId }, schoolId: plan.schoolId, ip: '127.0.0.1' };
  for (const s of sales) {
    const res = await chargeLearner(tx, caller, { studentId: s.studentId, source: 'inventory_sale', sourceId: s.movementId, description: s.description, category: 'uniform', amountCents: s.amountCents, immediate: true });
    const row = movementRows.find((r) => r.id === s.movementId)!;
    row.invoiceId = res.invoiceId;
  }
  await tx.insert(inventoryMovements).values(movementRows);
}
