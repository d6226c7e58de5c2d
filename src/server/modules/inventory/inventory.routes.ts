import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertsResponse,
  importQuery,
  importResult,
  itemInput,
  itemPatch,
  itemSchema,
  itemsQuery,
  itemsResponse,
  movementInput,
  movementResult,
  movementsQuery,
  movementsResponse,
  stockTakeInput,
  stockTakeResult,
  summaryResponse,
  supplierInput,
  supplierPatch,
  supplierSchema,
  suppliersQuery,
  suppliersResponse,
  valuationQuery,
  valuationResponse,
  type MovementResult,
} from '../../../shared/contracts/inventory.js';
import { inventoryMessages } from '../../../shared/messages/inventory.js';
import { CONTENT_TYPES } from '../../lib/spreadsheet.js';
import { actorOf } from '../../plugins/access.js';
import { readUpload } from '../../lib/files.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { importInventory, importTemplate, readInventoryFile } from './inventory-import.js';
import { valuationPdf, valuationXlsx } from './inventory-export.js';
import {
  createItem,
  createSupplier,
  inventorySummary,
  listItems,
  listMovements,
  listSuppliers,
  lowStockAlerts,
  movementWriteOf,
  recordStockTake,
  updateItem,
  updateSupplier,
  valuation,
  writeMovement,
} from './inventory.service.js';
import { inSchool } from '../../lib/school-context.js';
import { withIdempotency } from '../../lib/idempotency.js';

/**
 * The school store (issue 15 §5) and its suppliers. Writes: the finance officer (manageInventory);
 * reads: the finance officer, principal and director (viewInventory); other roles 403, no session 401,
 * another school's item, supplier or learner 404. Errors are `{ error: { code, message, fields? } }`:
 * 400 bad input (nothing written), 409 INSUFFICIENT_STOCK ("Only 12 in stock …") or a duplicate code
 * or supplier name. Money is KES with two decimals; quantities whole units; dates YYYY-MM-DD
 * (Africa/Nairobi). Stock is valued at weighted average cost (src/shared/inventory-valuation.ts).
 */
