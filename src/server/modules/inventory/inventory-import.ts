import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, type ImportResult, type ImportRow, type InventoryImportColumn } from '../../../shared/contracts/inventory.js';
import { schoolToday } from '../../../shared/dates.js';
import { inventoryMessages } from '../../../shared/messages/inventory.js';
import { centsToKes, kesToCents, MAX_AMOUNT_CENTS } from '../../../shared/money.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest } from '../../errors.js';
import { readCsv, readXlsx } from '../learner-files/index.js';
import { auditSchool, type SchoolCaller } from '../../lib/school-context.js';
import { insertItems, insertMovements, listExistingItemCodes } from './inventory.repository.js';

/**
 * The opening stock import (issue 15 §5 "Excel import of an opening stock list"): an .xlsx (first
 * sheet) or CSV file with the columns code, name, category, unit, quantity, unit cost, reorder level,
 * sale price (header row, any order, case-insensitive). Parsed with exceljs / csv-parse. Without commit
 * it answers a preview with each row's problems; with commit=true and no problems it creates the items
 * and an 'opening' movement for each quantity above 0, in one transaction. A file with any problem
 * row is refused whole on commit (400), nothing written. Rows are numbered as the spreadsheet numbers
 * them (header = row 1).
 */

const m = inventoryMessages.api;
const MAX_ROWS = 5_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CODE = /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,29}$/;
type Cell = string | number | boolean | Date | null;

function text(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).replace(/\u00a0/g, ' ').trim();
}

interface ParsedRow {
  row: ImportRow;
  costCents: number;
  saleCents: number | null;
}

/** Reads the file into rows (400 for an unreadable file, wrong columns, no rows, too many rows). */
export async function readInventoryFile(buffer: Buffer, contentType: string): Promise<{ row: number; values: Record<InventoryImportColumn, string> }[]> {
  const table: Cell[][] = contentType === XLSX ? await readXlsx(buffer) : readCsv(buffer);
  const headerAt = table.findIndex((r) => r.some((c) => text(c) !== ''));
  if (headerAt < 0) throw badRequest(m.importNoRows, { file: m.importNoRows });
  const index: Partial<Record<InventoryImportColumn, number>> = {};
  const unknown: string[] = [];
  table[headerAt]!.forEach((cell, i) => {
    const name = text(cell).toLowerCase().replace(/[_\s]+/g, ' ');
    if (!name) return;
    if ((IMPORT_COLUMNS as readonly string[]).includes(name)) index[name as InventoryImportColumn] ??= i;
    else unknown.push(text(cell));
  });
  const missing = IMPORT_COLUMNS.filter((c) => index[c] === undefined);
  if (missing.length || unknown.length) {
    const msg = m.importColumns(missing, unknown);
    throw new AppError(400, 'COLUMNS', msg, { fields: { file: msg } });
  }
  const rows: { row: number; values: Record<InventoryImportColumn, string> }[] = [];
  for (let i = headerAt + 1; i < table.length; i++) {
    const cells = table[i] ?? [];
    const values = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, text(cells[index[c]!])])) as Record<InventoryImportColumn, string>;
    if (Object.values(values).every((v) => v === '')) continue;
    if (rows.length >= MAX_ROWS) throw badRequest(m.importTooManyRows(MAX_ROWS), { file: m.importTooManyRows(MAX_ROWS) });
    rows.push({ row: i + 1, values });
  }
  if (!rows.length) throw badRequest(m.importNoRows, { file: m.importNoRows });
  return rows;
}

const wholeNumber = (v: string): number | null => (/^\d{1,7}$/.test(v.replace(/,/g, '')) ? Number(v.replace(/,/g, '')) : null);
const amount = (v: string): number | null => {
  const c = kesToCents(v);
  return c === null || c < 0 || c > MAX_AMOUNT_CENTS ? null : c;
};

