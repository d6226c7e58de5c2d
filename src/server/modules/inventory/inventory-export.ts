import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { Actor } from '../../../shared/access.js';
import type { Valuation } from '../../../shared/contracts/inventory.js';
import { inventoryMessages } from '../../../shared/messages/inventory.js';
import { formatKes } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
import { createDocument, drawLetterhead, drawTable, formatDay, loadLetterhead, renderPdf, sendPdf } from '../../lib/pdf.js';
import { addSheetRow, CONTENT_TYPES } from '../../lib/spreadsheet.js';
import type { FileStorage } from '../../storage/storage.js';
import { inSchool } from '../../lib/school-context.js';

/**
 * The stock valuation as documents (issue 15 §5): by category and by item, at weighted average cost.
 * PDF with the school's letterhead and page numbers; Excel with a sheet per table, money as numbers.
 * Files are named stock-valuation-<date>.
 */

const d = inventoryMessages.docs;
const kes = (n: number) => formatKes(Math.round(n * 100));
const title = (c: string) => c.charAt(0).toUpperCase() + c.slice(1);

export async function valuationPdf(reply: FastifyReply, database: Database, storage: FileStorage, actor: Actor, v: Valuation & { schoolId: string }) {
  const school = await inSchool(database, actor, v.schoolId, (tx, sid) => loadLetterhead(tx, storage, sid));
  const doc = createDocument({ title: d.valuationTitle, margin: 36 });
  const sub = d.valuationAsAt(formatDay(v.asOf));
  let y = drawLetterhead(doc, school, { title: d.valuationTitle, lines: [sub] });
  const onNewPage = (p: PDFKit.PDFDocument) => drawLetterhead(p, school, { compact: true, title: d.valuationTitle });
  type Cat = Valuation['categories'][number];
  y = drawTable<Cat | { category: string; items: number; quantity: number; value: number; total: true }>(
    doc,
    [
      { header: d.colCategory, width: 8, value: (x) => ('total' in x ? d.total : title(x.category)) },
      { header: d.colItems, width: 3, align: 'right', value: (x) => x.items },
      { header: d.colQuantity, width: 4, align: 'right', value: (x) => x.quantity },
      { header: d.colValue, width: 5, align: 'right', value: (x) => kes(x.value) },
    ],
    [...v.categories, { category: d.total, ...v.total, total: true as const }],
    { y, emptyText: d.noItems, onNewPage },
  );
  drawTable<Valuation['items'][number]>(
    doc,
    [
      { header: d.colCode, width: 4, value: (x) => x.code },
      { header: d.colName, width: 9, value: (x) => x.name },
      { header: d.colCategory, width: 4, value: (x) => title(x.category) },
      { header: d.colQuantity, width: 3, align: 'right', value: (x) => `${x.quantity} ${x.unit}` },
      { header: d.colAverage, width: 4, align: 'right', value: (x) => kes(x.averageCost) },
      { header: d.colValue, width: 4, align: 'right', value: (x) => kes(x.value) },
    ],
    v.items,
    { y: y + 6, fontSize: 8.5, emptyText: d.noItems, onNewPage },
  );
  return sendPdf(reply, await renderPdf(doc, { footerNote: school.name }), `stock-valuation-${v.asOf}`);
}

export async function valuationXlsx(reply: FastifyReply, v: Valuation) {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'EduFam';
  const sheet = (name: string, headers: { h: string; w: number; money?: boolean }[], rows: (string | number)[][]) => {
    const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = headers.map((x) => ({ header: x.h, width: x.w }));
    ws.getRow(1).font = { bold: true };
    for (const r of rows) addSheetRow(ws, r);
    headers.forEach((x, i) => {
      if (x.money) ws.getColumn(i + 1).numFmt = '#,##0.00';
    });
    return ws;
  };
  const cats = sheet(
    d.sheetCategories,
    [{ h: d.colCategory, w: 20 }, { h: d.colItems, w: 8 }, { h: d.colQuantity, w: 12 }, { h: d.colValue, w: 16, money: true }],
    v.categories.map((c) => [title(c.category), c.items, c.quantity, c.value]),
  );
  const total = cats.addRow([d.total, v.total.items, v.total.quantity, v.total.value]);
  total.font = { bold: true };
  sheet(
    d.sheetItems,
    [{ h: d.colCode, w: 14 }, { h: d.colName, w: 34 }, { h: d.colCategory, w: 14 }, { h: d.colUnit, w: 10 }, { h: d.colQuantity, w: 10 }, { h: d.colAverage, w: 18, money: true }, { h: d.colValue, w: 16, money: true }],
    v.items.map((x) => [x.code, x.name, title(x.category), x.unit, x.quantity, x.averageCost, x.value]),
  );
  reply.header('content-type', CONTENT_TYPES.xlsx);
  reply.header('content-disposition', `attachment; filename="stock-valuation-${v.asOf}.xlsx"`);
  reply.header('cache-control', 'no-store');
  return reply.send(Buffer.from(await wb.xlsx.writeBuffer()));
}