export async function inventoryRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, storage } = deps;
  const tags = ['inventory'];
  const idParams = z.object({ id: z.uuid(inventoryMessages.api.itemNotFound) });
  const supplierParams = z.object({ id: z.uuid(inventoryMessages.api.supplierNotFound) });
  const caller = (req: { ip: string }, actor: ReturnType<typeof actorOf>) => ({ actor, ip: req.ip });

  // ---- Suppliers -------------------------------------------------------------------------------

  /** GET /api/suppliers?q=&active=true|false|all → { items: [{ id, name, contactName, phone, email, kraPin, notes, active, itemCount }] } (also the expenses payee picker). */
  r.get('/api/suppliers', { config: { permission: 'viewInventory' }, schema: { querystring: suppliersQuery, response: { 200: suppliersResponse }, tags } }, async (req) =>
    listSuppliers(database, actorOf(req), req.query),
  );

  /** POST /api/suppliers { name, contactName?, phone? (Kenyan), email?, kraPin? (A/P + 9 digits + letter), notes? } → 201 the supplier; 409 when the name exists. Audited SUPPLIER_CREATED. */
  r.post('/api/suppliers', { config: { permission: 'manageInventory' }, schema: { body: supplierInput, response: { 201: supplierSchema }, tags } }, async (req, reply) =>
    reply.status(201).send(await createSupplier(database, caller(req, actorOf(req)), req.body)),
  );

  /** PATCH /api/suppliers/:id (any supplier field, active=false archives) → the supplier. 404 another school's. Audited SUPPLIER_UPDATED. */
  r.patch('/api/suppliers/:id', { config: { permission: 'manageInventory' }, schema: { params: supplierParams, body: supplierPatch, response: { 200: supplierSchema }, tags } }, async (req) =>
    updateSupplier(database, caller(req, actorOf(req)), req.params.id, req.body),
  );

  // ---- Items -----------------------------------------------------------------------------------

  /**
   * GET /api/inventory/items?q=&category=&lowStock=true&supplierId=&active=&sort=&page=&pageSize= →
   * { items: [{ id, code, name, category, unit, quantity, reorderLevel, averageCost, value, salePrice,
   * supplierId, supplierName, active, lowStock }], total, page, pageSize, categories }. value =
   * quantity × averageCost (KES); lowStock: quantity at or below a reorder level above 0.
   */
  r.get('/api/inventory/items', { config: { permission: 'viewInventory' }, schema: { querystring: itemsQuery, response: { 200: itemsResponse }, tags } }, async (req) =>
    listItems(database, actorOf(req), req.query),
  );

  /** POST /api/inventory/items { code, name, category, unit?, reorderLevel?, salePrice? (KES), supplierId? } → 201 the item (quantity 0; stock comes in by movements). 409 duplicate code. Audited. */
  r.post('/api/inventory/items', { config: { permission: 'manageInventory' }, schema: { body: itemInput, response: { 201: itemSchema }, tags } }, async (req, reply) =>
    reply.status(201).send(await createItem(database, caller(req, actorOf(req)), req.body)),
  );

  /** PATCH /api/inventory/items/:id (item fields; quantity and cost change only through movements) → the item. Audited. */
  r.patch('/api/inventory/items/:id', { config: { permission: 'manageInventory' }, schema: { params: idParams, body: itemPatch, response: { 200: itemSchema }, tags } }, async (req) =>
    updateItem(database, caller(req, actorOf(req)), req.params.id, req.body),
  );

  /** GET /api/inventory/items/:id/movements?page=&pageSize= → the item's movement history, newest first (404 another school's item). */
  r.get('/api/inventory/items/:id/movements', { config: { permission: 'viewInventory' }, schema: { params: idParams, querystring: movementsQuery, response: { 200: movementsResponse }, tags } }, async (req) =>
    listMovements(database, actorOf(req), req.query, req.params.id),
  );

  // ---- Movements -------------------------------------------------------------------------------

  /** GET /api/inventory/movements?itemId=&type=&studentId=&from=&to=&q=&page=&pageSize= → every movement, newest first, with item, supplier, learner and invoice. */
  r.get('/api/inventory/movements', { config: { permission: 'viewInventory' }, schema: { querystring: movementsQuery, response: { 200: movementsResponse }, tags } }, async (req) =>
    listMovements(database, actorOf(req), req.query),
  );

  /**
   * POST /api/inventory/movements { itemId, type, quantity, unitCost?, unitPrice?, studentId?,
   * supplierId?, department?, reason?, reference?, movedOn? } → 201 { movement, item, charge }.
   * type: stock_in (aliases in, purchase; needs unitCost, KES per unit) | issue (alias out; to a
   * department or a learner, free) | sale (to a learner of this school at unitPrice or the item's sale
   * price: the learner's account is charged quantity × price at once, as a line on the current-term
   * invoice, or a pending charge for the next invoice) | adjustment (quantity signed, reason required).
   * Issues, sales and adjustments leave at the weighted average cost. Errors: 409 INSUFFICIENT_STOCK
   * ("Only 12 in stock"), 400 bad quantity/cost/missing learner/price/reason, 404 item or learner of
   * another school; nothing written. Idempotency-Key header: a retry with the same key and body
   * returns the first answer (header idempotent-replayed: true); another body with that key is 422.
   */
  r.post(
    '/api/inventory/movements',
    {
      config: { permission: 'manageInventory' },
      schema: { body: movementInput, headers: z.object({ 'idempotency-key': z.string().optional() }), response: { 201: movementResult }, tags },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const write = movementWriteOf(req.body);
      const result = await inSchool(database, actor, null, (tx, schoolId) =>
        withIdempotency<MovementResult>(tx, { schoolId, userId: actor.id, key: req.headers['idempotency-key'], route: 'POST /api/inventory/movements', body: req.body, status: 201 }, () =>
          writeMovement(tx, { actor, schoolId, ip: req.ip }, write),
        ),
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.body);
    },
  );

  // ---- Stock take, valuation, alerts, summary ----------------------------------------------------

  /**
   * POST /api/inventory/stock-takes { countedOn, note?, lines: [{ itemId, counted, reason? }] } → 201
   * { id, countedOn, note, lines: [{ itemId, itemName, onHand, counted, difference, movementId, value }],
   * adjustments }. Each difference becomes an adjustment movement (at average cost) with its reason,
   * all in one transaction; a reason is required where counted ≠ on hand (400, nothing written).
   * Audited STOCK_TAKE_RECORDED.
   */
  r.post('/api/inventory/stock-takes', { config: { permission: 'manageInventory' }, schema: { body: stockTakeInput, response: { 201: stockTakeResult }, tags } }, async (req, reply) => {
    const actor = actorOf(req);
    const result = await inSchool(database, actor, null, (tx, schoolId) => recordStockTake(tx, { actor, schoolId, ip: req.ip }, req.body));
    return reply.status(201).send(result);
  });

  /** GET /api/inventory/valuation?format=json|xlsx|pdf → stock value by category and item at weighted average cost, and the total; xlsx/pdf download stock-valuation-<date>. */
  r.get('/api/inventory/valuation', { config: { permission: 'viewInventory' }, schema: { querystring: valuationQuery, response: { 200: valuationResponse }, tags } }, async (req, reply) => {
    const v = await valuation(database, actorOf(req), req.query.schoolId);
    if (req.query.format === 'xlsx') return valuationXlsx(reply, v);
    if (req.query.format === 'pdf') return valuationPdf(reply, database, storage, actorOf(req), v);
    const { schoolId: _s, ...body } = v;
    return body;
  });

  /** GET /api/inventory/alerts → { items } active items at or below their reorder level, the most urgent first. */
  r.get('/api/inventory/alerts', { config: { permission: 'viewInventory' }, schema: { querystring: z.object({ schoolId: z.uuid().optional() }), response: { 200: alertsResponse }, tags } }, async (req) =>
    lowStockAlerts(database, actorOf(req), req.query.schoolId),
  );

  /** GET /api/inventory/summary → { items, stockValue, lowStock, salesThisTerm, term } for the Inventory page's KPIs. */
  r.get('/api/inventory/summary', { config: { permission: 'viewInventory' }, schema: { querystring: z.object({ schoolId: z.uuid().optional() }), response: { 200: summaryResponse }, tags } }, async (req) =>
    inventorySummary(database, actorOf(req), req.query.schoolId),
  );

  // ---- Import ----------------------------------------------------------------------------------

  /**
   * POST /api/inventory/import?commit=false|true&movedOn= (multipart field `file`: .xlsx or .csv with
   * columns code, name, category, unit, quantity, unit cost, reorder level, sale price) → { committed,
   * rows: [{ row, …values, errors: { field: message } }], valid, invalid, created, value }. Without
   * commit: a preview. With commit=true: items and 'opening' movements in one transaction; 400
   * IMPORT_INVALID when any row has a problem (nothing written); 400 COLUMNS for wrong columns.
   */
  r.post(
    '/api/inventory/import',
    { config: { permission: 'manageInventory' }, schema: { querystring: importQuery, consumes: ['multipart/form-data'], response: { 200: importResult }, tags } },
    async (req) => {
      const actor = actorOf(req);
      const upload = await readUpload(req, 'import');
      const rows = await readInventoryFile(upload.buffer, upload.contentType);
      return inSchool(database, actor, null, (tx, schoolId) =>
        importInventory(tx, { actor, schoolId, ip: req.ip }, rows, { commit: req.query.commit, movedOn: req.query.movedOn, fileName: upload.filename || 'import' }),
      );
    },
  );

  /** GET /api/inventory/import/template.xlsx → the opening stock template (columns and two example rows). */
  r.get('/api/inventory/import/template.xlsx', { config: { permission: 'manageInventory' }, schema: { tags } }, async (_req, reply) => {
    reply.header('content-type', CONTENT_TYPES.xlsx);
    reply.header('content-disposition', 'attachment; filename="inventory-opening-stock-template.xlsx"');
    reply.header('cache-control', 'no-store');
    return reply.send(await importTemplate());
  });
}
