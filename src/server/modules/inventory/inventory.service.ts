import type { Actor } from '../../../shared/access.js';
import {
  MOVEMENT_TYPES,
  type InventoryItem,
  type InventorySummary,
  type Movement,
  type MovementResult,
  type StockTakeResult,
  type Supplier,
  type Valuation,
  type itemInput,
  type itemPatch,
  type itemsQuery,
  type movementInput,
  type movementsQuery,
  type stockTakeInput,
  type supplierInput,
  type supplierPatch,
  type suppliersQuery,
} from '../../../shared/contracts/inventory.js';
import { schoolToday } from '../../../shared/dates.js';
import { applyMovement, isLowStock } from '../../../shared/inventory-valuation.js';
import { inventoryMessages } from '../../../shared/messages/inventory.js';
import { centsToKes } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { chargeLearner, termOn } from '../fees/index.js';
import type { z } from 'zod';
import { auditSchool, inSchool, type RequestCallerWithSchool, type SchoolCaller } from '../../lib/school-context.js';
import { paginate } from '../../lib/paging.js';
import * as repo from './inventory.repository.js';
import type { ItemRow, MovementRow, SupplierRow } from './inventory.repository.js';
import { perLocale } from '../../../shared/i18n/localized.js';

/**
 * The school store (issue 15 §5). Every stock change is a movement written in the same transaction as
 * the item's quantity_on_hand and weighted average cost (the item row is locked first, so two issues
 * at once cannot both take the last sweater). A sale to a learner charges their fee account through
 * chargeLearner (a line on the current-term invoice, or a pending charge for the next one). Every write
 * is audited (inventoryMessages.audit). Another school's item, supplier or learner is 404 (row-level
 * security hides it).
 */

const m = inventoryMessages.api;
const A = inventoryMessages.audit;

const fc = (c: RequestCallerWithSchool, schoolId: string): SchoolCaller => ({ actor: c.actor, schoolId, ip: c.ip });
/** The list queries' active=true|false|all as a filter (undefined: all). */
const activeFilter = (active: 'true' | 'false' | 'all') => (active === 'all' ? undefined : active === 'true');

// -------------------------------------------------------------------------------------------------
// Suppliers

const toSupplier = (s: SupplierRow, itemCount = 0): Supplier => ({
  id: s.id,
  name: s.name,
  contactName: s.contactName,
  phone: s.phone,
  email: s.email,
  kraPin: s.kraPin,
  notes: s.notes,
  active: s.active,
  itemCount,
});

export async function listSuppliers(database: Database, actor: Actor, q: z.infer<typeof suppliersQuery>): Promise<{ items: Supplier[] }> {
  return inSchool(database, actor, q.schoolId, async (tx, schoolId) => {
    const rows = await repo.listSuppliersWithItemCounts(tx, schoolId, { active: activeFilter(q.active), search: q.q });
    return { items: rows.map((r) => toSupplier(r.s, Number(r.items))) };
  });
}

async function supplierNameTaken(tx: Tx, schoolId: string, name: string, exceptId?: string) {
  if (await repo.findSupplierIdByName(tx, schoolId, name, exceptId)) throw new AppError(409, 'CONFLICT', m.supplierTaken(name), { fields: { name: m.supplierTaken(name) } });
}

export async function createSupplier(database: Database, c: RequestCallerWithSchool, input: z.infer<typeof supplierInput>): Promise<Supplier> {
  return inSchool(database, c.actor, c.schoolId, async (tx, schoolId) => {
    await supplierNameTaken(tx, schoolId, input.name);
    const row = await repo.insertSupplier(tx, { schoolId, name: input.name, contactName: input.contactName ?? null, phone: input.phone ?? null, email: input.email ?? null, kraPin: input.kraPin ?? null, notes: input.notes ?? null, active: input.active ?? true });
    await auditSchool(tx, fc(c, schoolId), A.supplierCreated, `supplier:${row.id}`, null, row);
    return toSupplier(row);
  });
}

export async function updateSupplier(database: Database, c: RequestCallerWithSchool, id: string, input: z.infer<typeof supplierPatch>): Promise<Supplier> {
  return inSchool(database, c.actor, c.schoolId, async (tx, schoolId) => {
    const prev = await repo.lockSupplier(tx, schoolId, id);
    if (!prev) throw notFound(m.supplierNotFound);
    if (input.name && input.name.toLowerCase() !== prev.name.toLowerCase()) await supplierNameTaken(tx, schoolId, input.name, id);
    const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    const row = Object.keys(patch).length ? await repo.updateSupplierRow(tx, id, patch) : prev;
    await auditSchool(tx, fc(c, schoolId), A.supplierUpdated, `supplier:${id}`, prev, row);
    const n = await repo.countItemsOfSupplier(tx, id);
    return toSupplier(row, n);
  });
}

