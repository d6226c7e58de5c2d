import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { ITEM_SORTS } from '../../../shared/contracts/inventory.js';
import { inventoryItems, inventoryMovements, invoices, profiles, stockTakes, students, suppliers } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { containsAny } from '../../lib/like.js';

/**
 * The school store's tables (issue 15 §5): suppliers, items (quantity on hand and weighted average
 * cost), movements and stock takes. Every function runs inside the caller's school-scoped transaction
 * (row-level security); money columns are KES cents. Search texts are matched with ILIKE as given.
 */

export type SupplierRow = typeof suppliers.$inferSelect;
export type InventoryItemRow = typeof inventoryItems.$inferSelect;
export type MovementRowData = typeof inventoryMovements.$inferSelect;
export type StockTakeRow = typeof stockTakes.$inferSelect;

// -------------------------------------------------------------------------------------------------
// Suppliers

/** The school's suppliers (active or inactive only when `active` is given; name or contact containing `search`) with their item counts, by name. */
export async function listSuppliersWithItemCounts(tx: Tx, schoolId: string, f: { active?: boolean; search?: string }): Promise<{ s: SupplierRow; items: number }[]> {
  const where: SQL[] = [eq(suppliers.schoolId, schoolId)];
  if (f.active !== undefined) where.push(eq(suppliers.active, f.active));
  if (f.search) where.push(containsAny(f.search, [suppliers.name, suppliers.contactName]));
  return tx
    .select({ s: suppliers, items: sql<number>`(select count(*) from ${inventoryItems} where ${inventoryItems.supplierId} = ${suppliers.id})` })
    .from(suppliers)
    .where(and(...where))
    .orderBy(asc(suppliers.name));
}

/** The id of the school's supplier named `name` (case-insensitive), other than `exceptId`, or undefined. */
export async function findSupplierIdByName(tx: Tx, schoolId: string, name: string, exceptId?: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.schoolId, schoolId), sql`lower(${suppliers.name}) = lower(${name})`, exceptId ? sql`${suppliers.id} <> ${exceptId}` : undefined));
  return row?.id;
}

/** Inserts a supplier and returns it. */
export async function insertSupplier(tx: Tx, values: typeof suppliers.$inferInsert): Promise<SupplierRow> {
  const [row] = await tx.insert(suppliers).values(values).returning();
  return row!;
}

/** The school's supplier `id` locked FOR UPDATE, or undefined. */
export async function lockSupplier(tx: Tx, schoolId: string, id: string): Promise<SupplierRow | undefined> {
  const [prev] = await tx.select().from(suppliers).where(and(eq(suppliers.id, id), eq(suppliers.schoolId, schoolId))).for('update');
  return prev;
}

/** Writes a supplier's changed fields (at least one) and returns it. */
export async function updateSupplierRow(tx: Tx, id: string, patch: Partial<typeof suppliers.$inferInsert>): Promise<SupplierRow> {
  const [row] = await tx.update(suppliers).set(patch).where(eq(suppliers.id, id)).returning();
  return row!;
}

/** How many items name `supplierId` as their supplier. */
export async function countItemsOfSupplier(tx: Tx, supplierId: string): Promise<number> {
  const [{ n }] = (await tx.select({ n: count() }).from(inventoryItems).where(eq(inventoryItems.supplierId, supplierId))) as [{ n: number }];
  return Number(n);
}

/** Is `id` a supplier of the school? */
export async function supplierExists(tx: Tx, schoolId: string, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: suppliers.id }).from(suppliers).where(and(eq(suppliers.id, id), eq(suppliers.schoolId, schoolId)));
  return !!row;
}

// -------------------------------------------------------------------------------------------------
// Items

/** An item with its supplier's name. */
export type ItemRow = { i: InventoryItemRow; supplierName: string | null };
const itemColumns = { i: inventoryItems, supplierName: suppliers.name };

const lowStockSql = sql`(${inventoryItems.reorderLevel} > 0 and ${inventoryItems.quantityOnHand} <= ${inventoryItems.reorderLevel})`;

/** Filters of the item list (all optional). `category` is matched exactly (lower case). */
export interface ItemFilters {
  active?: boolean;
  search?: string;
  category?: string;
  supplierId?: string;
  lowStock?: boolean;
}

export type ItemSort = (typeof ITEM_SORTS)[number];

