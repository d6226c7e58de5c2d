import { z } from 'zod';
import { optionalTextField } from './fields.js';
import { MAX_AMOUNT_CENTS, kesToCents } from '../money.js';
import { inventoryMessages } from '../messages/inventory.js';
import { normaliseKenyanPhone } from '../phone.js';
import { isKraPin, normalizeKraPin } from '../staff-identifiers.js';
import { isCalendarDate } from './learners.js';

/**
 * The school store (issue 15 §5): suppliers, items, stock movements, stock takes, valuation and the
 * opening-stock import. Shared by the API (server/modules/inventory) and the Inventory screens.
 * Money is KES with two decimals on the wire (integer cents inside); quantities are whole units;
 * dates YYYY-MM-DD in Africa/Nairobi. Movement quantities in responses are signed (+ in, − out).
 */

const m = inventoryMessages.api;

export const MOVEMENT_TYPES = ['opening', 'stock_in', 'issue', 'sale', 'adjustment'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
/** Types POST /api/inventory/movements takes ('opening' only comes from the import). */
export const POSTABLE_MOVEMENT_TYPES = ['stock_in', 'issue', 'sale', 'adjustment'] as const;
/** Accepted spellings of the movement types. */
export const MOVEMENT_TYPE_ALIASES: Record<string, MovementType> = { in: 'stock_in', purchase: 'stock_in', out: 'issue' };
/** Categories of the store (free text is allowed; these are offered). */
export const SUGGESTED_CATEGORIES = ['uniform', 'stationery', 'cleaning', 'books', 'kitchen', 'sports'] as const;
/** Columns of the opening stock import (header row, case-insensitive). */
export const IMPORT_COLUMNS = ['code', 'name', 'category', 'unit', 'quantity', 'unit cost', 'reorder level', 'sale price'] as const;
export type InventoryImportColumn = (typeof IMPORT_COLUMNS)[number];

/** '' and null both mean "none"; undefined means "not given" (PATCH leaves it). */
const optionalText = (max: number) => optionalTextField(max, m.textTooLong);

/** A KES amount (number or decimal string, at most two decimals, 0 or more), parsed to integer cents. */
export const kesInput = (message: string = m.amountInvalid) =>
  z.union([z.number(message), z.string(message)]).transform((v, ctx) => {
    const cents = kesToCents(v);
    if (cents === null || cents < 0 || cents > MAX_AMOUNT_CENTS) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });

const calendarDate = z.string(m.dateInvalid).trim().refine(isCalendarDate, m.dateInvalid);
const kes = z.number().describe('KES, two decimals');
const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
};
const bool = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : v), z.boolean());

// -------------------------------------------------------------------------------------------------
// Suppliers

/**
 * Optional text that `check` turns into its stored form (null: not valid, the issue is `message`);
 * '' and null mean "none", undefined means "not given" (PATCH leaves it).
 */
const checkedText = (check: (v: string) => string | null, message: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (!v) return null;
      const value = check(v);
      if (value === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return value;
    });
const phone = checkedText(normaliseKenyanPhone, m.phoneInvalid);
const email = checkedText((v) => (z.email().safeParse(v).success && v.length <= 200 ? v.toLowerCase() : null), m.emailInvalid);
const kraPin = checkedText((v) => (isKraPin(v) ? normalizeKraPin(v) : null), m.kraPinInvalid);

/** POST /api/suppliers. Phone stored as 2547XXXXXXXX; KRA PIN upper case (A/P + 9 digits + letter). */
export const supplierInput = z.strictObject({
  name: z.string(m.nameRequired).trim().min(1, m.nameRequired).max(120, m.nameTooLong),
  contactName: optionalText(120),
  phone,
  email,
  kraPin,
  notes: optionalText(1000),
  active: z.boolean().optional(),
});
export type SupplierInput = z.input<typeof supplierInput>;
/** PATCH /api/suppliers/:id: any of the fields. */
export const supplierPatch = supplierInput.partial();

export const supplierSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  kraPin: z.string().nullable(),
  notes: z.string().nullable(),
  active: z.boolean(),
  /** Store items this supplier usually supplies. */
  itemCount: z.number().int(),
});
export type Supplier = z.infer<typeof supplierSchema>;
export const suppliersQuery = z.object({
  q: z.string().trim().max(100).optional(),
  active: z.enum(['true', 'false', 'all']).default('true'),
  schoolId: z.uuid().optional(),
});
export const suppliersResponse = z.object({ items: z.array(supplierSchema) });

// -------------------------------------------------------------------------------------------------
// Items

const code = z
  .string(m.codeRequired)
  .trim()
  .min(1, m.codeRequired)
  .max(30, m.codeInvalid)
  .regex(/^[A-Za-z0-9][A-Za-z0-9/_.-]*$/, m.codeInvalid);