async function assertSupplier(tx: Tx, schoolId: string, id: string | null | undefined, field = 'supplierId') {
  if (!id) return;
  if (!(await repo.supplierExists(tx, schoolId, id))) throw new AppError(404, 'NOT_FOUND', m.supplierNotFound, { fields: { [field]: m.supplierNotFound } });
}

// -------------------------------------------------------------------------------------------------
// Items

export function toItem({ i, supplierName }: ItemRow): InventoryItem {
  return {
    id: i.id,
    code: i.code,
    name: i.name,
    category: i.category,
    unit: i.unit,
    quantity: i.quantityOnHand,
    reorderLevel: i.reorderLevel,
    averageCost: centsToKes(i.averageCostCents),
    value: centsToKes(i.quantityOnHand * i.averageCostCents),
    salePrice: i.salePriceCents === null ? null : centsToKes(i.salePriceCents),
    supplierId: i.supplierId,
    supplierName,
    active: i.active,
    lowStock: isLowStock({ quantity: i.quantityOnHand, reorderLevel: i.reorderLevel }),
  };
}

async function itemById(tx: Tx, schoolId: string, id: string): Promise<InventoryItem> {
  const row = await repo.findItemWithSupplier(tx, schoolId, id);
  if (!row) throw notFound(m.itemNotFound);
  return toItem(row);
}

export async function listItems(database: Database, actor: Actor, q: z.infer<typeof itemsQuery>) {
  return inSchool(database, actor, q.schoolId, async (tx, schoolId) => {
    const filters = { active: activeFilter(q.active), search: q.q, category: q.category?.toLowerCase(), supplierId: q.supplierId, lowStock: q.lowStock };
    const page = await paginate(
      q,
      async (w) => (await repo.listItemsWithSupplier(tx, schoolId, filters, q.sort, w)).map(toItem),
      () => repo.countItems(tx, schoolId, filters),
    );
    const categories = await repo.listItemCategories(tx, schoolId);
    return { ...page, categories };
  });
}

async function codeTaken(tx: Tx, schoolId: string, code: string, exceptId?: string) {
  if (await repo.findItemIdByCode(tx, schoolId, code, exceptId)) throw new AppError(409, 'CONFLICT', m.codeTaken(code), { fields: { code: m.codeTaken(code) } });
}

export async function createItem(database: Database, c: RequestCallerWithSchool, input: z.infer<typeof itemInput>): Promise<InventoryItem> {
  return inSchool(database, c.actor, c.schoolId, async (tx, schoolId) => {
    await codeTaken(tx, schoolId, input.code);
    await assertSupplier(tx, schoolId, input.supplierId);
    const row = await repo.insertItem(tx, {
      schoolId,
      code: input.code,
      name: input.name,
      category: input.category,
      unit: input.unit,
      reorderLevel: input.reorderLevel,
      salePriceCents: input.salePrice ?? null,
      supplierId: input.supplierId ?? null,
      active: input.active ?? true,
    });
    await auditSchool(tx, fc(c, schoolId), A.itemCreated, `inventory_item:${row.id}`, null, row);
    return itemById(tx, schoolId, row.id);
  });
}

export async function updateItem(database: Database, c: RequestCallerWithSchool, id: string, input: z.infer<typeof itemPatch>): Promise<InventoryItem> {
  return inSchool(database, c.actor, c.schoolId, async (tx, schoolId) => {
    const prev = await repo.lockItem(tx, schoolId, id);
    if (!prev) throw notFound(m.itemNotFound);
    if (input.code && input.code.toLowerCase() !== prev.code.toLowerCase()) await codeTaken(tx, schoolId, input.code, id);
    await assertSupplier(tx, schoolId, input.supplierId);
    const patch: Parameters<typeof repo.updateItemRow>[2] = {};
    if (input.code !== undefined) patch.code = input.code;
    if (input.name !== undefined) patch.name = input.name;
    if (input.category !== undefined) patch.category = input.category;
    if (input.unit !== undefined) patch.unit = input.unit;
    if (input.reorderLevel !== undefined) patch.reorderLevel = input.reorderLevel;
    if (input.salePrice !== undefined) patch.salePriceCents = input.salePrice;
    if (input.supplierId !== undefined) patch.supplierId = input.supplierId;
    if (input.active !== undefined) patch.active = input.active;
    const row = await repo.updateItemRow(tx, id, patch);
    await auditSchool(tx, fc(c, schoolId), A.itemUpdated, `inventory_item:${id}`, prev, row);
    return itemById(tx, schoolId, id);
  });
}