function itemConditions(schoolId: string, f: ItemFilters): SQL | undefined {
  const where: SQL[] = [eq(inventoryItems.schoolId, schoolId)];
  if (f.active !== undefined) where.push(eq(inventoryItems.active, f.active));
  if (f.search) where.push(containsAny(f.search, [inventoryItems.name, inventoryItems.code]));
  if (f.category) where.push(eq(inventoryItems.category, f.category));
  if (f.supplierId) where.push(eq(inventoryItems.supplierId, f.supplierId));
  if (f.lowStock) where.push(lowStockSql);
  return and(...where);
}

function itemOrder(sort: ItemSort): SQL[] {
  const value = sql`${inventoryItems.quantityOnHand} * ${inventoryItems.averageCostCents}`;
  return {
    name: [asc(inventoryItems.name)],
    '-name': [desc(inventoryItems.name)],
    code: [asc(inventoryItems.code)],
    quantity: [asc(inventoryItems.quantityOnHand), asc(inventoryItems.name)],
    '-quantity': [desc(inventoryItems.quantityOnHand), asc(inventoryItems.name)],
    value: [asc(value), asc(inventoryItems.name)],
    '-value': [desc(value), asc(inventoryItems.name)],
    category: [asc(inventoryItems.category), asc(inventoryItems.name)],
  }[sort];
}

/** One page of the school's items matching `f` with supplier names, in `sort` order (ties: id). */
export async function listItemsWithSupplier(tx: Tx, schoolId: string, f: ItemFilters, sort: ItemSort, w: { limit: number; offset: number }): Promise<ItemRow[]> {
  return tx
    .select(itemColumns)
    .from(inventoryItems)
    .leftJoin(suppliers, eq(suppliers.id, inventoryItems.supplierId))
    .where(itemConditions(schoolId, f))
    .orderBy(...itemOrder(sort), asc(inventoryItems.id))
    .limit(w.limit)
    .offset(w.offset);
}

/** How many of the school's items match `f`. */
export async function countItems(tx: Tx, schoolId: string, f: ItemFilters): Promise<number> {
  const [{ n }] = (await tx.select({ n: count() }).from(inventoryItems).where(itemConditions(schoolId, f))) as [{ n: number }];
  return Number(n);
}

/** The distinct categories of the school's items, alphabetically. */
export async function listItemCategories(tx: Tx, schoolId: string): Promise<string[]> {
  const cats = await tx.selectDistinct({ c: inventoryItems.category }).from(inventoryItems).where(eq(inventoryItems.schoolId, schoolId)).orderBy(asc(inventoryItems.category));
  return cats.map((x) => x.c);
}

/** The school's item `id` with its supplier's name, or undefined. */
export async function findItemWithSupplier(tx: Tx, schoolId: string, id: string): Promise<ItemRow | undefined> {
  const [row] = await tx.select(itemColumns).from(inventoryItems).leftJoin(suppliers, eq(suppliers.id, inventoryItems.supplierId)).where(and(eq(inventoryItems.id, id), eq(inventoryItems.schoolId, schoolId)));
  return row;
}

/** Is `id` an item of the school? */
export async function itemExists(tx: Tx, schoolId: string, id: string): Promise<boolean> {
  const [item] = await tx.select({ id: inventoryItems.id }).from(inventoryItems).where(and(eq(inventoryItems.id, id), eq(inventoryItems.schoolId, schoolId)));
  return !!item;
}

/** The id of the school's item with code `code` (case-insensitive), other than `exceptId`, or undefined. */
export async function findItemIdByCode(tx: Tx, schoolId: string, code: string, exceptId?: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.schoolId, schoolId), sql`lower(${inventoryItems.code}) = lower(${code})`, exceptId ? sql`${inventoryItems.id} <> ${exceptId}` : undefined));
  return row?.id;
}

/** Which of the lower-cased `codes` the school's items already use (lower-cased). */
export async function listExistingItemCodes(tx: Tx, schoolId: string, codes: string[]): Promise<string[]> {
  const found = await tx
    .select({ code: sql<string>`lower(${inventoryItems.code})` })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.schoolId, schoolId), inArray(sql`lower(${inventoryItems.code})`, codes)));
  return found.map((f) => f.code);
}

/** Inserts an item and returns it. */
export async function insertItem(tx: Tx, values: typeof inventoryItems.$inferInsert): Promise<InventoryItemRow> {
  const [row] = await tx.insert(inventoryItems).values(values).returning();
  return row!;
}