/** Checks every row (and codes against the file and the school's items). */
export async function checkRows(tx: Tx, schoolId: string, rows: Awaited<ReturnType<typeof readInventoryFile>>): Promise<ParsedRow[]> {
  const codes = rows.map((r) => r.values.code.toLowerCase()).filter(Boolean);
  const existing = new Set<string>();
  for (let i = 0; i < codes.length; i += 1000) {
    for (const code of await listExistingItemCodes(tx, schoolId, codes.slice(i, i + 1000))) existing.add(code);
  }
  const seen = new Map<string, number>();
  return rows.map(({ row, values: v }) => {
    const errors: Record<string, string> = {};
    const key = v.code.toLowerCase();
    if (!v.code) errors.code = m.codeRequired;
    else if (!CODE.test(v.code)) errors.code = m.codeInvalid;
    else if (seen.has(key)) errors.code = m.importCodeRepeated(seen.get(key)!);
    else if (existing.has(key)) errors.code = m.importCodeExists;
    if (v.code && !seen.has(key)) seen.set(key, row);
    if (!v.name) errors.name = m.nameRequired;
    else if (v.name.length > 120) errors.name = m.nameTooLong;
    if (!v.category) errors.category = m.categoryRequired;
    else if (v.category.length > 40) errors.category = m.textTooLong(40);
    if (v.unit.length > 20) errors.unit = m.textTooLong(20);
    const quantity = v.quantity === '' ? 0 : wholeNumber(v.quantity);
    if (quantity === null) errors.quantity = m.importQuantity;
    const cost = v['unit cost'] === '' ? 0 : amount(v['unit cost']);
    if (cost === null) errors.unitCost = m.importCost;
    const reorder = v['reorder level'] === '' ? 0 : wholeNumber(v['reorder level']);
    if (reorder === null) errors.reorderLevel = m.importReorder;
    const sale = v['sale price'] === '' ? null : amount(v['sale price']);
    if (v['sale price'] !== '' && sale === null) errors.salePrice = m.importSalePrice;
    return {
      row: {
        row,
        code: v.code,
        name: v.name,
        category: v.category.toLowerCase(),
        unit: v.unit || 'piece',
        quantity,
        unitCost: cost === null ? null : centsToKes(cost),
        reorderLevel: reorder,
        salePrice: sale === null ? null : centsToKes(sale),
        errors,
      },
      costCents: cost ?? 0,
      saleCents: sale,
    };
  });
}

/** Preview, or commit (all rows valid) creating items and opening movements in the caller's transaction. */
export async function importInventory(tx: Tx, c: SchoolCaller, rows: Awaited<ReturnType<typeof readInventoryFile>>, opts: { commit: boolean; movedOn?: string; fileName: string }): Promise<ImportResult> {
  const checked = await checkRows(tx, c.schoolId, rows);
  const invalid = checked.filter((r) => Object.keys(r.row.errors).length > 0).length;
  const valueCents = checked.reduce((s, r) => s + (r.row.quantity ?? 0) * r.costCents, 0);
  const result: ImportResult = { committed: false, rows: checked.map((r) => r.row), valid: checked.length - invalid, invalid, created: 0, value: centsToKes(valueCents) };
  if (!opts.commit) return result;
  if (invalid > 0) throw new AppError(400, 'IMPORT_INVALID', m.importHasErrors, { fields: { file: m.importHasErrors } });
  const movedOn = opts.movedOn ?? schoolToday();
  if (movedOn > schoolToday()) throw badRequest(m.dateInFuture, { movedOn: m.dateInFuture });
  const created: { id: string; code: string }[] = [];
  for (let i = 0; i < checked.length; i += 500) {
    const chunk = checked.slice(i, i + 500);
    created.push(
      ...(await insertItems(
        tx,
        chunk.map((r) => ({
          schoolId: c.schoolId,
          code: r.row.code,
          name: r.row.name,
          category: r.row.category,
          unit: r.row.unit,
          reorderLevel: r.row.reorderLevel ?? 0,
          quantityOnHand: r.row.quantity ?? 0,
          averageCostCents: r.costCents,
          salePriceCents: r.saleCents,
        })),
      )),
    );
  }
  const idOf = new Map(created.map((x) => [x.code.toLowerCase(), x.id]));
  const openings = checked
    .filter((r) => (r.row.quantity ?? 0) > 0)
    .map((r) => ({
      schoolId: c.schoolId,
      itemId: idOf.get(r.row.code.toLowerCase())!,
      type: 'opening',
      quantity: r.row.quantity!,
      unitCostCents: r.costCents,
      movedOn,
      balanceAfter: r.row.quantity!,
      averageCostAfterCents: r.costCents,
      reference: opts.fileName.slice(0, 80),
      createdBy: c.actor.id,
    }));
  for (let i = 0; i < openings.length; i += 500) await insertMovements(tx, openings.slice(i, i + 500));
  await auditSchool(tx, c, inventoryMessages.audit.imported, `school:${c.schoolId}`, null, { fileName: opts.fileName, items: created.length, openingMovements: openings.length, valueCents }, { codes: created.map((x) => x.code).slice(0, 200) });
  return { ...result, committed: true, created: created.length };
}

/** The template: the columns, two example rows, and a note sheet. */
export async function importTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'EduFam';
  const ws = wb.addWorksheet('Opening stock', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = IMPORT_COLUMNS.map((h) => ({ header: h, width: h === 'name' ? 32 : 14 }));
  ws.getRow(1).font = { bold: true };
  ws.addRow(['UNI-SWT-M', 'School sweater (size M)', 'uniform', 'piece', 40, 1150, 10, 1500]);
  ws.addRow(['STA-EXB-A4', 'Exercise book A4 96pp', 'stationery', 'piece', 500, 45.5, 100, '']);
  const notes = wb.addWorksheet('Notes');
  notes.getColumn(1).width = 100;
  for (const line of [
    'One row per item. code: unique per school (letters, digits, - / _ .). quantity: whole number on hand.',
    'unit cost and sale price in KES (sale price empty when the item is not sold to learners).',
    'reorder level: the quantity at or below which the item shows as low stock (0: never).',
  ])
    notes.addRow([line]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