// -------------------------------------------------------------------------------------------------
// Movements

function toMovement(r: MovementRow): Movement {
  const mv = r.mv;
  return {
    id: mv.id,
    itemId: mv.itemId,
    itemCode: r.itemCode,
    itemName: r.itemName,
    unit: r.unit,
    type: mv.type as Movement['type'],
    quantity: mv.quantity,
    unitCost: centsToKes(mv.unitCostCents),
    value: centsToKes(Math.abs(mv.quantity) * mv.unitCostCents),
    unitPrice: mv.unitPriceCents === null ? null : centsToKes(mv.unitPriceCents),
    supplierId: mv.supplierId,
    supplierName: r.supplierName,
    department: mv.department,
    studentId: mv.studentId,
    studentName: r.studentName,
    admissionNumber: r.admissionNumber,
    invoiceId: mv.invoiceId,
    invoiceNumber: r.invoiceNumber,
    stockTakeId: mv.stockTakeId,
    reason: mv.reason,
    reference: mv.reference,
    movedOn: mv.movedOn,
    balanceAfter: mv.balanceAfter,
    averageCostAfter: centsToKes(mv.averageCostAfterCents),
    createdBy: r.createdBy,
    createdAt: mv.createdAt.toISOString(),
  };
}

export async function listMovements(database: Database, actor: Actor, q: z.infer<typeof movementsQuery>, itemId?: string) {
  return inSchool(database, actor, q.schoolId, async (tx, schoolId) => {
    if (itemId) {
      if (!(await repo.itemExists(tx, schoolId, itemId))) throw notFound(m.itemNotFound);
    }
    const filters = { itemId: itemId ?? q.itemId, type: q.type, studentId: q.studentId, from: q.from, to: q.to, search: q.q };
    return paginate(
      q,
      async (w) => (await repo.listMovementsWithNames(tx, schoolId, filters, w)).map(toMovement),
      () => repo.countMovements(tx, schoolId, filters),
    );
  });
}

export interface MovementWrite {
  itemId: string;
  type: (typeof MOVEMENT_TYPES)[number];
  /** Positive for stock_in/opening/issue/sale; signed for adjustment. */
  quantity: number;
  unitCostCents?: number | null;
  unitPriceCents?: number | null;
  studentId?: string | null;
  supplierId?: string | null;
  department?: string | null;
  reason?: string | null;
  reference?: string | null;
  movedOn?: string;
  stockTakeId?: string | null;
}

const AUDIT_OF = perLocale((): Record<string, string> => ({ opening: A.stockIn, stock_in: A.stockIn, issue: A.stockIssued, sale: A.stockSold, adjustment: A.stockAdjusted }));

/**
 * Writes one movement inside the caller's transaction: checks the input (400 with fields), locks the
 * item, applies the weighted-average rule (409 INSUFFICIENT_STOCK when more goes out than is held),
 * updates the item, charges the learner for a sale, and audits. Nothing is written on any refusal
 * (the caller's transaction rolls back).
 */
