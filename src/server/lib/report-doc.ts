import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { Actor } from '../../shared/access.js';
import type { ReportFormat } from '../../shared/contracts/financial-reports.js';
import { financialReportsMessages as m } from '../../shared/messages/financial-reports.js';
import { formatKes } from '../../shared/money.js';
import type { Database } from '../db/client.js';
import type { FileStorage } from '../storage/storage.js';
import { createDocument, drawLetterhead, drawTable, formatDay, loadLetterhead, PDF_COLORS, renderPdf, type TableColumn } from './pdf.js';
import { inSchool } from './school-context.js';
import { addSheetRow, CONTENT_TYPES, escapeCell } from './spreadsheet.js';

/**
 * A report described once (title, period lines, headline figures, tables) and printed as an A4
 * landscape PDF with the school's letterhead and "Page n of m", or written as a workbook (a Summary
 * sheet, then one sheet per table, money as numbers with two decimals). Shared by the financial reports
 * (issue 15) and the vote-head cash book (issue 35 §3); moved here from financial-reports so modules
 * that the financial reports depend on can use it too.
 */

export type Cell = string | number | null;
export type Kind = 'text' | 'money' | 'int' | 'pct' | 'date';
export interface DocColumn {
  header: string;
  width: number;
  kind?: Kind;
}
export interface DocTable {
  title: string;
  sheet: string;
  note?: string;
  columns: DocColumn[];
  rows: Cell[][];
  total?: Cell[];
  /** Only in the workbook (long lists such as every cash-book entry stay out of the PDF when false). */
  pdf?: boolean;
}
export interface ReportDoc {
  fileBase: string;
  title: string;
  lines: string[];
  summary: { label: string; value: number | string; kind: Kind }[];
  note?: string;
  tables: DocTable[];
}

/** A cell as text: money with thousands separators, percentages with one decimal, dates dd/mm/yyyy. */
export function showCell(v: Cell, kind: Kind = 'text'): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') {
    if (kind === 'money') return formatKes(Math.round(v * 100));
    if (kind === 'pct') return `${v.toFixed(1)}%`;
    return v.toLocaleString('en-KE');
  }
  return kind === 'date' ? formatDay(v) : v;
}

/** A4 landscape PDF of the report with the school's letterhead, headline figures and every table. */
export async function reportPdf(database: Database, storage: FileStorage, actor: Actor, schoolId: string, d: ReportDoc): Promise<Buffer> {
  const school = await inSchool(database, actor, undefined, (tx) => loadLetterhead(tx, storage, schoolId));
  const doc = createDocument({ title: `${d.title}: ${d.lines[0] ?? ''}`, layout: 'landscape', margin: 32 });
  let y = drawLetterhead(doc, school, { title: d.title, lines: d.lines });
  const onNewPage = (pdf: PDFKit.PDFDocument) => drawLetterhead(pdf, school, { compact: true, title: d.title });
  // Headline figures as one band of label/value cells.
  y = drawTable<null>(
    doc,
    d.summary.map((s) => ({ header: s.label, width: 1, align: 'left', value: () => (typeof s.value === 'number' ? `${s.kind === 'money' ? 'KES ' : ''}${showCell(s.value, s.kind)}` : s.value) })),
    [null],
    { y, fontSize: 10, zebra: false, onNewPage },
  );
  if (d.note) {
    doc.font('Helvetica-Oblique').fontSize(8.5).fillColor(PDF_COLORS.muted).text(d.note, doc.page.margins.left, y - 2);
    y = doc.y + 8;
  }
  for (const t of d.tables) {
    if (t.pdf === false) continue;
    if (y + 70 > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      y = onNewPage(doc);
    }
    doc.font('Helvetica-Bold').fontSize(11.5).fillColor(PDF_COLORS.brand).text(t.title, doc.page.margins.left, y);
    y = doc.y + 4;
    const columns: TableColumn<Cell[]>[] = t.columns.map((c, i) => ({
      header: c.header,
      width: c.width,
      align: c.kind && c.kind !== 'text' && c.kind !== 'date' ? 'right' : 'left',
      value: (row) => showCell(row[i] ?? null, c.kind),
    }));
    const body = t.total ? [...t.rows, t.total] : t.rows;
    y = drawTable(doc, columns, body, { y, fontSize: 8.5, emptyText: m.empty, onNewPage }) + 4;
  }
  return renderPdf(doc, { footerNote: school.name });
}

/** The report as a workbook: a Summary sheet (title, period, figures), then one sheet per table. */
export async function reportXlsx(d: ReportDoc): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'EduFam';
  wb.created = new Date();
  const summary = wb.addWorksheet(m.summarySheet);
  summary.columns = [{ width: 34 }, { width: 22 }];
  summary.addRow([d.title]).font = { bold: true, size: 14 };
  for (const line of d.lines) summary.addRow([escapeCell(line)]);
  summary.addRow([]);
  for (const s of d.summary) {
    const row = summary.addRow([s.label, typeof s.value === 'number' ? s.value : escapeCell(s.value)]);
    row.getCell(1).font = { bold: true };
    if (s.kind === 'money') row.getCell(2).numFmt = '#,##0.00';
  }
  if (d.note) {
    summary.addRow([]);
    summary.addRow([d.note]).font = { italic: true };
  }
  const used = new Set([m.summarySheet]);
  for (const t of d.tables) {
    let name = t.sheet.slice(0, 31).replace(/[\\/?*[\]:]/g, ' ');
    while (used.has(name)) name = `${name.slice(0, 28)} ${used.size}`;
    used.add(name);
    const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = t.columns.map((c) => ({ header: c.header, width: Math.max(10, Math.round(c.width * 5)), style: c.kind === 'money' ? { numFmt: '#,##0.00' } : undefined }));
    ws.getRow(1).font = { bold: true };
    for (const row of t.rows) addSheetRow(ws, row);
    if (t.total) ws.addRow(t.total.map((v) => escapeCell(v))).font = { bold: true };
    ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: t.columns.length } };
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Sends the report as a download: application/pdf or the xlsx type, attachment <fileBase>.<format>. */
export async function sendReport(
  reply: FastifyReply,
  deps: { database: Database; storage: FileStorage },
  actor: Actor,
  format: Exclude<ReportFormat, 'json'>,
  d: ReportDoc,
  schoolId: string,
): Promise<FastifyReply> {
  const body = format === 'pdf' ? await reportPdf(deps.database, deps.storage, actor, schoolId, d) : await reportXlsx(d);
  const safe = d.fileBase.replace(/[^\w.\- ]+/g, '_');
  reply.header('content-type', format === 'pdf' ? 'application/pdf' : CONTENT_TYPES.xlsx);
  reply.header('content-disposition', `attachment; filename="${safe}.${format}"`);
  reply.header('cache-control', 'no-store');
  return reply.send(body);
}
