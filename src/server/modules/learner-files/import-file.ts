import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import {
  EXPORT_EXTRA_COLUMNS,
  IMPORT_COLUMNS,
  importMappingSchema,
  MAPPING_TARGETS,
  NAME_PARTS,
  unmappedRequired,
  type ImportColumn,
  type ImportMapping,
} from '../../../shared/contracts/learner-files.js';
import { messages } from '../../../shared/messages.js';
import { AppError, badRequest } from '../../errors.js';

/**
 * Reading an import file (issue 10 §2 Import): CSV (also as Excel saves it: UTF-8 byte-order mark,
 * semicolons, CRLF; the delimiter is detected from the header line) or the first sheet of an .xlsx
 * workbook (dates as real Excel dates or as text; numbers such as phone numbers that lost their leading
 * zero). Parsing is done by csv-parse and exceljs, never by splitting on commas.
 *
 * Rows are numbered as a spreadsheet numbers them: the header is row 1, the first learner row 2. Blank
 * rows are skipped but keep their number, so the numbers in the error list match the user's file.
 */

const m = messages.learnerFiles;

/** The most data rows a file may hold (a large school has about 4,000 learners). */
export const MAX_IMPORT_ROWS = 20_000;

/** One data row: its spreadsheet row number and a text value for each template column ('' when blank). */
export interface FileRow {
  row: number;
  values: Record<ImportColumn, string>;
}

export interface ImportFile {
  rows: FileRow[];
}

type Cell = string | number | boolean | Date | null;

/** Decodes UTF-8 text (without a byte-order mark). Invalid bytes become U+FFFD rather than failing. */
function decode(buffer: Buffer): string {
  const text = new TextDecoder('utf-8').decode(buffer);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The delimiter of the header line: the most frequent of , ; and tab outside quotes (comma on a tie). */
export function detectDelimiter(text: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch in counts) counts[ch]!++;
  }
  let best = ',';
  for (const d of [';', '\t']) if (counts[d]! > counts[best]!) best = d;
  return best;
}

/** The cells of a CSV file, row by row. 400 when the text is not CSV (an unclosed quote, ...). */
export function readCsv(buffer: Buffer): Cell[][] {
  const text = decode(buffer);
  try {
    return parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: false,
    }) as string[][];
  } catch (err) {
    const line = (err as { lines?: number }).lines ?? null;
    throw new AppError(400, 'UNREADABLE_FILE', m.unreadableCsv(line), {}, err);
  }
}

/** A cell of exceljs as a plain value: rich text joined, formulas as their result, links as their text. */
function plainCell(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('formula' in v || 'sharedFormula' in v) {
      const result = (v as { result?: ExcelJS.CellValue }).result;
      return result === undefined ? null : plainCell(result);
    }
    if ('text' in v && typeof (v as { text: unknown }).text === 'string') return (v as { text: string }).text;
    if ('error' in v) return null;
  }
  return null;
}

/** The cells of the first sheet of an .xlsx workbook. 400 when it is not a workbook or has no sheet. */
export async function readXlsx(buffer: Buffer): Promise<Cell[][]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch (err) {
    throw new AppError(400, 'UNREADABLE_FILE', m.unreadableXlsx, {}, err);
  }
  const ws = wb.worksheets[0];
  if (!ws) throw badRequest(m.noSheet);
  const out: Cell[][] = [];
  ws.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = plainCell(cell.value);
    });
    out[rowNumber - 1] = Array.from(cells, (c) => c ?? null);
  });
  // Rows exceljs skipped (never written) are blank rows.
  return Array.from(out, (r) => r ?? []);
}

const DAY_MS = 86_400_000;
/** Excel's day 0 (serial dates count days from 1899-12-30 in the 1900 date system). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

function isoDate(d: Date): string {
  // exceljs gives a date as UTC midnight, sometimes a few ms off: round to the nearest day.
  return new Date(Math.round(d.getTime() / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A cell as the text the row rules read, for its column: dates (real Excel dates, or a serial number
 * in the date column) as YYYY-MM-DD; numbers as written (a phone 712345678 that lost its leading zero
 * reads 0712345678); text trimmed.
 */