/** Inserts items (costs in cents) and returns their ids and codes. */
export async function insertItems(tx: Tx, values: (typeof inventoryItems.$inferInsert)[]): Promise<{ id: string; code: string }[]> {
  return tx.insert(inventoryItems).values(values).returning({ id: inventoryItems.id, code: inventoryItems.code });
}

/** The school's item `id` locked FOR UPDATE, or undefined. */
export async function lockItem(tx: Tx, schoolId: string, id: string): Promise<InventoryItemRow | undefined> {
  const [item] = await tx.select().from(inventoryItems).where(and(eq(inventoryItems.id, id), eq(inventoryItems.schoolId, schoolId))).for('update');
  return item;
}

/** The school's items among `ids` locked FOR UPDATE in id order (one lock order for every writer). */
export async function lockItemsByIds(tx: Tx, schoolId: string, ids: string[]): Promise<InventoryItemRow[]> {
  return tx.select().from(inventoryItems).where(and(eq(inventoryItems.schoolId, schoolId), inArray(inventoryItems.id, ids))).orderBy(asc(inventoryItems.id)).for('update');
}

/** Writes an item's changed fields (stamping updated_at) and returns it. */
export async function updateItemRow(tx: Tx, id: string, patch: Partial<typeof inventoryItems.$inferInsert>): Promise<InventoryItemRow> {
  const [row] = await tx.update(inventoryItems).set({ ...patch, updatedAt: new Date() }).where(eq(inventoryItems.id, id)).returning();
  return row!;
}

/** Sets an item's quantity on hand and weighted average cost (cents). */
export async function setItemStock(tx: Tx, id: string, quantity: number, averageCostCents: number): Promise<void> {
  await tx.update(inventoryItems).set({ quantityOnHand: quantity, averageCostCents, updatedAt: new Date() }).where(eq(inventoryItems.id, id));
}

/** The school's active items by category, then name. */
export async function listActiveItems(tx: Tx, schoolId: string): Promise<InventoryItemRow[]> {
  return tx
    .select()
    .from(inventoryItems)
    .where(and(eq(inventoryItems.schoolId, schoolId), eq(inventoryItems.active, true)))
    .orderBy(asc(inventoryItems.category), asc(inventoryItems.name));
}

/** The school's active items at or below their reorder level with supplier names, the emptiest (quantity / reorder level) first, then by name. */
export async function listLowStockItems(tx: Tx, schoolId: string): Promise<ItemRow[]> {
  return tx
    .select(itemColumns)
    .from(inventoryItems)
    .leftJoin(suppliers, eq(suppliers.id, inventoryItems.supplierId))
    .where(and(eq(inventoryItems.schoolId, schoolId), eq(inventoryItems.active, true), lowStockSql))
    .orderBy(asc(sql`${inventoryItems.quantityOnHand}::float / nullif(${inventoryItems.reorderLevel}, 0)`), asc(inventoryItems.name));
}

/** The school's active items: how many, their stock value (cents) and how many are low. */
export async function summarizeActiveItems(tx: Tx, schoolId: string): Promise<{ items: number; value: number; low: number } | undefined> {
  const [agg] = await tx
    .select({
      items: count(),
      value: sql<number>`coalesce(sum(${inventoryItems.quantityOnHand}::bigint * ${inventoryItems.averageCostCents}), 0)`,
      low: sql<number>`count(*) filter (where ${lowStockSql})`,
    })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.schoolId, schoolId), eq(inventoryItems.active, true)));
  return agg;
}

// -------------------------------------------------------------------------------------------------
// Movements

const studentName = sql<string>`${students.firstName} || ' ' || ${students.lastName}`;

const movementColumns = {
  mv: inventoryMovements,
  itemCode: inventoryItems.code,
  itemName: inventoryItems.name,
  unit: inventoryItems.unit,
  supplierName: suppliers.name,
  studentName: sql<string | null>`case when ${students.id} is null then null else ${studentName} end`,
  admissionNumber: students.admissionNumber,
  invoiceNumber: invoices.invoiceNumber,
  createdBy: profiles.name,
};

/** A movement with its item, supplier, learner, invoice number and author. */
export type MovementRow = {
  mv: MovementRowData;
  itemCode: string;
  itemName: string;
  unit: string;
  supplierName: string | null;
  studentName: string | null;
  admissionNumber: string | null;
  invoiceNumber: string | null;
  createdBy: string | null;
};