const reorderLevel = z.number(m.reorderInvalid).int(m.reorderInvalid).min(0, m.reorderInvalid).max(1_000_000, m.reorderInvalid);

/** POST /api/inventory/items. Stock comes in through movements (or the import), not here. */
export const itemInput = z.strictObject({
  code,
  name: z.string(m.nameRequired).trim().min(1, m.nameRequired).max(120, m.nameTooLong),
  category: z.string(m.categoryRequired).trim().min(1, m.categoryRequired).max(40, m.textTooLong(40)).transform((v) => v.toLowerCase()),
  unit: z.string(m.unitRequired).trim().min(1, m.unitRequired).max(20, m.textTooLong(20)).default('piece'),
  reorderLevel: reorderLevel.default(0),
  /** KES; what a learner is charged per unit (null: not for sale). */
  salePrice: kesInput().nullish(),
  supplierId: z.uuid(m.supplierNotFound).nullish(),
  active: z.boolean().optional(),
});
export type ItemInput = z.input<typeof itemInput>;
export const itemPatch = z.strictObject({
  code: code.optional(),
  name: z.string().trim().min(1, m.nameRequired).max(120, m.nameTooLong).optional(),
  category: z.string().trim().min(1, m.categoryRequired).max(40, m.textTooLong(40)).transform((v) => v.toLowerCase()).optional(),
  unit: z.string().trim().min(1, m.unitRequired).max(20, m.textTooLong(20)).optional(),
  reorderLevel: reorderLevel.optional(),
  salePrice: kesInput().nullish(),
  supplierId: z.uuid(m.supplierNotFound).nullish(),
  active: z.boolean().optional(),
});

export const itemSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  category: z.string(),
  unit: z.string(),
  quantity: z.number().int(),
  reorderLevel: z.number().int(),
  averageCost: kes,
  /** quantity × averageCost. */
  value: kes,
  salePrice: kes.nullable(),
  supplierId: z.uuid().nullable(),
  supplierName: z.string().nullable(),
  active: z.boolean(),
  /** At or below the reorder level (items with reorder level 0 never are). */
  lowStock: z.boolean(),
});
export type InventoryItem = z.infer<typeof itemSchema>;