export function cellText(cell: Cell | undefined, column: ImportColumn): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : isoDate(cell);
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return '';
    if (column === 'date_of_birth' && cell > 0 && cell < 2_958_466) return isoDate(new Date(EXCEL_EPOCH_MS + Math.round(cell) * DAY_MS));
    const text = Number.isInteger(cell) ? BigInt(cell).toString() : String(cell);
    if (column === 'guardian_phone' && /^[17]\d{8}$/.test(text)) return `0${text}`;
    return text;
  }
  return cell.replace(/\u00a0/g, ' ').trim();
}

function cellHeader(cell: Cell | undefined): string {
  return typeof cell === 'string' ? cell.replace(/\u00a0/g, ' ').trim() : cell === null || cell === undefined ? '' : String(cell).trim();
}

/**
 * Matches the header row to the template's columns: trimmed, case-insensitive. The file is refused as a
 * whole (400 COLUMNS) when a template column is missing or a column is unknown or repeated, naming
 * them. Blank header cells are ignored; the export's extra columns (status, admission_date) are allowed
 * and ignored. Returns the index of each template column.
 */
export function matchHeader(header: Cell[]): Record<ImportColumn, number> {
  const known = new Set<string>(IMPORT_COLUMNS);
  const ignored = new Set<string>(EXPORT_EXTRA_COLUMNS);
  const index: Partial<Record<ImportColumn, number>> = {};
  const unknown: string[] = [];
  const duplicate: string[] = [];
  header.forEach((cell, i) => {
    const raw = cellHeader(cell);
    if (!raw) return;
    const name = raw.toLowerCase();
    if (ignored.has(name)) return;
    if (!known.has(name)) {
      unknown.push(raw);
      return;
    }
    if (index[name as ImportColumn] !== undefined) {
      if (!duplicate.includes(name)) duplicate.push(name);
      return;
    }
    index[name as ImportColumn] = i;
  });
  const missing = IMPORT_COLUMNS.filter((c) => index[c] === undefined);
  if (missing.length || unknown.length || duplicate.length) {
    // details.headers: the file's own column names, for the web's column-mapping step (issue 34).
    throw new AppError(400, 'COLUMNS', m.columnsProblem(missing, unknown, duplicate), {
      fields: { file: m.columnsProblem(missing, unknown, duplicate) },
      details: { headers: fileHeaders(header) },
    });
  }
  return index as Record<ImportColumn, number>;
}

/** The file's non-blank header cells, as written. */
export function fileHeaders(header: Cell[]): string[] {
  return header.map(cellHeader).filter(Boolean);
}

/** Column positions after a mapping: each template column's index (-1: not in the file, read as blank) and the full-name column's. */
interface ColumnIndex {
  index: Record<ImportColumn, number>;
  fullName: number;
}

function mappingError(message: string): AppError {
  return new AppError(400, 'MAPPING', message, { fields: { mapping: message } });
}

/**
 * The column positions a mapping gives (issue 34): each mapped header must be in the file (trimmed,
 * case-insensitive) exactly once, each header may hold one of our columns, every required column must
 * be mapped (first and last name, or full_name), and full_name excludes the name parts. 400 MAPPING
 * naming what is wrong.
 */