export async function writeMovement(tx: Tx, c: SchoolCaller, w: MovementWrite, opts: { audit?: boolean } = {}): Promise<MovementResult> {
  const today = schoolToday();
  const movedOn = w.movedOn ?? today;
  if (movedOn > today) throw badRequest(m.dateInFuture, { movedOn: m.dateInFuture });
  if (w.type === 'adjustment') {
    if (!Number.isInteger(w.quantity) || w.quantity === 0) throw badRequest(m.adjustmentQuantityInvalid, { quantity: m.adjustmentQuantityInvalid });
    if (!w.reason) throw badRequest(m.reasonRequired, { reason: m.reasonRequired });
  } else if (!Number.isInteger(w.quantity) || w.quantity <= 0) {
    throw badRequest(m.quantityInvalid, { quantity: m.quantityInvalid });
  }
  if (w.type === 'stock_in' && (w.unitCostCents === undefined || w.unitCostCents === null)) throw badRequest(m.costNeeded, { unitCost: m.costNeeded });
  if (w.type === 'sale' && !w.studentId) throw badRequest(m.saleNeedsLearner, { studentId: m.saleNeedsLearner });
  if (w.type === 'issue' && !w.studentId && !w.department) throw badRequest(m.issueNeedsTarget, { department: m.issueNeedsTarget });

  const item = await repo.lockItem(tx, c.schoolId, w.itemId);
  if (!item) throw new AppError(404, 'NOT_FOUND', m.itemNotFound, { fields: { itemId: m.itemNotFound } });
  if (!item.active && w.type !== 'adjustment') throw badRequest(m.itemInactive, { itemId: m.itemInactive });
  if (w.studentId) {
    if (!(await repo.learnerExists(tx, c.schoolId, w.studentId))) throw new AppError(404, 'NOT_FOUND', m.learnerNotFound, { fields: { studentId: m.learnerNotFound } });
  }
  await assertSupplier(tx, c.schoolId, w.supplierId);

  let priceCents: number | null = null;
  if (w.type === 'sale') {
    priceCents = w.unitPriceCents ?? item.salePriceCents;
    if (priceCents === null || priceCents === undefined) throw badRequest(m.saleNeedsPrice, { unitPrice: m.saleNeedsPrice });
    if (priceCents <= 0) throw badRequest(m.salePriceZero, { unitPrice: m.salePriceZero });
  }

  const delta = w.type === 'issue' || w.type === 'sale' ? -w.quantity : w.quantity;
  const inCost = w.type === 'adjustment' ? null : (w.unitCostCents ?? null);
  const next = applyMovement({ quantity: item.quantityOnHand, averageCostCents: item.averageCostCents }, delta, inCost);
  if (!next.ok) {
    const msg = m.insufficient(next.available, item.unit, -delta);
    throw new AppError(409, 'INSUFFICIENT_STOCK', msg, { fields: { quantity: msg } });
  }

  await repo.setItemStock(tx, item.id, next.quantity, next.averageCostCents);
  const mv = await repo.insertMovement(tx, {
    schoolId: c.schoolId,
    itemId: item.id,
    type: w.type,
    quantity: delta,
    unitCostCents: next.unitCostCents,
    unitPriceCents: priceCents,
    supplierId: w.supplierId ?? (w.type === 'stock_in' ? item.supplierId : null),
    department: w.department ?? null,
    studentId: w.studentId ?? null,
    stockTakeId: w.stockTakeId ?? null,
    reason: w.reason ?? null,
    reference: w.reference ?? null,
    movedOn,
    balanceAfter: next.quantity,
    averageCostAfterCents: next.averageCostCents,
    createdBy: c.actor.id,
  });

  let charge: MovementResult['charge'] = null;
  if (w.type === 'sale' && w.studentId && priceCents) {
    const amountCents = w.quantity * priceCents;
    const res = await chargeLearner(tx, c, {
      studentId: w.studentId,
      source: 'inventory_sale',
      sourceId: mv.id,
      description: `${item.name} × ${w.quantity}`,
      category: item.category === 'uniform' ? 'uniform' : item.category,
      amountCents,
      immediate: true,
    });
    if (res.invoiceId) await repo.setMovementInvoice(tx, mv.id, res.invoiceId);
    charge = { status: res.status, invoiceId: res.invoiceId, invoiceNumber: res.invoiceNumber, amount: centsToKes(amountCents) };
  }
  if (opts.audit !== false) {
    await auditSchool(tx, c, AUDIT_OF[w.type]!, `inventory_item:${item.id}`, { quantity: item.quantityOnHand, averageCostCents: item.averageCostCents }, { quantity: next.quantity, averageCostCents: next.averageCostCents, movementId: mv.id }, {
      type: w.type,
      delta,
      unitCostCents: next.unitCostCents,
      unitPriceCents: priceCents,
      studentId: w.studentId ?? null,
      department: w.department ?? null,
      reason: w.reason ?? null,
      invoiceId: charge?.invoiceId ?? null,
    });
  }
  const row = await repo.findMovementWithNames(tx, mv.id);
  return { movement: toMovement(row!), item: await itemById(tx, c.schoolId, item.id), charge };
}

/** POST /api/inventory/movements body (parsed) → a movement write. */
export function movementWriteOf(input: z.infer<typeof movementInput>): MovementWrite {
  if (input.type === 'opening') throw badRequest(m.openingOnlyByImport, { type: m.openingOnlyByImport });
  return {
    itemId: input.itemId,
    type: input.type,
    quantity: input.quantity,
    unitCostCents: input.unitCost ?? null,
    unitPriceCents: input.unitPrice ?? null,
    studentId: input.studentId ?? null,
    supplierId: input.supplierId ?? null,
    department: input.department ?? null,
    reason: input.reason ?? null,
    reference: input.reference ?? null,
    movedOn: input.movedOn,
  };
}

// -------------------------------------------------------------------------------------------------
// Stock take

