import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import { formatDay, formatDayTime } from '../../shared/dates.js';

/**
 * Exports of lists as CSV and Excel (issue 10 §2 "Export": every list exports to CSV and Excel with its
 * current filters). Cells that start with =, +, - or @ (and tab or carriage return, which spreadsheets
 * also treat as formula starters) are prefixed with an apostrophe so a spreadsheet shows them as text
 * and never runs them (OWASP "CSV injection").
 */

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
  /** Column width in characters (Excel). */
  width?: number;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell value made safe for a spreadsheet: text that could start a formula gets a leading apostrophe. */
export function escapeCell(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
/** Nairobi is UTC+03:00 all year (no daylight saving): an instant's wall-clock time there. */
const NAIROBI_OFFSET_MS = 3 * 3_600_000;

/**
 * Dates in exports are written as on screens (issue 34): a calendar day (YYYY-MM-DD) as "28/11/2026", an
 * instant (ISO timestamp) as "28/11/2026 14:05" in Nairobi; anything else is unchanged.
 */
export function exportDateText(value: string | number | null | undefined): string | number | null | undefined {
  if (typeof value !== 'string') return value;
  if (ISO_DAY.test(value)) return formatDay(value) || value;
  if (ISO_INSTANT.test(value)) return formatDayTime(value) || value;
  return value;
}

/**
 * An Excel cell for a value: days and instants become real Excel dates (numFmt dd/mm/yyyy, or
 * dd/mm/yyyy hh:mm in Nairobi time) so they sort and filter as dates; the rest as escapeCell.
 */
function xlsxCell(value: string | number | null | undefined): { value: string | number | Date; numFmt?: string } {
  if (typeof value === 'string' && ISO_DAY.test(value) && formatDay(value)) return { value: new Date(`${value}T00:00:00Z`), numFmt: 'dd/mm/yyyy' };
  if (typeof value === 'string' && ISO_INSTANT.test(value)) {
    const at = new Date(value);
    if (!Number.isNaN(at.getTime())) return { value: new Date(at.getTime() + NAIROBI_OFFSET_MS), numFmt: 'dd/mm/yyyy hh:mm' };
  }
  return { value: escapeCell(value) };
}

/**
 * Appends a row of values to an ExcelJS sheet as toXlsx writes them: days and instants as real dates
 * (dd/mm/yyyy), text escaped. Returns the row (for fonts).
 */
export function addSheetRow(ws: ExcelJS.Worksheet, values: (string | number | null | undefined)[]): ExcelJS.Row {
  const cells = values.map(xlsxCell);
  const row = ws.addRow(cells.map((c) => c.value));
  cells.forEach((c, i) => {
    if (c.numFmt) row.getCell(i + 1).numFmt = c.numFmt;
  });
  return row;
}

/** CSV text (UTF-8 with a byte-order mark so Excel reads accents; CRLF line ends); dates as dd/mm/yyyy. */
export function toCsv<T>(columns: ExportColumn<T>[], rows: Iterable<T>): Buffer {
  const records: (string | number)[][] = [columns.map((c) => c.header)];
  for (const r of rows) records.push(columns.map((c) => escapeCell(exportDateText(c.value(r)))));
  return Buffer.concat([Buffer.from('\ufeff', 'utf8'), Buffer.from(stringify(records, { record_delimiter: '\r\n' }), 'utf8')]);
}

/** An .xlsx workbook with one sheet: a bold header row, frozen, filters on, widths set. */
export async function toXlsx<T>(sheetName: string, columns: ExportColumn<T>[], rows: Iterable<T>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'EduFam';
  wb.created = new Date();
  const ws = wb.addWorksheet(sheetName.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({ header: c.header, width: c.width ?? Math.max(10, Math.min(40, c.header.length + 4)) }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) addSheetRow(ws, columns.map((c) => c.value(r)));
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(1, columns.length) } };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Sends a list as a download: `<baseName>.csv` or `.xlsx`. `rows` may be any iterable (collect large
 * lists in pages first; exports of 40,000 learners take about a second).
 */
export async function sendSpreadsheet<T>(
  reply: FastifyReply,
  format: ExportFormat,
  baseName: string,
  columns: ExportColumn<T>[],
  rows: Iterable<T>,
  sheetName = 'Sheet1',
): Promise<FastifyReply> {
  const body = format === 'csv' ? toCsv(columns, rows) : await toXlsx(sheetName, columns, rows);
  const safe = baseName.replace(/[^\w.\- ]+/g, '_');
  reply.header('content-type', CONTENT_TYPES[format]);
  reply.header('content-disposition', `attachment; filename="${safe}.${format}"`);
  reply.header('cache-control', 'no-store');
  return reply.send(body);
}