export function mappedIndex(header: Cell[], mapping: ImportMapping): ColumnIndex {
  const positions = new Map<string, number[]>();
  header.forEach((cell, i) => {
    const name = cellHeader(cell).toLowerCase();
    if (name) positions.set(name, [...(positions.get(name) ?? []), i]);
  });
  const entries = MAPPING_TARGETS.filter((t) => mapping[t]).map((t) => [t, mapping[t]!.trim()] as const);
  const notInFile = entries.filter(([, h]) => !positions.has(h.toLowerCase())).map(([, h]) => h);
  if (notInFile.length) throw mappingError(m.mappingUnknownHeaders([...new Set(notInFile)]));
  const ambiguous = entries.filter(([, h]) => positions.get(h.toLowerCase())!.length > 1).map(([, h]) => h);
  if (ambiguous.length) throw mappingError(m.mappingAmbiguousHeaders([...new Set(ambiguous)]));
  const seen = new Set<string>();
  const reused = new Set<string>();
  for (const [, h] of entries) (seen.has(h.toLowerCase()) ? reused : seen).add(h.toLowerCase());
  if (reused.size) throw mappingError(m.mappingReused(entries.filter(([, h]) => reused.has(h.toLowerCase())).map(([, h]) => h).filter((h, i, a) => a.indexOf(h) === i)));
  if (mapping.full_name && NAME_PARTS.some((p) => mapping[p])) throw mappingError(m.mappingFullNameAndParts);
  const missing = unmappedRequired(mapping);
  if (missing.length) throw mappingError(m.mappingMissingRequired(missing));
  const at = (h: string | null | undefined) => (h ? positions.get(h.trim().toLowerCase())![0]! : -1);
  const index = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, at(mapping[c])])) as Record<ImportColumn, number>;
  return { index, fullName: at(mapping.full_name) };
}

/**
 * The multipart `mapping` field (issue 34) as a mapping, or undefined when it is absent or blank. 400
 * MAPPING when it is not a JSON object of known targets → header text or null.
 */
export function parseMappingField(raw: string | undefined): ImportMapping | undefined {
  if (raw === undefined || !raw.trim()) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw mappingError(m.mappingNotJson);
  }
  const parsed = importMappingSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const unknown = parsed.error.issues.flatMap((i) => ((i as { params?: { unknown?: string[] } }).params?.unknown ?? []));
  throw mappingError(unknown.length ? m.mappingUnknownTargets(unknown) : m.mappingNotJson);
}

/** A full name split on spaces: the first word, the words between, the last word ("Wanjiru Njeri Kamau"). */
export function splitFullName(text: string): { first: string; middle: string; last: string } {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { first: words[0] ?? '', middle: '', last: '' };
  return { first: words[0]!, middle: words.slice(1, -1).join(' '), last: words[words.length - 1]! };
}

/**
 * Turns a table of cells (header first) into data rows; 400 for no header, no rows or too many rows.
 * Without a mapping the header must be the template's (matchHeader); with one, its columns are read
 * (mappedIndex) and a full-name column fills first, middle and last name.
 */
export function tableToRows(table: Cell[][], mapping?: ImportMapping): ImportFile {
  const headerAt = table.findIndex((r) => r.some((c) => cellHeader(c) !== ''));
  if (headerAt < 0) throw badRequest(m.noHeader);
  const { index, fullName } = mapping ? mappedIndex(table[headerAt]!, mapping) : { index: matchHeader(table[headerAt]!), fullName: -1 };
  const rows: FileRow[] = [];
  for (let i = headerAt + 1; i < table.length; i++) {
    const cells = table[i]!;
    const values = {} as Record<ImportColumn, string>;
    let blank = true;
    for (const c of IMPORT_COLUMNS) {
      const v = index[c] < 0 ? '' : cellText(cells[index[c]], c);
      values[c] = v;
      if (v) blank = false;
    }
    if (fullName >= 0) {
      const name = splitFullName(cellText(cells[fullName], 'first_name'));
      values.first_name = name.first;
      values.middle_name = name.middle;
      values.last_name = name.last;
      if (name.first) blank = false;
    }
    if (blank) continue;
    if (rows.length >= MAX_IMPORT_ROWS) throw badRequest(m.tooManyRows(MAX_IMPORT_ROWS));
    rows.push({ row: i + 1, values });
  }
  if (!rows.length) throw badRequest(m.noRows);
  return { rows };
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Reads an uploaded import file (already checked by readUpload: `contentType` is text/csv or the xlsx
 * type), with the column mapping when the file's headers are not the template's. Throws 400 with a message the user can act on for anything it cannot read; never a 500.
 */
export async function readImportFile(buffer: Buffer, contentType: string, mapping?: ImportMapping): Promise<ImportFile> {
  const table = contentType === XLSX ? await readXlsx(buffer) : readCsv(buffer);
  return tableToRows(table, mapping);
}