export async function recordStockTake(tx: Tx, c: SchoolCaller, input: z.infer<typeof stockTakeInput>): Promise<StockTakeResult> {
  if (input.countedOn > schoolToday()) throw badRequest(m.dateInFuture, { countedOn: m.dateInFuture });
  const ids = input.lines.map((l) => l.itemId);
  if (new Set(ids).size !== ids.length) throw badRequest(m.duplicateLine, { lines: m.duplicateLine });
  const items = await repo.lockItemsByIds(tx, c.schoolId, ids);
  const byId = new Map(items.map((i) => [i.id, i]));
  const fields: Record<string, string> = {};
  input.lines.forEach((l, idx) => {
    const item = byId.get(l.itemId);
    if (!item) fields[`lines.${idx}.itemId`] = m.itemNotFound;
    else if (l.counted !== item.quantityOnHand && !l.reason) fields[`lines.${idx}.reason`] = m.countReasonRequired;
  });
  if (Object.values(fields).includes(m.itemNotFound)) throw new AppError(404, 'NOT_FOUND', m.itemNotFound, { fields });
  if (Object.keys(fields).length) throw badRequest(m.countReasonRequired, fields);
  const take = await repo.insertStockTake(tx, { schoolId: c.schoolId, countedOn: input.countedOn, note: input.note ?? null, createdBy: c.actor.id });
  const lines: StockTakeResult['lines'] = [];
  for (const l of input.lines) {
    const item = byId.get(l.itemId)!;
    const diff = l.counted - item.quantityOnHand;
    let movementId: string | null = null;
    if (diff !== 0) {
      const res = await writeMovement(tx, c, { itemId: item.id, type: 'adjustment', quantity: diff, reason: l.reason, movedOn: input.countedOn, stockTakeId: take.id }, { audit: false });
      movementId = res.movement.id;
    }
    lines.push({ itemId: item.id, itemName: item.name, onHand: item.quantityOnHand, counted: l.counted, difference: diff, movementId, value: centsToKes(diff * item.averageCostCents) });
  }
  const adjustments = lines.filter((l) => l.difference !== 0).length;
  await auditSchool(tx, c, A.stockTakeRecorded, `stock_take:${take.id}`, null, { countedOn: input.countedOn, note: input.note ?? null, lines }, { adjustments });
  return { id: take.id, countedOn: take.countedOn, note: take.note, lines, adjustments };
}

// -------------------------------------------------------------------------------------------------
// Valuation, alerts, summary

export async function valuation(database: Database, actor: Actor, schoolId?: string | null): Promise<Valuation & { schoolId: string }> {
  return inSchool(database, actor, schoolId, async (tx, sid) => {
    const rows = await repo.listActiveItems(tx, sid);
    const cats = new Map<string, { category: string; items: number; quantity: number; valueCents: number }>();
    let quantity = 0;
    let valueCents = 0;
    for (const r of rows) {
      const v = r.quantityOnHand * r.averageCostCents;
      const cat = cats.get(r.category) ?? { category: r.category, items: 0, quantity: 0, valueCents: 0 };
      cat.items += 1;
      cat.quantity += r.quantityOnHand;
      cat.valueCents += v;
      cats.set(r.category, cat);
      quantity += r.quantityOnHand;
      valueCents += v;
    }
    return {
      schoolId: sid,
      asOf: schoolToday(),
      categories: [...cats.values()].map((x) => ({ category: x.category, items: x.items, quantity: x.quantity, value: centsToKes(x.valueCents) })),
      items: rows.map((r) => ({ code: r.code, name: r.name, category: r.category, unit: r.unit, quantity: r.quantityOnHand, averageCost: centsToKes(r.averageCostCents), value: centsToKes(r.quantityOnHand * r.averageCostCents) })),
      total: { items: rows.length, quantity, value: centsToKes(valueCents) },
    };
  });
}

export async function lowStockAlerts(database: Database, actor: Actor, schoolId?: string | null) {
  return inSchool(database, actor, schoolId, async (tx, sid) => {
    const rows = await repo.listLowStockItems(tx, sid);
    return { items: rows.map(toItem) };
  });
}

export async function inventorySummary(database: Database, actor: Actor, schoolId?: string | null): Promise<InventorySummary> {
  return inSchool(database, actor, schoolId, async (tx, sid) => {
    const agg = await repo.summarizeActiveItems(tx, sid);
    const term = await termOn(tx, sid, schoolToday());
    let sales = 0;
    if (term) {
      sales = await repo.sumSalesBetween(tx, sid, term.startsOn, term.endsOn);
    }
    return { items: Number(agg?.items ?? 0), stockValue: centsToKes(Number(agg?.value ?? 0)), lowStock: Number(agg?.low ?? 0), salesThisTerm: centsToKes(sales), term: term?.name ?? null };
  });
}