function movementSelect(tx: Tx) {
  return tx
    .select(movementColumns)
    .from(inventoryMovements)
    .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryMovements.itemId))
    .leftJoin(suppliers, eq(suppliers.id, inventoryMovements.supplierId))
    .leftJoin(students, eq(students.id, inventoryMovements.studentId))
    .leftJoin(invoices, eq(invoices.id, inventoryMovements.invoiceId))
    .leftJoin(profiles, eq(profiles.id, inventoryMovements.createdBy));
}

/** Filters of the movement list (all optional); `search` matches item name or code, department, learner name. */
export interface MovementFilters {
  itemId?: string;
  type?: string;
  studentId?: string;
  from?: string;
  to?: string;
  search?: string;
}

function movementConditions(schoolId: string, f: MovementFilters): SQL | undefined {
  const where: SQL[] = [eq(inventoryMovements.schoolId, schoolId)];
  if (f.itemId) where.push(eq(inventoryMovements.itemId, f.itemId));
  if (f.type) where.push(eq(inventoryMovements.type, f.type));
  if (f.studentId) where.push(eq(inventoryMovements.studentId, f.studentId));
  if (f.from) where.push(gte(inventoryMovements.movedOn, f.from));
  if (f.to) where.push(lte(inventoryMovements.movedOn, f.to));
  if (f.search) where.push(containsAny(f.search, [inventoryItems.name, inventoryItems.code, inventoryMovements.department, studentName]));
  return and(...where);
}

/** One page of the school's movements matching `f`, newest first (date, creation, id). */
export async function listMovementsWithNames(tx: Tx, schoolId: string, f: MovementFilters, w: { limit: number; offset: number }): Promise<MovementRow[]> {
  return movementSelect(tx)
    .where(movementConditions(schoolId, f))
    .orderBy(desc(inventoryMovements.movedOn), desc(inventoryMovements.createdAt), desc(inventoryMovements.id))
    .limit(w.limit)
    .offset(w.offset);
}

/** How many of the school's movements match `f`. */
export async function countMovements(tx: Tx, schoolId: string, f: MovementFilters): Promise<number> {
  const [{ n }] = (await tx
    .select({ n: count() })
    .from(inventoryMovements)
    .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryMovements.itemId))
    .leftJoin(students, eq(students.id, inventoryMovements.studentId))
    .where(movementConditions(schoolId, f))) as [{ n: number }];
  return Number(n);
}

/** The movement `id` with names, or undefined. */
export async function findMovementWithNames(tx: Tx, id: string): Promise<MovementRow | undefined> {
  const [row] = await movementSelect(tx).where(eq(inventoryMovements.id, id));
  return row;
}

/** Inserts a movement (costs and prices in cents) and returns it. */
export async function insertMovement(tx: Tx, values: typeof inventoryMovements.$inferInsert): Promise<MovementRowData> {
  const [mv] = await tx.insert(inventoryMovements).values(values).returning();
  return mv!;
}

/** Inserts movements (the opening stock of an import). */
export async function insertMovements(tx: Tx, values: (typeof inventoryMovements.$inferInsert)[]): Promise<void> {
  await tx.insert(inventoryMovements).values(values);
}

/** Links a sale movement to the invoice that charged it. */
export async function setMovementInvoice(tx: Tx, movementId: string, invoiceId: string): Promise<void> {
  await tx.update(inventoryMovements).set({ invoiceId }).where(eq(inventoryMovements.id, movementId));
}

/** Sales value (cents: -quantity × unit price) of the school's movements dated from..to inclusive. */
export async function sumSalesBetween(tx: Tx, schoolId: string, from: string, to: string): Promise<number> {
  const [s] = await tx
    .select({ v: sql<number>`coalesce(sum(-${inventoryMovements.quantity} * ${inventoryMovements.unitPriceCents}), 0)` })
    .from(inventoryMovements)
    .where(and(eq(inventoryMovements.schoolId, schoolId), eq(inventoryMovements.type, 'sale'), gte(inventoryMovements.movedOn, from), lte(inventoryMovements.movedOn, to)));
  return Number(s?.v ?? 0);
}

/** Inserts a stock take and returns it. */
export async function insertStockTake(tx: Tx, values: typeof stockTakes.$inferInsert): Promise<StockTakeRow> {
  const [take] = await tx.insert(stockTakes).values(values).returning();
  return take!;
}

/** Is `studentId` a learner of the school? */
export async function learnerExists(tx: Tx, schoolId: string, studentId: string): Promise<boolean> {
  const [s] = await tx.select({ id: students.id }).from(students).where(and(eq(students.id, studentId), eq(students.schoolId, schoolId)));
  return !!s;
}