export const ITEM_SORTS = ['name', '-name', 'code', 'quantity', '-quantity', 'value', '-value', 'category'] as const;
export const itemsQuery = z.object({
  q: z.string().trim().max(100).optional(),
  category: z.string().trim().max(40).optional(),
  lowStock: bool.optional(),
  supplierId: z.uuid().optional(),
  active: z.enum(['true', 'false', 'all']).default('true'),
  sort: z.enum(ITEM_SORTS).default('name'),
  ...pageQuery,
  schoolId: z.uuid().optional(),
});
export type ItemsParams = z.input<typeof itemsQuery>;
export const itemsResponse = z.object({
  items: z.array(itemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every category in use at the school (for the filter). */
  categories: z.array(z.string()),
});
export type ItemsResponse = z.infer<typeof itemsResponse>;

// -------------------------------------------------------------------------------------------------
// Movements

const movementType = z.preprocess(
  (v) => (typeof v === 'string' ? (MOVEMENT_TYPE_ALIASES[v.trim().toLowerCase()] ?? v.trim().toLowerCase()) : v),
  z.enum(MOVEMENT_TYPES, m.typeInvalid),
);

/**
 * POST /api/inventory/movements. quantity is positive for stock_in, issue and sale; signed for an
 * adjustment (+ found, − missing). unitCost (KES) is the purchase cost per unit of a stock_in (issues,
 * sales and adjustments go at the weighted average cost). A sale needs studentId and a price (unitPrice
 * or the item's sale price); an issue needs a department or a learner; an adjustment needs a reason.
 */
export const movementInput = z.strictObject({
  itemId: z.uuid(m.itemNotFound),
  type: movementType,
  quantity: z.number(m.quantityInvalid).int(m.quantityInvalid).min(-1_000_000, m.quantityInvalid).max(1_000_000, m.quantityInvalid),
  unitCost: kesInput().nullish(),
  unitPrice: kesInput().nullish(),
  studentId: z.uuid(m.learnerNotFound).nullish(),
  supplierId: z.uuid(m.supplierNotFound).nullish(),
  department: optionalText(80),
  reason: optionalText(500),
  reference: optionalText(80),
  movedOn: calendarDate.optional(),
});
export type MovementInput = z.input<typeof movementInput>;

export const movementSchema = z.object({
  id: z.uuid(),
  itemId: z.uuid(),
  itemCode: z.string(),
  itemName: z.string(),
  unit: z.string(),
  type: z.enum(MOVEMENT_TYPES),
  /** Signed: + in, − out. */
  quantity: z.number().int(),
  /** Cost per unit: the purchase cost (stock in, opening) or the average cost it left at. */
  unitCost: kes,
  /** |quantity| × unitCost. */
  value: kes,
  /** A sale's price per unit charged to the learner. */
  unitPrice: kes.nullable(),
  supplierId: z.uuid().nullable(),
  supplierName: z.string().nullable(),
  department: z.string().nullable(),
  studentId: z.uuid().nullable(),
  studentName: z.string().nullable(),
  admissionNumber: z.string().nullable(),
  invoiceId: z.uuid().nullable(),
  invoiceNumber: z.string().nullable(),
  stockTakeId: z.uuid().nullable(),
  reason: z.string().nullable(),
  reference: z.string().nullable(),
  movedOn: z.string(),
  balanceAfter: z.number().int(),
  averageCostAfter: kes,
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Movement = z.infer<typeof movementSchema>;

/** The answer to POST /api/inventory/movements: the movement, the item after it, and a sale's charge. */
export const movementResult = z.object({
  movement: movementSchema,
  item: itemSchema,
  charge: z.object({ status: z.enum(['invoiced', 'pending']), invoiceId: z.uuid().nullable(), invoiceNumber: z.string().nullable(), amount: kes }).nullable(),
});
export type MovementResult = z.infer<typeof movementResult>;

export const movementsQuery = z.object({
  itemId: z.uuid().optional(),
  type: movementType.optional(),
  studentId: z.uuid().optional(),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  q: z.string().trim().max(100).optional(),
  ...pageQuery,
  schoolId: z.uuid().optional(),
});
export type MovementsParams = z.input<typeof movementsQuery>;
export const movementsResponse = z.object({ items: z.array(movementSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type MovementsResponse = z.infer<typeof movementsResponse>;

// -------------------------------------------------------------------------------------------------
// Stock take, valuation, alerts, summary

/** POST /api/inventory/stock-takes: counted quantities; a reason is required where counted ≠ on hand. */
export const stockTakeInput = z.strictObject({
  countedOn: calendarDate,
  note: optionalText(500),
  lines: z
    .array(
      z.strictObject({
        itemId: z.uuid(m.itemNotFound),
        counted: z.number(m.countedInvalid).int(m.countedInvalid).min(0, m.countedInvalid).max(1_000_000, m.countedInvalid),
        reason: optionalText(500),
      }),
    )
    .min(1, m.linesRequired)
    .max(2000),
});
export type StockTakeInput = z.input<typeof stockTakeInput>;
export const stockTakeResult = z.object({
  id: z.uuid(),
  countedOn: z.string(),
  note: z.string().nullable(),
  lines: z.array(z.object({ itemId: z.uuid(), itemName: z.string(), onHand: z.number().int(), counted: z.number().int(), difference: z.number().int(), movementId: z.uuid().nullable(), value: kes })),
  adjustments: z.number().int(),
});
export type StockTakeResult = z.infer<typeof stockTakeResult>;

export const valuationQuery = z.object({ format: z.enum(['json', 'xlsx', 'pdf']).default('json'), schoolId: z.uuid().optional() });
export const valuationResponse = z.object({
  asOf: z.string(),
  categories: z.array(z.object({ category: z.string(), items: z.number().int(), quantity: z.number().int(), value: kes })),
  items: z.array(z.object({ code: z.string(), name: z.string(), category: z.string(), unit: z.string(), quantity: z.number().int(), averageCost: kes, value: kes })),
  total: z.object({ items: z.number().int(), quantity: z.number().int(), value: kes }),
});
export type Valuation = z.infer<typeof valuationResponse>;

export const alertsResponse = z.object({ items: z.array(itemSchema) });
export const summaryResponse = z.object({
  items: z.number().int(),
  stockValue: kes,
  lowStock: z.number().int(),
  /** Sales to learners dated in the current term (KES at sale price). */
  salesThisTerm: kes,
  term: z.string().nullable(),
});
export type InventorySummary = z.infer<typeof summaryResponse>;

// -------------------------------------------------------------------------------------------------
// Import

export const importQuery = z.object({ commit: bool.default(false), movedOn: calendarDate.optional() });
export const importRowSchema = z.object({
  row: z.number().int(),
  code: z.string(),
  name: z.string(),
  category: z.string(),
  unit: z.string(),
  quantity: z.number().int().nullable(),
  unitCost: kes.nullable(),
  reorderLevel: z.number().int().nullable(),
  salePrice: kes.nullable(),
  errors: z.record(z.string(), z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;
export const importResult = z.object({
  committed: z.boolean(),
  rows: z.array(importRowSchema),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** Items created (commit only). */
  created: z.number().int(),
  value: kes,
});
export type ImportResult = z.infer<typeof importResult>;
